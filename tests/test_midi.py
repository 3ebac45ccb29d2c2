"""MIDI files (issue 55, point 4): a run and a whole game saved as Standard MIDI Files, read back with
mido and with music21 to find the same notes; Game.to_midi, `muzlab midi`, and the Save MIDI downloads
of the Play and Review tabs and the ListenPanel."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import mido
import music21
import pytest

from muzlab.cli import main
from muzlab.names.spelling import spell_run
from muzlab.play.game import Game
from muzlab.play.midi import MidiError, board_midi, game_events, game_midi, midi_file_bytes
from muzlab.sim.samples import sample_game
from muzlab.views.midi import run_file_name, run_to_midi, structure_to_midi
from muzlab.views.register import run_midi

#: C major scale along the rising-right diagonal through the centre, the centre first (docs/rules.md
#: section 7).
SCALE_PLACEMENTS = [("F", (0, 0)), ("E", (-1, 1)), ("G", (1, -1)), ("D", (-2, 2)), ("A", (2, -2)),
                    ("C", (-3, 3)), ("B", (3, -3))]


def scale_game() -> Game:
    """A one-player game whose seventh placement completes C major on a diagonal."""
    game = Game(players=1, seed=0)
    for face, cell in SCALE_PLACEMENTS:
        game.roll(face=face)
        game.place(cell)
    return game


def mido_onsets(data: bytes) -> dict[int, list[int]]:
    """Tick -> the MIDI numbers struck then, in file order, read with mido."""
    onsets: dict[int, list[int]] = {}
    now = 0
    for message in mido.MidiFile(file=io.BytesIO(data)).tracks[0]:
        now += message.time
        if message.type == "note_on" and message.velocity > 0:
            onsets.setdefault(now, []).append(message.note)
    return onsets


def music21_onsets(data: bytes) -> list[list[int]]:
    """The MIDI numbers struck together, onset by onset, as music21 reads the file (chords sorted)."""
    found: dict[float, list[int]] = {}
    for element in music21.converter.parse(data, format="midi").flatten().notes:
        if element.tie is not None and element.tie.type != "start":
            continue  # (the rest of a note music21 split at a bar line)
        found.setdefault(float(element.offset), []).extend(p.midi for p in element.pitches)
    return [sorted(found[offset]) for offset in sorted(found)]


def same_notes_in_both_readers(data: bytes) -> list[list[int]]:
    """The onsets' notes, checked equal as mido and music21 read them."""
    by_mido = [sorted(notes) for _tick, notes in sorted(mido_onsets(data).items())]
    assert by_mido == music21_onsets(data)
    return by_mido


def test_a_triad_sounds_its_arpeggio_then_its_chord_in_both_readers():
    run = spell_run("triad", ("D", "F#", "A"))
    data = run_to_midi(run)
    onsets = same_notes_in_both_readers(data)
    assert onsets == [[62], [66], [69], [62, 66, 69]]
    assert [[n % 12 for n in notes] for notes in onsets] == [[2], [6], [9], [2, 6, 9]]
    assert run_midi(run) == [62, 66, 69]  # the staff's register: the same notes
    song = mido.MidiFile(file=io.BytesIO(data))
    assert song.type == 0 and [m.program for m in song.tracks[0] if m.type == "program_change"] == [0]
    tempo = next(m.tempo for m in song.tracks[0] if m.type == "set_tempo")
    assert mido.tempo2bpm(tempo) == 120  # a beat of half a second
    assert run_file_name(run) == "muzundrum-triad-D-Fsharp-A.mid"


def test_a_scale_run_is_a_line_rising_note_by_note():
    notes = ("Eb", "F", "G", "Ab", "Bb", "C", "D")
    onsets = same_notes_in_both_readers(structure_to_midi("scale", notes))
    assert all(len(struck) == 1 for struck in onsets)
    heard = [struck[0] for struck in onsets]
    assert [n % 12 for n in heard] == [3, 5, 7, 8, 10, 0, 2] and heard == sorted(heard)


