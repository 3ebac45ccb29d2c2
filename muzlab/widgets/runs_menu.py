"""The runs of a board as a menu to replay (`RunsMenu`): the play board lists the runs on its board,
each described once for the board's reader, and the listen panel plays the run chosen."""

from __future__ import annotations

from collections.abc import Callable

from muzlab.names import structure_words
from muzlab.names.reader import Reader
from muzlab.rules.position import Position, Structure
from muzlab.widgets.menus import OptionalDropdown


class RunsMenu:
    """A menu of a position's runs (`menu`, a dropdown): a new list only when the dice or the reader
    changed, each run described once (not again on every click); choosing one calls `show` with it."""

    def __init__(self, show: Callable[[Structure], None]):
        self.menu = OptionalDropdown(options=[], style={"description_width": "initial"})  # ("choose a run
        # to hear", not blank)
        self.menu.observe(self._chosen, names="value")
        self.menu.add_class("muz-runs")
        self._show = show
        self._structures: list[Structure] = []
        self._listed: tuple[Position, Reader] | None = None  # the position and reader the list is of
        self._described: dict[tuple[Structure, tuple[str, ...]], str] = {}  # each run's words, as listed

    def list(self, position: Position, reader: Reader) -> None:
        """List the runs of `position`, described for `reader`, in its lesson key."""
        if self._listed is not None and self._listed[0] is position and self._listed[1] == reader:
            return
        if self._listed is None or self._listed[1] != reader:
            self._described = {}
        self._listed = (position, reader)
        self._structures = position.structures(reader.key or "")
        described = self._described  # (by the run's facts and its names on this board: its history)
        for structure in self._structures:
            if (structure, structure.names) not in described:
                described[structure, structure.names] = structure_words.describe(structure, reader)
        self.menu.options = [(reader.gettext("choose a run to hear"), None)] + [
            (described[s, s.names], i) for i, s in enumerate(self._structures)]

    def _chosen(self, change) -> None:
        if change["new"] is not None:
            self._show(self._structures[change["new"]])
