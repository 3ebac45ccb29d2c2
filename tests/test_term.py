"""A term in a class folder (muzlab.app.term): assignments over weeks with restarts, answers as events,
progress recomputed from the raw SQLite file, grade files for three gradebooks, forgetting a student,
the layout-3 migration with its backup, and bad input refused with nothing changed."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import sqlite3
import zipfile
from datetime import date, datetime, timedelta

import pandas as pd
import pytest

from muzlab.app.classroom import ClassError, Classroom
from muzlab.app.store import SCHEMA, ClassFolderError
from muzlab.app.term import IDEAS_OF, ITEM_KINDS, GradeScheme, Term, TermError, week_of
from muzlab.app.term_items import EarAsked, KeyAsked, MissingAsked, SungEarAsked, Verdict
from muzlab.names.reader import Reader
from muzlab.widgets.sung_answers import completing_notes, sung_note

MONDAY = datetime(2026, 11, 30, 10, 0)  # the term's first Monday (ISO week 49)


class Clock:
    """The term's clock, moved by the test."""

    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def right_notes(asked):
    """The pitch classes that answer an item sung or played rightly."""
    if isinstance(asked, SungEarAsked):
        return {sung_note(asked.ear)}
    return set(completing_notes(asked.question.position, asked.question.cell))


def right_reply(item):
    """The reply that is right for an item: the answer's option number, a right cell, or a right note."""
    asked = item.asked
    if isinstance(asked, SungEarAsked | MissingAsked):
        return min(right_notes(asked))
    if not item.options:
        return sorted(asked.question.answer)[0]
    answer = asked.keys.answer if isinstance(asked, KeyAsked) else \
        asked.ear.answer if isinstance(asked, EarAsked) else asked.question.answer
    return list(item.options).index(str(answer))


def wrong_reply(item):
    """A reply that is wrong for an item."""
    if isinstance(item.asked, SungEarAsked | MissingAsked):
        return next(pitch for pitch in range(12) if pitch not in right_notes(item.asked))
    if not item.options:
        legal = set(item.asked.question.answer)
        return next(cell for cell in item.asked.question.position.board.cells if cell not in legal)
    return (right_reply(item) + 1) % len(item.options)


def raw_events(folder, kind):
    """The events of a kind as the SQLite file holds them (not through muzlab)."""
    db = sqlite3.connect(folder / "class.sqlite")
    try:
        return [json.loads(data) for (data,) in
                db.execute("SELECT data FROM events WHERE kind = ? ORDER BY seq", (kind,))]
    finally:
        db.close()


def do(term, token, assignment, answers):
    """Answer items of an assignment in order, right (True) or wrong (False) each."""
    for right in answers:
        item = term.next_item(assignment.id, term.room.student(token).id)
        term.answer(token, assignment.id, item.index, right_reply(item) if right else wrong_reply(item))


def open_term(folder, clock):
    room = Classroom(folder)
    return room, Term(room, clock)


def test_three_weeks_with_restarts_two_overlapping_assignments_and_progress_from_the_raw_events(tmp_path):
    folder, clock = tmp_path / "c", Clock(MONDAY)
    room, term = open_term(folder, clock)
    anna, ben = room.join("Anna"), room.join("Ben")
    codes = {"Anna": anna.code, "Ben": ben.code}
    drills = term.assign("Triads by Friday", "triad quality", 6, "2026-11-30", "2026-12-18", seed=3)
    points = term.assign("Points", "points", 4, MONDAY.date(), date(2026, 12, 11), seed=5, same=False)
    do(term, anna.token, drills, [True, False])
    do(term, anna.token, points, [True])
    do(term, ben.token, drills, [False, False, True])
    room.store.close()

    clock.now += timedelta(days=7)  # week 2: the server starts again; the students come back
    room, term = open_term(folder, clock)
    assert [s.nickname for s in room.students.values()] == ["Anna", "Ben"]
    assert [a.title for a in term.open_for(1)] == ["Triads by Friday", "Points"]
    anna = room.join("Anna", personal=codes["Anna"])
    ben = room.join("Ben", personal=codes["Ben"])
    assert term.done(drills.id, anna.id) == (2, 1)  # the answers of week 1 came back
    do(term, anna.token, drills, [True, True])
    do(term, ben.token, points, [True, True, False])
    room.store.close()

    clock.now += timedelta(days=7)  # week 3: Points has closed
    room, term = open_term(folder, clock)
    anna = room.join("Anna", personal=codes["Anna"])
    assert [a.title for a in term.open_for(anna.id)] == ["Triads by Friday"]
    do(term, anna.token, drills, [True, True])
    assert term.next_item(drills.id, anna.id) is None  # all six done

    # the progress table equals a recomputation from the SQLite file itself
    answers = raw_events(folder, "answer")
    assert len(answers) == 2 + 1 + 3 + 2 + 3 + 2
    expected: dict[tuple[str, str], list[int]] = {}
    names = {1: "Anna", 2: "Ben"}
    for a in answers:
        for idea in a["ideas"]:
            cell = expected.setdefault((names[a["student"]], idea), [0, 0])
            cell[0] += 1
            cell[1] += a["right"]
    table = {(r["nickname"], r["idea"]): [r["answered"], r["right"]] for r in term.progress()}
    assert table == expected
    assert {tuple(a["ideas"]) for a in answers} == {IDEAS_OF["triad quality"], IDEAS_OF["points"]}
    # Anna's triads: week 1 one of two right, week 2 two of two, week 3 two of two: rising
    weeks = term.weekly(anna.id)["triad quality"]
    assert weeks == {"2026-W49": (2, 1), "2026-W50": (2, 2), "2026-W51": (2, 2)}
    anna_triads = next(r for r in term.progress(anna.id) if r["idea"] == "triad quality")
    assert anna_triads["share right"] == round(5 / 6, 3) and anna_triads["trend per week"] == 0.25
    assert {r["nickname"] for r in term.progress(anna.id)} == {"Anna"}  # hers, nobody else's
    room.store.close()


