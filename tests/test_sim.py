"""Simulations: the OpenSpiel-style random-game invariants, the frames of `simulate`, parquet and CLI."""

import random
from dataclasses import replace
from typing import NamedTuple

import pandas as pd
import pytest
import reference_rules as reference
from scripted import play_script, play_some

from muzlab import Game, RuleSet, simulate
from muzlab.cli import main
from muzlab.sim import stats
from muzlab.sim.simulation import MOVE_COLUMNS, SimulationResult, SimulationSpec, games_frames, play_games
from muzlab.sim.stats import wilson_interval


# ---- random games, every invariant at every event ------------------------------------------------------
def random_settings(rng: random.Random) -> dict:
    rules = RuleSet.master() if rng.random() < 0.2 else RuleSet.basic()
    rules = replace(rules, opening_scores=rng.random() < 0.3,
                    one_extra_roll_per_placement=rng.random() < 0.7, rolls_add_up=rng.random() < 0.7)
    dice = rng.choice(rules.dice_choices) if rng.random() < 0.5 else rng.randrange(2, 40)
    return {"players": rng.randrange(1, 5), "rules": rules, "dice": dice, "seed": rng.randrange(10**9)}


def check_invariants(game: Game, before: "Before", dice_before: dict) -> None:
    """What must hold after every event of every game."""
    assert game.supply + len(game.position) + game.dice_in_hand == game.dice
    assert game.supply >= 0 and game.position.problems() == []
    for seat in range(game.players):
        assert game.scores[seat] == sum(e.points for e in game.events if e.player == seat)
    event = game.events[-1]
    if event.kind == "place":
        if event.source == "opening":
            assert event.points == (reference.score(game.board, {}, event.pitch, event.cell, True)
                                    if game.rules.opening_scores else 0)
        else:
            assert event.points == reference.score(game.board, dice_before, event.pitch, event.cell)
        if game.rules.name == "basic":
            after = dict(game.position.dice)
            lengths = [len(reference.run_through(after, event.cell, *line)) for line in reference.LINES]
            assert bool(event.completed) == (lengths[0] == 3 or 7 in lengths[1:])
        if event.completed and not game.over:
            assert game.current_player == event.player and game.rolls_owed >= 1
    elif event.kind == "pass":  # handed on, same face up
        assert event.pitch == before.hand and before.phase == "place" and game.players > 1
        assert game.hand == event.pitch and game.phase == "bonus"
        assert game.current_player == (event.player + 1) % game.players
    elif event.kind == "reroll":  # a received die that cannot be placed, or one player: re-roll it
        assert event.pitch == before.hand and (before.phase == "bonus" or game.players == 1)
        assert game.phase == "reroll" and game.current_player == event.player
        assert event.legal_cells == len(game.position.legal_placements(event.pitch))
    elif event.source == "reroll":
        assert before.phase == "reroll" and game.supply == before.supply
    else:
        assert before.phase == "roll" and game.supply == before.supply - 1


@pytest.mark.parametrize("batch", range(4))
def test_random_games_keep_every_invariant_at_every_event(batch):
    rng = random.Random(batch)
    for _ in range(75):
        game = Game(**random_settings(rng))
        check_at = rng.randrange(1, 60)
        while not game.over:
            assert len(game.events) < 20 * game.dice + 100, "the game must end"
            before = Before(game.hand, game.phase, game.supply)
            dice_before = dict(game.position.dice)
            if game.phase in ("roll", "reroll"):
                game.roll()
            else:
                cells = game.legal_placements()
                opening = game.events[-1].source == "opening"
                # a person sometimes passes a die that had a place: that makes bonus plays happen
                if cells and (opening or rng.random() > 0.15):
                    game.place(rng.choice(cells))
                else:
                    game.pass_die()
            check_invariants(game, before, dice_before)
            if len(game.events) == check_at:
                assert Game.from_json(game.to_json()) == game
        assert game.end_reason in ("supply empty", "locked board")
        assert game.supply == 0 or game.position.is_locked()
        assert Game.from_json(game.to_json()) == game
        sheet = game.score_sheet()
        by_player = sheet.groupby("player")["points"].sum()
        assert [by_player.get(f"Player {s + 1}", 0) for s in range(game.players)] == list(game.scores)


class Before(NamedTuple):
    """The few fields of the game before an event that the invariants compare against."""

    hand: int | None
    phase: str
    supply: int


# ---- simulate --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def small() -> SimulationResult:
    return simulate(60, ("greedy", "random"), seed=7)


