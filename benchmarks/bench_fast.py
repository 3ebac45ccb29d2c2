"""The batch engine (muzlab[fast]) against the pure engine in one run: speed, same frames, a million games.

    .venv/bin/python benchmarks/bench_fast.py                          # speed and 100,000 games compared
    .venv/bin/python benchmarks/bench_fast.py --check-games 5000       # a smaller comparison
    .venv/bin/python benchmarks/bench_fast.py --million                # also 10^6 games with --workers 2

Speed: random, greedy and expert games (each agent against itself) through `simulate(workers=1)` (frames
included) with engine="pure" and engine="fast", in CPU seconds of this process after the kernel is
compiled and a warm-up run of each engine and agent (the fast one as many games as timed; the compile,
or the load from numba's cache, is printed apart); pure and fast are timed in turn `--rounds` times
per agent (the pure engine's own speed swings between runs), each round printed as games per second,
its ratio and the load, and the median ratio judged (targets: 20x random, 10x greedy). Identical
frames: `--check-games` seeded games at basic level, at master level on its 42-die board, and on a
board file with holes, each compared chunk by chunk (pandas.testing.assert_frame_equal). Rollouts:
the evaluator's rollout leaf (32 games to the end from each of `--rollout-nodes` chance nodes, by each
agent) on both engines, per CPU second, and whether the values are identical. A million: `muzlab
simulate --games 1000000 --engine fast --workers 2 --dataset` in a child process, its wall time and the
peak memory of its process tree, summed resident and summed proportional (shared pages once) (targets:
under 2 minutes, under 500 MB). The load average is printed first and last: the machine is shared, and
CPU seconds and wall time both suffer under load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_sim_memory import run_sampled  # noqa: E402

from muzlab import simulate  # noqa: E402
from muzlab.core.board import Board  # noqa: E402
from muzlab.play.agents import make_agent, roll_and_choose  # noqa: E402
from muzlab.play.game import Game  # noqa: E402
from muzlab.play.value import Evaluator  # noqa: E402
from muzlab.rules.ruleset import RuleSet  # noqa: E402
from muzlab.sim import fast  # noqa: E402
from muzlab.sim.simulation import SimulationSpec, play_chunk  # noqa: E402

TARGETS = {"random": 20.0, "greedy": 10.0}
CHUNK = 1000


def games_per_second(agents: tuple[str, ...], games: int, engine: str) -> float:
    """Games per CPU second through simulate on one core (frames included)."""
    start = time.process_time()
    simulate(games, agents, seed=1, workers=1, progress=False, engine=engine)
    return games / (time.process_time() - start)


def chance_nodes(count: int) -> list[tuple]:
    """(position, dice left, roller) part way through seeded two-player greedy games."""
    found = []
    for seed in range(count):
        game = Game(2, None, RuleSet.basic(), 21, seed)
        agents = [make_agent("greedy", f"{seed}:{seat}") for seat in range(2)]
        stop = random.Random(seed).randrange(1, 18)
        while game.phase != "over" and len(game.position) < stop:
            cell = roll_and_choose(game, agents[game.current_player])
            if not game.over:
                game.pass_die() if cell is None else game.place(cell)
        if game.phase != "over":
            found.append((game.position, game.supply, game.current_player))
    return found


def rollouts_per_second(agent: str, nodes: list[tuple], rollouts: int, engine: str) -> tuple[float, list]:
    """Rollouts per CPU second of `Evaluator(leaf="rollouts")` at the nodes, and the values found."""
    start, values = time.process_time(), []
    for position, left, roller in nodes:
        evaluator = Evaluator(2, 0, "rollouts", agent=agent, rollouts=rollouts, engine=engine)
        values.append(evaluator.chance(position, left, roller))
    return len(nodes) * rollouts / (time.process_time() - start), values


def holes_board(folder: Path) -> Board:
    """A board file with holes in its lines, honeypots and its centre off the middle (as in the tests)."""
    rng = random.Random(4)
    cells = [[q, r] for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    cells = [cell for cell in cells if cell == [0, 0] or rng.random() > 0.12]
    pots = {"2": [cell for cell in cells if rng.random() < 0.1 and cell != [1, 0]], "3": [[1, 0]]}
    path = folder / "holes.json"
    path.write_text(json.dumps({"name": "holes", "cells": cells, "centre": [1, 0], "honeypots": pots}))
    return Board.load(path)


def compare(spec: SimulationSpec, games: int) -> float:
    """Play `games` games with both engines chunk by chunk and require equal frames; the seconds taken."""
    start = time.perf_counter()
    for first in range(0, games, CHUNK):
        indices = range(first, min(first + CHUNK, games))
        pure, quick = play_chunk(spec, indices, "pure"), play_chunk(spec, indices, "fast")
        for expected, got in zip(pure, quick, strict=True):
            pd.testing.assert_frame_equal(got, expected)
    return time.perf_counter() - start


def memory_kb(pid: int) -> tuple[int, int]:
    """(resident, proportional) kB of one process: its shared pages (numba's LLVM, a forked worker's
    inherited memory) counted whole in the first, split among the processes sharing them in the second."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    fields = {line.split()[0]: int(line.split()[1]) for line in rollup.splitlines()[1:] if line.split()}
    return fields.get("Rss:", 0), fields.get("Pss:", 0)


