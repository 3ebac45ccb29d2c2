"""The languages muzlab speaks, and the gettext catalogue of each.

The language of the sentences and the names of the notes are two settings, as in MuseScore or
LilyPond: a German class may read "Es" in German sentences, a Spanish one "mi♭" in Spanish ones. Each
language brings a default note-name convention, which the reader can change.

Sentences are English in the source and translated through gettext catalogues
(`muzlab/locale/<language>/LC_MESSAGES/muzlab.mo`, compiled from the `.po` files by Babel:
`python3 make.py catalogues`). Music terms in the catalogues follow the glossary
(`muzlab/locale/glossary.csv`), so "major" is "Dur" in every German sentence. A message missing from a
catalogue reads in English; tests/test_languages.py fails on it, so none reaches a screen.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from muzlab.core.errors import UnknownSetting, shown

#: The languages of the interface, English first (the source language).
LANGUAGES = ("en", "de", "fr", "es")
#: Each language in its own words, for a language menu.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
#: The note names a class of that language reads unless it chooses others.
DEFAULT_NOTE_NAMES = {"en": "english", "de": "german", "fr": "solfege", "es": "solfege"}
#: How a triad's function in a key is written: Roman numerals ("ii") or Funktionstheorie ("Sp").
HARMONIES = ("roman", "functions")
#: The harmony a class of that language reads unless its teacher chooses the other: German schools
#: mostly teach Funktionstheorie, the others Roman numerals.
DEFAULT_HARMONY = {"en": "roman", "de": "functions", "fr": "roman", "es": "roman"}

LOCALE = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "muzlab"


def check_language(language: object) -> str:
    """`language` if muzlab speaks it; UnknownSetting naming it and the known ones otherwise."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise UnknownSetting("unknown language {language}; muzlab speaks {languages}",
                             language=shown(language), languages=", ".join(
                                 f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES))
    return language


@lru_cache(maxsize=len(LANGUAGES))
def catalogue(language: str) -> gettext.NullTranslations:
    """The translations of `language` (English: the source text itself). Read once per process; keyed
    on the language asked for, never on a setting in force."""
    if check_language(language) == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE, languages=[language])


def marked(context: str, message: str) -> tuple[str, str]:
    """A sentence marked for the catalogues but translated later, where the reader is known
    (`reader.pgettext(*marked(...))`): for tables of messages chosen by a fact."""
    return context, message


def translate(language: str, message: str) -> str:
    """`message` (an English source sentence, usually a template) in `language`."""
    return catalogue(language).gettext(message)


def translate_plural(language: str, singular: str, plural: str, count: int) -> str:
    """The singular or plural template for `count`, by the plural rule of `language`."""
    return catalogue(language).ngettext(singular, plural, count)


def translate_in(language: str, context: str, message: str) -> str:
    """`message` as meant in `context` (one English word, two meanings: "major" of a key or a triad)."""
    return catalogue(language).pgettext(context, message)


#: The languages whose sentences write solfège note names in small letters ("de do à ré", "la tríada
#: de do mayor"), capitalised only where a sentence begins with one (French: Lexique des règles
#: typographiques en usage à l'Imprimerie nationale; Spanish: RAE, Ortografía 2010).
SMALL_NOTE_NAMES = ("fr", "es")


class Prose(str):
    """Words a sentence writes in small letters but begins with a capital: note names in a language
    that writes them so ("ré", "do–mi♭–sol", "do majeur") and a name with its article (French
    "l'ordinateur"): a string that `sentence` gives a capital where a sentence begins with it. Board
    labels, pictures and records never hold one."""

    __slots__ = ()


def prose_note(name: str, language: str) -> str:
    """A note name as it is written inside a sentence of `language`: French and Spanish write solfège
    syllables in small letters (French with its accent: ré), German and English as shown."""
    if language in SMALL_NOTE_NAMES and name[:1].isupper() and name[1:2].islower():
        name = name[0].lower() + name[1:]
        if language == "fr" and name.startswith("re"):
            name = "ré" + name[2:]
        return Prose(name)
    return name


#: A template's first placeholder, after any opening punctuation ("¡{note}…", "«{notes}…").
_LEADING = re.compile(r"[¡¿«\s]*\{(\w+)[}:!]")


def _leading_prose(template: str, facts: dict[str, object]) -> str | None:
    """The fact that begins `template` if it holds note names in prose form, else None."""
    found = _LEADING.match(template)
    return found[1] if found and isinstance(facts.get(found[1]), Prose) else None


def at_start(words: str) -> str:
    """Words that begin a sentence: note names in prose form take a capital ("Ré", "Do–mi–sol"),
    anything else is left as it is (a cell "e5", a player's name, German "a-Moll")."""
    return words[:1].upper() + words[1:] if isinstance(words, Prose) else words


def sentence(template: str, /, **facts: object) -> str:
    """`template` (translated) filled with `facts` as a sentence: a fact in prose form that begins it
    takes a capital ("Ré doit toucher…"), the others stay as written ("… de do à ré")."""
    lead = _leading_prose(template, facts)
    if lead is not None:
        facts = {**facts, lead: at_start(facts[lead])}
    return template.format(**facts)


def phrase(template: str, /, **facts: object) -> str:
    """`template` filled with `facts` as part of a sentence: in prose form (`Prose`) when it begins
    with note names in prose form ("do majeur"), so that a sentence beginning with it capitalises it."""
    text = template.format(**facts)
    return Prose(text) if _leading_prose(template, facts) is not None else text