def test_the_frames_have_the_agreed_columns_and_types(small):
    assert list(small.games.columns) == [
        "game", "seed", "players", "agent_0", "agent_1", "score_0", "score_1", "winner", "tie", "dice_placed",
        "passes", "rerolls", "missed", "extra_rolls", "bonus_plays", "turns", "end_reason"]
    assert list(small.moves.columns) == MOVE_COLUMNS
    passes = small.moves[small.moves["action"] == "pass"]
    assert str(small.moves["q"].dtype) == "Int64" and passes["q"].isna().all() and passes["r"].isna().all()
    assert small.games["game"].tolist() == list(range(60))
    assert set(small.moves["action"]) == {"opening", "place", "pass", "reroll"}
    assert set(small.games["end_reason"]) <= {"supply empty", "locked board"}


def test_the_frames_agree_with_each_other_and_with_the_rules(small):
    games, moves = small.games, small.moves
    placed = moves[moves["action"].isin(["opening", "place"])]
    for seat in (0, 1):
        points = placed[placed["player"] == seat].groupby("game")["points"].sum()
        assert (games["score_" + str(seat)] == games["game"].map(points).fillna(0)).all()
    assert (games["dice_placed"] == games["game"].map(placed.groupby("game").size())).all()
    for action, column in (("pass", "passes"), ("reroll", "rerolls")):
        counted = games["game"].map(moves[moves["action"] == action].groupby("game").size()).fillna(0)
        assert (games[column] == counted).all()
    assert (games["missed"] == 0).all() and (games["bonus_plays"] == 0).all()  # agents never miss
    # between agents a passed die never has a place, so every pass is followed by the receiver's re-roll
    assert (games["passes"] == games["rerolls"]).all()
    handed = moves[moves["action"] == "pass"]
    following = moves.set_index(["game", "event"]).loc[list(zip(handed["game"], handed["event"] + 1,
                                                               strict=True))]
    assert (following["action"] == "reroll").all()
    assert (following["player"].to_numpy() == (handed["player"].to_numpy() + 1) % 2).all()
    decided = games[~games["tie"]]
    assert (decided.apply(lambda g: g[f"score_{g['winner']}"] > g[f"score_{1 - g['winner']}"], axis=1)).all()
    assert (games.loc[games["tie"], "winner"] == -1).all()
    assert placed.apply(lambda m: m["honeypot"] == honeypot(m["q"], m["r"]), axis=1).all()
    assert (moves.groupby("game")["dice_on_board"].diff().dropna() >= 0).all()
    # every completion earns one extra roll, unless that placement ended the game
    completing = placed[placed["completed"] > 0]
    assert ((placed["triad_quality"] != "") == placed["triad_root"].notna()).all()
    assert ((placed["scale_type"] != "") == placed["scale_tonic"].notna()).all()
    assert (placed["completed"] >= (placed["triad_quality"] != "") + (placed["scale_type"] != "")).all()
    ended = completing["event"] == completing["game"].map(moves.groupby("game")["event"].max())
    assert len(completing) - ended.sum() == games["extra_rolls"].sum() == moves["extra"].sum()
    seated = moves.apply(lambda m: games.loc[m["game"], f"agent_{m['player']}"], axis=1)
    assert (moves["agent"] == seated).all()


def honeypot(q: int, r: int) -> int:
    """docs/rules.md section 2: x2 two cells straight out from the centre, x3 on the six corners."""
    on_an_axis = q == 0 or r == 0 or q + r == 0
    return {2: 2, 4: 3}.get(max(abs(q), abs(r), abs(q + r)), 1) if on_an_axis else 1


def test_the_same_seed_gives_the_same_frames_whatever_the_workers_and_chunks(small):
    again = simulate(60, ("greedy", "random"), seed=7, workers=2, chunk_size=7)
    pd.testing.assert_frame_equal(again.games, small.games)
    pd.testing.assert_frame_equal(again.moves, small.moves)
    other = simulate(60, ("greedy", "random"), seed=8)
    assert not other.games["seed"].equals(small.games["seed"])


def test_a_chunk_of_games_is_the_same_rows_as_in_the_whole_run(small):
    spec = SimulationSpec(("greedy", "random"), seed=7)
    games, moves = play_games(spec, range(10, 13))
    assert [row[0] for row in games] == [10, 11, 12]
    assert list(games[1]) == small.games.iloc[11].tolist()
    assert len(moves) == (small.moves["game"].between(10, 12)).sum()


def test_seats_alternate_when_asked():
    result = simulate(6, ("expert", "greedy", "random"), seed=1, alternate_seats=True)
    assert result.games["agent_0"].tolist() == ["expert", "greedy", "random"] * 2
    assert result.summary("agent").index.tolist() == ["expert", "greedy", "random"]
    assert result.summary("agent")["games"].tolist() == [6, 6, 6]


