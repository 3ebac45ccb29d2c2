"""The classroom app names its page in its language: the <html lang> a screen reader reads the page
in and the <title> the browser's tab shows, both following the Language menu (WCAG 2.4.2, 3.1.1)."""

from __future__ import annotations

from muzlab import set_language
from muzlab.widgets.tabbed_app import ClassroomApp


def test_the_apps_page_has_its_languages_lang_and_title_and_follows_the_language_menu():
    try:
        app = ClassroomApp(language="de")
        assert (app.document.lang, app.document.title) == (
            "de", "Muzundrum, das Würfelspiel der Musiktheorie")
        app.language.value = "fr"
        assert (app.document.lang, app.document.title) == (
            "fr", "Muzundrum, le jeu de dés de la théorie musicale")
        app.language.value = "en"
        assert (app.document.lang, app.document.title) == ("en", "Muzundrum, the dice game of music theory")
    finally:
        set_language("en")
