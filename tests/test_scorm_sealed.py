"""A SCORM quiz page does not show its answers in its source (muzlab.views.sealed): no right choice, no
choice's feedback, no explanation is readable there; the right reply is a salted hash that the page's
own SHA-256 (run here under node) computes as Python's hashlib does, and the sealed sentences open in
the page's script to the words they were. (The page checking answers in Chromium:
tests/test_scorm_browser.py.)"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import re
import shutil
import subprocess
import zipfile

import pytest

from muzlab.names.reader import Reader
from muzlab.views.bank import make_bank, xml_safe
from muzlab.views.scorm import SCO_PAGE, scorm_zip
from muzlab.views.sealed import SEAL_SCRIPT, reply_hash, seal

GERMAN = Reader("german", typeset=True, language="de")
KINDS = ("where", "triad", "run", "points", "key signature", "Roman numeral", "puzzle")


def opened(sealed: str, salt: str, name: str) -> str:
    """A sealed sentence opened (the keystream XORed again), as the page's script opens it."""
    data = base64.b64decode(sealed)
    stream = b"".join(hashlib.sha256(f"{salt}|{name}|{block}".encode()).digest()
                      for block in range((len(data) + 31) // 32))
    return bytes(a ^ b for a, b in zip(data, stream, strict=False)).decode("utf-8")


def test_the_page_carries_no_answer_no_feedback_and_no_explanation_readable():
    bank = make_bank(KINDS, 7, 4, GERMAN, picture="svg")
    page = zipfile.ZipFile(io.BytesIO(scorm_zip(KINDS, 7, 4, GERMAN))).read(SCO_PAGE).decode()
    data = json.loads(re.search(r'<script type="application/json" id="muz-data">(.*?)</script>', page,
                                re.S).group(1))
    unescaped = html.unescape(page)
    for item, shown in zip(bank.items, data["items"], strict=True):
        assert set(shown) == {"salt", "answer", "several", "feedback", "after"}, shown
        assert xml_safe(item.feedback) not in unescaped and item.feedback[:30] not in unescaped
        for n, choice in enumerate(item.choices):
            assert choice.feedback[:25] not in unescaped, choice.feedback
            assert opened(shown["feedback"][n], shown["salt"], f"choice {n}") == xml_safe(choice.feedback)
        right = [n for n, choice in enumerate(item.choices) if choice.right]
        assert shown["answer"] == reply_hash(shown["salt"], right)
        # no other reply has the right one's hash
        wrong = [n for n in range(len(item.choices)) if n not in right][:1] or right[:-1]
        assert reply_hash(shown["salt"], wrong) != shown["answer"]
        after = json.loads(opened(shown["after"], shown["salt"], "after"))
        assert after["general"] == xml_safe(item.feedback) and "Nicht ganz" in after["wrong"]
    assert len({shown["salt"] for shown in data["items"]}) == len(bank.items)  # a salt for each item


def test_the_pages_sha256_and_opening_agree_with_python_under_node():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on the PATH")
    texts = ["", "a", "x" * 55, "x" * 56, "x" * 64, "Ré♯ – ¿dónde? 𝄞 " * 20]
    sealed = [seal(text, "0123abcd", f"choice {n}") for n, text in enumerate(texts)]
    script = SEAL_SCRIPT + f"""
const texts = {json.dumps(texts)}, sealed = {json.dumps(sealed)};
console.log(JSON.stringify({{
  digests: texts.map(t => muzSealed.hex(muzSealed.sha256(new TextEncoder().encode(t)))),
  opened: sealed.map((s, n) => muzSealed.open(s, "0123abcd", "choice " + n)),
  replies: [muzSealed.replyHash("s1", [2, 0]), muzSealed.replyHash("s1", [])],
}}));
"""
    out = json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True,
                                    timeout=60).stdout)
    assert out["digests"] == [hashlib.sha256(text.encode()).hexdigest() for text in texts]
    assert out["opened"] == texts
    assert out["replies"] == [reply_hash("s1", [0, 2]), reply_hash("s1", [])]
