"""The term's sections of the class pages: the teacher's (set an assignment, the assignments, the
school's roster file, the students × ideas table, Export grades) and the student's (my assignments,
done here item by item, and my progress). They draw the `Term` and pass clicks on; the term decides.

Hooks for tests: `muz-assign-new`, `muz-assignment` (each listed), `muz-progress`, `muz-grades` on the
teacher's page; `muz-my-assignments`, `muz-my-progress` on the student's.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from datetime import date, timedelta

import ipywidgets as widgets
import solara

from muzlab.app.classroom import Change, ClassError, Student
from muzlab.app.term import IDEAS, ITEM_KINDS, MAX_TRIES, GradeScheme, Item, Term
from muzlab.app.term_games import LEVELS
from muzlab.app.term_report import reports_zip
from muzlab.reading import for_people, note_names, typeset
from muzlab.widgets.ear import item_wave
from muzlab.widgets.svgboard import Scene, SvgBoard

log = logging.getLogger(__name__)
#: The most answers an item offers (the seven degrees of a scale-degree drill).
MAX_OPTIONS = 8


def _text(words: str) -> str:
    return html.escape(words, quote=False)


def _said(ok: bool, words: str) -> str:
    return f"<div style='color:{'#064' if ok else '#b00000'}'>{'' if ok else '✗ '}{_text(words)}</div>"


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


def _button(label: str, css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(description=label, button_style=style, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


def _share(right: int, answered: int) -> str:
    return f"{round(100 * right / answered)}%" if answered else "–"


def progress_html(term: Term, student_id: int | None = None) -> str:
    """The students × ideas table: the share right (of how many answers) and the trend per week."""
    rows: dict[str, dict[str, dict]] = {}
    for row in term.progress(student_id):
        rows.setdefault(row["nickname"], {})[row["idea"]] = row
    head = "".join(f"<th>{_text(idea)}</th>" for idea in IDEAS)

    def cell(row: dict | None) -> str:
        if row is None:
            return "<td>–</td>"
        trend = row["trend per week"]
        arrow = "" if trend is None else " ↑" if trend > 0.02 else " ↓" if trend < -0.02 else " →"
        return f"<td>{_share(row['right'], row['answered'])} ({row['answered']}){arrow}</td>"

    body = "".join(f"<tr><td>{_text(name)}</td>{''.join(cell(ideas.get(i)) for i in IDEAS)}</tr>"
                   for name, ideas in rows.items())
    return ("<style>.muz-progress td, .muz-progress th {padding: 2px 8px; text-align: left}</style>"
            f"<table class='muz-progress'><thead><tr><th>student</th>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table><p><i>Share right (answers); the arrow is the trend over the "
            "weeks (↑ better, ↓ worse).</i></p>")


def weeks_svg(term: Term, student_id: int) -> str:
    """A student's picture: the share right per idea over the weeks, one line per idea."""
    weekly = term.weekly(student_id)
    weeks = sorted({w for per in weekly.values() for w in per})
    if not weeks:
        return ""
    width, height, colours = 40 + 50 * len(weeks), 120, ("#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                                        "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
                                                        "#17becf")
    lines, labels = [], []
    for (idea, per), colour in zip(weekly.items(), colours, strict=False):
        points = " ".join(f"{30 + 50 * weeks.index(w)},{100 - 90 * r / n}" for w, (n, r) in per.items())
        lines.append(f"<polyline fill='none' stroke='{colour}' stroke-width='2' points='{points}'/>")
        labels.append(f"<span style='color:{colour}'>■ {_text(idea)}</span>")
    ticks = "".join(f"<text x='{30 + 50 * i}' y='116' font-size='9' text-anchor='middle'>{w[5:]}</text>"
                    for i, w in enumerate(weeks))
    return (f"<svg width='{width}' height='{height}' class='muz-weeks'><line x1='20' y1='100' "
            f"x2='{width}' y2='100' stroke='#999'/>{''.join(lines)}{ticks}</svg>"
            f"<div>{' '.join(labels)}</div>")


