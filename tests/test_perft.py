"""Golden perft counts: legal cells per pitch on seeded random positions, recomputed every run."""

from pathlib import Path

import pytest
import reference_rules as reference

from muzlab import Position
from muzlab.cli import main
from muzlab.rules.perft import counts, random_positions, read_golden

PERFT = Path(__file__).parent.parent / "data" / "perft"


@pytest.mark.parametrize("name", ["standard-basic.txt", "master-master.txt"])
def test_golden_counts_are_recomputed_exactly(name):
    golden = read_golden(PERFT / name)
    assert len(golden) > 100
    for line in golden:
        assert tuple(counts(Position.from_notation(line.notation))) == line.counts, line.notation


def test_basic_golden_counts_agree_with_the_naive_reference():
    for line in read_golden(PERFT / "standard-basic.txt")[::4]:
        position = Position.from_notation(line.notation)
        cells, dice = set(position.board.cells), dict(position.dice)
        naive = tuple(sum(reference.legal(cells, dice, p, c) for c in cells) for p in range(12))
        assert naive == line.counts, line.notation


def test_random_positions_are_seeded_and_grow_one_die_at_a_time():
    first, again = random_positions(7, 21), random_positions(7, 21)
    assert [p.notation() for p in first] == [p.notation() for p in again]
    assert [len(p) for p in first] == list(range(len(first)))
    assert random_positions(8, 21)[-1] != first[-1]


def test_perft_command_prints_counts_and_rate(capsys):
    assert main(["perft", "--games", "2", "--show"]) == 0
    out = capsys.readouterr().out
    assert " 1  1  1  1  1  1  1  1  1  1  1  1 | standard\n" in out
    assert "calls/s on freshly built positions" in out
    assert "44 positions (standard board, basic rules)" in out


def test_perft_check_reports_a_mismatch(tmp_path, capsys):
    path = tmp_path / "wrong.txt"
    path.write_text(" 1  1  1  1  1  1  1  1  1  1  1  2 | standard\n")
    assert main(["perft", "--check", str(path)]) == 1
    assert "MISMATCH standard" in capsys.readouterr().out
