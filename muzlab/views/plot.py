"""Matplotlib pictures of the honeycomb: a position with its legal cells and runs, and per-cell heat maps.

The plots hold no rules: they ask the position (through `muzlab.views.svg.board_view`) what is legal, what
a placement scores and which runs are on the board. Every function takes an optional `ax`, returns
the Axes and never calls `plt.show()`. Higher pitch goes up the screen, as on a staff.

The statistics figures for simulation results live in `muzlab.views.statsplots` and are re-exported here,
so `from muzlab.views import plot` gives every picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.colors import Colormap, to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon

from muzlab.core.board import Board, as_cell
from muzlab.core.hexgrid import Cell, to_pixel
from muzlab.core.pitch import PitchLike
from muzlab.names.language import marked, prose_note, sentence, translate, translate_plural
from muzlab.names.output_words import Figure
from muzlab.names.reader import Reader
from muzlab.reading import resolve
from muzlab.rules.position import Position
from muzlab.views.figure_alt import name_figure
from muzlab.views.keyboard import keyboard as keyboard  # re-exported: muzlab.views.plot.keyboard
from muzlab.views.statsplots import (
    MarkedFormatter,
    cell_counts,
    cell_mean_points,
    completed_counts,
    completed_structures,
    first_player_advantage,
    honeypot_unused,
    options_by_turn,
    score_distributions,
    seat_scores,
    win_shares,
)
from muzlab.views.svg import (
    CELL_NAME_OFFSET,
    COLOURS,
    DIE_RADIUS,
    RING_RADIUS,
    BoardView,
    board_view,
    board_words,
    cell_fill,
    hex_points,
    legend_words,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CELLS_GID",
    "DICE_GID",
    "board",
    "cell_counts",
    "cell_mean_points",
    "completed_counts",
    "completed_structures",
    "first_player_advantage",
    "heatmap",
    "honeypot_unused",
    "options_by_turn",
    "score_distributions",
    "seat_scores",
    "win_shares",
]

#: The gid of the hex PatchCollection (one path per board cell, in `board.cells` order) and of the dice.
CELLS_GID = "muzlab-cells"
DICE_GID = "muzlab-dice"


def _centre(cell: Cell) -> tuple[float, float]:
    """Plot coordinates of a cell's centre: hexgrid pixels with y pointing up."""
    x, y = to_pixel(cell)
    return x, -y


def _hexes(cells: Iterable[Cell], **kwargs: Any) -> PatchCollection:
    """One PatchCollection of flat-topped hexes (unit circumradius) for the cells, in order."""
    patches = [Polygon([(x, -y) for x, y in hex_points(to_pixel(cell), 1.0)]) for cell in cells]
    return PatchCollection(patches, gid=CELLS_GID, **kwargs)


def _new_axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax


def _frame(ax: Axes, board: Board) -> float:
    """Fit the axes to the board (equal aspect, no axis); return a hex's circumradius in points."""
    xs, ys = zip(*(_centre(cell) for cell in board.cells), strict=True)
    pad = 0.15
    x0, x1 = min(xs) - 1 - pad, max(xs) + 1 + pad
    y0, y1 = min(ys) - 0.87 - pad, max(ys) + 0.87 + pad
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_xticks([])
    ax.set_yticks([])
    width, height = ax.get_position().size * ax.figure.get_size_inches()
    return 72 * min(width / (x1 - x0), height / (y1 - y0))


