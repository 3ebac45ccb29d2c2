"""The classroom app in German, French and Spanish in a real browser (Voilà and Playwright in the system
Chromium, as test_browser_app serves it): at 1280×720, on every tab, the labels are in the language and
none is cut off (German runs about 30 % longer than English, French and Spanish about 20 %). A screenshot
of each tab goes to out/screenshots/, named by language and the tab's English name (app-french-play.png,
app-spanish-review.png, ...), for a reviewer to look at."""

from dataclasses import dataclass

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
#: The tabs in English, as the screenshots are named.
TAB_FILES = ("play", "explore", "quiz", "ear-training", "review")
#: The English words no page in another language may show.
ENGLISH = {"Roll", "Pass", "Undo", "Hint", "New game", "Play", "Review", "Next question", "Explore"}


@dataclass(frozen=True)
class Words:
    """What the app says in one language: its name in the language menu, the tabs (Play, Explore, Quiz,
    Ear training, Review), the Start button, the board's help line and screen-reader label, the scale
    degree drill, the sample game to review and the buttons every tab shows."""

    menu: str
    tabs: tuple[str, str, str, str, str]
    start: str
    tip: str
    board_label: str
    drill: str
    sample_game: str
    buttons: frozenset[str]


LANGUAGES = {
    "german": Words("Deutsch", ("Spielen", "Erkunden", "Quiz", "Gehörbildung", "Auswertung"), "Los",
                    "Zeig auf ein Feld", "Spielbrett: Pfeiltasten", "Tonleiterstufe",
                    "ein Beispielspiel: gierig gegen zufällig",
                    frozenset({"Würfeln", "Passen", "Rückgängig", "Tipp", "Neues Spiel", "Punkteliste",
                               "Plätze ändern", "Nächste Frage", "Auswertung zeigen", "Weiter"})),
    "french": Words("Français", ("Jouer", "Explorer", "Quiz", "Formation de l'oreille", "Analyse"),
                    "Commencer", "Survole une case", "Plateau\u00a0: les flèches", "Degré de la gamme",
                    "une partie d'exemple\u00a0: glouton contre hasard",
                    frozenset({"Lancer", "Passer", "Annuler", "Indice", "Nouvelle partie", "Feuille de score",
                               "Changer les places", "Question suivante", "Montrer l'analyse", "Suivant"})),
    "spanish": Words("Español", ("Jugar", "Explorar", "Cuestionario", "Educación auditiva", "Análisis"),
                     "Empezar", "Pasa el puntero por una casilla", "Tablero: las flechas",
                     "Grado de la escala",
                     "una partida de ejemplo: codicioso contra azar",
                     frozenset({"Tirar", "Pasar", "Deshacer", "Pista", "Nueva partida", "Hoja de puntos",
                                "Cambiar los puestos", "Siguiente pregunta", "Mostrar el análisis",
                                "Siguiente"})),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_app_at_1280_by_720_cuts_no_label_short(served, language):  # noqa: F811
    from playwright.sync_api import sync_playwright

    words = LANGUAGES[language]
    play, _explore, _quiz, ear, review = words.tabs
    url, _folder = served
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url, 1280, 720)
            page.select_option(".muz-language select", label=words.menu)
            page.wait_for_function("start => document.querySelector('.muz-start').innerText.includes(start)",
                                   arg=words.start)
            assert page.locator(".muz-note-names select").evaluate("el => el.value") != ""
            cut, seen = {}, set()
            for tab, file in zip(words.tabs, TAB_FILES, strict=True):
                show_tab(page, tab)
                if tab == play:
                    page.click(".muz-start")
                    page.wait_for_selector(".muz-playboard [data-cell]", timeout=60_000)
                    page.mouse.move(1, 1)  # no cell pointed at: the line under the board is its help
                    page.wait_for_function("tip => document.querySelector('.muz-playboard .muz-tip')"
                                           ".innerText.includes(tip)", arg=words.tip, timeout=30_000)
                    label = page.get_attribute(".muz-playboard .muz-frame", "aria-label")
                    assert label.startswith(words.board_label), label  # what a screen reader says
                if tab == ear:
                    page.locator(".muz-drill button", has_text=words.drill).click()
                    page.wait_for_selector(".muz-ear", timeout=60_000)
                if tab == review:
                    page.select_option(".muz-review-choice select", label=words.sample_game)
                    page.click(".muz-review-start")
                    page.wait_for_selector(".muz-review", timeout=120_000)
                wait_steady(page)
                cut[tab] = page.evaluate(CUT)
                seen.update(page.evaluate(TEXTS))
                page.screenshot(path=str(SCREENSHOTS / f"app-{language}-{file}.png"))
            assert cut == {tab: [] for tab in words.tabs}
            assert set(words.tabs) <= seen
            assert words.buttons <= seen
            assert not seen & ENGLISH
        finally:
            browser.close()
