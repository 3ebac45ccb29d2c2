"""The classroom app played as a screen-reader user plays it: only what the accessibility tree gives (roles,
accessible names, states, the live region's words, the legal cells' list) is read, and only the keyboard
and typed moves act (never a position on the screen). Served as tests/test_browser_app.py serves it.
"""

import re

import pytest
from sight_play import NEWS, legal_cells, listen, play_to_the_end, press, typed, until
from test_browser_app import SCREENSHOTS, open_app, served  # noqa: F401 - the fixture is used by name

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The die the person (the form's first seat, "Player 1") holds, as the live region names it: the last
#: roll of theirs, or a die passed to them.
IN_HAND = re.compile(r"Player 1 (?:rolls|re-rolls) (\S+)|passes (\S+) to Player 1")


def in_hand(said: list[str]) -> str:
    """The die Player 1 holds, as the live region last named it."""
    return [rolled or passed for rolled, passed in IN_HAND.findall(" ".join(said))][-1]


def test_a_whole_game_against_the_computer_through_the_accessibility_tree(served, browser):  # noqa: F811
    url, _folder = served
    page = open_app(browser, url, 1280, 900)
    # the form's defaults: Player 1 a person, Player 2 the greedy computer
    assert page.get_by_role("textbox", name="Seat 1").input_value() == "Player 1"
    press(page.get_by_role("button", name="Start"))
    news = page.get_by_role("status", name=NEWS)
    roll = page.get_by_role("button", name="Roll", exact=True)
    until(lambda: news.count() == 1 and roll.is_enabled(), "the first roll")
    listen(news)
    heard, placed = play_to_the_end(page, "Player 1", lambda said, cell: f"{typed(in_hand(said))} {cell}")
    text = " ".join(heard)
    assert "Game over" in heard[-1], "the game did not end"
    assert placed > 3 and text.count("Player 1 places ") == placed  # every typed move was played
    assert "Player 2 (greedy) places " in text  # the computer's moves were said
    assert not re.search(r"is not a move|not a note name|nothing was placed", text)
    assert re.search(r"(wins with|Tie between) .* points?", heard[-1])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "app-sight-game.png"))
    print("\n".join(heard[:20]))  # what a screen reader said, for a reviewer to judge


#: The page's width beyond the window (a page that needs scrolling sideways to be read), in CSS pixels.
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("looks", ["zoom-200", "forced-colours"])
def test_the_play_tab_at_200_percent_zoom_and_in_forced_colours(served, browser, looks):  # noqa: F811
    """The Play tab, a die in hand, as a low-vision student sees it: a 1280×720 window zoomed to 200 %
    (640×360 CSS pixels, each drawn two device pixels wide, as the browser's zoom does) or in forced
    colours (Windows' high contrast); screenshots in out/screenshots/ to look at."""
    url, _folder = served
    options = ({"viewport": {"width": 640, "height": 360}, "device_scale_factor": 2}
               if looks == "zoom-200" else
               {"viewport": {"width": 1280, "height": 720}, "forced_colors": "active",
                "color_scheme": "dark"})
    page = browser.new_page(**options)
    page.goto(url)
    page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
    press(page.get_by_role("button", name="Start"))
    roll = page.get_by_role("button", name="Roll", exact=True)
    until(lambda: roll.count() == 1 and roll.is_enabled(), "the first roll")
    press(roll)
    until(lambda: legal_cells(page).count() > 0, "the legal cells")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"app-play-{looks}.png"))
    if looks == "zoom-200":  # reflow (WCAG 1.4.10): read top to bottom, never sideways
        assert page.evaluate(SIDEWAYS) <= 1
        field = page.get_by_role("textbox", name="Type a move")  # below the first screen: reached
        field.scroll_into_view_if_needed()
        box = field.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 360, box
        page.screenshot(path=str(SCREENSHOTS / f"app-play-{looks}-scrolled.png"))
    else:  # each button drawn with its border (forced colours drop the backgrounds)
        borders = page.evaluate("""() => [...document.querySelectorAll('.muz-app .jupyter-button')]
            .filter(b => b.offsetParent !== null)
            .map(b => getComputedStyle(b).borderTopStyle)""")
        assert borders and set(borders) == {"solid"}, borders
