"""Flat-topped hexagons in axial coordinates (q, r), screen orientation: r grows downward.

The three lines through a cell are the column (triads) and the two rising diagonals (scales).
"""

from __future__ import annotations

import math

Cell = tuple[int, int]

N, S, NE, SW, NW, SE = (0, -1), (0, 1), (1, -1), (-1, 1), (-1, 0), (1, 0)
DIRECTIONS = {"N": N, "S": S, "NE": NE, "SW": SW, "NW": NW, "SE": SE}

#: Each line is named with its upward step: the way pitch rises along it.
LINE_NAMES = ("column", "rising-right diagonal", "rising-left diagonal")
LINE_UP_STEPS = (N, NE, NW)
COLUMN, RISING_RIGHT, RISING_LEFT = 0, 1, 2


def step(cell: Cell, direction: Cell, times: int = 1) -> Cell:
    return (cell[0] + direction[0] * times, cell[1] + direction[1] * times)


def neighbours(cell: Cell) -> list[Cell]:
    """The six cells around `cell`, on or off any board."""
    return [step(cell, d) for d in DIRECTIONS.values()]


def hexagon(radius: int, centre: Cell = (0, 0)) -> list[Cell]:
    """All cells within `radius` of `centre`, sorted."""
    cq, cr = centre
    return sorted(
        (cq + q, cr + r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    )


def to_pixel(cell: Cell, size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex in screen pixels (y grows downward), for a hex of circumradius `size`."""
    q, r = cell
    return (size * 1.5 * q, size * math.sqrt(3) * (r + q / 2))


def corners(cell: Cell, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, starting east and turning clockwise on screen."""
    x, y = to_pixel(cell, size)
    return [
        (x + size * math.cos(math.radians(60 * k)), y + size * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]
