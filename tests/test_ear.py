"""Ear-training drills (muzlab.play.eartraining) and the EarTrainer widget, driven by clicks."""

import io
import wave

import ipywidgets as widgets
import numpy as np
import pytest

import muzlab
from muzlab import MuzlabError, Reader
from muzlab.core.theory import MAJOR_DEGREES, TRIAD_STEPS
from muzlab.names.spelling import show_name
from muzlab.play.eartraining import Drill, EarTrainingError, midi_number
from muzlab.widgets import EarTrainer
from muzlab.widgets.ear import item_wave


def test_seeded_items_repeat_and_differ_between_seeds():
    drill = Drill("triad quality")
    assert drill.items(4, 12) == drill.items(4, 12)
    assert drill.items(4, 12) != drill.items(5, 12)


def test_triad_items_respect_range_qualities_and_play():
    drill = Drill("triad quality", lowest="F3", highest="A3", qualities=("major", "minor"), play="chord")
    for item in drill.items(0, 60):
        assert midi_number("F3") <= item.notes[0] <= midi_number("A3")
        steps = (item.notes[1] - item.notes[0], item.notes[2] - item.notes[1])
        assert steps == TRIAD_STEPS[item.answer] and item.answer in ("major", "minor")
        assert {start for start, _, _ in item.events} == {0}
    assert {item.answer for item in drill.items(0, 60)} == {"major", "minor"}


def test_third_items_are_three_or_four_semitones_and_spelled_a_third_apart():
    for item in Drill("third", play="arpeggio").items(2, 40):
        gap = item.notes[1] - item.notes[0]
        assert gap == {"minor third": 3, "major third": 4}[item.answer]
        low, high = item.names()
        assert ("CDEFGAB".index(high[0]) - "CDEFGAB".index(low[0])) % 7 == 2
        assert [start for start, _, _ in item.events] == [0, 1]


def test_degree_items_sit_in_their_key_after_the_cadence():
    drill = Drill("scale degree", keys=("Gb", "D"), degrees=(3, 4, 7))
    for item in drill.items(1, 40):
        assert item.key in ("Gb", "D") and item.answer in ("3", "4", "7")
        assert item.notes[1] - item.notes[0] == MAJOR_DEGREES[int(item.answer) - 1]
        assert item.events[-1][2] == item.notes[1]
        assert item.events[0][0] == 0 and item.events[-1][0] > max(e[0] for e in item.events[:-1])
    gb = next(i for i in drill.items(1, 40) if i.key == "Gb" and i.answer == "4")
    assert gb.names() == ["Gb", "Cb"]
    assert "Cb is degree 4 (subdominant) of Gb major" in gb.explanation()


def test_keys_are_typed_and_shown_in_the_reader_given_and_the_trainer_in_the_convention_in_force():
    german = Reader("german")
    item = Drill("scale degree", keys=("Ges",), degrees=(4, 7), reader=german).items(0, 1)[0]
    assert item.key == "Gb"
    assert "of Ges major" in item.explanation(german) and item.explanation(german).startswith(("Ces", "F "))
    assert Drill("scale degree", keys=(german.note("Ges"),)).key_names == ("Gb",)
    with pytest.raises(EarTrainingError):  # (no reader: typed keys are plain English, and "Ges" is none)
        Drill("scale degree", keys=("Ges",))
    with muzlab.note_names("german"):
        assert EarTrainer("scale degree", seed=0, keys=("Ges",), engine="builtin").drill.key_names == ("Gb",)
        trainer = EarTrainer("third", seed=1, engine="builtin")
        trainer.answer(trainer.item.answer)
        shown = [show_name(name) for name in trainer.item.names()]
        assert all(f">{name}<" in trainer.keyboard.value for name in shown)


def test_a_typed_augmented_triad_is_spelled_with_sharps_in_thirds():
    drill = Drill("triad quality", qualities=("major", "augmented"), lowest="C4", highest="C4")
    item = next(i for i in drill.items(0, 20) if i.answer == "augmented")
    assert item.names() == ["C", "E", "G#"]


@pytest.mark.parametrize("settings, word", [
    ({"kind": "interval"}, "there is no drill"),
    ({"lowest": "C5", "highest": "C3"}, "is above highest"),
    ({"lowest": "H2"}, "not a note with its octave"),
    ({"qualities": ("major",)}, "two or more"),
    ({"play": "loud"}, "play must be one of"),
    ({"kind": "scale degree", "degrees": (0, 8)}, "degrees must be"),
    ({"kind": "scale degree", "keys": ("X",)}, "is not a major key"),
    ({"note_seconds": 0}, "note_seconds"),
])
def test_bad_settings_are_refused_naming_them(settings, word):
    with pytest.raises(EarTrainingError, match=word) as caught:
        Drill(**settings)
    assert isinstance(caught.value, MuzlabError)


