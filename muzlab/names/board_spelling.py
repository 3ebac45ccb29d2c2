"""A board's note names chosen as one decision: one name per die, shared by every text that names it.

Every pair of neighbouring dice lies on a line and reads right when its letters do: going up a
column adds two letters (a third), going up a major scale's diagonal adds one (a step). In axial
coordinates (N = (0, -1), NE = (+1, -1), NW = (-1, 0)) that is letter(q, r) = L0 - q - 2r (mod 7) on a
connected group, so a die written on a letter stands for one value of L0 = letter + q + 2r, and such a
pair reads right exactly when both its dice stand for the same L0. A diagonal of another scale type
(master level) reads by its own letter pattern (docs/rules.md section 10, `pair_letters`): a major
pentatonic's minor third climbs two letters (C–D–E–G), a whole-tone step one letter, or two at one
step of a run of three dice or more (its one diminished third, A♯–C: a second one reads wrong, so a
line never holds D♯ and D♭), a chromatic step none or one (C–C♯–D, never B–B♯: a step on one letter
is read right only between names without E♯, B♯, F♭ or C♭); there the two dice's L0 differ by the
letters gained beyond one. `spell_board` chooses, per connected group, each die's name among those
with at most one sharp or flat (docs/rules.md section 10), ranking spellings by

1. the most neighbouring pairs that read right;
2. the fewest sharps and flats;
3. the most dice written as notes of the lesson's key, when one is set;
4. the most dice written as their own runs spell them alone (`preferred`: a triad by its tie rule,
   a run in the key it fits, a lone die by its default name);
5. the fewest flats.

The spelling is a function of the dice alone, never of the order they were placed in: a finished
board rebuilt from its notation reads as the game showed it (the names shown before break no tie
that these ranks leave, as every search here starts from the dice alone).

A die whose lines cannot agree keeps its chosen name on the die and on the lines it fits, and its
other name on a line where that reads right on more pairs than dice renamed (one name more per
pair mended at most); its label shows both ("D#/Eb").

Pure standard library over facts (cells and pitch classes); names are English spelled names ("F#",
"Eb"), written in a convention only when shown.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import product
from math import prod

from muzlab.core.hexgrid import LINE_UP_STEPS, Cell
from muzlab.core.pitch import LETTER_PITCH, SpelledNote
from muzlab.core.theory import SCALE_STEPS

LETTERS = "CDEFGAB"
_LETTER_INDEX = {letter: k for k, letter in enumerate(LETTERS)}
#: Letters gained going up each line: a column is a third, a diagonal a step.
LINE_LETTERS = (2, 1, 1)
#: Names a chromatic step on one letter never uses (B–B♯ is written B–C): white keys written as black.
ODD_NAMES = frozenset(("E#", "B#", "Fb", "Cb"))
#: The weight of one pair reading right: more than every lower rank of a group together.
AGREE = 100 ** 6
#: (lower cell, upper cell) -> the letter steps that read right on that diagonal pair, where they are
#: not one letter (a major scale's step).
PairLetters = Mapping[tuple[Cell, Cell], tuple[int, ...]]
#: A diagonal pair -> the pairs of its whole-tone run (bottom to top), of which one climbs two letters
#: at most (a run of three dice or more: its one diminished third).
LimitedRuns = Mapping[tuple[Cell, Cell], tuple[tuple[Cell, Cell], ...]]


@cache
def note_options(pitch: int) -> tuple[str, ...]:
    """Every English name of a pitch class with at most one sharp or flat, natural first."""
    found = []
    for letter in LETTERS:
        offset = (pitch - LETTER_PITCH[letter] + 6) % 12 - 6
        if abs(offset) <= 1:
            found.append(SpelledNote(letter, offset).english)
    return tuple(sorted(found, key=len))


def _anchor(name: str, cell: Cell) -> int:
    """The L0 a die written `name` on `cell` stands for: letter + q + 2r (mod 7)."""
    q, r = cell
    return (_LETTER_INDEX[name[0]] + q + 2 * r) % 7


def _climb(low: str, high: str) -> int:
    """Letters gained from one name up to the next (mod 7)."""
    return (_LETTER_INDEX[high[0]] - _LETTER_INDEX[low[0]]) % 7


@dataclass(frozen=True)
class LineReading:
    """How a board's diagonals read beyond one letter per step (docs/rules.md section 10): each pair's
    letter steps where its scale types allow others, and the whole-tone runs that may climb two
    letters at one step only."""

    letters: PairLetters = field(default_factory=dict)
    limited: LimitedRuns = field(default_factory=dict)

    def reads(self, low: Cell, high: Cell, line: int, names: Mapping[Cell, str]) -> bool:
        """Whether a neighbouring pair written `names` reads right: its letters by its line's pattern,
        and in a whole-tone run, a two-letter step only where none lower in the run took one."""
        if not reads_right(names[low], names[high], line, self.letters.get((low, high))):
            return False
        run = self.limited.get((low, high))
        if run is None or _climb(names[low], names[high]) != 2:
            return True
        for a, b in run:
            if (a, b) == (low, high):
                return True
            if _climb(names[a], names[b]) == 2 and reads_right(names[a], names[b], line,
                                                               self.letters.get((a, b))):
                return False  # (a lower step took the run's one diminished third)
        return True


@dataclass(frozen=True)
class BoardSpelling:
    """The names a board shows: each die's name, and the other name a line uses where they differ."""

    #: The English name on each die (its main name).
    names: Mapping[Cell, str]
    #: (cell, line) -> the name that line's text uses, where it is not the die's main name.
    on_line: Mapping[tuple[Cell, int], str] = field(default_factory=dict)
    #: Neighbouring pairs, and how many of them read right with the main names (by their lines'
    #: letter patterns), and with each line's own names (`on_line`).
    pairs: int = 0
    right: int = 0
    right_on_lines: int = 0
    #: How the diagonals read by other letter patterns than one letter per step (`line_reading`).
    reading: LineReading = field(default_factory=LineReading)

    def name(self, cell: Cell, line: int | None = None) -> str:
        """A die's English name, as `line`'s text writes it when a line is given."""
        if line is not None:
            other = self.on_line.get((cell, line))
            if other is not None:
                return other
        return self.names[cell]

    def label(self, cell: Cell) -> str:
        """What the die shows: its name, or both names ("D#/Eb", by letter) where its lines disagree."""
        return "/".join(self._two_names[cell]) if cell in self._two_names else self.names[cell]

    def shown_names(self, cell: Cell) -> tuple[str, ...]:
        """The names the die shows, as values: one, or both by letter (("D#", "Eb")) where its lines
        disagree; what `label` writes, never parsed back from it."""
        return self._two_names.get(cell) or (self.names[cell],)

    @cached_property
    def _two_names(self) -> dict[Cell, tuple[str, ...]]:
        """The names of the dice that show two, by letter."""
        found: dict[Cell, set[str]] = {}
        for (cell, _line), name in self.on_line.items():
            found.setdefault(cell, {self.names[cell]}).add(name)
        return {cell: tuple(sorted(names)) for cell, names in found.items()}

    def reads(self, low: Cell, high: Cell, line: int, names: Mapping[Cell, str] | None = None) -> bool:
        """Whether a neighbouring pair reads right by its line's letter pattern, written `names` (by
        default, and for the dice `names` leaves out, the dice's main names)."""
        written = self.names if names is None else ChainMap(dict(names), self.names)
        return self.reading.reads(low, high, line, written)


