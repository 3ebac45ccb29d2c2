"""Boards are data: which cells exist, where the honeypots are, and the centre for the opening die.

A Board also precomputes everything that depends only on its shape (neighbours, the three lines
through every cell), once, so the rules never walk the geometry twice.
"""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

from muzlab import hexgrid
from muzlab.errors import BoardFileError, CellOffBoard, InvalidCell
from muzlab.hexgrid import Cell

#: The most cells a board may have: far more than any game needs, few enough to build in a blink.
MAX_CELLS = 5000
#: The largest hexagon radius a board file may ask for (4,921 cells).
MAX_RADIUS = 40
#: The largest board file read, in bytes.
MAX_FILE_BYTES = 1_000_000


def boards_dir() -> Path:
    """Where the shipped board files are: data/boards in a checkout, muzlab/_data/boards in a wheel."""
    packaged = Path(__file__).parent / "_data" / "boards"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "data" / "boards"


def as_cell(value: Any) -> Cell:
    """A cell as a tuple (q, r) of ints, from any pair of integers; InvalidCell otherwise."""
    try:
        q, r = value
        if isinstance(q, bool) or isinstance(r, bool) or int(q) != q or int(r) != r:
            raise ValueError
        return (int(q), int(r))
    except (TypeError, ValueError):
        raise InvalidCell(f"{value!r} is not a cell; a cell is a pair of integers (q, r)") from None


_CELL_NAME = re.compile(r"(?P<column>[a-z]+)(?P<number>[0-9]+)")


