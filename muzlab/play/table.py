"""A table of seats around one Game: people and computer players, as a class plays at the projector.

The table is what a board widget draws and what its buttons call; it decides whose turn it is, lets
the computer seats play (never forever: a locked board that the rules do not end stops them with a
message), takes back moves to the last person's, gives hints, and says what happened as facts: every
action (`roll`, `place`, `pass_die`, `undo`, `hint`, ...) returns `muzlab.play.table_news.News`, which
whoever shows it words for its reader (`News.words`) with no lock held. It never imports a widget
library, so it is tested and scripted without a browser.

Seeding follows `simulate`: the game of seed s gives seat i's agent the seed "s:i"
(`muzlab.play.agents.seat_agents`), so a table of computers plays a game exactly as a simulation does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from muzlab.core.board import Board
from muzlab.core.errors import Count, GameError, MuzlabError
from muzlab.core.hexgrid import Cell
from muzlab.names import event_sentences
from muzlab.names.language import Prose, marked, phrase
from muzlab.names.output_words import agent_name, number_words
from muzlab.names.reader import Reader, for_print
from muzlab.names.typed_moves import TypedMove, read_move
from muzlab.play.agents import Agent, from_state, roll_and_choose, seat_agents
from muzlab.play.events import Event
from muzlab.play.game import Game
from muzlab.play.game_words import SHEET_COLUMNS as GAME_SHEET_COLUMNS
from muzlab.play.game_words import (
    sheet_rows,
)
from muzlab.play.records import AgentState
from muzlab.play.table_news import Message, News
from muzlab.rules.position import Structure
from muzlab.rules.ruleset import RuleSet

if TYPE_CHECKING:
    import pandas as pd

#: What a message is: news of the game, a refused action, a hint, or computers that stopped.
MESSAGE_KINDS = ("info", "refused", "hint", "stopped")
#: What the seat to act does next, by the game's phase.
_DOING = {"roll": marked("whose turn", "{who} to roll"),
          "reroll": marked("whose turn", "{who} to re-roll the passed die"),
          "place": marked("whose turn", "{who} to place or pass the die"),
          "bonus": marked("whose turn", "{who} to place the passed die or pass")}
#: The name of a seat the computer plays, as a table keeps it (English) and as people read it.
COMPUTER_SEAT = marked("seat name", "Computer")
#: The name of a class table's seat nobody sits at.
FREE_SEAT = marked("seat name", "(free seat)")
#: The score sheet's columns: `Game.score_sheet`'s, then the hints asked in the turn.
SHEET_COLUMNS = (*GAME_SHEET_COLUMNS, "hints")


@dataclass(frozen=True)
class Seat:
    """A place at the table: the name people read, the agent's name (None for a person), and for a
    seat nobody named, its number (1-based: "Player 1" in the reader's language)."""

    name: str
    agent: str | None = None
    number: int | None = None

    @property
    def person(self) -> bool:
        return self.agent is None

    @property
    def label(self) -> str:
        """The name with the computer player in brackets, in English: "Team Clara (greedy)"."""
        return self.name if self.agent is None else f"{self.name} ({self.agent})"

    def name_for(self, reader: Reader) -> str:
        """The name as `reader` reads it: a computer's seat named `COMPUTER_SEAT`, and a seat nobody
        named ("Player 2"), in its language (French "l'ordinateur", capitalised where a sentence
        begins with it: `Prose`)."""
        if self.agent is not None and self.name == COMPUTER_SEAT[1]:
            name = reader.pgettext(*COMPUTER_SEAT)
            return Prose(name) if name[:1].islower() else name
        if self.agent is None and self.name == FREE_SEAT[1]:
            return reader.pgettext(*FREE_SEAT)
        if self.number is not None:
            return reader.gettext("Player {number}").format(number=number_words(self.number, reader))
        return self.name

    def called(self, reader: Reader) -> str:
        """`label` in `reader`'s language: "Computer (gierig)" in German."""
        name = self.name_for(reader)
        if self.agent is None:
            return name
        return phrase(reader.gettext("{name} ({agent})"), name=name, agent=agent_name(self.agent, reader))


@dataclass(frozen=True)
class Status:
    """Whose turn it is and what they do next, or the result, as facts (values only: a snapshot taken
    under a lock keeps them, and `words` says them for each reader once the lock is let go)."""

    seats: tuple[Seat, ...]
    phase: str
    current_player: int
    over: bool
    #: no die fits anywhere and the rules play on (`Table.locked_forever`)
    locked: bool
    result: Any = None

    def words(self, reader: Reader | None = None) -> str:
        """The status in `reader`'s words: "Anna to roll", "Game over — Ben wins with 31 points"."""
        reader = for_print(reader)
        if self.over:
            return reader.gettext("Game over — {result}").format(result=self.result_words(reader))
        if self.locked:
            return reader.gettext("The board is locked: no die fits anywhere")
        return reader.pgettext(*_DOING[self.phase]).format(who=self.seats[self.current_player].called(reader))

    def result_words(self, reader: Reader | None = None) -> str:
        """The result with the seats' names: "Team Bach wins with 31 points", a tie, or a solo score."""
        reader, result = for_print(reader), self.result
        if result is None:
            return ""
        return event_sentences.result_words(result.scores, result.winners, reader,
                                            lambda seat: self.seats[seat].name_for(reader))


class Table:
    """Seats (people and agents) around one game; every action returns its news (facts, `News`).

    `agents` gives one entry per seat: None for a person or an agent name ("random", "greedy",
    "expert"); `names` names the seats (default "Player 1", ...). `allow_hints=False` lets a teacher
    switch hints off.
    """

    def __init__(
        self,
        players: int = 2,
        agents: Sequence[str | None] | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = 0,
        board: Board | str | None = None,
        rules: RuleSet | str | None = None,
        dice: int = 21,
        game: Game | None = None,
        allow_hints: bool = True,
    ):
        game = game if game is not None else Game(players, board, rules, dice, seed)
        kinds = list(agents) if agents is not None else [None] * game.players
        if len(kinds) != game.players:
            raise GameError("agents lists {seats} but the game has {players}",
                            seats=Count(len(kinds), "{count} seat", "{count} seats"),
                            players=Count(game.players, "{count} player", "{count} players"))
        if names is not None and len(names) != game.players:
            raise GameError("names lists {seats} but the game has {players}",
                            seats=Count(len(names), "{count} seat", "{count} seats"),
                            players=Count(game.players, "{count} player", "{count} players"))
        if names is None:
            self.seats: tuple[Seat, ...] = tuple(Seat(f"Player {seat + 1}", kind, seat + 1)
                                                 for seat, kind in enumerate(kinds))
        else:
            self.seats = tuple(Seat(str(n), k) for n, k in zip(names, kinds, strict=True))
        self.agents: list[Agent | None] = seat_agents(kinds, game.seed)
        self.allow_hints = allow_hints
        self.game = game
        self.last: Cell | None = self._last_placed()
        #: True: the computer seats reply inside each action. False: they wait for `computer_step()`,
        #: which a board calls at the pace people can follow.
        self.autoplay = True
        #: Hints given: (seat, turn, events so far, counted), one a die; the opening die's is not counted.
        self._hints: set[tuple[int, int, int, bool]] = set()

    # ---- reading ------------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def person_to_act(self) -> bool:
        """True when the game goes on and the seat to act is a person's."""
        return not self.game.over and self.seats[self.game.current_player].person

    @property
    def locked_forever(self) -> bool:
        """True when no die fits anywhere and the rules play on (end_on_locked_board off): no one can
        place again, and passing would go round for ever."""
        game = self.game
        return not game.over and not game.rules.end_on_locked_board and game.position.is_locked()

    @property
    def can_roll(self) -> bool:
        """True when a person is to roll (or re-roll the passed die)."""
        return self.person_to_act and self.game.phase in ("roll", "reroll")

    @property
    def can_pass(self) -> bool:
        """True when a person holds a die they may pass (or a passed die they may give up)."""
        return self.person_to_act and self.game.phase in ("place", "bonus")

    @property
    def can_hint(self) -> bool:
        """True when a person holds a die and hints are allowed."""
        return self.allow_hints and self.person_to_act and self.game.hand is not None

    @property
    def hinted(self) -> bool:
        """True when the die in hand has had its hint (a hint is counted once a die)."""
        game = self.game
        moment = (game.current_player, game.turn, len(game.events))
        return (*moment, True) in self._hints or (*moment, False) in self._hints

    @property
    def computer_to_act(self) -> bool:
        """True when a computer seat is to act and can (the game goes on and the board is not locked
        for ever)."""
        return not self.game.over and not self.seats[self.game.current_player].person

    def runs_to_hear(self, messages: Sequence[Message | News],
                     reader: Reader | None = None) -> tuple[Structure, ...]:
        """The complete runs that the placements in `messages` finished, the latest placement's first:
        what a board plays after an action (the first one) and offers to replay, spelled in the
        reader's lesson key."""
        position, key = self.game.position, for_print(reader).key or ""
        runs: list[Structure] = []
        for message in reversed(messages):
            event = message.event
            if event is None or event.kind != "place" or not event.completed:
                continue
            if event.cell not in position.dice:  # taken back since
                continue
            runs.extend(s for s in position.runs_through(event.cell, key) if s.complete and s not in runs)
        return tuple(runs)

    def hints_used(self, seat: int) -> int:
        """How many dice the seat asked a hint for."""
        return sum(1 for hinted_seat, _turn, _moment, counted in self._hints
                   if hinted_seat == seat and counted)

    @property
    def standing(self) -> Status:
        """Whose turn it is and what they do next, or the result, as facts (`Status`)."""
        game = self.game
        return Status(self.seats, game.phase, game.current_player, game.over, self.locked_forever,
                      game.result)

    def status(self, reader: Reader | None = None) -> str:
        """Whose turn it is and what they do next, or the result (`Status.words`)."""
        return self.standing.words(reader)

    def result_words(self, reader: Reader | None = None) -> str:
        """The result with the seats' names: "Team Bach wins with 31 points", a tie, or a solo score."""
        return self.standing.result_words(reader)

    def score_sheet(self, reader: Reader | None = None) -> pd.DataFrame:
        """The game's score sheet with the seats' names and the hints asked in each turn: the lines of
        `Game.score_sheet` (one per turn), with a "hints" column."""
        import pandas as pd  # pandas loads only for a frame: `import muzlab` stays light

        return pd.DataFrame(self.sheet_rows(reader), columns=list(SHEET_COLUMNS))

    def sheet_rows(self, reader: Reader | None = None) -> list[dict[str, Any]]:
        """The score sheet as rows (dicts keyed by SHEET_COLUMNS), without pandas: what a board redraws
        after every click. Each die is named as the board named it right after it was placed
        (`Game.die_words`, which the game keeps, so a click names only its own dice)."""
        reader = for_print(reader)
        named = self.game.die_words(reader)
        rows = sheet_rows(self.game, named, lambda seat: self.seats[seat].called(reader), reader)
        hinted = [turn for _seat, turn, _moment, counted in self._hints if counted]
        for row in rows:
            row["hints"] = hinted.count(row["turn"])
        return rows

    # ---- a person's actions: news (facts), worded by `News.words` at the edge -------------------------
    def roll(self, face: int | None = None) -> tuple[News, ...]:
        """Roll the die owed to the person whose turn it is; `face` (a pitch class) sets the die as a
        note sung to choose it does (`Game.roll`: the record replays the same)."""
        refusal = self._refusal()
        if refusal:
            return (refusal,)
        try:
            self.game.roll(face)
        except GameError as error:
            return (self._refused("error", error=error),)
        if self.game.over:  # it fits nowhere, and the game's passes and re-rolls are used up
            return (self._ended_at_roll(),)
        event = self.game.events[-1]
        return (News("rolled", seat=event.player, event=event,
                     facts=self._facts(legal=len(self.game.legal_placements()))),)

    def place(self, cell: Any) -> tuple[News, ...]:
        """Place the die in hand on a cell (given as (q, r) or a name such as "e5"); an illegal cell
        places nothing and the news gives the rule it breaks. Computer seats reply."""
        refusal = self._refusal()
        if refusal:
            return (refusal,)
        game = self.game
        if game.hand is None:
            return (self._refused("no die", phase=game.phase),)
        try:
            where = self.board.cells[self.board.cell_index(cell)]
            if where not in game.legal_placements():  # (refused as facts: the game's error would word it)
                return (self._refused("illegal", (where,), cell=where, position=game.position,
                                      hand=game.hand),)
            news = self._place(where)
        except MuzlabError as error:
            return (self._refused("error", error=error),)
        return (news, *self._computers())

    def place_typed(self, text: str, reader: Reader | None = None) -> tuple[News, ...]:
        """Place the die in hand where a typed move says ("e5", or "C e5" with the note in `reader`'s
        convention: `muzlab.names.typed_moves`); text that is no move, a note that is not the die in
        hand or an illegal cell places nothing, and the news says why."""
        refusal = self._refusal()
        if refusal:
            return (refusal,)
        try:
            move = read_move(text, self.board, for_print(reader))
        except MuzlabError as error:
            return (self._refused("error", error=error),)
        wrong = self.wrong_note(move)
        return (wrong,) if wrong else self.place(move.cell)

    def wrong_note(self, move: TypedMove) -> News | None:
        """The refusal of a typed move that names a note that is not the die in hand, or None when it
        names no note, the die in hand, or there is no die in hand (`place` says so)."""
        hand = self.game.hand
        if move.name is None or hand is None or move.pitch == hand:
            return None
        return self._refused("wrong note", hand=hand, typed=move.name)

    def pass_die(self) -> tuple[News, ...]:
        """Pass the die in hand (a received die that cannot be placed is re-rolled instead)."""
        refusal = self._refusal()
        if refusal:
            return (refusal,)
        try:
            event = self.game.pass_die()
        except GameError as error:
            return (self._refused("error", error=error),)
        return (self._passed(event), *self._computers())

    def undo(self) -> tuple[News, ...]:
        """Take back every event after the last one a person made, and that one too; the news names the
        die taken back as the board named it (the history up to it is kept in the news)."""
        game = self.game
        mine = [i for i, event in enumerate(game.events) if self.seats[event.player].person]
        if not mine:
            return (self._refused("nothing to undo"),)
        undone = game.events[mine[-1]]
        facts = self._facts(history=game.history()[:mine[-1] + 1], kept=game.kept_words)
        for _ in range(len(game.events) - mine[-1]):
            game.undo()
        self.last = self._last_placed()
        return (News("undone", seat=undone.player, event=undone, facts=facts),)

    def new_game(self) -> tuple[News, ...]:
        """Start again at the same table with the next seed (agents seeded for that game)."""
        old = self.game
        self.game = type(old)(old.players, old.board, old.rules, old.dice, old.seed + 1)  # (the same kind)
        self.agents = seat_agents([seat.agent for seat in self.seats], self.game.seed)
        self.last = None
        self._hints = set()
        return (News("new game", facts={"seed": self.game.seed}), *self._computers())

    def moment(self) -> tuple:
        """The table as it is now (its game, computer players, last die and hints), for `back_to`: a load
        that fails after sitting at another game puts the table back."""
        return self.game, tuple(self.agents), self.last, frozenset(self._hints)

    def back_to(self, moment: tuple) -> None:
        """The table as `moment` found it (the game and its computer players are the very ones)."""
        self.game, agents, self.last, hints = moment
        self.agents, self._hints = list(agents), set(hints)

    def agent_states(self) -> tuple[AgentState | None, ...]:
        """Each seat's computer player as a record keeps it (None for a person)."""
        return tuple(None if agent is None else agent.state() for agent in self.agents)

    def load(self, game: Game, agents: Sequence[AgentState | None] | None = None) -> tuple[News, ...]:
        """Sit at a game (a replayed record, say); one for another number of players is refused. A computer
        seat whose agent the record keeps (`agents`, by seat) goes on from that agent's state, so the game
        continues as if never saved; others start from the game's seed."""
        if game.players != len(self.seats):
            return (self._refused("wrong players", players=game.players, seats=len(self.seats)),)
        self.game = game
        self.agents = seat_agents([seat.agent for seat in self.seats], game.seed)
        for seat, state in enumerate(agents or ()):
            if state is not None and self.seats[seat].agent == state.name:
                self.agents[seat] = from_state(state)
        self.last = self._last_placed()
        self._hints = set()
        return (News("loaded", facts={"events": len(game.events)}), *self._computers())

    def hint(self) -> tuple[News, ...]:
        """Light the best cell for the die in hand and say why; counted on the score sheet, but for
        the opening die (on the empty board every cell is as good: there is no decision to help)."""
        if not self.allow_hints:
            return (self._refused("hints off"),)
        refusal = self._refusal()
        if refusal:
            return (refusal,)
        game = self.game
        if game.hand is None:
            return (self._refused("no die to hint"),)
        seat = game.current_player
        self._hints.add((seat, game.turn, len(game.events), bool(len(game.position))))
        cells = tuple(game.position.best_placements(game.hand)[1])  # (`coach.advice`'s, which words them)
        return (News("hint", kind="hint", seat=seat, cells=cells,
                     facts={"position": game.position, "hand": game.hand, "phase": game.phase,
                            "players": game.players}),)

    # ---- computer seats -----------------------------------------------------------------------------
    def computer_step(self) -> News | None:
        """Let the computer seat to act roll and place (or pass) one die; None when a person is to act,
        the game is over, or the computers stopped (the news says why)."""
        game = self.game
        if game.over or self.seats[game.current_player].person:
            return None
        if self.locked_forever:
            return News("stopped", kind="stopped")
        cell = roll_and_choose(game, self.agents[game.current_player])
        if game.over:
            return self._ended_at_roll()
        if cell is None:
            return self._passed(game.pass_die())
        return self._place(cell)

    def play_computers(self) -> tuple[News, ...]:
        """Computer seats act until a person is to act or the game ends; never loops for ever."""
        return tuple(self._computers(always=True))

    def _computers(self, always: bool = False) -> list[News]:
        """The computer seats' replies inside an action (none when `autoplay` is off, unless `always`)."""
        news: list[News] = []
        while always or self.autoplay:
            step = self.computer_step()
            if step is None:
                return news
            news.append(step)
            if step.kind == "stopped":
                return news
        return news

    # ---- news -----------------------------------------------------------------------------------------
    def _facts(self, **more: Any) -> dict[str, Any]:
        """What every event's sentence needs (the seats' names, the board), with `more`."""
        return {"seats": self.seats, "board": self.board, **more}

    def _place(self, cell: Any) -> News:
        game = self.game
        owed = game.rolls_owed
        event = game.place(cell)
        self.last = event.cell
        extra = (not game.over and game.turn == event.turn and game.current_player == event.player
                 and game.rolls_owed > owed + (event.source == "passed"))
        return News("placed", seat=event.player, event=event, extra_roll=extra, cells=(event.cell,),
                    facts=self._facts(history=game.history(), kept=game.kept_words, extra=extra,
                                      status=self.standing))

    def _ended_at_roll(self) -> News:
        """The last roll's news when it ended the game (`table_news`)."""
        game = self.game
        event = game.events[-1]
        return News("ended at roll", seat=event.player, event=event,
                    facts=self._facts(dice=game.dice, players=game.players, status=self.standing))

    def _passed(self, event: Event) -> News:
        receiver = self.seats[self.game.current_player] if event.kind == "pass" else None
        return News("passed", seat=event.player, event=event, facts=self._facts(receiver=receiver))

    def _refusal(self) -> News | None:
        game = self.game
        if game.over:
            return self._refused("over", status=self.standing)
        if not self.seats[game.current_player].person:
            return self._refused("computer", seat=self.seats[game.current_player])
        return None

    def _refused(self, say: str, cells: tuple[Cell, ...] = (), **facts: Any) -> News:
        return News(say, kind="refused", seat=None if self.game.over else self.game.current_player,
                    cells=cells, facts=facts)

    def _last_placed(self) -> Cell | None:
        return next((e.cell for e in reversed(self.game.events) if e.kind == "place"), None)

