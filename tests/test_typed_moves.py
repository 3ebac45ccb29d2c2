"""Typed moves ("e5", "C e5") in the PlayBoard and the Explorer, read in the reader's note names and
language; a move that is wrong says why, in that language, and changes nothing."""

import pytest

from muzlab import Game, Position
from muzlab.core.errors import CellOffBoard, UnknownNoteName
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.names.typed_moves import TypedMoveError, read_move
from muzlab.reading import using_reader
from muzlab.widgets import PlayBoard
from muzlab.widgets.explorer import Explorer

BOARD = Game().board
GERMAN = Reader("german", typeset=True, language="de")
ENGLISH = Reader("english", typeset=True)


@pytest.mark.parametrize(("convention", "text", "pitch", "name"), [
    ("english", "C e5", 0, "C"), ("english", "Gb e5", 6, "Gb"), ("english", "e5 c#", 1, "C#"),
    ("german", "Fis e5", 6, "F#"), ("german", "H e5", 11, "B"), ("german", "B e5", 10, "Bb"),
    ("german", "es e5", 3, "Eb"), ("solfege", "Sol e5", 7, "G"), ("solfege", "Si♭ e5", 10, "Bb"),
    ("solfege", "Do e5", 0, "C")])
def test_a_note_and_a_cell_are_read_in_the_readers_note_names(convention, text, pitch, name):
    move = read_move(text, BOARD, Reader(convention))
    assert (move.cell, move.pitch, move.name) == ((0, 0), pitch, name)


def test_a_cell_alone_names_no_note():
    move = read_move("  d6 ", BOARD, ENGLISH)
    assert move.cell == BOARD.parse_cell("d6") and move.pitch is None and move.name is None


@pytest.mark.parametrize(("text", "error", "words"), [
    ("", TypedMoveError, "Nothing was typed: type a cell such as e5, or a note and a cell such as C e5."),
    ("C D e5", TypedMoveError, "'C D e5' is not a move"),
    ("e5 e6", TypedMoveError, "'e5 e6' is not a move"),
    ("X e5", UnknownNoteName, "'X' is not a note name"),
    ("C z5", CellOffBoard, "z5 is not on the standard board"),
    ("C e12", CellOffBoard, "e12 is not on the standard board: column e holds e1 to e9.")])
def test_what_is_not_a_move_is_refused_with_what_was_wrong(text, error, words):
    with pytest.raises(error, match="^" + words.replace("(", r"\(").replace(".", r"\.")):
        read_move(text, BOARD, ENGLISH)


def test_a_solfege_reader_is_shown_moves_in_solfege():
    with pytest.raises(TypedMoveError, match=r"such as Do e5\.$"):
        read_move("", BOARD, Reader("solfege"))


def first_legal(board: PlayBoard) -> str:
    return board.game.board.cell_name(board.game.legal_placements()[0])


def typed_through(board: PlayBoard, limit: int = 400) -> None:
    """Play to the end by typed moves only: R, then "note cell" for the first legal cell, else Pass."""
    for _ in range(limit):
        game = board.game
        if game.over:
            return
        if game.phase in ("roll", "reroll"):
            board.roll_button.click()
        elif game.legal_placements():
            cell = first_legal(board)
            board.move_field.value = f"{pitch_label(game.hand, board.reader)} {cell}"
            messages = board.type_move()
            assert not messages[0].refused, messages[0].text
            assert board.move_field.value == ""  # emptied once placed
        else:
            board.pass_button.click()
    raise AssertionError("the game did not end")


def test_a_whole_game_by_typed_moves_is_the_game_clicks_play():
    typed = PlayBoard(players=2, seed=11, agent_delay=0)
    typed_through(typed)
    clicked = PlayBoard(players=2, seed=11, agent_delay=0)
    while not clicked.game.over:
        game = clicked.game
        if game.phase in ("roll", "reroll"):
            clicked.roll_button.click()
        elif game.legal_placements():
            clicked.cells[game.legal_placements()[0]].click()
        else:
            clicked.pass_button.click()
    assert typed.game.events == clicked.game.events


