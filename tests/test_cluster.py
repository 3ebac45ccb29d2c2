"""Scaling out: local processes and a Dask LocalCluster give the frames of one worker, datasets on disk equal
the frames in memory, and a worker that dies mid-run is survived (retries) or reported (missing games)."""

import json
import multiprocessing
import os
import signal
import subprocess
import sys

import pandas as pd
import pytest

import muzlab.sim.runner as runner
import muzlab.sim.simulation as sim
from muzlab import DaskMissing, MuzlabError, SimulationError, simulate
from muzlab.cli import main
from muzlab.sim.runner import auto_chunk_size, spans
from muzlab.sim.simulation import SimulationDataset

distributed = pytest.importorskip("distributed")
cloudpickle = pytest.importorskip("cloudpickle")
cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test module

# Dask's Parquet reader still calls reset_index(inplace=True), which pandas 3.1 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.reset_index")
#: A chunk function patched in this process reaches the pool's processes only when they are forked.
needs_fork = pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="pool not forked")
GAMES, AGENTS, SEED = 150, ("greedy", "random"), 11


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def reference():
    return simulate(GAMES, AGENTS, seed=SEED, workers=1, alternate_seats=True)


def assert_same_frames(games: pd.DataFrame, moves: pd.DataFrame, reference) -> None:
    pd.testing.assert_frame_equal(games.sort_values("game").reset_index(drop=True), reference.games)
    moves = moves.sort_values(["game", "event"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(moves, reference.moves)


def failing_play_games(original, start: int, marker: str | None):
    """play_games that fails on the chunk starting at game `start`: kills its own process once (the
    first to create `marker`), or without a marker raises every time."""
    def play_games(spec, indices):
        if indices.start == start:
            if marker is None:
                raise ValueError(f"boom in game {start}")
            try:
                os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return original(spec, indices)

    play_games.__wrapped__ = original
    return play_games


def install_failure(start: int, marker: str | None) -> None:
    """Run on each worker: make muzlab.sim.simulation.play_games fail on one chunk (a restarted worker is
    clean)."""
    import muzlab.sim.simulation as worker_sim

    original = getattr(worker_sim.play_games, "__wrapped__", worker_sim.play_games)
    worker_sim.play_games = failing_play_games(original, start, marker)


def remove_failure() -> None:
    import muzlab.sim.simulation as worker_sim

    worker_sim.play_games = getattr(worker_sim.play_games, "__wrapped__", worker_sim.play_games)


@pytest.fixture
def strict_scheduler(cluster, client):
    """allowed-failures 0: the first worker death gives KilledWorker, so muzlab's own retries decide."""
    client.wait_for_workers(2, timeout=60)  # a worker killed by an earlier test is back, to be patched too
    scheduler = cluster.scheduler
    before, scheduler.allowed_failures = scheduler.allowed_failures, 0
    yield client
    scheduler.allowed_failures = before
    client.run(remove_failure, on_error="ignore")


# ---- identical frames, whoever plays --------------------------------------------------------------------
@pytest.mark.slow
def test_processes_and_the_cluster_give_the_frames_of_one_worker(client, reference):
    two = simulate(GAMES, AGENTS, seed=SEED, workers=2, chunk_size=20, alternate_seats=True)
    assert_same_frames(two.games, two.moves, reference)
    on_cluster = simulate(GAMES, AGENTS, seed=SEED, client=client, chunk_size=25, alternate_seats=True)
    assert_same_frames(on_cluster.games, on_cluster.moves, reference)
    pd.testing.assert_frame_equal(on_cluster.games, reference.games)  # already in game order
    pd.testing.assert_frame_equal(on_cluster.moves, reference.moves)


@pytest.mark.slow
def test_a_dataset_written_by_the_cluster_equals_the_frames_in_memory(client, reference, tmp_path):
    dataset = simulate(GAMES, AGENTS, seed=SEED, client=client, chunk_size=40, alternate_seats=True,
                       out=tmp_path / "run")
    assert isinstance(dataset, SimulationDataset) and dataset.n_games == GAMES
    assert sorted(p.name for p in (tmp_path / "run" / "games").iterdir()) == [
        f"part-{n:05d}.parquet" for n in range(4)]
    assert_same_frames(dataset.games(), dataset.moves(), reference)
    assert_same_frames(dataset.games_dask().compute(), dataset.moves_dask().compute(), reference)
    assert dataset.games_dask().npartitions == 4
    meta = json.loads((tmp_path / "run" / "simulation.json").read_text())
    assert meta["games_rows"] == GAMES and meta["moves_rows"] == len(reference.moves)
    again = SimulationDataset.open(tmp_path / "run")
    assert again.spec == dataset.spec and again.parts == dataset.parts
    pd.testing.assert_frame_equal(again.result().games, reference.games)
    with pytest.raises(FileExistsError, match="already holds a simulation dataset"):
        simulate(10, AGENTS, client=client, out=tmp_path / "run")


def test_a_dataset_written_by_local_processes_has_the_dtypes_of_the_frames(reference, tmp_path):
    dataset = simulate(GAMES, AGENTS, seed=SEED, workers=2, chunk_size=60, alternate_seats=True, out=tmp_path)
    assert_same_frames(dataset.games(), dataset.moves(), reference)
    assert not list(tmp_path.glob("*/.part-*"))
    with pytest.raises(MuzlabError, match="no finished simulation dataset"):
        SimulationDataset.open(tmp_path / "games")


@pytest.mark.slow
def test_the_command_line_plays_on_a_scheduler_and_writes_a_dataset(cluster, reference, tmp_path, capsys):
    out = tmp_path / "cli"
    assert main(["simulate", "--games", str(GAMES), "--seed", str(SEED), "--agents", ",".join(AGENTS),
                 "--alternate-seats", "--scheduler", cluster.scheduler_address, "--chunk-size", "50",
                 "--out", str(out), "--dataset", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert f"wrote {GAMES} games in 3 parts" in text and "win_low" in text and "pass_rate" in text
    assert_same_frames(SimulationDataset.open(out).games(), SimulationDataset.open(out).moves(), reference)
    assert main(["simulate", "--games", "5", "--workers", "2", "--out", str(out), "--dataset",
                 "--quiet"]) == 2
    assert "already holds" in capsys.readouterr().err


# ---- a worker that dies ---------------------------------------------------------------------------------
def test_a_worker_killed_mid_run_on_the_cluster_is_survived_with_the_same_frames(strict_scheduler, reference,
                                                                                 tmp_path):
    marker = tmp_path / "killed"
    strict_scheduler.run(install_failure, 50, str(marker))
    result = simulate(GAMES, AGENTS, seed=SEED, client=strict_scheduler, chunk_size=25, alternate_seats=True,
                      engine="pure")
    assert marker.exists(), "a worker should have died"
    assert_same_frames(result.games, result.moves, reference)


def test_a_worker_killed_with_no_retries_left_names_the_missing_games(strict_scheduler, tmp_path):
    strict_scheduler.run(install_failure, 50, str(tmp_path / "killed"))
    with pytest.raises(SimulationError, match=r"were not played: worker tcp://127\.0\.0\.1:\d+ died "
                                              r"\(KilledWorker\), 1 attempt with retries=0") as caught:
        simulate(GAMES, AGENTS, seed=SEED, client=strict_scheduler, chunk_size=25, retries=0, engine="pure")
    assert range(50, 75) in caught.value.missing  # the chunk whose worker died, and any lost with it


def test_a_chunk_that_raises_on_the_cluster_is_retried_then_reported(strict_scheduler):
    strict_scheduler.run(install_failure, 25, None)
    with pytest.raises(SimulationError, match=r"games 25-49 were not played: ValueError: boom in game 25, "
                                              r"2 attempts with retries=1"):
        simulate(100, AGENTS, client=strict_scheduler, chunk_size=25, retries=1, engine="pure")


@needs_fork
def test_a_process_killed_mid_run_is_survived_with_the_same_frames(monkeypatch, reference, tmp_path):
    marker = tmp_path / "killed"
    monkeypatch.setattr(sim, "play_games", failing_play_games(sim.play_games, 60, str(marker)))
    result = simulate(GAMES, AGENTS, seed=SEED, workers=2, chunk_size=30, alternate_seats=True, engine="pure")
    assert marker.exists(), "a process should have died"
    assert_same_frames(result.games, result.moves, reference)


@needs_fork
def test_a_process_killed_with_no_retries_left_names_the_missing_games(monkeypatch, tmp_path):
    monkeypatch.setattr(sim, "play_games", failing_play_games(sim.play_games, 60, str(tmp_path / "killed")))
    died = r"were not played: a worker process died \(BrokenProcessPool\), 1 attempt with retries=0"
    with pytest.raises(SimulationError, match=died) as caught:
        simulate(GAMES, AGENTS, workers=2, chunk_size=30, retries=0, engine="pure")
    assert range(60, 90) in caught.value.missing


@needs_fork
def test_a_chunk_that_raises_in_a_process_is_retried_then_reported(monkeypatch):
    monkeypatch.setattr(sim, "play_games", failing_play_games(sim.play_games, 30, None))
    with pytest.raises(SimulationError, match=r"games 30-59 were not played: ValueError: boom in game 30, "
                                              r"3 attempts with retries=2") as caught:
        simulate(90, AGENTS, workers=2, chunk_size=30, engine="pure")
    assert isinstance(caught.value.__cause__, ValueError)


# ---- defaults, errors, imports --------------------------------------------------------------------------
def test_workers_default_to_every_core_for_large_runs_only(monkeypatch):
    pools = []
    original = runner.run_in_processes

    def recording(task, job, parts, workers, retries, bar, done):
        pools.append(workers)
        return original(task, job, parts, workers, retries, bar, done)

    monkeypatch.setattr(runner, "run_in_processes", recording)
    monkeypatch.setattr(runner, "cpu_count", lambda: 2)
    simulate(40, ("random", "random"))
    assert pools == []
    monkeypatch.setattr(sim, "PARALLEL_FROM", 40)
    simulate(40, ("random", "random"), chunk_size=10)
    assert pools == [2]
    assert auto_chunk_size(20_000, 2) == 1000 and auto_chunk_size(40, 2) == 100
    assert auto_chunk_size(100_000, 64) == 391
    assert auto_chunk_size(20_000, 1, scale=10) == 5000 and auto_chunk_size(40, 2, scale=10) == 1000
    with pytest.raises(ValueError, match="cluster's workers"):
        simulate(10, AGENTS, workers=2, client=object())


def test_without_dask_the_error_says_how_to_install_it(monkeypatch, reference, tmp_path):
    dataset = simulate(20, AGENTS, out=tmp_path)
    for name in ("dask", "dask.dataframe", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(DaskMissing, match=r"Dask is not installed; pip install 'muzlab\[dask\]'"):
        simulate(10, AGENTS, client=object())
    with pytest.raises(ImportError, match="muzlab\\[dask\\]"):
        dataset.games_dask()
    assert len(dataset.games()) == 20  # pandas needs no Dask


def test_import_muzlab_does_not_import_dask():
    code = ("import sys, muzlab, muzlab.sim.simulation, muzlab.sim.runner, muzlab.sim.stats, muzlab.cli; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"


def test_missing_games_are_named_as_merged_spans():
    assert spans([range(300, 400), range(0, 100), range(100, 200), range(450, 451), range(5, 5)]) == \
        "0-199, 300-399, 450"
