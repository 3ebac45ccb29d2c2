"""Counts and figures in the reader's language: every counted sentence takes the singular or plural its
language's rule asks for (French 0 and 1 singular, a million "de"), errors count their nouns the same
way, and numbers are written with the language's marks exactly as Babel's CLDR data writes them, while
`str(error)` and the records stay English."""

from __future__ import annotations

import pickle
import re

import pytest
from babel.numbers import format_decimal, format_percent
from test_languages import catalogues

from muzlab.app.term import TermError
from muzlab.core.errors import Count, GameError
from muzlab.names.error_words import error_words
from muzlab.names.language import catalogue, translate_plural
from muzlab.names.output_words import Figure, number_words, parts_words, percent_words
from muzlab.names.reader import Reader
from muzlab.play import agents
from muzlab.play.game import Game
from muzlab.play.game_words import give_ups_end_sentence
from muzlab.rules.ruleset import MAX_DICE_CHOICE
from muzlab.widgets.review import _signed

LANGUAGES = ("en", "de", "fr", "es")
#: The plural form gettext picks, by language, for the counts tested: 0, 1, 2 and a million.
FORMS = {"en": {0: 1, 1: 0, 2: 1, 10**6: 1}, "de": {0: 1, 1: 0, 2: 1, 10**6: 1},
         "fr": {0: 0, 1: 0, 2: 2, 10**6: 1}, "es": {0: 2, 1: 0, 2: 2, 10**6: 1}}
#: Sentences that put a count before a plural noun in one template because the count is never one (a
#: limit, a fact of the rules, or a refused value as typed); each says why. Any other sentence with a
#: count before a plural noun must be counted (ngettext, or a `Count` fact in an error).
NEVER_ONE = {
    "{number} ({digits} digits) is too small ({bound})":
        "more than 30 digits",
    "{number} ({digits} digits) is too large ({bound})":
        "more than 30 digits",
    "local processes (default: 1, or every core from {games} games); the frames do not depend on "
    "it":
        "a threshold of the help text",
    "This page has tried to join {tries} times in a minute: wait a minute, then try again.":
        "a limit",
    "Your network has tried to join {tries} times in a minute: wait a minute, then try again.":
        "a limit (120 a minute, never one)",
    "no diagonal run to ask about in {count} games from seed {seed}":
        "a constant of the question banks (RUN_GAMES)",
    "{count} students joined in the last minute: wait a moment and press Join again.":
        "a limit",
    "The class is full ({count} students).":
        "the class's limit",
    "**The class is full**: {count} pages are open already. Close a page you do not need, or ask "
    "the teacher, then reload this one.":
        "the pages' limit",
    "Choose one of the {options} answers offered.":
        "a question offers two answers or more",
    "{source}: 'hexagon' radius {radius} is too large; at most {max_radius} ({cells:,} cells)":
        "a limit",
    "a number of {digits:,} digits; numbers have at most {most}":
        "more digits than the limit",
    "{notes} would stack {count} notes in a column; a column holds at most a triad of three.":
        "4 or more",
    "{notes} is {count} notes; a diagonal holds at most {most} (one major scale).":
        "8 or more",
    "{notes} is {count} notes; a diagonal holds at most {most} (one full scale).":
        "more than a scale",
    "a run of {key} to {count} notes":
        "a run has 3 notes or more",
    "two runs of {key} to {count} notes":
        "a run has 3 notes or more",
    "{notes} is a {third}: {count} semitones.":
        "a third, 3 or 4",
    "{players} players: Muzundrum is for 1 to {max_players} players":
        "what was asked for, as typed: 0, 5 or more, or not a number",
    "{n} puzzles: ask for a whole number, 0 or more":
        "what was asked for, as typed: below 0 or not a number",
    "the record has {events:,} events; a game of {dice:,} dice for {players} on a board of "
    "{cells:,} cells has at most {bound:,} (each die rolled and placed once, and "
    "{give_ups_per_die_and_seat} passes or re-rolls per die and seat)":
        "more events than a game of that many dice can have",
    "games_frames takes finished games with the same number of players; got {players} players, "
    "{unfinished} unfinished":
        "the set of player counts given, two or more",
    "{count} notes read upward span {span} semitones from the first; a keyboard here shows at "
    "most two octaves":
        "more than two octaves",
    "Muzundrum master board ({count} cells)":
        "a board's cells",
    "Muzundrum standard board ({count} cells)":
        "a board's cells",
    "The standard board: {count} cells named {first} to {last}; the centre is {centre}":
        "a board's cells",
    "Master board ({count} cells, centre {centre}): a complete whole-tone scale":
        "a board's cells",
    "{low} up to {high}: an interval of {count} semitones":
        "the rules page's figure of a fifth, 7",
}
#: A count's placeholder, then a plural noun (not a verb: "{count} is").
COUNTED = re.compile(r"\{(?:count|n|games|parts|players|seats|agents|names|attempts|values|dice|cells|"
                     r"events|tries|digits|options|points|allowance|positions)(?::[^}]*)?\} "
                     r"(?!(?:is|has|was|does)\b)[a-z]+s\b")


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def test_no_sentence_puts_a_bare_count_before_a_plural_noun(template):
    bare = sorted(message.id for message in template if isinstance(message.id, str)
                  and COUNTED.search(message.id) and message.id not in NEVER_ONE)
    assert bare == []
    assert set(NEVER_ONE) <= {message.id for message in template}  # (none of them is stale)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_counted_sentence_takes_the_languages_form_for_0_1_2_and_a_million(code, template):
    plural = [message for message in template if isinstance(message.id, tuple)]
    assert len(plural) > 40
    translated = catalogues.read(catalogues.po_path(code), code) if code != "en" else None
    for message in plural:
        singular, many = message.id
        for count, form in FORMS[code].items():
            words = (catalogue(code).npgettext(message.context, singular, many, count) if message.context
                     else translate_plural(code, singular, many, count))
            if code == "en":
                assert words == (singular if form == 0 else many)
            else:
                expected = translated.get(singular, message.context).string[form]
                assert words == expected, (code, count, singular)