def standings_html(term: Term, student_id: int | None = None) -> str:
    """The games against the computer: per student, games finished, mean points, margin and
    luck-adjusted margin, accuracy and the coach's level word, best first by luck-adjusted margin
    (`Term.standings`); only `student_id`'s row when given."""
    name = None if student_id is None else term.room.nickname(student_id)
    rows = [row for row in term.standings() if name is None or row["nickname"] == name]
    if not rows:
        return ""
    words = for_people(None)
    head = "".join(f"<th>{_text(column)}</th>" for column in (
        words.gettext("rank"), words.gettext("student"), words.gettext("games"), words.gettext("points"),
        words.gettext("margin"), words.gettext("luck-adjusted margin"), words.gettext("accuracy"),
        words.gettext("level")))
    body = "".join(f"<tr><td>{r['rank']}</td><td>{_text(r['nickname'])}</td><td>{r['games']}</td>"
                   f"<td>{r['points']:g}</td><td>{r['margin']:+g}</td><td>{r['luck_adjusted_margin']:+g}</td>"
                   f"<td>{r['accuracy']:g}%</td><td>{_text(r['level'])}</td></tr>" for r in rows)
    title = words.gettext("Games against the computer")
    return (f"<h4>{_text(title)}</h4><table class='muz-standings'>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table><p><i>"
            + _text(words.gettext("Luck-adjusted margin: the margin with the luck of the dice taken out "
                                  "(the coach's review); accuracy: the share of decisions the coach "
                                  "grades best or good."))
            + "</i></p>")


