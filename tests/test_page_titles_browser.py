"""Every page muzlab serves names itself in its reader's language, as a screen reader and the
browser's tab read it (WCAG 2.4.2 Page titled, 3.1.1 Language of page): the classroom app (Voilà)
after its Language menu, the class server's student and teacher pages (Solara) opened in German and in
French; each page's <title> and its <html lang>."""

from __future__ import annotations

import pytest
from class_devices import WAIT, ClassServer
from test_browser import CHROMIUM_ARGS, chromium_path
from test_browser_app import open_app, served

from muzlab.names.language import LANGUAGE_NAMES

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["served"]  # the fixture serving the classroom app

TITLES = {
    "app": {"de": "Muzundrum, das Würfelspiel der Musiktheorie",
            "fr": "Muzundrum, le jeu de dés de la théorie musicale"},
    "students": {"de": "Muzundrum-Klasse", "fr": "Classe Muzundrum"},
    "teacher": {"de": "Muzundrum-Klasse — Lehrkraft", "fr": "Classe Muzundrum — professeur"},
}


def named(page, language: str, title: str) -> None:
    """Wait until the page says `language` on <html> and has `title`."""
    from playwright.sync_api import expect

    expect(page).to_have_title(title, timeout=WAIT)
    page.wait_for_function(f"() => document.documentElement.lang === '{language}'", timeout=WAIT)


def test_the_apps_title_and_lang_follow_its_language_menu(served):
    from playwright.sync_api import sync_playwright

    url, _folder = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url)
            named(page, "en", "Muzundrum, the dice game of music theory")
            for language in ("de", "fr"):
                page.select_option(".muz-language select", label=LANGUAGE_NAMES[language])
                named(page, language, TITLES["app"][language])
        finally:
            browser.close()


def test_the_class_pages_have_their_languages_title_and_lang(tmp_path):
    from playwright.sync_api import sync_playwright

    server = ClassServer(tmp_path / "titles")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for language in ("de", "fr"):
                page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
                page.goto(f"{server.students}&lang={language}")
                page.wait_for_selector(".muz-nickname input", timeout=60_000)
                named(page, language, TITLES["students"][language])
                page.goto(f"{server.teacher}&lang={language}")
                page.wait_for_selector(".muz-deal", timeout=60_000)
                named(page, language, TITLES["teacher"][language])
            browser.close()
    finally:
        server.kill()
