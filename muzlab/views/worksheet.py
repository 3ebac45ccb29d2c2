"""A printable teacher pack as PDF: worksheets on positions of seeded games with separate answer keys,
a board at true size with cell names and honeypots, and a twelve-faced die net for paper dice.

`teacher_pack(path, seed, sheets, questions, level)` writes the worksheets (one question page per
sheet, then one answer page per sheet); `printables(path, paper, level)` writes the true-size board
and the die net. The command line gives the same: `muzlab worksheet --out pack.pdf` and
`muzlab printables --out kit.pdf`. Every name on the pages comes from muzlab.names.spelling and the
board's cell names ("e5"); text is written as text (TrueType), so the PDF can be searched and read.
The same seed gives the same pack.
"""

from __future__ import annotations

import io
import math
import random
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError
from muzlab.core.hexgrid import Cell, corners, to_pixel
from muzlab.core.pitch import SpelledNote, parse_pitch
from muzlab.names import structure_words
from muzlab.names.function_words import harmony_explained
from muzlab.names.language import at_start, labelled, phrase, sentence
from muzlab.names.reader import Reader
from muzlab.names.refusal_words import and_list, or_list
from muzlab.names.spelling import (
    degree_name,
    face_label,
    join,
    key_label,
    prose_name,
    symbols,
)
from muzlab.play import questions
from muzlab.play.agents import make_agent, play
from muzlab.play.game import Game
from muzlab.play.questions import Degree, Key, Pair, Points, QuestionFacts, Run, Triad, Where
from muzlab.play.quiz import breakdown_words, triad_words
from muzlab.reading import for_people
from muzlab.rules.position import Position, Structure
from muzlab.views.pdf_labels import labelled_pdf, name_web_page
from muzlab.views.svg import COLOURS

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: Paper sizes in millimetres (width, height), portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
LEVELS = ("basic", "master")
#: The kinds of question, asked in this order round and round (a kind the position cannot ask is skipped).
KINDS = questions.SHEET_KINDS
MAX_QUESTIONS = 12
MAX_SHEETS = 50
#: Dice on the board of a worksheet position, by level (a seeded game with this many dice).
DICE = {"basic": (9, 14), "master": (14, 22)}
#: Hex circumradius in mm on the true-size board (24 mm across the flats on the standard board, 19 on
#: the master board): the same on A4 and Letter, within a 10 mm margin.
BOARD_HEX_MM = {"standard": 13.8, "master": 11.0}
MARGIN_MM = 10.0
#: The longest footer line, in characters (a longer footer, such as a position's notation, wraps).
FOOTER_CHARS = 120
INK = "#222222"
SOFT = "#666666"
_RC = {"pdf.fonttype": 42, "ps.fonttype": 42, "font.family": "DejaVu Sans", "svg.hashsalt": "muzlab"}


class WorksheetError(MuzlabError, ValueError):
    """A worksheet setting that cannot be printed (paper, level, number of sheets or questions)."""


@dataclass(frozen=True)
class SheetQuestion:
    """One printed question with its answer (a sentence, so it stands alone in the answer key), and
    the facts they word (muzlab.play.questions)."""

    kind: str
    question: str
    answer: str
    facts: QuestionFacts = field(repr=False)


@dataclass(frozen=True)
class Sheet:
    """One worksheet: its number, the position printed and its questions; `origin` says where the
    position comes from ("" for the seeded game `seed`, as in a teacher pack)."""

    number: int
    seed: int
    position: Position
    questions: tuple[SheetQuestion, ...]
    origin: str = ""
    #: The reader the sheet is worded for (its headings too).
    reader: Reader = field(default_factory=Reader, repr=False, compare=False)

    def source(self) -> str:
        """Where the position comes from, as its footer says: the game's seed, or `origin`."""
        return self.origin or self.reader.gettext("game seed {seed}").format(seed=self.seed)


def _check(paper: str | None = None, level: str | None = None) -> None:
    """WorksheetError naming a paper or level that does not exist."""
    if paper is not None and paper not in PAPERS:
        raise WorksheetError("paper must be one of {papers}, not {paper}", papers=", ".join(PAPERS),
                             paper=repr(paper))
    if level is not None and level not in LEVELS:
        raise WorksheetError("level must be one of {levels}, not {level}", levels=", ".join(LEVELS),
                             level=repr(level))