def test_parquet_round_trips_both_frames(small, tmp_path):
    folder = small.to_parquet(tmp_path / "run")
    back = SimulationResult.read_parquet(folder)
    pd.testing.assert_frame_equal(back.games, small.games)
    pd.testing.assert_frame_equal(back.moves, small.moves)


def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    low, high = wilson_interval(550, 1000)
    assert low == pytest.approx(0.5191, abs=1e-4) and high == pytest.approx(0.5805, abs=1e-4)


def test_the_summary_gives_shares_with_intervals_and_passes(small):
    table = small.summary()
    assert table.index.tolist() == ["Player 1", "Player 2"]
    assert table["agent"].tolist() == ["greedy", "random"]
    assert (table["win_low"] <= table["win_share"]).all() and (table["win_share"] <= table["win_high"]).all()
    ties = small.games["tie"].mean()
    assert table["win_share"].sum() + ties == pytest.approx(1)
    assert table.loc["Player 1", "mean_score"] == small.games["score_0"].mean()
    assert table["passes_per_game"].sum() == pytest.approx(small.games["passes"].mean())
    assert table["rerolls_per_game"].sum() == pytest.approx(small.games["rerolls"].mean())
    with pytest.raises(ValueError, match="player"):
        small.summary("colour")


def test_bad_settings_are_refused_before_playing():
    with pytest.raises(ValueError, match="unknown agent 'clever'"):
        simulate(2, ("clever", "greedy"))
    with pytest.raises(ValueError, match="players"):
        simulate(2, ("greedy",) * 5)


def test_the_command_line_writes_the_frames_and_prints_a_summary(tmp_path, capsys):
    out = tmp_path / "frames"
    assert main(["simulate", "--games", "12", "--agents", "greedy,random", "--seed", "3", "--out", str(out),
                 "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "12 games, 2 players" in text and "win_low" in text and "passes" in text and "Player 2" in text
    back = SimulationResult.read_parquet(out)
    pd.testing.assert_frame_equal(back.games, simulate(12, ("greedy", "random"), seed=3).games)


def test_frames_of_recorded_games_count_each_pass_once_for_the_passer_and_the_re_roll_apart():
    # Player 1 passes a die with no place; Player 2 cannot place it: a re-roll
    game = play_script(Game(seed=2), (0, (0, 0), 6, "pass", "pass", 4, (0, -1), 7, "pass", (0, -2)))
    # ... then Player 1 passes G, which had a place, and Player 2 plays it as a bonus
    play_some(game)
    result = games_frames([Game.from_json(game.to_json())], agents=("person", "person"))
    row, moves = result.games.iloc[0], result.moves
    passes = moves[moves["action"] == "pass"]
    assert row["passes"] == len(passes) == sum(e.kind == "pass" for e in game.events)
    assert row["rerolls"] == (moves["action"] == "reroll").sum() >= 1
    first = moves[moves["pitch"] == 6].head(2)
    assert first["action"].tolist() == ["pass", "reroll"] and first["player"].tolist() == [0, 1]
    assert first["missed"].tolist() == [False, False]
    missed = moves[moves["missed"]]
    assert row["missed"] == len(missed) >= 1 and missed.iloc[0][["action", "pitch", "player"]].tolist() == [
        "pass", 7, 0]
    assert row["bonus_plays"] == moves["bonus"].sum() >= 1
    rates = stats.pass_rates(result, by="player")
    assert rates["passes"].tolist() == [(passes["player"] == seat).sum() for seat in (0, 1)]
    assert rates.index.tolist() == ["Player 1", "Player 2"]


def test_a_datasets_summary_is_summed_part_by_part_and_equals_the_frames_in_memory(tmp_path, monkeypatch):
    """The dataset's report reads only a few columns of each part, never the whole dataset at once."""
    from muzlab.sim import simulation
    from muzlab.sim.simulation import SimulationDataset

    monkeypatch.setattr(simulation, "READ_BATCH", 2)  # 5 parts: batches of 2, 2 and 1 summed

    kwargs = {"seed": 5, "workers": 1, "chunk_size": 70, "alternate_seats": True, "progress": False,
              "engine": "pure"}
    memory = simulate(300, ("greedy", "random"), **kwargs)
    dataset = simulate(300, ("greedy", "random"), out=tmp_path / "run", **kwargs)
    monkeypatch.setattr(SimulationDataset, "frame", lambda self, kind: pytest.fail("read whole"))
    for by in ("player", "agent"):
        pd.testing.assert_frame_equal(stats.win_shares(dataset, by), stats.win_shares(memory, by))
        pd.testing.assert_frame_equal(stats.mean_scores(dataset, by), stats.mean_scores(memory, by))
        pd.testing.assert_frame_equal(stats.pass_rates(dataset, by), stats.pass_rates(memory, by))
    assert "pass_rate" in dataset.report()
