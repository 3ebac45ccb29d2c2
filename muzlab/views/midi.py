"""A triad or scale run as a Standard MIDI File: played as everywhere else (`register.run_events`: a
triad's notes up, then its chord for two beats; a scale run as a line), a beat lasting half a second,
on a piano. Pure Python (mido), so the homework edition saves the same file.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from muzlab.core.pitch import PitchLike
from muzlab.names.letters import SpelledRun
from muzlab.names.spelling import spell_run
from muzlab.play.midi import midi_file_bytes
from muzlab.views.register import run_events


def run_to_midi(run: SpelledRun, note_seconds: float = 0.5) -> bytes:
    """A spelled run as Standard MIDI File bytes, in the register its staff uses."""
    return midi_file_bytes(run_events(run), note_seconds)


def structure_to_midi(kind: Any, pitches: Iterable[PitchLike], note_seconds: float = 0.5) -> bytes:
    """A triad or scale run ("C", "E", "G" or pitch classes) as MIDI bytes; NotAStructure names the
    notes of anything else."""
    return run_to_midi(spell_run(kind, pitches), note_seconds)


def run_file_name(run: SpelledRun) -> str:
    """A file name that says which run it is, e.g. "muzundrum-triad-D-Fsharp-A.mid" (ASCII)."""
    notes = "-".join(name.replace("#", "sharp") for name in run.names)
    return f"muzundrum-{run.kind}-{notes}.mid"
