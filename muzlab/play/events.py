"""What happens in a game, as facts: events (rolls, placements, passes, re-rolls), what a placement
completed, and the moments of a game's history.

Events hold facts (pitch classes, cells, what was completed as kind + root + quality), never display
text: names are made when something is shown (muzlab.play.game_words), so a wording change never
changes a record.
"""

from __future__ import annotations

from typing import NamedTuple

from muzlab.core.hexgrid import Cell
from muzlab.core.theory import SCALE_STEPS
from muzlab.names.reader import Reader, given
from muzlab.names.spelling import completion_label
from muzlab.rules.position import Position, Structure

EVENT_KINDS = ("roll", "place", "pass", "reroll")


class Completion(NamedTuple):
    """What a placement completed, as facts: kind "triad" or "scale", the root of the triad or the
    tonic of the scale (a pitch class), and the triad's quality or the scale's type."""

    kind: str
    root: int
    quality: str

    def label(self, reader: Reader | None = None) -> str:
        """Its name for people as `reader` (by default plain English) reads it: "C major triad"."""
        return completion_label(self.kind, self.root, self.quality, given(reader))


def completion(structure: Structure) -> Completion:
    """The facts of a complete structure. A symmetric scale (whole-tone, chromatic) fits several
    tonics; it is named from its lowest die."""
    if structure.kind == "triad":
        return Completion("triad", *structure.triads[0])
    size = len(structure.pitches)
    fits = [(tonic, kind) for tonic, kind in structure.keys if len(SCALE_STEPS[kind]) == size]
    tonic, kind = next((fit for fit in fits if fit[0] == structure.pitches[0]), fits[0])
    return Completion("scale", tonic, kind)


class Moment(NamedTuple):
    """One step of a game's history: an event and the positions before and after it."""

    event: Event
    before: Position
    after: Position


class Event(NamedTuple):
    """One thing that happened: a roll, a placement, a pass or a re-roll.

    `source` says what the die is: "opening", "turn" (the normal roll), "extra" (an extra roll for a
    completion) or "passed" (received from the previous player: a bonus play if placed); a roll of a
    die given up has source "reroll". `legal_cells` is, for a placement, a pass or a re-roll, how
    many cells the die could have gone to; `completed` lists what a placement completed.

    A named tuple (immutable, compared and hashed by its fields): a game makes about fifty, and a
    tuple is made in a third of the time a frozen dataclass takes.
    """

    kind: str
    player: int
    pitch: int
    cell: Cell | None = None
    points: int = 0
    completed: tuple[Completion, ...] = ()
    source: str = "turn"
    turn: int = 0
    legal_cells: int = 0

    @property
    def missed(self) -> bool:
        """A pass or re-roll of a die that had a legal cell: a placement the player did not see."""
        return self.legal_cells > 0 and (self.kind == "pass" or self.kind == "reroll")


#: A named tuple from all its fields in order, without the argument handling of Event(...) or
#: Completion(...): `_event(Event, (kind, player, pitch, cell, points, completed, source, turn,
#: legal_cells))`, for the game's own hot path (a game makes about fifty events).
_event = _completion = tuple.__new__
