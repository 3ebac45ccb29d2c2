"""Quiz questions drawn from seeded random positions, with the answers and reasons the rules give.

"Where can this Eb go?", "Which triad does this complete?", "How many points?" The questions and
their answers are facts from muzlab.play.questions; this module words them (prompt, options, the
sentence a reply earns) in the note names in force, and words a placement's points for every reader
(`score_explanation`).
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import PitchLike
from muzlab.names.spelling import join, pitch_label, show_name, typeset_text
from muzlab.play import questions
from muzlab.play.coach import die_label
from muzlab.play.questions import BestCell, Pair, Points, Triad, Where, Worded
from muzlab.rules.position import Position, ScoreBreakdown

KINDS = questions.QUIZ_KINDS


@dataclass(frozen=True)
class Question(Worded):
    """One quiz question as shown: its facts (muzlab.play.questions) and their words, made when it is
    asked, in the note names then in force: the prompt, the answer and the options to click."""

    facts: Where | Triad | Points | BestCell
    prompt: str
    answer: frozenset[Cell] | str | int
    options: tuple[str, ...] = ()
    #: Why the answer is right, for kinds that carry it ("puzzle", from muzlab.play.puzzles).
    explanation: str = ""

    @property
    def kind(self) -> str:
        """"where", "triad", "points" or "puzzle"."""
        return self.facts.kind

    @property
    def cell(self) -> Cell | None:
        """The cell asked about, marked on the board; None when the answer is a cell."""
        return self.facts.cell if isinstance(self.facts, Triad | Points) else None

    @typeset_text
    def check(self, reply: Cell | str | int) -> tuple[bool, str]:
        """Whether the reply is right, and a sentence saying why."""
        facts, position = self.facts, self.position
        if isinstance(facts, BestCell):  # the one best cell for the die
            if reply in self.answer:
                return True, f"Yes! {self.explanation}"
            why = position.explain(facts.pitch, reply) or (
                f"{position.board.cell_name(reply)} scores {position.score(facts.pitch, reply)}.")
            return False, f"Not the best: {why} {self.explanation}"
        if isinstance(facts, Where):
            if reply in self.answer:
                points = position.score(facts.pitch, reply)
                name, where = die_label(position, facts.pitch, reply), position.board.cell_name(reply)
                return True, f"Yes: {name} fits on {where} and scores {points}."
            return False, f"Not there: {position.explain(facts.pitch, reply)}"
        right = str(reply) == str(self.answer)
        if isinstance(facts, Triad):
            because = f"{join(facts.triad.names)} is {self.answer}."
        else:
            because = breakdown_words(facts.breakdown)
        return right, ("Right! " if right else f"Not quite: the answer is {self.answer}. ") + because


def score_explanation(position: Position, pitch: PitchLike, cell: Cell) -> str:
    """The sum behind a placement's score, e.g. "1 for the die + 2 in its column = 3, ×2 = 6", in
    words from `Position.score_breakdown` (so it always equals `Position.score`)."""
    return breakdown_words(position.score_breakdown(pitch, cell))


def breakdown_words(parts: ScoreBreakdown) -> str:
    """A `ScoreBreakdown` in words: the one wording of points the quiz and the worksheets share."""
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

    Puzzles ("find the best cell") come from `muzlab.play.puzzles.puzzle_question`.
    """
    facts = questions.ask(kind, seed)
    position, pitch = facts.position, facts.pitch
    if isinstance(facts, Where):
        prompt = f"Where can this {pitch_label(pitch)} go? Click a cell where it may be placed."
        return Question(facts, prompt, frozenset(facts.cells))
    if isinstance(facts, Triad):
        prompt = (f"Which triad does {die_label(position, pitch, facts.cell)} complete on "
                  f"{position.board.cell_name(facts.cell)}?")
        return Question(facts, prompt, triad_words(facts.answer), tuple(map(triad_words, facts.options)))
    return Question(facts, _points_prompt(facts), facts.breakdown.total, tuple(map(str, facts.options)))


def triad_words(triad: tuple[str, str]) -> str:
    """A triad given as (English root, quality) in the note names in force: "B♭ major"."""
    root, quality = triad
    return f"{show_name(root)} {quality}"


def _points_prompt(facts: Points) -> str:
    """"How many points does B♭ on i3 score?", the die named as the board would show it there."""
    return (f"How many points does {die_label(facts.position, facts.pitch, facts.cell)} on "
            f"{facts.position.board.cell_name(facts.cell)} score?")


@typeset_text
def worksheet(position: Position, seed: int = 0, count: int = 6) -> list[tuple[str, str]]:
    """Questions and answers about one position, for a printed worksheet: what the runs could become,
    where dice may go, and what placements score (`questions.overview`)."""
    items = []
    for facts in questions.overview(position, seed):
        if isinstance(facts, Pair):
            items.append((f"Which triads could the pair {join(facts.pair.names)} still become?",
                          ", ".join(facts.pair.triad_names())))
        elif isinstance(facts, Where):
            items.append((f"Where may {pitch_label(facts.pitch)} be placed?",
                          ", ".join(map(position.board.cell_name, facts.cells))))
        else:
            items.append((_points_prompt(facts), breakdown_words(facts.breakdown)))
    return items[:count]