def test_the_same_seed_gives_everyone_the_same_items_and_an_own_seed_each_their_own(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna"), room.join("Ben")
    same = term.assign("Same", "third", 5, "2026-11-30", "2026-12-04", seed=9)
    own = term.assign("Own", "third", 5, "2026-11-30", "2026-12-04", seed=9, same=False)

    def notes(a, sid):
        return [term.item(a.id, sid, i).asked.ear.notes for i in range(5)]

    assert notes(same, 1) == notes(same, 2)
    assert notes(own, 1) != notes(own, 2)
    assert notes(own, 1) == notes(own, 1)
    room.store.close()


def test_every_kind_of_item_is_answered_and_stored_with_its_ideas(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    kinds = [kind for kind in IDEAS_OF if kind != "game"]  # (games: tests/test_term_games.py)
    for kind in kinds:
        a = term.assign(f"{kind} set", kind, 2, "2026-11-30", "2026-12-04", seed=1)
        item = term.next_item(a.id, anna.id)
        assert item.prompt
        right, words = term.answer(anna.token, a.id, item.index, right_reply(item))
        assert right, (kind, words)
        item = term.next_item(a.id, anna.id)
        right, words = term.answer(anna.token, a.id, item.index, wrong_reply(item))
        assert not right and words, kind
    stored = raw_events(room.folder, "answer")
    assert [a["ideas"] for a in stored] == [list(IDEAS_OF[kind]) for kind in kinds for _ in (1, 2)]
    assert [a["at"] for a in stored] == ["2026-11-30T10:00:00"] * len(stored)
    room.store.close()


def test_grades_follow_the_scheme_and_the_teacher_may_change_it(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    room.join("Cleo")
    a = term.assign("Quality", "triad quality", 4, "2026-11-30", "2026-12-04", tries=2)
    item = term.next_item(a.id, anna.id)
    term.answer(anna.token, a.id, item.index, wrong_reply(item))
    term.answer(anna.token, a.id, item.index, right_reply(item))  # right at the second try
    do(term, anna.token, a, [True])
    do(term, ben.token, a, [True, True, True, True])
    assert term.grades(a.id) == [("Anna", 25.0), ("Ben", 100.0), ("Cleo", 0.0)]
    term.set_scheme(a.id, GradeScheme(out_of=10, counts="best", missing="blank"))
    assert term.grades(a.id) == [("Anna", 5.0), ("Ben", 10.0), ("Cleo", None)]
    room.store.close()
    room, term = open_term(tmp_path / "c", Clock(MONDAY))  # the scheme is in the file
    assert term.grades(a.id) == [("Anna", 5.0), ("Ben", 10.0), ("Cleo", None)]
    room.store.close()


ROSTER = ("nickname,id,email,name,section\n"
          "Anna,S-001,anna@school.example,Anna A.,7b\nBen,S-002,ben@school.example,Ben B.,7b\n")


def graded_term(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    room.join("Visitor")
    a = term.assign("Thirds, week 1", "third", 2, "2026-11-30", "2026-12-04")
    do(term, anna.token, a, [True, True])
    do(term, ben.token, a, [True, False])
    assert term.load_roster(ROSTER) == 2
    return room, term, a


def moodle_import(text, identify, item):
    """The grades Moodle's CSV grade import takes from a file, by its documented rules (MoodleDocs,
    "Grade import", docs.moodle.org/311/en/Grade_import, and grade/import/csv/classes/load_data.php):
    the first row names the columns (trimmed, so they must be unique once trimmed); at the import one
    column is mapped to a user field ("ID number" to useridnumber or "Email address" to useremail,
    exact and case-sensitive) and one to the grade item; a row with a blank user field is skipped; a
    grade of "" or "-" is no grade, anything else must be a number, at most 100 unless the site allows
    unlimited grades. Returns {user: grade or None}."""
    rows = list(csv.reader(io.StringIO(text)))
    header = [h.strip() for h in rows[0]]
    assert len(set(header)) == len(header), header
    user, grade = header.index(identify), header.index(item)
    taken = {}
    for row in rows[1:]:
        assert len(row) == len(header)
        if not row[user]:
            continue
        value = row[grade].strip()
        taken[row[user]] = None if value in ("", "-") else float(value)
        assert taken[row[user]] is None or 0 <= taken[row[user]] <= 100
    return taken


def canvas_import(text, item):
    """The scores Canvas's gradebook import takes, by its documented rules (Canvas Instructor Guide,
    "How do I import grades in the Gradebook?", as the OSU CarmenCanvas guide "Import a CSV File into
    Carmen Grades" states them): the header row has the student columns, a student's name ("Student")
    or Canvas "ID" or "SIS User ID" (one of them filled in identifies the student), "SIS Login ID" and
    "Section", then one column per assignment, named as the assignment; an optional second row whose
    first cell is "Points Possible" gives each assignment's points. Returns ({SIS User ID: score},
    points possible)."""
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    assert header[:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"], header
    column = header.index(item)
    points = None
    if rows[1][0].strip() == "Points Possible":
        points, rows = float(rows[1][column]), rows[1:]
    scores = {}
    for row in rows[1:]:
        assert len(row) == len(header) and any(row[:3]), row  # a name, an ID or a SIS User ID
        scores[row[2]] = None if row[column] == "" else float(row[column])
    return scores, points


def classroom_api_grades(text):
    """The grades the Google Classroom API takes, by its documented rules (Classroom API reference,
    courses.courseWork.studentSubmissions: patch and list, and the "Grades" guide): a student is named by
    `userId`, which list accepts as the user's email address; a teacher may set only `draftGrade` and
    `assignedGrade`; a grade left out is no grade, a grade set is a non-negative decimal (rounded to two
    places, so none has more), and an assignedGrade cannot be set without a draftGrade. Google Classroom
    itself documents no CSV grade import. Returns {email: (draftGrade, assignedGrade)}."""
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    assert header[0] == "userId" and set(header[1:]) <= {"draftGrade", "assignedGrade"}, header
    assert len(set(header)) == len(header) > 1, header
    grades = {}
    for row in rows[1:]:
        assert len(row) == len(header), row
        fields = dict(zip(header, row, strict=True))
        user = fields.pop("userId")
        assert re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", user) and user not in grades, user
        for value in fields.values():
            assert value == "" or re.fullmatch(r"\d+(\.\d{1,2})?", value), value
        draft, assigned = (None if fields.get(f, "") == "" else float(fields[f])
                           for f in ("draftGrade", "assignedGrade"))
        assert assigned is None or draft is not None, row
        grades[user] = (draft, assigned)
    return grades


def test_grade_files_parse_under_each_gradebooks_header_rules(tmp_path):
    room, term, a = graded_term(tmp_path)
    moodle = term.grades_csv(a.id, "moodle")
    assert moodle_import(moodle, "ID number", "Thirds, week 1") == {"S-001": 100, "S-002": 50}
    assert moodle_import(moodle, "Email address", "Thirds, week 1") == {"anna@school.example": 100,
                                                                        "ben@school.example": 50}
    canvas = term.grades_csv(a.id, "canvas")
    assert canvas_import(canvas, "Thirds, week 1") == ({"S-001": 100, "S-002": 50}, 100)
    assert [row[0] for row in csv.reader(io.StringIO(canvas))][2:] == ["Anna A.", "Ben B."]
    # Google Classroom documents no CSV grade import: the file holds what its API takes
    assert classroom_api_grades(term.grades_csv(a.id, "google")) == {"anna@school.example": (100, 100),
                                                                     "ben@school.example": (50, 50)}
    for gradebook in ("moodle", "canvas", "google"):
        text = term.grades_csv(a.id, gradebook)
        assert text.endswith("\r\n") and "Visitor" not in text
    assert term.unmapped() == ["Visitor"]
    archive = zipfile.ZipFile(io.BytesIO(term.grades_zip()))
    assert {"grades/moodle/Thirds--week-1.csv", "grades/canvas/Thirds--week-1.csv",
            "grades/google/Thirds--week-1.csv", "progress.csv", "progress.parquet",
            "left-out.txt"} <= set(archive.namelist())
    assert "Visitor" in archive.read("left-out.txt").decode()
    frame = pd.read_parquet(io.BytesIO(archive.read("progress.parquet")))
    from_csv = pd.read_csv(io.StringIO(archive.read("progress.csv").decode()))
    assert list(frame.columns) == list(from_csv.columns)
    assert frame[frame.week == "term"][["nickname", "answered", "right"]].values.tolist() == [
        ["Anna", 2, 2], ["Ben", 2, 1]]
    room.store.close()


def test_the_grade_files_need_the_roster_and_google_needs_emails(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    a = term.assign("A", "third", 2, "2026-11-30", "2026-12-04")
    with pytest.raises(TermError, match="roster file first"):
        term.grades_csv(a.id, "moodle")
    term.load_roster("nickname,id\nAnna,7\n")
    with pytest.raises(TermError, match="by email"):
        term.grades_csv(a.id, "google")
    with pytest.raises(TermError, match="no gradebook 'excel'"):
        term.grades_csv(a.id, "excel")
    room.store.close()


def test_a_forgotten_student_is_gone_from_the_sqlite_file_itself(tmp_path):
    room, term, a = graded_term(tmp_path)
    ben = next(s for s in room.students.values() if s.nickname == "Ben")
    deleted = term.forget(ben.id)
    assert deleted == 2
    room.store.close()
    folder = tmp_path / "c"
    raw = b"".join(p.read_bytes() for p in folder.glob("class.sqlite*") if "backup" not in p.name)
    assert b"Ben" not in raw and b"ben@school" not in raw and b"S-002" not in raw
    assert b"Anna" in raw  # the others stay
    assert all(answer["student"] != ben.id for answer in raw_events(folder, "answer"))
    room, term = open_term(folder, Clock(MONDAY))  # the class still replays
    assert [s.nickname for s in room.students.values()] == ["Anna", "Visitor"]
    assert term.grades(a.id) == [("Anna", 100.0), ("Visitor", 0.0)]
    assert room.join("Ben").nickname == "Ben"  # the nickname is free again
    room.store.close()


def test_after_forget_the_running_server_names_the_student_in_no_export(tmp_path):
    """Issue #53: after Forget, the next Export of the running server still named the student (the
    tables' seats kept the nickname); now they say "removed student N", as after a restart."""
    from test_class import mover, play_a_move

    room, term, a = graded_term(tmp_path)
    ben = next(s for s in room.students.values() if s.nickname == "Ben")
    room.deal(3, seed=2)
    for _ in range(4):
        play_a_move(room, mover(room, 1))
    room.deal(3, seed=3)  # the first deal's table is a past one now
    play_a_move(room, mover(room, 1))
    term.forget(ben.id)
    archive = zipfile.ZipFile(io.BytesIO(room.export()))
    assert any(f"removed student {ben.id}" in archive.read(n).decode() for n in archive.namelist())
    for name in archive.namelist():
        assert "Ben" not in archive.read(name).decode(), name
    assert all("Ben" not in [seat.name for seat in t.table.seats] for t in [*room.past, *room.tables])
    room.store.close()


def test_a_layout_2_file_is_backed_up_before_it_becomes_the_current_layout(tmp_path):
    folder = tmp_path / "c"
    room = Classroom(folder)
    room.join("Anna")
    room.store.close()
    db = sqlite3.connect(folder / "class.sqlite")
    db.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
    db.execute("DROP INDEX events_by_kind")
    db.commit()
    db.close()
    old = (folder / "class.sqlite").read_bytes()
    room, term = open_term(folder, Clock(MONDAY))
    assert [s.nickname for s in room.students.values()] == ["Anna"] and term.assignments == {}
    term.assign("After the update", "third", 2, "2026-11-30", "2026-12-04")
    room.store.close()
    assert (folder / "class.sqlite.backup-v2").read_bytes() == old
    db = sqlite3.connect(folder / "class.sqlite")
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (str(SCHEMA),) == ("4",)
    assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'events_by_kind'").fetchone()
    db.close()


def count_events(room):
    return len(list(room.store.events()))


@pytest.mark.parametrize(("args", "words"), [
    (("", "third", 3, "2026-11-30", "2026-12-04"), "Give the assignment a title"),
    (("Zero", "third", 0, "2026-11-30", "2026-12-04"), "1 to 100 items, not 0"),
    (("Back", "third", 3, "2026-12-04", "2026-11-30"), "closing date 2026-11-30 is before the opening"),
    (("Bad day", "third", 3, "2026-11-31", "2026-12-04"), "'2026-11-31' is not a date"),
    (("Kind", "dance", 3, "2026-11-30", "2026-12-04"), "no kind of item 'dance'"),
])
def test_a_bad_assignment_is_refused_with_a_sentence_and_nothing_is_written(tmp_path, args, words):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    before = count_events(room)
    with pytest.raises(TermError, match=words):
        term.assign(*args)
    assert count_events(room) == before and term.assignments == {}
    room.store.close()


def test_every_kind_of_item_is_checked_by_its_one_check_which_gives_facts_and_words_nothing(tmp_path,
                                                                                             monkeypatch):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    items = [term.item(term.assign(kind, kind, 2, "2026-11-30", "2026-12-04", seed=4).id, anna.id, 0)
             for kind in ITEM_KINDS]
    assert {type(item.asked).__name__ for item in items} == {
        "EarAsked", "SungEarAsked", "KeyAsked", "QuizAsked", "MissingAsked", "GameAsked"}

    def no_words(*args):
        raise AssertionError("a check made a sentence")

    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        monkeypatch.setattr(Reader, name, no_words)
    for item in items:
        if item.kind == "game":
            game = item.asked.table.game
            scores = game.position.legal_scores(game.hand)  # (the opening die: every cell scores 0)
            right, wrong = max(scores, key=scores.get), None
        else:
            right, wrong = right_reply(item), wrong_reply(item)
        assert isinstance(item.check(right), Verdict) and item.check(right).right, item.kind
        if item.kind != "game":
            assert not item.check(wrong).right, item.kind
        with pytest.raises(TermError):
            item.check((0, 0) if item.options else "C")  # a reply of the wrong form, for every kind
    assert count_events(room) == 1 + len(ITEM_KINDS)  # (checking writes nothing)


def test_answers_refused_unknown_assignment_wrong_student_past_due_and_bad_replies(tmp_path):
    clock = Clock(MONDAY)
    room, term = open_term(tmp_path / "c", clock)
    anna, ben = room.join("Anna"), room.join("Ben")
    a = term.assign("Only Anna", "triad quality", 2, "2026-11-30", "2026-12-04", students=[anna.id])
    later = term.assign("Later", "third", 2, "2026-12-07", "2026-12-11")
    before = count_events(room)
    with pytest.raises(TermError, match="no assignment 99"):
        term.answer(anna.token, 99, 0, 0)
    with pytest.raises(TermError, match="not set for Ben"):
        term.answer(ben.token, a.id, 0, 0)
    with pytest.raises(TermError, match="has not joined"):
        term.answer("not-a-token", a.id, 0, 0)
    with pytest.raises(TermError, match="opens on 2026-12-07"):
        term.answer(anna.token, later.id, 0, 0)
    with pytest.raises(TermError, match="items 1 to 2"):
        term.answer(anna.token, a.id, 5, 0)
    with pytest.raises(TermError, match="one of the 3 answers"):
        term.answer(anna.token, a.id, 0, 7)
    with pytest.raises(TermError, match="clicking a cell"):
        term.assign("Cells", "where", 1, "2026-11-30", "2026-12-04")
        term.answer(anna.token, 3, 0, "e5")
    before += 1  # the "Cells" assignment
    do(term, anna.token, a, [True])
    with pytest.raises(TermError, match="Item 1 of Only Anna is done"):
        term.answer(anna.token, a.id, 0, 0)
    clock.now = datetime(2026, 12, 5, 9, 0)
    with pytest.raises(TermError, match="closed on 2026-12-04"):
        term.answer(anna.token, a.id, 1, 0)
    assert count_events(room) == before + 1  # only the one answer taken
    with pytest.raises(TermError, match="students on the roster"):
        term.assign("Nobody", "third", 2, "2026-11-30", "2026-12-04", students=[42])
    with pytest.raises(TermError, match="already an assignment called Only Anna"):
        term.assign("only anna", "third", 2, "2026-11-30", "2026-12-04")
    room.store.close()


@pytest.mark.parametrize(("text", "words"), [
    ("nickname,id\nAnna,1\nAnna,2\n", "Row 3 of the roster file: Anna is there twice"),
    ("nickname,id\nAnna,1\nZoe,2\n", "no student of this class is called 'Zoe'"),
    ("nickname,id\nAnna,1\nBen,1\n", "the id 1 is also Anna's"),
    ("name,email\nAnna,a@b\n", "names neither a nickname nor an id column.*commas, semicolons or tabs"),
    ("nickname;email\nAnna;a@b\n", "first row names no id column"),
    ("nickname,id\nAnna\n", "Row 2 of the roster file has 1 field, the header 2"),
    ("nickname,id\nAnna,\n", "Anna has no id"),
    ("", "roster file is empty"),
    (b"nickname,id\nAnna,\x81\x8d\n", "neither UTF-8 nor Windows"),
    ("nickname,id\n", "no student rows"),
])
def test_a_malformed_roster_file_is_refused_and_the_roster_before_it_stays(tmp_path, text, words):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna"), room.join("Ben")
    term.load_roster("nickname,id\nAnna,S1\n")
    before = count_events(room)
    with pytest.raises(TermError, match=words):
        term.load_roster(text)
    assert count_events(room) == before and term.school_row(1)["id"] == "S1"
    room.store.close()


@pytest.mark.parametrize(("data", "how"), [
    ("\ufeffNickname;ID;E-Mail;Name\r\nJürgen;S1;j@s.example;Jürgen M.\r\nAnna;S2;;\r\n".encode(),
     "German Excel's CSV UTF-8: semicolons and a byte-order mark"),
    ("Nickname;ID;Name\r\nJürgen;S1;Jürgen Müller\r\nAnna;S2;Anna Groß\r\n".encode("cp1252"),
     "German Excel's plain CSV: semicolons in Windows-1252"),
    ("nickname\tid\tname\r\nJürgen\tS1\tJürgen M.\r\nAnna\tS2\t\r\n".encode("utf-16"),
     "Excel's Unicode text: tabs in UTF-16"),
    (b"nickname\tid\nJ\xc3\xbcrgen\tS1\nAnna\tS2\n", "tabs in UTF-8"),
    ('nickname;id;name\n"Jürgen";S1;"Müller; Jürgen"\nAnna;S2;"Anna, G."\n', "semicolons, a quoted ; and ,"),
])
def test_roster_files_as_excel_saves_them_are_taken(tmp_path, data, how):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    jurgen, anna = room.join("Jürgen"), room.join("Anna")
    assert term.load_roster(data) == 2, how
    assert term.school_row(jurgen.id)["id"] == "S1" and term.school_row(anna.id)["id"] == "S2"
    assert term.school_row(jurgen.id).get("name", "Jürgen M.") in ("Jürgen M.", "Jürgen Müller",
                                                                    "Müller; Jürgen")
    room.store.close()


@pytest.mark.parametrize(("data", "words"), [
    (b"nickname,id\nAnna," + b"x" * 200_000 + b"\nBen,2\n",
     "Row 2 of the roster file has a field of more than 200 characters"),
    (b'nickname,id\nAnna,"S1\nBen,S2\nCleo,S3\n', "Row 2 of the roster file opens a quote"),
    (b'nickname,id\nAnna,"S1"x\nBen,S2\n', "Row 2 of the roster file opens a quote"),
    (b"nickname,id\nAnna,S\x001\nBen,S2\n", "holds NUL characters"),
    (b"nickname,id\nAnna,S1\n" + b"\n" * 10_000_000, "over 500 KB"),
    ("nickname,id\nAnna,S1\n" + "\n" * 10_000_000, "over 500 KB"),
    (b"nickname,id\nAnna,S1\n" + b",\n" * 5_000, "more than 1000 rows"),
    (["nickname,id"], "roster file is empty"),
])
def test_an_abusive_roster_upload_is_refused_with_a_sentence_and_the_roster_before_it_stays(tmp_path, data,
                                                                                           words):
    """The red team's roster uploads: a 200 KB field raised csv.Error with no sentence, an unterminated
    quote swallowed the rows after it, NUL was kept, and 10 MB of blank rows held the teacher's thread
    for seconds; each is now a sentence saying what is wrong, read within a size and a row limit."""
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna"), room.join("Ben"), room.join("Cleo")
    term.load_roster("nickname,id\nAnna,S9\n")
    before = count_events(room)
    with pytest.raises(TermError, match=words):
        term.load_roster(data)
    assert count_events(room) == before and term.school_row(1)["id"] == "S9"
    room.store.close()


@pytest.mark.parametrize(("notes", "language", "separators"), [
    ("german", "de", "Semikolon"), ("solfege", "fr", "points-virgules"), ("solfege", "es", "puntos y coma")])
def test_the_teachers_page_says_a_roster_refusal_in_its_language_with_the_buttons_word(
        tmp_path, notes, language, separators):
    """Beside the upload button, in the page's language, naming the file with the button's own word
    (German Excel's semicolon file had been refused with "…fehlt die Spalte nickname and no id", under
    "Aufgabe stellen", calling the file a "Klassenliste" beside a "Schülerliste" button)."""
    from muzlab.app.pages import PageReading
    from muzlab.app.term_pages import TermTeacher

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    teacher = TermTeacher(term, lambda: PageReading(notes, language=language).reader)
    button = teacher.roster_file.description.casefold()
    too_big = b"nickname,id\n" + b"\n" * 600_000
    nul = b"nickname,id\nAnna,\x00\n"
    for data in (b"name;email\nAnna;a@s\n", b"nickname;email\nAnna;a@s\n", too_big, nul):
        teacher.upload(data)
        said = teacher.roster_message.value
        assert button in said.casefold() and "✗" in said, said
        for english in (" and no ", "roster file", " column ", "first row"):
            assert english not in said, said
        if data.startswith(b"nickname;email"):
            assert separators in said, said
    assert not teacher.message.value  # nothing said under the assignment form
    teacher.upload("Nickname;ID\r\nAnna;S1\r\n".encode("cp1252"))
    assert button in teacher.roster_message.value.casefold() and "1" in teacher.roster_message.value
    assert term.school_row(1)["id"] == "S1"
    teacher.close()
    room.store.close()


def test_two_titles_that_make_one_file_name_get_their_own_entries_in_the_grades_zip(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    term.load_roster("nickname,id\nAnna,S1\n")
    titles = ("Week 1/triads", "Week 1 triads", "week-1-triads", "CON", "../..", "a" * 60)
    for title in titles:
        term.assign(title, "third", 2, "2026-11-30", "2026-12-04")
    for zipped, gradebook in ((term.grades_zip, "moodle"), (lambda: term.grades_zip("excel-de"), "excel-de")):
        archive = zipfile.ZipFile(io.BytesIO(zipped()))
        names = archive.namelist()
        assert len(names) == len(set(names)) and len({n.casefold() for n in names}) == len(names)
        grades = [n for n in names if n.startswith(f"grades/{gradebook}/")]
        assert grades == [f"grades/{gradebook}/{name}.csv" for name in (
            "Week-1-triads", "Week-1-triads-2", "week-1-triads-3", "CON-", "assignment", "a" * 60)]
        for name, title in zip(grades, titles, strict=True):  # each file holds its own assignment
            assert title in archive.read(name).decode("utf-8-sig").splitlines()[0]
    with pytest.raises(TermError, match="no spreadsheet style 'excel'"):
        term.grades_zip("excel")
    room.store.close()


@pytest.mark.parametrize(("students", "words"), [
    ([True], "a whole number, not True"), ([1, False], "not False"), ([1.0], "not 1.0"), (["1"], "not '1'"),
    (1, "a list of student numbers, not 1"), ("1", "a list of student numbers"),
])
def test_an_assignment_for_students_given_by_anything_but_their_numbers_is_refused(tmp_path, students, words):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    before = count_events(room)
    with pytest.raises(TermError, match=words):
        term.assign("Odd", "third", 2, "2026-11-30", "2026-12-04", students=students)
    assert count_events(room) == before and term.assignments == {}
    assert term.assign("Fine", "third", 2, "2026-11-30", "2026-12-04", students=[1]).students == (1,)
    room.store.close()


def test_a_taken_nickname_is_refused_across_a_restart(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    room.store.close()
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    with pytest.raises(ClassError, match="Someone has already joined as Anna"):
        room.join("Anna")
    with pytest.raises(ClassError, match="looks too much like Anna"):
        room.join("Аnna")  # a Cyrillic А
    room.store.close()


def test_a_term_event_that_does_not_replay_names_itself_and_leaves_the_file_as_it_was(tmp_path):
    """Issue #53: the refused file was still written (the layout's row, on opening) before the term's
    events were replayed and refused."""
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    room.join("Anna")
    room.store.append("answer", {"assignment": 7, "student": 1, "item": 0, "reply": 0, "right": True,
                                 "at": "2026-11-30T10:00:00", "ideas": ["third"]})
    room.store.close()

    def files():
        return {p.name: p.read_bytes() for p in (tmp_path / "c").iterdir() if p.name != "class.lock"}

    before = files()
    room = Classroom(tmp_path / "c")
    with pytest.raises(ClassFolderError, match=r"event 2 \(answer\) does not replay .*never set"):
        Term(room, Clock(MONDAY))
    room.store.close()
    assert files() == before


def hand_edit(folder, how):
    """A class of Anna and Ben with an assignment answered, its log then edited by hand as `how` says."""
    room, term = open_term(folder, Clock(MONDAY))
    anna = room.join("Anna")
    room.join("Ben")
    a = term.assign("Thirds", "third", 2, "2026-11-30", "2026-12-04")
    do(term, anna.token, a, [True])
    room.store.close()
    db = sqlite3.connect(folder / "class.sqlite")

    def edit(kind, change):
        seq, data = db.execute("SELECT seq, data FROM events WHERE kind = ? ORDER BY seq DESC",
                               (kind,)).fetchone()
        db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(change(json.loads(data))), seq))

    if how == "one token for two":
        edit("join", lambda data: {**data, "token": anna.token})
    elif how == "student 999":
        edit("answer", lambda data: {**data, "student": 999})
    elif how == "a move that is no move":
        edit("answer", lambda data: {**data, "step": "move", "reply": "x"})
    elif how == "a game's step in a drill":
        edit("answer", lambda data: {**data, "step": "result"})
    elif how == "ten million items":
        edit("assign", lambda data: {**data, "count": 10 ** 7})
    elif how == "an item it does not have":
        edit("answer", lambda data: {**data, "item": 5})
    elif how == "a deal of student 999":
        db.execute("INSERT INTO events (kind, data) VALUES ('deal', ?)", (json.dumps(
            {"round": 1, "mode": "normal", "seed": 1, "hints": True, "tables": [[1, 999]]}),))
    elif how == "an empty teacher key":
        db.execute("UPDATE meta SET value = '' WHERE key = 'teacher_key'")
    db.commit()
    db.close()


@pytest.mark.parametrize(("how", "words"), [
    ("one token for two", r"event 2 \(join\) does not replay \(its token is student 1's too"),
    ("student 999", r"event 4 \(answer\) does not replay \(student 999 never joined this class\)"),
    ("a move that is no move", r"\(answer\) does not replay \(a game move is a cell or a pass, not x\)"),
    ("a game's step in a drill", r"event 4 \(answer\) does not replay \(its step 'result' does not fit an "
                                 r"assignment of kind third\)"),
    ("ten million items", r"event 3 \(assign\) does not replay \(its number of items is 10000000; an "
                          r"assignment has 1 to 100\)"),
    ("an item it does not have", r"\(answer\) does not replay \(it answers item 5 of an assignment of 2\)"),
    ("a deal of student 999", r"\(deal\) does not replay \(student 999 is not on the roster\)"),
    ("an empty teacher key", r"the secret of the teacher's address or the class code it keeps is not one"),
])
def test_a_hand_edited_log_is_refused_with_the_event_and_what_is_wrong(tmp_path, how, words):
    """Issue #53: these replayed silently (the empty key then opened /teacher?key=); each is refused,
    the file left as it was."""
    folder = tmp_path / "c"
    hand_edit(folder, how)
    before = (folder / "class.sqlite").read_bytes()
    with pytest.raises(ClassFolderError, match=words):
        room = Classroom(folder)
        try:
            Term(room, Clock(MONDAY))
        finally:
            room.store.close()
    assert (folder / "class.sqlite").read_bytes() == before


def test_week_of_counts_iso_weeks():
    assert week_of("2026-11-30T10:00:00") == "2026-W49"
    assert week_of("2027-01-01T10:00:00") == "2026-W53"


def test_the_term_sections_the_teacher_sets_two_students_answer_the_teacher_sees_and_exports(tmp_path):
    from muzlab.app.term_pages import TermStudent, TermTeacher

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    teacher = TermTeacher(term)
    assert "muz-assign-new" in teacher.create._dom_classes
    teacher.title.value, teacher.kind.value, teacher.count.value = "Ears", "triad quality", 2
    teacher.closes.value = date(2026, 11, 29)  # before it opens: refused, nothing set
    teacher.create.click()
    assert "before the opening date" in teacher.message.value and term.assignments == {}
    teacher.closes.value = date(2026, 12, 4)
    teacher.create.click()
    assert teacher.listing.value.count("class='muz-assignment'") == 1
    assert "0 of 2 done" in teacher.listing.value
    german = Reader("german", typeset=True)
    pages = {s.nickname: TermStudent(term, lambda s=s: s, lambda: german) for s in (anna, ben)}
    for name, page in pages.items():
        assert "Ears: 0 of 2 items done, 0 right" in page.mine.value
        assert "muz-my-assignments" in page.mine._dom_classes
        for _ in range(2):
            right = right_reply(page.item)
            chosen = right if name == "Anna" else (right + 1) % len(page.item.options)
            page.options.children[chosen].click()
        assert "All done" in page.prompt.value
        assert "muz-my-progress" in page.progress._dom_classes and name in page.progress.value
        other = "Ben" if name == "Anna" else "Anna"
        assert other not in page.progress.value  # their own, nobody else's
    assert "2 of 2 done" in teacher.listing.value  # drawn again as the answers came
    assert "<td>Anna</td><td>100% (2)" in teacher.progress.value
    assert "<td>Ben</td><td>0% (2)" in teacher.progress.value
    assert "class='muz-progress'" in teacher.progress.value and teacher.pictures.value.count("<svg") == 2
    teacher.upload(b"nickname,id\nAnna,1\nAnna,2\n")  # said beside the upload button
    assert "Anna is there twice" in teacher.roster_message.value and "twice" not in teacher.message.value
    assert "Anna is there twice" in teacher.care_heard.news  # said to a screen reader on the class list
    row = next(box for box in teacher.care.children if teacher.roster_file in getattr(box, "children", ()))
    assert row.children == (teacher.roster_file, teacher.roster_message)  # the message right of the button
    teacher.upload(b"nickname,id,email\nAnna,1,a@s\nBen,2,b@s\n")
    assert "names 2 students" in teacher.roster_message.value
    assert "names 2 students" in teacher.care_heard.news
    archive = zipfile.ZipFile(io.BytesIO(term.grades_zip()))
    assert archive.read("grades/moodle/Ears.csv").decode().splitlines() == [
        "ID number,Email address,Ears", "1,a@s,100", "2,b@s,0"]
    for view in (teacher, *pages.values()):
        view.close()
    room.store.close()


def test_a_puzzle_item_is_answered_by_clicking_the_board(tmp_path):
    from muzlab.app.term_pages import TermStudent

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    term.assign("Best cells", "puzzle", 1, "2026-11-30", "2026-12-04")
    page = TermStudent(term, lambda: anna)
    assert page.board_area.layout.display == "flex"
    assert all(b.layout.display == "none" for b in page.options.children)
    page.board.on_click(right_reply(page.item))
    assert "Yes!" in page.said.value and term.done(1, anna.id) == (1, 1)
    page.close()
    room.store.close()


def test_a_students_answer_is_said_through_the_term_sections_live_region(tmp_path):
    """What shows under an item (right or not, and why) is also told to a screen reader, once per
    answer, in a polite live region named in the page's language."""
    from muzlab.app.term_pages import TermStudent

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    term.assign("Best cells", "puzzle", 2, "2026-11-30", "2026-12-04")
    page = TermStudent(term, lambda: anna)
    assert page.heard.label == "Feedback on your answer" and page.heard.told == 0
    page.board.on_click(right_reply(page.item))
    assert page.heard.told == 1 and page.heard.news.startswith("Yes!")
    assert page.heard.news in html.unescape(page.said.value)
    page.close()
    room.store.close()


def test_a_students_report_is_one_pdf_page_with_their_ideas_and_grades_the_same_bytes_each_time(tmp_path):
    from muzlab.app.term_report import report_pdf, reports_zip

    room, term, a = graded_term(tmp_path)
    anna = next(s for s in room.students.values() if s.nickname == "Anna")
    pdf = report_pdf(term, anna.id)
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") == 1
    assert pdf == report_pdf(term, anna.id)  # no date in it
    names = zipfile.ZipFile(io.BytesIO(reports_zip(term))).namelist()
    assert names == [f"reports/{student}.{kind}" for student in ("1-Anna", "2-Ben", "3-Visitor")
                     for kind in ("pdf", "html")]
    with pytest.raises(TermError, match="No student 99"):
        report_pdf(term, 99)
    room.store.close()


def test_a_name_or_title_read_as_math_is_drawn_as_written_and_a_failing_report_spares_the_others(
        tmp_path, monkeypatch):
    """Issue #53: `$\\x$` was read as mathtext, savefig raised, and no report was written for anyone."""
    from dataclasses import replace

    from muzlab.app import term_report

    room, term, a = graded_term(tmp_path)
    ben = next(s for s in room.students.values() if s.nickname == "Ben")
    # a nickname kept before the nickname rule refused $ and \ (the rule is checked on joining only)
    room.students[ben.id] = replace(ben, nickname="$\\x$")
    room._names[ben.id] = "$\\x$"
    term.assign("Costs $\\frac{$ 5", "third", 1, "2026-11-30", "2026-12-04")
    assert term_report.report_pdf(term, ben.id).startswith(b"%PDF")
    made, failed = term_report.reports(term)
    assert failed == [] and len(zipfile.ZipFile(io.BytesIO(made)).namelist()) == 6  # a PDF and a page each
    real = term_report.report_pdf

    def broken(term_, sid, reader=None, web_page=""):
        if sid == ben.id:
            raise ValueError("a report that breaks")
        return real(term_, sid, reader, web_page)

    monkeypatch.setattr(term_report, "report_pdf", broken)
    made, failed = term_report.reports(term, Reader(language="de"))
    archive = zipfile.ZipFile(io.BytesIO(made))
    assert failed == ["$\\x$"]
    assert archive.namelist() == ["reports/1-Anna.pdf", "reports/1-Anna.html", "reports/3-Visitor.pdf",
                                  "reports/3-Visitor.html", "reports/not-made.txt"]
    assert "$\\x$" in archive.read("reports/not-made.txt").decode()
    assert "could not" not in archive.read("reports/not-made.txt").decode()  # (in the teacher's language)
    room.store.close()


def test_the_teacher_forgets_a_student_from_their_page(tmp_path):
    from muzlab.app.term_pages import TermTeacher

    room, term, a = graded_term(tmp_path)
    teacher = TermTeacher(term)
    teacher.forget_button.click()
    assert "Choose a student first" in teacher.message.value
    teacher.forget_pick.value = 2
    teacher.forget_button.click()  # asked first: it cannot be undone
    assert "Press Forget again to delete Ben" in teacher.message.value
    assert "<td>Ben</td>" in teacher.progress.value
    teacher.forget_button.click()
    assert "Ben and their answers are gone" in teacher.message.value
    assert "Ben and their answers are gone" in teacher.heard.news == teacher.care_heard.news  # (said too)
    assert "<td>Ben</td>" not in teacher.progress.value and "<td>Anna</td>" in teacher.progress.value
    assert [label for label, _ in teacher.forget_pick.options] == ["Anna", "Visitor"]
    teacher.forget_pick.value, teacher.into_pick.value = 3, 3
    teacher.merge_button.click()
    assert "two different students" in teacher.message.value
    teacher.into_pick.value = 1
    teacher.merge_button.click()
    assert "Press Merge again to give Visitor's answers to Anna" in teacher.message.value
    teacher.into_pick.value = 3
    teacher.into_pick.value = 1  # another choice between: asked again
    teacher.merge_button.click()
    assert "Press Merge again" in teacher.message.value
    teacher.merge_button.click()
    assert "Visitor's 0 answers are now Anna's; Visitor is off the roster" in teacher.message.value
    teacher.close()
    room.store.close()


def test_the_teacher_sets_an_assignment_for_some_students_and_changes_its_grading(tmp_path):
    from muzlab.app.term_pages import TermTeacher

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    teacher = TermTeacher(term)
    assert [label for label, _ in teacher.who.options] == ["Anna", "Ben"]
    teacher.title.value, teacher.kind.value, teacher.count.value = "Anna's thirds", "third", 2
    teacher.who.value, teacher.tries.value = (anna.id,), 2
    teacher.create.click()
    made = term.assignments[1]
    assert made.students == (anna.id,) and made.tries == 2 and "1 of 1" not in teacher.listing.value
    assert [a.title for a in term.open_for(ben.id)] == []
    do(term, anna.token, made, [True])
    teacher.scheme_pick.value, teacher.out_of.value = 1, 20
    teacher.scheme_button.click()
    assert "graded out of 20" in teacher.message.value and term.grades(1) == [("Anna", 10.0)]
    teacher.scheme_pick.value = None
    teacher.scheme_button.click()
    assert "no assignment None" in teacher.message.value
    teacher.close()
    room.store.close()


def test_a_student_who_joined_twice_is_merged_into_one_in_the_file_too(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, again = room.join("Anna"), room.join("Anna2")
    a = term.assign("Thirds", "third", 4, "2026-11-30", "2026-12-04")
    do(term, anna.token, a, [True])
    do(term, again.token, a, [True, True])
    with pytest.raises(TermError, match="two different students"):
        term.merge(anna.id, anna.id)
    assert term.merge(again.id, anna.id) == 2
    assert [s.nickname for s in room.students.values()] == ["Anna"]
    # the same items for both: item 1 answered under both nicknames counts once, by its first try
    assert term.done(a.id, anna.id) == (2, 2) and term.grades(a.id) == [("Anna", 50.0)]
    assert {answer["student"] for answer in raw_events(room.folder, "answer")} == {anna.id}
    room.store.close()
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    assert term.grades(a.id) == [("Anna", 50.0)]
    room.store.close()


def test_merging_keeps_the_tries_in_the_order_given_live_and_after_a_restart(tmp_path):
    """Issue #53: Benny wrong and then Ben right, merged: the live grade was 100 (Ben's try first) and 0
    after a restart (the file's order); the first try is Benny's, both times."""
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    ben, benny = room.join("Ben"), room.join("Benny")
    a = term.assign("Thirds", "third", 1, "2026-11-30", "2026-12-04")
    do(term, benny.token, a, [False])
    do(term, ben.token, a, [True])
    term.merge(benny.id, ben.id)
    live = term.grades(a.id)
    room.store.close()
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    assert live == term.grades(a.id) == [("Ben", 0.0)]
    room.store.close()


def test_the_teacher_renames_a_student_who_keeps_their_code_answers_and_school_row(tmp_path):
    from muzlab.app.term_pages import TermTeacher

    room, term, a = graded_term(tmp_path)
    teacher = TermTeacher(term)
    teacher.forget_pick.value, teacher.new_name.value = 2, "Anna"
    teacher.rename_button.click()
    assert "looks too much like Anna" in teacher.message.value
    teacher.new_name.value = "Benjamin"
    teacher.rename_button.click()
    assert "Ben is now Benjamin" in teacher.message.value and "<td>Benjamin</td>" in teacher.progress.value
    assert term.grades(a.id)[1] == ("Benjamin", 50.0)
    assert "S-002,ben@school.example,50\r\n" in term.grades_csv(a.id, "moodle")  # the school's row stays
    teacher.close()
    room.store.close()
    room, term = open_term(tmp_path / "c", Clock(MONDAY))  # the new nickname is in the file
    assert [s.nickname for s in room.students.values()] == ["Anna", "Benjamin", "Visitor"]
    with pytest.raises(ClassError, match="personal code"):
        room.join("Benjamin")
    term.forget(2)
    room.store.close()
    raw = b"".join(p.read_bytes() for p in (tmp_path / "c").glob("class.sqlite*") if "backup" not in p.name)
    assert b"Benjamin" not in raw and b"Ben" not in raw


def test_a_rename_shows_at_the_students_table_and_is_replayed(tmp_path):
    room = Classroom(tmp_path / "c")
    anna = room.join("Anna")
    room.deal(1)
    with pytest.raises(ClassError, match="not on the roster"):
        room.rename(9, "Zed")
    with pytest.raises(ClassError, match="Type a nickname"):
        room.rename(anna.id, "  ")
    room.rename(anna.id, "Annie")
    assert room.table(1).table.seats[0].name == "Annie" and room.student(anna.token).nickname == "Annie"
    room.store.close()
    room = Classroom(tmp_path / "c")
    assert room.table(1).table.seats[0].name == "Annie" and room.nickname(anna.id) == "Annie"
    room.store.close()


def test_the_term_sections_speak_their_pages_language_a_french_student_and_a_german_teacher(tmp_path):
    from muzlab.app.pages import PageReading
    from muzlab.app.term_pages import TermStudent, TermTeacher

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    teaching = [PageReading("german", language="de")]
    teacher = TermTeacher(term, lambda: teaching[0].reader)
    teacher.title.value, teacher.kind.value, teacher.count.value = "Ohren", "triad quality", 2
    teacher.closes.value = date(2026, 12, 4)
    teacher.create.click()
    student = TermStudent(term, lambda: anna, lambda: PageReading("solfege", language="fr").reader)
    mine = student.mine_head.value + student.mine.value + student.progress_head.value + student.prompt.value
    assert "Mes devoirs" in mine and "Mes progrès" in mine and "0 sur 2 exercices faits, 0 juste" in mine
    assert student.pick.description == "Devoir" and "qualité de l'accord" in student.progress.value
    options = {button.description for button in student.buttons if button.description}
    assert "mineur" in options and "minor" not in options
    right = right_reply(student.item)
    student.options.children[right].click()
    assert student.said.value.startswith("<div style='color:#064'>")
    for english in ("My assignments", "My progress", "done", "right", "Assignment", "student"):
        assert english not in mine + student.progress.value, english
    page = (teacher.assignments_head.value + teacher.progress_head.value + teacher.listing.value
            + teacher.progress.value + teacher.message.value)
    assert "<h3>Aufgaben</h3>" in page and "Lernfortschritt" in page and "Dreiklangsart (Gehör)" in page
    assert teacher.create.description == "Aufgabe stellen"
    assert teacher.roster_file.description == "Schülerliste"
    assert dict(teacher.kind.options)["Dreiklangsart (Gehör)"] == "triad quality"  # the value stays English
    for english in ("Assignments", "Progress", "done", "Share right", "student", "open"):
        assert english not in page, english
    teaching[0] = PageReading("english", language="en")  # the teacher chose English: drawn again in it
    teacher.draw()
    assert "<h3>Assignments</h3>" in teacher.assignments_head.value and teacher.create.description == (
        "Set the assignment")
    assert "1 of 1 done" not in teacher.listing.value and "0 of 1 done" in teacher.listing.value
    for view in (teacher, student):
        view.close()
    room.store.close()
