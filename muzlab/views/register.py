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
from muzlab.names.letters import SpelledRun
from muzlab.names.spelling import TRIAD_STEPS, spell_run


def run_midi(run: SpelledRun, octave_shift: int = 0) -> list[int]:
    """MIDI numbers of a spelled run, bottom to top, in the register its notation uses (`octave_shift`
    octaves away): a triad closed in root position from its root in octave 4, a scale run rising."""
    if run.kind == "scale":
        return [number + 12 * octave_shift for number in rising_midi(run.pitches)]
    first = 12 * (5 + octave_shift) + run.pitches[0]
    third = first + TRIAD_STEPS[run.quality][0]
    return [first, third, third + TRIAD_STEPS[run.quality][1]]


def run_events(run: SpelledRun) -> list[tuple[int, int, int]]:
    """How a spelled run is played, as (beat, beats, MIDI number): a triad's notes up then the chord
    for 2 beats; a scale run upward (the WAV synth and the browser's Web Audio play the same events)."""
    notes = run_midi(run)
    events = [(i, 1, n) for i, n in enumerate(notes)]
    return events if run.kind == "scale" else events + [(len(notes), 2, n) for n in notes]


def rising_midi(pitches: Iterable[PitchLike]) -> list[int]:
    """MIDI numbers of notes read upward, each the next at or above the one before, starting in
    C4..G4 (Ab3..B3 for pitch classes 8-11): a singable register for any run on the board."""
    numbers = [parse_pitch(value) for value in pitches]
    notes = [(60 if numbers[0] <= 7 else 48) + numbers[0]] if numbers else []
    for pitch in numbers[1:]:
        notes.append(notes[-1] + (pitch - notes[-1]) % 12)
    return notes


def midi_notes(pitches: Iterable[PitchLike], kind: Any) -> list[int]:
    """MIDI numbers of a structure, bottom to top, in the register its notation uses; NotAStructure
    names the notes of anything else."""
    return run_midi(spell_run(kind, pitches))


def structure_events(kind: Any, pitches: Iterable[PitchLike]) -> list[tuple[int, int, int]]:
    """How a structure is played (`run_events` of its spelling)."""
    return run_events(spell_run(kind, pitches))
