"""A complete triad's function in the lesson key, as a picture of the board labels it: in the reader's
harmony style (a Roman numeral, "ii", or a Funktionstheorie symbol, "Sp", "Đ⁷", "(D) Tp"), with the
words a screen reader says for it ("Subdominantparallele", "verkürzter D⁷").

A Roman numeral names a triad of a major key only (the app's lesson keys); a function names the
chromatic triads a board can hold too (DD, (D), sN, the Variante), in major and minor keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.pitch import parse_pitch
from muzlab.names.function_words import function_symbol, function_words
from muzlab.names.functions import function_of
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import triad_function_facts


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
    """The triad on pitch class `root` of `quality` labelled in `key` for `reader`, in its harmony
    style; None when the style has no label for it there (a Roman numeral for a chromatic triad)."""
    tonic = parse_pitch(key.tonic_name, "english")
    if reader.harmony_style == "roman":
        if key.kind != "major":
            return None
        facts = triad_function_facts(root, quality, (tonic,))
        return KeyFunction(facts[0][0], facts[0][0]) if facts else None
    mode = "major" if key.kind == "major" else "minor"
    function = function_of(root, quality, tonic, mode, minor_supertonic=reader.minor_supertonic)
    if function is None:
        return None
    return KeyFunction(function_symbol(function, reader), function_words(function, reader),
                       function.form == "shortened dominant")