def sheet_position(seed: int, level: str = "basic") -> Position:
    """The board of a seeded game between two greedy players, stopped after 9-14 dice (basic) or
    14-22 dice (master, on the master board)."""
    _check(level=level)
    low, high = DICE[level]
    dice = random.Random(f"sheet-{seed}").randint(low, high)
    game = Game(2, board=level if level == "master" else "standard", rules=level, dice=dice, seed=seed)
    return play(game, [make_agent("greedy", f"{seed}-a"), make_agent("greedy", f"{seed}-b")]).position


def make_sheets(seed: int = 0, sheets: int = 2, questions: int = 8, level: str = "basic",
                reader: Reader | None = None) -> list[Sheet]:
    """The worksheets of a pack: sheet k plays the game seeded `seed + k` and asks `questions`, worded
    for `reader` (by default the default reader, typeset)."""
    reader = for_people(reader)
    _check(level=level)
    if not isinstance(sheets, int) or not 1 <= sheets <= MAX_SHEETS:
        raise WorksheetError("sheets must be a whole number from 1 to {most}, not {sheets}", most=MAX_SHEETS,
                             sheets=repr(sheets))
    if not isinstance(questions, int) or not 1 <= questions <= MAX_QUESTIONS:
        raise WorksheetError("questions must be a whole number from 1 to {most} (what fits on a page), not "
                             "{questions}", most=MAX_QUESTIONS, questions=repr(questions))
    made = []
    for number in range(1, sheets + 1):
        game_seed = seed + number - 1
        position = sheet_position(game_seed, level)
        asked = tuple(sheet_questions(position, game_seed, questions, reader))
        made.append(Sheet(number, game_seed, position, asked, reader=reader))
    return made


def sheet_questions(position: Position, seed: int = 0, count: int = 8,
                    reader: Reader | None = None) -> list[SheetQuestion]:
    """Mixed questions on one position, kinds taken in turn (KINDS): where a note may go, which
    triad a die completes and its Roman numeral (its function for a reader of Funktionstheorie),
    spelling a key, points, what a pair could become, which degree, which keys a run fits. No
    question is asked twice (`questions.sheet`). Worded for `reader` (by default the default reader,
    typeset)."""
    reader = for_people(reader)
    return [SheetQuestion(facts.kind, *_WORDS[facts.kind](position, facts, reader), facts)
            for facts in questions.sheet(position, seed, count, KINDS)]


def _span(position: Position, structure: Structure) -> str:
    """A run's cells as people say them: "e3–e5"."""
    return f"{position.board.cell_name(structure.cells[0])}–{position.board.cell_name(structure.cells[-1])}"


def _cell_list(position: Position, cells: tuple[Cell, ...]) -> str:
    """Cell names in reading order: column by column, bottom to top."""
    return ", ".join(position.board.cell_name(c) for c in sorted(cells, key=lambda c: (c[0], -c[1])))


def _where(position: Position, facts: Where, reader: Reader) -> tuple[str, str]:
    face = face_label(facts.pitch, reader, prose=True)
    answer = reader.ngettext("{face} may go on {count} cell: {cells}.",
                             "{face} may go on {count} cells: {cells}.", len(facts.cells))
    return (sentence(reader.gettext("Where may a die showing {face} be placed? Name every cell."), face=face),
            sentence(answer, face=face, count=len(facts.cells), cells=_cell_list(position, facts.cells)))


def _triad(position: Position, facts: Triad, reader: Reader) -> tuple[str, str]:
    triad, name = facts.triad, triad_words(facts.answer, reader)
    asked = sentence(reader.gettext("Which triad does a die showing {face} complete on {cell}?"),
        face=face_label(facts.pitch, reader, prose=True), cell=position.board.cell_name(facts.cell))
    notes = join(triad.names, reader, prose=True)
    if facts.function is None:  # an augmented triad, or one spelled across keys (B♯–D♯–G)
        return asked, sentence(reader.gettext("{triad} ({notes}): no major key spells it so."),
            triad=name, notes=notes)
    numeral, tonic = facts.function
    key = key_label(SpelledNote.from_english(tonic), "major", reader)
    root, quality = triad.triads[0]
    named = harmony_explained(numeral, root, quality, parse_pitch(tonic), reader)
    functions = reader.harmony_style == "functions"
    template = (reader.gettext("{question} Give its function in {key}.") if functions
                else reader.gettext("{question} Give its Roman numeral in {key}."))
    asked = sentence(template, question=asked, key=key)
    return asked, sentence(reader.gettext("{triad} ({notes}): {numeral} in {key}."), triad=name, notes=notes,
                           numeral=named, key=key)


