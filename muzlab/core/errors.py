"""Typed errors: every bad input names what was wrong, and nothing is changed when one is raised."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (a type only: the refusal's module imports the grid, not the errors)
    from muzlab.core.refusal import Refusal


class NoteFact(str):
    """A fact of an error that is music: a note's English spelled name ("Bb"). `str()` and the English
    message keep it as it is; a person's page names it by the reader's convention (German "B")."""


class Worded(str):
    """A fact of an error that a person's words are made for (an event: "place Eb on e5"): `str()` is
    the English words, `words(reader)` calls `maker(*facts, reader)` for the reader's. `maker` is a
    module's function, so that the error still pickles (a worker's error reaches the process that
    started it)."""

    maker: Callable[..., str] | None
    facts: tuple

    def __new__(cls, english: str, maker: Callable[..., str] | None = None, *facts: object) -> Worded:
        worded = super().__new__(cls, english)
        worded.maker, worded.facts = maker, facts
        return worded

    def words(self, reader: object) -> str:
        """These words as `reader` reads them (the English ones when there is no maker)."""
        return str(self) if self.maker is None else self.maker(*self.facts, reader)


class Phrase(str):
    """A fact of an error that is words itself ("board file {path}"): the English text, keeping its
    template and facts (`template`, `fields`) so that a person's page says it in their language."""

    template: str
    fields: dict[str, object]

    def __new__(cls, template: str, **fields: object) -> Phrase:
        phrase = super().__new__(cls, template.format(**fields) if fields else template)
        phrase.template, phrase.fields = template, fields
        return phrase


class Count(str):
    """A fact of an error that is a count with its noun ("2 seats"): `str()` is the English words, and a
    person's page takes the singular or plural template by the plural rule of their language (French
    "1 place", "0 place"; `muzlab.names.error_words`). Marked for the catalogues as `Count(n, "{count}
    seat", "{count} seats")`."""

    count: int
    singular: str
    plural: str

    def __new__(cls, count: int, singular: str, plural: str) -> Count:
        counted = super().__new__(cls, (singular if count == 1 else plural).format(count=f"{count:,}"))
        counted.count, counted.singular, counted.plural = count, singular, plural
        return counted

    def __reduce__(self) -> tuple:
        """Pickled as its count and templates (a worker's error reaches the process that started it)."""
        return Count, (self.count, self.singular, self.plural)


class MuzlabError(Exception):
    """Base class of every error muzlab raises on purpose. Raised as `Error("English {template}",
    name=value, ...)`, it keeps the template and its facts (`template`, `fields`), so a page or the
    command line can say it in its reader's language (`muzlab.names.error_words.error_words`): a
    fact that is a `NoteFact` is named as the reader names notes, a `Worded` one made for the reader,
    and one that is a `Phrase` or an error is said in the reader's language too; `str()` is the
    English sentence."""

    def __init__(self, *args: object, **fields: object):
        if fields:
            if len(args) != 1 or not isinstance(args[0], str):
                raise TypeError("an error with fields takes one template")
            super().__init__(args[0].format(**fields))
        else:
            super().__init__(*args)
        self.template = args[0] if len(args) == 1 and isinstance(args[0], str) else ""
        self.fields = fields


class UnknownNoteName(MuzlabError, ValueError):
    """A note name that is not a letter A-G with optional sharps or flats."""


class InvalidCell(MuzlabError, ValueError):
    """Something given as a cell that is not a pair of integers (q, r)."""


class IllegalPlacement(MuzlabError, ValueError):
    """A placement the rules refuse; `.reason` is its English sentence (`str()`), `.refusal` the rule
    it breaks as facts (a `muzlab.core.refusal.Refusal`; None for a cell off the board), worded for
    a person's reader by `muzlab.names.error_words.error_words`."""

    def __init__(self, template: str, pitch: int | None = None, cell: tuple[int, int] | None = None,
                 refusal: Refusal | None = None, **fields: object):
        super().__init__(template, **fields)
        self.reason = str(self)
        self.pitch = pitch
        self.cell = cell
        self.refusal = refusal


class CellOffBoard(IllegalPlacement):
    """A cell that is not on the board."""


class CellOccupied(IllegalPlacement):
    """A cell that already holds a die."""


class InvalidPosition(MuzlabError, ValueError):
    """Dice that break the rules; `.problems` lists each broken run with why (its `Refusal` facts)."""

    def __init__(self, template: str, problems: list | tuple = (), **fields: object):
        super().__init__(template, **fields)
        self.problems = list(problems)


class NotationError(MuzlabError, ValueError):
    """Position notation that cannot be read."""


class UnknownSetting(MuzlabError, ValueError):
    """A name or setting muzlab does not know (a rule set, an agent, a scale type, an option value)."""


class BoardFileError(MuzlabError, ValueError):
    """A board file that is missing, unreadable or inconsistent."""


class GameError(MuzlabError, ValueError):
    """An action that does not fit the state of the game (placing with no die in hand, ...)."""


class GameRecordError(MuzlabError, ValueError):
    """A game record that is malformed, from another rule set, or holds an illegal event."""


class SimulationError(MuzlabError, RuntimeError):
    """Games that were not played because their chunk kept failing; `.missing` lists every unplayed range."""

    def __init__(self, message: str, missing: list[range], **fields: object):
        super().__init__(message, **fields)
        self.missing = missing


class DaskMissing(MuzlabError, ImportError):
    """Dask is needed for cluster runs and datasets but is not installed."""


def shown(value: object, limit: int = 80) -> str:
    """`repr(value)` for an error message, cut to `limit` characters; safe for any value (an integer
    too long for Python to print is described instead of raising)."""
    try:
        text = repr(value)
    except ValueError:  # an int over sys.get_int_max_str_digits() digits
        return "a number too long to print"
    return text if len(text) <= limit else text[: limit - 1] + "…"
