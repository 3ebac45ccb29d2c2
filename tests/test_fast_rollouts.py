"""The compiled playouts from a position (muzlab[fast]) score what the pure rollouts score, from the same
generators, which they leave in the same state; the evaluator's rollout values are equal on both engines."""

import random

import pytest

from muzlab.core.board import Board
from muzlab.core.errors import UnknownSetting
from muzlab.play import fast_playouts as fast
from muzlab.play.agents import make_agent, roll_and_choose
from muzlab.play.coach import evaluate
from muzlab.play.game import Game
from muzlab.play.value import Evaluator, rollout
from muzlab.rules.position import Position
from muzlab.rules.ruleset import RuleSet

pytest.importorskip("numba", reason="numba is not installed (pip install 'muzlab[fast]'): the compiled "
                                    "playouts are not tested here")

HOUSE = RuleSet(opening_on_centre=False, opening_scores=True, one_extra_roll_per_placement=False,
                rolls_add_up=False)


def holes() -> Board:
    """A board with holes in its lines, honeypots and its centre off the middle."""
    rng = random.Random(4)
    cells = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    cells = [cell for cell in cells if cell in ((0, 0), (1, 0)) or rng.random() > 0.12]
    pots = {cell: 2 for cell in cells if rng.random() < 0.1 and cell != (1, 0)} | {(1, 0): 3}
    return Board(cells, pots, centre=(1, 0), name="holes")


SETTINGS = {  # name: (rules, dice, board)
    "basic": (RuleSet.basic(), 21, None),
    "master-42": (RuleSet.master(), 42, "master"),
    "house": (HOUSE, 21, None),
    "board-with-holes": (RuleSet.master(), 33, "holes"),
}


def chance_nodes(setting: str, players: int, count: int):
    """(position, dice left, roller) part way through greedy games, from the empty board to the last die."""
    rules, dice, board = SETTINGS[setting]
    board = holes() if board == "holes" else board
    for seed in range(count):
        game = Game(players, board, rules, dice, seed)
        agents = [make_agent("greedy", f"{seed}:{seat}") for seat in range(players)]
        stop = random.Random(seed).randrange(dice)
        while game.phase != "over" and len(game.position) < stop:
            cell = roll_and_choose(game, agents[game.current_player])
            if game.over:
                break
            game.pass_die() if cell is None else game.place(cell)
        if game.phase != "over":
            yield game.position, game.supply, game.current_player


@pytest.mark.parametrize("agent", fast.PLAYOUT_AGENTS)
@pytest.mark.parametrize("setting", list(SETTINGS))
def test_compiled_playouts_score_the_pure_rollouts_and_leave_the_generators_alike(setting, agent):
    players_of = {0: 1, 1: 2, 2: 3, 3: 4}
    for k, (position, left, roller) in enumerate(chance_nodes(setting, 2, 30 if agent == "expert" else 100)):
        players = players_of[k % 4]
        roller %= players
        seeds = [random.Random(f"{setting}:{k}") for _ in range(2)]
        agents = [make_agent(agent, rng.randrange(2**32)) for rng in seeds]
        pure = [rollout(position, left, roller, players, agents[0], seeds[0]) for _ in range(4)]
        quick = fast.playouts(position, left, roller, players, agents[1], seeds[1], 4)
        assert quick == pure, (setting, agent, position.notation(), left, roller, players)
        assert seeds[1].getstate() == seeds[0].getstate()
        assert agents[1].state() == agents[0].state() and agents[1].rng.getstate() == agents[0].rng.getstate()


def test_the_playouts_are_not_trivial_and_run_past_a_locked_board():
    """Scores differ from playout to playout and seat to seat; a board that locks ends them early."""
    position, left, roller = next(chance_nodes("basic", 2, 1))
    points = fast.playouts(position, left, roller, 2, make_agent("expert", 1), random.Random(1), 50)
    assert len({tuple(row) for row in points}) > 10 and any(row[0] != row[1] for row in points)
    tiny = Board([(0, 0), (0, 1), (1, 0)], name="three")
    start = Position(tiny, {(0, 0): 0})
    seeds = [random.Random(5), random.Random(5)]
    pure = [rollout(start, 9, 0, 2, make_agent("random", 2), seeds[0]) for _ in range(20)]
    assert fast.playouts(start, 9, 0, 2, make_agent("random", 2), seeds[1], 20) == pure
    assert seeds[1].getstate() == seeds[0].getstate()
    assert max(sum(row) for row in pure) <= 2 * 3  # two dice at most go on, then the board is locked


@pytest.mark.parametrize("agent", fast.PLAYOUT_AGENTS)
def test_the_evaluators_rollout_values_are_equal_on_both_engines(agent):
    nodes = list(chance_nodes("master-42", 2, 6))
    for position, left, roller in nodes:
        values = [Evaluator(2, 0, "rollouts", agent=agent, rollouts=6, seed=3, engine=engine).chance(
            position, left, roller) for engine in ("pure", "fast")]
        assert values[1] == values[0]
    position, left, _ = max(nodes, key=lambda node: len(node[0]))  # depth 1: a leaf per face and cell
    late = min(left, 3)
    assert (evaluate(position, late, depth=1, leaf="rollouts", agent=agent, rollouts=3, engine="fast")
            == evaluate(position, late, depth=1, leaf="rollouts", agent=agent, rollouts=3, engine="pure"))


def test_auto_plays_rollouts_compiled_and_refuses_what_it_cannot():
    assert Evaluator(2, leaf="rollouts").engine == "fast"
    assert Evaluator(2, leaf="rollouts", engine="pure").engine == "pure"
    assert Evaluator(2).engine == "pure"  # the model leaf plays no rollouts
    with pytest.raises(UnknownSetting, match="unknown engine 'quick'"):
        Evaluator(2, engine="quick")
    with pytest.raises(UnknownSetting, match="rollouts only by random, greedy, expert, not 'human'"):
        fast.choose_playout_engine("fast", "human")
    deeper = make_agent("expert", 1)
    deeper.depth = 2
    position, left, roller = next(chance_nodes("basic", 2, 1))
    with pytest.raises(UnknownSetting, match="the expert at depth 1"):
        fast.playouts(position, left, roller, 2, deeper, random.Random(0), 1)


@pytest.mark.parametrize("used", [0, 1, 311, 623, 624])
@pytest.mark.parametrize("draws", [0, 1, 156, 312, 700, 1500])
def test_the_kernels_generator_goes_on_from_any_python_state_and_leaves_pythons(used, draws):
    """One Mersenne Twister for games (twisted word by word) and playouts: from a `getstate()` state at
    any index, its draws are `random()`'s, across the rounds' ends, and `to_state` gives `getstate()`."""
    import numpy as np
    from numba import njit

    from muzlab.play import fast_kernel

    @njit
    def drawn(mt, where, count, out):
        fast_kernel.from_state(where, 0)
        for i in range(count):
            out[i] = fast_kernel.draw(mt, where, 0)
        fast_kernel.to_state(mt, where, 0)

    rng = random.Random(f"state-{used}")
    for _ in range(used):
        rng.getrandbits(32)
    version, state, gauss = rng.getstate()
    mt, where = np.array(state[:624], dtype=np.uint32).reshape(624, 1), np.array([state[624]], dtype=np.int64)
    out = np.zeros(draws)
    drawn(mt, where, draws, out)
    assert out.tolist() == [rng.random() for _ in range(draws)]
    assert (version, (*mt[:, 0].tolist(), int(where[0])), gauss) == rng.getstate()
