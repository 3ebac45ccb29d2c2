"""Pictures of simulation results: scores, first-player advantage, options by turn, structures built.

Each plot takes the DataFrames of `muzlab.simulate` (`games`: one row per game; `moves`: one row per
die a player decided on: placed, passed or re-rolled) and an optional `ax`, returns the Axes and never
calls `plt.show()`. The small pandas helpers below turn those frames into the numbers the plots show,
and into per-cell values for `muzlab.views.plot.heatmap`. Every word and number a plot shows (titles,
axis labels, legends, ticks) is written for the reader it is given (by default the default reader):
players as "Player 1" in its language, agents and keys through `muzlab.names`, numbers with its marks.
The frames keep their English column names. Only `muzlab.sim.stats` is read: nothing here plays games.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.ticker import MaxNLocator, ScalarFormatter

from muzlab.core.board import Board
from muzlab.core.errors import UnknownSetting
from muzlab.names.language import marked
from muzlab.names.output_words import agent_name, number_marks, number_words, percent_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import key_label
from muzlab.reading import resolve
from muzlab.sim import stats
from muzlab.sim.stats import wilson_interval
from muzlab.views.figure_alt import show_alt_text
from muzlab.views.svg import COLOURS

show_alt_text()  # in a notebook, every figure of a lesson gets a text alternative

#: Colours for agents and seats (Okabe-Ito), in order of first appearance.
SERIES_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000")
TRIAD_ORDER = ("major", "minor", "diminished", "augmented")
_LABEL_SIZE = 13
_TITLE_SIZE = 15


def _new_axes(ax: Axes | None, figsize: tuple[float, float] = (8, 5)) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=figsize)
    return ax


def _style(ax: Axes, title: str, xlabel: str, ylabel: str, reader: Reader) -> None:
    """Title and label the axes, and write their number ticks with `reader`'s marks."""
    ax.set_title(title, fontsize=_TITLE_SIZE, fontweight="bold")
    ax.set_xlabel(xlabel, fontsize=_LABEL_SIZE)
    ax.set_ylabel(ylabel, fontsize=_LABEL_SIZE)
    ax.tick_params(labelsize=_LABEL_SIZE - 1)
    ax.spines[["top", "right"]].set_visible(False)
    marked_ticks(ax.xaxis, reader)
    marked_ticks(ax.yaxis, reader)


class MarkedFormatter(ScalarFormatter):
    """Matplotlib's number ticks ("2.5", "−1.0") with a reader's decimal and thousands marks (German
    "2,5"): the same ticks, as the reader's language writes them, with no process-wide locale."""

    def __init__(self, reader: Reader):
        super().__init__()
        self.reader = reader

    def __call__(self, value: float, pos: int | None = None) -> str:
        return number_marks(super().__call__(value, pos), self.reader)

    def get_offset(self) -> str:
        return number_marks(super().get_offset(), self.reader)


def marked_ticks(axis: Axis, reader: Reader) -> None:
    """Write an axis's number ticks with `reader`'s marks (ticks given as words or percentages are left
    as they are)."""
    if type(axis.get_major_formatter()) is ScalarFormatter:
        axis.set_major_formatter(MarkedFormatter(reader))


def player_words(seat: int, reader: Reader) -> str:
    """A seat as `reader` names it: 0 -> "Player 1", German "Spieler 1"."""
    return reader.gettext("Player {number}").format(number=number_words(seat + 1, reader))


def _table_size(name: str, players: int, reader: Reader) -> str:
    """A tick label under a group of a table size: "greedy\n(3 players)"."""
    # TRANSLATORS: a plot's label under a group of bars: an agent or a player, then the number of
    # players at the table.
    return reader.ngettext("{name}\n({count} player)", "{name}\n({count} players)", players).format(
        name=name, count=number_words(players, reader))


def _percent_axis(axis: Axis, reader: Reader) -> None:
    """Label a share axis (0 to 1) in whole percentages as `reader`'s language writes them ("5%",
    French "5 %")."""
    axis.set_major_formatter(plt.FuncFormatter(lambda value, _: percent_words(100 * value, reader)))


def _placements(moves: pd.DataFrame, include_opening: bool) -> pd.DataFrame:
    actions = ["place", "opening"] if include_opening else ["place"]
    placed = moves[moves["action"].isin(actions)].dropna(subset=["q", "r"])
    return placed.astype({"q": int, "r": int})


