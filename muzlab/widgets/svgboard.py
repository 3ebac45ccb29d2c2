"""The board as one widget: the SVG picture of `muzlab.views.svg` plus an interaction layer, for play.

Python draws everything (the same `position_svg` a notebook shows, then one transparent hexagon per
cell carrying `data-cell="q,r"`, the class `muz-legal` while lit, and its tooltip); the page only
shows it, scales it, moves a keyboard focus ring and sends a clicked cell or a pressed key back.
A move is one message: the new SVG (a refused cell's sentence, which costs the rules some work, is
asked for when the pointer reaches it). `cells[(q, r)].click()` does in Python exactly what a click
in the page does, so the boards are tested without a browser.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from muzlab.core.board import Board
from muzlab.core.errors import UnknownSetting
from muzlab.core.hexgrid import Cell, to_pixel
from muzlab.core.pitch import PitchLike
from muzlab.names import position_words
from muzlab.names.language import labelled
from muzlab.names.reader import PLAIN, Reader
from muzlab.reading import for_people
from muzlab.rules.position import Position
from muzlab.views.svg import BoardView, board_view, hex_points, honeypot_label, view_svg
from muzlab.widgets.controls_style import CONTROLS_CSS

HERE = Path(__file__).parent
#: Circumradius of a hex in SVG units at scale 1 (the picture is then scaled by CSS, without loss).
CELL_SIZE = 32
LAYER_START = '<g class="muz-layer"'
#: How a board may be bounded by the window (SvgBoard.fit).
FITS = ("none", "window", "fill")


def scaled(px: float, scale: float = 1.0) -> str:
    """A CSS length of `px` pixels at normal size: `scale` times that in a notebook; inside the
    classroom app, whose --muz-u says how large one pixel is at the chosen Size (and keeps it within
    the window), that many units."""
    return f"calc({px:g} * var(--muz-u, {scale:g}px))"


class CellHandle:
    """One cell of a board, for Python: `click()` acts as a click on it in the page."""

    def __init__(self, board: SvgBoard, cell: Cell):
        self.board = board
        self.cell = cell

    def click(self) -> None:
        """Click the cell, as a person does in the page."""
        self.board.click(self.cell)

    @property
    def classes(self) -> tuple[str, ...]:
        """The cell's classes in the page: "muz-cell", and "muz-legal" while lit, "muz-problem",
        "muz-selected"."""
        return self.board.classes.get(self.cell, ("muz-cell",))

    @property
    def legal(self) -> bool:
        """True while the cell is lit (class `muz-legal` in the page)."""
        return "muz-legal" in self.classes

    @property
    def label(self) -> str:
        """What the cell shows: its die's name, "+points" when lit with points, its honeypot, or ""."""
        return self.board.label(self.cell)

    @property
    def tooltip(self) -> str:
        """What hovering the cell says."""
        return self.board.tooltip(self.cell)

    def __repr__(self) -> str:
        return f"<CellHandle {self.board.board.cell_name(self.cell)}>"


@dataclass(frozen=True)
class Scene:
    """What the board shows: the position, its highlight (a pitch: legal cells with points, or cells),
    the last placement, the lit cells, cells marked with a problem (cell -> why), cells `chosen` (a
    hint's best cells, drawn with a heavy outline), `tips_for`: the pitch whose points or refusal
    hovering a cell tells (None: hovering tells the cell's name), and `functions`: whether each
    complete triad is labelled with its function in the reader's lesson key."""

    position: Position
    highlight: PitchLike | Iterable[Cell] | None = None
    last: Cell | None = None
    lit: Iterable[Cell] = frozenset()
    marked: Mapping[Cell, str] | None = None
    chosen: Iterable[Cell] = ()
    tips_for: int | None = None
    functions: bool = False


class ScaledByItsBoard:
    """For a widget drawn around one SvgBoard (`board_view`): its `scale` is the board's."""

    board_view: SvgBoard

    @property
    def scale(self) -> float:
        """How much larger than normal the board is drawn."""
        return self.board_view.scale

    @scale.setter
    def scale(self, value: float) -> None:
        self.board_view.scale = float(value)


