"""PlayBoard: a game of Muzundrum on the projector, with people and computer players at one table.

The widget draws a `muzlab.play.table.Table` and forwards clicks and keys to it; the table decides whose
turn it is, plays the computer seats, undoes and hints, and says what happened as messages.
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError
from muzlab.core.hexgrid import Cell
from muzlab.core.outputs import file_written
from muzlab.names.error_words import error_words
from muzlab.names.language import marked
from muzlab.names.output_words import number_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label, symbols
from muzlab.notebook_game import Game as NotebookGame
from muzlab.play import records
from muzlab.play.game import Game
from muzlab.play.midi import game_midi
from muzlab.play.records import AgentState
from muzlab.play.table import SHEET_COLUMNS, Message, Table
from muzlab.play.table_news import News
from muzlab.play.table_news import said as worded
from muzlab.reading import shown
from muzlab.rules.ruleset import RuleSet
from muzlab.views.tables import SHEET_HEADINGS
from muzlab.widgets.board_text import board_text_html
from muzlab.widgets.die_by_ear import DieByEar, table_turn
from muzlab.widgets.files import Download, DownloadButton, UploadButton, csv_file
from muzlab.widgets.listen import STAFF_PX, ListenPanel, running_loop
from muzlab.widgets.move_field import MoveField
from muzlab.widgets.runs_menu import RunsMenu
from muzlab.widgets.scrolling_table import SCROLLS, scrolling
from muzlab.widgets.seatboard import SeatBoard
from muzlab.widgets.svgboard import scaled

log = logging.getLogger(__name__)

#: Keys pressed on the board: R rolls, P passes, U undoes, H asks a hint.
KEYS = "rpuh"
#: The largest record a Load accepts (a long game's record is about 20 kB).
MAX_RECORD_BYTES = 1_000_000
#: The line that says which note names are now used, by convention.
NOTE_NAME_WORDS = {"english": marked("note names", "Notes are now named in English (B, B♭)."),
                   "german": marked("note names", "Notes are now named in German (H, B)."),
                   "solfege": marked("note names", "Notes are now named in solfège (Do, Re, Mi).")}
#: The score sheet's look; its type (14px at normal size) grows with the Size.
SHEET_STYLE = ("<style>.muz-sheet {{ border-collapse: collapse; font-size: {size}; }}"
               " .muz-sheet th, .muz-sheet td {{ padding: 3px 10px; text-align: left; }}"
               " .muz-sheet tr:nth-child(even) td {{ background: #f4f4f4; }}</style>")


def _too_big(name: str, size: int, reader: Reader) -> str:
    return reader.gettext("{name} is {size} bytes; a game record is at most {most} bytes, so it was not "
                          "loaded.").format(name=name, size=number_words(size, reader),
                                               most=number_words(MAX_RECORD_BYTES, reader))


def read_record(text: str) -> tuple[Game, tuple[AgentState | None, ...] | None]:
    """A game record's text replayed as the notebook's game (`muzlab.Game`), with its computer
    players' saved states: what Load and an upload read; a MuzlabError says why a record is refused."""
    data = records.parse(text)
    game = NotebookGame.from_dict(data)
    return game, records.read_agents(data.get("agents"), game.players)


def _shown(method: Callable[..., Sequence[Message | News]]) -> Callable[..., tuple[Message, ...]]:
    """A PlayBoard method that acts as a button does: its messages go to the message line and the board
    is drawn again (then the computer seats reply)."""

    @functools.wraps(method)
    def act(self: PlayBoard, *args: Any) -> tuple[Message, ...]:
        return self._act(lambda _reader: method(self, *args))

    return act


