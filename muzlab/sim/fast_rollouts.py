"""Compiled playouts from a position (numba): `muzlab.play.value.rollout` many times over, its agent
"random", "greedy" or "expert" (depth 1), with the same generators drawn in the same order.

The generators are Python's Mersenne Twisters as `random.Random.getstate()` holds them (the whole
state twisted at once when used up, as CPython does), so a playout goes on from any generator's state
and leaves it where the pure code would. `muzlab.sim.fast.playouts` builds the arrays from a Position
and puts the generators' states back; tests/test_fast_rollouts.py checks the points against the pure
rollouts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from muzlab.sim.fast_kernel import (
    ALL,
    CACHE,
    EMPTY,
    NO_REFCOUNTS,
    N,
    _legal_cells,
    _locked,
    _scale_mask,
    _update_masks,
    cell_mask,
    cell_score,
    completions,
)

M = 397
RANDOM, GREEDY, EXPERT = 0, 1, 2


@njit(cache=CACHE, inline="always")
def _word(mt, where, g):
    """The next 32-bit word of generator g (CPython's genrand_uint32: all N words twisted when used up)."""
    if where[g] >= N:
        for kk in range(N):
            y = (np.int64(mt[kk, g]) & 0x80000000) | (np.int64(mt[(kk + 1) % N, g]) & 0x7FFFFFFF)
            value = np.int64(mt[(kk + M) % N, g]) ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[kk, g] = value
        where[g] = 0
    value = np.int64(mt[where[g], g])
    where[g] += 1
    value ^= value >> 11
    value ^= (value << 7) & 0x9D2C5680
    value ^= (value << 15) & 0xEFC60000
    value ^= value >> 18
    return value


@njit(cache=CACHE, inline="always")
def draw(mt, where, g):
    """`random.Random.random()` of generator g."""
    a = _word(mt, where, g) >> 5
    b = _word(mt, where, g) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=CACHE, **NO_REFCOUNTS)
def face_bests(grid, count, frontier, masks, up, down, multiplier, scores_count, best):
    """best[f] = the most points face f scores now, -1 where it fits nowhere (`Position.chance_outcomes`);
    returns the number of (face, cell) placements."""
    for f in range(12):
        best[f] = -1
    placements = 0
    for c in range(masks.shape[0]):
        mask = masks[c]
        if mask == 0 or (count > 0 and not frontier[c]):
            continue
        points = cell_score(grid, c, up, down, multiplier) if scores_count else 0
        for f in range(12):
            if mask & (1 << f):
                placements += 1
                if points > best[f]:
                    best[f] = points
    return placements


@njit(cache=CACHE, **NO_REFCOUNTS)
def _copy_state(grid, masks, diagonal, frontier, grid2, masks2, diagonal2, frontier2):
    for c in range(grid.shape[0]):
        grid2[c], masks2[c], frontier2[c] = grid[c], masks[c], frontier[c]
        for line in range(3):
            diagonal2[line, c] = diagonal[line, c]


@njit(cache=CACHE, **NO_REFCOUNTS)
def _place(grid, c, pitch, frontier, masks, diagonal, work, board, rules):
    """Put `pitch` on the empty cell c and update the frontier and masks; return the structures it
    completed."""
    up, down, neighbours, multiplier = board
    t, triad, offsets, min_scale, pair_masks, triad_masks, above_fin, below_fin = rules
    degrees, max_scale, lone_below, lone_above = t[8], t[4], t[5], t[6]
    was_frontier, dirty, ends, facts = work[4], work[5], work[7], work[8]
    grid[c] = pitch
    done = completions(grid, c, t, triad, offsets, min_scale, facts)
    _update_masks(grid, c, frontier, was_frontier, dirty, masks, diagonal, ends, neighbours, up, down,
                  degrees, max_scale, lone_below, lone_above, pair_masks, triad_masks, above_fin, below_fin)
    return done


