"""The sums `muzlab.sim.stats` reads of a simulation dataset, computed in Arrow from its Parquet parts.

Only the columns a sum needs are read, several parts at a time, and the grouping runs in Arrow: no
part becomes a pandas frame of Python-level strings, so a million games' report takes seconds and
little memory. Each function gives the table its `muzlab.sim.stats` namesake gives for those parts
(tests/test_sim.py compares them with the frames in memory).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

SEAT_COLUMNS = ["seat", "agent", "games", "wins", "first_game", "score_sum", "score_squares"]
PASS_COLUMNS = ["rolled", "passes", "rerolls", "missed"]


def seat_totals(paths: Sequence[Path], players: int) -> pd.DataFrame:
    """`stats.seat_totals` of the games in these part files: per (seat, agent) games, wins, first game,
    score sum and sum of squares."""
    import pandas as pd  # (pandas loads where tables are made)
    import pyarrow as pa  # (with pandas)
    import pyarrow.compute as pc

    seats = range(players)
    columns = ["game", "winner", *(f"agent_{i}" for i in seats), *(f"score_{i}" for i in seats)]
    table = _dataset(paths, [f"agent_{i}" for i in seats]).to_table(columns=columns).unify_dictionaries()
    tables = []
    for seat in seats:
        score = pc.cast(table[f"score_{seat}"], "int64")
        grouped = pa.table({"agent": table[f"agent_{seat}"], "game": table["game"],
                            "win": pc.equal(table["winner"], seat), "score": score,
                            "square": pc.multiply(score, score)}).group_by("agent").aggregate(
            [("game", "count"), ("win", "sum"), ("game", "min"), ("score", "sum"), ("square", "sum")])
        frame = grouped.to_pandas()
        tables.append(pd.DataFrame({"seat": seat, "agent": frame["agent"].astype("str"),
                                    "games": frame["game_count"], "wins": frame["win_sum"],
                                    "first_game": frame["game_min"], "score_sum": frame["score_sum"],
                                    "score_squares": frame["square_sum"]}))
    long = pd.concat(tables, ignore_index=True)[SEAT_COLUMNS]
    return long.astype({name: "int64" for name in SEAT_COLUMNS if name != "agent"})


def pass_counts(paths: Sequence[Path], by: str) -> pd.DataFrame:
    """`stats.pass_counts` of the moves in these part files: per agent or seat, dice rolled after the
    opening, passes, re-rolls and missed placements."""
    import pyarrow as pa  # (pyarrow comes with pandas)
    import pyarrow.compute as pc

    table = _dataset(paths, ["agent", "action"]).to_table(columns=[by, "action", "received", "missed"],
                                                          filter=pc.field("action") != "opening")
    table = table.unify_dictionaries()  # (each part has its own dictionary of names)
    grouped = pa.table({by: table[by], "rolled": pc.invert(table["received"]),
                        "passes": pc.equal(table["action"], "pass"),
                        "rerolls": pc.equal(table["action"], "reroll"),
                        "missed": table["missed"]}).group_by(by).aggregate(
        [(name, "sum") for name in PASS_COLUMNS])
    frame = grouped.to_pandas()
    frame = frame.set_index(frame[by].astype("str") if by == "agent" else frame[by])
    frame.columns = [name.removesuffix("_sum") for name in frame.columns]
    return frame[PASS_COLUMNS].astype("int64")



def _dataset(paths: Sequence[Path], text: list[str]) -> Any:
    """The part files as one Arrow dataset, the `text` columns read as dictionaries (their few distinct
    strings once, not one string per row)."""
    import pyarrow.dataset as ds  # (pyarrow comes with pandas)

    options = ds.ParquetReadOptions(dictionary_columns=text)
    return ds.dataset([str(path) for path in paths], format=ds.ParquetFileFormat(read_options=options))
