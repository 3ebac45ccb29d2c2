"""The teacher's page in the order of a lesson, in three tabs: "Lesson" (what the teacher does now:
the class code and a link per language, the roster, Deal, the tables, the projector, the leaderboard
and the class's Export), "Term" (assignments, grading, progress, grade files and parents' reports) and
"Class list" (the school's roster file; rename, merge, forget). The tab chosen is the page's (kept in
its address by `Dashboard`), so the page's redraws never move the teacher elsewhere.

Hooks for tests: each tab's header has its class (`muz-tab-lesson`, `muz-tab-term`, `muz-tab-class`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import solara
import solara.lab

from muzlab.app.class_state import lite_site
from muzlab.app.classroom import Classroom
from muzlab.app.downloads import Download
from muzlab.app.term import Term
from muzlab.app.term_pages import TeacherTerm, TermTeacher
from muzlab.names.language import marked

#: The tabs, by the name the address keeps ("tab"), with their words.
TABS = {"lesson": marked("teacher's tab", "Lesson"),
        "term": marked("teacher's tab", "Assignments and grades"),
        "class": marked("teacher's tab", "Class list")}
TAB_NAMES = tuple(TABS)


@solara.component
def TeacherTabs(room: Classroom, term: Term, view: Any, language: str, tab: str,
                on_tab: Callable[[str], None], harmony: str | None = None, lesson: tuple[str, ...] = ()):
    """The teacher's page: `view` (the TeacherView: code, roster, Deal, tables, projector) under
    "Lesson", the term's section under "Term", the class list's care under "Class list"; `tab` is the
    one shown, `on_tab(name)` hears a choice; `language`, `harmony` (the page's, harmony None for
    the language's usual) and `lesson` (its lesson key and reading of ii° in minor, as the address
    keeps them) draw the term again the moment they change, as the projector is."""
    term_view = solara.use_memo(lambda: TermTeacher(term, lambda: view.reading.reader, view.looks,
                                                          view.drawer), [])
    solara.use_effect(lambda: term_view.close, [])
    solara.use_effect(term_view.draw, [language, harmony, lesson])
    reader = view.reading.reader
    with solara.Column(classes=["muz-teacher-tabs"]):
        solara.Column(children=[view.top])  # (the page's style, its language and harmony above every tab)
        with solara.lab.Tabs(value=TAB_NAMES.index(tab), on_value=lambda index: on_tab(TAB_NAMES[index])):
            with solara.lab.Tab(reader.pgettext(*TABS["lesson"]), classes=["muz-tab-lesson"]):
                solara.Column(children=[view])
                Download(lambda: room.export(view.reading.language), filename="class-export.zip",
                         mime_type="application/zip",
                         children=[solara.Button(reader.gettext("Export"), classes=["muz-export"],
                                                 color="primary")],
                         reader=reader)
            with solara.lab.Tab(reader.pgettext(*TABS["term"]), classes=["muz-tab-term"]):
                # assignments, progress, grades, downloads for the LMS (term_pages)
                TeacherTerm(term, term_view, view, language, lite_site())
            with solara.lab.Tab(reader.pgettext(*TABS["class"]), classes=["muz-tab-class"]):
                solara.Column(children=[term_view.care])
