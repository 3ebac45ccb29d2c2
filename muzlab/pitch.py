"""Pitch classes (0 = C ... 11 = B) and the note names that stand for them.

Legality is decided on pitch classes; names matter only when music is shown or heard.
"""

from __future__ import annotations

import operator

from muzlab.errors import UnknownNoteName

LETTER_PITCH = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
ACCIDENTAL_STEP = {"#": 1, "♯": 1, "x": 2, "𝄪": 2, "b": -1, "♭": -1, "𝄫": -2}

#: One name per pitch class, the way the dice are usually read aloud.
DEFAULT_NAMES = ("C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B")
SHARP_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")
FLAT_NAMES = ("C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B")
#: What is printed on each face of a die: black keys carry both names.
DIE_FACES = tuple(s if s == f else f"{s}/{f}" for s, f in zip(SHARP_NAMES, FLAT_NAMES, strict=True))

PitchLike = int | str


def parse_pitch(value: PitchLike) -> int:
    """Return the pitch class of an int 0-11 or a note name such as "C", "Eb", "F#", "bb", "Cb"."""
    if isinstance(value, str):
        return _parse_name(value)
    if isinstance(value, bool):
        raise UnknownNoteName(f"{value!r} is not a note; give a name like 'Eb' or a number 0-11")
    try:
        number = operator.index(value)
    except TypeError:
        raise UnknownNoteName(
            f"{value!r} is not a note; give a name like 'Eb' or a number 0-11"
        ) from None
    if not 0 <= number <= 11:
        raise UnknownNoteName(f"{number} is not a pitch class; pitch classes run from 0 (C) to 11 (B)")
    return number


def _parse_name(text: str) -> int:
    name = text.strip()
    if not name or name[0].upper() not in LETTER_PITCH:
        raise UnknownNoteName(f"{text!r} is not a note name; names start with a letter A-G")
    pitch = LETTER_PITCH[name[0].upper()]
    for mark in name[1:]:
        if mark not in ACCIDENTAL_STEP:
            raise UnknownNoteName(
                f"{text!r} is not a note name; after the letter only # or b may follow"
            )
        pitch += ACCIDENTAL_STEP[mark]
    return pitch % 12


def pitch_name(pitch: int) -> str:
    """The default name of a pitch class (sharps for C# and F#, flats for Eb, Ab and Bb)."""
    return DEFAULT_NAMES[pitch]


def interval_up(lower: int, upper: int) -> int:
    """Semitones from `lower` up to the next `upper` (0-11)."""
    return (upper - lower) % 12
