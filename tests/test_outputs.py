"""Outputs are checked before any work, never replace an earlier run without --force, appear whole or not
at all (a real child process killed or interrupted mid-write), and readers refuse parts of different runs;
every command answers misuse with one line (exit 2) and Ctrl-C with one line (exit 130)."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pytest

from muzlab.cli import main
from muzlab.core.outputs import OutputError, OutputExists
from muzlab.sim import simulation as sim
from muzlab.sim.simulation import SimulationDataset, SimulationResult, simulate

AGENTS = ("greedy", "random")


def one_line_and_code(argv, capsys) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse stops the parse itself
        code = stop.code
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error, error
    return code, error


def wait_for(condition, what: str, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


# ---- plain frames: --out FOLDER ----------------------------------------------------------------------------
def test_an_earlier_run_is_kept_unless_forced_and_the_place_is_checked_before_any_game(tmp_path, capsys,
                                                                                      monkeypatch):
    out = tmp_path / "run"
    assert main(["simulate", "--games", "5", "--out", str(out), "--quiet"]) == 0
    first = SimulationResult.read_parquet(out).games
    code, error = one_line_and_code(["simulate", "--games", "7", "--out", str(out), "--quiet"], capsys)
    assert code == 2 and "already holds games.parquet, moves.parquet from an earlier run" in error
    pd.testing.assert_frame_equal(SimulationResult.read_parquet(out).games, first)
    assert main(["simulate", "--games", "7", "--out", str(out), "--quiet", "--force"]) == 0
    assert len(SimulationResult.read_parquet(out).games) == 7
    assert sorted(p.name for p in out.iterdir()) == ["games.parquet", "moves.parquet"]  # nothing aside

    def no_games(*args):
        raise AssertionError("a game was played before the output place was checked")

    monkeypatch.setattr(sim, "play_games", no_games)
    (tmp_path / "file").write_text("x")
    for place in (tmp_path / "file" / "run", tmp_path / "file"):
        code, error = one_line_and_code(["simulate", "--games", "5", "--out", str(place), "--quiet"], capsys)
        assert code == 2 and str(tmp_path / "file") in error
        code, error = one_line_and_code(["simulate", "--games", "5", "--out", str(place), "--dataset",
                                         "--quiet"], capsys)
        assert code == 2 and str(tmp_path / "file") in error


def test_a_folder_mixing_two_runs_is_refused(tmp_path):
    simulate(4, AGENTS).to_parquet(tmp_path / "a")
    simulate(6, AGENTS, seed=1).to_parquet(tmp_path / "b")
    shutil.copy(tmp_path / "b" / "moves.parquet", tmp_path / "a" / "moves.parquet")
    with pytest.raises(OutputError, match="games.parquet and moves.parquet are from different runs"):
        SimulationResult.read_parquet(tmp_path / "a")
    with pytest.raises(OutputExists, match="already holds"):
        simulate(4, AGENTS).to_parquet(tmp_path / "b")


def test_a_dataset_mixing_two_runs_or_missing_a_part_is_refused(tmp_path):
    simulate(30, AGENTS, chunk_size=10, out=tmp_path / "a")
    simulate(30, AGENTS, chunk_size=10, seed=1, out=tmp_path / "b")
    assert len(SimulationDataset.open(tmp_path / "a").games()) == 30
    part = Path("moves") / "part-00001.parquet"
    shutil.copy(tmp_path / "b" / part, tmp_path / "a" / part)
    with pytest.raises(OutputError, match="moves/part-00001.parquet is from run .* do not belong together"):
        SimulationDataset.open(tmp_path / "a")
    (tmp_path / "b" / "games" / "part-00002.parquet").unlink()
    with pytest.raises(OutputError, match="games/part-00002.parquet is missing"):
        SimulationDataset.open(tmp_path / "b")


def test_a_dataset_replaces_an_earlier_one_only_when_forced_and_never_a_folder_of_other_files(tmp_path):
    first = simulate(20, AGENTS, chunk_size=10, out=tmp_path / "run")
    with pytest.raises(OutputExists, match="already holds a simulation dataset"):
        simulate(30, AGENTS, out=tmp_path / "run")
    second = simulate(30, AGENTS, chunk_size=10, out=tmp_path / "run", force=True)
    again = SimulationDataset.open(tmp_path / "run")
    assert again.run_id == second.run_id != first.run_id and len(again.games()) == 30
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]  # nothing left beside it
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    with pytest.raises(OutputExists, match="holds other files"):
        simulate(5, AGENTS, out=tmp_path / "mine", force=True)
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"


# ---- a real child process, killed or interrupted ----------------------------------------------------------
SLOW_WRITER = textwrap.dedent("""
    import sys, time, pathlib
    import muzlab.core.outputs as outputs
    from muzlab.sim.simulation import simulate

    real = outputs.write_table  # (every Parquet file goes through it, frames' and the fast engine's tables)

    def slow(table, path, run_id):
        real(table, path, run_id)
        pathlib.Path(sys.argv[2]).touch()  # one file written aside: now kill me
        time.sleep(120)

    outputs.write_table = slow
    if sys.argv[3] == "dataset":
        simulate(40, ("greedy", "random"), chunk_size=10, out=sys.argv[1], force=True, workers=1)
    else:
        simulate(9, ("greedy", "random")).to_parquet(sys.argv[1], force=True)
