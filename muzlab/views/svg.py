"""Positions and games as hand-built SVG for notebooks (`_repr_svg_`): same position, same bytes.

No rules live here: the position says which cells are legal, what a placement scores and which runs
are on the board; this module only turns those answers into pictures. `board_view` gathers them once
so that the SVG and the matplotlib plots (muzlab.views.plot) draw exactly the same board.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from muzlab.core.board import Board, as_cell
from muzlab.core.hexgrid import Cell, to_pixel
from muzlab.core.pitch import PitchLike, parse_pitch
from muzlab.names import structure_words
from muzlab.names.event_sentences import player, result_words
from muzlab.names.key_functions import KeyFunction, key_function, key_words
from muzlab.names.language import marked, translate, translate_in, translate_plural
from muzlab.names.output_words import number_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import note_label, pitch_label, show_name, symbols
from muzlab.reading import for_people
from muzlab.rules.position import Position

if TYPE_CHECKING:
    from muzlab.play.game import GameResult

#: Colours shared by the SVG board, the matplotlib plots and the statistics figures (Okabe-Ito based).
COLOURS = {
    "cell": "#f3f1ec",
    "edge": "#9a958c",
    "edge-text": "#5c574f",
    "honeypot-2": "#fbe6a2",
    "honeypot-3": "#f3bd4f",
    "honeypot-text": "#7a5600",
    "legal": "#9fdcbf",
    "legal-text": "#00553a",
    "die": "#ffffff",
    "die-edge": "#333333",
    "text": "#111111",
    "triad": "#d55e00",
    "scale": "#0072b2",
    "dead": "#9a9a9a",
    "last": "#cc3399",
}

#: Radius of a die face and of the last-placement ring, as fractions of the hex circumradius.
DIE_RADIUS = 0.6
#: How far above a cell's centre its name is written, as a fraction of the hex circumradius.
CELL_NAME_OFFSET = 0.72
RING_RADIUS = 0.76
#: The largest size of a die's name, as a fraction of the hex circumradius (a longer name is drawn
#: smaller, or on two lines, so that it stays inside the die).
NAME_SIZE = 0.55
#: Advance widths of DejaVu Sans Bold in ems (measured in Chromium), rounded up per kind of character:
#: what a die's name is fitted with.
_WIDTHS = {"♯": 0.49, "♭": 0.48, "𝄪": 0.61, "𝄫": 0.61, "/": 0.37, "i": 0.35, "l": 0.35}
_WIDE_UPPER, _WIDE_LOWER = 0.85, 0.72
#: Advance widths of DejaVu Sans (regular) in ems, rounded up per kind of character: what the legend's
#: labels are laid out with (narrow and wide letters by name, the others as the widest of their kind).
_REGULAR_WIDTHS = {" ": 0.32, "i": 0.28, "j": 0.28, "l": 0.28, "í": 0.28, "ï": 0.28, "î": 0.28, "'": 0.28,
                   "f": 0.36, "t": 0.4, "r": 0.42, "s": 0.53, "c": 0.56, "z": 0.53, "m": 0.98, "w": 0.82,
                   "M": 0.87, "W": 0.99, "-": 0.37, ".": 0.32, ",": 0.32}
_REGULAR_UPPER, _REGULAR_LOWER = 0.8, 0.64
#: A triad's function label (`TriadLabel`): its type size, how far its box starts from the middle
#: die's centre, and the box's padding, as fractions of the hex circumradius.
FUNCTION_SIZE, FUNCTION_OFFSET, FUNCTION_PAD = 0.46, 0.66, 0.1
#: The figures a function label raises (Đ⁷, s⁶), drawn as small digits lifted by `_RAISE` of its size.
_RAISED = {"⁶": "6", "⁷": "7"}
_RAISE = 0.3
#: Advance widths of DejaVu Sans in ems of the characters function labels and Roman numerals are
#: written with (a raised figure at its smaller size): what a label's box is fitted to.
_LABEL_WIDTHS = {"D": 0.77, "T": 0.61, "S": 0.63, "P": 0.6, "G": 0.78, "N": 0.75, "I": 0.3, "V": 0.68,
                 "d": 0.63, "t": 0.39, "s": 0.52, "p": 0.63, "g": 0.63, "i": 0.28, "v": 0.59, "°": 0.5,
                 "(": 0.39, ")": 0.39, " ": 0.32, "/": 0.34, "♭": 0.5, "⁶": 0.45, "⁷": 0.45, "Đ": 0.77}


def label_width(text: str) -> float:
    """How wide a function label or Roman numeral is drawn, in ems (`_LABEL_WIDTHS`)."""
    return sum(_LABEL_WIDTHS.get(char, _REGULAR_UPPER) for char in text)
#: Corners of a flat-topped hex: x in circumradii, y in units of sin 60°.
_HEX_OFFSETS = ((1, 0), (0.5, 1), (-0.5, 1), (-1, 0), (-0.5, -1), (0.5, -1))
_SIN60 = math.sqrt(3) / 2


@dataclass(frozen=True)
class Run:
    """A run as drawn: its kind, whether it is complete, whether it can still become anything."""

    kind: str
    complete: bool
    alive: bool
    cells: tuple[Cell, ...]
    description: str

    @property
    def style(self) -> str:
        """"complete", "potential" or "dead" (nothing can finish it any more, or it breaks the rules)."""
        if self.complete:
            return "complete"
        return "potential" if self.alive else "dead"

    @property
    def colour(self) -> str:
        """The run's line colour: its kind's hue, grey when it can no longer become anything."""
        return COLOURS["dead"] if self.style == "dead" else COLOURS[self.kind]


@dataclass(frozen=True)
class TriadLabel:
    """A complete triad labelled with its function in the lesson key (`key_function`): its cells,
    bottom to top, its label, and its notes as the board names them ("D–F–A")."""

    cells: tuple[Cell, ...]
    label: KeyFunction
    notes: str


@dataclass(frozen=True)
class BoardView:
    """What a picture of a position shows, asked of the position once: labels, highlights, runs."""

    board: Board
    #: The names each die shows, as values: one, or both ("D♯", "E♭") where its lines disagree.
    dice: dict[Cell, tuple[str, ...]]
    highlight: dict[Cell, int | None]
    pitch: int | None
    pitch_label: str | None
    runs: tuple[Run, ...]
    last: Cell | None
    #: Each cell's name ("e5") when the picture shows them, else empty.
    cell_names: dict[Cell, str]
    #: The language the picture's sentences (its title, a die's hover text) are written in.
    language: str = "en"
    #: Each complete triad's function in the lesson key, when the picture labels them.
    functions: tuple[TriadLabel, ...] = ()
    #: The labels in a sentence, for a screen reader ("functions in C major: ..."), or "".
    functions_said: str = ""

    @cached_property
    def labels(self) -> dict[Cell, str]:
        """Each die's names in one label ("D♯/E♭"), for the hover text and the matplotlib board."""
        return {cell: "/".join(names) for cell, names in self.dice.items()}


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def board_view(
    position: Position,
    highlight: PitchLike | Iterable[Cell] | None = None,
    last: Cell | None = None,
    show_structures: bool = True,
    coordinates: bool = False,
    reader: Reader | None = None,
    functions: bool = False,
) -> BoardView:
    """Ask the position what to draw; `highlight`: a pitch (legal cells and points), a cell or cells;
    `coordinates`: every cell's name (e5), for a board people refer to by cell; `functions`: each
    complete triad's function in the reader's lesson key (none without one), in its harmony style.
    Names are written for `reader` (by default the default reader, typeset: a picture is read by
    people)."""
    reader = for_people(reader)
    board, key = position.board, reader.key or ""
    cells: dict[Cell, int | None] = {}
    pitch = pitch_label = None
    if isinstance(highlight, str) or _is_int(highlight):
        pitch = parse_pitch(highlight, reader.convention if isinstance(highlight, str) else "english")
        pitch_label = note_label(highlight, reader)
        cells = {cell: position.score(pitch, cell) for cell in position.legal_placements(pitch)}
    elif highlight is not None:
        if isinstance(highlight, tuple) and len(highlight) == 2 and all(map(_is_int, highlight)):
            highlight = [highlight]
        for cell in highlight:
            board.cell_index(cell)
            cells[as_cell(cell)] = None
    if last is not None:
        board.cell_index(last)
        last = as_cell(last)
    structures = position.structures(key)
    # A run of full length that is no allowed triad or scale (a teacher's set-up) is drawn as broken.
    runs = tuple(
        Run(s.kind, s.complete and bool(s.triads or s.keys), bool(s.triads or s.keys), s.cells,
            structure_words.describe(s, reader))
        for s in structures
    ) if show_structures else ()
    dice = position.die_names(key, reader)
    names = {cell: board.cell_name(cell) for cell in board.cells} if coordinates else {}
    labels = _triad_labels(structures, reader) if functions else ()
    return BoardView(board, dice, cells, pitch, pitch_label, runs, last, names, reader.language, labels,
                     _functions_said(labels, reader))


