"""What a game says, from its facts: each event as words and as a sentence, each die as the board
named it when it was played, and the paper score sheet. Wording is the last step: the game
(muzlab.play.game) and its events (muzlab.play.events) hold facts only; every function here is a
pure function of those facts, the board's spelling and the `Reader` it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from muzlab.core.board import Board
from muzlab.core.errors import Worded
from muzlab.core.hexgrid import COLUMN, Cell
from muzlab.core.pitch import pitch_name
from muzlab.names import event_sentences, structure_words
from muzlab.names.board_spelling import neighbour_pairs
from muzlab.names.language import clauses, marked, phrase, sentence
from muzlab.names.output_words import number_words
from muzlab.names.reader import PLAIN, Reader
from muzlab.names.run_words import completed_words, run_label
from muzlab.names.spelling import pitch_label, prose_name, show_name, show_names
from muzlab.play import records
from muzlab.play.events import Event, Moment
from muzlab.rules.position import HISTORY_SPELLED

if TYPE_CHECKING:
    from muzlab.play.game import Game
    from muzlab.rules.position import Position

#: Where the words page explains why one die has two names (linked from the first such move), in English.
TWO_NAMES_PAGE = "docs/words.md#one-sound-two-names"


def two_names_page(reader: Reader) -> str:
    """`TWO_NAMES_PAGE` in `reader`'s language: that section of its translation of the words page."""
    # TRANSLATORS: the words page in your language and its section "One sound, two names" (docs/<xx>/).
    return reader.gettext("docs/words.md#one-sound-two-names")


#: The page for students on why a die's name changes when a neighbour arrives (linked from the first
#: placement that renames a die), in English.
NAME_CHANGES_PAGE = "docs/name-changes.md"


def name_changes_page(reader: Reader) -> str:
    """`NAME_CHANGES_PAGE` in `reader`'s language: its translation of the page."""
    # TRANSLATORS: the page "Why did my note's name change?" in your language (docs/<xx>/name-changes.md).
    return reader.gettext("docs/name-changes.md")


class DieWords(NamedTuple):
    """How the board names an event's die when it is shown: its name, what a placement completed
    (spelled as the board spells it) and, for a placement, the dice it made the board rename and why
    the die is not written as it was rolled ("B♭, read as A♯ here: it leads to B")."""

    name: str
    completed: tuple[str, ...] = ()
    renamed: str = ""
    read_as: str = ""
    prose: str = ""  # the name as a sentence writes it ("ré" in French solfège); "": as `name`
    #: what a placement completed as the object of its sentence ("completes the C major triad")
    completed_words: tuple[str, ...] = ()

    def in_prose(self) -> str:
        """The die's name as a sentence writes it (`spelling.prose_name`)."""
        return self.prose or self.name


def moment_words(moment: Moment, reader: Reader) -> DieWords:
    """A moment's die in words on the board, for `reader`: a placed die named as the position right
    after it (reached by play) labels it in the reader's lesson key, with the runs it completed and
    the renaming clause ("the Eb on e3 is now read as D#"); any other die by its default name."""
    event, position = moment.event, moment.after
    if event.kind != "place":
        return DieWords(pitch_label(event.pitch, reader), prose=pitch_label(event.pitch, reader, prose=True))
    cell, board, key = event.cell, position.board, reader.key or ""
    if len(position) > HISTORY_SPELLED:  # (a custom board far beyond the master board: named locally)
        runs = [run for run in position.runs_through(cell, key) if run.complete] if event.completed else []
        completed = tuple(run_label(run, tuple(run.alone()), reader) for run in runs)
        objects = tuple(completed_words(run, tuple(run.alone()), reader) for run in runs)
        alone = position.alone_label(cell)
        return DieWords(show_name(alone, reader), completed, prose=prose_name(alone, reader),
                        completed_words=objects)
    done = [structure for structure in position.runs_through(cell, key)
            if structure.complete] if event.completed else []
    completed = tuple(structure_words.label(structure, reader) for structure in done)
    objects = tuple(structure_words.completed_words(structure, reader) for structure in done)
    renamed = [_renaming(old, new, board.cell_name(where), reader) for where, old, new
               in position.renamed(key) if where != cell]
    names = position.spelled(key).shown_names(cell)
    return DieWords(show_names(names, reader), completed, clauses(renamed, reader.language),
                    _read_as(position, cell, event.pitch, reader), show_names(names, reader, prose=True),
                    objects)


