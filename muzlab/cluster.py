"""Simulations on a Dask cluster, and simulations written as partitioned Parquet datasets.

`simulate(..., client=Client(...))` sends one task per chunk of games to the cluster; `simulate(...,
out=folder)` has each worker write its chunk as folder/games/part-NNNNN.parquet and
folder/moves/part-NNNNN.parquet and returns a `SimulationDataset`. Dask is an optional extra
(`pip install 'muzlab[dask]'`): it is imported inside the functions that need it, never by `import muzlab`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muzlab.board import Board
from muzlab.errors import DaskMissing, MuzlabError, UnknownSetting
from muzlab.rules import RuleSet
from muzlab.sim import (
    SimulationResult,
    SimulationSpec,
    chunks,
    describe_failure,
    frames,
    not_played,
    play_chunk,
)

if TYPE_CHECKING:
    import dask.dataframe as dd
    import pandas as pd
    from distributed import Client

INSTALL_DASK = "Dask is not installed; pip install 'muzlab[dask]'"
DATASET_FILE = "simulation.json"
DATASET_FORMAT = "muzlab-simulation-dataset/1"
KINDS = ("games", "moves")


def require_distributed() -> Any:
    """The `distributed` module, or DaskMissing saying how to install it."""
    try:
        import distributed
    except ImportError as error:
        raise DaskMissing(INSTALL_DASK) from error
    return distributed


def require_dask_dataframe() -> Any:
    """The `dask.dataframe` module, or DaskMissing saying how to install it."""
    try:
        import dask.dataframe
    except ImportError as error:
        raise DaskMissing(INSTALL_DASK) from error
    return dask.dataframe


# ---- the cluster ------------------------------------------------------------------------------------------
def cluster_threads(client: Client) -> int:
    """Threads over all the workers of the cluster (at least 1): how many chunks run at once."""
    require_distributed()
    return max(1, sum(client.nthreads().values()))


def code_fingerprint() -> str:
    """A hash of muzlab's source files: workers must run the same code for games to match a local run."""
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def check_workers(client: Client) -> None:
    """Refuse to run when a worker cannot import muzlab or runs other muzlab code than this process."""
    local = code_fingerprint()
    answers = client.run(code_fingerprint, on_error="return")
    broken = {address: answer for address, answer in answers.items() if isinstance(answer, BaseException)}
    if broken:
        address, error = next(iter(broken.items()))
        raise MuzlabError(f"{len(broken)} worker(s), e.g. {address}, cannot run muzlab "
                          f"({type(error).__name__}: {error}); install muzlab on every worker")
    other = sorted(address for address, answer in answers.items() if answer != local)
    if other:
        raise MuzlabError(f"worker(s) {', '.join(other)} run other muzlab code than this process "
                          f"(fingerprint {answers[other[0]]}, here {local}); their games would differ from a "
                          "local run: install the same muzlab everywhere")


