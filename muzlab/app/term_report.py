"""A printable one-page report per student (PDF), for parents' evenings: the share right per idea,
the trend, a picture of the weeks, the assignments with their grades, and the games against the
computer in the coach's words (accuracy, level, luck-adjusted margin). Drawn with matplotlib's
object interface (no pyplot state), with no date in the file, so the same term gives the same bytes.
Beside each PDF the same words as a web page (`report_html`): headings, lists, and the picture's
figures as a table, for a parent who reads with a screen reader.
"""

from __future__ import annotations

import io
import logging
import zipfile
from dataclasses import dataclass
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
from muzlab.views.html_page import heading, html_page, item_list, table
from muzlab.views.pdf_labels import labelled_pdf, name_web_page

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


@dataclass(frozen=True)
class ReportWords:
    """What a student's report says, worded for its reader: the PDF draws it, the web page lists it."""

    reader: Reader
    title: str
    ideas_said: str
    #: One line per idea answered ("third: 75% of 4, trend +5 points a week"), or "nothing answered yet".
    ideas: tuple[str, ...]
    chart_title: str
    axis: str
    #: The weeks as the language names them, and per idea its name and each week's share right (or None).
    weeks: tuple[str, ...]
    weekly: tuple[tuple[str, tuple[float | None, ...]], ...]
    assignments_said: str
    #: One line per assignment with its grade, or "none set"; the games against the computer after them.
    assignments: tuple[str, ...]
    games: str = ""


def report_words(term: Term, student_id: int, reader: Reader | None = None) -> ReportWords:
    """What one student's report says, in the language of the student's page (`family_reader`;
    `reader`, the teacher's, when no answer says; None: the default reader's); TermError for a student
    not on the roster."""
    name = term.room.nickname(student_id)
    if name is None or student_id not in term.room.students:
        raise TermError("No student {student_id} is on the roster.", student_id=str(student_id)[:20])
    reader = family_reader(term, student_id, for_people(reader))
    rows = {row["idea"]: row for row in term.progress(student_id)}
    ideas = tuple(_idea_line(idea_words(idea, reader), rows[idea], reader) for idea in IDEAS if idea in rows)
    weekly = term.weekly(student_id)
    weeks = sorted({week for per in weekly.values() for week in per})
    shares = tuple((idea_words(idea, reader), tuple(100 * per[week][1] / per[week][0] if week in per else None
                                                    for week in weeks)) for idea, per in weekly.items())
    graded = []
    for assignment in term.assignments.values():
        if assignment.is_for(student_id):
            _done, right = term.done(assignment.id, student_id)
            graded.append(score_line(assignment, right, term.grade(assignment.id, student_id), reader))
    games = [row for row in term.standings() if row["nickname"] == name]
    return ReportWords(
        reader,
        # TRANSLATORS: the title of a student's report for parents' evenings.
        reader.gettext("{name}: music theory this term").format(name=name),
        reader.gettext("Share right per idea (answers given; the trend is the change per week):"),
        ideas or (reader.gettext("nothing answered yet"),),
        reader.gettext("Accuracy per idea over the weeks"),
        # TRANSLATORS: the axis of a report's picture: the share of answers right, in per cent.
        reader.gettext("answers right (%)"),
        tuple(week_words(week, reader) for week in weeks), shares,
        reader.gettext("Assignments:"),
        tuple(graded) if graded or games else (reader.gettext("none set"),),
        # the coach's words on the games against the computer (muzlab.app.term_games)
        _games_line(games[0], reader) if games else "")


