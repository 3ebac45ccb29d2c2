"""Which letters a note, a run, a triad and a key are written with: the theory of spelling, as values.

The keys (the 15 conventional major and minor keys), the scale types a run may fit and the letters
they write, triads' spellings, the Roman numerals' facts and the degrees: chosen in English names
("F#", "Bbb"), with no reader and no sentence, so that rules, views and words all read the same
choice. How a reader sees these names is `muzlab.names.spelling`'s; the choices themselves are set
out there (docs/rules.md section 10).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import Any, NamedTuple

from muzlab.core.errors import MuzlabError
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
    typed_letter,
)
from muzlab.core.theory import MAJOR_DEGREES, SCALE_STEPS, TRIAD_STEPS

LETTERS = "CDEFGAB"
#: The pitch class of every name the theory writes (a letter with up to two sharps or flats), looked up:
#: the names it chose are values, never read back through the parser of typed names.
SPELLED_PITCH = {letter + marks: (LETTER_PITCH[letter] + shift) % 12 for letter in LETTERS
                 for marks, shift in (("", 0), ("#", 1), ("##", 2), ("b", -1), ("bb", -2))}


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

    @property
    def tonic(self) -> int:
        """The key's tonic as a pitch class."""
        return SPELLED_PITCH[self.key]


class DiatonicTriad(NamedTuple):
    """One triad of a major key: numeral, root pitch class, quality, name and notes in the key."""

    numeral: str
    root: int
    quality: str
    name: str
    notes: tuple[str, ...]


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


def key_notes(key: Key | None) -> tuple[str, ...]:
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


def tonic_names(kind: str) -> dict[str, int | None]:
    """Tonic names a scale type is written from, with their key signature (None: no signature)."""
    if kind in ("major", "major pentatonic"):
        return MAJOR_KEY_SIGNATURES
    if kind == "harmonic minor":
        return MINOR_KEY_SIGNATURES
    return _PLAIN_TONICS


def pitch_list(pitches: Iterable[PitchLike]) -> tuple[list[int], str]:
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
        for name, signature in tonic_names(kind).items():
            if SPELLED_PITCH[name] != tonic_pc:
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


def fits_of_kinds(pitches: Sequence[int], kinds: Iterable[str] = ("major",)) -> list[ScaleFit]:
    """Every key of the given scale types the ascending run fits, best first (module docstring)."""
    return [ScaleFit(key, start, list(names), kind)
            for key, start, names, kind in _ranked_fits(tuple(pitches), tuple(kinds))]


@cache
def _ranked_fits(pitches: tuple[int, ...], kinds: tuple[str, ...]) -> tuple[tuple[str, int, tuple, str], ...]:
    """`fits_of_kinds` as tuples, remembered: spelling a board asks the same runs again and again."""
    ranked = []
    for order, kind in enumerate(kinds):
        for rank, fit in _type_fits(pitches, kind):
            if kind == "major":
                ranked.append(((0, *rank), fit))
            else:
                ranked.append(((1, rank[0], rank[1], order, rank[2]), fit))
    return tuple((fit.key, fit.start, tuple(fit.names), fit.kind)
                 for _, fit in sorted(ranked, key=lambda item: item[0]))


def run_numbers(pitches: Iterable[PitchLike]) -> tuple[list[int], str]:
    """Pitch classes and display of a would-be scale run, checking it has 1 to 7 notes."""
    numbers, shown = pitch_list(pitches)
    if not 1 <= len(numbers) <= 7:
        raise NotAStructure("a scale run has 1 to 7 notes, not {numbers}: {notes}", numbers=len(numbers),
                            notes=shown)
    return numbers, shown


def scale_fits(pitches: Iterable[PitchLike]) -> list[ScaleFit]:
    """Every major key (tonic name, first degree, spelling) an ascending run of 1-7 notes fits."""
    numbers, shown = run_numbers(pitches)
    fits = fits_of_kinds(numbers)
    if not fits:
        raise NotAStructure("{notes} is not part of any major scale (going up by scale steps)", notes=shown)
    return fits


