"""Rules-engine speed: legal_placements on 10-20-die positions, against an older muzlab and the naive
reference rules, measured in one run on the same positions.

    .venv/bin/python benchmarks/bench_rules.py                          # against ecc8355 (before #16)
    .venv/bin/python benchmarks/bench_rules.py --baseline /path/to/old/checkout --rounds 5
    .venv/bin/python benchmarks/bench_rules.py --revision v0.1          # a worktree of another revision

Positions come from seeded random playouts on the standard board (basic rules); each is built from
its dice (no state carried over from play), then asked for all 12 pitches, the first call computing
its masks. The build checks the dice (runs legal, one group) and keeps the empty cells its
connectivity walk passes, which the first call starts from: the figure counting the build is the
whole cost of a position studied from its dice. The baseline is `--baseline PATH` (a checkout of the
older code) or, without it, a git worktree of `--revision` made once in the temp directory (see
benchmarks/baseline.py). Each side runs in its own child process, in alternating rounds; the best
round of each counts, in CPU seconds of that process, so other load on the machine matters less.
Printed: calls per second with and without the build, one step of a random playout, and the ratios
of this checkout to the baseline (target: 2x) and to tests/reference_rules.py, the deliberately
naive second implementation.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from baseline import DEFAULT_REVISION, REPOSITORY, checkout_of, moved, run_in

TARGET_RATIO = 2.0
SCRIPT = Path(__file__).resolve()


def positions(seeds: int) -> list[str]:
    """Notation of every 10-20-die position of `seeds` seeded random playouts."""
    random_positions = moved("muzlab.rules.perft", "muzlab.perft").random_positions

    return [p.notation() for seed in range(seeds) for p in random_positions(seed, 21) if 10 <= len(p) <= 20]


def time_legal_placements(payload: dict) -> dict:
    """Seconds to build the positions from their dice and to ask each for all 12 pitches (best round),
    and microseconds per step of a random playout. Runs in a child process on either checkout."""
    from muzlab import Position
    random_positions = moved("muzlab.rules.perft", "muzlab.perft").random_positions

    specs = []
    for text in payload["positions"]:
        position = Position.from_notation(text)
        specs.append((position.board, dict(position.dice), position.rules))
    build = calls = float("inf")
    for _ in range(payload["repeat"]):
        start = time.process_time()
        built = [Position(board, dice, rules) for board, dice, rules in specs]
        middle = time.process_time()
        for position in built:
            for pitch in range(12):
                position.legal_placements(pitch)
        end = time.process_time()
        build, calls = min(build, middle - start), min(calls, end - middle)
    start, steps = time.process_time(), 0
    for seed in range(payload["playouts"]):
        steps += len(random_positions(seed, 21)) - 1
    return {"build": build, "calls": calls, "step": (time.process_time() - start) / steps}


def time_reference(payload: dict) -> float:
    """Seconds the naive reference takes for all 12 pitches on every cell of the positions (best of 3)."""
    sys.path.insert(0, str(REPOSITORY / "tests"))
    import reference_rules as reference

    from muzlab import Position

    cases = []
    for text in payload["positions"]:
        position = Position.from_notation(text)
        cases.append((set(position.board.cells), dict(position.dice)))
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for cells, dice in cases:
            for pitch in range(12):
                [cell for cell in cells if reference.legal(cells, dice, pitch, cell)]
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="checkout of the older muzlab (default: a worktree of --revision)")
    parser.add_argument("--revision", default=DEFAULT_REVISION, help="git revision of the default baseline")
    parser.add_argument("--seeds", type=int, default=200, help="seeded playouts the positions come from")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per side")
    args = parser.parse_args()
    old = checkout_of(args.baseline, args.revision)
    texts = positions(args.seeds)
    payload = {"positions": texts, "repeat": 2, "playouts": args.seeds}
    runs: dict[str, list[dict]] = {"this": [], "baseline": []}
    for _ in range(args.rounds):
        runs["baseline"].append(run_in(old, SCRIPT, "time_legal_placements", payload))
        runs["this"].append(run_in(REPOSITORY, SCRIPT, "time_legal_placements", payload))
    calls = 12 * len(texts)
    print(f"{len(texts)} positions of 10-20 dice from {args.seeds} playouts, {calls} legal_placements "
          f"calls per round, best of {args.rounds} alternating rounds, CPU time")
    best = {side: {key: min(run[key] for run in found) for key in found[0]} for side, found in runs.items()}
    for side, label in (("this", f"this checkout ({REPOSITORY})"), ("baseline", f"baseline ({old})")):
        figures = best[side]
        print(f"  {label}:\n    legal_placements {calls / figures['calls']:,.0f} calls/s, "
              f"{calls / (figures['calls'] + figures['build']):,.0f} calls/s counting the build "
              f"({1e6 * figures['build'] / len(texts):.1f} µs per build); "
              f"random playout step {1e6 * figures['step']:.1f} µs")
    ratio = best["baseline"]["calls"] / best["this"]["calls"]
    with_build = (best["baseline"]["calls"] + best["baseline"]["build"]) / (best["this"]["calls"]
                                                                            + best["this"]["build"])
    verdict = "MET" if ratio >= TARGET_RATIO else "MISSED"
    print(f"ratio to the baseline: {ratio:.2f}x legal_placements (target {TARGET_RATIO}x: {verdict}), "
          f"{with_build:.2f}x counting the build, "
          f"{best['baseline']['step'] / best['this']['step']:.2f}x per playout step")
    sample = texts[:: max(1, len(texts) // 100)]
    naive = run_in(REPOSITORY, SCRIPT, "time_reference", {"positions": sample}) / (12 * len(sample))
    print(f"naive reference (tests/reference_rules.py): {1 / naive:,.0f} calls/s on {len(sample)} of the "
          f"positions; this checkout is {naive * calls / best['this']['calls']:,.0f}x faster")


if __name__ == "__main__":
    main()
