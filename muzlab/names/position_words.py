"""What a position's rules say in words for a reader: why a placement is refused (`explain`) and how
dice already on the board break the rules (`problems`). The position keeps the facts (its `refusal`,
its `broken` rules and its board's spelling); the sentences are made here, from them, for the reader
given (None: plain English).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from muzlab.core.board import Board
from muzlab.core.errors import IllegalPlacement
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import PitchLike
from muzlab.core.refusal import Refusal
from muzlab.names.board_spelling import BoardSpelling
from muzlab.names.error_words import error_words
from muzlab.names.reader import PLAIN, Key, Reader
from muzlab.names.refusal_words import refusal_text


@dataclass(frozen=True)
class Problem:
    """One way a set of dice breaks the rules: the cells involved, why in words, and as facts."""

    cells: tuple[Cell, ...]
    reason: str
    refusal: Refusal | None = field(default=None, compare=False)


class PositionFacts(Protocol):
    """What the words are made from (`muzlab.rules.position.Position` has it)."""

    board: Board

    def refusal(self, pitch: PitchLike, cell: Any, reader: Reader | None = None) -> Refusal | None: ...

    def spelled(self, key: PitchLike | Key | None = None) -> BoardSpelling: ...

    def broken(self) -> list[Refusal]: ...


def explain(position: PositionFacts, pitch: PitchLike, cell: Any, reader: Reader | None = None) -> str | None:
    """None when placing `pitch` on `cell` is legal, otherwise one sentence saying which rule it breaks,
    as `reader` (None: plain English) reads it, the dice named as the board names them in the reader's
    lesson key; a typed name is read as `reader` reads too, and a cell off the board is said so."""
    reader = PLAIN if reader is None else reader
    try:
        refusal = position.refusal(pitch, cell, reader)
    except IllegalPlacement as off_board:
        return error_words(off_board, reader)
    if refusal is None:
        return None
    return refusal_text(refusal, position.board, position.spelled(reader.key or ""), reader)


def problems(position: PositionFacts, reader: Reader | None = None) -> list[Problem]:
    """Every way the position's dice break the rules (its `broken` rules: illegal runs, dice cut off
    from the others), each in words for `reader` (None: plain English), its runs spelled alone (there
    is no board spelling of dice that break the rules)."""
    reader = PLAIN if reader is None else reader
    return [Problem(refusal.cells, refusal_text(refusal, position.board, None, reader), refusal)
            for refusal in position.broken()]
