"""The term's sung answers in a real browser: on the class server's student page, a student answers an
item "third by voice" from a MIDI keyboard (a stand-in for `requestMIDIAccess`: this machine has no
virtual MIDI port) and the next by singing into the microphone (Chromium's fake capture device
playing a rendered sung note); the page says each is right, and the class folder records both as
right answers and grades them."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from class_devices import WAIT, ClassServer, join
from test_browser import CHROMIUM_ARGS, chromium_path
from test_note_input_browser import MIDI_SHIM, RATE

from muzlab.app.classroom import Classroom
from muzlab.app.term import Term
from muzlab.widgets.sung_answers import sung_note

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from note_input_set import Note, fluidsynth_ready, render_program, write_wav  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 7  # the assignment's seed: the same items for every student


def assigned(folder: Path) -> tuple[int, list[int]]:
    """A class folder with an open assignment of two items "third by voice"; its id and the pitch class
    that answers each item right (the drill's upper note, any octave)."""
    room = Classroom(folder)
    term = Term(room, datetime.now)
    today = term.today()
    a = term.assign("Sung thirds", "third by voice", 2, today - timedelta(days=1), today + timedelta(days=6),
                    seed=SEED)
    right = [sung_note(term.item(a.id, 0, index).asked.ear) for index in range(2)]
    room.store.close()
    return a.id, right


def sung(path: Path, midi: int) -> None:
    """One note sung by the SoundFont's Choir Aahs over and over (0.8 s, then 0.6 s of a quiet room)."""
    notes = [Note(0.4 + 1.4 * i, 0.8, midi) for i in range(3)]
    sound = render_program(notes, 52, RATE, 4.4)
    hiss = np.random.default_rng(SEED).normal(0, 0.0005, len(sound))
    write_wav(path, sound / np.abs(sound).max() * 0.7 + hiss, RATE)


def test_a_student_answers_sung_items_on_the_term_page_by_midi_and_by_voice(tmp_path):
    if not fluidsynth_ready():
        pytest.skip("no fluidsynth or General MIDI SoundFont to sing the answer")
    from playwright.sync_api import expect, sync_playwright

    folder = tmp_path / "class-7c"
    assignment, right = assigned(folder)
    wav = tmp_path / "sung.wav"
    sung(wav, 60 + right[1])  # the second item's answer, sung around middle C
    server = ClassServer(folder)
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(),
                args=CHROMIUM_ARGS + ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                                      f"--use-file-for-fake-audio-capture={wav}",
                                      "--autoplay-policy=no-user-gesture-required"])
            page = join(browser, server.students, "Anna", None, outside)
            page.evaluate(f"() => {{{MIDI_SHIM}}}")  # (asked for when the MIDI button is clicked)
            mine = page.locator(".muz-term-student")
            expect(mine.locator(".muz-item-prompt")).to_contain_text("1 of 2.", timeout=WAIT)
            note_input = mine.locator(".muz-note-input")
            expect(note_input).to_be_visible(timeout=WAIT)
            # the first item from the MIDI keyboard: the right note an octave above middle C
            mine.locator(".muz-note-midi").click()
            expect(mine.locator(".muz-note-input[data-muz-midi-inputs='1']")).to_have_count(1, timeout=WAIT)
            page.evaluate(f"() => play(0x90, {72 + right[0]}, 90)")
            expect(mine.locator(".muz-item-prompt")).to_contain_text("2 of 2.", timeout=WAIT)
            said_first = mine.locator(".muz-item-said").inner_text()
            # the second item sung into the microphone
            mine.locator(".muz-note-listen").click()
            expect(mine.locator(".muz-item-prompt")).to_contain_text("All done", timeout=90_000)
            said_second = mine.locator(".muz-item-said").inner_text()
            heard = json.loads(mine.locator(".muz-note-input").get_attribute("data-muz-heard"))
            mine_text = mine.locator(".muz-my-assignments").inner_text()
            browser.close()
    finally:
        server.kill()
    assert said_first.startswith("Right") and said_second.startswith("Right")
    # (the microphone listens on after the last item, and may hear the looping note again)
    assert [(note["pitch_class"], note["source"]) for note in heard[:2]] == [(right[0], "midi"),
                                                                               (right[1], "microphone")]
    assert {note["pitch_class"] for note in heard[2:]} <= {right[1]}
    assert "2 of 2" in mine_text and outside == []
    room = Classroom(folder)  # the class folder, read again as a restart reads it
    term = Term(room, datetime.now)
    anna = next(s for s in room.students.values() if s.nickname == "Anna")
    assert [(a.item, a.reply, a.right) for a in term.answers] == [(0, right[0], True), (1, right[1], True)]
    assert term.grades(assignment) == [("Anna", 100.0)]
    assert term.done(assignment, anna.id) == (2, 2)
    room.store.close()
    print(f"\nthe sung answer was decided {round(1000 * heard[1]['latency'])} ms after its onset")
