"""The compiled engine's door in the play layer (`pip install 'muzlab[fast]'`): whether numba is here,
which engine plays, the tables of a board and a rule set for the kernels, and playouts from a
position (`playouts`: `muzlab.play.value.rollout` many times over in `muzlab.play.fast_rollouts`, the
same points from the same generators). `muzlab.sim.fast` plays whole games with the same tables.
"""

from __future__ import annotations

import importlib.util
import random
from functools import lru_cache
from typing import TYPE_CHECKING

from muzlab.core.board import Board
from muzlab.core.errors import UnknownSetting, shown
from muzlab.core.outputs import signals_held
from muzlab.core.theory import SCALE_STEPS, TRIAD_STEPS
from muzlab.rules.ruleset import RuleSet

if TYPE_CHECKING:
    import numpy as np

    from muzlab.play.agents import Agent
    from muzlab.rules.position import Position

#: The agents the compiled code plays exactly as the pure code does (the expert at depth 1, its default).
PLAYOUT_AGENTS = ("random", "greedy", "expert")
ENGINES = ("auto", "fast", "pure")
INSTALL_FAST = "the fast engine needs numba; pip install 'muzlab[fast]'"


def installed() -> bool:
    """Whether numba can be imported here (without importing it)."""
    return importlib.util.find_spec("numba") is not None


def choose_playout_engine(engine: str, agent: str) -> str:
    """"fast" or "pure" for the rollouts of an evaluator (`muzlab.play.value.Evaluator`), as
    `choose_engine` chooses for games, among PLAYOUT_AGENTS."""
    if engine not in ENGINES:
        raise UnknownSetting("unknown engine {engine}; choose one of {engines}", engine=shown(engine),
                             engines=", ".join(ENGINES))
    if engine == "pure" or (engine == "auto" and not (agent in PLAYOUT_AGENTS and installed())):
        return "pure"
    if agent not in PLAYOUT_AGENTS:
        raise UnknownSetting("the fast engine plays rollouts only by {agents}, not {agent}; use "
                             "engine='pure' or 'auto'", agents=", ".join(PLAYOUT_AGENTS), agent=shown(agent))
    if not installed():
        raise UnknownSetting(INSTALL_FAST)
    return "fast"


@lru_cache(maxsize=16)
def tables(board: Board, rules: RuleSet) -> dict:
    """The board's neighbours by line and the rule set's run tables, as arrays for the kernel."""
    import numpy as np  # (numpy loads where the engine runs)

    cells = len(board.cells)
    up = np.full((3, cells), -1, dtype=np.int64)
    down = np.full((3, cells), -1, dtype=np.int64)
    for line in range(3):
        for i in range(cells):
            if board.up[line][i]:
                up[line, i] = board.up[line][i][0]
            if board.down[line][i]:
                down[line, i] = board.down[line][i][0]
    neighbours = np.full((cells, 6), -1, dtype=np.int64)
    for i, near in enumerate(board.neighbour_indices):
        neighbours[i, :len(near)] = near
    checks = rules.checks()
    kinds = sorted(rules.scale_types)  # in name order: a scale completed is named as sorted() picks it
    sizes = np.array([len(SCALE_STEPS[kind]) for kind in kinds], dtype=np.int64)
    steps = np.zeros((len(kinds), 12), dtype=np.int64)
    offsets = np.zeros((len(kinds), 12), dtype=np.int64)
    for k, kind in enumerate(kinds):
        pattern = SCALE_STEPS[kind]
        steps[k, :len(pattern)] = pattern
        offsets[k, :len(pattern)] = [sum(pattern[:degree]) for degree in range(len(pattern))]
    qualities = sorted(rules.triad_qualities)
    triad = np.full((12, 12), -1, dtype=np.int64)
    for q, quality in enumerate(qualities):
        triad[TRIAD_STEPS[quality]] = q
    # the scale degrees as bits: kind k's degree d is bit first[k] + d
    first = np.cumsum([0, *sizes[:-1]])
    degrees = np.zeros((6, max(13, len(kinds))), dtype=np.int64)
    for k, kind in enumerate(kinds):
        for d, step in enumerate(SCALE_STEPS[kind]):
            degrees[0, step] |= 1 << int(first[k] + d)
        degrees[1, k] = 1 << int(first[k] + sizes[k] - 1)
        degrees[2, k] = 1 << int(first[k])
        degrees[3, 0] |= degrees[1, k]  # every last degree
        degrees[3, 1] |= ((1 << int(sizes[k])) - 1) << int(first[k])  # every degree
        for length in range(1, 13):
            if sizes[k] >= length:
                degrees[4, length] |= ((1 << int(sizes[k])) - 1) << int(first[k])  # types this long
            if sizes[k] == length:
                degrees[5, length] |= ((1 << int(sizes[k])) - 1) << int(first[k])  # types exactly this long
    pair_ok = np.array([step in checks.pair_steps for step in range(12)], dtype=np.bool_)
    switches = np.array([rules.opening_on_centre, rules.opening_scores, rules.one_extra_roll_per_placement,
                         rules.rolls_add_up, rules.end_on_locked_board], dtype=np.bool_)
    return {
        "up": up, "down": down, "neighbours": neighbours,
        "multiplier": np.array(board.multiplier, dtype=np.int64), "centre": board.index[board.centre],
        "sizes": sizes, "steps": steps, "offsets": offsets, "max_scale": checks.max_scale,
        "min_scale": checks.min_scale, "lone_below": np.array(checks.scale_lone[0], dtype=np.int64),
        "lone_above": np.array(checks.scale_lone[1], dtype=np.int64), "pair_ok": pair_ok, "triad": triad,
        "room": room_masks(np.array(checks.completes_above, dtype=np.int64),
                           np.array(checks.completes_below, dtype=np.int64)), "degrees": degrees,
        "switches": switches,
        "kinds": kinds, "qualities": qualities,
        "q": np.array([c[0] for c in board.cells], dtype=np.int64),
        "r": np.array([c[1] for c in board.cells], dtype=np.int64),
    }


