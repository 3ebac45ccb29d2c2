"""A board's note names chosen as one decision: one name per die, shared by every text that names it.

Every pair of neighbouring dice lies on a line and reads right when its letters do: going up a
column adds two letters (a third), going up a major scale's diagonal adds one (a step). In axial
coordinates (N = (0, -1), NE = (+1, -1), NW = (-1, 0)) that is letter(q, r) = L0 - q - 2r (mod 7) on a
connected group, so a die written on a letter stands for one value of L0 = letter + q + 2r, and such a
pair reads right exactly when both its dice stand for the same L0. A diagonal of another scale type
(master level) reads by its own letter pattern (RULES.md section 7, `pair_letters`): a major
pentatonic's minor third climbs two letters (C–D–E–G), a whole-tone step one or two (its one
diminished third, A♯–C), a chromatic step none or one (C–C♯–D); there the two dice's L0 differ by the
letters gained beyond one. `spell_board` chooses, per connected group,
each die's name among those with at most one sharp or flat (RULES.md section 7), ranking spellings by

1. the most neighbouring pairs that read right;
2. the fewest sharps and flats;
3. the most dice written as notes of the lesson's key, when one is set;
4. the most dice keeping the names already shown (in a game);
5. the most dice written as their own runs spell them alone (`preferred`: a triad by its tie rule,
   a run in the key it fits, a lone die by its default name);
6. the fewest flats.

A die whose lines cannot agree keeps its chosen name on the die and on the lines it fits, and its
other name on a line that reads right only with that one; its label shows both ("D#/Eb").

Pure standard library over facts (cells and pitch classes); names are English spelled names ("F#",
"Eb"), written in a convention only when shown.
"""

from __future__ import annotations

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
#: The weight of one pair reading right: more than every lower rank of a group together.
AGREE = 100 ** 6
#: (lower cell, upper cell) -> the letter steps that read right on that diagonal pair, where they are
#: not one letter (a major scale's step).
PairLetters = Mapping[tuple[Cell, Cell], tuple[int, ...]]


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


@dataclass(frozen=True)
class BoardSpelling:
    """The names a board shows: each die's name, and the other name a line uses where they differ."""

    #: The English name on each die (its main name).
    names: Mapping[Cell, str]
    #: (cell, line) -> the name that line's text uses, where it is not the die's main name.
    on_line: Mapping[tuple[Cell, int], str] = field(default_factory=dict)
    #: Neighbouring pairs, and how many of them read right (by their lines' letter patterns).
    pairs: int = 0
    right: int = 0
    #: The diagonal pairs read by another letter pattern than one letter per step (`pair_letters`).
    letters: PairLetters = field(default_factory=dict)

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
        default the dice's main names)."""
        names = self.names if names is None else names
        return reads_right(names[low], names[high], line, self.letters.get((low, high)))


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
    or one of the `letters` steps its scale's pattern allows there (`pair_letters`)."""
    return (_LETTER_INDEX[high[0]] - _LETTER_INDEX[low[0]]) % 7 in (letters or (LINE_LETTERS[line],))


def _type_letters(kind: str, degree: int) -> tuple[int, ...]:
    """The letters a scale type's step from `degree` climbs (RULES.md section 7): one per degree in a
    major or harmonic minor scale (its augmented second too), two across a major pentatonic's minor
    third, one or two in a whole-tone scale (its one diminished third), none or one when chromatic."""
    if kind == "chromatic":
        return (0, 1)  # C–C♯ or C♯–D
    if kind == "whole-tone":
        return (1, 2)  # C–D, or A♯–C
    if kind == "major pentatonic" and SCALE_STEPS[kind][degree] == 3:
        return (2,)  # E–G
    return (1,)


def pair_letters(dice: Mapping[Cell, int], scale_types: Iterable[str] = ("major",)) -> dict[
        tuple[Cell, Cell], tuple[int, ...]]:
    """The letter steps that read right on each diagonal pair whose run is read by another pattern
    than one letter per step: the steps of every allowed scale type (and place in it) the whole run
    fits. A run that fits none, and every major-scale step, keeps one letter."""
    kinds = tuple(scale_types)
    if kinds == ("major",):
        return {}
    found: dict[tuple[Cell, Cell], tuple[int, ...]] = {}
    for line in (1, 2):
        dq, dr = LINE_UP_STEPS[line]
        for start in dice:
            if (start[0] - dq, start[1] - dr) in dice:
                continue  # (walk up from the bottom die of each run only)
            run = _run_through(start, line, dice)
            steps = tuple((dice[b] - dice[a]) % 12 for a, b in zip(run, run[1:], strict=False))
            for k, allowed in enumerate(_run_letters(steps, kinds)):
                if allowed != (1,):
                    found[run[k], run[k + 1]] = allowed
    return found


