"""Golden playthroughs: seeded games written out event by event, re-played and compared on every run.

Run `python tests/playthroughs/regenerate.py` after a deliberate change of the rules, the agents or
the seeding, then read the diff of the .txt files before committing them. The files hold facts (pitch
classes, cells as (q, r), what was completed as kind/root/quality), never display text, so a change of
wording or note names leaves them as they are.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from muzlab import Game, RuleSet  # noqa: E402
from muzlab.play.events import Event  # noqa: E402
from muzlab.sim.simulation import SimulationSpec, play_game  # noqa: E402

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


def facts(event: Event) -> str:
    """An event as its facts: player, kind, pitch class, and what matters for its kind."""
    text = f"P{event.player + 1} {event.kind:<6} {event.pitch:2d} {event.source:<7}"
    if event.kind == "place":
        text += f" at {event.cell} +{event.points}"
        text += "".join(f" completed {c.kind} {c.root} {c.quality}" for c in event.completed)
    if event.kind != "roll":
        text += f" legal {event.legal_cells}"
    return text


def render(game: Game) -> list[str]:
    """The game as lines: settings, then every event with the state after it, then the result."""
    replay = Game(game.players, game.board, game.rules, game.dice, game.seed)
    lines = [f"# {game.players} players · {game.dice} dice · {game.rules.name} rules · "
             f"{game.board.name} board · seed {game.seed}"]
    for index, event in enumerate(game.events):
        replay.apply(event)
        hand = "-" if replay.hand is None else replay.hand
        scores = "–".join(str(s) for s in replay.scores)
        lines.append(f"{index:3d}  {facts(event):<58} | supply {replay.supply:2d} · hand {hand:<2} · "
                     f"next {replay.phase:<6} P{replay.current_player + 1} · scores {scores}")
    lines.append(f"# result: scores {list(replay.scores)}, winners {[w + 1 for w in replay.result.winners]} "
                 f"({replay.end_reason})")
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
