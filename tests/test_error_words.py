"""Errors in the reader's language: every error template of the source reads in German, French and
Spanish with no English word left; bad inputs of every kind are said with their facts (notes by the
reader's names) while `str(error)` stays English; the command prints the German sentence."""

from __future__ import annotations

import json
import pickle
import re
import string

import pytest
from babel.messages.extract import extract_from_dir
from scripted import play_script
from test_languages import PLACEHOLDER, catalogues, english_words

from muzlab.app.term import GradeScheme
from muzlab.cli import main
from muzlab.core import errors
from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError, NoteFact, Worded
from muzlab.core.pitch import parse_pitch, pitch_name
from muzlab.names import language, position_words
from muzlab.names.error_words import error_words
from muzlab.names.language import DEFAULT_NOTE_NAMES, prose_note
from muzlab.names.letters import NotAKey, NotAStructure, NotInKey, spell_triad
from muzlab.names.reader import PLAIN, Reader
from muzlab.names.refusal_words import refusal_text
from muzlab.names.spelling import roman_numeral, show_name, spell_scale
from muzlab.play import records
from muzlab.play.eartraining import Drill, EarTrainingError
from muzlab.play.game import Event, Game
from muzlab.rules.position import Position
from muzlab.rules.ruleset import RuleSet

TRANSLATED = catalogues.TRANSLATED
#: The keywords that mark sentences rather than errors (an error's template is its first argument),
#: and the counted nouns of errors (a `Count` fact's two templates).
SENTENCES = ("gettext", "ngettext", "pgettext", "npgettext", "translate", "translate_plural", "translate_in",
             "marked", "Count")
WORD = re.compile(r"[a-zà-ÿ]{3,}")


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def error_templates() -> list[str]:
    """Every template an error (or a fact of one) of the package is raised with."""
    keywords = {name: spec for name, spec in catalogues.KEYWORDS.items() if name not in SENTENCES}
    found = {message for _, _, message, _, _ in extract_from_dir(
        catalogues.PACKAGE, method_map=[("**.py", "python")], keywords=keywords)}
    return sorted(found)


TEMPLATES = error_templates()


def test_the_errors_raised_with_templates_are_the_many_not_the_few():
    assert len(TEMPLATES) > 300
    assert "unknown rule set {name}; known: {levels}" in TEMPLATES
    assert "{where} is not on the {board} board." in TEMPLATES


def sample_facts(text: str) -> dict[str, int]:
    """A number for each placeholder (every format spec of the templates takes one)."""
    return {name: 4321 for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_error_template_reads_in_the_language_with_no_english_left(code, template):
    leftovers = english_words(code, template)
    same, left = [], []
    for english in TEMPLATES:
        words = language.translate(code, english)
        said = words.format(**sample_facts(english))  # (the translation's placeholders take the facts)
        if WORD.search(PLACEHOLDER.sub("", english).lower()) and words == english:
            same.append(english)
        kept = set(WORD.findall(said.lower())) & leftovers
        if kept:
            left.append((english, said, sorted(kept)))
    assert not same, f"{code}: {len(same)} error templates read in English: {same[:5]}"
    assert not left, f"{code}: English words left: {left[:5]}"


# ---- bad inputs of every kind, said to a person --------------------------------------------------------
def _board_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"hexagon": 2, "honeypots": {"5": [[0, 0]]}}')
    return Board.load(path)


def _unreadable_board(tmp_path):
    path = tmp_path / "half.json"
    path.write_text('{"hexagon": ')
    return Board.load(path)


def _replayed(change):
    C, E, G = 0, 4, 7
    data = play_script(Game(seed=2), (C, (0, 0), E, (0, -1), G, "pass", (0, -2))).to_dict()
    change(data, E)
    return Game.from_json(json.dumps(data))


def _wrong_die():
    game = Game(seed=2)
    game.roll(face=10)  # B♭: "B" to a German, "si♭" to a French reader
    return game.apply(Event("place", 0, 3, (0, 0)))


