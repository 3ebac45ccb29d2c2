"""axe-core at WCAG 2.1 A and AA (every impact failing) on the class pages' parts that
tests/test_axe_pages_browser.py does not reach: every tab of the teacher's page (Lesson, Assignments
and grades, Class list) with an assignment set, and a student's term section (my assignments, an
item asked, my progress) before and after an answer, and a game against the computer set as an
assignment, before and after a move.
"""

from __future__ import annotations

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, join, server_caught_up
from test_axe_pages_browser import violations
from test_browser import CHROMIUM_ARGS, chromium_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_axe_finds_no_wcag_21_aa_violation_on_the_teachers_tabs_and_the_term_pages(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "term-axe")
    server.start()
    found: list[str] = []
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            teacher = context.new_page()
            teacher.goto(f"{server.teacher}&tab=term")
            teacher.wait_for_selector(".muz-assign-new", timeout=60_000)
            found += violations(teacher, "teacher page, term tab, empty")
            teacher.fill(".muz-assign-title input", "Ears")
            teacher.select_option(".muz-assign-kind select", label="triad quality (ear)")
            teacher.fill(".muz-assign-count input", "2")
            teacher.locator(".muz-assign-count input").press("Enter")
            server_caught_up(teacher)
            teacher.click(".muz-assign-new")
            expect(teacher.locator(".muz-assignment")).to_have_count(1, timeout=WAIT)

            anna = join(browser, server.students, "Anna", None, outside)
            expect(anna.locator(".muz-item-prompt")).to_contain_text("1 of 2.", timeout=WAIT)
            found += violations(anna, "student page, term, an item asked")
            anna.locator(".muz-item-option").nth(0).click()
            expect(anna.locator(".muz-item-prompt")).to_contain_text("2 of 2.", timeout=WAIT)
            found += violations(anna, "student page, term, after an answer")
            anna.locator(".muz-item-option").nth(1).click()
            expect(anna.locator(".muz-item-prompt")).to_contain_text("All done", timeout=WAIT)
            found += violations(anna, "student page, term, all done")

            expect(teacher.locator(".muz-progress tbody tr")).to_have_count(1, timeout=WAIT)
            found += violations(teacher, "teacher page, term tab, an assignment answered")
            teacher.fill(".muz-assign-title input", "Play")
            teacher.select_option(".muz-assign-kind select", "game")
            teacher.select_option(".muz-assign-computer select", "random")
            teacher.fill(".muz-assign-count input", "1")
            teacher.locator(".muz-assign-count input").press("Enter")
            server_caught_up(teacher)
            teacher.click(".muz-assign-new")
            expect(teacher.locator(".muz-assignment")).to_have_count(2, timeout=WAIT)
            anna.select_option(".muz-my-assignment-pick select", label="Play")
            game = anna.locator(".muz-term-student")
            expect(game.locator(".muz-game-status")).to_contain_text("Anna 0", timeout=WAIT)
            found += violations(anna, "student page, term, a game against the computer")
            if game.locator(".muz-legal").count():
                said = game.locator(".muz-item-said").inner_text()
                game.locator(".muz-legal").first.click(force=True)
                expect(game.locator(".muz-item-said")).not_to_have_text(said, timeout=WAIT)
                found += violations(anna, "student page, term, a game after a move")
            teacher.click(".muz-tab-class")
            teacher.wait_for_selector(".muz-roster-file", timeout=WAIT)
            found += violations(teacher, "teacher page, class list tab")
            teacher.click(".muz-tab-lesson")
            teacher.wait_for_selector(".muz-deal", timeout=WAIT)
            found += violations(teacher, "teacher page, lesson tab")
            browser.close()
    finally:
        server.kill()
    assert outside == []
    assert found == [], "\n".join(found)
