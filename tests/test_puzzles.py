"""Puzzles from simulated games: one stated answer, confirmed by the naive reference rules."""

import pytest
import reference_rules as reference

from muzlab import MuzlabError
from muzlab.play.puzzles import KINDS, generate, puzzle_question, question

COLUMN = reference.LINES[0]


def reference_scores(position, pitch) -> dict:
    cells, dice = set(position.board.cells), dict(position.dice)
    return {cell: reference.score(position.board, dice, pitch, cell) for cell in position.board.cells
            if reference.legal(cells, dice, pitch, cell)}


def completes(position, pitch, cell) -> bool:
    """A column run of three or a diagonal run of seven through the new die, by the reference."""
    after = {**position.dice, cell: pitch}
    return any(len(reference.run_through(after, cell, down, up)) == (3 if (down, up) == COLUMN else 7)
               for down, up in reference.LINES)


def unique_top(values: dict):
    top = max(values.values())
    cells = [cell for cell, value in values.items() if value == top]
    return cells[0] if len(cells) == 1 else None


@pytest.fixture(scope="module")
def puzzles():
    return generate(9, seed=4)


def test_each_puzzle_has_one_best_cell_that_the_rules_confirm(puzzles):
    assert [p.kind for p in puzzles] == list(KINDS) * 3
    for puzzle in puzzles:
        scores = reference_scores(puzzle.position, puzzle.pitch)
        assert unique_top(scores) == puzzle.answer and scores[puzzle.answer] == puzzle.points
        board = puzzle.position.board
        assert puzzle.check(puzzle.answer) and puzzle.check(board.cell_name(puzzle.answer))
        assert not any(puzzle.check(cell) for cell in scores if cell != puzzle.answer)
        assert board.cell_name(puzzle.answer) in puzzle.explanation
        assert puzzle.prompt.startswith("Find the best cell for this ")


def test_each_puzzle_is_instructive_in_its_own_way(puzzles):
    for puzzle in puzzles:
        position, pitch, answer = puzzle.position, puzzle.pitch, puzzle.answer
        scores = reference_scores(position, pitch)
        if puzzle.kind == "completion":  # the only cell where the die completes something
            assert [cell for cell in scores if completes(position, pitch, cell)] == [answer]
        elif puzzle.kind == "honeypot":  # without the multipliers another cell would win
            raw = {cell: score // position.board.honeypots.get(cell, 1) for cell, score in scores.items()}
            assert unique_top(raw) not in (None, answer) and answer in position.board.honeypots
        else:  # the cell touching most dice is not the best
            board = position.board
            touching = {cell: sum(n in position.dice for n in (board.cells[j] for j in
                                                                board.neighbour_indices[board.index[cell]]))
                        for cell in scores}
            assert unique_top(touching) not in (None, answer)


def test_puzzles_are_seeded():
    first = generate(3, seed=11)
    assert [(p.position, p.pitch, p.answer) for p in first] == [
        (p.position, p.pitch, p.answer) for p in generate(3, seed=11)]
    assert [p.position for p in first] != [p.position for p in generate(3, seed=12)]
    assert generate(0) == []
    with pytest.raises(MuzlabError, match="puzzles"):
        generate(-1)


def test_the_quiz_serves_puzzles_and_explains_a_wrong_cell(puzzles):
    puzzle = puzzles[0]
    asked = question(puzzle)
    assert asked.kind == "puzzle" and asked.prompt == puzzle.prompt and asked.answer == {puzzle.answer}
    right, why = asked.check(puzzle.answer)
    assert right and why == f"Yes! {puzzle.explanation}"
    other = next(c for c in puzzle.position.legal_placements(puzzle.pitch) if c != puzzle.answer)
    right, why = asked.check(other)
    points, name = puzzle.position.score(puzzle.pitch, other), puzzle.position.board.cell_name(other)
    assert not right and why.startswith(f"Not the best: {name} scores {points}.")
    assert puzzle_question(5) == puzzle_question(5)


def test_the_quiz_board_takes_a_clicked_cell_for_a_puzzle():
    from muzlab.widgets import Quiz

    quiz = Quiz(kinds=("puzzle",), seed=2)
    asked = quiz.question
    assert asked.kind == "puzzle" and "Find the best cell" in quiz.prompt.value
    (answer,) = asked.answer
    quiz.board_view.cells[answer].click()
    assert "Yes!" in quiz.feedback.value and quiz.tally.value == "1 of 1 right"
