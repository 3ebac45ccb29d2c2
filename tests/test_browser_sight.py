"""The classroom app played as a screen-reader user plays it: only what the accessibility tree gives (roles,
accessible names, states, the live region's words, the legal cells' list) is read, and only the keyboard
and typed moves act (never a position on the screen). Served as tests/test_browser_app.py serves it.
"""

import re
import time

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path
from test_browser_app import SCREENSHOTS, open_app, served  # noqa: F401 - the fixture is used by name

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The die the person (the form's first seat, "Player 1") holds, as the live region names it: the last
#: roll of theirs, or a die passed to them.
IN_HAND = re.compile(r"Player 1 (?:rolls|re-rolls) (\S+)|passes (\S+) to Player 1")


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


def until(check, what: str, timeout: float = 60) -> None:
    """Wait until `check()` holds (the page answers through the kernel: no fixed time is assumed)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.05)


def typed(note: str) -> str:
    """A note name as a person types it on a keyboard without ♯ and ♭ keys."""
    return note.replace("♯", "#").replace("♭", "b")


def test_a_whole_game_against_the_computer_through_the_accessibility_tree(served):  # noqa: F811
    from playwright.sync_api import sync_playwright

    url, _folder = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url, 1280, 900)
        try:
            # the form's defaults: Player 1 a person, Player 2 the greedy computer
            assert page.get_by_role("textbox", name="Seat 1").input_value() == "Player 1"
            press(page.get_by_role("button", name="Start"))
            news = page.get_by_role("status", name="What happens in the game")
            roll = page.get_by_role("button", name="Roll", exact=True)
            pass_ = page.get_by_role("button", name="Pass", exact=True)
            field = page.get_by_role("textbox", name="Type a move")
            until(lambda: news.count() == 1 and roll.is_enabled(), "the first roll")
            news.evaluate(LISTEN)

            def heard() -> list[str]:
                return page.evaluate("() => window.__heard")

            placed = 0
            for _ in range(300):
                said = heard()
                if said and "Game over" in said[-1]:
                    break
                if roll.is_enabled():
                    press(roll)
                else:
                    hand = [a or b for a, b in IN_HAND.findall(" ".join(said))][-1]
                    cells = page.get_by_role("list", name=re.compile(" may go on ")).get_by_role("listitem")
                    if cells.count():
                        cell = cells.first.text_content().split(":")[0]
                        field.fill(f"{typed(hand)} {cell}")
                        field.press("Enter")
                        placed += 1
                    else:
                        press(pass_)
                told = len(said)
                until(lambda before=told: len(heard()) > before, "the move to be said")
                until(lambda: "Game over" in heard()[-1] or roll.is_enabled() or pass_.is_enabled(),
                      "the person's turn or the end")
                if "Player 1 places " in " ".join(heard()[len(said):]):
                    assert field.input_value() == ""  # emptied once placed
            heard = heard()
            text = " ".join(heard)
            assert "Game over" in heard[-1], "the game did not end"
            assert placed > 3 and text.count("Player 1 places ") == placed  # every typed move was played
            assert "Player 2 (greedy) places " in text  # the computer's moves were said
            assert not re.search(r"is not a move|not a note name|nothing was placed", text)
            assert re.search(r"(wins with|Tie between) .* points?", heard[-1])
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "app-sight-game.png"))
            print("\n".join(heard[:20]))  # what a screen reader said, for a reviewer to judge
        finally:
            browser.close()


#: The page's width beyond the window (a page that needs scrolling sideways to be read), in CSS pixels.
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("looks", ["zoom-200", "forced-colours"])
def test_the_play_tab_at_200_percent_zoom_and_in_forced_colours(served, looks):  # noqa: F811
    """The Play tab, a die in hand, as a low-vision student sees it: a 1280×720 window zoomed to 200 %
    (640×360 CSS pixels, each drawn two device pixels wide, as the browser's zoom does) or in forced
    colours (Windows' high contrast); screenshots in out/screenshots/ to look at."""
    from playwright.sync_api import sync_playwright

    url, _folder = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        options = ({"viewport": {"width": 640, "height": 360}, "device_scale_factor": 2}
                   if looks == "zoom-200" else
                   {"viewport": {"width": 1280, "height": 720}, "forced_colors": "active",
                    "color_scheme": "dark"})
        page = browser.new_page(**options)
        try:
            page.goto(url)
            page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
            press(page.get_by_role("button", name="Start"))
            roll = page.get_by_role("button", name="Roll", exact=True)
            until(lambda: roll.count() == 1 and roll.is_enabled(), "the first roll")
            press(roll)
            cells = page.get_by_role("list", name=re.compile(" may go on ")).get_by_role("listitem")
            until(lambda: cells.count() > 0, "the legal cells")
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
        finally:
            browser.close()