@pytest.mark.parametrize("name", ["greedy-vs-random", "solo-expert"])
def test_a_game_has_one_note_per_placement_in_order_and_each_triad_after_it(name):
    game = sample_game(name)
    data = game_midi(game)
    onsets = same_notes_in_both_readers(data)
    placed = [event for event in game.events if event.kind == "place"]
    expected = []
    for event in placed:
        expected.append([event.pitch])
        expected += [sorted((c.root + step) % 12 for step in (0, *_thirds(c.quality)))
                     for c in event.completed]
    assert [sorted(n % 12 for n in struck) for struck in onsets] == expected
    singles = [struck for struck in onsets if len(struck) == 1]
    assert len(singles) == len(placed)  # one note per placement; completions sound as chords
    assert sum(len(struck) == 3 for struck in onsets) == sum(len(e.completed) for e in placed) > 0


def _thirds(quality: str) -> tuple[int, int]:
    return {"major": (4, 7), "minor": (3, 7), "diminished": (3, 6)}[quality]


def test_a_completed_scale_in_a_game_sounds_as_its_line_after_the_placement():
    game = scale_game()
    onsets = same_notes_in_both_readers(game_midi(game))
    assert [n for (n,) in onsets[:7]] == [65, 64, 67, 62, 69, 60, 71]  # each die where the board puts it
    assert [n for (n,) in onsets[7:]] == [60, 62, 64, 65, 67, 69, 71]  # then C major upward


def test_the_register_follows_the_board_higher_cells_sound_higher():
    game = sample_game("four-greedy-players")
    numbers = board_midi(game.position.spelled("").names, game.board.cells)
    assert len(numbers) == len(game.position) and set(numbers.values()) <= set(range(45, 90))
    for structure in game.completed_structures(""):
        heights = [numbers[cell] for cell in structure.cells]
        assert heights == sorted(heights) and len(set(heights)) == len(heights)
    column = {cell: n for cell, n in numbers.items()}
    pairs = [(low, (low[0], low[1] - 1)) for low in column if (low[0], low[1] - 1) in column]
    assert pairs and all(column[high] > column[low] for low, high in pairs)


def test_the_same_game_gives_the_same_bytes_replayed_from_its_record():
    game = sample_game("greedy-vs-random")
    again = Game.from_json(game.to_json())
    assert game_midi(game) == game_midi(again) == game_midi(game)
    assert run_to_midi(spell_run("triad", (0, 4, 7))) == structure_to_midi("triad", ("C", "E", "G"))


def test_game_to_midi_writes_the_file(tmp_path):
    game = sample_game("greedy-vs-random")
    path = game.to_midi(tmp_path / "game.mid")
    assert path == tmp_path / "game.mid" and path.read_bytes() == game_midi(game)
    assert mido.MidiFile(path).tracks[0][-1].type == "end_of_track"


def test_a_game_without_a_placement_or_bad_notes_are_refused_and_nothing_is_written(tmp_path):
    game = Game(players=2, seed=1)
    with pytest.raises(MidiError, match="no notes"):
        game.to_midi(tmp_path / "empty.mid")
    assert not (tmp_path / "empty.mid").exists()
    for bad in [(0, 1, 128), (-1, 1, 60), (0, 0, 60), (0, 1, "C"), (0, 1, True), (0, 1)]:
        with pytest.raises(MidiError, match="is not a note event"):
            midi_file_bytes([(0, 1, 60), bad])
    assert game_events(game) == []


