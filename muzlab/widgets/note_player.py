"""Hear note events in either edition: the WAV synth's player in the full edition, the page's Web Audio
(`WebSound`) in the homework edition, which has no numpy to make a WAV. A lesson's cell that calls
`hear` sounds in both (lesson 4's cadence)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from muzlab.names.reader import Reader
from muzlab.reading import resolve
from muzlab.views.note_events import check_events
from muzlab.widgets.listen import in_browser
from muzlab.widgets.websound import WebSound, play_words


def hear(events: Iterable[tuple[int, int, int]], reader: Reader | None = None) -> Any:
    """A player for note events (start beat, beats, MIDI number; a beat is half a second): an
    IPython Audio of the built-in synth's WAV, or in the homework edition a WebSound whose button
    (in `reader`'s language; None: the default reader's) plays them. SynthesisError names an event
    that is not one, and nothing is made."""
    checked = check_events(events)
    if not in_browser():
        from muzlab.views.audio import events_wave, to_ipython_audio  # (numpy: the full edition)

        return to_ipython_audio(events_wave(checked))
    player = WebSound(description=play_words(resolve(reader)))
    player.play(checked)
    return player
