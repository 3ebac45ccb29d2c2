"""Every example and rule of docs/rules.md sections 1-6 and 8, checked on real positions."""

import pytest

from muzlab import (
    Board,
    CellOccupied,
    CellOffBoard,
    IllegalPlacement,
    InvalidPosition,
    Position,
    RuleSet,
    parse_pitch,
)
from muzlab.core.theory import SCALE_STEPS

C, Db, D, Eb, E, F, Gb, G, Ab, A, Bb, B = range(12)


def column_cells(position, q):
    return {cell for cell in position.board.cells if cell[0] == q}


def test_a_lone_c_has_four_column_partners_and_nine_potential_triads():
    lone_c = Position(dice={(0, 0): "C"})
    partners = {
        (pitch, cell)
        for pitch in range(12)
        for cell in lone_c.legal_placements(pitch)
        if cell in column_cells(lone_c, 0)
    }
    assert partners == {(Eb, (0, -1)), (E, (0, -1)), (A, (0, 1)), (Ab, (0, 1))}
    triads = set()
    for pitch, cell in partners:
        (pair,) = [s for s in lone_c.place(pitch, cell).structures() if s.kind == "triad"]
        assert not pair.complete
        triads |= set(pair.triads)
    assert triads == {
        (C, "major"), (C, "minor"), (C, "diminished"),
        (Ab, "major"), (A, "minor"), (A, "diminished"),
        (F, "major"), (F, "minor"), (Gb, "diminished"),
    }


def test_scoring_only_counts_runs_the_new_die_is_in():
    # F-G-Ab on a rising-left diagonal; C directly above Ab scores the column pair Ab-C only.
    position = Position(dice={(1, 1): "F", (0, 1): "G", (-1, 1): "Ab"})
    assert position.score("C", (-1, 0)) == 2


def test_scoring_adds_both_diagonals():
    # Ab joins F-G on one diagonal and Bb on the other, nothing in its column: 1 + 2 + 1.
    position = Position(dice={(-2, 2): "F", (-1, 1): "G", (-1, 0): "Bb"})
    assert position.score("Ab", (0, 0)) == 4


def test_scoring_a_completed_triad_between_two_diagonals_and_a_triple_honeypot():
    dice = {(0, 1): "F", (0, -1): "C", (-1, 1): "G", (1, -1): "B", (1, 0): "G", (-1, 0): "Bb"}
    plain = Position(dice=dice)
    assert plain.score("A", (0, 0)) == 1 + 2 + 4  # completes F-A-C (+2), four diagonal dice (+4)
    triple = Board(Board.standard().cells, {(0, 0): 3}, name="centre-triple")
    assert Position(triple, dice).score("A", (0, 0)) == 21
    completed = plain.completions("A", (0, 0))
    assert [(s.kind, s.triads) for s in completed] == [("triad", ((F, "major"),))]


def test_honeypot_multiplies_only_the_placement_on_it():
    position = Position(dice={(0, 0): "C"})
    on_pot = position.place("D", (1, -1)).place("E", (2, -2))  # (2, -2) is a x2 honeypot
    assert position.place("D", (1, -1)).score("E", (2, -2)) == 2 * 3
    # A later die joining the run that contains the honeypot is not multiplied.
    assert on_pot.score("F", (3, -3)) == 4


def test_room_rule_refuses_a_pair_at_the_board_edge_with_no_room_either_side():
    two_cells = Board([(0, 0), (0, -1)], name="two-cells")
    position = Position(two_cells, {(0, 0): "C"})
    assert position.legal_placements("E") == []
    reason = position.explain("E", (0, -1))
    assert "C–E could never be finished as a triad" in reason
    assert "the board ends above it" in reason and "the board ends below it" in reason


def test_room_rule_at_the_top_edge_with_a_die_beyond_the_lower_cell():
    position = Position.from_notation("standard C@0,-2 A@0,-1 F@0,0 D@1,-3 G@1,-1")
    reason = position.explain("F", (1, -4))
    assert reason.startswith("D–F could never be finished as a triad")
    assert "the board ends above it" in reason
    assert "has a die beyond it" in reason
    with pytest.raises(IllegalPlacement) as refusal:
        position.place("F", (1, -4))
    assert refusal.value.reason == reason


def test_room_rule_when_no_completing_note_fits_the_scales_on_either_side():
    position = Position.from_notation("standard C#@0,-1 A@0,0 F#@0,1 D@1,-2 F@1,1 G@2,0 F@3,0")
    reason = position.explain("B", (2, -1))
    assert reason == (
        "G–B could never be finished as a triad: no note that finishes it fits above without "
        "breaking a scale, and no note that finishes it fits below without breaking a scale."
    )
    # With Eb instead of D up-left of the upper cell, D fits there (D-Eb) and G-B has room.
    freer = Position.from_notation("standard C#@0,-1 A@0,0 F#@0,1 Eb@1,-2 F@1,1 G@2,0 F@3,0")
    assert freer.explain("B", (2, -1)) is None
    assert ((G, "major")) in next(s for s in freer.place("B", (2, -1)).structures()
                                   if s.cells == ((2, 0), (2, -1))).triads


