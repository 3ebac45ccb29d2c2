"""Muzundrum "perft": legal-cell counts for every pitch on positions reached by seeded random play.

Like chess perft, the counts pin the rules down (golden files in data/perft/) and timing them
measures the engine's speed at the same time.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

from muzlab.core import safe_json
from muzlab.core.board import Board
from muzlab.core.errors import NotationError, Phrase
from muzlab.rules.position import Position
from muzlab.rules.ruleset import RuleSet

#: The largest golden file read, in bytes.
MAX_GOLDEN_BYTES = 20_000_000


def random_positions(seed: int, dice: int = 21, board: Board | None = None,
                     rules: RuleSet | None = None) -> list[Position]:
    """Positions of one seeded random playout: roll a pitch, place it on a random legal cell
    (re-roll when it has none), until `dice` are placed or the board is locked."""
    rng = random.Random(seed)
    position = Position(board, None, rules)
    positions = [position]
    while len(position) < dice and not position.is_locked():
        pitch = rng.randrange(12)
        cells = position.legal_placements(pitch)
        if cells:
            position = position.place(pitch, rng.choice(cells))
            positions.append(position)
    return positions


def counts(position: Position) -> list[int]:
    """Number of legal cells for each pitch class 0-11."""
    return [len(position.legal_placements(pitch)) for pitch in range(12)]


@dataclass(frozen=True)
class PerftLine:
    counts: tuple[int, ...]
    notation: str

    def __str__(self) -> str:
        return " ".join(f"{c:2d}" for c in self.counts) + " | " + self.notation


def golden_lines(seeds: range, dice: int, board: Board | None = None,
                 rules: RuleSet | None = None) -> list[PerftLine]:
    """One line per position of each seeded playout."""
    return [
        PerftLine(tuple(counts(p)), p.notation())
        for seed in seeds
        for p in random_positions(seed, dice, board, rules)
    ]


def read_golden(path: str | Path) -> list[PerftLine]:
    """Read a golden perft file: twelve counts, '|', then the position's notation."""
    lines = []
    content = safe_json.read_text(path, MAX_GOLDEN_BYTES, NotationError,
                                  Phrase("golden file {path}", path=path))
    for number, text in enumerate(content.splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        numbers, bar, notation = text.partition("|")
        try:
            values = tuple(int(v) for v in numbers.split())
        except ValueError:
            values = ()
        if not bar or len(values) != 12:
            raise NotationError("{path}:{number}: expected 12 counts, '|', then a position", path=path,
                                number=number)
        lines.append(PerftLine(values, notation.strip()))
    return lines


def write_golden(path: str | Path, lines: list[PerftLine], header: str) -> None:
    text = "".join(f"# {h}\n" for h in header.splitlines()) + "".join(f"{line}\n" for line in lines)
    Path(path).write_text(text)


@dataclass(frozen=True)
class Rate:
    positions: int
    calls: int
    build_seconds: float
    call_seconds: float

    @property
    def calls_per_second(self) -> float:
        """legal_placements calls per second on freshly built positions (first call computes)."""
        return self.calls / self.call_seconds

    @property
    def calls_per_second_with_build(self) -> float:
        """The same, with building each position from its dice counted in."""
        return self.calls / (self.call_seconds + self.build_seconds)


def measure(positions: list[Position], repeat: int = 3) -> Rate:
    """Time building each position from its dice, then all 12 legal_placements calls on it."""
    specs = [(p.board, dict(p.dice), p.rules) for p in positions]
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        built = [Position(board, dice, rules) for board, dice, rules in specs]
        middle = time.perf_counter()
        for position in built:
            for pitch in range(12):
                position.legal_placements(pitch)
        end = time.perf_counter()
        rate = Rate(len(built), 12 * len(built), middle - start, end - middle)
        if best is None or rate.call_seconds + rate.build_seconds < best.call_seconds + best.build_seconds:
            best = rate
    return best
