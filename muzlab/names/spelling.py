"""Note names for what was built, in context and in the class's convention: the one naming path.

Legality is decided on pitch classes elsewhere, and the letters are chosen in `muzlab.names.letters`
(the choices below: an F# major run shows E#, a diminished triad on F# reads F#-A-C), as values with no
reader; this module says them for a reader. Pure standard library, so the rules and every view can
import it. Every note, chord and key a person reads is made here
(`pitch_label`, `triad_label`, `key_label`, `spell_notes`, `completion_label`, `show_name`), and
every run a staff, keyboard or sound is drawn from (`spell_run`, one value); names are chosen in
English ("F#", "Bbb") and shown as the reader given reads them (`Reader`: its convention and
typesetting); without a reader, as records write them (English ASCII). A name inside a sentence takes
its prose form (`prose_name`, `prose=True`): French and Spanish write solfège in small letters there
("de do à ré"), with a capital where a sentence begins with one (`language.sentence`); board labels,
pictures and records keep the names the board shows ("Ré").

Choices (what a teacher sees, docs/rules.md section 10):

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
  "the chromatic scale", without a tonic (docs/rules.md section 10).
* Double accidentals are written "##" and "bb", never "x".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from muzlab.core.errors import Worded
from muzlab.core.moved import forward_names
from muzlab.core.pitch import (
    CONVENTIONS as CONVENTIONS,  # the conventions live with the parser; re-exported here
)
from muzlab.core.pitch import (
    FLAT_NAMES,
    SHARP_NAMES,
    PitchLike,
    SpelledNote,
    parse_pitch,
    pitch_name,
)
from muzlab.core.theory import SCALE_STEPS, TRIAD_STEPS
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
from muzlab.names.letters import (
    ALL_QUALITIES,
    DEGREE_STYLES,
    MAJOR_KEY_NUMERALS,
    MAJOR_KEY_QUALITIES,
    MAJOR_KEY_SIGNATURES,
    SPELLED_PITCH,
    DiatonicTriad,
    Key,
    NotAKey,
    NotAStructure,
    NotInKey,
    ScaleFit,
    SpelledRun,
    best_tonic,
    fits_of_kinds,
    identify_triad,
    key_lists_of_run,
    keys_of_run,
    lesson_key_facts,
    major_numeral,
    normalised_key,
    pitch_list,
    run_numbers,
    scale_fits,
    scale_notes,
    spelled_structure,
    stacked_thirds,
    structure_kind,
    triad_function_facts,
    triad_options,
    triad_spelling,
    typed_english,
)

if TYPE_CHECKING:
    from muzlab.names.reader import Reader


#: The theory of spelling moved to muzlab.names.letters: its names still import from here, with a warning.
__getattr__ = forward_names(__name__, "muzlab.names.letters")
DASH = "–"


# ---- showing names as a reader reads them -------------------------------------------------------
# Every function that writes a name takes the reader (`muzlab.names.reader.Reader`): its convention,
# and whether names are typeset for people to read (messages, sheets, the log, questions: then
# English writes real sharps and flats, "F♯", "B♭"). None is the plain reader of records and
# notation: English ASCII names ("F#").
def show_name(english_name: str, reader: Reader | None = None) -> str:
    """One spelled English name ("Bb", "F#", "E#") as `reader` reads it (German "B", "Fis", "Eis";
    solfège "Si♭", "Fa♯", "Mi♯", in French "Ré"); typeset, English writes "B♭", "F♯"."""
    return english_name if reader is None else reader.name(english_name)


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
    english = typed_english(value, _convention(reader))
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


def _as_english(values: Iterable[PitchLike], reader: Reader | None) -> list[PitchLike]:
    """Typed names read in `reader`'s note names, as English spelled names ("Fis" -> "F#"); pitch
    classes as they are."""
    convention = _convention(reader)
    typed = [(value, typed_english(value, convention)) for value in values]
    return [value if english is None else english for value, english in typed]


def major_scale(key: PitchLike, reader: Reader | None = None) -> list[str]:
    """The seven notes of a conventional major key, tonic first, as `reader` reads them; the key is
    typed in the reader's note names ("Gb" -> Gb Ab Bb Cb Db Eb F; German "Ges" -> Ges As B Ces Des
    Es F). NotAKey for a key that is no conventional major key."""
    tonic, kind = lesson_key_facts(key, _convention(reader))
    if kind != "major":
        raise NotAKey("{key} is not one of the 15 conventional major keys: {keys}", key=repr(key),
                      keys=", ".join(show_name(name, reader) for name in MAJOR_KEY_SIGNATURES))
    return [show_name(name, reader) for name in scale_notes(tonic, "major")]


def choose_fit(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> ScaleFit:
    """The key a run is spelled in: the best fitting key, or the fitting `key` (name or pc)."""
    values = list(pitches)
    if key is None:
        return scale_fits(values)[0]
    wanted, kind = normalised_key(key)
    numbers, shown = run_numbers(values)
    fits = fits_of_kinds(numbers, (kind,))
    for fit in fits:
        if fit.key == wanted or fit.tonic == wanted:
            return fit
    if not fits and kind == "major":
        raise NotAStructure("{notes} is not part of any major scale (going up by scale steps)", notes=shown)
    if not fits:
        raise NotAStructure("{notes} is not part of any scale of type {kind} (going up by scale steps)",
                            notes=shown, kind=repr(kind))
    asked = wanted if isinstance(wanted, str) else best_tonic(wanted, kind)
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
    """Every fitting key ("F# major", "Gb major", ...) with the run spelled in it, best first, as
    `reader` reads them (typed names in its note names)."""
    return [(_key_text(fit.key, "major", reader), [show_name(n, reader) for n in fit.names])
            for fit in scale_fits(_as_english(pitches, reader))]


def enharmonic_spellings(pitches: Iterable[PitchLike],
                         reader: Reader | None = None) -> list[list[tuple[str, list[str]]]]:
    """`scale_spellings` with enharmonic keys (one tonic sound, other letters: B and Cb major)
    together, best first: [[("B major", ["F#", "G#", "A#"]), ("Cb major", ["Gb", "Ab", "Bb"])], ...]."""
    groups: dict[int, list[tuple[str, list[str]]]] = {}
    for fit in scale_fits(_as_english(pitches, reader)):
        groups.setdefault(fit.tonic, []).append(
            (_key_text(fit.key, "major", reader), [show_name(n, reader) for n in fit.names]))
    return list(groups.values())


def fit_run(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> ScaleFit:
    """The key a scale run is written in: the fitting `key` if given, else the key its typed names
    spell, else the best major key, else the best key of another scale type (master level)."""
    values = list(pitches)
    if key is not None:
        return choose_fit(values, key)
    numbers, shown = pitch_list(values)
    fits = fits_of_kinds(numbers, SCALE_STEPS)
    typed = [typed_english(value) for value in values]
    if all(typed):
        fits = [fit for fit in fits if fit.names == typed] + fits
    if not fits:
        raise NotAStructure("{notes} is not part of any major scale (going up by scale steps)", notes=shown)
    return fits[0]


def scale_name(pitches: Iterable[PitchLike], key: PitchLike | None = None,
               reader: Reader | None = None) -> str:
    """What a scale run is, e.g. "D major scale, degrees 2-3-4-5" (`run_title` of its `spell_run`), as
    `reader` reads it (typed names and `key` in its note names)."""
    return run_title(spell_run("scale", pitches, key, _convention(reader)), reader)


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
    name = (typed_english(tonic, _convention(reader)) if isinstance(tonic, str | SpelledNote)
            else best_tonic(parse_pitch(tonic), kind))
    return _key_text(name, kind, reader)


def run_key_names(pitches: Sequence[int], keys: Iterable[tuple[int, str]],
                  names: Sequence[str] | None = None, first: tuple[int, str] | None = None,
                  reader: Reader | None = None) -> list[str]:
    """The name of each (tonic, type) key a run fits, spelled as the run is written in it; with the
    run's `names` (as the board writes it), the key it is spelled in comes first (`first`, a lesson
    key, when it writes them so) and each key is named as it writes those names where it can
    (C#–E# fits F# major, not Gb major)."""
    return [_key_text(tonic, kind, reader) for tonic, kind in keys_of_run(
        tuple(pitches), tuple(keys), None if names is None else tuple(names), first)]


def run_key_lists(pitches: Sequence[int], keys: Iterable[tuple[int, str]], names: Sequence[str],
                  first: tuple[str, str] | None = None,
                  reader: Reader | None = None) -> tuple[list[str], list[str]]:
    """The (tonic, type) keys a run fits, named, in two lists (docs/rules.md section 10): those whose scale
    holds its notes as `names` spells them (the key it is spelled in first), and those it fits only
    by sound ("F♭–G♭": C♭ major holds the letters, D major only the sounds), each named by its own
    best spelling. A run fitting a chromatic scale fits "the chromatic scale" once, without a tonic,
    whatever its spelling (a chromatic scale fits every key). The lesson key `first` (English tonic,
    type: ("F#", "major")) leads the list it is in: a run spelled E♭–F fits G♭ major by its letters
    and the lesson's F♯ major by sound."""
    letters, sound = key_lists_of_run(tuple(pitches), tuple(keys), tuple(names), first)
    return [_key_text(*key, reader) for key in letters], [_key_text(*key, reader) for key in sound]


def triad_spellings(pitches: Iterable[PitchLike],
                    reader: Reader | None = None) -> list[tuple[str, list[str]]]:
    """Spellings from every root with at most one sharp or flat, named, best first, as `reader` reads
    them (typed names in its note names)."""
    root, quality = identify_triad(_as_english(pitches, reader))
    return [(_triad_text(names[0], quality, reader), [show_name(n, reader) for n in names])
            for names in triad_options(root, quality)]


def triad_label(root: PitchLike, quality: str, reader: Reader | None = None) -> str:
    """A triad's one name, as `reader` reads it: (3, "diminished") -> "D# diminished"."""
    return _triad_text(_root_name(root, quality, _convention(reader)), quality, reader)


def _root_name(root: PitchLike, quality: str, convention: str) -> str:
    """A triad root's English name: a typed name (read in `convention`) where the triad is spelled
    from it, else the triad's usual spelling."""
    if isinstance(root, str | SpelledNote):
        english = typed_english(root, convention)
        root_pc = parse_pitch(english)
        for names in triad_options(root_pc, quality):
            if names[0] == english:
                return english
        root = root_pc
    return triad_spelling(root, quality)[0]


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
    return list(spelled_structure(kind, pitches, triads, keys, tuple(qualities)))


def english_spelling(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                     convention: str = "english") -> list[str]:
    """`spell_notes` in English, as notation files need it ("F#", "Cb"); typed names are read in
    `convention`."""
    values = list(pitches)
    numbers = [parse_pitch(value, convention) for value in values]
    typed = [typed_english(value, convention) for value in values]
    if structure_kind(kind) == "scale":
        if key is None and all(typed):
            for fit in fits_of_kinds(numbers, SCALE_STEPS):
                if fit.names == typed:
                    return typed
        typed_key = typed_english(key, convention) if isinstance(key, str) else key
        return spell_english(kind, numbers, key=typed_key)
    if key is not None:
        in_key = _in_key(numbers, key, convention)
        if in_key is not None:
            return in_key
    if all(typed) and stacked_thirds(typed):
        return typed
    return spell_english(kind, numbers)


def _in_key(pitches: Sequence[int], key: PitchLike, convention: str = "english") -> list[str] | None:
    """A column run written with the notes of a key, if they are its notes a third apart."""
    wanted, kind = normalised_key(key, convention)
    tonic = wanted if isinstance(wanted, str) else best_tonic(wanted, kind)
    notes = {SPELLED_PITCH[name]: name for name in scale_notes(tonic, kind) or []}
    names = [notes.get(pitch) for pitch in pitches]
    return names if None not in names and stacked_thirds(names) else None


def spell_notes(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                reader: Reader | None = None) -> list[str]:
    """A run's notes spelled in context, bottom to top, as `reader` reads them: a column run as its
    triad or potential triad (or in `key`, when they are notes of it), a diagonal run in the key it
    fits (or the fitting `key`). Notes typed as names (in the reader's convention) keep their
    spelling when they fit."""
    return [show_name(name, reader) for name in english_spelling(kind, pitches, key, _convention(reader))]


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
        fit = fit_run([typed_english(value, convention) or value for value in values], key)
        return SpelledRun(kind, numbers, tuple(fit.names), key=(fit.key, fit.kind), start=fit.start)
    if triad is None or len(numbers) != 3 or triad[0] != numbers[0]:
        triad = identify_triad([typed_english(value, convention) or value for value in values])
    names = _in_key(numbers, key, convention) if key is not None else None
    typed = [typed_english(value, convention) for value in values]
    if names is None:
        names = typed if all(typed) and stacked_thirds(typed) else triad_spelling(*triad)
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
    wanted, kind = normalised_key(key, convention)
    if kind != "major":
        raise NotAKey("Roman numerals here name triads of major keys, not of {key}", key=repr(key))
    if isinstance(wanted, str):
        return SPELLED_PITCH[wanted], wanted
    return wanted, None


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
    numeral = major_numeral(root_pc, quality, tonic)
    if numeral is None:
        english, tonic_name = _root_name(root, quality, convention), name or best_tonic(tonic, "major")
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
    notes = scale_notes(name or best_tonic(tonic, "major"), "major")
    triads = []
    for degree in range(7):
        spelled = tuple(notes[(degree + k) % 7] for k in (0, 2, 4))
        quality = MAJOR_KEY_QUALITIES[degree]
        triads.append(DiatonicTriad(MAJOR_KEY_NUMERALS[degree], SPELLED_PITCH[spelled[0]], quality,
                                    _triad_text(spelled[0], quality, reader),
                                    tuple(show_name(name, reader) for name in spelled)))
    return triads


def triad_functions(root: int, quality: str, tonics: Iterable[int], spelled: Sequence[str] | None = None,
                    first: Key | None = None, reader: Reader | None = None) -> list[str]:
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
