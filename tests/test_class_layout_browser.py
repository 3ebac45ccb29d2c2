"""The class server's pages as a class meets them, in a real browser (issue 52: points 8, 13, 15, 16):
German, French and Spanish browsers open the pages in their language (the address still decides when
it names one), the teacher's language is kept for the printed address, "Show on the projector" fills a
1920×1080 screen with large words, the teacher's page of a class of thirty shows at 1366×768 what a
lesson needs first (the code, the roster, Deal, the fifteen tables, the projector, a seat's changes) and
keeps its tab through its redraws, and the server's terminal shows no Solara cookie warning.
Screenshots go to out/screenshots/ (class-teacher-1366.png, class-projector-1920.png, ...)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request

import pytest
from class_devices import ROOT, TRACK_MESSAGES, WAIT, ClassServer, server_caught_up
from test_browser import CHROMIUM_ARGS, chromium_path, free_port
from test_class_browser import SCREENSHOTS

from muzlab.app.classroom import Classroom
from muzlab.names.reader import Reader

pytestmark = [pytest.mark.browser, pytest.mark.slow]
#: Playwright's locale for each language (it sets the browser's Accept-Language).
LOCALES = {"de": "de-DE", "fr": "fr-FR", "es": "es-ES"}
#: The element's box in the window (x, y, width, height, bottom, right) and its font size in px.
BOX = """(selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return {x: box.x, y: box.y, width: box.width, height: box.height, bottom: box.bottom, right: box.right,
            font: parseFloat(getComputedStyle(element).fontSize)};
}"""


def box(page, selector: str) -> dict:
    found = page.evaluate(BOX, selector)
    assert found is not None, selector
    return found


def join(browser, url: str, nickname: str, locale: str = "en-US"):
    """A device whose browser speaks `locale` opens `url` and joins as `nickname`."""
    from playwright.sync_api import expect

    page = browser.new_context(viewport={"width": 1100, "height": 900}, locale=locale).new_page()
    page.goto(url)
    page.wait_for_selector(".muz-nickname input", timeout=60_000)
    page.fill(".muz-nickname input", nickname)
    page.click(".muz-join")
    expect(page.locator(".muz-who")).to_contain_text(nickname, timeout=WAIT)
    return page


def test_german_french_and_spanish_browsers_open_the_pages_in_their_language(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for language, locale in LOCALES.items():
                gettext = Reader(language=language).gettext
                # a phone whose browser speaks the language
                context = browser.new_context(viewport={"width": 400, "height": 800}, locale=locale)
                student = context.new_page()
                student.goto(server.students)
                expect(student.locator(".muz-join")).to_have_text(gettext("Join"), timeout=60_000)
                expect(student.locator(".muz-settings-button")).to_have_text(gettext("Settings"))
                student.fill(".muz-nickname input", f"Kid {language}")
                student.click(".muz-join")
                expect(student.locator(".muz-who")).to_contain_text(f"Kid {language}", timeout=WAIT)
                assert f"lang={language}" in student.url  # (a reload keeps it)
                # the address decides when it names a language: a German phone opening the English link
                other = context.new_page()
                other.goto(server.students.replace("?", "?lang=en&"))
                expect(other.locator(".muz-join")).to_have_text("Join", timeout=60_000)
                teacher = context.new_page()
                teacher.goto(server.teacher)
                expect(teacher.locator(".muz-deal")).to_have_text(gettext("Deal"), timeout=60_000)
                context.close()

            # the teacher chooses German on an English browser; the printed address, opened again in a
            # new browser, and reloaded, opens in German
            english = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
            english.add_init_script(TRACK_MESSAGES)
            teacher = english.new_page()
            teacher.goto(server.teacher)
            expect(teacher.locator(".muz-deal")).to_have_text("Deal", timeout=60_000)
            links = teacher.locator(".muz-join-link")
            expect(links).to_have_count(4)
            assert [link.get_attribute("href").rpartition("lang=")[2] for link in links.all()] == [
                "en", "de", "fr", "es"]
            assert all(server.students in link.get_attribute("href") for link in links.all())
            teacher.select_option(".muz-language select", label="Deutsch")
            expect(teacher.locator(".muz-deal")).to_have_text("Verteilen", timeout=WAIT)
            server_caught_up(teacher)
            again = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR").new_page()
            again.goto(server.teacher)  # (the printed address: no language in it)
            expect(again.locator(".muz-deal")).to_have_text("Verteilen", timeout=60_000)
            again.reload()
            expect(again.locator(".muz-deal")).to_have_text("Verteilen", timeout=60_000)
            browser.close()
    finally:
        server.kill()


def test_the_projector_fills_a_1920_by_1080_screen_and_the_lesson_comes_first_at_1366_by_768(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    room = Classroom(tmp_path / "class")  # a class of thirty: 27 who joined earlier (pages closed) and 3 now
    for number in range(1, 28):
        room.join(f"Kid{number:02d}", None, f"page-{number}")
    room.store.close()
    server = ClassServer(tmp_path / "class")
    server.start()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            students = [join(browser, server.students, name, "de-DE") for name in ("Anna", "Ben", "Clara")]
            context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="de-DE")
            context.add_init_script(TRACK_MESSAGES)
            teacher = context.new_page()
            teacher.goto(server.teacher)
            teacher.wait_for_selector(".muz-deal", timeout=60_000)
            teacher.click(".muz-seat-absent input")  # (every student, their page open or not)
            server_caught_up(teacher)
            teacher.click(".muz-deal")
            expect(teacher.locator(".muz-table-line")).to_have_count(15, timeout=WAIT)
            expect(students[0].locator(".muz-who")).to_contain_text("Tisch", timeout=WAIT)
            # the first screen: the class code, the roster, Deal and the tables, without scrolling
            for selector in (".muz-code-big", ".muz-join-links", ".muz-roster-box", ".muz-deal",
                             ".muz-tables", ".muz-projector", ".muz-move"):
                shown = box(teacher, selector)
                assert shown["y"] >= 0 and shown["bottom"] <= 768, (selector, shown)
                assert shown["right"] <= 1366, (selector, shown)
            assert box(teacher, ".muz-code-big")["font"] >= 60
            teacher.screenshot(path=SCREENSHOTS / "class-teacher-1366.png")

            # the other tabs, and the tab kept through the page's redraws (a join, a language, a reload)
            teacher.click(".muz-tab-term")
            expect(teacher.locator(".muz-assign-new")).to_be_visible(timeout=WAIT)
            expect(teacher.locator(".muz-deal")).to_be_hidden(timeout=WAIT)
            join(browser, server.students, "Dora")
            teacher.select_option(".muz-language select", label="Français")
            expect(teacher.locator(".muz-assign-new")).to_have_text(
                Reader(language="fr").gettext("Set the assignment"), timeout=WAIT)
            expect(teacher.locator(".muz-assign-new")).to_be_visible()
            french = Reader(language="fr").gettext
            expect(teacher.locator(".muz-grades")).to_have_text(french("Export grades"))
            teacher.screenshot(path=SCREENSHOTS / "class-teacher-term-1366.png")
            teacher.click(".muz-tab-class")
            expect(teacher.locator(".muz-rename")).to_be_visible(timeout=WAIT)
            server_caught_up(teacher)
            teacher.reload()
            expect(teacher.locator(".muz-rename")).to_be_visible(timeout=60_000)
            teacher.screenshot(path=SCREENSHOTS / "class-teacher-class-1366.png")
            teacher.click(".muz-tab-lesson")

            # "Show on the projector" on a 1920×1080 screen: the board as tall as the screen, its words
            # large beside it, nothing else of the page in view
            teacher.set_viewport_size({"width": 1920, "height": 1080})
            teacher.click(".muz-projector")
            teacher.wait_for_selector(".muz-projector-view .muz-board svg", timeout=WAIT)
            teacher.wait_for_function("""() => {
                const svg = document.querySelector('.muz-projector-view .muz-board svg');
                return svg && svg.getBoundingClientRect().height > 800; }""", timeout=WAIT)
            board = box(teacher, ".muz-projector-view .muz-board svg")
            words = box(teacher, ".muz-projected-status")
            assert board["height"] >= 0.85 * 1080 and board["bottom"] <= 1080, board
            assert board["width"] >= 0.4 * 1920, board
            assert words["x"] >= board["right"] and words["right"] >= 0.9 * 1920, (board, words)
            assert words["font"] >= 32 and box(teacher, ".muz-projected-move")["font"] >= 30
            assert not teacher.locator(".v-tabs-bar").is_visible()
            assert not teacher.locator(".muz-export").is_visible()
            assert teacher.evaluate("() => document.scrollingElement.scrollHeight") <= 1080 + 1
            teacher.screenshot(path=SCREENSHOTS / "class-projector-1920.png")
            teacher.click(".muz-back")
            expect(teacher.locator(".muz-deal")).to_be_visible(timeout=WAIT)
            expect(teacher.locator(".v-tabs-bar")).to_be_visible()
            browser.close()
    finally:
        server.kill()


def test_the_class_terminal_shows_no_cookie_warning(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    log = tmp_path / "terminal.txt"
    with open(log, "w") as terminal:
        process = subprocess.Popen([sys.executable, "-m", "muzlab.cli", "class", str(tmp_path / "class"),
                                    "--no-browser", "--port", str(free_port())], stdout=subprocess.PIPE,
                                   stderr=terminal, text=True, env=env, cwd=tmp_path)
        try:
            students = process.stdout.readline().split()[1]
            process.stdout.readline()
            for address in (students, students.replace("?", "?lang=de&")):
                with urllib.request.urlopen(address, timeout=60) as page:
                    assert page.status == 200 and "session-id" in page.headers.get("set-cookie", "")
        finally:
            process.kill()
            process.wait(15)
    assert "samesite" not in log.read_text().lower()