def _key(_position: Position, facts: Key, reader: Reader) -> tuple[str, str]:
    label = key_label(SpelledNote.from_english(facts.key), "major", reader)
    return (sentence(reader.gettext("Write the notes of the {key} scale, from its tonic up."), key=label),
            labelled(at_start(label), join(facts.notes, reader, prose=True), reader.language) + ".")


def _points(position: Position, facts: Points, reader: Reader) -> tuple[str, str]:
    points = facts.breakdown.total
    return (sentence(reader.gettext("How many points does a die showing {face} score on {cell}?"),
                face=face_label(facts.pitch, reader, prose=True), cell=position.board.cell_name(facts.cell)),
            sentence(reader.ngettext("{points} point: {how}", "{points} points: {how}", points),
                points=points, how=breakdown_words(facts.breakdown, reader)))


def _pair(position: Position, facts: Pair, reader: Reader) -> tuple[str, str]:
    pair, notes = facts.pair, join(facts.pair.names, reader, prose=True)
    return (sentence(reader.gettext("The column pair on {cells} ({notes}): which triads could it still "
                           "become?"), cells=_span(position, pair), notes=notes),
            sentence(reader.gettext("The pair {notes} could become {triads}."),
                notes=notes, triads=or_list(structure_words.triad_names(pair, reader), reader)))


def _degree(_position: Position, facts: Degree, reader: Reader) -> tuple[str, str]:
    note = prose_name(facts.note, reader)
    label = key_label(SpelledNote.from_english(facts.key), "major", reader)
    return (sentence(reader.gettext("Which degree of {key} is {note}? Name it too."), key=label, note=note),
            sentence(reader.gettext("{note} is degree {number} of {key}, the {name}."),
                note=note, number=facts.degree + 1, key=label, name=degree_name(facts.degree, reader)))


def _run(position: Position, facts: Run, reader: Reader) -> tuple[str, str]:
    run = facts.run
    letters, sound = structure_words.fitting_keys(run, reader)
    twins = phrase(reader.gettext(" (= {keys} by sound)"), keys=and_list(sound, reader)) if sound else ""
    notes = join(run.names, reader, prose=True)
    answer = (sentence(reader.gettext("The run {notes} fits {keys}{twins}."), notes=notes,
                       keys=and_list(letters, reader), twins=twins) if letters else
              sentence(reader.gettext("The run {notes} fits no key as spelled{twins}."), notes=notes,
                       twins=twins))
    return (sentence(reader.gettext("The diagonal run on {cells} ({notes}): which scales does it fit?"),
                cells=_span(position, run), notes=notes), answer)


#: The words of each kind of question: the question, and a sentence answering it.
_WORDS: dict[str, Callable[[Position, Any, Reader], tuple[str, str]]] = {
    "where": _where, "triad": _triad, "key": _key, "points": _points, "pair": _pair, "degree": _degree,
    "run": _run}


def question_words(position: Position, facts: QuestionFacts, reader: Reader | None = None) -> tuple[str, str]:
    """One open question on `position` and the sentence answering it, as a worksheet words them (for
    `reader`, by default the default reader, typeset): a question bank's explanations are these."""
    return _WORDS[facts.kind](position, facts, for_people(reader))


# ---- drawing ------------------------------------------------------------------------------------
def _writable(path: str | Path) -> Path:
    """The PDF's path; WorksheetError before any work when its folder does not exist."""
    target = Path(path)
    if not target.parent.is_dir():
        raise WorksheetError("cannot write {path}: the folder {folder} does not exist", path=target,
                             folder=target.parent)
    if target.is_dir():
        raise WorksheetError("cannot write {path}: it is a folder; give a file name such as pack.pdf",
                             path=target)
    return target


def _pdf(pages: Iterable[Figure], title: str, reader: Reader, web_page: str = "") -> bytes:
    """The pages (drawn as they are taken) as a PDF whose text is text (TrueType), titled `title` in the
    reader's language (`labelled_pdf`), each naming its web page `web_page` (if any) at its top, whose
    bytes do not depend on the date."""
    import matplotlib  # matplotlib only for PDFs; text worksheets need none
    from matplotlib.backends.backend_pdf import PdfPages

    out = io.BytesIO()
    with matplotlib.rc_context(_RC), PdfPages(out, metadata={
            "Title": title, "Creator": "muzlab", "Producer": "muzlab", "CreationDate": None}) as pdf:
        for page in pages:
            name_web_page(page, web_page, reader)
            pdf.savefig(page)
    return labelled_pdf(out.getvalue(), reader.language)


