"""A class folder's SQLite file: the class's keys and every event, each written as it happens.

The class is its events replayed (a student joined, the teacher dealt tables, a student acted), as a
game is its events: a server killed mid-game and started again on the same folder resumes the roster,
the tables, the games and the scores. One folder holds one class, so two classes never mix, and one
server at a time: the store holds an OS lock on the folder (`class.lock`) for its whole life.

A file that is not a class (random bytes, an event that is not JSON, an unknown kind of event) is
refused with one sentence before anything is written; a file from an older muzlab is copied to
`class.sqlite.backup-v<N>` before it is brought up to date.

A class folder is a term: besides the lesson's events (`CLASS_KINDS`, replayed by the classroom) it
keeps the term's (`TERM_KINDS`: assignments, answers, grade schemes, the school's roster), replayed by
`muzlab.app.term`. `forget` takes a removed student's personal data out of the file itself.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import secrets
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from muzlab.core.errors import MuzlabError

#: The database's file name inside the class folder.
FILE_NAME = "class.sqlite"
#: The lock file: held (flock) by the one server serving the folder (with the database file itself).
LOCK_NAME = "class.lock"
#: Letters of a class code: no 0/O, 1/I/L, so a code read off a projector is typed right.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: The shortest teacher key a class file may hold (muzlab makes 24 characters, 144 random bits).
MIN_KEY = 16
#: The file's layout: 1 had no `schema` row; 2 has it (and student ids are given out by the store);
#: 3 adds the term's events (TERM_KINDS), "rename", and an index of events by kind; 4: every game item's
#: moves replay to one game (a merge of two nicknames keeps one game: layout 3's merges kept both
#: nicknames' moves, and opening such a file drops the moves that do not fit, `muzlab.app.term`).
SCHEMA = 4
#: The kinds of event a lesson is made of (the classroom replays these).
CLASS_KINDS = ("join", "rejoin", "remove", "deal", "seat", "act", "rename")
#: The kinds of event a term adds (muzlab.app.term replays these).
TERM_KINDS = ("assign", "answer", "scheme", "roster")
KINDS = CLASS_KINDS + TERM_KINDS
SQLITE_HEADER = b"SQLite format 3\x00"
log = logging.getLogger(__name__)


class ClassFolderError(MuzlabError, ValueError):
    """A class folder that cannot be served: busy with another server, or its file is not a class."""


class ClassError(MuzlabError, ValueError):
    """Something a page asked that the class refuses (a bad nickname, a deal without students, ...), or
    that the class file could not keep (`_writing`); `muzlab.app.classroom` raises it, the pages say it."""


class ClassStore:
    """The class folder's database: `meta` (the teacher's key, the class code) and `events`, in order."""

    def __init__(self, folder: str | Path,
                 replay: Callable[[Iterator[tuple[int, str, dict[str, Any]]]], None] | None = None):
        """Open the folder's class; `replay(events)` is called with the lesson's events (CLASS_KINDS)
        read before anything is written, so a file it refuses (by raising) is left exactly as it was."""
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        self._lock = threading.Lock()
        self._hold = _hold_folder(self.folder)
        try:
            self._db, schema = _open_checked(self.path)
            # the layout the file had when opened (None: a new file), for replays that bring it up to date
            self.opened_schema = schema
            if replay is not None:
                replay(self.events(CLASS_KINDS))
            if schema is not None and schema < SCHEMA:  # a copy first, then the file is brought up to date
                self._db.close()
                shutil.copy2(self.path, self.path.with_name(f"{FILE_NAME}.backup-v{schema}"))
                self._db = _connect(self.path)
        except BaseException:
            if hasattr(self, "_db"):
                self._db.close()
            self._hold.close()
            raise
        try:
            self._prepare(schema)
        except sqlite3.OperationalError as error:  # a read-only file or folder, a full disk
            self._db.close()
            self._hold.close()
            raise ClassFolderError("{path} cannot be written ({error}): make the folder and its file "
                                   "writable (or free some disk space), then start the class again",
                                   path=self.path, error=str(error)[:80]) from None

    def _prepare(self, schema: int | None) -> None:
        """Bring the file's tables up to this layout (`schema`: the file's, None for a new one), and read
        (or make) the teacher's key and class code."""
        with self._lock:
            # WAL with synchronous NORMAL: a commit survives the server being killed (not a power cut)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                             "kind TEXT NOT NULL, data TEXT NOT NULL)")
            self._db.execute("CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind)")  # layout 3
            if schema != SCHEMA:  # (a file of this layout is not written on opening: the term's replay,
                # after this, may still refuse it, and a refused file is left as it was)
                self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)",
                                 (str(SCHEMA),))
            else:  # but it must take writes: a write tried and taken back (SQLite refuses a read-only file)
                self._db.execute("BEGIN")
                try:
                    self._db.execute("UPDATE meta SET value = value WHERE key = 'schema'")
                finally:
                    self._db.execute("ROLLBACK")
        self.teacher_key = self._meta("teacher_key", lambda: secrets.token_urlsafe(18))
        self.class_code = self._meta(
            "class_code", lambda: "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH)))
        if len(self.teacher_key) < MIN_KEY or not self.class_code or any(
                c not in CODE_LETTERS for c in self.class_code):  # (a hand-edited key: an empty one
            self.close()                                         # would open the teacher's page to all)
            raise ClassFolderError("{path}: the secret of the teacher's address or the class code it keeps "
                                   "is not one muzlab makes (a blank secret would let anyone in as the "
                                   "teacher): restore the file from a copy, or move it away to start the "
                                   "class afresh", path=self.path)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A write to the class file: SQLite's refusal (a full disk, a file made read-only) becomes one
        sentence for the page (ClassError), its transaction rolled back so nothing of it is kept; SQLite's
        own words go to the server's log for the teacher."""
        try:
            yield
        except sqlite3.OperationalError as refusal:
            log.warning("the class file refused a write: %s", refusal)
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise ClassError("The class's file could not be written (the disk may be full, or the file "
                             "read-only), so this was not saved: tell the teacher.") from None

    def _meta(self, key: str, make: Any) -> str:
        """The stored value of `key`, made and stored the first time."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            if row is None:
                value = make()
                self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
                return value
            return row[0]

    def setting(self, name: str) -> str | None:
        """A choice the class keeps from one lesson to the next (such as the teacher's page's language),
        or None if it was never made."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (f"setting {name}",)).fetchone()
        return None if row is None else row[0]

    def keep_setting(self, name: str, value: str) -> None:
        """Keep a choice (`setting`), committed before this returns."""
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             (f"setting {name}", value))

    def append(self, kind: str, data: dict[str, Any]) -> int:
        """Write one event now (committed before this returns); returns its number."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind of event {kind!r}")
        with self._lock, self._writing():
            return self._db.execute("INSERT INTO events (kind, data) VALUES (?, ?)",
                                    (kind, json.dumps(data))).lastrowid

    def append_all(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Write several events (kind, data) in one transaction: all of them, or none."""
        if any(kind not in KINDS for kind, _ in events):
            raise ValueError(f"unknown kind of event among {[kind for kind, _ in events]!r}")
        with self._lock, self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("INSERT INTO events (kind, data) VALUES (?, ?)",
                                     [(kind, json.dumps(data)) for kind, data in events])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def join(self, data: dict[str, Any]) -> dict[str, Any]:
        """Write a "join" event with the next student id, found and used in one transaction (so two
        joins at once never share an id); returns the data as written, with its `id`."""
        with self._lock, self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                last = self._db.execute("SELECT MAX(CAST(json_extract(data, '$.id') AS INTEGER)) "
                                        "FROM events WHERE kind = 'join'").fetchone()[0]
                data = {"id": (last or 0) + 1, **data}
                self._db.execute("INSERT INTO events (kind, data) VALUES ('join', ?)", (json.dumps(data),))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return data

    def retract(self, seq: int) -> None:
        """Take back the event just written as `seq` (an action the table then refused)."""
        with self._lock, self._writing():
            self._db.execute("DELETE FROM events WHERE seq = ?", (seq,))

    def events(self, kinds: tuple[str, ...] = KINDS) -> Iterator[tuple[int, str, dict[str, Any]]]:
        """Every event of `kinds` written so far, in order, as (number, kind, data) (checked when
        opened)."""
        with self._lock:
            if self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'events'").fetchone() is None:
                return
            marks = ", ".join("?" * len(kinds))
            rows = self._db.execute(f"SELECT seq, kind, data FROM events WHERE kind IN ({marks}) "
                                    "ORDER BY seq", kinds).fetchall()
        for seq, kind, data in rows:
            yield seq, kind, json.loads(data)

    def delete(self, seqs: list[int]) -> None:
        """Delete the events numbered `seqs`, in one transaction, and vacuum the file (an older layout's
        events its replay dropped: `muzlab.app.term.MixedGames`)."""
        with self._lock, self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("DELETE FROM events WHERE seq = ?", [(seq,) for seq in seqs])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            self._vacuum()

    def rewrite(self, drop: Callable[[str, dict[str, Any]], bool],
                change: Callable[[str, dict[str, Any]], dict[str, Any] | None]) -> int:
        """Delete every event `drop(kind, data)` chooses and replace the data of those `change(kind,
        data)` gives new data for, in one transaction; then vacuum the file, so what was taken out is
        gone from the file itself, not only from the log. Returns how many events were deleted."""
        with self._lock, self._writing():
            rows = self._db.execute("SELECT seq, kind, data FROM events ORDER BY seq").fetchall()
            self._db.execute("BEGIN IMMEDIATE")
            deleted = 0
            try:
                for seq, kind, text in rows:
                    data = json.loads(text)
                    if drop(kind, data):
                        self._db.execute("DELETE FROM events WHERE seq = ?", (seq,))
                        deleted += 1
                    elif (new := change(kind, data)) is not None:
                        self._db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(new), seq))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            self._vacuum()
        return deleted

    def _vacuum(self) -> None:
        """Make the file hold only what is left (what was deleted is gone from the file itself)."""
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._db.execute("VACUUM")
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        """Close the file (the events are already on disk) and let the folder go."""
        with self._lock:
            self._db.close()
            self._hold.close()


