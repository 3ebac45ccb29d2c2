"""The fair review's figures: review speed, how much the luck adjustment sharpens a comparison, the luck
of a roll averaging to zero, the value estimate against long rollouts, and the grades' spread.

    .venv/bin/python benchmarks/bench_review.py                    # everything (a few minutes on 2 cores)
    .venv/bin/python benchmarks/bench_review.py --only fairness --games 4000

- Speed: a full `muzlab.review` of a 21-die and a 42-die (master) two-player game, best of 3 wall-clock
  runs (targets 2 s and 5 s), and the ratio to the same review valued one roll deeper (depth 1, the
  plain expectimax the cheap path avoids).
- Fairness: `--games` expert-against-greedy games, seats alternated, each valued by the review's
  evaluator in the runner's process pool (a cheap path: the value columns only, no sentences). Per
  game the difference expert minus greedy, raw (final margin) and luck-adjusted (margin minus the
  expert's luck plus greedy's); d = mean / sd of each; target (d_adjusted / d_raw)² >= 3.
- Luck: the mean luck per roll of those games with its standard error, over every roll and per kind
  of roll (its source, after a pass or not, early or late, whose seat); target: each within 2
  standard errors of 0.
- Grades: the share of each grade among the decisions with a choice, for greedy and the expert, and
  the level each reaches over the games.
- Accuracy: `--nodes` chance nodes of expert games, each rolled out `--rollouts` times by the expert;
  the root mean square error of the value model at depth 0 and 1 against the rollouts' mean. The
  rollouts are compiled with muzlab[fast] (`muzlab.play.fast_playouts.playouts`: the same points).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from muzlab import Game
from muzlab.play import fast_playouts  # noqa: E402
from muzlab.play.agents import make_agent, play  # noqa: E402
from muzlab.play.coach import GRADES, decisions, grade, level, review  # noqa: E402
from muzlab.play.value import Evaluator, assess, margin, rollout  # noqa: E402
from muzlab.sim import runner  # noqa: E402


class _Bar:
    def update(self, _n: int) -> None:
        pass


def speed() -> None:
    for dice, rules in ((21, "basic"), (42, "master")):
        game = play(Game(seed=7, dice=dice, rules=rules), [make_agent("expert", 1), make_agent("greedy", 2)])
        times = []
        for _ in range(3):
            start = time.perf_counter()
            review(game)
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        assess(game, Evaluator(2, depth=1))
        deeper = time.perf_counter() - start
        target = 2 if dice == 21 else 5
        print(f"review of a {dice}-die game: {min(times):.2f} s (target {target} s); valued one roll deeper "
              f"it takes {deeper:.1f} s ({deeper / min(times):.0f}x)")


def roll_kinds(game: Game, roll, expert: int) -> tuple[str, ...]:
    """The kinds a roll belongs to, for the luck per kind: its source (opening, turn, extra roll,
    re-roll), whether it follows a pass or re-roll, early or late (dice rolled before it), whose seat."""
    events = game.events
    index = events.index(roll)
    before = events[index - 1].kind if index else ""
    drawn = sum(e.kind == "roll" and e.source != "reroll" for e in events[:index])
    return (f"source {roll.source}", "after a pass or re-roll" if before in ("pass", "reroll") else
            "after a placement or none", "early (first 10 dice)" if drawn < 10 else "late (dice 11-21)",
            "expert's roll" if roll.player == expert else "greedy's roll")


def fairness_chunk(indices: range) -> list[dict]:
    """Per game: the expert's seat, the final margin, each seat's luck, each decision's (seat, loss, had a
    choice) and every roll's luck."""
    evaluator, found = Evaluator(2, 0), []
    for index in indices:
        expert = index % 2
        agents = [make_agent("expert", f"{index}:e"), make_agent("greedy", f"{index}:g")]
        game = play(Game(seed=10_000 + index), agents if expert == 0 else agents[::-1])
        assessments = assess(game, evaluator)
        seats = [moment.seat for moment in decisions(game)]
        luck = [0.0, 0.0]
        for seat, a in zip(seats, assessments, strict=True):
            luck[seat] += a.luck
        found.append({"expert": expert, "margin": game.scores[expert] - game.scores[1 - expert], "luck": luck,
                      "losses": [(seat, a.loss, len(a.options) > 1)
                                 for seat, a in zip(seats, assessments, strict=True)],
                      "rolls": [(roll_kinds(game, event, expert), a.luck) for event, a in
                                zip([e for e in game.events if e.kind == "roll"],
                                    [a for a in assessments if a.rolled], strict=True)]})
        evaluator = Evaluator(2, 0, model=evaluator.model)  # a fresh cache per game keeps memory flat
    return found