class TermTeacher(widgets.VBox):
    """The teacher's term: set an assignment, the assignments with who has done them, the school's
    roster file, and the students × ideas table with a picture per student."""

    def __init__(self, term: Term):
        self.term = term
        form = self._assign_form(term.today())
        scheme = self._scheme_form()
        self.message = _html("muz-term-message")
        self.listing = _html("muz-assignments")
        self.roster_file = widgets.FileUpload(accept=".csv", multiple=False, description="Roster file")
        self.roster_file.add_class("muz-roster-file")
        self.roster_file.observe(lambda _change: self.upload(), names="value")
        self.progress = _html("muz-progress-box")
        self.standings = _html("muz-standings-box")
        self.pictures = _html("muz-pictures")
        self.forget_pick = widgets.Dropdown(options=[], description="Student")
        self.forget_pick.add_class("muz-forget-student")
        self.forget_button = _button("Forget the student (deletes their answers)", "muz-forget", "danger")
        self.forget_button.on_click(lambda _b: self.forget())
        self.new_name = widgets.Text(description="New nickname")
        self.new_name.add_class("muz-new-nickname")
        self.rename_button = _button("Rename", "muz-rename")
        self.rename_button.on_click(lambda _b: self.rename())
        self.into_pick = widgets.Dropdown(options=[], description="is also")
        self.into_pick.add_class("muz-merge-into")
        self.merge_button = _button("Merge: their answers become the other's", "muz-merge")
        self.merge_button.on_click(lambda _b: self.merge())
        super().__init__([widgets.HTML("<h3>Assignments</h3>"), form, self.message, self.listing, scheme,
                          widgets.HTML("<h3>Progress</h3><p>The school's roster file (CSV: nickname,id, "
                                       "and optionally email,name,section,login) names the students in "
                                       "the grade files.</p>"),
                          self.roster_file, self.progress, self.standings, self.pictures,
                          widgets.HBox([self.forget_pick, self.new_name, self.rename_button, self.into_pick,
                                        self.merge_button, self.forget_button],
                                       layout=widgets.Layout(flex_flow="row wrap"))])
        self.add_class("muz-term-teacher")
        unwatch_room = term.room.watch(lambda change: self._changed(change.kind))
        unwatch_term = term.watch(self._changed)
        self.unwatch = lambda: (unwatch_room(), unwatch_term())
        self.draw()

    def _assign_form(self, today: date) -> widgets.HBox:
        """What, how many, the seed, for whom, tries, and the dates of a new assignment."""
        self.title = widgets.Text(description="Title", placeholder="Triads by Friday")
        self.kind = widgets.Dropdown(options=list(ITEM_KINDS), description="What")
        self.count = widgets.BoundedIntText(value=10, min=1, max=100, description="How many")
        self.seed = widgets.BoundedIntText(value=1, min=0, max=2 ** 31 - 1, description="Seed")
        self.same = widgets.Checkbox(value=True, description="Everyone the same items")
        self.tries = widgets.BoundedIntText(value=1, min=1, max=MAX_TRIES, description="Tries per item")
        self.who = widgets.SelectMultiple(options=[], description="For (none: all)", rows=4)
        self.opens = widgets.DatePicker(value=today, description="Opens")
        self.closes = widgets.DatePicker(value=today + timedelta(days=7), description="Closes")
        self.computer = widgets.Dropdown(options=list(LEVELS), value="greedy",
                                         description=for_people(None).gettext("Computer (a game)"))
        for control, css in ((self.computer, "muz-assign-computer"), (self.title, "muz-assign-title"),
                             (self.kind, "muz-assign-kind"),
                             (self.count, "muz-assign-count"), (self.seed, "muz-assign-seed"),
                             (self.same, "muz-assign-same"), (self.tries, "muz-assign-tries"),
                             (self.who, "muz-assign-for"), (self.opens, "muz-assign-opens"),
                             (self.closes, "muz-assign-closes")):
            control.add_class(css)
        self.create = _button("Set the assignment", "muz-assign-new", "primary")
        self.create.on_click(lambda _b: self.assign())
        return widgets.HBox([self.title, self.kind, self.computer, self.count, self.seed, self.same,
                             self.tries, self.who, self.opens, self.closes, self.create],
                            layout=widgets.Layout(flex_flow="row wrap"))

    def _scheme_form(self) -> widgets.HBox:
        """How an assignment is graded (GradeScheme), changed for one assignment."""
        self.scheme_pick = widgets.Dropdown(options=[], description="Grading of")
        self.out_of = widgets.BoundedFloatText(value=100, min=1, max=1000, description="Out of")
        self.counts = widgets.Dropdown(options=[("first try", "first"), ("best try", "best")],
                                       description="An item counts by")
        self.missing = widgets.Dropdown(options=[("0", "zero"), ("a blank", "blank")],
                                        description="Nothing answered")
        self.scheme_button = _button("Change the grading", "muz-grade-scheme")
        self.scheme_button.on_click(lambda _b: self.change_scheme())
        self.scheme_pick.add_class("muz-grade-scheme-pick")
        return widgets.HBox([self.scheme_pick, self.out_of, self.counts, self.missing, self.scheme_button],
                            layout=widgets.Layout(flex_flow="row wrap"))

    def change_scheme(self) -> None:
        """Grade the chosen assignment by the scheme chosen (its answers stay)."""
        try:
            changed = self.term.set_scheme(self.scheme_pick.value, GradeScheme(
                float(self.out_of.value), self.counts.value, self.missing.value))
        except ClassError as error:
            self.message.value = _said(False, str(error))
            return
        self.message.value = _said(True, f"{changed.title} is now graded out of {changed.scheme.out_of:g}.")

    def assign(self) -> None:
        """Set the assignment the form describes (a refusal says why, and sets nothing)."""
        try:
            made = self.term.assign(self.title.value, self.kind.value, self.count.value, self.opens.value,
                                    self.closes.value, seed=self.seed.value, same=self.same.value,
                                    students=list(self.who.value) or None, tries=self.tries.value,
                                    computer=self.computer.value)
        except ClassError as error:
            self.message.value = _said(False, str(error))
            return
        self.message.value = _said(True, f"{made.title}: {made.count} × {made.kind}, open "
                                         f"{made.opens.isoformat()} to {made.closes.isoformat()}.")
        self.title.value = ""
        self.draw()

    def upload(self, content: bytes | None = None) -> None:
        """Take the roster file uploaded (or `content`)."""
        if content is None:
            files = self.roster_file.value
            if not files:
                return
            content = bytes(files[0]["content"])
        try:
            count = self.term.load_roster(content)
        except ClassError as error:
            self.message.value = _said(False, str(error))
            return
        left = self.term.unmapped()
        out = f" Not in it, so not in the grade files: {', '.join(left)}." if left else ""
        self.message.value = _said(True, f"The roster file names {count} students.{out}")

    def forget(self) -> None:
        """Take the chosen student and their answers out of the class and the file."""
        sid = self.forget_pick.value
        if sid is None:
            self.message.value = _said(False, "Choose a student first.")
            return
        name = self.term.room.nickname(sid)
        try:
            self.term.forget(sid)
        except ClassError as error:
            self.message.value = _said(False, str(error))
            return
        self.message.value = _said(True, f"{name} and their answers are gone from the class folder.")

    def rename(self) -> None:
        """Give the chosen student the nickname typed."""
        sid = self.forget_pick.value
        if sid is None:
            self.message.value = _said(False, "Choose a student first.")
            return
        old = self.term.room.nickname(sid)
        try:
            student = self.term.room.rename(sid, self.new_name.value)
        except ClassError as error:
            self.message.value = _said(False, str(error))
            return
        self.new_name.value = ""
        self.message.value = _said(True, f"{old} is now {student.nickname}.")

    def merge(self) -> None:
        """The chosen student joined twice: their answers become the other nickname's."""
        duplicate, into = self.forget_pick.value, self.into_pick.value
        names = self.term.room.nickname(duplicate), self.term.room.nickname(into)
        try:
            moved = self.term.merge(duplicate, into)
        except ClassError as error:
            self.message.value = _said(False, str(error))
            return
        self.message.value = _said(True, f"{names[0]}'s {moved} answers are now {names[1]}'s; "
                                         f"{names[0]} is off the roster.")

    def _changed(self, kind: str) -> None:
        if kind in ("roster", "seat", "assign", "answer", "scheme", "forget", "merge"):
            try:
                self.draw()
            except Exception:
                log.exception("the teacher's term could not be drawn")

    def draw(self) -> None:
        """Draw the assignments and the progress from the term."""
        term = self.term
        students = {sid: s.nickname for sid, s in term.room.students.items()}
        items = []
        for a in term.assignments.values():
            finished = sum(term.done(a.id, sid)[0] == a.count for sid in students if a.is_for(sid))
            against = "" if a.kind != "game" else " " + for_people(None).gettext(
                "against the computer ({level})").format(level=a.computer)
            items.append(f"<li class='muz-assignment'>{_text(a.title)}: {a.count} × {_text(a.kind)}"
                         f"{_text(against)}, "
                         f"{a.opens.isoformat()} to {a.closes.isoformat()}"
                         f"{'' if a.same else ', each their own items'} — {finished} of "
                         f"{sum(a.is_for(sid) for sid in students)} done</li>")
        self.listing.value = f"<ul>{''.join(items)}</ul>" if items else "<p>No assignment set yet.</p>"
        self.progress.value = progress_html(term)
        self.standings.value = standings_html(term)
        chosen = self.forget_pick.value
        self.forget_pick.options = [(name, sid) for sid, name in students.items()]
        self.forget_pick.value = chosen if chosen in students else None
        chosen = self.into_pick.value
        self.into_pick.options = [(name, sid) for sid, name in students.items()]
        self.into_pick.value = chosen if chosen in students else None
        chosen = [sid for sid in self.who.value if sid in students]
        self.who.options = [(name, sid) for sid, name in students.items()]
        self.who.value = tuple(chosen)
        chosen = self.scheme_pick.value
        self.scheme_pick.options = [(a.title, a.id) for a in term.assignments.values()]
        self.scheme_pick.value = chosen if chosen in term.assignments else None
        self.pictures.value = "".join(f"<div class='muz-picture'><b>{_text(name)}</b>{weeks_svg(term, sid)}"
                                      "</div>" for sid, name in students.items() if term.weekly(sid))

    def close(self) -> None:
        self.unwatch()
        super().close()


