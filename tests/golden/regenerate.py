"""Golden SVG boards, compared byte for byte by tests/test_svg.py.

Rewrite them after an intended change to the drawing:  python tests/golden/regenerate.py
Check without writing (prints a diff, exit status 1 on a mismatch):  python tests/golden/regenerate.py --check
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

from muzlab.play.game import GameResult
from muzlab.rules.position import Position
from muzlab.views.svg import game_svg, position_svg

HERE = Path(__file__).parent

#: 21 dice from seeded random play (muzlab.rules.perft.random_positions(0, dice=21)[-1]), kept as text so the
#: golden board does not move when the random playout changes.
MIDGAME = (
    "standard B@-1,-1 Ab@-1,0 E@-1,1 C#@0,-2 A@0,-1 F#@0,0 C@0,2 A@0,3 F@0,4 Eb@1,-3 G@1,-1 E@1,0 "
    "C#@1,1 E@2,-4 F#@2,-1 B@2,1 G@3,-2 E@3,-1 C#@3,0 A@4,-3 F@4,-2"
)
#: A complete F# major scale (E# spelled) on a rising-right diagonal, and a complete E major triad
#: (G# spelled) in a column that shares the G#.
SPELLED = "standard F#@-3,3 Ab@-2,2 Bb@-1,1 B@0,0 C#@1,-1 Eb@2,-2 F@3,-3 E@-2,3 B@-2,1"
#: A Db major scale crossing an F# major triad: the shared die is labelled F# (a complete triad first).
CROSSING = "standard C#@-3,3 Eb@-2,2 F@-1,1 C#@0,-2 Bb@0,-1 F#@0,0 Ab@1,-1 Bb@2,-2 C@3,-3"


def _game(over: bool) -> SimpleNamespace:
    position = Position.from_notation(MIDGAME)
    return SimpleNamespace(
        position=position,
        hand=None if over else 2,
        scores=[41, 37, 44],
        current_player=1,
        over=over,
        result=GameResult((41, 37, 44), (2,), "no dice left") if over else None,
        players=3,
    )


CASES: dict[str, Callable[[], str]] = {
    "empty": lambda: position_svg(Position()),
    "opening": lambda: position_svg(Position(None, {(0, 0): 0}), highlight="E", last=(0, 0)),
    "midgame_highlight": lambda: position_svg(Position.from_notation(MIDGAME), highlight="D", last=(4, -2)),
    "midgame_cells": lambda: position_svg(
        Position.from_notation(MIDGAME), highlight=[(1, 2), (-2, 0)], show_structures=False
    ),
    "spelled": lambda: position_svg(Position.from_notation(SPELLED)),
    "crossing": lambda: position_svg(Position.from_notation(CROSSING)),
    "game": lambda: game_svg(_game(over=False), show_legal=True),
    "game_over": lambda: game_svg(_game(over=True)),
}


def path_of(name: str) -> Path:
    """Where the golden SVG of a case lives."""
    return HERE / f"{name}.svg"


def diff(name: str, actual: str) -> str:
    """Unified diff from the golden file to `actual` ('' when they match)."""
    path = path_of(name)
    expected = path.read_text(encoding="utf-8") if path.exists() else ""
    return "".join(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=f"golden/{name}.svg", tofile=f"{name} (now)",
    ))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    failed = 0
    for name, render in CASES.items():
        text = render()
        if check:
            changes = diff(name, text)
            if changes:
                failed += 1
                sys.stdout.write(changes)
        else:
            path_of(name).write_bytes(text.encode("utf-8"))
            print(f"wrote {path_of(name).relative_to(HERE.parent.parent)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
