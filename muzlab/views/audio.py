"""Hear what was built: a small deterministic piano-like synth, WAV bytes, and optional fluidsynth.

numpy only; IPython and ipywidgets are imported inside the helpers that return their players.

Timing (exact, in samples): one beat lasts `slot = round(note_seconds * rate)` samples. A sequence
of n notes is n slots long, each note sounding for its whole slot; a chord is one slot long. A
triad structure is its three notes then the chord held for two beats (5 slots); a scale run is
one slot per note. Every note starts and ends at exactly 0 (short attack and release ramps), so
joins never click, and every waveform is scaled so its loudest sample is `peak` (0.9).
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess
import tempfile
import warnings
import wave as wavelib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from muzlab.core.pitch import PitchLike, parse_pitch
from muzlab.names.letters import SpelledRun
from muzlab.names.spelling import english_spelling, spell_run
from muzlab.play.midi import midi_file_bytes  # (one MIDI writer: mido)
from muzlab.reading import default_reader
from muzlab.views.note_events import Event, SynthesisError, check_events, check_midi
from muzlab.views.register import run_events, structure_events  # (the browser edition plays them too)

if TYPE_CHECKING:
    import IPython.display
    import ipywidgets

DEFAULT_RATE = 22050
PEAK = 0.9
#: (harmonic number, relative amplitude): a bright attack that mellows as the overtones die.
HARMONICS = ((1, 1.0), (2, 0.5), (3, 0.28), (4, 0.15), (5, 0.08), (6, 0.04))
DECAY_PER_SECOND = 2.5  # fundamental; harmonic k decays (1 + 0.6 (k - 1)) times faster
ATTACK_SECONDS = 0.005
RELEASE_SECONDS = 0.03
SOUNDFONT_DIR = Path("/usr/share/sounds/sf2")
SOUNDFONT_NAMES = ("TimGM6mb.sf2", "FluidR3_GM.sf2", "default-GM.sf2")
ENGINES = ("auto", "builtin", "fluidsynth")

_fallback_warned = False


def _tone(midi: int, samples: int, rate: int) -> np.ndarray:
    """One piano-like note: decaying harmonics under attack and release ramps ending at 0."""
    t = np.arange(samples) / rate
    f0 = 440.0 * 2.0 ** ((midi - 69) / 12)
    tone = np.zeros(samples)
    for k, amplitude in HARMONICS:
        if k * f0 < rate / 2:
            decay = DECAY_PER_SECOND * (1 + 0.6 * (k - 1))
            tone += amplitude * np.exp(-decay * t) * np.sin(2 * np.pi * k * f0 * t)
    attack = min(samples // 2, max(2, round(ATTACK_SECONDS * rate)))
    release = min(samples // 2, max(2, round(RELEASE_SECONDS * rate)))
    tone[:attack] *= np.linspace(0.0, 1.0, attack)
    tone[samples - release :] *= np.linspace(1.0, 0.0, release)
    return tone


def _render(events: Sequence[Event], rate: int, note_seconds: float, peak: float) -> np.ndarray:
    """Mix note events (in beats of `note_seconds`) into one float32 waveform peaking at `peak`."""
    if not 0 < peak <= 1:
        raise SynthesisError("peak must be in (0, 1], not {peak}", peak=repr(peak))
    slot = round(note_seconds * rate)
    if slot < 4:
        raise SynthesisError("note_seconds={note_seconds} is too short at {rate} Hz",
                             note_seconds=repr(note_seconds), rate=rate)
    out = np.zeros(max(start + beats for start, beats, _ in events) * slot)
    for start, beats, midi in events:
        out[start * slot : (start + beats) * slot] += _tone(midi, beats * slot, rate)
    loudest = np.max(np.abs(out))
    if loudest == 0:
        raise SynthesisError("these notes are all above {highest:.0f} Hz, too high for {rate} Hz",
                             highest=rate / 2, rate=rate)
    return (out * (peak / loudest)).astype(np.float32)


def events_wave(events: Sequence[Event], rate: int = DEFAULT_RATE, note_seconds: float = 0.5) -> np.ndarray:
    """Note events (start beat, beats, MIDI number) from the built-in synth alone, as float32 samples:
    the same samples on every machine, for files that must not change (a question bank's sound)."""
    return _render(check_events(events), rate, note_seconds, PEAK)


def synthesize(
    midi_notes: Iterable[int],
    chord: bool = False,
    rate: int = DEFAULT_RATE,
    note_seconds: float = 0.5,
    peak: float = PEAK,
) -> np.ndarray:
    """Notes one after another (n slots) or together as a chord (1 slot), as float32 samples."""
    notes = check_midi(midi_notes)
    events = [(0, 1, n) if chord else (i, 1, n) for i, n in enumerate(notes)]
    return _render(events, rate, note_seconds, peak)


def play_structure(
    kind: Any, pitches: Iterable[PitchLike], rate: int = DEFAULT_RATE, note_seconds: float = 0.5
) -> np.ndarray:
    """A structure's waveform from the built-in synth, in the register its notation uses."""
    return play_run(spell_run(kind, pitches), rate, note_seconds)


def play_run(run: SpelledRun, rate: int = DEFAULT_RATE, note_seconds: float = 0.5) -> np.ndarray:
    """A spelled run's waveform from the built-in synth, as `register.run_events` plays it."""
    return _render(run_events(run), rate, note_seconds, PEAK)


def to_wav_bytes(wave: np.ndarray, rate: int = DEFAULT_RATE) -> bytes:
    """A mono 16-bit PCM WAV file of a waveform in [-1, 1] (values beyond are clipped)."""
    samples = np.round(np.clip(np.asarray(wave, dtype=np.float64), -1, 1) * 32767)
    buffer = io.BytesIO()
    with wavelib.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.astype("<i2").tobytes())
    return buffer.getvalue()


