"""A printable one-page report per student (PDF), for parents' evenings: the share right per idea,
the trend, a picture of the weeks, the assignments with their grades, and the games against the
computer in the coach's words (accuracy, level, luck-adjusted margin). Drawn with matplotlib's
object interface (no pyplot state), with no date in the file, so the same term gives the same bytes.
"""

from __future__ import annotations

import io
import logging
import zipfile
from typing import Any

from muzlab.app.term import IDEAS, Term, TermError
from muzlab.app.term_words import score_line
from muzlab.names.calendar_words import week_words
from muzlab.names.language import DEFAULT_NOTE_NAMES
from muzlab.names.output_words import Figure, number_words, percent_words
from muzlab.names.reader import Reader
from muzlab.play.coach import level_word
from muzlab.play.ideas import idea_words
from muzlab.reading import for_people

log = logging.getLogger(__name__)

#: A4 portrait, in inches.
PAGE = (8.27, 11.69)
#: Every text of a report as it is written: a nickname or a title such as "$\\x$" is not read as
#: matplotlib's mathtext or LaTeX (which would refuse it, and the report with it).
PLAIN = {"parse_math": False, "usetex": False}


def family_reader(term: Term, student_id: int, teacher: Reader) -> Reader:
    """Who reads a student's report at home: the language of the page the student last answered from,
    with its usual note names; the teacher's reader when no answer says (or it is the same language)."""
    language = next((answer.language for answer in reversed(list(term.answers))
                     if answer.student == student_id and answer.language), teacher.language)
    if language == teacher.language:
        return teacher
    return Reader(DEFAULT_NOTE_NAMES[language], typeset=True, language=language)


def report_pdf(term: Term, student_id: int, reader: Reader | None = None) -> bytes:
    """One student's one-page report as a PDF's bytes, in the language of the student's page
    (`family_reader`; `reader`, the teacher's, when no answer says; None: the default reader's);
    TermError for a student not on the roster."""
    from matplotlib.backends.backend_pdf import FigureCanvasPdf
    from matplotlib.figure import Figure as Page

    name = term.room.nickname(student_id)
    if name is None or student_id not in term.room.students:
        raise TermError("No student {student_id} is on the roster.", student_id=str(student_id)[:20])
    reader = family_reader(term, student_id, for_people(reader))
    rows = {row["idea"]: row for row in term.progress(student_id)}
    weekly = term.weekly(student_id)
    weeks = sorted({week for per in weekly.values() for week in per})
    figure = Page(figsize=PAGE)
    FigureCanvasPdf(figure)
    # TRANSLATORS: the title of a student's report for parents' evenings.
    figure.text(0.08, 0.95, reader.gettext("{name}: music theory this term").format(name=name), fontsize=18,
                weight="bold", **PLAIN)
    lines = [reader.gettext("Share right per idea (answers given; the trend is the change per week):")]
    for idea in IDEAS:
        row = rows.get(idea)
        if row is not None:
            lines.append("    " + _idea_line(idea_words(idea, reader), row, reader))
    if len(lines) == 1:
        lines.append("    " + reader.gettext("nothing answered yet"))
    figure.text(0.08, 0.90, "\n".join(lines), fontsize=11, va="top", linespacing=1.5, **PLAIN)
    axes = figure.add_axes((0.1, 0.41, 0.8, 0.24))
    for idea, per in weekly.items():
        axes.plot([weeks.index(w) for w in per], [100 * r / n for n, r in per.values()], marker="o",
                  label=idea_words(idea, reader))
    axes.set_xticks(range(len(weeks)), [week_words(w, reader) for w in weeks])
    axes.set_ylim(0, 105)
    # TRANSLATORS: the axis of a report's picture: the share of answers right, in per cent.
    axes.set_ylabel(reader.gettext("answers right (%)"), **PLAIN)
    axes.set_title(reader.gettext("Accuracy per idea over the weeks"), fontsize=12, **PLAIN)
    if weekly:
        for text in axes.legend(fontsize=9, loc="lower right").get_texts():
            text.set(**PLAIN)
    graded = []
    for assignment in term.assignments.values():
        if assignment.is_for(student_id):
            _done, right = term.done(assignment.id, student_id)
            grade = term.grade(assignment.id, student_id)
            graded.append("    " + score_line(assignment, right, grade, reader))
    games = [row for row in term.standings() if row["nickname"] == name]
    if games:  # the coach's words on the games against the computer (muzlab.app.term_games)
        graded.append(_games_line(games[0], reader))
    listed = "\n".join(graded) or "    " + reader.gettext("none set")
    figure.text(0.08, 0.33, reader.gettext("Assignments:") + "\n" + listed, fontsize=11, va="top",
                linespacing=1.6, **PLAIN)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="pdf", metadata={"CreationDate": None, "Creator": "muzlab"})
    return buffer.getvalue()


