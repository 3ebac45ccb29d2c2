"""A SCORM 1.2 package of a homework-edition lesson (muzlab.app.lite.scorm) played in Chromium under
scorm-again (npm), the SCORM 1.2 runtime LMSs use, served as an LMS serves a package's files: with the
file types of Moodle's list (lib/classes/filetypes.php: `.js` as "application/x-javascript", what it
does not know as "document/unknown") and `.wasm` as "application/octet-stream", and "nosniff". German
lesson 3 opens from the package's launch page, runs on the Pyodide runtime (its WebAssembly compiled
from the bytes), says in one line what the student must do, and once the student has scrolled to its
end it is "completed" in the runtime's data, with the session time; leaving the lesson finishes the
session. No request leaves the package.

The site is built from this checkout (docs/lite/build.py, as tests/test_lite.py builds it);
scorm-again is fetched once into out/npm/ by make.py.
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from muzlab.app.lite.scorm import lesson_package
from muzlab.names.reader import Reader
from tests.test_browser import CHROMIUM_ARGS, chromium_path
from tests.test_scorm_browser import OUTER, scorm_again

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "out" / "lite"
#: The types Moodle's list gives the package's files; anything else is "document/unknown".
MOODLE_TYPES = {".html": "text/html", ".js": "application/x-javascript", ".json": "application/json",
                ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".zip": "application/zip",
                ".gz": "application/g-zip", ".xml": "application/xml", ".txt": "text/plain",
                ".wasm": "application/octet-stream"}


class LmsHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder with Moodle's file types and "nosniff"; records each type it sent."""

    sent: dict[str, str] = {}

    def guess_type(self, path: str) -> str:
        kind = MOODLE_TYPES.get(Path(str(path)).suffix.lower(), "document/unknown")
        LmsHandler.sent[Path(str(path)).name] = kind
        return kind

    def end_headers(self) -> None:
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def served(tmp_path):
    """The outer page, scorm-again's runtime and the unzipped package of German lesson 3, on 127.0.0.1.
    With MUZLAB_LITE_BUILT=1, out/lite/ as it is (built from this checkout): the minutes of the build
    saved while a test is worked on."""
    chromium_path()  # skip before building when there is no browser
    runtime = scorm_again()
    if not os.environ.get("MUZLAB_LITE_BUILT"):
        subprocess.run([sys.executable, ROOT / "docs" / "lite" / "build.py"], check=True, cwd=ROOT)
    (tmp_path / "scorm12.js").write_bytes((runtime / "dist" / "scorm12.js").read_bytes())
    (tmp_path / "outer.html").write_text(OUTER.replace("width: 900px; height: 700px",
                                                       "width: 1100px; height: 760px"))
    data = lesson_package(SITE, 3, Reader("german", typeset=True, language="de"))
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall(tmp_path / "package")
    handler = functools.partial(LmsHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


#: The notebook's scroll box, at its end.
TO_THE_END = """() => {
    const outer = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
    outer.scrollTop = outer.scrollHeight;
    return outer.scrollTop > 0;
}"""


def test_lesson_3_opens_in_the_lms_frame_and_reports_completed_once_read_to_its_end(served):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            requests, console = [], []
            page.on("request", lambda request: requests.append(request.url))
            page.on("console", lambda message: console.append(message.text))
            page.goto(f"{served}/outer.html")
            frame = page.frame_locator("#sco")
            sco = page.frame(name="sco")
            frame.locator("#muz-scorm-status").filter(has_text="bis zum Ende").wait_for(timeout=60_000)
            before = page.evaluate("API.cmi.core.lesson_status")
            sco.wait_for_function("() => document.body.dataset.muzRan !== undefined", timeout=300_000)
            ran = sco.evaluate("document.body.dataset.muzRan")
            still = page.evaluate("API.cmi.core.lesson_status")
            frame.locator(".muz-playboard .muz-roll").first.wait_for(timeout=60_000)
            assert sco.evaluate(TO_THE_END)
            status = frame.locator("#muz-scorm-status")
            status.filter(has_text="ist als abgeschlossen").wait_for(timeout=30_000)
            cmi = page.evaluate("({status: API.cmi.core.lesson_status, raw: API.cmi.core.score.raw})")
            said = status.inner_text()
            page.evaluate("document.getElementById('sco').src = 'about:blank'")  # the student leaves
            page.wait_for_function("window.calls.some(call => call[0] === 'LMSFinish')", timeout=10_000)
            calls = page.evaluate("window.calls")
        finally:
            browser.close()
    assert before == "incomplete" and still == "incomplete", (before, still)
    assert ran == "to the end", ran
    assert cmi == {"status": "completed", "raw": ""}, cmi  # a lesson has no score
    assert "\n" not in said.strip(), said
    names = [call[0] for call in calls]
    assert names[0] == "LMSInitialize" and names[-2:] == ["LMSCommit", "LMSFinish"], names
    statuses = [call[2] for call in calls if call[:2] == ["LMSSetValue", "cmi.core.lesson_status"]]
    assert statuses == ["incomplete", "completed"], statuses
    times = [call[2] for call in calls if call[:2] == ["LMSSetValue", "cmi.core.session_time"]]
    assert len(times) == 1 and re.fullmatch(r"\d{4}:\d{2}:\d{2}\.\d{2}", times[0]), times
    # the runtime's WebAssembly came as application/octet-stream, the rest as Moodle sends it
    assert LmsHandler.sent.get("pyodide.asm.wasm") == "application/octet-stream", LmsHandler.sent
    assert LmsHandler.sent.get("pyodide.module.js") == "application/x-javascript", LmsHandler.sent
    assert not any("wasm instantiation failed" in line for line in console), console
    base = f"{served}/"
    lms = (f"{base}outer.html", f"{base}scorm12.js")
    outside = [url for url in requests if not url.startswith(f"{base}package/") and url not in lms
               and not url.startswith(("blob:", "data:", "about:"))]
    assert not outside, outside