def to_ipython_audio(wave: np.ndarray, rate: int = DEFAULT_RATE) -> IPython.display.Audio:
    """An IPython.display.Audio player for a waveform (not autoplaying), no wider than its notebook."""
    return _fitting_audio()(data=to_wav_bytes(wave, rate), autoplay=False)


@functools.cache
def _fitting_audio() -> type[IPython.display.Audio]:
    """IPython's audio player whose HTML is at most as wide as the notebook's column: the browser draws
    it 300 CSS px wide, past a phone's or a 400 % zoomed window's edge (WCAG 1.4.10)."""
    from IPython.display import Audio  # notebook objects load only when a notebook asks for one

    class FittingAudio(Audio):
        def _repr_html_(self) -> str:
            return super()._repr_html_().replace("<audio ", '<audio style="max-width: 100%" ', 1)

    return FittingAudio


def to_audio_widget(wave: np.ndarray, rate: int = DEFAULT_RATE) -> ipywidgets.Audio:
    """An ipywidgets.Audio player for a waveform, for use inside widget layouts."""
    import ipywidgets  # notebook objects load only when a notebook asks for one

    return ipywidgets.Audio(value=to_wav_bytes(wave, rate), format="wav", autoplay=False)


def find_soundfont(soundfont: str | Path | None = None) -> Path | None:
    """The General-MIDI SoundFont to use: `soundfont`, $MUZLAB_SOUNDFONT, or one in sf2/."""
    if soundfont is not None:
        path = Path(soundfont)
        if not path.is_file():
            raise SynthesisError("SoundFont {path} does not exist", path=repr(str(path)))
        return path
    candidates = [os.environ.get("MUZLAB_SOUNDFONT", "")]
    candidates += [str(SOUNDFONT_DIR / name) for name in SOUNDFONT_NAMES]
    return next((Path(c) for c in candidates if c and Path(c).is_file()), None)


def fluidsynth_available(soundfont: str | Path | None = None) -> bool:
    """Whether the `fluidsynth` program and a SoundFont are both present."""
    return shutil.which("fluidsynth") is not None and find_soundfont(soundfont) is not None