def board(
    position: Position,
    ax: Axes | None = None,
    highlight: PitchLike | Iterable[Cell] | None = None,
    show_structures: bool = True,
    last: Cell | None = None,
    title: str | None = None,
    legend: bool = True,
    coordinates: bool = False,
    reader: Reader | None = None,
) -> Axes:
    """Draw the honeycomb with the dice (spelled names), honeypots, runs and optional highlights.

    `highlight`: a pitch (int or name) shows its legal cells with the points each would score, or
    give a cell or an iterable of cells. `last` rings the last placement. With a pitch and no
    `title`, the title says where that pitch may go. `coordinates` writes every cell's name (e5).
    Names are written for `reader` (by default the default reader, typeset).
    """
    ax = _new_axes(ax, (7.5, 8.2))
    view = board_view(position, highlight, last, show_structures, coordinates, reader)
    unit = _frame(ax, view.board)
    _draw_cells(ax, view, unit)
    if view.runs:
        _draw_runs(ax, view, unit, legend)
    _draw_dice(ax, view, unit)
    for cell, name in view.cell_names.items():
        x, y = _centre(cell)
        ax.text(x, y + CELL_NAME_OFFSET, name, ha="center", va="center", fontsize=0.26 * unit,
                color=COLOURS["edge-text"], zorder=6)
    if title is None and view.pitch is not None:
        count = len(view.highlight)
        title = sentence(translate_plural(view.language, "Where can {die} go? {count} legal cell",
                                          "Where can {die} go? {count} legal cells", count)
                         if count else translate(view.language, "{die} has no legal cell: pass"),
                         die=prose_note(view.pitch_label, view.language), count=count)
    if title:
        ax.set_title(title, fontsize=max(12.0, 0.5 * unit), fontweight="bold", parse_math=False)
    name_figure(ax.figure, f"{title}: {board_words(view)}" if title else board_words(view))
    return ax


def _draw_cells(ax: Axes, view: BoardView, unit: float) -> None:
    board = view.board
    hexes = _hexes(board.cells, facecolors=[cell_fill(view, c) for c in board.cells],
                   edgecolors=COLOURS["edge"], linewidths=max(0.5, unit / 25), zorder=1)
    ax.add_collection(hexes)
    for cell, factor in sorted(board.honeypots.items()):
        if cell in view.labels:
            continue
        x, y = _centre(cell)
        scored = view.highlight.get(cell) is not None
        ax.text(x, y - 0.5 if scored else y, f"×{factor}", ha="center", va="center",
                fontsize=(0.3 if scored else 0.45) * unit, color=COLOURS["honeypot-text"],
                fontweight="normal" if scored else "bold", zorder=4)
    for cell, points in view.highlight.items():
        if points is not None:
            x, y = _centre(cell)
            ax.text(x, y + (0.1 if cell in board.honeypots else 0.0), f"+{points}", ha="center", va="center",
                    fontsize=0.5 * unit, color=COLOURS["legal-text"], fontweight="bold", zorder=4)


_STYLE = {"complete": (0.2, "solid"), "potential": (0.1, (0, (1.6, 1.6))), "dead": (0.1, (0, (1.6, 1.6)))}


def _draw_runs(ax: Axes, view: BoardView, unit: float, legend: bool) -> None:
    widths = {style: fraction * unit for style, (fraction, _) in _STYLE.items()}
    lines = LineCollection(
        [[_centre(c) for c in run.cells] for run in view.runs],
        colors=[run.colour for run in view.runs],
        linewidths=[widths[run.style] for run in view.runs],
        linestyles=[_STYLE[run.style][1] for run in view.runs],
        capstyle="round",
        zorder=2,
    )
    ax.add_collection(lines)
    if legend:
        words = legend_words(view.language)
        handles = [
            Line2D([], [], color=COLOURS[kind], linewidth=widths[style], linestyle=_STYLE[style][1],
                   label=words[style, kind])
            for kind in ("triad", "scale")
            for style in ("complete", "potential")
        ]
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.02), ncol=2, frameon=False,
                  fontsize=max(9.0, 0.36 * unit), handlelength=2.5)


def _draw_dice(ax: Axes, view: BoardView, unit: float) -> None:
    if view.labels:
        faces = PatchCollection([Circle(_centre(c), DIE_RADIUS) for c in view.labels], gid=DICE_GID,
                                facecolors=COLOURS["die"], edgecolors=COLOURS["die-edge"],
                                linewidths=max(0.5, unit / 15), zorder=3)
        ax.add_collection(faces)
        for cell, label in view.labels.items():
            ax.text(*_centre(cell), label, ha="center", va="center", fontsize=0.5 * unit,
                    fontweight="bold", color=COLOURS["text"], zorder=4)
    if view.last is not None:
        ax.add_patch(Circle(_centre(view.last), RING_RADIUS, fill=False, edgecolor=COLOURS["last"],
                            linewidth=unit / 8, zorder=5, gid="muzlab-last"))


