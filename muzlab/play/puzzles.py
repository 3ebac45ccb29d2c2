"""Puzzles from simulated games: "Find the best cell for this F", where the answer teaches something.

A position is kept when exactly one cell scores most for the die, and that cell is instructive:

* "completion": it is the only cell where the die completes a triad or a scale;
* "honeypot": a honeypot changes the answer (without the multipliers another cell would win);
* "runs": it is not the cell touching the most dice, even before the multipliers (a die scores the
  whole runs it joins, not its neighbours).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from muzlab.core.errors import MuzlabError
from muzlab.core.hexgrid import Cell
from muzlab.names.spelling import pitch_label, typeset_text
from muzlab.play.agents import make_agent, play
from muzlab.play.coach import advice, decisions, die_label
from muzlab.play.game import Game
from muzlab.play.quiz import Question
from muzlab.rules.position import Position

KINDS = ("completion", "honeypot", "runs")
#: Fewest dice on the board and fewest legal cells for a position to be worth a puzzle.
MIN_DICE, MIN_CELLS = 4, 3


@dataclass(frozen=True)
class Puzzle:
    """A position, the die to place, the one best cell (`answer`), its points and why it is best."""

    kind: str
    position: Position
    pitch: int
    answer: Cell
    points: int
    explanation: str

    @property
    def prompt(self) -> str:
        """The question a student reads."""
        return f"Find the best cell for this {pitch_label(self.pitch)}."

    def check(self, cell: Cell | str) -> bool:
        """Whether a cell (or its name) is the answer."""
        return self.position.board.as_cell(cell) == self.answer


@typeset_text
def classify(position: Position, pitch: int) -> Puzzle | None:
    """The puzzle this die on this position makes, or None when the best cell is not unique or not
    instructive (the first of KINDS that applies)."""
    scores = position.legal_scores(pitch)
    if len(position) < MIN_DICE or len(scores) < MIN_CELLS:
        return None
    points, best = position.best_placements(pitch)
    if len(best) != 1:
        return None
    answer, board = best[0], position.board
    why = advice(position, pitch).sentence
    name = board.cell_name
    completing = [cell for cell in scores if position.completions(pitch, cell)]
    if completing == [answer]:
        return Puzzle("completion", position, pitch, answer, points, (
            f"{why} It is the only cell where {die_label(position, pitch, answer)} completes anything, "
            "and a completion earns an extra roll."))
    parts = {cell: position.score_breakdown(pitch, cell) for cell in scores}  # the points without honeypots
    raw = {cell: part.total // part.factor for cell, part in parts.items()}
    plain = _unique_max(raw)
    if plain is not None and plain != answer:
        return Puzzle("honeypot", position, pitch, answer, points, (
            f"{why} Without the honeypots {name(plain)} would win, {raw[plain]} against {raw[answer]}."))
    busiest = _unique_max({cell: _neighbours(position, cell) for cell in scores})
    if busiest is not None and busiest != answer and raw[busiest] < raw[answer]:
        return Puzzle("runs", position, pitch, answer, points, (
            f"{why} {name(busiest)} touches more dice but scores only {scores[busiest]}: a die scores "
            "the whole runs it joins, not the dice around it."))
    return None


def generate(n: int, seed: int = 0) -> list[Puzzle]:
    """`n` puzzles from seeded simulated games (greedy against random), the kinds taken in turn."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise MuzlabError(f"{n!r} puzzles: ask for a whole number, 0 or more")
    rng = random.Random(seed)
    found: dict[str, list[Puzzle]] = {kind: [] for kind in KINDS}
    puzzles: list[Puzzle] = []
    seen: set[tuple[Position, int]] = set()
    while len(puzzles) < n:
        game_seed = rng.randrange(2**32)
        game = play(Game(seed=game_seed), [make_agent("greedy", game_seed), make_agent("random", game_seed)])
        for moment in decisions(game):
            key = (moment.position, moment.pitch)
            if key not in seen:
                seen.add(key)
                puzzle = classify(moment.position, moment.pitch)
                if puzzle is not None:
                    found[puzzle.kind].append(puzzle)
        while len(puzzles) < n and found[KINDS[len(puzzles) % len(KINDS)]]:
            puzzles.append(found[KINDS[len(puzzles) % len(KINDS)]].pop(0))
    return puzzles


def _neighbours(position: Position, cell: Cell) -> int:
    board = position.board
    return sum(1 for j in board.neighbour_indices[board.index[cell]] if board.cells[j] in position.dice)


def _unique_max(values: dict[Cell, int]) -> Cell | None:
    top = max(values.values())
    cells = [cell for cell, value in values.items() if value == top]
    return cells[0] if len(cells) == 1 else None


@typeset_text
def question(puzzle: Puzzle) -> Question:
    """The puzzle as a Quiz question of kind "puzzle": click the one best cell."""
    return Question("puzzle", puzzle.prompt, puzzle.position, puzzle.pitch, None, frozenset({puzzle.answer}),
                    explanation=puzzle.explanation)


def puzzle_question(seed: int) -> Question:
    """A puzzle question for the Quiz, the same for the same seed; the kinds come in turn by seed."""
    return question(generate(len(KINDS), seed)[seed % len(KINDS)])
