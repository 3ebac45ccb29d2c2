"""Whole games in compiled code (numba): "random", "greedy" and "expert" (depth 1) players, as
`muzlab.play.agents.play` plays them with `muzlab.play.game.Game`, filling arrays of moves and results
(and, when asked, of the chance node before every roll) that `muzlab.sim.fast` turns into frames.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from muzlab.play.fast_expert import expert_best, face_bests, scratch
from muzlab.play.fast_kernel import (
    ALL,
    CACHE,
    EMPTY,
    KEY_WORDS,
    NO_REFCOUNTS,
    N,
    _legal_cells,
    _locked,
    _update_masks,
    base_state,
    cell_score,
    column_table,
    completions,
    draw,
    greedy_best,
    key_words,
    seed_states,
)

#: The compiled engine's sources, hashed (`muzlab.play.fast_kernel.ENGINE_SOURCES`).
ENGINE_SOURCES = "f9d1f908a053b8b8"

# moves columns of the arrays the kernel fills
(M_GAME, M_EVENT, M_TURN, M_PLAYER, M_ACTION, M_PITCH, M_CELL, M_POINTS, M_COMPLETED, M_TRIAD_ROOT,
 M_TRIAD_QUALITY, M_SCALE_TONIC, M_SCALE_TYPE, M_LEGAL, M_SOURCE, M_ON_BOARD) = range(16)
MOVE_FIELDS = 16
# actions and sources, as the pure engine's event kinds and sources
OPENING, PLACE, PASS, REROLL = 0, 1, 2, 3
S_OPENING, S_TURN, S_EXTRA, S_PASSED = 0, 1, 2, 3
# phases of `muzlab.play.game.Game`
ROLL, PLACING, BONUS, REROLLING, OVER = 0, 1, 2, 3, 4
# per-game result columns
(G_DICE_ON_BOARD, G_PASSES, G_REROLLS, G_MISSED, G_EXTRA_ROLLS, G_BONUS_PLAYS, G_TURNS, G_END,
 G_ERROR) = range(9)
GAME_FIELDS = 9
END_SUPPLY, END_LOCKED = 0, 1
#: The agents by number (`muzlab.sim.fast.FAST_AGENTS`).
RANDOM, GREEDY, EXPERT = 0, 1, 2
#: The columns of a chance node's record (one more per seat: the seat's score before the roll): the
#: game, the dice left (the supply, and a die to re-roll), the roller, and `Position.chance_outcomes`
#: summed: the faces' best scores, the faces with a cell, the (face, cell) placements.
N_GAME, N_LEFT, N_ROLLER, N_BEST, N_PLACEABLE, N_CELLS = range(6)
NODE_FIELDS = 6

#: Games seeded together: their generators' states are built side by side (independent chains the
#: processor overlaps, in vector instructions) before the games are played one by one. 64 games of two
#: seats seed in 1.4 us a game, 16 in 2.1 us (128: 1.3 us, with twice the state: 1 MB for four seats).
BLOCK = 64


@njit(cache=CACHE)
def _grow(moves, rows):
    """The moves' first `rows` columns in an array about twice as long (when `moves` is full)."""
    bigger = np.empty((MOVE_FIELDS, 2 * moves.shape[1] + 64), dtype=np.int64)
    bigger[:, :rows] = moves[:, :rows]
    return bigger


@njit(cache=CACHE, **NO_REFCOUNTS)
def _choose(grid, legal, n_legal, best, greedy, scores_count, up, down, multiplier, mt, where, gen):
    """The cell agent `gen` picks among legal[:n_legal] (`RandomAgent.choose`, `GreedyAgent.choose`:
    the best immediate score, ties broken by one draw). `scores_count` is False for an opening die
    that scores nothing."""
    if not greedy:
        return legal[int(draw(mt, where, gen) * n_legal)]
    n_best = greedy_best(grid, legal, n_legal, scores_count, up, down, multiplier, best)
    return best[int(draw(mt, where, gen) * n_best)]


@njit(cache=CACHE, **NO_REFCOUNTS)
def _expert(grid, count, hand, legal, n_legal, frontier, masks, diagonal, player, players, supply, own_next,
            scores_count, work, board, rules, mt, where, gen):
    """`ExpertAgent.choose` (`fast_expert.expert_best`), which draws only to choose between cells; apart
    from `_choose`, whose small arguments cost less to pass for every die of the other agents."""
    if n_legal == 1:
        return legal[0]
    n_best = expert_best(grid, count, hand, legal, n_legal, frontier, masks, diagonal, player, players,
                         supply, own_next, scores_count, work, board, rules)
    return work[9][int(draw(mt, where, gen) * n_best)]


