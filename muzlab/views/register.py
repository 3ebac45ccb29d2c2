"""Registers: the MIDI notes a structure sounds and is written at, so every picture and sound agrees.

* a triad sits in root position with its root in octave 4 (C4..B4), closed voicing;
* a scale run starts in C4..G4 (Ab3..B3 for Ab, A, Bb, B) and climbs by step, so it stays
  within Ab3..F#5.

Pure standard library on pitch classes: muzlab.views.audio and the listen panel read it without music21.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from muzlab.core.pitch import PitchLike, parse_pitch
from muzlab.names.spelling import TRIAD_STEPS, fit_run, identify_triad, structure_kind


def triad_midi(pitches: Iterable[PitchLike], octave: int) -> list[int]:
    """MIDI numbers of a root-position closed triad with its root in `octave`."""
    root, quality = identify_triad(pitches)
    first = 12 * (octave + 1) + root
    third = first + TRIAD_STEPS[quality][0]
    return [first, third, third + TRIAD_STEPS[quality][1]]


def scale_midi(pitches: Iterable[PitchLike]) -> list[int]:
    """MIDI numbers of an ascending scale run; NotAStructure names the notes of anything else."""
    values = list(pitches)
    fit_run(values)  # a run that is not a scale fragment raises here, naming the notes
    return rising_midi(values)


def rising_midi(pitches: Iterable[PitchLike]) -> list[int]:
    """MIDI numbers of notes read upward, each the next at or above the one before, starting in
    C4..G4 (Ab3..B3 for pitch classes 8-11): a singable register for any run on the board."""
    numbers = [parse_pitch(value) for value in pitches]
    notes = [(60 if numbers[0] <= 7 else 48) + numbers[0]] if numbers else []
    for pitch in numbers[1:]:
        notes.append(notes[-1] + (pitch - notes[-1]) % 12)
    return notes


def midi_notes(pitches: Iterable[PitchLike], kind: Any) -> list[int]:
    """MIDI numbers of a structure, bottom to top, in the register its notation uses."""
    if structure_kind(kind) == "triad":
        return triad_midi(pitches, 4)
    return scale_midi(pitches)


def structure_events(kind: Any, pitches: Iterable[PitchLike]) -> list[tuple[int, int, int]]:
    """How a structure is played, as (beat, beats, MIDI number): a triad's notes up then the chord for
    2 beats; a run upward (the WAV synth and the browser's Web Audio play the same events)."""
    notes = midi_notes(pitches, kind)
    if structure_kind(kind) == "scale":
        return [(i, 1, n) for i, n in enumerate(notes)]
    return [(i, 1, n) for i, n in enumerate(notes)] + [(len(notes), 2, n) for n in notes]
