"""What a hand-edited class log could hold that muzlab never writes (one token for two students, a
student who never joined, an assignment of ten million items, an action no page sends, a game move
the game does not take), refused as its event replays: `ReplayRefused` says what is wrong, and the
class folder's error names the event, so such a log is never served as if it were whole."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from muzlab.app import term_games
from muzlab.core.errors import MuzlabError

if TYPE_CHECKING:
    from muzlab.app.classroom import Classroom
    from muzlab.play.table import Table


class ReplayRefused(MuzlabError, ValueError):
    """An event of the class log that muzlab would never have written."""


def whole(value: Any, low: int, high: int) -> bool:
    """Whether `value` is a whole number (not a bool) from `low` to `high`."""
    return type(value) is int and low <= value <= high


def check_class_event(room: Classroom, kind: str, data: dict[str, Any], actions: tuple[str, ...]) -> None:
    """ReplayRefused for a lesson event (`muzlab.app.store.CLASS_KINDS`) that could not have been
    written by `room`'s pages as the class stood: a token another student holds, a student not on
    the roster dealt a seat, an action no page sends."""
    if kind in ("join", "rejoin"):
        token = data.get("token")
        if not isinstance(token, str):
            raise ReplayRefused("its token is not text")
        holder = room.student(token) if token else None  # (a forgotten student's token is blank)
        if holder is not None and holder.id != data.get("id"):
            raise ReplayRefused("its token is student {other}'s too: one token finds one student",
                                other=holder.id)
    elif kind == "deal":
        dealt = [i for ids in data.get("tables", ()) for i in ids]
        unknown = next((i for i in dealt if not isinstance(i, int) or i not in room.students), None)
        if unknown is not None:
            raise ReplayRefused("student {id} is not on the roster", id=str(unknown)[:20])
        if len(set(dealt)) != len(dealt):
            raise ReplayRefused("it deals a student two seats")
    elif kind == "act" and data.get("action") not in actions:
        raise ReplayRefused("no page sends the action {action}", action=repr(str(data.get("action"))[:20]))


def check_student(room: Classroom, student: Any) -> None:
    """ReplayRefused unless `student` is the id of a student who joined the class."""
    if not isinstance(student, int) or room.nickname(student) is None:
        raise ReplayRefused("student {id} never joined this class", id=str(student)[:20])


def replay_decision(table: Table, reply: Any, number: int) -> None:
    """Make a game item's stored decision (a cell, or None: a pass) again on `table`, game `number` of
    its assignment (`term_games.replay`); ReplayRefused, the table as it was, for one the game does not
    take then: the game over or not waiting on the student, a cell the rules refuse there, a pass of
    the opening die or beyond the game's passes (the rule named)."""
    if not table.person_to_act or table.game.hand is None:
        raise ReplayRefused("game {number} takes no move at that point: it is over, or waiting on the "
                            "computer", number=number)
    try:
        term_games.replay(table, reply)
    except MuzlabError as error:
        if reply is None:
            raise ReplayRefused("game {number} does not let its die be passed at that point: {why}",
                                number=number, why=error) from None
        raise ReplayRefused("game {number} does not take the die on {cell} at that point: {why}",
                            number=number, cell=table.board.cell_name(tuple(reply)), why=error) from None


def check_game_result(table: Table, number: int) -> None:
    """ReplayRefused unless game `number`, replayed so far, is over: its result comes after its last move."""
    if not table.game.over:
        raise ReplayRefused("a result of game {number} comes before the game is over", number=number)
