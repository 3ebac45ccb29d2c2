"""Who reads: the note-name convention, the lesson key, typesetting and the language, as one value.

A `Reader` is passed to every function that makes words (`muzlab.names`, the sentence makers of
`muzlab.play`); the words are a pure function of the facts, the board's spelling and the reader, so
two readers of one game never see each other's names, on any thread, in any order. The reader a
notebook sets (`muzlab.set_note_names`, `muzlab.note_names`, ...) is only a default that the widgets
and display hooks pass down (`muzlab.reading`); nothing below the widgets holds one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from muzlab.core.errors import UnknownSetting, shown
from muzlab.core.pitch import CONVENTIONS, PitchLike, SpelledNote, parse_pitch, pitch_name, to_convention
from muzlab.names.functions import MINOR_SUPERTONIC
from muzlab.names.language import DEFAULT_HARMONY, HARMONIES, catalogue, check_language
from muzlab.names.letters import Key, typed_english


@dataclass(frozen=True)
class Reader:
    """How a person reads muzlab's words: the note-name convention ("english", "german", "solfege"),
    the lesson key (a `Key`, or None), whether names are typeset with real sharps and flats (F♯, B♭),
    the language of the sentences ("en", "de", "fr" or "es"), how a triad's function is written
    (`harmony`: "roman" or "functions"; None: the language's usual, `harmony_style`) and which
    reading of ii° in a minor key comes first (`minor_supertonic`, `functions.MINOR_SUPERTONIC`)."""

    convention: str = "english"
    key: Key | None = None
    typeset: bool = False
    language: str = "en"
    harmony: str | None = None
    minor_supertonic: str = MINOR_SUPERTONIC[0]

    def __post_init__(self) -> None:
        if self.convention not in CONVENTIONS:
            raise UnknownSetting("unknown note-name convention {convention}; known: {conventions}",
                                 convention=shown(self.convention), conventions=', '.join(CONVENTIONS))
        if self.key is not None and not isinstance(self.key, Key):
            raise UnknownSetting("a reader's key is a Key value (Key.of('F#')), not {key}",
                                 key=shown(self.key))
        if not isinstance(self.typeset, bool):
            raise UnknownSetting("typeset is True or False, not {typeset}", typeset=shown(self.typeset))
        check_language(self.language)
        if self.harmony is not None and self.harmony not in HARMONIES:
            raise UnknownSetting("unknown harmony style {harmony}; known: {harmonies}",
                                 harmony=shown(self.harmony), harmonies=", ".join(HARMONIES))
        if self.minor_supertonic not in MINOR_SUPERTONIC:
            raise UnknownSetting("ii° in minor is read as {choices}, not {choice}",
                                 choice=shown(self.minor_supertonic), choices=" or ".join(MINOR_SUPERTONIC))

    @property
    def harmony_style(self) -> str:
        """How this reader writes a triad's function: its `harmony`, else its language's usual
        ("functions" in German, "roman" in the others)."""
        return self.harmony or DEFAULT_HARMONY[self.language]

    def gettext(self, message: str) -> str:
        """An English source sentence (usually a template) in this reader's language."""
        return catalogue(self.language).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The singular or plural template for `count`, by the plural rule of this reader's language."""
        return catalogue(self.language).ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """`message` as meant in `context`, in this reader's language ("major" of a key or of a triad)."""
        return catalogue(self.language).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        """`ngettext` for a message as meant in `context` (German "und 3 weiteren" after "passt zu")."""
        return catalogue(self.language).npgettext(context, singular, plural, count)

    def with_key(self, key: PitchLike | Key | None) -> Reader:
        """This reader with another lesson key ("F#", "Gb major", a Key; None for none)."""
        return replace(self, key=Key.of(key, self.convention))

    def replace(self, **changes: object) -> Reader:
        """This reader with some fields changed (`Reader.replace(typeset=True)`)."""
        if "key" in changes and not isinstance(changes["key"], Key | None):
            changes["key"] = Key.of(changes["key"], str(changes.get("convention", self.convention)))
        return replace(self, **changes)

    def name(self, english: str) -> str:
        """One spelled English name ("Bb", "F#", "E#") as this reader reads it (German "B", "Fis",
        "Eis"; solfège "Si♭", "Fa♯", "Mi♯", in French "Ré"); typeset, English writes "B♭", "F♯"."""
        shown = to_convention(english, self.convention)
        if self.language == "fr" and shown.startswith("Re"):  # French solfège writes ré with its accent
            shown = "Ré" + shown[2:]
        if self.typeset and self.convention == "english":
            return shown[:1] + shown[1:].replace("#", "♯").replace("b", "♭")
        return shown

    def note(self, name: PitchLike) -> SpelledNote:
        """A typed note name read in this reader's convention, as a spelled value: German "Es" and
        solfège "Mi♭" give SpelledNote("E", -1); a SpelledNote is kept, a pitch class 0-11 gets its
        usual name. UnknownNoteName if it is no note name in this convention."""
        if isinstance(name, SpelledNote):
            return name
        return SpelledNote.from_english(typed_english(name, self.convention) or pitch_name(parse_pitch(name)))

    def __repr__(self) -> str:
        fields = [repr(self.convention)]
        if self.key is not None:
            fields.append(f"key={self.key!r}")
        if self.typeset:
            fields.append("typeset=True")
        if self.language != "en":
            fields.append(f"language={self.language!r}")
        if self.harmony is not None:
            fields.append(f"harmony={self.harmony!r}")
        if self.minor_supertonic != MINOR_SUPERTONIC[0]:
            fields.append(f"minor_supertonic={self.minor_supertonic!r}")
        return f"Reader({', '.join(fields)})"


#: The reader of records, notation and the ASCII names views are given: English, no key, not typeset;
#: below the widgets, the reader of a call given none (`given`).
PLAIN = Reader()
#: The reader of text people read (a game's log and score sheet, a question) given none below the
#: widgets: plain English with real sharps and flats (`for_print`).
PRINTED = Reader(typeset=True)


def given(reader: Reader | None) -> Reader:
    """The reader a call below the widgets means: the one given, else plain English (`PLAIN`); only
    the notebook's front door (`muzlab.notebook`, the widgets) reads the notebook's default."""
    return PLAIN if reader is None else reader


def for_print(reader: Reader | None) -> Reader:
    """The reader of text people read: the one given, else plain English typeset (`PRINTED`)."""
    return PRINTED if reader is None else reader
