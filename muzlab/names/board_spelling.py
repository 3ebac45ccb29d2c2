"""A board's note names chosen as one decision: one name per die, shared by every text that names it.

Every pair of neighbouring dice lies on a line and reads right when its letters do: going up a
column adds two letters (a third), going up either diagonal adds one (a step). In axial coordinates
(N = (0, -1), NE = (+1, -1), NW = (-1, 0)) that is letter(q, r) = L0 - q - 2r (mod 7) on a connected
group, so a die written on a letter stands for one value of L0 = letter + q + 2r, and a pair reads
right exactly when both its dice stand for the same L0. `spell_board` chooses, per connected group,
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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property

from muzlab.core.hexgrid import LINE_UP_STEPS, Cell
from muzlab.core.pitch import LETTER_PITCH, SpelledNote

LETTERS = "CDEFGAB"
_LETTER_INDEX = {letter: k for k, letter in enumerate(LETTERS)}
#: Letters gained going up each line: a column is a third, a diagonal a step.
LINE_LETTERS = (2, 1, 1)
#: The weight of one pair reading right: more than every lower rank of a group together.
AGREE = 100 ** 6


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
    #: Neighbouring pairs, and how many of them read right.
    pairs: int = 0
    right: int = 0

    def name(self, cell: Cell, line: int | None = None) -> str:
        """A die's English name, as `line`'s text writes it when a line is given."""
        if line is not None:
            other = self.on_line.get((cell, line))
            if other is not None:
                return other
        return self.names[cell]

    def label(self, cell: Cell) -> str:
        """What the die shows: its name, or both names ("D#/Eb", by letter) where its lines disagree."""
        return self._two_names.get(cell) or self.names[cell]

    @cached_property
    def _two_names(self) -> dict[Cell, str]:
        """The labels of the dice that show two names."""
        found: dict[Cell, set[str]] = {}
        for (cell, _line), name in self.on_line.items():
            found.setdefault(cell, {self.names[cell]}).add(name)
        return {cell: "/".join(sorted(names)) for cell, names in found.items()}

    def labels(self) -> dict[Cell, str]:
        """Every die's label, in board order."""
        return {cell: self.label(cell) for cell in self.names}


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


def reads_right(low: str, high: str, line: int) -> bool:
    """Whether two names a line apart read right: a column's letters a third up, a diagonal's a step."""
    return (_LETTER_INDEX[high[0]] - _LETTER_INDEX[low[0]]) % 7 == LINE_LETTERS[line]


def most_pairs_right(dice: Mapping[Cell, int]) -> int:
    """The most neighbouring pairs any spelling with at most one sharp or flat per die reads right,
    by exhaustive search (branch and bound over each die's L0): the check `spell_board` is measured
    against. Exponential in the worst case; boards of a game take milliseconds."""
    cells = sorted(dice)
    index = {cell: k for k, cell in enumerate(cells)}
    anchors = [sorted({_anchor(name, cell) for name in note_options(dice[cell])}) for cell in cells]
    earlier: list[list[int]] = [[] for _ in cells]
    for low, high, _line in neighbour_pairs(dice):
        a, b = index[low], index[high]
        earlier[max(a, b)].append(min(a, b))
    left = [0] * (len(cells) + 1)
    for k in range(len(cells) - 1, -1, -1):
        left[k] = left[k + 1] + len(earlier[k])
    best, chosen = [spell_board(dice).right - 1], [0] * len(cells)  # (a good first bound prunes most)

    def search(k: int, score: int) -> None:
        if score + left[k] <= best[0]:
            return
        if k == len(cells):
            best[0] = score
            return
        for anchor in anchors[k]:
            chosen[k] = anchor
            search(k + 1, score + sum(chosen[j] == anchor for j in earlier[k]))

    search(0, 0)
    return best[0]


def spell_board(dice: Mapping[Cell, int], *, key_notes: Iterable[str] = (),
                previous: Mapping[Cell, str] | None = None,
                preferred: Mapping[Cell, str] | None = None) -> BoardSpelling:
    """Choose every die's name together (the module docstring gives the order of preference).

    `dice` maps cells to pitch classes; `key_notes` are the English names of the lesson key's scale;
    `previous` the names already shown (a game), `preferred` each die's name in its own run alone.
    """
    pairs = neighbour_pairs(dice)
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
        names.update(_spell_group(group, dice, around, key_set, previous, preferred))
    on_line: dict[tuple[Cell, int], str] = {}
    wrong = [(low, high, line) for low, high, line in pairs if not reads_right(names[low], names[high], line)]
    # Where a pair does not read right, one of its dice takes its other name on that line, if that
    # line then reads right on more of the die's pairs: the die whose other name fits better, else
    # one not written E#, B#, Fb or Cb (C–Db rather than B#–C#), else the lower one.
    for low, high, line in wrong:
        def on(cell: Cell, line: int = line) -> str:
            return on_line.get((cell, line), names[cell])

        if reads_right(on(low), on(high), line):
            continue  # (already mended through another pair)
        choices = []
        for cell in (low, high):
            neighbours = [(other, other == b) for a, b, where in pairs if where == line and cell in (a, b)
                          for other in (b if a == cell else a,)]

            def fits(name: str, neighbours: list = neighbours, line: int = line) -> int:
                return sum(reads_right(name, on(o), line) if up else reads_right(on(o), name, line)
                           for o, up in neighbours)

            for name in note_options(dice[cell]):
                if name != on(cell) and fits(name) > fits(on(cell)):
                    odd = name in ("E#", "B#", "Fb", "Cb")
                    choices.append((fits(name) - fits(on(cell)), not odd, cell == low, cell, name))
        if choices:
            *_, cell, name = max(choices)
            if name == names[cell]:
                on_line.pop((cell, line), None)
            else:
                on_line[(cell, line)] = name
    right = len(pairs) - len(wrong)
    return BoardSpelling(names, on_line, len(pairs), right)


