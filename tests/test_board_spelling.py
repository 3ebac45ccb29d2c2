"""The board is spelled as a whole (docs/rules.md section 10): one name per die, shared by every text.

Seeded games at 21, 33 and 42 dice, basic and master level, are read after every placement: the
pairs of neighbouring dice that read right are as many as any spelling with single sharps and flats
allows (an exhaustive search finds no better), every run's text and every message names a die as
the board does, a die is renamed only when keeping every name shown would rank worse (fewer pairs
right, more accidentals, fewer dice as their runs alone write them), a board rebuilt from its
notation reads as the game showed it, and no more dice show two names than pairs the board's single
names leave wrong (issue 52, items 6 and 7).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

import muzlab
from muzlab import Game, Position, RuleSet
from muzlab.core.pitch import to_convention
from muzlab.names.board_spelling import (
    most_pairs_right,
    neighbour_pairs,
    note_options,
    spell_board,
)
from muzlab.names.letters import LETTERS
from muzlab.names.spelling import scale_name, show_name, symbols
from muzlab.play.agents import make_agent, play
from muzlab.play.quiz import score_explanation
from muzlab.play.table import Table
from muzlab.play.table_news import said
from muzlab.reading import lesson_key

SETTINGS = [(21, "basic", 0), (33, "basic", 1), (42, "master", 2), (21, "master", 3), (33, "master", 4),
            (42, "basic", 5)]


def played(dice: int, level: str, seed: int) -> Game:
    game = Game(2, None, RuleSet.named(level), dice, seed)
    return play(game, [make_agent("greedy", f"{seed}:0"), make_agent("random", f"{seed}:1")])


def positions_of(game: Game) -> list[Position]:
    """The position after each placement, replayed in play order (as the game names its dice)."""
    found, position = [], Position(game.board, None, game.rules)
    for event in game.events:
        if event.kind == "place":
            position = position.place(event.pitch, event.cell)
            found.append(position)
    return found


def right_pairs(spelled, names: dict) -> int:
    """The pairs reading right with `names`, each line by its scale's letter pattern."""
    return sum(spelled.reads(low, high, line, names) for low, high, line in neighbour_pairs(names))


def accidentals(names) -> int:
    return sum(len(name) - 1 for name in names)


def board_rank(position: Position, alone: dict, names: dict) -> tuple:
    """How a board written `names` ranks (docs/rules.md section 10, without a lesson key): the pairs reading
    right, the fewest accidentals, the most dice written as their runs alone, the fewest flats."""
    return (right_pairs(position.spelled(), names), -accidentals(names.values()),
            sum(alone[cell] == name for cell, name in names.items()),
            -sum(name[1:].count("b") for name in names.values()))


@pytest.fixture(scope="module", params=SETTINGS, ids=lambda s: f"{s[0]}-{s[1]}")
def game(request) -> Game:
    return played(*request.param)


def test_every_board_reads_right_on_as_many_pairs_as_single_accidentals_allow(game):
    for position in positions_of(game)[::4] + [game.position]:
        spelled = position.spelled()
        dice = dict(position.dice)
        assert spelled.right == right_pairs(spelled, spelled.names) == most_pairs_right(
            dice, position.rules.scale_types)
        assert all(len(name) <= 2 for name in spelled.names.values())  # one sharp or flat at most


def test_every_run_is_spelled_with_the_boards_names_for_its_dice(game):
    position = game.position
    spelled, labels = position.spelled(), position.labels()
    for structure in position.structures():
        line = ("column", "rising-right diagonal", "rising-left diagonal").index(structure.line)
        assert list(structure.names) == [spelled.name(cell, line) for cell in structure.cells]
        for cell, name in zip(structure.cells, structure.spelling(), strict=True):
            assert name in labels[cell].split("/")
        assert f" {'–'.join(structure.spelling())}: " in structure.describe()


def test_a_die_shows_two_names_only_where_its_lines_cannot_agree(game):
    position = game.position
    spelled = position.spelled()
    for (cell, line), other in spelled.on_line.items():
        assert other != spelled.names[cell] and spelled.label(cell) == "/".join(
            sorted({spelled.names[cell], *(n for (c, _l), n in spelled.on_line.items() if c == cell)}))
        # on that line the other name reads right with more of its neighbours than the die's own name
        for low, high, on in neighbour_pairs(position.dice):
            if on == line and cell in (low, high):
                break
        else:
            pytest.fail(f"{cell} has another name on a line where it has no neighbour")