def test_a_german_reader_types_german_note_names():
    with using_reader(GERMAN):
        board = PlayBoard(players=1, seed=5, agent_delay=0)
        board.roll_button.click()
        assert board.move_field.label == "Zug eingeben"
        typed_through(board)
        assert board.game.over


@pytest.mark.parametrize(("reader", "wrong_note", "unknown", "off", "not_hand"), [
    (ENGLISH, "is not a note name", "'Q' is not a note name", "z5 is not on the standard board",
     "The die in hand is {hand}, not {typed}: nothing was placed."),
    (GERMAN, "ist kein deutscher Notenname", "'Q' ist kein deutscher Notenname", "z5 liegt nicht auf dem",
     "Der Würfel in der Hand ist {hand}, nicht {typed}: Es wurde nichts gelegt.")])
def test_a_refused_move_says_why_in_the_readers_language_and_changes_nothing(reader, wrong_note, unknown, off,
                                                                            not_hand):
    with using_reader(reader):
        board = PlayBoard(players=1, seed=5, agent_delay=0)
        board.roll_button.click()
        board.type_move("e5")  # the opening die
        board.roll_button.click()
        game, before = board.game, list(board.game.events)
        hand = game.hand
        other = next(pitch for pitch in range(12) if pitch != hand)
        other_name = pitch_label(other, board.reader)  # as the board names a die: E♭, Es
        illegal = next(cell for cell in game.board.cells
                       if cell not in game.position.dice and cell not in game.legal_placements())
        said = []
        for text in ("Q e5", "C z5", f"{other_name} {first_legal(board)}", game.board.cell_name(illegal), ""):
            board.move_field.value = text
            messages = board.type_move()
            assert len(messages) == 1 and messages[0].refused
            assert board.move_field.value == text  # kept, to be mended
            assert list(board.game.events) == before and board.game.hand == hand
            assert board.board_view.news == messages[0].text  # said through the live region too
            said.append(messages[0].text)
        assert said[0].startswith(unknown)
        assert said[1].startswith(off)
        assert said[2] == not_hand.format(hand=pitch_label(hand, board.reader, prose=True),
                                          typed=pitch_label(other, board.reader, prose=True))
        assert said[3] == game.position.explain(hand, illegal, board.reader)  # the rules' own sentence
        assert wrong_note in said[0] and said[4]


def test_the_explorer_puts_a_typed_note_and_says_what_the_board_holds():
    explorer = Explorer()
    explorer.type_move("E e5")
    explorer.type_move("G d5")
    assert explorer.position.dice == {(0, 0): 4, BOARD.parse_cell("d5"): 7}
    assert explorer.palette.value == 7
    explorer.type_move("G d5")  # named again: kept, not taken off
    assert BOARD.parse_cell("d5") in explorer.position.dice
    explorer.type_move("d5")  # a cell alone acts as a click: the same note is taken off
    assert BOARD.parse_cell("d5") not in explorer.position.dice
    assert explorer.board_view.news.startswith("d5 is empty.")
    dice = dict(explorer.position.dice)
    explorer.type_move("Q d5")
    assert explorer.position.dice == dice and "is not a note name" in explorer.message.value


def test_the_explorer_reads_german_and_says_so_in_german():
    with using_reader(GERMAN):
        explorer = Explorer()
        explorer.type_move("Fis e5")
        assert explorer.position.dice == {(0, 0): 6}
        assert explorer.board_view.news == "Fis auf e5. Jede Reihe folgt den Regeln."
        explorer.type_move("H e6")  # a third apart is no column pair: the problem is said
        assert "Halbtöne" in explorer.board_view.news
        assert Position(dice={"e5": 6, "e6": 11}, strict=False).dice == explorer.position.dice


def test_enter_in_the_page_sends_the_text_typed_with_it():
    board = PlayBoard(players=1, seed=5, agent_delay=0)
    board.roll_button.click()
    board.move_field._message(board.move_field, {"event": "move", "text": "e5"}, [])  # as the page sends it
    assert [event.kind for event in board.game.events] == ["roll", "place"]
    assert board.move_field.value == ""
    board.move_field._message(board.move_field, {"event": "move", "text": 5}, [])  # not text: ignored
    board.move_field._message(board.move_field, {"event": "other", "text": "e6"}, [])
    assert len(board.game.events) == 2