def pack_title(sheets: int, reader: Reader) -> str:
    """A teacher pack's title, for its PDF and its web page."""
    return reader.ngettext("Muzundrum: {count} worksheet and its answers",
                           "Muzundrum: {count} worksheets and their answers", sheets).format(count=sheets)


def level_words(level: str, position: Position, reader: Reader) -> str:
    """The line under a worksheet's heading: its level and how cells are named."""
    centre = position.board.cell_name(position.board.centre)
    about = (reader.gettext("Master level. Cells are named by column letter and number from the bottom of "
                            "the column (the centre is {centre}).") if level == "master" else
             reader.gettext("Basic level. Cells are named by column letter and number from the bottom of "
                            "the column (the centre is {centre})."))
    return about.format(centre=centre)


def footer_words(sheet: Sheet, total: int, answers: bool = False) -> str:
    """The line at the foot of a worksheet's page (`answers`: of its answer page)."""
    template = (sheet.reader.gettext("Answers to worksheet {number} of {total} · {source}") if answers
                else sheet.reader.gettext("Worksheet {number} of {total} · {source}"))
    made = template.format(number=sheet.number, total=total, source=sheet.source())
    return sheet.reader.gettext("{text} · made with muzlab").format(text=made)


def _page(paper: str) -> tuple[Figure, Axes]:
    """A portrait page whose one axes spans it in millimetres (origin bottom left)."""
    from matplotlib.figure import Figure  # matplotlib only for PDFs; text worksheets need none

    width, height = PAPERS[paper]
    figure = Figure(figsize=(width / 25.4, height / 25.4))
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    return figure, ax


def _board_in(figure: Figure, position: Position, box: tuple[float, float, float, float], paper: str,
              reader: Reader) -> None:
    """Draw a position with cell names into a box (x, y, width, height in mm) of the page, its dice
    named for `reader`."""
    from muzlab.views import plot  # matplotlib only for PDFs; text worksheets need none

    width, height = PAPERS[paper]
    x, y, w, h = box
    ax = figure.add_axes((x / width, y / height, w / width, h / height))
    plot.board(position, ax=ax, show_structures=False, legend=False, title="", coordinates=True,
               reader=reader)


def _write_lines(ax: Axes, x: float, y: float, text: str, width: int, size: float, **style) -> float:
    """Write wrapped text from (x, y) downward; return the y below it (mm)."""
    colour = style.pop("color", INK)
    for line in textwrap.wrap(text, width) or [""]:
        ax.text(x, y, line, ha="left", va="top", fontsize=size, color=colour, **style)
        y -= size * 0.45
    return y


def _question_page(sheet: Sheet, paper: str, level: str, total: int) -> Figure:
    figure, ax = _page(paper)
    width, height = PAPERS[paper]
    top, reader = height - MARGIN_MM, sheet.reader
    ax.text(MARGIN_MM, top, sheet_title(sheet), fontsize=16, fontweight="bold", va="top", color=INK)
    ax.text(width - MARGIN_MM, top, reader.gettext("Name ____________________   Date __________"),
            fontsize=10, va="top", ha="right", color=INK)
    _write_lines(ax, MARGIN_MM, top - 7.5, level_words(level, sheet.position, reader), 112, 8.5, color=SOFT)
    board_height = 118 if paper == "a4" else 108
    _board_in(figure, sheet.position, (MARGIN_MM + 20, top - 14 - board_height, width - 2 * MARGIN_MM - 40,
                                       board_height), paper, reader)
    y = top - 18 - board_height
    space = (y - MARGIN_MM - 6) / max(1, len(sheet.questions))
    for number, question in enumerate(sheet.questions, start=1):
        start = y
        ax.text(MARGIN_MM, y, f"{number}.", fontsize=10.5, fontweight="bold", va="top", color=INK)
        y = _write_lines(ax, MARGIN_MM + 8, y, question.question, 92, 10.5)
        y = start - space
        ax.plot([MARGIN_MM + 8, width - MARGIN_MM], [y + 3, y + 3], color="#bbbbbb", linewidth=0.6)
    _footer(ax, paper, footer_words(sheet, total))
    return figure


