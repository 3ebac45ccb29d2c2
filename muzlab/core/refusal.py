"""Why dice break the rules, as facts: the rule (docs/rules.md section 6) and what it concerns.

The rules find a `Refusal`; the naming layer (`muzlab.names.refusal_words`) writes the sentence a
student reads, with the dice named as the board names them. Keeping the two apart lets a wording or
a note-name convention change without touching the rules, and lets a program ask which rule was
broken without reading a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.hexgrid import Cell

#: The rules a placement or a set of dice can break, in the order docs/rules.md section 6 checks them.
RULES = (
    "occupied",        # the cell holds a die already
    "opening",         # the first die goes on the centre cell
    "touch",           # a die must touch one already on the board
    "column-long",     # more than three dice in a column
    "column-quality",  # a root-position triad of a quality the rule set does not allow
    "column-shape",    # three dice that are no root-position triad
    "column-pair",     # column neighbours not a third apart
    "scale-closed",    # a diagonal run that is a complete scale already
    "scale-long",      # a diagonal run longer than any scale
    "scale-fragment",  # a diagonal run that is not consecutive notes of one scale
    "room",            # a column pair that could never be finished as a triad
    "apart",           # dice cut off from the others
)

#: Why a column pair cannot be finished on one side (the room rule): the board ends there, the cell
#: beyond holds a die (four in a column), or no finishing note fits the diagonals there.
SIDE_FAULTS = ("edge", "four", "scale")


@dataclass(frozen=True)
class Refusal:
    """One broken rule, as facts.

    `pitch` and `cell` are the refused die (None for dice already on the board). `cells` and
    `pitches` are the run it concerns, bottom to top, the refused die included; `line` is that run's
    line (0 column, 1 and 2 the diagonals; -1 for no run). `allowed` is the rule set's triad
    qualities (column rules) or scale types (diagonal rules). `detail` holds what the rule needs:
    occupied (the pitch of the die there,); column-quality (quality,); column-pair (semitones,);
    scale-long (longest scale,); scale-closed (the complete run's pitches, its (tonic, scale type)
    fits); room ((side, fault), (side, fault)) with sides "above"/"below" and faults from
    SIDE_FAULTS; opening (centre cell,).
    """

    rule: str
    pitch: int | None = None
    cell: Cell | None = None
    line: int = -1
    cells: tuple[Cell, ...] = ()
    pitches: tuple[int, ...] = ()
    allowed: tuple[str, ...] = ()
    detail: tuple = ()
