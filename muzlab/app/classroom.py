"""A class in one process: the roster, tables of 1-4, whose turn it is, tournaments and standings.

Everything a page may ask goes through `Classroom`, which decides: a student acts only from their own
seat and only in their turn; a refusal changes nothing and comes back as a sentence. Games are the
muzlab `Table`s (the rules are asked, never re-implemented). Each change is written to the class
folder's SQLite file as it happens (`muzlab.app.store`) and replayed when the server starts again.

A duplicate tournament gives every table the same seed, so every table rolls the same sequence of
dice and the scores compare decisions, not luck.
"""

from __future__ import annotations

import hmac
import io
import logging
import multiprocessing
import os
import secrets
import threading
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from muzlab.app import nicknames
from muzlab.app.event_log import EventLog
from muzlab.app.joining import JOINS_PER_MINUTE, JoinLimits, code_hash, new_personal_code  # noqa: F401
from muzlab.app.log_checks import check_class_event
from muzlab.app.parent_watch import end_with_parent
from muzlab.app.presence import Presence
from muzlab.app.renaming import Renaming
from muzlab.app.store import ClassError
from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError
from muzlab.core.spreadsheet import csv_records
from muzlab.names.error_words import error_words
from muzlab.names.language import DEFAULT_NOTE_NAMES
from muzlab.names.reader import PLAIN, Reader
from muzlab.names.typed_moves import TypedMove, read_move
from muzlab.play import coach
from muzlab.play.agents import seat_agents
from muzlab.play.game import MAX_PLAYERS, Game
from muzlab.play.table import COMPUTER_SEAT, FREE_SEAT, Message, Seat, Status, Table
from muzlab.play.table_news import News, said
from muzlab.rules.ruleset import RuleSet

#: How tables play: each its own dice, or every table the same dice (a duplicate tournament).
MODES = ("normal", "duplicate")
#: What a student may do at their table.
ACTIONS = ("roll", "place", "pass", "hint")
MAX_NICKNAME = nicknames.MAX_NICKNAME
MAX_STUDENTS = 120
#: The computer player that takes a seat the teacher gives to the computer.
COMPUTER = "greedy"
log = logging.getLogger(__name__)
#: The export's decision columns: where the decision was made, then the review's own columns.
EXPORT_COLUMNS = ("round", "table", "mode", "nickname")


@dataclass(frozen=True)
class Student:
    """A joined student: a nickname (no account, nothing else), the token that finds their seat, and
    the hash of their personal code. `code` is the code itself, only on the Student `join` returns."""

    id: int
    nickname: str
    token: str
    code_hash: str = field(default="", repr=False)
    salt: str = field(default="", repr=False)
    code: str = field(default="", repr=False, compare=False)


