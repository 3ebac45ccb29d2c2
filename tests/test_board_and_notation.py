"""Boards as data, note names, position notation, and the typed errors for bad input."""

import json

import pytest

from muzlab import (
    Board,
    BoardFileError,
    CellOffBoard,
    InvalidCell,
    InvalidPosition,
    NotationError,
    Position,
    RuleSet,
    UnknownNoteName,
    parse_pitch,
)
from muzlab.core.board import boards_dir
from muzlab.core.pitch import DIE_FACES


def test_standard_board_matches_rules_md():
    board = Board.standard()
    assert len(board.cells) == 61 and board.centre == (0, 0)
    assert all(max(abs(q), abs(r), abs(q + r)) <= 4 for q, r in board.cells)
    assert {c for c, f in board.honeypots.items() if f == 2} == {
        (2, 0), (2, -2), (0, -2), (-2, 0), (-2, 2), (0, 2)}
    assert {c for c, f in board.honeypots.items() if f == 3} == {
        (4, 0), (4, -4), (0, -4), (-4, 0), (-4, 4), (0, 4)}


def test_master_board_is_the_radius_five_hexagon():
    board = Board.master()
    assert len(board.cells) == 91 and len(board.honeypots) == 12
    assert RuleSet.master().board_name_for(42) == "master"


def test_every_cell_has_the_six_neighbours_of_rules_md_where_on_board():
    board = Board.standard()
    centre = board.index[(0, 0)]
    assert {board.cells[j] for j in board.neighbour_indices[centre]} == {
        (0, -1), (0, 1), (1, -1), (-1, 1), (-1, 0), (1, 0)}
    corner = board.index[(4, -4)]
    assert len(board.neighbour_indices[corner]) == 3


def test_board_round_trips_through_its_file_format(tmp_path):
    board = Board([(0, 0), (0, -1), (1, -1)], {(1, -1): 3}, name="tiny")
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(board.to_dict()))
    assert Board.load(path) == board


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not readable JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"name": "x"}', "exactly one of 'cells'"),
        ('{"hexagon": -1}', "'hexagon' must be a radius"),
        ('{"cells": [[0, 0], [0, "a"]]}', "is not a cell"),
        ('{"cells": [[0, 0]], "centre": [5, 5]}', "centre (5, 5) is not one of its cells"),
        ('{"hexagon": 1, "honeypots": {"2": [[3, 3]]}}', "honeypot (3, 3) is not one of its cells"),
        ('{"hexagon": 1, "honeypots": {"two": [[1, 0]]}}', "factor 'two' is not 2 or 3"),
        ('{"hexagon": 1, "honeypots": {"1": [[1, 0]]}}', "factor '1' is not 2 or 3"),
        ('{"hexagon": 1, "colour": "red"}', "unknown field(s) ['colour']"),
    ],
)
def test_malformed_board_files_name_what_is_wrong(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(BoardFileError) as error:
        Board.load(path)
    assert message in str(error.value)
    assert "bad.json" in str(error.value)


def test_missing_board_file_and_unknown_board_name():
    with pytest.raises(BoardFileError, match="does not exist"):
        Board.load("/nonexistent/board.json")
    with pytest.raises(BoardFileError, match="no shipped board named 'moon'"):
        Board.named("moon")


def test_shipped_board_files_are_in_data_boards():
    assert {p.stem for p in boards_dir().glob("*.json")} >= {"standard", "master"}


@pytest.mark.parametrize(
    ("name", "pitch"),
    [("C", 0), ("c", 0), ("C#", 1), ("Db", 1), ("Eb", 3), ("E#", 5), ("Fb", 4), ("Cb", 11),
     ("B#", 0), ("bb", 10), ("F♯", 6), ("Gx", 9), (7, 7)],
)
def test_note_names(name, pitch):
    assert parse_pitch(name) == pitch


@pytest.mark.parametrize("bad", ["H", "", "C+", "E##b!", 12, -1, 2.5, True, None])
def test_unknown_note_names_are_refused(bad):
    with pytest.raises(UnknownNoteName):
        parse_pitch(bad)


def test_die_faces_carry_both_names_on_black_keys():
    assert DIE_FACES[0] == "C" and DIE_FACES[1] == "C#/Db" and DIE_FACES[10] == "A#/Bb"


def test_bad_dice_are_refused_with_what_was_wrong():
    with pytest.raises(UnknownNoteName, match="'H'"):
        Position(dice={(0, 0): "H"})
    with pytest.raises(CellOffBoard, match=r"\(7, 7\) is not on the standard board"):
        Position(dice={(7, 7): "C"})
    with pytest.raises(InvalidCell, match="not a cell"):
        Position(dice={"centre": "C"})
    with pytest.raises(InvalidPosition) as error:
        Position(dice={(0, 0): "C", (0, -1): "D", (3, 0): "E"})
    reasons = [problem.reason for problem in error.value.problems]
    assert any("C up to D is 2 semitones" in r for r in reasons)
    assert any("do not touch the others" in r for r in reasons)


def test_a_broken_position_can_still_be_shown_when_not_strict():
    broken = Position(dice={(0, 0): "C", (0, -1): "D"}, strict=False)
    (problem,) = broken.problems()
    assert problem.cells == ((0, 0), (0, -1))


def test_notation_format():
    position = Position(dice={(0, 0): "C", (0, -1): "E", (1, -1): "D"})
    assert position.notation() == "standard E@0,-1 C@0,0 D@1,-1"
    assert Position().notation() == "standard"
    master = Position(Board.master(), {(0, 0): "F#"}, RuleSet.master())
    assert master.notation() == "master/master F#@0,0"
    assert Position.from_notation("master/master F#@0,0") == master
    assert Position.from_notation("  standard   Db@0,0 ") == Position(dice={(0, 0): 1})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "starts with a board name"),
        ("moon C@0,0", "no shipped board named 'moon'"),
        ("standard/expert C@0,0", "unknown rule set 'expert'"),
        ("standard C0,0", "'C0,0' is not a die"),
        ("standard H@0,0", "in 'H@0,0'"),
        ("standard C@9,0", "(9, 0) is not on the standard board"),
        ("standard C@0,0 E@0,0", "cell (0, 0) is given twice"),
    ],
)
def test_malformed_notation_names_the_token(text, message):
    with pytest.raises(NotationError) as error:
        Position.from_notation(text)
    assert message in str(error.value)


