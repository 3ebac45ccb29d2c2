"""Regenerate the sample data the lessons load instantly: `python data/make_samples.py`.

- data/games/*.json: game records to replay (Game.from_json), one per kind of table;
- data/simulations/<name>/{games,moves}.parquet: small simulation datasets (SimulationResult.read_parquet).
Everything is seeded, so running this again writes the same games.
"""

from pathlib import Path

from muzlab import Game
from muzlab.play.agents import make_agent, play
from muzlab.sim.simulation import simulate

HERE = Path(__file__).parent

RECORDS = {
    "greedy-vs-random": (2, ("greedy", "random"), 3),
    "four-greedy-players": (4, ("greedy", "greedy", "greedy", "greedy"), 5),
    "solo-expert": (1, ("expert",), 8),
}
SIMULATIONS = {
    "greedy-random": (2000, ("greedy", "random")),
    "greedy-greedy": (2000, ("greedy", "greedy")),
    "expert-greedy": (400, ("expert", "greedy")),
}

if __name__ == "__main__":
    for name, (players, agents, seed) in RECORDS.items():
        game = play(Game(players=players, seed=seed),
                    [make_agent(agent, f"{seed}:{seat}") for seat, agent in enumerate(agents)])
        (HERE / "games" / f"{name}.json").write_text(game.to_json() + "\n")
        print(f"games/{name}.json: {game.result}")
    for name, (n_games, agents) in SIMULATIONS.items():
        result = simulate(n_games, agents, seed=2026, alternate_seats=True, progress=False)
        result.to_parquet(HERE / "simulations" / name)
        print(f"simulations/{name}: {result}")
