"""Many games between computer players, as two tidy pandas DataFrames: `.games` and `.moves`.

Game i is played from a seed derived from (seed, i) alone, so the frames are the same whatever
the number of workers or the chunking. `play_games(spec, indices)` is the top-level, picklable unit
of work that process pools and a Dask client (see muzlab.cluster) map over chunks of game indices.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muzlab.agents import AGENTS, make_agent, play
from muzlab.board import Board
from muzlab.errors import SimulationError
from muzlab.game import Game
from muzlab.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client

    from muzlab.cluster import SimulationDataset

MAX_SEED = 2**63
#: Runs at least this long show a progress bar unless told otherwise.
PROGRESS_FROM = 2000
Z_95 = 1.959963984540054


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate: the agents by seat, the base seed and the game settings."""

    agents: tuple[str, ...]
    seed: int = 0
    dice: int = 21
    rules: RuleSet = field(default_factory=RuleSet.basic)
    board: Board | None = None
    alternate_seats: bool = False

    def __post_init__(self) -> None:
        for name in self.agents:
            if name not in AGENTS:
                raise ValueError(f"unknown agent {name!r}; known agents: {sorted(AGENTS)}")

    def game_seed(self, index: int) -> int:
        """The seed of game `index`: a hash of (seed, index), independent of workers and chunks."""
        digest = hashlib.sha256(f"muzlab-sim:{self.seed}:{index}".encode()).digest()
        return int.from_bytes(digest[:8], "big") % MAX_SEED

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent in each seat for game `index` (rotated by one seat per game if alternating)."""
        if not self.alternate_seats:
            return self.agents
        shift = index % len(self.agents)
        return self.agents[shift:] + self.agents[:shift]


def play_game(spec: SimulationSpec, index: int) -> Game:
    """Play game `index` of a simulation to its end; the same (spec, index) gives the same game."""
    seed = spec.game_seed(index)
    game = Game(len(spec.agents), spec.board, spec.rules, spec.dice, seed)
    return play(game, [make_agent(name, f"{seed}:{seat}") for seat, name in enumerate(spec.seating(index))])


GAME_COLUMNS_HEAD = ["game", "seed", "players"]
GAME_COLUMNS_TAIL = ["winner", "tie", "dice_placed", "passes", "missed", "extra_rolls", "bonus_plays",
                     "turns", "end_reason"]
MOVE_COLUMNS = ["game", "event", "turn", "player", "agent", "action", "pitch", "q", "r", "points",
                "honeypot", "completed_triad", "completed_scale", "legal_cells", "missed", "bonus", "extra",
                "dice_on_board"]


def play_games(spec: SimulationSpec, indices: Iterable[int]) -> tuple[list[tuple], list[tuple]]:
    """Play the games `indices`; return their rows for `.games` and `.moves` (tuples in column order)."""
    games, moves = [], []
    for index in indices:
        game = play_game(spec, index)
        seating = spec.seating(index)
        games.append(_game_row(index, game, seating))
        moves.extend(_move_rows(index, game, seating))
    return games, moves


def _game_row(index: int, game: Game, seating: Sequence[str]) -> tuple:
    result = game.result
    events = game.events
    passes = [e for e in events if e.kind == "pass"]
    extra_rolls = sum(1 for e in events if e.kind == "roll" and e.source == "extra")
    bonus_plays = sum(1 for e in events if e.kind == "place" and e.source == "passed")
    return (
        index, game.seed, game.players, *seating, *game.scores,
        -1 if result.tie else result.winners[0], result.tie, len(game.position), len(passes),
        sum(1 for e in passes if e.legal_cells), extra_rolls, bonus_plays, game.turn, game.end_reason,
    )


def _move_rows(index: int, game: Game, seating: Sequence[str]) -> list[tuple]:
    rows, on_board, honeypots = [], 0, game.board.honeypots
    for number, e in enumerate(game.events):
        if e.kind != "place" and e.kind != "pass":
            continue
        placed = e.kind == "place"
        triads = [name[: -len(" triad")] for name in e.completed if name.endswith(" triad")]
        scales = [name[: -len(" scale")] for name in e.completed if name.endswith(" scale")]
        rows.append((
            index, number, e.turn, e.player, seating[e.player],
            "opening" if e.source == "opening" else e.kind, e.pitch,
            e.cell[0] if placed else None, e.cell[1] if placed else None, e.points,
            honeypots.get(e.cell, 1) if placed else 1, ", ".join(triads), ", ".join(scales), e.legal_cells,
            not placed and e.legal_cells > 0, placed and e.source == "passed", e.source == "extra", on_board,
        ))
        on_board += placed
    return rows


class SimulationResult:
    """The frames of a simulation: `.games` (one row per game) and `.moves` (one row per place/pass)."""

    def __init__(self, games: pd.DataFrame, moves: pd.DataFrame):
        self.games = games
        self.moves = moves

    @property
    def players(self) -> int:
        return sum(1 for column in self.games.columns if column.startswith("score_"))

    def summary(self, by: str = "seat") -> pd.DataFrame:
        """Mean score, wins and win share with its Wilson 95% interval, and passes per game: per seat
        (by="seat"), or per agent (by="agent", pooling every seat an agent sat in)."""
        from muzlab import stats

        if by not in ("seat", "agent"):
            raise ValueError(f"summary by {by!r}: choose 'seat' or 'agent'")
        table = stats.win_shares(self, by)
        means = stats.mean_scores(self, by)["mean_score"]
        table.insert(table.columns.get_loc("games") + 1, "mean_score", means)
        passes = stats.pass_rates(self, "player" if by == "seat" else "agent")["passes"]
        table["passes_per_game"] = passes.reindex(table.index, fill_value=0) / table["games"]
        return table

    def report(self) -> str:
        """A few lines for the terminal: games, ties, passes and extra rolls, then the summary per seat
        (and per agent when the agents changed seats)."""
        import pandas as pd

        games = self.games
        ties = int(games["tie"].sum())
        lines = [
            f"{len(games)} games, {self.players} player{'s' if self.players != 1 else ''}; "
            f"ties {ties} ({ties / max(len(games), 1):.1%}); passes per game {games['passes'].mean():.2f} "
            f"(missed {games['missed'].mean():.2f}); extra rolls per game {games['extra_rolls'].mean():.2f}",
            "win share: Wilson 95% interval in win_low..win_high",
        ]
        by_seat = self.summary("seat")
        tables = [by_seat]
        if by_seat["agent"].str.contains("/").any():
            tables.append(self.summary("agent"))
        with pd.option_context("display.width", 120, "display.precision", 3):
            lines += [table.to_string() for table in tables]
        return "\n".join(lines)

    def to_parquet(self, path: str | Path) -> Path:
        """Write both frames into the folder `path` (games.parquet, moves.parquet); return it."""
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        self.games.to_parquet(folder / "games.parquet", index=False)
        self.moves.to_parquet(folder / "moves.parquet", index=False)
        return folder

    @classmethod
    def read_parquet(cls, path: str | Path) -> SimulationResult:
        """Read back what `to_parquet` wrote."""
        import pandas as pd

        folder = Path(path)
        return cls(pd.read_parquet(folder / "games.parquet"), pd.read_parquet(folder / "moves.parquet"))

    def __repr__(self) -> str:
        return f"<SimulationResult {len(self.games)} games, {len(self.moves)} moves>"


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a share: honest near 0 and 1 and for small samples."""
    if trials == 0:
        return (math.nan, math.nan)
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return ((centre - spread) / denominator, (centre + spread) / denominator)