def run_key(task: Callable[..., Any], jobs: list[tuple]) -> str:
    """A key prefix that depends only on the task and its arguments, so the same run gets the same keys."""
    spec = jobs[0][0]
    text = json.dumps([task.__name__, spec_to_dict(spec), [repr(job[1:]) for job in jobs]])
    return f"muzlab-{task.__name__}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def run_on_client(client: Client, task: Callable[..., Any], jobs: list[tuple], parts: list[range],
                  retries: int, bar: Any) -> dict[int, Any]:
    """`task(*jobs[i])` for every chunk i on the cluster, one task per chunk, results as they complete.

    A chunk that raises is retried `retries` times by the scheduler. One whose worker dies is re-run by
    the scheduler (up to distributed.scheduler.allowed-failures deaths), then, once that gives
    KilledWorker, resubmitted up to `retries` times. A chunk still failing stops the run: the other
    tasks are cancelled and SimulationError names the games that were not played.
    """
    distributed = require_distributed()
    results: dict[int, Any] = {}
    if not parts:
        return results
    check_workers(client)
    prefix = run_key(task, jobs)
    keys = [f"{prefix}-games-{part.start}-{part.stop - 1}" for part in parts]
    futures = client.map(task, *zip(*jobs, strict=True), key=keys, retries=retries)
    number_of = {future.key: number for number, future in enumerate(futures)}
    resubmitted = [0] * len(parts)
    pending = distributed.as_completed(futures)
    del futures
    try:
        for future in pending:
            number = number_of[future.key]
            try:
                results[number] = future.result()  # waits if the result was lost with a worker and is redone
            except Exception as failure:
                error = failure
            else:
                bar.update(len(parts[number]))
                continue
            if isinstance(error, distributed.KilledWorker) and resubmitted[number] < retries:
                resubmitted[number] += 1
                again = client.submit(task, *jobs[number], key=f"{keys[number]}-again-{resubmitted[number]}",
                                      retries=retries)
                number_of[again.key] = number
                pending.add(again)
            else:
                killed = isinstance(error, distributed.KilledWorker)
                cause = (f"worker {getattr(error.last_worker, 'address', '?')} died (KilledWorker)" if killed
                         else describe_failure(error))
                attempts = resubmitted[number] + 1 if killed else retries + 1
                raise not_played(number, parts, results, attempts, cause, retries) from error
    finally:
        client.cancel(list(pending.futures))
    return results


# ---- partitioned Parquet datasets -------------------------------------------------------------------------
def part_name(number: int) -> str:
    """The file name of chunk `number` in games/ and moves/."""
    return f"part-{number:05d}.parquet"


def create_dataset_folder(out: str | Path) -> Path:
    """Make `out`/games and `out`/moves for a new dataset; refuse a folder that already holds one."""
    folder = Path(out).resolve()
    if (folder / DATASET_FILE).exists() or any(
            any((folder / kind).glob("part-*.parquet")) for kind in KINDS if (folder / kind).is_dir()):
        raise FileExistsError(f"{folder} already holds a simulation dataset; choose another folder or "
                              "remove it")
    for kind in KINDS:
        (folder / kind).mkdir(parents=True, exist_ok=True)
    return folder


def write_chunk(spec: SimulationSpec, indices: range, folder: str, number: int) -> tuple[int, int]:
    """Play the games `indices`, write them as part `number` of the dataset in `folder`, return the row
    counts. Each file appears whole (written aside, then renamed): a dead worker leaves no half part."""
    written = dict(zip(KINDS, play_chunk(spec, indices), strict=True))
    for kind, frame in written.items():
        final = Path(folder) / kind / part_name(number)
        aside = final.with_name(f".{final.name}.{os.getpid()}.tmp")
        frame.to_parquet(aside, index=False)
        os.replace(aside, final)
    return len(written["games"]), len(written["moves"])


