"""The teacher's page's section "Questions for Moodle and Canvas" in a real browser, in German: the three
buttons download a Moodle bank, a Canvas package and a SCORM 1.2 task under their fixed names, and a
sentence under each says how many questions and how big; a picture of the section is written to
out/screenshots/teacher-lms-downloads-de.png (docs/make_lms_pictures.py copies it for docs/lms.md)."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, watch_requests
from test_browser import CHROMIUM_ARGS, chromium_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "out" / "screenshots"
PICTURE = SCREENSHOTS / "teacher-lms-downloads-de.png"


def test_the_teachers_page_downloads_the_banks_and_the_scorm_task_and_says_their_size(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = ClassServer(tmp_path / "klasse-7b")
    server.start()
    outside: list[str] = []
    downloads = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(f"{server.teacher}&tab=term&lang=de")
            teacher.wait_for_selector(".muz-bank-scorm", timeout=60_000)
            teacher.fill(".muz-bank-count input", "2")
            teacher.locator(".muz-bank-count input").press("Enter")
            for css in ("muz-bank-moodle", "muz-bank-canvas", "muz-bank-scorm"):
                with teacher.expect_download(timeout=WAIT) as download:
                    teacher.click(f".{css}")
                downloads[download.value.suggested_filename] = Path(download.value.path()).read_bytes()
            said = teacher.locator(".muz-download-said")
            expect(said).to_have_count(3, timeout=WAIT)
            sentences = said.all_inner_texts()
            head = teacher.get_by_text("Fragen für Moodle und Canvas").bounding_box()
            last = teacher.locator(".muz-download-said").last.bounding_box()
            top = head["y"] - 8
            teacher.screenshot(path=str(PICTURE), full_page=True, clip={
                "x": 0, "y": top, "width": 1300, "height": last["y"] + last["height"] + 8 - top})
            browser.close()
    finally:
        server.kill()
    assert sorted(downloads) == ["muzlab-questions-canvas.zip", "muzlab-questions-moodle.xml",
                                 "muzlab-task-scorm.zip"], downloads
    assert downloads["muzlab-questions-moodle.xml"].count(b'<question type="multichoice">') == 2
    for name in ("muzlab-questions-canvas.zip", "muzlab-task-scorm.zip"):
        assert "imsmanifest.xml" in zipfile.ZipFile(io.BytesIO(downloads[name])).namelist()
    assert all(re.fullmatch(r"2 Fragen, \d+ kB\.", sentence.strip()) for sentence in sentences), sentences
    assert PICTURE.stat().st_size > 10_000
    assert outside == []
