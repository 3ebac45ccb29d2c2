"""The rules and words pages in German, French and Spanish (docs/de/, docs/fr/, docs/es/): the English
page's sections, figures, tables, code and cells, the glossary's words, muzlab's note names of the
language, no English paragraph left, and links both ways."""

from __future__ import annotations

import csv
import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest
from test_docs import LINK, anchors

from muzlab.names.language import prose_note
from muzlab.names.reader import Reader
from muzlab.names.spelling import show_name

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
_spec = importlib.util.spec_from_file_location("catalogues", DOCS / "languages" / "catalogues.py")
catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogues)

LANGUAGES = {"de": "Deutsch", "fr": "Français", "es": "Español"}
PAGES = ("rules.md", "words.md")
CASES = [(code, page) for code in LANGUAGES for page in PAGES]
CONVENTION = {"en": "english", "de": "german", "fr": "solfege", "es": "solfege"}
#: A run of note names joined by en dashes, as the pages write triads and scales (C–Es–G, do–mi♭–sol).
NOTE_RUN = re.compile(r"(?<![\w♯♭/])((?:[A-Za-zé]+[♯♭#]?)(?:–[A-Za-zé]+[♯♭#]?)+)(?![\w♯♭])")
CODE = re.compile(r"`[^`]*`")


def text(code: str, page: str) -> str:
    return (DOCS / page if code == "en" else DOCS / code / page).read_text(encoding="utf-8")


def headings(markdown: str) -> list[int]:
    return [len(marks) for marks in re.findall(r"^(#+)\s", markdown, flags=re.MULTILINE)]


def figures(markdown: str) -> list[str]:
    return re.findall(r"!\[[^\]]+\]\(([^)]+)\)", markdown)


def tables(markdown: str) -> list[list[int]]:
    """Each table's rows, as the number of cells in each."""
    found, current = [], []
    for line in markdown.splitlines() + [""]:
        if line.startswith("|"):
            current.append(line.count("|") - 1)
        elif current:
            found.append(current)
            current = []
    return found


def prose(markdown: str) -> str:
    """The page's words a person reads: without code, link targets and the line of languages."""
    lines = [line for line in markdown.splitlines() if not re.match(r"^\*{0,2}\[?English", line)]
    return re.sub(r"\]\([^)]*\)", "]", CODE.sub(" ", "\n".join(lines)))


@pytest.mark.parametrize(("code", "page"), CASES)
def test_the_translation_keeps_the_english_pages_sections_figures_and_tables(code, page):
    english, translated = text("en", page), text(code, page)
    assert headings(translated) == headings(english)
    assert figures(translated) == figures(english) and figures(english)
    # the same figures drawn for the language (docs/make_rules_figures.py): its names and titles
    for figure in figures(translated):
        drawn = DOCS / code / figure
        assert drawn.is_file() and drawn.read_bytes() != (DOCS / figure).read_bytes(), figure
    assert tables(translated) == tables(english)
    # every piece of code, every cell and every number of the English page, as often
    assert Counter(CODE.findall(translated)) == Counter(CODE.findall(english))
    cells = re.compile(r"\b[a-k]\d\b")
    assert Counter(cells.findall(CODE.sub("", translated))) == Counter(cells.findall(CODE.sub("", english)))
    assert sorted(re.findall(r"\*\*(\d+)\*\*", translated)) == sorted(re.findall(r"\*\*(\d+)\*\*", english))


@pytest.mark.parametrize(("code", "page"), CASES)
def test_the_contents_and_every_anchor_lead_to_a_heading_of_the_same_page(code, page):
    translated = text(code, page)
    inner = [target[1:] for target in LINK.findall(translated) if target.startswith("#")]
    english = [target for target in LINK.findall(text("en", page)) if target.startswith("#")]
    assert len(inner) == len(english)
    assert set(inner) <= anchors(translated)


@pytest.mark.parametrize("page", PAGES)
def test_each_page_links_to_every_other_language_of_itself(page):
    for code in ["en", *LANGUAGES]:
        here = DOCS / page if code == "en" else DOCS / code / page
        targets = {(here.parent / target).resolve() for target in LINK.findall(text(code, page))}
        others = {DOCS / page, *(DOCS / other / page for other in LANGUAGES)} - {here}
        assert others <= targets, f"{code}/{page}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"[{name}](docs/{code}/{page})" in readme for code, name in LANGUAGES.items())


def glossary() -> list[dict[str, str]]:
    with (ROOT / "muzlab" / "locale" / "glossary.csv").open(encoding="utf-8") as file:
        return [row for row in csv.DictReader(file) if row["kind"] in ("music", "game")]


@pytest.mark.parametrize(("code", "page"), CASES)
def test_where_the_english_page_uses_a_term_the_translation_uses_the_glossarys_word(code, page):
    rows = glossary()
    english, translated = prose(text("en", page)), prose(text(code, page)).lower()
    missing = []
    for row in rows:
        source = english
        for other in rows:  # a longer term holding this one ("root position" for "root") is its own
            if row["term"] in other["term"] != row["term"]:
                source = re.sub(re.escape(other["term"]), "", source, flags=re.IGNORECASE)
        used = re.search(rf"\b{re.escape(row['term'])}\b", source, flags=re.IGNORECASE)
        if used and not any(word.lower() in translated for word in row[code].split("|")):
            missing.append((row["term"], row[code]))
    assert missing == []