def test_the_log_the_sheet_and_the_tables_messages_name_each_placed_die_as_the_board_does(game):
    cells = [e.cell for e in game.events if e.kind == "place"]
    names = ["/".join(map(symbols, position.die_names()[cell]))  # (typeset: F♯)
             for position, cell in zip(positions_of(game), cells, strict=True)]
    board = game.board
    placed = [event for event in game.events if event.kind == "place"]
    sentences = [line for line in game.log() if " places " in line]
    for event, name, sentence in zip(placed, names, sentences, strict=True):
        assert f" places {name} on {board.cell_name(event.cell)}" in sentence
    plays = " · ".join(game.score_sheet()["plays"])
    for event, name in zip(placed, names, strict=True):
        assert f"{name} {board.cell_name(event.cell)} +{event.points}" in plays


def test_a_die_is_renamed_only_when_keeping_every_name_shown_would_rank_worse(game):
    # The names shown break no tie (the board is a function of its dice): a die changes its name only
    # when the names kept would read fewer pairs right, need more accidentals, or write fewer dice as
    # their own runs spell them, then more flats.
    for before, after in zip(positions_of(game), positions_of(game)[1:], strict=False):
        renamed = [cell for cell, name in before.spelled().names.items()
                   if after.spelled().names[cell] != name]
        if not renamed:
            continue
        new_cell = next(cell for cell in after.dice if cell not in before.dice)
        dice, alone = dict(after.dice), after._alone_labels()
        got = board_rank(after, alone, dict(after.spelled().names))
        for option in note_options(dice[new_cell]):
            assert board_rank(after, alone, {**before.spelled().names, new_cell: option}) < got, renamed


def test_a_renaming_is_said_in_the_message_of_the_move_that_needed_it():
    for dice, level, seed in SETTINGS:
        game = played(dice, level, seed + 10)
        for event, line, position in zip([e for e in game.events if e.kind == "place"],
                                         [s for s in game.log() if " places " in s],
                                         positions_of(game), strict=True):
            for cell, old, _new in position.renamed():
                if cell != event.cell:
                    assert f"the {symbols('/'.join(old))} on {game.board.cell_name(cell)} is now " in line
                    return
    pytest.fail("no seeded game renamed a die")


def test_the_tables_messages_name_the_die_as_its_board_does():
    table = Table(agents=[None, None], seed=3)
    while not table.game.over:
        if table.game.hand is None:
            table.roll()
            continue
        cells = table.game.legal_placements()
        if not cells:
            table.pass_die()
            continue
        (message, *_) = said(table.place(cells[0]))
        cell = table.game.events[-1].cell if table.game.events[-1].kind == "place" else table.last
        label = "/".join(map(symbols, table.game.position.die_names()[cell]))
        assert f"places {label} on {table.board.cell_name(cell)}" in message.text


def test_the_issues_explorer_board_reads_in_f_sharp_major():
    position = Position(None, {"b2": "B", "c3": "C#", "d4": "D#", "e5": "F", "f5": "F#", "e4": "C#",
                               "e6": "G#"})
    labels = {position.board.cell_name(cell): name for cell, name in position.labels().items()}
    assert [labels[c] for c in ("b2", "c3", "d4", "e5", "f5")] == ["B", "C#", "D#", "E#", "F#"]
    texts = [structure.describe() for structure in position.structures()]
    assert "triad C#–E#–G#: complete C# major — I in C# major, V in F# major" in texts
    assert "scale run B–C#–D#–E#–F#: fits F# major" in texts


def test_the_lesson_key_spells_what_fits_it_and_names_functions_in_it_first():
    dice = {"b2": "B", "c3": "C#", "d4": "D#", "e5": "F", "f5": "F#", "e4": "C#", "e6": "G#"}
    position = Position(None, dice)
    in_db = {position.board.cell_name(cell): name for cell, name in position.labels(key="Db").items()}
    assert [in_db[c] for c in ("b2", "c3", "d4", "e5", "f5")] == ["Cb", "Db", "Eb", "F", "Gb"]
    texts = [structure.describe() for structure in position.structures(key="Db")]
    assert "triad Db–F–Ab: complete Db major — I in Db major, V in Gb major, IV in Ab major" in texts
    with lesson_key("Db"):
        assert position.labels() == position.labels(key="Db")
    assert position.labels() != position.labels(key="Db")
    pair = Position(None, {"f4": "C#", "e5": "Eb"})  # a rising-right diagonal step
    assert pair.structures()[0].describe().startswith("scale run C#–D#: fits E major, ")
    assert pair.structures(key="Gb")[0].describe().startswith("scale run Db–Eb: fits Gb major, ")
    lone = Position(None, {"e5": "C#"})
    assert list(lone.labels().values()) == ["C#"] and list(lone.labels(key="Ab").values()) == ["Db"]
    # the key comes after reading right: C–E–G stays natural in F# major
    triad = Position(None, {"e3": "C", "e4": "E", "e5": "G"})
    assert sorted(triad.labels(key="F#").values()) == ["C", "E", "G"]