#: The colour bar's label of the per-cell values of `muzlab.views.statsplots`, by their Series name.
# TRANSLATORS: the label of a heat map's colour bar: what the colour of a cell counts.
SERIES_WORDS = {"placements": marked("heat map", "placements"),
                "mean points": marked("heat map", "mean points"),
                "unused share": marked("heat map", "unused share")}


def heatmap(
    values_by_cell: Mapping[Any, float] | pd.Series,
    ax: Axes | None = None,
    board: Board | None = None,
    cmap: str | Colormap = "viridis",
    label: str | None = None,
    title: str | None = None,
    vmin: float | None = None,
    vmax: float | None = None,
    annotate: bool = True,
    fmt: str = "{:.0f}",
    reader: Reader | None = None,
) -> Axes:
    """Colour each cell by a number (a mapping or pandas Series keyed by (q, r)), with a colour bar.

    Cells without a value stay grey; honeypots keep a gold outline and their ×2/×3 mark;
    `annotate` writes each value in its cell with `fmt`. The colour bar's label defaults to the
    Series name (the names of `muzlab.views.statsplots`' values in `reader`'s language); numbers are
    written with `reader`'s marks (by default the default reader's: German "2,5").
    """
    reader = resolve(reader)
    board = Board.standard() if board is None else board
    values = {as_cell(cell): float(value) for cell, value in values_by_cell.items()}
    for cell in values:
        board.cell_index(cell)
    ax = _new_axes(ax, (8.5, 8))
    unit = _frame(ax, board)
    data = np.ma.masked_invalid([values.get(cell, np.nan) for cell in board.cells])
    colours = plt.get_cmap(cmap).with_extremes(bad=COLOURS["cell"])
    edges = [COLOURS["honeypot-3"] if cell in board.honeypots else COLOURS["edge"] for cell in board.cells]
    widths = [unit / 8 if cell in board.honeypots else max(0.5, unit / 25) for cell in board.cells]
    hexes = _hexes(board.cells, cmap=colours, edgecolors=edges, linewidths=widths, zorder=1)
    hexes.set_array(data)
    hexes.set_clim(vmin, vmax)
    ax.add_collection(hexes)
    colourbar = ax.figure.colorbar(hexes, ax=ax, shrink=0.7, pad=0.02)
    if label is None:
        label = getattr(values_by_cell, "name", None)
        label = reader.pgettext(*SERIES_WORDS[label]) if label in SERIES_WORDS else label
    if label:
        colourbar.set_label(label, fontsize=max(11.0, 0.4 * unit))
    colourbar.ax.tick_params(labelsize=max(10.0, 0.32 * unit))
    colourbar.ax.yaxis.set_major_formatter(MarkedFormatter(reader))
    rgba = hexes.to_rgba(data)
    for i, cell in enumerate(board.cells):
        x, y = _centre(cell)
        ink = "white" if _luminance(rgba[i]) < 0.5 else COLOURS["text"]
        if annotate and cell in values and not np.isnan(values[cell]):
            ax.text(x, y - 0.08, fmt.format(Figure(values[cell], reader)), ha="center", va="center",
                    fontsize=0.36 * unit, color=ink, zorder=4)
        if cell in board.honeypots:
            ax.text(x, y + 0.5, f"×{board.honeypots[cell]}", ha="center", va="center",
                    fontsize=0.26 * unit, color=ink, fontweight="bold", zorder=4)
    if title:
        ax.set_title(title, fontsize=max(12.0, 0.45 * unit), fontweight="bold", parse_math=False)
    return ax


def _luminance(colour: Any) -> float:
    red, green, blue, _ = to_rgba(colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