def note_names(code: str) -> set[str]:
    """Every spelling of every note (naturals, sharps, flats, double ones) as muzlab writes it in a
    sentence of this language."""
    readers = [Reader(CONVENTION[code], typeset=typeset, language=code) for typeset in (False, True)]
    return {prose_note(show_name(letter + accidental, reader), code) for reader in readers
            for letter in "CDEFGAB" for accidental in ("", "#", "b", "##", "bb")}


@pytest.mark.parametrize(("code", "page"), [("en", page) for page in PAGES] + CASES)
def test_the_notes_of_triads_and_scales_are_written_as_muzlab_names_them_in_the_language(code, page):
    runs = NOTE_RUN.findall(prose(text(code, page)))
    assert len(runs) >= 10
    names = note_names(code)
    if code != "en":  # the first word of a sentence is capitalised
        names |= {name[:1].upper() + name[1:] for name in names}
    runs = [run for run in runs if set(run.split("–")) & names]  # not a pair of words ("left–right")
    wrong = [run for run in runs if not set(run.split("–")) <= names]
    assert wrong == []


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def leftover_english(code: str, template) -> set[str]:
    """Words of muzlab's English sentences that no translation into `code` uses (see
    tests/test_languages.py): a paragraph holding one was left in English."""
    placeholder = re.compile(r"\{[^{}]*\}")
    # what a translation keeps in English because it is code: `dice={dice}`, `muzlab.RuleSet.basic()`,
    # `standard/basic+opening_scores`, a class's name
    in_code = re.compile(r"\w+=|muzlab\.[\w.()]+|\b\w+/\w[\w/+-]*|\bGame\b")
    catalog = catalogues.read(catalogues.po_path(code), code)
    ids = [text for message in template if message.id
           for text in (message.id if isinstance(message.id, tuple) else (message.id,))]
    strings = [text for message in catalog if message.id
               for text in (message.string if isinstance(message.string, tuple) else (message.string,))]
    source = {word for text in ids for word in re.findall(r"[a-z]{3,}", placeholder.sub("", text).lower())}
    kept = (in_code.sub("", placeholder.sub("", text)).lower() for text in strings)
    return source - {word for text in kept for word in re.findall(r"[a-zà-ÿ]{3,}", text)}


def english_in(paragraph: str, leftovers: set[str]) -> set[str]:
    """The English words of a paragraph that say it was left in English: none when it has fewer than
    three (a word such as "message" or "moment" is French too), all of them otherwise."""
    words = set(re.findall(r"[a-zà-ÿ]{3,}", paragraph.lower())) & leftovers
    return words if len(words) >= 3 else set()


@pytest.mark.parametrize(("code", "page"), CASES)
def test_no_paragraph_is_left_in_english(code, page, template):
    leftovers = leftover_english(code, template)
    assert {"the", "which", "placed"} <= leftovers  # the list does catch English
    english = [paragraph for paragraph in prose(text("en", page)).split("\n\n") if len(paragraph) > 80]
    caught = [paragraph for paragraph in english if english_in(paragraph, leftovers)]
    assert len(caught) == len(english)  # every paragraph of the English page would be caught
    left = {paragraph[:60]: sorted(english_in(paragraph, leftovers))
            for paragraph in prose(text(code, page)).split("\n\n") if english_in(paragraph, leftovers)}
    assert left == {}
    mixed = [set(re.findall(r"[a-zà-ÿ]{3,}", paragraph.lower())) & leftovers
             for paragraph in prose(text(code, page)).split("\n\n")]
    assert sum(map(len, mixed)) <= 3  # and hardly a stray English word anywhere


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_a_renaming_move_points_to_the_name_changes_page_of_its_readers_language(code):
    from muzlab.play.game_words import NAME_CHANGES_PAGE, name_changes_page
    from muzlab.play.table import Table
    from muzlab.play.table_news import said as worded

    reader = Reader(language=code)
    link = name_changes_page(reader)
    assert (link == NAME_CHANGES_PAGE) == (code == "en") and (ROOT / link).is_file()
    assert link == ("docs/name-changes.md" if code == "en" else f"docs/{code}/name-changes.md")
    # a game's first placement that renames a die points there, and no other move does
    table = Table(agents=["greedy", "random"], names=["Anna", "Ben"], seed=0)
    messages = worded(table.play_computers(), reader)
    said = {message.event: message.text for message in messages if message.event}
    named = dict(zip(table.game.events, table.game.die_words(reader), strict=True))
    renaming = [event for event in table.game.events if named[event].renamed]
    pointing = [event for event, text in said.items() if link in text]
    assert len(renaming) > 1 and pointing == renaming[:1] and named[renaming[0]].renamed in said[renaming[0]]


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_a_move_points_to_the_words_page_of_its_readers_language(code):
    from muzlab.play.game_words import TWO_NAMES_PAGE, two_names_page

    link = two_names_page(Reader(language=code))
    page, _, anchor = link.partition("#")
    assert (link == TWO_NAMES_PAGE) == (code == "en") and page == ("docs/words.md" if code == "en"
                                                                   else f"docs/{code}/words.md")
    assert anchor in anchors((ROOT / page).read_text(encoding="utf-8"))
