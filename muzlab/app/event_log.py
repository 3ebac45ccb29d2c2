"""The class folder's log as the classroom and the term keep it: write an event, apply it, tell the watchers.

An event is written to the store first and applied after by the handler of its kind, so memory is never
ahead of the file; the watchers are told once the caller's locks are let go (`muzlab.app.news`). Opening
the folder replays the stored events through the same handlers, each checked first: the first that does
not replay is a ClassFolderError naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic

from muzlab.app.log_checks import ReplayRefused
from muzlab.app.news import News, Watchers
from muzlab.app.store import FILE_NAME, ClassFolderError, ClassStore
from muzlab.core.errors import MuzlabError

Handlers = Mapping[str, Callable[[dict], Any]]


class EventLog(Generic[News]):
    """One log's `handlers` (kind: apply(data)), the `check` of a replayed event, and the watchers;
    `stale()` is called before they hear of a change (what the owner keeps that a change makes stale);
    `store` is the class folder's file, given, or opened by `open`."""

    def __init__(self, handlers: Handlers, check: Callable[[str, dict], None],
                 store: ClassStore | None = None, stale: Callable[[], None] = lambda: None):
        self.handlers, self.check, self.watchers, self.stale = handlers, check, Watchers[News](), stale
        self.store, self.folder = store, None if store is None else store.folder

    def open(self, folder: str | Path) -> ClassStore:
        """Open the class folder's file, its lesson's events replayed before anything is written."""
        self.folder = Path(folder)
        self.store = ClassStore(folder, self.replay)
        return self.store

    def record(self, kind: str, data: dict[str, Any]) -> Any:
        """Write one event, then apply it; returns what its handler returns."""
        self.store.append(kind, data)
        return self.handlers[kind](data)

    def record_all(self, kind: str, events: list[dict[str, Any]]) -> None:
        """Write several events of one kind in one transaction (all or none), then apply each."""
        self.store.append_all([(kind, data) for data in events])
        for data in events:
            self.handlers[kind](data)

    def watch(self, callback: Callable[[News], None]) -> Callable[[], None]:
        """Call `callback(news)` after every change, with no lock held, on the thread that made the change:
        a callback should only queue it (a page draws on its own thread). Returns `unwatch`."""
        return self.watchers.watch(callback)

    def tell(self, news: News) -> None:
        """Tell every watcher of a change (the caller holds none of its locks)."""
        self.stale()
        self.watchers.tell(news)

    @contextmanager
    def telling(self, news: News) -> Iterator[None]:
        """Tell `news` when the block ends without an error (put it before the locks the block takes)."""
        yield
        self.tell(news)

    def replay(self, events: Iterable[tuple[int, str, dict]], skips: Callable[..., bool] = lambda *_: False,
               forgives: Callable[..., bool] = lambda *_: False, handlers: Handlers | None = None) -> None:
        """Apply every stored (seq, kind, data) through the handlers (or `handlers`, where a replay does
        more), each checked first; an event `skips(seq, kind, data)` chooses is left out, one refused as
        never written (`ReplayRefused`) is forgiven if `forgives` says so. ClassFolderError otherwise."""
        for seq, kind, data in events:
            try:
                self.check(kind, data)
                if not skips(seq, kind, data):
                    (handlers or self.handlers)[kind](data)
            except (KeyError, TypeError, ValueError, IndexError, MuzlabError) as error:
                if not (isinstance(error, ReplayRefused) and forgives(seq, kind, data)):
                    raise ClassFolderError("{path}: event {seq} ({kind}) does not replay ({why}): restore "
                                           "the file from a copy, or move it away to start the class afresh",
                                           path=Path(self.folder) / FILE_NAME, seq=seq, kind=kind,
                                           why=replay_fault(error)) from None


def replay_fault(error: Exception) -> object:
    """What went wrong replaying an event, as a fact of ClassFolderError: a muzlab error itself (said in
    the reader's words), another one's text cut short."""
    return error if isinstance(error, MuzlabError) else str(error)[:120] or type(error).__name__
