"""A class-server table of two played as two screen-reader users play it: each student's page is read
only through the accessibility tree (roles, accessible names, the live region's words, the lit cells'
list) and acted on only by the keyboard and typed moves; each move typed on one page is said by the
other page's live region. Against `muzlab class` on 127.0.0.1, as tests/test_class_browser.py serves it.
"""

from __future__ import annotations

import re

import pytest
from class_devices import LOAD, WAIT, device, teacher_page
from sight_play import NEWS, first_legal_cell, heard, legal_cells, listen, press, type_move, typed, until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The die in hand as the page's text shows it, before the words "die in hand".
HAND = """() => (document.querySelector('.muz-student-page .muz-hand') || {}).innerText || ''"""


def join_by_name(browser, url: str, nickname: str):
    """A device joins by its form's accessible names alone; returns the page, listening to its live region."""
    page = device(browser, viewport={"width": 1100, "height": 1000})
    page.goto(url)
    field = page.get_by_role("textbox", name="Nickname")
    field.wait_for(timeout=LOAD)
    field.fill(nickname)
    press(page.get_by_role("button", name="Join"))
    page.get_by_role("heading", name=nickname).wait_for(timeout=WAIT)
    news = page.get_by_role("status", name=NEWS)
    news.wait_for(state="attached", timeout=WAIT)
    listen(news)
    return page


def test_a_class_table_of_two_plays_a_whole_game_through_the_accessibility_tree(class_server, browser):
    server = class_server
    teacher = teacher_page(browser, server.teacher)
    deal = teacher.get_by_role("button", name="Deal")
    pages = {name: join_by_name(browser, server.students, name) for name in ("Ada", "Ben")}
    press(deal)
    until(lambda: any(heard(page) == ["Your turn!"] for page in pages.values()),
          "the first turn to be said")
    placed = {name: 0 for name in pages}

    def over() -> bool:
        return all(heard(page) and "Game over" in heard(page)[-1] for page in pages.values())

    def mover() -> tuple[str, object] | None:
        """The student whose page shows Roll or Pass (a page shows them only on its turn)."""
        return next(((name, page) for name, page in pages.items()
                     if page.get_by_role("button", name=re.compile("^(Roll|Pass)$")).count()), None)

    for _ in range(400):
        until(lambda: over() or mover() is not None, "a turn or the end", WAIT / 1000)
        if over():
            break
        name, page = mover()
        other = next(p for p in pages.values() if p is not page)
        told = (len(heard(page)), len(heard(other)))
        roll = page.get_by_role("button", name="Roll", exact=True)
        field = page.get_by_role("textbox", name="Type a move")
        if roll.count():
            press(roll)
        elif legal_cells(page).count():
            hand = page.evaluate(HAND).split("\n")[0].strip()
            type_move(page, f"{typed(hand)} {first_legal_cell(page)}")
            placed[name] += 1
        else:
            press(page.get_by_role("button", name="Pass", exact=True))
        until(lambda page=page, other=other, told=told: len(heard(page)) > told[0]
              and len(heard(other)) > told[1], "the move to be said on both pages", WAIT / 1000)
        if f"{name} places " in heard(other)[-1]:
            assert field.input_value() == ""  # emptied once placed
    said = {name: heard(page) for name, page in pages.items()}
    assert all("Game over" in texts[-1] for texts in said.values()), said
    for name, texts in said.items():
        other = next(n for n in pages if n != name)
        text = " ".join(texts)
        assert placed[other] > 3 and text.count(f"{other} places ") >= placed[other]
        assert not re.search(r"is not a move|not a note name|nothing was placed|turn: watch", text)
    print("\n".join(said["Ben"]))  # what Ben's screen reader said, for a reviewer to judge