def chunks(n_games: int, size: int) -> list[range]:
    """Consecutive ranges of game indices of at most `size` games."""
    return [range(start, min(start + size, n_games)) for start in range(0, n_games, size)]


def frames(spec: SimulationSpec, game_rows: list[tuple], move_rows: list[tuple]) -> SimulationResult:
    """Build the two DataFrames (with their dtypes) from rows returned by `play_games`."""
    import pandas as pd

    k = len(spec.agents)
    columns = (GAME_COLUMNS_HEAD + [f"agent_{i}" for i in range(k)] + [f"score_{i}" for i in range(k)]
               + GAME_COLUMNS_TAIL)
    games = pd.DataFrame.from_records(game_rows, columns=columns)
    moves = pd.DataFrame.from_records(move_rows, columns=MOVE_COLUMNS)
    games = games.sort_values("game", kind="stable").reset_index(drop=True)
    moves = moves.sort_values(["game", "event"], kind="stable").reset_index(drop=True)
    int_columns = ["game", "seed", "players", *[f"score_{i}" for i in range(k)], "winner", "dice_placed",
                   "passes", "missed", "extra_rolls", "bonus_plays", "turns"]
    games = games.astype({**dict.fromkeys(int_columns, "int64"), "tie": "bool", "end_reason": "str",
                          **{f"agent_{i}": "str" for i in range(k)}})
    moves = moves.astype({
        **dict.fromkeys(["game", "event", "turn", "player", "pitch", "points", "honeypot", "legal_cells",
                         "dice_on_board"], "int64"),
        "q": "Int64", "r": "Int64", "missed": "bool", "bonus": "bool", "extra": "bool",
        **dict.fromkeys(["agent", "action", "completed_triad", "completed_scale"], "str"),
    })
    return SimulationResult(games, moves)


