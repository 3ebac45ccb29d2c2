"""Note names for what was built: scale runs spelled in their major key, triads by stacked thirds.

Legality is decided on pitch classes elsewhere; this module only chooses the letters, so that an
F# major run shows E# and a diminished triad on F# reads F#-A-C. Pure standard library, so the
rules and plot layers can import it without pulling in music21.

Choices (what a teacher sees):

* Keys are the 15 conventional major key signatures. A run that fits several keys is spelled in
  the key with the fewest sharps or flats; a tie between keys goes to the one that writes these
  notes with fewer accidentals, then to the sharp key. So F# major is chosen over Gb major when
  both write the run equally well, matching the dice' default name F# for pitch class 6.
* Triads are spelled from the root name (natural, one sharp or one flat) that gives the whole
  chord the fewest accidentals; a tie goes to a natural root (F Ab Cb, not E# G# B), then to
  fewer flats (F# major over Gb major, D# minor over Eb minor), matching the dice names.
* Double accidentals are written "##" and "bb", never "x".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from muzlab.errors import MuzlabError
from muzlab.pitch import LETTER_PITCH, PitchLike, parse_pitch, pitch_name

LETTERS = "CDEFGAB"
KINDS = ("triad", "scale")
MAJOR_DEGREES = (0, 2, 4, 5, 7, 9, 11)
#: The 15 conventional major keys: tonic name -> signature (+ sharps, - flats).
MAJOR_KEY_SIGNATURES = {
    "C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7,
    "F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7,
}  # fmt: skip
#: Semitones from root to third and from third to fifth, for each triad quality.
TRIAD_STEPS = {"major": (4, 3), "minor": (3, 4), "diminished": (3, 3), "augmented": (4, 4)}
#: The qualities the game accepts in a column; "augmented" is spelled but never legal there.
GAME_TRIAD_QUALITIES = ("major", "minor", "diminished")


class NotAStructure(MuzlabError, ValueError):
    """Notes that are not the root-position triad or ascending major-scale run asked for."""


class NotAKey(MuzlabError, ValueError):
    """A key that is not one of the 15 conventional major keys, or that the run does not fit."""


class ScaleFit(NamedTuple):
    """One major key a run fits: its tonic name, the run's first degree (0-6) and its spelling."""

    key: str
    start: int
    names: list[str]


def note_name(letter: str, pitch: int) -> str | None:
    """Pitch class `pitch` written on `letter` ("E", 5 -> "E#"); None if it needs 3+ marks."""
    offset = (pitch - LETTER_PITCH[letter] + 6) % 12 - 6
    if abs(offset) > 2:
        return None
    return letter + ("#" * offset if offset > 0 else "b" * -offset)


def accidentals(name: str) -> int:
    """How many sharps or flats a spelled name carries ("Bbb" -> 2)."""
    return len(name) - 1


def major_scale(key: str) -> list[str]:
    """The seven names of a conventional major key, tonic first ("Gb" -> Gb Ab Bb Cb Db Eb F)."""
    tonic_pc = parse_pitch(key)
    first = LETTERS.index(key[0])
    return [
        note_name(LETTERS[(first + degree) % 7], (tonic_pc + MAJOR_DEGREES[degree]) % 12)
        for degree in range(7)
    ]


def _pitch_list(pitches: Iterable[PitchLike]) -> tuple[list[int], str]:
    """Pitch classes of the input and the input shown for messages ("C-D-F#")."""
    values = list(pitches)
    numbers = [parse_pitch(value) for value in values]
    shown = "-".join(
        value.strip() if isinstance(value, str) else pitch_name(number)
        for value, number in zip(values, numbers, strict=True)
    )
    return numbers, shown or "(no notes)"


def _fits(pitches: Sequence[int]) -> list[ScaleFit]:
    """Every conventional major key the ascending run fits, best first (see module docstring)."""
    fits = []
    for key, signature in MAJOR_KEY_SIGNATURES.items():
        tonic_pc = parse_pitch(key)
        degrees = [(tonic_pc + step) % 12 for step in MAJOR_DEGREES]
        if pitches[0] not in degrees:
            continue
        start = degrees.index(pitches[0])
        if all(degrees[(start + i) % 7] == p for i, p in enumerate(pitches)):
            names = major_scale(key)
            run = [names[(start + i) % 7] for i in range(len(pitches))]
            rank = (abs(signature), sum(map(accidentals, run)), signature < 0)
            fits.append((rank, ScaleFit(key, start, run)))
    return [fit for _, fit in sorted(fits, key=lambda item: item[0])]


def _run(pitches: Iterable[PitchLike]) -> tuple[list[int], str]:
    """Pitch classes and display of a would-be scale run, checking it has 1 to 7 notes."""
    numbers, shown = _pitch_list(pitches)
    if not 1 <= len(numbers) <= 7:
        raise NotAStructure(f"a scale run has 1 to 7 notes, not {len(numbers)}: {shown}")
    return numbers, shown


def scale_fits(pitches: Iterable[PitchLike]) -> list[ScaleFit]:
    """Every major key (tonic name, first degree, spelling) an ascending run of 1-7 notes fits."""
    numbers, shown = _run(pitches)
    fits = _fits(numbers)
    if not fits:
        raise NotAStructure(f"{shown} is not part of any major scale (going up by scale steps)")
    return fits


def major_keys_fitting(pitches: Iterable[PitchLike]) -> list[int]:
    """Tonic pitch classes of the major scales the run climbs by step, best first; [] if none."""
    numbers, _ = _run(pitches)
    return list(dict.fromkeys(parse_pitch(fit.key) for fit in _fits(numbers)))