class _Hold:
    """The folder's lock file and its database file, each locked (flock) for this process: a server
    whose `class.lock` was deleted still holds the database, so a second one is refused all the same.
    (flock locks are apart from SQLite's own fcntl locks on the file, which they never disturb.)"""

    def __init__(self, folder: Path):
        self.files: list[Any] = []
        try:
            self.files.append(open(folder / LOCK_NAME, "a+b"))  # noqa: SIM115 (held for the store's life)
            fcntl.flock(self.files[-1], fcntl.LOCK_EX | fcntl.LOCK_NB)
            # (read-only, so that a read-only file is found by SQLite, which says so: ClassStore)
            database = os.open(folder / FILE_NAME, os.O_RDONLY | os.O_CREAT, 0o644)
            self.files.append(open(database, "rb"))  # noqa: SIM115 (held for the store's life)
            fcntl.flock(self.files[-1], fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.close()
            raise ClassFolderError("another muzlab class server is already serving {folder}: stop it "
                                   "first, or give this one another folder", folder=folder) from None
        except BaseException:
            self.close()
            raise
        lock = self.files[0]
        lock.seek(0)
        lock.truncate()
        lock.write(f"{os.getpid()}\n".encode())
        lock.flush()

    def close(self) -> None:
        for file in self.files:
            file.close()


def _hold_folder(folder: Path) -> _Hold:
    """The folder held for this process (ClassFolderError when another server holds it)."""
    return _Hold(folder)


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, check_same_thread=False, isolation_level=None)