class SvgBoard(anywidget.AnyWidget):
    """The clickable SVG board: `show(...)` draws a position, `on_click(cell)` hears a click, and
    `on_key(letter)` a key from `shortcuts` (such as "r" for Roll) pressed on the board."""

    _esm = (HERE / "svgboard.js").read_text(encoding="utf-8")
    _css = (HERE / "svgboard.css").read_text(encoding="utf-8") + CONTROLS_CSS  # (and the controls around it)
    svg = traitlets.Unicode("").tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)
    #: How the window bounds the board: "none" (exactly `scale` times its size, as in a notebook),
    #: "window" (at most the room left below its top in the window) or "fill" (exactly that room).
    fit = traitlets.Unicode("none").tag(sync=True)
    shortcuts = traitlets.Unicode("").tag(sync=True)
    #: Whether a click (or Enter) on a cell is heard now: a board that takes none (a quiz's question
    #: answered, or answered by an option) shows no pointer over its cells.
    clickable = traitlets.Bool(True).tag(sync=True)
    #: Counted up by `reveal`, whose CSS selector `revealing` is: the page scrolls what it names into the
    #: window (just enough), if it is not all in view.
    revealed = traitlets.Int(0).tag(sync=True)
    revealing = traitlets.Unicode("").tag(sync=True)
    #: The page's own sentences around the board (`board_words`), in the shown reader's language.
    words = traitlets.Dict().tag(sync=True)
    #: HTML of the page's own drawn with the board (a class page's die in hand and words under it):
    #: changed with the picture inside `hold_sync`, both reach the page in one message. The page's
    #: CSS places its parts (the element `.muz-board-text`, empty and hidden by default).
    html = traitlets.Unicode("").tag(sync=True)
    #: The game's news for a screen reader (`tell`): the page's live region says it each time `told`
    #: counts up, so the same words told twice are said twice, and nothing is said that was not told.
    news = traitlets.Unicode("").tag(sync=True)
    told = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        board: Board,
        on_click: Callable[[Cell], None] | None = None,
        on_key: Callable[[str], None] | None = None,
        shortcuts: str = "",
        scale: float = 1.0,
        show_names: bool = False,
    ):
        super().__init__(scale=float(scale), shortcuts=shortcuts, words=board_words(PLAIN))
        self.board = board
        self.on_click = on_click
        self.on_key = on_key
        self.show_names = show_names
        self.cells: dict[Cell, CellHandle] = {cell: CellHandle(self, cell) for cell in board.cells}
        self.classes: Mapping[Cell, tuple[str, ...]] = {}
        self._tips: dict[Cell, str] = {}  # the tooltips known; the others are asked of the rules on hover
        #: The scene shown, drawn for its reader (None before the first).
        self.picture: Picture | None = None
        self.add_class("muz-svgboard")
        self.on_msg(self._message)

    def use_board(self, board: Board) -> None:
        """Draw on `board` from now on (a loaded game's, maybe larger): its cells answer clicks and keys
        (`cells` keeps its identity: whoever holds it sees the new cells)."""
        if board is self.board or board == self.board:
            return
        self.board = board
        self.cells.clear()
        self.cells.update({cell: CellHandle(self, cell) for cell in board.cells})

    def tell(self, text: str) -> None:
        """Say `text` through the board's live region (a roll, a placement, the computer's move): a
        screen reader reads it once, politely, after what it is saying."""
        if text:
            with self.hold_sync():
                self.news = text
                self.told += 1

    def reveal(self, selector: str) -> None:
        """Scroll the page just enough to bring the element `selector` names (the first found in the
        smallest box around the board holding one) wholly into the window, if it is not already."""
        self.revealing = selector
        self.revealed += 1

    @traitlets.validate("scale")
    def _valid_scale(self, proposal: Any) -> float:
        value = proposal["value"]
        if not 0.25 <= value <= 6:
            raise UnknownSetting("{setting} {value}: give a size between 0.25 and 6 (1.5 for a projector)",
                                 setting="scale", value=repr(value))
        return value

    @traitlets.validate("fit")
    def _valid_fit(self, proposal: Any) -> str:
        value = proposal["value"]
        if value not in FITS:
            raise UnknownSetting("fit {value}: give one of {fits}", value=repr(value), fits=', '.join(FITS))
        return value

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the page: {"event": "click", "cell": "q,r"}, {"event": "tip", "cell": "q,r"}
        (hovering a cell whose tooltip needs the rules) or {"event": "key", "key": "r"}."""
        if not isinstance(content, dict):
            return
        if content.get("event") in ("click", "tip"):
            try:
                q, r = (int(part) for part in str(content.get("cell", "")).split(","))
            except ValueError:
                return
            if (q, r) not in self.cells:
                return
            if content["event"] == "click":
                if self.clickable:  # (a page's click on a still board is not heard: the page may be stale)
                    self.click((q, r))
            else:
                self.send({"cell": content["cell"], "tip": self.tooltip((q, r))})
        elif content.get("event") == "key" and self.on_key and content.get("key") in self.shortcuts:
            self.on_key(content["key"])

    def click(self, cell: Cell) -> None:
        """What a click on a cell does: call `on_click(cell)`."""
        if self.on_click is not None:
            self.on_click(cell)

    def label(self, cell: Cell) -> str:
        """The text the picture shows on a cell."""
        if self.picture is None:
            return ""
        view = self.picture.view
        if cell in view.labels:
            return view.labels[cell]
        points = view.highlight.get(cell)
        if points is not None:
            return f"+{points}"
        factor = self.board.honeypots.get(cell)
        return honeypot_label(factor) if factor else ""

    def tooltip(self, cell: Cell) -> str:
        """What hovering a cell says: its name and honeypot, and for the die asked about
        (`Scene.tips_for`) its points there or the rule that refuses it; a marked cell's problem."""
        picture = self.picture
        if picture is None:
            return ""
        if cell not in self._tips:
            scene = picture.scene
            why = position_words.explain(scene.position, scene.tips_for, cell, picture.reader)
            self._tips[cell] = with_problem(labelled(self.where(cell), why, picture.reader.language),
                                            scene.marked or {}, cell)
        return self._tips[cell]

    @property
    def scene(self) -> Scene | None:
        """The scene shown, or None before the first."""
        return None if self.picture is None else self.picture.scene

    @property
    def reader(self) -> Reader:
        """The reader the scene was shown for: a tooltip asked later, on hover, is written for it too."""
        return for_people(None) if self.picture is None else self.picture.reader

    def show(self, scene: Scene, reader: Reader | None = None) -> None:
        """Draw a scene (one message to the page) for `reader` (by default the default reader,
        typeset), whose words the tooltips asked later are written in too."""
        self.show_picture(draw(self.board, scene, for_people(reader), self.show_names))

    def show_picture(self, picture: Picture) -> None:
        """Show a scene drawn already (`draw`), maybe for another board of the same cells: boards that
        show the same scene to the same reader share one picture."""
        self.picture, self._tips = picture, dict(picture.tips)
        self.classes = picture.classes
        self.words = board_words(picture.reader)  # sent only when it changes (another language)
        self.svg = picture.svg

    def where(self, cell: Cell) -> str:
        """A cell as a reader hears it: the die on it and its name, and its honeypot ("E♭ on e6",
        "e7, honeypot ×2")."""
        picture = self.picture
        if picture is None:
            return where(self.board, cell)
        return _cells_said(self.board, picture.view, picture.reader)[cell]