def _triad_labels(structures: Iterable[Any], reader: Reader) -> tuple[TriadLabel, ...]:
    """Each complete triad of `structures` with its function in the reader's lesson key."""
    key = reader.key
    if key is None:
        return ()
    found = []
    for structure in structures:
        if structure.kind != "triad" or not structure.complete:
            continue
        notes = "–".join(show_name(name, reader) for name in structure.names)
        for root, quality in structure.triads:
            label = key_function(root, quality, key, reader)
            if label is not None:
                found.append(TriadLabel(structure.cells, label, notes))
    return tuple(found)


def _functions_said(labels: Sequence[TriadLabel], reader: Reader) -> str:
    """The triads' labels in a sentence: "functions in C major: subdominant parallel (D–F–A), ..."."""
    if not labels:
        return ""
    name = key_words(reader.key, reader)
    template = (reader.gettext("functions in {key}: {triads}") if reader.harmony_style == "functions"
                else reader.gettext("Roman numerals in {key}: {triads}"))
    triads = ", ".join(f"{each.label.words} ({each.notes})" for each in labels)
    return template.format(key=name, triads=triads)


def text_width(text: str) -> float:
    """How wide `text` is drawn in the board's bold type, in ems (an upper bound per character)."""
    return sum(_WIDTHS.get(char, _WIDE_LOWER if char.islower() else _WIDE_UPPER) for char in text)


