"""Nicknames a class can tell apart: letters, digits, spaces and - ' . only, a bound on accent marks,
invisible characters and look-alike letters refused.

Two nicknames that look the same on a screen ("Anna" in Latin letters and "Аnna" with a Cyrillic А)
let one student pass for another, so a nickname is compared with the class's by its *skeleton*: NFKD,
accents and invisible characters dropped, casefolded, and each letter that looks like a Latin one
replaced by it (the table below, after Unicode's confusables.txt for the Cyrillic, Greek and Cherokee
letters and the Latin small capitals a class's nicknames could imitate Latin ones with). A capital I
reads as a small l in most fonts, so a nickname has two skeletons, one for each reading (`looks_like`).
"""

from __future__ import annotations

import unicodedata

from muzlab.core.errors import MuzlabError

MAX_NICKNAME = 20
#: At most this many combining marks on one letter (Vietnamese needs two; "Z̷̢͓a̸l̵g̶o" needs many more).
MAX_MARKS = 2
#: Besides letters, digits and spaces, a nickname may hold these ("Jean-Luc", "O'Neil", "J.B."); a
#: typographic apostrophe (as tablets type it) is kept as the plain one.
PUNCTUATION = "-'."
APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'"})

#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): drawn as nothing, so a
#: name holding one looks like the name without it (the Hangul fillers among them draw a blank).
INVISIBLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
             (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
             (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
             (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))

#: Letters that look like Latin ones, as lower case (the skeleton is casefolded; Cherokee folds to its
#: capitals).
LOOK_ALIKE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ь": "b", "п": "n", "г": "r", "з": "3",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ς": "c", "μ": "u", "ω": "w", "ζ": "z", "θ": "o", "σ": "o",
    # Cherokee
    "Ꭺ": "a", "Ᏼ": "b", "Ꮯ": "c", "Ꭰ": "d", "Ꭼ": "e", "Ꮐ": "g", "Ꮋ": "h", "Ꭲ": "i", "Ꭻ": "j",
    "Ꮶ": "k", "Ꮮ": "l", "Ꮇ": "m", "Ꮲ": "p", "Ꮢ": "r", "Ꮪ": "s", "Ꮩ": "v", "Ꮃ": "w", "Ꮓ": "z",
    # Latin small capitals and letters that read as others
    "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j", "ᴋ": "k",
    "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v",
    "ᴡ": "w", "ʏ": "y", "ᴢ": "z", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ɛ": "e", "ȷ": "j", "ǀ": "l",
    "ı": "i", "ſ": "s", "0": "o", "1": "l",
})


class NicknameError(MuzlabError, ValueError):
    """A nickname the class refuses; the message says what to change."""


def invisible(char: str) -> bool:
    """Whether a character is drawn as nothing (a default-ignorable code point or a filler)."""
    code = ord(char)
    return any(low <= code <= high for low, high in INVISIBLE)


def clean(nickname: object) -> str:
    """The nickname as the class keeps it (NFC, spaces collapsed), or NicknameError saying why not."""
    if not isinstance(nickname, str):
        raise NicknameError("Type a nickname first (no real names needed).")
    name = " ".join(unicodedata.normalize("NFC", nickname[:200]).translate(APOSTROPHES).split())
    if not name:
        raise NicknameError("Type a nickname first (no real names needed).")
    if len(name) > MAX_NICKNAME or not all(_allowed(c) for c in name):
        raise NicknameError("A nickname is at most {most} letters, digits, spaces, hyphens (-), "
                            "apostrophes (') or full stops (.).", most=MAX_NICKNAME)
    marks, base = 0, ""
    for char in unicodedata.normalize("NFD", name):
        if not unicodedata.category(char).startswith("M"):
            marks, base = 0, char
            continue
        marks += 1
        if not unicodedata.category(base).startswith("L"):  # (a mark drawn over a space, a digit, a dot)
            raise NicknameError("A nickname is at most {most} letters, digits, spaces, hyphens (-), "
                                "apostrophes (') or full stops (.).", most=MAX_NICKNAME)
        if marks > MAX_MARKS:
            raise NicknameError("A letter carries at most {most} accent marks: type the nickname "
                                "without the stacked marks.", most=MAX_MARKS)
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise NicknameError("A nickname needs at least one letter or digit.")
    return name


def _allowed(char: str) -> bool:
    """A letter, a digit, a space, an accent mark (not one that encloses), or - ' . ; nothing invisible."""
    kind = unicodedata.category(char)
    return not invisible(char) and (kind[0] == "L" or kind in ("Nd", "Mn", "Mc") or char == " "
                                    or char in PUNCTUATION)


def skeleton(name: str, capital_i: str = "i") -> str:
    """What the nickname looks like: compatibility forms unfolded (ｆｕｌｌ width, ﬁ), accents and
    invisible characters dropped, casefolded, look-alike letters made Latin; a capital I read as
    `capital_i`."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(c) and not invisible(c) and not c.isspace())
    return bare.replace("I", capital_i).casefold().translate(LOOK_ALIKE)


def looks_like(one: str, other: str) -> bool:
    """Whether two nicknames could be taken for each other on a screen (a capital I read as i or as l)."""
    ones = {skeleton(one), skeleton(one, "l")}
    return skeleton(other) in ones or skeleton(other, "l") in ones
