"""The term's sections of the class pages: the teacher's (set an assignment, the assignments, the
school's roster file, the students × ideas table, Export grades, question banks for Moodle and Canvas)
and the student's (my assignments, done here item by item, and my progress). They draw the `Term` and
pass clicks on; the term decides.

Hooks for tests: `muz-assign-new`, `muz-assignment` (each listed), `muz-progress`, `muz-grades`,
`muz-bank-from`, `muz-bank-moodle`, `muz-bank-canvas`, `muz-bank-scorm` on the teacher's page;
`muz-my-assignments`, `muz-my-progress` on the student's.
"""

from __future__ import annotations

import html
import logging
import threading
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets
import solara
import traitlets

from muzlab.app.classroom import ClassError, Student
from muzlab.app.downloads import Download
from muzlab.app.lesson_downloads import LessonForLms
from muzlab.app.looks import Looks
from muzlab.app.page_settings import key_note
from muzlab.app.term import IDEAS, ITEM_KINDS, MAX_TRIES, Assignment, GradeScheme, Term
from muzlab.app.term_games import LEVELS
from muzlab.app.term_items import EarAsked, Item, MissingAsked, QuizAsked, SungEarAsked
from muzlab.app.term_report import not_made_words, reports
from muzlab.app.term_words import done_words, points_words, right_words
from muzlab.core.spreadsheet import excel_style
from muzlab.names.calendar_words import date_words, week_words
from muzlab.names.error_words import error_words
from muzlab.names.language import marked
from muzlab.names.output_words import (
    Figure,
    agent_name,
    number_words,
    percent_template,
    percent_words,
    size_words,
)
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.play.coach import level_word
from muzlab.play.eartraining import EarItem, option_words
from muzlab.play.ideas import idea_words
from muzlab.reading import for_people
from muzlab.views.bank import MAX_ITEMS as BANK_MAX_ITEMS
from muzlab.views.bank_files import bank_file
from muzlab.views.bank_kinds import KINDS as BANK_KINDS
from muzlab.views.scorm import scorm_zip
from muzlab.widgets.ear import item_wave
from muzlab.widgets.live_region import LiveRegion
from muzlab.widgets.note_input import NoteInput
from muzlab.widgets.scrolling_table import SCROLLS, scrolling
from muzlab.widgets.svgboard import Scene, SvgBoard

if TYPE_CHECKING:
    from muzlab.app.pages import PageDrawer

log = logging.getLogger(__name__)
#: The changes of the class and of the term the teacher's section draws again for, and a student's
#: (a classmate's answer changes nothing on a student's page).
TEACHER_NEWS = frozenset(("roster", "seat", "assign", "answer", "scheme", "forget", "merge", "day"))
STUDENT_NEWS = frozenset(("roster", "seat", "assign", "scheme", "forget", "merge", "day"))
#: A student who finished an assignment is praised from this share of its grade on ("All done: well
#: played!"); below it, the page says "All done" with the result, and no more.
PRAISED = 0.8
#: The most answers an item offers (the seven degrees of a scale-degree drill).
MAX_OPTIONS = 8
#: The words of the kinds of item, the ideas and the computer's levels (the values stay English).
KIND_WORDS = {"triad quality": marked("assignment kind", "triad quality (ear)"),
              "third": marked("assignment kind", "third (ear)"),
              "scale degree": marked("assignment kind", "scale degree (ear)"),
              "triad quality by voice": marked("assignment kind", "sing the triad's third (ear)"),
              "third by voice": marked("assignment kind", "sing the third's upper note (ear)"),
              "scale degree by voice": marked("assignment kind", "sing the degree back (ear)"),
              "missing note": marked("assignment kind", "sing the missing note"),
              "triad": marked("assignment kind", "name the triad"),
              "where": marked("assignment kind", "where may the die go"),
              "points": marked("assignment kind", "how many points"),
              "key signature": marked("assignment kind", "key signature"),
              "Roman numeral": marked("assignment kind", "Roman numeral"),
              "puzzle": marked("assignment kind", "puzzle"), "game": marked("assignment kind", "game")}
#: The words of the kinds a question bank asks (the assignments' kinds but a game, and the worksheets' run).
BANK_KIND_WORDS = {**{kind: KIND_WORDS[kind] for kind in BANK_KINDS if kind in KIND_WORDS},
                   "run": marked("assignment kind", "what fits this run")}
#: The question banks offered for download: the format of muzlab.views.bank_files, by the LMS it is for.
BANK_DOWNLOADS = {"moodle": ("muzlab-questions-moodle.xml", "application/xml"),
                  "qti12": ("muzlab-questions-canvas.zip", "application/zip"),
                  "scorm": ("muzlab-task-scorm.zip", "application/zip")}
#: The "Roman numeral" kind as a class of Funktionstheorie names it: its items ask for the function.
FUNCTION_KIND = marked("assignment kind", "harmonic function")
#: The layout of a row of controls that wraps on a narrow screen.
WRAP = {"flex_flow": "row wrap"}


def _words(table: dict[str, tuple[str, str]], value: str, reader: Reader) -> str:
    """A stored English value (a kind, an idea, a level) as `reader` reads it (unknown: as it is)."""
    return reader.pgettext(*table[value]) if value in table else value


def kind_words(kind: str, reader: Reader) -> str:
    """A kind of item as `reader` reads it; "Roman numeral" in the reader's harmony style
    ("harmonische Funktion" for a class of Funktionstheorie, whose items ask for the function)."""
    if kind == "Roman numeral" and reader.harmony_style == "functions":
        return reader.pgettext(*FUNCTION_KIND)
    return _words(KIND_WORDS, kind, reader)


def _text(words: str) -> str:
    return html.escape(words, quote=False)


def _said(ok: bool, words: str) -> str:
    return f"<div style='color:{'#064' if ok else '#b00000'}'>{'' if ok else '✗ '}{_text(words)}</div>"


