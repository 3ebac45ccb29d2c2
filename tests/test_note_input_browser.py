"""The note input widget's page in Chromium: a sung C-E-G from the fake microphone is decided in the page
(only pitch classes reach Python's side), and the "cannot listen" line is shown, in German, on a page
that is not secure and in a frame without permission to use the microphone.

The widget's module runs with a stand-in model (its traits, and `window.sent` for what it sends to
Python) in pages served on 127.0.0.1 (a secure context); another port is another origin (the frame),
and a name that Chromium maps to 127.0.0.1 is an address that is not secure.
"""

import contextlib
import functools
import http.server
import json
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from test_browser import CHROMIUM_ARGS, chromium_path

from muzlab.names.reader import Reader
from muzlab.widgets.note_input import NoteInput

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from note_input_set import Note, fluidsynth_ready, render_program, write_wav  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = """<!doctype html><meta charset="utf-8"><title>note input</title><div id="host"></div>
<script type="module">
import widget from "./note_input.mjs";
const state = await (await fetch("./state.json")).json();
const listeners = {};
window.sent = [];
window.model = {
  get: (name) => state[name],
  set: (name, value) => { state[name] = value; (listeners["change:" + name] || []).forEach((f) => f()); },
  on: (event, callback) => (listeners[event] = listeners[event] || []).push(callback),
  send: (message) => window.sent.push(message),
  save_changes() {},
};
widget.render({ model: window.model, el: document.getElementById("host") });
window.ready = true;
</script>"""
TRIAD = (60, 64, 67)  # C4 E4 G4, sung by the SoundFont's Choir Aahs
RATE = 48000


