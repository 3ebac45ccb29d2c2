"""Game records: the JSON format of a game (settings, every event, the computer players' state), read
and written here, and version 1 records converted as they are read.

This module knows the format, not the game: `record_dict` writes what a `muzlab.play.game.Game` holds,
and `read_settings` / `event_fields` check a record piece by piece, so that `Game.from_dict` can build
the game and replay each event through the rules. Every fault raises GameRecordError naming it; the
text is read within the limits of `muzlab.core.safe_json` (size, nesting, digits).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, NamedTuple

from muzlab.core import safe_json
from muzlab.core.board import Board
from muzlab.core.errors import BoardFileError, Count, GameRecordError, MuzlabError, Phrase, shown
from muzlab.rules.ruleset import MAX_DICE_CHOICE, RuleSet

RECORD_FORMAT = "muzlab-game"
RECORD_VERSION = 2
#: The largest record read, in bytes or characters: a board file's limit plus room for its events.
MAX_RECORD_BYTES = 4_000_000
#: The most dice a supply holds, in a game as in a record: the largest supply a rule set may offer
#: (twice the cells of the largest board).
MAX_DICE = MAX_DICE_CHOICE
#: Passes and re-rolls from the turn's die a game allows per die of its supply and per seat: four trips
#: round the table for every die (simulated games of random players pass about one die in two).
GIVE_UPS_PER_DIE_AND_SEAT = 4
_TOP_KEYS = {"format", "version", "rules", "board", "players", "dice", "seed", "events", "scores", "agents"}
_REQUIRED_KEYS = _TOP_KEYS - {"scores", "agents"}
EVENT_KEYS = {
    "roll": ({"kind", "player", "pitch"}, set()),
    "reroll": ({"kind", "player", "pitch"}, set()),
    "pass": ({"kind", "player", "pitch"}, set()),
    "place": ({"kind", "player", "pitch", "cell"}, {"points", "completed"}),
}


class AgentState(NamedTuple):
    """What a computer player needs to go on exactly as it would have: its registered name, its seed and
    how many numbers it has drawn from its generator."""

    name: str
    seed: str | int
    draws: int


class Settings(NamedTuple):
    """A record's checked settings; its events are read one by one with `event_fields`."""

    version: int
    rules: RuleSet
    board: Board
    players: int
    dice: int
    seed: int
    events: list
    scores: list | None
    agents: tuple[AgentState | None, ...] | None


def read_file(path: str | Path) -> str:
    """The text of a record file, reading at most MAX_RECORD_BYTES; GameRecordError says why not."""
    return safe_json.read_text(path, MAX_RECORD_BYTES, GameRecordError,
                               Phrase("the game record {path}", path=path))


def parse(text: Any) -> Any:
    """Record text (str or UTF-8 bytes) as JSON data, within the limits; GameRecordError if not."""
    return safe_json.loads(text, GameRecordError, Phrase("the game record"), max_chars=MAX_RECORD_BYTES)


def record_dict(game: Any, agents: tuple[AgentState | None, ...] | None = None) -> dict:
    """A game's record as JSON-ready data (format version 2): its settings, every event, the scores, and
    with `agents` the state of each seat's computer player (None for a person)."""
    data = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": asdict(game.rules),
        "board": game.board.to_dict(),
        "players": game.players,
        "dice": game.dice,
        "seed": game.seed,
        "events": [event_dict(e) for e in game.events],
        "scores": list(game.scores),
    }
    if agents is not None:
        if len(agents) != game.players:
            raise GameRecordError("{agents} for {seats}", agents=Count(
                len(agents), "{count} agent state", "{count} agent states"),
                seats=Count(game.players, "{count} seat", "{count} seats"))
        data["agents"] = [None if a is None else {"name": a.name, "seed": a.seed, "draws": a.draws}
                          for a in agents]
    return data


def event_dict(event: Any) -> dict:
    """One event as the record writes it: facts only (a placement with its cell, points, completions)."""
    data: dict[str, Any] = {"kind": event.kind, "player": event.player, "pitch": event.pitch}
    if event.kind == "place":
        data["cell"] = list(event.cell)
        data["points"] = event.points
        data["completed"] = jsonable(event.completed)
    return data


def jsonable(value: Any) -> Any:
    """Completions (named tuples) as the lists a record holds."""
    return [list(c) for c in value] if isinstance(value, tuple) else value


