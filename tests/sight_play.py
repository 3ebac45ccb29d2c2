"""A game played as a screen-reader user plays it, for the browser tests of the app, the homework edition
and the class server: only what the accessibility tree gives (roles, accessible names, the live region's
words, the legal cells' list) is read, and only the keyboard and typed moves act."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

#: The live region's accessible name, on every board.
NEWS = "What happens in the game"
#: What a screen reader hears from the live region: each text it is given, in order (in window.__heard).
LISTEN = """region => {
    window.__heard = [];
    new MutationObserver(() => { if (region.textContent) window.__heard.push(region.textContent); })
        .observe(region, { childList: true, characterData: true, subtree: true });
}"""


def press(locator) -> None:
    """Move the keyboard's focus to a control and press Enter, as Tab and Enter would."""
    locator.focus()
    locator.press("Enter")


def until(check: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Wait until `check()` holds (the page answers through the kernel: no fixed time is assumed)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.05)


def typed(note: str) -> str:
    """A note name as a person types it on a keyboard without ♯ and ♭ keys."""
    return note.replace("♯", "#").replace("♭", "b")


def listen(news) -> None:
    """Start hearing the live region `news` (a locator): from now on, `heard` gives what it said."""
    news.evaluate(LISTEN)


def heard(page) -> list[str]:
    """What the page's live region has said since `listen`, in order."""
    return page.evaluate("() => window.__heard")


def legal_cells(page):
    """The items of the list of cells the die in hand may go on (each "e5: ..."), as a locator."""
    return page.get_by_role("list", name=re.compile(" may go on ")).get_by_role("listitem")


def first_legal_cell(page) -> str:
    """The first cell the list of legal cells names ("e5")."""
    return legal_cells(page).first.text_content().split(":")[0]


def type_move(page, move: str):
    """Type a move into the field "Type a move" and press Enter; returns the field."""
    field = page.get_by_role("textbox", name="Type a move")
    field.fill(move)
    field.press("Enter")
    return field


def play_to_the_end(page, person: str, move: Callable[[list[str], str], str],
                    timeout: float = 60) -> tuple[list[str], int]:
    """Play `person`'s turns on a board that listens (`listen`) until the live region says the game is
    over: Roll when it may be pressed, else the move `move(heard so far, first legal cell)` typed, else
    Pass; after each, wait until the move is said and it is the person's turn again or the game's end.
    A placement said empties the field. Returns what was heard and the number of moves typed."""
    roll = page.get_by_role("button", name="Roll", exact=True)
    pass_ = page.get_by_role("button", name="Pass", exact=True)
    field = page.get_by_role("textbox", name="Type a move")
    placed = 0
    for _ in range(300):
        said = heard(page)
        if said and "Game over" in said[-1]:
            break
        if roll.is_enabled():
            press(roll)
        elif legal_cells(page).count():
            type_move(page, move(said, first_legal_cell(page)))
            placed += 1
        else:
            press(pass_)
        told = len(said)
        until(lambda before=told: len(heard(page)) > before, "the move to be said", timeout)
        until(lambda: "Game over" in heard(page)[-1] or roll.is_enabled() or pass_.is_enabled(),
              "the person's turn or the end", timeout)
        if f"{person} places " in " ".join(heard(page)[len(said):]):
            assert field.input_value() == ""  # emptied once placed
    return heard(page), placed
