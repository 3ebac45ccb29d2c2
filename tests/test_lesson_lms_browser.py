"""The teacher page's "Lesson for the LMS" in a real browser: the teacher, on a class started with
`muzlab class --site` (a small stand-in of the built homework edition holding the shipped lessons and
their translations), chooses German as the page's language and lesson 3 in the section's menu, and
downloads the package under its fixed name; it is a zip whose imsmanifest.xml names German lesson 3,
and a sentence under the button says its size. A picture of the section is written to
out/screenshots/teacher-lesson-for-lms-de.png. The package downloaded then opens in an LMS's frame
under scorm-again (the SCORM 1.2 runtime LMSs use): its launch page opens the lesson's page, which
reports "incomplete" to the runtime and says in one line what the student must do. (The lesson played
to its end on the real edition: tests/test_scorm_lesson_browser.py.)"""

from __future__ import annotations

import functools
import http.server
import io
import json
import os
import re
import threading
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, watch_requests
from test_browser import CHROMIUM_ARGS, chromium_path
from test_scorm_browser import OUTER, scorm_again
from test_scorm_lesson import stand_in_site

from muzlab.app.lite.build import lessons
from muzlab.app.lite.lessons import title
from muzlab.app.lite.scorm import check_site
from muzlab.views.scorm import CP_NS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "out" / "lite"
PICTURE = ROOT / "out" / "screenshots" / "teacher-lesson-for-lms-de.png"


@pytest.fixture
def edition(tmp_path) -> Path:
    """A stand-in of the built edition (tests/test_scorm_lesson.py) with the shipped lessons in every
    language, as the build writes them; with MUZLAB_LITE_BUILT=1, out/lite/ as built from this checkout
    (the picture then says the real package's size)."""
    if os.environ.get("MUZLAB_LITE_BUILT"):
        check_site(SITE)
        return SITE
    site = stand_in_site(tmp_path / "lite")
    for old in (site / "files").rglob("*.ipynb"):
        old.unlink()
    lessons(site / "files")
    return site


def test_the_teacher_chooses_a_lesson_and_a_language_and_downloads_its_package(edition, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    runtime = scorm_again()
    german = title(json.loads((edition / "files" / "de" / "3-play.ipynb").read_text(encoding="utf-8")))
    PICTURE.parent.mkdir(parents=True, exist_ok=True)
    server = ClassServer(tmp_path / "klasse-7b", "--site", str(edition))
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(f"{server.teacher}&tab=term&lang=en")
            teacher.wait_for_selector(".muz-lesson-scorm", timeout=60_000)
            english = teacher.locator(".muz-lesson-pick select").evaluate(
                "menu => menu.selectedOptions[0].text").replace("\xa0", " ")  # (its spaces: no-break)
            teacher.select_option(".muz-language select", label="Deutsch")
            button = teacher.locator(".muz-lesson-scorm")
            expect(button).to_have_text("Lektion für die Lernplattform (SCORM 1.2)", timeout=WAIT)
            german_option = teacher.locator(".muz-lesson-pick select option", has_text=german)
            expect(german_option).to_have_count(1, timeout=WAIT)
            teacher.select_option(".muz-lesson-pick select", value=german_option.get_attribute("value"))
            with teacher.expect_download(timeout=60_000) as download:
                button.click()
            name = download.value.suggested_filename
            data = Path(download.value.path()).read_bytes()
            said = teacher.locator(".muz-download-said").filter(has_text="Lektion 3")
            expect(said).to_have_count(1, timeout=WAIT)
            sentence = said.inner_text()
            heading = teacher.locator("h3", has_text="Lektion für die Lernplattform")
            heading.evaluate("element => element.scrollIntoView({block: 'center'})")
            head, last = heading.bounding_box(), said.bounding_box()  # (in the window, now in view)
            top = head["y"] - 8
            teacher.screenshot(path=str(PICTURE), clip={
                "x": 0, "y": top, "width": 1300, "height": last["y"] + last["height"] + 8 - top})
            lms = tmp_path / "lms"
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                archive.extractall(lms / "package")
            (lms / "scorm12.js").write_bytes((runtime / "dist" / "scorm12.js").read_bytes())
            (lms / "outer.html").write_text(OUTER)
            handler = functools.partial(Quiet, directory=str(lms))
            player = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=player.serve_forever, daemon=True).start()
            try:
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{player.server_address[1]}/outer.html")
                status = page.frame_locator("#sco").locator("#muz-scorm-status")
                status.filter(has_text="bis zum Ende").wait_for(timeout=WAIT)
                line = status.inner_text()
                cmi = page.evaluate("API.cmi.core.lesson_status")
                calls = page.evaluate("window.calls")
            finally:
                player.shutdown()
                player.server_close()
            browser.close()
    finally:
        server.kill()
    assert "Lesson" in english or "1 ·" in english, english  # the menu was English before
    assert name == "muzlab-lesson-3-de-scorm.zip", name
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        manifest = ET.fromstring(archive.read("imsmanifest.xml"))
        launch = archive.read("index.html").decode()
    assert manifest.find(f".//{{{CP_NS}}}item/{{{CP_NS}}}title").text == german
    assert manifest.find(f".//{{{CP_NS}}}organization/{{{CP_NS}}}title").text == german
    assert "path=de/3-play.ipynb" in launch
    assert re.fullmatch(r"Lektion 3, [\d,]+ (kB|MB)\.", sentence.strip()), sentence
    assert PICTURE.stat().st_size > 10_000
    assert cmi == "incomplete" and calls[0] == ["LMSInitialize"], (cmi, calls)
    assert "\n" not in line.strip(), line
    assert outside == []


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the LMS's folder, saying nothing."""

    def log_message(self, *args) -> None:
        pass
