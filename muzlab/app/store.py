"""A class folder's SQLite file: the class's keys and every event, each written as it happens.

The class is its events replayed (a student joined, the teacher dealt tables, a student acted), as a
game is its events: a server killed mid-game and started again on the same folder resumes the roster,
the tables, the games and the scores. One folder holds one class, so two classes never mix.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: The database's file name inside the class folder.
FILE_NAME = "class.sqlite"
#: Letters of a class code: no 0/O, 1/I/L, so a code read off a projector is typed right.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5


class ClassStore:
    """The class folder's database: `meta` (the teacher's key, the class code) and `events`, in order."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        with self._lock:
            # WAL with synchronous NORMAL: a commit survives the server being killed (not a power cut)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                             "kind TEXT NOT NULL, data TEXT NOT NULL)")
        self.teacher_key = self._meta("teacher_key", lambda: secrets.token_urlsafe(18))
        self.class_code = self._meta(
            "class_code", lambda: "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH)))

    def _meta(self, key: str, make: Any) -> str:
        """The stored value of `key`, made and stored the first time."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            if row is None:
                value = make()
                self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
                return value
            return row[0]

    def append(self, kind: str, data: dict[str, Any]) -> None:
        """Write one event now (committed before this returns)."""
        with self._lock:
            self._db.execute("INSERT INTO events (kind, data) VALUES (?, ?)", (kind, json.dumps(data)))

    def events(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every event written so far, in order, as (kind, data)."""
        with self._lock:
            rows = self._db.execute("SELECT kind, data FROM events ORDER BY seq").fetchall()
        for kind, data in rows:
            yield kind, json.loads(data)

    def close(self) -> None:
        """Close the file (the events are already on disk)."""
        with self._lock:
            self._db.close()
