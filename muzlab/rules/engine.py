"""The mask engine: which pitch classes each empty cell may take, as 12-bit masks read off byte strings.

A position's dice are kept as a grid (one pitch class or EMPTY per cell) and as three byte strings,
one per line direction of the board's `Layout`: the runs below and above an empty cell are found with
rfind/find and looked up, gap included, in the rule set's memoised tables (`RunChecks`). A child
engine (`Engine.child`) recomputes only the cells its new die can influence. Nothing here builds a
sentence or a Structure: `muzlab.rules.position.Position` is the public face, holding one engine
(composed, not inherited), and its `explain` has the words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from muzlab.core.board import MAX_CELLS, Board
from muzlab.core.hexgrid import COLUMN
from muzlab.rules.ruleset import ALL_PITCHES, GAP, MAX_TRIAD, SCALE_STEPS, RuleSet, RunChecks

EMPTY = -1


class Engine:
    """The rules' view of dice on a board: the grid, its three line strings and the legal masks.

    A `Position` holds one (`Position._engine`) and adds the public API; the refusal facts read one
    too (`muzlab.rules.refusals.Refusals`). An engine's dice never change: `child` makes the next.
    """

    __slots__ = ("board", "rules", "_checks", "_grid", "_count", "_masks", "_layout", "_lines", "_frontier",
                 "_column", "_tally")
    board: Board
    rules: RuleSet
    _checks: RunChecks
    _grid: list[int]
    _count: int
    _masks: dict[int, int] | None
    _layout: Layout
    _lines: tuple[bytes, bytes, bytes]
    _frontier: set[int] | None
    #: how many legal cells each pitch has, packed (`TALLY_BITS` per pitch), once known: a child's is
    #: its parent's, changed where its masks changed (None: not asked yet)
    _tally: int | None

    def __init__(self, board: Board, rules: RuleSet, grid: list[int], layout: Layout, checks: RunChecks,
                 lines: tuple[bytes, bytes, bytes] | None = None, count: int | None = None):
        self.board = board
        self.rules = rules
        self._checks = checks
        self._grid = grid
        self._layout = layout
        self._lines = layout.lines(grid) if lines is None else lines
        self._count = len(grid) - grid.count(EMPTY) if count is None else count
        self._masks = None
        #: the empty cells next to a die, when the connectivity check found them on its walk (a
        #: position from its dice): the cells the first question computes masks for
        self._frontier = None
        self._tally = None

    def child(self, pitch: int, i: int, give: bool = False) -> Engine:
        """The engine after pitch on cell i, its masks updated from this one's if known; with `give`,
        this engine's grid and masks become the child's (it is released right after)."""
        give = give and self._count > 0  # (the empty board's grid and masks are never given away)
        grid = self._grid if give else self._grid.copy()
        grid[i] = pitch
        layout, die, (column, right, left) = self._layout, DIE_BYTES[pitch], self._lines
        k, kr, kl = layout.places[i]
        child = Engine.__new__(Engine)  # (`__init__` written out: a game's hot path, once per move)
        child.board = self.board
        child.rules = self.rules
        child._checks = self._checks
        child._grid = grid
        child._layout = layout
        child._lines = (column[:k] + die + column[k + 1:], right[:kr] + die + right[kr + 1:],
                        left[:kl] + die + left[kl + 1:])
        child._count = self._count + 1
        child._masks = child._frontier = child._tally = None
        if self._masks is not None and self._count > 0:
            child._masks = child._updated_masks(self._masks, i, self._tally, give)
            if give:
                self._masks = None
        elif self._count == 0:  # the opening die's empty neighbours, without a walk over the grid
            child._frontier = set(self.board.neighbour_indices[i])
        return child

    def _release(self) -> None:
        """Drop the grid, the other two line strings and the masks, keeping the column string and the
        tally: all come back when next read (`ReleasedEngine`, `_legal_masks`)."""
        if self._count:  # (the empty board's strings are its layout's, shared)
            self._column = self._lines[COLUMN]
            del self._grid, self._lines
            self.__class__ = ReleasedEngine
        self._masks = self._frontier = None

    def legal_count(self, pitch: int) -> int:
        """How many cells the pitch class `pitch` (0-11) may go to now: what a game records of each
        placement and pass, counted without listing the cells (a replay asks it of every move)."""
        tally = self._tally
        if tally is None:  # (once per game: a child's tally is kept from its parent's, `_updated_masks`)
            tally = self._tally = sum(map(TALLY_OF.__getitem__, self._legal_masks().values()))
        return tally >> TALLY_BITS * pitch & TALLY_FIELD

    def _legal_masks(self) -> dict[int, int]:
        """Legal-pitch mask of every empty cell that touches a die."""
        if self._masks is None:
            if self._count == 0:
                self._masks = self._opening_masks()
            else:
                frontier, self._frontier = self._frontier, None
                if frontier is None:
                    neighbours = self.board.neighbour_indices
                    occupied = [i for i, pitch in enumerate(self._grid) if pitch != EMPTY]
                    frontier = set().union(*[neighbours[i] for i in occupied]).difference(occupied)
                self._masks = self._fill_masks(frontier, {})
        return self._masks

    def _valid(self) -> bool:
        """Every run legal and the dice one group, checked on numbers: `problems()` is empty exactly
        when this is True, and says what is wrong when it is not."""
        checks = self._checks
        return (checks.runs_legal(self._lines[COLUMN], True) and checks.runs_legal(self._lines[1], False)
                and checks.runs_legal(self._lines[2], False) and not self._disconnected())

    def _opening_masks(self) -> dict[int, int]:
        if self.rules.opening_on_centre:
            return {self.board.index[self.board.centre]: ALL_PITCHES}
        return dict.fromkeys(range(len(self.board.cells)), ALL_PITCHES)

    def _updated_masks(self, parent: dict[int, int], placed: int, tally: int | None,
                       take: bool = False) -> dict[int, int]:
        """The parent's masks, recomputed only where the die placed on `placed` can matter; with the
        parent's `tally`, this position's tally too (changed where a mask changed). With `take`, the
        parent's dict itself is changed (the parent gives its masks up: `Position.step`).

        A cell's mask reads the runs next to it on its three lines: those change only for the empty
        cells that end a run through `placed` (the new die's empty neighbours among them), and each
        of those on one line only. Through the room rule, a cell next to exactly one die in its
        column also reads its column up to three cells away and the diagonals of the cells that would
        finish its pair: those near `placed` in its column, or whose finishing cell is a diagonal end,
        are looked at again too.

        Adding a die never lets a cell take a pitch it could not take before: a sub-run of a scale
        fragment fits too, a triad's pairs are pairs a third apart, room only shrinks, and no complete
        scale of one allowed type is part of a longer run another type fits (tests/test_rules.py
        checks that last point on the theory tables). So a cell already on the frontier keeps its mask
        ANDed with what its changed line now accepts, a cell that accepted nothing is not looked at
        again, and only new frontier cells are computed whole.
        """
        layout, (column, right, left), checks = self._layout, self._lines, self._checks
        k, kr, kl = layout.places[placed]
        on_column, on_right, on_left = layout.cell_at
        masks = parent if take else dict(parent)
        before = masks.pop(placed, 0)
        fresh, scale_masks, diagonal_ends = [], checks.scale_masks, []
        # the tally's change where a mask changed (a cell changed twice adds up to its whole change)
        shift, tally_of = 0, TALLY_OF
        for text, k_line, on_line in ((right, kr, on_right), (left, kl, on_left)):
            low, high = text.rfind(GAP, 0, k_line), text.find(GAP, k_line + 1)
            j = on_line[low]  # the cell below the new die's run, unless the board ends there
            if j >= 0:
                diagonal_ends.append(j)
                mask = masks.get(j)
                if mask is None:
                    fresh.append(j)
                elif mask:  # the end's stretch on this line: the run beyond it and the new run
                    stretch = text[text.rfind(GAP, 0, low) + 1:high]
                    fits = scale_masks.get(stretch)
                    masks[j] = now = mask & (checks.scale_mask(stretch) if fits is None else fits)
                    if tally is not None:
                        shift += tally_of[now] - tally_of[mask]
            j = on_line[high]  # the cell above it
            if j >= 0:
                diagonal_ends.append(j)
                mask = masks.get(j)
                if mask is None:
                    fresh.append(j)
                elif mask:
                    stretch = text[low + 1:text.find(GAP, high + 1)]
                    fits = scale_masks.get(stretch)
                    masks[j] = now = mask & (checks.scale_mask(stretch) if fits is None else fits)
                    if tally is not None:
                        shift += tally_of[now] - tally_of[mask]
        for end in (column.rfind(GAP, 0, k), column.find(GAP, k + 1)):
            j = on_column[end]
            if j >= 0:  # the ends of the new die's column run: their column changed
                mask = masks.get(j)
                if mask is None:
                    fresh.append(j)
                elif mask:
                    masks[j] = now = self._column_mask(end, mask)
                    if tally is not None:
                        shift += tally_of[now] - tally_of[mask]
        for room in _rooms_changed(column, k, diagonal_ends, layout.at[0]):
            j = on_column[room]
            if j >= 0:  # (a cell of the next column, past the end of this one: harmless)
                mask = masks.get(j)
                if mask:
                    masks[j] = now = self._room_mask(room, mask)
                    if tally is not None:
                        shift += tally_of[now] - tally_of[mask]
        if fresh:
            self._fill_masks(fresh, masks)
        if tally is not None:  # the placed cell's mask gone, each changed or new cell's counted anew
            tally += shift - tally_of[before]
            for j in set(fresh):  # (a cell can end runs on two lines)
                tally += tally_of[masks[j]]
            self._tally = tally
        return masks

    def _fill_masks(self, cells: Iterable[int], masks: dict[int, int]) -> dict[int, int]:
        """Put the legal-pitch mask of each empty cell of `cells` in `masks`: the pitches its column
        and both its diagonals accept, the room rule last (it costs most). This is the engine's hot
        loop, so `_column_mask` and `_diagonal_mask` are written out in it (a call per cell would
        cost a tenth of its time)."""
        column, right, left = self._lines
        places, checks = self._layout.places, self._checks
        column_masks, scale_masks = checks.column_masks, checks.scale_masks
        # a lone die below or above: the commonest neighbourhood, looked up by its pitch
        lone_below, lone_above = checks.scale_lone
        column_below, column_above = checks.column_lone
        for i in cells:
            k, kr, kl = places[i]
            below, above = column[k - 1], column[k + 1]
            room = False
            if below != GAP:
                if above == GAP and column[k - 2] == GAP:
                    mask, room = column_below[below], True
                else:
                    low, high = column.rfind(GAP, 0, k), column.find(GAP, k + 1)
                    stretch = column[low + 1:high]
                    mask = column_masks.get(stretch)
                    if mask is None:
                        mask = checks.column_mask(stretch)
            elif above != GAP:
                if column[k + 2] == GAP:
                    mask, room = column_above[above], True
                else:
                    stretch = column[k:column.find(GAP, k + 1)]
                    mask = column_masks.get(stretch)
                    if mask is None:
                        mask = checks.column_mask(stretch)
            else:
                mask = ALL_PITCHES
            if mask:
                below, above = right[kr - 1], right[kr + 1]
                if below != GAP and above == GAP and right[kr - 2] == GAP:
                    mask &= lone_below[below]
                elif below == GAP and above != GAP and right[kr + 2] == GAP:
                    mask &= lone_above[above]
                elif below != GAP or above != GAP:
                    stretch = right[right.rfind(GAP, 0, kr) + 1:right.find(GAP, kr + 1)]
                    fits = scale_masks.get(stretch)
                    mask &= checks.scale_mask(stretch) if fits is None else fits
            if mask:
                below, above = left[kl - 1], left[kl + 1]
                if below != GAP and above == GAP and left[kl - 2] == GAP:
                    mask &= lone_below[below]
                elif below == GAP and above != GAP and left[kl + 2] == GAP:
                    mask &= lone_above[above]
                elif below != GAP or above != GAP:
                    stretch = left[left.rfind(GAP, 0, kl) + 1:left.find(GAP, kl + 1)]
                    fits = scale_masks.get(stretch)
                    mask &= checks.scale_mask(stretch) if fits is None else fits
            masks[i] = self._room_mask(k, mask) if mask and room else mask
        return masks

    def _column_mask(self, k: int, mask: int) -> int:
        """The pitches of `mask` that the empty cell at column byte k accepts on its column, the room
        rule included (checked last, as it costs most)."""
        column, checks = self._lines[0], self._checks
        below, above = column[k - 1] != GAP, column[k + 1] != GAP
        if not (below or above):
            return mask
        low = column.rfind(GAP, 0, k) if below else k - 1
        high = column.find(GAP, k + 1) if above else k + 1
        stretch = column[low + 1:high]
        fits = checks.column_masks.get(stretch)
        mask &= checks.column_mask(stretch) if fits is None else fits
        return self._room_mask(k, mask) if mask and high - low == 3 else mask

    def _diagonal_mask(self, i: int) -> int:
        """Pitches the empty cell i accepts on its two diagonals (its column not considered); read as
        in `_fill_masks`."""
        _, right, left = self._lines
        _, kr, kl = self._layout.places[i]
        checks, mask = self._checks, ALL_PITCHES
        below, above = right[kr - 1], right[kr + 1]
        if below != GAP or above != GAP:
            if below != GAP and above == GAP and right[kr - 2] == GAP:
                mask = checks.scale_lone[0][below]
            elif below == GAP and right[kr + 2] == GAP:
                mask = checks.scale_lone[1][above]
            else:
                stretch = right[right.rfind(GAP, 0, kr) + 1:right.find(GAP, kr + 1)]
                fits = checks.scale_masks.get(stretch)
                mask = checks.scale_mask(stretch) if fits is None else fits
        below, above = left[kl - 1], left[kl + 1]
        if mask and (below != GAP or above != GAP):
            if below != GAP and above == GAP and left[kl - 2] == GAP:
                mask &= checks.scale_lone[0][below]
            elif below == GAP and left[kl + 2] == GAP:
                mask &= checks.scale_lone[1][above]
            else:
                stretch = left[left.rfind(GAP, 0, kl) + 1:left.find(GAP, kl + 1)]
                fits = checks.scale_masks.get(stretch)
                mask &= checks.scale_mask(stretch) if fits is None else fits
        return mask

    def _room_mask(self, k: int, mask: int) -> int:
        """The pitches of `mask` that may go on the empty cell at column byte k, next to exactly one
        die, leaving a pair that can still be finished (the room rule; `_room_problem` has the words).

        A finishing cell, above or below the pair, must be on the board, empty (it is: a gap ends the
        run), with no die beyond it in the column, and accept a finishing pitch on its diagonals.
        """
        column, cell_at, checks = self._lines[0], self._layout.cell_at[0], self._checks
        if column[k - 1] != GAP:  # the pair is the die below and the new pitch
            top, bottom, finishers = k + 1, k - 2, checks.finishers[0][column[k - 1]]
        else:  # the new pitch and the die above
            top, bottom, finishers = k + 2, k - 1, checks.finishers[1][column[k + 1]]
        top_fit = bottom_fit = None  # the finishing cells' diagonal masks, read only when needed
        kept = 0
        for pitch in PITCHES_OF[mask]:
            on_top, underneath = finishers[pitch]  # the pitches that would finish the triad
            if on_top:
                if top_fit is None:
                    cell = cell_at[top]
                    top_fit = self._diagonal_mask(cell) if cell >= 0 and column[top + 1] == GAP else 0
                if on_top & top_fit:
                    kept |= 1 << pitch
                    continue
            if underneath:
                if bottom_fit is None:
                    cell = cell_at[bottom]
                    bottom_fit = self._diagonal_mask(cell) if cell >= 0 and column[bottom - 1] == GAP else 0
                if underneath & bottom_fit:
                    kept |= 1 << pitch
        return kept

    def _cell_score(self, i: int) -> int:
        if self._count == 0 and not self.rules.opening_scores:
            return 0  # [house] the opening die scores nothing
        (column, right, left), (k, kr, kl) = self._lines, self._layout.places[i]
        dice = (column.find(GAP, k + 1) - column.rfind(GAP, 0, k) + right.find(GAP, kr + 1)
                - right.rfind(GAP, 0, kr) + left.find(GAP, kl + 1) - left.rfind(GAP, 0, kl) - 5)
        return dice * self.board.multiplier[i]  # the new die and every other die of its three runs

    def _long_runs_through(self, i: int) -> list[tuple[int, tuple[int, ...]]]:
        """(line, cells) of each run through the occupied cell i long enough to be complete: a column
        run of three, a diagonal run as long as the shortest scale type."""
        (column, right, left), layout, shortest = self._lines, self._layout, self._checks.min_scale
        k, kr, kl = layout.places[i]
        if (column.find(GAP, k) - column.rfind(GAP, 0, k) <= MAX_TRIAD
                and right.find(GAP, kr) - right.rfind(GAP, 0, kr) <= shortest
                and left.find(GAP, kl) - left.rfind(GAP, 0, kl) <= shortest):
            return []  # (most placements)
        found = []
        for line, (text, k) in enumerate(zip(self._lines, layout.places[i], strict=True)):
            low, high = text.rfind(GAP, 0, k), text.find(GAP, k)
            if high - low > (MAX_TRIAD if line == COLUMN else shortest):
                found.append((line, layout.cell_at[line][low + 1:high]))
        return found

    def _placed(self, i: int, scores: bool) -> tuple[int, list[tuple[str, int, str]]]:
        """The points and the completion facts of the die just placed on cell i, read on the position
        after it (self): the points are what the parent's `_cell_score(i)` gives (0 when `scores` is
        False: the opening die under that house rule), the facts `_completion_facts(i)`. Each run's
        extent is found once for both (a game's hot path)."""
        (column, right, left), (k, kr, kl) = self._lines, self._layout.places[i]
        up = column.find(GAP, k) - column.rfind(GAP, 0, k)  # each: the dice of the run through i, plus 1
        rising = right.find(GAP, kr) - right.rfind(GAP, 0, kr)
        falling = left.find(GAP, kl) - left.rfind(GAP, 0, kl)
        points = (up + rising + falling - 5) * self.board.multiplier[i] if scores else 0
        shortest = self._checks.min_scale
        if up <= MAX_TRIAD and rising <= shortest and falling <= shortest:
            return points, []  # (most placements)
        return points, self._completion_facts(i)

    def _completion_facts(self, i: int) -> list[tuple[str, int, str]]:
        """What the runs through the occupied cell i complete, as (kind, root or tonic, quality or
        scale type): the facts `muzlab.play.game.completion` reads from `_completed_through`'s structures,
        found without building them (a game's hot path; the names and key context are not needed).
        A scale that fits several tonics is named from its lowest die when it can be."""
        found = []
        grid, checks = self._grid, self._checks
        for line, run in self._long_runs_through(i):
            pitches = tuple(grid[j] for j in run)
            if line == COLUMN:
                found.append(("triad", pitches[0], checks.triad_quality(pitches)))
                continue
            size = len(pitches)
            fits = sorted({(tonic, kind) for tonic, kind, _ in checks.scale_fits(pitches)
                           if len(SCALE_STEPS[kind]) == size})
            if fits:
                found.append(("scale", *next((fit for fit in fits if fit[0] == pitches[0]), fits[0])))
        return found

    def _run(self, ray: tuple[int, ...]) -> tuple[int, ...]:
        """Pitches of the dice along `ray` up to the first empty cell, nearest first."""
        grid = self._grid
        out = []
        for j in ray:
            pitch = grid[j]
            if pitch == EMPTY:
                break
            out.append(pitch)
        return tuple(out)

    def _line_runs(self, line: int, i: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The runs below and above cell i on a line, each bottom to top."""
        grid = self._grid
        down, up = self.board.down[line][i], self.board.up[line][i]
        below = self._run(down)[::-1] if down and grid[down[0]] != EMPTY else ()
        above = self._run(up) if up and grid[up[0]] != EMPTY else ()
        return below, above

    def _runs_on(self, cells: tuple[int, ...]) -> list[tuple[int, ...]]:
        runs, current = [], []
        for i in cells:
            if self._grid[i] == EMPTY:
                if current:
                    runs.append(tuple(current))
                current = []
            else:
                current.append(i)
        if current:
            runs.append(tuple(current))
        return runs

    def _disconnected(self) -> list[int]:
        """The dice not joined to the group of the first die. The walk meets every empty neighbour
        of the group on the way: when every die is in it, those are kept as the frontier for the
        first question about legal cells, which would otherwise walk the neighbours again."""
        grid, neighbours = self._grid, self.board.neighbour_indices
        occupied = [i for i, p in enumerate(grid) if p != EMPTY]
        if not occupied:
            return []
        seen, todo, frontier = {occupied[0]}, [occupied[0]], set()
        while todo:
            for j in neighbours[todo.pop()]:
                if grid[j] == EMPTY:
                    frontier.add(j)
                elif j not in seen:
                    seen.add(j)
                    todo.append(j)
        if len(seen) == len(occupied):
            if self._masks is None:
                self._frontier = frontier
            return []
        return [i for i in occupied if i not in seen]


class ReleasedEngine(Engine):
    """An engine whose grid and line strings were dropped (`Engine._release`), rebuilt on first read,
    when it becomes an `Engine` again. Kept apart because a class with `__getattr__` loses CPython's
    fast attribute reads, which the engine's hot loops live on (a game took a tenth more instructions)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        """The grid and line strings, rebuilt once (called only while they are unset)."""
        if name != "_grid" and name != "_lines":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        column, places = self._column, self._layout.places
        self._grid = [EMPTY if (b := column[k]) == GAP else b for k, _, _ in places]
        self._lines = self._layout.lines(self._grid)
        self.__class__ = Engine
        return self._grid if name == "_grid" else self._lines


def _rooms_changed(column: bytes, k: int, ends: list[int], at: tuple[int, ...]) -> list[int]:
    """The column bytes of the cells next to a lone die in their column whose room changed when a
    die was placed at column byte k (their own column did not): one two from the new die with its die
    beyond it, or three from it with its die between, for the new die is now beyond its finishing
    cell; and one whose finishing cell is a diagonal end of the new die's runs (`ends`; `at` gives
    each cell's column byte)."""
    rooms = []
    if column[k + 1] == GAP:
        if column[k + 3] != GAP and column[k + 2] == GAP and column[k + 4] == GAP:
            rooms.append(k + 2)
        if column[k + 2] != GAP and column[k + 3] == GAP and column[k + 4] == GAP:
            rooms.append(k + 3)
    if column[k - 1] == GAP:
        if column[k - 3] != GAP and column[k - 2] == GAP and column[k - 4] == GAP:
            rooms.append(k - 2)
        if column[k - 2] != GAP and column[k - 3] == GAP and column[k - 4] == GAP:
            rooms.append(k - 3)
    for cell in ends:
        end = at[cell]
        if column[end - 1] == GAP:
            if column[end - 2] != GAP and column[end - 3] == GAP:  # finishes the pair below, on top
                rooms.append(end - 1)
        elif column[end - 2] == GAP and column[end - 3] == GAP:  # (the pair's die is right below it)
            rooms.append(end - 2)
        if column[end + 1] == GAP:
            if column[end + 2] != GAP and column[end + 3] == GAP:  # finishes the pair above, underneath
                rooms.append(end + 1)
        elif column[end + 2] == GAP and column[end + 3] == GAP:  # (the pair's die is right above it)
            rooms.append(end + 2)
    return rooms


class Layout:
    """A board's three line directions as byte strings, for the mask machinery (built once per board).

    Direction `line` lays the board's lines end to end, each bottom to top, with a GAP byte between
    two lines and four at either end, so that a run always ends at a GAP and a cell's column
    neighbours up to four away are in range. `at[line][i]` is the byte of cell i, `places[i]` its
    three bytes, `cell_at[line][k]` the cell at byte k (-1 for a separator), and `lines(grid)` the
    three strings of a grid (pitch classes as bytes, GAP for an empty cell).
    """

    __slots__ = ("at", "places", "cell_at", "_empty")

    def __init__(self, board: Board):
        at, cell_at, empty = [], [], []
        for line in range(3):
            cells = [-1] * 4
            for stretch in board.lines[line]:
                cells.extend(stretch)
                cells.append(-1)
            cells.extend([-1] * 3)
            places = [0] * len(board.cells)
            for k, i in enumerate(cells):
                if i >= 0:
                    places[i] = k
            at.append(tuple(places))
            cell_at.append(tuple(cells))
            empty.append(bytes([GAP] * len(cells)))
        self.at = tuple(at)
        self.places = tuple(zip(*at, strict=True))
        self.cell_at = tuple(cell_at)
        self._empty = tuple(empty)

    def lines(self, grid: list[int]) -> tuple[bytes, bytes, bytes]:
        """The three byte strings of the dice on `grid`."""
        if grid.count(EMPTY) == len(grid):
            return self._empty  # (an empty board: every game starts from one)
        column, right, left = (bytearray(empty) for empty in self._empty)
        places = self.places
        for i, pitch in enumerate(grid):
            if pitch != EMPTY:
                k, kr, kl = places[i]
                column[k] = right[kr] = left[kl] = pitch
        return bytes(column), bytes(right), bytes(left)


DIE_BYTES = tuple(bytes((pitch,)) for pitch in range(12))
#: Bits per pitch in a packed tally of legal cells (`Engine._tally`): room for a board's most cells.
TALLY_BITS = MAX_CELLS.bit_length()
TALLY_FIELD = (1 << TALLY_BITS) - 1


def _pitches_of_every_mask() -> tuple[tuple[int, ...], ...]:
    """The pitch classes of each 12-bit mask, by mask: [0b101] is (0, 2)."""
    table: tuple[tuple[int, ...], ...] = ((),)
    for pitch in range(12):
        table += tuple(pitches + (pitch,) for pitches in table)
    return table


PITCHES_OF = _pitches_of_every_mask()
#: Each mask as a packed tally: one in the field of each of its pitches.
TALLY_OF = tuple(sum(1 << TALLY_BITS * pitch for pitch in pitches) for pitches in PITCHES_OF)


def layout_of(board: Board) -> Layout:
    """The board's layout, built on first use and kept on the board (it goes when the board goes)."""
    return board.memo("layout", lambda: Layout(board))
