"""A class page's live region, heard in a browser, says every move that reaches the page at once, in
order: a student whose classmate's seat was given to the computer plays through the accessibility
tree (Roll by the keyboard, moves typed), and after each of her turns the computer's whole turn
(a roll, a placement, an extra roll, a pass...) arrives with her own move in one change of the table."""

from __future__ import annotations

import re

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, server_caught_up
from test_browser import CHROMIUM_ARGS, chromium_path
from test_browser_sight import press, typed, until
from test_class_sight_browser import HAND, heard, join_by_name

pytestmark = [pytest.mark.browser, pytest.mark.slow]
#: One sentence of the live region's text (a move ends with a full stop, "Your turn!" with its mark).
SENTENCE = re.compile(r"[^.!]+[.!]")


def test_the_class_page_says_a_persons_move_and_the_computers_whole_turn_after_it(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class-news")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            teacher = context.new_page()
            teacher.goto(server.teacher)
            deal = teacher.get_by_role("button", name="Deal")
            deal.wait_for(timeout=60_000)
            ada = join_by_name(browser, server.students, "Ada")
            join_by_name(browser, server.students, "Ben")
            press(deal)
            seats = teacher.locator(".muz-seat-pick select")
            expect(seats.locator("option", has_text="Ben")).to_have_count(1, timeout=WAIT)
            seats.select_option(label=seats.locator("option", has_text="Ben").inner_text())
            server_caught_up(teacher)
            teacher.click(".muz-free")  # Ben's seat freed, then given to the computer
            expect(seats.locator("option", has_text="Ben")).to_have_count(0, timeout=WAIT)
            teacher.click(".muz-computer")
            roll = ada.get_by_role("button", name="Roll", exact=True)
            cells = ada.get_by_role("list", name=re.compile(" may go on ")).get_by_role("listitem")
            field = ada.get_by_role("textbox", name="Type a move")
            whole_turn = None
            for _ in range(60):
                until(lambda: ada.get_by_role("button", name=re.compile("^(Roll|Pass)$")).count() > 0
                      or "Game over" in " ".join(heard(ada)), "Ada's turn", WAIT / 1000)
                if "Game over" in " ".join(heard(ada)):
                    break
                told = len(heard(ada))
                if roll.count():
                    press(roll)
                elif cells.count():
                    hand = ada.evaluate(HAND).split("\n")[0].strip()
                    field.fill(f"{typed(hand)} {cells.first.text_content().split(':')[0]}")
                    field.press("Enter")
                else:
                    press(ada.get_by_role("button", name="Pass", exact=True))
                until(lambda told=told: len(heard(ada)) > told, "Ada's move to be said", WAIT / 1000)
                said = SENTENCE.findall(heard(ada)[-1])
                computer = [s.strip() for s in said if s.strip().startswith("Computer")]
                if len(computer) >= 2:
                    whole_turn = said
                    break
            assert whole_turn is not None, heard(ada)
            moves = [s.strip() for s in whole_turn if s.strip().startswith(("Ada ", "Computer "))]
            assert moves[0].startswith("Ada ") and all(m.startswith("Computer ") for m in moves[1:])
            assert re.match(r"Computer (rolls|re-rolls) ", moves[1]), moves  # its turn, from its roll
            if "Game over" not in heard(ada)[-1]:  # the turn back to Ada, said after the computer's moves
                assert whole_turn[-1].strip() == "Your turn!", whole_turn
            print("\n".join(whole_turn))  # what Ada's screen reader said at once, for a reviewer to judge
            browser.close()
    finally:
        server.kill()
