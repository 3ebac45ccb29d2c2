"""Ear-training drills: what to play, what the choices are and which one is right.

Three drills, as aural tests ask them:

* "triad quality": a major, minor or diminished triad (augmented on request) on a random root;
* "third": a major or a minor third on a random lower note;
* "scale degree": a cadence (I IV V I) or the scale sets a major key, then one note: which degree?

A `Drill` holds a teacher's settings (root range, chord or arpeggio, qualities, keys, degrees, tempo)
and draws `EarItem`s from a seeded `random.Random`. An item holds facts only (MIDI numbers, the
answer, the notes as played); its names and sentences are made when shown, through muzlab.names.spelling,
so they follow the chosen note-name convention. No sound, widget or notation code lives here:
muzlab.widgets.EarTrainer plays and shows the items.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from muzlab.core.errors import MuzlabError
from muzlab.core.pitch import PitchLike, SpelledNote, parse_pitch, typed_letter
from muzlab.core.theory import MAJOR_DEGREES, TRIAD_STEPS
from muzlab.names.language import marked, sentence
from muzlab.names.letters import major_scale, note_name
from muzlab.names.reader import Reader, given
from muzlab.names.refusal_words import or_list
from muzlab.names.spelling import (
    choose_fit,
    degree_name,
    join,
    key_label,
    prose_name,
    spell_english,
    triad_label,
)

DRILLS = ("triad quality", "third", "scale degree")
#: Each drill's name as a class reads it (the settings' and records' names stay English).
_DRILL_WORDS = {"triad quality": marked("drill", "Triad quality"), "third": marked("drill", "Third"),
                "scale degree": marked("drill", "Scale degree")}
#: The answers a drill offers, as a class reads them: triad qualities and thirds.
_OPTION_WORDS = {"major": marked("triad quality", "major"), "minor": marked("triad quality", "minor"),
                 "diminished": marked("triad quality", "diminished"),
                 "augmented": marked("triad quality", "augmented"),
                 "minor third": marked("interval", "minor third"),
                 "major third": marked("interval", "major third")}
#: How the notes of a triad or third are played: one after another, together, or both in turn.
PLAYS = ("arpeggio", "chord", "both")
#: What sets the key before the note of a scale-degree item.
CONTEXTS = ("cadence", "scale")
THIRDS = {"minor third": 3, "major third": 4}
#: A note event as muzlab.views.audio plays it: (start beat, length in beats, MIDI number).
Event = tuple[int, int, int]

_NOTE_WITH_OCTAVE = re.compile(r"^\s*([A-Ga-g][#b♯♭]*)\s*(-?\d)\s*$")


class EarTrainingError(MuzlabError, ValueError):
    """A drill or a drill setting that does not exist or cannot be played."""


def midi_number(value: int | str) -> int:
    """A MIDI number from an int or an English name with its octave ("C4" = 60, "Bb3" = 58)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= 127:
            return value
        raise EarTrainingError("{value} is not a MIDI note number (0-127)", value=value)
    match = _NOTE_WITH_OCTAVE.match(str(value))
    if not match:
        raise EarTrainingError("{value} is not a note with its octave, such as 'C4' or 'F#3'",
                               value=repr(value))
    name, octave = match.groups()
    letter = name[0].upper()
    number = 12 * (int(octave) + 1) + parse_pitch(letter, "english") + name.count("#") + name.count("♯") \
        - name[1:].count("b") - name.count("♭")
    return midi_number(number)


