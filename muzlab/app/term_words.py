"""How an assignment's progress and grade are said to a student and a family, in the reader's words:
"1 of 5 items done, 1 right", "0 of 1 games won on skill, 90.9 of 100 points" (a grade is points of
the assignment's "out of", never a "grade" a German reads as 1 to 6), the closing date as the language
writes it. The student's page and the parents' report say them alike."""

from __future__ import annotations

from muzlab.app.term import Assignment
from muzlab.names.calendar_words import date_words
from muzlab.names.output_words import Figure, number_words
from muzlab.names.reader import Reader


def done_words(done: int, count: int, reader: Reader) -> str:
    """How many of an assignment's items a student finished: "1 of 5 items done"."""
    # TRANSLATORS: how many of an assignment's items (questions, puzzles or games) a student finished;
    # the plural follows the number of items in the assignment ({count}).
    return reader.ngettext("{done} of {count} item done", "{done} of {count} items done", count).format(
        done=number_words(done, reader), count=number_words(count, reader))


def right_words(right: int, reader: Reader) -> str:
    """How many a student got right: "1 right"."""
    # TRANSLATORS: how many items a student got right; the plural follows that number ({right}).
    return reader.ngettext("{right} right", "{right} right", right).format(right=number_words(right, reader))


def points_words(grade: float | None, assignment: Assignment, reader: Reader) -> str:
    """A grade as points of the assignment's "out of": "90.9 of 100 points"; "–" for a blank."""
    if grade is None:
        return "–"
    out_of = assignment.scheme.out_of
    # TRANSLATORS: a grade, as points of the most the assignment gives; the plural follows {out_of}
    # (German "90,9 von 100 Punkten").
    return reader.ngettext("{points} of {out_of} point", "{points} of {out_of} points", round(out_of)).format(
        points=format(Figure(grade, reader), "g"), out_of=format(Figure(out_of, reader), "g"))


def score_line(assignment: Assignment, right: int, grade: float | None, reader: Reader) -> str:
    """An assignment's line in a family's report: its title, closing date, what was right (for games:
    won on skill, which the grade does not count: it counts the accuracy) and the points."""
    closes = date_words(assignment.closes, reader, "medium")
    points = points_words(grade, assignment, reader)
    if assignment.kind == "game":
        return reader.ngettext(
            "{title} (closes {closes}): {right} of {count} game won on skill; {points} for the accuracy",
            "{title} (closes {closes}): {right} of {count} games won on skill; {points} for the accuracy",
            assignment.count).format(title=assignment.title, closes=closes, right=number_words(right, reader),
                                     count=number_words(assignment.count, reader), points=points)
    return reader.ngettext(
        "{title} (closes {closes}): {right} of {count} item right, {points}",
        "{title} (closes {closes}): {right} of {count} items right, {points}",
        assignment.count).format(title=assignment.title, closes=closes, right=number_words(right, reader),
                                 count=number_words(assignment.count, reader), points=points)