def _spell_group(group: list[Cell], dice: Mapping[Cell, int], around: Mapping[Cell, list[Cell]],
                 key_set: frozenset[str], previous: Mapping[Cell, str],
                 preferred: Mapping[Cell, str]) -> dict[Cell, str]:
    """One connected group's names: the best-ranked assignment found by local search from the best of
    the group spelled from one L0 throughout (and from the names already shown)."""
    index = {cell: k for k, cell in enumerate(group)}
    nbrs = [[index[other] for other in around[cell]] for cell in group]
    # Each die's options as (anchor L0, unary score, name); a higher score is better. The ranks below
    # the first are packed into one integer, each in its own base-100 digit (a group has < 100 dice).
    options = []
    for cell in group:
        choices = []
        for name in note_options(dice[cell]):
            unary = ((((-len(name) + 1) * 100 + (name in key_set)) * 100 + (previous.get(cell) == name)) * 100
                     + (preferred.get(cell) == name)) * 100 - name[1:].count("b")
            choices.append((_anchor(name, cell), unary, name))
        options.append(sorted(choices, key=lambda option: -option[1]))
    if len(group) == 1:
        return {group[0]: options[0][0][2]}
    allowed = [{option[0]: option[1] for option in choices} for choices in options]
    scores = dict.fromkeys(set().union(*allowed), 0)
    for k, choices in enumerate(options):
        unary, best = allowed[k], choices[0][1]
        for anchor in scores:
            if anchor in unary:
                pairs = sum(1 for j in nbrs[k] if j > k and anchor in allowed[j])
                scores[anchor] += unary[anchor] + AGREE * pairs
            else:
                scores[anchor] += best
    # Start from the best L0 for the whole group (every die that can take it does; counted without
    # building the assignments): if every pair reads right there, that is the best spelling (another
    # where they all do is another whole-group L0). Else improve it, and the names already shown.
    anchor = min(scores, key=lambda anchor: (-scores[anchor], anchor))
    chosen = [next((option for option in choices if option[0] == anchor), choices[0]) for choices in options]
    if all(chosen[j][0] == anchor for k in range(len(group)) for j in nbrs[k]):
        return {cell: option[2] for cell, option in zip(group, chosen, strict=True)}
    starts = [chosen]
    if previous:
        starts.append([next((option for option in choices if option[2] == previous.get(cell)), choices[0])
                       for cell, choices in zip(group, options, strict=True)])
    best, best_value = None, None
    for chosen in starts:
        _improve(chosen, options, nbrs)
        value = _value(chosen, nbrs)
        if best_value is None or value > best_value:
            best, best_value = chosen, value
    return {cell: option[2] for cell, option in zip(group, best, strict=True)}


def _value(chosen: list[tuple[int, int, str]], nbrs: list[list[int]]) -> int:
    """A group's rank as one integer: its pairs reading right first, then its dice's unary ranks."""
    total = 0
    for k, (anchor, unary, _name) in enumerate(chosen):
        total += unary + AGREE * sum(1 for j in nbrs[k] if j > k and chosen[j][0] == anchor)
    return total


def _improve(chosen: list[tuple[int, int, str]], options: list[list[tuple[int, int, str]]],
             nbrs: list[list[int]]) -> None:
    """Improve a group's names by expansion moves while one helps: for an L0 `wanted`, the best set of
    dice to move onto it (each die keeps its name or takes the one standing for `wanted`) is a
    minimum cut (Boykov, Veksler and Zabih's alpha-expansion; exact for each move, since a pair's
    cost, one AGREE when its two L0 differ, is a metric)."""
    anchors = sorted({option[0] for choices in options for option in choices})
    by_anchor = {wanted: [next((option for option in choices if option[0] == wanted), None)
                          for choices in options] for wanted in anchors}
    # Cycle through the L0s until a whole round of them has changed nothing.
    unchanged, turn = 0, 0
    while unchanged < len(anchors):
        wanted = anchors[turn % len(anchors)]
        turn += 1
        unchanged = 0 if _expand(chosen, by_anchor[wanted], nbrs, wanted) else unchanged + 1


def _expand(chosen: list[tuple[int, int, str]], moves: list[tuple[int, int, str] | None],
            nbrs: list[list[int]], wanted: int) -> bool:
    """One expansion move onto L0 `wanted` (`moves`: each die's option standing for it, or None) by a
    minimum cut; say whether it made the group better."""
    n = len(chosen)
    free = [k for k in range(n) if moves[k] is not None and chosen[k][0] != wanted]
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
        for j in nbrs[k]:
            if j in node:
                if j > k:  # a pair of free dice: E = a + (c - a) x_k - c x_j + (b + c - a)(1 - x_k) x_j
                    a = AGREE * (chosen[k][0] != chosen[j][0])
                    b = c = AGREE  # (one moved onto `wanted`, the other not: they differ)
                    move_cost[m] += c - a
                    keep_cost[node[j]] += c
                    _add(capacity, m, node[j], b + c - a)
            else:
                keep_cost[m] += AGREE * (chosen[k][0] != chosen[j][0])
                move_cost[m] += AGREE * (wanted != chosen[j][0])
    for m in range(len(free)):
        low = min(keep_cost[m], move_cost[m])
        _add(capacity, source, m, move_cost[m] - low)  # paid when the die moves
        _add(capacity, m, sink, keep_cost[m] - low)  # paid when it keeps its name
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
    if new == chosen or _value(new, nbrs) <= _value(chosen, nbrs):
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
