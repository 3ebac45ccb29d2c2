"""A run of dice in words for a reader: what it is called, what it could become, the keys it fits and
its one line (`describe`). The run keeps the facts (`muzlab.rules.structure.Structure`: its kind,
pitches, triads, keys, its notes as the board spells them and the lesson key it was spelled in); the
words are made here (`muzlab.names.run_words`), for the reader given (None: plain English), in the
run's lesson key.
"""

from __future__ import annotations

from typing import Protocol

from muzlab.names import run_words
from muzlab.names.reader import PLAIN, Key, Reader
from muzlab.names.spelling import show_name


class Run(run_words.RunFacts, Protocol):
    """A run's facts with its notes as the board spells them and the lesson key it was spelled in."""

    @property
    def names(self) -> tuple[str, ...]: ...  # English spelled names, bottom to top ("F#", "E#")

    key: Key | None
    #: `describe`'s lines made so far, by reader and options (a board redraws often)
    words_made: dict


def reading(run: Run, reader: Reader | None) -> Reader:
    """The reader the words are made for: `reader` (None: plain English) with the run's lesson key."""
    reader = PLAIN if reader is None else reader
    return reader if reader.key == run.key else reader.replace(key=run.key)


def spelling(run: Run, reader: Reader | None = None) -> tuple[str, ...]:
    """The run's notes, bottom to top, as `reader` (None: plain English) reads them, as the board names
    its dice (docs/rules.md section 10)."""
    reader = PLAIN if reader is None else reader
    return tuple(show_name(name, reader) for name in run.names)


def functions(run: Run, reader: Reader | None = None) -> tuple[str, ...]:
    """A complete triad's function in each major key of the diagonal runs through its dice (the
    lesson key first when it is one of them), e.g. ("ii in C major", "vi in F major"), named so
    that the key holds the triad as it is spelled; empty for anything else."""
    return run_words.functions(run, run.names, reading(run, reader))


def triad_names(run: Run, reader: Reader | None = None) -> list[str]:
    """The triads a column run is or could become, each named to hold its notes as the board
    spells them (G#–B could become E# diminished, not F diminished)."""
    return run_words.triad_names(run, run.names, reading(run, reader))


def label(run: Run, reader: Reader | None = None) -> str:
    """What a complete run is called, as spelled: "C# major triad", "F# major scale"."""
    return run_words.run_label(run, run.names, reading(run, reader))


def completed_words(run: Run, reader: Reader | None = None) -> str:
    """A complete run as the object of "completes": "the C# major triad" (German "den
    Cis-Dur-Dreiklang", French "l'accord de do♯ majeur")."""
    return run_words.completed_words(run, run.names, reading(run, reader))


def key_name(run: Run, reader: Reader | None = None) -> str:
    """The key a diagonal run is read in, as the board spells it ("F# major"); "no scale" if none."""
    return run_words.key_name(run, run.names, reading(run, reader))


def fitting_keys(run: Run, reader: Reader | None = None) -> tuple[list[str], list[str]]:
    """Every key a diagonal run fits, named as `reader` reads them: those holding its notes as the
    board spells them (the key it is spelled in first), then those it fits only by sound."""
    return run_words.key_lists(run, run.names, reading(run, reader))


def describe(run: Run, reader: Reader | None = None, degrees: str | None = None,
             all_keys: bool = False) -> str:
    """One line a student can read, e.g. "triad D–F–A: complete D minor — ii in C major".

    `degrees` ("names", "movable-do" or "numbers") also names a major-scale run's degrees. A scale
    run names at most three keys it fits ("and 9 more"); `all_keys` names every one. Made once per
    reader and options, and kept with the run (`words_made`).
    """
    reader = reading(run, reader)
    settings = (reader, degrees, all_keys)
    said = run.words_made.get(settings)
    if said is None:
        said = run.words_made[settings] = run_words.describe_run(run, run.names, reader, degrees, all_keys)
    return said
