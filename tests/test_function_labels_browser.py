"""The Explore tab in German with a lesson key, in a real browser (Voilà and Playwright in the system
Chromium, as test_browser_app serves it): every complete triad labelled with its function beside its
middle die, Đ⁷ a D struck through with a raised 7, (D) Tp for the secondary dominant, each label's
text inside its box as the browser's own font draws it; Stufentheorie chosen, Roman numerals (vii°,
V/vi). A coach comment on the Review tab names a completed triad's function ((D) Tp, Đ⁷). The
screenshots go to out/screenshots/ (app-german-functions*.png, app-german-coach-*.png) for a reviewer
to look at."""

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path
from test_browser_app import PLAY, SCREENSHOTS, open_app, served, show_tab, wait_steady  # noqa: F401, F811 - a fixture

from muzlab import Game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: B–D–F (Đ⁷ in C major) and E–G♯–B ((D) Tp), joined by a C: a position that follows the rules.
NOTATION = "standard F@0,-2 D@0,-1 B@0,0 C@1,-1 B@2,-1 Ab@2,0 E@2,1"
#: Each function label on the Explore tab's board: its accessible name, what it shows (its texts in
#: order) and where its pieces are as the browser lays them out (bounding boxes in the SVG's units).
LABELS = """() => [...document.querySelectorAll('.muz-explorer g.function')].map(group => {
    const box = b => ({x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height});
    const texts = [...group.querySelectorAll('text')];
    const line = group.querySelector('line');
    return {name: group.getAttribute('aria-label'), shown: texts.map(t => t.textContent).join(''),
            frame: box(group.querySelector('rect').getBBox()), texts: texts.map(t => box(t.getBBox())),
            struck: texts.map(t => t.classList.contains('struck')),
            raised: texts.map(t => [...t.querySelectorAll('tspan')].map(s => box(s.getBBox()))),
            line: line && {x1: +line.getAttribute('x1'), x2: +line.getAttribute('x2'),
                           y1: +line.getAttribute('y1'), y2: +line.getAttribute('y2')}};
})"""


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["right"] <= outer["right"] + slack
            and inner["y"] >= outer["y"] - slack and inner["bottom"] <= outer["bottom"] + slack)


def test_the_explore_tab_labels_the_triads_with_their_functions_in_german(served):  # noqa: F811
    from playwright.sync_api import sync_playwright

    url, _folder = served
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url, 1366, 900)
            page.select_option(".muz-language select", label="Deutsch")
            page.wait_for_function("() => document.querySelector('.muz-start').innerText.includes('Los')")
            assert page.locator(".muz-harmony select").evaluate("el => el.value") != ""
            page.select_option(".muz-lesson-key select", label="C-Dur")
            show_tab(page, "Erkunden")
            page.fill(".muz-notation input", NOTATION)
            page.locator(".muz-notation input").press("Tab")  # the edit reaches the kernel
            page.click(".muz-load-notation")
            page.wait_for_function("() => document.querySelectorAll('.muz-explorer g.function').length === 2",
                                   timeout=60_000)
            wait_steady(page)
            page.evaluate("() => document.querySelector('.muz-app').scrollIntoView()")  # the menus too
            page.screenshot(path=str(SCREENSHOTS / "app-german-functions.png"))
            page.locator(".muz-explorer .muz-svgboard").screenshot(
                path=str(SCREENSHOTS / "app-german-functions-board.png"))
            labels = {label["name"]: label for label in page.evaluate(LABELS)}
            assert set(labels) == {"verkürzter D⁷", "Zwischendominante zur Tonikaparallele"}
            secondary, shortened = labels["Zwischendominante zur Tonikaparallele"], labels["verkürzter D⁷"]
            assert secondary["shown"] == "(D) Tp" and secondary["line"] is None
            assert shortened["shown"] == "D7" and shortened["struck"] == [True, False]
            d, seven = shortened["texts"]
            line = shortened["line"]
            # the stroke crosses the D as the browser draws it, rising left to right
            assert line["x1"] <= d["x"] + 2 and line["x2"] >= d["right"] - 2 and line["y1"] > line["y2"]
            assert line["y1"] >= d["bottom"] - 6 and line["y2"] <= d["y"] + 6
            assert seven["x"] >= d["right"] - 1  # the 7 after the D, raised above its middle
            assert (seven["y"] + seven["bottom"]) / 2 < (d["y"] + d["bottom"]) / 2
            for label in labels.values():  # every piece inside its box
                assert all(inside(text, label["frame"]) for text in label["texts"]), label
            page.select_option(".muz-harmony select", label="Stufen: I IV V")
            page.wait_for_function("() => [...document.querySelectorAll('.muz-explorer g.function')]"
                                   ".map(g => g.getAttribute('aria-label')).join() === 'vii°,V/vi'",
                                   timeout=60_000)
            page.screenshot(path=str(SCREENSHOTS / "app-german-stufen.png"))
        finally:
            browser.close()


