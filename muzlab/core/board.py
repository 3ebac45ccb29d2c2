"""Boards are data: which cells exist, where the honeypots are, and the centre for the opening die.

A Board also precomputes everything that depends only on its shape (neighbours, the three lines
through every cell), once, so the rules never walk the geometry twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from muzlab.core import hexgrid, safe_json
from muzlab.core.errors import BoardFileError, CellOffBoard, InvalidCell, Phrase, shown
from muzlab.core.hexgrid import Cell

T = TypeVar("T")

#: The most cells a board may have: far more than any game needs, few enough to build in a blink.
MAX_CELLS = 5000
#: The largest hexagon radius a board file may ask for (4,921 cells).
MAX_RADIUS = 40
#: The largest board file read, in bytes.
MAX_FILE_BYTES = 1_000_000
#: The honeypot factors a board may have.
HONEYPOT_FACTORS = (2, 3)
#: The largest |q| or |r| of a cell: far beyond any board of MAX_CELLS cells around its centre.
MAX_COORDINATE = 1_000_000


def boards_dir() -> Path:
    """Where the shipped board files are: data/boards in a checkout, muzlab/_data/boards in a wheel."""
    packaged = Path(__file__).parents[1] / "_data" / "boards"
    return packaged if packaged.is_dir() else Path(__file__).parents[2] / "data" / "boards"


def as_cell(value: Any) -> Cell:
    """A cell as a tuple (q, r) of ints, from any pair of integers; InvalidCell otherwise."""
    bound = MAX_COORDINATE
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int \
            and -bound <= value[0] <= bound and -bound <= value[1] <= bound:
        return value  # (the common case)
    try:
        q, r = value
        if isinstance(q, bool) or isinstance(r, bool) or int(q) != q or int(r) != r:
            raise ValueError
        q, r = int(q), int(r)
    except (TypeError, ValueError, OverflowError):
        raise InvalidCell("{value} is not a cell; a cell is a pair of integers (q, r)",
                          value=shown(value)) from None
    if not (-MAX_COORDINATE <= q <= MAX_COORDINATE and -MAX_COORDINATE <= r <= MAX_COORDINATE):
        raise InvalidCell("{value} is not a cell muzlab handles; q and r lie between -{max_coordinate:,} "
                          "and {max_coordinate:,}", value=shown(value), max_coordinate=MAX_COORDINATE)
    return (q, r)


#: A cell name: column letters and a row number, bounded (a board has at most MAX_CELLS cells).
_CELL_NAME = re.compile(r"(?P<column>[a-z]{1,3})(?P<number>[0-9]{1,5})")


def column_letters(column: int) -> str:
    """The letters of the column-th column from the left (0 -> "a", 25 -> "z", 26 -> "aa")."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class FrozenDict(dict):
    """A dict that refuses changes: read as fast as a dict (the rules read a board's tables in their hot
    loops), changed by no method."""

    def _frozen(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a board's tables are read-only; build a new Board")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _frozen

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


class Board:
    """A honeycomb of flat-topped hexes: `cells`, `honeypots` (cell -> 2 or 3) and `centre`.

    People name a cell by its column letter, counted from the leftmost column, and its number in that
    column, counted from 1 at the column's bottom cell upward: the standard board's centre is e5.
    On a board with gaps in a column the number still counts rows from the bottom cell, so a name
    never changes meaning when a neighbouring cell is missing.

    A board is frozen: its attributes cannot be set again and `honeypots` and `index` are read-only
    mappings, so a shipped board is the same for everyone who uses it. Building one takes time and
    memory linear in its cells.
    """

    def __init__(self, cells, honeypots=None, centre: Cell = (0, 0), name: str = "custom"):
        cell_list = sorted(_distinct_cells(cells, f"board {shown(name)}"))
        if not isinstance(name, str) or len(name) > 100:
            raise BoardFileError("board name {name} is not a name; give text of at most 100 characters",
                                 name=shown(name))
        self.name = name
        self.cells: tuple[Cell, ...] = tuple(cell_list)
        index = {c: i for i, c in enumerate(self.cells)}  # (frozen below, once the tables are built)
        self.index: FrozenDict[Cell, int] = FrozenDict(index)
        self.centre: Cell = as_cell(centre)
        if self.centre not in index:
            raise BoardFileError("board {name}: its centre {centre} is not one of its cells",
                                 name=repr(name), centre=self.centre)
        pots: dict[Cell, int] = {}
        if not hasattr(honeypots or {}, "items"):
            raise BoardFileError("board {name}: honeypots map a cell to its factor, 2 or 3", name=repr(name))
        for cell, factor in (honeypots or {}).items():
            cell = as_cell(cell)
            if cell not in index:
                raise BoardFileError("board {name}: honeypot {cell} is not one of its cells",
                                     name=repr(name), cell=cell)
            if type(factor) is not int or factor not in HONEYPOT_FACTORS:
                raise BoardFileError("board {name}: honeypot {cell} has factor {factor}; use 2 or 3",
                                     name=repr(name), cell=cell, factor=shown(factor))
            pots[cell] = factor
        self.honeypots: FrozenDict[Cell, int] = FrozenDict(pots)
        self._memo: dict[str, Any] = {}
        self._build_tables(index)
        self._hash = hash(self._key())
        self._frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"a Board is frozen; {name!r} cannot be set (build a new Board)")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Board is frozen; {name!r} cannot be deleted")

    def memo(self, key: str, build: Callable[[], T]) -> T:
        """A value worked out from this board alone, built on first use and kept with the board (the
        rules engine keeps its layout here), so it lives exactly as long as the board."""
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = build()
        return value

    def _build_tables(self, index: dict[Cell, int]) -> None:
        cells = self.cells
        self.multiplier: tuple[int, ...] = tuple(self.honeypots.get(c, 1) for c in cells)
        self.neighbour_indices: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[n] for n in hexgrid.neighbours(c) if n in index) for c in cells
        )
        # lines[line]: each maximal stretch of cells along the line, bottom to top (lines may have gaps
        # on odd shapes); up[line][i] / down[line][i]: the cells above / below i on it, nearest first,
        # sliced from the stretch when asked, so the tables stay linear in the cells.
        self.lines: list[tuple[tuple[int, ...], ...]] = []
        self.up: list[_Rays] = []
        self.down: list[_Rays] = []
        for up_step in hexgrid.LINE_UP_STEPS:
            dq, dr = up_step
            stretches = []
            for c in cells:
                if (c[0] - dq, c[1] - dr) in index:
                    continue  # not the bottom cell of its stretch
                stretch, (q, r) = [], c
                while (q, r) in index:
                    stretch.append(index[q, r])
                    q, r = q + dq, r + dr
                stretches.append(tuple(stretch))
            self.lines.append(tuple(stretches))
            self.up.append(_Rays(stretches, len(cells), True))
            self.down.append(_Rays(stretches, len(cells), False))
        # Cell names: column letters from the left, numbers from each column's bottom cell upward.
        bottoms: dict[int, int] = {}
        for q, r in cells:
            if r > bottoms.get(q, r - 1):
                bottoms[q] = r
        columns = sorted(bottoms)
        self._column_of_letters = {column_letters(k): q for k, q in enumerate(columns)}
        self._letters_of_column = {q: letters for letters, q in self._column_of_letters.items()}
        self._bottom_row = bottoms
        self.cell_names: tuple[str, ...] = tuple(
            f"{self._letters_of_column[q]}{bottoms[q] - r + 1}" for q, r in cells
        )

    def cell_index(self, cell: Any) -> int:
        """Index of a cell, given as (q, r) or by name ("e5"); CellOffBoard names it when it is not
        on this board."""
        if isinstance(cell, str):
            return self.index[self.parse_cell(cell)]
        cell = as_cell(cell)
        try:
            return self.index[cell]
        except KeyError:
            raise CellOffBoard("{where} is not on the {board} board.", cell=cell, where=cell,
                               board=self.name) from None

    def as_cell(self, cell: Any) -> Cell:
        """A cell of this board as (q, r), from (q, r) or its name; CellOffBoard or InvalidCell if not."""
        return self.cells[self.cell_index(cell)]

    def cell_name(self, cell: Any) -> str:
        """The name people say for a cell: (0, 0) -> "e5" on the standard board."""
        return self.cell_names[self.cell_index(cell)]

    def parse_cell(self, name: str) -> Cell:
        """The cell (q, r) a name such as "e5" stands for; InvalidCell or CellOffBoard says why not."""
        match = _CELL_NAME.fullmatch(name.strip().lower()) if isinstance(name, str) else None
        if not match:
            raise InvalidCell("{name} is not a cell name; a cell name is a column letter and a number, "
                              "such as e5", name=shown(name))
        letters, number = match["column"], int(match["number"])
        if letters not in self._column_of_letters:
            last = self._letters_of_column[max(self._bottom_row)]
            raise CellOffBoard("{name} is not on the {board} board: its columns run from a to {last}.",
                               name=name, board=self.name, last=last)
        q = self._column_of_letters[letters]
        cell = (q, self._bottom_row[q] - number + 1)
        if cell not in self.index:
            numbers = sorted(self._bottom_row[q] - r + 1 for cq, r in self.cells if cq == q)
            raise CellOffBoard("{name} is not on the {board} board: column {letters} holds {lowest} to "
                               "{highest}.", cell=None, name=name, board=self.name, letters=letters,
                               lowest=letters + str(numbers[0]), highest=letters + str(numbers[-1]))
        return cell

    def __contains__(self, cell: object) -> bool:
        return cell in self.index

    def __len__(self) -> int:
        return len(self.cells)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Board) and self._hash == other._hash
                                 and self._key() == other._key())

    def __hash__(self) -> int:
        return self._hash

    def _key(self):
        return (self.name, self.cells, tuple(sorted(self.honeypots.items())), self.centre)

    def __reduce__(self):
        return (Board, (self.cells, dict(self.honeypots), self.centre, self.name))

    def __repr__(self) -> str:
        return f"<Board {self.name}: {len(self.cells)} cells, {len(self.honeypots)} honeypots>"

    def to_dict(self) -> dict:
        """The board as the JSON structure `Board.load` reads."""
        by_factor: dict[str, list[list[int]]] = {}
        for cell, factor in sorted(self.honeypots.items()):
            by_factor.setdefault(str(factor), []).append(list(cell))
        return {
            "name": self.name,
            "cells": [list(c) for c in self.cells],
            "centre": list(self.centre),
            "honeypots": by_factor,
        }

    @classmethod
    def from_dict(cls, data: Any, source: str = Phrase("board data")) -> Board:
        """Build a board from its JSON structure; BoardFileError names what is wrong."""
        if not isinstance(data, dict):
            raise BoardFileError("{source}: expected a JSON object, got {data}", source=source,
                                 data=type(data).__name__)
        unknown = set(data) - {"name", "description", "cells", "hexagon", "centre", "honeypots"}
        if unknown:
            raise BoardFileError("{source}: unknown field(s) {unknown}", source=source,
                                 unknown=sorted(unknown))
        if ("cells" in data) == ("hexagon" in data):
            raise BoardFileError("{source}: give exactly one of 'cells' (a list) or 'hexagon' (a radius)",
                                 source=source)
        try:
            if "hexagon" in data:
                radius = data["hexagon"]
                if not isinstance(radius, int) or isinstance(radius, bool) or radius < 0:
                    raise BoardFileError("{source}: 'hexagon' must be a radius >= 0, got {radius}",
                                         source=source, radius=shown(radius))
                if radius > MAX_RADIUS:
                    raise BoardFileError("{source}: 'hexagon' radius {radius} is too large; at most "
                                         "{max_radius} ({cells:,} cells)", source=source, radius=radius,
                                         max_radius=MAX_RADIUS, cells=3 * MAX_RADIUS * (MAX_RADIUS + 1) + 1)
                cells = hexgrid.hexagon(radius)
            else:
                cells = _distinct_cells(_list(data["cells"], "cells", source), source)
            honeypots: dict[Cell, int] = {}
            raw_pots = data.get("honeypots", {})
            if not isinstance(raw_pots, dict):
                raise BoardFileError("{source}: 'honeypots' must map a factor to a list of cells",
                                     source=source)
            for factor, pot_cells in raw_pots.items():
                if factor not in ("2", "3"):
                    raise BoardFileError("{source}: honeypot factor {factor} is not 2 or 3 (written as the "
                                         'digit "2" or "3")', source=source, factor=shown(factor))
                for cell in _list(pot_cells, f"honeypots {factor}", source):
                    cell = as_cell(cell)
                    if cell in honeypots:
                        raise BoardFileError("{source}: honeypot {cell} is listed twice", source=source,
                                             cell=cell)
                    honeypots[cell] = int(factor)
            return cls(cells, honeypots, as_cell(data.get("centre", (0, 0))), data.get("name", "custom"))
        except InvalidCell as error:
            raise BoardFileError("{source}: {error}", source=source, error=error) from None
        except BoardFileError as error:
            if str(error).startswith(source):
                raise
            raise BoardFileError("{source}: {error}", source=source, error=error) from None

    @classmethod
    def load(cls, path: str | Path) -> Board:
        """Read a board file (JSON, see data/boards/); BoardFileError names the file and the fault.
        At most MAX_FILE_BYTES are read, whatever size the file system reports."""
        what = Phrase("board file {path}", path=path)
        text = safe_json.read_text(path, MAX_FILE_BYTES, BoardFileError, what)
        data = safe_json.loads(text, BoardFileError, what)
        return cls.from_dict(data, source=Phrase("board file {name}", name=Path(path).name))

    @classmethod
    def named(cls, name: str) -> Board:
        """One of the shipped boards by name ("standard", "master")."""
        return _shipped_board(name)

    @classmethod
    def standard(cls) -> Board:
        """The radius-4 hexagon of docs/rules.md: 61 cells, six x2 and six x3 honeypots."""
        return _shipped_board("standard")

    @classmethod
    def master(cls) -> Board:
        """The radius-5 hexagon offered for 42 dice at master level: 91 cells."""
        return _shipped_board("master")


