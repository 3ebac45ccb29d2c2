"""Game records as JSON: the settings and every event, replayed through the rules when read back.

A record holds the rule set (every field), the board, the number of players and dice, the seed and
the events. Reading one replays each event, so a record is accepted only if every event is legal;
roll faces come from the record (a class may have rolled real dice). Anything wrong is refused with
a GameRecordError naming the event, and no half-loaded game is returned.
"""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any

from muzlab.board import Board
from muzlab.errors import BoardFileError, GameError, GameRecordError, IllegalPlacement, InvalidCell
from muzlab.game import Event, Game
from muzlab.pitch import pitch_name
from muzlab.rules import RuleSet

FORMAT = "muzlab-game"
VERSION = 1
_TOP_KEYS = {"format", "version", "rules", "board", "players", "dice", "seed", "events", "scores"}
_EVENT_KEYS = {
    "roll": ({"kind", "player", "pitch"}, set()),
    "reroll": ({"kind", "player", "pitch"}, set()),
    "pass": ({"kind", "player", "pitch"}, set()),
    "place": ({"kind", "player", "pitch", "cell"}, {"points", "completed"}),
}


def game_to_dict(game: Game) -> dict:
    """The record of a game as JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": asdict(game.rules),
        "board": game.board.to_dict(),
        "players": game.players,
        "dice": game.dice,
        "seed": game.seed,
        "events": [_event_to_dict(e) for e in game.events],
        "scores": list(game.scores),
    }


def _event_to_dict(event: Event) -> dict:
    data: dict[str, Any] = {"kind": event.kind, "player": event.player, "pitch": event.pitch}
    if event.kind == "place":
        data["cell"] = list(event.cell)
        data["points"] = event.points
        data["completed"] = list(event.completed)
    return data


def game_from_json(text: str, rules: RuleSet | None = None, board: Board | None = None) -> Game:
    """Read a JSON record and replay it; GameRecordError says what is wrong."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise GameRecordError(f"the game record is not JSON: {error}") from None
    return game_from_dict(data, rules, board)


def game_from_dict(data: Any, rules: RuleSet | None = None, board: Board | None = None) -> Game:
    """Replay a record (as read from JSON) through the rules into a new game."""
    if not isinstance(data, dict):
        raise GameRecordError(f"a game record is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise GameRecordError(f"not a {FORMAT} record of version {VERSION} "
                              f"(format {data.get('format')!r}, version {data.get('version')!r})")
    missing, unknown = _TOP_KEYS - {"scores"} - set(data), set(data) - _TOP_KEYS
    if missing or unknown:
        raise GameRecordError(f"the record has missing fields {sorted(missing)} "
                              f"and unknown fields {sorted(unknown)}")
    record_rules = _rules(data["rules"])
    if rules is not None and rules != record_rules:
        differ = [f.name for f in fields(RuleSet) if getattr(rules, f.name) != getattr(record_rules, f.name)]
        raise GameRecordError(f"the record was played under other rules ({record_rules.name!r}); "
                              f"it differs from {rules.name!r} in {', '.join(differ)}")
    try:
        record_board = Board.from_dict(data["board"], source="the record's board")
    except BoardFileError as error:
        raise GameRecordError(str(error)) from None
    if board is not None and board != record_board:
        raise GameRecordError(f"the record was played on board {record_board.name!r}, not on {board.name!r}")
    try:
        game = Game(data["players"], record_board, record_rules, data["dice"], data["seed"])
    except GameError as error:
        raise GameRecordError(f"the record's settings are wrong: {error}") from None
    events = data["events"]
    if not isinstance(events, list):
        raise GameRecordError("the record's 'events' must be a list")
    for index, raw in enumerate(events):
        _replay_event(game, index, raw)
    if "scores" in data and data["scores"] != list(game.scores):
        raise GameRecordError(f"the record's scores {data['scores']} differ from the replayed "
                              f"scores {list(game.scores)}")
    return game


def _rules(data: Any) -> RuleSet:
    names = {f.name for f in fields(RuleSet)}
    if not isinstance(data, dict) or set(data) != names:
        given = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise GameRecordError(f"the record's rules must give every RuleSet field {sorted(names)}; "
                              f"got {given}")
    try:
        return RuleSet(**{name: _tuples(value) for name, value in data.items()})
    except (TypeError, ValueError) as error:
        raise GameRecordError(f"the record's rules are not a rule set muzlab knows: {error}") from None


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _replay_event(game: Game, index: int, raw: Any) -> None:
    event = _event(index, raw)
    where = f"event {index} ({event.describe()})"
    if game.over:
        raise GameRecordError(f"{where}: the game is already over ({game.result})")
    if event.player != game.current_player:
        raise GameRecordError(f"{where}: it is Player {game.current_player + 1}'s move, "
                              f"not Player {event.player + 1}'s")
    if event.kind in ("place", "pass") and event.pitch != game.hand:
        held = "no die" if game.hand is None else f"the die {pitch_name(game.hand)}"
        raise GameRecordError(f"{where}: the player holds {held}")
    try:
        done = game._apply(event)
    except (GameError, IllegalPlacement, InvalidCell) as error:
        raise GameRecordError(f"{where}: {error}") from None
    for name in ("points", "completed"):
        if name in raw and _tuples(raw[name]) != getattr(done, name):
            raise GameRecordError(f"{where}: the record gives {name} {raw[name]!r}, "
                                  f"the rules give {getattr(done, name)!r}")


def _event(index: int, raw: Any) -> Event:
    """A recorded event checked for shape; GameRecordError names it when it is malformed."""
    if not isinstance(raw, dict) or raw.get("kind") not in _EVENT_KEYS:
        raise GameRecordError(f"event {index} ({raw!r}): an event is an object whose kind is one of "
                              f"{sorted(_EVENT_KEYS)}")
    required, optional = _EVENT_KEYS[raw["kind"]]
    if not required <= set(raw) <= required | optional:
        also = f" and optionally {sorted(optional)}" if optional else ""
        raise GameRecordError(f"event {index} ({raw!r}): a {raw['kind']} event has the fields "
                              f"{sorted(required)}{also}")
    player, pitch = raw["player"], raw["pitch"]
    if not _small_int(player) or not _small_int(pitch) or not 0 <= pitch < 12:
        raise GameRecordError(f"event {index} ({raw!r}): player must be a seat number and pitch 0-11")
    cell = None
    if "cell" in raw:
        cell = raw["cell"]
        if not isinstance(cell, list) or len(cell) != 2 or not all(_small_int(v) for v in cell):
            raise GameRecordError(f"event {index} ({raw!r}): a cell is a pair of integers [q, r]")
        cell = (cell[0], cell[1])
    return Event(raw["kind"], player, pitch, cell)


def _small_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