@dataclass(frozen=True)
class EarItem:
    """One item of a drill: the notes asked about (MIDI, low to high), the events played, the answer."""

    drill: str
    notes: tuple[int, ...]
    answer: str
    options: tuple[str, ...]
    events: tuple[Event, ...]
    note_seconds: float
    key: str | None = None

    @property
    def pitches(self) -> tuple[int, ...]:
        """The pitch classes of `notes`."""
        return tuple(note % 12 for note in self.notes)

    def is_right(self, reply: str) -> bool:
        """Whether a clicked option is the answer."""
        return reply == self.answer

    def names(self) -> list[str]:
        """The notes asked about, spelled in context (a triad or third by letters a third apart, a
        degree in its key), in English: the names the staff uses."""
        if self.drill == "scale degree":
            scale = major_scale(self.key)
            return [scale[MAJOR_DEGREES.index((note - self.notes[0]) % 12)] for note in self.notes]
        return spell_english("triad", self.pitches)

    def played_names(self) -> dict[int, str]:
        """An English name for every MIDI number played (cadence chords spelled in the key)."""
        if self.drill != "scale degree":
            return dict(zip(self.notes, self.names(), strict=True))
        scale = major_scale(self.key)
        tonic = self.notes[0]
        return {midi: scale[MAJOR_DEGREES.index((midi - tonic) % 12)] for _, _, midi in self.events}

    def title(self, reader: Reader | None = None) -> str:
        """What was heard, in words: "C# minor", "major third", "degree 5 (dominant) of D major", for
        `reader` (by default plain English)."""
        reader = given(reader)
        if self.drill == "triad quality":
            return triad_label(self.pitches[0], self.answer, reader)
        if self.drill == "third":
            return option_words(self.answer, reader)
        degree = int(self.answer)
        key = key_label(SpelledNote.from_english(self.key), "major", reader)  # (a value: no name read back)
        return reader.gettext("degree {number} ({name}) of {key}").format(
            number=degree, name=degree_name(degree - 1, reader), key=key)

    def explanation(self, reader: Reader | None = None) -> str:
        """The sentence shown after an answer: what was played and why it is that answer, for `reader`
        (by default plain English)."""
        reader = given(reader)
        shown = join(self.names(), reader, prose=True)
        steps = [b - a for a, b in zip(self.notes, self.notes[1:], strict=False)]
        if self.drill == "triad quality":
            lower, upper = steps  # root to third, then third to fifth: each third from the note below
            return sentence(reader.gettext(
                "{triad}: {notes}, a {lower} ({lower_steps} semitones) from the root to the third, then a "
                "{upper} ({upper_steps} semitones) from the third to the fifth."),
                triad=self.title(reader), notes=shown, lower=_third(lower, reader), lower_steps=lower,
                upper=_third(upper, reader), upper_steps=upper)
        if self.drill == "third":
            return sentence(reader.gettext("{notes} is a {third}: {count} semitones."),
                notes=shown, third=option_words(self.answer, reader), count=steps[0])
        note, tonic = prose_name(self.names()[-1], reader), prose_name(self.names()[0], reader)
        if steps[0] == 0:
            return sentence(reader.gettext("{note} is {degree}: the key note itself."),
                note=note, degree=self.title(reader))
        return sentence(reader.ngettext("{note} is {degree}, {count} semitone above {tonic}.",
                               "{note} is {degree}, {count} semitones above {tonic}.", steps[0]),
            note=note, degree=self.title(reader), count=steps[0], tonic=tonic)


def _third(step: int, reader: Reader) -> str:
    return option_words("major third" if step == 4 else "minor third", reader)


def drill_name(kind: str, reader: Reader | None = None) -> str:
    """A drill's name as `reader` (by default plain English) reads it: "Dreiklangsgeschlecht"."""
    return given(reader).pgettext(*_DRILL_WORDS[kind])


def option_words(option: str, reader: Reader | None = None) -> str:
    """An answer a drill offers ("minor", "major third", "5") as `reader` reads it (a degree's
    number stays a number)."""
    reader = given(reader)
    return reader.pgettext(*_OPTION_WORDS[option]) if option in _OPTION_WORDS else option


