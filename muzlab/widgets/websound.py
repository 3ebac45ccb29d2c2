"""The homework edition's sound: the browser's Web Audio plays the notes muzlab sends (no numpy, no WAV).

Under Pyodide the ListenPanel's player is a WebSound instead of an Audio widget holding a WAV: it sends
the run's note events (`muzlab.views.register.structure_events`, the same the WAV synth plays) and the
page schedules them (websound.js), listing what it scheduled in `data-muz-sound`.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from muzlab.names.reader import Reader
from muzlab.widgets.controls_style import CONTROLS_CSS


def play_words(reader: Reader) -> str:
    """The player's button in the reader's language: "▶ Play", "▶ Abspielen"."""
    return "▶ " + reader.pgettext("sound", "Play")


class WebSound(anywidget.AnyWidget):
    """A Play button for note events (beat, beats, MIDI number), played by the page; with `autoplay`
    each `play` sounds at once. Its owner writes `description` (play_words) in the reader's language."""

    _esm = (Path(__file__).parent / "websound.js").read_text(encoding="utf-8")
    _css = CONTROLS_CSS
    events = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    plays = traitlets.Int(0).tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    description = traitlets.Unicode("▶ Play").tag(sync=True)
    #: How long a beat sounds (the ear trainer's items set their own note length).
    seconds = traitlets.Float(0.5).tag(sync=True)

    def play(self, events: list[tuple[int, int, int]]) -> None:
        """Load these events, and sound them at once with autoplay."""
        if any(len(event) != 3 for event in events):
            raise ValueError(f"a note event is (beat, beats, MIDI number), not {events!r}")
        self.events = [list(event) for event in events]
        self.plays += 1