def neighbour_pairs(cells: Iterable[Cell]) -> list[tuple[Cell, Cell, int]]:
    """Every pair of neighbouring dice as (lower, upper, line), line 0 the column, 1 and 2 the diagonals."""
    occupied = set(cells)
    pairs = []
    for cell in sorted(occupied):
        for line, (dq, dr) in enumerate(LINE_UP_STEPS):
            up = (cell[0] + dq, cell[1] + dr)
            if up in occupied:
                pairs.append((cell, up, line))
    return pairs


def reads_right(low: str, high: str, line: int, letters: tuple[int, ...] | None = None) -> bool:
    """Whether two names a line apart read right: a column's letters a third up, a diagonal's a step,
    or one of the `letters` steps its scale's pattern allows there (`line_reading`); a step on one
    letter (chromatic) never to or from E♯, B♯, F♭ or C♭."""
    climb = _climb(low, high)
    return climb in (letters or (LINE_LETTERS[line],)) and (climb > 0 or not {low, high} & ODD_NAMES)


def _type_letters(kind: str, degree: int, length: int) -> tuple[int, ...]:
    """The letters a scale type's step from `degree` climbs in a run of `length` steps (docs/rules.md
    section 10): one per degree in a major or harmonic minor scale (its augmented second too), two
    across a major pentatonic's minor third, one or two in a whole-tone run of three dice or more (its
    one diminished third; a pair is a major second), none or one when chromatic."""
    if kind == "chromatic":
        return (0, 1)  # C–C♯ or C♯–D
    if kind == "whole-tone":
        return (1, 2) if length > 1 else (1,)  # C–D, or A♯–C; A♭–B♭ alone, never G♯–B♭
    if kind == "major pentatonic" and SCALE_STEPS[kind][degree] == 3:
        return (2,)  # E–G
    return (1,)


