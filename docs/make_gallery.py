"""Regenerate the README's gallery of pictures in docs/images/ (deterministic: Agg, fixed seeds).

    python docs/make_gallery.py

Writes empty_board.png, midgame_legal.png, heatmap.png and statistics.png.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from muzlab.rules.perft import random_positions  # noqa: E402
from muzlab.rules.position import Position  # noqa: E402
from muzlab.sim.simulation import simulate  # noqa: E402
from muzlab.views import plot  # noqa: E402

IMAGES = Path(__file__).parent / "images"
DPI = 100
#: PNG metadata without the matplotlib version, so the same picture gives the same bytes.
METADATA = {"Software": None}
#: A seeded random playout stopped after 15 dice: three complete triads, B has 8 legal cells.
MIDGAME_SEED, MIDGAME_DICE, MIDGAME_PITCH = 119, 15, "B"
PLAYOUTS = 500
STATISTICS_GAMES = 400


def save(fig: plt.Figure, name: str) -> None:
    path = IMAGES / name
    fig.savefig(path, dpi=DPI, metadata=METADATA, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    print(f"wrote {path.relative_to(Path(__file__).parent.parent)}")


def empty_board() -> None:
    fig, ax = plt.subplots(figsize=(7, 7.2))
    plot.board(Position(), ax=ax, title="The standard board: 61 cells, honeypots ×2 and ×3")
    save(fig, "empty_board.png")


def midgame() -> None:
    positions = random_positions(MIDGAME_SEED, dice=MIDGAME_DICE)
    before, position = positions[-2], positions[-1]
    (last,) = set(position.dice) - set(before.dice)
    fig, ax = plt.subplots(figsize=(7, 7.6))
    plot.board(position, ax=ax, highlight=MIDGAME_PITCH, last=last)
    save(fig, "midgame_legal.png")


def heatmap() -> None:
    counts: Counter = Counter()
    for seed in range(PLAYOUTS):
        counts.update(random_positions(seed, dice=21)[-1].dice.keys())
    shares = pd.Series({cell: 100 * n / PLAYOUTS for cell, n in counts.items()})
    fig, ax = plt.subplots(figsize=(8, 7))
    plot.heatmap(shares, ax=ax, label="% of playouts with a die here", fmt="{:.0f}",
                 title=f"Where the 21 dice land ({PLAYOUTS} random playouts)")
    save(fig, "heatmap.png")


def statistics_figure(games: pd.DataFrame, moves: pd.DataFrame) -> plt.Figure:
    """The four statistics plots of a simulation on one figure."""
    fig, axes = plt.subplots(2, 2, figsize=(15, 10.5))
    plot.score_distributions(games, ax=axes[0, 0])
    plot.first_player_advantage(games, ax=axes[0, 1])
    plot.options_by_turn(moves, ax=axes[1, 0])
    plot.completed_structures(moves, ax=axes[1, 1])
    fig.tight_layout()
    return fig


def statistics() -> None:
    result = simulate(STATISTICS_GAMES, ("greedy", "random"), seed=1, alternate_seats=True, progress=False)
    save(statistics_figure(result.games, result.moves), "statistics.png")


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    empty_board()
    midgame()
    heatmap()
    statistics()


if __name__ == "__main__":
    main()