@pytest.mark.parametrize(("code", "one", "two", "zero", "million"), [
    ("en", "1 part", "2 parts", "0 parts", "1,000,000 parts"),
    ("de", "1 Teil", "2 Teilen", "0 Teilen", "1.000.000 Teilen"),
    ("fr", "1 partie de fichier", "2 parties de fichier", "0 partie de fichier",
     "1\u202f000\u202f000 de parties de fichier"),
    ("es", "1 parte", "2 partes", "0 partes", "1.000.000 de partes"),
])
def test_a_dataset_in_one_part_reads_one_part_not_one_parts(code, one, two, zero, million):
    reader = Reader(language=code)
    assert [parts_words(n, reader) for n in (1, 2, 0, 10**6)] == [one, two, zero, million]


@pytest.mark.parametrize(("code", "one", "two", "zero"), [
    ("en", "1 agent for 2 players", "2 agents for 1 player", "0 agents for 2 players"),
    ("de", "1 Computerspieler für 2 Spieler", "2 Computerspieler für 1 Spieler",
     "0 Computerspieler für 2 Spieler"),
    ("fr", "1 joueur automatique pour 2 joueurs", "2 joueurs automatiques pour 1 joueur",
     "0 joueur automatique pour 2 joueurs"),
    ("es", "1 jugador automático para 2 jugadores", "2 jugadores automáticos para 1 jugador",
     "0 jugadores automáticos para 2 jugadores"),
])
def test_an_error_counts_its_nouns_by_the_languages_rule(code, one, two, zero):
    reader = Reader(language=code)
    said = []
    for players, seated in ((2, ["greedy"]), (1, ["greedy", "random"]), (2, [])):
        with pytest.raises(GameError) as raised:
            agents.play(Game(players=players, seed=1), [agents.make_agent(name) for name in seated])
        said.append(error_words(raised.value, reader))
    assert said == [one, two, zero]
    assert str(raised.value) == "0 agents for 2 players"  # the English sentence, whoever reads


def test_a_count_fact_is_english_in_str_and_survives_pickling():
    error = TermError("Row {line} of the roster file has {values}, the header {header}.", line=2,
                      values=Count(1, "{count} field", "{count} fields"), header=2)
    assert str(error) == "Row 2 of the roster file has 1 field, the header 2."
    back = pickle.loads(pickle.dumps(error))
    assert error_words(back, Reader(language="fr")) == (
        "La ligne 2 de la liste des élèves a 1 champ, l'en-tête 2.")
    assert str(Count(12_345, "{count} game", "{count} games")) == "12,345 games"


