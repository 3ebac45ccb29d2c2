"""A harmonic function (`muzlab.names.functions`) said for a reader: its symbol, plain ("Đ7") or
typeset ("Đ⁷"), and its name in words ("verkürzter D⁷", "Tonikaparallele", "Zwischendominante zur
Tonikaparallele"), for the screen reader and the explanation beside the symbol.

A triad's function in a key is written in the reader's harmony style (`Reader.harmony_style`): a Roman
numeral ("ii") or its Funktionstheorie symbol ("Sp"); `harmony_label` chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from muzlab.names.functions import HarmonicFunction, function_of
from muzlab.names.language import marked

if TYPE_CHECKING:  # the reader's module names keys through muzlab.names.spelling, which uses this one
    from muzlab.names.reader import Reader

#: The name of each function without a target, by its plain symbol; "Tonika" and "Molltonika" alike
#: name the tonic of a major and a minor key, a Parallele and a Gegenklang the same in both.
_NAMES = {
    "T": marked("harmonic function", "tonic"), "t": marked("harmonic function", "minor tonic"),
    "S": marked("harmonic function", "subdominant"), "s": marked("harmonic function", "minor subdominant"),
    "D": marked("harmonic function", "dominant"), "d": marked("harmonic function", "minor dominant"),
    "parallel T": marked("harmonic function", "tonic parallel"),
    "parallel S": marked("harmonic function", "subdominant parallel"),
    "parallel D": marked("harmonic function", "dominant parallel"),
    "gegenklang T": marked("harmonic function", "tonic counter-parallel"),
    "gegenklang S": marked("harmonic function", "subdominant counter-parallel"),
    "gegenklang D": marked("harmonic function", "dominant counter-parallel"),
    "DD": marked("harmonic function", "double dominant"),
    "Đ7": marked("harmonic function", "rootless D⁷"),
    "sN": marked("harmonic function", "Neapolitan"),
    "s6": marked("harmonic function", "minor subdominant with added sixth"),
}
#: A Zwischendominante and what it leads to, by its own form and its target's (the target's words
#: take the article their form asks for: German "zur Tonikaparallele", "zum Tonikagegenklang").
_SECONDARY = {
    ("main", "main"): marked("secondary dominant", "secondary dominant of the {target}"),
    ("main", "parallel"): marked("secondary dominant of a parallel", "secondary dominant of the {target}"),
    ("main", "gegenklang"): marked("secondary dominant of a counter-parallel",
                                   "secondary dominant of the {target}"),
    ("shortened dominant", "main"): marked("secondary dominant", "rootless D⁷ of the {target}"),
    ("shortened dominant", "parallel"): marked("secondary dominant of a parallel",
                                               "rootless D⁷ of the {target}"),
    ("shortened dominant", "gegenklang"): marked("secondary dominant of a counter-parallel",
                                                 "rootless D⁷ of the {target}"),
}


def function_symbol(function: HarmonicFunction, reader: Reader) -> str:
    """The symbol as the reader reads it: typeset ("Đ⁷", "s⁶") for a typesetting reader, else plain."""
    return function.symbol(typeset=reader.typeset)


def function_words(function: HarmonicFunction, reader: Reader) -> str:
    """The function's name in the reader's language: "Tonikaparallele", "verkürzter D⁷",
    "Zwischendominante zur Tonikaparallele"."""
    if function.target is not None:
        target = function.target
        template = reader.pgettext(*_SECONDARY[(function.form, target.form)])
        return template.format(target=function_words(target, reader))
    plain = function.symbol()
    key = f"{function.form} {function.base}" if function.form in ("parallel", "gegenklang") else plain
    return reader.pgettext(*_NAMES[key])


def harmony_label(numeral: str, root: int, quality: str, tonic: int, reader: Reader) -> str:
    """A triad's function in the major key on `tonic` in the reader's harmony style: its Roman
    `numeral` ("ii"), or its usual Funktionstheorie symbol ("Sp")."""
    if reader.harmony_style == "roman":
        return numeral
    function = function_of(root, quality, tonic, "major", minor_supertonic=reader.minor_supertonic)
    return numeral if function is None else function_symbol(function, reader)


def harmony_explained(numeral: str, root: int, quality: str, tonic: int, reader: Reader) -> str:
    """`harmony_label` with its name for a reader of Funktionstheorie, where an answer explains it:
    "Tp (Tonikaparallele)"; the Roman numeral alone ("vi") for the others."""
    function = function_of(root, quality, tonic, "major", minor_supertonic=reader.minor_supertonic)
    if reader.harmony_style == "roman" or function is None:
        return numeral
    return f"{function_symbol(function, reader)} ({function_words(function, reader)})"
