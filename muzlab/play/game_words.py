"""What a game says, from its facts: each event as words and as a sentence, each die as the board
named it when it was played, and the paper score sheet. Wording is the last step: the game
(muzlab.play.game) and its events (muzlab.play.events) hold facts only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from muzlab.core.board import Board
from muzlab.core.hexgrid import COLUMN, Cell
from muzlab.core.pitch import pitch_name
from muzlab.names.board_spelling import neighbour_pairs
from muzlab.names.run_words import run_label
from muzlab.names.spelling import pitch_label, show_label, show_name
from muzlab.play import records
from muzlab.play.events import Event, Moment
from muzlab.rules.position import HISTORY_SPELLED

if TYPE_CHECKING:
    from muzlab.play.game import Game
    from muzlab.rules.position import Position

_SOURCE_WORDS = {"opening": "opening", "extra": "extra roll", "reroll": "re-roll", "passed": "bonus play"}


#: Where the words page explains why one die has two names (linked from the first such move).
TWO_NAMES_PAGE = "docs/words.md#one-sound-two-names"


class DieWords(NamedTuple):
    """How the board names an event's die when it is shown: its name, what a placement completed
    (spelled as the board spells it) and, for a placement, the dice it made the board rename and why
    the die is not written as it was rolled ("B♭, read as A♯ here: it leads to B")."""

    name: str
    completed: tuple[str, ...] = ()
    renamed: str = ""
    read_as: str = ""


def moment_words(moment: Moment) -> DieWords:
    """A moment's die in words on the board: a placed die named as the position right after it (reached
    by play) labels it, with the runs it completed and the renaming clause ("the Eb on e3 is now read
    as D#"); any other die by its default name."""
    event, position = moment.event, moment.after
    if event.kind != "place":
        return DieWords(pitch_label(event.pitch))
    cell, board = event.cell, position.board
    if len(position) > HISTORY_SPELLED:  # (a custom board far beyond the master board: named locally)
        completed = tuple(run_label(structure, tuple(structure.alone())) for structure
                          in position.runs_through(cell) if structure.complete) if event.completed else ()
        return DieWords(show_label(position.alone_label(cell)), completed)
    completed = tuple(structure.label() for structure in position.runs_through(cell)
                      if structure.complete) if event.completed else ()
    renamed = [_renaming(old, new, board.cell_name(where)) for where, old, new in position.renamed()
               if where != cell]
    return DieWords(show_label(position.spelled().label(cell)), completed, "; ".join(renamed),
                    _read_as(position, cell, event.pitch))


def _read_as(position: Position, cell: Cell, pitch: int) -> str:
    """Why a placed die is written otherwise than it was rolled, in a short clause: "B♭, read as A♯
    here: it leads to B" (a neighbour on one of its lines reads right with the new name only); "" when
    it keeps its rolled name or shows both."""
    spelled = position.spelled()
    name, rolled = spelled.names[cell], pitch_name(pitch)
    if name == rolled or "/" in spelled.label(cell):
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
        shown = show_name(names[other])
        if line == COLUMN:
            reasons.append((1, f"a third {'below' if other == high else 'above'} {shown}"))
        else:
            reasons.append((0 if other == high else 1, f"it leads to {shown}" if other == high
                            else f"it steps up from {shown}"))
    if not reasons:  # both names read right: the run's own key or triad chose (the lesson key, a tie)
        for run in position.runs_through(cell):
            context = run.triad_names()[:1] if run.kind == "triad" else [run.key_name()]
            if context and context[0] != "no scale":
                reasons.append((2, f"as in {context[0]}"))
    reason = min(reasons)[1] if reasons else "as its lines write it"
    return f"{show_name(rolled)}, read as {show_name(name)} here: {reason}"


def _renaming(old: str, new: str, where: str) -> str:
    """The clause saying a die's label changed: "the Eb on e3 is now read as D#", or, when a new
    line reads it by its other name too, "the C# on f5 is now also read as Db"."""
    added = [name for name in new.split("/") if name not in old.split("/")]
    if set(old.split("/")) <= set(new.split("/")):
        return f"the {show_label(old)} on {where} is now also read as {show_label('/'.join(added))}"
    return f"the {show_label(old)} on {where} is now read as {show_label(new)}"


def event_words(event: Event, board: Board, name: str | None = None) -> str:
    """Short words for messages and sheets, e.g. "place Eb on e5"; `name` spells the die in context."""
    name = name or pitch_label(event.pitch)
    if event.kind == "place":
        where = board.cell_name(event.cell) if event.cell in board else f"the off-board cell {event.cell}"
        return f"place {name} on {where}"
    return {"reroll": "re-roll"}.get(event.kind, event.kind) + f" {name}"


def event_sentence(event: Event, board: Board, words: DieWords | None = None) -> str:
    """The event as a sentence, e.g. "Player 2 places Eb on e5 (bonus play): 2 points"; `words` names
    the die and what it completed as the board does (`Game.die_words`), else its default name."""
    verb, _, rest = event_words(event, board, words.name if words else None).partition(" ")
    text = f"Player {event.player + 1} {verb}{'es' if verb.endswith('ss') else 's'} {rest}"
    if event.source != "turn" and (event.kind == "roll" or event.kind == "place"):
        text += f" ({_SOURCE_WORDS[event.source]})"
    elif event.kind == "reroll" and event.source == "passed":
        text += " (the passed die: no bonus play)"
    if event.kind == "place":
        text += f": {event.points} point{'s' if event.points != 1 else ''}"
        if event.completed:
            text += ", completes " + " and ".join(words.completed if words else
                                                  [c.label() for c in event.completed])
        said = [part for part in (words.read_as, words.renamed) if part] if words else []
        if said:
            text += f" ({'; '.join(said)})"
    elif event.missed:
        text += f" (missed {event.legal_cells} legal cell{'s' if event.legal_cells != 1 else ''})"
    return text


def give_ups_end_sentence(dice: int, players: int, note: str) -> str:
    """Why a game ended when its passes and re-rolls were used up and the die `note` fits nowhere."""
    allowance = records.max_give_ups(dice, players)
    game = f"{dice:,} {'die' if dice == 1 else 'dice'} for {players} player{'s' if players != 1 else ''}"
    return (f"The game ends: the players have passed or re-rolled {allowance:,} times, all that a game of "
            f"{game} allows ({records.GIVE_UPS_PER_DIE_AND_SEAT} per die and seat), and {note} fits "
            "nowhere on the board, so no one can move again.")


_SHEET_LABELS = {"opening": "opening ", "passed": "bonus ", "extra": "extra "}
#: The columns of the score sheet, in order.
SHEET_COLUMNS = ("turn", "round", "player", "plays", "bonus", "extra", "passes", "points", "total")


def sheet_rows(game: Game, die_words: Sequence[DieWords],
               seat_label: Callable[[int], str] = lambda seat: f"Player {seat + 1}") -> list[dict[str, Any]]:
    """The score sheet's lines as dicts keyed by SHEET_COLUMNS, one per turn, from the game's events and
    each event's die as the board named it (`Game.die_words`); `seat_label` names a seat."""
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
        missed = f" (missed {event.legal_cells})" if event.missed else ""
        if event.kind == "place":
            done = f" ({', '.join(words.completed)})" if event.completed else ""
            row["plays"].append(f"{_SHEET_LABELS.get(event.source, '')}{name} "
                                f"{game.board.cell_name(event.cell)} +{event.points}{done}")
            row["points"] += event.points
            if event.source == "passed":
                row["bonus"] += event.points
            elif event.source == "extra":
                row["extra"] += event.points
            totals[event.player] += event.points
        elif event.kind == "pass":
            row["passes"] += 1
            row["plays"].append(f"pass {name}{missed}")
        elif event.kind == "reroll":
            row["plays"].append(f"re-roll {name}{missed}")
        row["total"] = totals[event.player]
    for row in rows:
        row["plays"] = " · ".join(row["plays"])
    return rows