def _distinct_cells(cells: Any, source: str) -> list[Cell]:
    """The cells as (q, r) tuples, at least one and at most MAX_CELLS, none twice; BoardFileError if not."""
    cell_list = [as_cell(c) for c in islice(cells, MAX_CELLS + 1)]
    if not cell_list:
        raise BoardFileError("{source} has no cells", source=source)
    if len(cell_list) > MAX_CELLS:
        raise BoardFileError("{source} has more than {max_cells:,} cells; a board may have at most "
                             "{max_cells:,}", source=source, max_cells=MAX_CELLS)
    seen: set[Cell] = set()
    for cell in cell_list:
        if cell in seen:
            raise BoardFileError("{source}: cell {cell} is listed twice", source=source, cell=cell)
        seen.add(cell)
    return cell_list


class _Rays(Sequence):
    """The cells above (or below) each cell along one line direction, nearest first, sliced from the
    cell's stretch when asked: `rays[i]` is a tuple of cell indices."""

    __slots__ = ("_where", "_upward")

    def __init__(self, stretches: list[tuple[int, ...]], size: int, upward: bool):
        where: list[tuple[tuple[int, ...], int]] = [((), 0)] * size
        for stretch in stretches:
            for k, i in enumerate(stretch):
                where[i] = (stretch, k)
        self._where = where
        self._upward = upward

    def __len__(self) -> int:
        return len(self._where)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(len(self))[i]]
        stretch, k = self._where[i]
        return stretch[k + 1:] if self._upward else stretch[k - 1::-1] if k else ()


def _list(value: Any, field: str, source: str) -> list:
    if not isinstance(value, list):
        raise BoardFileError("{source}: '{field}' must be a list, got {value}", source=source, field=field,
                             value=type(value).__name__)
    return value


def _shipped_board(name: str) -> Board:
    if not isinstance(name, str) or not _SHIPPED_NAME.fullmatch(name):
        raise BoardFileError("{name} is not the name of a shipped board; shipped boards: {boards}",
                             name=shown(name), boards=sorted(p.stem for p in boards_dir().glob('*.json')))
    return _load_shipped(name)


_SHIPPED_NAME = re.compile(r"[a-z0-9_-]{1,40}")


@cache
def _load_shipped(name: str) -> Board:
    path = boards_dir() / f"{name}.json"
    if not path.exists():
        shipped = sorted(p.stem for p in boards_dir().glob("*.json"))
        raise BoardFileError("there is no shipped board named {name}; shipped boards: {shipped}",
                             name=repr(name), shipped=shipped)
    return Board.load(path)
