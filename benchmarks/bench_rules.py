"""Rules-engine speed: legal_placements calls per second on 10-20-die positions of the standard board.

Run: .venv/bin/python benchmarks/bench_rules.py. Each position is built from its dice first (no
state carried over from play), then asked for all 12 pitches; the first call computes its masks.
Also prints the cost of one incremental placement, the inner step of every simulated game.
"""

import statistics
import time

from muzlab.perft import measure, random_positions

TARGET_CALLS_PER_SECOND = 100_000


def main() -> None:
    positions = [p for seed in range(200) for p in random_positions(seed, 21) if 10 <= len(p) <= 20]
    rate = measure(positions, repeat=5)
    print(f"{len(positions)} positions of 10-20 dice, {rate.calls} legal_placements calls")
    verdict = "MET" if rate.calls_per_second >= TARGET_CALLS_PER_SECOND else "MISSED"
    print(f"legal_placements on freshly built positions: {rate.calls_per_second:,.0f} calls/s "
          f"(target {TARGET_CALLS_PER_SECOND:,}: {verdict})")
    print(f"counting the build from dice as well:        {rate.calls_per_second_with_build:,.0f} calls/s")
    print(f"building a position from its dice:           "
          f"{1e6 * rate.build_seconds / rate.positions:.1f} µs")

    timings = []
    for seed in range(200):
        start = time.perf_counter()
        playout = random_positions(seed, 21)
        timings.append((time.perf_counter() - start) / (len(playout) - 1))
    print(f"one random playout step (roll, legal cells, place): {1e6 * statistics.median(timings):.1f} µs "
          "median")


if __name__ == "__main__":
    main()