def _normalise_key(key: PitchLike) -> str | int:
    """A conventional key name from "gb", "G♭ major", ...; a pitch class stays an int."""
    if not isinstance(key, str):
        return parse_pitch(key)
    text = key.strip().replace("♯", "#").replace("♭", "b")
    if text.lower().endswith(" major"):
        text = text[: -len(" major")].strip()
    name = text[:1].upper() + text[1:]
    if name not in MAJOR_KEY_SIGNATURES:
        parse_pitch(name)  # an unreadable name is an UnknownNoteName, not a NotAKey
        raise NotAKey(
            f"{key!r} is not one of the 15 conventional major keys: "
            + ", ".join(MAJOR_KEY_SIGNATURES)
        )
    return name


def choose_fit(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> ScaleFit:
    """The key a run is spelled in: the best fitting key, or the fitting `key` (name or pc)."""
    values = list(pitches)
    fits = scale_fits(values)
    if key is None:
        return fits[0]
    wanted = _normalise_key(key)
    for fit in fits:
        if fit.key == wanted or parse_pitch(fit.key) == wanted:
            return fit
    _, shown = _pitch_list(values)
    offered = ", ".join(f"{fit.key} major" for fit in fits)
    asked = f"{wanted} major" if isinstance(wanted, str) else f"major key on {pitch_name(wanted)}"
    raise NotAKey(f"{shown} is not a run of {asked}; it fits {offered}")


def spell_scale(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> list[str]:
    """Names of an ascending major-scale run in the key it fits (or in the fitting `key` given)."""
    return choose_fit(pitches, key).names


def scale_spellings(pitches: Iterable[PitchLike]) -> list[tuple[str, list[str]]]:
    """Every fitting key ("F# major", "Gb major", ...) with the run spelled in it, best first."""
    return [(f"{fit.key} major", fit.names) for fit in scale_fits(pitches)]


def scale_name(pitches: Iterable[PitchLike], key: PitchLike | None = None) -> str:
    """What a run is, e.g. "D major scale, degrees 2-5" (wrapping runs: "degrees 6-7-1-2")."""
    values = list(pitches)
    fit = choose_fit(values, key)
    degrees = [(fit.start + i) % 7 + 1 for i in range(len(values))]
    if len(degrees) == 1:
        where = f"degree {degrees[0]}"
    elif degrees == sorted(degrees):
        where = f"degrees {degrees[0]}-{degrees[-1]}"
    else:
        where = "degrees " + "-".join(map(str, degrees))
    return f"{fit.key} major scale, {where}"


def identify_triad(pitches: Iterable[PitchLike]) -> tuple[int, str]:
    """(root pitch class, quality) of a root-position triad given bottom to top."""
    numbers, shown = _pitch_list(pitches)
    if len(numbers) == 3:
        steps = ((numbers[1] - numbers[0]) % 12, (numbers[2] - numbers[1]) % 12)
        for quality, quality_steps in TRIAD_STEPS.items():
            if steps == quality_steps:
                return numbers[0], quality
    raise NotAStructure(
        f"{shown} is not a root-position triad "
        "(root, third, fifth: major, minor, diminished or augmented)"
    )


def _triad_options(root: int, quality: str) -> list[list[str]]:
    """Spellings of a triad from each root name with at most one accidental, best first."""
    if quality not in TRIAD_STEPS:
        raise NotAStructure(f"{quality!r} is not a triad quality; use one of {list(TRIAD_STEPS)}")
    third = (root + TRIAD_STEPS[quality][0]) % 12
    fifth = (third + TRIAD_STEPS[quality][1]) % 12
    options = []
    for index, letter in enumerate(LETTERS):
        root_name = note_name(letter, root)
        if root_name is None or accidentals(root_name) > 1:
            continue
        names = [
            root_name,
            note_name(LETTERS[(index + 2) % 7], third),
            note_name(LETTERS[(index + 4) % 7], fifth),
        ]
        if None not in names:
            flats = sum(name[1:].count("b") for name in names)
            rank = (sum(map(accidentals, names)), accidentals(root_name), flats)
            options.append((rank, names))
    return [names for _, names in sorted(options, key=lambda item: item[0])]


def spell_triad(pitches: Iterable[PitchLike]) -> list[str]:
    """Names of a root-position triad by stacked thirds, with the fewest accidentals overall."""
    return _triad_options(*identify_triad(pitches))[0]


def triad_spellings(pitches: Iterable[PitchLike]) -> list[tuple[str, list[str]]]:
    """Spellings from every root with at most one sharp or flat, named, best first."""
    root, quality = identify_triad(pitches)
    return [(f"{names[0]} {quality}", names) for names in _triad_options(root, quality)]


def triad_name(root_pc: PitchLike, quality: str) -> str:
    """A triad's name from root pitch class and quality: (9, "minor") -> "A minor"."""
    return f"{_triad_options(parse_pitch(root_pc), quality)[0][0]} {quality}"


def structure_kind(kind: Any) -> str:
    """The kind, "triad" or "scale", from a string or an enum holding one; else NotAStructure."""
    value = getattr(kind, "value", kind)
    if value not in KINDS:
        raise NotAStructure(f"{kind!r} is not a kind of structure; use 'triad' or 'scale'")
    return value


def structure_name(kind: Any, pitches: Iterable[PitchLike]) -> str:
    """A label for a built structure: "A minor" for a triad, "D major scale, degrees 2-5"."""
    values = list(pitches)
    if structure_kind(kind) == "triad":
        return triad_name(*identify_triad(values))
    return scale_name(values)
