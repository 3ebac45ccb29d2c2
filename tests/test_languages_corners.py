"""The corners the languages reach last: the board's own lines in the page (svgboard.js says only what
Python sends), the book's stand-ins for widgets, the term's games against the computer (the seat's
name, the computer's level, every move's sentence) and the help of the lessons and worksheet commands."""

from __future__ import annotations

import importlib.util
import re
from datetime import datetime
from pathlib import Path

import ipywidgets as widgets
import pytest
from test_term import Clock, open_term
from test_term_games import best

import muzlab
from muzlab import Position
from muzlab.app import term_games
from muzlab.cli import build_parser
from muzlab.names.output_words import agent_name
from muzlab.names.reader import PLAIN, Reader
from muzlab.play.table import COMPUTER_SEAT
from muzlab.widgets import Explorer
from muzlab.widgets.static import needs, static_bundle
from muzlab.widgets.svgboard import Scene, SvgBoard, board_words

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("de", "fr", "es")
MONDAY = datetime(2026, 11, 30, 10, 0)
#: A sentence in a script: a quoted string of three words or more.
SENTENCE = re.compile(r"""(["'`])([A-Z][a-z]+(?: [^"'`]+){2,})\1""")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_board_says_its_own_lines_in_the_readers_language(code):
    board = SvgBoard(muzlab.Board.standard())
    assert board.words == board_words(PLAIN)  # before the first scene: English
    board.show(Scene(Position(dice={"e5": "C"})), Reader(language=code))
    english = board_words(PLAIN)
    assert board.words.keys() == english.keys() == {"label", "point", "tap", "capped", "news"}
    assert all(board.words[key] and board.words[key] != english[key] for key in english)
    board.show(Scene(Position(dice={"e5": "C"})), PLAIN)
    assert board.words == english