def fairness(games: int) -> None:
    parts = runner.chunks(games, 100)
    start = time.perf_counter()
    results: dict[int, list[dict]] = {}
    runner.run_chunks(fairness_chunk, lambda number: (parts[number],), parts, _Bar(), results.__setitem__,
                      workers=runner.cpu_count())
    rows = [row for number in range(len(parts)) for row in results[number]]
    took = time.perf_counter() - start
    raw = [row["margin"] for row in rows]
    adjusted = [row["margin"] - (row["luck"][row["expert"]] - row["luck"][1 - row["expert"]]) for row in rows]
    d_raw = statistics.mean(raw) / statistics.stdev(raw)
    d_adj = statistics.mean(adjusted) / statistics.stdev(adjusted)
    print(f"{games} expert-vs-greedy games, seats alternated, valued in {took:.0f} s on {runner.cpu_count()} "
          f"processes: raw margin {statistics.mean(raw):.2f} ± sd {statistics.stdev(raw):.2f}, luck-adjusted "
          f"{statistics.mean(adjusted):.2f} ± sd {statistics.stdev(adjusted):.2f}")
    print(f"d_raw = {d_raw:.3f}, d_adjusted = {d_adj:.3f}, "
          f"(d_adjusted / d_raw)² = {(d_adj / d_raw) ** 2:.1f} (target >= 3)")
    rolls = [roll for row in rows for roll in row["rolls"]]
    by_kind: dict[str, list[float]] = {"every roll": [luck for _, luck in rolls]}
    for kinds, luck in rolls:
        for kind in kinds:
            by_kind.setdefault(kind, []).append(luck)
    print("luck per roll, by kind (target: each within 2 standard errors of 0):")
    for kind, lucks in by_kind.items():
        if len(lucks) > 1:
            mean, se = statistics.mean(lucks), statistics.stdev(lucks) / math.sqrt(len(lucks))
            away = f"{abs(mean) / se:.1f} se from 0" if se else "no luck: every face is worth the same"
            print(f"  {kind:28} {len(lucks):7,} rolls: mean {mean:+.3f} ± se {se:.3f} ({away})")
    for who in ("expert", "greedy"):
        counts = dict.fromkeys(GRADES, 0)
        errors = []
        for row in rows:
            seat = row["expert"] if who == "expert" else 1 - row["expert"]
            chosen = [loss for s, loss, choice in row["losses"] if s == seat and choice]
            for loss in chosen:
                counts[grade(loss)] += 1
            errors.append(sum(chosen) / max(len(chosen), 1))
        total = sum(counts.values())
        levels: dict[str, int] = {}
        for error in errors:
            levels[level(error)] = levels.get(level(error), 0) + 1
        print(f"{who}: grades " + ", ".join(f"{name} {100 * n / total:.1f} %" for name, n in counts.items())
              + f"; error per move {statistics.mean(errors):.3f}; levels per game "
              + ", ".join(f"{name} {n}" for name, n in sorted(levels.items(), key=lambda x: -x[1])))


def accuracy_chunk(nodes: list[tuple[int, int]], rollouts: int) -> list[tuple[float, float, float, float]]:
    """(rollout mean, depth 0, depth 1, the rollout mean's standard error) margins for the roller at each
    (game seed, roll number)."""
    shallow, deep, found = Evaluator(2, 0), Evaluator(2, 1), []
    agent = make_agent("expert", 1)
    for seed, roll in nodes:
        game = play(Game(seed=seed), [make_agent("expert", seed), make_agent("expert", seed + 1)])
        replay, seen = Game(seed=seed), 0
        for event in game.events:
            if event.kind == "roll":
                if seen == roll:
                    break
                seen += 1
            replay.apply(event)
        left = replay.supply + (replay.phase == "reroll")
        roller, position = replay.current_player, replay.position
        rng = random.Random(seed)
        if fast_playouts.installed():
            games = fast_playouts.playouts(position, left, roller, 2, agent, rng, rollouts)
        else:
            games = [rollout(position, left, roller, 2, agent, rng) for _ in range(rollouts)]
        margins = [margin(points, roller) for points in games]
        found.append((statistics.mean(margins), margin(shallow.chance(position, left, roller), roller),
                      margin(deep.chance(position, left, roller), roller),
                      statistics.stdev(margins) / math.sqrt(rollouts)))
    return found


def accuracy(nodes: int, rollouts: int) -> None:
    rng = random.Random(5)
    picked = [(1000 + i, rng.randrange(1, 20)) for i in range(nodes)]
    parts = runner.chunks(nodes, 10)
    results: dict[int, list] = {}
    runner.run_chunks(accuracy_chunk, lambda number: (picked[parts[number].start:parts[number].stop],
                                                      rollouts),
                      parts, _Bar(), results.__setitem__, workers=runner.cpu_count())
    rows = [row for number in range(len(parts)) for row in results[number]]
    spread = statistics.pstdev([row[0] for row in rows])
    noise = math.sqrt(statistics.mean(row[3] ** 2 for row in rows))
    for depth in (1, 2):
        rmse = math.sqrt(statistics.mean((row[depth] - row[0]) ** 2 for row in rows))
        print(f"value at depth {depth - 1} against {rollouts} expert rollouts at {nodes} chance nodes: "
              f"rms difference {rmse:.2f} points, of which the rollout means' own standard error is "
              f"{noise:.2f}: "
              f"the value's own error about {math.sqrt(max(rmse ** 2 - noise ** 2, 0)):.2f} points (the "
              f"rolled-out values spread {spread:.2f} from node to node)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=300)
    parser.add_argument("--only", choices=("speed", "fairness", "accuracy"))
    options = parser.parse_args()
    if options.only in (None, "speed"):
        speed()
    if options.only in (None, "fairness"):
        fairness(options.games)
    if options.only in (None, "accuracy"):
        accuracy(options.nodes, options.rollouts)


if __name__ == "__main__":
    main()