def _fits(lines: list[str], font: float, radius: float) -> bool:
    """Whether lines of type `font` high, one line apart and centred, stay inside a circle of `radius`."""
    for i, line in enumerate(lines):
        middle = abs(i - (len(lines) - 1) / 2) * font
        reach = middle + 0.38 * font  # from the circle's centre to the far edge of the letters
        if reach >= radius or text_width(line) * font / 2 > math.sqrt(radius**2 - reach**2):
            return False
    return True


@lru_cache(maxsize=512)
def die_name_lines(names: tuple[str, ...]) -> tuple[tuple[str, ...], float]:
    """A die's names laid out inside its circle: one line ("D♯/E♭"), or its two names one above the
    other when one line would have to be drawn much smaller; and the type's size, in circumradii (kept:
    a pure fact of the names, given as values: a name is never split out of a label)."""
    radius = DIE_RADIUS - 1 / 30 - 0.03  # inside the die's outline, with a little air

    def largest(lines: list[str]) -> float:
        font = NAME_SIZE
        while font > 0.1 and not _fits(lines, font, radius):
            font -= 0.01
        return round(font, 2)

    label = "/".join(names)
    one = largest([label])
    if len(names) == 1 or one >= 0.45:
        return (label,), one
    two = largest(list(names))
    return (names, two) if two > one else ((label,), one)


def die_words(view: BoardView, cell: Cell) -> str:
    """A die as a reader hears it: its name and its cell, "E♭ on e6"."""
    return translate(view.language, "{die} on {cell}").format(die=view.labels[cell],
                                                              cell=view.board.cell_name(cell))


