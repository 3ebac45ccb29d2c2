"""The compiled rules of the batch engine (numba): Python's Mersenne Twister, and the legal masks and
scores of the rules from the dice on the board, kept up to date die by die.

Everything here is a numba function on numpy arrays; `muzlab.sim.fast` builds the tables from a board
and a rule set, `muzlab.sim.fast_games` plays whole games with them and `muzlab.play.fast_rollouts`
playouts from a position. Each function mirrors a piece of the pure engine, named in its docstring,
and tests/test_fast.py checks that the frames are the pure engine's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY = -1
ALL = (1 << 12) - 1
N, M = 624, 397
#: The most 32-bit words of a seed (`muzlab.sim.fast` refuses a longer one).
KEY_WORDS = 64
MASK32 = 0xFFFFFFFF
#: Compiled code is kept in numba's cache (beside this file, else the user's cache folder; numba's
#: NUMBA_CACHE_DIR chooses another): a new process loads it instead of compiling for half a minute.
CACHE = True
#: The compiled engine's sources, hashed (tests/test_fast.py checks it). numba keys a function's cache
#: on its own file, while its compiled code holds the functions it calls from the engine's other files:
#: each file that compiles carries this line, so a change in any of them makes every one new to numba's
#: cache, and old code is never loaded beside new.
ENGINE_SOURCES = "f9d1f908a053b8b8"
#: For the functions called for every die, which take arrays and make none: numba's reference counts
#: of their arguments, taken and dropped at each call (atomic operations), were most of the kernel's time.
NO_REFCOUNTS = {"_nrt": False}


# ---- Python's random.Random ---------------------------------------------------------------------------


@njit(cache=CACHE)
def base_state():
    """The state every seed starts from (CPython's init_genrand(19650218))."""
    mt = np.empty(N, dtype=np.uint32)
    previous = 19650218
    mt[0] = previous
    for i in range(1, N):
        previous = (1812433253 * (previous ^ (previous >> 30)) + i) & MASK32
        mt[i] = previous
    return mt


@njit(cache=CACHE)
def seed_states(mt, base, keys, lengths, lanes, column):
    """`random.Random(seed)`'s state (CPython's init_by_array) for each generator lane < `lanes`, from the
    32-bit words keys[:lengths[lane], lane] of its seed (at most N words), into mt[:, column[lane]]
    (set here). The columns are the lanes in order of their keys' lengths, so that the lanes at the same
    word of their keys sit side by side and every step of the seeding runs in vector instructions on
    uint32 words (which wrap as CPython's do)."""
    order = np.argsort(lengths[:lanes], kind="mergesort")
    words = np.empty((KEY_WORDS, lanes), dtype=np.uint32)
    # the lanes whose keys are equally long, side by side: where each group stops, its keys' length, and
    # the word of them the seeding is at
    group_stop, group_size = np.empty(lanes, np.int64), np.empty(lanes, np.int64)
    group_word = np.zeros(lanes, np.int64)
    groups = 0
    for at in range(lanes):
        lane = order[at]
        column[lane] = at
        size = lengths[lane]
        for j in range(size):
            words[j, at] = keys[j, lane] + np.uint32(j)  # (init_by_array adds each word's index)
        if groups and group_size[groups - 1] == size:
            group_stop[groups - 1] = at + 1
        else:
            group_stop[groups], group_size[groups] = at + 1, size
            groups += 1
    for i in range(N):
        for at in range(lanes):
            mt[i, at] = base[i]
    shift, first, second = np.uint32(30), np.uint32(1664525), np.uint32(1566083941)
    step_words = np.empty(lanes, dtype=np.uint32)  # (each lane's key word at this step)
    i = 1
    for _ in range(N):
        start = 0
        for group in range(groups):
            j, stop = group_word[group], group_stop[group]
            step_words[start:stop] = words[j, start:stop]
            group_word[group] = 0 if j + 1 >= group_size[group] else j + 1
            start = stop
        before, row = mt[i - 1], mt[i]
        for at in range(lanes):
            p = before[at]
            mixed = np.uint32(row[at] ^ np.uint32(np.uint32(p ^ (p >> shift)) * first))
            row[at] = np.uint32(mixed + step_words[at])
        i += 1
        if i >= N:
            mt[0, :lanes] = mt[N - 1, :lanes]
            i = 1
    for _ in range(N - 1):
        index, before, row = np.uint32(i), mt[i - 1], mt[i]
        for at in range(lanes):
            p = before[at]
            mixed = np.uint32(row[at] ^ np.uint32(np.uint32(p ^ (p >> shift)) * second))
            row[at] = np.uint32(mixed - index)
        i += 1
        if i >= N:
            mt[0, :lanes] = mt[N - 1, :lanes]
            i = 1
    mt[0, :lanes] = 0x80000000


@njit(cache=CACHE, inline="always")
def _twist(mt, kk, g):
    """Word kk of generator g's state twisted (CPython's genrand_uint32 twists all N in this order, in
    place: twisting them one at a time as they are needed gives the same words)."""
    y = (np.int64(mt[kk, g]) & 0x80000000) | (np.int64(mt[kk + 1 if kk + 1 < N else 0, g]) & 0x7FFFFFFF)
    value = np.int64(mt[kk + M if kk < N - M else kk + M - N, g]) ^ (y >> 1)
    if y & 1:
        value ^= 0x9908B0DF
    mt[kk, g] = value


@njit(cache=CACHE, inline="always")
def _word(mt, where, g):
    """The next 32-bit word of generator g (CPython's genrand_uint32). where[g] >= 0: the words from
    where[g] on are not twisted yet, and each is twisted when it is needed (N, as seeded: all of them);
    where[g] < 0: a state as `random.getstate()` holds it, twisted whole, its next word where[g] + N
    (`from_state`, `to_state`)."""
    kk = where[g]
    if kk < 0:
        where[g] = kk + 1
        kk += N
    else:
        if kk >= N:
            kk = 0
        _twist(mt, kk, g)
        where[g] = kk + 1
    value = np.int64(mt[kk, g])
    value ^= value >> 11
    value ^= (value << 7) & 0x9D2C5680
    value ^= (value << 15) & 0xEFC60000
    value ^= value >> 18
    return value


@njit(cache=CACHE)
def from_state(where, g):
    """Mark generator g's state as `random.getstate()` gives it, where[g] its index (0..N), for `_word`."""
    where[g] -= N


@njit(cache=CACHE)
def to_state(mt, where, g):
    """Generator g's state as `random.setstate()` takes it, its index in where[g]: the rest of a state
    twisted word by word is twisted now."""
    kk = where[g]
    if kk < 0 or kk == 0:  # (twisted whole; or used up, the next word twisting it anew)
        where[g] = kk + N
        return
    for rest in range(kk, N):
        _twist(mt, rest, g)

@njit(cache=CACHE, inline="always")
def draw(mt, where, g):
    """`random.Random.random()` of generator g: 53 bits from two words."""
    a = _word(mt, where, g) >> 5
    b = _word(mt, where, g) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=CACHE)