@njit(cache=CACHE, **NO_REFCOUNTS)
def expert_choose(grid, count, hand, legal, n_legal, frontier, masks, diagonal, me, players, supply, own_next,
                  scores_count, work, board, rules, mt, where, gen):
    """`ExpertAgent.choose` at depth 1 among legal[:n_legal] (more than one): each cell's points, plus
    (dice left in the supply) the turn value of the position after it, half the mean best score of a
    face, counted for me if I roll next and against me if not; ties within 1e-9 broken by one draw."""
    up, down, multiplier = board[0], board[1], board[3]
    grid2, masks2, frontier2, diagonal2 = work[0], work[1], work[2], work[3]
    best_face, chosen = work[6], work[9]
    best_value, n_best = 0.0, 0
    for m in range(n_legal):
        c = legal[m]
        value = float(cell_score(grid, c, up, down, multiplier) if scores_count else 0)
        if supply > 0:
            _copy_state(grid, masks, diagonal, frontier, grid2, masks2, diagonal2, frontier2)
            done = _place(grid2, c, hand, frontier2, masks2, diagonal2, work, board, rules)
            roller = me if own_next or done > 0 else (me + 1) % players
            face_bests(grid2, count + 1, frontier2, masks2, up, down, multiplier, True, best_face)
            total = 0
            for f in range(12):
                if best_face[f] > 0:
                    total += best_face[f]
            value += (1.0 if roller == me else -1.0) * (total / 24)
        if n_best == 0 or value > best_value + 1e-9:
            best_value, n_best = value, 0
        if value > best_value - 1e-9:
            chosen[n_best] = c
            n_best += 1
    return chosen[int(draw(mt, where, gen) * n_best)]


@njit(cache=CACHE, **NO_REFCOUNTS)
def _choose(agent, grid, count, hand, legal, n_legal, frontier, masks, diagonal, seat, players, left,
            scores_count, work, board, rules, mt, where):
    """The cell `agent` picks for a rollout's die (`rollout`: asked only when there are several)."""
    if agent == RANDOM:
        return legal[int(draw(mt, where, 1) * n_legal)]
    if agent == EXPERT:
        return expert_choose(grid, count, hand, legal, n_legal, frontier, masks, diagonal, seat, players,
                             left - 1, players == 1, scores_count, work, board, rules, mt, where, 1)
    up, down, multiplier, best = board[0], board[1], board[3], work[9]
    best_points, n_best = -1, 0
    for m in range(n_legal):
        c = legal[m]
        points = cell_score(grid, c, up, down, multiplier) if scores_count else 0
        if points > best_points:
            best_points, n_best = points, 0
        if points == best_points:
            best[n_best] = c
            n_best += 1
    return best[int(draw(mt, where, 1) * n_best)]


@njit(cache=CACHE)
def start_state(grid, on_centre, centre, board, rules):
    """(masks, diagonal, frontier, count) of the position with these dice, as a game would have them."""
    up, down, neighbours = board[0], board[1], board[2]
    t, pair_masks, triad_masks, above_fin, below_fin = rules[0], rules[4], rules[5], rules[6], rules[7]
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
            masks[c] = cell_mask(grid, c, up, down, diagonal, pair_masks, triad_masks, above_fin, below_fin)
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
    work = (np.empty(cells, np.int64), np.empty(cells, np.int64), np.empty(cells, np.bool_),
            np.empty((3, cells), np.int64), np.empty(cells, np.bool_), np.empty(cells, np.bool_),
            np.empty(12, np.int64), np.empty(6, np.int64), np.empty(4, np.int64), np.empty(cells, np.int64))
    # (work: the grid, masks, frontier and diagonal of a position looked at, was_frontier, dirty, the
    # best of each face, the ends of runs, completion facts, cells chosen among)
    up, down, multiplier = board[0], board[1], board[3]
    draws = 0
    for r in range(points.shape[0]):
        _copy_state(grid0, masks0, diagonal0, frontier0, grid, masks, diagonal, frontier)
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
            done = _place(grid, cell, face, frontier, masks, diagonal, work, board, rules)
            count, left = count + 1, left - 1
            if not (done > 0 or players == 1):
                seat = (seat + 1) % players
    return draws
