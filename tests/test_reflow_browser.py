"""Reflow at 400 % (WCAG 1.4.10): a 1280×720 window zoomed to 400 % is 320×180 CSS pixels, each
drawn four device pixels wide. The class server's student page is read top to bottom there, never
sideways: joined, seated on its turn (a die in hand, the lit cells listed, the move field) with its
term's progress below; a move is typed and played; screenshots in out/screenshots/ to look at."""

from __future__ import annotations

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path
from test_class_browser import SCREENSHOTS, WAIT, ClassServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

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
