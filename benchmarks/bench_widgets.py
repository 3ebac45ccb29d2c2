"""From a click to the updated board: how long PlayBoard takes to handle a click on a cell.

Run: .venv/bin/python benchmarks/bench_widgets.py. Plays seeded two-person games by clicks only
(no browser: this is the kernel-side work a click costs) and reports the median and 95th percentile
of the cell clicks (place, score, redraw board, scores and sheet) and of the Roll clicks.
Target: under 100 ms from a click to the updated board on the standard board.
"""

import statistics
import time

from muzlab.widgets import PlayBoard

TARGET_MS = 100


def main() -> None:
    place_ms, roll_ms = [], []
    for seed in range(8):
        board = PlayBoard(players=2, seed=seed, agent_delay=0)
        while not board.game.over:
            game = board.game
            start = time.perf_counter()
            if game.phase in ("roll", "reroll"):
                board.roll_button.click()
                roll_ms.append(1000 * (time.perf_counter() - start))
                continue
            cells = game.legal_placements()
            if cells:
                board.cells[cells[0]].click()
                place_ms.append(1000 * (time.perf_counter() - start))
            else:
                board.pass_button.click()
    for label, times in [("cell click (place and redraw)", place_ms), ("Roll click", roll_ms)]:
        p95 = statistics.quantiles(times, n=20)[-1]
        verdict = "MET" if p95 < TARGET_MS else "MISSED"
        print(f"{label}: median {statistics.median(times):.1f} ms, 95th percentile {p95:.1f} ms "
              f"over {len(times)} clicks (target {TARGET_MS} ms: {verdict})")


if __name__ == "__main__":
    main()
