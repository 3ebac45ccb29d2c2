"""Pitch classes (0 = C ... 11 = B), the note names that stand for them, and the note-name convention.

Legality is decided on pitch classes; names matter only when music is shown or heard. Spelled names
are kept in English inside muzlab ("F#", "Bb", "Ebb") and turned into the class's convention only when
shown (`to_convention`): English (the default), German (H = B natural, B = B flat, Cis, Es, As ...)
or fixed-do solfège (Do Re Mi Fa Sol La Si with ♯ and ♭). The convention is the reader's
(`muzlab.names.reader.Reader`), always passed as a value: nothing here depends on who reads.
`parse_pitch` reads names in the convention it is given (English by default). Position notation
(`note@q,r`) is a file format and always uses English names.
"""

from __future__ import annotations

import operator
from typing import NamedTuple

from muzlab.core.errors import UnknownNoteName, UnknownSetting, shown

LETTER_PITCH = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
ACCIDENTAL_STEP = {"#": 1, "♯": 1, "x": 2, "𝄪": 2, "b": -1, "♭": -1, "𝄫": -2}

#: One name per pitch class, the way the dice are usually read aloud.
DEFAULT_NAMES = ("C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B")
SHARP_NAMES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")
FLAT_NAMES = ("C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B")
#: What is printed on each face of a die: black keys carry both names.
DIE_FACES = tuple(s if s == f else f"{s}/{f}" for s, f in zip(SHARP_NAMES, FLAT_NAMES, strict=True))

#: The note-name conventions muzlab speaks; the first is the default.
CONVENTIONS = ("english", "german", "solfege")
#: Fixed-do syllable of each letter.
SOLFEGE = {"C": "Do", "D": "Re", "E": "Mi", "F": "Fa", "G": "Sol", "A": "La", "B": "Si"}
_SOLFEGE_READ = {"do": "C", "re": "D", "ré": "D", "mi": "E", "fa": "F", "sol": "G", "so": "G", "la": "A",
                 "si": "B", "ti": "B"}

#: The longest note name read (a letter or syllable with a few accidentals).
MAX_NAME_LENGTH = 12


class SpelledNote(NamedTuple):
    """A note as a value: its letter and its accidental (+1 sharp, -1 flat, 0 natural, +-2 double),
    the way names travel through muzlab; a convention writes it only when it is shown."""

    letter: str
    accidental: int

    @property
    def english(self) -> str:
        """The English ASCII name: ("F", 1) -> "F#", ("B", -2) -> "Bbb"."""
        return self.letter + ("#" if self.accidental > 0 else "b") * abs(self.accidental)

    @property
    def pitch(self) -> int:
        """The pitch class it sounds."""
        return (LETTER_PITCH[self.letter] + self.accidental) % 12

    @classmethod
    def from_english(cls, name: str) -> SpelledNote:
        """The value of an English ASCII name ("Eb" -> ("E", -1))."""
        return cls(name[0], name[1:].count("#") - name[1:].count("b"))


PitchLike = int | str | SpelledNote

def _check_convention(convention: str) -> str:
    if convention not in CONVENTIONS:
        raise UnknownSetting("unknown note-name convention {convention}; known: {conventions}",
                             convention=shown(convention), conventions=', '.join(CONVENTIONS))
    return convention


def parse_pitch(value: PitchLike, convention: str = "english") -> int:
    """Return the pitch class of an int 0-11 or a note name ("Eb", "F#", "bb"; German "Es", "H";
    solfège "Mi♭") read in `convention` (English unless given), or of a `SpelledNote`."""
    if isinstance(value, SpelledNote):
        return value.pitch
    if isinstance(value, str):
        convention = _check_convention(convention)
        if len(value) > MAX_NAME_LENGTH:
            raise UnknownNoteName("{value} is not a note name; a note name has at most {max_name_length} "
                                  "characters", value=shown(value, 30), max_name_length=MAX_NAME_LENGTH)
        if convention == "german":
            return _parse_german(value)
        if convention == "solfege":
            return _parse_solfege(value)
        return _parse_name(value)
    if isinstance(value, bool):
        raise UnknownNoteName("{value} is not a note; give a name like 'Eb' or a number 0-11",
                              value=shown(value))
    try:
        number = operator.index(value)
    except TypeError:
        raise UnknownNoteName("{value} is not a note; give a name like 'Eb' or a number 0-11",
                              value=shown(value)) from None
    if not 0 <= number <= 11:
        raise UnknownNoteName("{number} is not a pitch class; pitch classes run from 0 (C) to 11 (B)",
                              number=shown(number))
    return number


