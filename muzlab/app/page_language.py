"""The language a class page opens in: the one its address names ("lang"), else the first of the
browser's languages (its `Accept-Language` header) that muzlab speaks, else English; so a German,
French or Spanish device opens in its own language with nothing to find in a menu.

The header is untrusted: only its first `MAX_HEADER` characters and `MAX_LANGUAGES` entries are read,
and a malformed entry is skipped. Babel's `negotiate_locale` matches "de-AT" to "de".

The teacher's choices of language and of harmony style are kept in the class folder, so that the
teacher's address, opened again next lesson, reads as it did.
"""

from __future__ import annotations

from babel import negotiate_locale

from muzlab.app.classroom import Classroom
from muzlab.core.errors import UnknownSetting, shown
from muzlab.names.language import HARMONIES, LANGUAGES, check_language

#: The most characters of an Accept-Language header read (a browser sends a few dozen).
MAX_HEADER = 500
#: The most languages of the header weighed.
MAX_LANGUAGES = 20


def accepted(header: str) -> list[str]:
    """The languages an Accept-Language header asks for, most wanted first ("de-AT", "fr"), those with
    q=0 left out."""
    weighed = []
    for place, part in enumerate(header[:MAX_HEADER].split(",")[:MAX_LANGUAGES]):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or len(tag) > 35 or not all(piece.isalnum() for piece in tag.split("-")):
            continue
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if 0 < weight <= 1:
            weighed.append((-weight, place, tag))
    return [tag for _weight, _place, tag in sorted(weighed)]


def negotiated(header: str) -> str | None:
    """The language muzlab speaks that an Accept-Language header wants most, or None."""
    return negotiate_locale(accepted(header), list(LANGUAGES), sep="-")


def page_language(query: dict[str, str], header: str = "", fallback: str | None = None) -> str:
    """The language of a page: its address's "lang" when muzlab speaks it, else `fallback` (a choice
    kept for the page, such as the teacher's), else the browser's (`header`), else English."""
    if query.get("lang") in LANGUAGES:
        return query["lang"]
    if fallback in LANGUAGES:
        return fallback
    return negotiated(header) or "en"


def teacher_language(room: Classroom) -> str | None:
    """The language the teacher last chose for their page (kept in the class folder), or None."""
    language = room.store.setting("teacher language")
    return language if language in LANGUAGES else None


def keep_teacher_language(room: Classroom, language: str) -> None:
    """Keep the teacher's choice of language (UnknownSetting, and nothing kept, for one muzlab does
    not speak), so that the teacher's address, opened again, opens in it."""
    room.store.keep_setting("teacher language", check_language(language))


def teacher_harmony(room: Classroom) -> str | None:
    """The harmony style the teacher last chose for their page (kept in the class folder), or None
    (the language's usual)."""
    harmony = room.store.setting("teacher harmony")
    return harmony if harmony in HARMONIES else None


def keep_teacher_harmony(room: Classroom, harmony: str) -> None:
    """Keep the teacher's choice of harmony style ("roman" or "functions"; UnknownSetting, and nothing
    kept, for another), so that their address, opened again, reads triads the same way."""
    if harmony not in HARMONIES:
        raise UnknownSetting("unknown harmony style {harmony}; known: {harmonies}",
                             harmony=shown(harmony), harmonies=", ".join(HARMONIES))
    room.store.keep_setting("teacher harmony", harmony)


def browser_header() -> str:
    """The Accept-Language header of this page's browser, as its socket brought it ("" outside a page)."""
    import solara.lab

    headers = solara.lab.headers.value or {}
    values = headers.get("accept-language") or headers.get("Accept-Language") or [""]
    return str(values[0])[:MAX_HEADER]
