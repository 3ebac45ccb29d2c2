"""Nicknames a class can tell apart: NFC, a bound on accent marks, and look-alike letters refused.

Two nicknames that look the same on a screen ("Anna" in Latin letters and "Аnna" with a Cyrillic А)
let one student pass for another, so a nickname is compared with the class's by its *skeleton*: NFKD,
accents dropped, casefolded, and each Cyrillic or Greek letter that looks like a Latin one replaced by
it (the table below, after Unicode's confusables.txt for those two scripts only; a class's nicknames
are written in Latin, Cyrillic or Greek letters far more often than in any other script that imitates
Latin ones).
"""

from __future__ import annotations

import unicodedata

from muzlab.core.errors import MuzlabError

MAX_NICKNAME = 20
#: At most this many combining marks on one letter (Vietnamese needs two; "Z̷̢͓a̸l̵g̶o" needs many more).
MAX_MARKS = 2

#: Cyrillic and Greek letters that look like Latin ones, as lower case (the skeleton is casefolded).
LOOK_ALIKE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ь": "b", "п": "n", "г": "r", "з": "3",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ς": "c", "μ": "u", "ω": "w", "ζ": "z", "θ": "o", "σ": "o",
    # Latin letters that read as others
    "ı": "i", "ſ": "s", "0": "o", "1": "l",
})


class NicknameError(MuzlabError, ValueError):
    """A nickname the class refuses; the message says what to change."""


def clean(nickname: object) -> str:
    """The nickname as the class keeps it (NFC, spaces collapsed), or NicknameError saying why not."""
    if not isinstance(nickname, str):
        raise NicknameError("Type a nickname first (no real names needed).")
    name = " ".join(unicodedata.normalize("NFC", nickname[:200]).split())
    if not name:
        raise NicknameError("Type a nickname first (no real names needed).")
    if len(name) > MAX_NICKNAME or not name.isprintable():
        raise NicknameError("A nickname is at most {most} letters, digits or spaces.", most=MAX_NICKNAME)
    marks = 0
    for char in unicodedata.normalize("NFD", name):
        marks = marks + 1 if unicodedata.combining(char) else 0
        if marks > MAX_MARKS:
            raise NicknameError("A letter carries at most {most} accent marks: type the nickname "
                                "without the stacked marks.", most=MAX_MARKS)
    return name


def skeleton(name: str) -> str:
    """What the nickname looks like: compatibility forms unfolded (ｆｕｌｌ width, ﬁ), accents dropped,
    casefolded, look-alike letters made Latin."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return bare.casefold().translate(LOOK_ALIKE).replace(" ", "")
