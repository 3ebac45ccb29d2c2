"""Render the note input's test set (data/note_input/recipe.json) offline: sung and played notes from
the General MIDI SoundFont through fluidsynth, synthetic voices with a weak fundamental, and classroom
babble of the same voices plus noise, mixed at each signal-to-noise ratio. Seeded: the same recipe
gives the same sound. Used by bench_note_input.py and by the browser test's sung triad.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import mido
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "data" / "note_input" / "recipe.json"
WEAK = "weak fundamental"
BEND_STEP = 0.01  # seconds between two pitch-bend messages drawing vibrato
BEND_CENTS = 200  # fluidsynth's default pitch-bend range: two semitones either way


@dataclass(frozen=True)
class Note:
    """One note of a track: when it starts and how long it lasts (seconds), its MIDI number, how far
    off key it is sung (cents), and its vibrato (cents either way, Hz, starting phase)."""

    onset: float
    seconds: float
    midi: int
    detune: float = 0.0
    vibrato: float = 0.0
    rate: float = 5.5
    phase: float = 0.0

    def cents(self, t: np.ndarray | float) -> np.ndarray | float:
        """How far the note sounds from its MIDI number `t` seconds after its onset (cents)."""
        return self.detune + self.vibrato * np.sin(2 * np.pi * self.rate * t + self.phase)


def recipe() -> dict:
    """The test set's recipe (data/note_input/recipe.json)."""
    return json.loads(RECIPE.read_text(encoding="utf-8"))


def soundfont(settings: dict | None = None) -> Path:
    """The first GM SoundFont of the recipe that this machine has; FileNotFoundError naming them else."""
    candidates = [Path(path) for path in (settings or recipe())["soundfonts"]]
    for path in candidates:
        if path.exists():
            return path
    raise FileNotFoundError(f"no General MIDI SoundFont: none of {', '.join(map(str, candidates))}")


def fluidsynth_ready() -> bool:
    """True when fluidsynth and a SoundFont are here to render the set."""
    try:
        soundfont()
    except FileNotFoundError:
        return False
    return shutil.which("fluidsynth") is not None


def render_program(notes: list[Note], program: int, rate: int, seconds: float) -> np.ndarray:
    """The notes played by General MIDI `program` (0-127) through fluidsynth, mono, `seconds` long."""
    midi = mido.MidiFile(ticks_per_beat=1000)  # at 120 bpm (the default): a tick is 0.5 ms
    track = mido.MidiTrack()
    midi.tracks.append(track)
    events: list[tuple[float, int, mido.Message]] = [
        (0.0, 0, mido.Message("program_change", program=program))]
    for note in notes:
        for step in np.arange(0.0, note.seconds, BEND_STEP):
            bend = int(round(float(note.cents(step)) * 8192 / BEND_CENTS))
            bend = max(-8192, min(8191, bend))
            events.append((note.onset + step, 1, mido.Message("pitchwheel", pitch=bend)))
        events.append((note.onset, 2, mido.Message("note_on", note=note.midi, velocity=96)))
        events.append((note.onset + note.seconds, 0, mido.Message("note_off", note=note.midi, velocity=0)))
    now = 0
    for at, _order, message in sorted(events, key=lambda event: (event[0], event[1])):
        tick = int(round(at * 2000))
        track.append(message.copy(time=tick - now))
        now = tick
    with tempfile.TemporaryDirectory() as folder:
        path, out = Path(folder) / "notes.mid", Path(folder) / "notes.wav"
        midi.save(path)
        subprocess.run(["fluidsynth", "-ni", "-q", "-R", "0", "-C", "0", "-g", "0.6", "-r", str(rate),
                        "-F", str(out), "-T", "wav", str(soundfont()), str(path)],
                       check=True, capture_output=True)
        with wave.open(str(out)) as sound:
            frames = np.frombuffer(sound.readframes(sound.getnframes()), dtype=np.int16)
            channels = sound.getnchannels()
    mono = frames.reshape(-1, channels).mean(axis=1) / 32768.0
    return fit(mono, int(seconds * rate))


def render_weak(notes: list[Note], rate: int, seconds: float, settings: dict, formants: list[float],
                generator: np.random.Generator) -> np.ndarray:
    """A synthetic voice singing the notes: harmonics shaped by vowel formants, the fundamental
    `fundamental_db` below the strongest, pitch jitter and breath noise."""
    out = np.zeros(int(seconds * rate))
    for note in notes:
        n = int(note.seconds * rate)
        t = np.arange(n) / rate
        jitter = np.cumsum(generator.normal(0, 1, n)) / np.sqrt(rate) * settings["jitter"] * 1200
        f0 = 440 * 2 ** ((note.midi - 69 + (note.cents(t) + jitter) / 100) / 12)
        phase = 2 * np.pi * np.cumsum(f0) / rate
        mean = float(f0.mean())
        ks = np.arange(1, settings["harmonics"] + 1)
        gains = np.array([sum(1 / (1 + ((k * mean - f) / 120) ** 2) for f in formants) / k ** 0.5 + 0.02
                          for k in ks])
        gains /= gains.max()
        gains[0] = 10 ** (settings["fundamental_db"] / 20)
        voice = sum(g * np.sin(k * phase) for k, g in zip(ks, gains, strict=True) if k * mean < rate / 2.2)
        envelope = np.minimum(1, np.minimum(t / 0.05, (note.seconds - t) / 0.06))
        breath = generator.normal(0, 10 ** (settings["breath_db"] / 20), n)
        start = int(note.onset * rate)
        out[start:start + n] += 0.2 * envelope * (voice + breath)
    return out