def _texts(widget) -> list[str]:
    """Every text a student can read in a widget tree (HTML values, labels, button captions)."""
    found = []
    if isinstance(widget, widgets.HTML | widgets.Label):
        found.append(widget.value)
    if isinstance(widget, widgets.Button):
        found.append(widget.description)
    for child in getattr(widget, "children", ()):
        found += _texts(child)
    return found


@pytest.mark.parametrize("kind", ["triad quality", "third", "scale degree"])
def test_nothing_of_the_answer_shows_before_a_click_and_the_tally_counts(kind):
    trainer = EarTrainer(kind, seed=3, engine="builtin")
    item = trainer.item
    shown = "\n".join(_texts(trainer))
    assert item.explanation() not in shown and "–".join(item.names()) not in shown
    assert item.title() in item.options or item.title() not in shown  # "major third" is also a button
    assert trainer.reveal.children == () and trainer.feedback.value == ""
    assert {button.button_style for button in trainer.buttons.values()} == {""}
    assert trainer.player.value  # the item is ready to play

    assert trainer.answer(item.answer) is True
    assert trainer.tally.value == "1 of 1 right"
    # (a widget shows real sharps and flats)
    assert item.explanation(Reader(typeset=True)) in trainer.feedback.value and "<svg" in trainer.staff.value
    assert trainer.buttons[item.answer].button_style == "success"
    assert trainer.replay.value == trainer.player.value
    trainer.answer(item.answer)  # a second click on the same item counts for nothing
    assert trainer.tally.value == "1 of 1 right"

    trainer.next_button.click()
    wrong = next(option for option in trainer.drill.options if option != trainer.item.answer)
    trainer.buttons[wrong].click()
    assert trainer.tally.value == "1 of 2 right"
    assert trainer.buttons[wrong].button_style == "danger"
    assert f"it was {trainer.item.answer}" in trainer.feedback.value
    # marked by a tick and a cross as well as by colour; the next item's buttons are plain again
    marks = {option: button.description for option, button in trainer.buttons.items()}
    assert marks[trainer.item.answer] == f"✓ {trainer.item.answer}" and marks[wrong] == f"✗ {wrong}"
    trainer.next_button.click()
    assert [button.description for button in trainer.buttons.values()] == list(trainer.drill.options)


def test_fresh_trainers_without_a_seed_draw_different_items():
    items = {EarTrainer("triad quality", engine="builtin", autoplay=False).item for _ in range(8)}
    assert len(items) > 1


def _spectrum_peaks(wav: bytes, count: int) -> list[float]:
    with wave.open(io.BytesIO(wav)) as source:
        rate = source.getframerate()
        samples = np.frombuffer(source.readframes(source.getnframes()), dtype="<i2").astype(float)
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    freqs = np.fft.rfftfreq(len(samples), 1 / rate)
    peaks = [i for i in range(1, len(spectrum) - 1)
             if spectrum[i] >= spectrum[i - 1] and spectrum[i] >= spectrum[i + 1] and freqs[i] > 60]
    strongest = sorted(peaks, key=lambda i: spectrum[i], reverse=True)[:count]
    return sorted(freqs[i] for i in strongest)


def test_the_played_chord_holds_exactly_the_notes_of_the_item():
    trainer = EarTrainer("triad quality", seed=11, engine="builtin", play="chord", lowest="C4", highest="G4")
    item = trainer.item
    expected = [440 * 2 ** ((note - 69) / 12) for note in item.notes]
    peaks = _spectrum_peaks(trainer.player.value, 3)
    for want, got in zip(expected, peaks, strict=True):
        assert abs(got - want) < want * 0.01, (item, peaks)
    # The other qualities' thirds are not there.
    other = item.notes[0] + (3 if item.notes[1] - item.notes[0] == 4 else 4)
    assert all(abs(p - 440 * 2 ** ((other - 69) / 12)) > 5 for p in peaks)


def test_the_built_in_render_lasts_as_the_events_say():
    item = Drill("scale degree", note_seconds=0.25).items(0, 1)[0]
    sound = item_wave(item, engine="builtin", rate=8000)
    beats = max(start + length for start, length, _ in item.events)
    assert len(sound) == beats * round(0.25 * 8000)
    assert np.max(np.abs(sound)) == pytest.approx(0.9, abs=1e-3)


def test_a_triad_is_explained_as_a_third_on_the_root_then_a_third_on_the_third():
    item = next(i for i in Drill("triad quality").items(3, 20) if i.answer == "major")
    lower, upper = (b - a for a, b in zip(item.notes, item.notes[1:], strict=False))
    assert (lower, upper) == (4, 3)
    assert ("a major third (4 semitones) from the root to the third, then a minor third (3 semitones) "
            "from the third to the fifth.") in item.explanation()