#: The built-in boards' names as a sentence says them (a board file's name is its own).
BOARD_NAMES = {"standard": marked("board name", "standard"), "master": marked("board name", "master")}


def board_words(view: BoardView) -> str:
    """The board in a sentence, for a screen reader: "standard board, 2 dice: C on e5, E♭ on e6",
    the dice in the order of their cells' names."""
    count, name = len(view.labels), view.board.name
    name = translate_in(view.language, *BOARD_NAMES[name]) if name in BOARD_NAMES else name
    if not count:
        return translate(view.language, "{board} board, no dice yet").format(board=name)
    # column by column, each from its lowest row up, as the cell names read: a1, a2, ..., b1
    dice = ", ".join(die_words(view, cell) for cell in sorted(view.labels, key=lambda c: (c[0], -c[1])))
    said = translate_plural(view.language, "{board} board, {count} die: {dice}",
                            "{board} board, {count} dice: {dice}", count).format(
        board=name, count=count, dice=dice)
    return f"{said}; {view.functions_said}" if view.functions_said else said


def hex_points(centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """Corners of a flat-topped hex around a centre, east first, clockwise on screen (y down)."""
    x, y = centre
    return [(x + dx * size, y + dy * _SIN60 * size) for dx, dy in _HEX_OFFSETS]


def cell_fill(view: BoardView, cell: Cell) -> str:
    """Fill colour of a cell: highlighted, honeypot or plain."""
    if cell in view.highlight:
        return COLOURS["legal"]
    factor = view.board.honeypots.get(cell)
    return COLOURS[f"honeypot-{min(factor, 3)}"] if factor else COLOURS["cell"]


def honeypot_label(factor: int) -> str:
    """The mark of a honeypot cell, e.g. "×2"."""
    return f"×{factor}"


# ---- SVG text ---------------------------------------------------------------------------------------
def _n(value: float) -> str:
    """A coordinate with one decimal, never "-0.0"."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _text(x: float, y: float, text: str, size: float, css: str, fill: str, bold: bool = False,
          anchor: str = "middle") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text class="{css}" x="{_n(x)}" y="{_n(y)}" dy="0.35em" font-size="{_n(size)}" '
            f'text-anchor="{anchor}" fill="{fill}"{weight}>{html.escape(text)}</text>')


def _name(x: float, y: float, lines: Sequence[str], size: float) -> str:
    """A die's name centred on (x, y): one <text>, its lines (if more than one) as <tspan>s."""
    if len(lines) == 1:
        return _text(x, y, lines[0], size, "name", COLOURS["text"], bold=True)
    first = 0.35 - (len(lines) - 1) / 2
    spans = "".join(f'<tspan x="{_n(x)}" dy="{first if i == 0 else 1:g}em">{html.escape(line)}</tspan>'
                    for i, line in enumerate(lines))
    return (f'<text class="name" x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="middle" '
            f'fill="{COLOURS["text"]}" font-weight="bold">{spans}</text>')


@dataclass(frozen=True)
class Geometry:
    """Where a board's cells are drawn at one size: facts of the board alone, worked out once."""

    centres: dict[Cell, tuple[float, float]]
    #: Each cell's hexagon corners as an SVG `points` value.
    corners: dict[Cell, str]
    box: tuple[float, float, float, float]


@lru_cache(maxsize=64)
def geometry(board: Board, size: float) -> Geometry:
    """The board's cell centres, hexagons and bounding box for hexes of circumradius `size`."""
    centres = {cell: to_pixel(cell, size) for cell in board.cells}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    box = (min(xs) - size, min(ys) - _SIN60 * size, max(xs) + size, max(ys) + _SIN60 * size)
    corners = {cell: _points(hex_points(centre, size)) for cell, centre in centres.items()}
    return Geometry(centres, corners, box)


def _board_parts(view: BoardView, size: float) -> tuple[list[str], tuple[float, float, float, float]]:
    """SVG elements of the board (cells, runs, marks, dice, scores, ring) and their bounding box."""
    board = view.board
    shape = geometry(board, size)
    centres, box = shape.centres, shape.box
    out = [f'<g class="cells" stroke="{COLOURS["edge"]}" stroke-width="{_n(size / 20)}" '
           'stroke-linejoin="round">']
    for cell in board.cells:
        css = ["cell"]
        if cell in board.honeypots:
            css.append(f"honeypot-{board.honeypots[cell]}")
        if cell in view.dice:
            css.append("die")
        if cell in view.highlight:
            css.append("highlight")
        out.append(f'<polygon class="{" ".join(css)}" data-cell="{cell[0]},{cell[1]}" '
                   f'fill="{cell_fill(view, cell)}" points="{shape.corners[cell]}"/>')
    out.append("</g>")
    if view.runs:
        out.append('<g class="runs" fill="none" stroke-linecap="round" stroke-linejoin="round">')
        for run in view.runs:
            width = size * (0.2 if run.complete else 0.1)
            dash = _dash(run.style, size)
            out.append(f'<polyline class="run {run.kind} {run.style}" stroke="{run.colour}" '
                       f'stroke-width="{_n(width)}"{dash} '
                       f'points="{_points(centres[c] for c in run.cells)}">'
                       f"<title>{html.escape(run.description)}</title></polyline>")
        out.append("</g>")
    out.append('<g class="marks">')
    for cell, factor in sorted(board.honeypots.items()):
        if cell in view.dice:
            continue
        x, y = centres[cell]
        if view.highlight.get(cell) is not None:
            out.append(_text(x, y + 0.5 * size, honeypot_label(factor), 0.32 * size, "honeypot",
                             COLOURS["honeypot-text"]))
        else:
            out.append(_text(x, y, honeypot_label(factor), 0.5 * size, "honeypot", COLOURS["honeypot-text"],
                             bold=True))
    for cell, points in view.highlight.items():
        if points is not None:
            x, y = centres[cell]
            dy = -0.1 * size if cell in board.honeypots else 0.0
            out.append(_text(x, y + dy, f"+{points}", 0.55 * size, "points", COLOURS["legal-text"],
                             bold=True))
    out.append("</g>")
    out.append(f'<g class="dice" fill="{COLOURS["die"]}" stroke="{COLOURS["die-edge"]}" '
               f'stroke-width="{_n(size / 15)}">')
    for cell in view.dice:
        x, y = centres[cell]
        out.append(f'<circle class="die" data-cell="{cell[0]},{cell[1]}" cx="{_n(x)}" cy="{_n(y)}" '
                   f'r="{_n(DIE_RADIUS * size)}">'
                   f'<title>{html.escape(die_words(view, cell))}</title></circle>')
    out.append("</g>")
    out.append('<g class="names" stroke="none">')
    for cell, names in view.dice.items():
        x, y = centres[cell]
        lines, font = die_name_lines(names)
        out.append(_name(x, y, lines, font * size))
    out.append("</g>")
    if view.cell_names:
        out.append('<g class="cell-names" stroke="none">')
        for cell, name in view.cell_names.items():
            x, y = centres[cell]
            out.append(_text(x, y - CELL_NAME_OFFSET * size, name, 0.26 * size, "cell-name",
                             COLOURS["edge-text"]))
        out.append("</g>")
    if view.functions:
        out.append('<g class="functions" stroke="none">')
        for triad in view.functions:
            out.append(function_badge(view, triad, centres, size))
        out.append("</g>")
    if view.last is not None:
        x, y = centres[view.last]
        out.append(f'<circle class="last" cx="{_n(x)}" cy="{_n(y)}" r="{_n(RING_RADIUS * size)}" '
                   f'fill="none" stroke="{COLOURS["last"]}" stroke-width="{_n(size / 8)}"/>')
    return out, box


def function_badge(view: BoardView, triad: TriadLabel, centres: dict[Cell, tuple[float, float]],
                   size: float) -> str:
    """A triad's function label in a box beside its middle die, on the side whose neighbouring cells
    hold fewer dice (right on a tie; left where the board ends): the label's text, with Đ⁷'s D struck
    through by a line across it; its words ("verkürzter D⁷") are its accessible name and hover text."""
    middle = triad.cells[len(triad.cells) // 2]
    x, y = centres[middle]
    q, r = middle
    sides = {side: [(q + side, r + dr) for dr in ((-1, 0) if side > 0 else (0, 1))] for side in (1, -1)}
    right = min((sum(cell in view.dice for cell in cells), -side) for side, cells in sides.items()
                if any(cell in centres for cell in cells))[1] < 0
    font, pad = FUNCTION_SIZE * size, FUNCTION_PAD * size
    label = triad.label
    before, struck, after = label.text.partition("Đ") if label.struck else (label.text, "", "")
    width = label_width(label.text) * font
    left = x + FUNCTION_OFFSET * size if right else x - FUNCTION_OFFSET * size - width - 2 * pad
    top, height = y - font * 0.8, font * 1.6
    words = html.escape(label.words)
    out = [f'<g class="function" role="img" aria-label="{words}"><title>{words}</title>',
           f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width + 2 * pad)}" height="{_n(height)}" '
           f'rx="{_n(font * 0.3)}" fill="{COLOURS["die"]}" stroke="{COLOURS["triad"]}" '
           f'stroke-width="{_n(size / 20)}"/>']
    start = left + pad
    if not struck:
        out.append(_function_text(start, y, label.text, font, "start"))
    else:  # "(", then the D centred where the stroke crosses it, then "⁷) Tp"
        d_left = start + label_width(before) * font
        d_centre, d_right = d_left + _LABEL_WIDTHS["D"] * font / 2, d_left + _LABEL_WIDTHS["D"] * font
        if before:
            out.append(_function_text(d_left, y, before, font, "end"))
        out.append(_function_text(d_centre, y, "D", font, "middle", "struck"))
        out.append(f'<line class="strike" x1="{_n(d_left)}" y1="{_n(y + 0.4 * font)}" '
                   f'x2="{_n(d_right)}" y2="{_n(y - 0.5 * font)}" stroke="{COLOURS["text"]}" '
                   f'stroke-width="{_n(font * 0.09)}" stroke-linecap="round"/>')
        out.append(_function_text(d_right, y, after, font, "start"))
    out.append("</g>")
    return "".join(out)


