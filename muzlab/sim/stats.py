"""Statistics of simulated games that give the same answer from pandas frames in memory and from Dask
DataFrames over a partitioned Parquet dataset (runs bigger than memory).

This module knows nothing of how the games were run: it reads the two tidy frames of a simulation
(`games`, one row per game; `moves`, one row per die a player decided on) and imports nothing of
muzlab but its errors. Each helper takes a frame (pandas or Dask) or any object with a `frame(kind)`
method that gives one (a `SimulationResult`, a `SimulationDataset`), uses only reductions both libraries share
(masks, sums, counts, group-bys), computes them in one pass when they are lazy, and returns a small
pandas DataFrame. Players are labelled as people say them, "Player 1", "Player 2", ...; 0-based
seat numbers stay inside the frames.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from muzlab.core.errors import UnknownSetting

if TYPE_CHECKING:
    import pandas as pd

Frames = Any  # a pandas or Dask DataFrame, or an object with .frame("games"/"moves")
#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054
BY = ("player", "agent")
#: Counts of the games frame that `compare` gives per game.
PER_GAME = ("extra_rolls", "passes", "dice_placed")


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a share: honest near 0 and 1 and for small samples."""
    if trials == 0:
        return (math.nan, math.nan)
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return ((centre - spread) / denominator, (centre + spread) / denominator)


def player_label(seat: int) -> str:
    """How people name a seat: 0 -> "Player 1"."""
    return f"Player {seat + 1}"


def frame_of(data: Frames, kind: str) -> Any:
    """The "games" or "moves" frame of `data` (a frame is returned as it is)."""
    return data if hasattr(data, "columns") else data.frame(kind)


def materialise(*values: Any) -> tuple:
    """The values computed in one pass if any is a lazy Dask collection; pandas values as they are."""
    if any(hasattr(value, "__dask_graph__") for value in values):
        import dask  # Dask is an optional extra (muzlab[dask])

        return dask.compute(*values)
    return values


def _check_by(by: str) -> None:
    if by not in BY:
        raise UnknownSetting("by {by}: choose 'player' or 'agent'", by=repr(by))


def seat_totals(games: Frames) -> pd.DataFrame:
    """Per (seat, agent): games, wins, first game, score sum and sum of squares: the sums the helpers use
    (seat 0-based, as in the frames). An object with its own `seat_totals()` (a dataset, summing its
    parts one by one) gives them itself."""
    import pandas as pd  # the worker processes import this module: pandas loads where tables are made

    if not hasattr(games, "columns") and hasattr(games, "seat_totals"):
        return games.seat_totals()
    games = frame_of(games, "games")
    seats = sorted(int(column[len("score_"):]) for column in games.columns if column.startswith("score_"))
    lazy = []
    for seat in seats:
        grouped = games.assign(win=games["winner"] == seat, score=games[f"score_{seat}"],
                               square=games[f"score_{seat}"] ** 2).groupby(f"agent_{seat}")
        lazy += [grouped["game"].count(), grouped["win"].sum(), grouped["game"].min(), grouped["score"].sum(),
                 grouped["square"].sum()]
    values = materialise(*lazy)
    tables = []
    for index, seat in enumerate(seats):
        count, wins, first, total, square = values[5 * index: 5 * index + 5]
        tables.append(pd.DataFrame({"games": count, "wins": wins, "first_game": first, "score_sum": total,
                                    "score_squares": square}).rename_axis("agent").reset_index()
                      .assign(seat=seat))
    columns = ["seat", "agent", "games", "wins", "first_game", "score_sum", "score_squares"]
    long = pd.concat(tables, ignore_index=True)[columns]
    long["agent"] = long["agent"].astype("str")
    return long.astype({name: "int64" for name in columns if name != "agent"})


def combined_seat_totals(tables: list[pd.DataFrame]) -> pd.DataFrame:
    """The seat_totals of several parts of one simulation as one table (the parts' sums added)."""
    import pandas as pd  # the worker processes import this module: pandas loads where tables are made

    columns = ["seat", "agent", "games", "wins", "first_game", "score_sum", "score_squares"]
    if not tables:
        return pd.DataFrame({name: pd.Series(dtype="str" if name == "agent" else "int64")
                             for name in columns})
    grouped = pd.concat(tables, ignore_index=True).groupby(["seat", "agent"], sort=True)
    table = grouped.agg(games=("games", "sum"), wins=("wins", "sum"), first_game=("first_game", "min"),
                        score_sum=("score_sum", "sum"), score_squares=("score_squares", "sum")).reset_index()
    table["agent"] = table["agent"].astype("str")
    return table[columns].astype({name: "int64" for name in columns if name != "agent"})


def _sums(data: Frames, by: str) -> pd.DataFrame:
    """seat_totals summed per player (with the agents who sat there, in order of first game) or agent."""
    _check_by(by)
    totals = seat_totals(data).sort_values(["seat", "first_game"], kind="stable")
    key = "seat" if by == "player" else "agent"
    sums = totals.groupby(key, sort=True)[["games", "wins", "score_sum", "score_squares"]].sum()
    if by == "player":
        sums.insert(0, "agent", totals.groupby("seat", sort=True)["agent"].agg("/".join))
        sums.index = sums.index.map(player_label).rename("player")
    return sums


def win_shares(games: Frames, by: str = "player") -> pd.DataFrame:
    """Wins and win share with its Wilson 95% interval per player (is the first player favoured?) or
    agent; a tie is a win for nobody."""
    sums = _sums(games, by)
    intervals = [wilson_interval(int(w), int(n)) for w, n in zip(sums["wins"], sums["games"], strict=True)]
    table = sums.drop(columns=["score_sum", "score_squares"])
    table["win_share"] = table["wins"] / table["games"]
    table["win_low"] = [low for low, _ in intervals]
    table["win_high"] = [high for _, high in intervals]
    return table


