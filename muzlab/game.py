"""A game of Muzundrum (RULES.md section 6): turns, chance rolls, passes, extra rolls, the score sheet.

A game is its settings plus a list of events; the state follows from replaying them through the
rules, so records, undo, agents, simulations and widgets share one event format.

The state machine of a turn, as `Game.phase`:

- "roll": the player to act is owed a draw from the supply (`rolls_owed` counts them) and calls
  `roll()`. The game starts here: Player 1 draws the opening die.
- "place": a die the player rolled is in hand: `place(cell)` scores it, or `pass_die()` hands it,
  same face, to the next player and ends the passer's turn (rolls still owed are forfeited). With
  one player a pass is a re-roll instead ("reroll"), and the turn goes on.
- "bonus": a die passed by the previous player is in hand. `place(cell)` is the bonus play: it
  scores, then the player is owed their normal roll, plus the extra roll if it completed something
  (rolls add up). `pass_die()` says they cannot place it: they must re-roll it.
- "reroll": the player calls `roll()` to re-roll the passed die (no die leaves the supply); it is
  their turn's die, played "as usual" from "place".
- "over": the supply is empty with no die in hand, or [house] the board is locked.

After a placement the player rolls again while rolls are owed (an extra roll for completing a
triad or a scale, or the normal roll after a bonus play); when none is owed the turn passes on.
A roll is only taken while the supply has dice. Every roll is an explicit `roll()` call, so a
user interface shows the Roll button and a class may roll real dice with `roll(face=...)`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from muzlab.board import Board
from muzlab.errors import GameError
from muzlab.hexgrid import Cell
from muzlab.pitch import PitchLike, parse_pitch, pitch_name
from muzlab.position import Position, Structure
from muzlab.rules import SCALE_STEPS, RuleSet
from muzlab.spelling import choose_fit, triad_name

if TYPE_CHECKING:
    import pandas as pd

ROLL, PLACE, BONUS, REROLL, OVER = "roll", "place", "bonus", "reroll", "over"
MAX_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: a roll, a re-roll of a passed die, a placement or a pass.

    `source` says what the die is: "opening", "turn" (the normal roll), "extra" (an extra roll
    for a completion) or "passed" (received from the previous player: a bonus play if placed).
    `legal_cells` is, for a placement or a pass, how many cells the die could have gone to.
    """

    kind: str
    player: int
    pitch: int
    cell: Cell | None = None
    points: int = 0
    completed: tuple[str, ...] = ()
    source: str = "turn"
    turn: int = 0
    legal_cells: int = 0

    def describe(self) -> str:
        """Short words for messages and sheets, e.g. "place Eb at (2, -1)"."""
        name = pitch_name(self.pitch)
        if self.kind == "place":
            return f"place {name} at {self.cell}"
        return {"reroll": "re-roll"}.get(self.kind, self.kind) + f" {name}"

    def __str__(self) -> str:
        text = f"Player {self.player + 1} {self.describe()}"
        if self.source != "turn":
            passed = "bonus play" if self.kind == "place" else "the passed die"
            text += " (" + {"opening": "opening", "extra": "extra roll"}.get(self.source, passed) + ")"
        if self.kind == "place":
            text += f": {self.points} point{'s' if self.points != 1 else ''}"
            if self.completed:
                text += ", completes " + " and ".join(self.completed)
        elif self.kind == "pass" and self.legal_cells:
            text += f" (missed {self.legal_cells} legal cell{'s' if self.legal_cells != 1 else ''})"
        return text


