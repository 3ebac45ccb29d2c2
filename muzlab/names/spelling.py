"""Note names for what was built, in context and in the class's convention: the one naming path.

Legality is decided on pitch classes elsewhere; this module only chooses the letters, so that an
F# major run shows E# and a diminished triad on F# reads F#-A-C. Pure standard library, so the
rules and every view can import it. Every note, chord and key a person reads is made here
(`pitch_label`, `triad_label`, `key_label`, `spell_notes`, `completion_label`, `show_name`), and
every run a staff, keyboard or sound is drawn from (`spell_run`, one value); names are chosen in
English ("F#", "Bbb") and shown as the reader given reads them (`Reader`: its convention and
typesetting); without a reader, as records write them (English ASCII). A name inside a sentence takes
its prose form (`prose_name`, `prose=True`): French and Spanish write solfège in small letters there
("de do à ré"), with a capital where a sentence begins with one (`language.sentence`); board labels,
pictures and records keep the names the board shows ("Ré").

Choices (what a teacher sees, RULES.md section 7):

* Keys are the 15 conventional major key signatures. A run that fits several keys is spelled in
  the key with the fewest sharps or flats; a tie between keys goes to the one that writes these
  notes with fewer accidentals, then to the sharp key. So F# major is chosen over Gb major when
  both write the run equally well, matching the dice' default name F# for pitch class 6. A key the
  user typed ("Gb") is kept.
* Triads are spelled from the root name (natural, one sharp or one flat) that gives the whole
  chord the fewest accidentals; a tie goes to a natural root (F Ab Cb, not E# G# B), then to
  fewer flats (F# major over Gb major, D# minor over Eb minor), matching the dice names. That
  spelling is the triad's one name everywhere (`triad_label`).
* A column pair (a potential triad) is spelled as the best-named triad it can still become (the
  first by the rule above); with no such triad, as the best-named allowed triad holding the pair.
* A lone die keeps its default name (`pitch_label`).
* Master-level runs that fit no major key are spelled in the harmonic minor (conventional minor
  keys), major pentatonic or whole-tone scale they fit, by the same rule: fewest sharps or flats in
  the signature, then fewest written, then the earlier type, then sharps (one letter per degree; a
  whole-tone scale skips one letter at one of its six steps, a run written with the fewest skips:
  A♭–B♭–C, not G♯–A♯–C); chromatic runs keep the default names. Whole-tone and chromatic scales are
  named on the tonics a class writes (C, not B♯; F, not E♯), and a run fitting a chromatic scale fits
  "the chromatic scale", without a tonic (RULES.md section 7).
* Double accidentals are written "##" and "bb", never "x".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import TYPE_CHECKING, Any, NamedTuple

from muzlab.core.errors import MuzlabError, Worded
from muzlab.core.pitch import (
    CONVENTIONS as CONVENTIONS,  # the conventions live with the parser; re-exported here
)
from muzlab.core.pitch import (
    FLAT_NAMES,
    LETTER_PITCH,
    SHARP_NAMES,
    PitchLike,
    SpelledNote,
    parse_pitch,
    pitch_name,
    to_convention,
    typed_letter,
)
from muzlab.core.theory import MAJOR_DEGREES, SCALE_STEPS, TRIAD_STEPS
from muzlab.names.function_words import harmony_label
from muzlab.names.language import (
    SMALL_NOTE_NAMES,
    Prose,
    chromatic_phrase,
    key_phrase,
    marked,
    phrase,
    prose_note,
    scale_phrase,
    translate_in,
    triad_phrase,
)

if TYPE_CHECKING:
    from muzlab.names.reader import Key as LessonKey
    from muzlab.names.reader import Reader

LETTERS = "CDEFGAB"
KINDS = ("triad", "scale")
#: The 15 conventional major keys: tonic name -> signature (+ sharps, - flats).
MAJOR_KEY_SIGNATURES = {
    "C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7,
    "F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7,
}  # fmt: skip
#: The 15 conventional minor keys (their relative major's signature).
MINOR_KEY_SIGNATURES = {
    "A": 0, "E": 1, "B": 2, "F#": 3, "C#": 4, "G#": 5, "D#": 6, "A#": 7,
    "D": -1, "G": -2, "C": -3, "F": -4, "Bb": -5, "Eb": -6, "Ab": -7,
}  # fmt: skip
#: Letters each degree of a scale type may move on from the tonic's letter (one letter per degree);
#: a whole-tone scale skips one letter, wherever that writes it with the fewest accidentals
#: (C D E F# G# A#, E F# G# A# C D).
SCALE_LETTERS = {
    "major": ((0, 1, 2, 3, 4, 5, 6),),
    "harmonic minor": ((0, 1, 2, 3, 4, 5, 6),),
    "major pentatonic": ((0, 1, 2, 4, 5),),
    "whole-tone": tuple(tuple(k if k <= skip else k + 1 for k in range(6)) for skip in range(6)),
}
#: The qualities the game accepts in a column; "augmented" is spelled but never legal there.
#: Roman numerals of the seven triads of a major key.
#: Every triad quality muzlab names: the default where no rule set says which are allowed.
ALL_QUALITIES = tuple(TRIAD_STEPS)

MAJOR_KEY_NUMERALS = ("I", "ii", "iii", "IV", "V", "vi", "vii°")
MAJOR_KEY_QUALITIES = ("major", "minor", "minor", "major", "major", "minor", "diminished")
DEGREE_NAMES = ("tonic", "supertonic", "mediant", "subdominant", "dominant", "submediant", "leading tone")
MOVABLE_DO = ("do", "re", "mi", "fa", "sol", "la", "ti")
#: The ways to name a major scale's degrees.
DEGREE_STYLES = {"names": DEGREE_NAMES, "movable-do": MOVABLE_DO, "numbers": tuple("1234567")}
DASH = "–"


class NotAStructure(MuzlabError, ValueError):
    """Notes that are not the root-position triad or ascending major-scale run asked for."""


class NotAKey(MuzlabError, ValueError):
    """A key that is not one of the 15 conventional major keys, or that the run does not fit."""


class NotInKey(MuzlabError, ValueError):
    """A triad that is not one of the seven triads of the major key asked about."""


class ScaleFit(NamedTuple):
    """One key a run fits: its tonic name, the run's first degree (0-based) and its spelling."""

    key: str
    start: int
    names: list[str]
    kind: str = "major"


class DiatonicTriad(NamedTuple):
    """One triad of a major key: numeral, root pitch class, quality, name and notes in the key."""

    numeral: str
    root: int
    quality: str
    name: str
    notes: tuple[str, ...]


# ---- showing names as a reader reads them -------------------------------------------------------
# Every function that writes a name takes the reader (`muzlab.names.reader.Reader`): its convention,
# and whether names are typeset for people to read (messages, sheets, the log, questions: then
# English writes real sharps and flats, "F♯", "B♭"). None is the plain reader of records and
# notation: English ASCII names ("F#").
def show_name(english_name: str, reader: Reader | None = None) -> str:
    """One spelled English name ("Bb", "F#", "E#") as `reader` reads it (German "B", "Fis", "Eis";
    solfège "Si♭", "Fa♯", "Mi♯", in French "Ré"); typeset, English writes "B♭", "F♯"."""
    if reader is None:
        return english_name
    shown = to_convention(english_name, reader.convention)
    if reader.language == "fr" and shown.startswith("Re"):  # French solfège writes ré with its accent
        shown = "Ré" + shown[2:]
    if reader.typeset and reader.convention == "english":
        return shown[:1] + shown[1:].replace("#", "♯").replace("b", "♭")
    return shown