@pytest.mark.parametrize(("code", "once", "twice"), [
    ("en", "passed or re-rolled 1 time, all that a game of 1 die for 1 player allows",
     "passed or re-rolled 8 times, all that a game of 2 dice for 1 player allows"),
    ("fr", "passé ou relancé 1 fois, tout ce qu'une partie de 1 dé pour 1 joueur permet",
     "passé ou relancé 8 fois, tout ce qu'une partie de 2 dés pour 1 joueur permet"),
    ("es", "pasado o vuelto a tirar 1 vez, todo lo que permite una partida de 1 dado para 1 jugador",
     "pasado o vuelto a tirar 8 veces, todo lo que permite una partida de 2 dados para 1 jugador"),
])
def test_the_give_ups_ending_counts_its_times(code, once, twice, monkeypatch):
    reader = Reader(language=code)
    assert twice in give_ups_end_sentence(2, 1, "C", reader)
    monkeypatch.setattr("muzlab.play.records.GIVE_UPS_PER_DIE_AND_SEAT", 1)
    assert once in give_ups_end_sentence(1, 1, "C", reader)


# ---- numbers --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("code", "thousand", "decimal"), [
    ("en", "1,234", "1,234,567.89"), ("de", "1.234", "1.234.567,89"),
    ("fr", "1\u202f234", "1\u202f234\u202f567,89"), ("es", "1.234", "1.234.567,89"),
])
def test_a_figure_over_a_thousand_is_written_the_languages_way(code, thousand, decimal):
    reader = Reader(language=code)
    assert number_words(1234, reader) == thousand
    assert number_words(1234567.891, reader, 2) == decimal


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("value", [0, 7, 999, 1234, 681_457, 10**6, 3.5, 4.4, 1234567.891, -2.25])
@pytest.mark.parametrize("places", [0, 1, 2])
def test_numbers_and_percentages_are_written_as_babel_writes_them(code, value, places):
    reader = Reader(language=code)
    pattern = "#,##0" + ("." + "0" * places if places else "")
    assert number_words(value, reader, places) == format_decimal(value, format=pattern, locale=code)
    percent = (pattern + "%") if code == "en" else (pattern + "\u00a0%")  # CLDR's percent patterns
    assert percent_words(value, reader, places) == format_percent(value / 100, format=percent, locale=code)


@pytest.mark.parametrize(("code", "written"), [("en", "+1.5"), ("de", "+1,5"), ("fr", "+1,5"),
                                               ("es", "+1,5")])
def test_the_reviews_luck_and_skill_figures_take_the_languages_decimal_mark(code, written):
    assert _signed(1.5, Reader(language=code)) == written


@pytest.mark.parametrize(("code", "most"), [("en", "10,000"), ("de", "10.000"), ("fr", "10\u202f000"),
                                            ("es", "10.000")])
def test_an_errors_figures_take_the_languages_marks_and_its_english_text_keeps_englishs(code, most):
    with pytest.raises(GameError) as raised:
        Game(players=2, dice=MAX_DICE_CHOICE + 1)
    assert most in error_words(raised.value, Reader(language=code))
    assert "10,000" in str(raised.value)


def test_a_figure_follows_its_placeholders_format():
    german = Reader(language="de")
    assert [format(Figure(value, german), spec) for value, spec in (
        (1234.5, ",.1f"), (1234.5, ""), (1234, ""), (0.125, ".1%"), (-3, "+d"))] == [
        "1.234,5", "1234,5", "1234", "12,5\u00a0%", "-3"]
    assert "{n:,} and {x:.2f}".format(n=Figure(12345, german), x=Figure(2.5, german)) == (  # noqa: UP032
        "12.345 and 2,50")  # (as an error's template is filled)
    assert str(Figure(2.5, german)) == "2,5"


@pytest.mark.parametrize("value", [-0.04, -0.0, -1e-9])
def test_a_figure_that_rounds_to_zero_has_no_minus(value):
    german = Reader(language="de")
    assert format(Figure(value, german), ".1f") == "0,0"
    assert _signed(value, german) == "+0,0"  # (a review's summary: "-0,0" before)
    assert number_words(value, Reader(), 0) == "0"
    assert percent_words(value / 100, german) == "0\u00a0%"
    assert _signed(-0.06, german) == "-0,1" and number_words(-0.006, german, 2) == "-0,01"