def _read_as(position: Position, cell: Cell, pitch: int, reader: Reader) -> str:
    """Why a placed die is written otherwise than it was rolled, in a short clause: "B♭, read as A♯
    here: it leads to B" (a neighbour on one of its lines reads right with the new name only); "" when
    it keeps its rolled name or shows both."""
    key = reader.key or ""
    spelled = position.spelled(key)
    name, rolled = spelled.names[cell], pitch_name(pitch)
    if name == rolled or len(spelled.shown_names(cell)) > 1:
        return ""
    reasons = []
    for low, high, line in neighbour_pairs(position.dice):
        if cell not in (low, high):
            continue
        other = high if low == cell else low
        names = {low: spelled.name(low, line), high: spelled.name(high, line)}
        if not spelled.reads(low, high, line, names):
            continue
        if spelled.reads(low, high, line, {**names, cell: rolled}):
            continue  # (the rolled name would read right here too)
        shown = prose_name(names[other], reader)
        if line == COLUMN:
            words = (reader.gettext("a third below {note}") if other == high
                     else reader.gettext("a third above {note}"))
            reasons.append((1, words.format(note=shown)))
        else:
            words = (reader.gettext("it leads to {note}") if other == high
                     else reader.gettext("it steps up from {note}"))
            reasons.append((0 if other == high else 1, words.format(note=shown)))
    if not reasons:  # both names read right: the run's own key or triad chose (the lesson key, a tie)
        for run in position.runs_through(cell, key):
            context = (structure_words.triad_names(run, reader)[:1] if run.kind == "triad"
                       else [structure_words.key_name(run, reader)])
            if context and context[0] != reader.gettext("no scale"):
                reasons.append((2, reader.gettext("as in {key}").format(key=context[0])))
    reason = min(reasons)[1] if reasons else reader.gettext("as its lines write it")
    return phrase(reader.gettext("{rolled}, read as {name} here: {reason}"),
                  rolled=prose_name(rolled, reader), name=prose_name(name, reader), reason=reason)


def _renaming(old: tuple[str, ...], new: tuple[str, ...], where: str, reader: Reader) -> str:
    """The clause saying a die's names changed (`Position.renamed`): "the Eb on e3 is now read as D#",
    or, when a new line reads it by its other name too, "the C# on f5 is now also read as Db"."""
    if set(old) <= set(new):
        return reader.gettext("the {old} on {cell} is now also read as {new}").format(
            old=show_names(old, reader, prose=True), cell=where,
            new=show_names([name for name in new if name not in old], reader, prose=True))
    return reader.gettext("the {old} on {cell} is now read as {new}").format(
        old=show_names(old, reader, prose=True), cell=where, new=show_names(new, reader, prose=True))


def event_words(event: Event, board: Board, reader: Reader, name: str | None = None) -> str:
    """Short words for errors about an event, e.g. "place Eb on e5" (`event_sentences.action`); `name`
    spells the die in context (else its default name, as `reader` reads it)."""
    cell = _where(event, board, reader) if event.kind == "place" else ""
    name = name or pitch_label(event.pitch, reader, prose=True)
    return event_sentences.action(event.kind, name, cell, reader)


def _where(event: Event, board: Board, reader: Reader) -> str:
    """The cell a placement names: its name, or words for a cell off the board."""
    if event.cell in board:
        return board.cell_name(event.cell)
    return reader.gettext("the off-board cell {cell}").format(cell=event.cell)


