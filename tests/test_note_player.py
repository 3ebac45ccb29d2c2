"""`muzlab.widgets.note_player.hear`, the player a lesson's cell calls (lesson 4's cadence): the built-in
synth's WAV in the full edition, the page's Web Audio in the homework edition (no numpy there), the
note events checked alike in both, a bad one named and nothing made."""

import io
import os
import subprocess
import sys
import textwrap
import wave
from pathlib import Path

import pytest
from test_lite_platform import PRETEND_PYODIDE

from muzlab.views.audio import SynthesisError, events_wave
from muzlab.widgets.note_player import hear

ROOT = Path(__file__).resolve().parent.parent
#: T–S–D–T in C major from middle C, each chord two beats (as lesson 4 builds it).
CADENCE = [(beat, 2, midi) for beat, chord in ((0, (60, 64, 67)), (2, (65, 69, 72)), (4, (67, 71, 74)),
                                               (6, (60, 64, 67))) for midi in chord]


def test_the_full_edition_hears_the_cadence_as_the_synths_wav():
    """Four chords of two half-second beats: a four-second WAV, loud, the synth's own samples."""
    import numpy as np

    player = hear(CADENCE)
    with wave.open(io.BytesIO(player.data)) as wav:
        rate, frames = wav.getframerate(), wav.readframes(wav.getnframes())
    samples = np.frombuffer(frames, dtype="<i2")
    assert len(samples) == 8 * rate // 2 and np.abs(samples).max() > 0.8 * 32767
    expected = np.round(events_wave(CADENCE) * 32767).astype("<i2")
    assert np.abs(samples.astype(int) - expected.astype(int)).max() <= 1


@pytest.mark.parametrize(("events", "said"), [
    ([(0, 2, 128)], "128 is not a MIDI note number"),
    ([(0, 2, 60.0)], "60.0 is not a MIDI note number"),
    ([(0, 2)], "(0, 2) is not a note event"),
    ([(-1, 2, 60)], "(-1, 2, 60) is not a note event"),
    ([(0, 0, 60)], "(0, 0, 60) is not a note event"),
    ([(True, 2, 60)], "(True, 2, 60) is not a note event"),
    ("C E G", "'C' is not a note event"),
    ([], "there are no notes to play"),
])
def test_a_bad_note_event_is_named_in_either_edition(events, said):
    with pytest.raises(SynthesisError, match=said.replace("(", r"\(").replace(")", r"\)")):
        hear(events)
    with pytest.raises(SynthesisError, match=said.replace("(", r"\(").replace(")", r"\)")):
        events_wave(events)


def test_the_homework_edition_hears_the_cadence_through_the_pages_web_audio():
    """Without numpy (Pyodide): a WebSound holding the events, its button in the reader's language, one
    play asked; a bad event is refused there too, and numpy is never imported."""
    script = PRETEND_PYODIDE + textwrap.dedent(f"""
        import muzlab
        from muzlab.widgets.note_player import hear
        from muzlab.views.note_events import SynthesisError
        muzlab.set_language("de")
        player = hear({CADENCE!r})
        print(type(player).__name__, player.description, player.plays, player.autoplay)
        print(" ".join(str(midi) for _beat, _beats, midi in player.events))
        print(hear([(0, 1, 60)], muzlab.default_reader().replace(language="fr")).description)
        try:
            hear([(0, 2, 200)])
        except SynthesisError as error:
            print(error)
        print("numpy" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["WebSound ▶ Abspielen 1 False", "60 64 67 65 69 72 67 71 74 60 64 67",
                                       "▶ Écouter", "200 is not a MIDI note number (an int 0-127)", "False"]
