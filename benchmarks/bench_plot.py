"""How long drawing a board takes: the standard board with a 21-die position, legal cells highlighted.

    python benchmarks/bench_plot.py [--repeats N]

Prints the median milliseconds (Agg, 100 dpi, rendered to pixels) against the 100 ms target, so plots
can redraw on every click, and the time to build the notebook SVG.
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from muzlab import plot  # noqa: E402
from muzlab.perft import random_positions  # noqa: E402
from muzlab.svg import position_svg  # noqa: E402

TARGET_MS = 100.0


def median_ms(action: Callable[[], object], runs: int) -> float:
    """Median wall time of `action` in milliseconds over `runs` calls, after one warm-up call."""
    action()
    return 1000 * statistics.median(timeit.repeat(action, number=1, repeat=runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    repeats = parser.parse_args().repeats
    position = random_positions(0, dice=21)[-1]
    pitch = max(range(12), key=lambda p: len(position.legal_placements(p)))
    last = next(reversed(position.dice))
    fig, ax = plt.subplots(figsize=(7.5, 8.2))

    def redraw() -> None:
        ax.clear()
        plot.board(position, ax=ax, highlight=pitch, last=last)
        fig.canvas.draw()

    def fresh_figure() -> None:
        new = plot.board(position, highlight=pitch, last=last)
        new.figure.canvas.draw()
        plt.close(new.figure)

    print(f"standard board, {len(position)} dice, {len(position.legal_placements(pitch))} legal cells "
          f"highlighted, {len(position.structures())} runs; median of {repeats}")
    for name, action in (("redraw on the same axes", redraw), ("new figure", fresh_figure)):
        ms = median_ms(action, repeats)
        verdict = "OK" if ms < TARGET_MS else "TOO SLOW"
        print(f"  plot.board, {name:24s} {ms:7.1f} ms   (target < {TARGET_MS:.0f} ms: {verdict})")
    ms = median_ms(lambda: position_svg(position, highlight=pitch, last=last), repeats)
    print(f"  svg.position_svg                    {ms:7.1f} ms")


if __name__ == "__main__":
    main()