def major_keys_fitting(pitches: Iterable[PitchLike]) -> list[int]:
    """Tonic pitch classes of the major scales the run climbs by step, best first; [] if none."""
    numbers, _ = run_numbers(pitches)
    return list(dict.fromkeys(fit.tonic for fit in fits_of_kinds(numbers)))


def best_tonic(tonic: int, kind: str) -> str:
    """The conventional name of a key on a pitch class: fewest sharps or flats, then fewest letters
    skipped (D♭ whole-tone, written D♭ E♭ F G A B, not C♯ D♯ F G A B), then sharps."""
    ranked = []
    for name, signature in tonic_names(kind).items():
        if SPELLED_PITCH[name] == tonic:
            full = scale_notes(name, kind) or []
            ranked.append(((abs(signature or 0), sum(map(accidentals, full)) if full else 99,
                            _skips(full), _flats([name])), name))
    return min(ranked)[1] if ranked else pitch_name(tonic)


def run_key(pitches: Sequence[int], keys: Iterable[tuple[int, str]] | None = None) -> ScaleFit | None:
    """The key a diagonal run is spelled in: the best of `keys` ((tonic, type) pairs it fits), or
    of every scale type; None if it fits none."""
    if keys is None:
        fits = fits_of_kinds(pitches, SCALE_STEPS)
    else:
        allowed = set(keys)
        kinds = [kind for kind in SCALE_STEPS if any(kind == k for _, k in allowed)]
        fits = [fit for fit in fits_of_kinds(pitches, kinds)
                if (fit.tonic, fit.kind) in allowed]
    return fits[0] if fits else None


@cache
def keys_of_run(pitches: tuple[int, ...], keys: tuple[tuple[int, str], ...], names: tuple[str, ...] | None,
              first: tuple[int, str] | None) -> tuple[tuple[str, str], ...]:
    """`run_key_names` as (English tonic, type) facts, remembered."""
    found = []
    for tonic, kind in keys:
        fits = [fit for fit in fits_of_kinds(pitches, (kind,)) if fit.tonic == tonic]
        same = [fit for fit in fits if names is not None and fit.names == list(names)]
        fit = (same or fits or [None])[0]
        found.append((fit.key if fit else best_tonic(tonic, kind), kind))
    spelled = None if names is None else fit_spelled(pitches, [first] if first in keys else [], names) or \
        fit_spelled(pitches, keys, names)
    if spelled is not None:
        found.insert(0, found.pop(keys.index((spelled.tonic, spelled.kind))))
    return tuple(found)


@cache
def key_lists_of_run(pitches: tuple[int, ...], keys: tuple[tuple[int, str], ...], names: tuple[str, ...],
                   first: tuple[str, str] | None) -> tuple[tuple[tuple[str, str], ...], ...]:
    """`run_key_lists` as (English tonic, type) facts, remembered."""
    allowed = set(keys)
    kinds = tuple(kind for kind in SCALE_STEPS if kind != "chromatic" and any(kind == k for _, k in allowed))
    letters: dict[tuple[int, str], str] = {}
    sound: dict[tuple[int, str], str] = {}
    for fit in fits_of_kinds(pitches, kinds):
        fact = (fit.tonic, fit.kind)
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
    fact = None if first is None else (SPELLED_PITCH[first[0]], first[1])
    if first in order:
        order.remove(first)
        order.insert(0, first)
    elif fact in allowed:  # the lesson's key holds the sounds only (its twin may hold the letters)
        twins = [first, *(twin for twin in twins if (SPELLED_PITCH[twin[0]], twin[1]) != fact)]
    return tuple(order), tuple(twins)


def lesson_key_by_sound(pitches: Sequence[int], keys: Iterable[tuple[int, str]], names: Sequence[str],
                        first: tuple[str, str] | None) -> bool:
    """Whether the lesson key `first` (English tonic, type) is one the run fits only by sound, its
    letters being another key's: then it leads `run_key_lists`'s second list, and is always named."""
    if first is None:
        return False
    letters, sound = key_lists_of_run(tuple(pitches), tuple(keys), tuple(names), first)
    return first not in letters and bool(sound) and sound[0] == first


