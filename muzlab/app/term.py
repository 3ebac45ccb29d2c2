"""A term in a class folder: assignments, each answer as it is given, progress per idea, grades out.

The class folder is the term: restarting `muzlab class FOLDER` next week replays the roster (the
classroom) and the term's events (here): "assign" (what, how many, the seed, for whom, opening and
closing dates, the grade scheme), "answer" (one reply to one item, right or not, when, and the ideas
it tests), "scheme" (the teacher changed an assignment's grade scheme) and "roster" (the school's
identifiers for the nicknames). As in the classroom (the same `EventLog`, on the classroom's file),
every change is written to the file first and applied after, and a refusal (unknown assignment, a
student it is not for, past its closing date, a malformed roster file) raises TermError with one
sentence and changes nothing.

Items (`muzlab.app.term_items`: ear-training drills, key and quiz questions, puzzles, games) are
drawn from the assignment's seed (the same for everyone, or each student's own), worded in the note
names in force when asked, and checked by one `Item.check(reply)`, which gives facts; the sentence a
reply earns is made from them once the term's lock is let go.

Dates come from the `clock` the Term is given (a function returning the datetime now), never from
the system inside the logic, so a term replays and tests the same on any day.

Grades (`GradeScheme`, documented there and adjustable per assignment) go out as one CSV per
assignment in the import format of Moodle, Canvas or Google Classroom, the nickname mapped to the
school's identifier by the roster file; the progress table goes out as CSV and Parquet.
"""

from __future__ import annotations

import functools
import hashlib
import io
import threading
import zipfile
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from datetime import date, datetime
from typing import Any

from muzlab.app import nicknames, roster_file, term_games
from muzlab.app.classroom import Classroom
from muzlab.app.event_log import EventLog
from muzlab.app.log_checks import ReplayRefused, check_game_result, check_student, replay_decision, whole
from muzlab.app.store import TERM_KINDS
from muzlab.app.term_items import MAX_ITEMS, SUNG_DRILLS, GameAsked, Item, TermError, Verdict, asked
from muzlab.core.errors import Count, Worded
from muzlab.core.spreadsheet import STYLES, csv_text
from muzlab.names.calendar_words import date_words
from muzlab.names.language import LANGUAGES
from muzlab.names.output_words import Figure, agent_name
from muzlab.names.reader import Reader
from muzlab.play import keyitems, quiz
from muzlab.play.coach import level_word
from muzlab.play.eartraining import DRILLS
from muzlab.play.ideas import IDEA_WORDS as IDEA_WORDS  # (the term's pages read them here)
from muzlab.play.ideas import IDEAS, IDEAS_OF
from muzlab.play.table_news import News
from muzlab.reading import for_people
from muzlab.widgets.sung_answers import MISSING_NOTE

#: What an assignment may ask: the three ear-training drills (each also answered by voice), the quiz's
#: three kinds and its missing note (sung or played), the two key questions (muzlab.play.keyitems),
#: puzzles, and games against the computer (muzlab.app.term_games).
ITEM_KINDS = (*DRILLS, *SUNG_DRILLS, *quiz.KINDS, MISSING_NOTE, *keyitems.KINDS, "puzzle", "game")
#: At most this many tries at one item (and MAX_ITEMS items in one assignment: term_items).
MAX_TRIES = 5
MAX_TITLE = 60
#: The gradebooks grades are written for (`grades_csv`), and the grade files it writes: theirs and the
#: teacher's own look in Excel, in the convention of each language's countries (`excel-de`, ...).
GRADEBOOKS = ("moodle", "canvas", "google")
EXCEL_FILES = tuple(style for style in STYLES if style.startswith("excel-"))
GRADE_FILES = (*GRADEBOOKS, *EXCEL_FILES)
#: The roster file's columns: the nickname and the school's identifier are needed, the rest optional.
ROSTER_NEEDED, ROSTER_OPTIONAL = roster_file.NEEDED, roster_file.OPTIONAL
#: The progress table's columns (`progress`, `progress_csv`).
PROGRESS_COLUMNS = ("nickname", "idea", "answered", "right", "share right", "trend per week")


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
    #: the language of the page it came from ("de"; "" when not said): a family's report is in it
    language: str = ""


