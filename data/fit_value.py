"""Fit the value model shipped in data/values/model.json: each seat's future points at a chance node.

    python data/fit_value.py                 # writes data/values/model.json (the fast engine: 10x games)
    python data/fit_value.py --engine pure   # the games of SETTINGS on the pure engine, about as long
    python data/fit_value.py --compare       # both, timed, and the same games on both give equal rows

Expert games are played for 1 to 4 players (basic rules, 21 dice; for 2 players also master rules
with 33 dice and 42 on the master board), seeds fixed, so the fit is reproducible. At every roll of
every game the chance node's FEATURES (muzlab.play.value) are recorded for each seat offset from the
roller, with the points that seat went on to score; least squares gives one coefficient row per
offset and number of players. The fast engine (muzlab[fast]) plays FAST_SCALE times the games of
SETTINGS and records the chance nodes in compiled code (`muzlab.sim.fast.chance_nodes`), the same
rows as the pure replay on the same games (tests/test_fast_fit.py).

Two ways of making the model agree with its own one-roll look-ahead (fitted value iteration, and a
shift of each offset's coefficient of n by its mean disagreement) were tried and dropped: neither
reduced the drift of a review's values, and the shift made two-player reviews drift more.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from muzlab.core.board import Board  # noqa: E402
from muzlab.play.game import Game  # noqa: E402
from muzlab.play.value import FEATURES, ValueModel, features, node_facts, own_dice  # noqa: E402
from muzlab.rules.ruleset import RuleSet  # noqa: E402
from muzlab.sim import runner  # noqa: E402
from muzlab.sim.fast import choose_engine  # noqa: E402
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
#: How many times the games of SETTINGS the fast engine plays.
FAST_SCALE = 10
#: Games per chunk on each engine.
CHUNKS = {"pure": 100, "fast": 2000}


def spec_of(setting: tuple) -> SimulationSpec:
    players, rules, dice, board, _ = setting
    return SimulationSpec(("expert",) * players, SEED, dice, RuleSet.named(rules),
                          Board.named(board) if board else None)


def chance_rows(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The features of each seat offset (nodes x offsets x FEATURES) and the points it went on to score
    (nodes x offsets) at every roll of `game`, replayed on the pure engine."""
    replay = Game(game.players, game.board, game.rules, game.dice, game.seed)
    final, xs, ys, k = game.scores, [], [], game.players
    for event in game.events:
        if event.kind == "roll":
            left = replay.supply + (1 if replay.phase == "reroll" else 0)
            roller = replay.current_player
            facts = node_facts(replay.position)
            xs.append([features(facts, left, own_dice(left, j, k)) for j in range(k)])
            ys.append([final[(roller + j) % k] - replay.scores[(roller + j) % k] for j in range(k)])
        replay.apply(event)
    return np.array(xs, dtype=float).reshape(-1, k, len(FEATURES)), np.array(ys, dtype=float).reshape(-1, k)


def pure_chunk(setting: tuple, indices: range) -> tuple[np.ndarray, np.ndarray]:
    """`chance_rows` of the games `indices` of a setting, played and replayed on the pure engine."""
    spec = spec_of(setting)
    rows = [chance_rows(play_game(spec, index)) for index in indices]
    return np.concatenate([x for x, _ in rows]), np.concatenate([y for _, y in rows])