def fit_spelled(pitches: Sequence[int], keys: Iterable[tuple[int, str]],
                names: Sequence[str]) -> ScaleFit | None:
    """The best fit among `keys` ((tonic, type) pairs) that writes the run as `names`, or None."""
    names, allowed = list(names), set(keys)
    kinds = tuple(kind for kind in SCALE_STEPS if any(kind == k for _, k in allowed))
    for fit in fits_of_kinds(pitches, kinds):
        if fit.names == names and (fit.tonic, fit.kind) in allowed:
            return fit
    return None


def triad_root_name(root: int, quality: str, names: Sequence[str], first: int = 0) -> str:
    """The English root name of a triad holding spelled `names` as its members from `first` (0 the
    root, 1 the third): G#–B as third and fifth -> "E#"; its best name when they cannot be its letters."""
    steps = (0, *accumulate(TRIAD_STEPS[quality]))
    if names and stacked_thirds(list(names)) and all(
            SPELLED_PITCH[name] == (root + steps[first + k]) % 12 for k, name in enumerate(names)):
        spelled = note_name(LETTERS[(LETTERS.index(names[0][0]) - 2 * first) % 7], root)
        if spelled is not None:
            return spelled
    return triad_spelling(root, quality)[0]


# ---- triads --------------------------------------------------------------------------------------
def identify_triad(pitches: Iterable[PitchLike]) -> tuple[int, str]:
    """(root pitch class, quality) of a root-position triad given bottom to top."""
    numbers, shown = pitch_list(pitches)
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


def triad_options(root: int, quality: str) -> list[list[str]]:
    """Every way to write a triad from its root pitch class and quality, the best first (the rule
    above: fewest accidentals, a natural root, then fewer flats)."""
    return [list(names) for _, names in _triad_ranked(root, quality)]


def triad_spelling(root: PitchLike, quality: str) -> list[str]:
    """The English names of a triad from its root and quality: (6, "diminished") -> F# A C."""
    return triad_options(parse_pitch(root), quality)[0]