def line_reading(dice: Mapping[Cell, int], scale_types: Iterable[str] = ("major",)) -> LineReading:
    """How the diagonals of a board read: the letter steps that read right on each pair whose run is
    read by another pattern than one letter per step (those of every allowed scale type, and place in
    it, the whole run fits; one letter where it fits none), and the whole-tone runs of three dice or
    more, which climb two letters at one step at most."""
    kinds = tuple(scale_types)
    if kinds == ("major",):
        return LineReading()
    found: dict[tuple[Cell, Cell], tuple[int, ...]] = {}
    limited: dict[tuple[Cell, Cell], tuple[tuple[Cell, Cell], ...]] = {}
    for line in (1, 2):
        dq, dr = LINE_UP_STEPS[line]
        for start in dice:
            if (start[0] - dq, start[1] - dr) in dice:
                continue  # (walk up from the bottom die of each run only)
            run = _run_through(start, line, dice)
            steps = tuple((dice[b] - dice[a]) % 12 for a, b in zip(run, run[1:], strict=False))
            allowed_steps, whole_tone = _run_letters(steps, kinds)
            pairs = tuple(zip(run, run[1:], strict=False))
            for pair, allowed in zip(pairs, allowed_steps, strict=True):
                if allowed != (1,):
                    found[pair] = allowed
                if whole_tone:
                    limited[pair] = pairs
    return LineReading(found, limited)


@cache
def _run_letters(steps: tuple[int, ...], kinds: tuple[str, ...]) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """The letter steps that read right on each step of a run climbing `steps` semitones: those of
    every scale type of `kinds` (and place in it) the whole run fits; one letter where it fits none.
    With them, whether the run is a whole-tone run of three dice or more (one two-letter step at most)."""
    letters: list[set[int]] = [set() for _ in steps]
    whole_tone = False
    for kind in kinds:
        pattern = SCALE_STEPS[kind]
        if len(steps) >= len(pattern):
            continue
        for first in range(len(pattern)):
            degrees = [(first + k) % len(pattern) for k in range(len(steps))]
            if all(pattern[d] == step for d, step in zip(degrees, steps, strict=True)):
                whole_tone = whole_tone or (kind == "whole-tone" and len(steps) > 1)
                for k, d in enumerate(degrees):
                    letters[k].update(_type_letters(kind, d, len(steps)))
    return tuple(tuple(sorted(allowed)) if allowed else (1,) for allowed in letters), whole_tone


def patterns_read(names: Sequence[str], scale_types: Iterable[str]) -> tuple[str, ...]:
    """The scale types whose letter pattern a diagonal run written `names` (English, bottom to top)
    reads by, as a whole (docs/rules.md section 10): each step's letters as `_type_letters` allows at a
    place in the type that the run's steps fit, a whole-tone run with one two-letter step at most, and
    no step on one letter to or from E♯, B♯, F♭ or C♭."""
    pitches = [SpelledNote.from_english(name).pitch for name in names]
    steps = [(b - a) % 12 for a, b in zip(pitches, pitches[1:], strict=False)]
    climbs = [_climb(a, b) for a, b in zip(names, names[1:], strict=False)]
    if any(climb == 0 and {a, b} & ODD_NAMES for a, b, climb in zip(names, names[1:], climbs, strict=False)):
        return ()
    found = []
    for kind in scale_types:
        pattern = SCALE_STEPS[kind]
        if len(names) > len(pattern) or (kind == "whole-tone" and climbs.count(2) > 1):
            continue
        for first in range(len(pattern)):
            degrees = [(first + k) % len(pattern) for k in range(len(steps))]
            if all(pattern[d] == step and climb in _type_letters(kind, d, len(steps))
                   for d, step, climb in zip(degrees, steps, climbs, strict=True)):
                found.append(kind)
                break
    return tuple(found)


