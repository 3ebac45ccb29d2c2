"""The built-in synth, WAV export, players, and the optional fluidsynth engine with its fallback."""

from __future__ import annotations

import io
import warnings
import wave

import music21
import numpy as np
import pytest

from muzlab.views import audio
from muzlab.views.audio import (
    SynthesisError,
    find_soundfont,
    fluidsynth_available,
    midi_file_bytes,
    play_structure,
    render_midi_file_with_fluidsynth,
    structure_events,
    synthesize,
    synthesize_structure,
    to_audio_widget,
    to_ipython_audio,
    to_wav_bytes,
)
from muzlab.views.music import game_score, write_midi

RATE = 22050


def hz(midi: int) -> float:
    """Equal-tempered frequency of a MIDI note (A4 = 440 Hz)."""
    return 440.0 * 2 ** ((midi - 69) / 12)


def spectrum(wave_: np.ndarray, rate: int = RATE) -> tuple[np.ndarray, np.ndarray]:
    """Frequencies and Hann-windowed magnitudes of a waveform."""
    magnitudes = np.abs(np.fft.rfft(wave_ * np.hanning(len(wave_))))
    return np.fft.rfftfreq(len(wave_), 1 / rate), magnitudes


def level_at(freqs: np.ndarray, mags: np.ndarray, target: float, width: float = 3.0) -> float:
    """Strongest magnitude within `width` Hz of `target`."""
    return float(mags[np.abs(freqs - target) <= width].max())


def strongest(wave_: np.ndarray, rate: int = RATE) -> float:
    """Frequency of the strongest spectral peak."""
    freqs, mags = spectrum(wave_, rate)
    return float(freqs[np.argmax(mags)])


@pytest.mark.parametrize(
    "notes, chord, note_seconds, expected",
    [
        ([60, 64, 67], False, 0.5, 3 * 11025),
        ([60, 64, 67], True, 0.5, 11025),
        ([60, 62, 64, 65, 67, 69, 71], False, 0.3, 7 * round(0.3 * RATE)),
        ([72], False, 0.123, round(0.123 * RATE)),
    ],
)
def test_length_is_one_slot_per_note_or_one_for_a_chord(notes, chord, note_seconds, expected):
    wave_ = synthesize(notes, chord=chord, note_seconds=note_seconds)
    assert wave_.dtype == np.float32
    assert len(wave_) == expected


@pytest.mark.parametrize("chord", [False, True])
def test_peak_is_normalised_below_full_scale(chord):
    wave_ = synthesize([36, 60, 64, 67, 96], chord=chord)
    assert np.abs(wave_).max() == pytest.approx(0.9, abs=1e-6)
    assert np.abs(wave_).max() < 1.0


def test_c_major_chord_spectrum_has_its_three_notes_and_nothing_between():
    freqs, mags = spectrum(synthesize([60, 64, 67], chord=True, note_seconds=1.0))
    triad = [level_at(freqs, mags, hz(m)) for m in (60, 64, 67)]
    assert hz(60) == pytest.approx(261.6, abs=0.1) and hz(67) == pytest.approx(392.0, abs=0.1)
    assert min(triad) > 0.3 * mags.max()
    for foreign in (61, 62, 63, 65, 66, 68, 69, 70, 71):
        assert level_at(freqs, mags, hz(foreign)) < 0.01 * min(triad), foreign
    inner = mags[1:-1]
    peaks = (inner > mags[:-2]) & (inner >= mags[2:]) & (inner > 0.05 * mags.max())
    low_peaks = [f for f in freqs[1:-1][peaks] if f < 500]
    assert len(low_peaks) == 3
    assert all(any(abs(f - hz(m)) < 2 for m in (60, 64, 67)) for f in low_peaks)


def test_sequence_plays_each_note_in_its_own_slot():
    wave_ = synthesize([57, 69, 81], note_seconds=0.5)
    slots = wave_.reshape(3, -1)
    assert [strongest(slot) for slot in slots] == [
        pytest.approx(hz(m), rel=0.01) for m in (57, 69, 81)
    ]


