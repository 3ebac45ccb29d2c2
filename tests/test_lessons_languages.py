"""The lessons in German, French and Spanish (notebooks/de/, fr/, es/), generated from the English ones
and the `muzlab-lessons` catalogues by docs/languages/lesson_notebooks.py: each one fresh, every
message translated with the English one's placeholders and markdown, no paragraph left in English,
the glossary's words, links that lead to the language's pages, the language set in the code, and the
checked outputs there for nbval to compare."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
from pathlib import Path

import pytest
from test_docs import LINK, anchors
from test_docs_languages import english_in, glossary, leftover_english, prose

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lesson_notebooks",
                                               ROOT / "docs" / "languages" / "lesson_notebooks.py")
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)
catalogues = importlib.import_module("catalogues")  # (put on the path by the generator)

LANGUAGES = generator.TRANSLATED
LESSONS = [path.name for path in generator.lessons()]
CASES = DONE = [(code, lesson) for code in LANGUAGES for lesson in LESSONS]
FIELD = re.compile(r"\{([^{}:]*)")  # a placeholder, without its format ("{note:>2}": note)


def english(lesson: str) -> dict:
    return json.loads((generator.NOTEBOOKS / lesson).read_text(encoding="utf-8"))


def generated(code: str, lesson: str) -> dict:
    return json.loads(generator.output_path(code, lesson).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def template():
    return generator.extract()


def catalog(code: str):
    return catalogues.read(generator.po_path(code), code)


@functools.cache
def english_words(code: str) -> set[str]:
    """Words of muzlab's English sentences that no translation into `code` uses (test_docs_languages)."""
    return leftover_english(code, catalogues.extract())


def markdown(notebook: dict) -> str:
    return "\n\n".join("".join(cell["source"]) for cell in notebook["cells"]
                       if cell["cell_type"] == "markdown")


@pytest.mark.parametrize(("code", "lesson"), CASES)
def test_the_lesson_exists_in_the_language_with_every_message_translated(code, lesson):
    assert generator.missing(english(lesson), catalog(code)) == []
    assert generator.output_path(code, lesson).is_file()


@pytest.mark.parametrize(("code", "lesson"), DONE)
def test_the_generated_lesson_is_fresh(code, lesson):
    """What the generator writes from today's English lesson and catalogue: run `python3 make.py
    catalogues` after changing either."""
    fresh = generator.translated(english(lesson), catalog(code), code)
    assert generator.sources(generated(code, lesson)) == generator.sources(fresh)
    assert generated(code, lesson)["metadata"]["language"] == code


def test_the_catalogues_hold_every_message_of_the_lessons_and_no_other(template):
    wanted = {(message.id, message.context) for message in template if message.id}
    for code in LANGUAGES:
        assert {(message.id, message.context) for message in catalog(code) if message.id} == wanted
        assert not [message.id for message in catalog(code) if message.fuzzy and message.id]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_keeps_the_placeholders_markdown_and_link_targets_of_its_message(code):
    for message in catalog(code):
        if not (message.id and message.string):
            continue
        source, said = message.id, message.string
        assert sorted(FIELD.findall(said)) == sorted(FIELD.findall(source)), source[:60]
        assert re.match(r"[#>*\s]*", said).group().strip() == re.match(r"[#>*\s]*", source).group().strip()
        assert [target.split("#")[0] for target in LINK.findall(said)] == [
            target.split("#")[0] for target in LINK.findall(source)], source[:60]
        assert said.count("`") == source.count("`") and said.count("**") == source.count("**"), source[:60]
        if message.context == "code":  # the spaces a printed line is laid out with
            assert said[:1].isspace() == source[:1].isspace() and said.endswith(" ") == source.endswith(" ")


def test_french_puts_a_no_break_space_before_high_punctuation():
    for message in catalog("fr"):
        if message.id and message.string:
            text = re.sub(r"`[^`]*`|\{[^{}]*\}|\]\([^)]*\)", "", message.string)
            assert not re.search(r"[^\u00a0\u202f][:;?!]( |$)", text.replace("...", "")), text[:80]


