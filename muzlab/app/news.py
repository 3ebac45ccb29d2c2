"""Who hears of a change: the class's and the term's watchers (each page's), told after every change.

A change is told with no lock of the class or the term held, on the thread that made it; a page's
watcher only queues it for the page's own drawing thread (`muzlab.app.pages.PageDrawer`), so a move
or an answer never waits on a page, and no page is drawn while a lock is held.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

log = logging.getLogger(__name__)
News = TypeVar("News")


class Watchers(Generic[News]):
    """The callbacks to tell of each change (`News`: a classroom's Change, a term's kind of change)."""

    def __init__(self) -> None:
        self._callbacks: tuple[Callable[[News], None], ...] = ()
        self._lock = threading.Lock()

    def watch(self, callback: Callable[[News], None]) -> Callable[[], None]:
        """Call `callback(news)` after every change from now on; returns `unwatch`."""
        with self._lock:
            self._callbacks = (*self._callbacks, callback)

        def unwatch() -> None:
            with self._lock:
                self._callbacks = tuple(c for c in self._callbacks if c is not callback)

        return unwatch

    def __iter__(self) -> Iterator[Callable[[News], None]]:
        """The callbacks watching now (tests and benchmarks count them)."""
        return iter(self._callbacks)

    def __len__(self) -> int:
        return len(self._callbacks)

    def tell(self, news: News) -> None:
        """Tell every watcher (the caller holds no lock of the class or the term)."""
        for callback in self._callbacks:  # (a tuple, replaced whole: no lock needed to read it)
            try:
                callback(news)
            except Exception:  # one watcher's failure never stops a move for the others
                log.exception("a watcher failed on %s", news)