def _function_text(x: float, y: float, text: str, font: float, anchor: str, css: str = "") -> str:
    """A piece of a function label, its figures (⁶, ⁷) raised and smaller in <tspan>s, hidden from a
    screen reader (the label's group says its words)."""
    pieces, raised = [], False
    for char in text:
        high = char in _RAISED
        if not pieces or high != raised:
            # (each piece's dy moves its baseline from the last one's; the first sets the text's own,
            # 0.35 em below the label's middle, so that the letters are centred on it)
            shift = (-1 if high else 1) * _RAISE * font if pieces else (0.35 - _RAISE * high) * font
            size = f' font-size="{_n(0.7 * font)}"' if high else ""
            pieces.append([f'<tspan{size} dy="{_n(shift)}">', ""])
            raised = high
        pieces[-1][1] += _RAISED.get(char, char)
    inner = "".join(f"{head}{html.escape(body)}</tspan>" for head, body in pieces)
    return (f'<text aria-hidden="true" class="{f"function-text {css}".strip()}" x="{_n(x)}" y="{_n(y)}" '
            f'font-size="{_n(font)}" text-anchor="{anchor}" fill="{COLOURS["text"]}">{inner}</text>')


def _dash(style: str, size: float) -> str:
    """A run's line pattern, so that its state shows without colour: solid when complete, dashed while
    it can still be finished, dotted (short dots, wide gaps) when it can no longer be finished."""
    if style == "complete":
        return ""
    if style == "dead":
        return f' stroke-dasharray="{_n(size * 0.02)} {_n(size * 0.22)}"'
    return f' stroke-dasharray="{_n(size * 0.16)} {_n(size * 0.16)}"'


