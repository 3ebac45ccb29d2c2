"""The expert player at depth 1 in compiled code (numba), shared by whole games (`muzlab.sim.fast_games`)
and playouts from a position (`muzlab.play.fast_rollouts`): `ExpertAgent.choose` and the faces'
best scores it reads (`Position.chance_outcomes`), on the kernel's board state.

`work` is a tuple of scratch arrays: the grid, masks, frontier and diagonal masks of a position looked
at, todo and dirty (`_update_masks`; dirty all False), the best of each face, the ends of runs,
completion facts, cells chosen among (`scratch` makes it). `board` is (up, down, neighbours,
multiplier); `rules` is (the run tables of `fast_kernel.completions`, triad, offsets, min_scale,
`fast_kernel.column_table`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from muzlab.play.fast_kernel import CACHE, NO_REFCOUNTS, _update_masks, cell_score, completions

#: The compiled engine's sources, hashed (`muzlab.play.fast_kernel.ENGINE_SOURCES`).
ENGINE_SOURCES = "f9d1f908a053b8b8"


@njit(cache=CACHE)
def scratch(cells):
    """The `work` arrays for a board of `cells` cells."""
    return (np.empty(cells, np.int64), np.empty(cells, np.int64), np.empty(cells, np.bool_),
            np.empty((3, cells), np.int64), np.empty(cells, np.int64), np.zeros(cells, np.bool_),
            np.empty(12, np.int64), np.empty(6, np.int64), np.empty(4, np.int64), np.empty(cells, np.int64))


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
def copy_state(grid, masks, diagonal, frontier, grid2, masks2, diagonal2, frontier2):
    """The board state (grid, masks, diagonal masks, frontier) copied into the second four arrays."""
    for c in range(grid.shape[0]):
        grid2[c], masks2[c], frontier2[c] = grid[c], masks[c], frontier[c]
        for line in range(3):
            diagonal2[line, c] = diagonal[line, c]


@njit(cache=CACHE, **NO_REFCOUNTS)
def place(grid, c, pitch, frontier, masks, diagonal, work, board, rules):
    """Put `pitch` on the empty cell c and update the frontier and masks; return the structures it
    completed."""
    up, down, neighbours, multiplier = board
    t, triad, offsets, min_scale, column = rules
    degrees, max_scale, lone_below, lone_above = t[8], t[4], t[5], t[6]
    todo, dirty, ends, facts = work[4], work[5], work[7], work[8]
    grid[c] = pitch
    done = completions(grid, c, t, triad, offsets, min_scale, facts)
    _update_masks(grid, c, frontier, todo, dirty, masks, diagonal, ends, neighbours, up, down,
                  degrees, max_scale, lone_below, lone_above, column)
    return done


@njit(cache=CACHE, **NO_REFCOUNTS)
def expert_best(grid, count, hand, legal, n_legal, frontier, masks, diagonal, me, players, supply, own_next,
                scores_count, work, board, rules):
    """The cells `ExpertAgent.choose` draws from at depth 1, among legal[:n_legal] (more than one):
    written to work[9], returns how many. A cell is worth its points plus (dice left in the supply) the
    turn value of the position after it, half the mean best score of a face, counted for me if I roll
    next and against me if not; cells within 1e-9 of the best are equals."""
    up, down, multiplier = board[0], board[1], board[3]
    grid2, masks2, frontier2, diagonal2 = work[0], work[1], work[2], work[3]
    best_face, chosen = work[6], work[9]
    best_value, n_best = 0.0, 0
    for m in range(n_legal):
        c = legal[m]
        value = float(cell_score(grid, c, up, down, multiplier) if scores_count else 0)
        if supply > 0:
            copy_state(grid, masks, diagonal, frontier, grid2, masks2, diagonal2, frontier2)
            done = place(grid2, c, hand, frontier2, masks2, diagonal2, work, board, rules)
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
    return n_best