def key_words(data, start, stop, keys, lane):
    """Into keys[:, lane], the 32-bit words, least significant first, of the big-endian number in
    data[start:stop] (how CPython seeds with an int); returns how many."""
    size = stop - start
    while size > 1 and data[start] == 0:
        start += 1
        size -= 1
    count = (size + 3) // 4
    for j in range(count):
        word = 0
        for t in range(4):
            m = 4 * j + t
            if m < size:
                word |= np.int64(data[stop - 1 - m]) << (8 * t)
        keys[j, lane] = word
    return count


# ---- the rules ---------------------------------------------------------------------------------------
@njit(cache=CACHE, inline="always")
def _up(low, high):
    """The semitones from pitch `low` up to pitch `high` (both 0..11): (high - low) % 12, without the
    division a signed modulo compiles to (in the loops over pitches, for every die)."""
    step = high - low
    return step + 12 if step < 0 else step


@njit(cache=CACHE, inline="always")
def _advance(states, step, degrees):
    """The scale degrees a run can be on after one more note `step` semitones up, from the degrees
    `states` its last note can be on: one bit per (scale type, degree), as `muzlab.sim.fast` numbers
    them (degrees[0]: the bits whose step up is `step`, by step; degrees[1], degrees[2]: each type's
    last and first degree bits)."""
    valid = states & degrees[0, step]
    if not valid:
        return 0
    moved = (valid & ~degrees[3, 0]) << 1
    wrapping = valid & degrees[3, 0]
    if wrapping:
        for kind in range(degrees.shape[1]):
            if degrees[1, kind] == 0:
                break  # (past the last scale type)
            if wrapping & degrees[1, kind]:
                moved |= degrees[2, kind]
    return moved


@njit(cache=CACHE, inline="always")
def _states(grid, first, count, line, up, degrees):
    """The degree bits of the last note of the run of `count` dice from cell `first` up `line`."""
    states = degrees[3, 1]
    j = first
    for _ in range(count - 1):
        after = up[line, j]
        states = _advance(states, _up(grid[j], grid[after]), degrees)
        j = after
    return states