def test_synthesis_is_deterministic():
    first = synthesize([60, 62, 64])
    assert np.array_equal(first, synthesize([60, 62, 64]))
    assert np.array_equal(play_structure("triad", [9, 0, 4]), play_structure("triad", [9, 0, 4]))
    assert not np.array_equal(first, synthesize([60, 62, 65]))


def test_no_clicks_every_note_starts_and_ends_at_zero_with_ramps():
    wave_ = play_structure("scale", [0, 2, 4, 5])
    slot = 11025
    for join in range(0, len(wave_) + 1, slot):
        around = wave_[max(join - 1, 0) : join + 1]
        assert np.abs(around).max() < 1e-3, join
    attack = round(0.005 * RATE)
    assert np.abs(wave_[: attack // 4]).max() < 0.5 * np.abs(wave_[attack : 4 * attack]).max()
    release = round(0.03 * RATE)
    tail = np.abs(wave_[slot - release : slot])
    assert tail[-release // 4 :].max() < 0.5 * tail[: release // 4].max()


def test_triad_structure_is_arpeggio_then_two_beat_chord():
    wave_ = play_structure("triad", ["A", "C", "E"])
    assert len(wave_) == 5 * 11025
    slots = wave_.reshape(5, -1)
    assert [strongest(s) for s in slots[:3]] == [
        pytest.approx(hz(m), rel=0.01) for m in (69, 72, 76)
    ]
    freqs, mags = spectrum(wave_[3 * 11025 :])
    chord = [level_at(freqs, mags, hz(m)) for m in (69, 72, 76)]
    assert min(chord) > 0.3 * mags.max()


def test_scale_structure_climbs_one_note_per_beat():
    wave_ = play_structure("scale", [6, 8, 10])
    assert len(wave_) == 3 * 11025
    assert [strongest(s) for s in wave_.reshape(3, -1)] == [
        pytest.approx(hz(m), rel=0.01) for m in (66, 68, 70)
    ]


@pytest.mark.parametrize("bad", [[], [128], [-1], [60.5], [True]])
def test_bad_midi_notes_are_refused(bad):
    with pytest.raises(SynthesisError):
        synthesize(bad)


def test_notes_too_high_for_the_rate_are_refused():
    with pytest.raises(SynthesisError, match="too high"):
        synthesize([127], rate=8000)


def test_wav_bytes_parse_back_with_the_wave_module():
    wave_ = synthesize([60, 64, 67])
    data = to_wav_bytes(wave_, RATE)
    with wave.open(io.BytesIO(data), "rb") as back:
        assert (back.getnchannels(), back.getsampwidth(), back.getframerate()) == (1, 2, RATE)
        assert back.getnframes() == len(wave_)
        samples = np.frombuffer(back.readframes(back.getnframes()), dtype="<i2") / 32767
    assert np.abs(samples - wave_).max() <= 1 / 32767


def test_wav_bytes_clip_values_beyond_full_scale():
    data = to_wav_bytes(np.array([2.0, -2.0, 0.5]), 8000)
    with wave.open(io.BytesIO(data), "rb") as back:
        samples = np.frombuffer(back.readframes(3), dtype="<i2")
    assert samples.tolist() == [32767, -32767, 16384]


def test_notebook_players_hold_the_wav_and_do_not_autoplay():
    wave_ = synthesize([60])
    player = to_ipython_audio(wave_, RATE)
    assert player.data == to_wav_bytes(wave_, RATE) and not player.autoplay
    widget = to_audio_widget(wave_, RATE)
    assert widget.format == "wav" and widget.autoplay is False
    assert bytes(widget.value) == to_wav_bytes(wave_, RATE)


def test_midi_file_of_a_structure_reads_back_in_music21():
    events = structure_events("triad", [9, 0, 4])
    parsed = music21.converter.parse(midi_file_bytes(events))
    onsets = {}
    for element in parsed.flatten().notes:
        if not (element.tie and element.tie.type != "start"):
            onsets.setdefault(float(element.offset), []).extend(p.midi for p in element.pitches)
    assert onsets == {0.0: [69], 1.0: [72], 2.0: [76], 3.0: [69, 72, 76]}


def test_soundfont_lookup_prefers_argument_then_environment(tmp_path, monkeypatch):
    font = tmp_path / "mine.sf2"
    font.write_bytes(b"RIFF")
    monkeypatch.setattr(audio, "SOUNDFONT_DIR", tmp_path / "none")
    monkeypatch.delenv("MUZLAB_SOUNDFONT", raising=False)
    assert find_soundfont() is None
    monkeypatch.setenv("MUZLAB_SOUNDFONT", str(font))
    assert find_soundfont() == font
    assert find_soundfont(font) == font
    with pytest.raises(SynthesisError, match="does not exist"):
        find_soundfont(tmp_path / "missing.sf2")


def test_fallback_to_builtin_warns_once(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(audio, "_fallback_warned", False)
    assert not fluidsynth_available()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = synthesize_structure("triad", [0, 4, 7])
        second = synthesize_structure("scale", [0, 2, 4], engine="auto")
    assert len(caught) == 1
    assert "built-in synth" in str(caught[0].message)
    assert np.array_equal(first, play_structure("triad", [0, 4, 7]))
    assert np.array_equal(second, play_structure("scale", [0, 2, 4]))
    with pytest.raises(SynthesisError, match="fluidsynth needs"):
        synthesize_structure("triad", [0, 4, 7], engine="fluidsynth")


def test_builtin_engine_never_warns_and_unknown_engine_is_refused(monkeypatch):
    monkeypatch.setattr(audio, "_fallback_warned", False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        synthesize_structure("scale", [0], engine="builtin")
    with pytest.raises(SynthesisError, match="unknown engine"):
        synthesize_structure("scale", [0], engine="organ")


needs_fluidsynth = pytest.mark.skipif(
    not fluidsynth_available(), reason="the fluidsynth program or a GM SoundFont is absent"
)


@needs_fluidsynth
def test_fluidsynth_renders_the_right_pitch():
    wave_ = synthesize_structure("scale", ["A"], engine="fluidsynth")
    assert wave_.dtype == np.float32
    assert np.abs(wave_).max() == pytest.approx(0.9, abs=1e-6)
    assert strongest(wave_) == pytest.approx(440.0, rel=0.02)


@needs_fluidsynth
def test_fluidsynth_renders_a_music21_midi_file(tmp_path):
    path = write_midi(game_score([("triad", [0, 4, 7])]), tmp_path / "c.mid")
    wave_ = render_midi_file_with_fluidsynth(path, rate=16000)
    assert len(wave_) >= 16000 * 2.5
    freqs, mags = spectrum(wave_, 16000)
    assert min(level_at(freqs, mags, hz(m)) for m in (60, 64, 67)) > 10 * level_at(
        freqs, mags, hz(62)
    )


def test_hear_gives_a_notebook_player_of_the_structure():
    player = audio.hear("triad", [0, 4, 7], engine="builtin")
    assert player.data[:4] == b"RIFF"
    assert len(player.data) == len(audio.to_wav_bytes(audio.play_structure("triad", [0, 4, 7])))


def test_hear_takes_spelled_notes_and_a_key_and_refuses_a_run_outside_it():
    from muzlab.names.letters import NotAKey

    spelled = audio.hear("scale", ["Gb", "Ab", "Bb", "Cb"], engine="builtin", key="Gb")
    as_numbers = audio.hear("scale", [6, 8, 10, 11], engine="builtin")
    assert spelled.data == as_numbers.data  # spelling changes the names, never the sound
    with pytest.raises(NotAKey, match="C-D-E is not a run of Gb major; it fits C major, G major, F major"):
        audio.hear("scale", [0, 2, 4], engine="builtin", key="Gb")
