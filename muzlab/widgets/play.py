"""PlayBoard: a game of Muzundrum on the projector, with people and computer players at one table.

The widget holds a Game and asks it everything: what is legal, what scores, whose turn it is.
Buttons call the Game's own actions; the board, die in hand, scores and sheet are redrawn after each.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from muzlab.agents import Agent, make_agent
from muzlab.board import Board
from muzlab.errors import MuzlabError
from muzlab.game import Event, Game
from muzlab.hexgrid import Cell
from muzlab.pitch import DIE_FACES, pitch_name
from muzlab.rules import RuleSet
from muzlab.widgets.hexboard import HexBoard, position_looks
from muzlab.widgets.listen import ListenPanel


class PlayBoard(widgets.VBox):
    """Play a game by clicking: Roll, then a lit cell (or Pass). Computer seats play by themselves.

    `agents` gives one entry per seat: None for a person, or an agent name ("random", "greedy",
    "expert"); `names` names the seats (teams, pupils). `cells[(q, r)]` is the button of a cell;
    `message` says what happened or why not.
    """

    def __init__(
        self,
        players: int = 2,
        agents: Sequence[str | None] | None = None,
        seed: int | None = 0,
        board: Board | str | None = None,
        rules: RuleSet | str | None = None,
        dice: int = 21,
        game: Game | None = None,
        hints: bool = True,
        agent_delay: float = 0.5,
        names: Sequence[str] | None = None,
    ):
        self.game = game if game is not None else Game(players, board, rules, dice, seed)
        seats = list(agents) if agents is not None else [None] * self.game.players
        if len(seats) != self.game.players:
            raise MuzlabError(f"agents lists {len(seats)} seats but the game has {self.game.players} players")
        if names is not None and len(names) != self.game.players:
            raise MuzlabError(f"names lists {len(names)} seats but the game has {self.game.players} players")
        self.seat_names = seats
        self.names = list(names or (f"Player {seat + 1}" for seat in range(self.game.players)))
        self.agents: list[Agent | None] = [
            None if name is None else make_agent(name, f"{self.game.seed}-{seat}")
            for seat, name in enumerate(seats)]
        self.agent_delay = agent_delay
        self.last: Cell | None = None
        self._lines: list[str] = []
        self._collecting = False

        self.board_view = HexBoard(self.game.board, on_click=self._clicked)
        self.cells = self.board_view.cells
        self.roll_button = self._button("Roll", "muz-roll", self.roll, "primary")
        self.pass_button = self._button("Pass", "muz-pass", self.pass_die, "warning")
        self.undo_button = self._button("Undo", "muz-undo", self.undo)
        self.new_button = self._button("New game", "muz-new", self.new_game)
        self.save_button = self._button("Save", "muz-save", self.save)
        self.load_button = self._button("Load", "muz-load", self.load)
        self.record_path = widgets.Text(value="game.json", description="Record",
                                        style={"description_width": "55px"},
                                        layout=widgets.Layout(width="210px"))
        self.hints = widgets.Checkbox(value=hints, description="hints: light up legal cells")
        self.hints.observe(lambda _change: self.refresh(), names="value")
        self.hand = widgets.HTML()
        self.hand.add_class("muz-hand")
        self.status = widgets.HTML()
        self.scores = widgets.HTML()
        self.scores.add_class("muz-scores")
        self.message = widgets.HTML()
        self.message.add_class("muz-message")
        self.sheet = widgets.HTML()
        self.runs = widgets.Dropdown(options=[], description="Replay")
        self.runs.observe(self._replay_run, names="value")
        self.listen = ListenPanel(autoplay=True)
        controls = widgets.VBox([
            self.status, self.hand,
            widgets.HBox([self.roll_button, self.pass_button, self.undo_button]),
            self.hints, self.scores, self.message, self.listen, self.runs,
            widgets.HBox([self.new_button, self.record_path, self.save_button, self.load_button]),
        ], layout=widgets.Layout(padding="0 0 0 16px", width="520px"))
        super().__init__([widgets.HBox([self.board_view, controls]), self.sheet])
        self.add_class("muz-playboard")
        self.refresh()
        self._let_computers_play()

    def _clicked(self, cell: Cell) -> None:
        self._action(lambda: self.click(cell))

    def _button(self, label: str, css: str, action, style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, button_style=style,
                                layout=widgets.Layout(width="auto", min_width="90px"))
        button.add_class(css)
        button.on_click(lambda _button: self._action(action))
        return button

    # ---- actions ----------------------------------------------------------------------------------
    def roll(self) -> None:
        """Roll the die owed to the person whose turn it is."""
        if self._refuse_if_not_human():
            return
        try:
            face = self.game.roll()
        except MuzlabError as error:
            self._say(str(error), error=True)
            return
        legal = self.game.legal_placements()
        where = f"{len(legal)} legal cell{'s' if len(legal) != 1 else ''}" if legal else "no legal cell: pass"
        self._say(f"{self._who()} rolled {DIE_FACES[face]} — {where}.")
        self.refresh()

    def click(self, cell: Cell) -> None:
        """Place the die in hand on a cell; an illegal cell places nothing and says why."""
        if self._refuse_if_not_human():
            return
        if self.game.hand is None:
            self._say("Roll first: there is no die in hand.", error=True)
            return
        try:
            event = self.game.place(cell)
        except MuzlabError as error:
            self._say(getattr(error, "reason", str(error)), error=True)
            return
        self._report(event)
        self._let_computers_play()

    def pass_die(self) -> None:
        """Pass the die in hand (a received die that cannot be placed is re-rolled instead)."""
        if self._refuse_if_not_human():
            return
        try:
            event = self.game.pass_die()
        except MuzlabError as error:
            self._say(str(error), error=True)
            return
        self._report(event)
        self._let_computers_play()

    def undo(self) -> None:
        """Take back events up to and including the last one a person made."""
        events = self.game.events
        human = [i for i, e in enumerate(events) if self.agents[e.player] is None]
        if not human:
            self._say("Nothing to undo: no person has played yet.", error=True)
            return
        for _ in range(len(events) - human[-1]):
            self.game.undo()
        self.last = None
        self._say(f"Undone: {events[human[-1]]}.")
        self.refresh()

    def new_game(self) -> None:
        """Start again with the same players and the next seed."""
        old = self.game
        self.game = Game(old.players, old.board, old.rules, old.dice, old.seed + 1)
        self.last = None
        self._say(f"New game (seed {self.game.seed}).")
        self.refresh()
        self._let_computers_play()

    def save(self) -> None:
        """Write the game record (JSON) to the file named in `record_path`."""
        path = Path(self.record_path.value)
        try:
            path.write_text(self.game.to_json(), encoding="utf-8")
        except OSError as error:
            self._say(f"Could not save to {path}: {error.strerror}.", error=True)
            return
        self._say(f"Saved {len(self.game.events)} events to {path}.")

    def load(self) -> None:
        """Replay a saved record; a bad file leaves the current game as it was and says why."""
        path = Path(self.record_path.value)
        try:
            game = Game.from_json(path.read_text(encoding="utf-8"))
        except OSError as error:
            self._say(f"Could not read {path}: {error.strerror}.", error=True)
            return
        except MuzlabError as error:
            self._say(f"{path} is not a game record muzlab can replay: {error}", error=True)
            return
        if game.players != len(self.agents):
            self._say(f"{path} is a game for {game.players} players; this board seats "
                      f"{len(self.agents)}.", error=True)
            return
        self.game = game
        self.last = next((e.cell for e in reversed(game.events) if e.kind == "place"), None)
        self._say(f"Loaded {len(game.events)} events from {path}.")
        self.refresh()

    # ---- computer seats ---------------------------------------------------------------------------
    def _let_computers_play(self) -> None:
        """Computer seats act until a person is to act or the game ends, one visible step at a time."""
        game = self.game
        while not game.over and self.agents[game.current_player] is not None:
            agent = self.agents[game.current_player]
            if game.phase in ("roll", "reroll"):
                game.roll()
                continue
            cell = agent.choose(game)
            event = game.pass_die() if cell is None else game.place(cell)
            self._report(event)
            if self.agent_delay:
                time.sleep(self.agent_delay)

    # ---- drawing ------------------------------------------------------------------------------------
    def _report(self, event: Event) -> None:
        if event.kind == "place":
            self.last = event.cell
            text = f"{self._name(event.player)} placed {pitch_name(event.pitch)} on {event.cell}: " \
                   f"+{event.points}"
            if event.completed:
                text += f" — completes {' and '.join(event.completed)}"
                if self.game.phase == "roll" and self.game.current_player == event.player:
                    text += ": extra roll!"
                self._play_completed(event)
            self._say(text + ".")
        else:
            self._say(self._pass_words(event))
        self.refresh()

    def _pass_words(self, event: Event) -> str:
        name, note = self._name(event.player), pitch_name(event.pitch)
        missed = (f" It could have gone on {event.legal_cells} cell{'s' if event.legal_cells != 1 else ''}."
                  if event.legal_cells else "")
        if event.source == "passed":
            return f"{name} cannot place the passed {note}: re-roll it.{missed}"
        if self.game.players == 1:
            return f"{name} passes {note}: re-roll.{missed}"
        return f"{name} passes {note} to {self._name(self.game.current_player)}.{missed}"

    def _play_completed(self, event: Event) -> None:
        completed = [s for s in self.game.position.runs_through(event.cell) if s.complete]
        if completed:
            self.listen.show(completed[0])

    def _replay_run(self, change) -> None:
        if change["new"] is not None:
            self.listen.show(self._structures[change["new"]])

    def refresh(self) -> None:
        """Redraw everything from the game: board, die in hand, scores, sheet, runs."""
        game = self.game
        show_legal = game.hand is not None and self.hints.value
        legal = game.position.legal_scores(game.hand) if show_legal else {}
        self.board_view.paint(position_looks(game.position, legal, last=self.last))
        face = DIE_FACES[game.hand] if game.hand is not None else "–"
        self.hand.value = (f"<div style='font-size:44px;font-weight:bold;line-height:1.2'>{face}</div>"
                           "<div>die in hand</div>")
        self.status.value = f"<b>{html.escape(self._status())}</b> · {game.supply} dice left in the supply"
        self.scores.value = " · ".join(
            f"<span style='{'font-weight:bold' if seat == game.current_player else ''}'>"
            f"{html.escape(self._name(seat))}: {score}</span>" for seat, score in enumerate(game.scores))
        human_turn = not game.over and self.agents[game.current_player] is None
        self.roll_button.disabled = not (human_turn and game.phase in ("roll", "reroll"))
        self.pass_button.disabled = not (human_turn and game.phase in ("place", "bonus"))
        sheet = game.score_sheet()
        sheet["player"] = [self._name(int(p.split()[-1]) - 1) for p in sheet["player"]]
        self.sheet.value = sheet.to_html(index=False, border=0)
        self._structures = game.position.structures()
        self.runs.options = [("choose a run to hear", None)] + [
            (s.describe(), i) for i, s in enumerate(self._structures)]

    def _status(self) -> str:
        game = self.game
        if game.over:
            return f"Game over — {game.result}"
        doing = {"roll": "to roll", "reroll": "to re-roll the passed die",
                 "place": "to place or pass the die", "bonus": "to place the passed die or pass"}
        return f"{self._who()} {doing[game.phase]}"

    def _who(self) -> str:
        return self._name(self.game.current_player)

    def _name(self, seat: int) -> str:
        agent = self.seat_names[seat]
        return self.names[seat] + (f" ({agent})" if agent else "")

    def _refuse_if_not_human(self) -> bool:
        if self.game.over:
            self._say(f"The game is over: {self.game.result}. Start a new game.", error=True)
            return True
        if self.agents[self.game.current_player] is not None:
            self._say(f"{self._who()} is a computer player; it plays by itself.", error=True)
            return True
        return False

    def _say(self, text: str, error: bool = False) -> None:
        """Show a line; the lines of one action (a person's move and the computers' replies) stay."""
        colour = "#b00" if error else "#064"
        line = f"<div style='color:{colour};font-size:16px'>{html.escape(text)}</div>"
        self._lines = [*self._lines, line] if self._collecting else [line]
        self.message.value = "".join(self._lines[-6:])

    def _action(self, act) -> None:
        """Run one user action, keeping every line it and the computers' replies say."""
        self._collecting, self._lines = True, []
        try:
            act()
        finally:
            self._collecting = False
