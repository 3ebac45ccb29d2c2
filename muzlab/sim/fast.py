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
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from muzlab.core import outputs
from muzlab.core.board import Board
from muzlab.core.errors import GameError, UnknownSetting
from muzlab.core.outputs import signals_held
from muzlab.play.fast_playouts import ENGINES, INSTALL_FAST, PLAYOUT_AGENTS, installed, tables
from muzlab.rules.ruleset import RuleSet

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
    import pyarrow as pa


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
    try:
        _arrays(b"muzlab-compile:", range(1), [("random", "greedy")], 2, RuleSet.basic(), Board.standard())
    except Exception as error:  # (numba raises what loading a damaged cache file met)
        from muzlab.play import fast_cache, fast_expert, fast_kernel
        from muzlab.sim import fast_games, fast_seeds

        if not fast_cache.forget([fast_kernel, fast_expert, fast_seeds, fast_games]):
            raise
        why = f"{type(error).__name__}: {str(error)[:80]}"
        warnings.warn(fast_cache.CacheRepaired(
            "numba's cache of the fast engine was damaged ({why}): the engine was compiled again", why=why),
            stacklevel=2)
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


def _tables(board: Board | None, rules: RuleSet, dice: int) -> dict:
    """The kernel's tables of the board a game of `dice` dice is played on (by default the rules')."""
    return tables(board or Board.named(rules.board_name_for(dice)), rules)


def _arrays(prefix: bytes, indices: range, seatings: list[tuple[str, ...]], dice: int, rules: RuleSet,
            board: Board | None, nodes: bool = False) -> tuple:
    """Play the games `indices` (game i seeded from SHA-256 of `prefix` and i's digits), seatings[k] the
    agents by seat of the k-th, in the kernel; return the seeds, scores, per-game counts and moves as
    arrays, the agents' numbers by seat and (with `nodes`, else None) the chance node before each roll
    (`fast_games.N_GAME`... fields, then each seat's score)."""
    import numpy as np  # (numpy loads where the engine runs)

    from muzlab.sim import fast_games

    players = len(seatings[0])
    kinds = _agent_codes(seatings)
    t = _tables(board, rules, dice)
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
    return seeds, scores, results, moves[:, :rows], kinds, node_rows[:, :n_nodes] if nodes else None


class Played(NamedTuple):
    """A chunk of games as the kernel leaves them: the games' numbers and seeds, their scores (games x
    seats), counts (`fast_games.G_` columns) and agents' numbers by seat, and the moves (a row per
    `fast_games.M_` field; M_GAME counts the games from the chunk's first). A run in memory joins its
    chunks' arrays (`joined`) before any column is made of them: one copy, not one per column."""

    index: np.ndarray
    seeds: np.ndarray
    scores: np.ndarray
    results: np.ndarray
    moves: np.ndarray
    kinds: np.ndarray


def play(spec: Spec, indices: range) -> Played:
    """The games `indices` (at least one) played in the kernel, as arrays."""
    import numpy as np  # (numpy loads where the engine runs)

    compile_engine()
    seatings = [spec.seating(i) for i in indices]
    seeds, scores, results, moves, kinds, _ = _arrays(spec.seed_prefix(), indices, seatings, spec.dice,
                                                      spec.rules, spec.board)
    return Played(np.asarray(indices, dtype=np.int64), seeds, scores, results, moves, kinds)


def joined(chunks: Sequence[Played]) -> Played:
    """The chunks' games as one chunk, in order (the first itself when it is the only one)."""
    import numpy as np  # (numpy loads where the engine runs)

    from muzlab.sim.fast_games import M_GAME

    if len(chunks) == 1:
        return chunks[0]
    moves = np.concatenate([chunk.moves for chunk in chunks], axis=1)
    first_game, first_move = 0, 0
    for chunk in chunks:  # (each chunk's games counted on from the chunks before it)
        stop = first_move + chunk.moves.shape[1]
        moves[M_GAME, first_move:stop] += first_game
        first_game, first_move = first_game + len(chunk.index), stop
    index, seeds, scores, results = (np.concatenate([chunk[field] for chunk in chunks]) for field in range(4))
    return Played(index, seeds, scores, results, moves, np.concatenate([chunk.kinds for chunk in chunks]))