""")


@pytest.mark.parametrize("kind", ["dataset", "frames"])
def test_a_child_killed_mid_write_leaves_the_earlier_run_whole(tmp_path, kind):
    out, marker = tmp_path / "run", tmp_path / "writing"
    if kind == "dataset":
        earlier = simulate(20, AGENTS, chunk_size=10, out=out)
        before = earlier.games()
    else:
        before = simulate(5, AGENTS).to_parquet(out) and SimulationResult.read_parquet(out).games
    child = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(out), str(marker), kind])
    try:
        wait_for(marker.exists, "the child to start writing")
        child.kill()
    finally:
        child.kill()
        child.wait()
    if kind == "dataset":
        again = SimulationDataset.open(out)
        assert again.run_id == earlier.run_id
        pd.testing.assert_frame_equal(again.games(), before)
    else:
        pd.testing.assert_frame_equal(SimulationResult.read_parquet(out).games, before)


def test_ctrl_c_stops_a_huge_run_in_one_line_with_exit_130_memory_bounded_and_nothing_left(tmp_path):
    out = tmp_path / "huge"
    child = subprocess.Popen([sys.executable, "-m", "muzlab.cli", "simulate", "--games", "1000000000000",
                              "--workers", "1", "--chunk-size", "50", "--dataset", "--out", str(out),
                              "--quiet"], stderr=subprocess.PIPE, text=True,
                             # (Ctrl-C as in a terminal, even when the tests run in a background job,
                             # which ignores it and would pass that on)
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        wait_for(lambda: any(tmp_path.glob(".huge.*.tmp/games/part-*.parquet")), "the first part file")
        status = Path(f"/proc/{child.pid}/status").read_text()
        peak_kb = int(next(line for line in status.splitlines() if line.startswith("VmHWM")).split()[1])
        assert peak_kb < 400_000, f"{peak_kb} kB for 10^12 games asked for"
        child.send_signal(signal.SIGINT)
        _, error = child.communicate(timeout=300)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == 130, error
    assert error == "muzlab simulate: interrupted\n", error
    assert list(tmp_path.iterdir()) == []  # no dataset, no folder beside it


# ---- every command: one line -------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--games", "0"], "argument --games: 0 is too small"),
    (["simulate", "--games", "9" * 5000], "(5000 digits) is too large (at most 1,000,000,000,000,000)"),
    (["simulate", "--games", "2", "--scheduler", "nonsense"], "'nonsense' is not a scheduler address"),
    pytest.param(["simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:1"],
                 "cannot reach the Dask scheduler", marks=pytest.mark.slow),  # (the client's timeout)
    (["simulate", "--games", "2000000"], "would not fit in memory"),
    (["app", "--port", "99999"], "'99999' is not a port"),
    (["app", "--port", "-1"], "'-1' is not a port"),
    (["app", "--port=-1"], "'-1' is not a port"),
    (["lab", "--port", "0"], "'0' is not a port"),
])
def test_misuse_of_any_command_gives_one_line_and_exit_2(argv, message, capsys):
    code, error = one_line_and_code(argv, capsys)
    assert code == 2 and message in error


def test_the_app_refuses_a_port_it_cannot_listen_on_before_starting(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, error = one_line_and_code(["app", str(tmp_path / "lessons"), "--port", str(port)], capsys)
    assert code == 2 and f"cannot listen on 127.0.0.1 port {port}" in error
    assert not (tmp_path / "lessons").exists()  # refused before anything was copied


def test_worksheet_and_printables_keep_an_existing_file_unless_forced(tmp_path, capsys):
    out = tmp_path / "kit.pdf"
    out.write_bytes(b"mine")
    for command in ("printables", "worksheet"):
        code, error = one_line_and_code([command, "--out", str(out)], capsys)
        assert code == 2 and "already exists" in error and out.read_bytes() == b"mine"
    assert main(["printables", "--out", str(out), "--force"]) == 0
    assert out.read_bytes().startswith(b"%PDF") and sorted(os.listdir(tmp_path)) == ["kit.html", "kit.pdf"]
    page, fresh = tmp_path / "pack.html", tmp_path / "pack.pdf"  # the web page beside it is kept too
    page.write_text("mine")
    code, error = one_line_and_code(["worksheet", "--out", str(fresh)], capsys)
    assert code == 2 and "already exists" in error and page.read_text() == "mine" and not fresh.exists()


def test_worksheet_and_printables_refuse_to_replace_anything_but_a_regular_file(tmp_path, capsys):
    """--force replaces an earlier file, never a FIFO or a device: os.replace would have put the PDF in
    the pipe's place, and as root in /dev/full's."""
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    places = [fifo, *([Path("/dev/null")] if Path("/dev/null").exists() else [])]
    for place in places:
        for command in ("printables", "worksheet"):
            code, error = one_line_and_code([command, "--out", str(place), "--force"], capsys)
            assert code == 2 and "is not a regular file" in error and str(place) in error
    assert fifo.is_fifo() and sorted(os.listdir(tmp_path)) == ["pipe.pdf"]  # nothing written beside it