def fit(sound: np.ndarray, length: int) -> np.ndarray:
    """`sound` cut or padded with silence to `length` samples."""
    return sound[:length] if len(sound) >= length else np.pad(sound, (0, length - len(sound)))


def melody(generator: np.random.Generator, settings: dict, lowest: int, highest: int, count: int,
           start: float = 0.3) -> list[Note]:
    """`count` notes in turn, each a random pitch in [lowest, highest], detuned and with vibrato."""
    notes, at = [], start
    for _ in range(count):
        seconds = generator.uniform(*settings["note_seconds"])
        notes.append(Note(at, seconds, int(generator.integers(lowest, highest + 1)),
                          detune=generator.uniform(-settings["detune_cents"], settings["detune_cents"]),
                          vibrato=generator.uniform(*settings["vibrato_cents"]),
                          rate=generator.uniform(*settings["vibrato_hz"]),
                          phase=generator.uniform(0, 2 * np.pi)))
        at += seconds + generator.uniform(*settings["gap_seconds"])
    return notes


def babble(generator: np.random.Generator, settings: dict, lowest: int, highest: int, seconds: float,
           rate: int, formants: list[float]) -> np.ndarray:
    """Other voices singing their own notes all the time, plus pink noise `noise_db` below them."""
    chatter = settings["babble"]
    mix = np.zeros(int(seconds * rate))
    for voice in range(chatter["voices"]):
        source = chatter["sources"][voice % len(chatter["sources"])]
        notes, at = [], generator.uniform(0, 0.3)
        while at < seconds:
            length = generator.uniform(*chatter["note_seconds"])
            notes.append(Note(at, length, int(generator.integers(lowest, highest + 1)),
                              detune=generator.uniform(-30, 30), vibrato=generator.uniform(0, 25),
                              rate=generator.uniform(4.5, 6.5), phase=generator.uniform(0, 6.3)))
            at += length + generator.uniform(0.0, 0.2)
        notes = [note for note in notes if note.onset + note.seconds < seconds]
        part = (render_weak(notes, rate, seconds, settings["weak_fundamental"], formants, generator)
                if source == WEAK else render_program(notes, source, rate, seconds))
        mix += part / max(rms(part), 1e-9)
    white = generator.normal(0, 1, len(mix))
    spectrum = np.fft.rfft(white) / np.sqrt(np.maximum(np.arange(len(white) // 2 + 1), 1))
    pink = np.fft.irfft(spectrum, len(white))
    return mix / rms(mix) + pink / rms(pink) * 10 ** (chatter["noise_db"] / 20)


def rms(sound: np.ndarray) -> float:
    """The root mean square of a sound."""
    return float(np.sqrt(np.mean(np.square(sound)))) if len(sound) else 0.0


def audible_onset(sound: np.ndarray, note: Note, rate: int) -> float:
    """When the note becomes audible in its clean track: the first 5 ms whose RMS reaches a tenth
    (-20 dB) of the note's loudest 5 ms."""
    block = rate // 200
    start, end = int(note.onset * rate), int((note.onset + note.seconds) * rate)
    blocks = sound[start:end][: (end - start) // block * block].reshape(-1, block)
    levels = np.sqrt(np.mean(np.square(blocks), axis=1))
    first = int(np.argmax(levels >= 0.1 * levels.max()))
    return note.onset + first / 200


@dataclass
class Track:
    """One range's notes by one source, clean, and the babble to mix in."""

    range_name: str
    source: str
    notes: list[Note]
    onsets: list[float]  # audible onsets
    clean: np.ndarray
    babble: np.ndarray

    def mixed(self, snr_db: float | None, rate: int) -> np.ndarray:
        """The track with babble `snr_db` below the notes' loudness (None: clean)."""
        if snr_db is None:
            return self.clean.astype(np.float32)
        sounding = np.concatenate([self.clean[int(n.onset * rate):int((n.onset + n.seconds) * rate)]
                                   for n in self.notes])
        noise = self.babble * rms(sounding) / rms(self.babble) * 10 ** (-snr_db / 20)
        mix = self.clean + noise
        return (mix / max(1.0, float(np.abs(mix).max()) / 0.9)).astype(np.float32)


def tracks(settings: dict | None = None, seed: int | None = None) -> list[Track]:
    """Every range's tracks, one for each source, rendered from the recipe with `seed` (None: the
    recipe's first, `seed`)."""
    settings = settings or recipe()
    rate = settings["sample_rate"]
    generator = np.random.default_rng(settings["seed"] if seed is None else seed)
    made = []
    for range_name, facts in settings["ranges"].items():
        formants = settings["weak_fundamental"]["formants_hz"][range_name]
        lowest, highest = facts["lowest"], facts["highest"]
        sources = []
        for source in facts["sources"]:
            notes = melody(generator, settings, lowest, highest, settings["notes_per_source"])
            seconds = notes[-1].onset + notes[-1].seconds + 0.8
            sources.append((source, notes, seconds))
        longest = max(seconds for _, _, seconds in sources)
        noise = babble(generator, settings, lowest, highest, longest, rate, formants)
        for source, notes, seconds in sources:
            clean = (render_weak(notes, rate, seconds, settings["weak_fundamental"], formants, generator)
                     if source == WEAK else render_program(notes, source, rate, seconds))
            name = source if source == WEAK else settings["programs"][str(source)]
            made.append(Track(range_name, name, notes, [audible_onset(clean, n, rate) for n in notes],
                              clean, noise[:len(clean)]))
    return made


def write_wav(path: Path, sound: np.ndarray, rate: int) -> None:
    """Save a mono sound as 16-bit WAV."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes((np.clip(sound, -1, 1) * 32767).astype(np.int16).tobytes())
