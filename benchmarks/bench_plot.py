"""How long drawing a board takes: the standard board with a 21-die position, legal cells highlighted.

    python benchmarks/bench_plot.py [--repeats N]

Prints the median milliseconds (Agg, 100 dpi, rendered to pixels) against the 100 ms target, so plots
can redraw on every click, and the views that name notes (spelling dominates them): the notebook SVG
of the position (target 5 ms) and its labels, each for a position built afresh from its dice every
call (nothing remembered) and for the same position asked again, and a finished two-player game's
score sheet (target 10 ms).
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from muzlab import Game, Position
from muzlab.play.agents import make_agent, play  # noqa: E402
from muzlab.rules.perft import random_positions  # noqa: E402
from muzlab.views import plot  # noqa: E402
from muzlab.views.svg import position_svg  # noqa: E402

TARGET_MS = 100.0
SVG_TARGET_MS = 5.0
SHEET_TARGET_MS = 10.0


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
    board, dice, rules = position.board, dict(position.dice), position.rules

    def verdict(ms: float, target: float) -> str:
        return f"(target < {target:.0f} ms: {'OK' if ms < target else 'TOO SLOW'})"

    ms = median_ms(lambda: position_svg(Position(board, dice, rules), highlight=pitch, last=last), repeats)
    print(f"  svg.position_svg, fresh position      {ms:7.2f} ms   {verdict(ms, SVG_TARGET_MS)}")
    ms = median_ms(lambda: position_svg(position, highlight=pitch, last=last), repeats)
    print(f"  svg.position_svg, same position       {ms:7.2f} ms")
    ms = median_ms(lambda: Position(board, dice, rules).labels(), repeats)
    print(f"  Position.labels, fresh position       {ms:7.2f} ms")
    game = play(Game(seed=4), [make_agent("random", "4:0"), make_agent("greedy", "4:1")])
    ms = median_ms(game.score_sheet, repeats)
    label = f"Game.score_sheet ({len(game.events)} events)"
    print(f"  {label:36s}  {ms:7.2f} ms   {verdict(ms, SHEET_TARGET_MS)}")


if __name__ == "__main__":
    main()