@cache
def _run_letters(steps: tuple[int, ...], kinds: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """The letter steps that read right on each step of a run climbing `steps` semitones: those of
    every scale type of `kinds` (and place in it) the whole run fits; one letter where it fits none."""
    letters: list[set[int]] = [set() for _ in steps]
    for kind in kinds:
        pattern = SCALE_STEPS[kind]
        if len(steps) >= len(pattern):
            continue
        for first in range(len(pattern)):
            degrees = [(first + k) % len(pattern) for k in range(len(steps))]
            if all(pattern[d] == step for d, step in zip(degrees, steps, strict=True)):
                for k, d in enumerate(degrees):
                    letters[k].update(_type_letters(kind, d))
    return tuple(tuple(sorted(allowed)) if allowed else (1,) for allowed in letters)


def patterns_read(names: Sequence[str], scale_types: Iterable[str]) -> tuple[str, ...]:
    """The scale types whose letter pattern a diagonal run written `names` (English, bottom to top)
    reads by, as a whole (RULES.md section 7): each step's letters as `_type_letters` allows at a
    place in the type that the run's steps fit, and a whole-tone run with one two-letter step at most."""
    pitches = [SpelledNote.from_english(name).pitch for name in names]
    steps = [(b - a) % 12 for a, b in zip(pitches, pitches[1:], strict=False)]
    climbs = [(_LETTER_INDEX[b[0]] - _LETTER_INDEX[a[0]]) % 7 for a, b in zip(names, names[1:], strict=False)]
    found = []
    for kind in scale_types:
        pattern = SCALE_STEPS[kind]
        if len(names) > len(pattern) or (kind == "whole-tone" and climbs.count(2) > 1):
            continue
        for first in range(len(pattern)):
            degrees = [(first + k) % len(pattern) for k in range(len(steps))]
            if all(pattern[d] == step and climb in _type_letters(kind, d)
                   for d, step, climb in zip(degrees, steps, climbs, strict=True)):
                found.append(kind)
                break
    return tuple(found)


def _offsets(pairs: list[tuple[Cell, Cell, int]], letters: PairLetters) -> list[frozenset[int]]:
    """For each pair, the differences L0(upper) - L0(lower) (mod 7) at which it reads right."""
    return [frozenset((step - LINE_LETTERS[line]) % 7
                      for step in letters.get((low, high), (LINE_LETTERS[line],)))
            for low, high, line in pairs]


def most_pairs_right(dice: Mapping[Cell, int], scale_types: Iterable[str] = ("major",)) -> int:
    """The most neighbouring pairs any spelling with at most one sharp or flat per die reads right
    (each line by its scale's letter pattern), by exhaustive search (branch and bound over each die's
    L0): the check `spell_board` is measured against. Exponential in the worst case; boards of a game
    take milliseconds."""
    scale_types = tuple(scale_types)
    cells = sorted(dice)
    index = {cell: k for k, cell in enumerate(cells)}
    anchors = [sorted({_anchor(name, cell) for name in note_options(dice[cell])}) for cell in cells]
    pairs = neighbour_pairs(dice)
    earlier: list[list[tuple[int, bool, frozenset[int]]]] = [[] for _ in cells]
    offsets_of = _offsets(pairs, pair_letters(dice, scale_types))
    for (low, high, _line), offsets in zip(pairs, offsets_of, strict=True):
        a, b = index[low], index[high]
        earlier[max(a, b)].append((min(a, b), b > a, offsets))  # (the other die, whether this one is upper)
    left = [0] * (len(cells) + 1)
    for k in range(len(cells) - 1, -1, -1):
        left[k] = left[k + 1] + len(earlier[k])
    best = [spell_board(dice, scale_types=scale_types).right - 1]  # (a good first bound prunes most)
    chosen = [0] * len(cells)

    def search(k: int, score: int) -> None:
        if score + left[k] <= best[0]:
            return
        if k == len(cells):
            best[0] = score
            return
        for anchor in anchors[k]:
            chosen[k] = anchor
            search(k + 1, score + sum(((anchor - chosen[j]) if upper else (chosen[j] - anchor)) % 7 in offsets
                                      for j, upper, offsets in earlier[k]))

    search(0, 0)
    return best[0]


def spell_board(dice: Mapping[Cell, int], *, key_notes: Iterable[str] = (),
                previous: Mapping[Cell, str] | None = None,
                preferred: Mapping[Cell, str] | None = None,
                scale_types: Iterable[str] = ("major",)) -> BoardSpelling:
    """Choose every die's name together (the module docstring gives the order of preference).

    `dice` maps cells to pitch classes; `key_notes` are the English names of the lesson key's scale;
    `previous` the names already shown (a game), `preferred` each die's name in its own run alone;
    `scale_types` the rule set's, whose letter patterns the diagonals read by (`pair_letters`).
    """
    pairs = neighbour_pairs(dice)
    letters = pair_letters(dice, scale_types)
    offsets = _offsets(pairs, letters)
    around: dict[Cell, list[Cell]] = {cell: [] for cell in dice}
    for low, high, _line in pairs:
        around[low].append(high)
        around[high].append(low)
    key_set, previous, preferred = frozenset(key_notes), previous or {}, preferred or {}
    names: dict[Cell, str] = {}
    seen: set[Cell] = set()
    for start in dice:
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
        edges = [(low, high, offs) for (low, high, _line), offs in zip(pairs, offsets, strict=True)
                 if low in members]
        names.update(_spell_group(group, dice, edges, key_set, previous, preferred))

    def ok(low: Cell, high: Cell, line: int, low_name: str, high_name: str) -> bool:
        return reads_right(low_name, high_name, line, letters.get((low, high)))

    on_line: dict[tuple[Cell, int], str] = {}
    wrong = [(low, high, line) for low, high, line in pairs
             if not ok(low, high, line, names[low], names[high])]
    # Where a pair does not read right, the dice of its run on that line may take their other names
    # there, chosen for the whole run: the most pairs of the run reading right, then the fewest dice
    # renamed, the fewest written E#, B#, Fb or Cb (C–Db rather than B#–C#), the lower dice renamed.
    mended: set[tuple[Cell, int]] = set()
    for low, _high, line in wrong:
        run = _run_through(low, line, dice)
        if (run[0], line) in mended:
            continue
        mended.add((run[0], line))
        steps = list(zip(run, run[1:], strict=False))

        def rank(chosen: tuple[str, ...], run: list[Cell] = run, steps: list = steps,
                 line: int = line) -> tuple:
            changed = [k for k, cell in enumerate(run) if chosen[k] != names[cell]]
            return (sum(ok(a, b, line, chosen[k], chosen[k + 1]) for k, (a, b) in enumerate(steps)),
                    -len(changed), -sum(chosen[k] in ("E#", "B#", "Fb", "Cb") for k in changed),
                    [-k for k in changed])

        options = [note_options(dice[cell]) for cell in run]
        best = max(product(*options), key=rank) if prod(map(len, options)) <= 4096 else ()
        for cell, name in zip(run, best, strict=False):
            if name != names[cell]:
                on_line[(cell, line)] = name
    right = len(pairs) - len(wrong)
    return BoardSpelling(names, on_line, len(pairs), right, letters)


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


#: One die's option: (the L0 it stands for, its rank below the pairs, its name).
Option = tuple[int, int, str]
#: One pair of a group: (lower die's index, upper die's index, the L0 differences that read right).
Edge = tuple[int, int, frozenset[int]]


def _spell_group(group: list[Cell], dice: Mapping[Cell, int], pairs: list[tuple[Cell, Cell, frozenset[int]]],
                 key_set: frozenset[str], previous: Mapping[Cell, str],
                 preferred: Mapping[Cell, str]) -> dict[Cell, str]:
    """One connected group's names: the best-ranked assignment found by local search from the best of
    the group spelled from one L0 throughout (and from the names already shown)."""
    index = {cell: k for k, cell in enumerate(group)}
    edges: list[Edge] = [(index[low], index[high], offs) for low, high, offs in pairs]
    # Each die's options as (anchor L0, unary score, name); a higher score is better. The ranks below
    # the first are packed into one integer, each in its own base-100 digit (a group has < 100 dice).
    options: list[list[Option]] = []
    for cell in group:
        choices = []
        for name in note_options(dice[cell]):
            unary = ((((-len(name) + 1) * 100 + (name in key_set)) * 100 + (previous.get(cell) == name)) * 100
                     + (preferred.get(cell) == name)) * 100 - name[1:].count("b")
            choices.append((_anchor(name, cell), unary, name))
        options.append(sorted(choices, key=lambda option: -option[1]))
    if len(group) == 1:
        return {group[0]: options[0][0][2]}
    # Start from the best L0 for the whole group (every die that can take it does). Where every line
    # reads one letter per step and every pair reads right there, that is the best spelling (another
    # where they all do is another whole-group L0). Else improve it, and the names already shown.
    anchors = sorted({option[0] for choices in options for option in choices})
    starts = [[next((option for option in choices if option[0] == anchor), choices[0]) for choices in options]
              for anchor in anchors]
    chosen = max(starts, key=lambda start: _value(start, edges))
    plain = all(offs == {0} for _a, _b, offs in edges)
    if plain and all(_agree(chosen, edge) for edge in edges):
        return {cell: option[2] for cell, option in zip(group, chosen, strict=True)}
    starts = [chosen]
    if previous:
        starts.append([next((option for option in choices if option[2] == previous.get(cell)), choices[0])
                       for cell, choices in zip(group, options, strict=True)])
    best, best_value = None, None
    for chosen in starts:
        _improve(chosen, options, edges)
        value = _value(chosen, edges)
        if best_value is None or value > best_value:
            best, best_value = chosen, value
    return {cell: option[2] for cell, option in zip(group, best, strict=True)}


def _agree(chosen: list[Option], edge: Edge) -> bool:
    """Whether a pair reads right with the chosen options."""
    low, high, offs = edge
    return (chosen[high][0] - chosen[low][0]) % 7 in offs


def _value(chosen: list[Option], edges: list[Edge]) -> int:
    """A group's rank as one integer: its pairs reading right first, then its dice's unary ranks."""
    return sum(option[1] for option in chosen) + AGREE * sum(_agree(chosen, edge) for edge in edges)


def _improve(chosen: list[Option], options: list[list[Option]], edges: list[Edge]) -> None:
    """Improve a group's names by expansion moves while one helps, then single changes of name, until
    neither helps: for an L0 `wanted`, the best set of dice to move onto it (each die keeps its name
    or takes the one standing for `wanted`) is a minimum cut (Boykov, Veksler and Zabih's
    alpha-expansion: exact for each move where lines read one letter per step, since a pair's cost,
    one AGREE when its two L0 differ, is a metric; where a scale's pattern makes a move's pair cost
    non-submodular it is truncated, and a move is kept only if it makes the group better)."""
    anchors = sorted({option[0] for choices in options for option in choices})
    by_anchor = {wanted: [next((option for option in choices if option[0] == wanted), None)
                          for choices in options] for wanted in anchors}
    touching: list[list[Edge]] = [[] for _ in options]
    for edge in edges:
        touching[edge[0]].append(edge)
        touching[edge[1]].append(edge)
    while True:
        # Cycle through the L0s until a whole round of them has changed nothing.
        unchanged, turn = 0, 0
        while unchanged < len(anchors):
            wanted = anchors[turn % len(anchors)]
            turn += 1
            unchanged = 0 if _expand(chosen, by_anchor[wanted], edges) else unchanged + 1
        if not _single_changes(chosen, options, touching):
            return


def _single_changes(chosen: list[Option], options: list[list[Option]], touching: list[list[Edge]]) -> bool:
    """Give single dice their other name while that makes the group better; say whether any changed."""
    changed = False
    for k, choices in enumerate(options):
        for option in choices:
            if option == chosen[k]:
                continue
            before = chosen[k][1] + AGREE * sum(_agree(chosen, edge) for edge in touching[k])
            old, chosen[k] = chosen[k], option
            if option[1] + AGREE * sum(_agree(chosen, edge) for edge in touching[k]) > before:
                changed = True
            else:
                chosen[k] = old
    return changed


def _expand(chosen: list[Option], moves: list[Option | None], edges: list[Edge]) -> bool:
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
        return 0 if (high[0] - low[0]) % 7 in offs else AGREE

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
    if new == chosen or _value(new, edges) <= _value(chosen, edges):
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