def prose_name(english_name: str, reader: Reader | None = None) -> str:
    """One spelled English name as a sentence for `reader` writes it: French and Spanish readers of
    solfège write note names in small letters mid-sentence ("ré", "mi♭", "sol♯"; `language.at_start`
    gives the capital where a sentence begins with one), everyone else as the board shows it."""
    shown = show_name(english_name, reader)
    if in_small_letters(reader):
        return prose_note(shown, reader.language)
    return shown


def in_small_letters(reader: Reader | None) -> bool:
    """Whether `reader`'s sentences write note names in small letters (French or Spanish solfège)."""
    return reader is not None and reader.convention == "solfege" and reader.language in SMALL_NOTE_NAMES


def _named(english_names: Iterable[str], reader: Reader | None, prose: bool) -> list[str]:
    """Names as the board shows them, or as a sentence writes them (`prose`)."""
    name = prose_name if prose else show_name
    return [name(english, reader) for english in english_names]


def _same_form(text: str, prose: bool, reader: Reader | None) -> str:
    """Names put together, kept in prose form when they were in it."""
    return Prose(text) if prose and in_small_letters(reader) else text


def show_names(english_names: Iterable[str], reader: Reader | None = None, prose: bool = False) -> str:
    """The names a die shows, as values (one, or two by letter: ("D#", "Eb")), as `reader` reads
    them, in one label: "D♯/E♭", "Dis/Es"; `prose`: as a sentence writes them ("ré♯/mi♭")."""
    return _same_form("/".join(_named(english_names, reader, prose)), prose, reader)


def join(english_names: Iterable[str], reader: Reader | None = None, prose: bool = False) -> str:
    """Spelled English names as `reader` reads them, joined with dashes: "C–E–G#"; `prose`: as a
    sentence writes them ("do–mi–sol♯")."""
    return _same_form(DASH.join(_named(english_names, reader, prose)), prose, reader)


def pitch_label(pc: PitchLike, reader: Reader | None = None, prose: bool = False) -> str:
    """A lone die's name as `reader` reads it: its default name (C#, Eb, F#, Ab, Bb); a typed name is
    read in the reader's convention; `prose`: as a sentence writes it ("mi♭")."""
    if not (type(pc) is int and 0 <= pc < 12):
        pc = parse_pitch(pc, _convention(reader))
    return (prose_name if prose else show_name)(pitch_name(pc), reader)


def face_names(pc: PitchLike, reader: Reader | None = None) -> tuple[str, ...]:
    """The names a die face shows, as `reader` reads them: ("C#", "Db") (German ("Cis", "Des")), ("E",)."""
    pitch = parse_pitch(pc, _convention(reader))
    return tuple(dict.fromkeys(show_name(name, reader) for name in (SHARP_NAMES[pitch], FLAT_NAMES[pitch])))


def face_label(pc: PitchLike, reader: Reader | None = None, prose: bool = False) -> str:
    """What a die face shows, in one label: "C#/Db" (German "Cis/Des"), "E"; `prose`: as a sentence
    writes it ("do♯/ré♭")."""
    pitch = parse_pitch(pc, _convention(reader))
    return show_names(dict.fromkeys((SHARP_NAMES[pitch], FLAT_NAMES[pitch])), reader, prose=prose)


def note_label(value: PitchLike, reader: Reader | None = None) -> str:
    """A die as given, as `reader` reads it: a typed name keeps its spelling ("Gb" stays Gb), a pitch
    class gets its default name."""
    english = _english(value, _convention(reader))
    return show_name(english, reader) if english is not None else pitch_label(value, reader)


def symbols(name: str, reader: Reader | None = None) -> str:
    """A shown English name with real accidentals for pictures: "C#" -> "C♯", "Bbb" -> "B♭♭" (a
    German or solfège name is left as it is)."""
    if reader is not None and reader.convention != "english":
        return name
    return name[:1] + name[1:].replace("#", "♯").replace("b", "♭")


def _convention(reader: Reader | None) -> str:
    """The convention typed names are read in: the reader's, English without one."""
    return "english" if reader is None else reader.convention


# ---- letters -------------------------------------------------------------------------------------
def note_name(letter: str, pitch: int) -> str | None:
    """Pitch class `pitch` written on `letter` ("E", 5 -> "E#"); None if it needs 3+ marks."""
    offset = (pitch - LETTER_PITCH[letter] + 6) % 12 - 6
    if abs(offset) > 2:
        return None
    return letter + ("#" * offset if offset > 0 else "b" * -offset)


def next_letter_name(name: str, pitch: int, up: bool = True) -> str:
    """Pitch class `pitch` written on the letter after (or, `up=False`, before) the letter of the
    English `name`, as the next degree of a scale is written ("F#", 8 -> "G#"); its default name when
    the step is no major-scale step (1 or 2 semitones) or the letter would need two accidentals."""
    step = (pitch - parse_pitch(name, "english")) % 12 if up else (parse_pitch(name, "english") - pitch) % 12
    spelled = note_name(LETTERS[(LETTERS.index(name[0]) + (1 if up else -1)) % 7], pitch)
    if 1 <= step <= 2 and spelled is not None and accidentals(spelled) <= 1:
        return spelled
    return pitch_name(pitch)


def accidentals(name: str) -> int:
    """How many sharps or flats a spelled name carries ("Bbb" -> 2)."""
    return len(name) - 1


def _flats(names: Iterable[str]) -> int:
    return sum(name[1:].count("b") for name in names)


def _english(name: PitchLike, convention: str = "english") -> str | None:
    """A typed name read in `convention` as an English spelled name ("Es" in German -> "Eb", "Mi♭"
    -> "Eb"); None for a pitch class."""
    if isinstance(name, SpelledNote):
        return name.english
    if not isinstance(name, str):
        return None
    pc = parse_pitch(name, convention)
    return note_name(typed_letter(name, convention), pc) or pitch_name(pc)


# ---- the lesson's key ----------------------------------------------------------------------------
def lesson_key_facts(key: PitchLike, convention: str = "english") -> tuple[str, str]:
    """A lesson key checked, as (English tonic, scale type): "F#" -> ("F#", "major"), "Ges" (German)
    -> ("Gb", "major"), 6 -> ("F#", "major"); NotAKey if it is no conventional key."""
    wanted, kind = _normalise_key(key, convention)
    return (wanted if isinstance(wanted, str) else _best_tonic(wanted, kind)), kind


def key_notes(key: LessonKey | None) -> tuple[str, ...]:
    """The English names of a lesson key's scale (F# major -> F# G# A# B C# D# E#); () for none."""
    if not key:
        return ()
    return _scale_notes(key.tonic_name, key.kind) or ()


# ---- scales --------------------------------------------------------------------------------------
def scale_notes(tonic: str, kind: str = "major") -> list[str] | None:
    """Every note of a scale type from a spelled tonic ("Gb" -> Gb Ab Bb Cb Db Eb F); None if a
    note would need three sharps or flats. Chromatic scales use sharps (flats from a flat tonic)."""
    notes = _scale_notes(tonic, kind)
    return None if notes is None else list(notes)


def written_scales(tonic: str, kind: str = "major") -> list[list[str]]:
    """Every way a teacher writes a scale type from a spelled tonic, best first (`scale_notes` is the
    first): a whole-tone scale has its one diminished third at any of its six steps ("C" -> C D E F#
    G# A#, C D E F# G# Bb, ...). A key holds a run's spelled notes when one of these does."""
    return [list(names) for names in _scale_spellings(tonic, kind)]


@cache
def _scale_notes(tonic: str, kind: str) -> tuple[str, ...] | None:
    """`scale_notes` as a tuple, remembered: the first of `_scale_spellings`."""
    spellings = _scale_spellings(tonic, kind)
    return spellings[0] if spellings else None


