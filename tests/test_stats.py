"""Stats helpers: the same tables from pandas frames in memory and from Dask DataFrames over a partitioned
Parquet dataset, and tables that agree with SimulationResult.summary and with the frames themselves."""

import sys

import pandas as pd
import pytest

from muzlab import simulate
from muzlab.sim import stats

dd = pytest.importorskip("dask.dataframe")
# Dask's Parquet reader still calls reset_index(inplace=True), which pandas 3.1 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.reset_index")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """One simulation twice: frames in memory, and a dataset of four part files."""
    settings = {"seed": 5, "alternate_seats": True, "workers": 1, "chunk_size": 25}
    memory = simulate(100, ("greedy", "random", "random"), **settings)
    dataset = simulate(100, ("greedy", "random", "random"), **settings,
                       out=tmp_path_factory.mktemp("stats") / "run")
    return memory, dataset


HELPERS = [
    (stats.win_shares, "games", {}), (stats.win_shares, "games", {"by": "agent"}),
    (stats.mean_scores, "games", {}), (stats.mean_scores, "games", {"by": "agent"}),
    (stats.cell_counts, "moves", {}), (stats.cell_counts, "moves", {"openings": True}),
    (stats.pass_rates, "moves", {}), (stats.pass_rates, "moves", {"by": "player"}),
]


@pytest.mark.parametrize(("helper", "kind", "options"), HELPERS,
                         ids=[f"{h.__name__}-{o or ''}" for h, _, o in HELPERS])
def test_pandas_and_dask_over_the_dataset_give_the_same_table(runs, helper, kind, options):
    memory, dataset = runs
    expected = helper(getattr(memory, kind), **options)
    lazy = getattr(dataset, f"{kind}_dask")()
    assert isinstance(lazy, dd.DataFrame) and lazy.npartitions == 4
    pd.testing.assert_frame_equal(helper(lazy, **options), expected)
    pd.testing.assert_frame_equal(helper(dataset, **options), expected)  # the dataset itself: Dask
    pd.testing.assert_frame_equal(helper(getattr(dataset, kind)(), **options), expected)
    pd.testing.assert_frame_equal(helper(memory, **options), expected)


def test_win_shares_and_mean_scores_agree_with_the_summary(runs):
    memory, _ = runs
    for by in ("player", "agent"):
        summary = memory.summary(by)
        shares, scores = stats.win_shares(memory, by), stats.mean_scores(memory, by)
        columns = ["games", "wins", "win_share", "win_low", "win_high"]
        pd.testing.assert_frame_equal(shares[columns], summary[columns], check_dtype=False, check_names=False)
        pd.testing.assert_series_equal(scores["mean_score"], summary["mean_score"], check_names=False)
    assert stats.win_shares(memory)["agent"].tolist() == memory.summary()["agent"].tolist()
    seat0 = memory.games["score_0"]
    row = stats.mean_scores(memory).loc["Player 1"]
    assert row["std"] == pytest.approx(seat0.std())
    assert row["mean_low"] < seat0.mean() < row["mean_high"]


def test_cell_counts_and_pass_rates_agree_with_the_frames(runs):
    memory, _ = runs
    moves = memory.moves
    cells = stats.cell_counts(memory)
    placed = moves[moves["action"] == "place"]
    assert cells["placements"].sum() == len(placed) and cells["points"].sum() == placed["points"].sum()
    assert cells["share"].sum() == pytest.approx(1)
    assert cells.loc[(4, 0), "honeypot"] == 3 and cells.loc[(1, 0), "honeypot"] == 1
    with_openings = stats.cell_counts(memory, openings=True)
    assert (0, 0) not in cells.index and with_openings.loc[(0, 0), "placements"] == 100  # the opening die
    rates = stats.pass_rates(memory)
    assert rates.index.tolist() == ["greedy", "random"]
    assert rates["passes"].sum() == memory.games["passes"].sum()
    assert rates["rerolls"].sum() == memory.games["rerolls"].sum()
    by_player = stats.pass_rates(memory, by="player")
    assert by_player.index.tolist() == ["Player 1", "Player 2", "Player 3"]
    passes = moves[moves["action"] == "pass"]
    assert by_player["passes"].tolist() == [(passes["player"] == seat).sum() for seat in range(3)]
    rolled = moves[moves["action"].isin(["place", "pass"]) & ~moves["bonus"]]  # 3 players: no lone re-rolls
    assert rates["rolled"].sum() == len(rolled)
    assert (moves.loc[moves["action"] == "reroll", "received"]).all()
    assert ((rates["pass_low"] <= rates["pass_rate"]) & (rates["pass_rate"] <= rates["pass_high"])).all()
    with pytest.raises(ValueError, match="choose 'player' or 'agent'"):
        stats.pass_rates(memory, by="colour")
    with pytest.raises(ValueError, match="choose 'player' or 'agent'"):
        stats.win_shares(memory, by="colour")


def test_a_dataset_without_dask_is_read_with_pandas(runs, monkeypatch):
    memory, dataset = runs
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    assert isinstance(stats.frame_of(dataset, "games"), pd.DataFrame)
    pd.testing.assert_frame_equal(stats.win_shares(dataset), stats.win_shares(memory))


def test_the_statistics_pictures_load_without_games_agents_or_simulations():
    import subprocess

    code = ("import sys, muzlab.views.plot, muzlab.views.statsplots; "
            "print(sorted(m for m in sys.modules if m in {'muzlab.play.game', 'muzlab.play.agents', "
            "'muzlab.sim.simulation', "
            "'muzlab.play.coach', 'muzlab.sim.runner'}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"
    from muzlab import Game, simulate  # the play layer's names still come from muzlab, on first use

    # (muzlab.Game is the notebook's front door over the play layer's Game)
    assert Game.__module__ == "muzlab.notebook_game" and Game.__mro__[1].__module__ == "muzlab.play.game"
    assert simulate.__module__ == "muzlab.sim.simulation"


def test_compare_gives_each_setting_its_figures_with_intervals():
    from dataclasses import replace

    from muzlab import RuleSet
    from muzlab.views import statsplots

    opening = replace(RuleSet.basic(), name="opening scores", opening_scores=True)
    results = {"basic": simulate(60, ("greedy", "greedy"), seed=3),
               "opening scores": simulate(60, ("greedy", "greedy"), seed=3, rules=opening)}
    table = stats.compare(results)
    assert table.index.tolist() == ["basic", "opening scores"] and table["games"].tolist() == [60, 60]
    games = results["basic"].games
    row = table.loc["basic"]
    assert row["mean_score"] == pytest.approx((games["score_0"] + games["score_1"]).mean() / 2)
    assert row["first_wins"] == (games["winner"] == 0).mean()
    assert row["passes"] == games["passes"].mean() and row["locked"] == 0 == row["locked_low"]
    for measure, low, high in (("mean_score", "mean_low", "mean_high"), ("first_wins", "first_low",
                                                                        "first_high")):
        assert ((table[low] < table[measure]) & (table[measure] < table[high])).all()
    # the same seeds play the same games: scoring the opening die gives Player 1 exactly one point more
    difference = results["opening scores"].games["score_0"] - games["score_0"]
    assert set(difference) == {1}
    assert table.loc["opening scores", "mean_score"] == pytest.approx(row["mean_score"] + 0.5)
    ax = statsplots.settings_comparison(table, "first_wins")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["basic", "opening scores"]
    with pytest.raises(ValueError, match="measure 'speed'"):
        statsplots.settings_comparison(table, "speed")