class TermStudent(widgets.VBox):
    """A student's term: their open assignments, one item at a time (choices to click, a board to
    click, or notes to hear), and their own progress (nobody else's)."""

    def __init__(self, term: Term, student: Callable[[], Student | None],
                 convention: Callable[[], str] = lambda: "english"):
        self.term, self.student, self.convention = term, student, convention
        self.mine = _html("muz-my-assignments")
        self.pick = widgets.Dropdown(options=[], description="Assignment")
        self.pick.add_class("muz-my-assignment-pick")
        self.pick.observe(lambda _change: self.draw_item(), names="value")
        self.prompt = _html("muz-item-prompt")
        # every widget made here, in this page's own session: one drawn again because another page
        # acted (a classmate joined) must not make widgets, which would belong to that page
        self.buttons = [_button("", "muz-item-option") for _ in range(MAX_OPTIONS)]
        for number, button in enumerate(self.buttons):
            button.on_click(lambda _b, number=number: self.reply(number))
        self.options = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.sound = widgets.Audio(format="wav", autoplay=False, loop=False)
        self.sound.layout.display = "none"
        self.board = SvgBoard(term.room.board, on_click=self.reply)
        self.game_status = _html("muz-game-status")
        self.pass_button = _button(for_people(None).gettext("Pass"), "muz-game-pass")
        self.pass_button.on_click(lambda _b: self.reply(None))
        self.board_area = widgets.VBox([self.game_status, self.board, self.pass_button])
        self.said = _html("muz-item-said")
        self.progress = _html("muz-my-progress")
        self.item: Item | None = None
        super().__init__([widgets.HTML("<h3>My assignments</h3>"), self.mine, self.pick, self.prompt,
                          self.sound, self.options, self.board_area, self.said,
                          widgets.HTML("<h3>My progress</h3>"), self.progress])
        self.add_class("muz-term-student")
        self.unwatch = term.room.watch(self._changed)
        self.draw()

    def _changed(self, change: Change) -> None:
        if change.kind in ("roster", "seat"):
            try:
                self.draw()
            except Exception:
                log.exception("a student's term could not be drawn")

    def draw(self) -> None:
        """The student's open assignments, the item under way and their progress."""
        student = self.student()
        self.layout.display = "none" if student is None else "flex"
        if student is None:
            return
        term = self.term
        open_now = term.open_for(student.id)
        lines = []
        for a in open_now:
            done, right = term.done(a.id, student.id)
            lines.append(f"<li class='muz-my-assignment'>{_text(a.title)}: {done} of {a.count} done, "
                         f"{right} right — closes {a.closes.isoformat()}</li>")
        self.mine.value = f"<ul>{''.join(lines)}</ul>" if lines else "<p>No assignment is open.</p>"
        chosen = self.pick.value
        self.pick.options = [(a.title, a.id) for a in open_now]
        ids = [a.id for a in open_now]
        self.pick.value = chosen if chosen in ids else (ids[0] if ids else None)
        self.progress.value = (progress_html(term, student.id) + standings_html(term, student.id)
                               + weeks_svg(term, student.id))
        self.draw_item()

    def draw_item(self) -> None:
        """The next item of the chosen assignment, worded in this page's note names."""
        student = self.student()
        self.item = item = None
        with note_names(self.convention()), typeset():
            if student is not None and self.pick.value is not None:
                item = self.item = self.term.next_item(self.pick.value, student.id)
            if item is None:
                self.prompt.value = "" if self.pick.value is None else "<p>All done: well played!</p>"
            else:
                count = self.term.assignment(item.assignment).count
                self.prompt.value = f"<p><b>{item.index + 1} of {count}.</b> {_text(item.prompt)}</p>"
            options = () if item is None else item.options
            for number, button in enumerate(self.buttons):
                button.description = options[number] if number < len(options) else ""
                button.layout.display = "inline-flex" if number < len(options) else "none"
            self.sound.layout.display = "flex" if item is not None and item.ear is not None else "none"
            if item is not None and item.ear is not None:
                self.sound.value = _wav(item)
            question = None if item is None else item.question
            game = item is not None and item.kind == "game"
            self.board_area.layout.display = "none" if question is None and not game else "flex"
            self.pass_button.layout.display = self.game_status.layout.display = "flex" if game else "none"
            if game:
                self._draw_game(item, student)
            elif question is not None:
                self.board.board = question.position.board
                cell = question.cell
                self.board.show(Scene(question.position, highlight=question.pitch if cell is None else None,
                                      chosen=() if cell is None else (cell,)))

    def _draw_game(self, item: Item, student: Student) -> None:
        """A game item: the board with the die in hand's cells, whose turn and the scores."""
        table = self.term.table(item.assignment, student.id, item.index)
        game = table.game
        self.board.board = game.board
        legal = () if game.hand is None else game.position.legal_placements(game.hand)
        self.board.show(Scene(game.position, highlight=game.hand, last=table.last, lit=legal,
                              tips_for=game.hand))
        scores = " – ".join(f"{_text(seat.name)} {score}" for seat, score in zip(table.seats, game.scores,
                                                                                  strict=True))
        self.game_status.value = f"<p><b>{scores}</b> · {_text(table.status())}</p>"

    def reply(self, reply: object) -> None:
        """Answer the item shown (an option's number, a cell, or None: pass a game's die); what it
        earns shows under it."""
        student, item = self.student(), self.item
        if student is None or item is None:
            return
        with note_names(self.convention()), typeset():
            try:
                right, words = self.term.answer(student.token, item.assignment, item.index, reply)
            except ClassError as error:
                self.said.value = _said(False, str(error))
                return
            self.said.value = _said(right, words)
        self.draw()

    def close(self) -> None:
        self.unwatch()
        super().close()