def widget_folder(folder: Path, reader: Reader) -> Path:
    """A folder holding the widget's page, its module and its traits as `reader` reads them."""
    widget = NoteInput(reader=reader)
    (folder / "note_input.mjs").write_text(widget._esm, encoding="utf-8")
    (folder / "state.json").write_text(json.dumps({"names": widget.names, "words": widget.words}),
                                       encoding="utf-8")
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    return folder


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves files, logging nothing."""

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path):
    """`folder` served on 127.0.0.1; yields the port."""
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def sung_triad(path: Path) -> None:
    """C-E-G sung by Choir Aahs, each note 0.8 s with 0.5 s of near silence after it, as a WAV."""
    notes = [Note(0.4 + 1.3 * i, 0.8, midi) for i, midi in enumerate(TRIAD)]
    sound = render_program(notes, 52, RATE, 4.3)
    hiss = np.random.default_rng(59).normal(0, 0.0005, len(sound))  # a room is never silent
    write_wav(path, sound / np.abs(sound).max() * 0.7 + hiss, RATE)


def launch(playwright, *extra: str):
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + list(extra))


def test_a_sung_triad_from_the_microphone_is_decided_in_the_page(tmp_path):
    if not fluidsynth_ready():
        pytest.skip("no fluidsynth or General MIDI SoundFont to sing the triad")
    from playwright.sync_api import sync_playwright

    wav = tmp_path / "triad.wav"
    sung_triad(wav)
    folder = widget_folder(tmp_path, Reader())
    with served(folder) as port, sync_playwright() as playwright:
        browser = launch(playwright, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                         f"--use-file-for-fake-audio-capture={wav}",
                         "--autoplay-policy=no-user-gesture-required")
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/index.html")
        page.wait_for_function("() => window.ready")
        page.click(".muz-note-listen")
        # the fake microphone plays the file over and over: wait for C, E and G heard in turn
        page.wait_for_function("""() => {
          const heard = JSON.parse(document.querySelector('.muz-note-input').dataset.muzHeard || '[]');
          return heard.map((note) => note.pitch_class).join(' ').includes('0 4 7');
        }""", timeout=60_000)
        host = page.query_selector(".muz-note-input")
        heard = json.loads(host.get_attribute("data-muz-heard"))
        settings = json.loads(host.get_attribute("data-muz-microphone"))
        frame_ms = float(host.get_attribute("data-muz-frame-ms"))
        sent = page.evaluate("() => window.sent")
        shown = page.text_content(".muz-note-heard")
        browser.close()
    classes = [note["pitch_class"] for note in heard]
    start = next(i for i in range(len(classes)) if classes[i:i + 3] == [0, 4, 7])
    triad = heard[start:start + 3]
    assert [note["source"] for note in triad] == ["microphone"] * 3
    assert set(classes) <= {0, 4, 7}  # nothing but the sung notes is ever named
    assert all(note["clarity"] >= 0.6 and note["latency"] > 0 for note in triad)
    # only pitch classes and figures go to Python: no sound leaves the page
    assert sent and all(set(message) == {"note", "source", "clarity", "latency"} for message in sent)
    assert settings["echoCancellation"] is False and settings["autoGainControl"] is False
    assert settings["noiseSuppression"] is False
    assert shown in {"C", "E", "G"}
    print(f"\nlatencies from onset: {[round(1000 * note['latency']) for note in triad]} ms, "
          f"{frame_ms} ms a frame, microphone {settings}")


def test_the_cannot_listen_line_is_german_on_an_address_that_is_not_secure(tmp_path):
    from playwright.sync_api import sync_playwright

    reader = Reader(language="de")
    folder = widget_folder(tmp_path, reader)
    with served(folder) as port, sync_playwright() as playwright:
        browser = launch(playwright, "--host-resolver-rules=MAP muzlab.test 127.0.0.1")
        page = browser.new_page()
        page.goto(f"http://muzlab.test:{port}/index.html")
        page.wait_for_function("() => window.ready")
        assert page.evaluate("() => window.isSecureContext") is False
        page.click(".muz-note-listen")
        page.wait_for_selector(".muz-note-input[data-muz-why]")
        listen_why = page.text_content(".muz-note-why")
        page.click(".muz-note-midi")
        midi_why = page.text_content(".muz-note-why")
        page.click(".muz-note-key[data-pitch-class='9']")  # clicks always work
        sent = page.evaluate("() => window.sent")
        browser.close()
    assert listen_why == midi_why == NoteInput(reader=reader).words["insecure"]
    assert listen_why.startswith("Mikrofon und MIDI funktionieren nur auf einer sicheren Seite")
    assert sent == [{"note": 9, "source": "click", "clarity": 1, "latency": 0}]


def test_the_cannot_listen_line_is_german_in_a_frame_without_microphone_permission(tmp_path):
    from playwright.sync_api import sync_playwright

    reader = Reader(language="de")
    inner, outer = tmp_path / "inner", tmp_path / "outer"
    inner.mkdir()
    outer.mkdir()
    widget_folder(inner, reader)
    with served(inner) as inner_port, served(outer) as outer_port, sync_playwright() as playwright:
        # another port of 127.0.0.1 is another origin: the frame may use the microphone only if allowed
        (outer / "index.html").write_text(
            f"<!doctype html><iframe src='http://127.0.0.1:{inner_port}/index.html' width=800 height=300>"
            "</iframe>", encoding="utf-8")
        browser = launch(playwright, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream")
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{outer_port}/index.html")
        frame = page.frame_locator("iframe")
        frame.locator(".muz-note-listen").click()
        frame.locator(".muz-note-input[data-muz-why='frame']").wait_for()
        why = frame.locator(".muz-note-why").text_content()
        secure = page.frames[1].evaluate("() => window.isSecureContext")
        browser.close()
    assert secure is True  # secure, yet not allowed: the frame is the reason
    assert why == NoteInput(reader=reader).words["frame"]
    assert why.startswith("Diese Seite steht in einem Rahmen")


def test_the_cannot_listen_line_is_german_where_permission_is_denied(tmp_path):
    from playwright.sync_api import sync_playwright

    reader = Reader(language="de")
    folder = widget_folder(tmp_path, reader)
    with served(folder) as port, sync_playwright() as playwright:
        browser = launch(playwright, "--use-fake-device-for-media-stream", "--deny-permission-prompts")
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/index.html")
        page.wait_for_function("() => window.ready")
        page.click(".muz-note-listen")
        page.wait_for_selector(".muz-note-input[data-muz-why]")
        why = page.text_content(".muz-note-why")
        browser.close()
    assert why == NoteInput(reader=reader).words["denied"]
    assert why.startswith("Der Browser darf das Mikrofon nicht nutzen")


#: A stand-in for Web MIDI (this machine has no virtual MIDI port): requestMIDIAccess gives one input,
#: and `window.play(status, number, velocity)` sends a message from it as a keyboard would.
MIDI_SHIM = """
const input = { onmidimessage: null };
navigator.requestMIDIAccess = async () => ({ inputs: new Map([["shim", input]]), onstatechange: null });
window.play = (...data) => input.onmidimessage({ data: Uint8Array.from(data), timeStamp: performance.now() });
"""


def test_a_midi_note_on_is_heard_through_request_midi_access(tmp_path):
    from playwright.sync_api import sync_playwright

    folder = widget_folder(tmp_path, Reader(convention="german"))
    with served(folder) as port, sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.add_init_script(MIDI_SHIM)
        page.goto(f"http://127.0.0.1:{port}/index.html")
        page.wait_for_function("() => window.ready")
        page.click(".muz-note-midi")
        page.wait_for_selector(".muz-note-input[data-muz-midi-inputs='1']")
        page.evaluate("() => { play(0x90, 71, 90); play(0x80, 71, 0); play(0x91, 64, 0); "
                      "play(0x92, 58, 70); }")
        sent = page.evaluate("() => window.sent")
        shown = page.text_content(".muz-note-heard")
        browser.close()
    # note-on B4 and B♭3 (note-off and a note-on of velocity 0 are no notes)
    assert [(message["note"], message["source"]) for message in sent] == [(11, "midi"), (10, "midi")]
    assert shown == "Ais/B"


EXPLORE_BY_EAR = """from muzlab.rules.position import Position
from muzlab.widgets.explorer import BY_EAR, Explorer

