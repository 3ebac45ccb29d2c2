"""Game speed against an older muzlab in the same run, and agent strength, printed as figures.

    .venv/bin/python benchmarks/bench_games.py                       # everything, on one core
    .venv/bin/python benchmarks/bench_games.py --expert-games 0      # speed only
    .venv/bin/python benchmarks/bench_games.py --baseline /path/to/old/checkout --games 500 --rounds 3
    .venv/bin/python benchmarks/bench_games.py --revision v0.1       # a worktree of another revision

Speed (`speed_section`): random-vs-random and greedy-vs-greedy games through `simulate` on one
core (workers=1, frames included) and with `agents.play` alone, for this checkout and for the
baseline: `--baseline PATH` (a checkout of the older code) or, without it, a git worktree of
`--revision` (default ecc8355, the code before issue 16) made once in the temp directory (see
benchmarks/baseline.py). Both sides play the same seeded games (checked: the scores must agree),
each in its own child process after a warm-up of 20 games, in alternating rounds; the best round of
each counts, in CPU seconds of that process, so other load on the machine matters less. Printed:
games per second of each side and the ratio (target for random games through simulate: 2.2x), and
the ratio to a random 21-die playout under tests/reference_rules.py, the naive second
implementation of the rules.

Strength (`expert_against_greedy`): the expert's win share against greedy over 4,000 two-player
games with the seats alternated (simulate with workers=2), with its Wilson 95% interval, the mean
lead and the CPU time per game.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from pathlib import Path

from baseline import DEFAULT_REVISION, REPOSITORY, checkout_of, moved, run_in

SCRIPT = Path(__file__).resolve()
TARGET_RANDOM_RATIO = 2.2
SPEED_PAIRS = (("random", "random"), ("greedy", "greedy"))


# ---- speed against a baseline --------------------------------------------------------------------
def time_games(payload: dict) -> dict:
    """CPU seconds of `payload["games"]` games between two agents through `simulate` (workers=1) and
    with `agents.play` alone, after a warm-up, and the sum of each seat's scores (to check that both
    checkouts played the same games). Runs in a child process on either checkout."""
    from muzlab import Game

    agents_module = moved("muzlab.play.agents", "muzlab.agents")
    make_agent, play = agents_module.make_agent, agents_module.play
    simulate = moved("muzlab.sim.simulation", "muzlab.sim").simulate

    agents, games = tuple(payload["agents"]), payload["games"]
    # the pure engine on both sides (bench_fast.py times the batch engine)
    pure = {"engine": "pure"} if "engine" in inspect.signature(simulate).parameters else {}
    simulate(20, agents, seed=10**6, workers=1, progress=False, **pure)
    start = time.process_time()
    result = simulate(games, agents, seed=1, workers=1, progress=False, **pure)
    through_simulate = time.process_time() - start
    start = time.process_time()
    for index in range(games):
        play(Game(seed=index), [make_agent(name, f"{index}:{seat}") for seat, name in enumerate(agents)])
    with_play = time.process_time() - start
    scores = [int(result.games[f"score_{seat}"].sum()) for seat in range(len(agents))]
    return {"simulate": through_simulate, "play": with_play, "scores": scores}


def time_naive_playouts(payload: dict) -> float:
    """CPU seconds per random 21-die playout on the standard board (a roll with no legal cell is
    rolled again) with the legal cells and scores of tests/reference_rules.py."""
    sys.path.insert(0, str(REPOSITORY / "tests"))
    import reference_rules as reference

    from muzlab import Board

    board = Board.standard()
    cells = set(board.cells)
    start = time.process_time()
    for seed in range(payload["playouts"]):  # (one round: a playout takes tens of milliseconds)
        rng, dice = random.Random(seed), {}
        for _ in range(200):  # rolls; far more than a 21-die playout needs
            if len(dice) == 21:
                break
            pitch = rng.randrange(12)
            legal = sorted(c for c in cells if reference.legal(cells, dice, pitch, c))
            if legal:
                cell = rng.choice(legal)
                reference.score(board, dice, pitch, cell)
                dice[cell] = pitch
    return (time.process_time() - start) / payload["playouts"]


def speed_section(baseline: Path, games: int, rounds: int) -> None:
    """Print games per second of this checkout and of `baseline`, their ratios, and the naive ratio."""
    print(f"games on one core, {games} per round, best of {rounds} alternating rounds, CPU time; "
          f"this checkout {REPOSITORY}, baseline {baseline}")
    best_random = None
    for agents in SPEED_PAIRS:
        payload = {"agents": agents, "games": games}
        runs: dict[str, list[dict]] = {"this": [], "baseline": []}
        for _ in range(rounds):
            runs["baseline"].append(run_in(baseline, SCRIPT, "time_games", payload))
            runs["this"].append(run_in(REPOSITORY, SCRIPT, "time_games", payload))
        best = {side: {key: min(run[key] for run in found) for key in ("simulate", "play")}
                for side, found in runs.items()}
        same = runs["this"][0]["scores"] == runs["baseline"][0]["scores"]
        ratio = best["baseline"]["simulate"] / best["this"]["simulate"]
        target = ""
        if agents == ("random", "random"):
            best_random = best["this"]["simulate"] / games
            verdict = "MET" if ratio >= TARGET_RANDOM_RATIO else "MISSED"
            target = f" (target {TARGET_RANDOM_RATIO}x: {verdict})"
        print(f"  {agents[0]} vs {agents[1]}: through simulate "
              f"{games / best['this']['simulate']:,.0f} games/s, "
              f"baseline {games / best['baseline']['simulate']:,.0f} games/s: {ratio:.2f}x{target}; "
              f"with agents.play {games / best['this']['play']:,.0f} against "
              f"{games / best['baseline']['play']:,.0f} games/s: "
              f"{best['baseline']['play'] / best['this']['play']:.2f}x; "
              f"{'the same games' if same else 'THE GAMES DIFFER (scores disagree)'}")
    naive = run_in(REPOSITORY, SCRIPT, "time_naive_playouts", {"playouts": 10})
    print(f"  naive reference rules (tests/reference_rules.py): {1000 * naive:.0f} ms per random 21-die "
          f"playout; a whole random game through simulate takes {1000 * best_random:.1f} ms here, "
          f"{naive / best_random:,.0f}x faster")


# ---- strength ---------------------------------------------------------------------------------------
def expert_against_greedy(games: int, seed: int, workers: int = 2) -> None:
    """The expert's win share against greedy over `games` two-player games, seats alternated, played
    by `workers` processes: wins with the Wilson 95% interval, ties, the mean lead and the CPU time."""
    import resource

    from muzlab.sim.simulation import simulate
    from muzlab.sim.stats import wilson_interval

    def cpu() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time() + children.ru_utime + children.ru_stime

    start, clock = cpu(), time.perf_counter()
    result = simulate(games, ("expert", "greedy"), seed=seed, workers=workers, alternate_seats=True,
                      progress=False)
    seconds, wall = cpu() - start, time.perf_counter() - clock
    table = result.summary("agent")
    wins, ties = int(table.loc["expert", "wins"]), int(result.games["tie"].sum())
    low, high = wilson_interval(wins, games)
    lead = table.loc["expert", "mean_score"] - table.loc["greedy", "mean_score"]
    print(f"expert vs greedy, {games} games, seats alternated (seed {seed}): expert wins {wins} "
          f"({wins / games:.1%}, Wilson 95% {low:.1%}..{high:.1%}; the aim is 57%), ties {ties}, greedy "
          f"wins {games - wins - ties}; mean lead {lead:+.2f} points; {wall:.0f} s on {workers} processes, "
          f"{seconds / games * 1000:.1f} ms of CPU per game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per speed figure and round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating speed rounds per checkout")
    parser.add_argument("--baseline", help="checkout of the older muzlab (default: a worktree of --revision)")
    parser.add_argument("--revision", default=DEFAULT_REVISION, help="git revision of the default baseline")
    parser.add_argument("--expert-games", type=int, default=4000, help="expert-vs-greedy games (0: skip)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the expert-vs-greedy run")
    args = parser.parse_args()
    if args.games:
        speed_section(checkout_of(args.baseline, args.revision), args.games, args.rounds)
    if args.expert_games:
        expert_against_greedy(args.expert_games, args.seed)


if __name__ == "__main__":
    main()
