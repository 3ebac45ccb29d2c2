"""Statistics of simulations that give the same answer from pandas frames in memory and from Dask
DataFrames over a partitioned Parquet dataset (runs bigger than memory).

Each helper takes a frame (pandas or Dask), a SimulationResult or a SimulationDataset, uses only
reductions both libraries share (masks, sums, counts, group-bys), computes them in one pass when they
are lazy, and returns a small pandas DataFrame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from muzlab.errors import UnknownSetting
from muzlab.sim import Z_95, SimulationResult, wilson_interval

if TYPE_CHECKING:
    import pandas as pd

Frames = Any  # a pandas or Dask DataFrame, a SimulationResult or a SimulationDataset


def frame_of(data: Frames, kind: str) -> Any:
    """The "games" or "moves" frame of `data`; a dataset gives Dask frames (pandas without Dask)."""
    from muzlab.cluster import SimulationDataset

    if isinstance(data, SimulationResult):
        return getattr(data, kind)
    if isinstance(data, SimulationDataset):
        try:
            import dask.dataframe  # noqa: F401
        except ImportError:
            return getattr(data, kind)()
        return getattr(data, f"{kind}_dask")()
    return data


def materialise(*values: Any) -> tuple:
    """The values computed in one pass if any is a lazy Dask collection; pandas values as they are."""
    if any(hasattr(value, "__dask_graph__") for value in values):
        import dask

        return dask.compute(*values)
    return values


def seat_totals(games: Frames) -> pd.DataFrame:
    """Per (seat, agent): games, wins, first game, score sum and sum of squares: the sums the helpers use."""
    import pandas as pd

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


def _sums(data: Frames, by: str) -> pd.DataFrame:
    """seat_totals summed per seat (with the agents who sat there, in order of first game) or per agent."""
    if by not in ("seat", "agent"):
        raise UnknownSetting(f"by {by!r}: choose 'seat' or 'agent'")
    totals = seat_totals(data).sort_values(["seat", "first_game"], kind="stable")
    sums = totals.groupby(by, sort=True)[["games", "wins", "score_sum", "score_squares"]].sum()
    if by == "seat":
        sums.insert(0, "agent", totals.groupby("seat", sort=True)["agent"].agg("/".join))
    return sums


def win_shares(games: Frames, by: str = "seat") -> pd.DataFrame:
    """Wins and win share with its Wilson 95% interval per seat (is the first player favoured?) or agent."""
    sums = _sums(games, by)
    intervals = [wilson_interval(int(w), int(n)) for w, n in zip(sums["wins"], sums["games"], strict=True)]
    table = sums.drop(columns=["score_sum", "score_squares"])
    table["win_share"] = table["wins"] / table["games"]
    table["win_low"] = [low for low, _ in intervals]
    table["win_high"] = [high for _, high in intervals]
    return table


def mean_scores(games: Frames, by: str = "seat") -> pd.DataFrame:
    """Mean score per seat or agent with its standard deviation and normal 95% interval."""
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


def cell_counts(moves: Frames, openings: bool = False) -> pd.DataFrame:
    """Placements and points per cell with its honeypot factor (which honeypots matter?); the opening
    die is left out unless `openings`, as it always goes on the same cell."""
    import pandas as pd

    moves = frame_of(moves, "moves")
    placed = moves[moves["action"] != "pass"] if openings else moves[moves["action"] == "place"]
    grouped = placed.groupby(["q", "r"])
    count, points, honeypot = materialise(grouped["points"].count(), grouped["points"].sum(),
                                          grouped["honeypot"].max())
    table = pd.DataFrame({"honeypot": honeypot, "placements": count, "points": points}).astype("int64")
    table.index = table.index.set_levels([level.astype("int64") for level in table.index.levels])
    table = table.sort_index()
    table["share"] = table["placements"] / table["placements"].sum()
    table["mean_points"] = table["points"] / table["placements"]
    return table


def pass_rates(moves: Frames, by: str = "agent") -> pd.DataFrame:
    """Passes per decision (a die in hand after the opening) per agent or seat ("player"), with the
    Wilson 95% interval, and `missed`: passes of a die that had a legal cell."""
    import pandas as pd

    if by not in ("agent", "player"):
        raise UnknownSetting(f"by {by!r}: choose 'agent' or 'player'")
    moves = frame_of(moves, "moves")
    decided = moves[moves["action"] != "opening"]
    grouped = decided.assign(passed=decided["action"] == "pass").groupby(by)
    count, passes, missed = materialise(grouped["passed"].count(), grouped["passed"].sum(),
                                        grouped["missed"].sum())
    table = pd.DataFrame({"decisions": count, "passes": passes, "missed": missed}).astype("int64")
    if by == "agent":
        table.index = table.index.astype("str")
    table = table.sort_index()
    intervals = [wilson_interval(int(p), int(n))
                 for p, n in zip(table["passes"], table["decisions"], strict=True)]
    table["pass_rate"] = table["passes"] / table["decisions"]
    table["pass_low"] = [low for low, _ in intervals]
    table["pass_high"] = [high for _, high in intervals]
    return table