def legend_words(language: str) -> dict[tuple[str, str], str]:
    """The legend's words in `language`, by (style, kind): "complete triad", "potential scale", and a
    run that can no longer be finished."""
    return {("complete", "triad"): translate(language, "complete triad"),
            ("potential", "triad"): translate(language, "potential triad"),
            ("complete", "scale"): translate(language, "complete scale"),
            ("potential", "scale"): translate(language, "potential scale"),
            ("dead", "run"): translate(language, "can no longer be finished")}


def legend_text_width(text: str) -> float:
    """How wide `text` is drawn in the legend's regular type, in ems (an upper bound per character)."""
    return sum(_REGULAR_WIDTHS.get(char, _REGULAR_UPPER if char.isupper() else _REGULAR_LOWER)
               for char in text)


def _legend(view: BoardView, x: float, y: float, size: float,
            width: float) -> tuple[list[str], float, float]:
    """The legend under the board from (x, y): triads and scales, complete and potential, in two
    columns when every row fits in `width`, else one entry a row; then a run that can no longer be
    finished when the board has one. Returns its parts, its height and its width (each entry laid
    out from its words' estimated width, so no label runs into the next swatch in any language)."""
    if not view.runs:
        return [], 0.0, 0.0
    out = ['<g class="legend">']
    row, font, gap = 0.7 * size, 0.42 * size, 0.6 * size
    words = legend_words(view.language)

    def reach(text: str) -> float:  # the swatch, the space after it and the words
        return 1.25 * size + legend_text_width(text) * font

    def entry(lx: float, ly: float, style: str, colour: str, text: str) -> None:
        line = size * (0.2 if style == "complete" else 0.1)
        out.append(f'<line x1="{_n(lx)}" y1="{_n(ly)}" x2="{_n(lx + size)}" y2="{_n(ly)}" '
                   f'stroke="{colour}" stroke-width="{_n(line)}"{_dash(style, size)}/>')
        out.append(_text(lx + 1.25 * size, ly, text, font, "legend", COLOURS["text"], anchor="start"))

    pairs = [[(style, kind) for style in ("complete", "potential")] for kind in ("triad", "scale")]
    column = max(reach(words[pair[0]]) for pair in pairs) + gap  # where the second column starts
    second = max(reach(words[pair[1]]) for pair in pairs)
    rows = pairs if column + second <= width else [[one] for pair in pairs for one in pair]
    if any(run.style == "dead" for run in view.runs):
        rows = [*rows, [("dead", "run")]]
    widest = 0.0
    for i, entries in enumerate(rows):
        for j, (style, kind) in enumerate(entries):
            colour = COLOURS["dead" if style == "dead" else kind]
            entry(x + j * column, y + (i + 0.5) * row, style, colour, words[style, kind])
            widest = max(widest, j * column + reach(words[style, kind]))
    out.append("</g>")
    return out, len(rows) * row, widest


