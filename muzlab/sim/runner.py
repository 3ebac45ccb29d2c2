"""Chunks of work run in local processes or on a Dask cluster, with retries: the machinery under
`muzlab.simulate`, which knows nothing of games.

`run_chunks(task, job, parts, ...)` calls `task(*job(i))` for every chunk i: in this process, in a
pool of `workers` processes, or on the workers of a `dask.distributed.Client`, and hands each result
to `done(i, result)` as it comes. Chunks are made as they are sent out and only a few are in flight
at once, so memory stays bounded however many items there are. A chunk that fails is run again up
to `retries` times; one that keeps failing stops the run with a SimulationError naming the items
(`parts[i]`, ranges of indices) that were not done, never with partial results. Dask is an optional
extra (`pip install 'muzlab[dask]'`), imported only by the functions that need it.
"""

from __future__ import annotations

import gc
import hashlib
import math
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ALL_COMPLETED, FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muzlab.core.errors import Count, DaskMissing, MuzlabError, SimulationError

if TYPE_CHECKING:
    from distributed import Client

INSTALL_DASK = "Dask is not installed; pip install 'muzlab[dask]'"
#: Bounds of the automatic chunk size (games per task, and per Parquet part file).
CHUNK_MIN, CHUNK_MAX = 100, 1000


class Chunks(Sequence):
    """Consecutive ranges of `n_items` indices, at most `size` each, made when asked (never one list)."""

    def __init__(self, n_items: int, size: int):
        self.n_items, self.size = n_items, size

    def __len__(self) -> int:
        return -(-self.n_items // self.size)

    def __getitem__(self, number):
        if isinstance(number, slice):
            return [self[i] for i in range(len(self))[number]]
        if not -len(self) <= number < len(self):
            raise IndexError(f"chunk {number} of {len(self)}")
        start = (number % len(self)) * self.size
        return range(start, min(start + self.size, self.n_items))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chunks):
            return (self.n_items, self.size) == (other.n_items, other.size) or (len(self) == len(other) == 0)
        return isinstance(other, list) and list(self) == other

    def __repr__(self) -> str:
        return f"Chunks({self.n_items}, {self.size})"


def chunks(n_items: int, size: int) -> Chunks:
    """Consecutive ranges of indices of at most `size` items, as a lazy sequence."""
    return Chunks(n_items, size)