def _html(css: str) -> widgets.HTML:
    """An HTML box with its class given as it is made (added after, it costs the page one more message)."""
    return widgets.HTML(_dom_classes=(css,))


def _button(label: str, css: str, style: str = "", looks: Looks | None = None) -> widgets.Button:
    """A button, with its page's shared layout and style when `looks` is given (a student's option
    buttons are each shown and hidden: they have their own)."""
    if looks is not None:
        return looks.make(widgets.Button, description=label, button_style=style, layout={"width": "auto"},
                          _dom_classes=(css,))
    return widgets.Button(description=label, button_style=style, layout=widgets.Layout(width="auto"),
                          _dom_classes=(css,))


def _share(right: int, answered: int, reader: Reader) -> str:
    """The share right of the answers given, as the reader's language writes a percentage ("75 %")."""
    return percent_words(100 * right / answered, reader) if answered else "–"


def progress_html(term: Term, student_id: int | None = None, reader: Reader | None = None) -> str:
    """The students × ideas table: the share right (of how many answers) and the trend per week, in
    `reader`'s language (None: the default reader's)."""
    reader = for_people(reader)
    rows: dict[str, dict[str, dict]] = {}
    for row in term.progress(student_id):
        rows.setdefault(row["nickname"], {})[row["idea"]] = row
    head = "".join(f"<th>{_text(idea_words(idea, reader))}</th>" for idea in IDEAS)

    def cell(row: dict | None) -> str:
        if row is None:
            return "<td>–</td>"
        trend = row["trend per week"]
        arrow = "" if trend is None else " ↑" if trend > 0.02 else " ↓" if trend < -0.02 else " →"
        return (f"<td>{_text(_share(row['right'], row['answered'], reader))} "
                f"({_text(number_words(row['answered'], reader))}){arrow}</td>")

    body = "".join(f"<tr><td>{_text(name)}</td>{''.join(cell(ideas.get(i)) for i in IDEAS)}</tr>"
                   for name, ideas in rows.items())
    return ("<style>.muz-progress td, .muz-progress th {padding: 2px 8px; text-align: left}</style>"
            + scrolling("<table class='muz-progress'><thead><tr><th>" + _text(reader.gettext("student"))
                        + f"</th>{head}</tr></thead><tbody>{body}</tbody></table>",
                        reader.gettext("Progress"))
            + "<p><i>"
            + _text(reader.gettext("Share right (answers); the arrow is the trend over the weeks (↑ better, "
                                   "↓ worse)."))
            + "</i></p>")


def lesson_key_words(reader: Reader) -> str:
    """The lesson key of the teacher's page over the term's form ("Lesson key: a-Moll — A H C D E F
    Gis"), and that assignments do not follow it; "" without a lesson key."""
    note = key_note(reader)
    if not note:
        return note
    return note + "<p><i>{}</i></p>".format(_text(reader.gettext(
        "Assignments do not follow the lesson key: an item that asks about a key names its own.")))


def weeks_svg(term: Term, student_id: int, reader: Reader | None = None) -> str:
    """A student's picture: the share right per idea over the weeks, one line per idea with a dot at
    each week (so a term's first week shows), named for `reader`."""
    reader = for_people(reader)
    weekly = term.weekly(student_id)
    weeks = sorted({w for per in weekly.values() for w in per})
    if not weeks:
        return ""
    width, height, colours = 40 + 50 * len(weeks), 120, ("#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                                        "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
                                                        "#17becf")
    lines, labels = [], []
    for (idea, per), colour in zip(weekly.items(), colours, strict=False):
        points = [(30 + 50 * weeks.index(w), 100 - 90 * r / n) for w, (n, r) in per.items()]
        lines.append(f"<polyline fill='none' stroke='{colour}' stroke-width='2' "
                     f"points='{' '.join(f'{x},{y}' for x, y in points)}'/>")
        # (a dot at each week: a line needs two weeks, and the first week of a term has one)
        lines.extend(f"<circle cx='{x}' cy='{y}' r='3.5' fill='{colour}'/>" for x, y in points)
        labels.append(f"<span style='color:{colour}'>■ {_text(idea_words(idea, reader))}</span>")
    ticks = "".join(f"<text x='{30 + 50 * i}' y='116' font-size='9' text-anchor='middle'>"
                    f"{_text(week_words(w, reader))}</text>" for i, w in enumerate(weeks))
    return (f"<svg width='{width}' height='{height}' viewBox='0 0 {width} {height}' class='muz-weeks' "
            f"style='max-width:100%;height:auto'><line x1='20' y1='100' "
            f"x2='{width}' y2='100' stroke='#999'/>{''.join(lines)}{ticks}</svg>"
            f"<div>{' '.join(labels)}</div>")


def standings_html(term: Term, student_id: int | None = None, reader: Reader | None = None) -> str:
    """The games against the computer: per student, games finished, mean points, margin and
    luck-adjusted margin, accuracy and the coach's level word, best first by luck-adjusted margin
    (`Term.standings`); only `student_id`'s row when given; in `reader`'s language."""
    name = None if student_id is None else term.room.nickname(student_id)
    rows = [row for row in term.standings() if name is None or row["nickname"] == name]
    if not rows:
        return ""
    words = for_people(reader)
    head = "".join(f"<th>{_text(column)}</th>" for column in (
        words.gettext("rank"), words.gettext("student"), words.gettext("games"), words.gettext("points"),
        words.gettext("margin"), words.gettext("luck-adjusted margin"), words.gettext("accuracy"),
        words.gettext("level")))

    def figure(value: float, spec: str = "g") -> str:
        """A figure of the table as the reader's language writes it (German "+1,5"), for the page."""
        return _text(format(Figure(value, words), spec))

    def percent(value: float) -> str:
        """A percentage of the table as the reader's language writes it (French "87,5 %"), for the page."""
        return _text(percent_template(words).format(number=format(Figure(value, words), "g")))

    body = "".join(f"<tr><td>{figure(r['rank'])}</td><td>{_text(r['nickname'])}</td>"
                   f"<td>{figure(r['games'])}</td><td>{figure(r['points'])}</td>"
                   f"<td>{figure(r['margin'], '+g')}</td><td>{figure(r['luck_adjusted_margin'], '+g')}</td>"
                   f"<td>{percent(r['accuracy'])}</td>"
                   f"<td>{_text(level_word(r['level'], words))}</td></tr>"
                   for r in rows)
    title = words.gettext("Games against the computer")
    return (f"<h4>{_text(title)}</h4>"
            + scrolling(f"<table class='muz-standings'><thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
                        "</table>", title)
            + "<p><i>"
            + _text(words.gettext("Luck-adjusted margin: the margin with the luck of the dice taken out "
                                  "(the coach's review); accuracy: the share of decisions the coach "
                                  "grades best or good."))
            + "</i></p>")


