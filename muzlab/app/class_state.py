"""What the class server's pages share in its one process: the class and its term, opened once from
the folder the server was started on, and the students' sessions (at most MAX_SESSIONS, those that never
joined let go). `muzlab.app.server` starts the server; the pages (`muzlab.app.pages`) read this."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from datetime import datetime

from muzlab.app.classroom import Classroom
from muzlab.app.term import Term

#: Pages (Solara sessions) served at once; one more is told that the class is full.
MAX_SESSIONS = 150
#: A page that never joined, with no socket open this long, is let go (seconds): it holds no seat, so
#: a reload loses nothing, and 25 such pages held about 20 MB (benchmarks/bench_pages.py).
UNJOINED_CULL = 10.0
#: How often pages that never joined are looked at (seconds): one is let go UNJOINED_CULL to
#: UNJOINED_CULL + UNJOINED_EVERY seconds after its socket closed.
UNJOINED_EVERY = 5.0
FOLDER_VARIABLE = "MUZLAB_CLASS_FOLDER"
ADDRESS_VARIABLE = "MUZLAB_CLASS_ADDRESS"


class Sessions:
    """The students' pages the server holds, by session id: at most `cap` at once, and those that never
    joined are let go `UNJOINED_CULL` seconds after their socket closed (a joined page keeps the cull)."""

    def __init__(self, cap: int = MAX_SESSIONS, clock: Callable[[], float] = time.monotonic):
        self.cap, self.clock = cap, clock
        self._lock = threading.Lock()
        self._open: dict[str, bool] = {}  # session: joined
        self._gone: dict[str, float] = {}  # session: when its socket was first seen closed
        self._left = False  # a session has ended since `any_left` was last asked

    def admit(self, session: str) -> bool:
        """True if the session may have a page (it has one already, or there is room for one)."""
        with self._lock:
            if session in self._open:
                return True
            if len(self._open) >= self.cap:
                return False
            self._open[session] = False
            return True

    def joined(self, session: str) -> None:
        with self._lock:
            if session in self._open:
                self._open[session] = True

    def leave(self, session: str) -> None:
        with self._lock:
            if self._open.pop(session, None) is not None:
                self._left = True
            self._gone.pop(session, None)

    def any_left(self) -> bool:
        """True if a session has ended since the last call (its page closed, or let go)."""
        with self._lock:
            left, self._left = self._left, False
            return left

    def to_end(self, connected: Callable[[str], bool]) -> list[str]:
        """The sessions to end now: never joined, and `connected(session)` False for UNJOINED_CULL s."""
        now, ending = self.clock(), []
        with self._lock:
            for session, joined in self._open.items():
                if joined or connected(session):
                    self._gone.pop(session, None)
                    continue
                if now - self._gone.setdefault(session, now) >= UNJOINED_CULL:
                    ending.append(session)
        return ending

    def __len__(self) -> int:
        return len(self._open)


sessions = Sessions()
_room: Classroom | None = None
_term: Term | None = None
_room_lock = threading.Lock()


def classroom() -> Classroom:
    """The class this process serves (the folder named by MUZLAB_CLASS_FOLDER), opened once."""
    global _room
    with _room_lock:
        if _room is None:
            _room = Classroom(os.environ.get(FOLDER_VARIABLE, "muzlab-class"))
        return _room


def term() -> Term:
    """The term of the class this process serves, opened once; its clock is this computer's local time."""
    global _term
    room = classroom()
    with _room_lock:
        if _term is None:
            _term = Term(room, lambda: datetime.now().astimezone())
        return _term


def student_address() -> str:
    """The address students open (without the class code)."""
    return os.environ.get(ADDRESS_VARIABLE, "")
