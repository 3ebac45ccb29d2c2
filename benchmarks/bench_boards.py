"""Building and loading large boards: the 5,000-cell single column (the most cells a board may have,
in the shape whose lines are longest), and a game record on it (the record holds the board).

    python benchmarks/bench_boards.py                     # this checkout and beb4070, the code before
    python benchmarks/bench_boards.py --baseline PATH     # against another checkout
    python benchmarks/bench_boards.py --no-baseline       # this checkout only

Each figure is measured in a fresh child process: the seconds to build the board from its cells, the
seconds to read a record of a short game on it (`Game.from_json`), and the peak memory that building
the board allocates (tracemalloc, a second build). The target is under 1 s per build with memory
linear in the cells; before, the board kept every cell's ray to the end of its line (quadratic).
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from baseline import checkout_of, moved, run_in  # noqa: E402

CELLS = 5000
OLD_REVISION = "beb4070"


def measure(payload: dict) -> dict:
    """Build the column of `payload["cells"]` cells, then read a record on it; seconds and peak MB."""
    from muzlab import Board, Game

    agents_module = moved("muzlab.play.agents", "muzlab.agents")
    make_agent, play = agents_module.make_agent, agents_module.play

    cells = [(0, r) for r in range(payload["cells"])]
    start = time.perf_counter()
    board = Board(cells, centre=(0, payload["cells"] // 2), name="column")
    build = time.perf_counter() - start
    game = play(Game(1, board, dice=3, seed=0), [make_agent("greedy", 0)])
    text = game.to_json(indent=None)
    start = time.perf_counter()
    again = Game.from_json(text)
    load = time.perf_counter() - start
    assert again.scores == game.scores
    tracemalloc.start()
    Board(cells, centre=(0, payload["cells"] // 2), name="column")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"build_s": build, "load_s": load, "record_kb": len(text.encode()) / 1000, "peak_mb": peak / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=CELLS)
    parser.add_argument("--baseline", help="checkout to compare with (default: a worktree of beb4070)")
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    here = Path(__file__).resolve().parents[1]
    rows = [("this checkout", run_in(here, Path(__file__), "measure", {"cells": args.cells}))]
    if not args.no_baseline:
        old = checkout_of(args.baseline, OLD_REVISION)
        rows.append((f"before ({old.name})", run_in(old, Path(__file__), "measure", {"cells": args.cells})))
    print(f"a single column of {args.cells:,} cells")
    for name, got in rows:
        print(f"  {name:32} build {got['build_s']:7.3f} s   record of {got['record_kb']:.0f} KB loads in "
              f"{got['load_s']:7.3f} s   build peak {got['peak_mb']:7.1f} MB")
    if len(rows) == 2:
        new, old = rows[0][1], rows[1][1]
        print(f"  ratio (before / now): build {old['build_s'] / new['build_s']:.0f}x, record "
              f"{old['load_s'] / new['load_s']:.0f}x, memory {old['peak_mb'] / new['peak_mb']:.0f}x")


if __name__ == "__main__":
    main()