def _answer_page(sheet: Sheet, paper: str, total: int) -> Figure:
    figure, ax = _page(paper)
    width, height = PAPERS[paper]
    top, reader = height - MARGIN_MM, sheet.reader
    ax.text(MARGIN_MM, top, reader.gettext("Answers: worksheet {number}").format(number=sheet.number),
            fontsize=16, fontweight="bold", va="top", color=INK)
    _board_in(figure, sheet.position, (width - MARGIN_MM - 70, top - 78, 70, 76), paper, reader)
    y = top - 12
    for number, question in enumerate(sheet.questions, start=1):
        wrap = 62 if y > top - 80 else 95
        ax.text(MARGIN_MM, y, f"{number}.", fontsize=10, fontweight="bold", va="top", color=INK)
        y = _write_lines(ax, MARGIN_MM + 8, y, question.question, wrap, 8.5, color=SOFT)
        y = _write_lines(ax, MARGIN_MM + 8, y - 0.5, question.answer, wrap - 6, 10, fontweight="bold") - 3
    _footer(ax, paper, footer_words(sheet, total, answers=True))
    return figure


def _footer(ax: Axes, paper: str, text: str) -> None:
    """The line at the foot of a page; a long one (a position's notation) goes on over more lines."""
    width, _ = PAPERS[paper]
    lines = textwrap.wrap(text, FOOTER_CHARS, break_on_hyphens=False)
    ax.text(width / 2, MARGIN_MM / 2, "\n".join(lines), ha="center",
            va="center" if len(lines) == 1 else "bottom", fontsize=7.5, color=SOFT)


def teacher_pack(path: str | Path, seed: int = 0, sheets: int = 2, questions: int = 8, level: str = "basic",
                 paper: str = "a4", reader: Reader | None = None, web_page: str = "") -> list[Sheet]:
    """Write the worksheets to a PDF: one question page per sheet, then one answer page per sheet,
    worded for `reader` (by default the default reader, typeset), each page naming the web page
    `web_page` (if any). Returns the sheets (their positions, questions and answers)."""
    _check(paper=paper)
    target = _writable(path)
    made = make_sheets(seed, sheets, questions, level, reader)
    reader = made[0].reader
    pages = [*((sheet, False) for sheet in made), *((sheet, True) for sheet in made)]
    target.write_bytes(_pdf((_answer_page(sheet, paper, len(made)) if answers else
                             _question_page(sheet, paper, level, len(made)) for sheet, answers in pages),
                            pack_title(len(made), reader), reader, web_page))
    return made


# ---- the board at true size and the die net ----------------------------------------------------------
def _board_page(paper: str, level: str, reader: Reader | None = None) -> Figure:
    """The empty board at true size: each hex as many mm as BOARD_HEX_MM says, whatever the paper; its
    words for `reader` (None: English)."""
    from matplotlib.patches import Polygon, Rectangle  # matplotlib only for PDFs; text worksheets need none

    reader = reader or Reader()
    board = kit_board(level)
    radius = BOARD_HEX_MM[board.name]
    figure, ax = _page(paper)
    width, height = PAPERS[paper]
    xs = [to_pixel(c, radius)[0] for c in board.cells]
    ys = [to_pixel(c, radius)[1] for c in board.cells]
    dx = width / 2 - (min(xs) + max(xs)) / 2
    dy = height / 2 - 6 + (min(ys) + max(ys)) / 2
    fills = {2: COLOURS["honeypot-2"], 3: COLOURS["honeypot-3"]}
    for cell in board.cells:
        points = [(x + dx, dy - y) for x, y in corners(cell, radius)]
        factor = board.honeypots.get(cell)
        ax.add_patch(Polygon(points, closed=True, facecolor=fills.get(factor, "white"), edgecolor=INK,
                             linewidth=0.8))
        cx, cy = to_pixel(cell, radius)
        ax.text(cx + dx, dy - cy + 0.55 * radius, board.cell_name(cell), ha="center", va="center",
                fontsize=radius * 0.55, color=SOFT)
        if factor:
            ax.text(cx + dx, dy - cy - 0.1 * radius, f"×{factor}", ha="center", va="center",
                    fontsize=radius * 0.95, fontweight="bold", color=INK)
        if cell == board.centre:
            ax.text(cx + dx, dy - cy - 0.1 * radius, reader.gettext("start"), ha="center", va="center",
                    fontsize=radius * 0.6,
                    color=INK)
    top = height - MARGIN_MM
    ax.text(MARGIN_MM, top, board_title(board, reader), fontsize=14, fontweight="bold", va="top",
            color=INK)
    ax.text(MARGIN_MM, top - 7, reader.gettext("Print at 100 % (actual size): each cell is {size} mm across; "
                                               "the bar on the right is 50 mm.").format(
        size=f"{radius * math.sqrt(3):.0f}"), fontsize=9, va="top", color=SOFT)
    ax.add_patch(Rectangle((width - MARGIN_MM - 50, top - 9), 50, 2.5, facecolor=INK))
    ax.text(width - MARGIN_MM - 25, top - 5, "50 mm", ha="center", va="bottom", fontsize=8, color=INK)
    ax.text(width / 2, MARGIN_MM + 2, board_legend(reader), fontsize=9,
            color=SOFT, va="bottom", ha="center", linespacing=1.4)
    return figure