def column_letters(column: int) -> str:
    """The letters of the column-th column from the left (0 -> "a", 25 -> "z", 26 -> "aa")."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class Board:
    """A honeycomb of flat-topped hexes: `cells`, `honeypots` (cell -> 2 or 3) and `centre`.

    People name a cell by its column letter, counted from the leftmost column, and its number in that
    column, counted from 1 at the column's bottom cell upward: the standard board's centre is e5.
    On a board with gaps in a column the number still counts rows from the bottom cell, so a name
    never changes meaning when a neighbouring cell is missing.
    """

    def __init__(self, cells, honeypots=None, centre: Cell = (0, 0), name: str = "custom"):
        cell_list = sorted(_distinct_cells(cells, f"board {name!r}"))
        self.name = str(name)
        self.cells: tuple[Cell, ...] = tuple(cell_list)
        self.index: dict[Cell, int] = {c: i for i, c in enumerate(self.cells)}
        self.centre: Cell = as_cell(centre)
        if self.centre not in self.index:
            raise BoardFileError(f"board {name!r}: its centre {self.centre} is not one of its cells")
        self.honeypots: dict[Cell, int] = {}
        for cell, factor in (honeypots or {}).items():
            cell = as_cell(cell)
            if cell not in self.index:
                raise BoardFileError(f"board {name!r}: honeypot {cell} is not one of its cells")
            if not isinstance(factor, int) or isinstance(factor, bool) or factor < 2:
                raise BoardFileError(f"board {name!r}: honeypot {cell} has factor {factor!r}; use 2 or 3")
            self.honeypots[cell] = factor
        self._build_tables()

    def _build_tables(self) -> None:
        index = self.index
        self.multiplier: tuple[int, ...] = tuple(self.honeypots.get(c, 1) for c in self.cells)
        self.neighbour_indices: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[n] for n in hexgrid.neighbours(c) if n in index) for c in self.cells
        )
        # up[line][i]: cells above i along the line, nearest first; down[line][i]: below, nearest first.
        self.up: list[tuple[tuple[int, ...], ...]] = []
        self.down: list[tuple[tuple[int, ...], ...]] = []
        self.lines: list[tuple[tuple[int, ...], ...]] = []
        for up_step in hexgrid.LINE_UP_STEPS:
            down_step = (-up_step[0], -up_step[1])
            self.up.append(tuple(self._ray(c, up_step) for c in self.cells))
            self.down.append(tuple(self._ray(c, down_step) for c in self.cells))
            starts = [c for c in self.cells if hexgrid.step(c, down_step) not in index]
            # Lines may have gaps on odd shapes; each maximal stretch of cells is one line.
            self.lines.append(tuple((index[c], *self._ray(c, up_step)) for c in starts))
        # Cell names: column letters from the left, numbers from each column's bottom cell upward.
        columns = sorted({q for q, _ in self.cells})
        bottoms = {q: max(r for cq, r in self.cells if cq == q) for q in columns}
        self._column_of_letters = {column_letters(k): q for k, q in enumerate(columns)}
        self._letters_of_column = {q: letters for letters, q in self._column_of_letters.items()}
        self._bottom_row = bottoms
        self.cell_names: tuple[str, ...] = tuple(
            f"{self._letters_of_column[q]}{bottoms[q] - r + 1}" for q, r in self.cells
        )
        # rays[i][line] = (cells below, cells above), for the hot loop of the rules.
        self.rays: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = tuple(
            tuple((self.down[line][i], self.up[line][i]) for line in range(3))
            for i in range(len(self.cells))
        )

    def _ray(self, cell: Cell, direction: Cell) -> tuple[int, ...]:
        out = []
        cell = hexgrid.step(cell, direction)
        while cell in self.index:
            out.append(self.index[cell])
            cell = hexgrid.step(cell, direction)
        return tuple(out)

    def cell_index(self, cell: Any) -> int:
        """Index of a cell, given as (q, r) or by name ("e5"); CellOffBoard names it when it is not
        on this board."""
        if isinstance(cell, str):
            return self.index[self.parse_cell(cell)]
        cell = as_cell(cell)
        try:
            return self.index[cell]
        except KeyError:
            raise CellOffBoard(f"{cell} is not on the {self.name} board.", cell=cell) from None

    def as_cell(self, cell: Any) -> Cell:
        """A cell of this board as (q, r), from (q, r) or its name; CellOffBoard or InvalidCell if not."""
        return self.cells[self.cell_index(cell)]

    def cell_name(self, cell: Any) -> str:
        """The name people say for a cell: (0, 0) -> "e5" on the standard board."""
        return self.cell_names[self.cell_index(cell)]

    def parse_cell(self, name: str) -> Cell:
        """The cell (q, r) a name such as "e5" stands for; InvalidCell or CellOffBoard says why not."""
        if not isinstance(name, str):
            raise InvalidCell(f"{name!r} is not a cell name; a cell name is a column letter and a "
                              "number, such as e5")
        match = _CELL_NAME.fullmatch(name.strip().lower())
        if not match:
            raise InvalidCell(f"{name!r} is not a cell name; a cell name is a column letter and a "
                              "number, such as e5")
        letters, number = match["column"], int(match["number"])
        if letters not in self._column_of_letters:
            last = self._letters_of_column[max(self._bottom_row)]
            raise CellOffBoard(f"{name} is not on the {self.name} board: its columns run from a to "
                               f"{last}.")
        q = self._column_of_letters[letters]
        cell = (q, self._bottom_row[q] - number + 1)
        if cell not in self.index:
            numbers = sorted(self._bottom_row[q] - r + 1 for cq, r in self.cells if cq == q)
            raise CellOffBoard(f"{name} is not on the {self.name} board: column {letters} holds "
                               f"{letters}{numbers[0]} to {letters}{numbers[-1]}.", cell=None)
        return cell

    def __contains__(self, cell: object) -> bool:
        return cell in self.index

    def __len__(self) -> int:
        return len(self.cells)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self):
        return (self.name, self.cells, tuple(sorted(self.honeypots.items())), self.centre)

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
    def from_dict(cls, data: Any, source: str = "board data") -> Board:
        """Build a board from its JSON structure; BoardFileError names what is wrong."""
        if not isinstance(data, dict):
            raise BoardFileError(f"{source}: expected a JSON object, got {type(data).__name__}")
        unknown = set(data) - {"name", "description", "cells", "hexagon", "centre", "honeypots"}
        if unknown:
            raise BoardFileError(f"{source}: unknown field(s) {sorted(unknown)}")
        if ("cells" in data) == ("hexagon" in data):
            raise BoardFileError(f"{source}: give exactly one of 'cells' (a list) or 'hexagon' (a radius)")
        try:
            if "hexagon" in data:
                radius = data["hexagon"]
                if not isinstance(radius, int) or isinstance(radius, bool) or radius < 0:
                    raise BoardFileError(f"{source}: 'hexagon' must be a radius >= 0, got {radius!r}")
                if radius > MAX_RADIUS:
                    raise BoardFileError(f"{source}: 'hexagon' radius {radius} is too large; at most "
                                         f"{MAX_RADIUS} ({3 * MAX_RADIUS * (MAX_RADIUS + 1) + 1:,} cells)")
                cells = hexgrid.hexagon(radius)
            else:
                cells = _distinct_cells(_list(data["cells"], "cells", source), source)
            honeypots: dict[Cell, int] = {}
            raw_pots = data.get("honeypots", {})
            if not isinstance(raw_pots, dict):
                raise BoardFileError(f"{source}: 'honeypots' must map a factor to a list of cells")
            for factor, pot_cells in raw_pots.items():
                if not str(factor).isdigit():
                    raise BoardFileError(f"{source}: honeypot factor {factor!r} is not a whole number")
                for cell in _list(pot_cells, f"honeypots {factor}", source):
                    cell = as_cell(cell)
                    if cell in honeypots:
                        raise BoardFileError(f"{source}: honeypot {cell} is listed twice")
                    honeypots[cell] = int(factor)
            return cls(cells, honeypots, as_cell(data.get("centre", (0, 0))), data.get("name", "custom"))
        except InvalidCell as error:
            raise BoardFileError(f"{source}: {error}") from None
        except BoardFileError as error:
            if str(error).startswith(source):
                raise
            raise BoardFileError(f"{source}: {error}") from None

    @classmethod
    def load(cls, path: str | Path) -> Board:
        """Read a board file (JSON, see data/boards/); BoardFileError names the file and the fault."""
        path = Path(path)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise BoardFileError(f"board file {path} is {path.stat().st_size:,} bytes; a board file may "
                                     f"have at most {MAX_FILE_BYTES:,}")
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BoardFileError(f"board file {path} does not exist") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise BoardFileError(f"board file {path} is not readable JSON: {error}") from None
        return cls.from_dict(data, source=f"board file {path.name}")

    @classmethod
    def named(cls, name: str) -> Board:
        """One of the shipped boards by name ("standard", "master")."""
        return _shipped_board(name)

    @classmethod
    def standard(cls) -> Board:
        """The radius-4 hexagon of RULES.md: 61 cells, six x2 and six x3 honeypots."""
        return _shipped_board("standard")

    @classmethod
    def master(cls) -> Board:
        """The radius-5 hexagon offered for 42 dice at master level: 91 cells."""
        return _shipped_board("master")


def _distinct_cells(cells: Any, source: str) -> list[Cell]:
    """The cells as (q, r) tuples, at least one and at most MAX_CELLS, none twice; BoardFileError if not."""
    cell_list = [as_cell(c) for c in islice(cells, MAX_CELLS + 1)]
    if not cell_list:
        raise BoardFileError(f"{source} has no cells")
    if len(cell_list) > MAX_CELLS:
        raise BoardFileError(f"{source} has more than {MAX_CELLS:,} cells; a board may have at most "
                             f"{MAX_CELLS:,}")
    seen: set[Cell] = set()
    for cell in cell_list:
        if cell in seen:
            raise BoardFileError(f"{source}: cell {cell} is listed twice")
        seen.add(cell)
    return cell_list


def _list(value: Any, field: str, source: str) -> list:
    if not isinstance(value, list):
        raise BoardFileError(f"{source}: '{field}' must be a list, got {type(value).__name__}")
    return value


@cache
def _shipped_board(name: str) -> Board:
    path = boards_dir() / f"{name}.json"
    if not path.exists():
        shipped = sorted(p.stem for p in boards_dir().glob("*.json"))
        raise BoardFileError(f"there is no shipped board named {name!r}; shipped boards: {shipped}")
    return Board.load(path)
