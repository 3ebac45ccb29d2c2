"""Lesson packages of the class server, each made once and kept: a teacher's page asking for a lesson's
SCORM package (about 20 MB) gets the one made for the same lesson, language and build of the homework
edition, and pages asking at once wait for one making instead of each holding its own copy.

A build of the edition is told by its files' names, sizes and modification times (`edition_build`), so
an edition rebuilt while the server runs gives new packages (and the packages of its old build are let
go). At most `kept` packages are held, the least recently asked for let go first, and at most
`at_once` different packages are made at a time: the server holds at most `kept + at_once` packages.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

from muzlab.app.lite.scorm import lesson_package
from muzlab.names.reader import Reader

#: Packages held at most (about 20 MB each), and different packages made at once at most.
KEPT = 3
AT_ONCE = 1

Key = tuple[str, int, str, str]


def edition_build(site: Path) -> str:
    """A digest of the built edition's files (their names, sizes and modification times) that changes
    when the edition is built again; reading no file, it takes milliseconds for its 500 files."""
    digest = hashlib.sha256()
    for folder, names, files in os.walk(site):
        names.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            try:
                found = os.stat(path)
            except FileNotFoundError:  # (removed while the edition is being built again)
                continue
            digest.update(f"{os.path.relpath(path, site)}\0{found.st_size}\0{found.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


class LessonPackages:
    """Lesson packages by (edition, lesson, language, build): made once by `make` (lesson_package), at
    most `at_once` of them at a time, and at most `kept` of them held."""

    def __init__(self, make: Callable[[Path, int, Reader], bytes] = lesson_package, kept: int = KEPT,
                 at_once: int = AT_ONCE):
        if kept < 1 or at_once < 1:
            raise ValueError(f"a package cache keeps at least one package and makes at least one at a time "
                             f"(kept={kept}, at_once={at_once})")
        self.make, self.kept = make, kept
        self._lock = threading.Lock()
        self._held: OrderedDict[Key, bytes] = OrderedDict()
        self._making: dict[Key, Future[bytes]] = {}
        self._slots = threading.BoundedSemaphore(at_once)

    def held(self) -> int:
        """How many packages are held now."""
        with self._lock:
            return len(self._held)

    def package(self, site: Path, number: int, reader: Reader) -> bytes:
        """Lesson `number` of `site` in `reader`'s language: the package held for the edition's present
        build, or the one another page is waiting for, or made now (its exception raised to every page
        waiting for it, and nothing kept)."""
        site = Path(site).resolve()
        build = edition_build(site)
        key = (str(site), number, reader.language, build)
        with self._lock:
            if key in self._held:
                self._held.move_to_end(key)
                return self._held[key]
            waiting = self._making.get(key)
            if waiting is None:
                self._making[key] = mine = Future()
        if waiting is not None:
            return waiting.result()
        try:
            with self._slots:
                data = self.make(site, number, reader)
        except BaseException as error:
            with self._lock:
                del self._making[key]
            mine.set_exception(error)
            raise
        unchanged = edition_build(site) == build  # (not kept when the edition changed while packed)
        with self._lock:
            del self._making[key]
            if unchanged:
                for old in [held for held in self._held if held[0] == key[0] and held[3] != build]:
                    del self._held[old]  # an older build's: never asked for again
                self._held[key] = data
                while len(self._held) > self.kept:
                    self._held.popitem(last=False)
        mine.set_result(data)
        return data
