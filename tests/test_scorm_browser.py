"""The SCORM 1.2 quiz task played in Chromium under scorm-again (npm), the SCORM 1.2 runtime LMSs use:
an outer page makes `window.API = new Scorm12API(...)` and loads the package's SCO, unzipped into a
folder served on 127.0.0.1, in an iframe; the test answers by clicking and finds the score, the status
and the session time in the runtime's data, LMSFinish called, and no request outside the package's
folder. Without an LMS, the page says so in one line, in its language; so it does when the frame it
runs in blocks its sounds.

scorm-again is fetched once into out/npm/ by make.py's `npm_package` (`python3 make.py test` fetches it
before the tests run).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import io
import os
import re
import shutil
import threading
import zipfile
from pathlib import Path

import pytest

from muzlab.names.reader import Reader
from muzlab.views.bank import make_bank
from muzlab.views.scorm import scorm_zip
from tests.test_browser import CHROMIUM_ARGS, chromium_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
KINDS, COUNT, SEED = ("triad", "where", "key signature"), 3, 5

OUTER = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>LMS</title><script src="scorm12.js"></script>
<script>
window.API = new Scorm12API({autocommit: false, logLevel: 5});
window.calls = [];
["LMSInitialize", "LMSCommit", "LMSFinish"].forEach(function (name) {
  window.API.on(name, function () { window.calls.push([name]); });
});
window.API.on("LMSSetValue.cmi.*", function (element, value) {
  window.calls.push(["LMSSetValue", element, value]);
});
</script></head>
<body><iframe id="sco" name="sco" src="package/index.html" style="width: 900px; height: 700px"></iframe>
</body></html>
"""


def scorm_again() -> Path:
    spec = importlib.util.spec_from_file_location("make", ROOT / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    folder = make.npm_package("scorm-again", make.NPM_PACKAGES["scorm-again"])
    if folder is None:
        if os.environ.get("CI"):
            pytest.fail("scorm-again could not be fetched on CI; the SCORM browser test must run there")
        pytest.skip("scorm-again is not in out/npm/ and npm cannot fetch it")
    return folder


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder; under muted/ as a player that forbids media would (a CSP header)."""

    def translate_path(self, path: str) -> str:
        return super().translate_path(path.replace("/muted/", "/", 1))

    def end_headers(self) -> None:
        if self.path.startswith("/muted/"):
            self.send_header("Content-Security-Policy", "media-src 'none'")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def served(tmp_path):
    """The outer page, scorm-again's SCORM 1.2 runtime and the unzipped package, on 127.0.0.1."""
    runtime = scorm_again()
    shutil.copy(runtime / "dist" / "scorm12.js", tmp_path / "scorm12.js")
    (tmp_path / "outer.html").write_text(OUTER)
    reader = Reader("german", typeset=True, language="de")
    with zipfile.ZipFile(io.BytesIO(scorm_zip(KINDS, COUNT, SEED, reader))) as archive:
        archive.extractall(tmp_path / "package")
    with zipfile.ZipFile(io.BytesIO(scorm_zip("triad quality", 1, SEED, reader))) as archive:
        archive.extractall(tmp_path / "ear")
    handler = functools.partial(Handler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_package_reports_its_score_status_and_time_to_scorm_again_and_fetches_nothing_else(served):
    from playwright.sync_api import sync_playwright

    bank = make_bank(KINDS, COUNT, SEED, Reader("german", typeset=True, language="de"), picture="svg")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            requests = []
            page.on("request", lambda request: requests.append((request.url, request.frame)))
            page.goto(f"{served}/outer.html")
            sco = page.frame_locator("#sco")
            sco.locator("#muz-item-0").wait_for()
            # the first two items answered right, the last wrong: 2 of 3, score 67, under the pass mark 80
            for index, item in enumerate(bank.items):
                rights = [n for n, choice in enumerate(item.choices) if choice.right]
                chosen = rights if index < 2 else [next(n for n, c in enumerate(item.choices) if not c.right)]
                for number in chosen:
                    sco.locator(f"#muz-item-{index} label").nth(number).click()
                sco.locator(f"#muz-item-{index} button").click()
            sco.locator("#muz-status").filter(has_text="gespeichert").wait_for()
            cmi = page.evaluate("({raw: API.cmi.core.score.raw, min: API.cmi.core.score.min, "
                                "max: API.cmi.core.score.max, status: API.cmi.core.lesson_status})")
            calls = page.evaluate("window.calls")
            requests = [(url, frame == page.frame(name="sco")) for url, frame in requests]
            result = sco.locator("#muz-result").inner_text()
        finally:
            browser.close()
    assert cmi == {"raw": "67", "min": "0", "max": "100", "status": "failed"}, cmi
    assert "2 von 3" in result and "67" in result, result
    names = [call[0] for call in calls]
    assert names[0] == "LMSInitialize" and names[-2:] == ["LMSCommit", "LMSFinish"], names
    statuses = [call[2] for call in calls if call[:2] == ["LMSSetValue", "cmi.core.lesson_status"]]
    assert statuses == ["incomplete", "failed"], statuses  # a first visit, then the result
    times = [call[2] for call in calls if call[:2] == ["LMSSetValue", "cmi.core.session_time"]]
    assert len(times) == 1 and re.fullmatch(r"\d{4}:\d{2}:\d{2}\.\d{2}", times[0]), times
    base = f"{served}/"
    lms = (f"{base}outer.html", f"{base}scorm12.js")
    outside = [url for url, _frame in requests if not url.startswith(f"{base}package/") and url not in lms]
    assert not outside, outside
    sco_requests = [url for url, in_sco in requests if in_sco]
    assert sco_requests and all(url.startswith(f"{base}package/") for url in sco_requests), sco_requests


def test_without_an_lms_the_page_says_so_in_one_line_in_its_language_and_still_checks_answers(served):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{served}/package/index.html")
            status = page.locator("#muz-status").inner_text()
            page.locator("#muz-item-2 button").click()  # nothing chosen: asked to choose first
            asked = page.locator("#muz-item-2 .muz-feedback").inner_text()
            page.locator("#muz-item-2 label").first.click()
            page.locator("#muz-item-2 button").click()
            checked = page.locator("#muz-item-2 .muz-feedback").inner_text()
        finally:
            browser.close()
    assert "Lernplattform" in status and "\n" not in status.strip(), status
    assert "zuerst" in asked.casefold(), asked
    assert checked.strip() and ("Richtig" in checked or "Nicht ganz" in checked), checked


def test_a_frame_that_blocks_sound_is_told_in_one_line(served):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{served}/muted/ear/index.html")
            blocked = page.locator("#muz-status").filter(has_text="Klänge")
            blocked.wait_for(timeout=10_000)
            said = blocked.inner_text()
            page.goto(f"{served}/ear/index.html")  # the same page, sound allowed: no such line
            page.wait_for_function("document.querySelector('audio').readyState >= 1")
            plain = page.locator("#muz-status").inner_text()
        finally:
            browser.close()
    assert "nicht abspielen" in said and "\n" not in said.strip(), said
    assert "Klänge" not in plain and "Lernplattform" in plain, plain
