"""Note events (start beat, beats, MIDI number), checked once for both players of muzlab: the WAV synth
(muzlab.views.audio, numpy) and the browser's Web Audio of the homework edition (which has no numpy).

Standard library only, so that the homework edition checks what it plays as the full edition does.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from muzlab.core.errors import MuzlabError, shown

#: A note event in beats: (start beat, length in beats, MIDI number).
Event = tuple[int, int, int]


class SynthesisError(MuzlabError, RuntimeError):
    """Sound could not be made: bad notes, a missing SoundFont, or fluidsynth failing."""


def _whole(value: object) -> bool:
    """An int, or numpy's (anything with __index__), but not a bool."""
    return not isinstance(value, bool) and hasattr(type(value), "__index__")


def check_midi(notes: Iterable[object]) -> list[int]:
    """MIDI numbers as ints 0-127; SynthesisError naming the first bad one otherwise."""
    checked = []
    for note in notes:
        if not _whole(note) or not 0 <= operator.index(note) <= 127:
            raise SynthesisError("{note} is not a MIDI note number (an int 0-127)", note=repr(note))
        checked.append(operator.index(note))
    if not checked:
        raise SynthesisError("there are no notes to play")
    return checked


def check_events(events: Iterable[object]) -> list[Event]:
    """Note events as (start beat ≥ 0, beats ≥ 1, MIDI number 0-127) of ints; SynthesisError naming the
    first that is not one, or saying there are none."""
    checked = []
    for event in events:
        parts = tuple(event) if isinstance(event, tuple | list) else ()
        if len(parts) != 3 or not all(_whole(part) for part in parts[:2]) or operator.index(parts[0]) < 0 \
                or operator.index(parts[1]) < 1:
            raise SynthesisError("{event} is not a note event (start >= 0, length >= 1, MIDI number 0-127)",
                                 event=shown(event))
        checked.append((operator.index(parts[0]), operator.index(parts[1]), check_midi([parts[2]])[0]))
    if not checked:
        raise SynthesisError("there are no notes to play")
    return checked