@pytest.mark.parametrize(("code", "lesson"), DONE)
def test_its_links_lead_to_the_languages_pages_and_their_headings(code, lesson):
    folder = generator.output_path(code, lesson).parent
    targets = LINK.findall(markdown(generated(code, lesson)))
    assert len(targets) == len(LINK.findall(markdown(english(lesson))))
    for target in targets:
        page, _, anchor = target.partition("#")
        path = (folder / page).resolve()
        assert path.is_file(), target
        assert path.parent.name == code  # the translated page (every page a lesson links to has one)
        assert not anchor or anchor in anchors(path.read_text(encoding="utf-8")), target


@pytest.mark.parametrize(("code", "lesson"), DONE)
def test_no_paragraph_is_left_in_english(code, lesson):
    leftovers = english_words(code)
    translated = generated(code, lesson)
    paragraphs = prose(markdown(translated)).split("\n\n")
    said = [message.string for message in catalog(code) if message.id and message.context
            and f"notebooks/{lesson}" in {location for location, _ in message.locations}]
    said = [re.sub(r"\{[^{}]*\}", " ", text) for text in said]  # (a placeholder is code)
    left = {text[:60]: sorted(english_in(text, leftovers)) for text in paragraphs + said
            if english_in(text, leftovers)}
    assert left == {}
    caught = [text for text in prose(markdown(english(lesson))).split("\n\n")
              if len(text) > 80 and english_in(text, leftovers)]
    assert caught  # the detector does catch the English lesson


#: English words that hold a glossary term without meaning it: a piano's keys, a cell's flat top, the
#: key of a worksheet's answers, lines passing through a cell, a notebook's next or first cell.
NOT_TERMS = re.compile(r"black keys|piano keys|flat-topped|answer key|lines pass|(?:next|first) cell",
                       flags=re.IGNORECASE)


@pytest.mark.parametrize(("code", "lesson"), DONE)
def test_where_the_english_lesson_uses_a_term_the_translation_uses_the_glossarys_word(code, lesson):
    rows = glossary()
    source = NOT_TERMS.sub("", prose(markdown(english(lesson))))
    translated = prose(markdown(generated(code, lesson))).lower()
    missing = []
    for row in rows:
        text = source
        for other in rows:  # a longer term holding this one ("root position" for "root") is its own
            if row["term"] in other["term"] != row["term"]:
                text = re.sub(re.escape(other["term"]), "", text, flags=re.IGNORECASE)
        used = re.search(rf"\b{re.escape(row['term'])}\b", text, flags=re.IGNORECASE)
        if used and not any(word.lower() in translated for word in row[code].split("|")):
            missing.append((row["term"], row[code]))
    assert missing == []


@pytest.mark.parametrize(("code", "lesson"), DONE)
def test_the_code_sets_the_language_and_the_checked_outputs_are_there_in_it(code, lesson):
    cells = generated(code, lesson)["cells"]
    code_cells = [cell for cell in cells if cell["cell_type"] == "code"]
    assert sum(f'muzlab.set_language("{code}")' in "".join(cell["source"]) for cell in code_cells) == 1
    assert not any(generator.LANGUAGE_LINE in "".join(cell["source"]) for cell in code_cells)
    checked = [(cell, source) for cell, source in zip(cells, english(lesson)["cells"], strict=True)
               if "nbval-check-output" in cell.get("metadata", {}).get("tags", [])]
    assert checked
    for cell, source in checked:
        assert bool(cell["outputs"]) == bool(source["outputs"]), "".join(cell["source"])[:60]
    # the rule set's fields stay English: they are the names a teacher types
    printed = ["".join(output.get("text", [])) for cell, _ in checked for output in cell["outputs"]
               if "fields(RuleSet)" not in "".join(cell["source"])]
    leftovers = english_words(code)
    assert {text[:60]: english_in(text, leftovers) for text in printed if english_in(text, leftovers)} == {}
    assert {text[:60]: MUZLAB_ENGLISH.findall(text) for text in printed if MUZLAB_ENGLISH.search(text)} == {}


