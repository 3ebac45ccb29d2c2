"""The notebook's front door: `muzlab.Position`, which reads and speaks as the notebook chose
(`muzlab.set_language("de")`, `muzlab.set_note_names("german")`, `with muzlab.note_names(...)`).

Below the widgets, a call given no reader means plain English (`muzlab.rules.position.Position.reading`),
and positions and runs keep facts: their words are functions of the naming layer
(`muzlab.names.position_words`, `muzlab.names.structure_words`). This subclass answers `reading` with
the notebook's default reader instead (`muzlab.reading`), and offers a person the words as methods,
in the notebook's choice: `pos.explain("Es", "e6")`, `pos.problems()`, and on the runs it hands out
(`Run`) `run.describe()`, `run.label()`, ... An explicit reader still wins.
`muzlab.notebook_game.Game` is the game whose positions these are.
"""

from __future__ import annotations

from typing import Any, ClassVar

from muzlab.core.pitch import PitchLike
from muzlab.names import position_words, structure_words
from muzlab.names.position_words import Problem
from muzlab.names.reader import Reader
from muzlab.reading import resolve
from muzlab.rules import position, structure


class Run(structure.Structure):
    """A run (`muzlab.rules.structure.Structure`) whose words are the notebook's reader's by default
    (`muzlab.names.structure_words`)."""

    def describe(self, degrees: str | None = None, all_keys: bool = False,
                 reader: Reader | None = None) -> str:
        """One line a student can read, e.g. "triad D–F–A: complete D minor — ii in C major"
        (`structure_words.describe`)."""
        return structure_words.describe(self, resolve(reader), degrees, all_keys)

    def label(self, reader: Reader | None = None) -> str:
        """What a complete run is called, as spelled: "C# major triad" (`structure_words.label`)."""
        return structure_words.label(self, resolve(reader))

    def functions(self, reader: Reader | None = None) -> tuple[str, ...]:
        """A complete triad's function in each major key its diagonals fit (`structure_words.functions`)."""
        return structure_words.functions(self, resolve(reader))

    def triad_names(self, reader: Reader | None = None) -> list[str]:
        """The triads a column run is or could become (`structure_words.triad_names`)."""
        return structure_words.triad_names(self, resolve(reader))

    def completed_words(self, reader: Reader | None = None) -> str:
        """A complete run as the object of "completes" (`structure_words.completed_words`)."""
        return structure_words.completed_words(self, resolve(reader))

    def key_name(self, reader: Reader | None = None) -> str:
        """The key a diagonal run is read in, as the board spells it (`structure_words.key_name`)."""
        return structure_words.key_name(self, resolve(reader))

    def fitting_keys(self, reader: Reader | None = None) -> tuple[list[str], list[str]]:
        """Every key a diagonal run fits, by spelling, then by sound (`structure_words.fitting_keys`)."""
        return structure_words.fitting_keys(self, resolve(reader))


class Position(position.Position):
    """A position (`muzlab.rules.position.Position`) that reads and speaks as the notebook chose."""

    __slots__ = ()
    structure_type: ClassVar[type[structure.Structure]] = Run

    def reading(self, reader: Reader | None) -> Reader:
        """The reader given, else the notebook's default (`muzlab.default_reader`)."""
        return resolve(reader)

    def explain(self, pitch: PitchLike, cell: Any, reader: Reader | None = None) -> str | None:
        """None when the placement is legal, otherwise one sentence saying which rule it breaks
        (`position_words.explain`), in the notebook's reader unless one is given."""
        return position_words.explain(self, pitch, cell, resolve(reader))

    def problems(self, reader: Reader | None = None) -> list[Problem]:
        """Every way these dice break the rules, in words (`position_words.problems`), in the notebook's
        reader unless one is given."""
        return position_words.problems(self, resolve(reader))