class Column(NamedTuple):
    """A column of the frames as the kernel's arrays give it: numbers (int64 or bool), with `missing`
    the numbers' missing values ("Int64"; the numbers are 0 there), or with `names` the text at each code
    ("" for -1)."""

    name: str
    values: np.ndarray
    missing: np.ndarray | None = None
    names: Sequence[str] | None = None

    @property
    def kind(self) -> str:
        """The column's type in the frame: "int64", "bool", "Int64" or "str"."""
        if self.names is not None:
            return "str"
        return "Int64" if self.missing is not None else str(self.values.dtype)

    def arrow(self) -> pa.Array:
        """The column as an Arrow array, as `pyarrow.Table.from_pandas` makes it from the frame's: built
        from the arrays' buffers, since `pyarrow.array` of a numpy array imports pandas."""
        import numpy as np  # (numpy loads where the engine runs)
        import pyarrow as pa  # (pyarrow loads where frames or tables are made)

        size, kind = len(self.values), pa.from_numpy_dtype(self.values.dtype)
        if self.names is not None:  # decoded in Arrow: no Python strings
            codes = self.values.astype(np.int32)
            codes[codes < 0] = len(self.names)
            where = pa.Array.from_buffers(pa.int32(), size, [None, pa.py_buffer(codes)])
            texts = [name.encode() for name in (*self.names, "")]
            offsets = np.cumsum([0, *map(len, texts)], dtype=np.int64)
            names = pa.Array.from_buffers(pa.large_string(), len(texts),
                                          [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(texts))])
            return pa.DictionaryArray.from_arrays(where, names).dictionary_decode()
        if self.values.dtype == np.bool_:  # (Arrow's flags are bits)
            bits = pa.py_buffer(np.packbits(self.values, bitorder="little"))
            return pa.Array.from_buffers(pa.bool_(), size, [None, bits])
        values = pa.py_buffer(np.ascontiguousarray(self.values))
        if self.missing is None:
            return pa.Array.from_buffers(kind, size, [None, values])
        valid = pa.py_buffer(np.packbits(~self.missing, bitorder="little"))
        return pa.Array.from_buffers(kind, size, [valid, values], int(self.missing.sum()))

    def pandas(self) -> object:
        """The column as the frame holds it (pandas' "str" on Arrow, "Int64" as values and a mask)."""
        import numpy as np  # (numpy loads where the engine runs)
        import pandas as pd  # (pandas loads where frames are made)
        import pyarrow as pa  # (with pandas)

        if self.names is not None:
            return pd.arrays.ArrowStringArray(pa.chunked_array([self.arrow()]),
                                              dtype=pd.StringDtype("pyarrow", na_value=np.nan))
        if self.missing is not None:
            return pd.arrays.IntegerArray(self.values, self.missing)
        return self.values


def columns(spec: Spec, played: Played) -> tuple[list[Column], list[Column]]:
    """The columns of the `.games` and `.moves` frames of games played in the kernel (`play`, `joined`):
    what frames and Arrow tables are made of."""
    import numpy as np  # (numpy loads where the engine runs)

    from muzlab.sim import fast_games as k

    players, t = len(spec.agents), _tables(spec.board, spec.rules, spec.dice)
    index, scores, results, kinds = played.index, played.scores, played.results, played.kinds
    best = scores.max(axis=1)
    ties = (scores == best[:, None]).sum(axis=1) > 1
    games = [Column("game", index), Column("seed", played.seeds),
             Column("players", np.full(len(index), players, dtype=np.int64)),
             *(Column(f"agent_{seat}", kinds[:, seat], names=FAST_AGENTS) for seat in range(players)),
             *(Column(f"score_{seat}", scores[:, seat]) for seat in range(players)),
             Column("winner", np.where(ties, -1, scores.argmax(axis=1)).astype(np.int64)),
             Column("tie", ties),
             *(Column(name, results[:, column]) for name, column in (
                 ("dice_placed", k.G_DICE_ON_BOARD), ("passes", k.G_PASSES), ("rerolls", k.G_REROLLS),
                 ("missed", k.G_MISSED), ("extra_rolls", k.G_EXTRA_ROLLS), ("bonus_plays", k.G_BONUS_PLAYS),
                 ("turns", k.G_TURNS))),
             Column("end_reason", results[:, k.G_END], names=["supply empty", "locked board"])]

    moves = played.moves  # (one row per field: each column in one piece)
    game_of, cell, source, legal = moves[k.M_GAME], moves[k.M_CELL], moves[k.M_SOURCE], moves[k.M_LEGAL]
    unplaced = cell < 0
    triad_root, scale_tonic = moves[k.M_TRIAD_ROOT], moves[k.M_SCALE_TONIC]
    moves_columns = [
        Column("game", index[game_of]), Column("event", moves[k.M_EVENT]),
        Column("turn", moves[k.M_TURN]), Column("player", moves[k.M_PLAYER]),
        Column("agent", kinds.astype(np.int32)[game_of, moves[k.M_PLAYER]], names=FAST_AGENTS),
        Column("action", moves[k.M_ACTION], names=["opening", "place", "pass", "reroll"]),
        Column("pitch", moves[k.M_PITCH]),
        # (a cell's q, r and honeypot looked up with the cell -1 of a pass landing on the value after
        # the board's: 0, 0 and 1)
        Column("q", np.append(t["q"], 0)[cell], unplaced), Column("r", np.append(t["r"], 0)[cell], unplaced),
        Column("points", moves[k.M_POINTS]), Column("honeypot", np.append(t["multiplier"], 1)[cell]),
        Column("completed", moves[k.M_COMPLETED]),
        Column("triad_root", np.maximum(triad_root, 0), triad_root < 0),
        Column("triad_quality", moves[k.M_TRIAD_QUALITY], names=t["qualities"]),
        Column("scale_tonic", np.maximum(scale_tonic, 0), scale_tonic < 0),
        Column("scale_type", moves[k.M_SCALE_TYPE], names=t["kinds"]),
        Column("legal_cells", legal), Column("missed", unplaced & (legal > 0)),
        Column("received", source == k.S_PASSED), Column("bonus", ~unplaced & (source == k.S_PASSED)),
        Column("extra", source == k.S_EXTRA), Column("dice_on_board", moves[k.M_ON_BOARD]),
    ]
    return games, moves_columns