#: With `workers=None`, runs of at least this many games use every core; smaller runs stay in this
#: process, where starting worker processes would cost more than it saves.
PARALLEL_FROM = 2000
#: Bounds of the automatic chunk size (games per task, and per Parquet part file).
CHUNK_MIN, CHUNK_MAX = 100, 1000


def play_chunk(spec: SimulationSpec, indices: range) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play the games `indices` and return their typed `.games` and `.moves` frames: the task of a worker."""
    result = frames(spec, *play_games(spec, indices))
    return result.games, result.moves


def cpu_count() -> int:
    """The cores this process may run on (its affinity mask where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def auto_chunk_size(n_games: int, parallel: int) -> int:
    """About four chunks per worker, for even loads and a moving progress bar, within CHUNK_MIN..CHUNK_MAX."""
    return min(CHUNK_MAX, max(CHUNK_MIN, math.ceil(n_games / (4 * parallel))))


def spans(ranges: Iterable[range]) -> str:
    """Ranges of game indices as text, neighbours merged: '0-99, 300-449'."""
    merged: list[list[int]] = []
    for part in sorted((r for r in ranges if len(r)), key=lambda r: r.start):
        if merged and part.start <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], part.stop - 1)
        else:
            merged.append([part.start, part.stop - 1])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in merged)


def not_played(number: int, parts: list[range], finished: Iterable[int], attempts: int, cause: str,
               retries: int) -> SimulationError:
    """The error for chunk `number` failing for good: names its games, the cause and every unplayed game."""
    done = set(finished)
    missing = [part for i, part in enumerate(parts) if i not in done]
    unplayed, total = sum(len(part) for part in missing), sum(len(part) for part in parts)
    return SimulationError(
        f"games {spans([parts[number]])} were not played: {cause}, {attempts} attempt(s) with "
        f"retries={retries}; the run stopped with {unplayed} of {total} games not played "
        f"(games {spans(missing)})", missing)


def describe_failure(error: BaseException) -> str:
    """Why a chunk failed, in a few words: a dead worker process or the exception it raised."""
    from concurrent.futures.process import BrokenProcessPool

    if isinstance(error, BrokenProcessPool):
        return "a worker process died (BrokenProcessPool)"
    return f"{type(error).__name__}: {error}"


def run_in_processes(task: Callable[..., Any], jobs: list[tuple], parts: list[range], workers: int,
                     retries: int, bar: Any) -> dict[int, Any]:
    """`task(*jobs[i])` for every chunk i in `workers` processes, at most one chunk per process at a time.

    A chunk that raises, or whose process dies (which breaks the pool: every chunk then in flight is
    re-run in a new pool), is run again up to `retries` times; then SimulationError names the games.
    """
    from concurrent.futures import ALL_COMPLETED, FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    size = min(workers, len(parts))
    results: dict[int, Any] = {}
    failures = [0] * len(parts)
    queue = deque(range(len(parts)))
    running: dict[Future, int] = {}
    pool = ProcessPoolExecutor(size)
    try:
        while queue or running:
            broken = False
            try:
                while queue and len(running) < size:
                    future = pool.submit(task, *jobs[queue[0]])
                    running[future] = queue.popleft()
            except BrokenProcessPool:
                broken = True
            done = wait(running, return_when=ALL_COMPLETED if broken else FIRST_COMPLETED).done
            if not broken and any(isinstance(f.exception(), BrokenProcessPool) for f in done):
                broken = True
                done = wait(running).done  # every chunk in flight fails with the dead pool
            for future in done:
                number = running.pop(future)
                error = future.exception()
                if error is None:
                    results[number] = future.result()
                    bar.update(len(parts[number]))
                    continue
                failures[number] += 1
                if failures[number] > retries:
                    raise not_played(number, parts, results, failures[number], describe_failure(error),
                                     retries) from error
                queue.appendleft(number)
            if broken:
                pool.shutdown(wait=False)
                pool = ProcessPoolExecutor(size)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return results