def kit_board(level: str) -> Board:
    """The board `muzlab printables` prints for a level."""
    return Board.master() if level == "master" else Board.standard()


def board_title(board: Board, reader: Reader) -> str:
    """The printed board's title, with its number of cells."""
    title = (reader.gettext("Muzundrum master board ({count} cells)") if board.name == "master"
             else reader.gettext("Muzundrum standard board ({count} cells)"))
    return title.format(count=len(board))


def board_legend(reader: Reader) -> str:
    """The two lines under the printed board: what its lines build, what its shaded cells do."""
    return reader.gettext("Triads stack up the columns; major scales climb the diagonals.\nShaded cells are "
                          "honeypots: they double or triple a placement's score.")


def dodecahedron_net(edge: float = 1.0) -> tuple[list[np.ndarray], list[int], list[tuple[int, int]]]:
    """A net of the regular dodecahedron: 12 pentagons in the plane (edge length `edge`), the face
    each came from, and the cut edges as pairs (face, side) where a glue tab goes (one per pair of
    edges that meet when folded). Faces 0 and 6 are opposite, as are k and k + 6."""
    faces3d = _dodecahedron_faces()
    parent = {0: None, **{k: 0 for k in range(1, 6)}}
    bridge = next(f for f in range(6, 12) if _shared(faces3d[1], faces3d[f]))
    parent[bridge] = 1
    bottom = 6
    parent[bottom] = bridge
    for face in range(6, 12):
        if face not in parent:
            parent[face] = bottom
    placed: dict[int, dict[int, np.ndarray]] = {}
    order = [0, *range(1, 6), bridge, bottom, *[f for f in range(6, 12) if f not in (bridge, bottom)]]
    for face in order:
        placed[face] = _unfold(faces3d, face, parent[face], placed, edge)
    polygons = [np.array([placed[face][v] for v in faces3d[face]]) for face in order]
    folds = {frozenset(_shared(faces3d[f], faces3d[p])) for f, p in parent.items() if p is not None}
    tabs, seen = [], set()
    for index, face in enumerate(order):
        ring = faces3d[face]
        for side in range(5):
            pair = frozenset((ring[side], ring[(side + 1) % 5]))
            if pair not in folds and pair not in seen:
                seen.add(pair)
                tabs.append((index, side))
    return polygons, order, tabs


def _dodecahedron_faces() -> list[list[int]]:
    """Vertex indices of the 12 faces, each in order around its face; face k + 6 opposite face k.
    The vertex coordinates are `_dodecahedron_vertices()`."""
    vertices = _dodecahedron_vertices()
    phi = (1 + math.sqrt(5)) / 2
    normals = []
    for a, b in ((phi, 1), (-phi, 1), (phi, -1), (-phi, -1)):
        normals += [np.array(v) for v in ((0, a, b), (a, b, 0), (b, 0, a))]
    normals.sort(key=lambda n: (-n[2], -n[1], -n[0]))
    top = normals[0]
    ring = sorted((n for n in normals if 0 < float(n @ top) < np.linalg.norm(top) ** 2 - 1e-9),
                  key=lambda n: math.atan2(n[1], n[0]))
    ordered = [top, *ring[:5]]
    ordered += [-n for n in ordered]
    faces = []
    for normal in ordered:
        heights = vertices @ normal
        members = [int(i) for i in np.argsort(-heights)[:5]]
        centre = vertices[members].mean(axis=0)
        u = vertices[members[0]] - centre
        w = np.cross(normal, u)
        members.sort(key=lambda i: math.atan2(float((vertices[i] - centre) @ w),
                                              float((vertices[i] - centre) @ u)))
        faces.append(members)
    return faces


