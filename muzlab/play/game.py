"""A game of Muzundrum (docs/rules.md section 7), the state machine: turns, chance rolls, passes, extra
rolls, undo and the game record (JSON). Its events are facts (muzlab.play.events); what the game
says, its log and score sheet, is worded in muzlab.play.game_words.

A game is its settings plus a list of events; the state follows from replaying them through the
rules (`Game.apply`), so records, undo, agents, simulations and tables share one event format. Events
hold facts (pitch classes, cells, what was completed as kind + root + quality), never display text:
names are made when something is shown, so a wording change never changes a record.

The state machine of a turn, as `Game.phase`:

- "roll": the player to act is owed a draw from the supply (`rolls_owed` counts them) and calls
  `roll()`. The game starts here: Player 1 draws the opening die.
- "place": a die the player rolled is in hand: `place(cell)` scores it, or `pass_die()` hands it,
  same face, to the next player and ends the passer's turn (rolls still owed are forfeited). With
  one player a pass is simply a re-roll (a "reroll" event), and the turn goes on.
- "bonus": a die passed by the previous player is in hand. `place(cell)` is the bonus play: it
  scores, then the player is owed their normal roll, plus the extra roll if it completed something
  (rolls add up). `pass_die()` says they cannot place it: that is a re-roll (a "reroll" event), not
  a second pass.
- "reroll": the player calls `roll()` to re-roll the die they gave up (no die leaves the supply); it
  is their turn's die, played "as usual" from "place".
- "over": the supply is empty with no die in hand, or [house] the board is locked, or [muzlab] a die
  is rolled that fits nowhere once the game's passes and re-rolls are used up (`records.max_give_ups`:
  no one could move again, so the game ends there, and a record stays bounded).

After a placement the player rolls again while rolls are owed (an extra roll for completing a
triad or a scale, or the normal roll after a bonus play); when none is owed the turn passes on.
A roll is only taken while the supply has dice. Every roll is an explicit `roll()` call, so a
user interface shows the Roll button and a class may roll real dice with `roll(face=...)`.

Event kinds: "roll" (a die rolled: drawn from the supply, or with source "reroll" a die given up and
rolled again), "place", "pass" (a die handed to the next player: counted once, for the passer) and
"reroll" (a die in hand given up to be rolled again: a passed die its receiver cannot place, or a
pass with one player). A pass or re-roll keeps `legal_cells`, so a missed placement stays visible.

Records (`to_json`, `from_json`; the format is muzlab.play.records) hold the settings and every event;
reading one replays each event through the rules, so a record is accepted only if every event is
legal. Version 1 records (where a declined bonus play was a second "pass" and completions were names)
are converted as they are read.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from muzlab.core.board import Board
from muzlab.core.errors import (
    Count,
    GameError,
    NoteFact,
    Phrase,
    shown,
)
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import PitchLike, pitch_name
from muzlab.names.event_sentences import doing_words, end_words, player, result_words, status_words
from muzlab.names.reader import PLAIN, Key, Reader
from muzlab.names.spelling import pitch_label
from muzlab.play import records
from muzlab.play.events import EVENT_KINDS, Completion, Event, Moment, _completion, _event
from muzlab.play.game_words import (
    SHEET_COLUMNS,
    DieWords,
    KeptWords,
    event_sentence,
    give_ups_end_sentence,
    named_event,
    sheet_rows,
)
from muzlab.play.midi import game_midi
from muzlab.play.records import AgentState
from muzlab.play.replay import replayed
from muzlab.rules.position import Position, Structure
from muzlab.rules.ruleset import RuleSet

if TYPE_CHECKING:
    import pandas as pd

ROLL, PLACE, BONUS, REROLL, OVER = "roll", "place", "bonus", "reroll", "over"
MAX_PLAYERS = 4
#: Seeds lie between -MAX_SEED and MAX_SEED (a record writes them as JSON numbers).
MAX_SEED = 2**64
#: Why a game ended when its passes and re-rolls were used up and the die rolled fits nowhere.
GIVE_UPS_USED = "passes used up"
#: The rule set of a game given none: one shared instance (a RuleSet is frozen; making one per game
#: cost a hundredth of a random game).
BASIC_RULES = RuleSet.basic()
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
        """The winning seat (0-based), or None on a tie."""
        return None if self.tie else self.winners[0]

    def __str__(self) -> str:
        best = self.scores[self.winners[0]]
        if len(self.scores) == 1:
            return f"Player 1 scores {best} point{'s' if best != 1 else ''}"
        if self.tie:
            names = [f"Player {seat + 1}" for seat in self.winners]
            return f"Tie between {', '.join(names[:-1])} and {names[-1]} on {best}"
        return f"Player {self.winners[0] + 1} wins with {best} point{'s' if best != 1 else ''}"

    def words(self, reader: Reader | None = None) -> str:
        """The result in `reader`'s words ("Spieler 1 gewinnt mit 84 Punkten"); without a reader, plain
        English, as `str` gives it."""
        return result_words(self.scores, self.winners, reader or PLAIN)


class Game:
    """A game for 1 to 4 players under a rule set, with a seeded generator for the dice.

    Its positions are `position_type`'s, which reads for calls given no reader (`Position.reading`:
    plain English; the notebook's front door, `muzlab.Game`, makes `muzlab.Position`s)."""

    #: The class of the game's positions (a subclass's positions are made and played as its own).
    position_type: ClassVar[type[Position]] = Position

    def __init__(
        self,
        players: int = 2,
        board: Board | str | None = None,
        rules: RuleSet | str | None = None,
        dice: int = 21,
        seed: int | None = None,
    ):
        if not _is_int(players) or not 1 <= players <= MAX_PLAYERS:
            raise GameError("{players} players: Muzundrum is for 1 to {max_players} players",
                            players=shown(players), max_players=MAX_PLAYERS)
        if not _is_int(dice) or not 1 <= dice <= records.MAX_DICE:
            raise GameError("{dice} dice: a supply holds 1 to {max_dice:,} dice", dice=shown(dice),
                            max_dice=records.MAX_DICE)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not _is_int(seed) or not -MAX_SEED <= seed < MAX_SEED:
            raise GameError("{seed} is not a seed; give an integer between -2**64 and 2**64",
                            seed=shown(seed))
        if not (rules is None or isinstance(rules, str | RuleSet)) or not (
                board is None or isinstance(board, str | Board)):
            raise GameError("rules={rules}, board={board}: give a RuleSet or a level's name, and a Board "
                            "or a shipped board's name", rules=shown(rules), board=shown(board))
        self.rules: RuleSet = RuleSet.named(rules) if isinstance(rules, str) else rules or BASIC_RULES
        if board is None:
            board = self.rules.board_name_for(dice)
        self.board: Board = Board.named(board) if isinstance(board, str) else board
        self.players: int = players
        self.dice: int = dice
        self.seed: int = seed
        self._restart()

    def _restart(self) -> None:
        self._rng = random.Random(self.seed)
        self._position = self.position_type(self.board, None, self.rules)
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
        self._moments: list[Moment] = []  # the history so far, extended when asked (`history`)
        self._named = KeptWords()  # the die words made so far, by reader
        # passes and re-rolls of the turn's die the game still allows (`records.max_give_ups` in all)
        self._give_ups_left = records.max_give_ups(self.dice, self.players)

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
        """"supply empty", "locked board" or GIVE_UPS_USED ("passes used up") once the game is over, else
        None."""
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

    def history(self) -> tuple[Moment, ...]:
        """Every event with the positions before and after it, from the empty board: the one replay that
        names, sheets, reviews and sound read. The positions are the ones the game reached (each placed
        position's `parent` is the one before it), kept and extended by the events since the last ask."""
        moments, events = self._moments, self._events
        if len(moments) < len(events):
            new = events[len(moments):]
            reached, position = [], self._position
            for _ in range(sum(event.kind == "place" for event in new)):
                reached.append(position)
                position = position.parent
            for event in new:
                after = reached.pop() if event.kind == "place" else position
                moments.append(Moment(event, position, after))
                position = after
        return tuple(moments)

    def reading(self, reader: Reader | None) -> Reader:
        """The reader a call given `reader` means: that one, else its positions' (`Position.reading`)."""
        return self._position.reading(reader)

    def printed(self, reader: Reader | None) -> Reader:
        """The reader of the text people read (the log, the score sheet): the one given, else
        `reading`'s with real sharps and flats (typeset)."""
        if reader is not None:
            return reader
        reader = self._position.reading(None)
        return reader if reader.typeset else reader.replace(typeset=True)

    def die_words(self, reader: Reader | None = None) -> tuple[DieWords, ...]:
        """Each event's die as the board named it at the time (`moment_words` over `history`), for
        `reader` (by default `reading`'s): each event is named once per reader, and its words
        are kept, so pages reading one game in several conventions never re-word each other's."""
        return self._named.words(self, self._position.reading(reader))

    @property
    def kept_words(self) -> KeptWords:
        """The die words made so far, by reader (`die_words`), which a table's news words from later."""
        return self._named

    def completed_structures(self, key: PitchLike | Key | None = None) -> list[Structure]:
        """Every triad and scale completed so far, in the order they were built (for scores, sound),
        spelled in the lesson `key` (by default the reader's, `reading`)."""
        return [structure for event, before, _after in self.history() if event.completed
                for structure in before.completions(event.pitch, event.cell, key)]

    def missed(self) -> list[Event]:
        """Passes and re-rolls of a die that had a legal cell: placements a player did not see."""
        return [e for e in self._events if e.missed]

    # ---- acting -----------------------------------------------------------------------------------
    def roll(self, face: PitchLike | None = None, reader: Reader | None = None) -> int:
        """Roll the die now owed (or re-roll a die given up); return its face.

        The face is drawn from the game's seeded generator; `face` records a physical die instead
        (the generator still advances, so a record replays the same either way), a typed name read as
        `reader` reads (by default `reading`'s; `Reader.note` gives a spelled value). A die that fits
        nowhere, rolled once the game's passes and re-rolls are used up, ends the game (GIVE_UPS_USED).
        """
        if self._phase != ROLL and self._phase != REROLL:
            raise _why_not(self, Phrase("cannot roll"))
        pitch = None if face is None else self._position.typed_pitch(face, reader)
        drawn = int(self._rng.random() * 12)
        pitch = drawn if pitch is None else pitch
        if self._phase == ROLL:
            self._supply -= 1
            self._source = self._owed.pop(0)
            source = self._source
        else:
            source = "reroll"
        self._hand, self._legal = pitch, None
        self._phase = PLACE
        self._events.append(_event(Event, ("roll", self._player, pitch, None, 0, (), source, self._turn, 0)))
        if self._give_ups_left == 0 and source != "opening" and (
                self._position.legal_count(pitch) == 0):
            # it may not be passed or re-rolled again and may not be placed: no one can ever move
            self._hand = None
            self._end(GIVE_UPS_USED)
        return pitch

    def place(self, cell: Any) -> Event:
        """Place the die in hand; IllegalPlacement (with `.reason`) if the rules refuse it."""
        if self._phase != PLACE and self._phase != BONUS:
            raise _why_not(self, Phrase("cannot place a die"))
        pitch, position, source, rules = self._hand, self._position, self._source, self.rules
        # counted first, so that the child keeps the tally of legal cells up to date from it
        legal = len(self._legal) if self._legal is not None else position.legal_count(pitch)
        # (the position played from is released: its grid, masks and strings come back if asked, so a
        # long game stays small; its masks and grid become the child's)
        child, cell, points, facts = position.step(pitch, cell, release=True)
        if facts:
            completed = tuple(_completion(Completion, fact) for fact in facts)
            extras = 1 if rules.one_extra_roll_per_placement else len(facts)
        else:
            completed, extras = (), 0
        player = self._player
        event = _event(Event, ("place", player, pitch, cell, points, completed, source, self._turn, legal))
        self._events.append(event)
        self._position = child
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
        """Say "pass": hand the die on, same face up (a "pass" event). A player who cannot place a die
        passed to them re-rolls it instead, and with one player a pass is a re-roll ("reroll" events)."""
        if self._phase != PLACE and self._phase != BONUS:
            raise _why_not(self, Phrase("cannot pass"))
        if self._source == "opening":
            raise GameError("the opening die always has a place on the board; it cannot be passed")
        if self._phase == PLACE:  # (a passed die its receiver cannot place is re-rolled always)
            if self._give_ups_left == 0:
                raise GameError("Player {player} cannot pass: this game has had its {give_ups} "
                                "({give_ups_per_die_and_seat} per die and seat); place the die",
                                player=self._player + 1, give_ups=Count(
                                    records.max_give_ups(self.dice, self.players), "{count} pass or re-roll",
                                    "{count} passes and re-rolls"),
                                give_ups_per_die_and_seat=records.GIVE_UPS_PER_DIE_AND_SEAT)
            self._give_ups_left -= 1
        pitch = self._hand
        legal = len(self._legal) if self._legal is not None else self._position.legal_count(pitch)
        kind = "reroll" if self._phase == BONUS or self.players == 1 else "pass"
        event = _event(Event, (kind, self._player, pitch, None, 0, (), self._source, self._turn, legal))
        self._events.append(event)
        if kind == "reroll":
            self._hand, self._legal, self._phase = None, None, REROLL
            if self._source == "passed":
                self._source = "turn"  # the re-rolled die is their turn's die, played as usual
        else:
            self._next_turn((self._player + 1) % self.players)
            self._hand, self._phase, self._source, self._owed = pitch, BONUS, "passed", []
        return event

    def apply(self, event: Event) -> Event:
        """Replay one event through the rules and return it as the game recorded it.

        A roll keeps its face (a roll of source "reroll" must re-roll a die given up, any other roll
        must draw from the supply); a placement goes to its cell; a pass or re-roll must be what
        `pass_die()` does here. The event's player and die must be the ones to act; GameError (or
        IllegalPlacement) says why not, and the game is unchanged then.
        """
        if self._phase == OVER:
            raise self._cannot(event, Phrase("the game is already over ({result})", result=self.result))
        if event.player != self._player:
            raise self._cannot(event, Phrase("it is Player {player}'s move, not Player {other}'s",
                                             player=self._player + 1, other=event.player + 1))
        kind = event.kind
        if kind == "roll":
            if (event.source == "reroll") != (self._phase == REROLL) and self._phase in (ROLL, REROLL):
                why = (Phrase("the die given up must be re-rolled here; no new die is drawn")
                       if self._phase == REROLL else
                       Phrase("there is no die to re-roll; a new die is drawn here"))
                raise self._cannot(event, why)
            self.roll(face=event.pitch)
            return self._events[-1]
        if kind not in EVENT_KINDS:
            raise GameError("{kind} is not an event; events are {event_kinds}", kind=repr(kind),
                            event_kinds=', '.join(EVENT_KINDS))
        if self._hand is not None and event.pitch != self._hand:
            raise self._cannot(event, Phrase("the player holds the die {die}",
                                             die=NoteFact(pitch_name(self._hand))))
        if kind == "place":
            return self.place(event.cell)
        if self._phase in (PLACE, BONUS) and self._source != "opening":
            expected = "reroll" if self._phase == BONUS or self.players == 1 else "pass"
            if kind != expected:
                raise self._cannot(event, Phrase("the die in hand would be re-rolled, not passed on")
                                   if expected == "reroll" else
                                   Phrase("the die in hand would be passed on, not re-rolled"))
        return self.pass_die()

    def _cannot(self, event: Event, why: Phrase) -> GameError:
        """The refusal of `apply`, naming the event (worded only when refused: a replay applies many)."""
        return GameError("cannot apply {event}: {why}",
                         event=named_event(event, self.board), why=why)

    def undo(self) -> Event:
        """Take back the last event (a roll too) and return it; the generator steps back with it. The
        positions reached before it stay the game's, with their history and the die words shown."""
        if not self._events:
            raise GameError("there is nothing to undo: no event has happened yet")
        events, position, moments, named = self._events, self._position, self._moments, self._named
        self._restart()
        for event in events[:-1]:
            self.apply(event)
        kept = len(self._events)
        self._position = position.parent if events[-1].kind == "place" else position
        self._moments = moments[:kept]
        self._named = named.cut(kept)
        return events[-1]

    def _next_turn(self, player: int) -> None:
        self._player = player
        self._turn += 1
        self._owed = ["turn"]

    def _end(self, reason: str) -> None:
        self._phase = OVER
        self._end_reason = reason
        self._owed = []

    # ---- words, sheet, display --------------------------------------------------------------------
    def log(self, reader: Reader | None = None) -> list[str]:
        """Every event as a sentence, notes spelled as the board names them and cells by name, for
        `reader` (by default `printed`'s); a game ended by its used-up passes and
        re-rolls says so last."""
        reader = self.printed(reader)
        words = self.die_words(reader)
        lines = [event_sentence(event, self.board, reader, said)
                 for event, said in zip(self._events, words, strict=True)]
        if self._end_reason == GIVE_UPS_USED:
            lines.append(give_ups_end_sentence(self.dice, self.players, words[-1].in_prose(), reader))
        return lines

    def score_sheet(self, reader: Reader | None = None) -> pd.DataFrame:
        """The paper score sheet: one line per turn, bonus plays, extra rolls and re-rolls on it, running
        totals, passes marked (with the cells a missed die had), for `reader` (by default
        `printed`'s)."""
        import pandas as pd  # pandas loads only for a frame: `import muzlab` stays light

        reader = self.printed(reader)
        rows = sheet_rows(self, self.die_words(reader), lambda seat: player(seat, reader), reader)
        return pd.DataFrame(rows, columns=list(SHEET_COLUMNS))

    def _state(self) -> tuple:
        return (self.players, self.dice, self.seed, self.rules, self.board, self._events, self._position,
                self._scores, self._supply, self._hand, self._phase, self._owed, self._player, self._turn,
                self._source, self._end_reason, self._rng.getstate())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._state() == other._state()

    __hash__ = None  # a game changes as it is played

    def __repr__(self) -> str:
        who = f"Player {self._player + 1}"
        held = "" if self._hand is None else pitch_label(self._hand)
        doing = {
            ROLL: f"{who} to roll",
            REROLL: f"{who} to re-roll",
            PLACE: f"{who} to place {held}",
            BONUS: f"{who} to place the passed {held}",
            OVER: f"over: {self.result}",
        }[self._phase]
        plural = "s" if self.players != 1 else ""
        scores = "–".join(str(s) for s in self._scores)
        return (f"<Game {self.players} player{plural}, {len(self._position)} of {self.dice} dice placed, "
                f"{doing}, scores {scores}>")

    def status(self, reader: Reader | None = None) -> str:
        """The game's state in `reader`'s words, as its repr gives it in English: "2 Spieler, 3 von 21
        Würfeln gelegt, Spieler 1 würfelt als Nächstes, Punkte 4–0"; without a reader, `reading`'s."""
        reader = self.reading(reader)
        held = "" if self._hand is None else pitch_label(self._hand, reader, prose=True)
        result = self.result.words(reader) if self._phase == OVER else ""
        doing = doing_words(self._phase, self._player, held, result, reader)
        return status_words(self.players, len(self._position), self.dice, doing, self._scores, reader)

    def end_words(self, reader: Reader | None = None) -> str:
        """Why the game ended (`end_reason`) in `reader`'s words ("Vorrat leer"); `reading`'s without
        one; "" while it goes on."""
        return end_words(self._end_reason, self.reading(reader)) if self._end_reason else ""

    def _repr_html_(self) -> str:
        """The game as inline SVG: JupyterLab draws an SVG output as an `<img>` with no alt, HTML keeps
        the SVG's role and its name (the game in words) for a screen reader."""
        return self._repr_svg_()

    def _repr_svg_(self) -> str:
        """The game as SVG for notebooks; drawing lives in muzlab.views.svg."""
        from muzlab.views.svg import game_svg  # display hook: the drawing stays outside the play layer

        return game_svg(self)

    # ---- records ------------------------------------------------------------------------------------
    def to_dict(self, agents: Sequence[AgentState | None] | None = None) -> dict:
        """The game record as JSON-ready data (format version 2: settings plus every event; see
        muzlab.play.records), with `agents` the state of each seat's computer player."""
        return records.record_dict(self, None if agents is None else tuple(agents))

    def to_json(self, indent: int | None = 1, agents: Sequence[AgentState | None] | None = None) -> str:
        """The game record as JSON text; `Game.from_json` replays it."""
        return json.dumps(self.to_dict(agents), indent=indent, ensure_ascii=False)

    def to_midi(self, path: str | Path) -> Path:
        """Save the game as a Standard MIDI File (muzlab.play.midi: a note per placement, then each
        completion's chord or line) and return its path; MidiError for a game with no placement."""
        path = Path(path)
        path.write_bytes(game_midi(self))
        return path

    @classmethod
    def from_dict(cls, data: Any, rules: RuleSet | None = None, board: Board | None = None) -> Game:
        """Replay a record (as read from JSON) through the rules (`muzlab.play.replay`); GameRecordError
        names the first bad event, and no half-loaded game is returned. Version 1 records are
        converted as they are read."""
        return replayed(cls, data, rules, board)

    @classmethod
    def from_json(cls, text: str | bytes, rules: RuleSet | None = None, board: Board | None = None) -> Game:
        """Read `to_json` text; with `rules` or `board`, a record made under others is refused."""
        return cls.from_dict(records.parse(text), rules, board)


def _why_not(game: Game, refused: Phrase) -> GameError:
    """Why an action (`refused`: "cannot roll") does not fit the state of `game`."""
    player = game.current_player + 1
    if game.phase == OVER:
        return GameError("{refused}: the game is over ({result})", refused=refused, result=game.result)
    if game.phase == ROLL:
        return GameError("{refused}: Player {player} has no die in hand and must roll", refused=refused,
                         player=player)
    if game.phase == REROLL:
        return GameError("{refused}: Player {player} must re-roll the die they could not place",
                         refused=refused, player=player)
    die = NoteFact(pitch_name(game.hand))
    if game.phase == BONUS:
        return GameError("{refused}: Player {player} holds the passed die {die}; place it or pass it",
                         refused=refused, player=player, die=die)
    return GameError("{refused}: Player {player} holds the die {die}; place it or pass it",
                     refused=refused, player=player, die=die)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