@njit(cache=CACHE, inline="always")
def _scale_mask(grid, c, line, up, down, degrees, max_scale, lone_below, lone_above):
    """Pitches the empty cell c accepts on diagonal `line` (`RunChecks.scale_mask` of its stretch): a
    joined run that fits an allowed scale type no longer than it, neither part a complete scale."""
    below = 0
    first = c
    j = down[line, c]
    while j >= 0 and grid[j] != EMPTY:
        below += 1
        first = j
        j = down[line, j]
    above = 0
    j = up[line, c]
    while j >= 0 and grid[j] != EMPTY:
        above += 1
        j = up[line, j]
    if below == 0 and above == 0:
        return ALL
    if below == 1 and above == 0:
        return lone_below[grid[down[line, c]]]
    if below == 0 and above == 1:
        return lone_above[grid[up[line, c]]]
    if below + above >= max_scale:
        return 0
    long_enough = degrees[4, below + above + 1]
    low, last, high = 0, 0, -1
    if below:
        low = _states(grid, first, below, line, up, degrees)
        if below >= 2 and low & degrees[5, below]:
            return 0  # a complete scale below takes no more notes
        last = grid[down[line, c]]
    if above:
        high = up[line, c]
        if above >= 2 and _states(grid, high, above, line, up, degrees) & degrees[5, above]:
            return 0
    mask = 0
    for pitch in range(12):
        states = _advance(low, _up(last, pitch), degrees) if below else degrees[3, 1]
        if above and states:
            states = _advance(states, _up(pitch, grid[high]), degrees)
            j = high
            for _ in range(above - 1):
                if not states:
                    break
                after = up[line, j]
                states = _advance(states, _up(grid[j], grid[after]), degrees)
                j = after
        if states & long_enough:
            mask |= 1 << pitch
    return mask


@njit(cache=CACHE)
def column_masks(pair_ok, triad):
    """What a column accepts next to its dice, as pitch masks: pair_masks[0, a] on a lone die a,
    pair_masks[1, d] under one; triad_masks[0, a, b] on the dice a, b (from below), [1, b, d] under b, d,
    [2, a, d] between a and d."""
    pair_masks = np.zeros((2, 12), dtype=np.int64)
    triad_masks = np.zeros((3, 12, 12), dtype=np.int64)
    for pitch in range(12):
        bit = 1 << pitch
        for lone in range(12):
            if pair_ok[(pitch - lone + 12) % 12]:
                pair_masks[0, lone] |= bit
            if pair_ok[(lone - pitch + 12) % 12]:
                pair_masks[1, lone] |= bit
            for other in range(12):
                if triad[(other - lone + 12) % 12, (pitch - other + 12) % 12] >= 0:
                    triad_masks[0, lone, other] |= bit
                if triad[(lone - pitch + 12) % 12, (other - lone + 12) % 12] >= 0:
                    triad_masks[1, lone, other] |= bit
                if triad[(pitch - lone + 12) % 12, (other - pitch + 12) % 12] >= 0:
                    triad_masks[2, lone, other] |= bit
    return pair_masks, triad_masks


#: Where the parts of `column_table` start: pair masks [side, die] (2 x 12), triad masks [kind, a, b]
#: (3 x 12 x 12), the room rule's masks [side, end, half, die, fit] (2 x 2 x 2 x 12 x 64).
TRIAD_AT, ROOM_AT = 24, 24 + 3 * 144


@njit(cache=CACHE)
def column_table(pair_ok, triad, room):
    """`column_masks` and the room rule's masks (`muzlab.play.fast_playouts.room_masks`) in one flat
    table, at 0, TRIAD_AT and ROOM_AT: one array to pass to `cell_mask` for each cell instead of three
    (numba passes an array's shape and strides too: the 5-d room alone took 15 words a call)."""
    pair_masks, triad_masks = column_masks(pair_ok, triad)
    table = np.empty(ROOM_AT + room.size, dtype=np.int64)
    table[:TRIAD_AT] = pair_masks.ravel()
    table[TRIAD_AT:ROOM_AT] = triad_masks.ravel()
    table[ROOM_AT:] = room.ravel()
    return table


@njit(cache=CACHE, inline="always")
def _empty_or_off(grid, j):
    return j < 0 or grid[j] == EMPTY