@njit(cache=CACHE, **NO_REFCOUNTS)
def _row(moves, rows, g, event, turn, player, action, pitch, cell, points, done, facts, legal, source,
         count):
    """Write move `rows` into column `rows` of moves (one row per M_ field, each field one piece for the
    frames; `_grow` first when it is full). Apart from `_grow`, which makes an array: a function that
    makes none is called without numba's reference counts (a twentieth of a random game)."""
    for field, value in ((M_GAME, g), (M_EVENT, event), (M_TURN, turn), (M_PLAYER, player),
                         (M_ACTION, action), (M_PITCH, pitch), (M_CELL, cell), (M_POINTS, points),
                         (M_COMPLETED, done), (M_TRIAD_ROOT, facts[0]), (M_TRIAD_QUALITY, facts[1]),
                         (M_SCALE_TONIC, facts[2]), (M_SCALE_TYPE, facts[3]), (M_LEGAL, legal),
                         (M_SOURCE, source), (M_ON_BOARD, count)):
        moves[field, rows] = value


@njit(cache=CACHE, **NO_REFCOUNTS)
def _owed_after(source, done, owed, owed_first, one_extra, add_up):
    """`Game.place`'s rolls owed after a placement: (how many, the source of the first)."""
    extras = (1 if one_extra else done) if done else 0
    if source == S_OPENING:
        return 0, owed_first
    if source == S_PASSED:
        return 1 + (extras if add_up else max(0, extras - 1)), S_TURN
    if extras and owed == 0:
        owed_first = S_EXTRA
    return owed + extras, owed_first


@njit(cache=CACHE)
def _seed_block(first, seeds_data, seeds_start, seeds_stop, mt, where, keys, lengths, base, lanes_at):
    """Seed the generators of games first.. first + BLOCK - 1 (the dice, then one per seat) from
    seeds_data[seeds_start[g, k]: seeds_stop[g, k]]: game first + b's generator k is the column
    lanes_at[b * (players + 1) + k] of mt (`seed_states` chooses)."""
    per_game = seeds_start.shape[1]
    lanes = 0
    for g in range(first, min(first + BLOCK, seeds_start.shape[0])):
        for k in range(per_game):
            lengths[lanes] = key_words(seeds_data, seeds_start[g, k], seeds_stop[g, k], keys, lanes)
            where[lanes] = N
            lanes += 1
    seed_states(mt, base, keys, lengths, lanes, lanes_at)


@njit(cache=CACHE, **NO_REFCOUNTS)
def _new_game(grid, diagonal, frontier, masks, on_centre, centre):
    """Empty the board."""
    grid[:] = EMPTY
    diagonal[:] = ALL
    frontier[:] = False
    masks[:] = 0 if on_centre else ALL
    masks[centre] = ALL


@njit(cache=CACHE)
def _board_arrays(cells):
    """A game's board state and scratch arrays: grid, masks, legal, best, diagonal, frontier, todo,
    dirty (all False, as `_update_masks` keeps it), facts, ends."""
    return (np.empty(cells, np.int64), np.empty(cells, np.int64), np.empty(cells, np.int64),
            np.empty(cells, np.int64), np.empty((3, cells), np.int64), np.empty(cells, np.bool_),
            np.empty(cells, np.int64), np.zeros(cells, np.bool_), np.empty(4, np.int64),
            np.empty(6, np.int64))


@njit(cache=CACHE)
def _node(nodes, n_nodes, g, left, roller, scores, grid, count, frontier, masks, up, down, multiplier,
          opening_scores, best):
    """Record the chance node before a roll as column `n_nodes` of nodes (grown when full); return it."""
    if n_nodes >= nodes.shape[1]:
        bigger = np.empty((nodes.shape[0], 2 * nodes.shape[1] + 64), dtype=np.int64)
        bigger[:, :n_nodes] = nodes[:, :n_nodes]
        nodes = bigger
    placements = face_bests(grid, count, frontier, masks, up, down, multiplier, count > 0 or opening_scores,
                            best)
    total, placeable = 0, 0
    for f in range(12):
        if best[f] >= 0:
            placeable += 1
            total += best[f]
    for field, value in ((N_GAME, g), (N_LEFT, left), (N_ROLLER, roller), (N_BEST, total),
                         (N_PLACEABLE, placeable), (N_CELLS, placements)):
        nodes[field, n_nodes] = value
    for seat in range(scores.shape[0]):
        nodes[NODE_FIELDS + seat, n_nodes] = scores[seat]
    return nodes


