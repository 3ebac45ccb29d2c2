"""The notebook's front door: `muzlab.Position`, which reads and speaks as the notebook chose
(`muzlab.set_language("de")`, `muzlab.set_note_names("german")`, `with muzlab.note_names(...)`).

Below the widgets, a call given no reader means plain English (`muzlab.rules.position.Position.reading`).
This subclass answers `reading` with the notebook's default reader instead (`muzlab.reading`), so every
method a person calls on it, and on what it makes (a placed position, its runs), reads typed names and
makes words in the notebook's choice: `pos.explain("Es", "e6")` in a German notebook. An explicit
reader still wins. `muzlab.notebook_game.Game` is the game whose positions these are.
"""

from __future__ import annotations

from muzlab.names.reader import Reader
from muzlab.reading import resolve
from muzlab.rules import position


class Position(position.Position):
    """A position (`muzlab.rules.position.Position`) that reads and speaks as the notebook chose."""

    __slots__ = ()

    def reading(self, reader: Reader | None) -> Reader:
        """The reader given, else the notebook's default (`muzlab.default_reader`)."""
        return resolve(reader)