def cpu_count() -> int:
    """The cores this process may run on (its affinity mask where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def auto_chunk_size(n_items: int, parallel: int, scale: int = 1) -> int:
    """About four chunks per worker, for even loads and a moving progress bar, within CHUNK_MIN..CHUNK_MAX
    items, or `scale` times those bounds for items that take `scale` times less time each."""
    return min(scale * CHUNK_MAX, max(scale * CHUNK_MIN, math.ceil(n_items / (4 * parallel))))


def spans(ranges: Iterable[range]) -> str:
    """Ranges of indices as text, neighbours merged: '0-99, 300-449'."""
    merged: list[list[int]] = []
    for part in sorted((r for r in ranges if len(r)), key=lambda r: r.start):
        if merged and part.start <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], part.stop - 1)
        else:
            merged.append([part.start, part.stop - 1])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in merged)


def not_played(number: int, parts: Sequence[range], unfinished: Iterable[int], started: int, attempts: int,
               cause: str, retries: int) -> SimulationError:
    """The error for chunk `number` failing for good: names its games, the cause and every unplayed game
    (the chunks `unfinished` among those started, and every chunk from `started` on, never sent out)."""
    missing = [parts[i] for i in sorted(set(unfinished))]
    if started < len(parts):
        missing.append(range(parts[started].start, parts[-1].stop))
    unplayed, total = sum(len(part) for part in missing), parts[-1].stop if len(parts) else 0
    return SimulationError(
        "games {games} were not played: {cause}, {attempts} with retries={retries}; the run stopped with "
        "{unplayed} of {total} not played (games {missing_games})", missing,
        games=spans([parts[number]]), cause=cause,
        attempts=Count(attempts, "{count} attempt", "{count} attempts"), retries=retries, unplayed=unplayed,
        total=Count(total, "{count} game", "{count} games"), missing_games=spans(missing))


def describe_failure(error: BaseException) -> str:
    """Why a chunk failed, in a few words: a dead worker process or the exception it raised."""

    if isinstance(error, BrokenProcessPool):
        return "a worker process died (BrokenProcessPool)"
    return f"{type(error).__name__}: {error}"


def run_chunks(task: Callable[..., Any], job: Callable[[int], tuple], parts: Sequence[range], bar: Any,
               done: Callable[[int, Any], None], *, workers: int = 1, client: Client | None = None,
               key: str = "muzlab", retries: int = 2) -> None:
    """`task(*job(i))` for every chunk i, each result handed to `done(i, result)` as it comes: on the
    `client`'s cluster (its keys start with `key`), else in `workers` processes (in this process for one
    worker or one chunk). `bar` (a tqdm bar) advances by `len(parts[i])` as each chunk finishes."""
    if client is not None:
        run_on_client(client, task, job, parts, retries, bar, key, done)
    elif workers == 1 or len(parts) <= 1:
        for number in range(len(parts)):
            done(number, task(*job(number)))
            bar.update(len(parts[number]))
    else:
        run_in_processes(task, job, parts, workers, retries, bar, done)


def _start_worker() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the run and says so in one line; and
    let Arrow allocate from the system's allocator, which gives a chunk's buffers back when the chunk is
    written (Arrow's default, mimalloc, kept about 20 MB a worker; it takes effect when pyarrow is first
    imported here, so a worker forked from a parent that had imported it keeps the parent's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")


def run_in_processes(task: Callable[..., Any], job: Callable[[int], tuple], parts: Sequence[range],
                     workers: int, retries: int, bar: Any, done: Callable[[int, Any], None]) -> None:
    """`task(*job(i))` for every chunk i in `workers` processes, at most one chunk per process at a time.

    A chunk that raises, or whose process dies (which breaks the pool: every chunk then in flight is
    re-run in a new pool), is run again up to `retries` times; then SimulationError names the games.
    """

    size = min(workers, len(parts))
    failures: dict[int, int] = {}
    again: deque[int] = deque()  # chunks to run again, before new ones
    started = 0  # chunks from here on were never sent out
    running: dict[Future, int] = {}

    def new_pool() -> ProcessPoolExecutor:
        gc.freeze()  # a forked worker's collector leaves the inherited objects (and their pages) alone
        return ProcessPoolExecutor(size, initializer=_start_worker)

    pool = new_pool()
    try:
        while again or started < len(parts) or running:
            broken = False
            try:
                while (again or started < len(parts)) and len(running) < size:
                    number = again[0] if again else started
                    future = pool.submit(task, *job(number))
                    if again:
                        again.popleft()
                    else:
                        started += 1
                    running[future] = number
            except BrokenProcessPool:
                broken = True
            finished = wait(running, return_when=ALL_COMPLETED if broken else FIRST_COMPLETED).done
            if not broken and any(isinstance(f.exception(), BrokenProcessPool) for f in finished):
                broken = True
                finished = wait(running).done  # every chunk in flight fails with the dead pool
            for future in finished:
                number = running.pop(future)
                error = future.exception()
                if error is None:
                    done(number, future.result())
                    bar.update(len(parts[number]))
                    failures.pop(number, None)
                    continue
                failures[number] = failures.get(number, 0) + 1
                if failures[number] > retries:
                    unfinished = [*again, *running.values(), number]
                    raise not_played(number, parts, unfinished, started, failures[number],
                                     describe_failure(error), retries) from error
                again.appendleft(number)
            if broken:
                pool.shutdown(wait=False)
                pool = new_pool()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


# ---- the Dask cluster -----------------------------------------------------------------------------------
def require_distributed() -> Any:
    """The `distributed` module, or DaskMissing saying how to install it."""
    try:
        import distributed  # Dask is an optional extra (muzlab[dask])
    except ImportError as error:
        raise DaskMissing(INSTALL_DASK) from error
    return distributed


def require_dask_dataframe() -> Any:
    """The `dask.dataframe` module, or DaskMissing saying how to install it."""
    try:
        import dask.dataframe  # Dask is an optional extra (muzlab[dask])
    except ImportError as error:
        raise DaskMissing(INSTALL_DASK) from error
    return dask.dataframe


def cluster_threads(client: Client) -> int:
    """Threads over all the workers of the cluster (at least 1): how many chunks run at once."""
    require_distributed()
    return max(1, sum(client.nthreads().values()))


def code_fingerprint() -> str:
    """A hash of muzlab's source files: workers must run the same code for games to match a local run."""
    root = Path(__file__).parents[1]
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
        raise MuzlabError("{broken} worker(s), e.g. {address}, cannot run muzlab ({kind}: {error}); "
                          "install muzlab on every worker", broken=len(broken), address=address,
                          kind=type(error).__name__, error=error)
    other = sorted(address for address, answer in answers.items() if answer != local)
    if other:
        raise MuzlabError("worker(s) {other} run other muzlab code than this process (fingerprint "
                          "{answers}, here {local}); their games would differ from a local run: install "
                          "the same muzlab everywhere", other=', '.join(other), answers=answers[other[0]],
                          local=local)


