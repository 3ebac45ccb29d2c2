"""The shipped sample data loads, replays through the rules, and matches what the script makes."""

import pytest

from muzlab import Game, MuzlabError
from muzlab.agents import make_agent, play
from muzlab.samples import sample_game, sample_simulation
from muzlab.sim import simulate


def test_sample_games_replay_and_are_what_the_script_plays():
    game = sample_game("greedy-vs-random")
    assert game.over and '"version": 2' in game.to_json()
    again = play(Game(players=2, seed=3), [make_agent("greedy", "3:0"), make_agent("random", "3:1")])
    assert game == again


def test_sample_simulation_equals_a_fresh_run_of_the_same_seed():
    stored = sample_simulation("expert-greedy")
    assert len(stored.games) == 400
    fresh = simulate(40, ("expert", "greedy"), seed=2026, alternate_seats=True, progress=False)
    assert stored.games.head(40).reset_index(drop=True).equals(fresh.games)
    moves = stored.moves[stored.moves["game"] < 40].reset_index(drop=True)
    assert moves.equals(fresh.moves)


def test_unknown_sample_names_list_what_is_shipped():
    with pytest.raises(MuzlabError, match="no sample game named 'chess'.*greedy-vs-random"):
        sample_game("chess")
    with pytest.raises(MuzlabError, match="no sample simulation named 'x'"):
        sample_simulation("x")
