"""The default reader: the note names, lesson key and typesetting a notebook chose, for calls given none.

Words are made from a `Reader` passed as a value (`muzlab.names.reader`). A notebook (one person per
kernel) sets a default once, `muzlab.set_note_names("german")` or `muzlab.set_lesson_key("F#")`, or
for one block, `with muzlab.note_names("solfege"):`; the widgets, display hooks and the user-facing
methods given no reader (`pos.explain(...)`, `game.log()`) read it here and pass it down
explicitly. A block's choice holds in its own thread or task only. Nothing below the widgets keeps a
reader: the class server's pages pass their session's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from muzlab.core.pitch import PitchLike
from muzlab.names.language import DEFAULT_NOTE_NAMES, check_language
from muzlab.names.reader import Key, Reader

#: The kernel's default reader (`set_note_names`, `set_lesson_key`): one person per kernel.
_default = [Reader()]
#: The reader of a `with` block (`note_names`, `lesson_key`, `typeset`, `using_reader`), in its own context.
_block: ContextVar[Reader | None] = ContextVar("muzlab_reader", default=None)


def default_reader() -> Reader:
    """The reader in force where none is given: a `with` block's, else the kernel's."""
    return _block.get() or _default[0]


def resolve(reader: Reader | None) -> Reader:
    """The reader a call means: the one given, else the default (`default_reader`)."""
    return default_reader() if reader is None else reader


def set_reader(reader: Reader) -> None:
    """Make `reader` this kernel's default (a block in force is changed too, at once)."""
    if not isinstance(reader, Reader):
        raise TypeError(f"set_reader takes a Reader, not {type(reader).__name__}")
    _default[0] = reader
    if _block.get() is not None:
        _block.set(reader)


@contextmanager
def using_reader(reader: Reader) -> Iterator[Reader]:
    """Use `reader` as the default for one block, in this thread or task only."""
    if not isinstance(reader, Reader):
        raise TypeError(f"using_reader takes a Reader, not {type(reader).__name__}")
    token = _block.set(reader)
    try:
        yield reader
    finally:
        _block.reset(token)


def set_note_names(convention: str) -> None:
    """Switch this kernel's note names: "english", "german" or "solfege" (a block in force too)."""
    _default[0] = _default[0].replace(convention=convention)
    block = _block.get()
    if block is not None:
        _block.set(block.replace(convention=convention))


def set_language(language: str, note_names: str | None = None, harmony: str | None = None) -> None:
    """Switch this kernel's language ("en", "de", "fr", "es"), with that language's usual note names
    (German names for "de", solfège for "fr" and "es") and harmony style (Funktionstheorie for "de",
    Roman numerals for the others) unless `note_names` or `harmony` says otherwise; a later
    `set_note_names` or `set_harmony` changes that setting alone."""
    changes = {"language": check_language(language),
               "convention": note_names or DEFAULT_NOTE_NAMES[language], "harmony": harmony}
    _default[0] = _default[0].replace(**changes)
    block = _block.get()
    if block is not None:
        _block.set(block.replace(**changes))


def set_harmony(harmony: str | None) -> None:
    """Switch how this kernel writes a triad's function: "functions" (Funktionstheorie: "Sp in C
    major"), "roman" ("ii in C major"), or None for the language's usual (a block in force too)."""
    _default[0] = _default[0].replace(harmony=harmony)
    block = _block.get()
    if block is not None:
        _block.set(block.replace(harmony=harmony))


def set_minor_supertonic(reading: str) -> None:
    """Choose how this kernel reads ii° in a minor key, as the class's textbook does: "added sixth"
    (s⁶, the minor subdominant with its sixth) or "dominant" ((Đ⁷) tP); a block in force too."""
    _default[0] = _default[0].replace(minor_supertonic=reading)
    block = _block.get()
    if block is not None:
        _block.set(block.replace(minor_supertonic=reading))


def current_minor_supertonic() -> str:
    """How the default reader reads ii° in a minor key ("added sixth" unless chosen)."""
    return default_reader().minor_supertonic


def current_harmony() -> str:
    """The default reader's harmony style ("roman" or "functions"), its language's usual unless set."""
    return default_reader().harmony_style


def current_language() -> str:
    """The default reader's language ("en" unless switched)."""
    return default_reader().language


def current_note_names() -> str:
    """The default reader's note-name convention ("english" unless switched)."""
    return default_reader().convention


@contextmanager
def note_names(convention: str) -> Iterator[str]:
    """Read note names in `convention` for one block: `with muzlab.note_names("german"): ...`."""
    with using_reader(default_reader().replace(convention=convention)):
        yield convention


def set_lesson_key(key: PitchLike | Key | None) -> None:
    """Set this kernel's lesson key ("F#", "Gb major", None for none): dice that fit it are spelled as
    in that key and Roman numerals name functions in it first."""
    _default[0] = _default[0].with_key(key)
    block = _block.get()
    if block is not None:
        _block.set(block.with_key(key))


def current_lesson_key() -> Key | None:
    """The default reader's lesson key, or None."""
    return default_reader().key


@contextmanager
def lesson_key(key: PitchLike | Key | None) -> Iterator[Key | None]:
    """Use a lesson key (None: none) for one block."""
    with using_reader(default_reader().with_key(key)) as reader:
        yield reader.key


@contextmanager
def typeset() -> Iterator[None]:
    """Typeset the default reader's names for one block: real sharps and flats ("F♯ major", "B♭")."""
    with using_reader(default_reader().replace(typeset=True)):
        yield


def for_people(reader: Reader | None) -> Reader:
    """The reader of text people read (the log, sheets, messages): the one given, else the default
    reader with real sharps and flats (typeset)."""
    if reader is not None:
        return reader
    reader = default_reader()
    return reader if reader.typeset else reader.replace(typeset=True)


def shown(key: PitchLike | Key | None = None) -> Reader:
    """The reader a widget writes for: the default reader, typeset, in the widget's lesson `key` when
    it has one (None: the default reader's)."""
    reader = for_people(None)
    return reader if key is None else reader.with_key(key)