def test_room_rule_is_checked_when_the_triad_is_begun_not_afterwards():
    # The pair D-F on (1, -3)/(1, -4) could be finished below until G arrived on (1, -1);
    # a position holding it is still valid, and other placements are judged on their own.
    position = Position.from_notation("standard C@0,-2 A@0,-1 F@0,0 D@1,-3 F@1,-4 G@1,-1")
    assert position.problems() == []
    assert position.legal_placements("E") != []


def test_maximum_verticality():
    triad = Position(dice={(0, 1): "C", (0, 0): "E", (0, -1): "G"})
    for cell in [(0, -2), (0, 2)]:
        for pitch in range(12):
            assert cell not in triad.legal_placements(pitch)
    assert "a column holds at most a triad of three" in triad.explain("B", (0, -2))
    with pytest.raises(InvalidPosition, match="at most a triad"):
        Position(dice={(0, 1): "C", (0, 0): "E", (0, -1): "G", (0, -2): "B"})


def test_triads_must_be_major_minor_or_diminished_in_root_position():
    pair = Position(dice={(0, 1): "C", (0, 0): "E"})
    assert pair.explain("Eb", (0, -1)) == (
        "C–E–Eb, read upward, is not a major, minor or diminished triad in root position."
    )
    assert pair.explain("G#", (0, -1)) == (
        "C–E–G# is an augmented triad; only major, minor or diminished triads are allowed."
    )
    assert pair.explain("G", (0, -1)) is None
    minor = Position(dice={(0, 1): "A", (0, 0): "C"})
    assert minor.explain("E", (0, -1)) is None and minor.explain("Eb", (0, -1)) is None


def test_column_neighbours_must_be_a_third_apart():
    position = Position(dice={(0, 0): "C"})
    assert position.explain("D", (0, -1)) == (
        "C up to D is 2 semitones; neighbours in a column are a third apart (3 or 4 semitones)."
    )


@pytest.mark.parametrize(
    ("notes", "keys"),
    [(["A", "B", "C"], {C, G}), (["E", "F", "G", "A"], {C, F}), (["F#", "G"], {G, D})],
)
def test_scales_may_start_on_any_degree(notes, keys):
    cells = [(i, -i) for i in range(len(notes))]  # rising-right diagonal through the centre
    position = Position(dice=dict(zip(cells, notes, strict=True)))
    (scale,) = position.structures()
    assert scale.kind == "scale" and scale.line == "rising-right diagonal"
    assert {tonic for tonic, _ in scale.keys} == keys
    assert not scale.complete


def test_scale_rises_toward_the_top_on_both_diagonals():
    position = Position(dice={(0, 0): "C"})
    assert position.explain("D", (1, -1)) is None  # up-right
    assert position.explain("D", (-1, 0)) is None  # up-left
    assert "C–D" not in (position.explain("D", (1, 0)) or "")
    assert position.explain("D", (1, 0)) == "D–C, read upward, is not part of one major scale."


def test_a_complete_scale_takes_no_eighth_die():
    scale = dict(zip([(i, -i) for i in range(-3, 4)], "C D E F G A B".split(), strict=True))
    position = Position(dice=scale)
    (run,) = position.structures()
    assert run.complete and run.keys == ((C, "major"),)
    for cell, pitch in [((4, -4), "C"), ((-4, 4), "B"), ((4, -4), "D")]:
        reason = position.explain(pitch, cell)
        assert reason == "C–D–E–F–G–A–B is already a complete scale; it takes no more notes."


def test_joining_two_scale_runs_into_eight_notes_is_refused():
    dice = dict(zip([(-4, 4), (-3, 3), (-2, 2), (0, 0), (1, -1), (2, -2), (3, -3)],
                    "C D E G A B C".split(), strict=True))
    position = Position(dice=dice, strict=False)  # a teacher's setup: two separate runs
    assert position.explain("F", (-1, 1)) == (
        "C–D–E–F–G–A–B–C is 8 notes; a diagonal holds at most 7 (one major scale)."
    )


def test_a_die_must_touch_the_others_and_the_first_goes_on_the_centre():
    empty = Position()
    assert empty.legal_placements("C") == [(0, 0)]
    assert empty.explain("C", (1, 0)) == "The first die goes on the centre cell e5."
    anywhere = Position(rules=RuleSet(opening_on_centre=False))
    assert len(anywhere.legal_placements("C")) == 61
    lone = Position(dice={(0, 0): "C"})
    assert lone.explain("C", (3, 0)) == "C must touch a die already on the board."


def test_occupied_and_off_board_cells_are_refused_and_nothing_changes():
    position = Position(dice={(0, 0): "C"})
    before = position.notation()
    with pytest.raises(CellOccupied, match="e5 already holds C"):
        position.place("E", (0, 0))
    with pytest.raises(CellOffBoard, match=r"\(9, 0\) is not on the standard board"):
        position.place("E", (9, 0))
    assert position.explain("E", (0, 0)) == "e5 already holds C."
    assert position.explain("E", (9, 0)) == "(9, 0) is not on the standard board."
    assert position.notation() == before


