"""Play by ear: the die in hand is placed by singing (or playing) its note, or a note sung chooses the die.

The voice of a board (PlayBoard's, and the class server's student page), in a room of its own: "sing
the die" (a click chooses a lit cell, and the die goes there once its note is heard; after `tries`
other notes it goes there anyway, its note sounding as the hint) and, where the board may set the die,
"sing to choose the die" (a practice board: the note heard is the die rolled). The notes come from a
NoteInput (microphone, MIDI keyboard, computer keyboard or its note buttons), made when a mode is first
chosen (a page that never sings carries none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from muzlab.core.board import Board
from muzlab.core.hexgrid import Cell
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.play.table import Message, Table
from muzlab.play.table_news import News
from muzlab.widgets.menus import relabel
from muzlab.widgets.note_input import NoteInput
from muzlab.widgets.websound import WebSound

#: How the board takes notes heard: not at all, to place the die in hand, or to choose the die rolled.
MODES = ("off", "sing", "choose")
#: Where the hint sounds: the die's note in the octave from middle C, which every voice can match.
HINT_OCTAVE = 60

Action = Callable[[Reader], Sequence[Message | News]]
Act = Callable[[Action], object]


@dataclass(frozen=True)
class Turn:
    """What the board's player has now: the die in hand (None: none), whether it is theirs to act, the
    cells the die may go to, the board, and a number that changes with every move (the game's events)."""

    hand: int | None
    mine: bool
    legal: Sequence[Cell]
    board: Board
    moment: int


def table_turn(table: Table) -> Turn:
    """The turn at a Table (a PlayBoard's): its die in hand, for a person whose turn it is."""
    game = table.game
    return Turn(game.hand, table.person_to_act, game.legal_placements(), table.board, len(game.events))


def mode_options(reader: Reader, modes: Sequence[str] = MODES) -> list[tuple[str, str]]:
    """The menu of `modes` in `reader`'s language."""
    words = {"off": reader.pgettext("by ear", "off"), "sing": reader.gettext("sing the die"),
             "choose": reader.gettext("sing to choose the die")}
    return [(words[mode], mode) for mode in modes]


class DieByEar(widgets.VBox):
    """The mode menu and the note input of a board: `turn()` tells the player's turn, `place(cell,
    reader)` places the die in hand, `roll(reader, face)` (None: no "sing to choose the die") rolls
    the die heard (either gives messages, or a table's news that `act` words), and `act(action)` does
    an action and shows its messages as the board does; `reader` gives the board's reader; `tries`
    notes other than the die's are heard before it is placed anyway.
    `words` changes sentences of the note input (the class server's says how to make it listen)."""

    def __init__(self, turn: Callable[[], Turn], place: Callable[[Cell, Reader], Sequence[Message | News]],
                 act: Act, reader: Callable[[], Reader],
                 roll: Callable[[Reader, int], Sequence[Message | News]] | None = None, tries: int = 3,
                 words: Callable[[Reader], dict[str, str]] | None = None):
        self.turn, self.place, self.roll, self.act, self.reader = turn, place, roll, act, reader
        self.tries, self.words = tries, words
        self.cell: Cell | None = None  # the cell chosen for the die in hand
        self.missed = 0  # notes heard other than the die's, for the die in hand
        self._at = -1  # the turn's moment when the cell was chosen
        self.modes = MODES if roll is not None else MODES[:2]
        self.mode = widgets.Dropdown(options=mode_options(reader(), self.modes), value="off",
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.mode.add_class("muz-by-ear")
        self.note_input: NoteInput | None = None  # made when a mode is first chosen
        self.hint: WebSound | None = None
        self.mode.observe(lambda _change: self._shown(), names="value")
        super().__init__([self.mode])
        self.relabel(reader())

    def relabel(self, reader: Reader) -> None:
        """The menu and the note input in `reader`'s language and note names."""
        self.mode.description = reader.gettext("By ear")
        relabel(self.mode, mode_options(reader, self.modes))
        if self.note_input is not None:
            self.note_input.redraw(reader)
            if self.words is not None:
                self.note_input.words = {**self.note_input.words, **self.words(reader)}

    def _shown(self) -> None:
        if self.note_input is None and self.mode.value != "off":
            self.note_input = NoteInput(self.reader(), on_note=self.hear)
            self.hint = WebSound(autoplay=True, layout=widgets.Layout(display="none"))
            self.children = (self.mode, self.note_input, self.hint)
            self.relabel(self.reader())
        if self.note_input is not None:
            self.note_input.layout.display = "none" if self.mode.value == "off" else ""
        self._forget()

    def _forget(self) -> None:
        self.cell, self.missed, self._at = None, 0, -1

    @property
    def chosen(self) -> tuple[Cell, ...]:
        """The cell chosen for the die in hand (drawn outlined), while that die is still in hand."""
        return () if self.cell is None else self.chosen_at(self.turn().moment)

    def chosen_at(self, moment: int) -> tuple[Cell, ...]:
        """The chosen cell, if it was chosen at the turn's `moment` (a board drawing that moment)."""
        return (self.cell,) if self.cell is not None and self._at == moment else ()

    def clicked(self, cell: Cell) -> bool:
        """Singing the die, a click on a cell where the die in hand may go chooses that cell and asks
        for its note (True); any other click is the board's (False: a refusal says why)."""
        turn = self.turn()
        if self.mode.value != "sing" or turn.hand is None or not turn.mine:
            return False
        cell = turn.board.as_cell(cell)
        if cell not in turn.legal:
            return False
        if self._at != turn.moment:
            self.missed = 0
        self.cell, self._at = cell, turn.moment
        self.act(lambda reader: (Message(reader.gettext("Now sing or play {note} for {cell}.").format(
            note=pitch_label(turn.hand, reader, prose=True), cell=turn.board.cell_name(cell))),))
        return True

    def hear(self, pitch: int, source: str = "click") -> None:
        """A note heard: singing the die, it places the die in hand on the chosen cell when it is the
        die's note (or after `tries` other notes, the die's note sounding); choosing, it is the die
        rolled. Off, it does nothing."""
        if self.mode.value == "choose":
            self.act(self._choose(pitch))
        elif self.mode.value == "sing":
            self.act(self._sing(pitch))

    def _choose(self, pitch: int) -> Action:
        def choose(reader: Reader) -> Sequence[Message | News]:
            turn = self.turn()
            if turn.hand is not None and turn.mine:
                return (Message(reader.gettext(
                    "Place the die in hand first; then the next note heard chooses the next die.")),)
            return self.roll(reader, pitch)

        return choose

    def _sing(self, pitch: int) -> Action:
        def sing(reader: Reader) -> Sequence[Message | News]:
            turn, cell = self.turn(), self.chosen
            if turn.hand is None or not turn.mine:
                return (Message(reader.gettext("Roll first; then sing or play the die's note.")),)
            die = pitch_label(turn.hand, reader, prose=True)
            if not cell:
                return (Message(reader.gettext("Click a lit cell for {note}, then sing or play it.").format(
                    note=die)),)
            if pitch != turn.hand:
                self.missed += 1
                left = self.tries - self.missed
                heard = pitch_label(pitch, reader, prose=True)
                if left > 0:
                    return (Message(reader.ngettext(
                        "Heard {heard}; the die is {note}. Sing or play {note} ({count} try left).",
                        "Heard {heard}; the die is {note}. Sing or play {note} ({count} tries left).",
                        left).format(heard=heard, note=die, count=left)),)
                self.hint.play([(0, 2, HINT_OCTAVE + turn.hand)])
                hint = Message(reader.ngettext(
                    "Heard {heard}; the die is {note}: listen to it. Placed after {count} try.",
                    "Heard {heard}; the die is {note}: listen to it. Placed after {count} tries.",
                    self.tries).format(heard=heard, note=die, count=self.tries))
                return (hint, *self._place(cell[0], reader))
            return self._place(cell[0], reader)

        return sing

    def _place(self, cell: Cell, reader: Reader) -> Sequence[Message | News]:
        self._forget()
        return self.place(cell, reader)