BAD_INPUTS = {
    "unknown note name": (lambda _: parse_pitch("Q#"), errors.UnknownNoteName),
    "unknown German note name": (lambda _: parse_pitch("Bis", "german"), errors.UnknownNoteName),
    "off-board cell": (lambda _: Board.standard().cell_index((40, 40)), errors.CellOffBoard),
    "off-board cell name": (lambda _: Board.standard().parse_cell("z9"), errors.CellOffBoard),
    "not a cell": (lambda _: Board.standard().cell_index("e"), errors.InvalidCell),
    "board data": (lambda _: Board.from_dict({"hexagon": -1}), errors.BoardFileError),
    "board file": (_board_file, errors.BoardFileError),
    "unreadable board file": (_unreadable_board, errors.BoardFileError),
    "no such board": (lambda _: Board.named("moon"), errors.BoardFileError),
    "game record not an object": (lambda _: Game.from_json("[1, 2]"), errors.GameRecordError),
    "game record of another format": (lambda _: Game.from_json('{"format": "chess"}'),
                                      errors.GameRecordError),
    "game record with NaN": (lambda _: records.parse('{"scores": NaN}'), errors.GameRecordError),
    "game record with a wrong die": (lambda _: _replayed(lambda d, E: d["events"][5].update(pitch=E)),
                                     errors.GameRecordError),
    "game record with a wrong seat": (lambda _: _replayed(lambda d, E: d["events"][4].update(player=0)),
                                      errors.GameRecordError),
    "a die not in hand": (lambda _: _wrong_die(), errors.GameError),
    "placing with no die": (lambda _: Game(seed=2).place((0, 0)), errors.GameError),
    "game record with a bad board": (lambda _: _replayed(lambda d, E: d["board"].update(centre=[9, 9])),
                                     errors.GameRecordError),
    "players": (lambda _: Game(players=9), errors.GameError),
    "notation": (lambda _: Position.from_notation("hello"), errors.NotationError),
    "notation with a bad note": (lambda _: Position.from_notation("standard/basic Q@0,0"),
                                 errors.NotationError),
    "house rule": (lambda _: Position.from_notation("standard/basic+jumping C@0,0"), errors.NotationError),
    "unknown rule set": (lambda _: RuleSet.named("klingon"), errors.UnknownSetting),
    "unknown language": (lambda _: Reader(language="tlh"), errors.UnknownSetting),
    "grade out of": (lambda _: GradeScheme(out_of=0), errors.MuzlabError),
    "grade counts": (lambda _: GradeScheme(counts="worst"), errors.MuzlabError),
    "drill": (lambda _: Drill("juggling"), EarTrainingError),
    "triad": (lambda _: spell_triad(["C", "D", "E"]), NotAStructure),
    "scale in another key": (lambda _: spell_scale([0, 2, 4], key="Gb"), NotAKey),
    "a triad not in the key": (lambda _: roman_numeral("E", "major", "Bb"), NotInKey),
    "dice that break the rules": (lambda _: Position(dice={(0, 0): "C", (0, -1): "D", (3, 0): "E"}),
                                  errors.InvalidPosition),
    "a placement the rules refuse": (lambda _: Position(dice={(0, 0): "C"}).place("D", (0, -1)),
                                     errors.IllegalPlacement),
    "a column of four": (
        lambda _: Position(dice={(0, 1): "C", (0, 0): "E", (0, -1): "G"}).place("B", (0, -2)),
        errors.IllegalPlacement),
    "an occupied cell": (lambda _: Position(dice={(0, 0): "C"}).place("E", (0, 0)), errors.CellOccupied),
    "game record with an illegal placement": (
        lambda _: _replayed(lambda d, E: d["events"][3].update(cell=[3, 0])), errors.GameRecordError),
}


def raised(name, tmp_path) -> MuzlabError:
    make, kind = BAD_INPUTS[name]
    with pytest.raises(kind) as caught:
        make(tmp_path)
    return caught.value


def fact_words(value: object, reader: Reader) -> str:
    """A fact as the reader reads it: a note by the reader's names, an event, error or phrase in its
    words."""
    if isinstance(value, Worded):
        return value.words(reader)
    if isinstance(value, NoteFact):
        shown = show_name(str(value), reader)
        return prose_note(shown, reader.language) if reader.convention == "solfege" else shown
    if hasattr(value, "template"):
        return error_words(value, reader)
    return str(value)