def answer_of(data: dict) -> Answer:
    """An answer event's facts as an Answer; TermError for a language muzlab does not speak (the
    date is checked by `week_of`)."""
    language = str(data.get("language", ""))
    if language and language not in LANGUAGES:
        raise TermError("an answer from a page in language {language}, which muzlab does not speak",
                        language=repr(language[:20]))
    return Answer(int(data["assignment"]), int(data["student"]), int(data["item"]), data["reply"],
                  bool(data["right"]), str(data["at"]), tuple(map(str, data["ideas"])),
                  str(data.get("step", "")), language)


def said_date(day: date) -> Worded:
    """A date as a fact of an error: ISO in `str(error)`, as each reader's language writes it on a page
    ("14. Dezember 2026": `calendar_words.date_words`)."""
    return Worded(day.isoformat(), date_words, day)


def _page_language(reader: Reader | None) -> dict[str, str]:
    """What an answer event says of the page it came from: its language (nothing without a reader)."""
    return {} if reader is None else {"language": reader.language}


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
    """The files a `Term` writes: each assignment's grades for the school's gradebooks (from its grades
    and roster), the progress table, and the same for the teacher's own spreadsheet in Excel's style of
    the teacher's language ("excel-de", "excel-fr", "excel-es": `;`, decimal comma, a byte-order mark;
    "excel-en": `,`, decimal point, a byte-order mark). Every CSV goes through
    `muzlab.core.spreadsheet`, so no student's nickname or title runs as a formula."""

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
          the assignment's "out of", which is its CourseWork's maxPoints);
        - "excel-de", "excel-fr", "excel-es", "excel-en": the teacher's own look in Excel in the
          convention of that language's countries (no gradebook imports it, so no roster is needed):
          `nickname`, then the roster's `id`, `name`, `email` (empty without one), then the title.
        """
        if gradebook not in GRADE_FILES:
            raise TermError("There is no gradebook {gradebook}: choose {gradebooks}.",
                            gradebook=repr(str(gradebook)[:20]), gradebooks=', '.join(GRADE_FILES))
        assignment = self.assignment(assignment_id)
        if gradebook in EXCEL_FILES:
            return csv_text([("nickname", "id", "name", "email", assignment.title),
                             *((name, *(self._school_field(sid, f) for f in ("id", "name", "email")), grade)
                               for sid, name, grade in self._graded(assignment))], STYLES[gradebook])
        if not self.roster:
            raise TermError("Upload the school's roster file first (nickname,id): the grade files name "
                            "students by the school's identifiers, not by nickname.")
        rows = [({**self.school_row(sid), "nickname": name}, grade)
                for sid, name, grade in self._graded(assignment) if self.school_row(sid) is not None]
        if gradebook == "google" and any(not school.get("email") for school, _ in rows):
            raise TermError("Google Classroom matches students by email: add an email column to the "
                            "roster file.")
        shown = [(school, "" if grade is None else f"{grade:g}") for school, grade in rows]
        if gradebook == "moodle":
            return csv_text([("ID number", "Email address", assignment.title),
                             *((s["id"], s.get("email", ""), g) for s, g in shown)])
        if gradebook == "canvas":
            return csv_text([("Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment.title),
                             ("Points Possible", "", "", "", "", f"{assignment.scheme.out_of:g}"),
                             *((s.get("name") or s["nickname"], "", s["id"], s.get("login", ""),
                                s.get("section", ""), g) for s, g in shown)])
        return csv_text([("userId", "draftGrade", "assignedGrade"), *((s["email"], g, g) for s, g in shown)])

    def _school_field(self, student_id: int, field_name: str) -> str:
        return (self.school_row(student_id) or {}).get(field_name, "")

    def grades_zip(self, style: str = "plain") -> bytes:
        """Every assignment's grade files (`grades/<gradebook>/<title>.csv`), the progress table
        (`progress.csv`) and a note of the nicknames left out: for every gradebook, with
        `progress.parquet` ("plain"), or for the teacher's Excel ("excel-de", ...). Two titles that
        make one file name get names of their own (`Week-1-triads.csv`, `Week-1-triads-2.csv`)."""
        if style not in STYLES:
            raise TermError("There is no spreadsheet style {style}: choose {styles}.",
                            style=repr(str(style)[:20]), styles=", ".join(STYLES))
        gradebooks = GRADEBOOKS if style == "plain" else (style,)
        names = _file_names([assignment.title for assignment in self.assignments.values()])
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for assignment, name in zip(self.assignments.values(), names, strict=True):
                for gradebook in gradebooks:
                    try:
                        archive.writestr(f"grades/{gradebook}/{name}.csv",
                                         self.grades_csv(assignment.id, gradebook))
                    except TermError as error:
                        archive.writestr(f"grades/{gradebook}/{name}.txt", str(error))
            archive.writestr("progress.csv", self.progress_csv(style))
            if style == "plain":
                archive.writestr("progress.parquet", self.progress_parquet())
            left = self.unmapped()
            archive.writestr("left-out.txt", "Not named in the school's roster file, so not in the grade "
                             "files: " + (", ".join(left) if left else "nobody") + "\n")
        return buffer.getvalue()


class SchoolRoster:
    """The school's roster file: each nickname's identifier (and email, name, section, login) for
    the grade files."""

    def load_roster(self, text: Any) -> int:
        """Take the school's roster file (CSV as Excel saves it, `muzlab.app.roster_file`: a header row
        with `nickname` and `id`, and optionally email, name, section, login): it maps each nickname to
        the school's identifier for the grade files, and replaces the roster loaded before. A file with
        a missing column, an empty identifier, a nickname twice, an identifier twice or a nickname not
        in the class is refused with a sentence naming the row, and nothing changes. Returns the number
        of rows taken."""
        try:
            header, lines = roster_file.roster_rows(text)
        except roster_file.RosterFileError as error:
            raise TermError(error.template, **error.fields) from None
        class_names = {nicknames.skeleton(name): (sid, name) for sid, name in self._students().items()}
        rows: dict[str, dict[str, str]] = {}
        ids: dict[str, str] = {}
        for line, values in lines:
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
        with self.log.telling("roster"), self._lock:
            self.log.record("roster", {"rows": list(rows.values())})
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


def _game_prompt(assignment: Assignment, index: int, reader: Reader) -> str:
    """What a game item asks, for `reader`."""
    return reader.gettext(
        "Game {number} of {count} against the computer ({level}): place the die in hand on the "
        "board, or pass it.").format(number=index + 1, count=assignment.count,
                                     level=agent_name(assignment.computer, reader))


def _game_words(news: tuple[News, ...], figures: dict[str, Any] | None, reader: Reader | None) -> str:
    """What a game decision says (`Term._play`'s facts) for `reader`: the moves, and at the game's end
    the student's accuracy and luck-adjusted margin."""
    words, said = term_games.words(news, reader), for_people(reader)
    if figures is None:
        return words
    return words + " " + said.gettext(
        "Your accuracy: {accuracy}% ({level}); luck-adjusted margin {margin}.").format(
        accuracy=format(Figure(figures["accuracy"], said), "g"),
        level=level_word(figures["level"], said),
        margin=format(Figure(figures["luck_adjusted_margin"], said), "+g"))


class GameItems:
    """A term's games against the computer (muzlab.app.term_games): the game of a game item, a
    student's decision in it, and the coach's figures and standings of the games finished."""

    def table(self, assignment_id: int, student_id: int, index: int) -> term_games.Table:
        """The game of a game item as it stands: its stored decisions played again (once, then kept:
        the term's replay checked that they fit, and a merge keeps one student's game an item), the
        student's die rolled."""
        assignment = self.assignment(assignment_id)
        if assignment.kind != "game":
            raise TermError("{title} is not a game.", title=assignment.title)
        key = (assignment.id, student_id, self._index(assignment, index))
        with self._lock:
            if key not in self._tables:
                table = self._new_table(assignment, student_id, index)
                for move in (t for t in self._tries.get(key, []) if t.step == "move"):
                    term_games.replay(table, move.reply)
                self._tables[key] = table
            return self._tables[key]

    def _new_table(self, assignment: Assignment, student_id: int, index: int) -> term_games.Table:
        return term_games.new_table(self._seed(assignment, student_id) * MAX_ITEMS + index,
                                    assignment.computer, self.room.nickname(student_id) or "")

    def _replay_game_answer(self, answer: Answer) -> None:
        """A game item's stored answer as the file replays: a decision played again on its table (kept,
        so each game stands as it was left), a result taken only once the game is over; ReplayRefused
        for one that does not fit (`muzlab.app.log_checks`: a hand-edited log)."""
        assignment = self.assignments[answer.assignment]
        key = (answer.assignment, answer.student, answer.item)
        if key not in self._tables:
            self._tables[key] = self._new_table(assignment, answer.student, answer.item)
        table = self._tables[key]
        if answer.step == "move":
            replay_decision(table, answer.reply, answer.item + 1)
        else:
            check_game_result(table, answer.item + 1)

    def _play(self, item: Item, student_id: int, verdict: Verdict, reader: Reader | None = None
              ) -> tuple[tuple[News, ...], dict[str, Any] | None]:
        """A student's decision in a game item (a cell, or None: pass; checked: `verdict`), written with
        the game's result when it ends the game; GameRefused and nothing written for a refused move.
        Returns the moves' news and the result's figures (None while the game goes on): facts, which
        `_game_words` says once the term's lock is let go."""
        table, reply = item.asked.table, verdict.reply
        key = (item.assignment, student_id, item.index)
        news = term_games.play(table, reply)
        at = self.clock().isoformat(timespec="seconds")
        base = {"assignment": item.assignment, "student": student_id, "item": item.index, "at": at,
                **_page_language(reader)}
        events = [{**base, "reply": None if reply is None else list(reply), "right": verdict.right,
                   "ideas": list(verdict.ideas), "step": "move"}]
        figures = None
        if table.game.over:
            figures = term_games.result(table)
            events += [{**base, "reply": figures, "right": done, "ideas": list(tags), "step": step}
                       for step, done, tags in term_games.result_answers(figures)]
        try:
            self.log.record_all("answer", events)
        except BaseException:
            self._tables.pop(key, None)  # (the table moved on: it is played again from the file)
            raise
        return news, figures

    def games(self, assignment_id: int | None, student_id: int) -> list[dict[str, Any]]:
        """The coach's figures of a student's finished games (term_games.result), in one assignment or
        (None) in every game assignment, in the order played: one game an item (a merge keeps one
        nickname's game an item), its first result."""
        with self._lock:
            found: dict[tuple[int, int], Any] = {}
            for a in self._by_student.get(student_id, ()):
                if a.step == "result" and (assignment_id is None or a.assignment == assignment_id):
                    found.setdefault((a.assignment, a.item), a.reply)  # (one game an item: the first)
            return list(found.values())

    def standings(self, assignment_id: int | None = None) -> list[dict[str, Any]]:
        """The students who finished a game, best first by mean luck-adjusted margin (as the coach's
        standings rank): their nickname, rank and `term_games.standing`."""
        rows = [{"nickname": name, **term_games.standing(found)} for sid, name in self._students().items()
                if (found := self.games(assignment_id, sid))]
        rows.sort(key=lambda row: (-row["luck_adjusted_margin"], row["nickname"]))
        return [{"rank": rank, **row} for rank, row in enumerate(rows, start=1)]


class ProgressTable:
    """A term's progress table: each student's answers per idea per week, the share right and its
    trend, for the pages and as CSV and Parquet files."""

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

    def progress_csv(self, style: str = "plain") -> str:
        """The full progress table as CSV (PROGRESS_COLUMNS), one row per student per idea per week
        too: the week's own rows have the week in a `week` column, the term's rows "term"; in a
        spreadsheet style of `muzlab.core.spreadsheet.STYLES` ("plain", "excel-de", ...)."""
        if style not in STYLES:
            raise TermError("There is no spreadsheet style {style}: choose {styles}.",
                            style=repr(str(style)[:20]), styles=", ".join(STYLES))
        return csv_text([("week", *PROGRESS_COLUMNS), *self._progress_rows()], STYLES[style])

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


class Term(GradeFiles, SchoolRoster, GameItems, ProgressTable):
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
        #: The term's log on the classroom's file: each event written, applied by its kind's handler, told.
        self.log: EventLog[str] = EventLog({"assign": self._assigned, "answer": self._answered,
                                            "scheme": self._schemed, "roster": self._rostered},
                                           lambda kind, data: _check_replayed(self, kind, data), room.store,
                                           stale=self._memo.clear)
        mixed = MixedGames(room.store.opened_schema)  # (a replayed answer also plays a game's decision)
        self.log.replay(room.store.events(TERM_KINDS), mixed.skips, mixed.ends,
                        {**self.log.handlers, "answer": self._answered_again})
        if mixed.dropped:
            room.store.delete(mixed.dropped)
        self._day = self.today()  # the day the pages were last drawn for (`new_day`)

    def watch(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call `callback(kind)` after every change to the term ("assign", "answer", "scheme",
        "roster", "forget", "merge"; "day" when the date changed: `new_day`), with no lock of the term
        held, on the thread that made the change (`EventLog.watch`). Returns `unwatch`."""
        return self.log.watch(callback)


    def _recount(self) -> None:
        """The tries per item, each student's answers and the progress counts made again from every
        answer, in the order given (after answers moved or were deleted), as a restart reads them."""
        self._tries, self._by_student, self._counts = defaultdict(list), defaultdict(list), defaultdict(dict)
        for answer in self.answers:
            self._tries[(answer.assignment, answer.student, answer.item)].append(answer)
            self._by_student[answer.student].append(answer)
            self._count(answer)
        self._memo.clear()

    def _count(self, answer: Answer) -> None:
        ideas = self._counts[answer.student]
        week = week_of(answer.at)
        for idea in answer.ideas:
            cell = ideas.setdefault(idea, {}).setdefault(week, [0, 0])
            cell[0] += 1
            cell[1] += answer.right

    # ---- assignments ----------------------------------------------------------------------------------
    def today(self) -> date:
        """The term's date now."""
        return self.clock().date()

    def new_day(self) -> bool:
        """Tell the watchers "day" when the date has changed since the last call (assignments open and
        close with it: an open page shows them as they are today); True if it had."""
        today = self.today()
        with self._lock:
            changed, self._day = today != self._day, today
        if changed:
            self.log.tell("day")
        return changed

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
                            closes=said_date(last), opens=said_date(first))
        if type(seed) is not int or not 0 <= seed < 2 ** 31:
            raise TermError("A seed is a whole number from 0 to {most}, not {seed}.", most=2 ** 31 - 1,
                            seed=str(seed)[:20])
        if type(tries) is not int or not 1 <= tries <= MAX_TRIES:
            raise TermError("A student has 1 to {max_tries} tries per item, not {tries}.",
                            max_tries=MAX_TRIES, tries=str(tries)[:10])
        who = None
        if students is not None:
            if not isinstance(students, list | tuple | set | frozenset):
                raise TermError("An assignment's students are a list of student numbers, not {students}.",
                                students=str(students)[:20])
            odd = [s for s in students if type(s) is not int]  # (True is an int to Python, not a student)
            if odd:
                raise TermError("A student is given by their number, a whole number, not {value}.",
                                value=repr(odd[0])[:20])
            who = tuple(sorted(set(students)))
            unknown = [s for s in students if s not in self.room.students]
            if unknown or not who:
                if not who:
                    raise TermError("An assignment is for students on the roster: choose at least one.")
                raise TermError("An assignment is for students on the roster: unknown {id}.",
                                id=str(unknown[0])[:20])
        scheme = scheme or GradeScheme()
        with self.log.telling("assign"), self._lock:
            twin = next((a for a in self.assignments.values() if a.title.casefold() == name.casefold()), None)
            if twin is not None:
                raise TermError("There is already an assignment called {title}: choose another title.",
                                title=twin.title)
            data = {"id": max(self.assignments, default=0) + 1, "title": name, "kind": kind, "count": count,
                    "seed": seed, "same": bool(same), "opens": first.isoformat(), "closes": last.isoformat(),
                    "students": None if who is None else list(who), "tries": tries, "scheme": asdict(scheme),
                    **({"computer": computer} if kind == "game" else {})}
            made = self.log.record("assign", data)
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
        with self.log.telling("scheme"), self._lock:
            data = {"id": self.assignment(assignment_id).id, "scheme": asdict(scheme)}
            return self.log.record("scheme", data)

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
        reader, typeset); a game's item holds its game as it stands (`table`)."""
        reader = for_people(reader)
        assignment = self.assignment(assignment_id)
        self._index(assignment, index)
        if assignment.kind == "game":
            return self._game_item(assignment, student_id, index, _game_prompt(assignment, index, reader))
        return Item(assignment.id, index, assignment.kind, asked(
            assignment.kind, self._seed(assignment, student_id), index, assignment.count, reader))

    def _game_item(self, assignment: Assignment, student_id: int, index: int, prompt: str) -> Item:
        """A game item (worded `prompt`) holding its game as it stands (`table`)."""
        table = self.table(assignment.id, student_id, index)
        return Item(assignment.id, index, "game", GameAsked(prompt, table))

    @staticmethod
    def _index(assignment: Assignment, index: Any) -> int:
        """`index` when the assignment has an item of that number (from 0); TermError otherwise."""
        if type(index) is not int or not 0 <= index < assignment.count:
            raise TermError("{title} has items 1 to {count}.", title=assignment.title,
                            count=assignment.count)
        return index

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
        """A student's device answers item `index` of an assignment: `reply` is an option's number, a
        cell, or a pitch class sung or played. The answer is written before it counts; returns (right,
        the sentence it earns). A refusal (a device that has not joined, an assignment not set for
        them, not open today, an item already finished, a reply of the wrong form) raises TermError and
        writes nothing."""
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
                            title=assignment.title, closes=said_date(assignment.closes))
        if today < assignment.opens:
            raise TermError("{title} opens on {opens}.", title=assignment.title,
                            opens=said_date(assignment.opens))
        game = assignment.kind == "game"  # (its item holds its game: taken with the term's lock held, its
        # prompt worded before)
        prompt = _game_prompt(assignment, self._index(assignment, index), for_people(reader)) if game else ""
        item = None if game else self.item(assignment.id, student.id, index, reader)
        try:
            with self.log.telling("answer"), self._lock:  # (told once the lock is let go)
                if self._finished(assignment, student.id, index):
                    raise TermError("Item {item} of {title} is done: go on to the next.", item=index + 1,
                                    title=assignment.title)
                item = item or self._game_item(assignment, student.id, index, prompt)
                verdict = item.check(reply)
                if game:
                    played = self._play(item, student.id, verdict, reader)
                else:
                    self.log.record("answer", {
                        "assignment": assignment.id, "student": student.id, "item": index,
                        "reply": list(reply) if isinstance(reply, tuple | list) else reply,
                        "right": verdict.right, "at": self.clock().isoformat(timespec="seconds"),
                        "ideas": list(assignment.ideas()), **_page_language(reader)})
        except term_games.GameRefused as refused:  # (worded here, the term's lock let go)
            raise TermError(refused.words(reader)) from None
        if game:
            return verdict.right, _game_words(*played, reader)
        return verdict.right, item.asked.words(verdict, for_people(reader))

    def _answered(self, data: dict) -> Answer:
        answer = answer_of(data)
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

    def _answered_again(self, data: dict) -> None:
        """An answer event as the file replays: a game's decision played again (ReplayRefused, nothing
        taken, for one that does not fit), then taken."""
        answer = answer_of(data)
        if answer.step and answer.assignment in self.assignments:
            self._replay_game_answer(answer)
        self._answered(data)

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
                if assignment.kind == "game":  # a game is right when won on skill (term_games): its first
                    right += next((t.right for t in tries if t.step == "skill"), False)  # finished game
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
    def games_both_played(self, duplicate: int, into: int) -> set[tuple[int, int]]:
        """The game items, as (assignment, item), that both students played: merged into `into`, they
        keep `into`'s game (`merge`)."""
        with self._lock:
            theirs = {(a.assignment, a.item) for a in self._by_student.get(duplicate, ())}
            return {(a.assignment, a.item) for a in self._by_student.get(into, ())
                    if self.assignments[a.assignment].kind == "game" and (a.assignment, a.item) in theirs}

    def merge(self, duplicate: int, into: int) -> int:
        """One student joined twice under two nicknames: every answer of `duplicate` becomes `into`'s (in
        the file itself), and `duplicate` leaves the roster. A game item both played keeps `into`'s game
        whole: `duplicate`'s moves and result in it are deleted (one game's moves replay to one board).
        Returns the number of answers moved."""
        if duplicate == into or self.room.nickname(duplicate) is None or into not in self.room.students:
            raise TermError("Choose two different students, the one to keep on the roster.")
        kept: set[tuple[int, int]] = set()  # (found with the term locked, the file rewritten)

        def second_game(kind: str, data: dict) -> bool:
            return (kind == "answer" and int(data["student"]) == duplicate
                    and (int(data["assignment"]), int(data["item"])) in kept)

        def change(kind: str, data: dict) -> dict | None:
            if kind == "answer" and int(data["student"]) == duplicate:
                return {**data, "student": into}
            if kind == "roster":
                return {"rows": [r for r in data["rows"] if int(r["student"]) != duplicate]}
            return None

        if duplicate in self.room.students:
            self.room.remove(duplicate)
        with self._lock:
            kept = self.games_both_played(duplicate, into)
            dropped = self.room.store.rewrite(second_game, change)
            moved = len(self._by_student.get(duplicate, [])) - dropped
            self.answers = [replace(a, student=into) if a.student == duplicate else a for a in self.answers
                            if not (a.student == duplicate and (a.assignment, a.item) in kept)]
            self.roster.pop(duplicate, None)
            self._tables.clear()
            self._recount()
        self.log.tell("merge")
        return moved

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
            self.room.forgotten(student_id, placeholder)
            self.answers = [a for a in self.answers if a.student != student_id]
            self.roster.pop(student_id, None)
            self._tables.clear()
            self._recount()
        self.log.tell("forget")
        return deleted


