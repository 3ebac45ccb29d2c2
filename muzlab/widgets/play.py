"""PlayBoard: a game of Muzundrum on the projector, with people and computer players at one table.

The widget draws a `muzlab.table.Table` and forwards clicks and keys to it; the table decides whose
turn it is, plays the computer seats, undoes and hints, and says what happened as messages.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as widgets

from muzlab import records
from muzlab.board import Board
from muzlab.errors import MuzlabError
from muzlab.game import Game
from muzlab.hexgrid import Cell
from muzlab.outputs import file_written
from muzlab.pitch import current_note_names
from muzlab.position import Position, Structure
from muzlab.rules import RuleSet
from muzlab.spelling import current_lesson_key, in_lesson_key, pitch_label, symbols
from muzlab.table import SHEET_COLUMNS, Message, Table
from muzlab.widgets.listen import ListenPanel
from muzlab.widgets.svgboard import Scene, SvgBoard

#: Keys pressed on the board: R rolls, P passes, U undoes, H asks a hint.
KEYS = "rpuh"
#: Each note-name convention as a sentence names it.
NOTE_NAME_WORDS = {"english": "in English (B, B♭)", "german": "in German (H, B)",
                   "solfege": "in solfège (Do, Re, Mi)"}
#: The score sheet's look; its font size (14px at scale 1) grows with the board's scale.
SHEET_STYLE = ("<style>.muz-sheet {{ border-collapse: collapse; font-size: {size}px; }}"
               " .muz-sheet th, .muz-sheet td {{ padding: 3px 10px; text-align: left; }}"
               " .muz-sheet tr:nth-child(even) td {{ background: #f4f4f4; }}</style>")


class PlayBoard(widgets.VBox):
    """Play a game by clicking: Roll, then a lit cell (or Pass); the keyboard works too (arrows and
    Enter on the board, R / P / U / H). Computer seats play by themselves.

    `agents` gives one entry per seat: None for a person, or an agent name ("random", "greedy",
    "expert"); `names` names the seats (teams, pupils). `hints` lights the legal cells with their
    points; `allow_hints=False` removes the Hint button (a teacher's choice); `scale` enlarges the
    board and its text for a projector. `cells[(q, r)].click()` clicks a cell; `message` says what
    happened or why not.
    """

    @in_lesson_key
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
        scale: float = 1.0,
        allow_hints: bool = True,
        key: str | None = None,
    ):
        self.key = key  # the lesson's key ("F#"), passed to the naming; None: the session's
        self.table = Table(players, agents, names, seed, board, rules, dice, game, allow_hints)
        self.table.on_step = self._computer_moved
        self.agent_delay = agent_delay
        self._scale = float(scale)
        self._hinted: tuple[int, tuple[Cell, ...]] | None = None  # (events when asked, best cells)
        self._structures: list[Structure] = []
        self._lines: list[Message] = []  # the messages of the action under way
        self._drawn: tuple | None = None  # the state the score sheet was drawn from
        self._listed: tuple[Position, str] | None = None  # the position and convention the runs list is of
        self._described: dict[Structure, str] = {}  # each run's words, in the convention listed

        self.board_view = SvgBoard(self.table.board, on_click=self._clicked, on_key=self._key, shortcuts=KEYS,
                                   scale=scale)
        self.cells = self.board_view.cells
        self.roll_button = self._button("Roll", "muz-roll", self.table.roll, "primary", "R")
        self.pass_button = self._button("Pass", "muz-pass", self.table.pass_die, "warning", "P")
        self.undo_button = self._button("Undo", "muz-undo", self.table.undo, key="U")
        self.hint_button = self._button("Hint", "muz-hint", self.table.hint, "info", "H")
        self.new_button = self._button("New game", "muz-new", self.table.new_game)
        self.save_button = self._button("Save", "muz-save", self._saved)
        self.load_button = self._button("Load", "muz-load", self._loaded)
        if not allow_hints:
            self.hint_button.layout.display = "none"
        # "initial": the label is as wide as its word at any font size, so "Record" is never cut
        self.record_path = widgets.Text(value="game.json", description="Record",
                                        style={"description_width": "initial"}, layout=widgets.Layout())
        self.hints = widgets.Checkbox(value=hints, description="hints: light up legal cells")
        self.hints.observe(lambda _change: self.refresh(), names="value")
        self.cell_names = widgets.Checkbox(value=False, description="cell names")
        self.cell_names.observe(self._names_toggled, names="value")
        self.hand = widgets.HTML()
        self.hand.add_class("muz-hand")
        self.status = widgets.HTML()
        self.status.add_class("muz-status")
        self.scores = widgets.HTML()
        self.scores.add_class("muz-scores")
        self.message = widgets.HTML()
        self.message.add_class("muz-message")
        self.sheet = widgets.HTML()
        self.runs = widgets.Dropdown(options=[], description="Replay")
        self.runs.observe(self._replay_run, names="value")
        self.listen = ListenPanel(autoplay=True)
        def row(*children: widgets.Widget) -> widgets.HBox:  # too wide for the panel: on to a second line
            return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap"))

        self.controls = widgets.VBox([
            self.status, self.hand,
            row(self.roll_button, self.pass_button, self.undo_button, self.hint_button),
            row(self.hints, self.cell_names), self.scores, self.message, self.listen, self.runs,
            row(self.new_button, self.record_path, self.save_button, self.load_button),
        ], layout=widgets.Layout(padding="0 0 0 16px"))
        self._size_controls()
        super().__init__([widgets.HBox([self.board_view, self.controls],
                                       layout=widgets.Layout(flex_flow="row wrap")), self.sheet])
        self.add_class("muz-playboard")
        self._show(self.table.play_computers())

    # ---- reading ------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game at the table."""
        return self.table.game

    @property
    def scale(self) -> float:
        """How much larger than normal the board and its text are drawn (1.5 for a projector)."""
        return self._scale

    @scale.setter
    def scale(self, value: float) -> None:
        self.board_view.scale = float(value)  # refuses a size it cannot draw, changing nothing
        self._scale = self.board_view.scale
        self._size_controls()
        self.refresh()

    def _size_controls(self) -> None:
        """The panel beside the board starts at 360px, so that it stays beside the board (Roll in
        sight) wherever that fits, and grows with the scale where there is room; its rows wrap when
        it is narrow, and it goes under the board only on a page too narrow for both."""
        scale = self._scale
        self.controls.layout.flex = "1 1 360px"
        self.controls.layout.min_width = "360px"
        self.controls.layout.max_width = f"{round(540 * scale)}px"
        self.record_path.layout.width = f"{round(230 * scale)}px"
        self.record_path.layout.max_width = "100%"

    def _names_toggled(self, change) -> None:
        self.board_view.show_names = change["new"]
        self.refresh()

    @in_lesson_key
    def redraw_names(self) -> None:
        """Write every note again in the note names in force (`muzlab.set_note_names`): the board, the
        die in hand, the sheet, the runs list and the run heard last. The last action's sentences,
        written in the names before, give way to one line saying which names are now used."""
        self._lines = [Message(f"Notes are now named {NOTE_NAME_WORDS[current_note_names()]}.")]
        self.refresh()
        self.listen.redraw()

    # ---- actions ------------------------------------------------------------------------------------
    def _button(self, label: str, css: str, action: Callable[[], tuple[Message, ...]], style: str = "",
                key: str = "") -> widgets.Button:
        button = widgets.Button(description=label, button_style=style,
                                tooltip=f"{label} (key {key} on the board)" if key else label,
                                layout=widgets.Layout(width="auto", min_width="80px"))
        button.add_class(css)
        button.on_click(lambda _button: self._act(action))
        return button

    @in_lesson_key
    def _clicked(self, cell: Cell) -> None:
        self._act(lambda: self.table.place(cell))

    @in_lesson_key
    def _key(self, key: str) -> None:
        button = {"r": self.roll_button, "p": self.pass_button, "u": self.undo_button,
                  "h": self.hint_button}[key]
        if not button.disabled and button.layout.display != "none":
            button.click()

    @in_lesson_key
    def _act(self, action: Callable[[], tuple[Message, ...]]) -> tuple[Message, ...]:
        self._lines = []
        messages = action()
        if messages and messages[0].kind == "hint":
            self._hinted = (len(self.game.events), messages[0].cells)
        self._show(messages)
        return messages

    def save(self, path: str | Path | None = None) -> tuple[Message, ...]:
        """Write the game record (JSON, with the computer players' state) to `path` (default: the file
        named in `record_path`), whole or not at all; the message line says where, or why not."""
        return self._act(lambda: self._saved(path))

    def load(self, path: str | Path | None = None) -> tuple[Message, ...]:
        """Replay a saved record from `path` (default: the file named in `record_path`), the computer
        players going on from their saved state; a refused file leaves the current game as it was and
        the message line says why."""
        return self._act(lambda: self._loaded(path))

    @in_lesson_key
    def _saved(self, path: str | Path | None = None) -> tuple[Message, ...]:
        path = Path(self.record_path.value if path is None else path)
        try:
            with file_written(path, force=True) as aside:
                aside.write_text(self.game.to_json(agents=self.table.agent_states()), encoding="utf-8")
        except (MuzlabError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            return (Message(f"Could not save to {path}: {reason}.", kind="refused"),)
        return (Message(f"Saved {len(self.game.events)} events to {path}."),)

    @in_lesson_key
    def _loaded(self, path: str | Path | None = None) -> tuple[Message, ...]:
        path = Path(self.record_path.value if path is None else path)
        try:
            data = records.parse(records.read_file(path))
            game = Game.from_dict(data)
            agents = records.read_agents(data.get("agents"), game.players)
        except MuzlabError as error:
            return (Message(f"{path} is not a game record muzlab can replay: {error}", kind="refused"),)
        return self.table.load(game, agents)

    # ---- drawing ------------------------------------------------------------------------------------
    @in_lesson_key
    def _computer_moved(self, message: Message) -> None:
        """A computer seat moved inside an action: show it at once, then pause so people can follow."""
        self._show([*self._lines, message])
        if self.agent_delay:
            time.sleep(self.agent_delay)

    def _show(self, messages: Sequence[Message]) -> None:
        """Show an action's messages with the table after it; a completed triad or scale sounds."""
        self._lines = list(messages)
        self.refresh()
        for m in messages:
            if m.event is not None and m.event.kind == "place" and m.event.completed:
                completed = [s for s in self.game.position.runs_through(m.event.cell) if s.complete]
                if completed:
                    self.listen.show(completed[0])

    @in_lesson_key
    def _replay_run(self, change) -> None:
        if change["new"] is not None:
            self.listen.show(self._structures[change["new"]])

    @in_lesson_key
    def refresh(self) -> None:
        """Redraw everything from the table: the board first, then the die in hand, scores, messages,
        sheet and runs."""
        table, game = self.table, self.table.game
        hand = None if game.over else game.hand
        show_legal = hand is not None and self.hints.value
        chosen = ()
        if self._hinted is not None and self._hinted[0] == len(game.events):
            chosen = self._hinted[1]
        self.board_view.show(Scene(
            game.position, highlight=hand if show_legal else None, last=table.last,
            lit=game.legal_placements() if show_legal else (), tips_for=hand if show_legal else None,
            chosen=chosen))
        scale = self._scale
        face = symbols(pitch_label(hand)) if hand is not None else "–"  # as the dice on the board: F♯
        self.hand.value = (f"<div style='font-size:{round(44 * scale)}px;font-weight:bold;line-height:1.2'>"
                           f"{html.escape(face)}</div><div style='font-size:{round(14 * scale)}px'>"
                           "die in hand</div>")
        self.status.value = (f"<b style='font-size:{round(17 * scale)}px'>{html.escape(table.status())}</b>"
                             f" · {game.supply} dice left in the supply")
        self.scores.value = " · ".join(
            f"<span style='font-size:{round(16 * scale)}px;"
            f"{'font-weight:bold' if seat == game.current_player else ''}'>"
            f"{html.escape(table.seats[seat].label)}: {score}</span>"
            for seat, score in enumerate(game.scores))
        person = table.person_to_act
        self.roll_button.disabled = not (person and game.phase in ("roll", "reroll"))
        self.pass_button.disabled = not (person and game.phase in ("place", "bonus"))
        self.hint_button.disabled = not (person and hand is not None and table.allow_hints)
        size = round(16 * scale)
        self.message.value = "".join(
            f"<div style='color:{'#b00000' if m.refused or m.kind == 'stopped' else '#064'};"
            f"font-size:{size}px'>{'✗ ' if m.refused else ''}{html.escape(m.text)}</div>"
            for m in self._lines[-6:])
        events = game.events
        names = (current_note_names(), current_lesson_key())
        drawn = (game, len(events), events[-1] if events else None, names, scale,
                 sum(map(table.hints_used, range(game.players))))
        if drawn != self._drawn:  # the sheet changes only with the events, hints, note names and size
            self._drawn = drawn
            self.sheet.value = SHEET_STYLE.format(size=round(14 * scale)) + sheet_html(table.sheet_rows())
        self._list_runs()

    def _list_runs(self) -> None:
        """The runs list of the board (a new list only when the dice or the note names changed); each
        run is described once, not again on every click."""
        position, convention = self.game.position, (current_note_names(), current_lesson_key())
        if self._listed is not None and self._listed[0] is position and self._listed[1] == convention:
            return
        if self._listed is None or self._listed[1] != convention:
            self._described = {}
        self._listed = (position, convention)
        self._structures = position.structures()
        described = self._described
        for structure in self._structures:
            if structure not in described:
                described[structure] = structure.describe()
        self.runs.options = [("choose a run to hear", None)] + [
            (described[s], i) for i, s in enumerate(self._structures)]


def sheet_html(rows: Sequence[dict]) -> str:
    """The score sheet as an HTML table (class "muz-sheet"), one line per turn."""
    head = "".join(f"<th>{column}</th>" for column in SHEET_COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(row[column]))}</td>" for column in SHEET_COLUMNS)
                   + "</tr>" for row in rows)
    return f'<table class="muz-sheet"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
