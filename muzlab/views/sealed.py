"""Answers a quiz page carries without showing them in its source: the right reply as a salted SHA-256
hash (the page hashes a student's reply and compares), and the sentences that would tell the answer
(each choice's feedback, the explanation) sealed with a key derived from the same salt, opened by the
page once the student has answered. SEAL_SCRIPT is the page's side: SHA-256 in plain JavaScript (the
Web Crypto API exists only on https pages, and an LMS may serve a package over http) and the opening.

This keeps the answers out of a page's source, not from a student who runs the page's own code by
hand: a question has a handful of choices, so every reply can be hashed and every sentence opened.
"""

from __future__ import annotations

import base64
import hashlib


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


SEAL_SCRIPT = r"""
var muzSealed = (function () {
  "use strict";
  var K = [0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2];
  function utf8(text) { return new TextEncoder().encode(text); }
  function sha256(bytes) {  // FIPS 180-4, on a Uint8Array; a Uint8Array of 32 bytes
    var length = bytes.length, padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[length] = 0x80;
    var view = new DataView(padded.buffer);
    view.setUint32(padded.length - 4, length * 8);
    view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var w = new Array(64);
    function rotr(x, n) { return (x >>> n) | (x << (32 - n)); }
    for (var offset = 0; offset < padded.length; offset += 64) {
      for (var t = 0; t < 64; t += 1) {
        if (t < 16) { w[t] = view.getUint32(offset + 4 * t); continue; }
        var s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
        var s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (t = 0; t < 64; t += 1) {
        var t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h = [h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + k].map(
        function (x) { return x | 0; });
    }
    var out = new Uint8Array(32), outView = new DataView(out.buffer);
    h.forEach(function (x, i) { outView.setUint32(4 * i, x >>> 0); });
    return out;
  }
  function hex(bytes) {
    return Array.prototype.map.call(bytes, function (x) { return (x < 16 ? "0" : "") + x.toString(16); })
      .join("");
  }
  function replyHash(salt, indices) {
    var reply = indices.slice().sort(function (x, y) { return x - y; }).join(",");
    return hex(sha256(utf8(salt + "|reply|" + reply)));
  }
  function open(sealed, salt, name) {
    var data = Uint8Array.from(atob(sealed), function (c) { return c.charCodeAt(0); });
    for (var block = 0; block * 32 < data.length; block += 1) {
      var stream = sha256(utf8(salt + "|" + name + "|" + block));
      for (var i = 0; i < 32 && block * 32 + i < data.length; i += 1) { data[block * 32 + i] ^= stream[i]; }
    }
    return new TextDecoder().decode(data);
  }
  return {sha256: sha256, hex: hex, replyHash: replyHash, open: open};
}());
"""