def _idea_line(idea: str, row: dict[str, Any], reader: Reader) -> str:
    """One idea's line: its share right of the answers given and its trend, "third: 75% of 4, trend +5
    points a week"."""
    said = reader.ngettext("{idea}: {share} of {count}", "{idea}: {share} of {count}",
                           row["answered"]).format(
        idea=idea, share=percent_words(row["share right"] * 100, reader),
        count=number_words(row["answered"], reader))
    trend = row["trend per week"]
    if trend is None:
        return said
    points = round(trend * 100)
    return said + reader.ngettext(", trend {trend} point a week", ", trend {trend} points a week",
                                  abs(points)).format(trend=format(Figure(points, reader), "+d"))


def _games_line(row: dict[str, Any], reader: Reader) -> str:
    """The games against the computer in the coach's words: how many, the accuracy and its level, and
    the luck-adjusted margin (`Term.standings`)."""
    return reader.ngettext(
        "Games against the computer: {games} played, accuracy {accuracy} (level: {level}),\n    "
        "luck-adjusted margin {margin} points a game (the luck of the dice taken out)",
        "Games against the computer: {games} played, accuracy {accuracy} (level: {level}),\n    "
        "luck-adjusted margin {margin} points a game (the luck of the dice taken out)", row["games"]).format(
        games=number_words(row["games"], reader), accuracy=percent_words(row["accuracy"], reader),
        level=level_word(row["level"], reader),
        margin=format(Figure(row["luck_adjusted_margin"], reader), "+.1f"))


def reports_zip(term: Term, reader: Reader | None = None) -> bytes:
    """Every student's report (`reports/<nickname>.pdf`) in one zip, each in its family's language
    (`family_reader`; `reader`'s, the teacher's, when no answer says)."""
    return reports(term, reader)[0]


def reports(term: Term, reader: Reader | None = None) -> tuple[bytes, list[str]]:
    """Every student's report in one zip, and the nicknames of those whose report could not be made: one
    report that fails never costs the class the others (the zip's `reports/not-made.txt` names them)."""
    reader = for_people(reader)
    buffer, failed = io.BytesIO(), []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for sid, student in sorted(term.room.students.items()):
            safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in student.nickname)
            try:
                pdf = report_pdf(term, sid, reader)
            except Exception:  # (whatever one report meets, the others are written)
                log.exception("the report of student %s could not be made", sid)
                failed.append(student.nickname)
                continue
            archive.writestr(f"reports/{sid}-{safe}.pdf", pdf)
        if failed:
            archive.writestr("reports/not-made.txt", not_made_words(failed, reader) + "\n")
    return buffer.getvalue(), failed


def not_made_words(failed: list[str], reader: Reader) -> str:
    """The sentence naming the students whose report could not be made."""
    return reader.ngettext("The report of {names} could not be made (the server's log says why); the "
                           "others are in the file.",
                           "The reports of {names} could not be made (the server's log says why); the "
                           "others are in the file.", len(failed)).format(names=", ".join(failed))
