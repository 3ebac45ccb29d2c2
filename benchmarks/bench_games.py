"""Game speed and agent strength, printed as figures (benchmarks print; tests do not time).

    python benchmarks/bench_games.py                  # everything, on one core
    python benchmarks/bench_games.py --expert-games 0 # speed only

Figures (per CPU-second of this process, so other load on the machine does not count): random-vs-random
and greedy-vs-greedy games per second, played with `agents.play` alone
and through `simulate` (which also builds the frames), then the expert's win share against greedy
over 1,000 two-player games with the seats alternated, with its Wilson 95% interval and its time.
"""

from __future__ import annotations

import argparse
import time

from muzlab import Game
from muzlab.agents import make_agent, play
from muzlab.sim import simulate, wilson_interval


def games_per_second(agents: tuple[str, str], games: int, seed: int = 0) -> float:
    """Games per second of `play` between two agents, after a short warm-up of the rule caches."""
    for index in range(20):
        play(Game(seed=10**6 + index), [make_agent(name, index) for name in agents])
    start = time.process_time()
    for index in range(seed, seed + games):
        play(Game(seed=index), [make_agent(name, f"{index}:{seat}") for seat, name in enumerate(agents)])
    return games / (time.process_time() - start)


def simulate_rate(agents: tuple[str, str], games: int) -> float:
    """Games per second of `simulate` on one core, frames included (pandas imported beforehand)."""
    simulate(5, agents, seed=0, workers=1, progress=False)
    start = time.process_time()
    simulate(games, agents, seed=1, workers=1, progress=False)
    return games / (time.process_time() - start)


def expert_against_greedy(games: int, seed: int) -> None:
    """The expert's win share against greedy, seats alternated, with its interval and its time."""
    start = time.process_time()
    result = simulate(games, ("expert", "greedy"), seed=seed, workers=1, alternate_seats=True,
                      progress=False)
    seconds = time.process_time() - start
    table = result.summary("agent")
    wins, ties = int(table.loc["expert", "wins"]), int(result.games["tie"].sum())
    low, high = wilson_interval(wins, games)
    lead = table.loc["expert", "mean_score"] - table.loc["greedy", "mean_score"]
    print(f"expert vs greedy, {games} games, seats alternated (seed {seed}): expert wins {wins} "
          f"({wins / games:.1%}, Wilson 95% {low:.1%}..{high:.1%}), ties {ties}, greedy wins "
          f"{games - wins - ties}; mean lead {lead:+.2f} points; {seconds:.0f} s "
          f"({seconds / games * 1000:.0f} ms per game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per speed figure")
    parser.add_argument("--expert-games", type=int, default=1000, help="expert-vs-greedy games (0: skip)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the expert-vs-greedy run")
    args = parser.parse_args()
    for agents in (("random", "random"), ("greedy", "greedy")):
        rate, through = games_per_second(agents, args.games), simulate_rate(agents, args.games)
        print(f"{agents[0]} vs {agents[1]}: {rate:,.0f} games/s with agents.play, "
              f"{through:,.0f} games/s through simulate (frames included), one core")
    if args.expert_games:
        expert_against_greedy(args.expert_games, args.seed)


if __name__ == "__main__":
    main()
