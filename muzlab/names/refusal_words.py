"""The sentence a student reads for a broken rule, written from its facts (`muzlab.core.refusal`).

The dice are named as the board names them (`BoardSpelling`), so that a refusal reads like the
board it is about; dice already on the board with no board spelling (`Position.problems`) are
spelled run by run. The refused die is written where its run would put it: a third from the column
dice, or on the letter after the scale run below it (C–D–E–F♯–G♯, not C–D–E–F♯–A♭).
"""

from __future__ import annotations

from collections.abc import Callable

from muzlab.core.board import Board
from muzlab.core.hexgrid import COLUMN
from muzlab.core.pitch import pitch_name
from muzlab.core.refusal import Refusal
from muzlab.names.board_spelling import BoardSpelling
from muzlab.names.reader import Reader
from muzlab.names.spelling import (
    join,
    next_letter_name,
    pitch_label,
    run_key,
    show_label,
    show_name,
    spell_column,
)

#: The board's spelling the dice are named by, or None (each run spelled alone).
Spelled = BoardSpelling | None
#: How each side of a column pair fails the room rule, by fault, with where the side is.
_SIDE_WORDS = {
    "edge": "the board ends {where} it",
    "four": "the cell {where} it has a die beyond it (that would make four)",
    "scale": "no note that finishes it fits {where} without breaking a scale",
}


def refusal_text(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    """One sentence saying which rule is broken, as `reader` reads it; `spelled` is the board's
    spelling the dice are named by (None: each run is spelled alone)."""
    return _WRITERS[refusal.rule](refusal, board, spelled, reader)


def or_list(words: list[str] | tuple[str, ...]) -> str:
    """Words joined as a reader lists choices: "major, minor or diminished"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def column_names(refusal: Refusal, spelled: BoardSpelling | None) -> list[str]:
    """The column run's English names: its dice as the board writes them and the refused die a third
    from them where it can be; the whole run in thirds when there is no board spelling."""
    fixed = {} if spelled is None else {
        k: spelled.name(cell, COLUMN) for k, cell in enumerate(refusal.cells) if cell != refusal.cell}
    return spell_column(refusal.pitches, fixed=fixed, qualities=refusal.allowed)


def _scale_names(refusal: Refusal, spelled: BoardSpelling | None, reader: Reader) -> str:
    """The diagonal run written out: its dice as the board writes them and the refused die on the
    letter next to them; every die by its default name when there is no board spelling."""
    if spelled is None:
        return "–".join(pitch_label(p, reader) for p in refusal.pitches)
    at = refusal.cells.index(refusal.cell)
    below = [spelled.name(cell, refusal.line) for cell in refusal.cells[:at]]
    above = [spelled.name(cell, refusal.line) for cell in refusal.cells[at + 1:]]
    if below:
        new = next_letter_name(below[-1], refusal.pitch, up=True)
    elif above:
        new = next_letter_name(above[0], refusal.pitch, up=False)
    else:
        new = pitch_name(refusal.pitch)
    return join([*below, new, *above], reader)


def _occupied(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    label = spelled.label(refusal.cell) if spelled is not None else pitch_name(refusal.detail[0])
    return f"{board.cell_name(refusal.cell)} already holds {show_label(label, reader)}."


def _opening(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return f"The first die goes on the centre cell {board.cell_name(refusal.detail[0])}."


def _touch(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return f"{pitch_label(refusal.pitch, reader)} must touch a die already on the board."


def _column_long(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    notes = join(column_names(refusal, spelled), reader)
    return (f"{notes} would stack {len(refusal.pitches)} notes in a column; "
            "a column holds at most a triad of three.")


def _column_quality(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    quality = refusal.detail[0]
    notes = join(column_names(refusal, spelled), reader)
    return (f"{notes} is a{'n' if quality[0] in 'aeiou' else ''} {quality} "
            f"triad; only {or_list(refusal.allowed)} triads are allowed.")


def _column_shape(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    notes = join(column_names(refusal, spelled), reader)
    return (f"{notes}, read upward, is not a {or_list(refusal.allowed)} "
            "triad in root position.")


def _column_pair(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    low, high = column_names(refusal, spelled)
    step = refusal.detail[0]
    return (f"{show_name(low, reader)} up to {show_name(high, reader)} is {step} "
            f"semitone{'s' if step != 1 else ''}; "
            "neighbours in a column are a third apart (3 or 4 semitones).")


def _scale_closed(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    complete, keys = refusal.detail
    fit = run_key(complete, keys)
    names = fit.names if fit is not None else [pitch_name(p) for p in complete]
    return f"{join(names, reader)} is already a complete scale; it takes no more notes."


def _scale_long(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    which = "one major scale" if refusal.allowed == ("major",) else "one full scale"
    return (f"{_scale_names(refusal, spelled, reader)} is {len(refusal.pitches)} notes; "
            "a diagonal holds at most "
            f"{refusal.detail[0]} ({which}).")


def _scale_fragment(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    if refusal.allowed == ("major",):
        fragment = "part of one major scale"
    else:
        fragment = f"consecutive notes of a {or_list(refusal.allowed)} scale"
    return f"{_scale_names(refusal, spelled, reader)}, read upward, is not {fragment}."


def _room(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    sides = ", and ".join(_SIDE_WORDS[fault].format(where=where) for where, fault in refusal.detail)
    return f"{join(column_names(refusal, spelled), reader)} could never be finished as a triad: {sides}."


def _apart(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return (f"the dice on {', '.join(map(board.cell_name, refusal.cells))} do not touch the others; "
            "every die must join the group.")


_WRITERS: dict[str, Callable[[Refusal, Board, BoardSpelling | None, Reader], str]] = {
    "occupied": _occupied, "opening": _opening, "touch": _touch, "column-long": _column_long,
    "column-quality": _column_quality, "column-shape": _column_shape, "column-pair": _column_pair,
    "scale-closed": _scale_closed, "scale-long": _scale_long, "scale-fragment": _scale_fragment,
    "room": _room, "apart": _apart,
}
