"""Cell names people can say (column letter from the left, number from the column's bottom cell)."""

import pytest

from muzlab import Board, CellOffBoard, Game, InvalidCell, Position


@pytest.mark.parametrize("board", [Board.standard(), Board.master()], ids=["standard", "master"])
def test_every_cell_name_round_trips(board):
    names = [board.cell_name(cell) for cell in board.cells]
    assert len(set(names)) == len(board.cells)
    assert all(board.parse_cell(name) == cell for name, cell in zip(names, board.cells, strict=True))


def test_standard_board_names_match_the_rules_page():
    board = Board.standard()
    expected = {(0, 0): "e5", (0, -4): "e9", (0, 4): "e1", (-4, 0): "a5", (-4, 4): "a1",
                (4, -4): "i5", (4, 0): "i1"}
    assert {cell: board.cell_name(cell) for cell in expected} == expected
    columns = sorted({board.cell_name(c)[0] for c in board.cells})
    assert columns == list("abcdefghi")
    assert sorted(board.cell_name(c) for c in board.cells if c[0] == -4) == ["a1", "a2", "a3", "a4", "a5"]


def test_master_board_centre_is_f6():
    board = Board.master()
    assert board.cell_name((0, 0)) == "f6"
    assert {board.cell_name(c)[0] for c in board.cells} == set("abcdefghijk")


def test_names_are_read_case_and_space_insensitively():
    board = Board.standard()
    assert board.parse_cell(" E5 ") == (0, 0)


@pytest.mark.parametrize(("name", "error", "words"), [
    ("z1", CellOffBoard, "columns run from a to i"),
    ("e10", CellOffBoard, "column e holds e1 to e9"),
    ("a6", CellOffBoard, "column a holds a1 to a5"),
    ("5e", InvalidCell, "column letter and a number"),
    ("", InvalidCell, "column letter and a number"),
])
def test_bad_names_are_refused_naming_the_problem(name, error, words):
    with pytest.raises(error, match=words):
        Board.standard().parse_cell(name)


def test_position_methods_accept_cell_names():
    position = Position(dice={"e5": "C"})
    assert position.dice == {(0, 0): 0}
    assert position.legal_placements("E") == [(0, -1)]
    assert position.explain("D", "e6") == position.explain("D", (0, -1))
    assert position.score("E", "e6") == position.score("E", (0, -1)) == 2
    after = position.place("E", "e6")
    assert after.pitch_at("e6") == 4
    assert position.completions("E", "e6") == []


def test_game_places_by_cell_name_and_records_the_cell():
    game = Game(players=1, seed=1)
    game.roll()
    event = game.place("e5")
    assert event.cell == (0, 0)
    assert game.position.pitch_at((0, 0)) == event.pitch


def test_a_refused_name_changes_nothing():
    position = Position(dice={"e5": "C"})
    with pytest.raises(CellOffBoard):
        position.place("E", "e10")
    assert position.dice == {(0, 0): 0}


def test_a_cell_given_twice_once_by_name_is_refused():
    with pytest.raises(InvalidCell, match="e6 is given twice"):
        Position(dice={(0, -1): "E", "e6": "Eb", "e5": "C"})