@dataclass(frozen=True)
class Drill:
    """A drill and its settings; `item(rng)` draws one item.

    lowest/highest: the range of the root (triads) or lower note (thirds), as MIDI numbers or names
    with octaves ("C3"); play: "arpeggio", "chord" or "both"; qualities: the triads asked;
    keys: the major keys of the scale-degree drill (default all twelve); degrees: the degrees asked
    (1-7); context: "cadence" or "scale" before the note; note_seconds: the length of one beat;
    reader: whose convention reads the typed keys (German "Ges"; None: plain English; a
    `Reader.note` value is read as itself).
    """

    kind: str = "triad quality"
    lowest: int | str = "C3"
    highest: int | str = "C5"
    play: str = "both"
    qualities: tuple[str, ...] = ("major", "minor", "diminished")
    keys: tuple[PitchLike, ...] | None = None
    degrees: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
    context: str = "cadence"
    note_seconds: float = 0.6
    reader: Reader | None = field(default=None, repr=False, compare=False)
    key_names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in DRILLS:
            raise EarTrainingError("there is no drill {kind}; choose one of {drills}", kind=repr(self.kind),
                                   drills=', '.join(DRILLS))
        low, high = midi_number(self.lowest), midi_number(self.highest)
        if low > high:
            raise EarTrainingError("lowest {lowest} is above highest {highest}", lowest=repr(self.lowest),
                                   highest=repr(self.highest))
        if high + 8 > 108 or low < 21:
            raise EarTrainingError("the range {lowest}-{highest} leaves the piano (A0-C8)",
                                   lowest=repr(self.lowest), highest=repr(self.highest))
        object.__setattr__(self, "lowest", low)
        object.__setattr__(self, "highest", high)
        if self.play not in PLAYS:
            raise EarTrainingError("play must be one of {plays}, not {play}", plays=', '.join(PLAYS),
                                   play=repr(self.play))
        qualities = tuple(self.qualities)
        wrong = [q for q in qualities if q not in TRIAD_STEPS]
        if wrong or len(set(qualities)) < 2:
            raise EarTrainingError("qualities must be two or more of {known}; got {qualities}",
                                   known=', '.join(TRIAD_STEPS), qualities=qualities)
        object.__setattr__(self, "qualities", qualities)
        degrees = tuple(self.degrees)
        if any(not isinstance(d, int) or not 1 <= d <= 7 for d in degrees) or len(set(degrees)) < 2:
            raise EarTrainingError("degrees must be two or more of 1-7; got {degrees}", degrees=degrees)
        object.__setattr__(self, "degrees", tuple(sorted(set(degrees))))
        if self.context not in CONTEXTS:
            raise EarTrainingError("context must be one of {contexts}, not {context}",
                                   contexts=', '.join(CONTEXTS), context=repr(self.context))
        if not 0.1 <= self.note_seconds <= 3:
            raise EarTrainingError("note_seconds must be between 0.1 and 3, not {note_seconds}",
                                   note_seconds=repr(self.note_seconds))
        keys = range(12) if self.keys is None else self.keys
        object.__setattr__(self, "key_names", tuple(_key_name(key, given(self.reader)) for key in keys))
        if not self.key_names:
            raise EarTrainingError("keys must name at least one major key")

    @property
    def options(self) -> tuple[str, ...]:
        """The answers offered, in a fixed order."""
        if self.kind == "triad quality":
            return self.qualities
        if self.kind == "third":
            return tuple(THIRDS)
        return tuple(str(d) for d in self.degrees)

    def prompt(self, reader: Reader | None = None) -> str:
        """The question, as a student reads it (for `reader`, by default plain English)."""
        reader = given(reader)
        if self.kind == "triad quality":
            return reader.gettext("Listen to the triad: is it {qualities}?").format(
                qualities=or_list([option_words(quality, reader) for quality in self.qualities], reader))
        if self.kind == "third":
            return reader.gettext("Listen to the two notes: a major third or a minor third?")
        if self.context == "cadence":
            return reader.gettext(
                "A cadence sets the key, then one note sounds: which degree of the key is it?")
        return reader.gettext("The scale sets the key, then one note sounds: which degree of the key is it?")

    def item(self, rng: random.Random) -> EarItem:
        """One item drawn from `rng` (the same generator state gives the same item)."""
        if self.kind == "triad quality":
            root = rng.randint(self.lowest, self.highest)
            quality = rng.choice(self.qualities)
            first, second = TRIAD_STEPS[quality]
            notes = (root, root + first, root + first + second)
            return self._item(notes, quality, self._apart_or_together(notes))
        if self.kind == "third":
            lower = rng.randint(self.lowest, self.highest)
            name = rng.choice(tuple(THIRDS))
            notes = (lower, lower + THIRDS[name])
            return self._item(notes, name, self._apart_or_together(notes))
        key = rng.choice(self.key_names)
        degree = rng.choice(self.degrees)
        tonic_pc = parse_pitch(key, "english")
        tonic = 60 + tonic_pc if tonic_pc <= 6 else 48 + tonic_pc
        note = tonic + MAJOR_DEGREES[degree - 1]
        events = _cadence(tonic) if self.context == "cadence" else _scale(tonic)
        start = max(s + b for s, b, _ in events) + 1
        return self._item((tonic, note), str(degree), (*events, (start, 2, note)), key)

    def items(self, seed: int, count: int) -> list[EarItem]:
        """`count` items from one seed: a printed or repeated test."""
        rng = random.Random(seed)
        return [self.item(rng) for _ in range(count)]

    def _item(self, notes: tuple[int, ...], answer: str, events: tuple[Event, ...],
              key: str | None = None) -> EarItem:
        return EarItem(self.kind, notes, answer, self.options, events, self.note_seconds, key)

    def _apart_or_together(self, notes: tuple[int, ...]) -> tuple[Event, ...]:
        apart = tuple((i, 1, note) for i, note in enumerate(notes))
        together = tuple((0, 2, note) for note in notes)
        if self.play == "arpeggio":
            return apart
        if self.play == "chord":
            return together
        return apart + tuple((len(notes), 2, note) for note in notes)


def _key_name(key: PitchLike, reader: Reader) -> str:
    """The English name of a major key: a name typed in `reader`'s convention is kept ("Gb", German
    "Ges"), as is a spelled value; a pitch class gets the name with fewer accidentals (sharps on a tie:
    6 -> "F#")."""
    try:
        if isinstance(key, SpelledNote):
            english = key.english
        elif not isinstance(key, str):
            return choose_fit([(parse_pitch(key) + step) % 12 for step in MAJOR_DEGREES]).key
        else:  # (a drill's keys, as the person typed them)
            english = note_name(typed_letter(key.strip(), reader.convention),
                                parse_pitch(key.strip(), reader.convention))
    except MuzlabError as error:
        raise EarTrainingError("{key} is not a major key: {error}", key=repr(key), error=error) from None
    if english is None or major_scale(english) is None:
        raise EarTrainingError("{key} cannot be written as a major key (it needs triple accidentals)",
                               key=repr(key))
    return english


def _cadence(tonic: int) -> tuple[Event, ...]:
    """I IV V I in close position above the tonic (IV and V inverted so the voices move little)."""
    chords = ((0, 4, 7), (0, 5, 9), (-1, 2, 7), (0, 4, 7))
    lengths = (1, 1, 1, 2)
    return tuple((beat, length, tonic + step) for beat, (length, chord) in enumerate(zip(lengths, chords,
                 strict=True)) for step in chord)


def _scale(tonic: int) -> tuple[Event, ...]:
    """The scale up from the tonic to its octave, one beat each."""
    return tuple((i, 1, tonic + step) for i, step in enumerate((*MAJOR_DEGREES, 12)))

