"""Who is here: the students with a page open, a part of the classroom kept in its own module. The
teacher's roster marks them, and Deal seats only them unless asked otherwise.

A page counts while its `is_open()` says its socket is connected. A page that opens or is let go
tells the class at once; a socket that drops or comes back tells nobody itself, so the server asks
`look_who_is_here` now and then (`muzlab.app.server`), and the watchers hear "presence" whenever the
students here are not those last told.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muzlab.app.classroom import Student
    from muzlab.app.event_log import EventLog


class Presence:
    """`Classroom.attend`, `present` and `look_who_is_here`, on the classroom's roster; a change is told
    as the classroom's Change "presence" (`Changed`, given by its class line: muzlab.app.renaming)."""

    Changed: Callable[[str], Any]
    lock: threading.RLock
    students: dict[int, Student]
    log: EventLog
    #: Each student's pages (the `is_open` of each), and the students here as last told; both made
    #: empty by the classroom.
    _open_pages: dict[int, list[Callable[[], bool]]]
    _here: list[int]

    def attend(self, student: Student, is_open: Callable[[], bool]) -> Callable[[], None]:
        """Count a page of `student` as open while `is_open()` says so; returns `leave`. Both tell the
        watchers when the students here change ("presence")."""
        with self.lock:
            self._open_pages.setdefault(student.id, []).append(is_open)
        self.look_who_is_here()

        def leave() -> None:
            with self.lock:
                pages = self._open_pages.get(student.id, [])
                if is_open in pages:
                    pages.remove(is_open)
            self.look_who_is_here()

        return leave

    def forget_pages(self, student_id: int) -> None:
        """A student off the roster: their pages no longer count (the class's lock held)."""
        self._open_pages.pop(student_id, None)

    def present(self) -> list[int]:
        """The ids of the students on the roster with a page open now, in the order they joined."""
        with self.lock:
            pages = self._open_pages
            return [sid for sid in sorted(self.students) if any(alive() for alive in pages.get(sid, ()))]

    def look_who_is_here(self) -> bool:
        """Tell the watchers "presence" if the students here are not those last told; True if so."""
        here = self.present()
        with self.lock:
            changed, self._here = here != self._here, here
        if changed:
            self.log.tell(self.Changed("presence"))
        return changed