def plain_facts(error) -> list[str]:
    """The facts of an error and of the errors and phrases inside it that are not words themselves."""
    found = []
    for value in getattr(error, "fields", {}).values():
        if hasattr(value, "template"):
            found += plain_facts(value)
        elif not isinstance(value, Worded):
            found.append(str(value))
    return found


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_a_bad_input_is_said_in_the_readers_language_with_its_facts(name, code, template, tmp_path):
    error = raised(name, tmp_path)
    reader = Reader(DEFAULT_NOTE_NAMES[code], typeset=True, language=code)
    said = error_words(error, reader)
    assert error.template in TEMPLATES
    assert str(error) == error_words(error, PLAIN) == error.template.format(**error.fields)  # the API's
    assert said != str(error)
    for value in error.fields.values():
        words = fact_words(value, reader)  # (a capital where the sentence begins with it: "Mi majeur …")
        assert words in said or said.startswith(words[:1].upper() + words[1:]), (value, said)
    rest = said
    for fact in sorted(plain_facts(error), key=len, reverse=True):
        rest = rest.replace(fact, " ")
    left = set(WORD.findall(rest.lower())) & english_words(code, template)
    assert not left, f"{said!r} keeps English words {sorted(left)}"


def test_a_note_in_an_error_is_named_as_the_reader_names_notes():
    error = raised("a die not in hand", None)
    (die,) = [value for value in error.fields["why"].fields.values()]
    assert isinstance(die, NoteFact) and str(die) == pitch_name(10) == "Bb"
    assert "the player holds the die Bb" in str(error)
    assert error_words(error, Reader("german", language="de")).endswith("der Spieler hält den Würfel B")
    french = Reader("solfege", typeset=True, language="fr")
    assert error_words(error, french).endswith("le joueur tient le dé si♭")
    assert error_words(error, Reader("english", typeset=True)).endswith("the player holds the die B♭")


def test_keys_in_an_error_are_named_by_the_readers_grammar():
    error = raised("scale in another key", None)
    assert str(error) == "C-D-E is not a run of Gb major; it fits C major, G major, F major"
    assert error_words(error, Reader("german", language="de")) == \
        "C-D-E ist keine Reihe in Ges-Dur; sie passt zu C-Dur, G-Dur, F-Dur"
    assert error_words(error, Reader("solfege", typeset=True, language="fr")).endswith(
        "elle convient à do majeur, sol majeur, fa majeur")


def test_a_refused_placement_keeps_its_rule_as_facts_and_each_reader_reads_it_anew():
    position = Position(dice={(0, 0): "C"})
    with pytest.raises(errors.IllegalPlacement) as caught:
        position.place(10, (0, -1))  # B♭ under C: a column pair ten semitones apart
    error = caught.value
    assert error.refusal == position.refusal(10, (0, -1)) and error.refusal.detail == (10,)
    assert str(error) == error.reason == position_words.explain(position, 10, (0, -1), PLAIN)
    for reader in (Reader("german", language="de"), Reader("solfege", typeset=True, language="fr"),
                   Reader("solfege", language="es")):
        assert error_words(error, reader) == position_words.explain(position, 10, (0, -1), reader)
    assert error_words(error, Reader("german", language="de")).startswith("Von C aufwärts bis B sind es 10")
    again = pickle.loads(pickle.dumps(error))  # (a worker's error reaches the process that started it)
    assert (str(again), again.refusal, error_words(again, Reader("german", language="de"))) == (
        str(error), error.refusal, error_words(error, Reader("german", language="de")))


def test_dice_that_break_the_rules_are_said_rule_by_rule_in_the_readers_language():
    with pytest.raises(errors.InvalidPosition) as caught:
        Position(dice={(0, 0): "C", (0, -1): "D", (3, 0): "E"})
    error = caught.value
    assert [problem.refusal.rule for problem in error.problems] == ["column-pair", "apart"]
    board = Board.standard()
    french = Reader("solfege", typeset=True, language="fr")
    said = error_words(error, french)
    assert said.startswith("ces dés enfreignent les règles\u00a0: ")
    for problem in error.problems:  # each broken rule as the reader reads it, in the one sentence
        assert refusal_text(problem.refusal, board, None, french).rstrip(".") in said
    assert "\u00a0; les dés sur h2" in said  # (French: a non-breaking space before the semicolon)
    assert str(error) == ("these dice break the rules: C up to D is 2 semitones; neighbours in a column are "
                          "a third apart (3 or 4 semitones); the dice on h2 do not touch the others; every "
                          "die must join the group.")


