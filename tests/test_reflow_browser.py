"""Reflow at 400 % (WCAG 1.4.10): a 1280×720 window zoomed to 400 % is 320×180 CSS pixels, each
drawn four device pixels wide. The class server's student page is read top to bottom there, never
sideways: joined, seated on its turn (a die in hand, the lit cells listed, the move field) with its
term's progress below; a move is typed and played. Lesson 3's PlayBoard in JupyterLab and the
classroom app's seats' form and Play tab too. Screenshots in out/screenshots/ to look at."""

from __future__ import annotations

import pytest
from class_devices import WAIT, ClassServer
from test_browser import CHROMIUM_ARGS, chromium_path, lab
from test_browser_app import served
from test_class_browser import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["lab", "served"]  # the fixtures serving lesson 3 in JupyterLab and the classroom app

#: 1280×720 at 400 %.
AT_400 = {"viewport": {"width": 320, "height": 180}, "device_scale_factor": 4}
#: The page's width beyond the window, in CSS pixels (a page that must be scrolled sideways to be read).
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"
#: What is shown past the window's right edge, outside a box that scrolls on its own (a data table's,
#: which WCAG 1.4.10 lets scroll): content cut off or reached only by scrolling the page sideways.
CUT_OFF = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.offsetParent !== null && !e.closest('.muz-table-scroll')
                 && e.getBoundingClientRect().width > 0
                 && e.getBoundingClientRect().right > window.innerWidth + 1)
    .map(e => `${e.tagName}.${String(e.className).slice(0, 60)} ${e.getBoundingClientRect().right}`)"""


def test_the_student_page_reflows_at_400_percent(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class-reflow")
    server.start()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            teacher = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
            teacher.goto(server.teacher)
            teacher.wait_for_selector(".muz-deal", timeout=60_000)
            students = []
            for name in ("Ada", "Ben"):
                page = browser.new_context(**AT_400).new_page()
                page.goto(server.students)
                page.wait_for_selector(".muz-nickname input", timeout=60_000)
                if not students:
                    assert page.evaluate(SIDEWAYS) <= 0 and page.evaluate(CUT_OFF) == []
                    page.screenshot(path=str(SCREENSHOTS / "class-reflow-400-join.png"))
                page.fill(".muz-nickname input", name)
                page.click(".muz-join")
                expect(page.locator(".muz-who")).to_contain_text(name, timeout=WAIT)
                students.append(page)
            teacher.click(".muz-deal")
            for page in students:
                expect(page.locator(".muz-who")).to_contain_text("table 1", timeout=WAIT)
            mover = next(page for page in students if page.locator(".muz-roll").is_visible())
            mover.locator(".muz-roll").press("Enter")
            first = mover.locator(".muz-legal-list li").first
            first.wait_for(timeout=WAIT)
            assert mover.evaluate(SIDEWAYS) <= 0, "the page scrolls sideways at 400 %"
            assert mover.evaluate(CUT_OFF) == []
            mover.screenshot(path=str(SCREENSHOTS / "class-reflow-400-turn.png"))
            mover.screenshot(path=str(SCREENSHOTS / "class-reflow-400-turn-whole.png"), full_page=True)
            # the move field, below the board: reached, typed in, and the move is played
            cell = first.inner_text().split(":")[0]
            field = mover.get_by_role("textbox", name="Type a move")
            field.scroll_into_view_if_needed()
            box = field.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320, box
            field.fill(cell)
            field.press("Enter")
            expect(mover.locator(".muz-last")).to_contain_text(" places ", timeout=WAIT)
            assert mover.evaluate(SIDEWAYS) <= 0 and mover.evaluate(CUT_OFF) == []
            browser.close()
    finally:
        server.kill()


#: What of lesson 3's PlayBoard is shown past the window's right edge, outside a box that scrolls on
#: its own (the score sheet's).
BOARD_CUT_OFF = """() => [...document.querySelectorAll('.muz-playboard, .muz-playboard *')]
    .filter(e => !e.closest('.muz-table-scroll') && e.getBoundingClientRect().width > 0
                 && e.getBoundingClientRect().right > window.innerWidth + 1)
    .map(e => `${e.tagName}.${String(e.className.baseVal ?? e.className).slice(0, 60)}`)"""


def test_lesson_3s_board_reflows_at_400_percent_in_jupyterlab(lab):
    """Lesson 3 in JupyterLab, run in a 1280×720 window, then at 400 % (320×180 CSS pixels) with
    JupyterLab's file browser closed (its own side panel, which at that width leaves the notebook no
    room: JupyterLab's chrome, not the lesson's): the PlayBoard, drawn at its size in a wide window,
    shrinks to the notebook's width; nothing of it is cut off nor needs the page scrolled sideways,
    and a die is rolled and placed from the keyboard there."""
    from playwright.sync_api import sync_playwright
    from test_browser import CELLS, act, open_and_run

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            open_and_run(page, lab, "3-play.ipynb")
            svg = page.locator(".muz-playboard .muz-frame svg")
            wide = svg.bounding_box()
            assert wide is not None and wide["width"] > 400  # its own size where there is room
            page.click(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")  # the file browser closed
            page.set_viewport_size(AT_400["viewport"])
            board = page.locator(".muz-playboard .muz-frame")
            board.scroll_into_view_if_needed()
            page.wait_for_function("() => document.querySelector('.muz-playboard .muz-frame svg')"
                                   ".getBoundingClientRect().right <= window.innerWidth")
            assert page.evaluate(SIDEWAYS) <= 0, "the page scrolls sideways at 400 %"
            assert page.evaluate(BOARD_CUT_OFF) == []
            page.focus(".muz-playboard .muz-frame")
            act(page, lambda: page.keyboard.press("r"))
            board.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / "lesson-3-reflow-400.png"))
            assert page.locator(CELLS + ".muz-legal").count() == 1
            act(page, lambda: page.keyboard.press("Enter"))  # the opening die, on e5 where the ring starts
            assert page.locator(".muz-playboard .dice [data-cell]").count() == 1
            assert page.evaluate(SIDEWAYS) <= 0 and page.evaluate(BOARD_CUT_OFF) == []
            page.locator(".muz-playboard .muz-table-scroll").scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / "lesson-3-reflow-400-sheet.png"))
        finally:
            browser.close()


def test_the_apps_play_tab_reflows_at_400_percent(served):
    """The classroom app's Play tab at 400 % (320×180 CSS pixels), a die in hand: never scrolled
    sideways, nothing cut off outside a table's own scrolling box; screenshot in out/screenshots/."""
    import re

    from playwright.sync_api import sync_playwright
    from test_browser_sight import press, until

    url, _folder = served
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(**AT_400)
            page.goto(url)
            page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
            page.screenshot(path=str(SCREENSHOTS / "app-setup-reflow-400.png"), full_page=True)
            assert page.evaluate(SIDEWAYS) <= 0
            assert page.evaluate(CUT_OFF) == [], "\n".join(page.evaluate(CUT_OFF))
            press(page.get_by_role("button", name="Start"))
            roll = page.get_by_role("button", name="Roll", exact=True)
            until(lambda: roll.count() == 1 and roll.is_enabled(), "the first roll")
            press(roll)
            cells = page.get_by_role("list", name=re.compile(" may go on ")).get_by_role("listitem")
            until(lambda: cells.count() > 0, "the legal cells")
            page.screenshot(path=str(SCREENSHOTS / "app-play-reflow-400.png"))
            assert page.evaluate(SIDEWAYS) <= 0, "the app scrolls sideways at 400 %"
            assert page.evaluate(CUT_OFF) == [], "\n".join(page.evaluate(CUT_OFF))
        finally:
            browser.close()
