"""Each kind of bank item in words: its text, its choices with which are right and what each earns,
and the feedback that explains the answer, drawn from muzlab's one question model.

The facts come from the project's question makers, so a bank item asks what the term's item with the
same seed asks: `muzlab.play.quiz.make_question` (where, triad, points), `muzlab.play.keyitems`
(key signature, Roman numeral), `muzlab.play.puzzles.puzzle_question` (the best cell), the ear drills
of `muzlab.play.eartraining`, and the worksheets' run question (what fits this run). The words are
those the quiz, the coach and the worksheets already say, for the `Reader` given. Where the quiz
answers on the board (where may it go, the best cell), the bank offers cells to choose: a few right
and a few wrong, drawn with the item's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from muzlab.core.errors import MuzlabError
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import SpelledNote, parse_pitch
from muzlab.names import structure_words
from muzlab.names.language import at_start, phrase, sentence
from muzlab.names.letters import major_scale
from muzlab.names.reader import Reader
from muzlab.names.spelling import face_label, join, key_label
from muzlab.play import keyitems, puzzles, questions, quiz
from muzlab.play.eartraining import DRILLS, Drill, EarItem, option_words
from muzlab.play.questions import Run
from muzlab.rules.position import Position
from muzlab.views import worksheet

#: What a bank may ask, by the term's names for its kinds, plus the worksheets' "run".
KINDS = ("where", "triad", "run", "points", "key signature", "Roman numeral", *DRILLS, "puzzle")
#: At most this many right and this many wrong cells offered where the answer is cells.
MOST_RIGHT, MOST_WRONG = 4, 4
#: Other legal cells a puzzle offers beside the best one.
PUZZLE_RIVALS = 3
#: Seeded games a run question looks through for a diagonal run fitting one to four keys.
RUN_GAMES = 1000


@dataclass(frozen=True)
class Choice:
    """One answer offered: its words, whether it is right, and the sentence it earns."""

    text: str
    right: bool
    feedback: str


@dataclass(frozen=True)
class Drawn:
    """One item in words: the question, the choices, the explanation, the board to show (a position
    and the cells marked on it) and the sound to play (an ear item)."""

    text: str
    choices: tuple[Choice, ...]
    feedback: str
    board: tuple[Position, tuple[Cell, ...]] | None = None
    sound: EarItem | None = None


def draw(kind: str, seed: int, index: int, drill_seed: int, reader: Reader) -> Drawn:
    """Item `index` of a bank, of `kind` (KINDS), from `seed` (the term's item seed); an ear item is
    item `index` of its drill drawn from `drill_seed`, as the term draws it."""
    if kind in DRILLS:
        return _ear(Drill(kind), Drill(kind).items(drill_seed, index + 1)[index], reader)
    if kind in keyitems.KINDS:
        question = keyitems.make_question(kind, seed, reader)
        choices = tuple(Choice(option, option == question.answer, question.check(option)[1])
                        for option in question.options)
        return Drawn(question.prompt, choices, question.why)
    return _DRAW[kind](seed, reader)


def _reading_order(cells: list[Cell]) -> list[Cell]:
    """Cells as their names read: column by column, bottom to top (as the worksheets list them)."""
    return sorted(cells, key=lambda cell: (cell[0], -cell[1]))


def _where(seed: int, reader: Reader) -> Drawn:
    question = quiz.make_question("where", seed, reader)
    facts, position = question.facts, question.position
    rng = random.Random(seed)
    empty = [cell for cell in position.board.cells if cell not in position.dice and cell not in facts.cells]
    offered = [*rng.sample(facts.cells, min(MOST_RIGHT, len(facts.cells))),
               *rng.sample(empty, min(MOST_WRONG, len(empty)))]
    text = sentence(reader.gettext("Where may a die showing {face} be placed? Choose every cell where it "
                                   "may go."), face=face_label(facts.pitch, reader, prose=True))
    choices = tuple(Choice(position.board.cell_name(cell), cell in facts.cells,
                           question.check(cell, reader)[1]) for cell in _reading_order(offered))
    return Drawn(text, choices, worksheet.question_words(position, facts, reader)[1], (position, ()))


def _triad(seed: int, reader: Reader) -> Drawn:
    question = quiz.make_question("triad", seed, reader)
    facts = question.facts
    why = at_start(phrase(reader.gettext("{notes} is {triad}."),
                          notes=join(facts.triad.names, reader, prose=True), triad=question.answer))
    choices = tuple(Choice(option, option == question.answer, question.check(option, reader)[1])
                    for option in question.options)
    return Drawn(question.prompt, choices, why, (facts.position, (facts.cell,)))


def _points(seed: int, reader: Reader) -> Drawn:
    question = quiz.make_question("points", seed, reader)
    facts = question.facts
    choices = tuple(Choice(option, option == str(question.answer), question.check(option, reader)[1])
                    for option in question.options)
    return Drawn(question.prompt, choices, quiz.breakdown_words(facts.breakdown, reader),
                 (facts.position, (facts.cell,)))


def _run(seed: int, reader: Reader) -> Drawn:
    """Which keys does this diagonal run fit? On the first worksheet position from `seed` on that has
    a run fitting one to four keys; the wrong keys offered hold none of its notes' sounds."""
    rng = random.Random(seed)
    for game_seed in range(seed, seed + RUN_GAMES):
        position = worksheet.sheet_position(game_seed)
        facts = questions.draw("run", position, rng)
        if facts is not None:
            break
    else:  # (no stretch of seeded games has been found so poor)
        raise MuzlabError("no diagonal run to ask about in {count} games from seed {seed}", count=RUN_GAMES,
                          seed=seed)
    letters, sound = structure_words.fitting_keys(facts.run, reader)
    right = [*letters, *sound][:MOST_RIGHT]
    notes = join(facts.run.names, reader, prose=True)
    strangers = [key for key in questions.SHEET_KEYS if not _holds(key, facts)]
    wrong = [key_label(SpelledNote.from_english(key), "major", reader)
             for key in rng.sample(strangers, min(MOST_WRONG, len(strangers)))]
    question, answer = worksheet.question_words(position, facts, reader)
    text = sentence(reader.gettext("{question} Choose every right answer."), question=question)
    choices = [Choice(key, True, sentence(reader.gettext("Yes: the run {notes} fits {key}."), notes=notes,
                                          key=key)) for key in right]
    choices += [Choice(key, False, sentence(reader.gettext("No: {key} does not hold the notes {notes}."),
                                            key=key, notes=notes)) for key in wrong]
    return Drawn(text, tuple(sorted(choices, key=lambda choice: choice.text)), answer,
                 (position, facts.run.cells))


def _holds(key: str, facts: Run) -> bool:
    """Whether the major key holds every note of the run, by sound."""
    return set(facts.run.pitches) <= {parse_pitch(name, "english") for name in major_scale(key)}


def _puzzle(seed: int, reader: Reader) -> Drawn:
    question = puzzles.puzzle_question(seed, reader)
    facts, position = question.facts, question.position
    others = [cell for cell in position.legal_placements(facts.pitch) if cell != facts.answer]
    offered = [facts.answer, *random.Random(seed).sample(others, min(PUZZLE_RIVALS, len(others)))]
    choices = tuple(Choice(position.board.cell_name(cell), cell == facts.answer,
                           question.check(cell, reader)[1]) for cell in _reading_order(offered))
    return Drawn(question.prompt, choices, question.explanation, (position, ()))


def _ear(drill: Drill, item: EarItem, reader: Reader) -> Drawn:
    """An ear item as the term words it: the drill's prompt, its options, what each reply earns."""
    why = item.explanation(reader)
    wrong = reader.gettext("Not quite: it was {answer}.").format(answer=option_words(item.answer, reader))
    choices = tuple(Choice(option_words(option, reader), item.is_right(option),
                           f"{reader.gettext('Right!')} {why}" if item.is_right(option) else f"{wrong} {why}")
                    for option in item.options)
    return Drawn(drill.prompt(reader), choices, why, sound=item)


_DRAW = {"where": _where, "triad": _triad, "run": _run, "points": _points, "puzzle": _puzzle}
