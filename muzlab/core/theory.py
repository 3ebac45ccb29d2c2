"""The music-theory tables of Muzundrum, as numbers: one copy, shared by the rules and the spelling.

Pure data on pitch classes (0 = C ... 11 = B), no imports: the rules decide legality from these
tables and the spelling names notes from them, so the two can never disagree about what a major
triad or a harmonic minor scale is. Which of them a game allows is the rule set's business
(`muzlab.RuleSet.triad_qualities`, `.scale_types`), not this module's.
"""

from __future__ import annotations

#: Upward steps of each scale type, cyclic, from its first degree (docs/rules.md sections 5 and 9).
SCALE_STEPS: dict[str, tuple[int, ...]] = {
    "major": (2, 2, 1, 2, 2, 2, 1),
    "harmonic minor": (2, 1, 2, 2, 1, 3, 1),
    "major pentatonic": (2, 2, 3, 2, 3),
    "whole-tone": (2, 2, 2, 2, 2, 2),
    "chromatic": (1,) * 12,
}

#: Root-position triads: semitones root -> third and third -> fifth (docs/rules.md section 4). Augmented
#: is here so that it can be named; the rule sets do not allow it in a column.
TRIAD_STEPS: dict[str, tuple[int, int]] = {
    "major": (4, 3),
    "minor": (3, 4),
    "diminished": (3, 3),
    "augmented": (4, 4),
}

#: Semitones from the tonic of each degree of the major scale: 0 2 4 5 7 9 11.
MAJOR_DEGREES: tuple[int, ...] = tuple(sum(SCALE_STEPS["major"][:degree]) for degree in range(7))

#: A column holds at most a triad (docs/rules.md section 4, "maximum verticality").
MAX_TRIAD = 3

