"""How fast a 7-note scale becomes sound (built-in synth) and staff notation (music21 -> verovio).

Run: python benchmarks/bench_music.py. Each figure is the median of repeated runs after a warm-up.
"""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable

from muzlab.views.audio import play_structure
from muzlab.views.music import notation_svg, structure_stream

SCALE = [2, 4, 6, 7, 9, 11, 1]  # D major, degrees 1-7


def median_ms(action: Callable[[], object], runs: int) -> float:
    """Median wall time of `action` in milliseconds over `runs` calls, after one warm-up call."""
    action()
    return 1000 * statistics.median(timeit.repeat(action, number=1, repeat=runs))


def main() -> None:
    """Print each measurement with its target and PASS or MISS."""
    checks = [
        ("7-note scale -> audio (built-in synth)", 50.0, lambda: play_structure("scale", SCALE)),
        (
            "7-note scale -> notation SVG (music21 -> MusicXML -> verovio)",
            300.0,
            lambda: notation_svg(structure_stream("scale", SCALE)),
        ),
    ]
    for label, target, task in checks:
        ms = median_ms(task, runs=21)
        verdict = "PASS" if ms < target else "MISS"
        print(f"{label}: {ms:.1f} ms (target < {target:.0f} ms) {verdict}")


if __name__ == "__main__":
    main()
