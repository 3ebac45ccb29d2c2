"""Why a placement is refused, in words a student reads: the first rule it breaks (RULES.md section 5),
with the dice written as the board names them, so that a refusal reads like the board it is about.

`Refusals` sits between the mask engine, which knows *that* a pitch may not go on a cell, and
`Position`, whose `explain` and `place` hand these sentences on.
"""

from __future__ import annotations

from muzlab.core.errors import CellOccupied
from muzlab.core.hexgrid import COLUMN
from muzlab.names.spelling import join, pitch_label, spell_column
from muzlab.rules.engine import EMPTY, Engine


class Refusals(Engine):
    """The words of a refusal, read off the engine's runs; `Position` is the one subclass."""

    __slots__ = ()

    def _room_problem(self, i: int, pitch: int, below: tuple, above: tuple) -> str | None:
        """Why a new column pair made by `pitch` on cell i could never be finished, or None."""
        up, down = self.board.up[COLUMN], self.board.down[COLUMN]
        if below:
            low, high = below[0], pitch
            top_side, bottom_side = up[i], down[i][1:]
        else:
            low, high = pitch, above[0]
            top_side, bottom_side = up[i][1:], down[i]
        checks = self._checks
        why_not_above = self._side_problem(top_side, checks.completes_above[low][high], "above")
        if why_not_above is None:
            return None
        why_not_below = self._side_problem(bottom_side, checks.completes_below[low][high], "below")
        if why_not_below is None:
            return None
        return (f"{join(self._column_spelling(i, below, pitch, above))} could never be finished as a triad: "
                f"{why_not_above}, and {why_not_below}.")

    def _side_problem(self, side: tuple[int, ...], completing: int, where: str) -> str | None:
        if not side:
            return f"the board ends {where} it"
        if len(side) > 1 and self._grid[side[1]] != EMPTY:
            return f"the cell {where} it has a die beyond it (that would make four)"
        if not completing & self._diagonal_mask(side[0]):
            return f"no note that finishes it fits {where} without breaking a scale"
        return None

    def _problem(self, pitch: int, i: int) -> str | None:
        """The first rule the placement breaks, in the order of RULES.md section 5."""
        cell = self.board.cells[i]
        if self._grid[i] != EMPTY:
            occupant = self.labels()[cell]  # (every name a person reads goes through the board's)
            raise CellOccupied(f"{self.board.cell_name(cell)} already holds {occupant}.", pitch=pitch,
                               cell=cell)
        name = pitch_label(pitch)
        if self._count == 0:
            if self.rules.opening_on_centre and cell != self.board.centre:
                return f"The first die goes on the centre cell {self.board.cell_name(self.board.centre)}."
            return None
        if not any(self._grid[j] != EMPTY for j in self.board.neighbour_indices[i]):
            return f"{name} must touch a die already on the board."
        below, above = self._line_runs(COLUMN, i)
        run = below + (pitch,) + above
        if self._checks.column_problem(run):
            return self._checks.column_problem(run, self._column_spelling(i, below, pitch, above))
        spelled, cells = self.spelled(), self.board.cells
        for line in (1, 2):
            line_below, line_above = self._line_runs(line, i)
            down, up = self.board.down[line][i], self.board.up[line][i]
            names = ([spelled.name(cells[j], line) for j in reversed(down[:len(line_below)])],
                     [spelled.name(cells[j], line) for j in up[:len(line_above)]])
            problem = self._checks.join_scale_problem(line_below, pitch, line_above, names)
            if problem:
                return problem
        if len(below) + len(above) == 1:
            return self._room_problem(i, pitch, below, above)
        return None

    def _column_spelling(self, i: int, below: tuple, pitch: int, above: tuple) -> list[str]:
        """The column run a die on cell i would make, its dice written as the board writes them (a
        run of two or three as its column spells it, a lone die by its label) and the new die a third
        from them where it can be: the words of a refusal match the board."""
        fixed: dict[int, str] = {}
        spelled, cells = self.spelled(), self.board.cells
        column_down, column_up = self.board.down[COLUMN][i], self.board.up[COLUMN][i]
        for ray, offset in ((column_down[len(below) - 1::-1] if below else (), 0),
                            (column_up[:len(above)], len(below) + 1)):
            fixed.update((offset + k, spelled.name(cells[j], COLUMN)) for k, j in enumerate(ray))
        return spell_column(below + (pitch,) + above, fixed=fixed, qualities=self._checks.triad_qualities)