@njit(cache=CACHE, inline="always")  # (inlined in `_update_masks`: passing its arrays cost 5 % of a game)
def cell_mask(grid, c, up, down, diagonal, column):
    """The legal-pitch mask of the empty frontier cell c (`Engine._fill_masks`, room rule included);
    diagonal[line, j] is what the empty cell j accepts on diagonal `line` (`_scale_mask`, kept),
    `column_table` gives column."""
    below = 0
    j = down[0, c]
    while j >= 0 and grid[j] != EMPTY:
        below += 1
        j = down[0, j]
    above = 0
    j = up[0, c]
    while j >= 0 and grid[j] != EMPTY:
        above += 1
        j = up[0, j]
    if below + above >= 3:
        return 0
    mask = ALL
    if below + above == 1:
        mask = column[grid[down[0, c]]] if below else column[12 + grid[up[0, c]]]
    elif below + above == 2:
        if below == 2:
            mask = column[TRIAD_AT + 12 * grid[down[0, down[0, c]]] + grid[down[0, c]]]
        elif above == 2:
            mask = column[TRIAD_AT + 144 + 12 * grid[up[0, c]] + grid[up[0, up[0, c]]]]
        else:
            mask = column[TRIAD_AT + 288 + 12 * grid[down[0, c]] + grid[up[0, c]]]
    mask &= diagonal[1, c] & diagonal[2, c]
    if mask and below + above == 1:
        if below:
            die = grid[down[0, c]]
            top = up[0, c]
            bottom = down[0, down[0, c]]
        else:
            die = grid[up[0, c]]
            top = up[0, up[0, c]]
            bottom = down[0, c]
        top_fit = 0
        if top >= 0 and _empty_or_off(grid, up[0, top]):
            top_fit = diagonal[1, top] & diagonal[2, top]
        bottom_fit = 0
        if bottom >= 0 and _empty_or_off(grid, down[0, bottom]):
            bottom_fit = diagonal[1, bottom] & diagonal[2, bottom]
        at = ROOM_AT + (0 if below else 3072) + 64 * die  # (the pitches whose pair can still be finished:
        # `room_masks`, [side, end, half, die, fit] at side * 3072 + end * 1536 + half * 768 + die * 64 + fit)
        mask &= (column[at + (top_fit & 63)] | column[at + 768 + (top_fit >> 6)]
                 | column[at + 1536 + (bottom_fit & 63)] | column[at + 2304 + (bottom_fit >> 6)])
    return mask


@njit(cache=CACHE, inline="always")
def _run_length(grid, c, line, up, down):
    """Dice of the run through the occupied cell c on `line`, and its bottom cell."""
    length = 1
    bottom = c
    j = down[line, c]
    while j >= 0 and grid[j] != EMPTY:
        length += 1
        bottom = j
        j = down[line, j]
    j = up[line, c]
    while j >= 0 and grid[j] != EMPTY:
        length += 1
        j = up[line, j]
    return length, bottom


@njit(cache=CACHE, inline="always")  # (inlined: the greedy player asks it for every legal cell)
def cell_score(grid, c, up, down, multiplier):
    """`Engine._cell_score` of the empty cell c, the opening rule aside: the new die and the other
    dice of its three runs, times the honeypot."""
    dice = 1
    for line in range(3):
        j = down[line, c]
        while j >= 0 and grid[j] != EMPTY:
            dice += 1
            j = down[line, j]
        j = up[line, c]
        while j >= 0 and grid[j] != EMPTY:
            dice += 1
            j = up[line, j]
    return dice * multiplier[c]


@njit(cache=CACHE, **NO_REFCOUNTS)
def greedy_best(grid, legal, n_legal, scores_count, up, down, multiplier, best):
    """`GreedyAgent.choose`'s candidates: the cells of legal[:n_legal] with the best immediate score, in
    board order, into best; returns how many (one draw then picks among them). `scores_count` is False
    for an opening die that scores nothing."""
    best_points, n_best = -1, 0
    for m in range(n_legal):
        c = legal[m]
        points = cell_score(grid, c, up, down, multiplier) if scores_count else 0
        if points > best_points:
            best_points, n_best = points, 0
        if points == best_points:
            best[n_best] = c
            n_best += 1
    return n_best


