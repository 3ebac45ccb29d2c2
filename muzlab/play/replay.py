"""Reading a game record back: its settings make a new game and every event is replayed through the
rules (`Game.apply`), so a record is accepted only if every event is legal; the error names the first
that is not. The record's format is `muzlab.play.records`; `Game.from_dict` and `from_json` call here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from muzlab.core.board import Board
from muzlab.core.errors import GameError, GameRecordError, IllegalPlacement, InvalidCell, shown
from muzlab.play import records
from muzlab.play.events import Event
from muzlab.play.game_words import named_event
from muzlab.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from muzlab.play.game import Game


def replayed(cls: type[Game], data: Any, rules: RuleSet | None = None, board: Board | None = None) -> Game:
    """A game of class `cls` replayed from a record (as read from JSON); GameRecordError names the
    first bad event, and no half-loaded game is returned. Version 1 records are converted as read."""
    settings = records.read_settings(data, rules, board)
    try:
        game = cls(settings.players, settings.board, settings.rules, settings.dice, settings.seed)
    except GameError as error:
        raise GameRecordError("the record's settings are wrong: {error}", error=error) from None
    for index, raw in enumerate(settings.events):
        replay_event(game, index, raw, settings.version)
    if settings.scores is not None and settings.scores != list(game.scores):
        raise GameRecordError("the record's scores {scores} differ from the replayed scores {replayed}",
                              scores=shown(settings.scores), replayed=list(game.scores))
    return game


def replay_event(game: Game, index: int, raw: Any, version: int) -> None:
    """Apply recorded event `index` to `game`; GameRecordError names it when it is malformed or illegal."""
    fields = records.event_fields(index, raw, version, game.phase, game.players)
    event = Event(*fields[:4], source=fields[4])
    try:
        done = game.apply(event)
    except (GameError, IllegalPlacement, InvalidCell) as error:
        said = named_event(event, game.board)
        message = error.fields.get("why", error)  # (the reason, without the event named twice)
        raise GameRecordError("event {index} ({said}): {message}", index=index, said=said,
                              message=message) from None
    for name, value in records.given_facts(index, raw, version).items():
        if value != getattr(done, name):
            raise GameRecordError("event {index} ({event}): the record gives {name} {raw}, the rules "
                                  "give {expected}", index=index, event=named_event(done, game.board),
                                  name=name, raw=shown(raw[name]),
                                  expected=repr(records.jsonable(getattr(done, name))))