def joined(between: str, parts: Sequence[str]) -> str:
    """`parts` joined by `between`, in prose form when the first is (so a sentence beginning with them
    capitalises it: "Do majeur et la mineur")."""
    text = between.join(parts)
    return Prose(text) if parts and isinstance(parts[0], Prose) else text


def clauses(parts: Sequence[str], language: str) -> str:
    """Clauses of one sentence joined by a semicolon as `language` writes it ("a; b", French "a ; b"
    with a no-break space), in prose form when the first is (`joined`)."""
    # TRANSLATORS: what joins two clauses of one sentence; French puts a no-break space before ";".
    return joined(translate_in(language, "between clauses", "; "), parts)


#: The kinds of key and triad whose tonic or root German writes in a small letter (a-Moll, a-Moll
#: harmonisch, the diminished triad a: a minor third above it).
SMALL_IN_GERMAN = ("minor", "harmonic minor", "diminished")


def german_case(name: str, kind: str, language: str) -> str:
    """A tonic or root as `language` writes it for a key or triad of `kind`: German writes minor keys
    and minor and diminished triads with a small letter ("a-Moll", "den verminderten Dreiklang h");
    other languages and kinds as given."""
    if kind in SMALL_IN_GERMAN and check_language(language) == "de":
        return name[0].lower() + name[1:]
    return name


def labelled(label: str, value: str, language: str) -> str:
    """A label and its value ("Lena: 12", a cell and why it is refused), the colon as `language`
    writes it (French "Lena : 12", with a no-break space before the colon)."""
    # TRANSLATORS: a label and its value ("Lena: 12"); French puts a no-break space before ":".
    return translate_in(language, "label and value", "{label}: {value}").format(label=label, value=value)


def key_phrase(tonic: str, kind: str, language: str) -> str:
    """A key or scale named by the grammar of `language`, from its tonic as a sentence writes it ("F♯",
    "Fis", "fa♯": `spelling.prose_name`) and its kind: "F♯ major", "Fis-Dur", "fis-Moll" (German minor
    keys take a small letter), "fa♯ majeur", "fa♯ mayor" (in prose form, so that a sentence beginning
    with it capitalises it); UnknownSetting for a kind muzlab has no words for."""
    tonic = german_case(tonic, kind, language)
    if kind == "major":
        template = translate_in(language, "key", "{tonic} major")
    elif kind == "minor":
        template = translate_in(language, "key", "{tonic} minor")
    elif kind == "harmonic minor":
        template = translate_in(language, "key", "{tonic} harmonic minor")
    elif kind == "major pentatonic":
        template = translate_in(language, "key", "{tonic} major pentatonic")
    elif kind == "whole-tone":
        template = translate_in(language, "key", "{tonic} whole-tone")
    elif kind == "chromatic":
        template = translate_in(language, "key", "{tonic} chromatic")
    else:
        raise UnknownSetting("no words for a key of kind {kind}", kind=shown(kind))
    return phrase(template, tonic=tonic)


def scale_phrase(tonic: str, kind: str, language: str) -> str:
    """A scale named as a title, by its tonic as a sentence writes it and its kind, in `language`, one
    message per kind so each language builds its own name: "C♯ major scale", "Cis-Dur-Tonleiter",
    "Ganztonleiter auf H", "gamme par tons de si", "escala cromática de do" (in prose form, as
    `key_phrase`); UnknownSetting for a kind muzlab has no words for."""
    tonic = german_case(tonic, kind, language)
    if kind == "major":
        template = translate_in(language, "scale", "{tonic} major scale")
    elif kind == "minor":
        template = translate_in(language, "scale", "{tonic} minor scale")
    elif kind == "harmonic minor":
        template = translate_in(language, "scale", "{tonic} harmonic minor scale")
    elif kind == "major pentatonic":
        template = translate_in(language, "scale", "{tonic} major pentatonic scale")
    elif kind == "whole-tone":
        template = translate_in(language, "scale", "{tonic} whole-tone scale")
    elif kind == "chromatic":
        template = translate_in(language, "scale", "{tonic} chromatic scale")
    else:
        raise UnknownSetting("no words for a scale of kind {kind}", kind=shown(kind))
    return phrase(template, tonic=tonic)


def chromatic_phrase(language: str) -> str:
    """The chromatic scale named without a tonic, as a key list names it after "fits" ("fits B♭ major,
    the chromatic scale"), in `language`."""
    # TRANSLATORS: a key list's entry for a chromatic run, after "fits" (German "passt zu …": dative).
    return translate_in(language, "key", "the chromatic scale")


def triad_phrase(root: str, quality: str, language: str) -> str:
    """A triad named by its root as a sentence writes it and its quality, in `language`: "E♯
    diminished", "Cis-Dur", "cis-Moll", "eis vermindert", "mi♯ diminué", "do♯ mayor" (in prose form,
    as `key_phrase`); UnknownSetting for another quality."""
    root = german_case(root, quality, language)
    if quality == "major":
        template = translate_in(language, "triad", "{root} major")
    elif quality == "minor":
        template = translate_in(language, "triad", "{root} minor")
    elif quality == "diminished":
        template = translate_in(language, "triad", "{root} diminished")
    elif quality == "augmented":
        template = translate_in(language, "triad", "{root} augmented")
    else:
        raise UnknownSetting("no words for a triad of quality {quality}", quality=shown(quality))
    return phrase(template, root=root)