def run_cli(*argv: str, capsys) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_writes_the_game_beside_its_record_and_never_overwrites_without_force(tmp_path, capsys):
    game = sample_game("greedy-vs-random")
    record = tmp_path / "game.json"
    record.write_text(game.to_json())
    code, out, err = run_cli("midi", str(record), capsys=capsys)
    written = tmp_path / "game.mid"
    assert code == 0 and err == "" and written.read_bytes() == game_midi(game)
    assert out.strip() == f"wrote {written}: 21 notes, one per placed die, then the completions"
    written.write_bytes(b"kept")
    code, out, err = run_cli("midi", str(record), capsys=capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--force" in err
    assert written.read_bytes() == b"kept"
    other = tmp_path / "other.mid"
    code, out, _ = run_cli("midi", str(record), "--out", str(other), capsys=capsys)
    assert code == 0 and other.read_bytes() == game_midi(game)
    code, _, _ = run_cli("midi", str(record), "--force", capsys=capsys)
    assert code == 0 and written.read_bytes() == game_midi(game)


@pytest.mark.parametrize("case", ["missing", "folder", "fifo", "not json", "illegal", "same file",
                                  "device out"])
def test_the_command_refuses_bad_input_in_one_line_and_writes_nothing(case, tmp_path, capsys):
    record = tmp_path / "game.json"
    data = json.loads(sample_game("greedy-vs-random").to_json())
    argv = ["midi", str(record)]
    if case == "missing":
        record = tmp_path / "nothing.json"
        argv[1] = str(record)
    elif case == "folder":
        record.mkdir()
    elif case == "fifo":
        os.mkfifo(record)
    elif case == "not json":
        record.write_text("{not json")
    elif case == "illegal":
        data["events"][3]["cell"] = data["events"][1]["cell"]  # a die on an occupied cell
        record.write_text(json.dumps(data))
    elif case == "same file":
        record = tmp_path / "game.mid"
        record.write_text(json.dumps(data))
        argv = ["midi", str(record), "--force"]
    else:
        record.write_text(json.dumps(data))
        argv += ["--out", "/dev/null", "--force"]
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run_cli(*argv, capsys=capsys)
    assert code == 2 and out == "" and err.startswith("muzlab midi: ") and err.count("\n") == 1
    assert "Traceback" not in err and sorted(p.name for p in tmp_path.iterdir()) == before
    if case == "same file":
        assert json.loads(record.read_text()) == data


def test_the_command_speaks_german(tmp_path, capsys):
    record = tmp_path / "partie.json"
    record.write_text(sample_game("greedy-vs-random").to_json())
    code, out, _ = run_cli("midi", str(record), "--language", "de", capsys=capsys)
    said = f"{tmp_path / 'partie.mid'} geschrieben: 21 Töne, einer pro gelegtem Würfel"
    assert code == 0 and out.startswith(said)
    code, _, err = run_cli("midi", str(record), "--language", "de", capsys=capsys)
    assert code == 2 and "gibt es schon" in err


def test_the_play_tab_saves_the_game_as_midi_and_says_why_not_before_a_placement():
    from muzlab.widgets.play import PlayBoard

    board = PlayBoard(players=1, seed=5, agent_delay=0)
    assert board.midi_button in board.actions.children and board.midi_button.description == "Save MIDI"
    assert board.midi_button.click() is None
    assert "no music to save yet" in board.message.value
    board.roll_button.click()
    board.cells[board.game.legal_placements()[0]].click()
    made = board.midi_button.click()
    assert made.mime == "audio/midi" and made.name.endswith(".mid")
    assert made.data == game_midi(board.game) and len(same_notes_in_both_readers(made.data)) >= 1


def test_the_listen_panel_saves_the_run_it_plays():
    from muzlab.widgets.listen import ListenPanel

    panel = ListenPanel()
    assert panel.save_midi.layout.display == "none" and panel.midi_file() is None
    structure = sample_game("greedy-vs-random").completed_structures("")[0]
    panel.show(structure)
    assert panel.save_midi.layout.display == ""
    made = panel.save_midi.click()
    run = structure.spelled_run()
    assert made.name == run_file_name(run) and made.data == run_to_midi(run)


def test_the_review_tab_saves_the_reviewed_game_as_midi():
    from muzlab.widgets.tabbed_app import ClassroomApp

    app = ClassroomApp(seed=3, agent_delay=0)
    app.start()
    assert app.review_midi.layout.display == "none" and app.review_midi_file() is None
    app.review_choice.value = "greedy-vs-random"
    app.show_review()
    made = app.review_midi.click()
    assert app.review_midi.layout.display == ""
    assert made.name == f"muzundrum-review-game-{app.review.game.seed}.mid" and made.mime == "audio/midi"
    assert made.data == game_midi(sample_game("greedy-vs-random"))


def test_the_buttons_speak_the_readers_language():
    from muzlab.names.reader import Reader
    from muzlab.widgets.listen import ListenPanel

    panel = ListenPanel()
    panel.redraw(Reader(language="fr"))
    assert panel.save_midi.description == "Enregistrer en MIDI" and "fichier MIDI" in panel.save_midi.tooltip


#: The homework edition's stand-in (tests/test_lite_platform.py): no numpy, music21, pandas; the Save
#: MIDI downloads still work, through mido alone.
PRETEND_PYODIDE = textwrap.dedent("""
    import sys
    class Absent:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"numpy", "music21", "verovio", "matplotlib", "pandas"}:
                raise ImportError(f"{name} is not in the homework edition")
    sys.meta_path.insert(0, Absent())
    sys.platform = "emscripten"
    from muzlab.widgets.tabbed_app import ClassroomApp
    from muzlab.play.midi import game_midi
    from muzlab.sim.samples import sample_game
    app = ClassroomApp(seed=3, agent_delay=0)
    app.start()
    app.review_choice.value = "greedy-vs-random"
    app.show_review()
    made = app.review_midi.click()
    structure = app.review.game.completed_structures("")[0]
    app.review.listen.show(structure)
    run = app.review.listen.save_midi.click()
    print(made.data == game_midi(sample_game("greedy-vs-random")), run.data[:4], run.name)
    print("numpy" in sys.modules, "music21" in sys.modules)
""")


def test_the_homework_editions_widgets_save_midi_without_numpy_or_music21():
    done = subprocess.run([sys.executable, "-c", PRETEND_PYODIDE], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    saved, loaded = done.stdout.splitlines()
    assert saved == "True b'MThd' muzundrum-triad-C-E-G.mid"
    assert loaded == "False False"


SITE = Path(__file__).resolve().parents[1] / "out" / "lite"


#: A seeded game of eight dice, each on the first legal cell, as both Pythons play it.
EIGHT_DICE = textwrap.dedent("""
    from muzlab.play.game import Game
    from muzlab.play.midi import game_midi
    game = Game(seed=3)
    for _ in range(8):
        game.roll()
        cells = game.legal_placements()
        game.place(cells[0]) if cells else game.pass_die()
    data = game_midi(game)
""")


@pytest.mark.slow
def test_the_built_homework_edition_ships_mido_and_its_pyodide_writes_the_same_file(tmp_path):
    """In the site built last (python3 make.py lite), mido is in the runtime's standard library zip
    (nothing imports it before a board), and the site's own Pyodide, with muzlab's wheel and the
    runtime's packaging, writes a game's MIDI file byte for byte as CPython does."""
    stdlib = SITE / "pyodide" / "python_stdlib.zip"
    if shutil.which("node") is None or not stdlib.exists():
        pytest.skip("no node, or no built site (python3 make.py lite)")
    with zipfile.ZipFile(stdlib) as archive:
        assert "mido/midifiles/midifiles.py" in archive.namelist()
    wheels = sorted((SITE / "pypi").glob("muzlab-*.whl")) + sorted((SITE / "pyodide").glob("packaging-*.whl"))
    script = tmp_path / "check.mjs"
    script.write_text(textwrap.dedent(f"""\
        const {{ loadPyodide }} = await import({json.dumps((SITE / "pyodide" / "pyodide.mjs").as_uri())});
        const pyodide = await loadPyodide({{ indexURL: {json.dumps(str(SITE / "pyodide") + "/")} }});
        pyodide.FS.mkdirTree("/site");
        pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {{ root: {json.dumps(str(SITE))} }}, "/site");
        console.log(pyodide.runPython(`
        import sys, zipfile
        for wheel in {json.dumps([str(w.relative_to(SITE)) for w in wheels])}:
            zipfile.ZipFile("/site/" + wheel).extractall("/tmp/installed")
        sys.path.insert(0, "/tmp/installed")
        {textwrap.indent(EIGHT_DICE, "        ").strip()}
        sys.platform + " " + data.hex()
        `));
        """))
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    here: dict = {}
    exec(EIGHT_DICE, here)
    assert done.stdout.strip().splitlines()[-1] == "emscripten " + here["data"].hex()
