"""Puzzles from simulated games: "Find the best cell for this F", where the answer teaches something.

A position is kept when exactly one cell scores most for the die, and that cell is instructive
(`muzlab.play.questions.best_cell` finds it, as facts); this module words it:

* "completion": it is the only cell where the die completes a triad or a scale;
* "honeypot": a honeypot changes the answer (without the multipliers another cell would win);
* "runs": it is not the cell touching the most dice, even before the multipliers (a die scores the
  whole runs it joins, not its neighbours).
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.hexgrid import Cell
from muzlab.names.language import sentence
from muzlab.names.reader import Reader, for_print
from muzlab.names.spelling import pitch_label
from muzlab.play import questions
from muzlab.play.coach import advice, die_label
from muzlab.play.questions import BestCell, Worded
from muzlab.play.quiz import Question

#: The kinds of puzzle, by what the best cell teaches (the model's LESSONS), taken in turn.
KINDS = questions.LESSONS
#: Fewest dice on the board and fewest legal cells for a position to be worth a puzzle.
MIN_DICE, MIN_CELLS = questions.MIN_DICE, questions.MIN_CELLS


@dataclass(frozen=True)
class Puzzle(Worded):
    """A puzzle as shown: its facts (the position, the die, the one best cell and why it is best) and
    the explanation, worded when it is made."""

    facts: BestCell
    explanation: str
    #: The question a student reads: "Find the best cell for this B♭."
    prompt: str

    @property
    def kind(self) -> str:
        """Why the cell is instructive: "completion", "honeypot" or "runs"."""
        return self.facts.lesson

    @property
    def answer(self) -> Cell:
        """The one best cell."""
        return self.facts.answer

    @property
    def points(self) -> int:
        """What the best cell scores."""
        return self.facts.score.total

    def check(self, cell: Cell | str) -> bool:
        """Whether a cell (or its name) is the answer."""
        return self.position.board.as_cell(cell) == self.answer


def worded(facts: BestCell, reader: Reader | None = None) -> Puzzle:
    """The puzzle with its explanation: the coach's sentence for the best cell, then what it teaches,
    for `reader` (by default plain English, typeset)."""
    reader = for_print(reader)
    position, pitch, answer = facts.position, facts.pitch, facts.answer
    why, name = advice(position, pitch, reader).sentence, position.board.cell_name
    prompt = sentence(reader.gettext("Find the best cell for this {die}."),
                    die=pitch_label(pitch, reader, prose=True))
    if facts.lesson == "completion":
        return Puzzle(facts, sentence(reader.gettext(
            "{why} It is the only cell where {die} completes anything, and a completion earns an extra "
            "roll."), why=why, die=die_label(position, pitch, answer, reader, prose=True)), prompt)
    if facts.lesson == "honeypot":
        rival, best = (score.total // score.factor for score in (facts.rival_score, facts.score))
        return Puzzle(facts, sentence(reader.gettext("{why} Without the honeypots {cell} would win, {rival} "
                                                   "against {best}."), why=why, cell=name(facts.rival),
                                    rival=rival, best=best), prompt)
    return Puzzle(facts, sentence(reader.gettext(
        "{why} {cell} touches more dice but scores only {points}: a die scores the whole runs it joins, "
        "not the dice around it."), why=why, cell=name(facts.rival), points=facts.rival_score.total),
        prompt)


def generate(n: int, seed: int = 0, reader: Reader | None = None) -> list[Puzzle]:
    """`n` puzzles from seeded simulated games (greedy against random), the kinds taken in turn."""
    return [worded(facts, reader) for facts in questions.puzzles(n, seed)]


def question(puzzle: Puzzle) -> Question:
    """The puzzle as a Quiz question of kind "puzzle": click the one best cell."""
    return Question(puzzle.facts, puzzle.prompt, frozenset({puzzle.answer}), explanation=puzzle.explanation)


def puzzle_question(seed: int, reader: Reader | None = None) -> Question:
    """A puzzle question for the Quiz, the same for the same seed; the kinds come in turn by seed."""
    return question(generate(len(KINDS), seed, reader)[seed % len(KINDS)])