class TermTeacher(widgets.VBox):
    """The teacher's term: set an assignment, the assignments with who has done them, the school's
    roster file, and the students × ideas table with a picture per student; in the words of the
    teacher's page (`reader`, asked each time it draws)."""

    def __init__(self, term: Term, reader: Callable[[], Reader] = lambda: for_people(None),
                 looks: Looks | None = None, drawer: PageDrawer | None = None):
        self.term, self.reader = term, reader
        #: the page's drawing thread, which draws the section again after a change (None: drawn on
        #: the thread that made the change, as a test without a server has it)
        self.drawer = drawer
        self._drawing = threading.RLock()  # the drawer's thread and the teacher's clicks draw in turn
        #: the page's shared layouts and styles (the teacher's page's, when it passes its own)
        self.looks = looks = looks or Looks()
        #: the widgets' descriptions as they are made (in the words of the teacher's page)
        self._first = said = self._labels(reader())
        self._first_choices = self._choices(reader())
        form = self._assign_form(term.today())
        scheme = self._scheme_form()
        bank = self._bank_form()
        self.message = looks.make(widgets.HTML, _dom_classes=("muz-term-message",))
        #: the message said to a screen reader too, from the tab shown (the term's, or the class list's)
        self.heard, self.care_heard = looks.make(LiveRegion), looks.make(LiveRegion)
        #: Forget or Merge pressed once, for these students: pressed again, it is done (it cannot be undone)
        self._asked: tuple | None = None
        self.listing = looks.make(widgets.HTML, _dom_classes=("muz-assignments",))
        self.roster_file = looks.make(widgets.FileUpload, accept=".csv,.txt", multiple=False,
                                      description=said["roster_file"], _dom_classes=("muz-roster-file",))
        self.roster_file.observe(lambda _change: self.upload(), names="value")
        #: what became of the roster file uploaded, said beside its button
        self.roster_message = looks.make(widgets.HTML, _dom_classes=("muz-roster-message",))
        self.progress = looks.make(widgets.HTML, _dom_classes=("muz-progress-box", SCROLLS))
        self.standings = looks.make(widgets.HTML, _dom_classes=("muz-standings-box", SCROLLS))
        self.pictures = looks.make(widgets.HTML, _dom_classes=("muz-pictures",))
        self.forget_pick = looks.make(widgets.Dropdown, options=[], description=said["forget_pick"],
                                      _dom_classes=("muz-forget-student",))
        self.forget_button = _button(said["forget_button"], "muz-forget", "danger", looks)
        self.forget_button.on_click(lambda _b: self.forget())
        self.new_name = looks.make(widgets.Text, description=said["new_name"],
                                   _dom_classes=("muz-new-nickname",))
        self.rename_button = _button(said["rename_button"], "muz-rename", looks=looks)
        self.rename_button.on_click(lambda _b: self.rename())
        self.into_pick = looks.make(widgets.Dropdown, options=[], description=said["into_pick"],
                                    _dom_classes=("muz-merge-into",))
        self.merge_button = _button(said["merge_button"], "muz-merge", looks=looks)
        self.merge_button.on_click(lambda _b: self.merge())
        for pick in (self.forget_pick, self.into_pick):  # (another student chosen: asked again)
            pick.observe(lambda _change: setattr(self, "_asked", None), names="value")
        self.assignments_head = looks.make(widgets.HTML, _dom_classes=("muz-term-heading",))
        #: the lesson key the teacher's page reads in, said over the form (`lesson_key_words`)
        self.lesson_key = looks.make(widgets.HTML, _dom_classes=("muz-term-key",))
        self.progress_head = looks.make(widgets.HTML, _dom_classes=("muz-term-heading",))
        self.bank_head = looks.make(widgets.HTML, _dom_classes=("muz-term-heading",))
        self.roster_row = looks.make(widgets.HBox, [self.roster_file, self.roster_message], layout=WRAP)
        super().__init__([self.assignments_head, self.lesson_key, form, self.message, self.heard,
                          self.listing, scheme, self.progress_head, self.progress, self.standings,
                          self.pictures, self.bank_head, bank],
                         layout=looks.layout())
        self.add_class("muz-term-teacher")
        self.care = self._care()
        unwatch_room = term.room.watch(lambda change: self._changed(change.kind))
        unwatch_term = term.watch(self._changed)
        self.unwatch = lambda: (unwatch_room(), unwatch_term())
        self.draw()

    def _changed(self, kind: str) -> None:
        """A change of the class or the term (on the thread that made it): queued for the page's own
        thread, which draws the section again."""
        if kind in TEACHER_NEWS:
            _queue(self.drawer, kind, self._draw_news)

    def _draw_news(self, _batch: list[str]) -> None:
        try:
            self.draw()
        except Exception:
            log.exception("the teacher's term could not be drawn")

    def _care(self) -> widgets.VBox:
        """The class list's care, shown apart from the term (the teacher's "Class list" tab): the
        school's roster file; rename, merge and forget; and what the last of them said (the term's
        message, shown here too)."""
        looks = self.looks
        self.care_head = looks.make(widgets.HTML, _dom_classes=("muz-term-heading",))
        said = looks.make(widgets.HTML, _dom_classes=("muz-care-message",))
        traitlets.dlink((self.message, "value"), (said, "value"))
        # the student, then what to do with them: one line each (rename, merge, forget)
        lines = [looks.make(widgets.HBox, list(line), layout=WRAP) for line in (
            (self.new_name, self.rename_button), (self.into_pick, self.merge_button), (self.forget_button,))]
        care = looks.make(widgets.VBox, [self.care_head, self.roster_row, self.forget_pick, *lines, said,
                                         self.care_heard])
        care.add_class("muz-class-care")
        return care

    def _assign_form(self, today: date) -> widgets.HBox:
        """What, how many, the seed, for whom, tries, and the dates of a new assignment (their words:
        `_label`)."""
        make, said = self.looks.make, self._first
        self.title = make(widgets.Text, description=said["title"], _dom_classes=("muz-assign-title",))
        self.kind = make(widgets.Dropdown, options=self._first_choices["kind"], description=said["kind"],
                         _dom_classes=("muz-assign-kind",))
        self.count = make(widgets.BoundedIntText, value=10, min=1, max=100, description=said["count"],
                          _dom_classes=("muz-assign-count",))
        self.seed = make(widgets.BoundedIntText, value=1, min=0, max=2 ** 31 - 1, description=said["seed"],
                         _dom_classes=("muz-assign-seed",))
        self.same = make(widgets.Checkbox, value=True, description=said["same"],
                         _dom_classes=("muz-assign-same",))
        self.tries = make(widgets.BoundedIntText, value=1, min=1, max=MAX_TRIES, description=said["tries"],
                          _dom_classes=("muz-assign-tries",))
        self.who = make(widgets.SelectMultiple, options=[], rows=4, description=said["who"],
                        _dom_classes=("muz-assign-for",))
        self.opens = make(widgets.DatePicker, value=today, description=said["opens"],
                          _dom_classes=("muz-assign-opens",))
        self.closes = make(widgets.DatePicker, value=today + timedelta(days=7), description=said["closes"],
                           _dom_classes=("muz-assign-closes",))
        self.computer = make(widgets.Dropdown, options=self._first_choices["computer"], value="greedy",
                             description=said["computer"], _dom_classes=("muz-assign-computer",))
        self.create = _button(said["create"], "muz-assign-new", "primary", self.looks)
        self.create.on_click(lambda _b: self.assign())
        return make(widgets.HBox, [self.title, self.kind, self.computer, self.count, self.seed, self.same,
                                   self.tries, self.who, self.opens, self.closes, self.create],
                    layout=WRAP)

    def _scheme_form(self) -> widgets.HBox:
        """How an assignment is graded (GradeScheme), changed for one assignment."""
        make, said = self.looks.make, self._first
        self.scheme_pick = make(widgets.Dropdown, options=[], description=said["scheme_pick"],
                                _dom_classes=("muz-grade-scheme-pick",))
        self.out_of = make(widgets.BoundedFloatText, value=100, min=1, max=1000, description=said["out_of"])
        choices = self._first_choices
        self.counts = make(widgets.Dropdown, options=choices["counts"], description=said["counts"])
        self.missing = make(widgets.Dropdown, options=choices["missing"], description=said["missing"])
        self.scheme_button = _button(said["scheme_button"], "muz-grade-scheme", looks=self.looks)
        self.scheme_button.on_click(lambda _b: self.change_scheme())
        return make(widgets.HBox, [self.scheme_pick, self.out_of, self.counts, self.missing,
                                   self.scheme_button], layout=WRAP)

    def _bank_form(self) -> widgets.HBox:
        """What a question bank asks: an assignment's items, or the kinds, count and seed chosen here."""
        make, said, choices = self.looks.make, self._first, self._first_choices
        self.bank_from = make(widgets.Dropdown, options=[(self._bank_chosen(self.reader()), None)],
                              description=said["bank_from"], _dom_classes=("muz-bank-from",))
        self.bank_kinds = make(widgets.SelectMultiple, options=choices["bank_kinds"], value=("triad",),
                               rows=5, description=said["bank_kinds"], _dom_classes=("muz-bank-kinds",))
        self.bank_count = make(widgets.BoundedIntText, value=10, min=1, max=BANK_MAX_ITEMS,
                               description=said["bank_count"], _dom_classes=("muz-bank-count",))
        self.bank_seed = make(widgets.BoundedIntText, value=1, min=0, max=2 ** 31 - 1,
                              description=said["bank_seed"], _dom_classes=("muz-bank-seed",))
        return make(widgets.HBox, [self.bank_from, self.bank_kinds, self.bank_count, self.bank_seed],
                    layout=WRAP)

    def bank_settings(self) -> tuple[tuple[str, ...], int, int, str]:
        """The kinds, count, seed and title of the bank asked for: the chosen assignment's (its items as
        the students who share them got them; of each student's own items, those its seed draws), else
        the form's (and the bank's own title)."""
        chosen = self.term.assignments.get(self.bank_from.value)
        if chosen is not None:
            return (chosen.kind,), chosen.count, chosen.seed, chosen.title
        return tuple(self.bank_kinds.value), int(self.bank_count.value), int(self.bank_seed.value), ""

    def bank(self, fmt: str) -> tuple[bytes, str]:
        """The question bank asked for in `fmt` ("moodle", "qti12"; "scorm": the same items as a SCORM
        1.2 quiz task, muzlab.views.scorm), in the words and note names of the teacher's page, and a
        sentence saying how many questions and how big; BankError (said beside the button) when the
        form asks for no kind."""
        reader = self.reader().replace(key=None)  # (each item is spelled in its own context)
        kinds, count, seed, title = self.bank_settings()
        if fmt == "scorm":
            data = scorm_zip(kinds, count, seed, reader, title)
        else:
            data, _name = bank_file(fmt, kinds, count, seed, reader, title)
        return data, reader.ngettext("{count} question, {size}.", "{count} questions, {size}.", count).format(
            count=count, size=size_words(len(data), reader))

    def _label(self, reader: Reader) -> None:
        """Write the section's fixed words (headings, labels, buttons, choices) for `reader` (its
        language and harmony style: the kinds' menu names the function items in it)."""
        if getattr(self, "_labelled", None) == (reader.language, reader.harmony_style):
            return
        self._labelled = (reader.language, reader.harmony_style)
        self.heard.label = self.care_heard.label = reader.gettext("What was done")
        gettext = reader.gettext  # (a keyword the catalogues read)
        self.assignments_head.value = "<h3>{}</h3>".format(_text(gettext("Assignments")))
        self.progress_head.value = "<h3>{}</h3>".format(_text(gettext("Progress")))
        self.bank_head.value = "<h3>{}</h3><p>{}</p>".format(
            _text(gettext("Questions for Moodle and Canvas")), _text(gettext(
                "A question bank to import into the school's Moodle (Moodle XML) or Canvas (QTI 1.2), or the "
                "same questions as a homework task that reports its score (SCORM 1.2): an assignment's "
                "items, or the kinds chosen here.")))
        self.care_head.value = "<p>{}</p>".format(_text(gettext(
            "The school's roster file (CSV: nickname,id, and optionally email,name,section,login) names "
            "the students in the grade files.")))
        for name, words in self._labels(reader).items():
            getattr(self, name).description = words
        self.title.placeholder = gettext("Triads by Friday")
        for name, options in self._choices(reader).items():
            pick = getattr(self, name)
            chosen = pick.value
            pick.options, pick.value = options, chosen

    @staticmethod
    def _choices(reader: Reader) -> dict[str, list[tuple[str, str]]]:
        """The section's menus' choices for `reader` (words, value), by attribute."""
        gettext = reader.gettext
        return {"kind": [(kind_words(k, reader), k) for k in ITEM_KINDS],
                "computer": [(agent_name(k, reader), k) for k in LEVELS],
                "counts": [(gettext("first try"), "first"), (gettext("best try"), "best")],
                "bank_kinds": [(_words(BANK_KIND_WORDS, k, reader), k) for k in BANK_KINDS],
                "missing": [("0", "zero"), (gettext("a blank"), "blank")]}

    @staticmethod
    def _labels(reader: Reader) -> dict[str, str]:
        """The section's widgets' descriptions for `reader`, by attribute (given as each is made, they
        come with it to the page: set after, each would be a message more)."""
        gettext = reader.gettext
        return {"roster_file": gettext("Roster file"), "forget_pick": gettext("Student"),
                "forget_button": gettext("Forget the student (deletes their answers)"),
                "new_name": gettext("New nickname"), "rename_button": gettext("Rename"),
                "into_pick": gettext("is also"),
                "merge_button": gettext("Merge: their answers become the other's"),
                "title": gettext("Title"), "kind": gettext("What"), "count": gettext("How many"),
                "seed": gettext("Seed"), "same": gettext("Everyone the same items"),
                "tries": gettext("Tries per item"), "who": gettext("For (none: all)"),
                "opens": gettext("Opens"),
                "closes": gettext("Closes"), "computer": gettext("Computer (a game)"),
                "create": gettext("Set the assignment"), "scheme_pick": gettext("Grading of"),
                "out_of": gettext("Out of"), "counts": gettext("An item counts by"),
                "missing": gettext("Nothing answered"), "scheme_button": gettext("Change the grading"),
                "bank_from": gettext("Questions from"), "bank_kinds": gettext("Kinds"),
                "bank_count": gettext("How many"), "bank_seed": gettext("Seed")}

    @staticmethod
    def _bank_chosen(reader: Reader) -> str:
        """The bank's first source: not an assignment, the form's kinds."""
        return reader.gettext("the kinds chosen here")

    def _say(self, ok: bool, words: str) -> None:
        self.message.value = _said(ok, words)
        self.heard.tell(words)
        self.care_heard.tell(words)

    def _confirmed(self, asked: tuple, question: str) -> bool:
        """Whether `asked` (an action and its students) was asked just before: else it is asked now, and
        `question` says to press again (a student's answers are deleted for good: WCAG 3.3.4)."""
        if self._asked == asked:
            self._asked = None
            return True
        self._asked = asked
        self._say(False, question)
        return False

    def _refused(self, error: ClassError) -> None:
        self._say(False, error_words(error, self.reader()))

    def change_scheme(self) -> None:
        """Grade the chosen assignment by the scheme chosen (its answers stay)."""
        try:
            changed = self.term.set_scheme(self.scheme_pick.value, GradeScheme(
                float(self.out_of.value), self.counts.value, self.missing.value))
        except ClassError as error:
            self._refused(error)
            return
        self._say(True, self.reader().gettext("{title} is now graded out of {points}.").format(
            title=changed.title, points=format(Figure(changed.scheme.out_of, self.reader()), "g")))

    def assign(self) -> None:
        """Set the assignment the form describes (a refusal says why, and sets nothing)."""
        try:
            made = self.term.assign(self.title.value, self.kind.value, self.count.value, self.opens.value,
                                    self.closes.value, seed=self.seed.value, same=self.same.value,
                                    students=list(self.who.value) or None, tries=self.tries.value,
                                    computer=self.computer.value)
        except ClassError as error:
            self._refused(error)
            return
        reader = self.reader()
        self._say(True, reader.gettext("{title}: {count} × {kind}, open {opens} to {closes}.").format(
            title=made.title, count=made.count, kind=kind_words(made.kind, reader),
            opens=date_words(made.opens, reader), closes=date_words(made.closes, reader)))
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
            self.roster_message.value = _said(False, words := error_words(error, self.reader()))
            self.care_heard.tell(words)  # (said on the class list's tab, where the file is uploaded)
            return
        reader, left = self.reader(), self.term.unmapped()
        said = reader.ngettext("The roster file names {count} student.", "The roster file names {count} "
                               "students.", count).format(count=count)
        if left:
            said += " " + reader.gettext("Not in it, so not in the grade files: {names}.").format(
                names=", ".join(left))
        self.roster_message.value = _said(True, said)
        self.care_heard.tell(said)

    def _chosen(self) -> int | None:
        """The student chosen, or None (said: choose one first)."""
        sid = self.forget_pick.value
        if sid is None:
            self._say(False, self.reader().gettext("Choose a student first."))
        return sid

    def forget(self) -> None:
        """Take the chosen student and their answers out of the class and the file."""
        if (sid := self._chosen()) is None:
            return
        name = self.term.room.nickname(sid)
        if not self._confirmed(("forget", sid), self.reader().gettext(
                "Press Forget again to delete {name} and their answers: it cannot be undone.").format(
                name=name)):
            return
        try:
            self.term.forget(sid)
        except ClassError as error:
            self._refused(error)
            return
        self._say(True, self.reader().gettext("{name} and their answers are gone from the class folder."
                                              ).format(name=name))

    def rename(self) -> None:
        """Give the chosen student the nickname typed."""
        if (sid := self._chosen()) is None:
            return
        old = self.term.room.nickname(sid)
        try:
            student = self.term.room.rename(sid, self.new_name.value)
        except ClassError as error:
            self._refused(error)
            return
        self.new_name.value = ""
        self._say(True, self.reader().gettext("{old} is now {new}.").format(old=old, new=student.nickname))

    def merge(self) -> None:
        """The chosen student joined twice: their answers become the other nickname's."""
        duplicate, into = self.forget_pick.value, self.into_pick.value
        names, reader = (self.term.room.nickname(duplicate), self.term.room.nickname(into)), self.reader()
        if None not in (duplicate, into) and duplicate != into and not self._confirmed(
                ("merge", duplicate, into), reader.gettext(
                    "Press Merge again to give {name}'s answers to {other} and take {name} off the "
                    "roster: it cannot be undone.").format(name=names[0], other=names[1])):
            return
        try:
            both = len(self.term.games_both_played(duplicate, into))
            moved = self.term.merge(duplicate, into)
        except ClassError as error:
            self._refused(error)
            return
        said = [reader.ngettext(
            "{name}'s {count} answer is now {other}'s; {name} is off the roster.",
            "{name}'s {count} answers are now {other}'s; {name} is off the roster.", moved).format(
            name=names[0], count=moved, other=names[1])]
        if both:
            said.append(reader.ngettext(
                "{count} game both nicknames played stays {other}'s: {name}'s moves in it are deleted.",
                "{count} games both nicknames played stay {other}'s: {name}'s moves in them are deleted.",
                both).format(name=names[0], count=both, other=names[1]))
        self._say(True, " ".join(said))

    def draw(self) -> None:
        """Draw the assignments and the progress from the term, in the teacher's page's words."""
        with self._drawing:
            self._draw()

    def _draw(self) -> None:
        term, reader = self.term, self.reader()
        self._label(reader)
        self.lesson_key.value = lesson_key_words(reader)
        students = {sid: s.nickname for sid, s in term.room.students.items()}
        items = []
        for a in term.assignments.values():
            finished = sum(term.done(a.id, sid)[0] == a.count for sid in students if a.is_for(sid))
            against = "" if a.kind != "game" else " " + reader.gettext(
                "against the computer ({level})").format(level=agent_name(a.computer, reader))
            own = "" if a.same else reader.gettext(", each their own items")
            line = reader.gettext("{title}: {count} × {kind}{against}, {opens} to {closes}{own} — "
                                  "{finished} of {total} done").format(
                title=a.title, count=a.count, kind=kind_words(a.kind, reader), against=against,
                opens=date_words(a.opens, reader), closes=date_words(a.closes, reader), own=own,
                finished=number_words(finished, reader),
                total=number_words(sum(a.is_for(sid) for sid in students), reader))
            items.append(f"<li class='muz-assignment'>{_text(line)}</li>")
        self.listing.value = (f"<ul>{''.join(items)}</ul>" if items else
                              "<p>{}</p>".format(_text(reader.gettext("No assignment set yet."))))
        self.progress.value = progress_html(term, reader=reader)
        self.standings.value = standings_html(term, reader=reader)
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
        chosen = self.bank_from.value
        self.bank_from.options = [(self._bank_chosen(reader), None)] + [
            (a.title, a.id) for a in term.assignments.values() if a.kind in BANK_KINDS]
        self.bank_from.value = chosen if chosen in term.assignments else None
        self.pictures.value = "".join(f"<div class='muz-picture'><b>{_text(name)}</b>"
                                      f"{weeks_svg(term, sid, reader)}</div>"
                                      for sid, name in students.items() if term.weekly(sid))

    def close(self) -> None:
        self.unwatch()
        super().close()


