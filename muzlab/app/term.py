"""A term in a class folder: assignments, each answer as it is given, progress per idea, grades out.

The class folder is the term: restarting `muzlab class FOLDER` next week replays the roster (the
classroom) and the term's events (here): "assign" (what, how many, the seed, for whom, opening and
closing dates, the grade scheme), "answer" (one reply to one item, right or not, when, and the ideas
it tests), "scheme" (the teacher changed an assignment's grade scheme) and "roster" (the school's
identifiers for the nicknames). As in the classroom, every change is written to the file first and
applied after, and a refusal (unknown assignment, a student it is not for, past its closing date,
a malformed roster file) raises TermError with one sentence and changes nothing.

Items are the project's one question model: ear-training drills (`muzlab.play.eartraining`), quiz
questions (`muzlab.play.quiz`) and puzzles (`muzlab.play.puzzles`), drawn from the assignment's seed
(the same for everyone, or each student's own), worded in the note names in force when asked. A
reply is an option's number or a cell, so it means the same in every note-name convention.

Dates come from the `clock` the Term is given (a function returning the datetime now), never from
the system inside the logic, so a term replays and tests the same on any day.

Grades (`GradeScheme`, documented there and adjustable per assignment) go out as one CSV per
assignment in the import format of Moodle, Canvas or Google Classroom, the nickname mapped to the
school's identifier by the roster file; the progress table goes out as CSV and Parquet.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import io
import threading
import zipfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime
from typing import Any

from muzlab.app import nicknames, term_games
from muzlab.app.classroom import ClassError, Classroom, replay_fault
from muzlab.app.store import FILE_NAME, TERM_KINDS, ClassFolderError
from muzlab.core.errors import Count
from muzlab.names.output_words import Figure
from muzlab.names.reader import Reader
from muzlab.play import keyitems, puzzles, quiz
from muzlab.play.coach import level_word
from muzlab.play.eartraining import DRILLS, Drill, EarItem, option_words
from muzlab.play.ideas import IDEA_WORDS as IDEA_WORDS  # (the term's pages read them here)
from muzlab.play.ideas import IDEAS, IDEAS_OF
from muzlab.reading import for_people

#: What an assignment may ask: the three ear-training drills, the quiz's three kinds, the two key
#: questions (muzlab.play.keyitems), puzzles, and games against the computer (muzlab.app.term_games).
ITEM_KINDS = (*DRILLS, *quiz.KINDS, *keyitems.KINDS, "puzzle", "game")
#: At most this many items in one assignment, and tries at one item.
MAX_ITEMS = 100
MAX_TRIES = 5
MAX_TITLE = 60
#: The gradebooks grades are written for (`grades_csv`).
GRADEBOOKS = ("moodle", "canvas", "google")
#: The roster file's columns: the nickname and the school's identifier are needed, the rest optional.
ROSTER_NEEDED = ("nickname", "id")
ROSTER_OPTIONAL = ("email", "name", "section", "login")
#: The progress table's columns (`progress`, `progress_csv`).
PROGRESS_COLUMNS = ("nickname", "idea", "answered", "right", "share right", "trend per week")


class TermError(ClassError):
    """Something the term refuses (an unknown assignment, a closed one, a bad roster file, ...)."""


@dataclass(frozen=True)
class GradeScheme:
    """How an assignment's answers become a grade, adjustable by the teacher per assignment.

    The grade is `out_of` × (items right) / (items set), rounded to 2 decimals. An item counts as
    right when its first try was right (`counts="first"`) or when any try was (`counts="best"`);
    an item not answered counts as wrong. A student who answered nothing gets 0 (`missing="zero"`)
    or an empty cell, so the gradebook keeps what it had (`missing="blank"`).

    A game against the computer is one try, played to its end, and winning depends on the dice: it
    counts by the coach's accuracy instead, the share of the student's decisions with a choice that
    the coach grades best or good (muzlab.play.coach). The grade of a game assignment is `out_of` ×
    the mean accuracy over the games set (a game not finished counts 0), so a student is graded on
    how they played, not on their luck; `counts` does not apply.
    """

    out_of: float = 100.0
    counts: str = "first"
    missing: str = "zero"

    def __post_init__(self) -> None:
        if not isinstance(self.out_of, int | float) or not 0 < self.out_of <= 1000:
            raise TermError("A grade is out of a number from 1 to 1000, not {out_of}.",
                            out_of=str(self.out_of)[:20])
        if self.counts not in ("first", "best"):
            raise TermError("An item counts by its first try or its best, not {counts}.",
                            counts=repr(str(self.counts)[:20]))
        if self.missing not in ("zero", "blank"):
            raise TermError("Nothing answered gives zero or a blank, not {missing}.",
                            missing=repr(str(self.missing)[:20]))


@dataclass(frozen=True)
class Assignment:
    """What the teacher set: `count` items of `kind`, drawn from `seed` (the same items for everyone
    when `same`, else each student's own), open from `opens` to `closes` (both days included), for
    the students `students` (None: the whole class), `tries` tries per item, graded by `scheme`; a
    game's opponent is the `computer` level (term_games.LEVELS)."""

    id: int
    title: str
    kind: str
    count: int
    seed: int
    same: bool
    opens: date
    closes: date
    students: tuple[int, ...] | None = None
    tries: int = 1
    scheme: GradeScheme = field(default_factory=GradeScheme)
    computer: str = "greedy"

    def is_for(self, student_id: int) -> bool:
        """Whether the assignment was set for this student."""
        return self.students is None or student_id in self.students

    def is_open(self, today: date) -> bool:
        """Whether answers are taken on `today`."""
        return self.opens <= today <= self.closes

    def ideas(self) -> tuple[str, ...]:
        """The ideas its items test."""
        return IDEAS_OF[self.kind]


@dataclass(frozen=True)
class Answer:
    """One reply as stored: to item `item` of an assignment, by a student, right or not, when
    (ISO date and time from the term's clock), and the ideas it tests; a game's answers have their
    `step` (term_games.STEPS: a decision, the result, the luck-adjusted result; "" otherwise)."""

    assignment: int
    student: int
    item: int
    reply: Any
    right: bool
    at: str
    ideas: tuple[str, ...]
    step: str = ""


@dataclass(frozen=True)
class Item:
    """One item of an assignment as a student sees it, worded in the note names in force: an ear
    drill's item (`ear`, played by the page) or a quiz question or puzzle (`question`)."""

    assignment: int
    index: int
    kind: str
    question: quiz.Question | None = None
    ear: EarItem | None = None
    prompt: str = ""
    keys: keyitems.KeyQuestion | None = None

    @property
    def options(self) -> tuple[str, ...]:
        """The answers to choose from, by number (empty when the answer is a cell to click)."""
        if self.ear is not None:
            return self.ear.options
        if self.keys is not None:
            return self.keys.options
        return () if self.asks_cell or self.question is None else self.question.options

    @property
    def asks_cell(self) -> bool:
        """Whether the reply is a cell of the board (where may it go, the best cell, a game's move)."""
        return self.ear is None and self.kind in ("where", "puzzle", "game")

    def check(self, reply: Any, reader: Reader | None = None) -> tuple[bool, str]:
        """Whether `reply` (an option's number, or a cell) is right, and the sentence it earns for
        `reader` (None: the default reader, typeset)."""
        reader = for_people(reader)
        if self.asks_cell:
            if not (isinstance(reply, tuple | list) and len(reply) == 2
                    and all(type(x) is int for x in reply)):
                raise TermError("This question is answered by clicking a cell of the board.")
            return self.question.check(tuple(reply), reader)
        if type(reply) is not int or not 0 <= reply < len(self.options):
            raise TermError("Choose one of the {options} answers offered.", options=len(self.options))
        if self.ear is not None:
            right = self.ear.is_right(self.options[reply])
            said = reader.gettext("Right!") if right else reader.gettext(
                "Not quite: it was {answer}.").format(answer=option_words(self.ear.answer, reader))
            return right, f"{said} {self.ear.explanation(reader)}"
        if self.keys is not None:
            return self.keys.check(self.options[reply])
        return self.question.check(self.options[reply], reader)


def _day(value: Any, what: str) -> date:
    """A date from a date or an ISO string ("2026-12-04"); TermError naming `what` ("opening" or
    "closing") otherwise."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10].strip())
    except ValueError:
        if what == "opening":
            raise TermError("The opening date {value} is not a date (write it as 2026-12-04).",
                            value=repr(str(value)[:20])) from None
        raise TermError("The closing date {value} is not a date (write it as 2026-12-04).",
                        value=repr(str(value)[:20])) from None


def week_of(at: str) -> str:
    """The ISO week an answer's time falls in: "2026-W49"."""
    return _week_of_day(at[:10])


@functools.lru_cache(maxsize=4096)
def _week_of_day(day: str) -> str:
    year, week, _ = date.fromisoformat(day).isocalendar()
    return f"{year}-W{week:02d}"


def _slope(points: list[tuple[int, float]]) -> float | None:
    """The least-squares slope of (x, y) points, None with fewer than two distinct x."""
    if len({x for x, _ in points}) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return (sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points))