def read_settings(data: Any, rules: RuleSet | None = None, board: Board | None = None) -> Settings:
    """The settings of a record (as read from JSON), checked; with `rules` or `board`, a record made under
    others is refused. GameRecordError names the first fault."""
    if not isinstance(data, dict):
        raise GameRecordError("a game record is a JSON object, not {data}", data=type(data).__name__)
    version = data.get("version")
    if data.get("format") != RECORD_FORMAT or type(version) is not int or version not in (1, 2):
        raise GameRecordError("not a {record_format} record of version 1 or {record_version} (format "
                              "{format}, version {version})", record_format=RECORD_FORMAT,
                              record_version=RECORD_VERSION, format=shown(data.get('format')),
                              version=shown(version))
    missing, unknown = _REQUIRED_KEYS - set(data), set(data) - _TOP_KEYS
    if missing or unknown:
        raise GameRecordError("the record has missing fields {missing} and unknown fields {unknown}",
                              missing=sorted(missing), unknown=sorted(unknown))
    record_rules = read_rules(data["rules"], "the record's rules")
    if rules is not None and rules != record_rules:
        differ = [f.name for f in fields(RuleSet) if getattr(rules, f.name) != getattr(record_rules, f.name)]
        raise GameRecordError("the record was played under other rules ({record_rules}); it differs from "
                              "{rules} in {differ}", record_rules=repr(record_rules.name),
                              rules=repr(rules.name),
                              differ=', '.join(differ))
    try:
        record_board = Board.from_dict(data["board"], source=Phrase("the record's board"))
    except BoardFileError as error:
        raise GameRecordError(error.template, **error.fields) from None
    if board is not None and board != record_board:
        raise GameRecordError("the record was played on board {record_board}, not on {board}",
                              record_board=repr(record_board.name), board=repr(board.name))
    players, dice, seed = data["players"], data["dice"], data["seed"]
    if is_int(dice) and dice > MAX_DICE:  # (the game checks the rest of the settings)
        raise GameRecordError("the record's settings are wrong: {dice:,} dice; a supply holds at most "
                              "{max_dice:,}", dice=dice, max_dice=MAX_DICE)
    events = data["events"]
    if not isinstance(events, list):
        raise GameRecordError("the record's 'events' must be a list, not {events}",
                              events=type(events).__name__)
    if is_int(dice) and is_int(players) and dice > 0 and players > 0:  # (the game checks them)
        bound = max_events(dice, players, len(record_board))
        if len(events) > bound:
            raise GameRecordError("the record has {events:,} events; a game of {dice:,} dice for {players} "
                                  "on a board of {cells:,} cells has at most {bound:,} (each die "
                                  "rolled and placed once, and {give_ups_per_die_and_seat} passes or "
                                  "re-rolls per die and seat)", events=len(events), dice=dice,
                                  players=players, cells=len(record_board), bound=bound,
                                  give_ups_per_die_and_seat=GIVE_UPS_PER_DIE_AND_SEAT)
    scores = data.get("scores")
    if scores is not None and not (isinstance(scores, list) and all(is_int(s) for s in scores)):
        raise GameRecordError("the record's 'scores' must be a list of whole numbers, not {scores}",
                              scores=shown(scores))
    agents = read_agents(data.get("agents"), players)
    return Settings(version, record_rules, record_board, players, dice, seed, events, scores, agents)


def max_give_ups(dice: int, players: int) -> int:
    """How many times a game's players may give up the turn's die (pass it, or re-roll it alone)."""
    return GIVE_UPS_PER_DIE_AND_SEAT * dice * players


def max_events(dice: int, players: int, cells: int) -> int:
    """The most events a game can record: every die rolled, at most one placement per die and cell,
    and each give-up with what may follow it (a pass, the receiver's re-roll and its roll)."""
    return dice + min(dice, cells) + 3 * max_give_ups(dice, players)


def read_rules(data: Any, what: str) -> RuleSet:
    """A RuleSet from its fields as JSON gives them (lists for tuples); GameRecordError names the fault."""
    names = {f.name for f in fields(RuleSet)}
    if not isinstance(data, dict) or set(data) != names:
        given = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
        raise GameRecordError("{what} must give every RuleSet field {names}; got {given}", what=what,
                              names=sorted(names), given=given)
    try:
        return RuleSet(**{name: _tuples(value) for name, value in data.items()})
    except MuzlabError as error:
        raise GameRecordError("{what} are not a rule set muzlab knows: {error}", what=what,
                              error=error) from None


