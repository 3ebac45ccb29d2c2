"""Play by ear: the die in hand is placed by singing (or playing) its note, or a note sung chooses the die.

PlayBoard's voice, in a room of its own: "sing the die" (a click chooses a lit cell, and the die goes
there once its note is heard; after `tries` other notes it goes there anyway, its note sounding as the
hint) and "sing to choose the die" (a practice board: the note heard is the die rolled). The notes come
from a NoteInput (microphone, MIDI keyboard, computer keyboard or its note buttons).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from muzlab.core.hexgrid import Cell
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.play.table import Message, Table
from muzlab.widgets.menus import relabel
from muzlab.widgets.note_input import NoteInput
from muzlab.widgets.websound import WebSound

#: How the board takes notes heard: not at all, to place the die in hand, or to choose the die rolled.
MODES = ("off", "sing", "choose")
#: Where the hint sounds: the die's note in the octave from middle C, which every voice can match.
HINT_OCTAVE = 60

Act = Callable[[Callable[[Reader], tuple[Message, ...]]], tuple[Message, ...]]


def mode_options(reader: Reader) -> list[tuple[str, str]]:
    """The menu of modes in `reader`'s language."""
    return [(reader.pgettext("by ear", "off"), "off"),
            (reader.gettext("sing the die"), "sing"),
            (reader.gettext("sing to choose the die"), "choose")]


class DieByEar(widgets.VBox):
    """The mode menu and the note input of a PlayBoard: `act` is the board's (it shows the messages
    and lets the computer seats reply), `reader` gives the board's reader; `tries` notes other than the
    die's are heard before the die is placed anyway."""

    def __init__(self, table: Table, act: Act, reader: Callable[[], Reader], tries: int = 3):
        self.table, self.act, self.reader, self.tries = table, act, reader, tries
        self.cell: Cell | None = None  # the cell chosen for the die in hand
        self.missed = 0  # notes heard other than the die's, for the die in hand
        self._at = -1  # how many events the game had when the cell was chosen
        self.mode = widgets.Dropdown(options=mode_options(reader()), value="off",
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.mode.add_class("muz-by-ear")
        self.note_input = NoteInput(reader(), on_note=self.hear)
        self.hint = WebSound(autoplay=True, layout=widgets.Layout(display="none"))
        self.mode.observe(lambda _change: self._shown(), names="value")
        super().__init__([self.mode, self.note_input, self.hint])
        self.relabel(reader())
        self._shown()

    def relabel(self, reader: Reader) -> None:
        """The menu and the note input in `reader`'s language and note names."""
        self.mode.description = reader.gettext("By ear")
        relabel(self.mode, mode_options(reader))
        self.note_input.redraw(reader)

    def _shown(self) -> None:
        self.note_input.layout.display = "none" if self.mode.value == "off" else ""
        self._forget()

    def _forget(self) -> None:
        self.cell, self.missed, self._at = None, 0, -1

    @property
    def chosen(self) -> tuple[Cell, ...]:
        """The cell chosen for the die in hand (drawn outlined), while that die is still in hand."""
        if self.cell is None or self._at != len(self.table.game.events):
            return ()
        return (self.cell,)

    def clicked(self, cell: Cell) -> bool:
        """Singing the die, a click on a cell where the die in hand may go chooses that cell and asks
        for its note (True); any other click is the board's (False: a refusal says why)."""
        game = self.table.game
        if self.mode.value != "sing" or game.hand is None or not self.table.person_to_act:
            return False
        cell = game.position.board.as_cell(cell)
        if cell not in game.legal_placements():
            return False
        if self._at != len(game.events):
            self.missed = 0
        self.cell, self._at = cell, len(game.events)
        self.act(lambda reader: (Message(reader.gettext("Now sing or play {note} for {cell}.").format(
            note=pitch_label(game.hand, reader, prose=True), cell=game.position.board.cell_name(cell))),))
        return True

    def hear(self, pitch: int, source: str = "click") -> tuple[Message, ...]:
        """A note heard: singing the die, it places the die in hand on the chosen cell when it is the
        die's note (or after `tries` other notes, the die's note sounding); choosing, it is the die
        rolled. Off, it does nothing."""
        if self.mode.value == "choose":
            return self.act(self._choose(pitch))
        if self.mode.value == "sing":
            return self.act(self._sing(pitch))
        return ()

    def _choose(self, pitch: int) -> Callable[[Reader], tuple[Message, ...]]:
        def choose(reader: Reader) -> tuple[Message, ...]:
            if self.table.game.hand is not None and self.table.person_to_act:
                return (Message(reader.gettext(
                    "Place the die in hand first; then the next note heard chooses the next die.")),)
            return self.table.roll(reader, face=pitch)

        return choose

    def _sing(self, pitch: int) -> Callable[[Reader], tuple[Message, ...]]:
        def sing(reader: Reader) -> tuple[Message, ...]:
            game, cell = self.table.game, self.chosen
            if game.hand is None or not self.table.person_to_act:
                return (Message(reader.gettext("Roll first; then sing or play the die's note.")),)
            die = pitch_label(game.hand, reader, prose=True)
            if not cell:
                return (Message(reader.gettext("Click a lit cell for {note}, then sing or play it.").format(
                    note=die)),)
            if pitch != game.hand:
                self.missed += 1
                left = self.tries - self.missed
                heard = pitch_label(pitch, reader, prose=True)
                if left > 0:
                    return (Message(reader.ngettext(
                        "Heard {heard}; the die is {note}. Sing or play {note} ({count} try left).",
                        "Heard {heard}; the die is {note}. Sing or play {note} ({count} tries left).",
                        left).format(heard=heard, note=die, count=left)),)
                self.hint.play([(0, 2, HINT_OCTAVE + game.hand)])
                hint = Message(reader.ngettext(
                    "Heard {heard}; the die is {note}: listen to it. Placed after {count} try.",
                    "Heard {heard}; the die is {note}: listen to it. Placed after {count} tries.",
                    self.tries).format(heard=heard, note=die, count=self.tries))
                return (hint, *self._place(cell[0], reader))
            return self._place(cell[0], reader)

        return sing

    def _place(self, cell: Cell, reader: Reader) -> tuple[Message, ...]:
        self._forget()
        return self.table.place(cell, reader)