def _wav(item: Item) -> bytes:
    from muzlab.views.audio import to_wav_bytes

    return to_wav_bytes(item_wave(item.ear, engine="builtin"))


@solara.component
def TeacherTerm(term: Term):
    """The teacher's term section and its Export grades button (a zip: a CSV per assignment for
    Moodle, Canvas and Google Classroom, and the progress table as CSV and Parquet)."""
    view = solara.use_memo(lambda: TermTeacher(term), [])
    solara.use_effect(lambda: view.close, [])
    solara.Column(children=[view])
    solara.FileDownload(term.grades_zip, filename="grades.zip", mime_type="application/zip",
                        children=[solara.Button("Export grades", classes=["muz-grades"], color="primary")])
    solara.FileDownload(lambda: reports_zip(term), filename="reports.zip", mime_type="application/zip",
                        children=[solara.Button("Reports for parents (PDF)", classes=["muz-reports"])])


@solara.component
def StudentTerm(term: Term, page):
    """The student's term section under their page (`page`: the StudentView, for who and the names)."""
    view = solara.use_memo(lambda: TermStudent(term, lambda: page.student, lambda: page.convention), [])
    solara.use_effect(lambda: view.close, [])
    # a join (or a change of note names) puts a new address on the page: draw for who is here now
    solara.use_effect(view.draw, [solara.use_router().search])
    solara.Column(children=[view])
