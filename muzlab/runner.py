"""Chunks of work run in local processes or on a Dask cluster, with retries: the machinery under
`muzlab.simulate`, which knows nothing of games.

`run_chunks(task, jobs, parts, ...)` calls `task(*jobs[i])` for every chunk i: in this process, in a
pool of `workers` processes, or on the workers of a `dask.distributed.Client`. A chunk that fails is
run again up to `retries` times; one that keeps failing stops the run with a SimulationError naming
the items (`parts[i]`, ranges of indices) that were not done, never with partial results. Dask is an
optional extra (`pip install 'muzlab[dask]'`), imported only by the functions that need it.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muzlab.errors import DaskMissing, MuzlabError, SimulationError

if TYPE_CHECKING:
    from distributed import Client

INSTALL_DASK = "Dask is not installed; pip install 'muzlab[dask]'"
#: Bounds of the automatic chunk size (games per task, and per Parquet part file).
CHUNK_MIN, CHUNK_MAX = 100, 1000


def chunks(n_items: int, size: int) -> list[range]:
    """Consecutive ranges of indices of at most `size` items."""
    return [range(start, min(start + size, n_items)) for start in range(0, n_items, size)]


def cpu_count() -> int:
    """The cores this process may run on (its affinity mask where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def auto_chunk_size(n_items: int, parallel: int) -> int:
    """About four chunks per worker, for even loads and a moving progress bar, within CHUNK_MIN..CHUNK_MAX."""
    return min(CHUNK_MAX, max(CHUNK_MIN, math.ceil(n_items / (4 * parallel))))


def spans(ranges: Iterable[range]) -> str:
    """Ranges of indices as text, neighbours merged: '0-99, 300-449'."""
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


def run_chunks(task: Callable[..., Any], jobs: list[tuple], parts: list[range], bar: Any, *,
               workers: int = 1, client: Client | None = None, key: str = "muzlab",
               retries: int = 2) -> dict[int, Any]:
    """`task(*jobs[i])` for every chunk i, results by chunk number: on the `client`'s cluster (its keys
    start with `key`), else in `workers` processes (in this process for one worker or one chunk).
    `bar` (a tqdm bar) advances by `len(parts[i])` as each chunk finishes."""
    if client is not None:
        return run_on_client(client, task, jobs, parts, retries, bar, key)
    if workers == 1 or len(parts) <= 1:
        results = {}
        for number, job in enumerate(jobs):
            results[number] = task(*job)
            bar.update(len(parts[number]))
        return results
    return run_in_processes(task, jobs, parts, workers, retries, bar)


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


# ---- the Dask cluster -----------------------------------------------------------------------------------
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


def run_on_client(client: Client, task: Callable[..., Any], jobs: list[tuple], parts: list[range],
                  retries: int, bar: Any, key: str) -> dict[int, Any]:
    """`task(*jobs[i])` for every chunk i on the cluster, one task per chunk, results as they complete.

    Task keys start with `key`, so the same run gets the same keys. A chunk that raises is retried
    `retries` times by the scheduler. One whose worker dies is re-run by the scheduler (up to
    distributed.scheduler.allowed-failures deaths), then, once that gives KilledWorker, resubmitted up
    to `retries` times. A chunk still failing stops the run: the other tasks are cancelled and
    SimulationError names the games that were not played.
    """
    distributed = require_distributed()
    results: dict[int, Any] = {}
    if not parts:
        return results
    check_workers(client)
    keys = [f"{key}-games-{part.start}-{part.stop - 1}" for part in parts]
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
