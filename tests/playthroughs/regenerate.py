"""Golden playthroughs: seeded games written out event by event, re-played and compared on every run.

Run `python tests/playthroughs/regenerate.py` after a deliberate change of the rules, the agents or
the seeding, then read the diff of the .txt files before committing them.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from muzlab import Game, RuleSet  # noqa: E402
from muzlab.pitch import pitch_name  # noqa: E402
from muzlab.sim import SimulationSpec, play_game  # noqa: E402

#: Agent games: the simulation spec and the game index, so the seeding of `simulate` is pinned too.
AGENT_CASES = {
    "greedy-random": (SimulationSpec(("greedy", "random"), seed=1), 0),
    "expert-greedy": (SimulationSpec(("expert", "greedy"), seed=2), 5),
    "solo-greedy": (SimulationSpec(("greedy",), seed=3, dice=15), 0),
    "four-players-master": (SimulationSpec(("random", "greedy", "expert", "random"), seed=4, dice=33,
                                           rules=RuleSet.master()), 1),
}
#: Games kept as records (JSON), played by a person who sometimes passes a die that had a place.
RECORD_CASES = {"people-passing": 8}


def people_passing(seed: int) -> Game:
    """Three people who pass one die in five even when it had a place, so bonus plays happen."""
    rng = random.Random(seed)
    game = Game(3, seed=seed)
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
            continue
        cells = game.legal_placements()
        if cells and (game.events[-1].source == "opening" or rng.random() > 0.2):
            game.place(rng.choice(cells))
        else:
            game.pass_die()
    return game


def render(game: Game) -> list[str]:
    """The game as lines: settings, then every event with the state after it, then the result."""
    replay = Game(game.players, game.board, game.rules, game.dice, game.seed)
    lines = [f"# {game.players} players · {game.dice} dice · {game.rules.name} rules · "
             f"{game.board.name} board · seed {game.seed}"]
    for index, event in enumerate(game.events):
        if event.kind in ("roll", "reroll"):
            replay.roll(event.pitch)
        elif event.kind == "place":
            replay.place(event.cell)
        else:
            replay.pass_die()
        hand = "-" if replay.hand is None else pitch_name(replay.hand)
        scores = "–".join(str(s) for s in replay.scores)
        lines.append(f"{index:3d}  {str(event):<66} | supply {replay.supply:2d} · hand {hand:<2} · "
                     f"next {replay.phase:<6} P{replay.current_player + 1} · scores {scores}")
    lines.append(f"# result: {replay.result} ({replay.end_reason})")
    lines.append(f"# position: {replay.position.notation()}")
    return lines


def golden_game(name: str) -> Game:
    """The game behind a golden file: replayed by its agents, or read back from its record."""
    if name in AGENT_CASES:
        spec, index = AGENT_CASES[name]
        return play_game(spec, index)
    return Game.from_json((HERE / f"{name}.json").read_text(encoding="utf-8"))


def header(name: str) -> str:
    if name in AGENT_CASES:
        spec, index = AGENT_CASES[name]
        return (f"# golden playthrough {name!r}: game {index} of simulate(agents={list(spec.agents)}, "
                f"seed={spec.seed})\n")
    return f"# golden playthrough {name!r}: replay of the record {name}.json\n"


def main() -> None:
    for name, seed in RECORD_CASES.items():
        (HERE / f"{name}.json").write_text(people_passing(seed).to_json() + "\n", encoding="utf-8")
    for name in [*AGENT_CASES, *RECORD_CASES]:
        text = header(name) + "\n".join(render(golden_game(name))) + "\n"
        (HERE / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"wrote {name}.txt")


if __name__ == "__main__":
    main()
