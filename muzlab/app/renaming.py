"""Renaming a student (the teacher's), a part of the classroom kept in its own module: the "rename"
event is written first, then applied to the roster, the nickname every table shows and the seats.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from muzlab.app import nicknames
from muzlab.play.table import Seat

if TYPE_CHECKING:
    from muzlab.app.classroom import Student


class Renaming:
    """`Classroom.rename` and its replay (`_renamed`), on the classroom's roster and tables."""

    #: The classroom's refusal (ClassError) and change (Change), given by the classroom's class line,
    #: so this module imports nothing of it.
    Refusal: type[Exception]
    Changed: Callable[[str], Any]

    def __init_subclass__(cls, refusal: type[Exception], change: Callable[[str], Any], **kwargs: Any):
        super().__init_subclass__(**kwargs)
        cls.Refusal, cls.Changed = refusal, change

    def rename(self, student_id: int, nickname: Any) -> Student:
        """Give a student on the roster another nickname (checked as a joining one is: not like another
        student's); their personal code, seat and answers stay theirs."""
        try:
            name = nicknames.clean(nickname)
        except nicknames.NicknameError as error:
            raise self.Refusal(error.template, **error.fields) from None
        with self.log.telling(self.Changed("roster")), self.lock:
            if student_id not in self.students:
                raise self.Refusal("That student is not on the roster.")
            twin = next((s for s in self.students.values()
                         if s.id != student_id and nicknames.looks_like(s.nickname, name)), None)
            if twin is not None:
                raise self.Refusal("{name} looks too much like {other}, who has already joined: choose "
                                   "another nickname.", name=name, other=twin.nickname)
            data = {"id": student_id, "nickname": name}
            renamed = self.log.record("rename", data)
        return renamed

    def _renamed(self, data: dict) -> Student:
        old = self.students[int(data["id"])]
        student = replace(old, nickname=str(data["nickname"]), code="")
        self.students[student.id] = self._by_token[student.token] = student
        self._names[student.id] = student.nickname
        self._name_seats(student.id, student.nickname, self.tables)
        return student

    def forgotten(self, student_id: int, placeholder: str) -> None:
        """A student forgotten (the term has rewritten their events): the names kept for past tables and
        every table's seat, past ones too, say `placeholder`, as they do after a restart (an Export
        names them no more)."""
        with self.lock:
            self._names[student_id] = placeholder
            self._name_seats(student_id, placeholder, [*self.past, *self.tables])

    @staticmethod
    def _name_seats(student_id: int, name: str, tables: list) -> None:
        """The student's seat at each of `tables` named `name`."""
        for table in tables:
            if student_id in table.students:
                with table.lock:  # (a new name at the table: a new version of it for its pages)
                    seats = list(table.table.seats)
                    seats[table.students.index(student_id)] = Seat(name, None)
                    table.table.seats = tuple(seats)
                    table.version += 1

