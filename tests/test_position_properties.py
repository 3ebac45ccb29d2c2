"""Property tests over positions reached by seeded random legal play (Hypothesis picks the seeds)."""

import random

import pytest
import reference_rules as reference
from hypothesis import given, settings
from hypothesis import strategies as st

from muzlab import Board, Game, GameError, InvalidPosition, Position, RuleSet
from muzlab.names import position_words
from muzlab.rules.perft import random_positions

playouts = st.builds(
    lambda seed, size: random_positions(seed, 21)[: size + 1][-1],
    st.integers(0, 2**32 - 1),
    st.integers(0, 21),
)


@settings(max_examples=60, deadline=None)
@given(playouts)
def test_every_run_on_the_board_stays_legal(position):
    assert position_words.problems(position) == []


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(playouts)
def test_legal_placements_agree_with_a_naive_reference_and_with_explain(position):
    cells = set(position.board.cells)
    dice = dict(position.dice)
    for pitch in range(12):
        legal = position.legal_placements(pitch)
        assert legal == sorted(legal)
        expected = sorted(c for c in cells if reference.legal(cells, dice, pitch, c))
        assert legal == expected, f"pitch {pitch} on {position.notation()}"
        for cell in position.board.cells:
            assert (position_words.explain(position, pitch, cell) is None) == (cell in legal)


@settings(max_examples=60, deadline=None)
@given(playouts)
def test_score_is_one_plus_the_other_dice_in_the_runs_times_the_honeypot(position):
    dice = dict(position.dice)
    for pitch in range(12):
        for cell in position.legal_placements(pitch):
            assert position.score(pitch, cell) == reference.score(position.board, dice, pitch, cell)


@settings(max_examples=60, deadline=None)
@given(playouts)
def test_best_placements_are_the_naive_maximum_and_every_cell_reaching_it(position):
    dice = dict(position.dice)
    for pitch in range(12):
        scores = {cell: reference.score(position.board, dice, pitch, cell)
                  for cell in position.legal_placements(pitch)}
        best = max(scores.values(), default=0)
        assert position.best_placements(pitch) == (best, sorted(c for c, s in scores.items() if s == best))


@settings(max_examples=60, deadline=None)
@given(playouts)
def test_notation_round_trips_and_repr_is_deterministic(position):
    text = position.notation()
    again = Position.from_notation(text)
    assert again == position and again.notation() == text
    assert repr(position) == f"Position.from_notation({text!r})"
    assert "0x" not in repr(position)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_incremental_masks_equal_masks_of_the_same_dice_built_afresh(seed):
    for position in random_positions(seed, 21):
        fresh = Position(position.board, position.dice, position.rules)
        for pitch in range(12):
            assert position.legal_placements(pitch) == fresh.legal_placements(pitch)


near_centre = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(near_centre), st.integers(0, 11), max_size=12))
def test_a_position_is_refused_exactly_when_problems_lists_something(dice):
    # Building from dice checks the runs on numbers first; the sentences must agree with that.
    problems = position_words.problems(Position(dice=dice, strict=False))
    try:
        Position(dice=dice)
    except InvalidPosition as refusal:
        assert problems and refusal.problems == problems
    else:
        assert problems == []


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_incremental_masks_equal_fresh_masks_at_master_level_too(seed):
    for position in random_positions(seed, 42, Board.master(), RuleSet.master()):
        fresh = Position(position.board, position.dice, position.rules)
        for pitch in range(12):
            assert position.legal_placements(pitch) == fresh.legal_placements(pitch)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_a_games_count_of_legal_cells_kept_move_by_move_equals_the_cells_listed_afresh(seed, master):
    # A game counts each pitch's legal cells incrementally, position after position (what a replay
    # records of every move); random legal cells, and a pass now and then.
    rng = random.Random(seed)
    game = Game(2, Board.master(), RuleSet.master(), 42, seed) if master else Game(2, seed=seed)
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
            continue
        position = game.position
        fresh = Position(position.board, position.dice, position.rules)
        counts = [len(fresh.legal_placements(pitch)) for pitch in range(12)]
        assert [position.legal_count(pitch) for pitch in range(12)] == counts, position.notation()
        legal = fresh.legal_placements(game.hand)
        try:
            game.pass_die() if not legal or rng.random() < 0.2 else game.place(rng.choice(legal))
        except GameError:  # (the opening die, or the passes used up)
            game.place(rng.choice(legal))
    assert len(game.position) > 10
