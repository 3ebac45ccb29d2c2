"""The batch engine (`pip install 'muzlab[fast]'`): a chunk of games between "random", "greedy" and
"expert" players in numba-compiled loops (`muzlab.sim.fast_games`), returned as the same `.games` and
`.moves` frames as the pure engine. (Playouts from a position, for the evaluator's rollouts, are
`muzlab.play.fast_playouts`, a layer down.)

The pure engine stays the reference: game i is played from the same seeds (its dice from
`random.Random(game seed)`, seat s from `random.Random(f"{game seed}:{s}")`, Python's Mersenne
Twister rebuilt in `muzlab.sim.fast_kernel`), with the same tie-breaks, so the frames are equal
(tests/test_fast.py). The kernel is made ready once per process (`compile_engine`): compiled, or loaded
from numba's on-disk cache; `simulate` does it before its first chunk, so forked pool workers inherit
it and Dask workers, started apart, load it from the cache.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from muzlab.core.board import Board
from muzlab.core.errors import GameError, UnknownSetting
from muzlab.core.outputs import signals_held
from muzlab.play.fast_playouts import ENGINES, INSTALL_FAST, PLAYOUT_AGENTS, installed, tables
from muzlab.rules.ruleset import RuleSet

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd


class Spec(Protocol):
    """What the engine reads of a `muzlab.sim.simulation.SimulationSpec`."""

    agents: tuple[str, ...]
    dice: int
    rules: RuleSet
    board: Board | None

    def seed_prefix(self) -> bytes: ...

    def seating(self, index: int) -> tuple[str, ...]: ...

#: The agents the batch engine plays exactly as the pure engine does (the expert at depth 1, its default).
FAST_AGENTS = PLAYOUT_AGENTS
_compiled: list[float] = []  # the seconds this process took to compile the kernel, once it has


def supports(agents: Sequence[str]) -> bool:
    """Whether the batch engine plays every one of these agents exactly as the pure engine does."""
    return all(name in FAST_AGENTS for name in agents)


def choose_engine(engine: str, agents: Sequence[str]) -> str:
    """"fast" or "pure" for a run: "auto" is fast when numba is installed and supports the agents;
    "fast" refuses, saying why, when it cannot be."""
    if engine not in ENGINES:
        raise UnknownSetting("unknown engine {engine}; choose one of {engines}", engine=repr(engine),
                             engines=', '.join(ENGINES))
    if engine == "pure":
        return "pure"
    if engine == "auto":
        return "fast" if supports(agents) and installed() else "pure"
    if not supports(agents):
        other = sorted(set(agents) - set(FAST_AGENTS))
        raise UnknownSetting("the fast engine plays only {fast_agents}, not {other}; use engine='pure' "
                             "(--engine pure) or 'auto'", fast_agents=', '.join(FAST_AGENTS),
                             other=', '.join(other))
    if not installed():
        raise UnknownSetting(INSTALL_FAST)
    return "fast"


def compile_engine() -> float:
    """Compile the kernel in this process, if not done yet (a tiny game of each agent); return the
    seconds it took (0 when it was compiled before)."""
    if _compiled:
        return 0.0
    start = time.perf_counter()
    _arrays(b"muzlab-compile:", range(1), [("random", "greedy")], 2, RuleSet.basic(), Board.standard())
    _compiled.append(time.perf_counter() - start)
    return _compiled[0]


def _chunk_keys(prefix: bytes, indices: range, players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                                  np.ndarray]:
    """The seeds of the games `indices` and, for each, the key bytes its generators are seeded from (the
    dice's, then each seat's) and where they are: derived in compiled code (`muzlab.sim.fast_seeds`)."""
    import numpy as np  # (numpy loads where the engine runs)

    from muzlab.sim import fast_seeds

    count, per_game, size = len(indices), players + 1, fast_seeds.KEY_BYTES
    seeds = np.empty(count, dtype=np.int64)
    keys = np.zeros((count, per_game, size), dtype=np.uint8)
    lengths = np.empty((count, per_game), dtype=np.int64)
    numbers = np.asarray(indices, dtype=np.int64)
    if count and numbers.min() < 0:
        raise UnknownSetting("the fast engine plays games 0 and up, not game {game}", game=numbers.min())
    fast_seeds.chunk_keys(np.frombuffer(prefix, dtype=np.uint8), numbers, players, seeds, keys, lengths)
    starts = np.arange(count * per_game, dtype=np.int64).reshape(count, per_game) * size
    return seeds, keys.reshape(-1), starts, starts + lengths


def _agent_codes(seatings: list[tuple[str, ...]]) -> np.ndarray:
    """The agents of each game by seat as their numbers in FAST_AGENTS (games x seats)."""
    import numpy as np  # (numpy loads where the engine runs)

    known = {seating: [FAST_AGENTS.index(name) for name in seating] if supports(seating) else None
             for seating in dict.fromkeys(seatings)}
    if any(codes is None for codes in known.values()):
        raise UnknownSetting("the fast engine plays only {fast_agents}", fast_agents=', '.join(FAST_AGENTS))
    return np.array([known[seating] for seating in seatings], dtype=np.int64).reshape(len(seatings), -1)


def _arrays(prefix: bytes, indices: range, seatings: list[tuple[str, ...]], dice: int, rules: RuleSet,
            board: Board | None, nodes: bool = False) -> tuple:
    """Play the games `indices` (game i seeded from SHA-256 of `prefix` and i's digits), seatings[k] the
    agents by seat of the k-th, in the kernel; return the seeds, scores, per-game counts and moves as
    arrays, the agents' numbers by seat, the tables and (with `nodes`, else None) the chance node before
    each roll (`fast_games.N_GAME`... fields, then each seat's score)."""
    import numpy as np  # (numpy loads where the engine runs)

    from muzlab.sim import fast_games

    players = len(seatings[0])
    kinds = _agent_codes(seatings)
    board = board or Board.named(rules.board_name_for(dice))
    t = tables(board, rules)
    seeds, data, starts, stops = _chunk_keys(prefix, indices, players)
    scores = np.zeros((len(seeds), players), dtype=np.int64)
    results = np.zeros((len(seeds), fast_games.GAME_FIELDS), dtype=np.int64)
    moves = np.empty((fast_games.MOVE_FIELDS, len(indices) * (dice + 16)), dtype=np.int64)  # (rarely grown)
    node_rows = np.empty((fast_games.NODE_FIELDS + players, len(indices) * (dice + 4)) if nodes else (0, 1),
                         dtype=np.int64)
    with signals_held():  # a Ctrl-C inside compiled code would surface as a SystemError: it waits here
        moves, rows, node_rows, n_nodes = fast_games.play_games(
            data, starts, stops, kinds, players, dice, t["up"], t["down"], t["neighbours"], t["multiplier"],
            t["centre"], t["sizes"], t["steps"], t["offsets"], t["max_scale"], t["min_scale"],
            t["lone_below"], t["lone_above"], t["pair_ok"], t["triad"], t["room"],
            t["degrees"], t["switches"], scores, results, moves, node_rows)
    failed = np.flatnonzero(results[:, fast_games.G_ERROR])
    if len(failed):
        raise GameError("the board is locked and the rules' end_on_locked_board is off: no die can ever be "
                        "placed, so the game cannot end (seed {seed})", seed=seeds[failed[0]])
    return seeds, scores, results, moves[:, :rows], kinds, t, node_rows[:, :n_nodes] if nodes else None


def _text(codes: np.ndarray, names: Sequence[str]) -> pd.api.extensions.ExtensionArray:
    """The names at `codes` ("" for -1) as pandas' "str" array, decoded in Arrow (no Python strings)."""
    import numpy as np  # (numpy loads where the engine runs)
    import pandas as pd  # (pandas loads where frames are made)
    import pyarrow as pa  # (with pandas)

    where = pa.array(np.where(codes < 0, len(names), codes).astype(np.int32))
    text = pa.DictionaryArray.from_arrays(where, pa.array([*names, ""], type=pa.large_string()))
    return pd.arrays.ArrowStringArray(pa.chunked_array([text.dictionary_decode()]),
                                      dtype=pd.StringDtype("pyarrow", na_value=np.nan))


def play_chunk(spec: Spec, indices: range) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The typed `.games` and `.moves` frames of the games `indices` (at least one), equal to the pure
    engine's (`muzlab.sim.simulation.play_chunk`, which calls this)."""
    import numpy as np  # (numpy loads where the engine runs)
    import pandas as pd  # (pandas loads where frames are made)

    from muzlab.sim import fast_games as k

    compile_engine()
    players = len(spec.agents)
    seatings = [spec.seating(i) for i in indices]
    seeds, scores, results, moves, kinds, t, _ = _arrays(spec.seed_prefix(), indices, seatings, spec.dice,
                                                         spec.rules, spec.board)
    index = np.asarray(indices, dtype=np.int64)
    best = scores.max(axis=1)
    ties = (scores == best[:, None]).sum(axis=1) > 1
    games: dict[str, object] = {"game": index, "seed": seeds,
                                "players": np.full(len(index), players, dtype=np.int64)}
    for seat in range(players):
        games[f"agent_{seat}"] = _text(kinds[:, seat], FAST_AGENTS)
    for seat in range(players):
        games[f"score_{seat}"] = scores[:, seat]
    games["winner"] = np.where(ties, -1, scores.argmax(axis=1)).astype(np.int64)
    games["tie"] = ties
    for name, column in (("dice_placed", k.G_DICE_ON_BOARD), ("passes", k.G_PASSES),
                         ("rerolls", k.G_REROLLS), ("missed", k.G_MISSED), ("extra_rolls", k.G_EXTRA_ROLLS),
                         ("bonus_plays", k.G_BONUS_PLAYS), ("turns", k.G_TURNS)):
        games[name] = results[:, column]
    games["end_reason"] = _text(results[:, k.G_END], ["supply empty", "locked board"])

    columns = moves  # (one row per field: each column in one piece)
    game_of, cell, source = columns[k.M_GAME], columns[k.M_CELL], columns[k.M_SOURCE]
    legal = columns[k.M_LEGAL]
    placed = cell >= 0
    where = np.where(placed, cell, 0)

    def maybe(values: np.ndarray, missing: np.ndarray | None = None) -> pd.arrays.IntegerArray:
        missing = values < 0 if missing is None else missing
        return pd.arrays.IntegerArray(np.where(missing, 0, values), missing)

    data = {
        "game": index[game_of], "event": columns[k.M_EVENT], "turn": columns[k.M_TURN],
        "player": columns[k.M_PLAYER], "agent": _text(kinds[game_of, columns[k.M_PLAYER]], FAST_AGENTS),
        "action": _text(columns[k.M_ACTION], ["opening", "place", "pass", "reroll"]),
        "pitch": columns[k.M_PITCH],
        "q": maybe(t["q"][where], ~placed), "r": maybe(t["r"][where], ~placed),
        "points": columns[k.M_POINTS],
        "honeypot": np.where(placed, t["multiplier"][where], 1).astype(np.int64),
        "completed": columns[k.M_COMPLETED],
        "triad_root": maybe(columns[k.M_TRIAD_ROOT]), "triad_quality": _text(columns[k.M_TRIAD_QUALITY],
                                                                              t["qualities"]),
        "scale_tonic": maybe(columns[k.M_SCALE_TONIC]),
        "scale_type": _text(columns[k.M_SCALE_TYPE], t["kinds"]),
        "legal_cells": legal, "missed": ~placed & (legal > 0), "received": source == k.S_PASSED,
        "bonus": placed & (source == k.S_PASSED), "extra": source == k.S_EXTRA,
        "dice_on_board": columns[k.M_ON_BOARD],
    }
    # copy=False: each column stays its own array (pandas would copy the int64 columns into one block)
    return pd.DataFrame(games, copy=False), pd.DataFrame(data, copy=False)



def chance_nodes(spec: Spec, indices: range) -> tuple[np.ndarray, np.ndarray]:
    """The chance node before every roll of the games `indices` (a column each: the `fast_games.N_`
    fields, the game counted from 0 in this chunk, then each seat's score before the roll) and each
    game's final scores (games x seats): what data/fit_value.py fits the value model on."""
    compile_engine()
    seatings = [spec.seating(i) for i in indices]
    _, scores, _, _, _, _, nodes = _arrays(spec.seed_prefix(), indices, seatings, spec.dice, spec.rules,
                                           spec.board, nodes=True)
    return nodes, scores
