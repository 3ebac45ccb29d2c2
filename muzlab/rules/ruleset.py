"""What is legal in Muzundrum: the rule set, and the checks on column and diagonal runs.

Everything here works on integer pitch classes and tuples, so it is cheap and has no view
dependencies. A run is given bottom to top. Each check returns None when the run is fine, or the
rule it breaks as facts (muzlab.names.refusal_words writes the sentence a student reads). Masks
(12-bit ints, bit p = pitch class p) are memoised per rule set, so the board code only looks them up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from muzlab.core.errors import UnknownSetting, shown
from muzlab.core.theory import MAX_TRIAD, SCALE_STEPS, TRIAD_STEPS

ALL_PITCHES = (1 << 12) - 1
#: The largest supply size a rule set may offer.
MAX_DICE_CHOICE = 10_000
#: The byte for "no die here" in the rules' byte strings of a line (pitch classes are bytes 0-11).
GAP = 12
_GAP_BYTE = bytes((GAP,))
#: Runs of two dice or more in a line's bytes.
_RUNS = re.compile(b"[^%c]{2,}" % GAP)


#: The house rules of docs/rules.md: the RuleSet fields a teacher may switch.
HOUSE_RULES = ("opening_on_centre", "opening_scores", "one_extra_roll_per_placement", "rolls_add_up",
               "end_on_locked_board")


@dataclass(frozen=True)
class RuleSet:
    """The rules in force. The level fixes scale types and triad qualities; the rest are the
    house rules of docs/rules.md, each a setting a teacher may switch."""

    name: str = "basic"
    scale_types: tuple[str, ...] = ("major",)
    triad_qualities: tuple[str, ...] = ("major", "minor", "diminished")
    #: [house] The opening die goes on the centre cell (otherwise anywhere on the board).
    opening_on_centre: bool = True
    #: [house] The opening die scores nothing.
    opening_scores: bool = False
    #: [house] One extra roll per placement even if it completes two structures at once
    #: (False: one extra roll per structure completed).
    one_extra_roll_per_placement: bool = True
    #: [house] A bonus play of a passed die earns the normal roll that follows it, and an extra roll
    #: for completing a structure comes on top (False: the completion roll is the following roll).
    rolls_add_up: bool = True
    #: [house] The game also ends when no pitch class can be placed anywhere (a locked board).
    end_on_locked_board: bool = True
    #: Supply sizes offered at this level; the first is the default.
    dice_choices: tuple[int, ...] = (21,)
    #: Shipped board that goes with each supply size (others use the standard board).
    boards_for_dice: tuple[tuple[int, str], ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 40:
            raise UnknownSetting("RuleSet name={name}: a rule set's name is text of 1 to 40 characters",
                                 name=shown(self.name))
        for switch in HOUSE_RULES:
            if not isinstance(getattr(self, switch), bool):
                raise UnknownSetting("RuleSet {switch}={value}: a house rule is True or False",
                                     switch=switch, value=shown(getattr(self, switch)))
        for setting, known in (("scale_types", SCALE_STEPS), ("triad_qualities", TRIAD_STEPS)):
            value = getattr(self, setting)
            if not isinstance(value, tuple) or not value or len(set(map(repr, value))) != len(value):
                raise UnknownSetting("RuleSet {setting}={value}: give a tuple of one or more different "
                                     "names from {known}", setting=setting, value=shown(value),
                                     known=sorted(known))
            for name in value:
                if not isinstance(name, str) or name not in known:
                    if setting == "scale_types":
                        raise UnknownSetting("unknown scale type {name}; known: {known}", name=shown(name),
                                             known=sorted(known))
                    raise UnknownSetting("unknown triad quality {name}; known: {known}", name=shown(name),
                                         known=sorted(known))
        dice, boards = self.dice_choices, self.boards_for_dice
        if not isinstance(dice, tuple) or not dice or not all(
                type(n) is int and 1 <= n <= MAX_DICE_CHOICE for n in dice):
            raise UnknownSetting("RuleSet dice_choices={dice}: give a tuple of supply sizes from 1 to "
                                 "{max_dice_choice:,}", dice=shown(dice), max_dice_choice=MAX_DICE_CHOICE)
        if not isinstance(boards, tuple) or not all(
                isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is int
                and isinstance(pair[1], str) and len(pair[1]) <= 40 for pair in boards):
            raise UnknownSetting("RuleSet boards_for_dice={boards}: give a tuple of (dice, board name) "
                                 "pairs", boards=shown(boards))

    @classmethod
    def basic(cls) -> RuleSet:
        """Basic level: major scales, 21 dice, standard board."""
        return cls()

    @classmethod
    def master(cls) -> RuleSet:
        """Master level: five scale types, 21, 33 or 42 dice (42 on the radius-5 board)."""
        return cls(
            name="master",
            scale_types=("major", "harmonic minor", "major pentatonic", "whole-tone", "chromatic"),
            dice_choices=(21, 33, 42),
            boards_for_dice=((42, "master"),),
        )

    @classmethod
    def named(cls, name: str) -> RuleSet:
        """The rule set of a level by name: "basic" or "master"."""
        levels = {"basic": cls.basic, "master": cls.master}
        if not isinstance(name, str) or name not in levels:
            raise UnknownSetting("unknown rule set {name}; known: {levels}", name=shown(name),
                                 levels=sorted(levels))
        return levels[name]()

    def board_name_for(self, dice: int) -> str:
        return dict(self.boards_for_dice).get(dice, "standard")

    def checks(self) -> RunChecks:
        """The memoised run checks for this rule set's scale types and triad qualities."""
        return _checks(self.scale_types, self.triad_qualities)


