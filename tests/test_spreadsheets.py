"""Every CSV file muzlab writes keeps students' words from running as spreadsheet formulas (OWASP's CSV
injection): nicknames, titles and roster names that start with = + - @ are written with a quote before
them, in the progress table, the four grade files, the class's decisions.csv and the app's downloads,
and each file read back by Python's csv module and by pandas gives every value otherwise unchanged.
Excel's style in each page language ("excel-de", "excel-fr", "excel-es": `;`, decimal comma, a
byte-order mark; "excel-en": `,`, a byte-order mark) reads back as the plain one."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import datetime

import pandas as pd
import pytest

from muzlab.app import nicknames
from muzlab.app.classroom import Classroom, decisions_csv
from muzlab.app.term import Term
from muzlab.core.spreadsheet import FORMULA_STARTS, STYLES, csv_records, csv_text, excel_style, safe_cell
from muzlab.names.language import LANGUAGES
from muzlab.names.reader import PLAIN
from muzlab.play.agents import make_agent, play
from muzlab.play.game import Game
from muzlab.play.game_words import SHEET_COLUMNS, sheet_rows
from muzlab.widgets.files import csv_file

MONDAY = datetime(2026, 11, 30, 10, 0)
#: Nicknames a spreadsheet would run (the red team's, and OWASP's own examples).
FORMULAS = ('=HYPERLINK("x","y")', "+cmd|'/C calc'!A0", "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0")
TITLE = "=HYPERLINK(1)"
ROSTER_NAME = "=1+2"


def numeric(cell: str) -> bool:
    try:
        float(cell.replace(",", "."))
    except ValueError:
        return False
    return True


def undone(cell: str) -> str:  # (muzlab.core.spreadsheet.unsafe_cell, written again here)
    """A cell as its writer was given it: the quote before a formula taken off."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell


def read_both(text: str, style: str = "plain") -> list[list[str]]:
    """The file's cells as Python's csv module reads them, checked against pandas reading the same
    text (every cell a string), and checked that no cell would run as a formula."""
    delimiter = STYLES[style].delimiter
    if STYLES[style].bom:
        assert text.startswith("\ufeff")
        text = text[1:]
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    frame = pd.read_csv(io.StringIO(text), sep=delimiter, dtype=str, keep_default_na=False, header=None)
    assert frame.values.tolist() == rows
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS) or numeric(cell), (cell, row)
    return rows


@pytest.fixture
def any_nickname(monkeypatch):
    """Whatever nickname a class holds: a class file written under an earlier, looser nickname rule
    still holds the names it took, so the files must be safe whatever the rule is now."""
    monkeypatch.setattr(nicknames, "clean", lambda name: " ".join(str(name).split()))


def formula_term(tmp_path) -> tuple[Classroom, Term, int]:
    room = Classroom(tmp_path / "c")
    term = Term(room, lambda: MONDAY)
    for name in FORMULAS:
        room.join(name)
    assignment = term.assign(TITLE, "third", 2, "2026-11-30", "2026-12-04")
    for student in list(room.students.values()):
        item = term.next_item(assignment.id, student.id)
        term.answer(student.token, assignment.id, item.index, 0)
    rows = [("nickname", "id", "email", "name", "login", "section")]
    rows += [(name, f"S{i}", f"s{i}@school.example", ROSTER_NAME, f"+login{i}", "@7b")
             for i, name in enumerate(FORMULAS)]
    school = io.StringIO()
    csv.writer(school).writerows(rows)  # as the school's own software writes it: formulas and all
    assert term.load_roster(school.getvalue()) == len(FORMULAS)
    assert term.load_roster(csv_text(rows)) == len(FORMULAS)  # or made from muzlab's own files
    return room, term, assignment.id


def test_a_formula_cell_gets_a_quote_and_a_signed_number_stays_a_number():
    for text in (*FORMULAS, "=1+2", "+1+cmd", "-x", "@a", "\tx", "\r=x", "-", "+", "+1", "-2", "-0.25"):
        assert safe_cell(text) == "'" + text  # (a text like a signed number too: a nickname "-2" stays text)
    for value in ("Anna", "", "a=b", "'=x", "1", 3, -0.5, -2, None):
        assert safe_cell(value) == ("" if value is None else value)
    for style in ("excel-de", "excel-fr", "excel-es"):
        assert safe_cell(-0.5, STYLES[style]) == "-0,5" and safe_cell("-0,5", STYLES[style]) == "'-0,5"
    assert safe_cell(-0.5, STYLES["excel-en"]) == -0.5