def tree_pids(root: int) -> list[int]:
    """Process `root` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        parent = next((line.split()[1] for line in status.splitlines() if line.startswith("PPid:")), "0")
        children.setdefault(int(parent), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def million(games: int) -> dict:
    """`muzlab simulate --engine fast --workers 2 --dataset` in a child process: wall seconds, and the
    peak memory of its process tree as summed resident memory (shared pages counted in each process)
    and as summed proportional memory (each page once), with each process's own peaks."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "muzlab.cli", "simulate", "--games", str(games), "--agents",
                   "random,random", "--engine", "fast", "--workers", "2", "--dataset", "--out",
                   str(Path(folder) / "run"), "--quiet"]
        peaks = {"pss": 0, "each": {}}
        done = threading.Event()

        def sample() -> None:
            while not done.wait(0.2):
                for child in tree_pids(os.getpid())[1:2]:  # the command, then its workers
                    now = {pid: memory_kb(pid) for pid in tree_pids(child)}
                    peaks["pss"] = max(peaks["pss"], sum(pss for _, pss in now.values()))
                    for number, (rss, pss) in enumerate(now.values()):
                        old = peaks["each"].get(number, (0, 0))
                        peaks["each"][number] = (max(old[0], rss), max(old[1], pss))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        try:
            seconds, peak = run_sampled(command, dict(os.environ), "simulate failed")
        finally:
            done.set()
            sampler.join()
    each = [f"{'the command' if number == 0 else f'process {number}'} {rss / 1000:.0f} / {pss / 1000:.0f}"
            for number, (rss, pss) in sorted(peaks["each"].items())]
    return {"seconds": seconds, "tree_mb": peak / 1000, "pss_mb": peaks["pss"] / 1000, "each": each}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pure-games", type=int, default=2000, help="games timed on the pure engine")
    parser.add_argument("--fast-games", type=int, default=20000, help="games timed on the fast engine")
    parser.add_argument("--rounds", type=int, default=5, help="pure and fast timed in turn, per agent")
    parser.add_argument("--check-games", type=int, default=100_000, help="games compared per setting")
    parser.add_argument("--rollout-nodes", type=int, default=40, help="chance nodes rolled out per agent")
    parser.add_argument("--million", action="store_true", help="also time 10^6 games with --workers 2")
    parser.add_argument("--million-games", type=int, default=1_000_000)
    args = parser.parse_args()

    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    start = time.perf_counter()
    seconds = fast.compile_engine()
    print(f"fast engine compiled (or loaded from numba's cache) in {seconds:.1f} s "
          f"({time.perf_counter() - start:.1f} s wall)")
    timed = ("random", "greedy", "expert") if args.pure_games and args.fast_games else ()
    for agent in timed:  # warm-ups, all before any timing: the first chunks pay imports and first uses,
        # and the first run of a size the page faults of the memory its frames take (a third of its time)
        simulate(20, (agent, agent), seed=10**6, workers=1, progress=False, engine="pure")
        simulate(args.fast_games, (agent, agent), seed=10**6, workers=1, progress=False, engine="fast")
    for agent in timed:
        agents, ratios = (agent, agent), []
        for number in range(1, args.rounds + 1):
            pure = games_per_second(agents, args.pure_games, "pure")
            quick = games_per_second(agents, args.fast_games, "fast")
            ratios.append(quick / pure)
            print(f"{agent:>6} games, one core, round {number}: pure {pure:,.0f}/s, fast {quick:,.0f}/s: "
                  f"{quick / pure:.1f}x (load {os.getloadavg()[0]:.1f})")
        ratio = statistics.median(ratios)
        verdict = "" if agent not in TARGETS else \
            f" (target {TARGETS[agent]:.0f}x: {'met' if ratio >= TARGETS[agent] else 'MISSED'})"
        print(f"{agent:>6} games: median of {len(ratios)} rounds {ratio:.1f}x{verdict}")

    if args.rollout_nodes:
        nodes = chance_nodes(args.rollout_nodes)
        rollouts_per_second("expert", nodes[:1], 2, "fast")  # warm-up: the playouts' kernel loads
        for agent in ("random", "greedy", "expert"):
            pure, expected = rollouts_per_second(agent, nodes, 32, "pure")
            quick, found = rollouts_per_second(agent, nodes, 32, "fast")
            print(f"{agent:>6} rollouts from {len(nodes)} chance nodes (leaf='rollouts', 32 each): "
                  f"pure {pure:,.0f}/s, fast {quick:,.0f}/s: {quick / pure:.1f}x; values "
                  f"{'identical' if found == expected else 'DIFFERENT'}")

    if args.check_games:
        with tempfile.TemporaryDirectory() as folder:
            master, holes = RuleSet.master(), holes_board(Path(folder))
            settings = {
                "basic, standard board, greedy-random": SimulationSpec(("greedy", "random"), seed=7,
                                                                       alternate_seats=True),
                "master, 42 dice on the master board, greedy-random": SimulationSpec(
                    ("greedy", "random"), seed=8, dice=42, rules=master, alternate_seats=True),
                "master, 33 dice on a board file with holes, random-greedy": SimulationSpec(
                    ("random", "greedy"), seed=9, dice=33, rules=master, board=holes),
            }
            for name, spec in settings.items():
                took = compare(spec, args.check_games)
                print(f"identical frames: {args.check_games:,} games, {name} ({took:.0f} s)")

    if args.million:
        run = million(args.million_games)
        print(f"{args.million_games:,} random games, --engine fast --workers 2: {run['seconds']:.0f} s "
              f"(target 120 s: {'met' if run['seconds'] < 120 else 'MISSED'}); peak memory of the process "
              f"tree (target 500 MB): {run['tree_mb']:.0f} MB resident summed over processes "
              f"({'met' if run['tree_mb'] < 500 else 'MISSED'}), {run['pss_mb']:.0f} MB proportional "
              f"({'met' if run['pss_mb'] < 500 else 'MISSED'}); each process's peak MB, resident / "
              f"proportional: {', '.join(run['each'])}")
    print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
