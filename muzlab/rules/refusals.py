"""Which rule a placement breaks, as facts: the first rule in the order of docs/rules.md section 6, with
the run it concerns (`muzlab.core.refusal.Refusal`). The sentence a student reads is written from
these facts in the naming layer (`muzlab.names.refusal_words`).

`Refusals` reads the mask engine's runs, which know *that* a pitch may not go on a cell, to say
*why*; a `Position` asks it of its engine (`Refusals(position._engine).first(pitch, i)`) in
`refusal`, `explain` and `place`, composed rather than inherited, as the engine is in the position:
the engine's hot paths never pass through it. `broken` lists every rule the dice on a board already
break (`muzlab.names.position_words.problems`).
"""

from __future__ import annotations

from muzlab.core.hexgrid import COLUMN
from muzlab.core.refusal import Refusal
from muzlab.rules.engine import EMPTY, Engine


class Refusals:
    """A refusal's facts, read off the runs of one engine (a position's)."""

    __slots__ = ("_engine",)

    def __init__(self, engine: Engine):
        self._engine = engine

    def first(self, pitch: int, i: int) -> Refusal | None:
        """The first rule placing `pitch` on cell i breaks, or None when it is legal."""
        board, grid = self._engine.board, self._engine._grid
        cell = board.cells[i]
        if grid[i] != EMPTY:
            return Refusal("occupied", pitch, cell, detail=(grid[i],))
        if self._engine._count == 0:
            if self._engine.rules.opening_on_centre and cell != board.centre:
                return Refusal("opening", pitch, cell, detail=(board.centre,))
            return None
        if not any(grid[j] != EMPTY for j in board.neighbour_indices[i]):
            return Refusal("touch", pitch, cell)
        checks = self._engine._checks
        below, above = self._engine._line_runs(COLUMN, i)
        fault = checks.column_fault(below + (pitch,) + above)
        if fault:
            return self._run_refusal(fault, pitch, i, COLUMN, below, above)
        for line in (1, 2):
            line_below, line_above = self._engine._line_runs(line, i)
            fault = checks.join_scale_fault(line_below, pitch, line_above)
            if fault:
                return self._run_refusal(fault, pitch, i, line, line_below, line_above)
        if len(below) + len(above) == 1:
            return self._room_refusal(i, pitch, below, above)
        return None

    def _run_refusal(self, fault: tuple[str, tuple], pitch: int, i: int, line: int, below: tuple,
                     above: tuple) -> Refusal:
        """The refusal of a run the die on cell i would make on `line` (dice `below` and `above` it)."""
        board = self._engine.board
        cells, down, up = board.cells, board.down[line][i], board.up[line][i]
        run = (*reversed(down[:len(below)]), i, *up[:len(above)])
        checks = self._engine._checks
        rule, detail = fault
        return Refusal(rule, pitch, cells[i], line, tuple(cells[j] for j in run), below + (pitch,) + above,
                       checks.triad_qualities if line == COLUMN else checks.scale_types, detail)

    def _room_refusal(self, i: int, pitch: int, below: tuple, above: tuple) -> Refusal | None:
        """The room rule: a new column pair made by `pitch` on cell i that could never be finished,
        with why on each side; None when it can be."""
        up, down = self._engine.board.up[COLUMN], self._engine.board.down[COLUMN]
        if below:
            low, high = below[0], pitch
            top_side, bottom_side = up[i], down[i][1:]
        else:
            low, high = pitch, above[0]
            top_side, bottom_side = up[i][1:], down[i]
        checks = self._engine._checks
        fault_above = self.side_fault(top_side, checks.completes_above[low][high])
        if fault_above is None:
            return None
        fault_below = self.side_fault(bottom_side, checks.completes_below[low][high])
        if fault_below is None:
            return None
        return self._run_refusal(("room", (("above", fault_above), ("below", fault_below))),
                                 pitch, i, COLUMN, below, above)

    def side_fault(self, side: tuple[int, ...], completing: int) -> str | None:
        """Why a column pair cannot be finished on the side whose cells (nearest first) are `side`
        by any of the pitches `completing` (a mask): "edge", "four" or "scale"; None if it can."""
        if not side:
            return "edge"
        if len(side) > 1 and self._engine._grid[side[1]] != EMPTY:
            return "four"
        if not completing & self._engine._diagonal_mask(side[0]):
            return "scale"
        return None

    def broken(self) -> list[Refusal]:
        """Every rule the dice already on the board break, as facts: each illegal run (columns, then
        the diagonals, each walked up from its bottom die), then the dice cut off from the others
        ("apart"). What `position_words.problems` words, and a strict position refuses."""
        engine, found = self._engine, []
        grid, board, checks = engine._grid, engine.board, engine._checks
        for line in range(3):
            fault_of, allowed = ((checks.column_fault, checks.triad_qualities) if line == COLUMN
                                 else (checks.scale_fault, checks.scale_types))
            down, up = board.down[line], board.up[line]
            for i, pitch in enumerate(grid):
                if pitch == EMPTY or (down[i] and grid[down[i][0]] != EMPTY):
                    continue  # only walk up from the bottom die of each run
                above = engine._run(up[i])
                fault = fault_of((pitch, *above)) if above else None
                if fault:
                    cells = tuple(board.cells[j] for j in (i, *up[i][: len(above)]))
                    found.append(Refusal(fault[0], line=line, cells=cells, pitches=(pitch, *above),
                                         allowed=allowed, detail=fault[1]))
        stray = engine._disconnected()
        if stray:
            found.append(Refusal("apart", cells=tuple(board.cells[i] for i in stray)))
        return found