def _document(parts: list[str], box: tuple[float, float, float, float], label: str) -> str:
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="{_n(x0)} {_n(y0)} {_n(width)} {_n(height)}" '
            'font-family="DejaVu Sans, Verdana, Arial, sans-serif" role="img" '
            f'aria-label="{html.escape(label)}">')
    return "\n".join([head, f"<title>{html.escape(label)}</title>", *parts, "</svg>"]) + "\n"


def position_svg(
    position: Position,
    size: float = 30,
    highlight: PitchLike | Iterable[Cell] | None = None,
    last: Cell | None = None,
    show_structures: bool = True,
    coordinates: bool = False,
    reader: Reader | None = None,
) -> str:
    """The position as a standalone SVG document; hexes of circumradius `size` pixels; `coordinates`
    writes every cell's name (e5) at the top of its hex; names for `reader` (`board_view`)."""
    return view_svg(board_view(position, highlight, last, show_structures, coordinates, reader), size)


def view_svg(view: BoardView, size: float = 30) -> str:
    """A board view (`board_view`) as a standalone SVG document, named in a sentence (`board_words`)."""
    parts, box = _board_parts(view, size)
    margin = size / 4
    legend, height, width = _legend(view, box[0] + margin, box[3] + margin, size, box[2] - box[0])
    box = (box[0] - margin, box[1] - margin, max(box[2], box[0] + width) + margin,
           box[3] + 2 * margin + height)
    return _document(parts + legend, box, board_words(view))


