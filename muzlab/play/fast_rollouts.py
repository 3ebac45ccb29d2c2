"""Compiled playouts from a position (numba): `muzlab.play.value.rollout` many times over, its agent
"random", "greedy" or "expert" (depth 1), with the same generators drawn in the same order.

The generators are Python's Mersenne Twisters as `random.Random.getstate()` holds them, drawn by the
kernel's generator (`fast_kernel.from_state`, `to_state`), so a playout goes on from any generator's
state and leaves it where the pure code would. `muzlab.sim.fast.playouts` builds the arrays from a Position
and puts the generators' states back; tests/test_fast_rollouts.py checks the points against the pure
rollouts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from muzlab.play.fast_expert import copy_state, expert_best, place, scratch
from muzlab.play.fast_kernel import (
    ALL,
    CACHE,
    EMPTY,
    NO_REFCOUNTS,
    _legal_cells,
    _locked,
    _scale_mask,
    cell_mask,
    cell_score,
    draw,
    from_state,
    greedy_best,
    to_state,
)

#: The compiled engine's sources, hashed (`muzlab.play.fast_kernel.ENGINE_SOURCES`).
ENGINE_SOURCES = "f9d1f908a053b8b8"

RANDOM, GREEDY, EXPERT = 0, 1, 2


@njit(cache=CACHE, **NO_REFCOUNTS)
def _choose(agent, grid, count, hand, legal, n_legal, frontier, masks, diagonal, seat, players, left,
            scores_count, work, board, rules, mt, where):
    """The cell `agent` picks for a rollout's die (`rollout`: asked only when there are several)."""
    if agent == RANDOM:
        return legal[int(draw(mt, where, 1) * n_legal)]
    if agent == EXPERT:
        n_best = expert_best(grid, count, hand, legal, n_legal, frontier, masks, diagonal, seat, players,
                             left - 1, players == 1, scores_count, work, board, rules)
        return work[9][int(draw(mt, where, 1) * n_best)]
    best = work[9]
    n_best = greedy_best(grid, legal, n_legal, scores_count, board[0], board[1], board[3], best)
    return best[int(draw(mt, where, 1) * n_best)]


@njit(cache=CACHE)
def start_state(grid, on_centre, centre, board, rules):
    """(masks, diagonal, frontier, count) of the position with these dice, as a game would have them."""
    up, down, neighbours = board[0], board[1], board[2]
    t, column = rules[0], rules[4]
    cells = grid.shape[0]
    count = 0
    for c in range(cells):
        count += grid[c] != EMPTY
    masks, diagonal = np.zeros(cells, np.int64), np.full((3, cells), ALL, np.int64)
    frontier = np.zeros(cells, np.bool_)
    if count == 0:
        masks[:] = 0 if on_centre else ALL
        masks[centre] = ALL
        return masks, diagonal, frontier, count
    for c in range(cells):
        if grid[c] != EMPTY:
            continue
        for line in (1, 2):
            diagonal[line, c] = _scale_mask(grid, c, line, up, down, t[8], t[4], t[5], t[6])
        for k in range(neighbours.shape[1]):
            n = neighbours[c, k]
            if n >= 0 and grid[n] != EMPTY:
                frontier[c] = True
    for c in range(cells):
        if frontier[c]:
            masks[c] = cell_mask(grid, c, up, down, diagonal, column)
    return masks, diagonal, frontier, count


@njit(cache=CACHE)
def play_rollouts(grid0, dice_left, roller, players, agent, opening, board, rules, mt, where, points):
    """`rollout` once per row of points (rollouts x players), one after the other: faces drawn from
    generator 0 of mt (N x 2 words) at where[0], the agent's from generator 1; opening: (on the centre,
    the centre cell, the opening die scores). Returns the agent's draws."""
    on_centre, centre, opening_scores = opening
    masks0, diagonal0, frontier0, count0 = start_state(grid0, on_centre, centre, board, rules)
    cells = grid0.shape[0]
    grid, masks, frontier = np.empty(cells, np.int64), np.empty(cells, np.int64), np.empty(cells, np.bool_)
    diagonal, legal = np.empty((3, cells), np.int64), np.empty(cells, np.int64)
    work = scratch(cells)
    up, down, multiplier = board[0], board[1], board[3]
    draws = 0
    for g in range(2):
        from_state(where, g)
    for r in range(points.shape[0]):
        copy_state(grid0, masks0, diagonal0, frontier0, grid, masks, diagonal, frontier)
        count, left, seat = count0, dice_left, roller
        while left > 0:
            face = int(draw(mt, where, 0) * 12)
            n_legal = _legal_cells(frontier, masks, face, count, legal)
            if n_legal == 0:
                if count > 0 and _locked(frontier, masks):
                    break
                seat = (seat + 1) % players  # handed on, and re-rolled by the next seat
                continue
            scores_count = count > 0 or opening_scores
            cell = legal[0]
            if n_legal > 1:
                cell = _choose(agent, grid, count, face, legal, n_legal, frontier, masks, diagonal, seat,
                               players, left, scores_count, work, board, rules, mt, where)
                draws += 1  # (each agent draws once for a choice among several cells)
            if scores_count:
                points[r, seat] += cell_score(grid, cell, up, down, multiplier)
            done = place(grid, cell, face, frontier, masks, diagonal, work, board, rules)
            count, left = count + 1, left - 1
            if not (done > 0 or players == 1):
                seat = (seat + 1) % players
    for g in range(2):
        to_state(mt, where, g)
    return draws