def _offsets(pairs: list[tuple[Cell, Cell, int]], letters: PairLetters) -> list[frozenset[int]]:
    """For each pair, the differences L0(upper) - L0(lower) (mod 7) at which it reads right."""
    return [frozenset((step - LINE_LETTERS[line]) % 7
                      for step in letters.get((low, high), (LINE_LETTERS[line],)))
            for low, high, line in pairs]


#: The L0 difference of a diagonal step on one letter (chromatic) and of one climbing two letters.
_SAME_LETTER, _TWO_LETTERS = 6, 1


def _limited_groups(pairs: list[tuple[Cell, Cell, int]], reading: LineReading) -> list[list[int]]:
    """The whole-tone runs of three dice or more, each as the indices in `pairs` of its steps."""
    where = {(low, high): k for k, (low, high, _line) in enumerate(pairs)}
    runs = {steps for steps in reading.limited.values()}
    return [[where[pair] for pair in steps] for steps in sorted(runs)]


def most_pairs_right(dice: Mapping[Cell, int], scale_types: Iterable[str] = ("major",)) -> int:
    """The most neighbouring pairs any spelling with at most one sharp or flat per die reads right
    (each line by its scale's letter pattern, a whole-tone run with one diminished third at most), by
    exhaustive search (branch and bound over each die's name): the check `spell_board` is measured
    against. Exponential in the worst case; boards of a game take milliseconds."""
    scale_types = tuple(scale_types)
    cells = sorted(dice)
    index = {cell: k for k, cell in enumerate(cells)}
    choices = [sorted({(_anchor(name, cell), name in ODD_NAMES) for name in note_options(dice[cell])})
               for cell in cells]
    pairs = neighbour_pairs(dice)
    reading = line_reading(dice, scale_types)
    earlier: list[list[tuple[int, bool, frozenset[int]]]] = [[] for _ in cells]
    for (low, high, _line), offsets in zip(pairs, _offsets(pairs, reading.letters), strict=True):
        a, b = index[low], index[high]
        earlier[max(a, b)].append((min(a, b), b > a, offsets))  # (the other die, whether this one is upper)
    # A whole-tone run is judged when its last die is named: each two-letter step past one is wrong.
    closing: list[list[list[tuple[int, int]]]] = [[] for _ in cells]
    for steps in _limited_groups(pairs, reading):
        ends = [(index[pairs[k][0]], index[pairs[k][1]]) for k in steps]
        closing[max(max(end) for end in ends)].append(ends)
    left = [0] * (len(cells) + 1)
    for k in range(len(cells) - 1, -1, -1):
        left[k] = left[k + 1] + len(earlier[k])
    best = [spell_board(dice, scale_types=scale_types).right - 1]  # (a good first bound prunes most)
    chosen: list[tuple[int, bool]] = [(0, False)] * len(cells)

    def agree(low: tuple[int, bool], high: tuple[int, bool], offsets: frozenset[int]) -> bool:
        step = (high[0] - low[0]) % 7
        return step in offsets and (step != _SAME_LETTER or not (low[1] or high[1]))

    def search(k: int, score: int) -> None:
        if score + left[k] <= best[0]:
            return
        if k == len(cells):
            best[0] = score
            return
        for choice in choices[k]:
            chosen[k] = choice
            gained = sum(agree(choice, chosen[j], offsets) if not upper else agree(chosen[j], choice, offsets)
                         for j, upper, offsets in earlier[k])
            for ends in closing[k]:
                twos = sum((chosen[b][0] - chosen[a][0]) % 7 == _TWO_LETTERS for a, b in ends)
                gained -= max(twos - 1, 0)  # (a two-letter step always reads right on its own)
            search(k + 1, score + gained)

    search(0, 0)
    return best[0]