class TermStudent(widgets.VBox):
    """A student's term: their open assignments, one item at a time (choices to click, a board to
    click, notes to hear, or a note to sing or play into the note input), and their own progress
    (nobody else's); worded for their page's reader (`reader`: its note names, lesson key and
    language, asked each time it draws)."""

    def __init__(self, term: Term, student: Callable[[], Student | None],
                 reader: Callable[[], Reader] = lambda: for_people(None), drawer: PageDrawer | None = None):
        self.term, self.student, self.reader = term, student, reader
        #: the page's drawing thread, which draws the section again after a change (None: drawn on
        #: the thread that made the change, as a test without a server has it)
        self.drawer = drawer
        self._drawing = threading.RLock()  # the drawer's thread and the student's clicks draw in turn
        self.mine = _html("muz-my-assignments")
        self.pick = widgets.Dropdown(options=[], style={"description_width": "initial"},  # (its label whole)
                                     _dom_classes=("muz-my-assignment-pick",))
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
        self.pass_button = _button("", "muz-game-pass")
        self.pass_button.on_click(lambda _b: self.reply(None))
        self.board_area = widgets.VBox([self.game_status, self.board, self.pass_button])
        self.note_input = NoteInput(reader(), on_note=lambda pitch, _source: self.reply(pitch))
        self.note_input.layout.display = "none"
        self.said = _html("muz-item-said")
        #: what `said` shows, said by a screen reader (the page draws it, a live region reads it)
        self.heard = LiveRegion(label=reader().gettext("Feedback on your answer"))
        self.progress = widgets.HTML(_dom_classes=("muz-my-progress", SCROLLS))
        self.mine_head = _html("muz-term-heading")
        self.progress_head = _html("muz-term-heading")
        self.item: Item | None = None
        super().__init__([self.mine_head, self.mine, self.pick, self.prompt,
                          self.sound, self.options, self.note_input, self.board_area, self.said,
                          self.heard, self.progress_head, self.progress])
        self.add_class("muz-term-student")
        unwatch_room = term.room.watch(lambda change: self._changed(change.kind))
        unwatch_term = term.watch(self._changed)
        self.unwatch = lambda: (unwatch_room(), unwatch_term())
        self.draw()

    def _changed(self, kind: str) -> None:
        """A change of the class or the term (on the thread that made it: a new assignment, a grading
        changed, a new day): queued for the page's own thread, which draws the section again."""
        if kind in STUDENT_NEWS:
            _queue(self.drawer, kind, self._draw_news)

    def _draw_news(self, _batch: list[str]) -> None:
        try:
            self.draw()
        except Exception:
            log.exception("a student's term could not be drawn")

    def _label(self, reader: Reader) -> None:
        """Write the section's headings and buttons for `reader`."""
        self.mine_head.value = "<h3>{}</h3>".format(_text(reader.gettext("My assignments")))
        self.progress_head.value = "<h3>{}</h3>".format(_text(reader.gettext("My progress")))
        self.pick.description = reader.gettext("Assignment")
        self.heard.label = reader.gettext("Feedback on your answer")
        self.pass_button.description = reader.gettext("Pass")

    def draw(self) -> None:
        """The student's open assignments, the item under way and their progress."""
        with self._drawing:
            self._draw()

    def _draw(self) -> None:
        student, reader = self.student(), self.reader()
        self.layout.display = "none" if student is None else "flex"
        if student is None:
            return
        self._label(reader)
        term = self.term
        open_now = term.open_for(student.id)
        lines = []
        for a in open_now:
            done, right = term.done(a.id, student.id)
            if a.kind == "game":  # (a game earns a grade, its accuracy: never "right", `finished_words`)
                line = reader.ngettext("{title}: {done} of {count} game played, {grade} — closes {closes}",
                                       "{title}: {done} of {count} games played, {grade} — closes {closes}",
                                       a.count).format(
                    title=a.title, done=number_words(done, reader), count=number_words(a.count, reader),
                    closes=date_words(a.closes, reader),
                    grade=points_words(term.grade(a.id, student.id), a, reader))
            else:
                line = reader.gettext("{title}: {done}, {right} — closes {closes}").format(
                    title=a.title, done=done_words(done, a.count, reader), right=right_words(right, reader),
                    closes=date_words(a.closes, reader))
            lines.append(f"<li class='muz-my-assignment'>{_text(line)}</li>")
        self.mine.value = (f"<ul>{''.join(lines)}</ul>" if lines else
                           "<p>{}</p>".format(_text(reader.gettext("No assignment is open."))))
        chosen = self.pick.value
        self.pick.options = [(a.title, a.id) for a in open_now]
        ids = [a.id for a in open_now]
        self.pick.value = chosen if chosen in ids else (ids[0] if ids else None)
        sid = student.id
        self.progress.value = (progress_html(term, sid, reader) + standings_html(term, sid, reader)
                               + weeks_svg(term, sid, reader))
        self.draw_item()

    def draw_item(self) -> None:
        """The next item of the chosen assignment, worded for this page's reader."""
        with self._drawing:
            self._draw_item()

    def _draw_item(self) -> None:
        student, reader = self.student(), self.reader()
        self.item = item = None
        if student is not None and self.pick.value is not None:
            item = self.item = self.term.next_item(self.pick.value, student.id, reader)
        if item is None:
            done = "" if student is None or self.pick.value is None else finished_words(
                self.term, self.term.assignment(self.pick.value), student.id, reader)
            self.prompt.value = done and f"<p>{_text(done)}</p>"
        else:
            count = self.term.assignment(item.assignment).count
            number = reader.gettext("{number} of {count}.").format(number=item.index + 1, count=count)
            self.prompt.value = f"<p><b>{_text(number)}</b> {_text(item.prompt)}</p>"
        asked = None if item is None else item.asked
        options = () if item is None else item.options
        if isinstance(asked, EarAsked):
            options = tuple(option_words(option, reader) for option in options)
        for number, button in enumerate(self.buttons):
            button.description = options[number] if number < len(options) else ""
            button.layout.display = "inline-flex" if number < len(options) else "none"
        heard = isinstance(asked, EarAsked | SungEarAsked)
        self.sound.layout.display = "flex" if heard else "none"
        if heard:
            self.sound.value = _wav(asked.ear)
        sung = isinstance(asked, SungEarAsked | MissingAsked)
        self.note_input.layout.display = "" if sung else "none"
        if sung:
            self.note_input.redraw(reader)
        question = asked.question if isinstance(asked, QuizAsked | MissingAsked) else None
        game = item is not None and item.kind == "game"
        self.board_area.layout.display = "none" if question is None and not game else "flex"
        self.pass_button.layout.display = self.game_status.layout.display = "flex" if game else "none"
        if game:
            self._draw_game(item, student)
        elif question is not None:
            self.board.board = question.position.board
            cell = question.cell
            self.board.show(Scene(question.position, highlight=question.pitch if cell is None else None,
                                  chosen=() if cell is None else (cell,)), reader)

    def _draw_game(self, item: Item, student: Student) -> None:
        """A game item: the die in hand (named as the class page names it; "passed" when the computer
        passed it on), the board with its cells, whose turn and the scores."""
        table = self.term.table(item.assignment, student.id, item.index)
        game = table.game
        self.board.board = game.board
        legal = () if game.hand is None else game.position.legal_placements(game.hand)
        reader = self.reader()
        self.board.show(Scene(game.position, highlight=game.hand, last=table.last, lit=legal,
                              tips_for=game.hand), reader)
        scores = " – ".join(f"{_text(seat.name_for(reader))} {score}"
                            for seat, score in zip(table.seats, game.scores, strict=True))
        hand = ""
        if game.hand is not None:
            what = reader.gettext("passed die in hand") if game.phase == "bonus" else reader.gettext(
                "die in hand")
            face = pitch_label(game.hand, reader)
            hand = (f"<div class='muz-game-hand'><b style='font-size:32px'>{_text(face)}</b> "
                    f"{_text(what)}</div>")
        self.game_status.value = f"{hand}<p><b>{scores}</b> · {_text(table.status(reader))}</p>"

    def reply(self, reply: object) -> None:
        """Answer the item shown (an option's number, a cell, a pitch class sung or played, or None:
        pass a game's die); what it earns shows under it."""
        student, item = self.student(), self.item
        if student is None or item is None:
            return
        reader = self.reader()
        try:
            right, words = self.term.answer(student.token, item.assignment, item.index, reply, reader)
        except ClassError as error:
            self.said.value = _said(False, error_words(error, reader))
            self.heard.tell(error_words(error, reader))
            return
        self.said.value = _said(right, words)
        self.heard.tell(words)
        self.draw()

    def close(self) -> None:
        self.unwatch()
        super().close()