@njit(cache=CACHE)
def play_games(seeds_data, seeds_start, seeds_stop, agent_kinds, players, dice, up, down, neighbours,
               multiplier, centre, sizes, steps, offsets, max_scale, min_scale, lone_below, lone_above,
               pair_ok, triad, room, degrees, switches, scores, results, moves, nodes):
    """Play every game of the chunk to its end, as `muzlab.play.agents.play` with `Game` does (agent_kinds:
    RANDOM, GREEDY, EXPERT; switches: the house rules in HOUSE_RULES order); fill scores, results (G_
    columns), moves (a row per M_ field, grown when full) and, if it has rows (N_ fields, a score per
    seat), nodes: a chance node per roll; return (moves, rows, nodes, node rows). Seeds: `_seed_block`."""
    cells = multiplier.shape[0]
    on_centre, opening_scores, one_extra, add_up, end_locked = (switches[0], switches[1], switches[2],
                                                                switches[3], switches[4])
    t = (up, down, sizes, steps, max_scale, lone_below, lone_above, np.empty(32, dtype=np.int64), degrees)
    lanes = BLOCK * (players + 1)  # (each generator's column of mt: lanes_at, `_seed_block`)
    mt, where, lanes_at = np.empty((N, lanes), np.uint32), np.empty(lanes, np.int64), np.empty(lanes, np.int_)
    keys, lengths, base = np.zeros((KEY_WORDS, lanes), np.uint32), np.zeros(lanes, np.int64), base_state()
    grid, masks, legal, best, diagonal, frontier, todo, dirty, facts, ends = _board_arrays(cells)
    no_facts, rows, n_nodes = np.full(4, -1, dtype=np.int64), 0, 0
    column = column_table(pair_ok, triad, room)
    board, work = (up, down, neighbours, multiplier), scratch(cells)
    rules = (t, triad, offsets, min_scale, column)
    for g in range(agent_kinds.shape[0]):
        if g % BLOCK == 0:
            _seed_block(g, seeds_data, seeds_start, seeds_stop, mt, where, keys, lengths, base, lanes_at)
        game_lanes = lanes_at[(g % BLOCK) * (players + 1):(g % BLOCK + 1) * (players + 1)]  # (dice, seats)
        _new_game(grid, diagonal, frontier, masks, on_centre, centre)
        count, supply, phase, owed, owed_first, source = 0, dice, ROLL, 1, S_OPENING, S_OPENING
        player, turn, hand, event = 0, 0, -1, 0
        scores[g, :], results[g, :] = 0, 0
        while phase != OVER:
            if phase in (ROLL, REROLLING):
                if phase == ROLL and not end_locked and count > 0 and _locked(frontier, masks):
                    results[g, G_ERROR] = 1
                    break
                if nodes.shape[0]:
                    nodes = _node(nodes, n_nodes, g, supply + (phase == REROLLING), player, scores[g],
                                  grid, count, frontier, masks, up, down, multiplier, opening_scores, work[6])
                    n_nodes += 1
                hand = int(draw(mt, where, game_lanes[0]) * 12)
                if phase == ROLL:
                    supply, source, owed, owed_first = supply - 1, owed_first, owed - 1, S_EXTRA
                    results[g, G_EXTRA_ROLLS] += source == S_EXTRA
                event += 1  # (the roll event)
                phase = PLACING
            n_legal = _legal_cells(frontier, masks, hand, count, legal)
            if n_legal == 0:  # no place for the die: pass it on, or re-roll it
                kind = REROLL if phase == BONUS or players == 1 else PASS
                moves = _grow(moves, rows) if rows >= moves.shape[1] else moves
                _row(moves, rows, g, event, turn, player, kind, hand, -1, 0, 0, no_facts, 0, source, count)
                rows, event = rows + 1, event + 1
                results[g, G_REROLLS if kind == REROLL else G_PASSES] += 1
                if kind == REROLL:  # (a passed die re-rolled is the player's turn die)
                    phase, source = REROLLING, S_TURN if source == S_PASSED else source
                else:
                    player, turn, phase, source, owed = (player + 1) % players, turn + 1, BONUS, S_PASSED, 0
                continue
            scores_count = count > 0 or opening_scores
            kind, gen = agent_kinds[g, player], game_lanes[player + 1]
            chosen = _choose(grid, legal, n_legal, best, kind == GREEDY, scores_count, up, down, multiplier,
                             mt, where, gen) if kind != EXPERT else _expert(
                grid, count, hand, legal, n_legal, frontier, masks, diagonal, player, players, supply,
                players == 1 or owed > 0 or phase == BONUS, scores_count, work, board, rules, mt, where, gen)
            points = cell_score(grid, chosen, up, down, multiplier) if scores_count else 0
            grid[chosen] = hand
            done = completions(grid, chosen, t, triad, offsets, min_scale, facts)
            moves = _grow(moves, rows) if rows >= moves.shape[1] else moves
            _row(moves, rows, g, event, turn, player, OPENING if source == S_OPENING else PLACE, hand,
                 chosen, points, done, facts, n_legal, source, count)
            rows, event, count = rows + 1, event + 1, count + 1
            results[g, G_BONUS_PLAYS] += source == S_PASSED
            scores[g, player] += points
            _update_masks(grid, chosen, frontier, todo, dirty, masks, diagonal, ends, neighbours, up,
                          down, degrees, max_scale, lone_below, lone_above, column)
            owed, owed_first = _owed_after(source, done, owed, owed_first, one_extra, add_up)
            hand, phase = -1, ROLL
            if supply == 0 or (end_locked and _locked(frontier, masks)):
                phase, results[g, G_END] = OVER, END_SUPPLY if supply == 0 else END_LOCKED
            elif owed == 0:
                player = player if source == S_OPENING else (player + 1) % players
                turn, owed, owed_first = turn + 1, 1, S_TURN
        results[g, G_DICE_ON_BOARD], results[g, G_TURNS] = count, turn
    return moves, rows, nodes, n_nodes
