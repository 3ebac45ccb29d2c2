"""The sentences of the homework edition's own pages (its first page, and its word on a lesson's page),
marked for the gettext catalogues and written into each page as one JSON of every language.

The pages' script (storage.js) reads that JSON only: it picks the language from the address
(`?lang=de`), then the one chosen on the first page (kept in the browser), then the browser's
(`navigator.languages`), English otherwise, and writes every sentence from it. Placeholders in braces
(`{saved}`, `{app}`) are filled by the script with a date or an element.
"""

from __future__ import annotations

import json
import urllib.parse

from muzlab.names.language import LANGUAGE_NAMES, LANGUAGES, marked, translate_in

#: Every sentence the pages show, by the key the page (`data-muz-word`) and the script (`say(key)`) use.
SENTENCES = {
    "title": marked("homework edition", "muzlab: the homework edition"),
    "intro": marked("homework edition",
                    "The lessons run here, in this browser: nothing to install, and your work stays on this "
                    "device (in the browser's storage). The first page you open takes a few seconds to start "
                    "Python."),
    "app-link": marked("homework edition", "The app: Play, Explore, Quiz, Ear training and Review"),
    "app": marked("homework edition", "{app}, with no code."),
    "lessons": marked("homework edition", "Lessons"),
    "not-here": marked("homework edition",
                       "Not here: the lessons “5 · Move statistics” and “6 · For teachers”, and the parts of "
                       "the lessons above that draw plots or printed staves or make sound files: they need "
                       "programs this browser edition does not have. Your teacher can show them in class, "
                       "with the full edition of muzlab."),
    "language": marked("homework edition", "Language:"),
    "in-english": marked("homework edition", "(in English: not translated into this language yet)"),
    "your-copy": marked("homework edition", "Your copy, saved {saved}, opens in place of the lesson."),
    "newer": marked("homework edition",
                    "A newer version of this lesson has been shipped since your copy was made: your copy "
                    "hides it until you reset the lesson (download your copy first to keep your work)."),
    "download": marked("homework edition", "Download my copy"),
    "reset": marked("homework edition", "Reset lesson"),
    "confirm-reset": marked("homework edition", "Delete your copy of this lesson from this browser, and "
                                                "open the lesson as shipped?"),
    "to-first-page": marked("homework edition", "Download your copy or reset the lesson on the first page."),
}
#: The title of each lesson of the edition on the first page, by its file: its first heading, which
#: `muzlab.app.lite.lessons.landing_page` checks (the page's key is "lesson:" and the file).
LESSON_TITLES = {
    "1-rules.ipynb": marked("lesson title", "1 · The honeycomb and the rules"),
    "2-hearing.ipynb": marked("lesson title", "2 · Hearing triads and scales"),
    "3-play.ipynb": marked("lesson title", "3 · Play a game"),
    "4-explore.ipynb": marked("lesson title", "4 · Explore positions"),
    "7-review.ipynb": marked("lesson title", "7 · Review a game"),
}


def words(language: str) -> dict[str, str]:
    """Every sentence of the pages in `language`, the lessons' titles too (a missing translation reads
    in English)."""
    return {key: translate_in(language, *sentence) for key, sentence in SENTENCES.items()} | {
        f"lesson:{lesson}": translate_in(language, *title) for lesson, title in LESSON_TITLES.items()}


def app_url(app_code: str, language: str) -> str:
    """The app's page (JupyterLite's REPL running `app_code`, a call with no arguments) in `language`."""
    code = app_code if language == "en" else f"{app_code.removesuffix('()')}(language={language!r})"
    return "repl/index.html?" + urllib.parse.urlencode({
        "kernel": "python", "showBanner": "0", "hideCodeInput": "1", "code": code})


def words_json(app_code: str) -> str:
    """The JSON the pages carry: for each language its own name, its app page and its sentences, safe
    inside a <script> element."""
    languages = {code: {"name": LANGUAGE_NAMES[code], "app": app_url(app_code, code), "words": words(code)}
                 for code in LANGUAGES}
    return json.dumps({"languages": languages}, ensure_ascii=False, indent=1).replace("</", "<\\/")


def words_script(app_code: str) -> str:
    """The element holding words_json, which storage.js reads (id "muz-words")."""
    return f'<script id="muz-words" type="application/json">\n{words_json(app_code)}\n</script>'
