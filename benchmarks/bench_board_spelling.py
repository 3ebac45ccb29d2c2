"""How well, and how fast, the board is spelled as a whole (docs/rules.md section 10), over seeded games.

    python benchmarks/bench_board_spelling.py [--games N]

Plays N seeded games (a greedy and a random agent; 21, 33 and 42 dice, basic and master level, in
turn) and reads each final board. A pair of neighbouring dice reads right when its letters do (a
column's a third apart, a diagonal's by its scale type's letter pattern: one letter a step in a major
scale, two across a major pentatonic's minor third, docs/rules.md section 10). Prints the share of pairs
reading right with the board's spelling (`Position.labels`), with the best spelling (an exhaustive
search) and with the labels the per-run spelling gave before (each die named by one run through it,
spelled alone: `Position._alone_labels`); with each line's own names (a die showing two names gives
each line the one that fits it) beside the dice showing two names, against the pairs the main names
leave wrong (issue 52, item 7: no more dice with two names than those); on master boards, the same
names read one letter per step, the runs not reading by a pattern of their type, the keys listed
that do not hold a run's spelled notes, and the whole-tone and chromatic runs (issue 52, item 6:
whole-tone pairs written as diminished thirds, runs with two, runs fitting "no key as spelled");
the final boards that read otherwise rebuilt from their notation; how many runs' own texts name a
die differently from the die's label; and the time `Position.labels` takes on a position built
afresh from its dice, against the run-by-run labels of before measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from muzlab import Game, Position, RuleSet
from muzlab.names.board_spelling import most_pairs_right, neighbour_pairs, patterns_read, reads_right
from muzlab.names.letters import written_scales
from muzlab.play.agents import make_agent, play

SETTINGS = ((21, "basic"), (33, "basic"), (42, "basic"), (21, "master"), (33, "master"), (42, "master"))


def final_positions(games: int) -> list:
    """The final positions of `games` seeded games, the settings taken in turn."""
    found = []
    for index in range(games):
        dice, level = SETTINGS[index % len(SETTINGS)]
        rules = RuleSet.named(level)
        game = Game(2, None, rules, dice, seed=index)
        agents = [make_agent("greedy", f"{index}:0"), make_agent("random", f"{index}:1")]
        found.append(play(game, agents).position)
    return found


def share(positions: list, names_of) -> tuple[int, int]:
    """(pairs reading right, pairs) over the positions, each die named by `names_of(position)`, each
    line read by its scale's letter pattern (a master board's pentatonic, whole-tone and chromatic
    lines by theirs)."""
    right = total = 0
    for position in positions:
        names, spelled = names_of(position), position.spelled()
        for low, high, line in neighbour_pairs(position.dice):
            total += 1
            right += spelled.reads(low, high, line, names)
    return right, total


def one_letter_per_step(positions: list) -> tuple[int, int]:
    """(pairs reading right, pairs) with the board's names when every diagonal is read one letter per
    step, as if every line were a major scale's (the measure before lines read by their patterns)."""
    right = total = 0
    for position in positions:
        names = position.spelled().names
        for low, high, line in neighbour_pairs(position.dice):
            total += 1
            right += reads_right(names[low], names[high], line)
    return right, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240)
    games = parser.parse_args().games
    positions = final_positions(games)
    right, total = share(positions, lambda p: p.spelled().names)
    old_right, _ = share(positions, lambda p: p._alone_labels())
    most = sum(most_pairs_right(dict(p.dice), p.rules.scale_types) for p in positions)
    print(f"{games} final boards, {total} neighbouring pairs")
    print(f"  board spelled as a whole: {right} read right = {100 * right / total:.1f} % "
          f"(the most any spelling with single accidentals reaches: {100 * most / total:.1f} %)")
    print(f"  each die named by one run alone (before): {old_right} = {100 * old_right / total:.1f} %")
    for level in ("basic", "master", None):
        chosen = [p for p in positions if level in (None, p.rules.name)]
        spelled = [p.spelled() for p in chosen]
        pairs, wrong = sum(s.pairs for s in spelled), sum(s.pairs - s.right for s in spelled)
        lines = sum(s.right_on_lines for s in spelled)
        two = sum(len(s.shown_names(cell)) > 1 for s in spelled for cell in s.names)
        print(f"    {level or 'all'}: each line's own names read right {lines} of {pairs} = "
              f"{100 * lines / pairs:.2f} %, with {two} dice showing two names "
              f"(the main names leave {wrong} pairs wrong)")
    rebuilt = sum(Position.from_notation(p.notation()).labels() != p.labels() for p in positions)
    print(f"  final boards reading otherwise rebuilt from their notation: {rebuilt} of {games}")
    for level in ("basic", "master"):
        chosen = [p for p in positions if p.rules.name == level]
        level_right, level_total = share(chosen, lambda p: p.spelled().names)
        level_old, _ = share(chosen, lambda p: p._alone_labels())
        level_most = sum(most_pairs_right(dict(p.dice), p.rules.scale_types) for p in chosen)
        print(f"    {level}: {100 * level_right / level_total:.1f} % "
              f"(best {100 * level_most / level_total:.1f} %, "
              f"one run alone {100 * level_old / level_total:.1f} %) of {level_total} pairs")
    master = [p for p in positions if p.rules.name == "master"]
    flat_right, flat_total = one_letter_per_step(master)
    print(f"    master read one letter per diagonal step instead: {100 * flat_right / flat_total:.1f} %")
    patterned = wrong_pattern = 0
    for position in master:
        for structure in position.structures():
            kinds = {kind for _, kind in structure.keys}
            if structure.kind == "scale" and kinds & {"major pentatonic", "whole-tone"}:
                patterned += 1
                wrong_pattern += not patterns_read(structure.names, kinds)
    print(f"    master runs fitting a pentatonic or whole-tone scale: {patterned}, of which "
          f"{wrong_pattern} do not read by a pattern of a type they fit")
    pairs_wt = thirds = doubled = no_key = symmetric = 0
    for position in master:
        for structure in position.structures():
            kinds = {kind for _, kind in structure.keys}
            if structure.kind != "scale" or not kinds & {"whole-tone", "chromatic"}:
                continue
            symmetric += 1
            names = structure.names
            climbs = [("CDEFGAB".index(b[0]) - "CDEFGAB".index(a[0])) % 7 for a, b in zip(names, names[1:],
                                                                                        strict=False)]
            if "whole-tone" in kinds:
                pairs_wt += len(names) == 2
                thirds += len(names) == 2 and climbs == [2]
                doubled += climbs.count(2) > 1
            no_key += "no key as spelled" in structure.describe()
    print(f"    master whole-tone and chromatic runs: {symmetric}; whole-tone pairs written as diminished "
          f"thirds {thirds} of {pairs_wt}, whole-tone runs with two {doubled}, runs fitting no key as "
          f"spelled {no_key}")
    runs = differing = before = 0
    for position in positions:
        labels, alone = position.labels(), position._alone_labels()
        for structure in position.structures():
            runs += 1
            differing += any(name not in labels[cell].split("/")
                             for cell, name in zip(structure.cells, structure.spelling(), strict=True))
            before += any(alone[cell] != name
                          for cell, name in zip(structure.cells, structure.alone(), strict=True))
    listed = not_holding = most_named = 0
    for position in master:
        for structure in position.structures():
            if structure.kind == "scale" and structure.keys:
                letters, _sound = structure.fitting_keys()
                listed += len(letters)
                not_holding += sum(key != "the chromatic scale" and not any(
                    set(structure.names) <= set(written) for written in written_scales(*key.split(" ", 1)))
                    for key in letters)
                most_named = max(most_named, len(structure.describe().split(": fits ")[-1].split(", ")))
    print(f"    master keys listed as fitting the letters: {listed}, of which {not_holding} do not hold the "
          f"run's spelled notes; at most {most_named} keys named in a run's line")
    print(f"  runs whose own text names a die otherwise than its label: {differing} of {runs} "
          f"(before: {before})")
    old_times, new_times = [], []
    for position in positions:
        board, dice, rules = position.board, dict(position.dice), position.rules
        start = time.perf_counter()
        Position(board, dice, rules)._alone_labels()  # the labels as chosen before: run by run
        middle = time.perf_counter()
        Position(board, dice, rules).labels()  # the board spelled as a whole (the runs' spellings too)
        new_times.append(1000 * (time.perf_counter() - middle))
        old_times.append(1000 * (middle - start))
    new, old = statistics.median(new_times), statistics.median(old_times)
    print(f"  Position.labels from the dice: median {new:.2f} ms, max {max(new_times):.2f} ms "
          f"({statistics.mean(len(p) for p in positions):.0f} dice on average); run by run as before: "
          f"{old:.2f} ms (x{new / old:.2f})")


if __name__ == "__main__":
    main()