def render_midi_file_with_fluidsynth(
    midi_path: str | Path,
    soundfont: str | Path | None = None,
    rate: int = DEFAULT_RATE,
    peak: float = PEAK,
) -> np.ndarray:
    """Render a MIDI file offline with fluidsynth and a GM SoundFont; mono float32 at `peak`."""
    program = shutil.which("fluidsynth")
    font = find_soundfont(soundfont)
    if program is None or font is None:
        raise SynthesisError(
            "fluidsynth needs the `fluidsynth` program and a General-MIDI SoundFont"
        )
    with tempfile.TemporaryDirectory(prefix="muzlab-") as folder:
        out_path = Path(folder) / "out.wav"
        command = [program, "-ni", "-q", "-F", str(out_path), "-r", str(rate), "-T", "wav"]
        result = subprocess.run(
            [*command, str(font), str(midi_path)], capture_output=True, text=True, timeout=120
        )
        if result.returncode != 0 or not out_path.is_file():
            raise SynthesisError("fluidsynth failed: {output}",
                                 output=(result.stderr or result.stdout).strip())
        samples = _read_wav(out_path)
    loudest = np.max(np.abs(samples), initial=0.0)
    if loudest == 0:
        raise SynthesisError("fluidsynth rendered silence from {midi_path}", midi_path=repr(str(midi_path)))
    return (samples * (peak / loudest)).astype(np.float32)


def _read_wav(path: Path) -> np.ndarray:
    """A 16-bit PCM WAV file as mono float64 samples in [-1, 1]."""
    with wavelib.open(str(path), "rb") as source:
        if source.getsampwidth() != 2:
            raise SynthesisError("expected 16-bit samples in {name}", name=path.name)
        channels = source.getnchannels()
        data = np.frombuffer(source.readframes(source.getnframes()), dtype="<i2")
    return data.reshape(-1, channels).mean(axis=1) / 32768.0


def synthesize_structure(
    kind: Any,
    pitches: Iterable[PitchLike],
    engine: str = "auto",
    rate: int = DEFAULT_RATE,
    note_seconds: float = 0.5,
    soundfont: str | Path | None = None,
) -> np.ndarray:
    """A structure's waveform from fluidsynth or the built-in synth ("auto": fluidsynth if present).

    With engine="auto" and no fluidsynth, the built-in synth is used and a warning is given once
    per process; engine="fluidsynth" without it raises SynthesisError.
    """
    global _fallback_warned
    if engine not in ENGINES:
        raise SynthesisError("unknown engine {engine}; use one of {engines}", engine=repr(engine),
                             engines=ENGINES)
    values = list(pitches)
    if engine == "auto" and not fluidsynth_available(soundfont):
        if not _fallback_warned:
            _fallback_warned = True
            warnings.warn(
                "fluidsynth or a General-MIDI SoundFont is missing; using the built-in synth",
                RuntimeWarning,
                stacklevel=2,
            )
        engine = "builtin"
    if engine == "builtin":
        return play_structure(kind, values, rate, note_seconds)
    with tempfile.TemporaryDirectory(prefix="muzlab-") as folder:
        midi_path = Path(folder) / "structure.mid"
        midi_path.write_bytes(midi_file_bytes(structure_events(kind, values), note_seconds))
        return render_midi_file_with_fluidsynth(midi_path, soundfont, rate)


def hear(kind: Any, pitches: Iterable[PitchLike], engine: str = "auto", key: PitchLike | None = None
         ) -> IPython.display.Audio:
    """A triad or scale run as a notebook audio player: arpeggio then chord, or the scale going up.

    Notes may be pitch classes or spelled names ("Gb", "Cb"), read in the default reader's note
    names as a `Position` reads them (German "Ges", "Ces"); a scale run given with a `key` must fit
    it (NotAKey names the keys it fits), as `muzlab.views.music.staff` would write it.
    """
    typed, convention = list(pitches), default_reader().convention
    english_spelling(kind, typed, key, convention)  # refuses a run that is not in the key given, naming it
    values = [parse_pitch(value, convention) if isinstance(value, str) else value for value in typed]
    return to_ipython_audio(synthesize_structure(kind, values, engine=engine))
