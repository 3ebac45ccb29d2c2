"""Regenerate the golden perft files: `python data/perft/make_perft.py`.

Each line holds the number of legal cells for pitch classes 0-11, then the position's notation,
for every position of seeded random playouts. tests/test_perft.py recomputes them.
"""

from pathlib import Path

from muzlab import Board, RuleSet
from muzlab.rules.perft import golden_lines, write_golden

HERE = Path(__file__).parent

SETS = [
    ("standard-basic.txt", range(10), 21, "standard", "basic"),
    ("master-master.txt", range(3), 42, "master", "master"),
]

if __name__ == "__main__":
    for filename, seeds, dice, board, rules in SETS:
        lines = golden_lines(seeds, dice, Board.named(board), RuleSet.named(rules))
        header = (f"muzlab perft: {board} board, {rules} rules, seeds {seeds.start}-{seeds.stop - 1}, "
                  f"{dice} dice\nlegal cells for C C# D Eb E F F# G Ab A Bb B | position")
        write_golden(HERE / filename, lines, header)
        print(f"wrote {len(lines)} positions to {filename}")