@njit(cache=CACHE, **NO_REFCOUNTS)
def completions(grid, c, t, triad, offsets, min_scale, out):
    """`Engine._completion_facts` of the die just placed on c: how many structures it completed, with
    out[0:2] the triad (root, quality) and out[2:4] the first scale (tonic, type), -1 if none."""
    up, down, sizes, steps, max_scale, lone_below, lone_above, buf, degrees = t
    out[:] = -1
    found = 0
    length, bottom = _run_length(grid, c, 0, up, down)
    if length == 3:
        a = grid[bottom]
        b = grid[up[0, bottom]]
        d = grid[up[0, up[0, bottom]]]
        out[0] = a
        out[1] = triad[(b - a + 12) % 12, (d - b + 12) % 12]
        found += 1
    for line in (1, 2):
        length, bottom = _run_length(grid, c, line, up, down)
        if length < min_scale:
            continue
        j = bottom
        for k in range(length):
            buf[k] = grid[j]
            j = up[line, j]
        best_tonic, best_kind, own_kind = 99, 99, 99
        for kind in range(sizes.shape[0]):  # (kinds in the order of their names, as sorted() reads them)
            size = sizes[kind]
            if size != length:
                continue
            for degree in range(size):
                ok = True
                for m in range(length - 1):
                    if _up(buf[m], buf[m + 1]) != steps[kind, (degree + m) % size]:
                        ok = False
                        break
                if ok:
                    tonic = (buf[0] - offsets[kind, degree] + 12) % 12
                    if tonic == buf[0] and kind < own_kind:
                        own_kind = kind
                    if tonic < best_tonic or (tonic == best_tonic and kind < best_kind):
                        best_tonic, best_kind = tonic, kind
        if best_kind == 99:
            continue
        found += 1
        if out[2] < 0:
            if own_kind != 99:
                out[2], out[3] = buf[0], own_kind
            else:
                out[2], out[3] = best_tonic, best_kind
    return found


@njit(cache=CACHE, **NO_REFCOUNTS)
def _legal_cells(frontier, masks, hand, count, legal):
    """Write the legal cells of the die `hand` into `legal`, in board order; return how many."""
    n_legal, bit = 0, 1 << hand
    for c in range(masks.shape[0]):  # (without a branch: every cell is written, the legal ones kept)
        legal[n_legal] = c
        n_legal += ((count == 0) | frontier[c]) & ((masks[c] & bit) != 0)
    return n_legal


@njit(cache=CACHE, **NO_REFCOUNTS)
def _locked(frontier, masks):
    """`Position.is_locked`: no frontier cell accepts any pitch."""
    for c in range(masks.shape[0]):  # noqa: SIM110 (a plain loop: numba compiles no generator into all())
        if frontier[c] and masks[c]:
            return False
    return True


@njit(cache=CACHE, inline="always")
def _mark(j, dirty, todo, n_todo):
    """Add cell j to todo[:n_todo] unless it is there (dirty[j]); return the new count."""
    if not dirty[j]:
        dirty[j] = True
        todo[n_todo] = j
        n_todo += 1
    return n_todo


@njit(cache=CACHE, **NO_REFCOUNTS)
def _update_masks(grid, chosen, frontier, todo, dirty, masks, diagonal, ends, neighbours, up, down,
                  degrees, max_scale, lone_below, lone_above, column):
    """After a die on `chosen`: the frontier, and the masks that may have changed, recomputed: the ends
    of the new die's runs (their diagonal masks too), the cells near it in its column (the room rule
    reads three cells away) and those near a diagonal end whose diagonal mask changed (the room rule reads
    it for the pair it may finish). Only those cells are visited (listed in todo, flagged in dirty, which
    is all False between calls), not the board."""
    frontier[chosen] = False
    for c in range(6):  # (a neighbour new to the frontier is an end of one of the die's lines: recomputed)
        n = neighbours[chosen, c]
        if n >= 0 and grid[n] == EMPTY and not frontier[n]:
            frontier[n] = True
            masks[n] = ALL
    n_ends, n_todo = 0, 0
    for line in range(3):
        for direction in range(2):
            j = chosen
            while j >= 0 and grid[j] != EMPTY:
                j = up[line, j] if direction else down[line, j]
            if j >= 0:
                n_todo = _mark(j, dirty, todo, n_todo)
                if line:  # its stretch on this diagonal changed, and only its
                    accepts = _scale_mask(grid, j, line, up, down, degrees, max_scale, lone_below, lone_above)
                    if accepts != diagonal[line, j]:  # (the room rule of the cells near it reads it)
                        diagonal[line, j] = accepts
                        ends[n_ends] = j
                        n_ends += 1
    for direction in range(2):
        j = chosen
        for _ in range(3):
            j = up[0, j] if direction else down[0, j]
            if j < 0:
                break
            n_todo = _mark(j, dirty, todo, n_todo)
    for e in range(n_ends):
        for direction in range(2):
            j = ends[e]
            for _ in range(2):
                j = up[0, j] if direction else down[0, j]
                if j < 0:
                    break
                n_todo = _mark(j, dirty, todo, n_todo)
    for k in range(n_todo):  # (a cell that accepted nothing never will: a die only narrows)
        c = todo[k]
        dirty[c] = False
        if frontier[c] and masks[c]:
            masks[c] = cell_mask(grid, c, up, down, diagonal, column)
