"""`Structure.spelling`'s value: a call with a reader (`run.spelling(reader)`) gives the run's notes as
that reader reads them; the old form, `run.spelling` used as a tuple (a property until muzlab 0.1),
still gives its position's reader's notes (`Position.reading`) for one release, with a
DeprecationWarning at the user's line."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from typing import Any

from muzlab.names.reader import Reader

#: What the warning says: the new form, and when the old one goes.
OLD_FORM = ("Structure.spelling is a method taking a reader: call it, run.spelling() or "
            "run.spelling(reader); using run.spelling as a tuple stops working in the next release")


class Spelling:
    """A run's spelling: called (`spelling(reader)`, the form to use) it is a tuple of names; used as a
    tuple itself (iterated, indexed, compared, measured, shown), its position's reader's names, with a
    DeprecationWarning."""

    __slots__ = ("_spell",)

    def __init__(self, spell: Callable[[Reader | None], tuple[str, ...]]):
        self._spell = spell

    def __call__(self, reader: Reader | None = None) -> tuple[str, ...]:
        """The run's notes, bottom to top, as `reader` (None: as its position reads) reads them; TypeError
        for anything else (a convention's name is no reader: `Reader("german")` is)."""
        if reader is not None and not isinstance(reader, Reader):
            raise TypeError(f"Structure.spelling takes a Reader (muzlab.Reader('german')) or None, not "
                            f"{type(reader).__name__} {reader!r:.40}")
        return self._spell(reader)

    def _old(self) -> tuple[str, ...]:
        """The old property's value, with the warning pointing at the line that used it."""
        warnings.warn(OLD_FORM, DeprecationWarning, stacklevel=3)
        return self._spell(None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._old())

    def __len__(self) -> int:
        return len(self._old())

    def __getitem__(self, index: Any) -> Any:
        return self._old()[index]

    def __contains__(self, name: object) -> bool:
        return name in self._old()

    def __eq__(self, other: object) -> bool:
        return self._old() == other

    __hash__ = None  # type: ignore[assignment]  # compared as a tuple: unhashable, as a mutable value

    def __add__(self, other: tuple) -> tuple:
        return self._old() + other

    def __repr__(self) -> str:
        return repr(self._old())
