"""Computer players: chosen by name, legal, never touching the game; greedy is greedy; expert is better."""

import pytest

from muzlab import Game, GameError
from muzlab.play.agents import AGENTS, Agent, ExpertAgent, make_agent, play
from muzlab.sim.simulation import simulate

D = 2


def midgame(seed: int) -> Game:
    """A two-player game stopped at a die in hand with at least two legal cells."""
    game = Game(seed=seed)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
        elif len(game.legal_placements()) >= 2 and len(game.position) >= 6:
            return game
        elif (cell := agents[game.current_player].choose(game)) is None:
            game.pass_die()
        else:
            game.place(cell)
    raise AssertionError("no choice came up")


def test_agents_are_chosen_by_name():
    assert sorted(AGENTS) == ["expert", "greedy", "random"]
    for name in AGENTS:
        agent = make_agent(name, 3)
        assert isinstance(agent, Agent) and agent.name == name and agent.passes_when_able is False
        assert repr(agent) == f"<{type(agent).__name__} {name!r}>"
    with pytest.raises(ValueError, match="unknown agent 'smart'; known agents"):
        make_agent("smart")


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_agents_choose_a_legal_cell_pass_only_without_one_and_leave_the_game_alone(name):
    for seed in range(6):
        game = midgame(seed)
        record = game.to_json()
        cell = make_agent(name, seed).choose(game)
        assert cell in game.legal_placements()
        assert game.to_json() == record and game == Game.from_json(record)
    game = Game(seed=0)
    game.roll(0)
    game.place((0, 0))
    game.roll(1)
    game.pass_die()
    game.pass_die()
    assert make_agent(name).choose(game) is None  # nothing in hand: nothing to place


def test_greedy_takes_the_largest_immediate_score_and_breaks_ties_by_its_seed():
    for seed in range(6):
        game = midgame(seed)
        scores = {cell: game.position.score(game.hand, cell) for cell in game.legal_placements()}
        assert scores[make_agent("greedy", seed).choose(game)] == max(scores.values())
    game = Game(seed=0)
    game.roll(0)
    game.place((0, 0))
    game.roll(D)  # D climbs from a lone C on either diagonal: two cells worth 2 each
    picks = {make_agent("greedy", seed).choose(game) for seed in range(20)}
    assert picks == {(1, -1), (-1, 0)}
    assert {make_agent("greedy", 5).choose(game) for _ in range(3)} == {make_agent("greedy", 5).choose(game)}


def test_play_needs_one_agent_per_seat_and_finishes_the_game():
    with pytest.raises(GameError, match="1 agent for 2 players"):
        play(Game(seed=1), [make_agent("random")])
    game = play(Game(3, seed=1), [make_agent("greedy", i) for i in range(3)])
    assert game.over and not game.missed()


@pytest.mark.slow
def test_the_expert_beats_greedy_with_seats_alternated():
    result = simulate(2000, ("expert", "greedy"), seed=2024, alternate_seats=True, progress=False)
    table = result.summary("agent")
    assert table.loc["expert", "win_low"] > 0.5  # Wilson 95% interval clear of a coin toss
    assert table.loc["expert", "mean_score"] > table.loc["greedy", "mean_score"] + 1


def test_the_expert_searches_deeper_on_request_and_still_plays_legally():
    game = midgame(3)
    shallow, deep = ExpertAgent(1), ExpertAgent(1, depth=2)
    assert deep.depth == 2 and shallow.depth == 1
    choice = deep.choose(game)
    assert choice in game.legal_placements() and ExpertAgent(1, depth=2).choose(game) == choice
    assert shallow.choose(game) in game.legal_placements()