def _open_checked(path: Path) -> tuple[sqlite3.Connection, int | None]:
    """The connection to a class file that reads as a class, and its layout (None: a new file); or
    ClassFolderError saying what is wrong. Nothing is written."""
    if path.exists() and path.stat().st_size:
        with path.open("rb") as file:
            if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                raise ClassFolderError("{path} is not a SQLite file (it may be damaged): restore it from a "
                                       "copy (class.sqlite.backup-v*, or your own), or move it away to "
                                       "start the class afresh",
                                       path=path)
    db = _connect(path)
    try:
        return db, _check(db, path)
    except BaseException:
        db.close()
        raise


def _check(db: sqlite3.Connection, path: Path) -> int | None:
    """The file's schema (None for a new file); ClassFolderError if it is not a class's file."""
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return None
        if not {"meta", "events"} <= tables:
            raise ClassFolderError("{path} is a SQLite file but not a class's (no meta and events tables): "
                                   "restore it from a copy (class.sqlite.backup-v*, or your own), or move "
                                   "it away to start the class afresh",
                                   path=path)
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        schema = 1 if row is None else int(row[0]) if str(row[0]).isdigit() else -1
        if not 1 <= schema <= SCHEMA:
            raise ClassFolderError("{path} has layout {layout}, which this muzlab does not know (it knows "
                                   "1 to {known}): use the muzlab that made it, or restore it from a copy "
                                   "(class.sqlite.backup-v*, or your own), or move it away to start the "
                                   "class afresh",
                                   path=path, layout=repr(str(row[0])[:20]), known=SCHEMA)
        # the first event of an unknown kind or whose data is not a JSON object, found by SQLite itself
        # (a term's tens of thousands of answers are checked in milliseconds, not parsed in Python)
        marks = ", ".join("?" * len(KINDS))
        bad = db.execute(f"SELECT seq, kind FROM events WHERE kind NOT IN ({marks}) OR CASE WHEN "
                         "typeof(data) = 'text' AND json_valid(data) THEN json_type(data) END "
                         "IS NOT 'object' ORDER BY seq LIMIT 1", KINDS).fetchone()
        if bad is not None:
            seq, kind = bad
            if kind not in KINDS:
                raise ClassFolderError("{path}: event {seq} is of an unknown kind {kind}: restore it from "
                                       "a copy (class.sqlite.backup-v*, or your own), or move it away to "
                                       "start the class afresh",
                                       path=path, seq=seq, kind=repr(str(kind)[:20]))
            raise ClassFolderError("{path}: event {seq} ({kind}) is not readable JSON: restore it from "
                                   "a copy (class.sqlite.backup-v*, or your own), or move it away to "
                                   "start the class afresh",
                                   path=path, seq=seq, kind=kind)
    except sqlite3.DatabaseError as error:
        raise ClassFolderError("{path} cannot be read as a class ({error}): restore it from a copy "
                               "(class.sqlite.backup-v*, or your own), or move it away to start the class "
                               "afresh",
                               path=path, error=error) from None
    return schema