@dataclass
class ClassTable:
    """One table of a round: its students in seat order and the muzlab Table they play at."""

    round: int
    number: int
    mode: str
    #: The student id at each seat; None for a free seat or one given to the computer.
    students: tuple[int | None, ...]
    table: Table
    #: Every decision made at the table (a die placed or passed), as the coach reviews it.
    decisions: list[coach.Decision] = field(default_factory=list, repr=False)
    #: The points each decision lost against the best immediate score (the review's `loss`).
    losses: list[int] = field(default_factory=list, repr=False)
    #: Each seat's luck-adjusted score (the coach's fair review) once the game is over and reviewed.
    fair: list[float] | None = field(default=None, repr=False)
    #: The fair review under way in the reviewer's process (None before the game is over).
    fair_review: Future | None = field(default=None, repr=False)
    #: Why the table has no luck-adjusted scores, when the review could not be made.
    fair_missing: str = ""
    #: Held while the table changes or is read for a snapshot (never while a page draws).
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)
    #: Counts the table's changes: a page that drew this version has nothing to draw again. Every
    #: change of what a snapshot holds counts one (under the table's lock).
    version: int = field(default=0, compare=False)
    #: The snapshot of `version`, once taken: every page at the table draws the same one.
    _snapshot: TableSnapshot | None = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> Game:
        """The game played at this table (its `Table`'s, which a new game or a load replaces)."""
        return self.table.game

    def standings(self, names: dict[int, str]) -> list[dict[str, Any]]:
        """The leaderboard's rows of this table's students (`Classroom.standings`), under its lock."""
        rows = []
        with self.lock:
            game = self.game
            for seat, sid in enumerate(self.students):
                if sid is None:
                    continue
                mine = [loss for decision, loss in zip(self.decisions, self.losses, strict=True)
                        if decision.seat == seat]
                completions = sum(len(e.completed) for e in game.events
                                  if e.kind == "place" and e.player == seat)
                rows.append({"nickname": names[sid], "table": self.number,
                             "score": game.scores[seat], "completions": completions,
                             "points lost": sum(mine), "decisions": len(mine),
                             "hints": self.table.hints_used(seat),
                             "luck-adjusted": None if self.fair is None else round(self.fair[seat], 1)})
        return rows

    def snapshot(self) -> TableSnapshot:
        """The table as a page draws it, copied under the table's lock (immutable values only), once
        per version: the pages at the table share it."""
        with self.lock:
            if self._snapshot is None or self._snapshot.version != self.version:
                self._snapshot = self._copy()
            return self._snapshot

    def _copy(self) -> TableSnapshot:
        with self.lock:
            t, game = self.table, self.game
            hand = None if game.over else game.hand
            last = self.decisions[-1] if self.decisions else None
            return TableSnapshot(
                round=self.round, number=self.number, version=self.version,
                board_version=len(game.events), students=self.students,
                seats=t.seats, history=game.history(), position=game.position, last=t.last, hand=hand,
                phase=game.phase, over=game.over, current_player=game.current_player,
                legal=tuple(game.legal_placements()) if hand is not None else (), scores=game.scores,
                supply=game.supply, allow_hints=t.allow_hints,
                status=t.standing,
                fair_missing=self.fair_missing,
                last_decision=None if last is None else (last.position, last.pitch, last.cell,
                                                         last.passed_die))


@dataclass(frozen=True)
class TableSnapshot:
    """One table at one moment, as its pages draw it: facts only (the words are the page's own)."""

    round: int
    number: int
    version: int
    #: Counts the changes of the board itself (the game's events: a roll, a placement, a pass): a
    #: reseat or a review changes `version` but not this, so a board's picture keyed on it stays good.
    board_version: int
    students: tuple[int | None, ...]
    seats: tuple[Seat, ...]
    #: Every event with the positions before and after it (what the die names are written from).
    history: tuple[Any, ...]
    position: Any
    last: Any
    hand: int | None
    phase: str
    over: bool
    current_player: int
    legal: tuple[Any, ...]
    scores: tuple[int, ...]
    supply: int
    allow_hints: bool
    fair_missing: str
    #: The last decision (position, pitch, cell, passed die), for the coach's comment, or None.
    last_decision: tuple[Any, ...] | None = None
    #: Whose turn it is and what they do next, or the result, as facts (`status_words` says them).
    status: Status | None = field(default=None, compare=False)
    _said: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def status_words(self, language: str) -> str:
        """The status in `language` (seat names only: no note is named, so the language is all of the
        reader it needs), worded with no lock held, once a language by the first page that asks."""
        if language not in self._said:
            self._said[language] = self.status.words(Reader(language=language))
        return self._said[language]


@dataclass(frozen=True)
class Change:
    """What changed, for the pages to redraw: "roster" (a join), "deal", "seat" (a student returned,
    moved or removed, a seat freed or given to the computer), "presence" (a student's page opened or
    let go of their seat: `attend`) or "table" (with its round and number)."""

    kind: str
    table: int | None = None
    round: int | None = None


