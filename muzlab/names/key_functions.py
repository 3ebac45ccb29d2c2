"""A complete triad's function in the lesson key, as a picture of the board labels it: in the reader's
harmony style (a Roman numeral, "ii", or a Funktionstheorie symbol, "Sp", "Đ⁷", "(D) Tp"), with the
words a screen reader says for it ("Subdominantparallele", "verkürzter D⁷").

Both styles name the chromatic triads a board can hold too, in major and minor keys: (D) Tp is V/vi,
DD V/V, sN ♭II, the Variante s in major iv (as data/functions/reference.csv has them). ii° in a minor
key, which textbooks read two ways, is labelled in the reading the reader chose
(`Reader.minor_supertonic`), and its words name the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.pitch import parse_pitch
from muzlab.names.function_words import function_symbol, function_words
from muzlab.names.functions import readings
from muzlab.names.language import key_phrase
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import key_label, prose_name

#: The Roman numeral of each triad that has one in a key, by mode and (semitones above the tonic,
#: quality): the key's own triads, the borrowed and the applied ones ("b" a flat, typeset "♭").
ROMAN = {
    "major": {(0, "major"): "I", (2, "minor"): "ii", (4, "minor"): "iii", (5, "major"): "IV",
              (7, "major"): "V", (9, "minor"): "vi", (11, "diminished"): "vii°", (0, "minor"): "i",
              (5, "minor"): "iv", (7, "minor"): "v", (1, "major"): "bII", (2, "major"): "V/V",
              (4, "major"): "V/vi", (9, "major"): "V/ii", (11, "major"): "V/iii", (3, "major"): "bIII",
              (8, "major"): "bVI", (10, "major"): "bVII", (1, "diminished"): "vii°/ii",
              (3, "diminished"): "vii°/iii", (4, "diminished"): "vii°/IV", (6, "diminished"): "vii°/V",
              (8, "diminished"): "vii°/vi"},
    "minor": {(0, "minor"): "i", (2, "diminished"): "ii°", (3, "major"): "III", (5, "minor"): "iv",
              (7, "minor"): "v", (7, "major"): "V", (8, "major"): "VI", (10, "major"): "VII",
              (11, "diminished"): "vii°", (0, "major"): "I", (5, "major"): "IV", (1, "major"): "bII",
              (2, "major"): "V/V", (4, "diminished"): "vii°/iv", (6, "diminished"): "vii°/V",
              (7, "diminished"): "vii°/VI", (9, "diminished"): "vii°/VII"},
}


@dataclass(frozen=True)
class KeyFunction:
    """A triad's label in a key: its `text` as written ("Sp", "ii", "(Đ⁷) Tp"), its `words` as said
    ("Subdominantparallele", "verkürzter D⁷ zur Tonikaparallele") and whether its D is struck
    through (`struck`: the verkürzter Dominantseptakkord, whose "Đ" a picture draws as a D with a
    stroke across it)."""

    text: str
    words: str
    struck: bool = False


def key_function(root: int, quality: str, key: Key, reader: Reader) -> KeyFunction | None:
    """The triad on pitch class `root` of `quality` labelled in `key` (a major or minor key) for
    `reader`, in its harmony style; None when it has no function there."""
    tonic = parse_pitch(key.tonic_name, "english")
    mode = "major" if key.kind == "major" else "minor"
    if reader.harmony_style == "roman":
        numeral = ROMAN[mode].get(((root - tonic) % 12, quality))
        if numeral is None:
            return None
        text = numeral.replace("b", "♭") if reader.typeset else numeral
        return KeyFunction(text, text)
    found = readings(root, quality, tonic, mode, minor_supertonic=reader.minor_supertonic)
    if not found:
        return None
    function, words = found[0], function_words(found[0], reader)
    if mode == "minor" and ((root - tonic) % 12, quality) == (2, "diminished"):  # textbooks differ: both
        words = reader.gettext("{reading}; also read as {other}").format(
            reading=words, other=f"{function_symbol(found[1], reader)} ({function_words(found[1], reader)})")
    return KeyFunction(function_symbol(function, reader), words, function.form == "shortened dominant")


def key_words(key: Key, reader: Reader) -> str:
    """A lesson key named as a sentence about functions names it: "C-Dur", a minor key as a minor key
    ("a-Moll", not "a-Moll harmonisch": its functions are read in harmonic minor all the same)."""
    if key.kind == "major":
        return key_label(key.tonic, "major", reader)
    return key_phrase(prose_name(key.tonic_name, reader), "minor", reader.language)
