"""A term's items as a student answers them: one `Item` whatever its kind, checked by `check(reply)`, which
gives facts (a `Verdict`); the sentence a reply earns is made from them after, for the page's reader.

Each kind is one object with the same parts, its prompt and options (worded when the item is asked) and
its own `check`: an ear-training drill's item (`EarAsked`), the same drill answered by voice
(`SungEarAsked`), a key question (`KeyAsked`), a quiz question or puzzle (`QuizAsked`), the quiz's
missing note (`MissingAsked`) and a game against the computer (`GameAsked`, whose words are its moves':
`muzlab.app.term`). A reply is an option's number, a cell (a game's also None: pass the die), or a
pitch class sung or played (0 to 11, `muzlab.widgets.sung_answers`), so it means the same in every
note-name convention.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Protocol

from muzlab.app import term_games
from muzlab.app.store import ClassError
from muzlab.names.reader import Reader
from muzlab.play import keyitems, puzzles, quiz
from muzlab.play.eartraining import DRILLS, Drill, EarItem, option_words
from muzlab.widgets.sung_answers import (
    MISSING_NOTE,
    completing_notes,
    missing_prompt,
    missing_verdict,
    sung_note,
    sung_verdict,
)

#: At most this many items in one assignment (each item's seed is the assignment's × this + its index).
MAX_ITEMS = 100
#: The ear-training drills answered by voice, as kinds of item: each kind and the drill it asks.
SUNG_DRILLS = {f"{drill} by voice": drill for drill in DRILLS}
#: The kinds answered by a note sung or played (a pitch class), not by a click.
SUNG_KINDS = (*SUNG_DRILLS, MISSING_NOTE)


class TermError(ClassError):
    """Something the term refuses (an unknown assignment, a closed one, a bad roster file, a reply of the
    wrong form for its item, ...)."""


@dataclass(frozen=True)
class Verdict:
    """What a reply to an item is: right or not, the reply as the item reads it (the option chosen, a
    cell, None: a game's die passed), and for a game's decision the ideas it tests."""

    right: bool
    reply: Any
    ideas: tuple[str, ...] = ()


class Asked(Protocol):
    """What every kind of item has: its prompt, its options (none: a cell of the board is the reply)."""

    prompt: str
    options: tuple[str, ...]

    def check(self, reply: Any) -> Verdict: ...


def _option(options: tuple[str, ...], reply: Any) -> str:
    """The option a reply's number chooses; TermError for a number not offered."""
    if type(reply) is not int or not 0 <= reply < len(options):
        raise TermError("Choose one of the {options} answers offered.", options=len(options))
    return options[reply]


def _cell(reply: Any) -> tuple[int, int]:
    """A reply that is a cell (q, r), as a tuple; TermError for anything else."""
    if not (isinstance(reply, tuple | list) and len(reply) == 2 and all(type(x) is int for x in reply)):
        raise TermError("This question is answered by clicking a cell of the board.")
    return tuple(reply)


def _pitch(reply: Any) -> int:
    """A reply that is a pitch class (0 to 11: the note heard, in any octave); TermError for anything else."""
    if type(reply) is not int or not 0 <= reply < 12:
        raise TermError("This question is answered by singing or playing a note, not {reply}.",
                        reply=repr(reply)[:20])
    return reply


@dataclass(frozen=True)
class EarAsked:
    """An ear-training drill's item (`ear`, played by the page): its options are the drill's answers."""

    ear: EarItem
    prompt: str

    @property
    def options(self) -> tuple[str, ...]:
        return self.ear.options

    def check(self, reply: Any) -> Verdict:
        option = _option(self.options, reply)
        return Verdict(self.ear.is_right(option), option)

    def words(self, verdict: Verdict, reader: Reader) -> str:
        said = reader.gettext("Right!") if verdict.right else reader.gettext(
            "Not quite: it was {answer}.").format(answer=option_words(self.ear.answer, reader))
        return f"{said} {self.ear.explanation(reader)}"


@dataclass(frozen=True)
class SungEarAsked:
    """An ear-training drill's item answered by voice (`ear`, played by the page): the reply is the pitch
    class heard, right when it is the note the drill asks to sing (`sung_answers.sung_note`)."""

    ear: EarItem
    prompt: str
    options: tuple[str, ...] = ()

    def check(self, reply: Any) -> Verdict:
        pitch = _pitch(reply)
        return Verdict(pitch == sung_note(self.ear), pitch)

    def words(self, verdict: Verdict, reader: Reader) -> str:
        return sung_verdict(self.ear, verdict.reply, reader)[1]


@dataclass(frozen=True)
class KeyAsked:
    """A key question (`muzlab.play.keyitems`), its options and the sentences it earns worded when asked."""

    keys: keyitems.KeyQuestion

    @property
    def prompt(self) -> str:
        return self.keys.prompt

    @property
    def options(self) -> tuple[str, ...]:
        return self.keys.options

    def check(self, reply: Any) -> Verdict:
        option = _option(self.options, reply)
        return Verdict(option == self.keys.answer, option)

    def words(self, verdict: Verdict, reader: Reader) -> str:
        return self.keys.right_words if verdict.right else self.keys.wrong_words


@dataclass(frozen=True)
class QuizAsked:
    """A quiz question or puzzle (`muzlab.play.quiz`): an option chosen, or a cell clicked ("where", the
    best cell of a puzzle)."""

    question: quiz.Question

    @property
    def prompt(self) -> str:
        return self.question.prompt

    @property
    def options(self) -> tuple[str, ...]:
        return () if self.question.kind in ("where", "puzzle") else self.question.options

    def check(self, reply: Any) -> Verdict:
        reply = _cell(reply) if not self.options else _option(self.options, reply)
        if isinstance(self.question.answer, frozenset):
            return Verdict(reply in self.question.answer, reply)
        return Verdict(str(reply) == str(self.question.answer), reply)

    def words(self, verdict: Verdict, reader: Reader) -> str:
        return self.question.check(verdict.reply, reader)[1]


@dataclass(frozen=True)
class MissingAsked:
    """The quiz's missing note: a triad question's position and outlined cell (`question`), answered by
    a pitch class sung or played, right when it completes a triad there (any such note)."""

    question: quiz.Question
    prompt: str
    options: tuple[str, ...] = ()

    def check(self, reply: Any) -> Verdict:
        pitch = _pitch(reply)
        return Verdict(pitch in completing_notes(self.question.position, self.question.cell), pitch)

    def words(self, verdict: Verdict, reader: Reader) -> str:
        return missing_verdict(self.question.position, self.question.cell, verdict.reply, reader)[1]


@dataclass(frozen=True)
class GameAsked:
    """A game against the computer: the reply is a decision on the die in hand, a cell or None (pass), right
    when it is the best (`term_games.tags`) on `table`, the game as it stands."""

    prompt: str
    table: term_games.Table
    options: tuple[str, ...] = ()

    def check(self, reply: Any) -> Verdict:
        if reply is not None and not (isinstance(reply, tuple | list) and len(reply) == 2
                                      and all(type(x) is int for x in reply)):
            raise TermError("A game is played by clicking a cell of the board, or by passing the die.")
        right, ideas = term_games.tags(self.table, reply)
        return Verdict(right, None if reply is None else tuple(reply), ideas)


@dataclass(frozen=True)
class Item:
    """Item `index` of an assignment as a student sees it: its `kind` and what it asks (`asked`, one of
    the kind objects above), worded for the reader it was asked for."""

    assignment: int
    index: int
    kind: str
    asked: EarAsked | SungEarAsked | KeyAsked | QuizAsked | MissingAsked | GameAsked

    @property
    def prompt(self) -> str:
        return self.asked.prompt

    @property
    def options(self) -> tuple[str, ...]:
        """The answers to choose from, by number (empty when the answer is a cell to click)."""
        return self.asked.options

    def check(self, reply: Any) -> Verdict:
        """Whether `reply` (an option's number, a cell, or a pitch class sung) is right, as facts;
        TermError, with its sentence, for a reply of the wrong form."""
        return self.asked.check(reply)


def asked(kind: str, seed: int, index: int, count: int,
          reader: Reader) -> EarAsked | SungEarAsked | KeyAsked | QuizAsked | MissingAsked:
    """What item `index` of `count` of an assignment of `kind` (not a game) asks, drawn from `seed` and
    worded for `reader`."""
    if kind in DRILLS:
        return EarAsked(_drill_items(kind, seed, count)[index], Drill(kind).prompt(reader))
    if kind in SUNG_DRILLS:
        return SungEarAsked(_drill_items(SUNG_DRILLS[kind], seed, count)[index], sung_prompt(kind, reader))
    if kind in keyitems.KINDS:
        return KeyAsked(keyitems.make_question(kind, seed * MAX_ITEMS + index, reader))
    if kind == "puzzle":
        return QuizAsked(puzzles.puzzle_question(seed * MAX_ITEMS + index, reader))
    if kind == MISSING_NOTE:  # (asked on a triad question's outlined cell, as the Quiz asks it)
        question = quiz.make_question("triad", seed * MAX_ITEMS + index, reader)
        return MissingAsked(question, missing_prompt(question.position, question.cell, reader))
    return QuizAsked(quiz.make_question(kind, seed * MAX_ITEMS + index, reader))


def sung_prompt(kind: str, reader: Reader) -> str:
    """What a drill answered by voice asks: listen, then sing or play the note it names."""
    drill = SUNG_DRILLS[kind]
    if drill == "triad quality":
        return reader.gettext("Listen to the triad, then sing or play its third.")
    if drill == "third":
        return reader.gettext("Listen to the two notes, then sing or play the upper one.")
    return reader.gettext("Listen to the key, then sing or play the last note back.")


@functools.lru_cache(maxsize=256)
def _drill_items(kind: str, seed: int, count: int) -> tuple[EarItem, ...]:
    """A drill's items from a seed (facts only, the same every time: kept for the next item)."""
    return tuple(Drill(kind).items(seed, count))