def simulate(
    n_games: int,
    agents: Sequence[str] = ("greedy", "random"),
    seed: int = 0,
    workers: int | None = None,
    *,
    dice: int = 21,
    rules: RuleSet | str | None = None,
    board: Board | str | None = None,
    alternate_seats: bool = False,
    progress: bool | None = None,
    chunk_size: int | None = None,
    client: Client | None = None,
    out: str | Path | None = None,
    retries: int = 2,
) -> SimulationResult | SimulationDataset:
    """Play `n_games` games between `agents` (one per seat) and return the `.games` and `.moves` frames.

    Game i uses a seed derived from (seed, i) alone, so the frames are the same whatever runs them:
    `workers` local processes (None: one below PARALLEL_FROM games, every core from there), or the
    workers of a `dask.distributed.Client` given as `client`. Games go out in chunks of `chunk_size`
    (None: about four per worker, CHUNK_MIN..CHUNK_MAX). With `out`, each chunk is written by the
    worker that played it as `out`/games/part-NNNNN.parquet and `out`/moves/part-NNNNN.parquet, and
    a SimulationDataset is returned instead of frames in memory. A chunk that fails (its worker dies
    or it raises) is run again up to `retries` times, then SimulationError names the missing games.
    A progress bar shows for runs of PROGRESS_FROM games or more unless `progress` says otherwise.
    """
    from muzlab import cluster

    if isinstance(rules, str):
        rules = RuleSet.named(rules)
    rules = rules or RuleSet.basic()
    if isinstance(board, str):
        board = Board.named(board)
    spec = SimulationSpec(tuple(agents), seed, dice, rules, board, alternate_seats)
    if n_games < 0 or (workers is not None and workers < 1) or (chunk_size is not None and chunk_size < 1):
        raise ValueError("n_games must be >= 0, workers and chunk_size >= 1")
    if retries < 0:
        raise ValueError("retries must be >= 0")
    if client is not None and workers is not None:
        raise ValueError("workers= counts local processes; with client= the cluster's workers play the games")
    Game(len(spec.agents), board, rules, dice, 0)  # refuse bad settings before any work starts
    if client is None:
        workers = workers or (cpu_count() if n_games >= PARALLEL_FROM else 1)
    parallel = workers if client is None else cluster.cluster_threads(client)
    parts = chunks(n_games, chunk_size or auto_chunk_size(n_games, parallel))
    if out is None:
        task, jobs = play_chunk, [(spec, part) for part in parts]
    else:
        folder = cluster.create_dataset_folder(out)
        task, jobs = cluster.write_chunk, [(spec, part, str(folder), i) for i, part in enumerate(parts)]
    from tqdm.auto import tqdm

    bar = tqdm(total=n_games, unit="game", disable=not (progress if progress is not None
                                                          else n_games >= PROGRESS_FROM))
    with bar:
        try:
            if client is not None:
                results = cluster.run_on_client(client, task, jobs, parts, retries, bar)
            elif workers == 1 or len(parts) == 1:
                results = {}
                for number, job in enumerate(jobs):
                    results[number] = task(*job)
                    bar.update(len(parts[number]))
            else:
                results = run_in_processes(task, jobs, parts, workers, retries, bar)
        except SimulationError as error:
            if out is not None:
                error.add_note(f"The parts written so far stay in {folder}; remove it before running again.")
            raise
    if out is not None:
        return cluster.finish_dataset(folder, spec, n_games, parts, results)
    if not parts:
        return frames(spec, [], [])
    import pandas as pd

    ordered = [results[number] for number in range(len(parts))]
    return SimulationResult(pd.concat([games for games, _ in ordered], ignore_index=True),
                            pd.concat([moves for _, moves in ordered], ignore_index=True))
