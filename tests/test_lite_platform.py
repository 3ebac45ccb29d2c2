"""The homework edition's platform branches, checked on CPython by pretending to be Pyodide.

Under Pyodide (`sys.platform == "emscripten"`) there are no threads, numpy or music21: the ListenPanel
does its work at once, and a completed run brings its keyboard but no WAV or staff from Python.
"""

import asyncio
import subprocess
import sys
import textwrap
import threading

import pytest

import muzlab.widgets
from muzlab.widgets import listen


def test_in_the_browser_work_runs_at_once_on_the_kernels_thread(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    seen = []

    async def in_a_kernel():
        listen.in_background(lambda _reading: threading.current_thread(), seen.append, background=True)
        return list(seen)  # what had happened when in_background returned

    assert asyncio.run(in_a_kernel()) == [threading.current_thread()]


def test_elsewhere_a_kernel_draws_on_the_worker_thread():
    seen = []

    async def in_a_kernel():
        listen.in_background(lambda _reading: threading.current_thread().name, seen.append, background=True)
        before = list(seen)
        for _ in range(3000):  # (at most 30 s: a work that failed on the worker never calls back)
            if seen:
                break
            await asyncio.sleep(0.01)
        return before

    assert asyncio.run(in_a_kernel()) == [] and seen, "the work came back at once, or never"
    assert seen[0].startswith("muzlab-staff")


#: A Pyodide stand-in: sys.platform says emscripten, and numpy, music21 and verovio cannot be imported.
PRETEND_PYODIDE = textwrap.dedent("""
    import sys
    class Absent:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"numpy", "music21", "verovio", "matplotlib", "pandas"}:
                raise ImportError(f"{name} is not in the homework edition")
    sys.meta_path.insert(0, Absent())
    sys.platform = "emscripten"
""")

COMPLETE_A_RUN = textwrap.dedent("""
    from muzlab import Game
    from muzlab.widgets import PlayBoard
    game = Game(players=1, seed=0)
    while True:
        if game.phase in ("roll", "reroll"):
            game.roll()
            continue
        done = [c for c in game.legal_placements() if game.position.completions(game.hand, c)]
        if done:
            break
        cells = game.legal_placements()
        game.place(cells[0]) if cells else game.pass_die()
    board = PlayBoard(players=1, game=game, agent_delay=0)
    board.cells[done[0]].click()
    print(repr(board.message.value))
    print(repr(bytes(board.listen.player.value)), repr(board.listen.staff.value))
    print("muzlab-keyboard" in board.listen.keyboard.value, board.roll_button.disabled)
""")


def test_a_playboard_completes_a_run_without_numpy_or_music21():
    out = subprocess.run([sys.executable, "-c", PRETEND_PYODIDE + COMPLETE_A_RUN], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    message, sound_and_staff, keyboard_and_roll = out.stdout.splitlines()
    assert "completes" in message and "extra roll" in message
    assert sound_and_staff == "b'' ''"  # no WAV, no staff: the edition has no numpy or music21
    assert keyboard_and_roll == "True False"  # the run on a keyboard, and the extra roll is live


def test_the_ear_trainer_is_still_found_in_muzlab_widgets():
    from muzlab.widgets.ear import EarTrainer

    assert muzlab.widgets.EarTrainer is EarTrainer
    with pytest.raises(AttributeError, match="NoSuchBoard"):
        muzlab.widgets.NoSuchBoard  # noqa: B018
