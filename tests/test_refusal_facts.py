"""A refusal is facts found by the rules (`Position.refusal`) and words written from them in the
naming layer (`muzlab.names.refusal_words`): the facts say which rule, the words say it to a student."""

from __future__ import annotations

import random

import pytest

import muzlab
from muzlab import IllegalPlacement, InvalidPosition, Position, RuleSet
from muzlab.core.hexgrid import COLUMN
from muzlab.core.refusal import RULES, Refusal
from muzlab.names.reader import Reader
from muzlab.names.refusal_words import refusal_text


def _refusals_of_random_games(level: str, games: int) -> list[tuple[Position, int, tuple, Refusal]]:
    """Every refusal met when asking each pitch on a sample of cells along seeded random games."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        position = Position(rules=RuleSet.named(level))
        for _ in range(25):
            for cell in rng.sample(position.board.cells, 8):
                for pitch in range(12):
                    refusal = position.refusal(pitch, cell)
                    if refusal is not None:
                        found.append((position, pitch, cell, refusal))
            moves = list(position.legal_moves())
            if not moves:
                break
            position = position.place(*rng.choice(moves))
    return found


@pytest.fixture(scope="module")
def refusals() -> list[tuple[Position, int, tuple, Refusal]]:
    return _refusals_of_random_games("basic", 12) + _refusals_of_random_games("master", 12)


def test_every_rule_a_placement_can_break_is_met_and_worded_as_explain_says(refusals):
    seen = {refusal.rule for *_, refusal in refusals}
    # (dice cut off are a problem of dice given, not of a placement; eight notes on a diagonal need
    # two runs placed apart, a teacher's set-up: both are tested below)
    assert seen == set(RULES) - {"apart", "scale-long"}
    for position, pitch, cell, refusal in refusals:
        said = refusal_text(refusal, position.board, position.spelled(), muzlab.default_reader())
        assert position.explain(pitch, cell) == said


def test_a_refusal_is_exactly_an_illegal_placement_and_its_run_is_read_off_the_board(refusals):
    for position, pitch, cell, refusal in refusals[::7]:
        assert cell not in position.legal_placements(pitch)
        assert (refusal.pitch, refusal.cell) == (pitch, cell)
        if refusal.cells:  # a run: the refused die in it, the others the dice on the board
            assert len(refusal.cells) == len(refusal.pitches) >= 2
            for run_cell, run_pitch in zip(refusal.cells, refusal.pitches, strict=True):
                assert run_pitch == (pitch if run_cell == cell else position.pitch_at(run_cell))
            assert refusal.allowed == (position.rules.triad_qualities if refusal.line == COLUMN
                                       else position.rules.scale_types)
    position = Position(dice={"e5": "C"})
    assert all(position.refusal(pitch, cell) is None for pitch in range(12)
               for cell in position.legal_placements(pitch))


@pytest.mark.parametrize(("dice", "pitch", "cell", "rule", "detail"), [
    ({}, "C", (1, 1), "opening", ((0, 0),)),
    ({(0, 0): "C"}, "E", (0, 0), "occupied", (0,)),
    ({(0, 0): "C"}, "E", (3, 0), "touch", ()),
    ({(0, 0): "C"}, "D", (0, -1), "column-pair", (2,)),
    ({(0, 0): "C", (0, -1): "E"}, "G#", (0, -2), "column-quality", ("augmented",)),
    ({(0, 0): "C", (0, -1): "E"}, "A", (0, -2), "column-shape", ()),
    ({(0, 0): "C", (0, -1): "E", (0, -2): "G"}, "B", (0, -3), "column-long", ()),
    ({(0, 0): "C"}, "C", (1, 0), "scale-fragment", ()),
    (dict(zip([(-4, 4), (-3, 3), (-2, 2), (0, 0), (1, -1), (2, -2), (3, -3)], "CDEGABC", strict=True)),
     "F", (-1, 1), "scale-long", (7,)),
])
def test_each_rule_is_named_by_its_facts(dice, pitch, cell, rule, detail):
    position = Position(dice=dice, strict=False)
    refusal = position.refusal(pitch, cell)
    assert (refusal.rule, refusal.detail) == (rule, detail)
    with pytest.raises(IllegalPlacement) as raised:
        position.place(pitch, cell)
    assert raised.value.refusal == refusal
    assert raised.value.reason == position.explain(pitch, cell)


def test_the_facts_hold_no_words_so_another_convention_words_the_same_refusal_anew():
    position = Position(dice={(0, 0): "C"})
    english = position.refusal(10, (0, -1))
    assert position.explain(10, (0, -1)).startswith("C up to Bb is 10 semitones")
    with muzlab.note_names("german"):
        assert position.refusal(10, (0, -1)) == english
        assert position.explain(10, (0, -1)).startswith("C up to B is 10 semitones")
    with muzlab.note_names("solfege"):
        assert position.explain(10, (0, -1)).startswith("Do up to Si♭ is 10 semitones")


def test_dice_that_break_the_rules_carry_their_refusals_as_facts():
    with pytest.raises(InvalidPosition) as raised:
        Position(dice={(0, 0): "C", (0, -1): "D", (3, 0): "E"})
    rules = {problem.refusal.rule for problem in raised.value.problems}
    assert rules == {"column-pair", "apart"}
    apart = next(p for p in raised.value.problems if p.refusal.rule == "apart")
    assert apart.cells == ((3, 0),) and apart.refusal.pitch is None
    for problem in raised.value.problems:
        reader = muzlab.default_reader()
        assert problem.reason == refusal_text(problem.refusal, Position().board, None, reader)


def test_an_occupied_cell_is_said_to_hold_the_die_on_it_not_the_die_refused():
    position = Position(dice={(0, 0): "C"})
    refusal = position.refusal("E", (0, 0))
    assert refusal_text(refusal, position.board, None, Reader()) == "e5 already holds C."  # (no spelling)
    assert position.explain("E", (0, 0)) == "e5 already holds C."