@cache
def _scale_spellings(tonic: str, kind: str) -> tuple[tuple[str, ...], ...]:
    """Every way a scale type is written from a spelled tonic, best first: one for most types; a
    whole-tone scale's diminished third at each of its six steps (C D E F# G# A#, C D E Gb Ab Bb),
    the fewest sharps or flats first. Empty if every way needs three sharps or flats somewhere."""
    tonic_pc = parse_pitch(tonic, "english")
    if kind not in SCALE_STEPS:
        raise NotAKey("{kind} is not a scale type; use one of {kinds}", kind=repr(kind),
                      kinds=', '.join(SCALE_STEPS))
    steps = SCALE_STEPS[kind]
    pcs = [(tonic_pc + sum(steps[:degree])) % 12 for degree in range(len(steps))]
    if kind not in SCALE_LETTERS:
        pool = FLAT_NAMES if "b" in tonic[1:] else SHARP_NAMES
        return ((tonic, *(pool[pc] for pc in pcs[1:])),)
    first = LETTERS.index(tonic[0])
    found = []
    for pattern in SCALE_LETTERS[kind]:
        names = [note_name(LETTERS[(first + step) % 7], pc) for step, pc in zip(pattern, pcs, strict=True)]
        if None not in names:
            rank = (sum(map(accidentals, names)), max(map(accidentals, names)), _flats(names))
            found.append((rank, tuple(names)))
    return tuple(names for _rank, names in sorted(found, key=lambda item: item[0]))


def major_scale(key: str) -> list[str]:
    """The seven names of a conventional major key, tonic first ("Gb" -> Gb Ab Bb Cb Db Eb F)."""
    return scale_notes(key, "major")


#: The tonics a scale without a key signature (whole-tone, chromatic) is named on, as a class writes
#: them: a natural, or one sharp or flat on a black key (C, not B#; F, not E#).
_PLAIN_TONICS: dict[str, int | None] = {name: None for name in (
    "C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B")}


def _tonic_names(kind: str) -> dict[str, int | None]:
    """Tonic names a scale type is written from, with their key signature (None: no signature)."""
    if kind in ("major", "major pentatonic"):
        return MAJOR_KEY_SIGNATURES
    if kind == "harmonic minor":
        return MINOR_KEY_SIGNATURES
    return _PLAIN_TONICS


def _pitch_list(pitches: Iterable[PitchLike]) -> tuple[list[int], str]:
    """Pitch classes of the input and the input shown for messages ("C-D-F#")."""
    values = list(pitches)
    numbers = [parse_pitch(value) for value in values]
    shown = "-".join(
        value.strip() if isinstance(value, str) else value.english
        if isinstance(value, SpelledNote) else pitch_name(number)
        for value, number in zip(values, numbers, strict=True)
    )
    return numbers, shown or "(no notes)"


def _type_fits(pitches: Sequence[int], kind: str) -> list[tuple[tuple, ScaleFit]]:
    """Every spelled key of one scale type the ascending run fits, each with its rank."""
    steps = SCALE_STEPS[kind]
    size = len(steps)
    if not pitches or len(pitches) > size:
        return []
    found = []
    run_steps = [(b - a) % 12 for a, b in zip(pitches, pitches[1:], strict=False)]
    for start in range(size):
        if any(steps[(start + k) % size] != step for k, step in enumerate(run_steps)):
            continue
        tonic_pc = (pitches[0] - sum(steps[:start])) % 12
        for name, signature in _tonic_names(kind).items():
            if parse_pitch(name, "english") != tonic_pc:
                continue
            for full in _scale_spellings(name, kind):
                run = [full[(start + i) % size] for i in range(len(pitches))]
                # Without a signature (whole-tone, chromatic), equal spellings go to the one with
                # fewer diminished thirds (A♭–B♭–C, not G♯–A♯–C), then to fewer flats, the plainer
                # tonic name and the tonic earliest in the run (D♯–F–G–A–B–C♯: F whole-tone first).
                rank = (abs(signature or 0), sum(map(accidentals, run)),
                        (_skips(run), _flats(run), accidentals(name), (size - start) % size)
                        if signature is None else signature < 0)
                found.append((rank, ScaleFit(name, start, run, kind)))
    return found


def _skips(names: Sequence[str]) -> int:
    """How many steps of a run of names skip a letter (a whole-tone run's diminished thirds)."""
    return sum((LETTERS.index(b[0]) - LETTERS.index(a[0])) % 7 == 2
               for a, b in zip(names, names[1:], strict=False))


def _fits(pitches: Sequence[int], kinds: Iterable[str] = ("major",)) -> list[ScaleFit]:
    """Every key of the given scale types the ascending run fits, best first (module docstring)."""
    return [ScaleFit(key, start, list(names), kind)
            for key, start, names, kind in _ranked_fits(tuple(pitches), tuple(kinds))]


@cache
def _ranked_fits(pitches: tuple[int, ...], kinds: tuple[str, ...]) -> tuple[tuple[str, int, tuple, str], ...]:
    """`_fits` as tuples, remembered: spelling a board asks the same runs again and again."""
    ranked = []
    for order, kind in enumerate(kinds):
        for rank, fit in _type_fits(pitches, kind):
            if kind == "major":
                ranked.append(((0, *rank), fit))
            else:
                ranked.append(((1, rank[0], rank[1], order, rank[2]), fit))
    return tuple((fit.key, fit.start, tuple(fit.names), fit.kind)
                 for _, fit in sorted(ranked, key=lambda item: item[0]))


def _run(pitches: Iterable[PitchLike]) -> tuple[list[int], str]:
    """Pitch classes and display of a would-be scale run, checking it has 1 to 7 notes."""
    numbers, shown = _pitch_list(pitches)
    if not 1 <= len(numbers) <= 7:
        raise NotAStructure("a scale run has 1 to 7 notes, not {numbers}: {notes}", numbers=len(numbers),
                            notes=shown)
    return numbers, shown


def scale_fits(pitches: Iterable[PitchLike]) -> list[ScaleFit]:
    """Every major key (tonic name, first degree, spelling) an ascending run of 1-7 notes fits."""
    numbers, shown = _run(pitches)
    fits = _fits(numbers)
    if not fits:
        raise NotAStructure("{notes} is not part of any major scale (going up by scale steps)", notes=shown)
    return fits


def major_keys_fitting(pitches: Iterable[PitchLike]) -> list[int]:
    """Tonic pitch classes of the major scales the run climbs by step, best first; [] if none."""
    numbers, _ = _run(pitches)
    return list(dict.fromkeys(parse_pitch(fit.key, "english") for fit in _fits(numbers)))


def _normalise_key(key: PitchLike, convention: str = "english") -> tuple[str | int, str]:
    """(a conventional tonic name or a pitch class, scale type) from "gb", "G♭ major", "Ges" (read in
    `convention`), 6, "D harmonic minor", ..."""
    if not isinstance(key, str | SpelledNote):
        return parse_pitch(key), "major"
    text: PitchLike = key if isinstance(key, SpelledNote) else key.strip()  # (a value is not read)
    kind = "major"
    for name in sorted(SCALE_STEPS, key=len, reverse=True):
        if isinstance(text, str) and text.lower().endswith(" " + name):
            text, kind = text[: -len(name) - 1].strip(), name
            break
    name = _english(text, convention)
    signatures = _tonic_names(kind)
    if name not in signatures:
        keys = ", ".join(signatures)
        if kind == "major":
            raise NotAKey("{key} is not one of the 15 conventional major keys: {keys}", key=repr(key),
                          keys=keys)
        raise NotAKey("{key} is not one of the 15 conventional keys of type {kind}: {keys}", key=repr(key),
                      kind=repr(kind), keys=keys)
    return name, kind