def test_the_progress_table_and_every_grade_file_neutralise_nicknames_titles_and_roster_names(
        tmp_path, any_nickname):
    room, term, assignment = formula_term(tmp_path)
    for style in STYLES:
        rows = read_both(term.progress_csv(style), style)
        assert {undone(row[1]) for row in rows[1:]} == set(FORMULAS)
    moodle = read_both(term.grades_csv(assignment, "moodle"))
    assert undone(moodle[0][2]) == TITLE and moodle[0][2] == "'" + TITLE
    assert [row[0] for row in moodle[1:]] == [f"S{i}" for i in range(len(FORMULAS))]
    canvas = read_both(term.grades_csv(assignment, "canvas"))
    assert undone(canvas[0][5]) == TITLE
    assert {undone(row[0]) for row in canvas[2:]} == {ROSTER_NAME}
    assert {undone(row[3]) for row in canvas[2:]} == {f"+login{i}" for i in range(len(FORMULAS))}
    assert {undone(row[4]) for row in canvas[2:]} == {"@7b"}
    read_both(term.grades_csv(assignment, "google"))
    sheet = read_both(term.grades_csv(assignment, "excel-de"), "excel-de")
    assert undone(sheet[0][4]) == TITLE and [undone(row[0]) for row in sheet[1:]] == list(FORMULAS)
    assert {undone(row[2]) for row in sheet[1:]} == {ROSTER_NAME}
    for style in STYLES:
        archive = zipfile.ZipFile(io.BytesIO(term.grades_zip(style)))
        for name in archive.namelist():
            if name.endswith(".csv"):
                read_both(archive.read(name).decode("utf-8"), style)
    room.store.close()


def test_the_class_decisions_file_neutralises_nicknames_and_keeps_its_data_columns_english(tmp_path):
    game = play(Game(2, seed=3, dice=6), [make_agent("greedy", 1), make_agent("random", 2)])
    games = [(1, 1, "2 players", list(FORMULAS[:2]), game.to_json())]
    english = read_both(decisions_csv(games, "en"))
    for language in ("de", "fr"):
        rows = read_both(decisions_csv(games, language))
        header = rows[0]
        assert {undone(row[header.index("nickname")]) for row in rows[1:]} == set(FORMULAS[:2])
        assert {undone(row[header.index("player")]) for row in rows[1:]} == set(FORMULAS[:2])
        comment = header.index("comment")
        # every data column as the English file has it (English words, English note names); the
        # comment alone in the language
        assert [row[:comment] + row[comment + 1:] for row in rows] == [
            row[:comment] + row[comment + 1:] for row in english]
        assert [row[comment] for row in rows[1:]] != [row[comment] for row in english[1:]]
    pitches = {row[english[0].index("pitch")] for row in english[1:]}
    assert pitches and all(p[0] in "ABCDEFG" and "♯" not in p and "♭" not in p for p in pitches), pitches


def test_the_apps_downloads_neutralise_seat_names_and_keep_numbers(tmp_path):
    game = play(Game(2, seed=3, dice=6), [make_agent("greedy", 1), make_agent("random", 2)])
    rows = sheet_rows(game, game.die_words(PLAIN), lambda seat: FORMULAS[seat])
    download = csv_file("sheet.csv", rows, list(SHEET_COLUMNS))
    cells = read_both(download.data.decode("utf-8"))
    assert cells[0] == list(SHEET_COLUMNS)
    assert {undone(row[2]) for row in cells[1:]} == set(FORMULAS[:2])
    total = SHEET_COLUMNS.index("total")
    assert [int(row[total]) for row in cells[1:]] == [row["total"] for row in rows]
    # a record's missing key is an empty cell, a key not among the columns is left out
    assert csv_records([{"a": "=x", "z": 1}], ["a", "b"], lineterminator="\n") == "a,b\n'=x,\n"


def test_german_excels_style_reads_back_as_the_plain_table(tmp_path):
    room = Classroom(tmp_path / "c")
    term = Term(room, lambda: MONDAY)
    anna, ben = room.join("Anna"), room.join("Jürgen")
    a = term.assign("Terzen", "third", 3, "2026-11-30", "2026-12-04")
    for student, replies in ((anna, (0, 1, 1)), (ben, (1, 1, 0))):
        for reply in replies:
            item = term.next_item(a.id, student.id)
            term.answer(student.token, a.id, item.index, reply)
    text = term.progress_csv("excel-de")
    assert text.startswith("\ufeffweek;nickname;idea;") and "\r\n" in text
    german = pd.read_csv(io.BytesIO(text.encode("utf-8")), sep=";", decimal=",", encoding="utf-8-sig")
    plain = pd.read_csv(io.StringIO(term.progress_csv()))
    pd.testing.assert_frame_equal(german, plain)
    cells = text.replace("\r\n", ";").split(";")
    assert any("," in cell and cell.replace(",", "").isdigit() for cell in cells)  # a decimal comma
    sheet = term.grades_csv(a.id, "excel-de")  # the teacher's own look needs no school roster
    frame = pd.read_csv(io.StringIO(sheet[1:]), sep=";", decimal=",", dtype={"id": str},
                        keep_default_na=False)
    assert list(frame.columns) == ["nickname", "id", "name", "email", "Terzen"]
    assert frame["nickname"].tolist() == ["Anna", "Jürgen"]
    assert frame["Terzen"].tolist() == [term.grade(a.id, anna.id), term.grade(a.id, ben.id)]
    archive = zipfile.ZipFile(io.BytesIO(term.grades_zip("excel-de")))
    assert set(archive.namelist()) == {"grades/excel-de/Terzen.csv", "progress.csv", "left-out.txt"}
    assert archive.read("progress.csv").decode("utf-8") == text
    room.store.close()