def test_two_threads_with_two_conventions_never_see_each_others_names():
    position = Position(None, {"e3": "Bb", "e4": "D", "e5": "F"})
    expected = {convention: sorted(to_convention(name, convention) for name in ("Bb", "D", "F"))
                for convention in ("german", "solfege")}
    seen: dict[str, set] = {"german": set(), "solfege": set()}
    barrier = threading.Barrier(2)

    def read(convention: str) -> None:
        with muzlab.note_names(convention):
            barrier.wait()
            for _ in range(200):
                seen[convention].add(tuple(sorted(Position(None, dict(position.dice)).labels().values())))

    threads = [threading.Thread(target=read, args=(convention,)) for convention in seen]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {convention: {tuple(names)} for convention, names in expected.items()}
    assert muzlab.reading.current_note_names() == "english"



def test_a_board_spelled_by_another_thread_between_the_look_and_the_spelling_is_the_one_returned():
    position = Position(None, {"e5": "Eb"}).place("C#", "d4")
    published = position.spelled("")

    class LookedTooEarly(dict):
        """A position's spellings as a thread saw them just before another thread published its own."""

        def get(self, key, default=None):
            return default

    position._spellings = LookedTooEarly(position._spellings)
    # (C#–D#, as the run alone writes it: the E♭ shown before breaks no tie, docs/rules.md section 10)
    assert position.spelled("") is published and position.labels("")[(-1, 1)] == "C#"

#: German and fixed-do names of every note with up to two sharps or flats, as textbooks write them.
TEXTBOOK = {
    "C": ("Ceses", "Ces", "C", "Cis", "Cisis"), "D": ("Deses", "Des", "D", "Dis", "Disis"),
    "E": ("Eses", "Es", "E", "Eis", "Eisis"), "F": ("Feses", "Fes", "F", "Fis", "Fisis"),
    "G": ("Geses", "Ges", "G", "Gis", "Gisis"), "A": ("Ases", "As", "A", "Ais", "Aisis"),
    "B": ("Heses", "B", "H", "His", "Hisis"),
}
SOLFEGE = {"C": "Do", "D": "Re", "E": "Mi", "F": "Fa", "G": "Sol", "A": "La", "B": "Si"}


@pytest.mark.parametrize("letter", LETTERS)
def test_every_double_and_single_accidental_in_german_and_solfege(letter):
    english = [letter + "bb", letter + "b", letter, letter + "#", letter + "##"]
    assert [to_convention(name, "german") for name in english] == list(TEXTBOOK[letter])
    marks = ("♭♭", "♭", "", "♯", "♯♯")
    assert [to_convention(name, "solfege") for name in english] == [SOLFEGE[letter] + m for m in marks]
    for name in english:
        for convention in ("german", "solfege"):
            assert muzlab.parse_pitch(to_convention(name, convention), convention) == muzlab.parse_pitch(name)


def test_the_quizs_point_explanation_equals_the_rules_score_on_every_placement_tried():
    for dice, level, seed in SETTINGS[:3]:
        openings = [Position(None, None, RuleSet.named(level))]
        for position in openings + positions_of(played(dice, level, seed))[:12]:
            for pitch, cell in list(position.legal_moves())[::7]:
                text = score_explanation(position, pitch, cell)
                total = int(re.findall(r"= (\d+)", text)[-1])
                assert total == position.score(pitch, cell), text
    opening = Position()
    assert score_explanation(opening, 0, (0, 0)).endswith("= 0.") and opening.score(0, (0, 0)) == 0


def test_a_pair_could_become_triads_that_hold_its_letters():
    position = Position(None, {"e4": "G#", "e5": "B"})
    (pair,) = position.structures()
    assert pair.spelling() == ("G#", "B")
    assert "E# diminished" in pair.describe() and "F diminished" not in pair.describe()


def test_a_whole_scale_is_titled_without_its_degrees():
    assert scale_name(["F#", "G#", "A#", "B", "C#", "D#", "E#"]) == f"{show_name('F#')} major scale"
    assert scale_name(["G#", "A#", "B"]) == "B major scale, degrees 6-7-1"


def test_spell_board_is_a_pure_function_of_the_dice():
    dice = dict(played(21, "basic", 7).position.dice)
    assert spell_board(dice) == spell_board(dict(reversed(list(dice.items()))))


def test_a_board_rebuilt_from_its_notation_reads_as_the_game_showed_it(game):
    # docs/rules.md section 10: a finished board reads the same whatever order its dice were placed in.
    for position in positions_of(game)[::5] + [game.position]:
        rebuilt = Position.from_notation(position.notation())
        assert rebuilt.spelled() == position.spelled()
        assert [s.describe() for s in rebuilt.structures()] == [s.describe() for s in position.structures()]


