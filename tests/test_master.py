"""Master level (docs/rules.md section 9): five scale types, completion closes a run, at most 12."""

import pytest

from muzlab import Board, Position, RuleSet

C, Db, D, Eb, E, F, Gb, G, Ab, A, Bb, B = range(12)
MASTER = RuleSet.master()


def diagonal(notes, board=None, rules=MASTER, start=-3):
    cells = [(i, -i) for i in range(start, start + len(notes))]
    return Position(board or Board.master(), dict(zip(cells, notes, strict=True)), rules)


@pytest.mark.parametrize(
    ("notes", "kind", "tonic"),
    [
        ("A B C D E F G#".split(), "harmonic minor", A),
        ("C D E G A".split(), "major pentatonic", C),
        ("C D E F# G# A#".split(), "whole-tone", C),
        ("C D E F G A B".split(), "major", C),
    ],
)
def test_a_run_holding_every_note_of_a_scale_type_is_complete_and_closed(notes, kind, tonic):
    position = diagonal(notes)
    (run,) = position.structures()
    assert run.complete and (tonic, kind) in run.keys
    top = (-3 + len(notes), 3 - len(notes))
    for pitch in range(12):
        assert top not in position.legal_placements(pitch)
    assert "already a complete scale" in position.explain(notes[0], top)


def test_minor_thirds_become_possible_on_diagonals():
    assert diagonal(["C"]).explain("Eb", (-2, 2)) is None
    assert diagonal(["C"], Board.standard(), RuleSet.basic()).explain("Eb", (-2, 2)) is not None
    (run,) = diagonal(["E", "G"]).structures()
    assert {kind for _, kind in run.keys} == {"harmonic minor", "major pentatonic"}


def test_fragments_list_every_scale_type_and_key_they_fit():
    (run,) = diagonal(["C", "D", "E", "F#"]).structures()
    assert (G, "major") in run.keys and (C, "whole-tone") in run.keys
    assert not run.complete


def test_a_chromatic_run_completes_at_twelve_and_takes_no_thirteenth():
    wide = Board.from_dict({"name": "wide", "hexagon": 6})
    notes = list(range(12))
    position = diagonal(notes, wide, start=-6)
    (run,) = position.structures()
    assert run.complete and (C, "chromatic") in run.keys
    assert all((6, -6) not in position.legal_placements(pitch) for pitch in range(12))
    assert "already a complete scale" in position.explain(C, (6, -6))


def test_a_run_that_fits_no_master_scale_is_refused_with_the_scale_types_named():
    assert diagonal(["C", "Db"]).explain("E", (-1, 1)) is None  # C-C#-E: harmonic minor 7-1-3
    reason = diagonal(["C", "Db"]).explain("F", (-1, 1))
    assert reason == (
        "C–Db–F, read upward, is not consecutive notes of a major, harmonic minor, "
        "major pentatonic, whole-tone or chromatic scale."
    )


def test_triads_and_scoring_are_unchanged_at_master_level():
    basic = Position(dice={(0, 0): "C"})
    master = Position(Board.standard(), {(0, 0): "C"}, MASTER)
    for pitch in range(12):
        column = [c for c in basic.legal_placements(pitch) if c[0] == 0]
        assert column == [c for c in master.legal_placements(pitch) if c[0] == 0]
    assert master.score("E", (0, -1)) == basic.score("E", (0, -1)) == 2