def choose_fit(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> ScaleFit:
    """The key a run is spelled in: the best fitting key, or the fitting `key` (name or pc)."""
    values = list(pitches)
    if key is None:
        return scale_fits(values)[0]
    wanted, kind = _normalise_key(key)
    numbers, shown = _run(values)
    fits = _fits(numbers, (kind,))
    for fit in fits:
        if fit.key == wanted or parse_pitch(fit.key, "english") == wanted:
            return fit
    if not fits and kind == "major":
        raise NotAStructure("{notes} is not part of any major scale (going up by scale steps)", notes=shown)
    if not fits:
        raise NotAStructure("{notes} is not part of any scale of type {kind} (going up by scale steps)",
                            notes=shown, kind=repr(kind))
    asked = wanted if isinstance(wanted, str) else _best_tonic(wanted, kind)
    offered = tuple(fit.key for fit in fits)  # (the keys named in the reader's words where shown)
    raise NotAKey("{notes} is not a run of {asked}; it fits {offered}", notes=shown,
                  asked=Worded(_key_text(asked, kind), _key_text, asked, kind),
                  offered=Worded(_key_list(offered, kind, None), _key_list, offered, kind))


def _key_list(tonics: Sequence[str], kind: str, reader: Reader | None) -> str:
    """Keys of one kind from their English tonic names, as `reader` reads them: "C major, G major"."""
    return ", ".join(_key_text(tonic, kind, reader) for tonic in tonics)


def spell_scale(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> list[str]:
    """English names of an ascending major-scale run in the key it fits (or the fitting `key`)."""
    return choose_fit(pitches, key).names


def scale_spellings(pitches: Iterable[PitchLike],
                    reader: Reader | None = None) -> list[tuple[str, list[str]]]:
    """Every fitting key ("F# major", "Gb major", ...) with the run spelled in it, best first."""
    return [(_key_text(fit.key, "major", reader), [show_name(n, reader) for n in fit.names])
            for fit in scale_fits(pitches)]


def fit_run(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> ScaleFit:
    """The key a scale run is written in: the fitting `key` if given, else the key its typed names
    spell, else the best major key, else the best key of another scale type (master level)."""
    values = list(pitches)
    if key is not None:
        return choose_fit(values, key)
    numbers, shown = _pitch_list(values)
    fits = _fits(numbers, SCALE_STEPS)
    typed = [_english(value) for value in values]
    if all(typed):
        fits = [fit for fit in fits if fit.names == typed] + fits
    if not fits:
        raise NotAStructure("{notes} is not part of any major scale (going up by scale steps)", notes=shown)
    return fits[0]


def scale_name(pitches: Iterable[PitchLike], key: PitchLike | None = None,
               reader: Reader | None = None) -> str:
    """What a scale run is, e.g. "D major scale, degrees 2-3-4-5" (`run_title` of its `spell_run`)."""
    return run_title(spell_run("scale", pitches, key), reader)


def _best_tonic(tonic: int, kind: str) -> str:
    """The conventional name of a key on a pitch class: fewest sharps or flats, then fewest letters
    skipped (D♭ whole-tone, written D♭ E♭ F G A B, not C♯ D♯ F G A B), then sharps."""
    ranked = []
    for name, signature in _tonic_names(kind).items():
        if parse_pitch(name, "english") == tonic:
            full = scale_notes(name, kind) or []
            ranked.append(((abs(signature or 0), sum(map(accidentals, full)) if full else 99,
                            _skips(full), _flats([name])), name))
    return min(ranked)[1] if ranked else pitch_name(tonic)


def _key_text(english_tonic: str, kind: str = "major", reader: Reader | None = None) -> str:
    """A key from its English tonic name, as `reader` reads it, in its language: "Gb major", "Ges-Dur";
    without a tonic, the chromatic scale ("the chromatic scale", "der chromatischen Tonleiter")."""
    if not english_tonic:
        return chromatic_phrase("en" if reader is None else reader.language)
    if reader is None:
        return f"{english_tonic} {kind}"
    return key_phrase(prose_name(english_tonic, reader), kind, reader.language)


def _triad_text(english_root: str, quality: str, reader: Reader | None = None) -> str:
    """A triad from its English root name and quality, as `reader` reads it, in its language: "D#
    diminished", "Dis vermindert"."""
    if reader is None:
        return f"{english_root} {quality}"
    return triad_phrase(prose_name(english_root, reader), quality, reader.language)


def key_label(tonic: PitchLike, kind: str = "major", reader: Reader | None = None) -> str:
    """A key's name as `reader` reads it: (6, "major") -> "F# major"; a typed "Gb" is kept."""
    if kind not in SCALE_STEPS:
        raise NotAKey("{kind} is not a scale type; use one of {kinds}", kind=repr(kind),
                      kinds=', '.join(SCALE_STEPS))
    name = (_english(tonic, _convention(reader)) if isinstance(tonic, str | SpelledNote)
            else _best_tonic(parse_pitch(tonic), kind))
    return _key_text(name, kind, reader)


def run_key(pitches: Sequence[int], keys: Iterable[tuple[int, str]] | None = None) -> ScaleFit | None:
    """The key a diagonal run is spelled in: the best of `keys` ((tonic, type) pairs it fits), or
    of every scale type; None if it fits none."""
    if keys is None:
        fits = _fits(pitches, SCALE_STEPS)
    else:
        allowed = set(keys)
        kinds = [kind for kind in SCALE_STEPS if any(kind == k for _, k in allowed)]
        fits = [fit for fit in _fits(pitches, kinds)
                if (parse_pitch(fit.key, "english"), fit.kind) in allowed]
    return fits[0] if fits else None


def run_key_names(pitches: Sequence[int], keys: Iterable[tuple[int, str]],
                  names: Sequence[str] | None = None, first: tuple[int, str] | None = None,
                  reader: Reader | None = None) -> list[str]:
    """The name of each (tonic, type) key a run fits, spelled as the run is written in it; with the
    run's `names` (as the board writes it), the key it is spelled in comes first (`first`, a lesson
    key, when it writes them so) and each key is named as it writes those names where it can
    (C#–E# fits F# major, not Gb major)."""
    return [_key_text(tonic, kind, reader) for tonic, kind in _run_keys(
        tuple(pitches), tuple(keys), None if names is None else tuple(names), first)]


@cache
def _run_keys(pitches: tuple[int, ...], keys: tuple[tuple[int, str], ...], names: tuple[str, ...] | None,
              first: tuple[int, str] | None) -> tuple[tuple[str, str], ...]:
    """`run_key_names` as (English tonic, type) facts, remembered."""
    found = []
    for tonic, kind in keys:
        fits = [fit for fit in _fits(pitches, (kind,)) if parse_pitch(fit.key, "english") == tonic]
        same = [fit for fit in fits if names is not None and fit.names == list(names)]
        fit = (same or fits or [None])[0]
        found.append((fit.key if fit else _best_tonic(tonic, kind), kind))
    spelled = None if names is None else fit_spelled(pitches, [first] if first in keys else [], names) or \
        fit_spelled(pitches, keys, names)
    if spelled is not None:
        found.insert(0, found.pop(keys.index((parse_pitch(spelled.key, "english"), spelled.kind))))
    return tuple(found)


def run_key_lists(pitches: Sequence[int], keys: Iterable[tuple[int, str]], names: Sequence[str],
                  first: tuple[str, str] | None = None,
                  reader: Reader | None = None) -> tuple[list[str], list[str]]:
    """The (tonic, type) keys a run fits, named, in two lists (RULES.md section 7): those whose scale
    holds its notes as `names` spells them (the key it is spelled in first), and those it fits only
    by sound ("F♭–G♭": C♭ major holds the letters, D major only the sounds), each named by its own
    best spelling. A run fitting a chromatic scale fits "the chromatic scale" once, without a tonic,
    whatever its spelling (a chromatic scale fits every key). The lesson key `first` (English tonic,
    type: ("F#", "major")) leads the list it is in: a run spelled E♭–F fits G♭ major by its letters
    and the lesson's F♯ major by sound."""
    letters, sound = _run_key_lists(tuple(pitches), tuple(keys), tuple(names), first)
    return [_key_text(*key, reader) for key in letters], [_key_text(*key, reader) for key in sound]


@cache
def _run_key_lists(pitches: tuple[int, ...], keys: tuple[tuple[int, str], ...], names: tuple[str, ...],
                   first: tuple[str, str] | None) -> tuple[tuple[tuple[str, str], ...], ...]:
    """`run_key_lists` as (English tonic, type) facts, remembered."""
    allowed = set(keys)
    kinds = tuple(kind for kind in SCALE_STEPS if kind != "chromatic" and any(kind == k for _, k in allowed))
    letters: dict[tuple[int, str], str] = {}
    sound: dict[tuple[int, str], str] = {}
    for fit in _fits(pitches, kinds):
        fact = (parse_pitch(fit.key, "english"), fit.kind)
        if fact not in allowed or fact in letters:
            continue
        if fit.names == list(names):
            letters[fact] = fit.key
            sound.pop(fact, None)
        else:
            sound.setdefault(fact, fit.key)
    order = [(letters[fact], fact[1]) for fact in letters]
    if any(kind == "chromatic" for _, kind in allowed):
        order.append(("", "chromatic"))  # (the chromatic scale, on no tonic: it holds every spelling)
    twins = [(sound[fact], fact[1]) for fact in sound]
    fact = None if first is None else (parse_pitch(first[0], "english"), first[1])
    if first in order:
        order.remove(first)
        order.insert(0, first)
    elif fact in allowed:  # the lesson's key holds the sounds only (its twin may hold the letters)
        twins = [first, *(twin for twin in twins if (parse_pitch(twin[0], "english"), twin[1]) != fact)]
    return tuple(order), tuple(twins)


def lesson_key_by_sound(pitches: Sequence[int], keys: Iterable[tuple[int, str]], names: Sequence[str],
                        first: tuple[str, str] | None) -> bool:
    """Whether the lesson key `first` (English tonic, type) is one the run fits only by sound, its
    letters being another key's: then it leads `run_key_lists`'s second list, and is always named."""
    if first is None:
        return False
    letters, sound = _run_key_lists(tuple(pitches), tuple(keys), tuple(names), first)
    return first not in letters and bool(sound) and sound[0] == first


def fit_spelled(pitches: Sequence[int], keys: Iterable[tuple[int, str]],
                names: Sequence[str]) -> ScaleFit | None:
    """The best fit among `keys` ((tonic, type) pairs) that writes the run as `names`, or None."""
    names, allowed = list(names), set(keys)
    kinds = tuple(kind for kind in SCALE_STEPS if any(kind == k for _, k in allowed))
    for fit in _fits(pitches, kinds):
        if fit.names == names and (parse_pitch(fit.key, "english"), fit.kind) in allowed:
            return fit
    return None


def triad_root_name(root: int, quality: str, names: Sequence[str], first: int = 0) -> str:
    """The English root name of a triad holding spelled `names` as its members from `first` (0 the
    root, 1 the third): G#–B as third and fifth -> "E#"; its best name when they cannot be its letters."""
    steps = (0, *accumulate(TRIAD_STEPS[quality]))
    if names and _stacked_thirds(list(names)) and all(
            parse_pitch(name, "english") == (root + steps[first + k]) % 12 for k, name in enumerate(names)):
        spelled = note_name(LETTERS[(LETTERS.index(names[0][0]) - 2 * first) % 7], root)
        if spelled is not None:
            return spelled
    return triad_spelling(root, quality)[0]


# ---- triads --------------------------------------------------------------------------------------
def identify_triad(pitches: Iterable[PitchLike]) -> tuple[int, str]:
    """(root pitch class, quality) of a root-position triad given bottom to top."""
    numbers, shown = _pitch_list(pitches)
    if len(numbers) == 3:
        steps = ((numbers[1] - numbers[0]) % 12, (numbers[2] - numbers[1]) % 12)
        for quality, quality_steps in TRIAD_STEPS.items():
            if steps == quality_steps:
                return numbers[0], quality
    raise NotAStructure("{notes} is not a root-position triad (root, third, fifth: major, minor, "
                        "diminished or augmented)", notes=shown)


@cache
def _triad_ranked(root: int, quality: str) -> tuple[tuple[tuple[int, int, int], tuple[str, ...]], ...]:
    """Spellings of a triad from each root name with at most one accidental, ranked, best first."""
    if quality not in TRIAD_STEPS:
        raise NotAStructure("{quality} is not a triad quality; use one of {qualities}",
                            quality=repr(quality), qualities=list(TRIAD_STEPS))
    third = (root + TRIAD_STEPS[quality][0]) % 12
    fifth = (third + TRIAD_STEPS[quality][1]) % 12
    options = []
    for index, letter in enumerate(LETTERS):
        root_name = note_name(letter, root)
        if root_name is None or accidentals(root_name) > 1:
            continue
        names = [root_name, note_name(LETTERS[(index + 2) % 7], third),
                 note_name(LETTERS[(index + 4) % 7], fifth)]
        if None not in names:
            rank = (sum(map(accidentals, names)), accidentals(root_name), _flats(names))
            options.append((rank, tuple(names)))
    return tuple(sorted(options, key=lambda item: item[0]))


def _triad_options(root: int, quality: str) -> list[list[str]]:
    return [list(names) for _, names in _triad_ranked(root, quality)]


def triad_spelling(root: PitchLike, quality: str) -> list[str]:
    """The English names of a triad from its root and quality: (6, "diminished") -> F# A C."""
    return _triad_options(parse_pitch(root), quality)[0]


def spell_triad(pitches: Iterable[PitchLike]) -> list[str]:
    """English names of a root-position triad by stacked thirds, with the fewest accidentals."""
    return _triad_options(*identify_triad(pitches))[0]


def triad_spellings(pitches: Iterable[PitchLike],
                    reader: Reader | None = None) -> list[tuple[str, list[str]]]:
    """Spellings from every root with at most one sharp or flat, named, best first."""
    root, quality = identify_triad(pitches)
    return [(_triad_text(names[0], quality, reader), [show_name(n, reader) for n in names])
            for names in _triad_options(root, quality)]


def triad_label(root: PitchLike, quality: str, reader: Reader | None = None) -> str:
    """A triad's one name, as `reader` reads it: (3, "diminished") -> "D# diminished"."""
    return _triad_text(_root_name(root, quality, _convention(reader)), quality, reader)


def _root_name(root: PitchLike, quality: str, convention: str) -> str:
    """A triad root's English name: a typed name (read in `convention`) where the triad is spelled
    from it, else the triad's usual spelling."""
    if isinstance(root, str | SpelledNote):
        english = _english(root, convention)
        root_pc = parse_pitch(english)
        for names in _triad_options(root_pc, quality):
            if names[0] == english:
                return english
        root = root_pc
    return triad_spelling(root, quality)[0]


def triad_name(root_pc: PitchLike, quality: str) -> str:
    """A triad's name in English, for data and records: (9, "minor") -> "A minor"."""
    return f"{triad_spelling(root_pc, quality)[0]} {quality}"


def _pair_triads(low: int, high: int, qualities: Iterable[str]) -> list[tuple[int, str]]:
    """Every triad of the qualities that holds the pair as root-third or third-fifth."""
    gap = (high - low) % 12
    found = []
    for quality in qualities:
        first, second = TRIAD_STEPS[quality]
        if first == gap:
            found.append((low, quality))
        if second == gap:
            found.append(((low - first) % 12, quality))
    return found


def spell_pair(low: int, high: int, triads: Iterable[tuple[int, str]] = (),
               qualities: Iterable[str] = ALL_QUALITIES) -> list[str] | None:
    """English names of a column pair as the best-named of `triads` it can become (or of every
    triad of `qualities` holding it: the rule set's allowed qualities, which a position passes; by
    default every quality muzlab names); None when the two notes are not a third apart."""
    candidates = list(triads) or _pair_triads(low, high, qualities)
    best = None
    for root, quality in candidates:
        rank, names = _triad_ranked(root, quality)[0]
        part = list(names[:2] if root == low else names[1:])
        if parse_pitch(part[0], "english") != low or parse_pitch(part[1], "english") != high:
            continue
        key = (rank, root, quality)
        if best is None or key < best[0]:
            best = (key, part)
    return None if best is None else best[1]


def spell_column(pitches: Sequence[int], triads: Iterable[tuple[int, str]] = (),
                 fixed: dict[int, str] | None = None, qualities: Iterable[str] = ALL_QUALITIES) -> list[str]:
    """English names of any column run, as thirds wherever it can be: a triad (augmented too) or a
    pair as in `spell_pair` (`triads` and `qualities` as there); a longer or broken run spells its
    triad or pair and stacks letters a third apart on it where they fit, default names elsewhere
    (C–E–G–Bb, C–E–A). `fixed` keeps the names of some dice (by index: dice already on the board,
    as it spells them) and writes the others a third from them (F#–A# with a D on top: F#–A#–C##)."""
    run = [parse_pitch(p) for p in pitches]
    names: list[str | None] = [None] * len(run)
    limit = 2
    if fixed:
        for index, name in fixed.items():
            names[index] = name
    else:
        limit = 1
        anchors = []
        if len(run) >= 3:
            anchors = [(i, _triad_options(*triad)[0]) for i in range(len(run) - 2)
                       if (triad := _triad_of(run[i:i + 3])) is not None]
        if not anchors and len(run) >= 2:
            for i in range(len(run) - 1):
                pair = spell_pair(run[i], run[i + 1], triads if len(run) == 2 else (), qualities)
                if pair is not None:
                    anchors.append((i, pair))
        if anchors:
            start, spelled = anchors[0]
            names[start:start + len(spelled)] = spelled
    for _ in range(len(run)):
        for i in range(len(run)):
            if names[i] is None:
                below = _third_from(names[i - 1], run[i - 1], run[i], 2, limit) if i > 0 else None
                above = _third_from(names[i + 1], run[i + 1], run[i], -2, limit) if i + 1 < len(run) else None
                names[i] = below or above
    return [name or pitch_name(p) for name, p in zip(names, run, strict=True)]


def _triad_of(pitches: Sequence[int]) -> tuple[int, str] | None:
    """(root, quality) of three pitch classes that are a root-position triad, else None."""
    steps = ((pitches[1] - pitches[0]) % 12, (pitches[2] - pitches[1]) % 12)
    for quality, quality_steps in TRIAD_STEPS.items():
        if steps == quality_steps:
            return pitches[0], quality
    return None


def _third_from(name: str | None, from_pitch: int, pitch: int, letters: int, limit: int) -> str | None:
    """`pitch` written a third above (letters=2) or below (-2) a spelled name when it lies a third
    (3 or 4 semitones) from it and takes at most `limit` sharps or flats."""
    if name is None or (pitch - from_pitch) * letters // 2 % 12 not in (3, 4):
        return None
    third = note_name(LETTERS[(LETTERS.index(name[0]) + letters) % 7], pitch)
    return third if third is not None and accidentals(third) <= limit else None


# ---- structures ----------------------------------------------------------------------------------
def structure_kind(kind: Any) -> str:
    """The kind, "triad" or "scale", from a string or an enum holding one; else NotAStructure."""
    value = getattr(kind, "value", kind)
    if value not in KINDS:
        raise NotAStructure("{kind} is not a kind of structure; use 'triad' or 'scale'", kind=repr(kind))
    return value


def spell_english(kind: Any, pitches: Sequence[int], *, key: PitchLike | None = None,
                  triads: Iterable[tuple[int, str]] = (), keys: Iterable[tuple[int, str]] | None = None,
                  qualities: Iterable[str] = ALL_QUALITIES) -> list[str]:
    """English names of a run on the board (see `spell_notes`); default names where no spelling
    applies (a column run that is no triad, a diagonal run that fits no scale). A column pair that
    can become no triad is spelled as a triad of `qualities` (see `spell_pair`)."""
    pitches = tuple(p if type(p) is int and 0 <= p < 12 else parse_pitch(p) for p in pitches)
    kind = structure_kind(kind)
    if key is not None and kind == "scale":
        return choose_fit(pitches, key).names
    triads = tuple((root, quality) for root, quality in triads)
    keys = None if keys is None else tuple((tonic, kind) for tonic, kind in keys)
    return list(_spelled(kind, pitches, triads, keys, tuple(qualities)))


@cache
def _spelled(kind: str, pitches: tuple[int, ...], triads: tuple[tuple[int, str], ...],
             keys: tuple[tuple[int, str], ...] | None, qualities: tuple[str, ...]) -> tuple[str, ...]:
    """`spell_english` without a key, remembered: a pure function of numbers and English names (the
    convention only matters when a name is shown), and a board spells the same runs again and again."""
    if kind == "triad":
        return tuple(spell_column(pitches, triads, qualities=qualities))
    fit = run_key(pitches, keys)
    return tuple(fit.names) if fit is not None else tuple(pitch_name(p) for p in pitches)


def english_spelling(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                     convention: str = "english") -> list[str]:
    """`spell_notes` in English, as notation files need it ("F#", "Cb"); typed names are read in
    `convention`."""
    values = list(pitches)
    numbers = [parse_pitch(value, convention) for value in values]
    typed = [_english(value, convention) for value in values]
    if structure_kind(kind) == "scale":
        if key is None and all(typed):
            for fit in _fits(numbers, SCALE_STEPS):
                if fit.names == typed:
                    return typed
        return spell_english(kind, numbers, key=_english(key, convention) if isinstance(key, str) else key)
    if key is not None:
        in_key = _in_key(numbers, key, convention)
        if in_key is not None:
            return in_key
    if all(typed) and _stacked_thirds(typed):
        return typed
    return spell_english(kind, numbers)


def _in_key(pitches: Sequence[int], key: PitchLike, convention: str = "english") -> list[str] | None:
    """A column run written with the notes of a key, if they are its notes a third apart."""
    wanted, kind = _normalise_key(key, convention)
    tonic = wanted if isinstance(wanted, str) else _best_tonic(wanted, kind)
    notes = {parse_pitch(name, "english"): name for name in scale_notes(tonic, kind) or []}
    names = [notes.get(pitch) for pitch in pitches]
    return names if None not in names and _stacked_thirds(names) else None


def spell_notes(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                reader: Reader | None = None) -> list[str]:
    """A run's notes spelled in context, bottom to top, as `reader` reads them: a column run as its
    triad or potential triad (or in `key`, when they are notes of it), a diagonal run in the key it
    fits (or the fitting `key`). Notes typed as names (in the reader's convention) keep their
    spelling when they fit."""
    return [show_name(name, reader) for name in english_spelling(kind, pitches, key, _convention(reader))]


def _stacked_thirds(names: list[str]) -> bool:
    """Names a third apart in letters (C E G, D# F# A), as a triad or pair is written."""
    return all((LETTERS.index(b[0]) - LETTERS.index(a[0])) % 7 == 2
               for a, b in zip(names, names[1:], strict=False))


@dataclass(frozen=True)
class SpelledRun:
    """A triad or scale run spelled once, as one value for its staff, keyboard, sound and title: its
    pitch classes and English names bottom to top, a triad's root name and quality, and the key it is
    written in as (English tonic, scale type): a scale run's key (with the run's first degree,
    0-based, in `start`), or the key given for a triad (None: its home key's signature)."""

    kind: str
    pitches: tuple[int, ...]
    names: tuple[str, ...]
    root: str | None = None
    quality: str | None = None
    key: tuple[str, str] | None = None
    start: int = 0

    @property
    def notes(self) -> tuple[SpelledNote, ...]:
        """The names as values (letter, accidental)."""
        return tuple(SpelledNote.from_english(name) for name in self.names)

    @property
    def signature(self) -> int | None:
        """Sharps (+) or flats (-) of its staff's key signature; None for none. A scale run and a triad
        given a key carry that key's (None for a key without one: whole-tone); a major or minor triad
        alone its own key's; a diminished or augmented one none, its accidentals written (A diminished
        carries no two flats of B-flat major, a key it is no tonic of)."""
        if self.key is not None:
            return _tonic_names(self.key[1]).get(self.key[0])
        return {"major": MAJOR_KEY_SIGNATURES, "minor": MINOR_KEY_SIGNATURES}.get(self.quality or "", {}).get(
            self.root or "")


def spell_run(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
              convention: str = "english", triad: tuple[int, str] | None = None) -> SpelledRun:
    """A triad or scale run spelled for what it is (or in `key`, or as typed, names read in
    `convention`); a triad is identified here, once, unless its (root, quality) is given as `triad`
    (facts the rules found). NotAStructure for notes that are neither, NotAKey for a scale run that
    does not fit `key`."""
    values = list(pitches)
    kind = structure_kind(kind)
    numbers = tuple(parse_pitch(value, convention) for value in values)
    if kind == "scale":
        if isinstance(key, str | SpelledNote):  # (a pitch class stays one: the best fit on it is chosen)
            key = " ".join(lesson_key_facts(key, convention))
        fit = fit_run([_english(value, convention) or value for value in values], key)
        return SpelledRun(kind, numbers, tuple(fit.names), key=(fit.key, fit.kind), start=fit.start)
    if triad is None or len(numbers) != 3 or triad[0] != numbers[0]:
        triad = identify_triad([_english(value, convention) or value for value in values])
    names = _in_key(numbers, key, convention) if key is not None else None
    typed = [_english(value, convention) for value in values]
    if names is None:
        names = typed if all(typed) and _stacked_thirds(typed) else triad_spelling(*triad)
    lesson = None if key is None else lesson_key_facts(key, convention)
    return SpelledRun(kind, numbers, tuple(names), names[0], triad[1], lesson)


def run_title(run: SpelledRun, reader: Reader | None = None) -> str:
    """What a spelled run is, as `reader` reads it: "A minor" for a triad, "D major scale, degrees
    2-3-4-5" for a scale run (wrapping runs: "degrees 6-7-1-2"; every degree is written, so three
    notes never read as two)."""
    if run.kind == "triad":
        return _triad_text(run.root, run.quality, reader)
    tonic, kind = run.key
    size = len(SCALE_STEPS[kind])
    degrees = [(run.start + i) % size + 1 for i in range(len(run.names))]
    language = "en" if reader is None else reader.language
    scale = scale_phrase(tonic if reader is None else prose_name(tonic, reader), kind, language)
    if degrees == list(range(1, size + 1)):  # the whole scale, from its tonic
        return scale
    if len(degrees) == 1:
        return translate_in(language, "scale name", "{scale}, degree {degree}").format(scale=scale,
                                                                                      degree=degrees[0])
    return translate_in(language, "scale name", "{scale}, degrees {degrees}").format(
        scale=scale, degrees="-".join(map(str, degrees)))


def structure_name(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                   reader: Reader | None = None) -> str:
    """A label for a built structure (`run_title` of its `spell_run`): "A minor", "D major scale,
    degrees 2-3-4-5"; typed names (read in the reader's convention) and a `key` are kept ("G# major"
    for G#–B#–D#, "Gb major scale")."""
    return run_title(spell_run(kind, pitches, key, _convention(reader)), reader)


def completion_label(kind: Any, root: PitchLike, quality: str, reader: Reader | None = None) -> str:
    """What a completion is called, for score sheets: "C major triad", "F# major scale"."""
    if structure_kind(kind) == "triad":
        return f"{triad_label(root, quality, reader)} triad"
    return f"{key_label(root, quality, reader)} scale"


# ---- key context ---------------------------------------------------------------------------------
def _key_pc(key: PitchLike, convention: str = "english") -> tuple[int, str | None]:
    """(tonic pitch class, English tonic name or None) of a major key given as name or pc."""
    wanted, kind = _normalise_key(key, convention)
    if kind != "major":
        raise NotAKey("Roman numerals here name triads of major keys, not of {key}", key=repr(key))
    if isinstance(wanted, str):
        return parse_pitch(wanted, "english"), wanted
    return wanted, None


def _numeral(root: int, quality: str, tonic: int) -> str | None:
    degree_pcs = [(tonic + step) % 12 for step in MAJOR_DEGREES]
    if root in degree_pcs:
        degree = degree_pcs.index(root)
        if MAJOR_KEY_QUALITIES[degree] == quality:
            return MAJOR_KEY_NUMERALS[degree]
    return None


def roman_numeral(root: PitchLike, quality: str, key: PitchLike, reader: Reader | None = None) -> str:
    """A triad's function in a major key: ("D", "minor", "C") -> "ii"; ("B", "diminished", 0) ->
    "vii°". Typed names are read as `reader` reads them; NotInKey when the triad is not one of the
    key's seven (its facts worded for a person's reader where shown)."""
    if quality not in TRIAD_STEPS:
        raise NotAStructure("{quality} is not a triad quality; use one of {qualities}",
                            quality=repr(quality), qualities=list(TRIAD_STEPS))
    convention = _convention(reader)
    root_pc = parse_pitch(root, convention)
    tonic, name = _key_pc(key, convention)
    numeral = _numeral(root_pc, quality, tonic)
    if numeral is None:
        english, tonic_name = _root_name(root, quality, convention), name or _best_tonic(tonic, "major")
        raise NotInKey("{triad} is not a triad of {key}; its triads are {triads}",
                       triad=Worded(_triad_text(english, quality), _triad_text, english, quality),
                       key=Worded(_key_text(tonic_name), _key_text, tonic_name, "major"),
                       triads=Worded(_numbered_triads(tonic, name), _numbered_triads, tonic, name))
    return numeral


def _numbered_triads(tonic: int, name: str | None, reader: Reader | None = None) -> str:
    """The seven triads of a major key with their numerals, as `reader` reads them: "I C major, ii D
    minor, …" (None: English)."""
    return ", ".join(f"{triad.numeral} {triad.name}" for triad in _diatonic(tonic, name, reader))


def diatonic_triads(key: PitchLike, reader: Reader | None = None) -> list[DiatonicTriad]:
    """The seven triads of a major key with their numerals, spelled in the key (Gb major: IV is
    Cb major), named as `reader` reads them."""
    return _diatonic(*_key_pc(key, _convention(reader)), reader)


def _diatonic(tonic: int, name: str | None, reader: Reader | None = None) -> list[DiatonicTriad]:
    notes = scale_notes(name or _best_tonic(tonic, "major"), "major")
    triads = []
    for degree in range(7):
        spelled = tuple(notes[(degree + k) % 7] for k in (0, 2, 4))
        quality = MAJOR_KEY_QUALITIES[degree]
        triads.append(DiatonicTriad(MAJOR_KEY_NUMERALS[degree], parse_pitch(spelled[0], "english"), quality,
                                    _triad_text(spelled[0], quality, reader),
                                    tuple(show_name(name, reader) for name in spelled)))
    return triads


def triad_functions(root: int, quality: str, tonics: Iterable[int], spelled: Sequence[str] | None = None,
                    first: LessonKey | None = None, reader: Reader | None = None) -> list[str]:
    """The triad's function in each major key on `tonics` it belongs to, e.g. ["ii in C major"], or
    ["Sp in C-Dur"] for a reader of Funktionstheorie (`triad_function_facts` in words, as `reader`
    reads them)."""
    if reader is None:
        return [f"{numeral} in {_key_text(key)}"
                for numeral, key in triad_function_facts(root, quality, tonics, spelled, first)]
    template = reader.gettext("{numeral} in {key}")
    return [template.format(key=_key_text(key, "major", reader),
                            numeral=harmony_label(numeral, root, quality, parse_pitch(key), reader))
            for numeral, key in triad_function_facts(root, quality, tonics, spelled, first)]


def triad_function_facts(root: int, quality: str, tonics: Iterable[int], spelled: Sequence[str] | None = None,
                         first: LessonKey | None = None) -> list[tuple[str, str]]:
    """(numeral, English tonic name) of each major key on `tonics` the triad belongs to; the key is
    named so that its scale holds the triad's spelled notes (`spelled`, by default its own spelling:
    vii° in Gb major, not F#), and a key that cannot hold the spelling given is left out. `first`
    (a lesson key, F# major) comes first when the triad is one of its seven."""
    return list(_function_facts(root, quality, tuple(tonics), tuple(spelled or ()), first))


@cache
def _function_facts(root: int, quality: str, tonics: tuple[int, ...], spelled: tuple[str, ...],
                    first: LessonKey | None) -> tuple[tuple[str, str], ...]:
    """`triad_function_facts` on tuples, remembered (a board names the same triads again and again)."""
    spelled_set = set(spelled or triad_spelling(root, quality))
    found = []
    if first:
        tonic_name, kind = first.tonic_name, first.kind
        tonic = parse_pitch(tonic_name, "english")
        numeral = _numeral(root, quality, tonic) if kind == "major" else None
        if numeral is not None and spelled_set <= set(scale_notes(tonic_name, "major")):
            found.append((numeral, tonic_name))
            tonics = [t for t in tonics if t != tonic]
    for tonic in tonics:
        numeral = _numeral(root, quality, tonic)
        if numeral is None:
            continue
        names = [n for n in MAJOR_KEY_SIGNATURES if parse_pitch(n, "english") == tonic]
        holding = [n for n in names if spelled_set <= set(scale_notes(n, "major"))]
        if spelled and not holding:
            continue  # no key on that tonic writes the triad as the board does (C#–E#–G# is no IV of Ab)
        key = min(holding or names, key=lambda n: (abs(MAJOR_KEY_SIGNATURES[n]), MAJOR_KEY_SIGNATURES[n] < 0))
        found.append((numeral, key))
    return tuple(found)


def degree_names(pitches: Iterable[PitchLike], key: PitchLike | None = None,
                 style: str = "names") -> list[str]:
    """The scale degree of each note of a major-scale run: "tonic" ... "leading tone" (style
    "names"), movable-do syllables ("do" ... "ti", style "movable-do") or numbers ("1" ... "7")."""
    if style not in DEGREE_STYLES:
        raise NotAStructure("{style} is not a way to name degrees; use one of {styles}",
                            style=repr(style), styles=', '.join(DEGREE_STYLES))
    values = list(pitches)
    fit = choose_fit(values, key)
    return [DEGREE_STYLES[style][(fit.start + i) % 7] for i in range(len(values))]


def run_degrees(pitches: Sequence[int], style: str = "names", fit: ScaleFit | None = None,
                reader: Reader | None = None) -> str:
    """A major-scale run's degrees in the key it is spelled in (`fit`, by default its best key): "in
    C major: submediant–leading tone–tonic"."""
    fit = fit or choose_fit(list(pitches))
    if style not in DEGREE_STYLES:
        raise NotAStructure("{style} is not a way to name degrees; use one of {styles}",
                            style=repr(style), styles=', '.join(DEGREE_STYLES))
    words = [DEGREE_STYLES[style][(fit.start + i) % 7] for i in range(len(pitches))]
    if style == "names":
        words = [degree_name((fit.start + i) % 7, reader) for i in range(len(pitches))]
    language = "en" if reader is None else reader.language
    return translate_in(language, "degrees", "in {key}: {degrees}").format(
        key=_key_text(fit.key, "major", reader), degrees=DASH.join(words))


#: Each degree of a major scale by its name, marked for the catalogues (the glossary's words).
_DEGREE_WORDS = (marked("degree", "tonic"), marked("degree", "supertonic"), marked("degree", "mediant"),
                 marked("degree", "subdominant"), marked("degree", "dominant"),
                 marked("degree", "submediant"),
                 marked("degree", "leading tone"))


def degree_name(index: int, reader: Reader | None = None) -> str:
    """The name of a major scale's degree (0: the tonic ... 6: the leading tone) in `reader`'s language
    (English by default): "Dominante", "sensible", "tónica"."""
    return translate_in("en" if reader is None else reader.language, *_DEGREE_WORDS[index])


def mode_name(pitches: Iterable[PitchLike], key: PitchLike | None = None, fit: ScaleFit | None = None,
              reader: Reader | None = None) -> str:
    """Where a major-scale run starts in its key (`fit`, or the fitting `key`, or its best) and which
    mode that makes: A–B–C–D–E–F–G -> "C major from its sixth degree: A natural minor / Aeolian"."""
    values = list(pitches)
    fit = fit or choose_fit(values, key)
    language = "en" if reader is None else reader.language
    key_text = _key_text(fit.key, "major", reader)
    start = prose_name(fit.names[0], reader)
    mode = phrase(translate_in(language, *_MODE_OF[fit.start]), key=key_text, note=start)
    return phrase(translate_in(language, *_FROM_DEGREE[fit.start]), key=key_text, mode=mode)


#: The mode a major scale makes from each of its degrees, named from its first note (or the key).
_MODE_OF = (marked("mode", "{key} / Ionian"), marked("mode", "{note} Dorian"),
            marked("mode", "{note} Phrygian"), marked("mode", "{note} Lydian"),
            marked("mode", "{note} Mixolydian"), marked("mode", "{note} natural minor / Aeolian"),
            marked("mode", "{note} Locrian"))
#: Where a run starts in its major key, by degree.
_FROM_DEGREE = (marked("mode", "{key} from its tonic: {mode}"),
                marked("mode", "{key} from its second degree: {mode}"),
                marked("mode", "{key} from its third degree: {mode}"),
                marked("mode", "{key} from its fourth degree: {mode}"),
                marked("mode", "{key} from its fifth degree: {mode}"),
                marked("mode", "{key} from its sixth degree: {mode}"),
                marked("mode", "{key} from its seventh degree: {mode}"))
