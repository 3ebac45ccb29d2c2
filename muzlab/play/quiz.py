"""Quiz questions drawn from seeded random positions, with the answers and reasons the rules give.

"Where can this Eb go?", "Which triad does this complete?", "How many points?" The questions and
their answers are facts from muzlab.play.questions; this module words them (prompt, options, the
sentence a reply earns) for the `Reader` given (by default plain English, typeset), and words a
placement's points for every reader (`score_explanation`).
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import PitchLike
from muzlab.names import position_words, structure_words
from muzlab.names.language import at_start, marked, phrase, sentence, triad_phrase
from muzlab.names.reader import PLAIN, Reader, for_print
from muzlab.names.spelling import join, pitch_label, prose_name
from muzlab.play import questions
from muzlab.play.coach import die_label
from muzlab.play.questions import BestCell, Pair, Points, Triad, Where, Worded
from muzlab.rules.position import Position, ScoreBreakdown

KINDS = questions.QUIZ_KINDS


@dataclass(frozen=True)
class Question(Worded):
    """One quiz question as shown: its facts (muzlab.play.questions) and their words, made when it is
    asked, for the reader it was asked for: the prompt, the answer and the options to click."""

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

    def check(self, reply: Cell | str | int, reader: Reader | None = None) -> tuple[bool, str]:
        """Whether the reply is right, and a sentence saying why (for `reader`, by default the default
        reader, typeset)."""
        reader = for_print(reader)
        facts, position = self.facts, self.position
        if isinstance(facts, BestCell):  # the one best cell for the die
            if reply in self.answer:
                return True, sentence(reader.gettext("Yes! {why}"), why=self.explanation)
            why = position_words.explain(position, facts.pitch, reply, reader) or sentence(reader.gettext(
                "{cell} scores {points}."), cell=position.board.cell_name(reply),
                                                  points=position.score(facts.pitch, reply))
            return False, sentence(reader.gettext("Not the best: {why} {best}"), why=why,
                                   best=self.explanation)
        if isinstance(facts, Where):
            if reply in self.answer:
                points = position.score(facts.pitch, reply)
                name = die_label(position, facts.pitch, reply, reader, prose=True)
                return True, sentence(reader.gettext("Yes: {die} fits on {cell} and scores {points}."),
                                    die=name, cell=position.board.cell_name(reply), points=points)
            return False, sentence(reader.gettext("Not there: {why}"),
                why=position_words.explain(position, facts.pitch, reply, reader))
        right = str(reply) == str(self.answer)
        if isinstance(facts, Triad):
            because = at_start(phrase(reader.gettext("{notes} is {triad}."),
                                      notes=join(facts.triad.names, reader, prose=True), triad=self.answer))
        else:
            because = breakdown_words(facts.breakdown, reader)
        if right:
            return right, sentence(reader.gettext("Right! {because}"), because=because)
        return right, sentence(reader.gettext("Not quite: the answer is {answer}. {because}"),
            answer=self.answer, because=because)


def score_explanation(position: Position, pitch: PitchLike, cell: Cell, reader: Reader | None = None) -> str:
    """The sum behind a placement's score, e.g. "1 for the die + 2 in its column = 3, ×2 = 6", in
    words from `Position.score_breakdown` (so it always equals `Position.score`), for `reader` (by
    default English)."""
    return breakdown_words(position.score_breakdown(pitch, cell), reader)


#: Where a placement's points come from, by the line they lie on.
_LINE_WORDS = {"column": marked("points", "{count} in its column"),
               "rising-right diagonal": marked("points", "{count} in the rising-right diagonal"),
               "rising-left diagonal": marked("points", "{count} in the rising-left diagonal")}


def breakdown_words(parts: ScoreBreakdown, reader: Reader | None = None) -> str:
    """A `ScoreBreakdown` in words: the one wording of points the quiz and the worksheets share, in
    `reader`'s language (by default English); each line of LINE_NAMES has its words."""
    reader = reader or PLAIN
    if not parts.die:
        return reader.gettext("The opening die scores nothing (house rule) = 0.")
    words = [reader.gettext("1 for the die")] + [sentence(reader.pgettext(*_LINE_WORDS[line]), count=count)
                                                  for line, count in parts.runs]
    base = parts.total // parts.factor
    text = " + ".join(words) + f" = {base}"
    if parts.factor > 1:
        return sentence(reader.gettext("{sum}, ×{factor} on the honeypot = {total}."),
            sum=text, factor=parts.factor, total=parts.total)
    return text + "."


def make_question(kind: str, seed: int, reader: Reader | None = None) -> Question:
    """A question of the given kind ("where", "triad" or "points"), the same for the same seed, worded
    for `reader` (by default plain English, typeset).

    Puzzles ("find the best cell") come from `muzlab.play.puzzles.puzzle_question`.
    """
    reader = for_print(reader)
    facts = questions.ask(kind, seed)
    position, pitch = facts.position, facts.pitch
    if isinstance(facts, Where):
        prompt = sentence(reader.gettext("Where can this {die} go? Click a cell where it may be placed."),
            die=pitch_label(pitch, reader, prose=True))
        return Question(facts, prompt, frozenset(facts.cells))
    if isinstance(facts, Triad):
        prompt = sentence(reader.gettext("Which triad does {die} complete on {cell}?"),
            die=die_label(position, pitch, facts.cell, reader, prose=True),
            cell=position.board.cell_name(facts.cell))
        return Question(facts, prompt, triad_words(facts.answer, reader),
                        tuple(triad_words(option, reader) for option in facts.options))
    return Question(facts, _points_prompt(facts, reader), facts.breakdown.total,
                    tuple(map(str, facts.options)))


def triad_words(triad: tuple[str, str], reader: Reader | None = None) -> str:
    """A triad given as (English root, quality) as `reader` (by default plain English, typeset)
    reads it: "B♭ major"."""
    root, quality = triad
    reader = for_print(reader)
    return triad_phrase(prose_name(root, reader), quality, reader.language)


def _points_prompt(facts: Points, reader: Reader) -> str:
    """"How many points does B♭ on i3 score?", the die named as the board would show it there."""
    return sentence(reader.gettext("How many points does {die} on {cell} score?"),
        die=die_label(facts.position, facts.pitch, facts.cell, reader, prose=True),
        cell=facts.position.board.cell_name(facts.cell))


def worksheet(position: Position, seed: int = 0, count: int = 6,
              reader: Reader | None = None) -> list[tuple[str, str]]:
    """Questions and answers about one position, for a printed worksheet: what the runs could become,
    where dice may go, and what placements score (`questions.overview`), for `reader` (by default plain
    English, typeset)."""
    reader = for_print(reader)
    items = []
    for facts in questions.overview(position, seed):
        if isinstance(facts, Pair):
            triads = ", ".join(structure_words.triad_names(facts.pair, reader))
            items.append((sentence(reader.gettext("Which triads could the pair {notes} still become?"),
                notes=join(facts.pair.names, reader, prose=True)), triads))
        elif isinstance(facts, Where):
            items.append((sentence(reader.gettext("Where may {die} be placed?"),
                die=pitch_label(facts.pitch, reader, prose=True)),
                          ", ".join(map(position.board.cell_name, facts.cells))))
        else:
            items.append((_points_prompt(facts, reader), breakdown_words(facts.breakdown, reader)))
    return items[:count]