def report_pdf(term: Term, student_id: int, reader: Reader | None = None, web_page: str = "") -> bytes:
    """One student's one-page report as a PDF's bytes, titled and in the language of the student's page
    (`report_words`), naming its web page `web_page` (if any) at its top; TermError for a student not on
    the roster."""
    from matplotlib.backends.backend_pdf import FigureCanvasPdf
    from matplotlib.figure import Figure as Page

    words = report_words(term, student_id, reader)
    figure = Page(figsize=PAGE)
    FigureCanvasPdf(figure)
    figure.text(0.08, 0.95, words.title, fontsize=18, weight="bold", **PLAIN)
    lines = [words.ideas_said, *("    " + line for line in words.ideas)]
    figure.text(0.08, 0.90, "\n".join(lines), fontsize=11, va="top", linespacing=1.5, **PLAIN)
    axes = figure.add_axes((0.1, 0.41, 0.8, 0.24))
    for idea, shares in words.weekly:
        drawn = [(week, share) for week, share in enumerate(shares) if share is not None]
        axes.plot([week for week, _ in drawn], [share for _, share in drawn], marker="o", label=idea)
    axes.set_xticks(range(len(words.weeks)), words.weeks)
    axes.set_ylim(0, 105)
    axes.set_ylabel(words.axis, **PLAIN)
    axes.set_title(words.chart_title, fontsize=12, **PLAIN)
    if words.weekly:
        for text in axes.legend(fontsize=9, loc="lower right").get_texts():
            text.set(**PLAIN)
    listed = "\n".join(["    " + line for line in words.assignments] + ([words.games] if words.games else []))
    figure.text(0.08, 0.33, words.assignments_said + "\n" + listed, fontsize=11, va="top",
                linespacing=1.6, **PLAIN)
    name_web_page(figure, web_page, words.reader)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="pdf", metadata={"Title": words.title, "CreationDate": None,
                                                   "Creator": "muzlab"})
    return labelled_pdf(buffer.getvalue(), words.reader.language)


def report_html(term: Term, student_id: int, reader: Reader | None = None) -> str:
    """The same report as a web page: the ideas and the assignments as lists under headings, the
    picture's figures as a table (an idea per row, a week per column)."""
    words = report_words(term, student_id, reader)
    reader = words.reader
    body = heading(2, _heading(words.ideas_said)) + item_list(words.ideas)
    if words.weekly:
        rows = [(idea, *(percent_words(share, reader) if share is not None else "–" for share in shares))
                for idea, shares in words.weekly]
        # TRANSLATORS: the header of a report's table above the ideas (third, fifth, triad...).
        body += heading(2, words.chart_title) + table(words.axis, (
            reader.pgettext("a report's web page", "Idea"), *words.weeks), rows)
    body += heading(2, _heading(words.assignments_said)) + item_list(
        [*words.assignments, *([" ".join(words.games.split())] if words.games else [])])
    return html_page(words.title, reader.language, body)


def _heading(said: str) -> str:
    """A sentence that ends in a colon, as a heading (without it, and the space French puts before it)."""
    return said.rstrip(": \u00a0\u202f")


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
    """Every student's report (`reports/<nickname>.pdf`, and `.html` its web page) in one zip, each in
    its family's language (`family_reader`; `reader`'s, the teacher's, when no answer says)."""
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
                pdf = report_pdf(term, sid, reader, f"{sid}-{safe}.html")
                page = report_html(term, sid, reader)
            except Exception:  # (whatever one report meets, the others are written)
                log.exception("the report of student %s could not be made", sid)
                failed.append(student.nickname)
                continue
            archive.writestr(f"reports/{sid}-{safe}.pdf", pdf)
            archive.writestr(f"reports/{sid}-{safe}.html", page)
        if failed:
            archive.writestr("reports/not-made.txt", not_made_words(failed, reader) + "\n")
    return buffer.getvalue(), failed


def not_made_words(failed: list[str], reader: Reader) -> str:
    """The sentence naming the students whose report could not be made."""
    return reader.ngettext("The report of {names} could not be made (the server's log says why); the "
                           "others are in the file.",
                           "The reports of {names} could not be made (the server's log says why); the "
                           "others are in the file.", len(failed)).format(names=", ".join(failed))
