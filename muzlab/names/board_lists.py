"""The board as lists a screen reader can step through, from the rules' facts: the dice line by line
(each column, then each diagonal), every run with its cells and what it builds, every lone die with
its cell and name; and the legal cells for a die in hand, with their points and what each would
complete. Words only: the facts come from the rules (`muzlab.rules.board_reading` gathers them), the
names from the board's spelling, the sentences from the reader's catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from muzlab.core.board import Board
from muzlab.core.hexgrid import LINE_NAMES, Cell
from muzlab.names.board_spelling import BoardSpelling
from muzlab.names.language import joined, marked, sentence
from muzlab.names.reader import Reader
from muzlab.names.run_words import RunFacts, completed_words, describe_run
from muzlab.names.spelling import prose_name

#: A line's title, one message per direction, with its bottom and top cells.
_LINE_TITLES = {
    "rising-right diagonal": marked("a list of the board's dice", "Rising-right diagonal {first} to {last}"),
    "rising-left diagonal": marked("a list of the board's dice", "Rising-left diagonal {first} to {last}"),
}


class LineRun(RunFacts, Protocol):
    """A run's facts and where it stands (`muzlab.rules.position.Structure` has them)."""

    line: str  # one of LINE_NAMES
    cells: tuple[Cell, ...]  # bottom to top


@dataclass(frozen=True)
class ListGroup:
    """One list: its title and its items, each a line a person reads."""

    title: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class BoardLists:
    """The dice as lists: one group per line holding dice, columns first, then each diagonal."""

    columns: tuple[ListGroup, ...]
    rising_right: tuple[ListGroup, ...]
    rising_left: tuple[ListGroup, ...]
    #: What is said when no die stands on the board (else "").
    empty: str = ""

    def groups(self) -> tuple[ListGroup, ...]:
        """Every group, columns first."""
        return self.columns + self.rising_right + self.rising_left

    def text(self) -> str:
        """The lists as plain text: each title, then its items indented, one per line."""
        if self.empty:
            return self.empty
        return "\n".join(line for group in self.groups()
                         for line in (group.title, *(f"  {item}" for item in group.items)))


def dice_lists(board: Board, dice: Mapping[Cell, int], spelling: BoardSpelling, runs: Sequence[LineRun],
               reader: Reader) -> BoardLists:
    """The dice by column and by diagonal: each line holding a die gets a group, bottom to top, of its
    runs ("e4, e5, e6 — triad C–E–G: complete C major — I in C major") and its lone dice ("e8: A,
    alone on this line"), named as the board spells them (`spelling`) and worded for `reader`."""
    if not dice:
        return BoardLists((), (), (), reader.gettext("The board is empty."))
    by_line = {line: [] for line in LINE_NAMES}
    for run in runs:
        by_line[run.line].append(run)
    groups = []
    for number, line in enumerate(LINE_NAMES):
        found = []
        for stretch in board.lines[number]:
            cells = [board.cells[i] for i in stretch]
            if any(cell in dice for cell in cells):
                found.append(_line_group(board, line, cells, dice, spelling, by_line[line], reader))
        groups.append(tuple(found))
    return BoardLists(*groups)


def _line_group(board: Board, line: str, cells: list[Cell], dice: Mapping[Cell, int], spelling: BoardSpelling,
                runs: list[LineRun], reader: Reader) -> ListGroup:
    """One line's group: its title, then its runs and lone dice from the bottom up."""
    title = line_title(board, line, cells, reader)
    number, starts = LINE_NAMES.index(line), {run.cells[0]: run for run in runs if run.cells[0] in cells}
    items, inside = [], set()
    for cell in cells:
        if cell in starts:
            run = starts[cell]
            names = tuple(spelling.name(one, number) for one in run.cells)
            items.append(reader.pgettext("a run in a list of the board's dice", "{cells} — {run}").format(
                cells=", ".join(board.cell_name(one) for one in run.cells),
                run=describe_run(run, names, reader)))
            inside.update(run.cells)
        elif cell in dice and cell not in inside:
            note = prose_name(spelling.name(cell, number), reader)
            items.append(sentence(reader.gettext("{cell}: {note}, alone on this line"),
                                  cell=board.cell_name(cell), note=note))
    return ListGroup(title, tuple(items))


def line_title(board: Board, line: str, cells: Sequence[Cell], reader: Reader) -> str:
    """A stretch of a line named as its list's title: "Column e", "Rising-right diagonal a1 to i5"."""
    first, last = board.cell_name(cells[0]), board.cell_name(cells[-1])
    if line == "column":
        return reader.pgettext("a list of the board's dice", "Column {letters}").format(
            letters=re.sub(r"\d+$", "", first))
    return reader.pgettext(*_LINE_TITLES[line]).format(first=first, last=last)


@dataclass(frozen=True)
class LegalFacts:
    """A legal cell for the die in hand: its name, the points a placement there earns, and the runs it
    would complete, each with its notes as the board would spell them (English)."""

    cell: str
    points: int
    completes: tuple[tuple[RunFacts, tuple[str, ...]], ...] = ()


def legal_list(note: str, cells: Sequence[LegalFacts], reader: Reader) -> ListGroup:
    """The legal cells for a die in hand (`note` as a sentence writes it), in board order: "e5: 2
    points, completes the C major triad"; the title counts them ("C may go on 3 cells")."""
    if not cells:
        return ListGroup(sentence(reader.gettext("{note} may go on no cell"), note=note), ())
    title = sentence(reader.ngettext("{note} may go on {count} cell", "{note} may go on {count} cells",
                                     len(cells)), note=note, count=len(cells))
    items = []
    for legal in cells:
        text = legal.cell + reader.ngettext(": {points} point", ": {points} points", legal.points).format(
            points=legal.points)
        if legal.completes:
            runs = [completed_words(run, names, reader) for run, names in legal.completes]
            text += reader.gettext(", completes {runs}").format(runs=joined(reader.gettext(" and "), runs))
        items.append(text)
    return ListGroup(title, tuple(items))