def mean_scores(games: Frames, by: str = "player") -> pd.DataFrame:
    """Mean score per player or agent with its standard deviation and normal 95% interval."""
    sums = _sums(games, by)
    n = sums["games"]
    mean = sums["score_sum"] / n
    variance = ((sums["score_squares"] - sums["score_sum"] * mean) / (n - 1)).where(n > 1)
    table = sums.drop(columns=["wins", "score_sum", "score_squares"])
    table["mean_score"] = mean
    table["std"] = variance.clip(lower=0) ** 0.5
    spread = Z_95 * table["std"] / n ** 0.5
    table["mean_low"], table["mean_high"] = mean - spread, mean + spread
    return table


def mean_with_interval(values: Any) -> tuple[float, float, float]:
    """The mean of numbers (a pandas Series or any sequence) and its normal 95% interval."""
    import pandas as pd  # the worker processes import this module: pandas loads where tables are made

    values = pd.Series(values, dtype="float64")
    n, mean = len(values), float(values.mean()) if len(values) else math.nan
    spread = Z_95 * float(values.std()) / math.sqrt(n) if n > 1 else math.nan
    return mean, mean - spread, mean + spread


def cell_counts(moves: Frames, openings: bool = False) -> pd.DataFrame:
    """Placements and points per cell with its honeypot factor (which honeypots matter?); the opening
    die is left out unless `openings`, as it always goes on the same cell."""
    import pandas as pd  # the worker processes import this module: pandas loads where tables are made

    moves = frame_of(moves, "moves")
    placed = moves[moves["action"].isin(["place", "opening"] if openings else ["place"])]
    grouped = placed.groupby(["q", "r"])
    count, points, honeypot = materialise(grouped["points"].count(), grouped["points"].sum(),
                                          grouped["honeypot"].max())
    table = pd.DataFrame({"honeypot": honeypot, "placements": count, "points": points}).astype("int64")
    table.index = table.index.set_levels([level.astype("int64") for level in table.index.levels])
    table = table.sort_index()
    table["share"] = table["placements"] / table["placements"].sum()
    table["mean_points"] = table["points"] / table["placements"]
    return table


def pass_counts(moves: Frames, by: str = "agent") -> pd.DataFrame:
    """Per agent or seat (0-based): dice rolled after the opening, passes, re-rolls and missed
    placements, the counts `pass_rates` reads. An object with its own `pass_counts(by)` (a dataset,
    summing its parts one by one) gives them itself."""
    import pandas as pd  # the worker processes import this module: pandas loads where tables are made

    _check_by(by)
    if not hasattr(moves, "columns") and hasattr(moves, "pass_counts"):
        return moves.pass_counts(by)
    moves = frame_of(moves, "moves")
    decided = moves[moves["action"] != "opening"]
    grouped = decided.assign(rolled=~decided["received"], passed=decided["action"] == "pass",
                             rerolled=decided["action"] == "reroll").groupby(by)
    rolled, passes, rerolls, missed = materialise(grouped["rolled"].sum(), grouped["passed"].sum(),
                                                  grouped["rerolled"].sum(), grouped["missed"].sum())
    return pd.DataFrame({"rolled": rolled, "passes": passes, "rerolls": rerolls,
                         "missed": missed}).astype("int64")


def pass_rates(moves: Frames, by: str = "agent") -> pd.DataFrame:
    """Per agent or player: dice rolled after the opening; passes (each counted once, for the player who
    passed) and the pass rate (passes per die rolled) with its Wilson 95% interval; re-rolls (a passed
    die its receiver could not place, or a pass with one player); and missed placements (passes and
    re-rolls of a die that had a legal cell)."""
    table = pass_counts(moves, by)
    if by == "agent":
        table.index = table.index.astype("str")
    table = table.sort_index()
    if by == "player":
        table.index = table.index.map(player_label).rename("player")
    intervals = [wilson_interval(int(p), int(n))
                 for p, n in zip(table["passes"], table["rolled"], strict=True)]
    table["pass_rate"] = table["passes"] / table["rolled"]
    table["pass_low"] = [low for low, _ in intervals]
    table["pass_high"] = [high for _, high in intervals]
    return table


def compare(results: Mapping[str, Frames]) -> pd.DataFrame:
    """One row per named simulation (a setting, say): games; the mean score of a player (the seats'
    mean, game by game) with its normal 95% interval; Player 1's win share and the share of games that
    ended on a locked board, each with its Wilson 95% interval; ties; and extra rolls, passes and dice
    placed per game."""
    import pandas as pd  # the worker processes import this module: pandas loads where tables are made

    rows = []
    for name, data in results.items():
        games = frame_of(data, "games")
        games = games.compute() if hasattr(games, "__dask_graph__") else games
        n = len(games)
        seats = [column for column in games.columns if column.startswith("score_")]
        mean, low, high = mean_with_interval(games[seats].mean(axis=1))  # a player's score, game by game
        first = int((games["winner"] == 0).sum())
        locked = int((games["end_reason"] == "locked board").sum())
        first_low, first_high = wilson_interval(first, n)
        locked_low, locked_high = wilson_interval(locked, n)
        rows.append({"setting": name, "games": n, "mean_score": mean, "mean_low": low, "mean_high": high,
                     "first_wins": first / n if n else math.nan, "first_low": first_low,
                     "first_high": first_high, "ties": float(games["tie"].mean()),
                     "locked": locked / n if n else math.nan, "locked_low": locked_low,
                     "locked_high": locked_high,
                     **{column: float(games[column].mean()) for column in PER_GAME}})
    return pd.DataFrame(rows).set_index("setting")