def spell_board(dice: Mapping[Cell, int], *, key_notes: Iterable[str] = (),
                preferred: Mapping[Cell, str] | None = None,
                scale_types: Iterable[str] = ("major",)) -> BoardSpelling:
    """Choose every die's name together (the module docstring gives the order of preference): a
    function of the dice, the lesson key and the runs' own spellings, never of the order of play.

    `dice` maps cells to pitch classes; `key_notes` are the English names of the lesson key's scale;
    `preferred` each die's name in its own run alone; `scale_types` the rule set's, whose letter
    patterns the diagonals read by (`line_reading`).
    """
    pairs = neighbour_pairs(dice)
    reading = line_reading(dice, scale_types)
    offsets = _offsets(pairs, reading.letters)
    limited = _limited_groups(pairs, reading)
    around: dict[Cell, list[Cell]] = {cell: [] for cell in dice}
    for low, high, _line in pairs:
        around[low].append(high)
        around[high].append(low)
    key_set, preferred = frozenset(key_notes), preferred or {}
    names: dict[Cell, str] = {}
    seen: set[Cell] = set()
    for start in sorted(dice):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            group.append(cell)
            for other in around[cell]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        group.sort()
        members = set(group)
        kept = [k for k, (low, _high, _line) in enumerate(pairs) if low in members]
        position = {k: m for m, k in enumerate(kept)}
        edges = [(pairs[k][0], pairs[k][1], offsets[k]) for k in kept]
        runs = [[position[k] for k in steps] for steps in limited if steps[0] in position]
        names.update(_spell_group(group, dice, edges, runs, key_set, preferred))

    letters, limited_pairs = reading.letters, reading.limited
    right = [reading.reads(low, high, line, names) if (low, high) in limited_pairs
             else reads_right(names[low], names[high], line, letters.get((low, high)))
             for low, high, line in pairs]
    on_line = _mend(dice, pairs, right, names, reading)
    lines_right = sum(right)
    if on_line:  # (only the pairs of a die with another name on their line read otherwise)
        on_lines = [ChainMap({cell: name for (cell, on), name in on_line.items() if on == line}, names)
                    for line in range(3)]
        lines_right += sum(reading.reads(low, high, line, on_lines[line]) - fine
                           for (low, high, line), fine in zip(pairs, right, strict=True)
                           if (low, line) in on_line or (high, line) in on_line
                           or (low, high) in limited_pairs)
    return BoardSpelling(names, on_line, len(pairs), sum(right), lines_right, reading)