def read_agents(raw: Any, players: int) -> tuple[AgentState | None, ...] | None:
    """The seats' computer players as a record gives them (null for a person), or None if it gives none."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not is_int(players) or len(raw) != players:
        raise GameRecordError("the record's 'agents' must list one entry per seat ({players}), not {raw}",
                              players=players, raw=shown(raw))
    states: list[AgentState | None] = []
    for seat, entry in enumerate(raw):
        if entry is None:
            states.append(None)
            continue
        if not (isinstance(entry, dict) and set(entry) == {"name", "seed", "draws"}
                and isinstance(entry["name"], str) and len(entry["name"]) <= 40
                and (isinstance(entry["seed"], str) and len(entry["seed"]) <= 60 or is_int(entry["seed"]))
                and is_int(entry["draws"]) and 0 <= entry["draws"] <= 10 * MAX_DICE):
            raise GameRecordError("the record's agent for seat {seat} is an object of name, seed (text or "
                                  "a number) and draws (a count), not {entry}", seat=seat + 1,
                                  entry=shown(entry))
        states.append(AgentState(entry["name"], entry["seed"], entry["draws"]))
    return tuple(states)


def event_fields(index: int, raw: Any, version: int, phase: str, players: int
                 ) -> tuple[str, int, int, tuple[int, int] | None, str]:
    """A recorded event checked for shape, as (kind, player, pitch, cell, source) for the game in `phase`
    with `players` players. In a version 1 record a roll of a passed die is a "reroll" and a declined bonus
    play a "pass": both are converted. GameRecordError names the event when it is malformed."""
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if not isinstance(kind, str) or kind not in EVENT_KEYS:
        raise GameRecordError("event {index} ({raw}): an event is an object whose kind is one of "
                              "{event_keys}", index=index, raw=shown(raw), event_keys=sorted(EVENT_KEYS))
    required, optional = EVENT_KEYS[kind]
    if not required <= set(raw) <= required | optional:
        if optional:
            raise GameRecordError("event {index} ({raw}): a {kind} event has the fields {required} and "
                                  "optionally {optional}", index=index, raw=shown(raw), kind=kind,
                                  required=sorted(required), optional=sorted(optional))
        raise GameRecordError("event {index} ({raw}): a {kind} event has the fields {required}",
                              index=index, raw=shown(raw), kind=kind, required=sorted(required))
    player, pitch = raw["player"], raw["pitch"]
    if not is_int(player) or not 0 <= player < players or not is_int(pitch) or not 0 <= pitch < 12:
        raise GameRecordError("event {index} ({raw}): player must be a seat number 0-{last} and pitch 0-11",
                              index=index, raw=shown(raw), last=players - 1)
    cell, source = None, "turn"
    if "cell" in raw:
        cell = raw["cell"]
        if not isinstance(cell, list) or len(cell) != 2 or not all(is_int(v) for v in cell):
            raise GameRecordError("event {index} ({raw}): a cell is a pair of integers [q, r]", index=index,
                                  raw=shown(raw))
        cell = (cell[0], cell[1])
    if version == 1 and kind == "reroll":
        kind, source = "roll", "reroll"
    elif version == 1 and kind == "pass" and (phase == "bonus" or players == 1):
        kind = "reroll"
    elif kind == "roll" and phase == "reroll":
        source = "reroll"
    return kind, player, pitch, cell, source


def given_facts(index: int, raw: dict, version: int) -> dict[str, Any]:
    """What a recorded placement says it earned (points; completions as [kind, root, quality] tuples in
    version 2), to compare with what the rules give."""
    given: dict[str, Any] = {}
    if "points" in raw:
        given["points"] = raw["points"]
    if version != 1 and "completed" in raw:
        given["completed"] = completions(index, raw["completed"])
    return given


def completions(index: int, raw: Any) -> tuple[tuple[str, int, str], ...]:
    """Recorded completions ([kind, root, quality] lists) as tuples; GameRecordError if malformed."""
    if not isinstance(raw, list) or not all(
            isinstance(c, list) and len(c) == 3 and c[0] in ("triad", "scale") and is_int(c[1])
            and 0 <= c[1] < 12 and isinstance(c[2], str) for c in raw):
        raise GameRecordError("event {index}: 'completed' is a list of [kind, root, quality] such as "
                              "['triad', 0, 'major'], not {raw}", index=index, raw=shown(raw))
    return tuple((c[0], c[1], c[2]) for c in raw)


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def is_int(value: object) -> bool:
    """A whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)
