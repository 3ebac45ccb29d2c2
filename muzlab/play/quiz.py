"""Quiz questions drawn from seeded random positions, with the answers and reasons the rules give.

"Where can this Eb go?", "Which triad does this complete?", "How many points?" Each question
carries its own answer and a check that explains right and wrong answers in words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from muzlab.core.errors import UnknownSetting
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import PitchLike
from muzlab.names.spelling import pitch_label, triad_label, typeset_text
from muzlab.rules.perft import random_positions
from muzlab.rules.position import Position

KINDS = ("where", "triad", "points")
QUALITIES = ("major", "minor", "diminished")


@dataclass(frozen=True)
class Question:
    """One question: the position shown, the die (and cell) asked about, and the answer."""

    kind: str
    prompt: str
    position: Position
    pitch: int
    cell: Cell | None
    answer: frozenset[Cell] | str | int
    options: tuple[str, ...] = ()
    #: Why the answer is right, for kinds that carry it ("puzzle", from muzlab.play.puzzles).
    explanation: str = ""

    @typeset_text
    def check(self, reply: Cell | str | int) -> tuple[bool, str]:
        """Whether the reply is right, and a sentence saying why."""
        if self.kind == "puzzle":  # the one best cell for the die
            if reply in self.answer:
                return True, f"Yes! {self.explanation}"
            why = self.position.explain(self.pitch, reply) or (
                f"{self.position.board.cell_name(reply)} scores {self.position.score(self.pitch, reply)}.")
            return False, f"Not the best: {why} {self.explanation}"
        if self.kind == "where":
            if reply in self.answer:
                points = self.position.score(self.pitch, reply)
                name = _placed_label(self.position, self.pitch, reply)
                where = self.position.board.cell_name(reply)
                return True, f"Yes: {name} fits on {where} and scores {points}."
            why = self.position.explain(self.pitch, reply)
            return False, f"Not there: {why}"
        right = str(reply) == str(self.answer)
        if self.kind == "triad":
            after = self.position.place(self.pitch, self.cell)
            (triad,) = [s for s in after.runs_through(self.cell) if s.kind == "triad"]
            because = f"{'–'.join(triad.spelling)} is {self.answer}."
        else:
            because = score_explanation(self.position, self.pitch, self.cell)
        return right, ("Right! " if right else f"Not quite: the answer is {self.answer}. ") + because


def score_explanation(position: Position, pitch: PitchLike, cell: Cell) -> str:
    """The sum behind a placement's score, e.g. "1 for the die + 2 in its column = 3, ×2 = 6", in
    words from `Position.score_breakdown` (so it always equals `Position.score`)."""
    parts = position.score_breakdown(pitch, cell)
    if not parts.die:
        return "The opening die scores nothing (house rule) = 0."
    words = ["1 for the die"] + [f"{count} in {'its column' if line == 'column' else 'the ' + line}"
                                 for line, count in parts.runs]
    base = parts.total // parts.factor
    text = " + ".join(words) + f" = {base}"
    return text + (f", ×{parts.factor} on the honeypot = {parts.total}." if parts.factor > 1 else ".")


@typeset_text
def make_question(kind: str, seed: int) -> Question:
    """A question of the given kind ("where", "triad" or "points"), the same for the same seed.

    Puzzles ("find the best cell") come from `muzlab.play.puzzles.puzzle_question`, which builds on this
    module.
    """
    if kind not in KINDS:
        raise UnknownSetting(f"unknown question kind {kind!r}; choose from {KINDS} "
                             "(puzzles come from muzlab.play.puzzles.puzzle_question)")
    rng = random.Random(seed)
    while True:
        playout = random_positions(rng.randrange(2**32), 21)
        position = playout[rng.randrange(4, len(playout) - 1)]
        question = _QUESTION_MAKERS[kind](position, rng)
        if question is not None:
            return question


def _where(position: Position, rng: random.Random) -> Question | None:
    pitches = [p for p in range(12) if position.legal_placements(p)]
    if not pitches:
        return None
    pitch = rng.choice(pitches)
    prompt = f"Where can this {pitch_label(pitch)} go? Click a cell where it may be placed."
    return Question("where", prompt, position, pitch, None, frozenset(position.legal_placements(pitch)))


def _triad(position: Position, rng: random.Random) -> Question | None:
    moves = [(pitch, cell) for pitch, cell in position.legal_moves()
             if any(s.kind == "triad" for s in position.completions(pitch, cell))]
    if not moves:
        return None
    pitch, cell = rng.choice(moves)
    (triad,) = [s for s in position.completions(pitch, cell) if s.kind == "triad"]
    answer = triad.label().removesuffix(" triad")  # as the board will spell it
    wrong = {triad_label(r, q) for r in set(triad.pitches) for q in QUALITIES} - {answer}
    options = sorted([answer, *rng.sample(sorted(wrong), 3)])
    name, where = _placed_label(position, pitch, cell), position.board.cell_name(cell)
    prompt = f"Which triad does {name} complete on {where}?"
    return Question("triad", prompt, position, pitch, cell, answer, tuple(options))


def scoring_move(position: Position, rng: random.Random) -> tuple[int, Cell] | None:
    """A legal (pitch, cell) to ask "how many points?" about, preferring one worth 3 or more; None if
    no die fits anywhere."""
    moves = list(position.legal_moves())
    if not moves:
        return None
    richer = [(p, c) for p, c in moves if position.score(p, c) >= 3]
    return rng.choice(richer or moves)


def _points(position: Position, rng: random.Random) -> Question | None:
    move = scoring_move(position, rng)
    if move is None:
        return None
    pitch, cell = move
    answer = position.score(pitch, cell)
    wrong = sorted({answer + d for d in (-2, -1, 1, 2, 3)} - {answer} - {0, -1})
    options = sorted([answer, *rng.sample([w for w in wrong if w > 0], 3)])
    prompt = _points_prompt(position, pitch, cell)
    return Question("points", prompt, position, pitch, cell, answer, tuple(str(o) for o in options))


def _placed_label(position: Position, pitch: int, cell: Cell) -> str:
    """The die's name once placed: spelled as the triad or scale it joins there."""
    return position.place(pitch, cell).labels()[position.board.as_cell(cell)]


def _points_prompt(position: Position, pitch: int, cell: Cell) -> str:
    return (f"How many points does {_placed_label(position, pitch, cell)} on "
            f"{position.board.cell_name(cell)} score?")


_QUESTION_MAKERS = {"where": _where, "triad": _triad, "points": _points}


@typeset_text
def worksheet(position: Position, seed: int = 0, count: int = 6) -> list[tuple[str, str]]:
    """Questions and answers about one position, for a printed worksheet: where dice may go, what
    the runs could become, and what placements score."""
    rng = random.Random(seed)
    items = []
    for structure in position.structures():
        if structure.kind == "triad" and not structure.complete and structure.triads:
            pair = "–".join(structure.spelling)
            options = ", ".join(structure.triad_names())
            items.append((f"Which triads could the pair {pair} still become?", options))
    pitches = [p for p in range(12) if position.legal_placements(p)]
    for pitch in rng.sample(pitches, min(len(pitches), 3)):
        cells = ", ".join(map(position.board.cell_name, position.legal_placements(pitch)))
        items.append((f"Where may {pitch_label(pitch)} be placed?", cells))
    moves = list(position.legal_moves())
    for pitch, cell in rng.sample(moves, min(len(moves), 2)):
        items.append((_points_prompt(position, pitch, cell),
                      score_explanation(position, pitch, cell)))
    return items[:count]