def test_the_pages_scripts_hold_no_sentence_of_their_own():
    english = set(board_words(PLAIN).values())
    for script in sorted((ROOT / "muzlab" / "widgets").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        code = "\n".join(line.split("//")[0] for line in text.splitlines()
                         if "console." not in line)  # (a developer's message in the console)
        assert not any(sentence in text for sentence in english), script.name
        assert SENTENCE.findall(code) == [], script.name
    assert 'model.get("words")' in (ROOT / "muzlab" / "widgets" / "svgboard.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_books_stand_ins_speak_the_lessons_language(code):
    before = muzlab.reading.default_reader()
    try:
        muzlab.set_language(code)
        reader = Reader(muzlab.reading.current_note_names(), typeset=True, language=code)
        explorer = static_bundle(Explorer(Position(dice={"e5": "C"})))
        box = static_bundle(widgets.VBox([widgets.Button(description="Next")]))
    finally:
        muzlab.set_reader(before)
    assert needs(reader) != needs(PLAIN) and "<code>muzlab lab</code>" in needs(reader)
    assert explorer["text/html"].count(needs(reader)) == 1 and "Explorer" in explorer["text/html"]
    assert needs(reader) in box["text/html"] and "VBox" in box["text/html"]
    for bundle in (explorer, box):
        assert "needs a running Python" not in bundle["text/html"]
        assert "interactive in a live kernel" not in bundle["text/plain"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_term_game_names_the_computer_and_tells_every_move_in_the_students_language(code):
    reader = Reader(language=code)
    table = term_games.new_table(3, "greedy", "Ada")
    computer = f"{reader.pgettext(*COMPUTER_SEAT)} ({agent_name('greedy', reader)})"
    assert table.seats[1].called(reader) == computer and table.seats[1].label == "Computer (greedy)"
    assert table.seats[1].name_for(reader) != "Computer" or code == "de"  # German says Computer too
    said = []
    while not table.game.over:
        said.append(term_games.words(term_games.play(table, best(table)), reader))
    told = " ".join(said)
    assert computer in told and "(greedy)" not in told
    assert not re.search(r"\b(places|passes|rolls|scores|wins|legal)\b", told)
    winners = [table.seats[seat].name_for(reader) for seat in table.game.result.winners]
    assert all(name in table.status(reader) for name in winners)  # "Ordinateur gagne avec 79 points"
    with pytest.raises(term_games.GameRefused) as refused:
        term_games.play(table, None)
    assert refused.value.words(reader) == reader.gettext("The game is not waiting on a move of yours.")
    assert refused.value.words(reader) != "The game is not waiting on a move of yours."


@pytest.mark.slow
def test_a_students_term_page_shows_the_game_in_their_language(tmp_path):
    from muzlab.app.term_pages import TermStudent

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    term.assign("Spiel", "game", 1, "2026-11-30", "2026-12-04", computer="random", seed=2)
    reader = Reader("german", typeset=True, language="de")
    page = TermStudent(term, lambda: anna, lambda: reader)
    assert "Anna 0 – Computer 0" in page.game_status.value and "Anna (" not in page.game_status.value
    assert page.board.words == board_words(reader)  # the board's own lines in German too
    said = []
    for _move in range(3):  # the opening, then moves the computer answers
        page.board.on_click(best(term.table(page.item.assignment, anna.id, page.item.index)))
        said.append(page.said.value)
    assert "Computer (zufällig)" in said[-1] and not any("(random)" in words for words in said)
    page.close()
    room.store.close()


COMMANDS = ("worksheet", "printables", "lessons", "lab", "app", "scorm")


def command_help(code: str, command: str) -> str:
    parser = build_parser(Reader(language=code))
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices[command].format_help() + "\n".join(
        choice.help for choice in action._choices_actions if choice.dest == command)


def _values(line: str) -> bool:
    """Whether a help line only lists values typed on the command line (the kinds of question)."""
    from muzlab.views.bank_files import COMMAND_KINDS

    return all(word in COMMAND_KINDS for word in line.replace(",", " ").split())


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("command", COMMANDS)
def test_the_help_of_the_lessons_and_worksheet_commands_is_in_the_commands_language(code, command):
    english, translated = command_help("en", command), command_help(code, command)
    lines = {line.strip() for line in english.splitlines()}
    # every line of English help that says something (not options, usage or headings) is translated
    words = [line for line in lines if len(line.split()) >= 3 and not line.startswith(("usage", "-", "["))
             and not line.endswith(":") and not _values(line)]
    assert words and not [line for line in words if line in translated], command
    assert translated != english
    # argparse's own words too: the usage line, the headings, the help of -h
    assert english.startswith("usage: ") and "show this help message and exit" in english
    assert not translated.startswith("usage: ") and "show this help message and exit" not in translated
    assert "options:" in english and "options:" not in translated.replace("\u00a0", " ") or code == "fr"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_boards_legend_and_title_are_in_the_readers_language(code):
    import matplotlib

    matplotlib.use("Agg")
    from muzlab.views import plot
    from muzlab.views.svg import legend_words, position_svg

    reader = Reader(typeset=True, language=code)
    position = Position(dice={"e4": "C", "e5": "E", "f4": "D"})
    svg, english = position_svg(position, reader=reader), legend_words("en")
    assert all(words in svg for words in legend_words(code).values() if words != legend_words(code)["dead",
                                                                                                      "run"])
    assert not any(words in svg for words in english.values())
    ax = plot.board(position, highlight="G", reader=reader)
    assert ax.get_title() and "legal cell" not in ax.get_title() and "Where can" not in ax.get_title()
    assert {text.get_text() for text in ax.get_legend().get_texts()} == {
        legend_words(code)[style, kind] for style in ("complete", "potential") for kind in ("triad", "scale")}


def test_the_translated_pages_figures_are_drawn_from_the_catalogues_as_they_are_now(tmp_path):
    spec = importlib.util.spec_from_file_location("figures", ROOT / "docs" / "make_rules_figures.py")
    figures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(figures)
    for code in LANGUAGES:
        figures.scoring(figures.Words(code), tmp_path)
        shipped = ROOT / "docs" / code / "images" / "rules" / "scoring.png"
        assert (tmp_path / "scoring.png").read_bytes() == shipped.read_bytes(), \
            "run python docs/make_rules_figures.py"
