"""A move as a student types it instead of clicking: "e5", or a note and a cell ("C e5"; German "Fis e5",
solfège "Sol e5"), the note read in the reader's convention, so that a game is played without the picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError, shown
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import parse_pitch, pitch_name, typed_letter
from muzlab.names.letters import note_name
from muzlab.names.reader import Reader
from muzlab.names.spelling import show_name

#: The longest text read as a move (a note name, a space and a cell name, with room to spare).
MAX_MOVE_LENGTH = 40


class TypedMoveError(MuzlabError, ValueError):
    """Typed text that is neither a cell name nor a note name and a cell name."""


@dataclass(frozen=True)
class TypedMove:
    """A typed move: the cell, and the note named with it (its pitch class and English spelled name, as
    typed: "Gb" stays G♭), or None when only the cell was typed."""

    cell: Cell
    pitch: int | None = None
    name: str | None = None


def move_example(board: Board, reader: Reader) -> tuple[str, str]:
    """What a move looks like on `board` for `reader`: ("e5", "C e5"), solfège ("e5", "Do e5")."""
    cell = board.cell_name(board.centre)
    return cell, f"{show_name('C', reader)} {cell}"


def read_move(text: str, board: Board, reader: Reader) -> TypedMove:
    """The move `text` types on `board`: one cell name, with or without one note name before or after
    it, the note read in `reader`'s convention; TypedMoveError, UnknownNoteName, InvalidCell or
    CellOffBoard says what was wrong."""
    cell_example, move = move_example(board, reader)
    if not isinstance(text, str) or not text.strip():
        raise TypedMoveError("Nothing was typed: type a cell such as {cell}, or a note and a cell such as "
                             "{move}.", cell=cell_example, move=move)
    words = text.split()
    cells = [word for word in words if word[-1].isdigit()]
    notes = [word for word in words if not word[-1].isdigit()]
    if len(text) > MAX_MOVE_LENGTH or len(cells) != 1 or len(notes) > 1:
        raise TypedMoveError("{text} is not a move: type a cell such as {cell}, or a note and a cell such "
                             "as {move}.", text=shown(text.strip(), 30), cell=cell_example, move=move)
    cell = board.parse_cell(cells[0])
    if not notes:
        return TypedMove(cell)
    pitch = parse_pitch(notes[0], reader.convention)
    spelled = note_name(typed_letter(notes[0], reader.convention), pitch) or pitch_name(pitch)
    return TypedMove(cell, pitch, spelled)
