"""Scaling of `simulate`: games per second on 1 process, 2 processes, every core, and a Dask LocalCluster.

    python benchmarks/bench_scale.py                 # 20,000 random-vs-random games per figure
    python benchmarks/bench_scale.py --games 4000 --repeat 1   # quicker

Each figure is the best of `--repeat` whole `simulate` calls (frames in memory included; the
cluster's start-up is timed apart), each checked to give the frames of the one-process run. The
scaling ratio is games per second over one process's; the target is at least 1.7x on 2 cores.
Beside each figure: the cores the run kept busy (CPU seconds over wall seconds) and the load average
before it. Other jobs on the machine depress the ratios, which shows as fewer busy cores than
workers, so measure when it is quiet.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from typing import Any

import pandas as pd

from muzlab.sim.runner import cpu_count
from muzlab.sim.simulation import SimulationResult, simulate

TARGET = 1.7


def cpu_seconds(client: Any = None) -> float:
    """CPU seconds used so far by this process, its finished children and (with a client) the workers."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    if client is not None:
        total += sum(client.run(worker_cpu_seconds).values())
    return total


def worker_cpu_seconds() -> float:
    """CPU time of the process it runs in (sent to each Dask worker)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def timed(label: str, games: int, reference: SimulationResult | None, repeat: int,
          **options: Any) -> tuple[float, SimulationResult]:
    """Run `simulate` `repeat` times and print the best games/s, the cores that run kept busy and the
    load average before it; check the frames against `reference`. Fewer busy cores than workers means
    other jobs took the rest."""
    best = None
    for _ in range(repeat):
        load, client = os.getloadavg()[0], options.get("client")
        cpu, start = cpu_seconds(client), time.perf_counter()
        result = simulate(games, ("random", "random"), seed=2026, progress=False, **options)
        wall = time.perf_counter() - start
        cpu = cpu_seconds(client) - cpu
        if reference is not None:
            pd.testing.assert_frame_equal(result.games, reference.games)
            pd.testing.assert_frame_equal(result.moves, reference.moves)
        if best is None or wall < best[0]:
            best = (wall, cpu, load)
    wall, cpu, load = best
    print(f"{label:<30} {games / wall:7,.0f} games/s  {cpu / wall:4.2f} cores busy  "
          f"{games / cpu:5,.0f} games per CPU second  (load average {load:.2f} before)", flush=True)
    return games / wall, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per figure")
    parser.add_argument("--repeat", type=int, default=2, help="runs per figure; the best is shown")
    parser.add_argument("--no-cluster", action="store_true", help="skip the Dask LocalCluster figure")
    args = parser.parse_args()
    cores = cpu_count()
    print(f"{args.games:,} random-vs-random games per figure; {cores} cores; identical frames checked")
    one, reference = timed("1 process", args.games, None, args.repeat, workers=1)
    rates = {1: one}
    for workers in sorted({2, cores}):
        label = f"{workers} processes" + (" (all cores)" if workers == cores else "")
        rates[workers], _ = timed(label, args.games, reference, args.repeat, workers=workers)
    if not args.no_cluster:
        from distributed import Client, LocalCluster

        start = time.perf_counter()
        with LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster) as client:
            print(f"LocalCluster of {cores} worker processes started in {time.perf_counter() - start:.1f} s")
            label = f"LocalCluster, {cores} workers"
            rates["cluster"], _ = timed(label, args.games, reference, args.repeat, client=client)
    for key, rate in rates.items():
        if key != 1:
            name = f"{key} processes" if key != "cluster" else "LocalCluster"
            print(f"scaling {name}: {rate / one:.3f}x one process")
    if 2 in rates:
        ratio = rates[2] / one
        print(f"target {TARGET}x on 2 cores: {'met' if ratio >= TARGET else 'NOT met'} ({ratio:.3f}x)")


if __name__ == "__main__":
    main()