def _marks(text: str, marks: str) -> int:
    """Semitones of a string of accidental signs; UnknownNoteName if another character is there."""
    step = 0
    for mark in marks:
        if mark not in ACCIDENTAL_STEP:
            raise UnknownNoteName("{text} is not a note name; after the note only # or b may follow",
                                  text=shown(text))
        step += ACCIDENTAL_STEP[mark]
    return step


def _parse_name(text: str) -> int:
    name = text.strip()
    if not name or name[0].upper() not in LETTER_PITCH:
        raise UnknownNoteName("{text} is not a note name; names start with a letter A-G", text=shown(text))
    return (LETTER_PITCH[name[0].upper()] + _marks(text, name[1:])) % 12


def _german_names() -> dict[str, int]:
    names = {}
    for letter, pitch in LETTER_PITCH.items():
        for step in range(-2, 3):
            english = letter + ("#" * step if step > 0 else "b" * -step)
            names[_german(english).lower()] = (pitch + step) % 12
    names.update({"asas": 7, "hes": 10})  # (also read: an old spelling, and Hes)
    return names


def _parse_german(text: str) -> int:
    name = text.strip()
    pitch = _GERMAN_READ.get(name.lower())
    if pitch is not None:
        return pitch
    letter = name[:1].upper()
    if letter == "B":
        raise UnknownNoteName("{text} is not a German note name; B is B flat, H is B natural (His, Heses, "
                              "...)", text=shown(text))
    if letter not in "CDEFGAH" or not letter:
        raise UnknownNoteName("{text} is not a German note name; names are C D E F G A H B with -is or -es "
                              "(Cis, Es, As, Fisis)", text=shown(text))
    return (LETTER_PITCH["B" if letter == "H" else letter] + _marks(text, name[1:])) % 12


def _parse_solfege(text: str) -> int:
    name = text.strip()
    lower = name.lower()
    for length in (3, 2):
        letter = _SOLFEGE_READ.get(lower[:length])
        if letter is not None:
            return (LETTER_PITCH[letter] + _marks(text, name[length:])) % 12
    if name[:1].upper() in LETTER_PITCH:
        return _parse_name(text)
    raise UnknownNoteName("{text} is not a solfège note name; names are Do Re Mi Fa Sol La Si with ♯ or ♭ "
                          "(Fa♯, Si♭)", text=shown(text))


def typed_letter(text: str, convention: str = "english") -> str:
    """The English letter a typed note name is written on ("Es" -> "E", German "H" -> "B", "Sol♯" ->
    "G"), read as `parse_pitch` reads it in `convention`."""
    convention = _check_convention(convention)
    name = text.strip()
    if convention == "solfege":
        for length in (3, 2):
            if name[:length].lower() in _SOLFEGE_READ:
                return _SOLFEGE_READ[name[:length].lower()]
    letter = name[:1].upper()
    return "B" if convention == "german" and letter == "H" else letter


def _german(english: str) -> str:
    letter, marks = english[0], english[1:]
    sharps, flats = marks.count("#"), marks.count("b")
    if letter == "B":
        if flats:
            return "B" if flats == 1 else "Heses"
        return "H" + "is" * sharps
    if sharps:
        return letter + "is" * sharps
    if flats:  # Es, As, then Eses, Ases (the vowel's e is dropped once: not Eeses, Asas)
        if letter in "EA":
            return letter + "s" + "es" * (flats - 1)
        return letter + "es" * flats
    return letter


def to_convention(english: str, convention: str) -> str:
    """A spelled English name ("Bb", "E#", "Fbb") in a convention: English "Bb"; German "B", "Eis",
    "Feses"; solfège "Si♭", "Mi♯", "Fa♭♭"."""
    if convention == "english":
        return english
    if convention == "german":
        return _german(english)
    if convention == "solfege":
        return SOLFEGE[english[0]] + english[1:].replace("#", "♯").replace("b", "♭")
    raise UnknownSetting("unknown note-name convention {convention}; known: {conventions}",
                         convention=shown(convention), conventions=', '.join(CONVENTIONS))


def pitch_name(pitch: int) -> str:
    """The default English name of a pitch class (sharps for C# and F#, flats for Eb, Ab and Bb):
    the name position notation and records use. Text a person reads uses `spelling.pitch_label`."""
    return DEFAULT_NAMES[pitch]


_GERMAN_READ = _german_names()