def spell_triad(pitches: Iterable[PitchLike]) -> list[str]:
    """English names of a root-position triad by stacked thirds, with the fewest accidentals."""
    return triad_options(*identify_triad(pitches))[0]


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
        if SPELLED_PITCH[part[0]] != low or SPELLED_PITCH[part[1]] != high:
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
            anchors = [(i, triad_options(*triad)[0]) for i in range(len(run) - 2)
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


@cache
def spelled_structure(kind: str, pitches: tuple[int, ...], triads: tuple[tuple[int, str], ...],
             keys: tuple[tuple[int, str], ...] | None, qualities: tuple[str, ...]) -> tuple[str, ...]:
    """`spell_english` without a key, remembered: a pure function of numbers and English names (the
    convention only matters when a name is shown), and a board spells the same runs again and again."""
    if kind == "triad":
        return tuple(spell_column(pitches, triads, qualities=qualities))
    fit = run_key(pitches, keys)
    return tuple(fit.names) if fit is not None else tuple(pitch_name(p) for p in pitches)


def stacked_thirds(names: list[str]) -> bool:
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
            return tonic_names(self.key[1]).get(self.key[0])
        return {"major": MAJOR_KEY_SIGNATURES, "minor": MINOR_KEY_SIGNATURES}.get(self.quality or "", {}).get(
            self.root or "")


def major_numeral(root: int, quality: str, tonic: int) -> str | None:
    """The Roman numeral ("ii", "vii°") of a triad among the seven of the major key on `tonic`, or
    None when it is not one of them."""
    degree_pcs = [(tonic + step) % 12 for step in MAJOR_DEGREES]
    if root in degree_pcs:
        degree = degree_pcs.index(root)
        if MAJOR_KEY_QUALITIES[degree] == quality:
            return MAJOR_KEY_NUMERALS[degree]
    return None


def triad_function_facts(root: int, quality: str, tonics: Iterable[int], spelled: Sequence[str] | None = None,
                         first: Key | None = None) -> list[tuple[str, str]]:
    """(numeral, English tonic name) of each major key on `tonics` the triad belongs to; the key is
    named so that its scale holds the triad's spelled notes (`spelled`, by default its own spelling:
    vii° in Gb major, not F#), and a key that cannot hold the spelling given is left out. `first`
    (a lesson key, F# major) comes first when the triad is one of its seven."""
    return list(_function_facts(root, quality, tuple(tonics), tuple(spelled or ()), first))


@cache
def _function_facts(root: int, quality: str, tonics: tuple[int, ...], spelled: tuple[str, ...],
                    first: Key | None) -> tuple[tuple[str, str], ...]:
    """`triad_function_facts` on tuples, remembered (a board names the same triads again and again)."""
    spelled_set = set(spelled or triad_spelling(root, quality))
    found = []
    if first:
        tonic_name, kind = first.tonic_name, first.kind
        tonic = SPELLED_PITCH[tonic_name]
        numeral = major_numeral(root, quality, tonic) if kind == "major" else None
        if numeral is not None and spelled_set <= set(scale_notes(tonic_name, "major")):
            found.append((numeral, tonic_name))
            tonics = [t for t in tonics if t != tonic]
    for tonic in tonics:
        numeral = major_numeral(root, quality, tonic)
        if numeral is None:
            continue
        names = [n for n in MAJOR_KEY_SIGNATURES if SPELLED_PITCH[n] == tonic]
        holding = [n for n in names if spelled_set <= set(scale_notes(n, "major"))]
        if spelled and not holding:
            continue  # no key on that tonic writes the triad as the board does (C#–E#–G# is no IV of Ab)
        key = min(holding or names, key=lambda n: (abs(MAJOR_KEY_SIGNATURES[n]), MAJOR_KEY_SIGNATURES[n] < 0))
        found.append((numeral, key))
    return tuple(found)


# ---- the lesson's key ----------------------------------------------------------------------------
def typed_english(name: PitchLike, convention: str = "english") -> str | None:
    """A typed name read in `convention` as an English spelled name ("Es" in German -> "Eb", "Mi♭"
    -> "Eb"); None for a pitch class."""
    if isinstance(name, SpelledNote):
        return name.english
    if not isinstance(name, str):
        return None
    pc = parse_pitch(name, convention)
    return note_name(typed_letter(name, convention), pc) or pitch_name(pc)



def lesson_key_facts(key: PitchLike, convention: str = "english") -> tuple[str, str]:
    """A lesson key checked, as (English tonic, scale type): "F#" -> ("F#", "major"), "Ges" (German)
    -> ("Gb", "major"), 6 -> ("F#", "major"); NotAKey if it is no conventional key."""
    wanted, kind = normalised_key(key, convention)
    return (wanted if isinstance(wanted, str) else best_tonic(wanted, kind)), kind



def normalised_key(key: PitchLike, convention: str = "english") -> tuple[str | int, str]:
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
    name = typed_english(text, convention)
    signatures = tonic_names(kind)
    if name not in signatures:
        keys = ", ".join(signatures)
        if kind == "major":
            raise NotAKey("{key} is not one of the 15 conventional major keys: {keys}", key=repr(key),
                          keys=keys)
        raise NotAKey("{key} is not one of the 15 conventional keys of type {kind}: {keys}", key=repr(key),
                      kind=repr(kind), keys=keys)
    return name, kind


class Key(NamedTuple):
    """A lesson key as a spelled value: its tonic (letter, accidental) and scale type ("major")."""

    tonic: SpelledNote
    kind: str = "major"

    @property
    def tonic_name(self) -> str:
        """The tonic's English spelled name ("F#"), as the naming layer works on it."""
        return self.tonic.english

    @classmethod
    def of(cls, key: PitchLike | Key | None, convention: str = "english") -> Key | None:
        """The key a person chose: "F#", "Gb major", "D harmonic minor", 6, a SpelledNote (a typed
        name read in `convention`), or None / "" for none; NotAKey if it is no conventional key."""
        if key is None or key == "" or isinstance(key, Key):
            return key or None
        tonic, kind = lesson_key_facts(key, convention)
        return cls(SpelledNote.from_english(tonic), kind)

    def __repr__(self) -> str:
        return f"Key({self.tonic_name!r}, {self.kind!r})"