def _week_number(week: str) -> int:
    """Weeks counted on from a fixed Monday, so two ISO weeks a year apart stay 52 or 53 apart."""
    year, number = week.split("-W")
    return date.fromisocalendar(int(year), int(number), 1).toordinal() // 7


class GradeFiles:
    """The grade files a `Term` writes for the school's gradebooks (from its grades and roster)."""

    def grades_csv(self, assignment_id: int, gradebook: str) -> str:
        """One assignment's grades as a CSV the gradebook imports, students the school's roster names:

        - "moodle" (Grades > Import > CSV file): `ID number`, `Email address`, then the assignment's
          title; at the import, identify users by ID number (or email), map the title to a grade item;
        - "canvas" (Grades > Import): `Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section`, then the
          title, with a `Points Possible` row first (Canvas matches students by SIS User ID);
        - "google": Google Classroom documents no CSV grade import (its grades come in by hand, from a
          Forms quiz, or through the Classroom API), so the file holds what the API's
          courses.courseWork.studentSubmissions takes, under the API's own field names: `userId` (the
          student's email, which studentSubmissions.list accepts for the user), `draftGrade` and
          `assignedGrade` (the only grade fields a teacher may patch; both the same grade, in points of
          the assignment's "out of", which is its CourseWork's maxPoints).
        """
        if gradebook not in GRADEBOOKS:
            raise TermError("There is no gradebook {gradebook}: choose {gradebooks}.",
                            gradebook=repr(str(gradebook)[:20]), gradebooks=', '.join(GRADEBOOKS))
        assignment = self.assignment(assignment_id)
        if not self.roster:
            raise TermError("Upload the school's roster file first (nickname,id): the grade files name "
                            "students by the school's identifiers, not by nickname.")
        rows = [({**self.school_row(sid), "nickname": name}, grade)
                for sid, name, grade in self._graded(assignment) if self.school_row(sid) is not None]
        if gradebook == "google" and any(not school.get("email") for school, _ in rows):
            raise TermError("Google Classroom matches students by email: add an email column to the "
                            "roster file.")
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\r\n")
        shown = [(school, "" if grade is None else f"{grade:g}") for school, grade in rows]
        if gradebook == "moodle":
            writer.writerow(("ID number", "Email address", assignment.title))
            writer.writerows((s["id"], s.get("email", ""), g) for s, g in shown)
        elif gradebook == "canvas":
            writer.writerow(("Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment.title))
            writer.writerow(("Points Possible", "", "", "", "", f"{assignment.scheme.out_of:g}"))
            writer.writerows((s.get("name") or s["nickname"], "", s["id"], s.get("login", ""),
                              s.get("section", ""), g) for s, g in shown)
        else:
            writer.writerow(("userId", "draftGrade", "assignedGrade"))
            writer.writerows((s["email"], g, g) for s, g in shown)
        return text.getvalue()

    def grades_zip(self) -> bytes:
        """Every assignment's grade files for every gradebook (`grades/<gradebook>/<title>.csv`), the
        progress table (`progress.csv`, `progress.parquet`) and a note of the nicknames left out."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for assignment in self.assignments.values():
                for gradebook in GRADEBOOKS:
                    try:
                        archive.writestr(f"grades/{gradebook}/{_file_name(assignment.title)}.csv",
                                         self.grades_csv(assignment.id, gradebook))
                    except TermError as error:
                        archive.writestr(f"grades/{gradebook}/{_file_name(assignment.title)}.txt", str(error))
            archive.writestr("progress.csv", self.progress_csv())
            archive.writestr("progress.parquet", self.progress_parquet())
            left = self.unmapped()
            archive.writestr("left-out.txt", "Not named in the school's roster file, so not in the grade "
                             "files: " + (", ".join(left) if left else "nobody") + "\n")
        return buffer.getvalue()


class SchoolRoster:
    """The school's roster file: each nickname's identifier (and email, name, section, login) for
    the grade files."""

    def load_roster(self, text: Any) -> int:
        """Take the school's roster file (CSV, a header row with `nickname` and `id`, and optionally
        email, name, section, login): it maps each nickname to the school's identifier for the grade
        files, and replaces the roster loaded before. A file with a missing column, an empty
        identifier, a nickname twice, an identifier twice or a nickname not in the class is refused
        with a sentence naming the row, and nothing changes. Returns the number of rows taken."""
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise TermError("The roster file is not UTF-8 text: save it as CSV UTF-8.") from None
        if not isinstance(text, str) or not text.strip():
            raise TermError("The roster file is empty: it needs a header row with nickname and id.")
        reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
        header = [h.strip().casefold() for h in next(reader)]
        missing = [c for c in ROSTER_NEEDED if c not in header]
        if missing:
            raise TermError("The roster file has no {missing} column: its first row must name the columns "
                            "(nickname,id and optionally email,name,section,login).",
                            missing=' and no '.join(missing))
        class_names = {nicknames.skeleton(name): (sid, name) for sid, name in self._students().items()}
        rows: dict[str, dict[str, str]] = {}
        ids: dict[str, str] = {}
        for line, values in enumerate(reader, start=2):
            if not any(v.strip() for v in values):
                continue
            if len(values) != len(header):
                raise TermError("Row {line} of the roster file has {values}, the header {header}.", line=line,
                                values=Count(len(values), "{count} field", "{count} fields"),
                                header=len(header))
            row = {c: v.strip() for c, v in zip(header, values, strict=True)
                   if c in ROSTER_NEEDED + ROSTER_OPTIONAL}
            same = nicknames.skeleton(row["nickname"])
            if same not in class_names:
                raise TermError("Row {line} of the roster file: no student of this class is called {name}.",
                                line=line, name=repr(row['nickname'][:20]))
            if same in rows:
                raise TermError("Row {line} of the roster file: {name} is there twice.", line=line,
                                name=row['nickname'][:20])
            if not row["id"]:
                raise TermError("Row {line} of the roster file: {name} has no id.", line=line,
                                name=row['nickname'][:20])
            if row["id"] in ids:
                raise TermError("Row {line} of the roster file: the id {id} is also {other}'s.", line=line,
                                id=row['id'][:20], other=ids[row['id']])
            ids[row["id"]] = row["nickname"]
            sid, name = class_names[same]
            rows[same] = {**row, "nickname": name, "student": sid}
        if not rows:
            raise TermError("The roster file has a header but no student rows.")
        with self._lock:
            data = {"rows": list(rows.values())}
            self.room.store.append("roster", data)
            self._rostered(data)
        self._tell("roster")
        return len(rows)

    def _rostered(self, data: dict) -> None:
        self.roster = {int(row["student"]): {k: str(v) for k, v in row.items()} for row in data["rows"]}

    def school_row(self, student_id: int) -> dict[str, str] | None:
        """The school's roster row for a student, or None when the roster file does not name them."""
        return self.roster.get(student_id)

    def unmapped(self) -> list[str]:
        """Nicknames on the class's roster that the school's roster file does not name (their grades
        are left out of the grade files)."""
        return [name for sid, name in self._students().items() if self.school_row(sid) is None]


class GameItems:
    """A term's games against the computer (muzlab.app.term_games): the game of a game item, a
    student's decision in it, and the coach's figures and standings of the games finished."""

    def table(self, assignment_id: int, student_id: int, index: int) -> term_games.Table:
        """The game of a game item as it stands: its stored decisions played again (once, then kept),
        the student's die rolled."""
        assignment = self.assignment(assignment_id)
        if assignment.kind != "game":
            raise TermError("{title} is not a game.", title=assignment.title)
        self.item(assignment.id, student_id, index)  # (an index out of range is refused)
        key = (assignment.id, student_id, index)
        with self._lock:
            if key not in self._tables:
                table = term_games.new_table(self._seed(assignment, student_id) * MAX_ITEMS + index,
                                             assignment.computer, self.room.nickname(student_id) or "")
                for move in (t for t in self._tries.get(key, []) if t.step == "move"):
                    try:
                        term_games.play(table, move.reply)
                    except term_games.GameRefused:  # (two merged nicknames' moves in one game: the
                        break                        # kept one's replay, the rest do not fit)
                self._tables[key] = table
            return self._tables[key]

    def _play(self, assignment: Assignment, student_id: int, index: int, reply: Any,
              reader: Reader | None = None) -> tuple[bool, str]:
        """A student's decision in a game item (a cell, or None: pass), written with the game's
        result when it ends the game; TermError and nothing written for a refused move."""
        if reply is not None and not (isinstance(reply, tuple | list) and len(reply) == 2
                                      and all(type(x) is int for x in reply)):
            raise TermError("A game is played by clicking a cell of the board, or by passing the die.")
        key = (assignment.id, student_id, index)
        table = self.table(*key)
        right, ideas = term_games.tags(table, reply)
        try:
            words = term_games.play(table, reply, reader)
        except term_games.GameRefused as error:
            raise TermError(str(error)) from None
        at = self.clock().isoformat(timespec="seconds")
        base = {"assignment": assignment.id, "student": student_id, "item": index, "at": at}
        events = [{**base, "reply": None if reply is None else list(reply), "right": right,
                   "ideas": list(ideas), "step": "move"}]
        if table.game.over:
            figures = term_games.result(table)
            events += [{**base, "reply": figures, "right": done, "ideas": list(tags), "step": step}
                       for step, done, tags in term_games.result_answers(figures)]
            said = for_people(reader)
            words += " " + said.gettext(
                "Your accuracy: {accuracy}% ({level}); luck-adjusted margin {margin}.").format(
                accuracy=format(Figure(figures["accuracy"], said), "g"),
                level=level_word(figures["level"], said),
                margin=format(Figure(figures["luck_adjusted_margin"], said), "+g"))
        try:
            self.room.store.append_all([("answer", data) for data in events])
        except BaseException:
            self._tables.pop(key, None)  # (the table moved on: it is played again from the file)
            raise
        for data in events:
            self._answered(data)
        return right, words

    def games(self, assignment_id: int | None, student_id: int) -> list[dict[str, Any]]:
        """The coach's figures of a student's finished games (term_games.result), in one assignment or
        (None) in every game assignment, in the order played."""
        with self._lock:
            return [a.reply for a in self._by_student.get(student_id, ()) if a.step == "result"
                    and (assignment_id is None or a.assignment == assignment_id)]

    def standings(self, assignment_id: int | None = None) -> list[dict[str, Any]]:
        """The students who finished a game, best first by mean luck-adjusted margin (as the coach's
        standings rank): their nickname, rank and `term_games.standing`."""
        rows = [{"nickname": name, **term_games.standing(found)} for sid, name in self._students().items()
                if (found := self.games(assignment_id, sid))]
        rows.sort(key=lambda row: (-row["luck_adjusted_margin"], row["nickname"]))
        return [{"rank": rank, **row} for rank, row in enumerate(rows, start=1)]


class Term(GradeFiles, SchoolRoster, GameItems):
    """The term of the class `room`: assignments, answers, grade schemes and the school's roster,
    replayed from the class folder when made; `clock()` gives the datetime now (the only source of
    dates, so a test can be any week of the term)."""

    def __init__(self, room: Classroom, clock: Callable[[], datetime]):
        self.room = room
        self.clock = clock
        self._lock = threading.RLock()
        self.assignments: dict[int, Assignment] = {}
        self.answers: list[Answer] = []
        #: (assignment, student, item): the answers given to it, in order.
        self._tries: dict[tuple[int, int, int], list[Answer]] = defaultdict(list)
        self._by_student: dict[int, list[Answer]] = defaultdict(list)
        #: (assignment, student, item): the game under way, its stored decisions played (term_games).
        self._tables: dict[tuple[int, int, int], term_games.Table] = {}
        #: student -> idea -> week -> [answered, right]: the progress table's counts, kept as answers come.
        self._counts: dict[int, dict[str, dict[str, list[int]]]] = defaultdict(dict)
        #: What the pages ask again and again (done, progress), kept until the term changes.
        self._memo: dict[tuple, Any] = {}
        #: The school's roster: student id -> {"student", "nickname", "id", and the optional columns}.
        self.roster: dict[int, dict[str, str]] = {}
        self._watchers: list[Callable[[str], None]] = []
        self._replay(room.store.events(TERM_KINDS))

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call `callback(kind)` after every change to the term ("assign", "answer", "scheme",
        "roster", "forget"); returns `unwatch`."""
        with self._lock:
            self._watchers.append(callback)

        def unwatch() -> None:
            with self._lock:
                if callback in self._watchers:
                    self._watchers.remove(callback)

        return unwatch

    def _tell(self, kind: str) -> None:
        self._memo.clear()
        for callback in list(self._watchers):
            callback(kind)

    def _recount(self) -> None:
        """The progress counts made again from every answer (after answers moved or were deleted)."""
        self._counts = defaultdict(dict)
        for answer in self.answers:
            self._count(answer)
        self._memo.clear()

    def _count(self, answer: Answer) -> None:
        ideas = self._counts[answer.student]
        week = week_of(answer.at)
        for idea in answer.ideas:
            cell = ideas.setdefault(idea, {}).setdefault(week, [0, 0])
            cell[0] += 1
            cell[1] += answer.right

    def _replay(self, events: Iterator[tuple[int, str, dict[str, Any]]]) -> None:
        apply = {"assign": self._assigned, "answer": self._answered, "scheme": self._schemed,
                 "roster": self._rostered}
        for seq, kind, data in events:
            try:
                apply[kind](data)
            except (TermError, KeyError, TypeError, ValueError) as error:
                raise ClassFolderError("{path}: event {seq} ({kind}) does not replay ({why}): restore the "
                                       "file from a copy, or move it away to start the class afresh",
                                       path=self.room.folder / FILE_NAME, seq=seq, kind=kind,
                                       why=replay_fault(error)) from None

    # ---- assignments ----------------------------------------------------------------------------------
    def today(self) -> date:
        """The term's date now."""
        return self.clock().date()

    def assign(self, title: Any, kind: Any, count: Any, opens: Any, closes: Any, seed: Any = 1,
               same: bool = True, students: Any = None, tries: Any = 1,
               scheme: GradeScheme | None = None, computer: Any = "greedy") -> Assignment:
        """Set an assignment (see `Assignment`); TermError saying what is wrong, and nothing set, for a
        missing title, an unknown kind, zero items (or more games than MAX_GAMES), a closing date
        before the opening, an unknown student or computer level."""
        name = " ".join(str(title or "").split())[:MAX_TITLE]
        if not name:
            raise TermError("Give the assignment a title (it names the grade column).")
        if kind not in ITEM_KINDS:
            raise TermError("There is no kind of item {kind}: choose one of {item_kinds}.",
                            kind=repr(str(kind)[:20]), item_kinds=', '.join(ITEM_KINDS))
        if type(count) is not int or not 1 <= count <= MAX_ITEMS:
            raise TermError("An assignment has 1 to {max_items} items, not {count}.", max_items=MAX_ITEMS,
                            count=str(count)[:10])
        if kind == "game" and count > term_games.MAX_GAMES:
            raise TermError("An assignment has 1 to {max_games} games, not {count}.",
                            max_games=term_games.MAX_GAMES, count=count)
        if kind == "game" and computer not in term_games.LEVELS:
            raise TermError("There is no computer level {computer}: choose one of {levels}.",
                            computer=repr(str(computer)[:20]), levels=', '.join(term_games.LEVELS))
        first, last = _day(opens, "opening"), _day(closes, "closing")
        if last < first:
            raise TermError("The closing date {closes} is before the opening date {opens}.",
                            closes=last.isoformat(), opens=first.isoformat())
        if type(seed) is not int or not 0 <= seed < 2 ** 31:
            raise TermError("A seed is a whole number from 0 to {most}, not {seed}.", most=2 ** 31 - 1,
                            seed=str(seed)[:20])
        if type(tries) is not int or not 1 <= tries <= MAX_TRIES:
            raise TermError("A student has 1 to {max_tries} tries per item, not {tries}.",
                            max_tries=MAX_TRIES, tries=str(tries)[:10])
        who = None
        if students is not None:
            who = tuple(sorted({int(s) for s in students if isinstance(s, int)}))
            unknown = [s for s in students if not isinstance(s, int) or s not in self.room.students]
            if unknown or not who:
                if not who:
                    raise TermError("An assignment is for students on the roster: choose at least one.")
                raise TermError("An assignment is for students on the roster: unknown {id}.",
                                id=str(unknown[0])[:20])
        scheme = scheme or GradeScheme()
        with self._lock:
            twin = next((a for a in self.assignments.values() if a.title.casefold() == name.casefold()), None)
            if twin is not None:
                raise TermError("There is already an assignment called {title}: choose another title.",
                                title=twin.title)
            data = {"id": max(self.assignments, default=0) + 1, "title": name, "kind": kind, "count": count,
                    "seed": seed, "same": bool(same), "opens": first.isoformat(), "closes": last.isoformat(),
                    "students": None if who is None else list(who), "tries": tries, "scheme": asdict(scheme),
                    **({"computer": computer} if kind == "game" else {})}
            self.room.store.append("assign", data)
            made = self._assigned(data)
        self._tell("assign")
        return made

    def _assigned(self, data: dict) -> Assignment:
        who = data.get("students")
        assignment = Assignment(int(data["id"]), str(data["title"]), str(data["kind"]), int(data["count"]),
                                int(data["seed"]), bool(data["same"]), _day(data["opens"], "opening"),
                                _day(data["closes"], "closing"),
                                None if who is None else tuple(map(int, who)),
                                int(data.get("tries", 1)), GradeScheme(**data.get("scheme", {})),
                                str(data.get("computer", "greedy")))
        if (assignment.kind not in ITEM_KINDS or assignment.id in self.assignments
                or assignment.computer not in term_games.LEVELS):
            raise TermError("assignment {id} ({kind}) cannot be set", id=assignment.id, kind=assignment.kind)
        self.assignments[assignment.id] = assignment
        return assignment

    def set_scheme(self, assignment_id: Any, scheme: GradeScheme) -> Assignment:
        """Change how an assignment is graded (its answers stay as they were)."""
        with self._lock:
            assignment = self.assignment(assignment_id)
            data = {"id": assignment.id, "scheme": asdict(scheme)}
            self.room.store.append("scheme", data)
            changed = self._schemed(data)
        self._tell("scheme")
        return changed

    def _schemed(self, data: dict) -> Assignment:
        assignment = replace(self.assignments[int(data["id"])], scheme=GradeScheme(**data["scheme"]))
        self.assignments[assignment.id] = assignment
        self._memo.clear()
        return assignment

    def assignment(self, assignment_id: Any) -> Assignment:
        """The assignment with this id; TermError when there is none."""
        found = self.assignments.get(assignment_id) if type(assignment_id) is int else None
        if found is None:
            raise TermError("There is no assignment {assignment_id}.", assignment_id=str(assignment_id)[:20])
        return found

    def open_for(self, student_id: int) -> list[Assignment]:
        """The assignments open today that were set for this student, in the order set."""
        today = self.today()
        with self._lock:
            return [a for a in self.assignments.values() if a.is_for(student_id) and a.is_open(today)]

    # ---- items and answers ----------------------------------------------------------------------------
    def _seed(self, assignment: Assignment, student_id: int) -> int:
        """The seed of a student's items: the assignment's, or one of their own drawn from it."""
        if assignment.same:
            return assignment.seed
        digest = hashlib.sha256(f"{assignment.seed}:{student_id}".encode()).hexdigest()
        return int(digest[:8], 16)

    def item(self, assignment_id: int, student_id: int, index: int, reader: Reader | None = None) -> Item:
        """Item `index` (from 0) of an assignment for a student, worded for `reader` (None: the default
        reader, typeset)."""
        reader = for_people(reader)
        assignment = self.assignment(assignment_id)
        if type(index) is not int or not 0 <= index < assignment.count:
            raise TermError("{title} has items 1 to {count}.", title=assignment.title,
                            count=assignment.count)
        seed = self._seed(assignment, student_id)
        if assignment.kind == "game":
            return Item(assignment.id, index, "game", prompt=reader.gettext(
                "Game {number} of {count} against the computer ({level}): place the die in hand on the "
                "board, or pass it.").format(number=index + 1, count=assignment.count,
                                             level=assignment.computer))
        if assignment.kind in DRILLS:
            drill = Drill(assignment.kind)
            ear = _drill_items(assignment.kind, seed, assignment.count)[index]
            return Item(assignment.id, index, assignment.kind, ear=ear, prompt=drill.prompt(reader))
        if assignment.kind in keyitems.KINDS:
            keys = keyitems.make_question(assignment.kind, seed * MAX_ITEMS + index, reader)
            return Item(assignment.id, index, assignment.kind, prompt=keys.prompt, keys=keys)
        question = (puzzles.puzzle_question(seed * MAX_ITEMS + index, reader) if assignment.kind == "puzzle"
                    else quiz.make_question(assignment.kind, seed * MAX_ITEMS + index, reader))
        return Item(assignment.id, index, assignment.kind, question=question, prompt=question.prompt)

    def _finished(self, assignment: Assignment, student_id: int, index: int) -> bool:
        tries = self._tries.get((assignment.id, student_id, index), [])
        if assignment.kind == "game":
            return any(t.step == "result" for t in tries)
        return len(tries) >= assignment.tries or any(t.right for t in tries)

    def next_item(self, assignment_id: int, student_id: int, reader: Reader | None = None) -> Item | None:
        """The student's first item not yet finished (answered right, or out of tries), or None; worded
        for `reader`."""
        assignment = self.assignment(assignment_id)
        with self._lock:
            left = [i for i in range(assignment.count) if not self._finished(assignment, student_id, i)]
        return self.item(assignment.id, student_id, left[0], reader) if left else None

    def answer(self, token: str | None, assignment_id: Any, index: Any, reply: Any,
               reader: Reader | None = None) -> tuple[bool, str]:
        """A student's device answers item `index` of an assignment: `reply` is an option's number or a
        cell. The answer is written before it counts; returns (right, the sentence it earns). A
        refusal (a device that has not joined, an assignment not set for them, not open today, an item
        already finished, a reply of the wrong form) raises TermError and writes nothing."""
        student = self.room.student(token)
        if student is None:
            raise TermError("This device has not joined the class: join with a nickname first.")
        assignment = self.assignment(assignment_id)
        if not assignment.is_for(student.id):
            raise TermError("{title} is not set for {nickname}.", title=assignment.title,
                            nickname=student.nickname)
        today = self.today()
        if today > assignment.closes:
            raise TermError("{title} closed on {closes}: answers are no longer taken.",
                            title=assignment.title, closes=assignment.closes.isoformat())
        if today < assignment.opens:
            raise TermError("{title} opens on {opens}.", title=assignment.title,
                            opens=assignment.opens.isoformat())
        item = self.item(assignment.id, student.id, index, reader)
        with self._lock:
            if self._finished(assignment, student.id, index):
                raise TermError("Item {item} of {title} is done: go on to the next.", item=index + 1,
                                title=assignment.title)
            if assignment.kind == "game":
                right, words = self._play(assignment, student.id, index, reply, reader)
                self._tell("answer")
                return right, words
            right, words = item.check(reply, reader)
            data = {"assignment": assignment.id, "student": student.id, "item": index,
                    "reply": list(reply) if isinstance(reply, tuple | list) else reply, "right": bool(right),
                    "at": self.clock().isoformat(timespec="seconds"), "ideas": list(assignment.ideas())}
            self.room.store.append("answer", data)
            self._answered(data)
        self._tell("answer")
        return right, words

    def _answered(self, data: dict) -> Answer:
        answer = Answer(int(data["assignment"]), int(data["student"]), int(data["item"]), data["reply"],
                        bool(data["right"]), str(data["at"]), tuple(map(str, data["ideas"])),
                        str(data.get("step", "")))
        week_of(answer.at)  # a time that is not a date does not replay
        if answer.assignment not in self.assignments:
            raise TermError("an answer to assignment {assignment}, which was never set",
                            assignment=answer.assignment)
        self.answers.append(answer)
        self._tries[(answer.assignment, answer.student, answer.item)].append(answer)
        self._by_student[answer.student].append(answer)
        self._count(answer)
        self._memo.clear()
        return answer

    def done(self, assignment_id: int, student_id: int) -> tuple[int, int]:
        """(items finished, items right) of a student in an assignment, as its scheme counts right."""
        assignment = self.assignment(assignment_id)
        finished = right = 0
        with self._lock:
            if (memo := self._memo.get(("done", assignment.id, student_id))) is not None:
                return memo
            for index in range(assignment.count):
                tries = self._tries.get((assignment.id, student_id, index), [])
                finished += self._finished(assignment, student_id, index)
                if assignment.kind == "game":  # a game is right when won on skill (term_games)
                    right += any(t.step == "skill" and t.right for t in tries)
                    continue
                right += bool(tries) and (tries[0].right if assignment.scheme.counts == "first"
                                          else any(t.right for t in tries))
            self._memo[("done", assignment.id, student_id)] = finished, right
        return finished, right

    # ---- progress ----------------------------------------------------------------------------------------
    def _students(self) -> dict[int, str]:
        """Every student on the roster now, by id: their nickname."""
        with self.room.lock:
            return {sid: s.nickname for sid, s in sorted(self.room.students.items())}

    def weekly(self, student_id: int) -> dict[str, dict[str, tuple[int, int]]]:
        """A student's answers per idea per week: {idea: {"2026-W49": (answered, right)}}, weeks in order."""
        with self._lock:
            table = self._counts.get(student_id, {})
            return {idea: {week: (n, r) for week, (n, r) in sorted(weeks.items())}
                    for idea, weeks in sorted(table.items(), key=lambda kv: IDEAS.index(kv[0]))}

    def progress(self, student_id: int | None = None) -> list[dict[str, Any]]:
        """The progress table, one row per student per idea they answered on: answered, right, the
        share right, and the trend (the least-squares slope of the weekly share right, per week; None
        with answers in one week only). Every student's rows, or only `student_id`'s (kept until the
        term or the roster changes: a page draws it after every answer)."""
        students = self._students()
        key = ("progress", student_id, tuple(students.items()))
        with self._lock:  # (an answer clears the memo: no table counted before it is kept after it)
            return [dict(row) for row in self._progress(key, students, student_id)]

    def _progress(self, key: tuple, students: dict[int, str], student_id: int | None) -> list[dict]:
        if (memo := self._memo.get(key)) is not None:
            return memo
        rows = []
        for sid, name in students.items():
            if student_id is not None and sid != student_id:
                continue
            for idea, weeks in self.weekly(sid).items():
                answered = sum(n for n, _ in weeks.values())
                right = sum(r for _, r in weeks.values())
                trend = _slope([(_week_number(w), r / n) for w, (n, r) in weeks.items()])
                rows.append({"nickname": name, "idea": idea, "answered": answered, "right": right,
                             "share right": round(right / answered, 3),
                             "trend per week": None if trend is None else round(trend, 3)})
        self._memo[key] = rows
        return rows

    def progress_csv(self) -> str:
        """The full progress table as CSV (PROGRESS_COLUMNS), one row per student per idea per week
        too: the week's own rows have the week in a `week` column, the term's rows "term"."""
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow(("week", *PROGRESS_COLUMNS))
        for row in self._progress_rows():
            writer.writerow(["" if v is None else v for v in row])
        return text.getvalue()

    def _progress_rows(self) -> list[tuple]:
        rows = [("term", *(r[c] for c in PROGRESS_COLUMNS)) for r in self.progress()]
        for sid, name in self._students().items():
            for idea, weeks in self.weekly(sid).items():
                rows.extend((week, name, idea, n, r, round(r / n, 3), None) for week, (n, r) in weeks.items())
        return rows

    def progress_parquet(self) -> bytes:
        """The same table as `progress_csv`, as a Parquet file's bytes."""
        import pandas as pd

        frame = pd.DataFrame(self._progress_rows(), columns=["week", *PROGRESS_COLUMNS])
        buffer = io.BytesIO()
        frame.to_parquet(buffer, index=False)
        return buffer.getvalue()

    # ---- grades ------------------------------------------------------------------------------------------
    def grade(self, assignment_id: int, student_id: int) -> float | None:
        """A student's grade in an assignment by its scheme (None: a blank, for nothing answered under
        `missing="blank"`)."""
        assignment = self.assignment(assignment_id)
        scheme = assignment.scheme
        with self._lock:
            answered = any(self._tries.get((assignment.id, student_id, i)) for i in range(assignment.count))
        if not answered and scheme.missing == "blank":
            return None
        if assignment.kind == "game":
            accuracy = sum(figures["accuracy"] for figures in self.games(assignment.id, student_id))
            return round(scheme.out_of * accuracy / 100 / assignment.count, 2)
        _, right = self.done(assignment.id, student_id)
        return round(scheme.out_of * right / assignment.count, 2)

    def grades(self, assignment_id: int) -> list[tuple[str, float | None]]:
        """(nickname, grade) for every student on the roster the assignment was set for."""
        return [(name, grade) for _sid, name, grade in self._graded(self.assignment(assignment_id))]

    def _graded(self, assignment: Assignment) -> list[tuple[int, str, float | None]]:
        return [(sid, name, self.grade(assignment.id, sid)) for sid, name in self._students().items()
                if assignment.is_for(sid)]

    # ---- the roster: merging two nicknames of one student -------------------------------------------------
    def merge(self, duplicate: int, into: int) -> int:
        """One student joined twice under two nicknames: every answer of `duplicate` becomes `into`'s (in
        the file itself), and `duplicate` leaves the roster. Returns the number of answers moved."""
        if duplicate == into or self.room.nickname(duplicate) is None or into not in self.room.students:
            raise TermError("Choose two different students, the one to keep on the roster.")

        def change(kind: str, data: dict) -> dict | None:
            if kind == "answer" and int(data["student"]) == duplicate:
                return {**data, "student": into}
            if kind == "roster":
                return {"rows": [r for r in data["rows"] if int(r["student"]) != duplicate]}
            return None

        if duplicate in self.room.students:
            self.room.remove(duplicate)
        with self._lock:
            self.room.store.rewrite(lambda _kind, _data: False, change)
            moved = [replace(a, student=into) for a in self._by_student.pop(duplicate, [])]
            self.answers = [replace(a, student=into) if a.student == duplicate else a for a in self.answers]
            for key in [k for k in self._tries if k[1] == duplicate]:
                tries = self._tries.pop(key)
                self._tries[(key[0], into, key[2])].extend(replace(a, student=into) for a in tries)
            self._by_student[into].extend(moved)
            self.roster.pop(duplicate, None)
            self._tables.clear()
            self._recount()
        self._tell("merge")
        return len(moved)

    # ---- privacy ------------------------------------------------------------------------------------------
    def forget(self, student_id: int) -> int:
        """Take a student out of the class and out of the file: off the roster (if still on), every
        answer of theirs deleted, their nickname and codes in the log replaced by "removed student N",
        their row of the school's roster dropped; the file is then vacuumed, so none of it stays in
        the file. Returns the number of events deleted."""
        name = self.room.nickname(student_id)
        if name is None:
            raise TermError("No student {student_id} ever joined this class.",
                            student_id=str(student_id)[:20])
        if student_id in self.room.students:
            self.room.remove(student_id)
        placeholder = f"removed student {student_id}"

        def drop(kind: str, data: dict) -> bool:
            return kind == "answer" and int(data["student"]) == student_id

        def change(kind: str, data: dict) -> dict | None:
            if kind == "join" and int(data["id"]) == student_id:
                return {**data, "nickname": placeholder, "token": "", "code_hash": "", "salt": ""}
            if kind == "rename" and int(data["id"]) == student_id:
                return {**data, "nickname": placeholder}
            if kind == "roster":
                return {"rows": [r for r in data["rows"] if int(r["student"]) != student_id]}
            return None

        with self._lock:
            deleted = self.room.store.rewrite(drop, change)
            self.answers = [a for a in self.answers if a.student != student_id]
            self._by_student.pop(student_id, None)
            for key in [k for k in self._tries if k[1] == student_id]:
                del self._tries[key]
            self.roster.pop(student_id, None)
            self._tables.clear()
            self._recount()
        self._tell("forget")
        return deleted


@functools.lru_cache(maxsize=256)
def _drill_items(kind: str, seed: int, count: int) -> tuple[EarItem, ...]:
    """A drill's items from a seed (facts only, the same every time: kept for the next item)."""
    return tuple(Drill(kind).items(seed, count))


def _file_name(title: str) -> str:
    """A title as a file name: letters, digits, - and _ kept, the rest as -."""
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in title).strip("-") or "assignment"