def _dodecahedron_vertices() -> np.ndarray:
    phi = (1 + math.sqrt(5)) / 2
    points = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1 / phi, 1 / phi):
        for b in (-phi, phi):
            points += [(0, a, b), (a, b, 0), (b, 0, a)]
    return np.array(points, dtype=float)


def _shared(a: list[int], b: list[int]) -> tuple[int, int] | tuple[()]:
    common = tuple(v for v in a if v in b)
    return common if len(common) == 2 else ()


def _unfold(faces: list[list[int]], face: int, parent: int | None, placed: dict[int, dict[int, np.ndarray]],
            edge: float) -> dict[int, np.ndarray]:
    """2-D positions of a face's vertices: a regular pentagon, hinged on its parent's shared edge."""
    vertices = _dodecahedron_vertices()
    ring = faces[face]
    if parent is None:
        radius = edge / (2 * math.sin(math.pi / 5))
        return {v: radius * np.array([math.cos(a), math.sin(a)]) for v, a in
                zip(ring, [math.pi / 2 + 2 * math.pi * k / 5 for k in range(5)], strict=True)}
    a, b = _shared(ring, faces[parent])
    a2, b2 = placed[parent][a], placed[parent][b]
    centre3 = vertices[ring].mean(axis=0)
    u3 = (vertices[b] - vertices[a]) / np.linalg.norm(vertices[b] - vertices[a])
    w3 = centre3 - vertices[a] - ((centre3 - vertices[a]) @ u3) * u3
    w3 /= np.linalg.norm(w3)
    u2 = (b2 - a2) / np.linalg.norm(b2 - a2)
    w2 = np.array([-u2[1], u2[0]])
    parent_centre = np.mean(list(placed[parent].values()), axis=0)
    if (parent_centre - a2) @ w2 > 0:
        w2 = -w2
    scale = edge / np.linalg.norm(vertices[b] - vertices[a])
    offsets = {v: vertices[v] - vertices[a] for v in ring}
    return {v: a2 + scale * ((offset @ u3) * u2 + (offset @ w3) * w2) for v, offset in offsets.items()}


def _die_fit(paper: str) -> tuple[np.ndarray, float]:
    """The die net's turn on the page and its edge in mm: the largest that fits (at most 30 mm)."""
    points = np.vstack(dodecahedron_net(1.0)[0])
    width, height = PAPERS[paper]
    room = np.array([width - 2 * MARGIN_MM - 16, height - 2 * MARGIN_MM - 50])

    def fitting_edge(degrees: int) -> float:
        return float(min(room / np.ptp(points @ _rotation(degrees), axis=0)))

    best = max(range(0, 180, 3), key=fitting_edge)
    return _rotation(best), min(30.0, fitting_edge(best))


def die_title(reader: Reader) -> str:
    """The die net's title."""
    return reader.gettext("A twelve-faced die for Muzundrum")


def die_how(paper: str, reader: Reader) -> str:
    """How to make the die from its net printed on `paper`, with its size."""
    edge = _die_fit(paper)[1]
    return reader.gettext("Print on card, cut along the outline, fold every line between two faces, and "
                          "glue each grey tab under the face it meets. One face per pitch class; the black "
                          "keys carry both names. Opposite faces are a tritone apart. Edges are {edge} mm: "
                          "the die is about {across} mm across.").format(edge=f"{edge:.0f}",
                                                                         across=f"{2.227 * edge:.0f}")


