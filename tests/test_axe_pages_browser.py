"""axe-core (the npm package, bundled offline by axe-playwright-python) at WCAG 2.1 A and AA, every impact
failing, on the pages the app's tabs test (tests/test_browser_app.py) does not reach: the class server's
student page (its join form, then seated at a table on its turn, the lit cells listed and the move field
shown), the teacher's page after a deal, and the homework edition's first page in each language.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path, free_port, stop
from test_browser_app import WCAG_21_AA
from test_class_browser import WAIT, ClassServer

from muzlab.app.lite.build import lessons
from muzlab.app.lite.lessons import landing_page
from muzlab.names.language import LANGUAGES

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def violations(page, where: str, context: str | None = None) -> list[str]:
    """axe-core's WCAG 2.1 AA violations on the page (or in `context`), one line each, named `where`."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context, options=WCAG_21_AA)
    return [f"{where}: {violation['id']} ({violation['impact']}): {violation['help']} "
            f"{[node['target'] for node in violation['nodes']][:3]}"
            for violation in results.response["violations"]]


def test_axe_finds_no_wcag_21_aa_violation_on_the_class_pages(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class-axe")
    server.start()
    found: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            teacher = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
            teacher.goto(server.teacher)
            teacher.wait_for_selector(".muz-deal", timeout=60_000)
            students = []
            for name in ("Ada", "Ben"):
                page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
                page.goto(server.students)
                page.wait_for_selector(".muz-nickname input", timeout=60_000)
                if not students:
                    found += violations(page, "student page, join form")
                page.fill(".muz-nickname input", name)
                page.click(".muz-join")
                expect(page.locator(".muz-who")).to_contain_text(name, timeout=WAIT)
                students.append(page)
            teacher.click(".muz-deal")
            for page in students:
                expect(page.locator(".muz-who")).to_contain_text("table 1", timeout=WAIT)
            mover = next(page for page in students if page.locator(".muz-roll").is_visible())
            mover.click(".muz-roll")
            mover.wait_for_selector(".muz-legal-list li", timeout=WAIT)
            found += violations(mover, "student page, on its turn")
            found += violations(next(page for page in students if page is not mover),
                                "student page, watching")
            expect(teacher.locator(".muz-roster .muz-student")).to_have_count(2, timeout=WAIT)
            found += violations(teacher, "teacher page, after the deal")
            browser.close()
    finally:
        server.kill()
    assert found == [], "\n".join(found)


@pytest.fixture
def first_page(tmp_path):
    """The homework edition's first page, as its build writes it (with the lessons it lists), served on
    127.0.0.1; yields its URL."""
    (tmp_path / "index.html").write_text(landing_page(lessons(tmp_path / "files")))
    port = free_port()
    log = open(tmp_path / "server.log", "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", tmp_path], stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/index.html"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("the static server did not start")
                time.sleep(0.2)
        yield url
    finally:
        stop(server, log)


def test_axe_finds_no_wcag_21_aa_violation_on_the_editions_first_page(first_page):
    from playwright.sync_api import sync_playwright

    found: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for language in LANGUAGES:
            page.goto(f"{first_page}?lang={language}")
            page.wait_for_function(f"() => document.documentElement.lang === '{language}'", timeout=WAIT)
            found += violations(page, f"first page ({language})")
        browser.close()
    assert found == [], "\n".join(found)
