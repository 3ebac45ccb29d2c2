"""The classroom app in German in a real browser (Voilà and Playwright in the system Chromium, as
test_browser_app serves it): at 1280×720, on every tab, the labels are German and none is cut off
(German runs about 30 % longer than English). A screenshot goes to out/screenshots/."""

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path
from test_browser_app import SCREENSHOTS, open_app, served, show_tab, wait_steady  # noqa: F401, F811 - a fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The texts that must fit their boxes: buttons, toggles, labels, tab titles, menus' shown choice.
CUT = """() => [...document.querySelectorAll(
        '.muz-app button, .muz-app .widget-label, .muz-app .lm-TabBar-tabLabel, .muz-app label,'
        + ' .muz-app .widget-toggle-button, .muz-app .jupyter-widget-Collapse-header')]
    .filter(el => el.offsetParent !== null && el.getBoundingClientRect().width > 0)
    .filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => `${(el.innerText || el.textContent).trim()} (${el.scrollWidth} > ${el.clientWidth})`)"""
#: Every label, tab and button a person reads in the window.
TEXTS = """() => [...document.querySelectorAll('.muz-app button, .muz-app .widget-label, .muz-app'
        + ' .lm-TabBar-tabLabel, .muz-app .widget-toggle-button')]
    .filter(el => el.offsetParent !== null).map(el => (el.innerText || el.textContent).trim())
    .filter(text => text)"""
TABS = ("Spielen", "Erkunden", "Quiz", "Gehörbildung", "Auswertung")


def test_the_app_in_german_at_1280_by_720_cuts_no_label_short(served):  # noqa: F811
    from playwright.sync_api import sync_playwright

    url, _folder = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url, 1280, 720)
            page.select_option(".muz-language select", label="Deutsch")
            page.wait_for_function("() => document.querySelector('.muz-start').innerText.includes('Los')")
            assert page.locator(".muz-note-names select").evaluate("el => el.value") != ""
            cut, seen = {}, set()
            for tab in TABS:
                show_tab(page, tab)
                if tab == "Spielen":
                    page.click(".muz-start")
                    page.wait_for_selector(".muz-playboard [data-cell]", timeout=60_000)
                    page.mouse.move(1, 1)  # no cell pointed at: the line under the board is its help
                    page.wait_for_function("() => document.querySelector('.muz-playboard .muz-tip')"
                                           ".innerText.includes('Zeig auf ein Feld')", timeout=30_000)
                    label = page.get_attribute(".muz-playboard .muz-frame", "aria-label")
                    assert label.startswith("Spielbrett: Pfeiltasten"), label  # what a screen reader says
                if tab == "Gehörbildung":
                    page.locator(".muz-drill button", has_text="Tonleiterstufe").click()
                    page.wait_for_selector(".muz-ear", timeout=60_000)
                if tab == "Auswertung":
                    page.select_option(".muz-review-choice select",
                                       label="ein Beispielspiel: gierig gegen zufällig")
                    page.click(".muz-review-start")
                    page.wait_for_selector(".muz-review", timeout=120_000)
                wait_steady(page)
                cut[tab] = page.evaluate(CUT)
                seen.update(page.evaluate(TEXTS))
                page.screenshot(path=str(SCREENSHOTS / f"app-german-{tab}.png"))
            assert cut == {tab: [] for tab in TABS}
            assert set(TABS) <= seen
            assert {"Würfeln", "Passen", "Rückgängig", "Tipp", "Neues Spiel", "Punkteliste", "Plätze ändern",
                    "Nächste Frage", "Auswertung zeigen", "Weiter"} <= seen
            assert not seen & {"Roll", "Pass", "Undo", "Hint", "New game", "Play", "Review", "Next question"}
        finally:
            browser.close()
