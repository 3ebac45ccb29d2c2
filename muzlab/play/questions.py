"""The question model: questions as facts, drawn with a seed; the quiz, the worksheets and the puzzles
word them.

A question holds what it asks about (the position, the die, the cell, the run or the key) and its
answer as rule facts: the legal cells, the triad a die completes, the `ScoreBreakdown` behind its
points, the one best cell and the rival it beats. No sentence is made here, so one question reads
the same in every note-name convention, and the words of each reader (muzlab.play.quiz,
muzlab.play.puzzles, muzlab.views.worksheet) are a last step over these facts.

Every random choice is made here, with a `random.Random` seeded by the caller:

* `ask(kind, seed)`: one question of a seeded random playout, with answers to choose from (the Quiz);
* `sheet(position, seed, count)`: mixed open questions on one position, kinds in turn (the worksheets);
* `overview(position, seed)`: the pairs, three dice and two placements of a position (the quiz's
  short worksheet);
* `puzzles(n, seed)`: positions of seeded games where one cell is best and teaches why (the puzzles).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import ClassVar

from muzlab.core.errors import MuzlabError, UnknownSetting
from muzlab.core.hexgrid import Cell
from muzlab.names.letters import (
    MAJOR_KEY_SIGNATURES,
    major_scale,
    triad_function_facts,
    triad_root_name,
    triad_spelling,
)
from muzlab.play.agents import make_agent, play
from muzlab.play.coach import decisions
from muzlab.play.game import Game
from muzlab.rules.perft import random_positions
from muzlab.rules.position import Position, ScoreBreakdown, Structure

#: The qualities a "which triad" question offers among its choices.
QUALITIES = ("major", "minor", "diminished")
#: The kinds a worksheet asks, in this order round and round (a kind the position cannot ask is skipped).
SHEET_KINDS = ("where", "triad", "key", "points", "pair", "degree", "run")
#: The kinds `ask` draws for the Quiz (puzzles come from `puzzles`).
QUIZ_KINDS = ("where", "triad", "points")
#: Why a puzzle's cell is instructive, the first that applies: it alone completes something; the
#: honeypots change the answer; another cell touches more dice but joins shorter runs.
LESSONS = ("completion", "honeypot", "runs")
#: Fewest dice on the board and fewest legal cells for a position to be worth a puzzle.
MIN_DICE, MIN_CELLS = 4, 3
#: Keys a worksheet names: the major keys written with at most six sharps or flats.
SHEET_KEYS = tuple(key for key, sharps in MAJOR_KEY_SIGNATURES.items() if abs(sharps) <= 6)


@dataclass(frozen=True)
class Where:
    """Where may this die go? Every cell the rules allow it, in board order."""

    kind: ClassVar[str] = "where"
    position: Position
    pitch: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Triad:
    """Which triad does this die complete on this cell? The triad as it stands after the placement.

    Two ways of asking ride along without making another question (they do not count in `==`): a key
    whose Roman numeral is asked, (numeral, English tonic), and the triads offered to choose from,
    (English root, quality), the answer among them.
    """

    kind: ClassVar[str] = "triad"
    position: Position
    pitch: int
    cell: Cell
    triad: Structure
    function: tuple[str, str] | None = field(default=None, compare=False)
    options: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @property
    def answer(self) -> tuple[str, str]:
        """The triad as (English root, quality), its root named as the board spells it."""
        root, quality = self.triad.triads[0]
        return triad_root_name(root, quality, self.triad.names), quality


@dataclass(frozen=True)
class Points:
    """How many points does this die score on this cell? The sum behind it (`Position.score_breakdown`),
    and the totals offered to choose from (they do not count in `==`)."""

    kind: ClassVar[str] = "points"
    position: Position
    pitch: int
    cell: Cell
    breakdown: ScoreBreakdown
    options: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Pair:
    """Which triads could this column pair still become? (`pair.triads`, as (root, quality).)"""

    kind: ClassVar[str] = "pair"
    position: Position
    pair: Structure


@dataclass(frozen=True)
class Run:
    """Which scales does this diagonal run fit? (`run.keys`, as (tonic, scale type).)"""

    kind: ClassVar[str] = "run"
    position: Position
    run: Structure


@dataclass(frozen=True)
class Key:
    """The notes of a major scale, from its tonic up (English names)."""

    kind: ClassVar[str] = "key"
    key: str
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Degree:
    """Which degree of a major key is this note? `degree` counts from 0 (the tonic is never asked)."""

    kind: ClassVar[str] = "degree"
    key: str
    degree: int
    note: str


@dataclass(frozen=True)
class BestCell:
    """Find the best cell for this die: the one cell that scores most (`answer`, its `score`), why it
    teaches something (`lesson`, one of LESSONS) and the cell it beats for that reason (`rival`, with
    its `rival_score`; None for a completion)."""

    kind: ClassVar[str] = "puzzle"
    lesson: str
    position: Position
    pitch: int
    answer: Cell
    score: ScoreBreakdown
    rival: Cell | None = None
    rival_score: ScoreBreakdown | None = None


QuestionFacts = Where | Triad | Points | Pair | Run | Key | Degree | BestCell


class Worded:
    """What a worded question about a die (the quiz's, a puzzle) reads from the facts it words."""

    facts: Where | Triad | Points | BestCell

    @property
    def position(self) -> Position:
        """The position shown."""
        return self.facts.position

    @property
    def pitch(self) -> int:
        """The die asked about."""
        return self.facts.pitch


# ---- every question a position can ask, one kind at a time ----------------------------------------
def _wheres(position: Position) -> list[Where]:
    """Every die that fits somewhere, by pitch, with the cells it may go on."""
    return [Where(position, pitch, tuple(cells)) for pitch in range(12)
            if (cells := position.legal_placements(pitch))]


def _triads(position: Position) -> list[Triad]:
    """Every placement that completes a triad (a die completes at most one: its column)."""
    return [Triad(position, pitch, cell, structure) for pitch, cell in position.legal_moves()
            for structure in position.completions(pitch, cell) if structure.kind == "triad"]


def _points(position: Position) -> list[Points]:
    """Every legal placement with the sum behind its points."""
    return [Points(position, pitch, cell, position.score_breakdown(pitch, cell))
            for pitch, cell in position.legal_moves()]


def _pairs(position: Position) -> list[Pair]:
    """Every column pair that could still become a triad."""
    return [Pair(position, s) for s in position.structures()
            if s.kind == "triad" and not s.complete and s.triads]


def _runs(position: Position) -> list[Run]:
    """Every diagonal run that fits one to four scales (more would make a list, not an answer)."""
    return [Run(position, s) for s in position.structures() if s.kind == "scale" and 0 < len(s.keys) <= 4]


# ---- one question of a kind, chosen by the generator's rng --------------------------------------------
def _one(questions: list[QuestionFacts], rng: random.Random) -> QuestionFacts | None:
    """One of the questions, chosen with `rng`; None when there is none to ask."""
    return rng.choice(questions) if questions else None


def _rich_points(position: Position, rng: random.Random) -> Points | None:
    """A placement to ask "how many points?" about, preferring one worth 3 or more."""
    every = _points(position)
    return _one([q for q in every if q.breakdown.total >= 3] or every, rng)


def _key(_position: Position, rng: random.Random) -> Key:
    """A major key to spell, whatever the board."""
    key = rng.choice(SHEET_KEYS)
    return Key(key, tuple(major_scale(key)))


def _degree(_position: Position, rng: random.Random) -> Degree:
    """A note of a major key to name the degree of, whatever the board."""
    key = rng.choice(SHEET_KEYS)
    degree = rng.randrange(1, 7)
    return Degree(key, degree, major_scale(key)[degree])


_DRAW: dict[str, Callable[[Position, random.Random], QuestionFacts | None]] = {
    "where": lambda position, rng: _one(_wheres(position), rng),
    "triad": lambda position, rng: _one(_triads(position), rng),
    "points": _rich_points,
    "pair": lambda position, rng: _one(_pairs(position), rng),
    "run": lambda position, rng: _one(_runs(position), rng),
    "key": _key,
    "degree": _degree,
}


def draw(kind: str, position: Position, rng: random.Random) -> QuestionFacts | None:
    """One question of `kind` (a worksheet kind, SHEET_KINDS) on `position`, chosen with `rng`; None
    when the position cannot ask it."""
    if kind not in _DRAW:
        raise UnknownSetting("unknown question kind {kind}; choose from {kinds}", kind=repr(kind),
                             kinds=tuple(_DRAW))
    return _DRAW[kind](position, rng)


# ---- the ways of asking ----------------------------------------------------------------------------
def ask(kind: str, seed: int) -> Triad | Points | Where:
    """A question of a QUIZ_KINDS kind on a position of a seeded random playout, the same for the same
    seed, with answers to choose from where the kind has them (a "where" question is answered on the
    board)."""
    if kind not in QUIZ_KINDS:
        raise UnknownSetting("unknown question kind {kind}; choose from {quiz_kinds} (puzzles come from "
                             "muzlab.play.puzzles.puzzle_question)", kind=repr(kind), quiz_kinds=QUIZ_KINDS)
    rng = random.Random(seed)
    while True:
        playout = random_positions(rng.randrange(2**32), 21)
        position = playout[rng.randrange(4, len(playout) - 1)]
        question = draw(kind, position, rng)
        if question is not None:
            return _offered(question, rng)


def _offered(question: Triad | Points | Where, rng: random.Random) -> Triad | Points | Where:
    """The question with its answer among three wrong ones, in a fixed order (names in English, so
    every note-name convention is offered the same choices)."""
    if isinstance(question, Points):
        answer = question.breakdown.total
        wrong = sorted({answer + d for d in (-2, -1, 1, 2, 3)} - {answer} - {0, -1})
        return replace(question, options=tuple(sorted([answer, *rng.sample([w for w in wrong if w > 0], 3)])))
    if isinstance(question, Triad):
        root, quality = question.triad.triads[0]
        wrong = {(triad_spelling(r, q)[0], q) for r in set(question.triad.pitches) for q in QUALITIES
                 if (r, q) != (root, quality)}
        picked = rng.sample(sorted(wrong, key=_triad_text), 3)
        return replace(question, options=tuple(sorted([question.answer, *picked], key=_triad_text)))
    return question


def _triad_text(triad: tuple[str, str]) -> str:
    """A triad's English name ("Bb major"): the order choices are offered in."""
    return " ".join(triad)


def sheet(position: Position, seed: int = 0, count: int = 8, kinds: tuple[str, ...] = SHEET_KINDS
          ) -> list[QuestionFacts]:
    """Up to `count` open questions on one position, `kinds` taken in turn, none asked twice; a
    "triad" question also asks its Roman numeral in a key that holds it (when a major key does)."""
    rng = random.Random(seed)
    asked: list[QuestionFacts] = []
    stalled = turn = 0
    while len(asked) < count and stalled < 3 * len(kinds):
        question = draw(kinds[turn % len(kinds)], position, rng)
        if isinstance(question, Triad):
            question = _in_a_key(question, rng)
        turn += 1
        if question is None or question in asked:
            stalled += 1
            continue
        stalled = 0
        asked.append(question)
    return asked


def _in_a_key(question: Triad, rng: random.Random) -> Triad:
    """The triad question with a major key to give its Roman numeral in, chosen among the keys that
    hold it as the board spells it; as it is when none does (an augmented triad, or one spelled
    across keys, B♯–D♯–G)."""
    root, quality = question.triad.triads[0]
    functions = triad_function_facts(root, quality, range(12), question.triad.names)
    return replace(question, function=rng.choice(functions)) if functions else question


def overview(position: Position, seed: int = 0) -> list[Pair | Where | Points]:
    """What a position asks at a glance: every column pair that could still become a triad, then up to
    three dice (where each may go) and two placements (their points), drawn with the seed."""
    rng = random.Random(seed)
    wheres, points = _wheres(position), _points(position)
    return [*_pairs(position), *rng.sample(wheres, min(len(wheres), 3)),
            *rng.sample(points, min(len(points), 2))]


# ---- puzzles -----------------------------------------------------------------------------------------
def best_cell(position: Position, pitch: int) -> BestCell | None:
    """The puzzle this die on this position makes, or None when its best cell is not unique or not
    instructive (the first of LESSONS that applies)."""
    scores = position.legal_scores(pitch)
    if len(position) < MIN_DICE or len(scores) < MIN_CELLS:
        return None
    _, best = position.best_placements(pitch)
    if len(best) != 1:
        return None
    answer = best[0]
    parts = {cell: position.score_breakdown(pitch, cell) for cell in scores}
    completing = [cell for cell in scores if position.completions(pitch, cell)]
    if completing == [answer]:
        return BestCell("completion", position, pitch, answer, parts[answer])
    plain = _unique_max({cell: _plain(part) for cell, part in parts.items()})  # the best without honeypots
    if plain is not None and plain != answer:
        return BestCell("honeypot", position, pitch, answer, parts[answer], plain, parts[plain])
    busiest = _unique_max({cell: _neighbours(position, cell) for cell in scores})
    if busiest is not None and busiest != answer and _plain(parts[busiest]) < _plain(parts[answer]):
        return BestCell("runs", position, pitch, answer, parts[answer], busiest, parts[busiest])
    return None


def _plain(score: ScoreBreakdown) -> int:
    """The points without the honeypot."""
    return score.total // score.factor


def puzzles(n: int, seed: int = 0) -> list[BestCell]:
    """`n` puzzles from seeded simulated games (greedy against random), the LESSONS taken in turn."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise MuzlabError("{n} puzzles: ask for a whole number, 0 or more", n=repr(n))
    rng = random.Random(seed)
    found: dict[str, list[BestCell]] = {lesson: [] for lesson in LESSONS}
    chosen: list[BestCell] = []
    seen: set[tuple[Position, int]] = set()
    while len(chosen) < n:
        game_seed = rng.randrange(2**32)
        game = play(Game(seed=game_seed), [make_agent("greedy", game_seed), make_agent("random", game_seed)])
        for moment in decisions(game):
            key = (moment.position, moment.pitch)
            if key not in seen:
                seen.add(key)
                puzzle = best_cell(moment.position, moment.pitch)
                if puzzle is not None:
                    found[puzzle.lesson].append(puzzle)
        while len(chosen) < n and found[LESSONS[len(chosen) % len(LESSONS)]]:
            chosen.append(found[LESSONS[len(chosen) % len(LESSONS)]].pop(0))
    return chosen


def _neighbours(position: Position, cell: Cell) -> int:
    """How many dice touch the cell."""
    board = position.board
    return sum(1 for j in board.neighbour_indices[board.index[cell]] if board.cells[j] in position.dice)


def _unique_max(values: dict[Cell, int]) -> Cell | None:
    """The one cell with the highest value, or None on a tie."""
    top = max(values.values())
    cells = [cell for cell, value in values.items() if value == top]
    return cells[0] if len(cells) == 1 else None
