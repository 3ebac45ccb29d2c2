"""The board as one seat at a table sees it: PlayBoard's and the class server's student page's.

The seat to act, when it is shown its choices, sees the die in hand's legal cells lit with their
points (hovering a cell tells its points there, or the rule that refuses it); any other seat, or one
not shown its choices, sees the board with the last placement ringed. A hint's best cells are drawn
with a heavy outline. `Pictures` keeps pictures drawn already, so that boards showing the same table
at the same moment to the same reader draw it once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

from muzlab.core.hexgrid import Cell
from muzlab.names.reader import Reader
from muzlab.reading import for_people
from muzlab.rules.position import Position
from muzlab.widgets.svgboard import Picture, Scene, SvgBoard, draw


def seat_scene(position: Position, hand: int | None, legal: Iterable[Cell], last: Cell | None,
               choosing: bool, chosen: Iterable[Cell] = ()) -> Scene:
    """What a seat sees: with `choosing` (the seat to act, shown its choices) and a die in hand, its
    `legal` cells lit with points, and tooltips for it; the last placement; the `chosen` cells."""
    lit = choosing and hand is not None
    return Scene(position, highlight=hand if lit else None, last=last, lit=tuple(legal) if lit else (),
                 tips_for=hand if lit else None, chosen=tuple(chosen))


class Pictures:
    """Pictures drawn already, by a key the caller gives (what the picture shows, and for whom): the
    most recent `size`, shared by every board that asks, on any thread."""

    def __init__(self, size: int = 256):
        self.size = size
        self._kept: OrderedDict[Hashable, Picture] = OrderedDict()
        self._lock = threading.Lock()
        self.drawn = 0  # how many pictures were drawn (the others were shared)

    def get(self, key: Hashable, make: Callable[[], Picture]) -> Picture:
        """The picture kept for `key`, or `make()` kept for it."""
        with self._lock:
            picture = self._kept.get(key)
            if picture is not None:
                self._kept.move_to_end(key)
                return picture
        picture = make()  # (drawn with no lock held: two boards may draw it at once, both alike)
        with self._lock:
            self.drawn += 1
            self._kept[key] = picture
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return picture


class SeatBoard(SvgBoard):
    """The clickable board of one seat (`seat_scene`): PlayBoard's and the class page's."""

    def show_seat(self, position: Position, hand: int | None, legal: Iterable[Cell], last: Cell | None,
                  choosing: bool, chosen: Iterable[Cell] = (), reader: Reader | None = None,
                  shared: tuple[Pictures, Hashable] | None = None) -> None:
        """Draw the board as the seat sees it (`seat_scene`) for `reader`; with `shared` (pictures and
        a key naming the moment shown, such as a table's version: never a Position, whose equality
        ignores the names its history gave), a picture drawn for the same moment, reader and seat's
        view is shown again instead of being drawn anew."""
        self.use_board(position.board)  # (a game loaded on another board is drawn on its own)
        scene = seat_scene(position, hand, legal, last, choosing, chosen)
        reader = for_people(reader)
        if shared is None:
            self.show_picture(draw(self.board, scene, reader, self.show_names))
            return
        pictures, moment = shared
        key = (moment, reader, self.board, self.show_names, scene.lit, scene.chosen, scene.highlight)
        self.show_picture(pictures.get(key, lambda: draw(self.board, scene, reader, self.show_names)))
