"""A printable one-page report per student (PDF), for parents' evenings: the share right per idea,
the trend, a picture of the weeks, the assignments with their grades, and the games against the
computer in the coach's words (accuracy, level, luck-adjusted margin). Drawn with matplotlib's
object interface (no pyplot state), with no date in the file, so the same term gives the same bytes.
"""

from __future__ import annotations

import io
import zipfile

from muzlab.app.term import IDEAS, Term, TermError

#: A4 portrait, in inches.
PAGE = (8.27, 11.69)


def report_pdf(term: Term, student_id: int) -> bytes:
    """One student's one-page report as a PDF's bytes; TermError for a student not on the roster."""
    from matplotlib.backends.backend_pdf import FigureCanvasPdf
    from matplotlib.figure import Figure

    name = term.room.nickname(student_id)
    if name is None or student_id not in term.room.students:
        raise TermError("No student {student_id} is on the roster.", student_id=str(student_id)[:20])
    rows = {row["idea"]: row for row in term.progress(student_id)}
    weekly = term.weekly(student_id)
    weeks = sorted({week for per in weekly.values() for week in per})
    figure = Figure(figsize=PAGE)
    FigureCanvasPdf(figure)
    figure.text(0.08, 0.95, f"{name}: music theory this term", fontsize=18, weight="bold")
    lines = ["Share right per idea (answers given; the trend is the change per week):"]
    for idea in IDEAS:
        row = rows.get(idea)
        if row is not None:
            trend = row["trend per week"]
            change = "" if trend is None else f", trend {trend * 100:+.0f} points a week"
            lines.append(f"    {idea}: {row['share right'] * 100:.0f}% of {row['answered']}{change}")
    if len(lines) == 1:
        lines.append("    nothing answered yet")
    figure.text(0.08, 0.90, "\n".join(lines), fontsize=11, va="top", linespacing=1.5)
    axes = figure.add_axes((0.1, 0.41, 0.8, 0.24))
    for idea, per in weekly.items():
        axes.plot([weeks.index(w) for w in per], [100 * r / n for n, r in per.values()], marker="o",
                  label=idea)
    axes.set_xticks(range(len(weeks)), [w[5:] for w in weeks])
    axes.set_ylim(0, 105)
    axes.set_ylabel("% right")
    axes.set_title("Accuracy per idea over the weeks", fontsize=12)
    if weekly:
        axes.legend(fontsize=9, loc="lower right")
    graded = []
    for assignment in term.assignments.values():
        if assignment.is_for(student_id):
            done, right = term.done(assignment.id, student_id)
            grade = term.grade(assignment.id, student_id)
            shown = "–" if grade is None else f"{grade:g} of {assignment.scheme.out_of:g}"
            graded.append(f"    {assignment.title} ({assignment.closes.isoformat()}): {right} of "
                          f"{assignment.count} right, grade {shown}")
    games = [row for row in term.standings() if row["nickname"] == name]
    if games:  # the coach's words on the games against the computer (muzlab.app.term_games)
        row = games[0]
        graded.append(f"Games against the computer: {row['games']} played, accuracy {row['accuracy']:.0f}% "
                      f"(level: {row['level']}),\n    luck-adjusted margin "
                      f"{row['luck_adjusted_margin']:+.1f} points a game (the luck of the dice taken out)")
    figure.text(0.08, 0.33, "Assignments:\n" + ("\n".join(graded) or "    none set"), fontsize=11,
                va="top", linespacing=1.6)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="pdf", metadata={"CreationDate": None, "Creator": "muzlab"})
    return buffer.getvalue()


def reports_zip(term: Term) -> bytes:
    """Every student's report (`reports/<nickname>.pdf`) in one zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for sid, student in sorted(term.room.students.items()):
            safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in student.nickname)
            archive.writestr(f"reports/{sid}-{safe}.pdf", report_pdf(term, sid))
    return buffer.getvalue()
