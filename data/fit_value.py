"""Fit the value model shipped in data/values/model.json: each seat's future points at a chance node.

    python data/fit_value.py          # writes data/values/model.json (about a minute on 2 cores)

Expert games are played for 1 to 4 players (basic rules, 21 dice; for 2 players also master rules
with 33 dice and 42 on the master board), seeds fixed, so the fit is reproducible. At every roll of
every game the chance node's FEATURES (muzlab.play.value) are recorded for each seat offset from the
roller, with the points that seat went on to score; least squares gives one coefficient row per
offset and number of players.

Two ways of making the model agree with its own one-roll look-ahead (fitted value iteration, and a
shift of each offset's coefficient of n by its mean disagreement) were tried and dropped: neither
reduced the drift of a review's values, and the shift made two-player reviews drift more.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from muzlab.core.board import Board  # noqa: E402
from muzlab.play.game import Game  # noqa: E402
from muzlab.play.value import ValueModel, features, node_facts, own_dice  # noqa: E402
from muzlab.rules.ruleset import RuleSet  # noqa: E402
from muzlab.sim import runner  # noqa: E402
from muzlab.sim.simulation import SimulationSpec, play_game  # noqa: E402

SEED = 2024
#: (players, rules, dice, board, games)
SETTINGS = [
    (1, "basic", 21, None, 600),
    (2, "basic", 21, None, 1500),
    (2, "master", 33, None, 300),
    (2, "master", 42, "master", 300),
    (3, "basic", 21, None, 600),
    (4, "basic", 21, None, 600),
]


def chance_rows(game: Game) -> list[tuple[int, list[tuple[float, ...]], list[int]]]:
    """(players, features of each offset, future points of each offset) at every roll of `game`."""
    replay = Game(game.players, game.board, game.rules, game.dice, game.seed)
    final, rows, k = game.scores, [], game.players
    for event in game.events:
        if event.kind == "roll":
            left = replay.supply + (1 if replay.phase == "reroll" else 0)
            roller = replay.current_player
            facts = node_facts(replay.position)
            xs = [features(facts, left, own_dice(left, j, k)) for j in range(k)]
            ys = [final[(roller + j) % k] - replay.scores[(roller + j) % k] for j in range(k)]
            rows.append((k, xs, ys))
        replay.apply(event)
    return rows


def chunk(setting: tuple, indices: range) -> list:
    players, rules, dice, board, _ = setting
    spec = SimulationSpec(("expert",) * players, SEED, dice, RuleSet.named(rules),
                          Board.named(board) if board else None)
    found = []
    for index in indices:
        found += chance_rows(play_game(spec, index))
    return found


class _Bar:
    def update(self, _n: int) -> None:
        pass


def nodes() -> list:
    jobs, parts = [], []
    for setting in SETTINGS:
        for part in runner.chunks(setting[-1], 100):
            jobs.append((setting, part))
            parts.append(part)
    results = runner.run_chunks(chunk, jobs, parts, _Bar(), workers=runner.cpu_count())
    return [row for number in range(len(jobs)) for row in results[number]]


def main() -> None:
    by_players: dict[int, list] = {}
    for k, xs, ys in nodes():
        by_players.setdefault(k, []).append((xs, ys))
    coefficients, info = {}, {"seed": SEED, "settings": [list(s) for s in SETTINGS], "agent": "expert",
                              "rmse": {}}
    for k, rows in sorted(by_players.items()):
        offsets = []
        for j in range(k):
            x = np.array([xs[j] for xs, _ in rows])
            y = np.array([ys[j] for _, ys in rows], dtype=float)
            beta, *_ = np.linalg.lstsq(x, y, rcond=None)
            offsets.append(tuple(round(float(b), 6) for b in beta))
            info["rmse"][f"{k}:{j}"] = round(float(np.sqrt(np.mean((x @ beta - y) ** 2))), 3)
        coefficients[k] = tuple(offsets)
        info[f"nodes_{k}"] = len(rows)
    out = Path(__file__).parent / "values" / "model.json"
    out.write_text(json.dumps(ValueModel(coefficients, info).to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out} ({', '.join(f'{k}: {len(r)} nodes' for k, r in sorted(by_players.items()))}); "
          f"rms error against the returns {info['rmse']}")


if __name__ == "__main__":
    main()
