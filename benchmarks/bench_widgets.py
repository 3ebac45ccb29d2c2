"""From a click to the updated board: how long PlayBoard takes to handle a click on a cell.

Run: .venv/bin/python benchmarks/bench_widgets.py. Plays seeded two-person games by clicks only
(no browser: this is the kernel-side work a click costs) and reports the median and 95th percentile
of the cell clicks and of the Roll clicks, twice: until the board's drawing is sent (what the page
waits for) and until the whole click is handled (scores, messages, the score sheet, the runs list).
Target: under 100 ms from a click to the updated board on the standard board.
"""

import statistics
import time

from muzlab.widgets import PlayBoard

TARGET_MS = 100


def main() -> None:
    times: dict[str, list[float]] = {"cell click": [], "Roll click": []}
    drawn: dict[str, list[float]] = {"cell click": [], "Roll click": []}
    for seed in range(8):
        board = PlayBoard(players=2, seed=seed, agent_delay=0)
        sent: list[float] = []
        board.board_view.observe(lambda _change, sent=sent: sent.append(time.perf_counter()), names="svg")
        while not board.game.over:
            game = board.game
            cells = game.legal_placements()
            if game.phase in ("roll", "reroll"):
                label, click = "Roll click", board.roll_button.click
            elif cells:
                label, click = "cell click", board.cells[cells[0]].click
            else:
                board.pass_button.click()
                continue
            sent.clear()
            start = time.perf_counter()
            click()
            times[label].append(1000 * (time.perf_counter() - start))
            if sent:
                drawn[label].append(1000 * (sent[0] - start))
    for label in times:
        for what, values in (("board drawing sent", drawn[label]), ("whole click handled", times[label])):
            p95 = statistics.quantiles(values, n=20)[-1]
            verdict = "MET" if p95 < TARGET_MS else "MISSED"
            print(f"{label}, {what}: median {statistics.median(values):.1f} ms, 95th percentile {p95:.1f} ms "
                  f"over {len(values)} clicks (target {TARGET_MS} ms: {verdict})")


if __name__ == "__main__":
    main()