#: What muzlab itself prints in English where a lesson asks it without the lesson's reader: a game's
#: repr and result, why it ended, the score sheet's plays, the headings of the score sheet, a review,
#: standings and a comparison of settings, and a review's seats, grades and levels.
MUZLAB_ENGLISH = re.compile(
    r"<Game |\bPlayer \d|\bwins with\b|\bdice placed\b|\bsupply empty\b|\blocked board\b|\bre-roll \w|"
    r"\bopening \w+ [a-i]\d|\b(?:turn|round|plays|best_points|loss|equity_loss|grade|points_lost|"
    r"best_share|completions_missed|honeypots_missed|luck_adjusted(?:_margin)?|accuracy|level|rank|margin|"
    r"mean_score|mean_low|first_wins|first_low|extra_rolls|dice_placed|inaccuracy|blunder|beginner)\b")


def test_a_checked_output_in_muzlabs_english_is_caught():
    for english in ("<Game 2 players, 0 of 21 dice placed, Player 1 to roll, scores 0–0>",
                    "Player 1 wins with 84 points (supply empty)", " turn  round   player   plays",
                    "   turn    player pitch cell  points  luck  equity_loss       grade",
                    "Player 2      50   -1.1  -17.3   51.1   60.0 beginner", "re-roll Es · D c4 +3",
                    "Player 1      48   -7.3  -11.3   55.3   70.0 novice"):  # (a French word too)
        assert MUZLAB_ENGLISH.search(english), english
    for german in ("2 Spieler, 0 von 21 Würfeln gelegt, Spieler 1 würfelt als Nächstes, Punkte 0–0",
                   "Spieler 1 gewinnt mit 84 Punkten (Vorrat leer)", " Zug  Runde   Spieler   Spielzüge",
                   "neu gewürfelt Es · D c4 +3", "Zug 2, Spieler 2: Gepasst, dabei: Gis hätte gepasst",
                   " tour  manche     joueur  coups  bonus  supplément  passes  points  total",
                   "Joueur 1      48   -7,3  -11,3   55,3   70,0 novice"):
        assert not MUZLAB_ENGLISH.search(german), german


def test_the_generator_refuses_a_lesson_that_does_not_set_its_language_once():
    lesson = english(DONE[0][1])
    for cell in lesson["cells"]:
        cell["source"] = "".join(cell["source"]).replace(generator.LANGUAGE_LINE, "pass")
    with pytest.raises(ValueError, match="sets its language once"):
        generator.translated(lesson, catalog("de"), "de")


def test_the_german_lesson_4_finds_t_s_and_d_and_builds_a_kadenz_in_functions():
    """Issue 56: the German Explore lesson names the main triads as a German class does (Tonika T,
    Subdominante S, Dominante D, the Kadenz T–S–D–T) and its checked output reads them so; the English
    one says I, IV and V."""
    cells = generated("de", "4-explore.ipynb")["cells"]
    words = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    assert "**Tonika** (T)" in words and "**Subdominante** (S)" in words and "**Dominante** (D)" in words
    assert "**Kadenz**" in words and "T–S–D–T" in words and "I–IV–V–I" not in words
    code = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    assert "# die Kadenz T–S–D–T" in code and "I–IV" not in code
    printed = "".join("".join(output.get("text", [])) for cell in cells for output in cell.get("outputs", []))
    assert ("d3, d4, d5: C-Dur-Dreiklang — T in C-Dur\ne5, e6, e7: F-Dur-Dreiklang — S in C-Dur\n"
            "f5, f6, f7: G-Dur-Dreiklang — D in C-Dur\n") in printed
    source = "".join("".join(output.get("text", [])) for cell in english("4-explore.ipynb")["cells"]
                     for output in cell.get("outputs", []))
    assert "f5, f6, f7: G major triad — V in C major" in source