# ---- per-cell values for heat maps -------------------------------------------------------------------
def cell_counts(moves: pd.DataFrame, include_opening: bool = False) -> pd.Series:
    """How many dice were placed on each cell, indexed by (q, r); the opening die only if asked."""
    return stats.cell_counts(moves, openings=include_opening)["placements"]


def cell_mean_points(moves: pd.DataFrame) -> pd.Series:
    """Mean points of the placements on each cell, indexed by (q, r)."""
    return stats.cell_counts(moves)["mean_points"].rename("mean points")


def honeypot_unused(moves: pd.DataFrame, board: Board | None = None) -> pd.Series:
    """Share of games (0-1) in which each honeypot cell never received a die, indexed by (q, r)."""
    board = Board.standard() if board is None else board
    placed = _placements(moves, True)
    games = moves["game"].nunique()
    used = placed.drop_duplicates(["game", "q", "r"]).groupby(["q", "r"]).size()
    cells = sorted(board.honeypots)
    index = pd.MultiIndex.from_tuples(cells, names=["q", "r"])
    shares = [1 - used.get(cell, 0) / games if games else math.nan for cell in cells]
    return pd.Series(shares, index=index, name="unused share")


# ---- numbers behind the plots ------------------------------------------------------------------------
def seat_scores(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: game, players, seat (0-based), agent, score, won."""
    rows = []
    for players, group in games.groupby("players", sort=True):
        for seat in range(int(players)):
            rows.append(pd.DataFrame({
                "game": group["game"].to_numpy(),
                "players": int(players),
                "seat": seat,
                "agent": group[f"agent_{seat}"].astype(str).to_numpy(),
                "score": group[f"score_{seat}"].astype(int).to_numpy(),
                "won": (group["winner"] == seat).to_numpy(),
            }))
    columns = ["game", "players", "seat", "agent", "score", "won"]
    if not rows:
        return pd.DataFrame(columns=columns)
    return pd.concat(rows, ignore_index=True)[columns].sort_values(["game", "seat"], ignore_index=True)


def win_shares(games: pd.DataFrame) -> pd.DataFrame:
    """Wins by seat for each number of players (2+), with 95% Wilson intervals; a tie is no win."""
    rows = []
    for players, group in games[games["players"] >= 2].groupby("players", sort=True):
        total = len(group)
        for seat in range(int(players)):
            wins = int((group["winner"] == seat).sum())
            low, high = wilson_interval(wins, total)
            rows.append({"players": int(players), "seat": seat, "games": total, "wins": wins,
                         "share": wins / total, "low": low, "high": high})
    return pd.DataFrame(rows, columns=["players", "seat", "games", "wins", "share", "low", "high"])


# ---- plots -------------------------------------------------------------------------------------------
def score_distributions(games: pd.DataFrame, ax: Axes | None = None, reader: Reader | None = None) -> Axes:
    """Box plots of final scores: one group per agent (and table size), one box per player; means as ◆;
    in `reader`'s words."""
    ax, reader = _new_axes(ax), resolve(reader)
    scores = seat_scores(games)
    several_sizes = scores["players"].nunique() > 1
    centres, labels, seats_seen = [], [], set()
    x = 0.0
    for (agent, players), group in scores.groupby(["agent", "players"], sort=True):
        seats = sorted(group["seat"].unique())
        xs = x + 0.8 * np.arange(len(seats))
        boxes = ax.boxplot([group.loc[group["seat"] == seat, "score"].to_numpy() for seat in seats],
                           positions=xs, widths=0.6, patch_artist=True, showmeans=True,
                           medianprops={"color": "black", "linewidth": 2},
                           meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": "black"})
        for patch, seat in zip(boxes["boxes"], seats, strict=True):
            patch.set_facecolor(SERIES_COLOURS[seat % len(SERIES_COLOURS)])
            patch.set_alpha(0.85)
            if seat not in seats_seen:
                patch.set_label(player_words(seat, reader))
                seats_seen.add(seat)
        centres.append(xs.mean())
        name = agent_name(str(agent), reader)
        labels.append(_table_size(name, int(players), reader) if several_sizes else name)
        x = xs[-1] + 1.4
    ax.set_xticks(centres, labels)
    if seats_seen:
        ax.legend(loc="best", fontsize=_LABEL_SIZE - 2, frameon=False)
    _style(ax, reader.gettext("Final scores by agent and player"), reader.pgettext("plot axis", "agent"),
           reader.pgettext("plot axis", "points"), reader)
    ax.grid(axis="y", alpha=0.3)
    return ax


def first_player_advantage(games: pd.DataFrame, ax: Axes | None = None, reader: Reader | None = None) -> Axes:
    """Share of games won by each player (seat) with 95% Wilson intervals; dashed line: a fair share;
    in `reader`'s words, the shares as its language writes a percentage."""
    ax, reader = _new_axes(ax), resolve(reader)
    shares = win_shares(games)
    positions, labels = [], []
    x = 0.0
    for players, group in shares.groupby("players", sort=True):
        xs = x + np.arange(len(group))
        colours = [SERIES_COLOURS[seat % len(SERIES_COLOURS)] for seat in group["seat"]]
        errors = np.vstack([group["share"] - group["low"], group["high"] - group["share"]])
        ax.bar(xs, group["share"], color=colours, alpha=0.85, width=0.7)
        ax.errorbar(xs, group["share"], yerr=errors, fmt="none", ecolor="black", capsize=6, linewidth=1.5)
        ax.hlines(1 / players, xs[0] - 0.45, xs[-1] + 0.45, colors="black", linestyles="dashed",
                  linewidth=1.2)
        for xi, share in zip(xs, group["share"], strict=True):
            ax.annotate(percent_words(100 * share, reader), (xi, share), xytext=(12, 4),
                        textcoords="offset points", fontsize=_LABEL_SIZE - 1)
        labels += [_table_size(player_words(seat, reader), int(players), reader) for seat in group["seat"]]
        positions += list(xs)
        x = xs[-1] + 1.6
    if shares.empty:
        ax.text(0.5, 0.5, reader.gettext("no games with two or more players"), ha="center", va="center",
                transform=ax.transAxes, fontsize=_LABEL_SIZE)
    ax.set_xticks(positions, labels)
    ax.set_ylim(0, 1)
    _percent_axis(ax.yaxis, reader)
    total = int(shares.drop_duplicates("players")["games"].sum()) if not shares.empty else 0
    # TRANSLATORS: the label under the win-share plot, on two lines ({level} is "95%").
    below = reader.ngettext(
        "{count} game; bars: {level} Wilson intervals\ndashed: a fair share; a tie is a win for nobody",
        "{count} games; bars: {level} Wilson intervals\ndashed: a fair share; a tie is a win for nobody",
        total).format(count=number_words(total, reader), level=percent_words(95, reader))
    _style(ax, reader.gettext("Who wins? Share of games won by each player"), below,
           reader.pgettext("plot axis", "games won"), reader)
    return ax


def options_by_turn(moves: pd.DataFrame, ax: Axes | None = None, reader: Reader | None = None) -> Axes:
    """Mean number of legal cells of the die in hand (left axis) and the share of dice in hand that were
    passed on (right axis, in `reader`'s percentages; re-rolls of passed dice are not passes), by dice on
    the board; in `reader`'s words."""
    ax, reader = _new_axes(ax), resolve(reader)
    turns = moves[moves["action"] != "opening"]
    by_dice = turns.groupby("dice_on_board").agg(
        legal=("legal_cells", "mean"), passes=("action", lambda a: (a == "pass").mean())
    )
    ax.plot(by_dice.index, by_dice["legal"], color=COLOURS["scale"], marker="o", linewidth=2.5,
            label=reader.gettext("legal cells for the rolled die (mean)"))
    ax.set_ylim(bottom=0)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _style(ax, reader.gettext("Options and passes as the board fills"),
           reader.pgettext("plot axis", "dice on the board"), reader.pgettext("plot axis", "legal cells"),
           reader)
    twin = ax.twinx()
    twin.plot(by_dice.index, by_dice["passes"], color=COLOURS["triad"], marker="s", linewidth=2,
              linestyle="--", label=reader.gettext("passes (share of dice in hand)"))
    twin.set_ylim(0, 1)
    _percent_axis(twin.yaxis, reader)
    twin.set_ylabel(reader.pgettext("plot axis", "passes"), fontsize=_LABEL_SIZE, color=COLOURS["triad"])
    twin.tick_params(labelsize=_LABEL_SIZE - 1)
    twin.spines["top"].set_visible(False)
    handles = ax.get_lines() + twin.get_lines()
    ax.legend(handles, [h.get_label() for h in handles], loc="upper right", fontsize=_LABEL_SIZE - 2,
              frameon=False)
    return ax


#: A triad quality as a bar of `completed_structures` is labelled.
# TRANSLATORS: a bar of a plot of the structures completed in simulated games, one per triad quality.
TRIAD_WORDS = {"major": marked("triads completed", "major triad"),
               "minor": marked("triads completed", "minor triad"),
               "diminished": marked("triads completed", "diminished triad"),
               "augmented": marked("triads completed", "augmented triad")}


def _completed_triads(moves: pd.DataFrame) -> pd.Series:
    """How often each triad quality was completed, by quality (in `TRIAD_ORDER`, any other after)."""
    qualities = moves["triad_quality"].fillna("").astype(str)
    by_quality = qualities[qualities != ""].value_counts()
    known = [quality for quality in TRIAD_ORDER if quality in by_quality.index]
    return by_quality.reindex(known + sorted(set(by_quality.index) - set(known)))


def completed_counts(moves: pd.DataFrame, reader: Reader | None = None) -> pd.Series:
    """How often each triad quality and each key was completed, e.g. "minor triad", "C major": the
    triads first (by quality), then the keys (major keys first, by tonic), named for `reader` (by
    default the default reader): German "Moll-Dreiklang", "C-Dur"."""
    reader = resolve(reader)
    by_quality = _completed_triads(moves)
    order = list(by_quality.index)
    triads = pd.Series(by_quality.to_list(), dtype="int64",
                       index=[reader.pgettext(*TRIAD_WORDS[quality]) if quality in TRIAD_WORDS else quality
                              for quality in order])
    scales = moves[moves["scale_type"].fillna("").astype(str) != ""]
    by_key = scales.groupby(["scale_type", "scale_tonic"]).size()
    keys = sorted(by_key.index, key=lambda key: (key[0] != "major", key))  # major keys first, by tonic
    key_counts = pd.Series([int(by_key[key]) for key in keys], dtype="int64",
                           index=[key_label(int(tonic), kind, reader) for kind, tonic in keys])
    return pd.concat([triads, key_counts]).astype(int).rename("completed")


def completed_structures(moves: pd.DataFrame, ax: Axes | None = None, reader: Reader | None = None) -> Axes:
    """Horizontal bars: triads completed by quality, then scales completed by key; in `reader`'s words."""
    reader = resolve(reader)
    counts, triads = completed_counts(moves, reader), len(_completed_triads(moves))
    ax = _new_axes(ax, (8, max(3.0, 0.4 * len(counts) + 1.5)))
    colours = [COLOURS["triad"] if i < triads else COLOURS["scale"] for i in range(len(counts))]
    ys = np.arange(len(counts))[::-1]
    ax.barh(ys, counts.to_numpy(), color=colours, height=0.7)
    ax.set_yticks(ys, list(counts.index))
    for y, count in zip(ys, counts, strict=True):
        ax.annotate(number_words(count, reader), (count, y), xytext=(4, 0), textcoords="offset points",
                    va="center", fontsize=_LABEL_SIZE - 1)
    if counts.empty:
        ax.text(0.5, 0.5, reader.gettext("no triads or scales completed"), ha="center", va="center",
                transform=ax.transAxes, fontsize=_LABEL_SIZE)
    _style(ax, reader.gettext("Triads and scales completed"), reader.pgettext("plot axis", "times completed"),
           "", reader)
    return ax


#: What `settings_comparison` can draw: the column of `stats.compare`, its interval, the axis label and
#: the plot's title.
# TRANSLATORS: what a plot comparing rule settings shows, as its axis label and as its title.
COMPARED = {"mean_score": ("mean_low", "mean_high", marked("plot axis", "mean score of a player"),
                           marked("plot title", "Mean score of a player, by setting")),
            "first_wins": ("first_low", "first_high", marked("plot axis", "games won by Player 1"),
                           marked("plot title", "Games won by Player 1, by setting")),
            "locked": ("locked_low", "locked_high", marked("plot axis", "games ended on a locked board"),
                       marked("plot title", "Games ended on a locked board, by setting"))}


def settings_comparison(table: pd.DataFrame, measure: str = "mean_score", ax: Axes | None = None,
                        reader: Reader | None = None) -> Axes:
    """One dot per setting with its 95% interval as a bar, from `muzlab.sim.stats.compare`: the mean score
    of a player, Player 1's win share ("first_wins") or the share of games ended on a locked board
    ("locked"); in `reader`'s words, shares in its percentages."""
    if measure not in COMPARED:
        raise UnknownSetting("measure {measure}: choose one of {compared}", measure=repr(measure),
                             compared=sorted(COMPARED))
    reader = resolve(reader)
    low, high, label, title = COMPARED[measure]
    ax = _new_axes(ax, (8, 0.5 * len(table) + 1.5))
    ys = np.arange(len(table))[::-1]
    values, lows, highs = (table[column].to_numpy(dtype=float) for column in (measure, low, high))
    errors = np.vstack([values - lows, highs - values])
    ax.errorbar(values, ys, xerr=errors, fmt="o", color=COLOURS["scale"], ecolor="black", capsize=5,
                markersize=8)
    ax.set_yticks(ys, list(table.index))
    if measure == "first_wins":
        ax.axvline(0.5, color="black", linestyle="dashed", linewidth=1.2)
    if measure != "mean_score":
        _percent_axis(ax.xaxis, reader)
    # TRANSLATORS: the label under a plot comparing rule settings ({level} is "95%").
    below = reader.gettext("{measure}; bars: {level} intervals").format(
        measure=reader.pgettext(*label), level=percent_words(95, reader))
    _style(ax, reader.pgettext(*title), below, "", reader)
    ax.grid(axis="x", alpha=0.3)
    return ax


def game_graph(rows: pd.DataFrame, ax: Axes | None = None, reader: Reader | None = None) -> Axes:
    """One reviewed game (the frame of `muzlab.review`) move by move: the value after each decision as
    a line, the luck of each roll as a bar, and a ring on each decision graded inaccuracy or worse; in
    `reader`'s words.

    With two players everything is seen from Player 1 (their expected final margin: up is good for
    Player 1, a bar below zero is a roll that helped Player 2); in solitaire it is the expected final
    score; with more players each seat's own margin, one line and bar colour per seat."""
    ax, reader = _new_axes(ax, (10, 5)), resolve(reader)
    if rows.empty:
        ax.text(0.5, 0.5, reader.gettext("no decision to show yet"), ha="center", va="center",
                transform=ax.transAxes, fontsize=_LABEL_SIZE)
        _style(ax, reader.gettext("The game move by move"), reader.pgettext("plot axis", "decision"),
               reader.pgettext("plot axis", "value"), reader)
        return ax
    seats = int(rows["seat"].max()) + 1
    x = np.arange(1, len(rows) + 1)
    two = seats == 2
    sign = np.where(rows["seat"].to_numpy() == 0, 1.0, -1.0) if two else np.ones(len(rows))
    value, luck = rows["value"].to_numpy() * sign, rows["luck"].to_numpy() * sign
    rolled = luck != 0
    if seats <= 2:
        colours = [SERIES_COLOURS[0] if v >= 0 else SERIES_COLOURS[1] for v in luck[rolled]]
        ax.bar(x[rolled], luck[rolled], color=colours, alpha=0.6, width=0.7,
               label=reader.gettext("luck of the roll"))
        ax.plot(x, value, color="black", linewidth=2, marker="o", markersize=3,
                label=reader.gettext("Player 1's expected final margin") if two
                else reader.gettext("expected final score"))
    else:
        for seat in range(seats):
            mine = rows["seat"].to_numpy() == seat
            colour = SERIES_COLOURS[seat % len(SERIES_COLOURS)]
            ax.bar(x[mine & rolled], luck[mine & rolled], color=colour, alpha=0.5, width=0.7)
            label = reader.gettext("{player}'s expected margin").format(player=player_words(seat, reader))
            ax.plot(x[mine], value[mine], color=colour, linewidth=2, marker="o", markersize=3, label=label)
    wrong = rows["grade"].isin(["inaccuracy", "mistake", "blunder"]).to_numpy()
    ax.scatter(x[wrong], value[wrong], s=120, facecolors="none", edgecolors=COLOURS["last"], linewidths=2,
               label=reader.gettext("inaccuracy or worse"), zorder=3)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize=_LABEL_SIZE - 2, frameon=False, loc="best")
    if two:
        side = reader.gettext("Player 1's view: up is good for Player 1")
    else:
        side = reader.gettext("each player's own view") if seats > 1 else reader.gettext("solitaire")
    # TRANSLATORS: the label under the move-by-move plot of a reviewed game: the decisions, numbered,
    # and whose side the values are seen from.
    _style(ax, reader.gettext("The game move by move: value and luck"),
           reader.gettext("decision ({side})").format(side=side), reader.pgettext("plot axis", "points"),
           reader)
    return ax