def _mend(dice: Mapping[Cell, int], pairs: list[tuple[Cell, Cell, int]], right: list[bool],
          names: Mapping[Cell, str], reading: LineReading) -> dict[tuple[Cell, int], str]:
    """The other names lines take where a pair does not read right: the dice of its run on that line
    may take their other names there, chosen for the whole run. A die then shows two names, so no more
    dice do than the pairs the main names leave wrong (issue 52): first every run where no more dice
    take another name than pairs it mends (the most pairs gained beyond the dice renamed, then the most
    pairs), then, while dice are left to that count, the others (the most pairs, the fewest dice); in
    each, the fewest written E#, B#, Fb or Cb (C–Db rather than B#–C#), the lower dice renamed."""
    on_line: dict[tuple[Cell, int], str] = {}
    dual: set[Cell] = set()
    budget = right.count(False)
    index = {(low, high): k for k, (low, high, _line) in enumerate(pairs)}
    runs: dict[tuple[Cell, int], list[Cell]] = {}
    for (low, _high, line), fine in zip(pairs, right, strict=True):
        if not fine:
            run = _run_through(low, line, dice)
            runs.setdefault((run[0], line), run)
    # Each run's ways of writing it: (names, pairs reading right, the dice renamed).
    ways: dict[tuple[Cell, int], list[tuple[tuple[str, ...], int, list[int]]]] = {}
    for (bottom, line), run in runs.items():
        options = [note_options(dice[cell]) for cell in run]
        if prod(map(len, options)) > 4096:
            continue
        steps = list(zip(run, run[1:], strict=False))
        # (each step's pairs of names that read right, where a step reads alone: not whole-tone)
        alone = None if steps[0] in reading.limited else [
            {(x, y) for x in options[k] for y in options[k + 1]
             if reads_right(x, y, line, reading.letters.get(step))} for k, step in enumerate(steps)]
        found = ways[bottom, line] = []
        for chosen in product(*options):
            if alone is None:
                written = dict(zip(run, chosen, strict=True))  # (a run's steps read only its dice)
                reads = sum(reading.reads(a, b, line, written) for a, b in steps)
            else:
                reads = sum((chosen[k], chosen[k + 1]) in pairs for k, pairs in enumerate(alone))
            found.append((chosen, reads, [k for k, cell in enumerate(run) if chosen[k] != names[cell]]))
    for stage in (0, 1):
        # (left over after the first stage: the longest runs first, complete scales before fragments)
        for (bottom, line), found in sorted(ways.items(), key=lambda item: -stage * len(runs[item[0]])):
            run = runs[bottom, line]

            def rank(way: tuple, run: list[Cell] = run, stage: int = stage) -> tuple:
                chosen, reads, changed = way
                new = sum(run[k] not in dual for k in changed)
                first = (reads - new, reads) if stage == 0 else (len(dual) + new <= budget, reads, -new)
                return (*first, -sum(chosen[k] in ODD_NAMES for k in changed), [-k for k in changed])

            best = max(found, key=rank)
            kept = sum(right[index[pair]] for pair in zip(run, run[1:], strict=False))
            if (stage == 1 and not rank(best)[0]) or best[1] <= kept:
                continue
            del ways[bottom, line]
            for k in best[2]:
                on_line[(run[k], line)] = best[0][k]
                dual.add(run[k])
    return on_line


def _run_through(cell: Cell, line: int, dice: Mapping[Cell, int]) -> list[Cell]:
    """The cells of the run on `line` through an occupied cell, bottom to top."""
    dq, dr = LINE_UP_STEPS[line]
    start = cell
    while (start[0] - dq, start[1] - dr) in dice:
        start = (start[0] - dq, start[1] - dr)
    run = [start]
    while (run[-1][0] + dq, run[-1][1] + dr) in dice:
        run.append((run[-1][0] + dq, run[-1][1] + dr))
    return run


#: One die's option: (the L0 it stands for, its rank below the pairs, its name, whether it is E#, B#,
#: Fb or Cb).
Option = tuple[int, int, str, bool]
#: One pair of a group: (lower die's index, upper die's index, the L0 differences that read right).
Edge = tuple[int, int, frozenset[int]]


def _spell_group(group: list[Cell], dice: Mapping[Cell, int], pairs: list[tuple[Cell, Cell, frozenset[int]]],
                 runs: list[list[int]], key_set: frozenset[str],
                 preferred: Mapping[Cell, str]) -> dict[Cell, str]:
    """One connected group's names: the best-ranked assignment found by local search from the best of
    the group spelled from one L0 throughout. `runs`: its whole-tone runs of three dice or more, as
    indices of their steps in `pairs`."""
    index = {cell: k for k, cell in enumerate(group)}
    edges: list[Edge] = [(index[low], index[high], offs) for low, high, offs in pairs]
    limited = [[edges[k] for k in steps] for steps in runs]
    # Each die's options as (anchor L0, unary score, name, odd); a higher score is better. The ranks
    # below the first are packed into one integer, each in its own base-100 digit (a group has < 100 dice).
    options: list[list[Option]] = []
    for cell in group:
        choices = []
        for name in note_options(dice[cell]):
            unary = (((-len(name) + 1) * 100 + (name in key_set)) * 100
                     + (preferred.get(cell) == name)) * 100 - name[1:].count("b")
            choices.append((_anchor(name, cell), unary, name, name in ODD_NAMES))
        options.append(sorted(choices, key=lambda option: -option[1]))
    if len(group) == 1:
        return {group[0]: options[0][0][2]}
    # Start from the best L0 for the whole group (every die that can take it does). Where every line
    # reads one letter per step and every pair reads right there, that is the best spelling (another
    # where they all do is another whole-group L0). Else improve it.
    anchors = sorted({option[0] for choices in options for option in choices})
    starts = [[next((option for option in choices if option[0] == anchor), choices[0]) for choices in options]
              for anchor in anchors]
    chosen = max(starts, key=lambda start: _value(start, edges, limited))
    plain = all(offs == {0} for _a, _b, offs in edges)
    if not (plain and all(_agree(chosen, edge) for edge in edges)):
        _improve(chosen, options, edges, limited)
    return {cell: option[2] for cell, option in zip(group, chosen, strict=True)}


