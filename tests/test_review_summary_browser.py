"""The Review tab's summary table ("Pro Spieler") in German in a 1280 px window, in a real browser
(Voilà and Playwright in the system Chromium, as test_browser_app serves it): every heading and cell
is shown whole (no text cut at the table's right edge, nothing to scroll sideways). The screenshot goes
to out/screenshots/app-german-review-summary.png for a reviewer to look at."""

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path
from test_browser_app import PLAY, SCREENSHOTS, open_app, served, wait_steady  # noqa: F401, F811 - a fixture

from muzlab import Game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Each cell of the summary whose text is wider than the cell shows it, and the table against its box.
CUT = """() => {
    const box = document.querySelector('.muz-review .muz-table-scroll');
    const table = box.querySelector('table.muz-summary');
    const cut = [...table.querySelectorAll('th, td')].filter(cell => cell.scrollWidth > cell.clientWidth)
        .map(cell => cell.innerText);
    const right = Math.max(...[...table.querySelectorAll('th, td')]
        .map(cell => cell.getBoundingClientRect().right));
    return {cut, scroll: box.scrollWidth, width: box.clientWidth, right,
            edge: box.getBoundingClientRect().right, headings: [...table.querySelectorAll('th')]
                .map(cell => cell.innerText.replace(/\\s+/g, ' '))};
}"""


def test_the_review_summary_is_shown_whole_in_german_at_1280_px(served, tmp_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    url, _folder = served
    game = Game(players=2, dice=12, seed=3)
    while not game.over:  # each die to the first cell it may take, or passed
        if game.hand is None:
            game.roll()
        cells = game.legal_placements()
        if cells:
            game.place(cells[0])
        else:
            game.pass_die()
    record = tmp_path / "two-players.json"
    record.write_text(game.to_json(), encoding="utf-8")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url, 1280, 800)
            page.select_option(".muz-language select", label="Deutsch")
            page.wait_for_function("() => document.querySelector('.muz-start').innerText.includes('Los')")
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
            page.wait_for_selector(".muz-review table.muz-summary td", timeout=60_000)
            wait_steady(page)
            page.locator(".muz-review .muz-table-scroll").scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / "app-german-review-summary.png"))
            shown = page.evaluate(CUT)
            assert "glücksbereinigt" in " ".join(shown["headings"]), shown
            assert shown["cut"] == [], shown
            assert shown["scroll"] <= shown["width"] and shown["right"] <= shown["edge"] + 0.5, shown
        finally:
            browser.close()
