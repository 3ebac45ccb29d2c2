"""What a table's action did or refused, as facts (`News`), and the one line each says (`Message`).

A table acts and returns news: values only (the event, the seats, the status, the position), no
sentence. `News.words(reader)` makes the line for one reader; a class table acts under its lock and
its page words the news once the lock is let go (`muzlab.app.classroom`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from muzlab.core.hexgrid import Cell
from muzlab.names import event_sentences
from muzlab.names.error_words import error_words
from muzlab.names.language import sentence
from muzlab.names.output_words import number_words
from muzlab.names.position_words import explain
from muzlab.names.reader import Reader, for_print
from muzlab.names.spelling import pitch_label, prose_name
from muzlab.play.coach import advice
from muzlab.play.events import Event
from muzlab.play.game_words import (
    DieWords,
    event_sentence,
    give_ups_end_sentence,
    name_changes_page,
    two_names_page,
)


@dataclass(frozen=True)
class Message:
    """One line for the people at the table; `cells` are the cells it is about (a hint's best cells)."""

    text: str
    kind: str = "info"
    seat: int | None = None
    event: Event | None = None
    extra_roll: bool = False
    cells: tuple[Cell, ...] = ()
    #: the line as a screen reader's live region says it, where it differs: without the addresses of
    #: pages (a path read aloud letter by letter helps no one); "": as `text`
    spoken: str = ""

    @property
    def said(self) -> str:
        """The line as it is spoken (`spoken`, else `text`)."""
        return self.spoken or self.text

    @property
    def refused(self) -> bool:
        """True for an action the table refused (nothing changed)."""
        return self.kind == "refused"


@dataclass(frozen=True)
class News:
    """One thing an action did or refused, as facts: what it says (`say`, a key of `SAYINGS`) and the
    values that sentence needs (`facts`: seats, events, positions, a status; values that do not change).
    `words` makes its `Message` for a reader, with no lock held."""

    say: str
    kind: str = "info"
    seat: int | None = None
    event: Event | None = None
    extra_roll: bool = False
    cells: tuple[Cell, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def refused(self) -> bool:
        """True for an action the table refused (nothing changed)."""
        return self.kind == "refused"

    def words(self, reader: Reader | None = None) -> Message:
        """The news as one line for `reader` (None: plain English, typeset)."""
        text, spoken = SAYINGS[self.say](self.facts, self.event, for_print(reader))
        return Message(text, self.kind, self.seat, self.event, self.extra_roll, self.cells, spoken)


def said(news: Sequence[News], reader: Reader | None = None) -> tuple[Message, ...]:
    """Each piece of news as its line for `reader`."""
    return tuple(item.words(reader) for item in news)


def _who(facts: Mapping[str, Any], event: Event, reader: Reader, words: DieWords | None = None,
         **more: Any) -> str:
    """The event's one sentence (`event_sentence`, as the log and the class pages write it), with the
    seat's name."""
    return event_sentence(event, facts["board"], reader, words, facts["seats"][event.player].called(reader),
                          **more)


def _error(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return error_words(facts["error"], reader), ""


def _illegal(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return explain(facts["position"], facts["hand"], facts["cell"], reader) or "", ""


def _over(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("The game is over: {result}. Start a new game.").format(
        result=facts["status"].result_words(reader)), ""


def _computer(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("{who} is a computer player; it plays by itself.").format(
        who=facts["seat"].called(reader)), ""


def _not_your_turn(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("It is {name}'s turn: watch, and play when your turn comes.").format(
        name=facts["seat"].name_for(reader)), ""


def _no_die(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return (reader.gettext("Re-roll the passed die first: there is no die in hand.")
            if facts["phase"] == "reroll" else reader.gettext("Roll first: there is no die in hand.")), ""


def _wrong_note(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return sentence(reader.gettext("The die in hand is {hand}, not {typed}: nothing was placed."),
                    hand=pitch_label(facts["hand"], reader, prose=True),
                    typed=prose_name(facts["typed"], reader)), ""


def _rolled(facts: Mapping[str, Any], event: Event, reader: Reader) -> tuple[str, str]:
    where = event_sentences.legal_cells(facts["legal"], reader)
    return f"{_who(facts, event, reader)} — {where}.", ""


def _ended_at_roll(facts: Mapping[str, Any], event: Event, reader: Reader) -> tuple[str, str]:
    """The last roll's line when it ended the game: the die fits nowhere, and it may not be passed or
    re-rolled, the game's passes and re-rolls being used up."""
    why = give_ups_end_sentence(facts["dice"], facts["players"], pitch_label(event.pitch, reader, prose=True),
                                reader)
    return f"{_who(facts, event, reader)}. {why} {facts['status'].words(reader)}.", ""


def _placed(facts: Mapping[str, Any], event: Event, reader: Reader) -> tuple[str, str]:
    """A placement's line: the die named as the board named it, each page about names pointed to the
    first time a game needs it, and an extra roll or the result."""
    history = facts["history"]
    named = facts["kept"].words_of(history, reader)
    pages = [*_first_time(named, "read_as", reader.gettext("one sound, two names: {page}"),
                          two_names_page(reader)),
             *_first_time(named, "renamed", reader.gettext("why names change: {page}"),
                          name_changes_page(reader))]
    text = _who(facts, event, reader, named[-1], said=pages)  # (each page once a game)
    spoken = _who(facts, event, reader, named[-1]) if pages else ""
    if facts["extra"]:
        ending = reader.gettext(": extra roll!")
    elif facts["status"].over:
        ending = f". {facts['status'].words(reader)}."
    else:
        ending = "."
    return text + ending, spoken and spoken + ending


def _passed(facts: Mapping[str, Any], event: Event, reader: Reader) -> tuple[str, str]:
    receiver = facts["receiver"]
    return _who(facts, event, reader, to=receiver.called(reader) if receiver is not None else "") + ".", ""


def _stopped(_facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext(
        "The board is locked: no die fits anywhere, and these rules do not end the game on a locked "
        "board, so the computer players stop here. Start a new game."), ""


def _hints_off(_facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("Hints are switched off for this game."), ""


def _no_die_to_hint(_facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("Roll first: a hint is for the die in hand."), ""


def _hint(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    """The hint's sentence; a die that fits nowhere and is re-rolled rather than passed says so."""
    best = advice(facts["position"], facts["hand"], reader)
    if not best.cells and (facts["phase"] == "bonus" or facts["players"] == 1):
        # a passed die is not passed on again, and alone a pass is a re-roll: the die is re-rolled
        template = (reader.gettext("The passed {note} fits nowhere on this board: re-roll it (Pass, then "
                                   "Roll).") if facts["phase"] == "bonus" else
                    reader.gettext("{note} fits nowhere on this board: re-roll it (Pass, then Roll)."))
        return sentence(template, note=pitch_label(facts["hand"], reader, prose=True)), ""
    return best.sentence, ""


def _nothing_to_undo(_facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("Nothing to undo: no person has played yet."), ""


def _undone(facts: Mapping[str, Any], event: Event, reader: Reader) -> tuple[str, str]:
    """The die taken back, named as the board named it when it was played."""
    named = facts["kept"].words_of(facts["history"], reader)
    return reader.gettext("Undone: {event}.").format(event=_who(facts, event, reader, named[-1])), ""


def _new_game(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.gettext("New game (seed {seed}).").format(seed=facts["seed"]), ""


def _wrong_players(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    return reader.ngettext(
        "That is a game for {players} players; this table seats {count}.",
        "That is a game for {players} players; this table seats {count}.", facts["seats"]).format(
        players=number_words(facts["players"], reader), count=number_words(facts["seats"], reader)), ""


def _loaded(facts: Mapping[str, Any], _event: Any, reader: Reader) -> tuple[str, str]:
    events = facts["events"]
    return reader.ngettext("Loaded a game of {count} event.", "Loaded a game of {count} events.",
                           events).format(count=number_words(events, reader)), ""


def _first_time(named: Sequence[DieWords], field: str, sentence: str, page: str) -> list[str]:
    """The clause pointing to `page` when the last placement is the game's first whose words have
    `field` (a die read by another name, a die renamed), else none."""
    first = getattr(named[-1], field) and not any(getattr(earlier, field) for earlier in named[:-1])
    return [sentence.format(page=page)] if first else []


#: What each kind of news says: (facts, event, reader) -> (the line, the line spoken where it differs).
SAYINGS: dict[str, Callable[[Mapping[str, Any], Any, Reader], tuple[str, str]]] = {
    "error": _error, "illegal": _illegal, "over": _over, "computer": _computer, "no die": _no_die,
    "not your turn": _not_your_turn,
    "wrong note": _wrong_note, "rolled": _rolled, "ended at roll": _ended_at_roll, "placed": _placed,
    "passed": _passed, "stopped": _stopped, "hints off": _hints_off, "no die to hint": _no_die_to_hint,
    "hint": _hint, "nothing to undo": _nothing_to_undo, "undone": _undone, "new game": _new_game,
    "wrong players": _wrong_players, "loaded": _loaded}