def _loading(method: Callable[..., Sequence[Message | News]]) -> Callable[..., tuple[Message, ...]]:
    """A PlayBoard Load (of a file named by its first argument) acting as a button does (`_shown`); an
    exception reading, replaying or drawing the game is a refusal naming the file, and the table is
    put back as it was, so the page keeps working."""

    @functools.wraps(method)
    def act(self: PlayBoard, name: Any, *args: Any) -> tuple[Message, ...]:
        before = self.table.moment()
        try:
            return self._act(lambda _reader: method(self, name, *args))
        except Exception:  # (whatever a file makes the replay or the drawing meet: the page goes on)
            log.exception("loading %s failed", name)
            self.table.back_to(before)
            return self._act(lambda reader: self._refused(reader.gettext(
                "{name} could not be loaded (the log says why); the game stays as it was.").format(
                name=name)))

    return act


def file_name(game: Game, suffix: str) -> str:
    """The name a game's files are saved under: its seed and how far it has gone."""
    return f"muzundrum-game-{game.seed}-{len(game.events)}-events.{suffix}"


def row(*children: widgets.Widget) -> widgets.HBox:
    """Controls side by side, going on to a second line where the panel is too narrow for them."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap"))


class PlayBoard(widgets.VBox):
    """Play a game by clicking: Roll, then a lit cell (or Pass); the keyboard works too (arrows and
    Enter on the board, R / P / U / H), and so does a typed move ("e5", "C e5": `type_move`); each
    event is said through the board's live region. Computer seats play by themselves, one move every
    `agent_delay` seconds (an asyncio timer in the kernel, so nothing waits; 0: at once).

    `agents` gives one entry per seat: None for a person, or an agent name ("random", "greedy",
    "expert"); `names` names the seats (teams, pupils). `hints` lights the legal cells with their
    points; `allow_hints=False` removes the Hint button (a teacher's choice); `scale` enlarges the
    board and its text for a projector; a completed run's staff, keyboard and sound are drawn on a
    worker thread wherever a kernel's loop runs (a notebook, the classroom app), so the next Roll never
    waits for them (`staff_later=False` draws them at once). `cells[(q, r)].click()` clicks a
    cell; `message` says what happened or why not. Save downloads the record (and Score sheet the
    CSV) through the browser, Load uploads one from the student's device; in a notebook, `save(path)`
    and `load(path)` use files.
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
        scale: float = 1.0,
        allow_hints: bool = True,
        staff_later: bool = True,
        key: str | None = None,
    ):
        self.key = key  # the lesson's key ("F#"), passed to the naming in `reader`; None: the default's
        # (the notebook's game: its log and positions speak as the notebook chose, as `muzlab.Game`)
        game = game if game is not None else NotebookGame(players, board, rules, dice, seed)
        self.table = Table(players, agents, names, seed, board, rules, dice, game, allow_hints)
        self.agent_delay = agent_delay
        self._timer: asyncio.TimerHandle | None = None  # the next computer move, when one is due
        self._scale = float(scale)
        self._hinted: tuple[int, tuple[Cell, ...]] | None = None  # (events when asked, best cells)
        self._lines: list[Message] = []  # the messages of the action under way
        self._drawn: tuple | None = None  # the state the score sheet was drawn from
        self._told_turn: tuple[int, str] | None = None  # the seat to act and its phase, as last told
        self._lists_of: tuple | None = None  # what the board's lists were written of

        self.board_view = SeatBoard(self.table.board, on_click=self._clicked, on_key=self._key,
                                    shortcuts=KEYS, scale=scale)
        self.cells = self.board_view.cells
        self._make_buttons(allow_hints)
        self._make_ticks(hints)
        self._make_texts()
        self.run_menu = RunsMenu(lambda run: self.listen.show(run, self.reader))  # (the listen panel: below)
        self.runs = self.run_menu.menu
        self.voice = DieByEar(lambda: table_turn(self.table), lambda cell, _reader: self.table.place(cell),
                              self._act, lambda: self.reader,  # "sing the die": its news worded by `_act`
                              roll=lambda _reader, face: self.table.roll(face))
        self._label(self.reader)
        # a completed run's staff and keyboard are scrolled into the window when drawn (a phone's is
        # under the board)
        self.listen = ListenPanel(autoplay=True, background=staff_later, player_apart=True,
                                  on_drawn=lambda: self.board_view.reveal(".muz-listen .muz-pictures"))

        self.controls = self._make_panel()
        self._size_controls()
        beside = widgets.HBox([self.board_view, self.controls], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([beside, self.board_text, self.sheet])
        self.add_class("muz-playboard")
        self.table.autoplay = not agent_delay
        self._show(worded(self.table.play_computers(), self.reader) if self.table.autoplay else ())
        self._pace_computers()

    def _make_panel(self) -> widgets.VBox:
        """Where each control sits in the panel beside the board."""
        #: The game's own buttons (New game, Save, Score sheet, Save MIDI, Load); the app adds Change seats.
        self.actions = row(self.new_button, self.save_button, self.sheet_button, self.midi_button,
                           self.load_button)
        # What a player needs every move comes first, then the game's own buttons, so both are in sight
        # at every Size; the run heard last stands beside the die in hand (its player under it, then
        # Save MIDI and Save braille side by side), in the room the large letter leaves, so that a
        # completion's staff and keyboard are in sight, and the Replay list under them: no row of the
        # panel grows when a completion shows its run (at 1280×720 Replay stays in the window).
        hand = widgets.VBox([self.hand, self.listen.player,
                             row(self.listen.save_midi, self.listen.save_braille)],
                            layout=widgets.Layout(flex="0 0 auto", margin="0 1em 0 0"))
        # beside the die in hand where the staff fits beside it, else (a phone) under it, full width
        self.listen.layout.flex, self.listen.layout.min_width = "1 1 0%", scaled(STAFF_PX + 10)
        self.listen.children = (*self.listen.children, self.runs)
        self.runs.layout.margin = self.listen.title.layout.margin = "0 2px"  # (a line's room at 1280×720)
        self.runs.layout.max_width = "100%"  # (the list shrinks to the panel beside the board, not past it)
        panel = widgets.VBox([
            self.status, widgets.HBox([hand, self.listen], layout=widgets.Layout(flex_flow="row wrap")),
            row(self.roll_button, self.pass_button, self.undo_button, self.hint_button),
            # the game's own buttons before the last action's lines, whose length varies (a move that
            # renames three dice takes five lines): they stay in a 720-pixel window; the move field under
            # them, where a completion's staff does not push them out
            self.scores, self.actions, self.move_field, self.message,
            row(self.hints, self.cell_names, self.read_lists), self.voice,
        ], layout=widgets.Layout(padding="0 0 0 16px"))
        panel.add_class("muz-panel")
        return panel

    def _make_ticks(self, hints: bool) -> None:
        """The tick boxes under the panel: hints, cell names, the board as lists."""
        # as wide as their words, so that they fit on one line beside the board
        self.hints = widgets.Checkbox(value=hints, indent=False,
                                      layout=widgets.Layout(width="auto", margin="2px 1.5em 2px 2px"))
        self.hints.observe(lambda _change: self.refresh(), names="value")
        self.cell_names = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
        self.cell_names.observe(self._names_toggled, names="value")
        self.read_lists = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
        self.read_lists.observe(lambda _change: self.refresh(), names="value")

    def _make_texts(self) -> None:
        """The lines the board's panel writes (the die in hand, whose turn, scores, the message), the move
        field ("e5", "C e5": Enter places the die in hand), the lists under the board and the sheet."""
        self.move_field = MoveField(on_move=self.type_move)
        for name in ("hand", "status", "scores", "message", "board_text"):
            text = widgets.HTML()
            text.add_class(f"muz-{name}")
            setattr(self, name, text)
        self.sheet = widgets.HTML(_dom_classes=(SCROLLS,))  # (the table scrolls in a narrow cell)

    def _make_buttons(self, allow_hints: bool) -> None:
        """The buttons of a turn (Roll, Pass, Undo, Hint: keys R, P, U, H) and of the game (New game, and
        Save, Score sheet and Load through the browser)."""
        self.roll_button = self._button("muz-roll", self.table.roll, "primary")
        self.pass_button = self._button("muz-pass", self.table.pass_die, "warning")
        self.undo_button = self._button("muz-undo", self.table.undo)
        self.hint_button = self._button("muz-hint", self.table.hint, "info")
        self.new_button = self._button("muz-new", self.table.new_game)
        self.save_button = DownloadButton("", self.record_file, "muz-save")
        self.sheet_button = DownloadButton("", self.sheet_file, "muz-save-sheet")
        self.midi_button = DownloadButton("", self.midi_file, "muz-save-midi")
        self.load_button = UploadButton("", self.load_upload, self.refuse_upload, MAX_RECORD_BYTES,
                                        ".json,application/json", "muz-load")
        if not allow_hints:
            self.hint_button.layout.display = "none"

    def _label(self, reader: Reader) -> None:
        """The board's own words (buttons, hover text, tick boxes) in `reader`'s language; a button
        that has a key on the board says so in its hover text."""
        keyed = reader.gettext("{action} (press {key} on the board)")
        for button, label, key in ((self.roll_button, reader.pgettext("button", "Roll"), "R"),
                                   (self.pass_button, reader.pgettext("button", "Pass"), "P"),
                                   (self.undo_button, reader.pgettext("button", "Undo"), "U"),
                                   (self.hint_button, reader.pgettext("button", "Hint"), "H")):
            button.description, button.tooltip = label, keyed.format(action=label, key=key)
        self.new_button.description = self.new_button.tooltip = reader.gettext("New game")
        self.save_button.description = reader.pgettext("button", "Save")
        self.save_button.tooltip = reader.gettext("Save the game record (JSON) on this device")
        self.sheet_button.description = reader.gettext("Score sheet")
        self.sheet_button.tooltip = reader.gettext("Save the score sheet (CSV) on this device")
        self.midi_button.description = reader.pgettext("button", "Save MIDI")
        self.midi_button.tooltip = reader.gettext("Save the game as music (a MIDI file) on this device")
        self.load_button.description = reader.pgettext("button", "Load")
        self.load_button.tooltip = reader.gettext("Load a saved game record (JSON) from this device")
        self.hints.description = reader.gettext("hints: light up legal cells")
        self.cell_names.description = reader.gettext("cell names")
        self.read_lists.description = reader.gettext("the board as lists")
        self.voice.relabel(reader)
        self.runs.description = reader.gettext("Replay")
        self.move_field.word(self.table.board, reader, reader.gettext(
            "Type the cell for the die in hand ({cell}), or the note and the cell ({move}), and press Enter"))

    # ---- reading ------------------------------------------------------------------------------------
    @property
    def reader(self) -> Reader:
        """The reader the board writes for: the default reader, typeset, in its lesson key."""
        return shown(self.key)

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
        sight) wherever that fits, and grows with the Size where there is room; its rows wrap when it
        is narrow, and it goes under the board only on a page too narrow for both."""
        self.controls.layout.flex = "1 1 360px"
        self.controls.layout.min_width = "min(360px, 100%)"  # (a phone's window is narrower)
        self.controls.layout.max_width = scaled(540, self._scale)

    def _names_toggled(self, change) -> None:
        self.board_view.show_names = change["new"]
        self.refresh()

    def redraw_names(self) -> None:
        """Write every note again in the note names in force (`muzlab.set_note_names`): the board, the
        die in hand, the sheet, the runs list and the run heard last. The last action's sentences,
        written in the names before, give way to one line saying which names are now used."""
        reader = self.reader
        self._label(reader)
        self._lines = [Message(reader.pgettext(*NOTE_NAME_WORDS[reader.convention]))]
        self.refresh()
        self.listen.redraw(reader)

    # ---- actions ------------------------------------------------------------------------------------
    def _button(self, css: str, action: Callable[[], Sequence[News]], style: str = "") -> widgets.Button:
        button = widgets.Button(button_style=style, layout=widgets.Layout(width="auto", min_width="80px"))
        button.add_class(css)
        button.on_click(lambda _button: self._act(lambda _reader: action()))
        return button

    def type_move(self, text: str | None = None) -> tuple[Message, ...]:
        """Place the die in hand where `text` (by default the move field's) says: "e5", or "C e5" with
        the note in the reader's convention; the field is emptied once the die is placed, and a move
        refused (not a move, not the die in hand, an illegal cell) changes nothing and says why."""
        if text is None:
            text = self.move_field.value
        messages = self._act(lambda reader: self.table.place_typed(text, reader))
        if messages and not messages[0].refused:
            self.move_field.value = ""
        return messages

    def _clicked(self, cell: Cell) -> None:
        if not self.voice.clicked(cell):  # singing the die, a lit cell waits for the die's note
            self._act(lambda _reader: self.table.place(cell))

    def _key(self, key: str) -> None:
        button = {"r": self.roll_button, "p": self.pass_button, "u": self.undo_button,
                  "h": self.hint_button}[key]
        if not button.disabled and button.layout.display != "none":
            button.click()

    def _act(self, action: Callable[[Reader], Sequence[Message | News]]) -> tuple[Message, ...]:
        """Do an action for the board's reader, word its news for that reader (the table's facts, worded
        here at the edge), show the messages and the table after it; the computer seats reply."""
        self._lines = []
        reader = self.reader
        messages = tuple(item.words(reader) if isinstance(item, News) else item for item in action(reader))
        if messages and messages[0].kind == "hint":
            self._hinted = (len(self.game.events), messages[0].cells)
        self._show(messages)
        self._pace_computers()
        return messages

    @_shown
    def save(self, path: str | Path) -> tuple[Message, ...]:
        """Write the game record (JSON, with the computer players' state) to a file, whole or not at all
        (in a notebook; the app's Save downloads it); the message line says where, or why not."""
        path = Path(path)
        try:
            with file_written(path, force=True) as aside:
                aside.write_text(self.game.to_json(agents=self.table.agent_states()), encoding="utf-8")
        except (MuzlabError, OSError) as error:
            reader = self.reader
            reason = error_words(error, reader) if isinstance(error, MuzlabError) else error.strerror or error
            said = self.reader.gettext("Could not save to {path}: {reason}.")
            return (Message(said.format(path=path, reason=reason), kind="refused"),)
        count = len(self.game.events)
        said = self.reader.ngettext("Saved {count} event to {path}.", "Saved {count} events to {path}.",
                                    count)
        return (Message(said.format(count=count, path=path)),)

    @_loading
    def load(self, path: str | Path) -> Sequence[Message | News]:
        """Replay a saved record, the computer players going on from their saved state; a refused file
        (unreadable, not UTF-8, too large or deep, malformed) leaves the current game as it was and the
        message line says why."""
        path = Path(path)
        try:
            game, agents = read_record(records.read_file(path))
        except MuzlabError as error:
            said = self.reader.gettext("{name} is not a game record muzlab can replay: {reason}")
            return (Message(said.format(name=path, reason=error_words(error, self.reader)), kind="refused"),)
        return self.table.load(game, agents)

    def record_file(self) -> Download:
        """The game record as the browser saves it (Save)."""
        record = self.game.to_json(agents=self.table.agent_states())
        return Download(file_name(self.game, "json"), "application/json", record.encode("utf-8"))

    def sheet_file(self) -> Download:
        """The score sheet as CSV, as the browser saves it (Score sheet)."""
        return csv_file(file_name(self.game, "csv"), self.table.sheet_rows(self.reader), list(SHEET_COLUMNS))

    def midi_file(self) -> Download | None:
        """The game as music (`muzlab.play.midi`), as the browser saves it (Save MIDI); None before the
        first die is placed, the message line saying so."""
        if not any(event.kind == "place" for event in self.game.events):
            said = self.reader.gettext("There is no music to save yet: place a die first.")
            self._show(self._refused(said))
            return None
        return Download(file_name(self.game, "mid"), "audio/midi", game_midi(self.game))

    @_loading
    def load_upload(self, name: str, content: bytes) -> Sequence[Message | News]:
        """Replay a record uploaded from the student's device; anything but a game record of at most
        MAX_RECORD_BYTES is refused with a sentence and the game stays as it was."""
        if len(content) > MAX_RECORD_BYTES:
            return self._refused(_too_big(name, len(content), self.reader))
        try:
            game, agents = read_record(content.decode("utf-8"))
        except UnicodeDecodeError:
            return self._refused(self.reader.gettext(
                "{name} is not text, so it is not a game record; nothing was loaded.").format(name=name))
        except MuzlabError as error:
            return self._refused(self.reader.gettext(
                "{name} is not a game record muzlab can replay: {reason}").format(
                name=name, reason=error_words(error, self.reader)))
        return self.table.load(game, agents)

    @_shown
    def refuse_upload(self, name: str, size: int) -> tuple[Message, ...]:
        """What Load says of a file the page would not send, being over MAX_RECORD_BYTES."""
        return self._refused(_too_big(name, size, self.reader))

    def _refused(self, text: str) -> tuple[Message, ...]:
        return (Message(text, kind="refused"),)

    # ---- drawing ------------------------------------------------------------------------------------
    def _pace_computers(self) -> None:
        """When a computer seat is to act, let it move after `agent_delay` seconds on the kernel's event
        loop (nothing waits meanwhile); without a running loop (a script) the computers reply at once."""
        if self.table.autoplay or self._timer is not None or not self.table.computer_to_act:
            return
        loop = running_loop()
        if loop is None:
            replies = worded(self.table.play_computers(), self.reader)
            self._show([*self._lines, *replies], told=replies)
            return
        self._timer = loop.call_later(self.agent_delay, self._computer_moves)

    def _computer_moves(self) -> None:
        """One computer move, shown at once; the next one is timed again."""
        self._timer = None
        news = self.table.computer_step()
        if news is None:
            return
        message = news.words(self.reader)
        self._show([*self._lines, message], heard=[message])
        if message.kind != "stopped":
            self._pace_computers()

    def _show(self, messages: Sequence[Message], heard: Sequence[Message] | None = None,
              told: Sequence[Message] | None = None) -> None:
        """Show an action's messages with the table after it; the run that the placements among `heard`
        (default: all the messages) completed sounds, as the table chooses it; the messages `told`
        (default: those heard), new since the last shown, are said through the live region."""
        self._lines, reader = list(messages), self.reader
        heard = messages if heard is None else heard
        self.refresh()
        self._tell(heard if told is None else told, reader)
        runs = self.table.runs_to_hear(heard, reader)
        if runs:
            self.listen.show(runs[0], reader)

    def _tell(self, messages: Sequence[Message], reader: Reader) -> None:
        """Say an action's messages through the board's live region (`news`): each event once, in order."""
        said, self._told_turn = news(self.table, messages, self._told_turn, reader)
        self.board_view.tell(said)

    def refresh(self) -> None:
        """Redraw everything from the table: the board first, then the die in hand, scores, messages,
        sheet and runs."""
        table, game, reader = self.table, self.table.game, self.reader
        hand = None if game.over else game.hand
        show_legal = hand is not None and self.hints.value
        chosen = ()
        if self._hinted is not None and self._hinted[0] == len(game.events):
            chosen = self._hinted[1]
        chosen = self.voice.chosen or chosen
        self.board_view.show_seat(game.position, hand, game.legal_placements() if show_legal else (),
                                  table.last, show_legal, chosen, reader)
        scale = self._scale
        face = symbols(pitch_label(hand, reader), reader) if hand is not None else "–"  # as on the board: F♯
        in_hand = reader.gettext("die in hand")
        self.hand.value = (f"<div style='font-size:{scaled(44, scale)};font-weight:bold;line-height:1.2'>"
                           f"{html.escape(face)}</div><div style='font-size:{scaled(14, scale)}'>"
                           f"{html.escape(in_hand)}</div>")
        left = reader.ngettext("{count} die left in the supply", "{count} dice left in the supply",
                               game.supply).format(count=number_words(game.supply, reader))
        # TRANSLATORS: one seat's score in the line of scores ("Ada: 12"; French puts a no-break space
        # before the colon).
        scored = reader.gettext("{player}: {points}")
        self.status.value = (f"<div style='font-size:{scaled(15, scale)}'><b style='font-size:"
                             f"{scaled(17, scale)}'>{html.escape(table.status(reader))}</b>"
                             f" · {html.escape(left)}</div>")
        # The seat to act is marked by an arrow and bold type, not by weight alone.
        self.scores.value = "<span style='padding:0 0.4em'>·</span>".join(
            f"<span style='font-size:{scaled(16, scale)};"
            f"{'font-weight:bold' if seat == game.current_player else ''}'>"
            f"{'▶ ' if seat == game.current_player and not game.over else ''}"
            f"{html.escape(scored.format(player=table.seats[seat].called(reader), points=score))}</span>"
            for seat, score in enumerate(game.scores))
        self.roll_button.disabled = not table.can_roll
        self.pass_button.disabled = not table.can_pass
        self.hint_button.disabled = not table.can_hint
        size = scaled(16, scale)
        self.message.value = "".join(
            f"<div style='color:{'#b00000' if m.refused or m.kind == 'stopped' else '#064'};"
            f"font-size:{size}'>{'✗ ' if m.refused else ''}{html.escape(m.text)}</div>"
            for m in self._lines[-6:])
        events = game.events
        drawn = (game, len(events), events[-1] if events else None, reader, scale,
                 sum(map(table.hints_used, range(game.players))))
        if drawn != self._drawn:  # the sheet changes only with the events, hints, note names and size
            self._drawn = drawn
            sheet = sheet_html(table.sheet_rows(reader), reader)
            self.sheet.value = SHEET_STYLE.format(size=scaled(14, scale)) + scrolling(
                sheet, reader.gettext("Score sheet"))
        self.run_menu.list(game.position, reader)
        self._write_lists(hand if show_legal and table.person_to_act else None, reader)

    def _write_lists(self, hand: int | None, reader: Reader) -> None:
        """The board as lists under the board (beside it, they would push the game's buttons out of sight):
        the legal cells for `hand` (when shown), and the board's lines when "the board as lists" is ticked."""
        asked = (self.game.position, hand, reader, self.read_lists.value)
        if asked != self._lists_of:
            self._lists_of = asked
            self.board_text.value = board_text_html(*asked)



def news(table: Table, messages: Sequence[Message], before: tuple[int, str] | None, reader: Reader
         ) -> tuple[str, tuple[int, str] | None]:
    """What a board says after an action: its messages, and whose turn it is when a person comes to act
    (another seat than `before`'s, the seat and phase last told, or a passed die to re-roll or place);
    with the seat and phase told now. A computer seat's move says itself."""
    game, said = table.game, [message.said for message in messages]
    turn = None if game.over else (game.current_player, game.phase)
    others = any(message.seat not in (None, game.current_player) for message in messages)
    if table.person_to_act and (others or not game.events or (turn != before and (
            before is None or turn[0] != before[0] or game.phase in ("reroll", "bonus")))):
        said.append(f"{table.status(reader)}.")
    return " ".join(said), turn


def sheet_html(rows: Sequence[dict], reader: Reader | None = None) -> str:
    """The score sheet as an HTML table (class "muz-sheet"), one line per turn, its headings in
    `reader`'s language (by default the default reader's)."""
    reader = reader or shown()
    head = "".join(f"<th>{html.escape(reader.pgettext(*SHEET_HEADINGS[column]))}</th>"
                   for column in SHEET_COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(row[column]))}</td>" for column in SHEET_COLUMNS)
                   + "</tr>" for row in rows)
    return f'<table class="muz-sheet"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