def event_sentence(event: Event, board: Board, reader: Reader, words: DieWords | None = None,
                   who: str | None = None, said: Sequence[str] = (), to: str = "") -> str:
    """The event as a sentence (`muzlab.names.event_sentences`), e.g. "Player 2 places Eb on e5 (bonus
    play): 2 points": `words` names the die and what it completed as the board does (`Game.die_words`,
    made for the same `reader`), else its default name; `who` names the seat (else "Player 2"); `said`
    adds clauses to a placement's, `to` names who receives a passed die."""
    who = who or event_sentences.player(event.player, reader)
    name = words.in_prose() if words else pitch_label(event.pitch, reader, prose=True)
    missed = event.legal_cells if event.missed else 0
    if event.kind == "place":
        completed = (words.completed_words if words else [c.label(reader) for c in event.completed]
                     ) if event.completed else ()
        clauses = [part for part in (words.read_as, words.renamed) if part] if words else []
        cell = _where(event, board, reader)
        return event_sentences.placed(who, name, cell, event.points, reader, event.source, completed,
                                      [*clauses, *said])
    if event.kind == "roll":
        return event_sentences.rolled(who, name, reader, event.source)
    if event.kind == "pass":
        return event_sentences.passed(who, name, reader, missed, to)
    return event_sentences.rerolled(who, name, reader, event.source == "passed", missed)


def give_ups_end_sentence(dice: int, players: int, note: str, reader: Reader) -> str:
    """Why a game ended when its passes and re-rolls were used up and the die `note` (as a sentence
    writes it) fits nowhere."""
    allowance = records.max_give_ups(dice, players)
    game = reader.ngettext("{dice} die for {players}", "{dice} dice for {players}", dice).format(
        dice=number_words(dice, reader), players=reader.ngettext(
            "{count} player", "{count} players", players).format(count=number_words(players, reader)))
    return sentence(reader.ngettext(
        "The game ends: the players have passed or re-rolled {allowance} time, all that a game of {game} "
        "allows ({each} per die and seat), and {note} fits nowhere on the board, so no one can move again.",
        "The game ends: the players have passed or re-rolled {allowance} times, all that a game of {game} "
        "allows ({each} per die and seat), and {note} fits nowhere on the board, so no one can move again.",
        allowance), allowance=number_words(allowance, reader), game=game,
        each=records.GIVE_UPS_PER_DIE_AND_SEAT, note=note)


#: How the score sheet writes a play that is not its turn's roll, a pass and a re-roll ({die}: the die's
#: name, {cell}: where it went, {missed}: the legal cells a passed die had).
# TRANSLATORS: short, as written on a paper score sheet: "extra C d4 +3", "pass E♭ (missed 2)".
_SHEET_PLAYS = {"opening": marked("score sheet play", "opening {die} {cell}"),
                "passed": marked("score sheet play", "bonus {die} {cell}"),
                "extra": marked("score sheet play", "extra {die} {cell}"),
                "turn": marked("score sheet play", "{die} {cell}"),
                "pass": marked("score sheet play", "pass {die}"),
                "reroll": marked("score sheet play", "re-roll {die}"),
                "missed": marked("score sheet play", " (missed {count})")}
#: The columns of the score sheet, in order.
SHEET_COLUMNS = ("turn", "round", "player", "plays", "bonus", "extra", "passes", "points", "total")