@dataclass(frozen=True)
class GameResult:
    """The end of a game: the final scores, the winning seats (several on a tie) and why it ended."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    end_reason: str

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1

    @property
    def winner(self) -> int | None:
        """The winning seat, or None on a tie."""
        return None if self.tie else self.winners[0]

    def __str__(self) -> str:
        best = self.scores[self.winners[0]]
        if len(self.scores) == 1:
            return f"Player 1 scores {best} point{'s' if best != 1 else ''}"
        if self.tie:
            names = [f"Player {seat + 1}" for seat in self.winners]
            return f"Tie between {', '.join(names[:-1])} and {names[-1]} on {best}"
        return f"Player {self.winners[0] + 1} wins with {best} point{'s' if best != 1 else ''}"


class Game:
    """A game for 1 to 4 players under a rule set, with a seeded generator for the dice."""

    def __init__(
        self,
        players: int = 2,
        board: Board | str | None = None,
        rules: RuleSet | str | None = None,
        dice: int = 21,
        seed: int | None = None,
    ):
        if not _is_int(players) or not 1 <= players <= MAX_PLAYERS:
            raise GameError(f"{players!r} players: Muzundrum is for 1 to {MAX_PLAYERS} players")
        if not _is_int(dice) or dice < 1:
            raise GameError(f"{dice!r} dice: the supply needs at least one die")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not _is_int(seed):
            raise GameError(f"{seed!r} is not a seed; give an integer")
        self.rules: RuleSet = RuleSet.named(rules) if isinstance(rules, str) else rules or RuleSet.basic()
        if board is None:
            board = self.rules.board_name_for(dice)
        self.board: Board = Board.named(board) if isinstance(board, str) else board
        self.players: int = players
        self.dice: int = dice
        self.seed: int = seed
        self._restart()

    def _restart(self) -> None:
        self._rng = random.Random(self.seed)
        self._position = Position(self.board, None, self.rules)
        self._supply = self.dice
        self._hand: int | None = None
        self._legal: list[Cell] | None = None  # legal cells of the die in hand, once asked
        self._source = "opening"
        self._phase = ROLL
        self._owed = ["opening"]
        self._player = 0
        self._turn = 0
        self._scores = [0] * self.players
        self._events: list[Event] = []
        self._end_reason: str | None = None

    # ---- reading the state ------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The dice on the board."""
        return self._position

    @property
    def hand(self) -> int | None:
        """The face of the die in hand, ready to place or pass; None when there is none."""
        return self._hand

    @property
    def supply(self) -> int:
        """Dice still in the supply (neither rolled nor on the board)."""
        return self._supply

    @property
    def dice_in_hand(self) -> int:
        """1 while a die is out of the supply but not on the board (in hand or being re-rolled)."""
        return 1 if self._phase in (PLACE, BONUS, REROLL) else 0

    @property
    def phase(self) -> str:
        """What happens next: "roll", "place", "bonus", "reroll" or "over" (see the module doc)."""
        return self._phase

    @property
    def current_player(self) -> int:
        """The seat (0-based) of the player to act."""
        return self._player

    @property
    def rolls_owed(self) -> int:
        """Draws from the supply the current player is still owed in this turn."""
        return len(self._owed)

    @property
    def turn(self) -> int:
        """The turn number: 0 is the opening, real turns count from 1."""
        return self._turn

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def over(self) -> bool:
        return self._phase == OVER

    @property
    def end_reason(self) -> str | None:
        """"supply empty" or "locked board" once the game is over, else None."""
        return self._end_reason

    @property
    def result(self) -> GameResult | None:
        """Winners or a tie once the game is over; None while it goes on."""
        if self._phase != OVER:
            return None
        best = max(self._scores)
        winners = tuple(seat for seat, s in enumerate(self._scores) if s == best)
        return GameResult(self.scores, winners, self._end_reason or "")

    def legal_placements(self) -> list[Cell]:
        """Cells where the die in hand may go (empty when no die is in hand)."""
        if self._legal is None:
            self._legal = [] if self._hand is None else self._position.legal_placements(self._hand)
        return list(self._legal)

    def completed_structures(self) -> list[Structure]:
        """Every triad and scale completed so far, in the order they were built (for scores, sound)."""
        built, position = [], Position(self.board, None, self.rules)
        for event in self._events:
            if event.kind == "place":
                if event.completed:
                    built += position.completions(event.pitch, event.cell)
                position = position.place(event.pitch, event.cell)
        return built

    def missed(self) -> list[Event]:
        """Passes made while the die had a legal cell: what a player did not see."""
        return [e for e in self._events if e.kind == "pass" and e.legal_cells]

    # ---- acting -----------------------------------------------------------------------------------
    def roll(self, face: PitchLike | None = None) -> int:
        """Roll the die now owed (or re-roll a passed die that could not be placed); return its face.

        The face is drawn from the game's seeded generator; `face` records a physical die instead
        (the generator still advances, so a record replays the same either way).
        """
        if self._phase != ROLL and self._phase != REROLL:
            raise GameError(self._why_not("roll"))
        pitch = None if face is None else parse_pitch(face)
        drawn = int(self._rng.random() * 12)
        pitch = drawn if pitch is None else pitch
        if self._phase == ROLL:
            kind = "roll"
            self._supply -= 1
            self._source = self._owed.pop(0)
        else:
            kind = "reroll"
        self._hand, self._legal = pitch, None
        self._phase = PLACE
        self._events.append(Event(kind, self._player, pitch, source=self._source, turn=self._turn))
        return pitch

    def place(self, cell: Any) -> Event:
        """Place the die in hand; IllegalPlacement (with `.reason`) if the rules refuse it."""
        if self._phase != PLACE and self._phase != BONUS:
            raise GameError(self._why_not("place a die"))
        pitch, position, source, rules = self._hand, self._position, self._source, self.rules
        placement = position.play(pitch, cell)
        cell, points, structures = self.board.as_cell(cell), placement.points, placement.completed
        legal = len(self._legal if self._legal is not None else position.legal_placements(pitch))
        completed = tuple(name for s in structures for name in _names(s))
        extras = min(1, len(structures)) if rules.one_extra_roll_per_placement else len(structures)
        player = self._player
        event = Event("place", player, pitch, cell, points, completed, source, self._turn, legal)
        self._events.append(event)
        self._position = placement.position
        self._scores[player] += points
        self._hand, self._legal = None, None
        self._phase = ROLL
        if source == "opening":
            self._owed = []
        elif source == "passed":
            self._owed = ["turn"] + ["extra"] * (extras if rules.rolls_add_up else max(0, extras - 1))
        elif extras:
            self._owed.extend(["extra"] * extras)
        if self._supply == 0:
            self._end("supply empty")
        elif rules.end_on_locked_board and self._position.is_locked():
            self._end("locked board")
        elif not self._owed:
            self._next_turn(player if source == "opening" else (player + 1) % self.players)
        return event

    def pass_die(self) -> Event:
        """Say "pass": hand the die on, same face up; for a received die, re-roll it instead."""
        if self._phase != PLACE and self._phase != BONUS:
            raise GameError(self._why_not("pass"))
        if self._source == "opening":
            raise GameError("the opening die always has a place on the board; it cannot be passed")
        pitch = self._hand
        legal = len(self._legal if self._legal is not None else self._position.legal_placements(pitch))
        event = Event("pass", self._player, pitch, None, 0, (), self._source, self._turn, legal)
        self._events.append(event)
        if self._phase == BONUS:
            self._hand, self._legal, self._phase, self._source = None, None, REROLL, "turn"
        elif self.players == 1:
            self._hand, self._legal, self._phase = None, None, REROLL
        else:
            self._next_turn((self._player + 1) % self.players)
            self._hand, self._phase, self._source, self._owed = pitch, BONUS, "passed", []
        return event

    def undo(self) -> Event:
        """Take back the last event (a roll too) and return it; the generator steps back with it."""
        if not self._events:
            raise GameError("there is nothing to undo: no event has happened yet")
        events = self._events
        self._restart()
        for event in events[:-1]:
            self._apply(event)
        return events[-1]

    def _apply(self, event: Event) -> Event:
        """Replay one recorded event through the rules (rolls keep their recorded face)."""
        if event.kind in ("roll", "reroll"):
            if event.kind == "roll" and self._phase == REROLL:
                raise GameError("the passed die must be re-rolled here; no new die is drawn")
            if event.kind == "reroll" and self._phase == ROLL:
                raise GameError("there is no passed die to re-roll; a new die is drawn here")
            self.roll(face=event.pitch)
            return self._events[-1]
        if event.kind == "place":
            return self.place(event.cell)
        if event.kind == "pass":
            return self.pass_die()
        raise GameError(f"{event.kind!r} is not an event; events are roll, reroll, place and pass")

    def _next_turn(self, player: int) -> None:
        self._player = player
        self._turn += 1
        self._owed = ["turn"]

    def _end(self, reason: str) -> None:
        self._phase = OVER
        self._end_reason = reason
        self._owed = []

    def _why_not(self, action: str) -> str:
        who = f"Player {self._player + 1}"
        if self._phase == OVER:
            return f"cannot {action}: the game is over ({self.result})"
        if self._phase == ROLL:
            return f"cannot {action}: {who} has no die in hand and must roll"
        if self._phase == REROLL:
            return f"cannot {action}: {who} must re-roll the passed die they could not place"
        held = pitch_name(self._hand)
        passed = "passed " if self._phase == BONUS else ""
        return f"cannot {action}: {who} holds the {passed}die {held}; place it or pass it"

    # ---- records, sheet, display ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The game record as JSON-ready data (settings plus every event)."""
        from muzlab.record import game_to_dict

        return game_to_dict(self)

    def to_json(self, indent: int | None = 1) -> str:
        """The game record as JSON text; `Game.from_json` replays it."""
        import json

        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, rules: RuleSet | None = None, board: Board | None = None) -> Game:
        """Replay a record through the rules; GameRecordError names the first bad event."""
        from muzlab.record import game_from_dict

        return game_from_dict(data, rules, board)

    @classmethod
    def from_json(cls, text: str, rules: RuleSet | None = None, board: Board | None = None) -> Game:
        """Read `to_json` text; with `rules` or `board`, a record made under others is refused."""
        from muzlab.record import game_from_json

        return game_from_json(text, rules, board)

    def score_sheet(self) -> pd.DataFrame:
        """The paper score sheet: one line per turn, bonus plays and extra rolls on it, running totals."""
        import pandas as pd

        rows, totals = [], [0] * self.players
        for event in self._events:
            if not rows or rows[-1]["turn"] != event.turn:
                turn = event.turn
                rows.append({"turn": turn, "round": 0 if turn == 0 else (turn - 1) // self.players + 1,
                             "player": f"Player {event.player + 1}", "plays": [], "bonus": 0, "extra": 0,
                             "passes": 0, "points": 0, "total": 0})
            row = rows[-1]
            if event.kind == "place":
                label = _SHEET_LABELS.get(event.source, "")
                done = f" ({', '.join(event.completed)})" if event.completed else ""
                row["plays"].append(f"{label}{pitch_name(event.pitch)} {event.cell} +{event.points}{done}")
                row["points"] += event.points
                if event.source == "passed":
                    row["bonus"] += event.points
                elif event.source == "extra":
                    row["extra"] += event.points
                totals[event.player] += event.points
            elif event.kind == "pass":
                row["passes"] += 1
                row["plays"].append(f"pass {pitch_name(event.pitch)}")
            elif event.kind == "reroll":
                row["plays"].append(f"re-roll {pitch_name(event.pitch)}")
            row["total"] = totals[event.player]
        for row in rows:
            row["plays"] = " · ".join(row["plays"])
        columns = ["turn", "round", "player", "plays", "bonus", "extra", "passes", "points", "total"]
        return pd.DataFrame(rows, columns=columns)

    def _state(self) -> tuple:
        return (self.players, self.dice, self.seed, self.rules, self.board, self._events, self._position,
                self._scores, self._supply, self._hand, self._phase, self._owed, self._player, self._turn,
                self._source, self._end_reason, self._rng.getstate())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._state() == other._state()

    __hash__ = None  # a game changes as it is played

    def __repr__(self) -> str:
        who = f"Player {self._player + 1}"
        doing = {
            ROLL: f"{who} to roll",
            REROLL: f"{who} to re-roll",
            PLACE: f"{who} to place {pitch_name(self._hand or 0)}",
            BONUS: f"{who} to place the passed {pitch_name(self._hand or 0)}",
            OVER: f"over: {self.result}",
        }[self._phase]
        plural = "s" if self.players != 1 else ""
        scores = "–".join(str(s) for s in self._scores)
        return (f"<Game {self.players} player{plural}, {len(self._position)} of {self.dice} dice placed, "
                f"{doing}, scores {scores}>")

    def _repr_svg_(self) -> str:
        """The game as SVG for notebooks; drawing lives in muzlab.svg."""
        from muzlab.svg import game_svg

        return game_svg(self)


_SHEET_LABELS = {"opening": "opening ", "passed": "bonus ", "extra": "extra "}


def _names(structure) -> list[str]:
    """Names of what a complete structure is, spelled as RULES.md section 7 asks: "D# diminished
    triad" (not Eb), "F# major scale" (the major key's conventional name)."""
    if structure.kind == "triad":
        return [f"{triad_name(root, quality)} triad" for root, quality in structure.triads]
    size = len(structure.pitches)
    return [f"{choose_fit(structure.pitches).key if kind == 'major' else pitch_name(tonic)} {kind} scale"
            for tonic, kind in structure.keys if len(SCALE_STEPS[kind]) == size]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
