"""What the class server's pages share in its one process: the class and its term, opened once from
the folder the server was started on, the students' sessions (at most MAX_SESSIONS, those closed let
go) and the sockets let in (`admission`). `muzlab.app.server` starts the server; the pages
(`muzlab.app.pages`) read this."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from muzlab.app.admission import Admission
from muzlab.app.classroom import Classroom
from muzlab.app.term import Term

#: Pages (Solara sessions) served at once; one more is told that the class is full.
MAX_SESSIONS = 150
#: Students' pages not joined yet from one client address at once: a class behind one school NAT joins
#: at most JOINS_PER_MINUTE a minute anyway, so one address holding more is a script, not a class.
UNJOINED_PER_ADDRESS = 60
#: A page that never joined, with no socket open this long, is let go (seconds): it holds no seat, so
#: a reload loses nothing, and 25 such pages held about 20 MB (benchmarks/bench_pages.py).
UNJOINED_CULL = 10.0
#: A joined page with no socket open this long is let go (seconds): its address keeps the seat, so the
#: device opened again finds it; a moment off the network (a tunnel, a sleeping screen) keeps the page.
JOINED_GRACE = 120.0
#: How often pages are looked at (seconds): one is let go up to UNJOINED_EVERY seconds after its time.
UNJOINED_EVERY = 2.0
FOLDER_VARIABLE = "MUZLAB_CLASS_FOLDER"
ADDRESS_VARIABLE = "MUZLAB_CLASS_ADDRESS"
#: The built homework edition the teacher's page packs lessons from (`muzlab class --site`; unset: none).
SITE_VARIABLE = "MUZLAB_CLASS_SITE"


class Sessions:
    """The students' pages the server holds, by session id: at most `cap` counted at once, at most
    `unjoined_per_address` not joined from one address; a student's pages count once (the newest). A
    page whose socket closed is let go UNJOINED_CULL seconds later (JOINED_GRACE for a student's newest)."""

    def __init__(self, cap: int = MAX_SESSIONS, clock: Callable[[], float] = time.monotonic,
                 unjoined_per_address: int = UNJOINED_PER_ADDRESS):
        self.cap, self.clock, self.unjoined_per_address = cap, clock, unjoined_per_address
        self._lock = threading.Lock()
        self._open: dict[str, int | None] = {}  # session: the student it joined as (None: not joined)
        self._address: dict[str, str] = {}  # session: the client address that opened it
        self._newest: dict[int, str] = {}  # student: their newest session (the one counted)
        self._gone: dict[str, float] = {}  # session: when its socket was first seen closed
        self._left = False  # a session has ended since `any_left` was last asked

    def _counted(self) -> int:
        return sum(1 for session, student in self._open.items()
                   if student is None or self._newest.get(student) == session)

    def refusal(self, session: str, address: str = "", student: int | None = None) -> str | None:
        """None if the session may have a page (it has one already, or there is room), else why not:
        "address" (too many pages from its address wait to join) or "full". A page opened with a
        student's seat (`student`) is theirs at once: it replaces their page in the count."""
        with self._lock:
            if session in self._open:
                return None
            if student is not None:
                if student not in self._newest and self._counted() >= self.cap:
                    return "full"
                self._open[session], self._address[session] = student, address
                self._newest[student] = session
                return None
            waiting = sum(1 for other, student in self._open.items()
                          if student is None and self._address.get(other) == address)
            if address and waiting >= self.unjoined_per_address:
                return "address"
            if self._counted() >= self.cap:
                return "full"
            self._open[session] = None
            self._address[session] = address
            return None

    def admit(self, session: str, address: str = "", student: int | None = None) -> bool:
        """True if the session may have a page (`refusal` is None)."""
        return self.refusal(session, address, student) is None

    def joined(self, session: str, student: int = 0) -> None:
        """The session's page has joined as `student`: it is their newest; their others no longer count."""
        with self._lock:
            if session in self._open:
                self._open[session] = student
                self._newest[student] = session

    def leave(self, session: str) -> None:
        with self._lock:
            student = self._open.pop(session, None)
            if session in self._address:
                self._left = True
                del self._address[session]
            if student is not None and self._newest.get(student) == session:
                del self._newest[student]
            self._gone.pop(session, None)

    def any_left(self) -> bool:
        """True if a session has ended since the last call (its page closed, or let go)."""
        with self._lock:
            left, self._left = self._left, False
            return left

    def to_end(self, connected: Callable[[str], bool]) -> list[str]:
        """The sessions to end now: `connected(session)` False for UNJOINED_CULL s (JOINED_GRACE s for a
        student's newest page)."""
        now, ending = self.clock(), []
        with self._lock:
            for session, student in self._open.items():
                if connected(session):
                    self._gone.pop(session, None)
                    continue
                newest = student is not None and self._newest.get(student) == session
                if now - self._gone.setdefault(session, now) >= (JOINED_GRACE if newest else UNJOINED_CULL):
                    ending.append(session)
        return ending

    def __len__(self) -> int:
        with self._lock:
            return self._counted()


sessions = Sessions()
#: The sockets and Solara sessions let in, by client address (muzlab.app.admission).
admission = Admission()
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


def lite_site() -> Path | None:
    """The built homework edition the server was started with (checked then), or None."""
    site = os.environ.get(SITE_VARIABLE, "")
    return Path(site) if site else None


def student_address() -> str:
    """The address students open (without the class code)."""
    return os.environ.get(ADDRESS_VARIABLE, "")