def test_dice_mapping_is_read_only_and_in_pitch_classes():
    position = Position(dice={(0, 0): "Db", (0, -1): "F"})
    assert dict(position.dice) == {(0, -1): F, (0, 0): Db}
    with pytest.raises(TypeError):
        position.dice[(1, 0)] = 3


def test_spelling_never_decides_legality():
    assert Position(dice={(0, 0): "C#"}) == Position(dice={(0, 0): "Db"})
    assert parse_pitch("E#") == F and parse_pitch("Cb") == B


def test_structures_name_complete_and_potential_triads():
    position = Position(dice={(0, 1): "A", (0, 0): "C", (0, -1): "E", (1, -2): "F"})
    kinds = {(s.kind, s.complete, s.pitches) for s in position.structures()}
    assert kinds == {("triad", True, (A, C, E)), ("scale", False, (E, F))}
    triad = next(s for s in position.structures() if s.kind == "triad")
    assert triad.describe().startswith("triad A–C–E: complete A minor")


def test_the_opening_die_scores_nothing_unless_the_house_rule_is_switched():
    assert Position().score("C", (0, 0)) == 0
    assert Position(rules=RuleSet(opening_scores=True)).score("C", (0, 0)) == 1


def test_a_complete_scale_is_never_part_of_a_longer_run_that_a_scale_type_fits():
    # Why a placement may only narrow the legal pitches of the cells it touches (the engine relies
    # on it): a closed run never opens again, for every scale type a rule set may allow.
    checks = RuleSet(scale_types=tuple(SCALE_STEPS)).checks()
    for kind, steps in SCALE_STEPS.items():
        for degree in range(len(steps)):
            run = [0]
            for k in range(len(steps) - 1):
                run.append((run[-1] + steps[(degree + k) % len(steps)]) % 12)
            assert checks.scale_complete(tuple(run)), (kind, degree)
            for pitch in range(12):
                for longer in ((pitch, *run), (*run, pitch)):
                    assert not checks.scale_fits(longer), (kind, degree, longer)


@pytest.mark.parametrize("rules", [RuleSet.basic(), RuleSet.master()])
def test_legal_cells_come_from_numbers_and_agree_with_explain_on_a_crowded_board(rules):
    # Every empty cell of a teacher's set-up (its runs need not be legal), every pitch: the masks
    # and the sentences of explain() say the same thing.
    notes = "C E G B D F A C Eb G Bb D F# A C# E G# B".split()
    cells = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2 and (q + 2 * r) % 3]
    position = Position(Board.master(), dict(zip(cells, notes, strict=False)), rules, strict=False)
    for pitch in range(12):
        legal = set(position.legal_placements(pitch))
        for cell in position.board.cells:
            assert (position.explain(pitch, cell) is None) == (cell in legal), (pitch, cell)


def test_a_roll_is_a_chance_node_of_the_twelve_faces_with_each_ones_legal_cells_and_points():
    from muzlab import Game
    from muzlab.play.agents import make_agent, play

    game = play(Game(2, seed=7), [make_agent("greedy", 1), make_agent("random", 2)])
    seen_empty = seen_full = False
    for moment in game.history()[::3]:
        position = moment.after
        outcomes = position.chance_outcomes()
        assert [face for face, _ in outcomes] == list(range(12))
        for face, scores in outcomes:
            assert list(scores) == position.legal_placements(face)
            assert scores == {cell: position.score(face, cell) for cell in scores}
            seen_empty, seen_full = seen_empty or not scores, seen_full or bool(scores)
    assert seen_empty and seen_full


def test_the_mask_engine_is_composed_into_a_position_not_inherited():
    """A position holds its engine (`_engine`) and answers the same public questions through it; a
    child stands on its own engine, and a released one rebuilds its grid when asked again."""
    from muzlab.rules.engine import Engine, ReleasedEngine

    position = Position(None, {"e5": "C", "e6": "E"})
    assert Engine not in type(position).__mro__ and type(position._engine) is Engine
    child = position.place("G", "e7")
    assert child._engine is not position._engine and child.parent is position
    fresh = Position(None, dict(child.dice))
    assert all(child.legal_count(pitch) == fresh.legal_count(pitch) == len(fresh.legal_placements(pitch))
               for pitch in range(12))
    step = child.step(9, fresh.legal_placements(9)[0], release=True)
    # released, the engine reads its grid back through a hook of its own; a live one has none, since a
    # class with __getattr__ loses CPython's fast attribute reads
    assert type(child._engine) is ReleasedEngine and not hasattr(Engine, "__getattr__")
    assert dict(child.dice) == dict(fresh.dice) and child.legal_placements(9) == fresh.legal_placements(9)
    assert type(child._engine) is Engine and child._engine._lines == fresh._engine._lines
    assert step.position._engine._count == len(step.position) == 4