def finish_dataset(folder: Path, spec: SimulationSpec, n_games: int, parts: list[range],
                   results: dict[int, tuple[int, int]]) -> SimulationDataset:
    """Write simulation.json (the mark of a complete dataset), clear files left by dead workers."""
    for kind in KINDS:
        for leftover in (folder / kind).glob(".part-*.tmp"):
            leftover.unlink(missing_ok=True)
    chunk_size = len(parts[0]) if parts else 1
    rows = [sum(results[number][k] for number in range(len(parts))) for k in (0, 1)]
    meta = {"format": DATASET_FORMAT, "n_games": n_games, "chunk_size": chunk_size,
            "games_rows": rows[0], "moves_rows": rows[1], "spec": spec_to_dict(spec)}
    (folder / DATASET_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return SimulationDataset(folder, spec, n_games, chunk_size)


def spec_to_dict(spec: SimulationSpec) -> dict:
    """The spec as JSON-ready data (rules field by field, the board as its board-file structure)."""
    return {"agents": list(spec.agents), "seed": spec.seed, "dice": spec.dice,
            "rules": dataclasses.asdict(spec.rules), "board": spec.board.to_dict() if spec.board else None,
            "alternate_seats": spec.alternate_seats}


def spec_from_dict(data: dict) -> SimulationSpec:
    """Rebuild what `spec_to_dict` gave."""
    def tuples(value: Any) -> Any:
        return tuple(tuples(v) for v in value) if isinstance(value, list) else value

    rules = RuleSet(**{name: tuples(value) for name, value in data["rules"].items()})
    board = Board.from_dict(data["board"]) if data["board"] is not None else None
    return SimulationSpec(tuple(data["agents"]), data["seed"], data["dice"], rules, board,
                          data["alternate_seats"])


class SimulationDataset:
    """A simulation stored as Parquet parts, read lazily: `.games_dask()`/`.moves_dask()` as Dask
    DataFrames for runs bigger than memory, `.games()`/`.moves()` as pandas frames when they fit."""

    def __init__(self, folder: str | Path, spec: SimulationSpec, n_games: int, chunk_size: int):
        self.folder = Path(folder)
        self.spec = spec
        self.n_games = n_games
        self.chunk_size = chunk_size

    @classmethod
    def open(cls, folder: str | Path) -> SimulationDataset:
        """The dataset that `simulate(..., out=folder)` finished writing."""
        folder = Path(folder)
        try:
            meta = json.loads((folder / DATASET_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise MuzlabError(f"{folder} holds no finished simulation dataset (no {DATASET_FILE})") from None
        if meta.get("format") != DATASET_FORMAT:
            raise MuzlabError(f"{folder / DATASET_FILE}: unknown format {meta.get('format')!r}")
        return cls(folder, spec_from_dict(meta["spec"]), meta["n_games"], meta["chunk_size"])

    @property
    def parts(self) -> list[range]:
        """The game indices of each part file, in order."""
        return chunks(self.n_games, self.chunk_size)

    def files(self, kind: str) -> list[Path]:
        """The part files of "games" or "moves", in game order."""
        if kind not in KINDS:
            raise UnknownSetting(f"kind {kind!r}: choose 'games' or 'moves'")
        return [self.folder / kind / part_name(number) for number in range(len(self.parts))]

    def _pandas(self, kind: str) -> pd.DataFrame:
        import pandas as pd

        paths = self.files(kind)
        if not paths:
            return getattr(frames(self.spec, [], []), kind)
        return pd.concat([pd.read_parquet(path) for path in paths], ignore_index=True)

    def _dask(self, kind: str) -> dd.DataFrame:
        import pandas as pd

        dd = require_dask_dataframe()
        paths = self.files(kind)
        if not paths:
            return dd.from_pandas(self._pandas(kind), npartitions=1)
        lazy = dd.read_parquet([str(path) for path in paths])
        # Dask reads text as NA-style strings; use pandas' own `str`, as in the frames in memory.
        return lazy.astype({column: "str" for column, dtype in lazy.dtypes.items()
                            if isinstance(dtype, pd.StringDtype)})

    def games(self) -> pd.DataFrame:
        """All games as one pandas frame, the same as `simulate` returns in memory."""
        return self._pandas("games")

    def moves(self) -> pd.DataFrame:
        """All moves as one pandas frame, the same as `simulate` returns in memory."""
        return self._pandas("moves")

    def games_dask(self) -> dd.DataFrame:
        """The games as a Dask DataFrame, one partition per part file."""
        return self._dask("games")

    def moves_dask(self) -> dd.DataFrame:
        """The moves as a Dask DataFrame, one partition per part file."""
        return self._dask("moves")

    def result(self) -> SimulationResult:
        """Both frames in memory, for `summary()` and `report()`, when they fit."""
        return SimulationResult(self.games(), self.moves())

    def report(self) -> str:
        """Win shares and mean scores per seat and pass rates per agent, computed part by part."""
        import pandas as pd

        from muzlab import stats

        lines = [f"{self.n_games} games in {len(self.parts)} parts at {self.folder}",
                 "win share: Wilson 95% interval in win_low..win_high"]
        with pd.option_context("display.width", 120, "display.precision", 3):
            lines += [table.to_string() for table in
                      (stats.win_shares(self), stats.mean_scores(self), stats.pass_rates(self))]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SimulationDataset {self.n_games} games in {len(self.parts)} parts at {self.folder}>"
