"""How often a class lets students join, and their personal codes: the limits that keep one device or
script from filling the roster or guessing a classmate's code (docs/class/limits.md). A page names
itself, so joins are counted per network address too; wrong personal codes per nickname and per class.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from collections.abc import Callable
from typing import Any

from muzlab.app.store import CODE_LETTERS, ClassError

#: Join attempts one page may make in a minute (a wrong personal code counts), and joins the whole
#: class may take in a minute: one device cannot fill the class or guess a classmate's code.
JOINS_PER_PAGE = 5
JOINS_PER_MINUTE = 60
#: Join attempts from one network address in a minute (the page is named by the device, its address
#: is not): twice what the class may take, as a whole class may sit behind one school router.
JOINS_PER_ADDRESS = 2 * JOINS_PER_MINUTE
#: Wrong personal codes for one nickname, and in the whole class, within LOCK_OUT seconds: one more is
#: refused until the oldest is that old (the nickname's, or every code's for the class).
WRONG_CODES_PER_NICKNAME = 5
WRONG_CODES_PER_CLASS = 30
LOCK_OUT = 600.0
#: Letters of a student's personal code (shown once when they join, in two groups of four: about 40
#: bits; only its hash is kept).
PERSONAL_CODE_LENGTH = 8


class JoinLimits:
    """How often joins come: JOINS_PER_PAGE attempts per page and JOINS_PER_ADDRESS per network address,
    JOINS_PER_MINUTE joins into the class, in any minute; and wrong personal codes per nickname and per
    class within LOCK_OUT seconds. Each refusal says how long to wait."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self._attempts: dict[str, deque[float]] = {}  # page or "@address": its attempts
        self._joins: deque[float] = deque()
        self._wrong: dict[int, deque[float]] = {}  # student id: wrong codes given for them
        self._wrong_all: deque[float] = deque()

    def _recent(self, times: deque[float], span: float = 60) -> deque[float]:
        while times and times[0] <= self.clock() - span:
            times.popleft()
        return times

    def attempt(self, page: str | None, address: str | None = None) -> None:
        """Count one join from `page` and `address`; ClassError once either has tried too often this
        minute (JOINS_PER_PAGE, JOINS_PER_ADDRESS)."""
        if address:
            tries = self._recent(self._attempts.setdefault(f"@{address[:100]}", deque()))
            if len(tries) >= JOINS_PER_ADDRESS:
                raise ClassError("Your network has tried to join {tries} times in a minute: wait a minute, "
                                 "then try again.", tries=JOINS_PER_ADDRESS)
            tries.append(self.clock())
        if page is None:
            return
        tries = self._recent(self._attempts.setdefault(str(page)[:100], deque()))
        if len(tries) >= JOINS_PER_PAGE:
            raise ClassError("This page has tried to join {tries} times in a minute: wait a minute, then "
                             "try again.", tries=JOINS_PER_PAGE)
        tries.append(self.clock())

    def may_guess(self, student: int, name: str) -> None:
        """ClassError if a personal code may not be tried now for `student` (nickname `name`): too many
        wrong ones for them, or in the class, within LOCK_OUT seconds."""
        minutes = round(LOCK_OUT / 60)
        if len(self._recent(self._wrong_all, LOCK_OUT)) >= WRONG_CODES_PER_CLASS:
            raise ClassError("Too many wrong personal codes have been typed in this class: wait {minutes} "
                             "minutes, or ask the teacher.", minutes=minutes)
        if len(self._recent(self._wrong.setdefault(student, deque()), LOCK_OUT)) >= WRONG_CODES_PER_NICKNAME:
            raise ClassError("Too many wrong personal codes have been typed for {name}: wait {minutes} "
                             "minutes, or ask the teacher.", name=name, minutes=minutes)

    def wrong_code(self, student: int) -> None:
        """Count a wrong personal code given for `student`."""
        self._wrong.setdefault(student, deque()).append(self.clock())
        self._wrong_all.append(self.clock())

    def room_for_one(self) -> None:
        """ClassError if JOINS_PER_MINUTE students joined in the last minute."""
        if len(self._recent(self._joins)) >= JOINS_PER_MINUTE:
            raise ClassError("{count} students joined in the last minute: wait a moment and press Join "
                             "again.", count=JOINS_PER_MINUTE)

    def joined(self) -> None:
        self._joins.append(self.clock())

    def check_return(self, student: Any, name: str, personal: Any) -> None:
        """ClassError unless `personal` is the personal code of `student` (a classmate who joined as
        `name`, or a nickname like it); every code tried for them counts (`may_guess`)."""
        given = typed_code(personal)
        if given:  # (every code tried for this student counts, under whatever look-alike nickname)
            self.may_guess(student.id, student.nickname)
        if not given or not student.code_hash or not hmac.compare_digest(
                code_hash(student.salt, given), student.code_hash):
            if given:
                self.wrong_code(student.id)
            if student.nickname != name and student.nickname.casefold() != name.casefold():
                raise ClassError("{name} looks too much like {other}, who has already joined: choose another "
                                 "nickname.", name=name, other=student.nickname)
            if given:
                raise ClassError("That personal code is not right: if that is you, type the personal "
                                 "code you were shown when you first joined; otherwise choose another "
                                 "nickname.")
            raise ClassError("Someone has already joined as {name}: if that is you, type the personal "
                             "code you were shown when you first joined; otherwise choose another "
                             "nickname.", name=name)


def new_personal_code() -> str:
    """A new personal code: PERSONAL_CODE_LENGTH letters of the class code's alphabet in two groups
    ("ABCD-EFGH"; about 40 bits), easy to copy from the screen."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(PERSONAL_CODE_LENGTH))
    half = PERSONAL_CODE_LENGTH // 2
    return f"{letters[:half]}-{letters[half:]}"


def typed_code(personal: Any) -> str:
    """A personal code as typed, its letters only (upper case): "abcd-efgh " is "ABCDEFGH"."""
    return "".join(ch for ch in personal[:30].upper() if ch.isalnum()) if isinstance(personal, str) else ""


def code_hash(salt: str, code: str) -> str:
    """The hash kept of a personal code (its letters only, so the dash and the case do not count)."""
    return hashlib.sha256(f"{salt}:{typed_code(code)}".encode()).hexdigest()