def test_a_die_shows_two_names_only_for_pairs_it_mends(game):
    # Issue 52, item 7: no more dice with two names than pairs the board's main names leave wrong, and
    # a die shows two only where its line's own names then read right on more pairs.
    for position in positions_of(game)[::3] + [game.position]:
        spelled = position.spelled()
        two = sum(len(spelled.shown_names(cell)) > 1 for cell in spelled.names)
        assert two <= spelled.pairs - spelled.right
        assert (spelled.right_on_lines > spelled.right) == (two > 0)
        assert spelled.right_on_lines == sum(
            spelled.reads(low, high, line, {low: spelled.name(low, line), high: spelled.name(high, line)})
            for low, high, line in neighbour_pairs(position.dice))


def test_the_widgets_take_the_lesson_key_and_the_app_sets_it_for_every_tab():
    from muzlab.widgets import Explorer
    from muzlab.widgets.tabbed_app import ClassroomApp

    dice = {"b2": "B", "c3": "C#", "d4": "D#", "e5": "F", "f5": "F#", "e4": "C#", "e6": "G#"}
    runs = [text for text, _ in Explorer(Position(None, dice), key="Db").runs.options]
    assert "scale run C♭–D♭–E♭–F–G♭: fits G♭ major" in runs
    plain = Explorer(Position(None, dice)).runs.options
    assert "scale run B–C♯–D♯–E♯–F♯: fits F♯ major" in [text for text, _ in plain]
    app = ClassroomApp()
    try:
        app.explorer.load(Position(None, dice).notation())
        app.lesson_key.value = "Gb major"
        assert "scale run C♭–D♭–E♭–F–G♭: fits G♭ major" in [t for t, _ in app.explorer.runs.options]
        app.note_names.value = "german"  # the menu's keys are values, not names read in German
        app.lesson_key.value = "Bb major"
        assert muzlab.reading.current_lesson_key() == muzlab.Key.of("Bb")
    finally:
        app.note_names.value = "english"
        app.lesson_key.value = None
    assert "scale run B–C♯–D♯–E♯–F♯: fits F♯ major" in [t for t, _ in app.explorer.runs.options]


def test_a_refusal_names_the_dice_on_the_board_as_the_board_does():
    played_first = Position(None, {"e5": "Eb"}).place("C#", "d4")  # the Eb was shown first
    fresh = Position(None, {"e5": "Eb", "d4": "C#"})  # one board whatever the order: C#–D# (E major)
    for position, key, run in ((played_first, "", "C#–D#–"), (fresh, "", "C#–D#–"), (fresh, "Db", "Db–Eb–")):
        with lesson_key(key):
            names = [position.labels()[cell] for cell in ((-1, 1), (0, 0))]
            assert "–".join(names) + "–" == run
            reasons = [position.explain(pitch, (1, -1)) for pitch in range(12)]
            assert all(reason.startswith(run) for reason in reasons if reason and "scale" in reason)


def test_a_die_written_otherwise_than_rolled_says_why_once_and_the_words_page_explains_it():
    from muzlab.play.game_words import TWO_NAMES_PAGE, _read_as
    from muzlab.reading import typeset

    with typeset():  # G♯–A♯–B on a rising-right diagonal: the rolled B♭ is written A♯
        position = Position(None, {(-1, 1): "G#", (0, 0): "Bb", (1, -1): "B"})
        assert position.labels()[(0, 0)] == "A♯"
        assert _read_as(position, (0, 0), 10, muzlab.default_reader()) == "B♭, read as A♯ here: it leads to B"
    changed = 0
    for dice, level, seed in SETTINGS[:4]:
        game = played(dice, level, seed)
        with typeset():
            lines = [line for line in game.log() if " places " in line]
        for event, line, position in zip([e for e in game.events if e.kind == "place"], lines,
                                         positions_of(game), strict=True):
            label, rolled = position.spelled().label(event.cell), muzlab.core.pitch.pitch_name(event.pitch)
            clause = f"{symbols(rolled)}, read as {symbols(label)} here: "
            if label != rolled and "/" not in label:
                changed += 1
                assert line.count(clause) == 1 and line.count(" read as ") - line.count(" is now ") == 1, line
            else:
                assert ", read as " not in line, line
    assert changed
    table = Table(agents=[None, None], seed=3, rules=RuleSet.master(), board="master", dice=42)
    told = []
    while not table.game.over:
        if table.game.hand is None:
            table.roll()
            continue
        cells = table.game.legal_placements()
        if not cells:
            table.pass_die()
            continue
        (message, *_) = said(table.place(cells[0]))
        if ", read as " in message.text:
            told.append(TWO_NAMES_PAGE in message.text)
    assert told[0] and not any(told[1:]) and len(told) > 1  # the page is pointed to once a game
    words_page = (Path(__file__).parents[1] / TWO_NAMES_PAGE.split("#")[0]).read_text(encoding="utf-8")
    assert "\n## One sound, two names\n" in words_page