class GameLike(Protocol):
    """The parts of a game the picture reads."""

    position: Position
    hand: int | None
    scores: list[int]
    current_player: int
    over: bool
    players: int
    result: GameResult | None


def game_svg(game: GameLike, size: float = 30, show_legal: bool = False, last: Cell | None = None,
             reader: Reader | None = None) -> str:
    """The game's board with a side panel: whose turn it is, the die in hand and the scores.

    `show_legal` highlights the cells where the die in hand may go, with the points each would earn;
    names are written for `reader` (`board_view`).
    """
    reader = for_people(reader)
    hand = None if game.over else game.hand
    result = result_words(game.result.scores, game.result.winners, reader) if game.over else ""
    view = board_view(game.position, hand if show_legal else None, last, reader=reader)
    parts, box = _board_parts(view, size)
    margin = size / 4
    legend, legend_height, _width = _legend(view, box[0] + margin, box[3] + margin, size, box[2] - box[0])
    x = box[2] + size
    text_size = 0.5 * size
    y = box[1] + 0.6 * size
    panel = ['<g class="panel">']
    if game.over:
        panel.append(_text(x, y, reader.gettext("Game over"), 0.6 * size, "status", COLOURS["text"],
                           bold=True, anchor="start"))
        y += 0.8 * size
        panel.append(_text(x, y, result, text_size, "result", COLOURS["text"], anchor="start"))
    else:
        # TRANSLATORS: the game picture's side panel, whose turn it is ("Player 2 to play").
        to_play = reader.gettext("Player {number} to play").format(
            number=number_words(game.current_player + 1, reader))
        panel.append(_text(x, y, to_play, 0.6 * size, "status", COLOURS["text"], bold=True, anchor="start"))
        y += 1.5 * size
        # TRANSLATORS: the game picture's side panel, beside the die the player holds.
        panel.append(_text(x, y, reader.gettext("In hand"), text_size, "label", COLOURS["text"],
                           anchor="start"))
        cx = x + 3.6 * size
        if hand is None:
            panel.append(_text(cx, y, "–", 0.55 * size, "hand", COLOURS["text"], bold=True))
        else:
            panel.append(f'<circle class="hand" cx="{_n(cx)}" cy="{_n(y)}" r="{_n(DIE_RADIUS * size)}" '
                         f'fill="{COLOURS["die"]}" stroke="{COLOURS["die-edge"]}" '
                         f'stroke-width="{_n(size / 15)}"/>')
            panel.append(_text(cx, y, symbols(pitch_label(hand, reader), reader), 0.55 * size, "hand",
                               COLOURS["text"], bold=True))
    y += 1.4 * size
    # TRANSLATORS: the game picture's side panel, above each player's points.
    panel.append(_text(x, y, reader.gettext("Scores"), text_size, "label", COLOURS["text"], bold=True,
                       anchor="start"))
    for seat in range(game.players):
        y += 0.8 * size
        playing = seat == game.current_player and not game.over
        css = "score current" if playing else "score"
        panel.append(_text(x, y, f"{'▶ ' if playing else ''}{player(seat, reader)}", text_size, css,
                           COLOURS["text"], bold=playing, anchor="start"))
        panel.append(_text(x + 5.6 * size, y, number_words(game.scores[seat], reader), text_size, css,
                           COLOURS["text"], bold=playing, anchor="end"))
    panel.append("</g>")
    result_width = 0.6 * text_size * len(result) if game.over else 0.0
    right = x + max(6 * size, result_width)
    box = (box[0] - margin, box[1] - margin, right + margin,
           max(box[3] + 2 * margin + legend_height, y + size))
    return _document(parts + legend + panel, box, board_words(view))