def run_on_client(client: Client, task: Callable[..., Any], job: Callable[[int], tuple],
                  parts: Sequence[range], retries: int, bar: Any, key: str,
                  done: Callable[[int, Any], None]) -> None:
    """`task(*job(i))` for every chunk i on the cluster, one task per chunk, results as they complete;
    a few tasks per worker thread are in flight at once, new ones sent out as others finish.

    Task keys start with `key`, so the same run gets the same keys. A chunk that raises is retried
    `retries` times by the scheduler. One whose worker dies is re-run by the scheduler (up to
    distributed.scheduler.allowed-failures deaths), then, once that gives KilledWorker, resubmitted up
    to `retries` times. A chunk still failing stops the run: the other tasks are cancelled and
    SimulationError names the games that were not played.
    """
    distributed = require_distributed()
    if not len(parts):
        return
    check_workers(client)
    window = 4 * cluster_threads(client)
    number_of: dict[str, int] = {}
    resubmitted: dict[int, int] = {}
    pending = distributed.as_completed()
    started = 0

    def send(number: int, suffix: str = "") -> None:
        part = parts[number]
        future = client.submit(task, *job(number), key=f"{key}-games-{part.start}-{part.stop - 1}{suffix}",
                               retries=retries)
        number_of[future.key] = number
        pending.add(future)

    try:
        while started < len(parts) and started < window:
            send(started)
            started += 1
        for future in pending:
            number = number_of.pop(future.key)
            try:
                result = future.result()  # waits if the result was lost with a worker and is redone
            except Exception as failure:
                error = failure
            else:
                done(number, result)
                bar.update(len(parts[number]))
                if started < len(parts):
                    send(started)
                    started += 1
                continue
            if isinstance(error, distributed.KilledWorker) and resubmitted.get(number, 0) < retries:
                resubmitted[number] = resubmitted.get(number, 0) + 1
                send(number, f"-again-{resubmitted[number]}")
            else:
                killed = isinstance(error, distributed.KilledWorker)
                cause = (f"worker {getattr(error.last_worker, 'address', '?')} died (KilledWorker)" if killed
                         else describe_failure(error))
                attempts = resubmitted.get(number, 0) + 1 if killed else retries + 1
                unfinished = [*number_of.values(), number]
                raise not_played(number, parts, unfinished, started, attempts, cause, retries) from error
    finally:
        client.cancel(list(pending.futures))