def test_a_triad_not_in_the_key_is_named_by_the_readers_grammar_not_the_callers():
    error = raised("a triad not in the key", None)
    assert str(error).startswith("E major is not a triad of Bb major; its triads are I Bb major, ii C minor")
    german = error_words(error, Reader("german", language="de"))
    assert german.startswith("E-Dur ist kein Dreiklang von B-Dur") and "IV Es-Dur" in german
    with pytest.raises(NotInKey) as caught:  # typed in German names, still English in str()
        roman_numeral("E", "major", "B", Reader("german"))
    assert str(caught.value) == str(error)
    spanish = error_words(error, Reader("solfege", typeset=True, language="es"))
    assert spanish.startswith("Mi mayor no es") and "si♭ mayor" in spanish  # a capital: it begins it


def test_a_cell_off_the_board_is_explained_in_the_readers_language():
    position = Position()
    said = position_words.explain(position, "C", (40, 40), Reader("german", language="de"))
    assert said == "(40, 40) liegt nicht auf dem Spielbrett standard."
    assert position_words.explain(position, "C", (40, 40), PLAIN) == "(40, 40) is not on the standard board."


@pytest.fixture
def no_language_in_the_environment(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


@pytest.mark.parametrize(("argv", "environment", "message"), [
    (["--language", "de", "simulate", "--agents", "nope", "--games", "2"], {},
     "muzlab simulate: unbekannter Spieler 'nope'; bekannte Spieler: ['expert', 'greedy', 'random']"),
    (["simulate", "--agents", "nope", "--games", "2"], {"LANG": "de_DE.UTF-8"},
     "muzlab simulate: unbekannter Spieler 'nope'; bekannte Spieler: ['expert', 'greedy', 'random']"),
    (["perft", "--board", "moon"], {"LANG": "de_DE.UTF-8"},
     "muzlab perft: es gibt kein mitgeliefertes Spielbrett namens 'moon'; mitgeliefert sind: "),
    (["--language", "es", "simulate", "--agents", "random,random,random,random,random"], {},
     "muzlab simulate: 5 jugadores: Muzundrum es para 1 a 4 jugadores"),
    (["simulate", "--agents", "nope", "--games", "2"], {},
     "muzlab simulate: unknown agent 'nope'; known agents: ['expert', 'greedy', 'random']"),
    # argparse's own refusals, read back into facts and said by the catalogue
    (["--language", "de", "perft", "--rules", "klingon"], {},
     "muzlab perft: Argument --rules: ungültige Wahl: 'klingon' (wähle aus 'basic', 'master')"),
    (["worksheet"], {"LANG": "fr_FR.UTF-8"},
     "muzlab worksheet: les arguments suivants sont obligatoires\u00a0: --out"),
    (["perft", "--dice"], {"LANG": "es_ES.UTF-8"}, "muzlab perft: argumento --dice: se espera un valor"),
    (["--language", "de", "perft", "--bogus"], {}, "muzlab: unbekannte Argumente: --bogus"),
    (["--language", "fr", "app", "--port", "99999"], {},
     "muzlab app: argument --port\u00a0: '99999' n'est pas un port\u00a0; donne un nombre de 1 à 65535"),
    (["app", "--max-kernels", "0"], {"LANG": "es_ES.UTF-8"},
     "muzlab app: argumento --max-kernels: 0 es demasiado pequeño"),
    (["perft", "--rules", "klingon"], {},
     "muzlab perft: argument --rules: invalid choice: 'klingon' (choose from 'basic', 'master')"),
])
def test_the_command_prints_a_bad_arguments_error_in_its_language(argv, environment, message, capsys,
                                                                   no_language_in_the_environment):
    for variable, value in environment.items():
        no_language_in_the_environment.setenv(variable, value)
    try:
        code = main(argv)
    except SystemExit as stop:  # (argparse's refusals exit)
        code = stop.code
    lines = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith(message), lines