class RunChecks:
    """Legality of column and diagonal runs for one choice of scale types and triad qualities."""

    def __init__(self, scale_types: tuple[str, ...], triad_qualities: tuple[str, ...]):
        self.scale_types = scale_types
        self.triad_qualities = triad_qualities
        self.triad_steps = {TRIAD_STEPS[q]: q for q in triad_qualities}
        self.pair_steps = {s for steps in self.triad_steps for s in steps}
        self.max_scale = max(len(SCALE_STEPS[kind]) for kind in scale_types)
        self.min_scale = min(len(SCALE_STEPS[kind]) for kind in scale_types)
        self._fits: dict[tuple, tuple] = {}
        #: For each allowed scale type: its size, the degrees (ascending) from which each sequence of
        #: steps climbs it, and the semitones from the tonic up to each degree.
        self._degrees = []
        for kind in scale_types:
            pattern = SCALE_STEPS[kind]
            size = len(pattern)
            starts: dict[tuple[int, ...], list[int]] = {}
            for degree in range(size):
                for length in range(size):
                    steps = tuple(pattern[(degree + k) % size] for k in range(length))
                    starts.setdefault(steps, []).append(degree)
            self._degrees.append((kind, size, {steps: tuple(found) for steps, found in starts.items()},
                                  tuple(sum(pattern[:degree]) for degree in range(size))))
        #: Memoised masks, keyed as `scale_mask` and `column_mask` explain; the board code reads
        #: these dicts directly and calls the method only for a stretch not seen before.
        self.scale_masks: dict[bytes, int] = {}
        self.column_masks: dict[bytes, int] = {}
        self._legal_runs: tuple[dict[bytes, bool], dict[bytes, bool]] = ({}, {})  # diagonal, column
        #: The masks next to a lone die, by its pitch: (die below, die above) on a diagonal and in a
        #: column (the room rule aside), the commonest stretches, read without building them.
        self.scale_lone = ([self.scale_mask(bytes((die, GAP))) for die in range(12)],
                           [self.scale_mask(bytes((GAP, die))) for die in range(12)])
        self.column_lone = ([self.column_mask(bytes((die, GAP))) for die in range(12)],
                            [self.column_mask(bytes((GAP, die))) for die in range(12)])
        #: completes_above[low][high]: pitches finishing the column pair low-high on top;
        #: completes_below[low][high]: pitches finishing it underneath (as the root).
        self.completes_above = [[self._completions(lo, hi, True) for hi in range(12)] for lo in range(12)]
        self.completes_below = [[self._completions(lo, hi, False) for hi in range(12)] for lo in range(12)]
        #: finishers[0][die][pitch]: (on top, underneath) for the pair die-pitch, the die below;
        #: finishers[1][die][pitch]: the same for the pair pitch-die, the die above (the room rule).
        self.finishers = (
            [[(self.completes_above[die][p], self.completes_below[die][p]) for p in range(12)]
             for die in range(12)],
            [[(self.completes_above[p][die], self.completes_below[p][die]) for p in range(12)]
             for die in range(12)],
        )

    # ---- scales -------------------------------------------------------------------------------
    def scale_fits(self, run: tuple[int, ...]) -> tuple[tuple[int, str, int], ...]:
        """Every (tonic, scale type, first degree) in which `run` is consecutive degrees going up."""
        found = self._fits.get(run)
        if found is None:
            found = self._fits[run] = tuple(self._scale_fits(run))
        return found

    def _scale_fits(self, run: tuple[int, ...]):
        steps = tuple([(b - a) % 12 for a, b in zip(run, run[1:], strict=False)])
        for kind, size, starts, offsets in self._degrees:
            if len(run) > size:
                continue
            for degree in starts.get(steps, ()):
                yield ((run[0] - offsets[degree]) % 12, kind, degree)

    def scale_complete(self, run: tuple[int, ...]) -> bool:
        """A run holding every note of some allowed scale type it fits (closed to further dice)."""
        return len(run) >= 2 and any(
            len(run) == len(SCALE_STEPS[kind]) for _, kind, _ in self.scale_fits(run)
        )

    def scale_fault(self, run: tuple[int, ...]) -> tuple[str, tuple] | None:
        """The rule a diagonal run (bottom to top) breaks, as (rule, detail) of a
        `muzlab.core.refusal.Refusal`, or None when it is legal."""
        if len(run) < 2 or (len(run) <= self.max_scale and self.scale_fits(run)):
            return None
        if len(run) > self.max_scale:
            return "scale-long", (self.max_scale,)
        return "scale-fragment", ()

    def join_scale_fault(self, below: tuple[int, ...], pitch: int,
                         above: tuple[int, ...]) -> tuple[str, tuple] | None:
        """The rule putting `pitch` between diagonal runs `below` and `above` breaks, as (rule,
        detail), or None: a complete scale takes no more notes, and the joined run must fit one."""
        for part in (below, above):
            if self.scale_complete(part):
                keys = tuple((tonic, kind) for tonic, kind, _ in self.scale_fits(part))
                return "scale-closed", (part, keys)
        return self.scale_fault(below + (pitch,) + above)

    def scale_mask(self, stretch: bytes) -> int:
        """Pitches that may fill the gap of a diagonal stretch, memoised in `scale_masks`.

        A stretch is the run below an empty cell, the byte GAP for the cell, then the run above it,
        bottom to top, one byte per pitch class: b"\\x00\\x02\\x0c\\x07" is C-D, the gap, G. A pitch fits
        when neither run is a closed (complete) scale and the joined run fits an allowed scale type.
        """
        below, _, above = (tuple(part) for part in stretch.partition(_GAP_BYTE))
        mask = 0
        if len(below) + len(above) < self.max_scale and not (self.scale_complete(below)
                                                             or self.scale_complete(above)):
            # Only a next degree of the run below (or a previous one of the run above) can fit.
            if below:
                top = len(below) - 1  # the degree of below's top note, counted from its first
                candidates = {(below[-1] + _step(kind, degree + top)) % 12
                              for _, kind, degree in self.scale_fits(below)}
            elif above:
                candidates = {(above[0] - _step(kind, degree - 1)) % 12
                              for _, kind, degree in self.scale_fits(above)}
            else:
                candidates = set(range(12))
            for pitch in candidates:
                if next(self._scale_fits((*below, pitch, *above)), None):
                    mask |= 1 << pitch
        self.scale_masks[stretch] = mask
        return mask

    # ---- triads -------------------------------------------------------------------------------
    def triad_quality(self, run: tuple[int, ...]) -> str | None:
        """The allowed quality of a three-note column run, or None."""
        steps = ((run[1] - run[0]) % 12, (run[2] - run[1]) % 12)
        return self.triad_steps.get(steps)

    def column_fault(self, run: tuple[int, ...]) -> tuple[str, tuple] | None:
        """The rule a column run (bottom to top) breaks, as (rule, detail) of a
        `muzlab.core.refusal.Refusal`, or None. The room rule is not checked here."""
        if len(run) > MAX_TRIAD:
            return "column-long", ()
        if len(run) == 3 and self.triad_quality(run) is None:
            steps = ((run[1] - run[0]) % 12, (run[2] - run[1]) % 12)
            for quality, quality_steps in TRIAD_STEPS.items():
                if quality_steps == steps:
                    return "column-quality", (quality,)
            return "column-shape", ()
        if len(run) == 2:
            step = (run[1] - run[0]) % 12
            if step not in self.pair_steps:
                return "column-pair", (step,)
        return None

    def column_mask(self, stretch: bytes) -> int:
        """Pitches that may fill the gap of a column stretch (bytes as in `scale_mask`) before the room
        rule: a pair a third apart, or an allowed triad. Memoised in `column_masks`."""
        below, _, above = stretch.partition(_GAP_BYTE)
        mask = 0
        for pitch in range(12):
            run = (*below, pitch, *above)
            if len(run) == 3:
                fits = self.triad_quality(run) is not None
            else:
                fits = len(run) < 3 and all((b - a) % 12 in self.pair_steps
                                            for a, b in zip(run, run[1:], strict=False))
            if fits:
                mask |= 1 << pitch
        self.column_masks[stretch] = mask
        return mask

    def runs_legal(self, text: bytes, column: bool) -> bool:
        """Whether every run of a line's bytes (runs split by GAP, bottom to top) is legal on a column
        or on a diagonal: the numeric twin of `column_fault` / `scale_fault` returning None."""
        memo = self._legal_runs[column]
        for run in _RUNS.findall(text):
            legal = memo.get(run)
            if legal is None:
                if column:
                    legal = len(run) < 3 and (run[1] - run[0]) % 12 in self.pair_steps or (
                        len(run) == 3 and self.triad_quality(run) is not None)
                else:
                    legal = len(run) <= self.max_scale and bool(self.scale_fits(tuple(run)))
                memo[run] = legal
            if not legal:
                return False
        return True

    def _completions(self, low: int, high: int, above: bool) -> int:
        """Pitches that complete an allowed triad on top of the pair low-high (above=True) or
        under it as its root (above=False)."""
        gap = (high - low) % 12
        if above:
            return _mask((high + s2) % 12 for (s1, s2) in self.triad_steps if s1 == gap)
        return _mask((low - s1) % 12 for (s1, s2) in self.triad_steps if s2 == gap)


def _step(kind: str, degree: int) -> int:
    """Semitones from `degree` of a scale type up to the next degree (cyclic)."""
    steps = SCALE_STEPS[kind]
    return steps[degree % len(steps)]


def _mask(pitches) -> int:
    mask = 0
    for p in pitches:
        mask |= 1 << p
    return mask


@cache
def _checks(scale_types: tuple[str, ...], triad_qualities: tuple[str, ...]) -> RunChecks:
    return RunChecks(scale_types, triad_qualities)
