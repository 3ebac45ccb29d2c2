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
from functools import lru_cache
from pathlib import Path

from muzlab.core.errors import UnknownSetting, shown

#: The languages of the interface, English first (the source language).
LANGUAGES = ("en", "de", "fr", "es")
#: Each language in its own words, for a language menu.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
#: The note names a class of that language reads unless it chooses others.
DEFAULT_NOTE_NAMES = {"en": "english", "de": "german", "fr": "solfege", "es": "solfege"}

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


def prose_note(name: str, language: str) -> str:
    """A note name as it is written inside a sentence of `language`: French and Spanish write solfège
    syllables in small letters (French with its accent: ré), German and English as shown."""
    if language in ("fr", "es") and name[:1].isupper() and name[1:2].islower():
        name = name[0].lower() + name[1:]
        if language == "fr" and name.startswith("re"):
            name = "ré" + name[2:]
    return name


def key_phrase(tonic: str, kind: str, language: str) -> str:
    """A key or scale named by the grammar of `language`, from its tonic as shown ("F♯", "Fis", "Fa♯")
    and its kind: "F♯ major", "Fis-Dur", "fis-Moll" (German minor keys take a small letter), "fa♯
    majeur", "fa♯ mayor"; UnknownSetting for a kind muzlab has no words for."""
    tonic = prose_note(tonic, check_language(language))
    if kind in ("minor", "harmonic minor") and language == "de":
        tonic = tonic[0].lower() + tonic[1:]
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
    return template.format(tonic=tonic)


def triad_phrase(root: str, quality: str, language: str) -> str:
    """A triad named by its root as shown and its quality, in `language`: "E♯ diminished", "Cis-Dur",
    "cis-Moll", "Eis vermindert", "mi♯ diminué", "do♯ mayor"; UnknownSetting for another quality."""
    root = prose_note(root, check_language(language))
    if quality == "minor" and language == "de":
        root = root[0].lower() + root[1:]
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
    return template.format(root=root)

