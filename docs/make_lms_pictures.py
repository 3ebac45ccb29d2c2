"""Regenerate the pictures of docs/lms.md in docs/images/lms/: a German SCORM 1.2 homework task of two
questions, answered in Chromium under scorm-again's SCORM 1.2 runtime (out/npm/, fetched by make.py),
one right and one wrong, as a student sees it in the LMS's player; and the German teacher's page's
section "Fragen für Moodle und Canvas" after its three downloads, which
tests/test_bank_downloads_browser.py draws into out/screenshots/ (run here, then copied); and its section
"Lektion für die Lernplattform" after lesson 3's download from the built edition out/lite/ (`python3
make.py lite`), which tests/test_lesson_lms_browser.py draws (run here with MUZLAB_LITE_BUILT=1, copied).

Run: `PYTHONPATH=. .venv/bin/python docs/make_lms_pictures.py` (needs Chromium and Playwright).
"""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from muzlab.names.reader import Reader
from muzlab.views.bank import make_bank
from muzlab.views.scorm import scorm_zip

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images" / "lms"
KINDS, COUNT, SEED = ("triad", "key signature"), 2, 3


def runtime() -> Path:
    """scorm-again's SCORM 1.2 runtime, fetched into out/npm/ when missing."""
    spec = importlib.util.spec_from_file_location("make", ROOT / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    folder = make.npm_package("scorm-again", make.NPM_PACKAGES["scorm-again"])
    if folder is None:
        raise SystemExit("scorm-again is missing and there is no npm to fetch it")
    return folder / "dist" / "scorm12.js"


def main() -> None:
    from playwright.sync_api import sync_playwright

    reader = Reader("german", typeset=True, language="de")
    bank = make_bank(KINDS, COUNT, SEED, reader, picture="svg")
    # (the API on the page's own window: the SCORM 1.2 discovery looks there first)
    init = runtime().read_text() + "\nwindow.API = new Scorm12API({logLevel: 5});\n"
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        package = scorm_zip(KINDS, COUNT, SEED, reader, "Dreiklänge, Woche 3")
        with zipfile.ZipFile(io.BytesIO(package)) as zipped:
            zipped.extractall(folder)
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 760, "height": 900})
        page.add_init_script(init)
        page.goto(Path(folder, "index.html").as_uri())
        for index, item in enumerate(bank.items):
            number = next(n for n, choice in enumerate(item.choices) if choice.right == (index == 0))
            page.locator(f"#muz-item-{index} label").nth(number).click()
            page.locator(f"#muz-item-{index} button").click()
        page.locator("#muz-status").filter(has_text="gespeichert").wait_for()
        page.screenshot(path=str(OUT / "scorm-task-de.png"), full_page=True)
        browser.close()
    print(f"wrote {OUT / 'scorm-task-de.png'}")
    subprocess.run([sys.executable, "-m", "pytest", "-q", "tests/test_bank_downloads_browser.py"], cwd=ROOT,
                   check=True)
    drawn = ROOT / "out" / "screenshots" / "teacher-lms-downloads-de.png"
    shutil.copy(drawn, OUT / "teacher-downloads-de.png")
    print(f"wrote {OUT / 'teacher-downloads-de.png'}")
    subprocess.run([sys.executable, "-m", "pytest", "-q", "tests/test_lesson_lms_browser.py"], cwd=ROOT,
                   check=True, env={**os.environ, "MUZLAB_LITE_BUILT": "1"})
    shutil.copy(ROOT / "out" / "screenshots" / "teacher-lesson-for-lms-de.png", OUT / "teacher-lesson-de.png")
    print(f"wrote {OUT / 'teacher-lesson-de.png'}")


if __name__ == "__main__":
    main()