def _agree(chosen: list[Option], edge: Edge) -> bool:
    """Whether a pair reads right with the chosen options: its L0 differ as its line's letters allow,
    and a step on one letter (chromatic) is never to or from E#, B#, Fb or Cb."""
    low, high, offs = edge
    low, high = chosen[low], chosen[high]
    step = (high[0] - low[0]) % 7
    return step in offs and (step != _SAME_LETTER or not (low[3] or high[3]))


def _extra_thirds(chosen: list[Option], run: list[Edge]) -> int:
    """The two-letter steps of a whole-tone run past its one diminished third (each reads wrong)."""
    twos = sum((chosen[high][0] - chosen[low][0]) % 7 == _TWO_LETTERS for low, high, _offs in run)
    return max(twos - 1, 0)


def _value(chosen: list[Option], edges: list[Edge], limited: list[list[Edge]]) -> int:
    """A group's rank as one integer: its pairs reading right first, then its dice's unary ranks."""
    right = sum(_agree(chosen, edge) for edge in edges) - sum(_extra_thirds(chosen, run) for run in limited)
    return sum(option[1] for option in chosen) + AGREE * right


def _improve(chosen: list[Option], options: list[list[Option]], edges: list[Edge],
             limited: list[list[Edge]]) -> None:
    """Improve a group's names by expansion moves while one helps, then single changes of name, until
    neither helps: for an L0 `wanted`, the best set of dice to move onto it (each die keeps its name
    or takes the one standing for `wanted`) is a minimum cut (Boykov, Veksler and Zabih's
    alpha-expansion: exact for each move where lines read one letter per step, since a pair's cost,
    one AGREE when its two L0 differ, is a metric; where a scale's pattern makes a move's pair cost
    non-submodular it is truncated, a whole-tone run's one diminished third is not seen by the cut, and
    a move is kept only if it makes the group better)."""
    anchors = sorted({option[0] for choices in options for option in choices})
    by_anchor = {wanted: [next((option for option in choices if option[0] == wanted), None)
                          for choices in options] for wanted in anchors}
    touching: list[list[Edge]] = [[] for _ in options]
    for edge in edges:
        touching[edge[0]].append(edge)
        touching[edge[1]].append(edge)
    runs_at: list[list[list[Edge]]] = [[] for _ in options]
    for run in limited:
        for k in sorted({end for low, high, _offs in run for end in (low, high)}):
            runs_at[k].append(run)
    while True:
        # Cycle through the L0s until a whole round of them has changed nothing.
        unchanged, turn = 0, 0
        while unchanged < len(anchors):
            wanted = anchors[turn % len(anchors)]
            turn += 1
            unchanged = 0 if _expand(chosen, by_anchor[wanted], edges, limited) else unchanged + 1
        if not _single_changes(chosen, options, touching, runs_at):
            return


def _single_changes(chosen: list[Option], options: list[list[Option]], touching: list[list[Edge]],
                    runs_at: list[list[list[Edge]]]) -> bool:
    """Give single dice their other name while that makes the group better; say whether any changed."""

    def local(k: int) -> int:
        right = sum(_agree(chosen, edge) for edge in touching[k])
        return chosen[k][1] + AGREE * (right - sum(_extra_thirds(chosen, run) for run in runs_at[k]))

    changed = False
    for k, choices in enumerate(options):
        for option in choices:
            if option == chosen[k]:
                continue
            before = local(k)
            old, chosen[k] = chosen[k], option
            if local(k) > before:
                changed = True
            else:
                chosen[k] = old
    return changed