def chunk_columns(spec: Spec, indices: range) -> tuple[list[Column], list[Column]]:
    """The columns of the `.games` and `.moves` frames of the games `indices` (at least one), played in
    the kernel: what `play_chunk` makes frames of and `chunk_tables` Arrow tables."""
    return columns(spec, play(spec, indices))


def _frames(parts: tuple[list[Column], list[Column]]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The `.games` and `.moves` frames of their columns."""
    import pandas as pd  # (pandas loads where frames are made)

    # copy=False: each column stays its own array (pandas would copy the int64 columns into one block)
    return tuple(pd.DataFrame({column.name: column.pandas() for column in part}, copy=False)
                 for part in parts)


def play_chunk(spec: Spec, indices: range) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The typed `.games` and `.moves` frames of the games `indices` (at least one), equal to the pure
    engine's (`muzlab.sim.simulation.play_chunk`, which calls this)."""
    return _frames(chunk_columns(spec, indices))


def joined_frames(spec: Spec, chunks: Sequence[Played]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The `.games` and `.moves` frames of the chunks (`play`, at least one), in order, as a run in memory
    returns them: their arrays joined, then made columns and frames once (frames made per chunk and
    joined by `pandas.concat` took about 30 % of a random game's time in `simulate`; columns made per
    chunk and joined touched three times the fresh memory, whose page faults cost about a tenth)."""
    return _frames(columns(spec, joined(chunks)))


def chunk_tables(spec: Spec, indices: range) -> tuple[pa.Table, pa.Table]:
    """The games and moves of `indices` as Arrow tables equal to `pyarrow.Table.from_pandas` of
    `play_chunk`'s frames, their "pandas" metadata included, made without pandas: what a dataset's
    worker writes (pandas is not loaded in it)."""
    import pyarrow as pa  # (pyarrow loads where tables are written)

    tables = []
    for part in chunk_columns(spec, indices):
        metadata = {b"pandas": outputs.pandas_metadata([(column.name, column.kind) for column in part])}
        tables.append(pa.Table.from_arrays([column.arrow() for column in part],
                                           names=[column.name for column in part], metadata=metadata))
    return tables[0], tables[1]


def chance_nodes(spec: Spec, indices: range) -> tuple[np.ndarray, np.ndarray]:
    """The chance node before every roll of the games `indices` (a column each: the `fast_games.N_`
    fields, the game counted from 0 in this chunk, then each seat's score before the roll) and each
    game's final scores (games x seats): what data/fit_value.py fits the value model on."""
    compile_engine()
    seatings = [spec.seating(i) for i in indices]
    _, scores, _, _, _, nodes = _arrays(spec.seed_prefix(), indices, seatings, spec.dice, spec.rules,
                                        spec.board, nodes=True)
    return nodes, scores
