"""Outputs written whole: each file or folder is written under a temporary name and renamed into place
only when complete, an earlier output is replaced only when asked (`force`), and Parquet files carry
the id of the run that wrote them so that readers can refuse parts of different runs.

An interrupted write leaves the earlier output whole, or nothing new: Ctrl-C and SIGTERM are held
back while the finished files are renamed into place, and temporary files are removed when a write
fails or is interrupted.
"""

from __future__ import annotations

import os
import shutil
import signal
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from muzlab.core.errors import MuzlabError

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

#: The key of the run id in a Parquet file's metadata.
RUN_KEY = b"muzlab_run"


class OutputExists(MuzlabError, FileExistsError):
    """An output place that already holds an earlier output (replace it with force=True / --force)."""


class OutputError(MuzlabError, OSError):
    """An output place that cannot be written, or a folder whose parts do not belong together."""


def new_run_id() -> str:
    """A fresh id for one run's outputs."""
    return uuid.uuid4().hex[:16]


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) and SIGTERM back for a few renames or one compiled call; they arrive when the
    block ends."""
    held = {signal.SIGINT, signal.SIGTERM}
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def writable_folder(folder: Path) -> bool:
    """Make `folder` (and its parents) if missing and say whether it was made; OutputError if it cannot be
    made or written into (checked before any work, with a file made and removed there)."""
    made = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".muzlab-probe-{new_run_id()}"
        probe.touch()
        probe.unlink()
    except OSError as error:
        raise OutputError("cannot write into {folder}: {why}", folder=folder,
                          why=error.strerror or error) from None
    return made


def check_files(folder: Path, names: tuple[str, ...], force: bool) -> bool:
    """Check before any work that the files `names` can be written into `folder`: the folder is made if
    missing (returns whether it was), and earlier files are refused unless `force`."""
    if folder.exists() and not folder.is_dir():
        raise OutputError("{folder} is a file, not a folder", folder=folder)
    found = [name for name in names if (folder / name).exists()]
    if found and not force:
        raise OutputExists("{folder} already holds {files} from an earlier run; choose another folder, or "
                           "replace them with --force (force=True)", folder=folder, files=", ".join(found))
    return writable_folder(folder)


def write_parquet(frame: pd.DataFrame, path: Path, run_id: str) -> None:
    """Write `frame` to the Parquet file `path` (no index) with `run_id` in its metadata."""
    import pyarrow as pa  # pyarrow only for datasets

    write_table(pa.Table.from_pandas(frame, preserve_index=False), path, run_id)


def write_table(table: pa.Table, path: Path, run_id: str) -> None:
    """Write the Arrow `table` to the Parquet file `path` with `run_id` in its metadata (without pandas:
    the batch engine's workers write their tables as they are)."""
    import pyarrow.parquet as pq  # pyarrow only for datasets

    table = table.replace_schema_metadata({**(table.schema.metadata or {}), RUN_KEY: run_id.encode()})
    pq.write_table(table, path)


#: How pandas names each column type of muzlab's frames in a table's "pandas" metadata (pandas_type,
#: numpy_type), as `pyarrow.Table.from_pandas` writes it: "Int64" is pandas' integer with missing values.
PANDAS_TYPES = {"int64": ("int64", "int64"), "Int64": ("int64", "Int64"), "bool": ("bool", "bool"),
                "str": ("object", "str")}


def pandas_metadata(columns: list[tuple[str, str]]) -> bytes:
    """The "pandas" schema metadata `pyarrow.Table.from_pandas` gives a frame of these (name, type)
    columns (types: PANDAS_TYPES) without its index, made without importing pandas: pandas reads the
    table back with those types (tests/test_fast.py checks it against from_pandas)."""
    import importlib.metadata
    import json

    import pyarrow as pa  # pyarrow only for datasets

    described = [{"name": name, "field_name": name, "pandas_type": PANDAS_TYPES[kind][0],
                  "numpy_type": PANDAS_TYPES[kind][1], "metadata": None} for name, kind in columns]
    return json.dumps({"index_columns": [], "column_indexes": [], "columns": described, "attributes": {},
                       "creator": {"library": "pyarrow", "version": pa.__version__},
                       "pandas_version": importlib.metadata.version("pandas")}).encode()


def write_files(frames: dict[str, pd.DataFrame], folder: Path, run_id: str) -> None:
    """Write each frame to `folder`/name under a temporary name, then rename them all into place at once
    (signals held), replacing earlier files; a failed or interrupted write leaves no temporary file."""
    aside = {name: folder / f".{name}.{run_id}.tmp" for name in frames}
    try:
        for name, frame in frames.items():
            write_parquet(frame, aside[name], run_id)
        with signals_held():
            for name in frames:
                os.replace(aside[name], folder / name)
    finally:
        for path in aside.values():
            path.unlink(missing_ok=True)


def staging_folder(out: Path, run_id: str) -> Path:
    """A new, empty folder beside `out` where a folder output is written before it is renamed to `out`."""
    staging = out.parent / f".{out.name}.{run_id}.tmp"
    writable_folder(out.parent)
    try:
        staging.mkdir()
    except OSError as error:
        raise OutputError("cannot write beside {out}: {why}", out=out, why=error.strerror or error) from None
    return staging


def commit_folder(staging: Path, out: Path) -> None:
    """Rename the finished folder `staging` to `out`, replacing an earlier `out` (signals held while both
    renames happen); the earlier folder is removed afterwards."""
    old = out.parent / f".{out.name}.{staging.name.rsplit('.', 2)[-2]}.old"
    with signals_held():
        if out.exists():
            os.replace(out, old)
        os.replace(staging, out)
    shutil.rmtree(old, ignore_errors=True)


def discard(path: Path) -> None:
    """Remove a temporary file or folder left by a failed or interrupted write."""
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


@contextmanager
def file_written(path: str | Path, force: bool) -> Iterator[Path]:
    """Write one file whole: yields a temporary path beside `path` (same suffix) to write to, then renames
    it to `path` (signals held). An existing `path` is refused unless `force`, and one that is not a
    regular file (a FIFO, /dev/full) always, before anything is written;
    a failed or interrupted write leaves no temporary file and the earlier file whole."""
    final = Path(path)
    if final.is_dir():
        raise OutputError("{path} is a folder; give a file name", path=final)
    if final.exists() and not final.is_file():
        raise OutputError("{path} is not a regular file (a device, a pipe or a socket); give the name of a "
                          "file", path=final)
    if final.exists() and not force:
        raise OutputExists("{path} already exists; choose another name, or replace it with --force",
                           path=final)
    if not final.parent.is_dir():
        raise OutputError("cannot write {path}: the folder {folder} does not exist", path=final,
                          folder=final.parent)
    writable_folder(final.parent)
    aside = final.with_name(f".{final.stem}.{new_run_id()}.tmp{final.suffix}")
    try:
        yield aside
        with signals_held():
            os.replace(aside, final)
    finally:
        aside.unlink(missing_ok=True)