@dataclass(frozen=True)
class Picture:
    """A scene drawn for one reader (`draw`): the SVG, and what the board answers of it (each cell's
    classes, the tooltips worked out already). Pure: boards showing it share it."""

    scene: Scene
    reader: Reader
    view: BoardView
    svg: str
    classes: Mapping[Cell, tuple[str, ...]]
    tips: Mapping[Cell, str]


def draw(board: Board, scene: Scene, reader: Reader, show_names: bool = False) -> Picture:
    """The scene drawn on `board` for `reader`: the picture of `muzlab.views.svg` with the interaction
    layer (one transparent hexagon per cell with its data, classes and tooltip)."""
    position, marked = scene.position, scene.marked or {}
    view = board_view(position, scene.highlight, scene.last, coordinates=show_names, reader=reader,
                      functions=scene.functions)
    said = _cells_said(board, view, reader)
    if scene.tips_for is None:
        tips = {cell: with_problem(said[cell], marked, cell) for cell in board.cells}
    else:
        tips = {cell: with_problem(_scores(said[cell], points, reader), marked, cell)
                for cell, points in position.legal_scores(scene.tips_for).items()}
    escaped = escaped_places(board, reader)  # (the words of a cell with nothing on it, escaped once)
    lit, chosen = frozenset(scene.lit), frozenset(scene.chosen)
    classes = {}
    centre = board.centre
    # A cell without a tooltip of its own here (one whose refusal the rules word) has the page ask for it
    # on hover: the layer says so once, so that such a cell's line is the same in every picture.
    asks = ' data-ask="tip"' if scene.tips_for is not None else ""
    out = [f'{LAYER_START} data-centre="{centre[0]},{centre[1]}"{asks}>']
    for cell, (head, shape) in layer_cells(board).items():
        css = ("muz-cell",) + ("muz-legal",) * (cell in lit) + ("muz-problem",) * (cell in marked) + (
            "muz-selected",) * (cell in chosen)
        classes[cell] = css
        tip = tips.get(cell)
        own = " data-own-tip" if asks and tip is not None else ""
        title = tip or said[cell]
        out.append(f'<polygon class="{" ".join(css)}" {head}{own} {shape}>'
                   f'<title>{escaped.get(title) or html.escape(title)}</title></polygon>')
    out.append("</g>\n")
    drawing = view_svg(view, CELL_SIZE)
    end = drawing.rindex("</svg>")
    return Picture(scene, reader, view, drawing[:end] + "\n".join(out) + drawing[end:], classes, tips)