def fast_chunk(setting: tuple, indices: range) -> tuple[np.ndarray, np.ndarray]:
    """The rows of `pure_chunk` from the chance nodes the fast engine records (the same floats: the
    facts are the same integers, divided and multiplied as `features` does)."""
    from muzlab.sim import fast
    from muzlab.sim import fast_games as g

    nodes, final = fast.chance_nodes(spec_of(setting), indices)
    k = final.shape[1]
    left, roller, rows = nodes[g.N_LEFT], nodes[g.N_ROLLER], np.arange(nodes.shape[1])
    t, f, c = nodes[g.N_BEST] / 12, nodes[g.N_PLACEABLE] / 12, nodes[g.N_CELLS] / 120
    n = left.astype(float)
    xs, ys = np.empty((len(rows), k, len(FEATURES))), np.empty((len(rows), k))
    for j in range(k):
        own = ((left - j + k - 1) // k).astype(float)  # own_dice: len(range(j, left, k))
        xs[:, j] = np.stack([np.ones(len(rows)), n, own, t, f, c, n * t, n * f, own * t, own * f, n * c],
                            axis=1)
        seat = (roller + j) % k
        ys[:, j] = final[nodes[g.N_GAME], seat] - nodes[g.NODE_FIELDS + seat, rows]
    return xs, ys


class _Bar:
    def update(self, _n: int) -> None:
        pass


def nodes(engine: str, scale: int) -> tuple[dict[int, tuple[np.ndarray, np.ndarray]], int]:
    """The rows of every setting's games (scale times its count) by number of players, in setting and
    game order, played on `engine` in processes; and the games played."""
    jobs = [(setting, part) for setting in SETTINGS
            for part in runner.chunks(setting[-1] * scale, CHUNKS[engine])]
    if engine == "fast":
        from muzlab.sim import fast

        fast.compile_engine()  # (before the pool forks: its workers inherit the kernel)
    results: dict[int, tuple] = {}
    runner.run_chunks(pure_chunk if engine == "pure" else fast_chunk, jobs.__getitem__, [p for _, p in jobs],
                      _Bar(), results.__setitem__, workers=runner.cpu_count())
    found: dict[int, tuple[list, list]] = {}
    for number, (setting, _) in enumerate(jobs):
        xs, ys = found.setdefault(setting[0], ([], []))
        xs.append(results[number][0])
        ys.append(results[number][1])
    games = sum(setting[-1] * scale for setting in SETTINGS)
    return {k: (np.concatenate(xs), np.concatenate(ys)) for k, (xs, ys) in sorted(found.items())}, games


def fit(by_players: dict[int, tuple[np.ndarray, np.ndarray]], info: dict) -> ValueModel:
    """Least squares per number of players and seat offset."""
    coefficients, info = {}, {**info, "rmse": {}}
    for k, (x_all, y_all) in by_players.items():
        offsets = []
        for j in range(k):
            x, y = x_all[:, j], y_all[:, j]
            beta, *_ = np.linalg.lstsq(x, y, rcond=None)
            offsets.append(tuple(round(float(b), 6) for b in beta))
            info["rmse"][f"{k}:{j}"] = round(float(np.sqrt(np.mean((x @ beta - y) ** 2))), 3)
        coefficients[k] = tuple(offsets)
        info[f"nodes_{k}"] = len(x_all)
    return ValueModel(coefficients, info)


def timed(engine: str, scale: int) -> tuple[dict, int, float]:
    start = time.perf_counter()
    by_players, games = nodes(engine, scale)
    seconds = time.perf_counter() - start
    print(f"{engine}: {games:,} expert games, {sum(len(x) for x, _ in by_players.values()):,} chance nodes "
          f"in {seconds:.1f} s on {runner.cpu_count()} processes ({games / seconds:,.0f} games/s)")
    return by_players, games, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=("auto", "fast", "pure"), default="auto")
    parser.add_argument("--compare", action="store_true", help="time both engines; check equal rows")
    args = parser.parse_args()
    engine = choose_engine(args.engine, ("expert",))
    if args.compare:
        pure, _, pure_seconds = timed("pure", 1)
        same, _, _ = timed("fast", 1)
        equal = all(np.array_equal(same[k][0], pure[k][0]) and np.array_equal(same[k][1], pure[k][1])
                    for k in pure) and same.keys() == pure.keys()
        print(f"the same games on both engines give {'equal' if equal else 'DIFFERENT'} rows")
        engine = "fast"
    scale = FAST_SCALE if engine == "fast" else 1
    by_players, games, seconds = timed(engine, scale)
    if args.compare:
        print(f"fast: {scale}x the games in {seconds / pure_seconds:.2f}x the pure engine's time")
    settings = [[*s[:-1], s[-1] * scale] for s in SETTINGS]
    model = fit(by_players, {"seed": SEED, "settings": settings, "agent": "expert", "engine": engine})
    out = Path(__file__).parent / "values" / "model.json"
    out.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out} ({', '.join(f'{k}: {len(x):,} nodes' for k, (x, _) in by_players.items())}); "
          f"rms error against the returns {model.info['rmse']}")


if __name__ == "__main__":
    main()