def test_notation_that_breaks_the_rules_is_refused():
    with pytest.raises(InvalidPosition):
        Position.from_notation("standard C@0,0 D@0,-1")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"hexagon": 1000000}', "'hexagon' radius 1000000 is too large; at most 40"),
        ('{"cells": [[0, 0], [0, -1], [0, 0]]}', "cell (0, 0) is listed twice"),
        ('{"cells": [[0, 0], [0, -1], [0, -1.0]]}', "cell (0, -1) is listed twice"),
        ('{"cells": []}', "has no cells"),
        ('{"cells": ' + json.dumps([[q, 0] for q in range(5001)]) + "}", "more than 5,000 cells"),
    ],
)
def test_oversized_and_duplicate_board_files_are_refused(tmp_path, content, message):
    path = tmp_path / "big.json"
    path.write_text(content)
    with pytest.raises(BoardFileError) as error:
        Board.load(path)
    assert message in str(error.value) and "big.json" in str(error.value)


def test_the_largest_allowed_hexagon_loads_and_a_huge_file_is_not_read(tmp_path):
    assert len(Board.from_dict({"hexagon": 40})) == 4921
    path = tmp_path / "huge.json"
    path.write_text('{"cells": [' + ", ".join(["[0, 0]"] * 200_000) + "]}")
    with pytest.raises(BoardFileError, match="huge.json is larger than 1,000,000 bytes"):
        Board.load(path)


def test_a_board_built_in_code_refuses_a_cell_given_twice():
    with pytest.raises(BoardFileError, match=r"cell \(0, 0\) is listed twice"):
        Board([(0, 0), (0, -1), (0, 0)])


def test_a_score_explanation_names_the_honeypot_for_a_cell_given_by_name():
    from muzlab.play.quiz import score_explanation

    position = Position(dice={"e5": "C", "e6": "E"})
    assert score_explanation(position, "G", "e7") == score_explanation(position, "G", (0, -2))
    assert score_explanation(position, "G", "e7").endswith("×2 on the honeypot = 6.")