def room_masks(above: np.ndarray, below: np.ndarray) -> np.ndarray:
    """The room rule's tables for `fast_kernel.cell_mask`: [side, end, half, die, fit] is the mask of
    the pitches p beside one die in a column (side 0: the die below, 1: above) whose pair can still be
    finished at that end (end 0: above the pair, by `above` = the rule set's `completes_above`; end 1:
    below it, `completes_below`) in a cell accepting the pitches `fit`, split in two six-bit halves
    (fit & 63, fit >> 6, ORed): four look-ups instead of a loop over the twelve pitches."""
    import numpy as np  # (numpy loads where the engine runs)

    pitch = np.arange(12)[:, None]
    by_side = np.stack([np.stack([above.T, below.T]), np.stack([above, below])])  # [side, end, p, die]
    fits = np.arange(64)[None, :] << (6 * np.arange(2))[:, None]  # [half, fit]
    finishes = (by_side[:, :, None, :, :, None] & fits[None, None, :, None, None, :]) != 0
    return (finishes * (1 << pitch)[None, None, None, :, :, None]).sum(axis=3).astype(np.int64)


@lru_cache(maxsize=16)
def _column_table(board: Board, rules: RuleSet) -> np.ndarray:
    """`fast_kernel.column_table` of a rule set (the board's tables beside it)."""
    from muzlab.play import fast_kernel

    t = tables(board, rules)
    return fast_kernel.column_table(t["pair_ok"], t["triad"], t["room"])


def playouts(position: Position, dice_left: int, roller: int, players: int, agent: Agent,
             faces: random.Random, count: int) -> list[list[int]]:
    """The points of each seat in `count` rollouts one after the other (`muzlab.play.value.rollout`),
    played in compiled code: faces drawn from `faces`, the choices by `agent` (one of PLAYOUT_AGENTS,
    the expert at depth 1) from its generator; both generators are left where the pure rollouts
    leave them, the agent's draws counted."""
    import numpy as np  # (numpy loads where the engine runs)

    from muzlab.play import fast_rollouts

    if agent.name not in PLAYOUT_AGENTS or getattr(agent, "depth", 1) != 1:
        raise UnknownSetting("the fast engine plays rollouts only by {agents} (the expert at depth 1), not "
                             "{agent}", agents=", ".join(PLAYOUT_AGENTS), agent=shown(agent))
    board, rules = position.board, position.rules
    t = tables(board, rules)
    grid = np.full(len(board.cells), -1, dtype=np.int64)
    for cell, pitch in position.dice.items():
        grid[board.index[cell]] = pitch
    run_tables = (t["up"], t["down"], t["sizes"], t["steps"], t["max_scale"], t["lone_below"],
                  t["lone_above"], np.empty(32, dtype=np.int64), t["degrees"])
    rule_tables = (run_tables, t["triad"], t["offsets"], t["min_scale"], _column_table(board, rules))
    board_tables = (t["up"], t["down"], t["neighbours"], t["multiplier"])
    generators = (faces, agent.rng)
    mt, where = np.empty((624, 2), dtype=np.uint32), np.empty(2, dtype=np.int64)
    for g, rng in enumerate(generators):
        state = rng.getstate()[1]
        mt[:, g], where[g] = state[:624], state[624]
    points = np.zeros((count, players), dtype=np.int64)
    opening = (bool(rules.opening_on_centre), int(t["centre"]), bool(rules.opening_scores))
    with signals_held():
        draws = fast_rollouts.play_rollouts(grid, dice_left, roller, players,
                                            PLAYOUT_AGENTS.index(agent.name), opening, board_tables,
                                            rule_tables, mt, where, points)
    for g, rng in enumerate(generators):
        version, _, gauss = rng.getstate()
        rng.setstate((version, (*mt[:, g].tolist(), int(where[g])), gauss))
    agent.rng.draws += draws
    return points.tolist()