def _expand(chosen: list[Option], moves: list[Option | None], edges: list[Edge],
            limited: list[list[Edge]]) -> bool:
    """One expansion move (`moves`: each die's option standing for the wanted L0, or None) by a
    minimum cut; say whether it made the group better."""
    n = len(chosen)
    free = [k for k in range(n) if moves[k] is not None and moves[k] != chosen[k]]
    if not free:
        return False
    # Costs to minimise (the negated ranks) over the free dice: x = 0 keeps a die's name, x = 1 moves
    # it; the other dice stay, and their pairs with free dice count in the free dice's own costs.
    # Node `source` is the keeping side, `sink` the moving one; a cut pays the edges it separates.
    node = {k: m for m, k in enumerate(free)}
    source, sink = len(free), len(free) + 1
    capacity: list[dict[int, int]] = [{} for _ in range(len(free) + 2)]
    keep_cost, move_cost = [0] * len(free), [0] * len(free)
    for m, k in enumerate(free):
        keep_cost[m] -= chosen[k][1]
        move_cost[m] -= moves[k][1]

    def cost(low: Option, high: Option, offs: frozenset[int]) -> int:
        step = (high[0] - low[0]) % 7  # (as `_agree`, written out for options)
        return 0 if step in offs and (step != _SAME_LETTER or not (low[3] or high[3])) else AGREE

    for low, high, offs in edges:
        if low in node and high in node:
            # E(x_low, x_high) = e00 + (e10 - e00) x_low + (e11 - e10) x_high
            #                    + (e01 + e10 - e00 - e11)(1 - x_low) x_high   (truncated at 0)
            e00 = cost(chosen[low], chosen[high], offs)
            e10 = cost(moves[low], chosen[high], offs)
            e01 = cost(chosen[low], moves[high], offs)
            e11 = cost(moves[low], moves[high], offs)
            move_cost[node[low]] += e10 - e00
            move_cost[node[high]] += e11 - e10
            _add(capacity, node[low], node[high], e01 + e10 - e00 - e11)
        elif low in node:
            keep_cost[node[low]] += cost(chosen[low], chosen[high], offs)
            move_cost[node[low]] += cost(moves[low], chosen[high], offs)
        elif high in node:
            keep_cost[node[high]] += cost(chosen[low], chosen[high], offs)
            move_cost[node[high]] += cost(chosen[low], moves[high], offs)
    for m in range(len(free)):
        least = min(keep_cost[m], move_cost[m])
        _add(capacity, source, m, move_cost[m] - least)  # paid when the die moves
        _add(capacity, m, sink, keep_cost[m] - least)  # paid when it keeps its name
    _max_flow(capacity, source, sink)
    reached, todo = {source}, [source]
    while todo:
        here = todo.pop()
        for other, left in capacity[here].items():
            if left > 0 and other not in reached:
                reached.add(other)
                todo.append(other)
    new = list(chosen)
    for m, k in enumerate(free):
        if m not in reached:
            new[k] = moves[k]
    if new == chosen or _value(new, edges, limited) <= _value(chosen, edges, limited):
        return False
    chosen[:] = new
    return True


def _add(capacity: list[dict[int, int]], a: int, b: int, amount: int) -> None:
    """Add capacity on the edge a -> b (and make the way back for the residual graph)."""
    if amount > 0:
        capacity[a][b] = capacity[a].get(b, 0) + amount
        capacity[b].setdefault(a, 0)


def _max_flow(capacity: list[dict[int, int]], source: int, sink: int) -> None:
    """Push a maximum flow from source to sink, leaving residual capacities (shortest paths first)."""
    while True:
        parent = {source: source}
        todo = [source]
        for here in todo:
            if sink in parent:
                break
            for other, left in capacity[here].items():
                if left > 0 and other not in parent:
                    parent[other] = here
                    todo.append(other)
        if sink not in parent:
            return
        path, node = [], sink
        while node != source:
            path.append((parent[node], node))
            node = parent[node]
        pushed = min(capacity[a][b] for a, b in path)
        for a, b in path:
            capacity[a][b] -= pushed
            capacity[b][a] += pushed