def sheet_rows(game: Game, die_words: Sequence[DieWords],
               seat_label: Callable[[int], str] = lambda seat: f"Player {seat + 1}",
               reader: Reader | None = None) -> list[dict[str, Any]]:
    """The score sheet's lines as dicts keyed by SHEET_COLUMNS, one per turn, from the game's events and
    each event's die as the board named it (`Game.die_words`), its plays in `reader`'s words (plain
    English without one); `seat_label` names a seat."""
    reader = reader or PLAIN

    def play(kind: str, **facts: object) -> str:
        return reader.pgettext(*_SHEET_PLAYS[kind]).format(**facts)

    rows: list[dict[str, Any]] = []
    totals = [0] * game.players
    for event, words in zip(game.events, die_words, strict=True):
        name = words.name
        if not rows or rows[-1]["turn"] != event.turn:
            turn = event.turn
            rows.append({"turn": turn, "round": 0 if turn == 0 else (turn - 1) // game.players + 1,
                         "player": seat_label(event.player), "plays": [], "bonus": 0, "extra": 0,
                         "passes": 0, "points": 0, "total": 0})
        row = rows[-1]
        missed = play("missed", count=event.legal_cells) if event.missed else ""
        if event.kind == "place":
            done = f" ({', '.join(words.completed)})" if event.completed else ""
            kind = event.source if event.source in ("opening", "passed", "extra") else "turn"
            row["plays"].append(f"{play(kind, die=name, cell=game.board.cell_name(event.cell))} "
                                f"+{event.points}{done}")
            row["points"] += event.points
            if event.source == "passed":
                row["bonus"] += event.points
            elif event.source == "extra":
                row["extra"] += event.points
            totals[event.player] += event.points
        elif event.kind == "pass":
            row["passes"] += 1
            row["plays"].append(play("pass", die=name) + missed)
        elif event.kind == "reroll":
            row["plays"].append(play("reroll", die=name) + missed)
        row["total"] = totals[event.player]
    for row in rows:
        row["plays"] = " · ".join(row["plays"])
    return rows


def named_event(event: Event, board: Board) -> Worded:
    """An event named in an error: in English for `str()`, in a person's words where shown."""
    return Worded(event_words(event, board, PLAIN), event_words, event, board)


#: The readers a game keeps die words for at once (pages at one table reading several conventions);
#: the one who asked least recently makes room for a new one.
NAMED_READERS = 8


class KeptWords:
    """The die words of a game's events kept per reader (`Game.die_words`): each event is named once
    per reader, so pages reading one game in several conventions never re-word each other's; the
    NAMED_READERS who asked most recently are kept. Read from other threads: a change is published as
    a new dict, never made in place."""

    __slots__ = ("_by_reader",)

    def __init__(self, by_reader: dict[Reader, tuple[DieWords, ...]] | None = None):
        self._by_reader = {} if by_reader is None else by_reader

    def words(self, game: Game, reader: Reader) -> tuple[DieWords, ...]:
        """Each event's die in `game` as the board named it at the time, for `reader`."""
        return self.words_of(game.history(), reader)

    def words_of(self, moments: tuple[Moment, ...], reader: Reader) -> tuple[DieWords, ...]:
        """The die words of `moments` (a game's history, or the start of it that a table's news keeps),
        for `reader`: made once and kept, so news worded after the game went on reuses the board's."""
        named = self._by_reader
        words = named.get(reader, ())
        if len(words) < len(moments):  # (a new tuple, never one extended in place: pages may read)
            words = (*words, *(moment_words(moment, reader) for moment in moments[len(words):]))
        elif not words or next(reversed(named)) == reader:
            return words[:len(moments)]  # (nothing named yet, or the reader who asked last: kept as is)
        named = dict(named)  # (a copy published whole: pages on other threads read and add too)
        named.pop(reader, None)
        if len(named) >= NAMED_READERS:
            del named[next(iter(named))]  # (the reader who asked least recently)
        named[reader] = words
        self._by_reader = named
        return words[:len(moments)]

    def cut(self, kept: int) -> KeptWords:
        """The words of the first `kept` events only (a game undone to there)."""
        return KeptWords({reader: words[:kept] for reader, words in self._by_reader.items()})

    def readers(self) -> tuple[Reader, ...]:
        """The readers whose words are kept, the one who asked least recently first."""
        return tuple(self._by_reader)
