"""A deliberately naive second implementation of docs/rules.md sections 4-6 and 8, for property tests.

It re-walks every run for every (pitch, cell) with plain hex steps and checks scales by listing
the notes of every major scale, sharing no code with muzlab.rules.ruleset beyond the board's cell list.
"""

from __future__ import annotations

N, S, NE, SW, NW, SE = (0, -1), (0, 1), (1, -1), (-1, 1), (-1, 0), (1, 0)
LINES = ((S, N), (SW, NE), (SE, NW))  # (down, up) for the column and the two rising diagonals
MAJOR = (0, 2, 4, 5, 7, 9, 11)
TRIADS = {(4, 3), (3, 4), (3, 3)}


def _add(cell, step):
    return (cell[0] + step[0], cell[1] + step[1])


def run_through(dice, cell, down, up):
    """Cells of the run through `cell` on one line, bottom to top (cell must be occupied)."""
    start = cell
    while _add(start, down) in dice:
        start = _add(start, down)
    run = [start]
    while _add(run[-1], up) in dice:
        run.append(_add(run[-1], up))
    return run


def fits_major(pitches) -> bool:
    if len(pitches) > 7:
        return False
    for tonic in range(12):
        scale = [(tonic + m) % 12 for m in MAJOR]
        for degree in range(7):
            if all(scale[(degree + k) % 7] == p for k, p in enumerate(pitches)):
                return True
    return False


def column_ok(pitches) -> bool:
    steps = [(b - a) % 12 for a, b in zip(pitches, pitches[1:], strict=False)]
    if len(pitches) >= 4:
        return False
    if len(pitches) == 3:
        return tuple(steps) in TRIADS
    if len(pitches) == 2:
        return steps[0] in (3, 4)
    return True


def _diagonals_ok(dice, cell) -> bool:
    for down, up in LINES[1:]:
        run = run_through(dice, cell, down, up)
        if len(run) >= 2 and not fits_major([dice[c] for c in run]):
            return False
    return True


def legal(board_cells, dice, pitch, cell) -> bool:
    """Is placing `pitch` on `cell` legal under the basic rules with the centre opening?"""
    if cell not in board_cells or cell in dice:
        return False
    if not dice:
        return cell == (0, 0)
    if not any(_add(cell, d) in dice for d in (N, S, NE, SW, NW, SE)):
        return False
    after = {**dice, cell: pitch}
    column = run_through(after, cell, S, N)
    if not column_ok([after[c] for c in column]) or not _diagonals_ok(after, cell):
        return False
    if len(column) == 2:
        return _room(board_cells, after, column)
    return True


def _room(board_cells, after, column) -> bool:
    for completion, beyond in ((_add(column[-1], N), _add(column[-1], (0, -2))),
                               (_add(column[0], S), _add(column[0], (0, 2)))):
        if completion not in board_cells or beyond in after:
            continue
        for y in range(12):
            trial = {**after, completion: y}
            pitches = [trial[c] for c in run_through(trial, completion, S, N)]
            if len(pitches) == 3 and column_ok(pitches) and _diagonals_ok(trial, completion):
                return True
    return False


def score(board, dice, pitch, cell, opening_scores=False) -> int:
    if not dice and not opening_scores:
        return 0  # the opening die scores nothing (a house rule, on by default)
    after = {**dice, cell: pitch}
    others = sum(len(run_through(after, cell, down, up)) - 1 for down, up in LINES)
    return (1 + others) * board.honeypots.get(cell, 1)