#: Nicknames a spreadsheet would run or read as numbers (the review's list), and roster names that start
#: with a tab or a carriage return (white space the roster's reader takes off: the formula after it is
#: quoted).
RISKY = ('=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1)", "Jürgen Groß")
RISKY_ROSTER_NAMES = ("\t=1+2", "\r=1+2", "Zoë")


def quoted(text: str) -> str:
    """A text as the files write it: a quote before one a spreadsheet would run or read as a number."""
    return "'" + text if text.startswith(("=", "+", "-", "@")) else text


def test_each_page_languages_excel_file_reads_back_with_its_separator_decimal_and_umlauts(
        tmp_path, any_nickname):
    """The teacher's Excel files in the convention of the page's language: German, French and Spanish
    separate with `;` and write a decimal comma, English with `,` and a decimal point, all UTF-8 with a
    byte-order mark; read back by pandas with that separator and decimal they give the plain table, every
    risky nickname and roster name as text behind a quote, the umlauts whole."""
    assert {language: excel_style(language) for language in LANGUAGES} == {
        "en": "excel-en", "de": "excel-de", "fr": "excel-fr", "es": "excel-es"}
    room = Classroom(tmp_path / "c")
    term = Term(room, lambda: MONDAY)
    students = [room.join(name) for name in RISKY]
    assignment = term.assign("Terzen", "third", 3, "2026-11-30", "2026-12-04")
    for number, student in enumerate(students):
        for reply in (0, 1, number % 2):
            item = term.next_item(assignment.id, student.id)
            term.answer(student.token, assignment.id, item.index, reply)
    roster = [("nickname", "id", "name")] + [
        (name, f"S{i}", RISKY_ROSTER_NAMES[i % 3]) for i, name in enumerate(RISKY)]
    assert term.load_roster(csv_text(roster)) == len(RISKY)
    plain = pd.read_csv(io.StringIO(term.progress_csv()), dtype={"nickname": str}, keep_default_na=False)
    for language in LANGUAGES:
        style = STYLES[excel_style(language)]
        assert (style.delimiter, style.decimal) == ((",", ".") if language == "en" else (";", ","))
        archive = zipfile.ZipFile(io.BytesIO(term.grades_zip(excel_style(language))))
        assert f"grades/excel-{language}/Terzen.csv" in archive.namelist()
        for name in ("progress.csv", f"grades/excel-{language}/Terzen.csv"):
            data = archive.read(name)
            assert data.startswith(b"\xef\xbb\xbf") and "Jürgen Groß".encode() in data  # UTF-8, marked
            read_both(data.decode("utf-8"), excel_style(language))  # (no cell runs as a formula)
        progress = pd.read_csv(io.BytesIO(archive.read("progress.csv")), sep=style.delimiter,
                               decimal=style.decimal, encoding="utf-8-sig", dtype={"nickname": str},
                               keep_default_na=False)
        assert list(progress.columns) == list(plain.columns)
        assert progress["nickname"].tolist() == plain["nickname"].tolist()
        assert set(progress["nickname"]) == {quoted(name) for name in RISKY}
        shares = progress["share right"].tolist()
        assert shares == plain["share right"].tolist() and any(0 < share < 1 for share in shares)  # decimals
        sheet = pd.read_csv(io.BytesIO(archive.read(f"grades/excel-{language}/Terzen.csv")),
                            sep=style.delimiter, decimal=style.decimal, encoding="utf-8-sig", dtype=str,
                            keep_default_na=False)
        assert sheet["nickname"].tolist() == [quoted(name) for name in RISKY]
        names = [quoted(RISKY_ROSTER_NAMES[i % 3].strip()) for i in range(len(RISKY))]
        assert sheet["name"].tolist() == names and names[0] == "'=1+2"
        grades = [term.grade(assignment.id, student.id) for student in students]
        assert [float(grade.replace(style.decimal, ".")) for grade in sheet["Terzen"]] == grades
    room.store.close()