explorer = Explorer(Position())
explorer.palette.value = BY_EAR
explorer"""


def test_explore_places_the_dice_sung_into_the_microphone(tmp_path):
    """JupyterLab, the fake microphone singing C-E-G over and over: a chosen cell takes a sung note."""
    if not fluidsynth_ready():
        pytest.skip("no fluidsynth or General MIDI SoundFont to sing the triad")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
    from test_browser import ALL_RUN, TOKEN, jupyter_lab

    wav = tmp_path / "triad.wav"
    sung_triad(wav)
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "explore", "metadata": {},
                           "outputs": [], "source": EXPLORE_BY_EAR}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                             "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "by-ear.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    cell = ".muz-layer .muz-cell[data-cell='{}']"
    notation = ".widget-text input"
    with jupyter_lab(tmp_path) as url, sync_playwright() as playwright:
        browser = launch(playwright, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                         f"--use-file-for-fake-audio-capture={wav}",
                         "--autoplay-policy=no-user-gesture-required")
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        page.goto(f"{url}/lab/tree/by-ear.ipynb?token={TOKEN}")
        page.wait_for_selector(".jp-Notebook", timeout=120_000)
        with contextlib.suppress(PlaywrightTimeout):
            page.click(".jp-Dialog .jp-mod-accept", timeout=5_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.click("li[data-command='runmenu:run-all']")
        page.wait_for_selector(".muz-note-input", timeout=180_000)
        page.wait_for_function(ALL_RUN, timeout=180_000)
        page.click(".muz-note-listen")
        page.click(cell.format("0,0"))
        page.wait_for_function(f"() => document.querySelector('{notation}').value.includes('@0,0')",
                               timeout=90_000)
        first = page.input_value(notation)
        page.click(cell.format("0,-1"))  # a note the rules refuse there leaves it chosen: sing on
        page.wait_for_function(f"() => document.querySelector('{notation}').value.includes('@0,-1')",
                               timeout=90_000)
        second = page.input_value(notation)
        heard = json.loads(page.get_attribute(".muz-note-input", "data-muz-heard"))
        browser.close()
    from muzlab.rules.position import Position

    placed = Position.from_notation(second, strict=False)
    assert first.startswith("standard ") and second.startswith("standard ")
    assert {placed.pitch_at((0, 0)), placed.pitch_at((0, -1))} <= {0, 4, 7}
    assert placed.broken() == []  # through the rules: nothing illegal was placed
    assert {note["source"] for note in heard} == {"microphone"}
    print(f"\nplaced {second}; latencies {[round(1000 * note['latency']) for note in heard]} ms")


ANSWERS_BY_EAR = """from muzlab.widgets.ear import EarTrainer
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.sung_answers import MISSING_NOTE

