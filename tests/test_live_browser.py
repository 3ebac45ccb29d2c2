"""What one page does reaches the other open pages without a reload, in a real browser against
`muzlab class`: the teacher's roster marks a student's page open as they join, closed when their tab
closes, and open again when they return on another device with their personal code; an assignment set
on the teacher's page appears on every open student page; a game assignment shows the die in hand."""

from __future__ import annotations

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, join, server_caught_up, watch_requests
from test_browser import CHROMIUM_ARGS, chromium_path
from test_class_browser import SCREENSHOTS

from muzlab.app import term_games
from muzlab.app.term import MAX_ITEMS
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label

pytestmark = [pytest.mark.browser, pytest.mark.slow]
#: A roster line's mark for a student whose page is closed (the teacher's page is in English).
CLOSED = "page closed"


def roster_line(teacher, name: str):
    return teacher.locator(".muz-roster .muz-student", has_text=name)


def test_the_teachers_roster_marks_pages_open_and_closed_as_students_join_leave_and_return(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = ClassServer(tmp_path / "roster-marks")
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(server.teacher)
            teacher.wait_for_selector(".muz-deal", timeout=60_000)
            pages = {}
            for name in ("Anna", "Ben", "Cleo"):
                pages[name] = join(browser, server.students, name, None, outside)
                # the latest to join is marked open at once, without a reload of the teacher's page
                expect(roster_line(teacher, name)).to_be_visible(timeout=WAIT)
                expect(roster_line(teacher, name)).not_to_contain_text(CLOSED, timeout=WAIT)
            code = pages["Ben"].inner_text(".muz-my-code").strip()
            pages["Ben"].context.close()  # Ben's tab (his device's only one) is closed
            expect(roster_line(teacher, "Ben")).to_contain_text(CLOSED, timeout=WAIT)
            expect(roster_line(teacher, "Anna")).not_to_contain_text(CLOSED)
            teacher.screenshot(path=str(SCREENSHOTS / "roster-ben-closed.png"))
            back = browser.new_context(viewport={"width": 1100, "height": 1000})
            watch_requests(back, outside)
            ben = back.new_page()  # Ben returns on another device with his personal code
            ben.goto(server.students)
            ben.wait_for_selector(".muz-nickname input", timeout=60_000)
            ben.fill(".muz-nickname input", "Ben")
            ben.fill(".muz-personal-code input", code)
            ben.click(".muz-join")
            expect(ben.locator(".muz-who")).to_contain_text("Ben", timeout=WAIT)
            expect(roster_line(teacher, "Ben")).not_to_contain_text(CLOSED, timeout=WAIT)
            expect(teacher.locator(".muz-roster")).not_to_contain_text(CLOSED)
            teacher.screenshot(path=str(SCREENSHOTS / "roster-ben-back.png"))
            teacher.click(".muz-deal")  # Deal seats every open page: the three of them
            expect(teacher.locator(".muz-message")).to_contain_text("Round 1: 2 tables", timeout=WAIT)
            expect(teacher.locator(".muz-message")).not_to_contain_text("without an open page")
            assert outside == []
    finally:
        server.kill()


def test_an_assignment_set_by_the_teacher_appears_on_open_student_pages_without_a_reload(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = ClassServer(tmp_path / "assignment-news")
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(server.teacher)
            teacher.click(".muz-tab-term", timeout=60_000)  # the teacher's "Assignments and grades" tab
            teacher.wait_for_selector(".muz-assign-new", timeout=60_000)
            students = {name: join(browser, server.students, name, None, outside) for name in ("Anna", "Ben")}
            for page in students.values():
                expect(page.locator(".muz-my-assignments")).to_contain_text("No assignment is open",
                                                                            timeout=WAIT)
            teacher.fill(".muz-assign-title input", "Thirds")
            teacher.select_option(".muz-assign-kind select", label="third (ear)")
            teacher.fill(".muz-assign-count input", "3")
            teacher.locator(".muz-assign-count input").press("Enter")
            server_caught_up(teacher)
            teacher.click(".muz-assign-new")
            expect(teacher.locator(".muz-assignment")).to_contain_text("Thirds: 3 × third", timeout=WAIT)
            for page in students.values():  # no reload: the open pages are told
                mine = page.locator(".muz-my-assignments")
                expect(mine).to_contain_text("Thirds: 0 of 3 items done", timeout=WAIT)
                expect(page.locator(".muz-item-prompt")).to_contain_text("1 of 3.", timeout=WAIT)
            students["Anna"].locator(".muz-my-assignments").scroll_into_view_if_needed()
            students["Anna"].screenshot(path=str(SCREENSHOTS / "assignment-arrived.png"))
            anna = students["Anna"]
            for number in (1, 2, 3):
                expect(anna.locator(".muz-item-prompt")).to_contain_text(f"{number} of 3.", timeout=WAIT)
                anna.locator(".muz-item-option").nth(0).click()
            expect(anna.locator(".muz-item-prompt")).to_contain_text("All done", timeout=WAIT)
            expect(teacher.locator(".muz-assignment")).to_contain_text("1 of 2 done", timeout=WAIT)
            assert outside == []
    finally:
        server.kill()


def test_a_game_assignment_shows_the_die_in_hand_above_its_board(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = ClassServer(tmp_path / "game-hand")
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(server.teacher)
            teacher.click(".muz-tab-term", timeout=60_000)  # the teacher's "Assignments and grades" tab
            teacher.wait_for_selector(".muz-assign-new", timeout=60_000)
            anna = join(browser, server.students, "Anna", "German: C D E F G A H", outside)
            teacher.fill(".muz-assign-title input", "Play")
            teacher.select_option(".muz-assign-kind select", "game")
            teacher.fill(".muz-assign-count input", "1")
            teacher.locator(".muz-assign-count input").press("Enter")
            server_caught_up(teacher)
            teacher.click(".muz-assign-new")
            mine = anna.locator(".muz-term-student")  # (her open page is told: no reload)
            expect(mine.locator(".muz-my-assignments")).to_contain_text("Play: 0 of 1 game played, 0 of 100 "
                                                                        "points", timeout=WAIT)
            hand = mine.locator(".muz-game-hand")
            expect(hand).to_contain_text("die in hand", timeout=WAIT)
            game = term_games.new_table(1 * MAX_ITEMS + 0, "greedy", "Anna").game  # (seed 1, item 1)
            assert hand.locator("b").inner_text() == pitch_label(game.hand, Reader("german", typeset=True))
            assert hand.bounding_box()["y"] < mine.locator(".muz-board svg").bounding_box()["y"]
            mine.locator(".muz-game-hand").scroll_into_view_if_needed()
            anna.screenshot(path=str(SCREENSHOTS / "game-die-in-hand.png"))
            assert outside == []
    finally:
        server.kill()
