"""A honeycomb of clickable ipywidgets buttons, shaped as flat-topped hexes in offset columns.

It only paints what it is told (`CellLook` per cell); the boards that use it ask the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import ipywidgets as widgets

from muzlab.board import Board
from muzlab.hexgrid import Cell, to_pixel
from muzlab.pitch import pitch_name
from muzlab.position import Position

EMPTY_COLOUR = "#eef1f5"
DIE_COLOUR = "#fdf3d8"
LEGAL_COLOUR = "#9be3b0"
HONEYPOT_COLOUR = "#ffe08a"
PROBLEM_COLOUR = "#f4a3a3"
LAST_COLOUR = "#ffc48a"
SELECTED_COLOUR = "#a9c8ff"
BLANK = "\u00a0"

#: Shapes every .muz-hex button as a flat-topped hexagon; sent once per board as a <style>.
HEX_CSS = """<style>
.muz-hex { clip-path: polygon(25% 0, 75% 0, 100% 50%, 75% 100%, 25% 100%, 0 50%);
           margin: 0 !important; padding: 0 !important; border: none !important;
           font-size: 15px !important; line-height: 1.1 !important; }
.muz-hex.muz-legal { font-weight: bold; }
</style>"""


@dataclass(frozen=True)
class CellLook:
    """How one cell is drawn: its label, colour, tooltip, and whether it is a legal target."""

    label: str = ""
    colour: str = EMPTY_COLOUR
    tooltip: str = ""
    legal: bool = False


def honeypot_label(board: Board, cell: Cell) -> str:
    factor = board.honeypots.get(cell)
    return f"×{factor}" if factor else ""


def position_looks(
    position: Position,
    legal_points: Mapping[Cell, int] | None = None,
    last: Cell | None = None,
    marked: Mapping[Cell, str] | None = None,
    selected: frozenset[Cell] | set[Cell] = frozenset(),
    show_points: bool = True,
) -> dict[Cell, CellLook]:
    """The look of every cell: dice with their names, honeypots, legal cells with their points,
    the last placement, cells `marked` with a problem (cell -> reason) and `selected` cells."""
    legal_points = legal_points or {}
    marked = marked or {}
    looks = {}
    for cell in position.board.cells:
        pitch = position.dice.get(cell)
        pot = honeypot_label(position.board, cell)
        where = f"{cell}" + (f", honeypot {pot}" if pot else "")
        if pitch is not None:
            colour = (PROBLEM_COLOUR if cell in marked else SELECTED_COLOUR if cell in selected
                      else LAST_COLOUR if cell == last else DIE_COLOUR)
            tooltip = f"{pitch_name(pitch)} on {where}" + (f": {marked[cell]}" if cell in marked else "")
            looks[cell] = CellLook(pitch_name(pitch), colour, tooltip)
        elif cell in legal_points:
            points = legal_points[cell]
            label = f"+{points}" if show_points else pot
            looks[cell] = CellLook(label, LEGAL_COLOUR, f"{where}: legal, scores {points}", legal=True)
        elif cell in selected:
            looks[cell] = CellLook(pot or "?", SELECTED_COLOUR, f"{where}: the cell asked about")
        else:
            looks[cell] = CellLook(pot, HONEYPOT_COLOUR if pot else EMPTY_COLOUR, where)
    return looks


class HexBoard(widgets.VBox):
    """Clickable hex cells: `cells[(q, r)]` is the Button of a cell; `on_click(cell)` is called."""

    def __init__(self, board: Board, on_click: Callable[[Cell], None] | None = None, width: int = 54):
        self.board = board
        self.on_click = on_click
        height = round(width * math.sqrt(3) / 2)
        self.cells: dict[Cell, widgets.Button] = {}
        top = min(to_pixel(c)[1] for c in board.cells)
        columns = []
        for q in sorted({c[0] for c in board.cells}):
            column_cells = sorted((c for c in board.cells if c[0] == q), key=lambda c: c[1])
            children, previous = [], None
            for cell in column_cells:
                if previous is not None and cell[1] - previous > 1:
                    gap = (cell[1] - previous - 1) * height
                    children.append(widgets.Box(layout=widgets.Layout(height=f"{gap}px")))
                children.append(self._button(cell, width, height))
                previous = cell[1]
            offset = round((to_pixel(column_cells[0])[1] - top) / math.sqrt(3) * height)
            column = widgets.VBox(children, layout=widgets.Layout(
                margin=f"{offset}px -{width // 4}px 0 0", width=f"{width}px", overflow="visible"))
            column.add_class("muz-column")
            columns.append(column)
        total_width = f"{len(columns) * (width - width // 4) + width // 4}px"
        bottom = max(to_pixel(c)[1] for c in board.cells)
        total_height = f"{round((bottom - top) / math.sqrt(3) * height) + height}px"
        grid = widgets.HBox(columns, layout=widgets.Layout(
            width=total_width, min_width=total_width, height=total_height, overflow="visible"))
        super().__init__([widgets.HTML(HEX_CSS), grid], layout=widgets.Layout(
            flex="0 0 auto", min_width=total_width))

    def _button(self, cell: Cell, width: int, height: int) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width=f"{width}px", height=f"{height}px"))
        button.add_class("muz-hex")
        button.add_class("muz-cell")
        button.add_class(f"muz-cell-{cell[0]}_{cell[1]}")
        button.on_click(lambda _button, cell=cell: self.on_click and self.on_click(cell))
        self.cells[cell] = button
        return button

    def paint(self, looks: Mapping[Cell, CellLook]) -> None:
        """Apply the looks; unchanged traits send nothing to the browser."""
        for cell, look in looks.items():
            button = self.cells[cell]
            # ipywidgets keeps a button's old text when its description becomes "": use a blank.
            button.description = look.label or BLANK
            button.tooltip = look.tooltip
            button.style.button_color = look.colour
            if look.legal:
                button.add_class("muz-legal")
            else:
                button.remove_class("muz-legal")
