"""Replaying and drawing a 1 MB game record: a long two-player game on the largest board a board file
may ask for (radius 40, 4,921 cells), half its turns' dice passed on (issue 29: at most 1 s and 50 MB).

The reference is the same replay as it was before: every position the game passes through kept whole
(grid, line strings, legal masks), and each move's count of legal cells made by listing the cells.
Run: python benchmarks/bench_records.py [--pass-share 0.5]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from muzlab.play.game import Game  # noqa: E402
from muzlab.rules.position import Position  # noqa: E402
from muzlab.views.svg import game_svg  # noqa: E402
from tests.scripted import long_record  # noqa: E402


@contextmanager
def reference():
    """The replay as before: positions never released (nor their masks handed on), legal cells listed
    to be counted."""
    step, count = Position.step, Position.legal_count
    Position.step = lambda self, pitch, cell, release=False: step(self, pitch, cell)
    Position.legal_count = lambda self, pitch: len(self.legal_placements(pitch))
    try:
        yield
    finally:
        Position.step, Position.legal_count = step, count


def replay(text: str, repeats: int) -> tuple[float, float, Game]:
    """The best CPU seconds of `repeats` replays, and the peak MB traced during one more."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        game = Game.from_json(text)
        best = min(best, time.process_time() - start)
    del game
    tracemalloc.start()
    game = Game.from_json(text)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return best, peak, game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pass-share", type=float, default=0.5)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    text = long_record(1_000_000, args.pass_share)
    seconds, peak, game = replay(text, args.repeats)
    with reference():
        old_seconds, old_peak, _ = replay(text, 1)
    print(f"record: {len(text.encode()):,} bytes, {len(game.events):,} events, {len(game.position):,} dice "
          f"placed on {len(game.board):,} cells")
    print(f"replay: {seconds:.2f} s CPU, peak {peak:.1f} MB traced (targets 1 s and 50 MB)")
    print(f"reference: {old_seconds:.2f} s, {old_peak:.1f} MB: {old_seconds / seconds:.1f}x the time, "
          f"{old_peak / peak:.1f}x the memory")
    start = time.process_time()
    svg = game_svg(game)
    print(f"drawing the board: {time.process_time() - start:.1f} s CPU ({len(svg):,} characters of SVG; "
          "the board's spelling of thousands of dice is most of it)")


if __name__ == "__main__":
    main()