@lru_cache(maxsize=16)
def board_words(reader: Reader) -> dict[str, str]:
    """What the page says around the board in `reader`'s language: the board's name for a screen
    reader, the line under it (pointing or tapping) and the note added when the window is too small."""
    return {"label": reader.gettext("Board: arrow keys move between cells, Enter places"),
            "point": reader.gettext("Point at a cell: its points, or why not. Keys: arrows, Enter."),
            "tap": reader.gettext("Tap a cell: its points, or why not."),
            "capped": reader.gettext("This window holds no larger board."),
            "news": reader.gettext("What happens in the game")}


def _scores(where_it_is: str, points: int, reader: Reader) -> str:
    """A lit cell's hover text: "e7: scores 3 points"."""
    return reader.ngettext("{cell}: scores {points} point", "{cell}: scores {points} points",
                           points).format(cell=where_it_is, points=points)


def _cells_said(board: Board, view: BoardView, reader: Reader) -> dict[Cell, str]:
    """Every cell as `reader` hears it on a picture's board: the die on it (if any), its name and
    honeypot (the names and honeypots worked out once per board: `places`)."""
    said = dict(places(board, reader))
    on = reader.gettext("{die} on {cell}")
    said.update((cell, on.format(die=label, cell=said[cell])) for cell, label in view.labels.items())
    return said


def where(board: Board, cell: Cell, reader: Reader | None = None) -> str:
    """A cell's name and honeypot as people read it: "e7, honeypot ×2" (in `reader`'s language, by
    default English)."""
    return places(board, reader or PLAIN)[cell]


@lru_cache(maxsize=16)
def places(board: Board, reader: Reader) -> dict[Cell, str]:
    """Every cell's name and honeypot (`where`) in `reader`'s language, worked out once per board."""
    def place(cell: Cell) -> str:
        factor = board.honeypots.get(cell)
        if not factor:
            return board.cell_name(cell)
        return reader.gettext("{cell}, honeypot {factor}").format(cell=board.cell_name(cell),
                                                                  factor=honeypot_label(factor))

    return {cell: place(cell) for cell in board.cells}


@lru_cache(maxsize=16)
def escaped_places(board: Board, reader: Reader) -> dict[str, str]:
    """Every cell's name and honeypot (`places`) as HTML text, by the words: escaped once per board."""
    return {words: html.escape(words) for words in places(board, reader).values()}


@lru_cache(maxsize=16)
def layer_cells(board: Board) -> dict[Cell, tuple[str, str]]:
    """Each cell's fixed attributes in the interaction layer (its data and its hexagon), once per board."""
    cells = {}
    for cell in board.cells:
        x, y = to_pixel(cell, CELL_SIZE)
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in hex_points((x, y), CELL_SIZE))
        cells[cell] = (f'data-cell="{cell[0]},{cell[1]}" data-name="{board.cell_name(cell)}" '
                       f'data-x="{x:.1f}" data-y="{y:.1f}"', f'points="{points}"')
    return cells


def with_problem(tip: str, marked: Mapping[Cell, str], cell: Cell) -> str:
    """A tooltip followed by the problem a marked cell has."""
    return f"{tip} — {marked[cell]}" if cell in marked else tip