def _check_replayed(term: Term, kind: str, data: dict[str, Any]) -> None:
    """ReplayRefused for a term event that `Term` itself would never have written (a hand-edited log):
    an assignment outside the bounds `Term.assign` keeps, an answer of a student who never joined, to
    an item the assignment does not have, a game's answer without its step (or a step in another
    kind's answer), or a game move that is neither a cell nor a pass. (Whether a move fits its game
    is checked as the game replays: `Term._replay_game_answer`.)"""
    if kind == "assign":
        game = data.get("kind") == "game"
        title = data.get("title")
        if not isinstance(title, str) or not title.strip() or len(title) > MAX_TITLE:
            raise ReplayRefused("its title is blank or longer than {most} characters", most=MAX_TITLE)
        most = term_games.MAX_GAMES if game else MAX_ITEMS
        if not whole(data.get("count"), 1, most):
            raise ReplayRefused("its number of items is {count}; an assignment has 1 to {most}",
                                count=str(data.get("count"))[:20], most=most)
        if not whole(data.get("tries", 1), 1, MAX_TRIES) or not whole(data.get("seed"), 0, 2 ** 31 - 1):
            raise ReplayRefused("its tries or seed are out of bounds")
        for student in data.get("students") or ():
            check_student(term.room, student)
    elif kind == "answer":
        check_student(term.room, data.get("student"))
        assignment = term.assignments.get(data.get("assignment"))
        if assignment is not None and not whole(data.get("item"), 0, assignment.count - 1):
            raise ReplayRefused("it answers item {item} of an assignment of {count}",
                                item=str(data.get("item"))[:20], count=assignment.count)
        reply, step = data.get("reply"), data.get("step", "")
        if step not in ("", *term_games.STEPS):
            raise ReplayRefused("an answer has no step {step}", step=repr(str(step)[:20]))
        if step == "move" and reply is not None and not (
                isinstance(reply, list) and len(reply) == 2 and all(type(x) is int for x in reply)
                and tuple(reply) in term_games.board()):
            raise ReplayRefused("a game move is a cell or a pass, not {reply}", reply=str(reply)[:20])
        if assignment is not None and (assignment.kind == "game") != (step != ""):
            raise ReplayRefused("its step {step} does not fit an assignment of kind {kind}",
                                step=repr(str(step)[:20]), kind=assignment.kind)
    elif kind == "roster":
        for row in data.get("rows", ()):
            check_student(term.room, row.get("student"))