def _die_page(paper: str, reader: Reader) -> Figure:
    """The die net at the largest size that fits the page (at most 30 mm edges), names on the faces."""
    from matplotlib.patches import Polygon  # matplotlib only for PDFs; text worksheets need none

    polygons, order, tabs = dodecahedron_net(1.0)
    points = np.vstack(polygons)
    width, height = PAPERS[paper]
    rotation, edge = _die_fit(paper)
    spread = np.ptp(points @ rotation, axis=0)
    low = (points @ rotation).min(axis=0)
    offset = np.array([(width - spread[0] * edge) / 2, (height - spread[1] * edge) / 2 - 8]) - low * edge
    figure, ax = _page(paper)
    shapes = [polygon @ rotation * edge + offset for polygon in polygons]
    for index, side in tabs:
        a, b = shapes[index][side], shapes[index][(side + 1) % 5]
        out = b - a
        normal = np.array([out[1], -out[0]]) / np.linalg.norm(out)
        if (shapes[index].mean(axis=0) - a) @ normal > 0:
            normal = -normal
        depth = 0.18 * edge
        ax.add_patch(Polygon([a, a + 0.3 * out + depth * normal, b - 0.3 * out + depth * normal, b],
                             closed=True, facecolor="#eeeeee", edgecolor=SOFT, linewidth=0.6))
    for index, shape in enumerate(shapes):
        face = order[index]
        ax.add_patch(Polygon(shape, closed=True, facecolor="white", edgecolor=INK, linewidth=0.9))
        label = "\n".join(symbols(name, reader) for name in face_label(face, reader).split("/"))  # face k
        ax.text(*shape.mean(axis=0), label, ha="center", va="center", fontsize=edge * (0.62 if "\n" in label
                else 0.9), fontweight="bold", color=INK, linespacing=1.1)
    top = height - MARGIN_MM
    ax.text(MARGIN_MM, top, die_title(reader), fontsize=14, fontweight="bold", va="top", color=INK)
    for line, text in enumerate(textwrap.wrap(die_how(paper, reader), 100)):
        ax.text(MARGIN_MM, top - 8 - 5 * line, text, fontsize=9, va="top", color=SOFT)
    return figure


def _rotation(degrees: float) -> np.ndarray:
    angle = math.radians(degrees)
    return np.array([[math.cos(angle), math.sin(angle)], [-math.sin(angle), math.cos(angle)]])


def printables(path: str | Path, paper: str = "a4", level: str = "basic",
               reader: Reader | None = None, web_page: str = "") -> Path:
    """Write the board at true size (page 1) and the die net (page 2, its faces named for `reader`: by
    default the default reader) to a PDF for paper games, each page naming the web page `web_page` (if
    any)."""
    _check(paper, level)
    target = _writable(path)
    reader = for_people(reader)
    pages = (_board_page(paper, level, reader) if page == "board" else _die_page(paper, reader)
             for page in ("board", "die"))
    target.write_bytes(_pdf(pages, kit_title(level, reader), reader, web_page))
    return target


def kit_title(level: str, reader: Reader) -> str:
    """The title of the board and die net that `printables` writes."""
    if level == "master":
        return reader.gettext("Muzundrum: the master board at true size and a twelve-faced die")
    return reader.gettext("Muzundrum: the standard board at true size and a twelve-faced die")


def position_sheet_pdf(position: Position, seed: int = 0, questions: int = 8, paper: str = "a4",
                       reader: Reader | None = None, web_page: str = "") -> bytes:
    """One worksheet on a given position (a teacher's, from the Explorer) and its answer key, as PDF
    bytes for a browser to download, worded for `reader` (by default the default reader, typeset),
    each page naming the web page `web_page` (if any); WorksheetError for a position with broken runs
    or no die."""
    _check(paper=paper)
    sheet = position_sheet(position, seed, questions, reader)
    level = sheet_level(position)
    return _pdf((_question_page(sheet, paper, level, 1) if not answers else _answer_page(sheet, paper, 1)
                 for answers in (False, True)), sheet_title(sheet), sheet.reader, web_page)


def sheet_level(position: Position) -> str:
    """The level a worksheet on `position` names: master on the master rules, else basic."""
    return "master" if position.rules.name == "master" else "basic"


def position_sheet(position: Position, seed: int = 0, questions: int = 8,
                   reader: Reader | None = None) -> Sheet:
    """One worksheet on a given position, its footer giving the position's notation; WorksheetError for
    a position with broken runs or no die."""
    if not len(position):
        raise WorksheetError("the board is empty: put some notes on it first")
    if position.broken():
        raise WorksheetError("the position breaks the rules: mend the runs marked in red first")
    reader = for_people(reader)
    origin = reader.gettext("position: {notation}").format(notation=position.notation())
    return Sheet(1, seed, position, tuple(sheet_questions(position, seed, questions, reader)),
                 origin=origin, reader=reader)  # not a game: no game seed to name


def sheet_title(sheet: Sheet) -> str:
    """One worksheet's heading, the title of a PDF or page holding it alone."""
    return sheet.reader.gettext("Muzundrum worksheet {number}").format(number=sheet.number)