board = PlayBoard(players=2, agent_delay=0, seed=3)
board.voice.mode.value = "sing"
board.roll_button.click()
quiz = Quiz((MISSING_NOTE,), seed=2)
quiz.add_class("muz-quiz")
ear = EarTrainer("third", seed=4, engine="builtin", autoplay=False)
display(board, quiz, ear)"""


def test_play_quiz_and_ear_training_take_notes_played_and_sung(tmp_path):
    """JupyterLab: on the PlayBoard singing the die, a MIDI note other than the die's leaves the chosen
    cell empty and the die's note places it; the Quiz's missing note is answered from the MIDI keyboard;
    the ear trainer takes the first note the fake microphone sings, judged as Python judges it."""
    if not fluidsynth_ready():
        pytest.skip("no fluidsynth or General MIDI SoundFont to sing the triad")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright
    from test_browser import ALL_RUN, TOKEN, jupyter_lab

    from muzlab.widgets.ear import EarTrainer
    from muzlab.widgets.play import PlayBoard
    from muzlab.widgets.quiz import Quiz
    from muzlab.widgets.sung_answers import MISSING_NOTE, sung_note, sung_verdict

    table = PlayBoard(players=2, agent_delay=0, seed=3)  # the notebook's board, made again here
    table.roll_button.click()
    hand, (q, r) = table.game.hand, table.game.legal_placements()[0]
    missing = Quiz((MISSING_NOTE,), seed=2).question.pitch
    item = EarTrainer("third", seed=4, engine="builtin", autoplay=False).item
    wav = tmp_path / "triad.wav"
    sung_triad(wav)
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "answers", "metadata": {},
                           "outputs": [], "source": ANSWERS_BY_EAR}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                             "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "answers.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    play_cell = f".muz-playboard .muz-layer .muz-cell[data-cell='{q},{r}']"
    with jupyter_lab(tmp_path) as url, sync_playwright() as playwright:
        browser = launch(playwright, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                         f"--use-file-for-fake-audio-capture={wav}",
                         "--autoplay-policy=no-user-gesture-required")
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        page.add_init_script(MIDI_SHIM)
        page.goto(f"{url}/lab/tree/answers.ipynb?token={TOKEN}")
        page.wait_for_selector(".jp-Notebook", timeout=120_000)
        with contextlib.suppress(PlaywrightTimeout):
            page.click(".jp-Dialog .jp-mod-accept", timeout=5_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.click("li[data-command='runmenu:run-all']")
        page.wait_for_selector(".muz-ear .muz-note-input", timeout=180_000)
        page.wait_for_function(ALL_RUN, timeout=180_000)
        # Play, singing the die: a lit cell chosen, then a note from the MIDI keyboard
        page.click(".muz-playboard .muz-note-midi")
        page.wait_for_selector(".muz-playboard .muz-note-input[data-muz-midi-inputs='1']")
        page.click(play_cell)
        page.wait_for_selector(f".muz-playboard .muz-cell.muz-selected[data-cell='{q},{r}']", timeout=30_000)
        page.evaluate(f"() => play(0x90, {60 + (hand + 1) % 12}, 90)")
        page.wait_for_function("() => document.querySelector('.muz-playboard .muz-message')"
                               ".textContent.includes('2 tries left')", timeout=30_000)
        empty_after_wrong = page.locator(f".muz-playboard .dice [data-cell='{q},{r}']").count()
        page.evaluate(f"() => play(0x90, {48 + hand}, 90)")  # another octave: the same pitch class
        page.wait_for_selector(f".muz-playboard .dice [data-cell='{q},{r}']", timeout=30_000)
        # the Quiz's missing note, from the MIDI keyboard
        page.click(".muz-quiz .muz-note-midi")
        page.wait_for_selector(".muz-quiz .muz-note-input[data-muz-midi-inputs='1']")
        page.evaluate(f"() => play(0x90, {72 + missing}, 90)")
        page.wait_for_function("() => document.querySelector('.muz-quiz').textContent.includes('Yes:')",
                               timeout=30_000)
        quiz_tally = page.text_content(".muz-quiz")
        # ear training, sung into the fake microphone
        page.click(".muz-ear .muz-note-listen")
        page.wait_for_function("() => document.querySelector('.muz-ear').textContent.includes('of 1 right')",
                               timeout=90_000)
        # (the tally is written before the verdict's line, which may come in a later message)
        page.wait_for_function("() => /Right: |Heard /.test(document.querySelector('.muz-ear').textContent)",
                               timeout=30_000)
        heard = json.loads(page.get_attribute(".muz-ear .muz-note-input", "data-muz-heard"))
        ear_text = page.text_content(".muz-ear")
        browser.close()
    assert empty_after_wrong == 0  # the cell waited for the die's own note
    assert "1 of 1 right" in quiz_tally
    sung = heard[0]["pitch_class"]
    assert heard[0]["source"] == "microphone" and sung in {0, 4, 7}
    correct, verdict = sung_verdict(item, sung, Reader(typeset=True))
    assert verdict in ear_text
    assert ("1 of 1 right" if correct else "0 of 1 right") in ear_text
    print(f"\near training: sang pitch class {sung} for {sung_note(item)}: {verdict}")