def _file_names(titles: list[str]) -> list[str]:
    """Titles as file names, each its own even on a disk that ignores case (a second "Week 1/triads" as
    "Week-1-triads-2"): letters, digits, - and _ kept, the rest as -; a name Windows keeps for a device
    (CON, NUL, COM1, ...) with a - after it."""
    names: list[str] = []
    taken: set[str] = set()
    for title in titles:
        base = "".join(c if c.isalnum() or c in "-_" else "-" for c in title).strip("-") or "assignment"
        if base.upper() in _DEVICES:
            base += "-"
        name, number = base, 1
        while name.casefold() in taken:
            number += 1
            name = f"{base}-{number}"
        taken.add(name.casefold())
        names.append(name)
    return names


_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"{port}{n}" for port in ("COM", "LPT") for n in range(1, 10))}


class MixedGames:
    """What a layout-3 file's replay drops (`muzlab.app.store.SCHEMA`): a merge then kept both nicknames'
    moves in one game item, so from the first decision of one that does not fit, the item's later
    answers (the second nickname's game) are dropped, as that layout's replay ignored them, and deleted
    from the file once it has replayed (the file was copied first). A file of layout 4 drops nothing:
    a decision that does not fit there is damage."""

    def __init__(self, opened_schema: int | None):
        self.older = opened_schema is not None and opened_schema < 4
        self.items: set[tuple[int, int, int]] = set()
        self.dropped: list[int] = []

    def skips(self, seq: int, kind: str, data: dict) -> bool:
        """Whether this event is a later answer of a game item already cut short (then dropped)."""
        if self.older and kind == "answer" and data.get("step") and _item(data) in self.items:
            self.dropped.append(seq)
            return True
        return False

    def ends(self, seq: int, kind: str, data: dict) -> bool:
        """Whether a game answer that does not fit is dropped (a layout-3 file), its item cut short."""
        if not (self.older and kind == "answer" and data.get("step")):
            return False
        self.items.add(_item(data))
        self.dropped.append(seq)
        return True


def _item(data: dict) -> tuple[int, int, int]:
    return int(data["assignment"]), int(data["student"]), int(data["item"])
