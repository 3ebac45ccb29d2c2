"""The batch engine (muzlab[fast]) gives the pure engine's frames: 2,000 seeded games per rule set, agent
and board, equal column by column; `engine=` chooses, and refuses what it cannot do, naming it."""

import hashlib
import json
import random
import re
from pathlib import Path

import pandas as pd
import pytest

from muzlab import simulate
from muzlab.cli import main
from muzlab.core.board import Board
from muzlab.core.errors import UnknownSetting
from muzlab.rules.ruleset import RuleSet
from muzlab.sim import fast
from muzlab.sim.simulation import SimulationSpec, play_chunk

pytest.importorskip("numba", reason="numba is not installed (pip install 'muzlab[fast]'): the fast engine "
                                    "is not tested here")

GAMES = 2000
#: The expert's pure games take 30 times longer than random ones: fewer of them.
EXPERT_GAMES = 1000
#: Every house rule switched from its default (the locked-board ending kept: without it a locked board
#: stops a run with an error, tested below).
HOUSE = RuleSet(opening_on_centre=False, opening_scores=True, one_extra_roll_per_placement=False,
                rolls_add_up=False)


def board_file(tmp_path) -> Board:
    """A board file with holes in its columns and diagonals, honeypots and its centre off the middle."""
    rng = random.Random(4)
    cells = [[q, r] for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    cells = [cell for cell in cells if cell == [0, 0] or rng.random() > 0.12]
    pots = {"2": [cell for cell in cells if rng.random() < 0.1 and cell != [1, 0]],
            "3": [[1, 0]] if [1, 0] in cells else []}
    path = tmp_path / "holes.json"
    centre = [1, 0] if [1, 0] in cells else [0, 0]
    path.write_text(json.dumps({"name": "holes", "cells": cells, "centre": centre, "honeypots": pots}))
    return Board.load(path)


SETTINGS = {  # name: (rules, dice, board; None: the level's board for the dice)
    "basic": (RuleSet.basic(), 21, None),
    "master-21": (RuleSet.master(), 21, None),
    "master-42": (RuleSet.master(), 42, None),  # the radius-5 master board
    "house": (HOUSE, 21, None),
    "board-file": (RuleSet.master(), 33, "file"),
}


def assert_equal_frames(spec: SimulationSpec, games: int = GAMES) -> None:
    pure_games, pure_moves = play_chunk(spec, range(games), "pure")
    fast_games, fast_moves = play_chunk(spec, range(games), "fast")
    pd.testing.assert_frame_equal(fast_games, pure_games)
    pd.testing.assert_frame_equal(fast_moves, pure_moves)


@pytest.mark.parametrize("agent", ["random", "greedy", "expert"])
@pytest.mark.parametrize("setting", list(SETTINGS))
def test_the_fast_engine_gives_the_pure_engines_frames(setting, agent, tmp_path):
    rules, dice, board = SETTINGS[setting]
    board = board_file(tmp_path) if board == "file" else board
    spec = SimulationSpec((agent, agent), seed=hash(setting) % 1000, dice=dice, rules=rules, board=board)
    assert_equal_frames(spec, EXPERT_GAMES if agent == "expert" else GAMES)


@pytest.mark.parametrize("agents", [("greedy",), ("expert",), ("random", "greedy", "expert"),
                                    ("greedy", "random") * 2, ("expert", "random", "greedy", "expert")])
def test_one_to_four_players_with_agents_mixed_and_seats_alternated(agents):
    spec = SimulationSpec(agents, seed=len(agents), rules=RuleSet.master(), alternate_seats=True)
    assert_equal_frames(spec, 500)


def test_the_frames_hold_passes_bonus_plays_extra_rolls_and_completions():
    """The frames compared above are not trivial: every kind of event appears in them. (No bonus play:
    these agents pass only a die with no place, and the next player cannot place it either.)"""
    spec = SimulationSpec(("greedy", "random"), rules=RuleSet.master())
    games, moves = play_chunk(spec, range(300), "fast")
    assert set(moves["action"]) == {"opening", "place", "pass", "reroll"}
    assert moves["received"].any() and moves["extra"].any() and (moves["completed"] >= 1).any()
    assert set(moves["triad_quality"]) > {""} and set(moves["scale_type"]) > {""}
    assert (games["end_reason"] == "supply empty").any()


def test_a_locked_board_without_its_ending_stops_both_engines_with_the_same_error():
    tiny = Board([(0, 0), (0, 1)], name="two")
    spec = SimulationSpec(("random",), dice=9, rules=RuleSet(end_on_locked_board=False), board=tiny)
    errors = []
    for engine in ("pure", "fast"):
        with pytest.raises(Exception, match="board is locked") as caught:
            play_chunk(spec, range(3), engine)
        errors.append(type(caught.value))
    assert errors[0] is errors[1]


def test_auto_chooses_fast_for_every_agent_and_pure_only_when_asked():
    assert fast.choose_engine("auto", ("random", "greedy")) == "fast"
    assert fast.choose_engine("auto", ("expert", "greedy")) == "fast"
    assert fast.choose_engine("pure", ("random",)) == "pure"
    assert fast.choose_engine("auto", ("random", "human")) == "pure"


def test_simulate_with_each_engine_gives_the_same_result_in_processes():
    runs = [simulate(300, ("greedy", "random"), seed=8, workers=2, chunk_size=70, engine=engine,
                     progress=False) for engine in ("pure", "fast", "auto")]
    for run in runs[1:]:
        pd.testing.assert_frame_equal(run.games, runs[0].games)
        pd.testing.assert_frame_equal(run.moves, runs[0].moves)


def test_a_dask_cluster_plays_the_fast_engine_with_the_pure_frames():
    """Its worker processes are not forked from this one: each loads the kernel from numba's cache (or
    compiles it) on its first chunk."""
    distributed = pytest.importorskip("distributed")
    pure = simulate(120, ("random", "greedy"), seed=3, workers=1, engine="pure")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_cluster = simulate(120, ("random", "greedy"), seed=3, client=client, chunk_size=30, engine="fast")
        first, again = client.run(fast.compile_engine), client.run(fast.compile_engine)
    pd.testing.assert_frame_equal(on_cluster.games, pure.games)
    pd.testing.assert_frame_equal(on_cluster.moves, pure.moves)
    assert 0.0 in first.values()  # a worker that played made the kernel ready on its first chunk, once
    assert len(again) == 2 and set(again.values()) == {0.0}


def test_forked_worker_processes_inherit_the_kernel_made_ready_once_here():
    """`simulate` makes the kernel ready before its pool starts: a forked worker does not compile it again."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    fast.compile_engine()
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        assert pool.submit(fast.compile_engine).result() == 0.0


@pytest.mark.parametrize("setting", ["basic", "master-42", "board-file"])
def test_a_workers_arrow_tables_are_the_frames_tables_and_write_the_same_parquet_bytes(setting, tmp_path):
    """`chunk_tables`, made without pandas, equal `Table.from_pandas` of the frames, "pandas" metadata
    and all, and the Parquet files written from each are the same bytes (pandas reads back its types)."""
    pa = pytest.importorskip("pyarrow")
    from muzlab.core import outputs

    rules, dice, board = SETTINGS[setting]
    spec = SimulationSpec(("greedy", "random", "expert"), seed=5, dice=dice, rules=rules,
                          board=board_file(tmp_path) if board == "file" else board, alternate_seats=True)
    frames, tables = play_chunk(spec, range(40), "fast"), fast.chunk_tables(spec, range(40))
    for number, (frame, table) in enumerate(zip(frames, tables, strict=True)):
        expected = pa.Table.from_pandas(frame, preserve_index=False)
        assert table.equals(expected, check_metadata=True)
        written = [tmp_path / f"{number}-{way}.parquet" for way in ("frame", "table")]
        outputs.write_parquet(frame, written[0], "run")
        outputs.write_table(table, written[1], "run")
        assert written[0].read_bytes() == written[1].read_bytes()
        pd.testing.assert_frame_equal(pd.read_parquet(written[1]), frame)


def test_a_datasets_workers_play_and_write_without_loading_pandas(tmp_path):
    """The fast engine's dataset workers are forked from a parent that has not loaded pandas, and write
    Arrow tables: pandas (about 45 MB a process) stays out of them, and the parts read back as in memory."""
    import subprocess
    import sys

    script = """
import sys
from muzlab.sim import simulation
from muzlab.sim.simulation import simulate

def checked(*args):
    assert "pandas" not in sys.modules, "pandas was loaded in the worker"
    return played(*args)

played, simulation.write_chunk = simulation.write_chunk, checked
simulate(600, ("random", "greedy"), seed=2, workers=2, chunk_size=100, engine="fast", out=sys.argv[1],
         progress=False)
assert "pandas" not in sys.modules, "pandas was loaded in the parent"
"""
    subprocess.run([sys.executable, "-c", script, str(tmp_path / "run")], check=True)
    from muzlab.sim.simulation import SimulationDataset

    written = SimulationDataset.open(tmp_path / "run")
    in_memory = simulate(600, ("random", "greedy"), seed=2, workers=1, engine="pure", progress=False)
    pd.testing.assert_frame_equal(written.games(), in_memory.games)
    pd.testing.assert_frame_equal(written.moves(), in_memory.moves)


def test_the_fast_engine_refuses_an_agent_it_cannot_play_and_an_unknown_engine():
    with pytest.raises(UnknownSetting, match="fast engine plays only random, greedy, expert, not human"):
        fast.choose_engine("fast", ("human", "random"))
    with pytest.raises(UnknownSetting, match="unknown engine 'quick'; choose one of auto, fast, pure"):
        simulate(5, ("random", "random"), engine="quick")
    with pytest.raises(UnknownSetting, match="unknown engine"):
        simulate(5, ("random", "random"), engine=None)


def test_the_command_line_takes_the_engine(capsys):
    run = ["simulate", "--games", "20", "--agents", "greedy,random", "--quiet", "--engine"]
    assert main([*run, "fast"]) == 0
    fast_text = capsys.readouterr().out
    assert main([*run, "pure"]) == 0
    assert capsys.readouterr().out == fast_text
    run[4] = "expert,random"
    assert main([*run, "fast"]) == 0
    expert_text = capsys.readouterr().out
    assert main([*run, "pure"]) == 0
    assert capsys.readouterr().out == expert_text != fast_text


def test_the_compile_time_is_shown_once_on_the_progress_line(capsys):
    simulate(2100, ("random", "random"), workers=1, engine="fast", progress=True)
    assert "fast engine ready" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [0, 7, -3, 2**70, 10**200])
def test_the_compiled_seeds_and_keys_are_pythons(seed):
    """Game seeds (SHA-256 of the spec's prefix and the index) and each generator's key bytes (the seed's
    big-endian bytes; a seat's "seed:s" and its SHA-512, as random.Random(str) takes them), also for
    base seeds longer than a hash block and indices with many digits."""
    spec = SimulationSpec(("random", "greedy", "random"), seed=seed)
    indices = range(10**14, 10**14 + 40) if seed == 7 else range(200)
    seeds, data, starts, stops = fast._chunk_keys(spec.seed_prefix(), indices, 3)
    assert seeds.tolist() == [spec.game_seed(i) for i in indices]
    for g, game_seed in enumerate(seeds.tolist()):
        texts = [f"{game_seed}:{seat}".encode() for seat in range(3)]
        expected = [game_seed.to_bytes(max(1, (game_seed.bit_length() + 7) // 8), "big"),
                    *(text + hashlib.sha512(text).digest() for text in texts)]
        assert [bytes(data[a:b]) for a, b in zip(starts[g], stops[g], strict=True)] == expected


def test_a_negative_game_index_is_refused():
    with pytest.raises(UnknownSetting, match="games 0 and up, not game -2"):
        fast.play_chunk(SimulationSpec(("random",)), range(-2, 3))


def test_the_moves_grow_when_the_games_need_more_rows_than_were_made():
    """The kernel starts with room for dice + 16 rows a game; a chunk that needs more moves its rows to
    an array twice as long (here from room for one row), the same rows."""
    import numpy as np

    from muzlab.sim import fast_games

    spec = SimulationSpec(("random", "greedy", "random"), seed=5)
    played = fast.play(spec, range(30))
    t = fast._tables(spec.board, spec.rules, spec.dice)
    _, data, starts, stops = fast._chunk_keys(spec.seed_prefix(), range(30), 3)
    scores, results = np.zeros_like(played.scores), np.zeros_like(played.results)
    moves, rows, _, _ = fast_games.play_games(
        data, starts, stops, played.kinds, 3, spec.dice, t["up"], t["down"], t["neighbours"], t["multiplier"],
        t["centre"], t["sizes"], t["steps"], t["offsets"], t["max_scale"], t["min_scale"], t["lone_below"],
        t["lone_above"], t["pair_ok"], t["triad"], t["room"], t["degrees"], t["switches"], scores, results,
        np.empty((fast_games.MOVE_FIELDS, 1), dtype=np.int64), np.empty((0, 1), dtype=np.int64))
    assert moves.shape[1] >= rows == played.moves.shape[1] > 60
    assert (moves[:, :rows] == played.moves).all() and (scores == played.scores).all()


def engine_sources() -> tuple[dict[Path, str], str]:
    """Each muzlab file that compiles with numba and the ENGINE_SOURCES it carries, and the hash of them
    all without those lines (what each should carry)."""
    stamp = re.compile(r'^ENGINE_SOURCES = "(.*)"$', re.MULTILINE)
    package = Path(fast.__file__).resolve().parents[1]
    files = sorted(path for path in package.rglob("*.py") if "@njit" in path.read_text())
    digest = hashlib.sha256()
    for path in files:
        digest.update(stamp.sub("", path.read_text()).encode())
    carried = {path: (found.group(1) if (found := stamp.search(path.read_text())) else "") for path in files}
    return carried, digest.hexdigest()[:16]


def test_every_compiled_file_carries_the_hash_of_the_engines_sources():
    """numba loads a function's compiled code while its own file is unchanged, even when a function it
    calls from another file has changed: the hash in every file makes each of them new after any change."""
    carried, expected = engine_sources()
    assert len(carried) >= 5, carried
    stale = sorted(f"{path.parent.name}/{path.name}" for path, value in carried.items() if value != expected)
    assert not stale, f'the compiled engine changed: set ENGINE_SOURCES = "{expected}" in {", ".join(stale)}'


def test_a_damaged_numba_cache_is_compiled_again_with_one_line_said(tmp_path):
    """Issue #53: a damaged numba cache made `muzlab simulate` print a 44-line traceback; now one line
    says so, the engine is compiled again (its files written anew), and the run's figures are the same."""
    import subprocess
    import sys

    from muzlab.sim import fast_seeds

    run = [sys.executable, "-c", "import sys; from muzlab.cli import main; sys.exit(main())", "simulate",
           "--games", "4", "--agents", "random,greedy", "--engine", "fast", "--quiet"]
    healthy = subprocess.run(run, capture_output=True, text=True, timeout=900)  # (the cache made, if need be)
    assert healthy.returncode == 0, healthy.stderr
    cached = sorted(Path(fast_seeds.chunk_keys._cache.cache_path).glob("fast_seeds.*.nbc"))
    assert cached
    for path in cached:  # cut short, as a full disk leaves a file
        path.write_bytes(path.read_bytes()[:40])
    damaged = subprocess.run(run, capture_output=True, text=True, timeout=900)
    assert damaged.returncode == 0 and damaged.stdout == healthy.stdout
    assert damaged.stderr.count("\n") == 1 and "Traceback" not in damaged.stderr
    assert damaged.stderr.startswith("muzlab simulate: numba's cache of the fast engine was damaged (")
    again = subprocess.run(run, capture_output=True, text=True, timeout=900)
    assert again.returncode == 0 and again.stderr == "" and again.stdout == healthy.stdout