#: A solo game reaching NOTATION's board, each die rolled and placed in this order: B–D–F is completed
#: third (Đ⁷ in C major), E–G♯–B last ((D) Tp), where the best cell would have been elsewhere.
MOVES = (("B", (0, 0)), ("D", (0, -1)), ("F", (0, -2)), ("C", (1, -1)), ("B", (2, -1)), ("Ab", (2, 0)),
         ("E", (2, 1)))
#: The review's comment, as the page shows it.
COMMENT = "() => document.querySelector('.muz-review .muz-review-comment').innerText"


def test_a_coach_comment_names_the_completed_triads_function_in_german(served, tmp_path):  # noqa: F811
    """The Review tab in German with the lesson key C-Dur: the coach's comment on the last decision
    says the E major triad it completed is (D) Tp, and on the third the B diminished triad is Đ⁷."""
    from playwright.sync_api import sync_playwright

    url, _folder = served
    game = Game(players=1, dice=len(MOVES), seed=1)
    for face, cell in MOVES:
        game.roll(face)
        game.place(cell)
    record = tmp_path / "functions-game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url, 1366, 900)
            page.select_option(".muz-language select", label="Deutsch")
            page.wait_for_function("() => document.querySelector('.muz-start').innerText.includes('Los')")
            page.select_option(".muz-lesson-key select", label="C-Dur")
            page.select_option(".muz-seats select", "1")  # a table of one, as the game loaded
            page.click(".muz-start")
            page.wait_for_selector(f"{PLAY} [data-cell]", timeout=60_000)
            with page.expect_file_chooser() as chooser:
                page.click(f"{PLAY} .muz-load")
            chooser.value.set_files(str(record))
            page.wait_for_function(f"() => document.querySelector('{PLAY} .muz-message').innerText"
                                   f".includes('Ein Spiel mit {len(game.events)} Ereignissen geladen')",
                                   timeout=30_000)
            page.locator(".muz-app .lm-TabBar-tab", has_text="Auswertung").click()
            page.click(".muz-review-start")
            page.wait_for_selector(".muz-review .muz-board svg", timeout=60_000)
            page.locator(".muz-review").get_by_role("button", name="Letzte", exact=True).click()
            page.wait_for_function(f"() => ({COMMENT})().includes('(als (D) Tp in C-Dur)')", timeout=30_000)
            said = page.evaluate(COMMENT)
            assert "E auf g2 vollendete den E-Dur-Dreiklang (als (D) Tp in C-Dur)" in said, said
            wait_steady(page)
            page.evaluate("() => document.querySelector('.muz-review').scrollIntoView()")
            page.screenshot(path=str(SCREENSHOTS / "app-german-coach-applied-dominant.png"))
            page.locator(".muz-review").get_by_role("button", name="Erste", exact=True).click()
            for _ in range(2):
                page.locator(".muz-review").get_by_role("button", name="Nächste", exact=True).click()
            page.wait_for_function(f"() => ({COMMENT})().includes('(als Đ⁷ in C-Dur)')", timeout=30_000)
            said = page.evaluate(COMMENT)
            assert "F auf e7 vollendete den verminderten Dreiklang h (als Đ⁷ in C-Dur)" in said, said
            wait_steady(page)
            page.locator(".muz-review").screenshot(path=str(SCREENSHOTS / "app-german-coach-shortened.png"))
        finally:
            browser.close()