def table_sizes(students: int, size: int) -> list[int]:
    """Split `students` into the fewest tables of at most `size`, as even as can be (5 by 2: 2, 2, 1)."""
    if not 1 <= size <= MAX_PLAYERS:
        raise ClassError("a table seats 1 to {most} students, not {size}", most=MAX_PLAYERS, size=size)
    tables = -(-students // size)
    return [students // tables + (i < students % tables) for i in range(tables)] if tables else []


class Reviewer:
    """The fair reviews of finished games, made in one process of its own (started on first need),
    so the tables play on while it works; `tell` hears each table whose review arrived."""

    def __init__(self, tell: Callable[[Change], None]):
        self.tell = tell
        #: The reviewer's process pool (None before the first review, or once found dead).
        self.pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def review_when_over(self, table: ClassTable, again: bool = True) -> None:
        """Once the table's game is over, have its fair review made in the reviewer's process; the
        leaderboard shows each seat's luck-adjusted score when it arrives. A reviewer found dead is
        replaced, and the review sent once more; if it fails again, the table says so instead."""
        if not table.game.over or (table.fair_review is not None and again):
            return
        record = table.game.to_json()
        try:
            table.fair_review = self._pool().submit(luck_adjusted_scores, record)
        except (BrokenProcessPool, RuntimeError):
            self._forget()  # a dead pool: a new one
            table.fair_review = self._pool().submit(luck_adjusted_scores, record)

        def arrived(review: Future) -> None:
            with table.lock:
                if review.cancelled() or review.exception() is not None:
                    if isinstance(review.exception(), BrokenProcessPool):
                        self._forget()  # the next review starts a new one
                        if again:
                            self.review_when_over(table, again=False)
                            return
                    table.fair_missing = "The luck-adjusted review could not be made for this table."
                else:
                    table.fair = review.result()
                table.version += 1
            self.tell(Change("table", table.number, table.round))

        table.fair_review.add_done_callback(arrived)

    def _forget(self) -> None:
        """A dead pool is let go: the next review starts a new one."""
        with self._lock:
            self.pool = None

    def _pool(self) -> ProcessPoolExecutor:
        """The pool, started on first need."""
        with self._lock:
            if self.pool is None:
                self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=end_with_parent, initargs=(os.getpid(),))
            return self.pool


class Classroom(Renaming, Presence, refusal=ClassError, change=Change):
    """A class kept in `folder`: join, deal, act, seats, standings and export; `watch` hears every change.

    Every change goes through the class's `EventLog`: written to the folder's file first and applied
    after, so memory is never ahead of the file; a replayed event that does not give what the file says
    is an error naming the event.

    Locks: `lock` (the class's) for the roster, the deal and the seats; each table's own lock for its
    game, so tables play at once. A change is told to the watchers after every lock is let go, and a
    watcher only queues it (each page draws on its own thread), so no page is drawn under a lock."""

    def __init__(self, folder: str | Path, dice: int = 21, clock: Callable[[], float] = time.monotonic):
        self.folder = Path(folder)
        self.dice = dice
        #: The board every table plays on (the basic rules' board for this many dice).
        self.board = Board.named(RuleSet.basic().board_name_for(dice))
        self.lock = threading.RLock()
        self.students: dict[int, Student] = {}
        self._names: dict[int, str] = {}  # every nickname that ever joined, for past tables
        self._by_token: dict[str, Student] = {}
        self.tables: list[ClassTable] = []
        self.past: list[ClassTable] = []
        self.round = 0
        self._page_student: dict[str, int] = {}  # page (session) id: the student it joined as
        self._open_pages, self._here = {}, []  # (`Presence`)
        self._limits = JoinLimits(clock)
        #: The class's log: each event written, applied by its kind's handler, told; replayed on opening.
        self.log: EventLog[Change] = EventLog(
            {"join": self._joined, "rejoin": self._rejoined, "remove": self._removed, "deal": self._dealt,
             "seat": self._seated, "act": self._replay_act, "rename": self._renamed},
            lambda kind, data: check_class_event(self, kind, data, ACTIONS))
        #: One process of its own reviews finished games (a fraction of a second each), started on
        #: first need, so the tables play on while it works.
        self._reviewer = Reviewer(self.log.tell)
        self.store = self.log.open(folder)
        for table in self.tables:  # games that ended before a restart
            self._reviewer.review_when_over(table)

    # ---- reading ----------------------------------------------------------------------------------
    @property
    def teacher_key(self) -> str:
        return self.store.teacher_key

    @property
    def class_code(self) -> str:
        return self.store.class_code

    def is_teacher(self, key: Any) -> bool:
        """True for the teacher's key (compared in constant time)."""
        return isinstance(key, str) and hmac.compare_digest(key.encode(), self.teacher_key.encode())

    def student(self, token: str | None) -> Student | None:
        """The student whose device holds `token`, or None."""
        return self._by_token.get(token) if isinstance(token, str) else None

    def seat_of(self, student: Student) -> tuple[ClassTable, int] | None:
        """The student's table in this round and their seat at it, or None when not seated."""
        for table in self.tables:
            if student.id in table.students:
                return table, table.students.index(student.id)
        return None

    def table(self, number: int) -> ClassTable | None:
        """This round's table `number` (from 1), or None."""
        known = isinstance(number, int) and 1 <= number <= len(self.tables)
        return self.tables[number - 1] if known else None

    def nickname(self, student_id: int | None) -> str | None:
        """The nickname of a student who joined (also one removed since), or None."""
        return self._names.get(student_id) if student_id is not None else None

    # ---- the roster ---------------------------------------------------------------------------------
    def join(self, nickname: Any, code: Any = None, page: str | None = None, personal: Any = None,
             address: str | None = None) -> Student:
        """Add a student by nickname; `code` must be the class code, `page` names the page (session)
        asking and `address` its network address (both counted: `JoinLimits`). With `personal`, the
        personal code shown when they first joined, a student gets their seat back (with a new token:
        the old link stops working). Returns the student with the token their device keeps (and, on a
        first join, `code`). A refusal raises ClassError saying why."""
        with self.lock:
            self._limits.attempt(page, address)
        if code is not None and str(code)[:20].strip().upper() != self.class_code:
            raise ClassError("That is not this class's code: read it again from the teacher's screen.")
        try:
            name = nicknames.clean(nickname)
        except nicknames.NicknameError as error:
            raise ClassError(error.template, **error.fields) from None
        with self.lock:
            if page is not None and self.students.get(self._page_student.get(page, 0)):
                held = self.students[self._page_student[page]].nickname
                raise ClassError("This page has already joined as {name}: one nickname per device.",
                                 name=held)
            twin = next((s for s in self.students.values() if nicknames.looks_like(s.nickname, name)), None)
            if twin is not None:
                back = self._return(twin, name, personal, page)
            else:
                back = None
                student, personal_code = self._join_new(name, page)
        if back is not None:
            self.log.tell(Change("seat"))
            return back
        self.log.tell(Change("roster"))
        return Student(student.id, student.nickname, student.token, student.code_hash, student.salt,
                       personal_code)

    def _join_new(self, name: str, page: str | None) -> tuple[Student, str]:
        """Add a new student (the class's lock held): written first, then applied."""
        if len(self.students) >= MAX_STUDENTS:
            raise ClassError("The class is full ({count} students).", count=MAX_STUDENTS)
        self._limits.room_for_one()
        personal_code, salt = new_personal_code(), secrets.token_hex(8)
        data = self.store.join({"nickname": name, "token": secrets.token_urlsafe(12), "salt": salt,
                                "code_hash": code_hash(salt, personal_code)})
        student = self._joined(data)
        self._limits.joined()
        if page is not None:
            self._page_student[page] = student.id
        return student, personal_code

    def _return(self, student: Student, name: str, personal: Any, page: str | None) -> Student:
        """A student joining again under their nickname with their personal code: the same student, a
        new token. Without the right code: refused (and counted against the page)."""
        self._limits.check_return(student, name, personal)
        data = {"id": student.id, "token": secrets.token_urlsafe(12)}
        back = self.log.record("rejoin", data)
        for other in [p for p, sid in self._page_student.items() if sid == back.id]:
            del self._page_student[other]  # the page that held the seat before may join anew
        if page is not None:
            self._page_student[page] = back.id
        return back

    def _joined(self, data: dict) -> Student:
        student = Student(int(data["id"]), str(data["nickname"]), str(data["token"]),
                          str(data.get("code_hash", "")), str(data.get("salt", "")))
        if student.id in self._names:
            raise ClassError("student {id} joined twice", id=student.id)
        self.students[student.id] = student
        self._names[student.id] = student.nickname
        self._by_token[student.token] = student
        return student

    def _rejoined(self, data: dict) -> Student:
        old = self.students[int(data["id"])]
        self._by_token.pop(old.token, None)
        student = Student(old.id, old.nickname, str(data["token"]), old.code_hash, old.salt)
        self.students[student.id] = student
        self._by_token[student.token] = student
        return student

    def remove(self, student_id: int) -> None:
        """Take a student off the roster (the teacher's): their seat is freed and their link stops
        working; their nickname may be used again."""
        with self.log.telling(Change("seat")), self.lock, self._every_table():
            if student_id not in self.students:
                raise ClassError("That student is not on the roster.")
            self.log.record("remove", {"id": student_id})

    def _removed(self, data: dict) -> None:
        student = self.students.pop(int(data["id"]))
        self._by_token.pop(student.token, None)
        self.forget_pages(student.id)
        for table in self.tables:
            if student.id in table.students:
                self._reseat(table, table.students.index(student.id), None, computer=False)

    # ---- dealing ----------------------------------------------------------------------------------------
    def deal(self, size: int, mode: str = "normal", seed: int | None = None, hints: bool = True,
             present_only: bool = False) -> None:
        """Seat the students at tables of at most `size` (in the order they joined) for a new round
        (with `present_only`, only those whose page is open): `mode` "normal" gives each table its own
        dice, "duplicate" gives every table the same dice."""
        if mode not in MODES:
            raise ClassError("unknown mode {mode}; choose {modes}", mode=repr(str(mode)[:20]),
                             modes=" or ".join(MODES))
        with self.log.telling(Change("deal")), self.lock, self._every_table():
            if not self.students:
                raise ClassError("No student has joined yet: nobody to seat.")
            ids = self.present() if present_only else sorted(self.students)
            if not ids:
                raise ClassError("No student has the class page open: nobody to seat.")
            sizes = table_sizes(len(ids), int(size))
            seed = self.round + 1 if seed is None else int(seed)
            data = {"round": self.round + 1, "mode": mode, "seed": seed, "hints": bool(hints),
                    "tables": _seating(ids, sizes)}
            self.log.record("deal", data)

    def _dealt(self, data: dict) -> None:
        if int(data["round"]) != self.round + 1:
            raise ClassError("round {round} follows round {last}", round=data["round"], last=self.round)
        mode, seed = data["mode"], int(data["seed"])
        tables = []
        for number, ids in enumerate(data["tables"], start=1):
            game_seed = seed if mode == "duplicate" else seed * 100 + number
            names = [self.students[int(i)].nickname for i in ids]
            table = Table(len(ids), names=names, seed=game_seed, board=self.board, dice=self.dice,
                          allow_hints=bool(data["hints"]))
            tables.append(ClassTable(self.round + 1, number, mode, tuple(int(i) for i in ids), table))
        self.past.extend(self.tables)
        self.round, self.tables = int(data["round"]), tables

    # ---- seats (the teacher's) -----------------------------------------------------------------------
    def seat(self, table_number: int, seat: int, student_id: int | None = None,
             computer: bool = False) -> None:
        """Change one seat of this round: give it to `student_id` (moved from any seat they hold), free
        it (None), or give it to the computer (`computer`), which then plays it by itself."""
        with self.log.telling(Change("seat")), self.lock, self._every_table():
            table = self.table(table_number)
            if table is None:
                raise ClassError("There is no table {number} in this round.", number=str(table_number)[:10])
            if not isinstance(seat, int) or not 0 <= seat < len(table.students):
                raise ClassError("Table {number} has seats 1 to {seats}.", number=table.number,
                                 seats=len(table.students))
            if student_id is not None and student_id not in self.students:
                raise ClassError("That student is not on the roster.")
            holder = table.students[seat]
            if student_id is not None and holder not in (None, student_id):
                raise ClassError("Seat {seat} at table {number} is {name}'s: free it first.", seat=seat + 1,
                                 number=table.number, name=self._names[holder])
            data = {"round": self.round, "table": table.number, "seat": seat, "student": student_id,
                    "computer": bool(computer) and student_id is None}
            self.log.record("seat", data)

    def _seated(self, data: dict) -> None:
        table = self.table(int(data["table"]))
        if table is None or table.round != int(data["round"]):
            raise ClassError("no table {number} in round {round}", number=data["table"], round=data["round"])
        sid = None if data["student"] is None else int(data["student"])
        if sid is not None:
            if sid not in self.students:
                raise ClassError("student {id} is not on the roster", id=sid)
            for other in self.tables:
                if sid in other.students:
                    self._reseat(other, other.students.index(sid), None, computer=False)
        self._reseat(table, int(data["seat"]), sid, computer=bool(data["computer"]))

    def _reseat(self, table: ClassTable, seat: int, sid: int | None, computer: bool) -> None:
        """Put `sid` (or nobody, or the computer) at a seat, and let a computer now to act play."""
        t = table.table
        name = self._names[sid] if sid is not None else COMPUTER_SEAT[1] if computer else FREE_SEAT[1]
        students = list(table.students)
        students[seat] = sid
        table.students = tuple(students)
        table.version += 1
        seats = list(t.seats)
        seats[seat] = Seat(name, COMPUTER if computer else None)
        t.seats = tuple(seats)
        t.agents[seat] = seat_agents([COMPUTER], t.game.seed)[0] if computer else None
        if computer:
            self._play_computers(table)

    def _play_computers(self, table: ClassTable) -> None:
        """Let the computer seats to act play (they reply inside a person's action too)."""
        before = len(table.game.events)
        table.table.play_computers()
        self._keep_decisions(table, before)

    # ---- playing ------------------------------------------------------------------------------------------
    def act(self, token: str | None, action: str, cell: Any = None,
            reader: Reader | None = None) -> tuple[Message, ...]:
        """What a student's device asks ("roll", "place" a cell, "pass", "hint"), answered for `reader`
        (the page's; None: plain English). Only the student whose turn it is may act; anything else
        changes nothing and answers with a sentence. An action is written first, then played (and
        taken back if the table refuses it after all), its table alone locked: the others play on."""
        reader = reader or Reader()
        while True:
            student = self.student(token)
            if student is None:
                return (_refused(reader.gettext("This device has not joined the class: join with a "
                                                "nickname first.")),)
            seated = self.seat_of(student)
            if seated is None:
                return (_refused(reader.gettext("You have no seat yet: the teacher deals the tables.")),)
            if action not in ACTIONS:
                unknown = repr(str(action)[:20])
                return (_refused(reader.gettext("Unknown action {action}.").format(action=unknown)),)
            table, seat = seated
            with table.lock:
                # a deal, a seat change or a removal (each holds every table's lock) came first: again
                if table not in self.tables or table.students[seat] != student.id or \
                        self.student(token) is None:
                    continue
                news = self._act_at(table, seat, action, cell)
            break
        if news and not news[0].refused:
            self.log.tell(Change("table", table.number, table.round))
        return said(news, reader)  # (worded with no lock held, in the acting page's words)

    def type_move(self, token: str | None, text: str, reader: Reader | None = None) -> tuple[Message, ...]:
        """A move a student typed ("e5", or "C e5" in `reader`'s note names), played as a click on its
        cell is: text that is no move, a note that is not the die in hand, a cell that is not legal or
        a move out of turn changes nothing and answers with a sentence."""
        reader = reader or Reader()
        try:
            move = read_move(text, self.board, reader)
        except MuzlabError as error:
            return (_refused(error_words(error, reader)),)
        return self.act(token, "place", move, reader)

    def _act_at(self, table: ClassTable, seat: int, action: str, cell: Any) -> tuple[News, ...]:
        """The action at the table, its lock held: refused, or written and then played; news only
        (`act` words it once the lock is let go)."""
        game = table.game
        if not game.over and game.current_player != seat:
            return (News("not your turn", kind="refused",
                         facts={"seat": table.table.seats[game.current_player]}),)
        if isinstance(cell, TypedMove):  # typed: its note must be the die in hand; then its cell is placed
            wrong = table.table.wrong_note(cell)
            if wrong:
                return (wrong,)
            cell = cell.cell
        if not _may(table.table, action, cell):
            return self._play(table, action, cell)  # refused and why, or a hint again
        seq = self.store.append("act", {"round": table.round, "table": table.number, "seat": seat,
                                        "action": action, "cell": _cell_data(cell),
                                        "events": len(game.events)})
        news = self._play(table, action, cell)
        if not news or news[0].refused:
            self.store.retract(seq)
            return news
        try:
            self._reviewer.review_when_over(table)
        except Exception as error:  # a move never fails because of a review
            log.exception("the fair review could not be started")
            table.fair_missing = f"The luck-adjusted review could not be made ({type(error).__name__})."
        table.version += 1
        return news

    @contextmanager
    def _every_table(self) -> Iterator[None]:
        """Hold every table's lock of this round (with the class's lock held first: one order)."""
        with ExitStack() as stack:
            for table in self.tables:
                stack.enter_context(table.lock)
            yield

    def _play(self, table: ClassTable, action: str, cell: Any) -> tuple[News, ...]:
        """Do the action at the table (its news, no words); each die placed or passed (also by a
        computer seat) is kept as a decision for the coach."""
        t, game = table.table, table.game
        before = len(game.events)
        if action == "place":
            news = t.place(cell)
        else:
            news = {"roll": t.roll, "pass": t.pass_die, "hint": t.hint}[action]()
        self._keep_decisions(table, before)
        return news

    def _keep_decisions(self, table: ClassTable, before: int) -> None:
        """Keep the decisions among the game's events from `before` on, as
        `muzlab.play.coach.decisions` finds them (the position and the die before each)."""
        game = table.game
        if len(game.events) == before:
            return
        for d in coach.decisions(game):
            if d.index >= before:
                table.decisions.append(d)
                table.losses.append(d.position.best_placements(d.pitch)[0]
                                    - (d.event.points if d.event.kind == "place" else 0))

    def _replay_act(self, data: dict) -> None:
        table = self.table(int(data["table"]))
        if table is None or table.round != int(data["round"]):
            raise ClassError("no table {number} in round {round}", number=data["table"],
                             round=data["round"])
        game = table.game
        if "events" in data and int(data["events"]) != len(game.events):
            raise ClassError("the log says {logged} events came before it, the game has {events}",
                             logged=data["events"], events=len(game.events))
        if game.over or game.current_player != int(data["seat"]):
            raise ClassError("it was not seat {seat}'s turn", seat=int(data["seat"]) + 1)
        cell = tuple(data["cell"]) if isinstance(data["cell"], list) else data["cell"]
        news = self._play(table, str(data["action"]), cell)
        if not news or news[0].refused:
            why = news[0].words(PLAIN).text if news else "no answer"  # (worded only for the error)
            raise ClassError("the table refused it: {why}", why=why)

    def watch(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call `callback(change)` after every change (`EventLog.watch`). Returns `unwatch`."""
        return self.log.watch(callback)

    # ---- standings and export --------------------------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """This round's leaderboard, best first: nickname, table, score, completions, points lost (the
        best immediate score minus the points played, summed over the student's decisions, as the
        coach's review counts them), decisions, hints, and the luck-adjusted score (the score with the
        luck of the dice taken out, `muzlab.play.coach.summary`) once the game is over and reviewed
        (None until then)."""
        rows = [row for table in self.tables for row in table.standings(self._names)]
        rows.sort(key=lambda row: (-row["score"], row["points lost"], row["nickname"].casefold()))
        return rows

    def export(self, language: str = "en") -> bytes:
        """The teacher's zip of every game of the class (`export_zip`); copying a record is all that
        holds its table's lock."""
        with self.lock:
            tables = [*self.past, *self.tables]
        games = []
        for table in tables:
            with table.lock:
                games.append((table.round, table.number, table.mode,
                              [seat.name for seat in table.table.seats], table.game.to_json()))
        return export_zip(games, language)


def export_zip(games: Sequence[tuple[int, int, str, list[str], str]], language: str = "en") -> bytes:
    """A zip: decisions.csv (one row per student per decision: the coach's review columns, with the
    expert's choice, the values and luck, and the comment, in `language`; the column names stay
    English) and every game's record (games/round-R-table-T.json). The reviews (a fraction of a
    second a game) are made in a process of their own, so the tables play on."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        decisions = pool.submit(decisions_csv, games, language).result()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for round_number, number, _mode, _nicknames, record in games:
            archive.writestr(f"games/round-{round_number}-table-{number}.json", record)
        archive.writestr("decisions.csv", decisions)
    return buffer.getvalue()


def luck_adjusted_scores(record: str) -> list[float]:
    """Each seat's luck-adjusted score in a finished game (its final score minus the luck of its
    rolls, the coach's fair review), from its record: run in the reviewer's process."""
    summary = coach.summary(coach.review(Game.from_json(record)))
    return [float(score) for score in summary["luck_adjusted"]]


def decisions_csv(games: Sequence[tuple[int, int, str, list[str], str]], language: str = "en") -> str:
    """The export's decisions.csv from (round, table, mode, nicknames by seat, record) per game: the
    coach's review of each game, one row per decision, its data columns English and in English note
    names as records are (whatever the language), the comment in `language` with its usual note
    names; through `muzlab.core.spreadsheet`, so no nickname runs as a formula."""
    columns: list[str] = []
    rows = []
    reader = Reader(DEFAULT_NOTE_NAMES[language], language=language)
    for round_number, number, mode, seat_names, record in games:
        game = Game.from_json(record)
        for row, comment in zip(coach.review(game, reader=PLAIN).to_dict("records"),
                                coach.comments(game, reader), strict=True):
            row["comment"] = comment
            row["player"] = seat_names[row["seat"]]
            row["best_cells"] = " ".join(row["best_cells"])
            columns = columns or [*EXPORT_COLUMNS, *row]
            rows.append({"round": round_number, "table": number, "mode": mode, "nickname": row["player"],
                         **row})
    return csv_records(rows, columns or EXPORT_COLUMNS)


def _seating(ids: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    seating, start = [], 0
    for size in sizes:
        seating.append(list(ids[start:start + size]))
        start += size
    return seating


def _may(table: Table, action: str, cell: Any) -> bool:
    """Whether the action is written before the table takes it (its own facts: phase, die in hand,
    legal cells): False for what it refuses for sure, so that a refused action is never written, and
    for a hint the die in hand has had (given again, not written again: one a die)."""
    if action == "roll":
        return table.can_roll
    if action == "pass":
        return table.can_pass
    if action == "hint":
        return table.can_hint and not table.hinted
    if not table.person_to_act or table.game.hand is None:
        return False
    if isinstance(cell, tuple) and len(cell) == 2 and all(type(x) is int for x in cell):
        return cell in table.game.legal_placements()
    return True


def _refused(text: str) -> Message:
    return Message(text, kind="refused")


def _cell_data(cell: Any) -> Any:
    """A cell as JSON keeps it: (q, r) as a list, a name as a string."""
    return list(cell) if isinstance(cell, tuple) else cell