def finished_words(term: Term, assignment: Assignment, student_id: int, reader: Reader) -> str:
    """What a student who finished an assignment reads: its result (a game assignment its grade, the
    games' accuracy; any other the items right), praised only from `PRAISED` of the grade on."""
    grade = term.grade(assignment.id, student_id)
    if assignment.kind == "game":
        result = points_words(grade, assignment, reader)
    else:
        right = term.done(assignment.id, student_id)[1]
        result = reader.ngettext("{right} of {count} right", "{right} of {count} right", right).format(
            right=number_words(right, reader), count=number_words(assignment.count, reader))
    if grade is not None and grade >= PRAISED * assignment.scheme.out_of:
        return reader.gettext("All done: well played! {result}.").format(result=result)
    return reader.gettext("All done: {result}.").format(result=result)


def _queue(drawer: PageDrawer | None, kind: str, draw: Callable[[list[str]], None]) -> None:
    """Have `draw` draw a change on the page's own thread (`drawer`), or here when there is none."""
    if drawer is not None:
        drawer.tell(kind, draw)
    else:
        draw([kind])


def _wav(ear: EarItem) -> bytes:
    from muzlab.views.audio import to_wav_bytes

    return to_wav_bytes(item_wave(ear, engine="builtin"))


@solara.component
def TeacherTerm(term: Term, view: TermTeacher, page, language: str, site: Path | None = None):
    """The teacher's term section (`view`, made and drawn by the teacher's page) and its Export grades
    buttons (a zip: a CSV per assignment for Moodle, Canvas and Google Classroom, and the progress table
    as CSV and Parquet; or the grades and the progress table for Excel in the convention of the page's
    language: `;` and a decimal comma in German, French and Spanish, a byte-order mark) and parents'
    reports; `page`: the TeacherView, for its reading; `language`: the page's, passed so that a language
    chosen on the page draws the buttons again (a component whose arguments are unchanged is not drawn
    again); `site`: the built homework edition whose lessons it offers as packages
    (muzlab.app.lesson_downloads; None: it says how to get one)."""
    reader = page.reading.reader
    solara.Column(children=[view])
    Download(term.grades_zip, filename="grades.zip", mime_type="application/zip",
             children=[solara.Button(reader.gettext("Export grades"), classes=["muz-grades"],
                                     color="primary")],
             reader=reader)
    excel = excel_style(language)
    Download(lambda: term.grades_zip(excel), filename=f"grades-{excel}.zip", mime_type="application/zip",
             children=[solara.Button(reader.gettext("Export grades for Excel"),
                                     classes=["muz-grades-excel"])],
             reader=reader)
    Download(lambda: _reports(term, page.reading.reader), filename="reports.zip", mime_type="application/zip",
             children=[solara.Button(reader.gettext("Reports for parents (PDF and web page)"),
                                     classes=["muz-reports"])],
             reader=reader)
    for fmt, words, css in (("moodle", reader.gettext("Questions for Moodle"), "muz-bank-moodle"),
                            ("qti12", reader.gettext("Questions for Canvas"), "muz-bank-canvas"),
                            ("scorm", reader.gettext("Homework task for the LMS (SCORM 1.2)"),
                             "muz-bank-scorm")):
        filename, mime_type = BANK_DOWNLOADS[fmt]
        Download(lambda fmt=fmt: view.bank(fmt), filename=filename, mime_type=mime_type,
                 children=[solara.Button(words, classes=[css])], reader=reader)
    LessonForLms(site, reader)


def _reports(term: Term, reader: Reader) -> bytes | tuple[bytes, str]:
    """The reports' zip, and the sentence naming the students whose report could not be made."""
    made, failed = reports(term, reader)
    return (made, not_made_words(failed, reader)) if failed else made


@solara.component
def StudentTerm(term: Term, page):
    """The student's term section under their page (`page`: the StudentView, for who and its reading)."""
    view = solara.use_memo(lambda: TermStudent(term, lambda: page.student, lambda: page.reading.reader,
                                               page.drawer), [])
    solara.use_effect(lambda: view.close, [])
    # a join (or a change of note names or language) puts a new address on the page: draw for who is here now
    solara.use_effect(view.draw, [solara.use_router().search])
    solara.Column(children=[view])
