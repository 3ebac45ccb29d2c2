"""Answers a quiz page carries without showing them in its source: the right reply as a salted SHA-256
hash (the page hashes a student's reply and compares), and the sentences that would tell the answer
(each choice's feedback, the explanation) sealed with a key derived from the same salt, opened by the
page once the student has answered. SEAL_SCRIPT is the page's side: SHA-256 from the vendored js-sha256
(the Web Crypto API exists only on https pages, and an LMS may serve a package over http) and the opening.

This keeps the answers out of a page's source, not from a student who runs the page's own code by
hand: a question has a handful of choices, so every reply can be hashed and every sentence opened.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path


def reply_key(indices: list[int] | tuple[int, ...]) -> str:
    """A reply as the page hashes it: the chosen choices' numbers, ascending, joined by commas."""
    return ",".join(str(n) for n in sorted(indices))


def reply_hash(salt: str, indices: list[int] | tuple[int, ...]) -> str:
    """The salted SHA-256 (hex) of a reply, as the page computes it for the student's."""
    return hashlib.sha256(f"{salt}|reply|{reply_key(indices)}".encode()).hexdigest()


def seal(text: str, salt: str, name: str) -> str:
    """`text` XORed with a keystream of SHA-256 blocks of "salt|name|counter", base64: unreadable in the
    source, opened by the page (SEAL_SCRIPT's `muzOpen(sealed, salt, name)`)."""
    data = text.encode("utf-8")
    stream = b"".join(hashlib.sha256(f"{salt}|{name}|{block}".encode()).digest()
                      for block in range((len(data) + 31) // 32))
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, stream, strict=False))).decode("ascii")


#: js-sha256 (vendor/README.md): a UMD module, given a `module` of its own here so that it defines no
#: page global (it also sets `sha224` on the page's global object, which nothing reads). Its licence
#: header stays; its link loses the scheme, since a quiz page holds no address it could fetch.
_SHA256 = (Path(__file__).parent / "vendor" / "sha256.min.js").read_text(encoding="utf-8").replace(
    "{@link https://github.com/", "{@link github.com/")

SEAL_SCRIPT = r"""
var muzSealed = (function () {
  "use strict";
  var sha256 = (function (module, exports, define) {
""" + _SHA256 + r"""
    return module.exports;
  }({exports: {}}, {}, undefined));
  function utf8(text) { return new TextEncoder().encode(text); }
  function hex(bytes) {
    return Array.prototype.map.call(bytes, function (x) { return (x < 16 ? "0" : "") + x.toString(16); })
      .join("");
  }
  function digest(bytes) { return new Uint8Array(sha256.arrayBuffer(bytes)); }  // 32 bytes
  function replyHash(salt, indices) {
    var reply = indices.slice().sort(function (x, y) { return x - y; }).join(",");
    return hex(digest(utf8(salt + "|reply|" + reply)));
  }
  function open(sealed, salt, name) {
    var data = Uint8Array.from(atob(sealed), function (c) { return c.charCodeAt(0); });
    for (var block = 0; block * 32 < data.length; block += 1) {
      var stream = digest(utf8(salt + "|" + name + "|" + block));
      for (var i = 0; i < 32 && block * 32 + i < data.length; i += 1) { data[block * 32 + i] ^= stream[i]; }
    }
    return new TextDecoder().decode(data);
  }
  return {sha256: digest, hex: hex, replyHash: replyHash, open: open};
}());
"""
