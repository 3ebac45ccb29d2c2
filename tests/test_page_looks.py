"""The teacher's page shares its layouts and styles (`muzlab.app.looks`), and the class server does the
first page's one-time work before it listens (`muzlab.app.warm_start`)."""

from __future__ import annotations

from datetime import datetime

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances

from muzlab.app import class_state
from muzlab.app.classroom import Classroom
from muzlab.app.looks import Looks
from muzlab.app.pages import TeacherView
from muzlab.app.term import Term
from muzlab.app.term_pages import TermTeacher


@pytest.fixture
def room(tmp_path):
    room = Classroom(tmp_path / "class")
    yield room
    room.store.close()


def test_widgets_made_alike_share_one_layout_and_one_style_per_kind():
    looks = Looks()
    first, second = looks.make(widgets.Dropdown, options=[1]), looks.make(widgets.Dropdown, options=[2])
    text = looks.make(widgets.Text)
    assert first.layout is second.layout is text.layout
    assert first.style is second.style and type(first.style).__name__ == "DescriptionStyle"
    assert type(text.style).__name__ == "TextStyle"
    wide = looks.make(widgets.Button, layout={"width": "auto"})
    assert wide.layout is looks.make(widgets.Button, layout={"width": "auto"}).layout
    assert wide.layout is not first.layout and wide.layout.width == "auto"
    own = widgets.Layout(display="none")
    hidden = looks.make(widgets.HTML, layout=own, style={"font_size": "20px"})
    assert hidden.layout is own and hidden.style is not looks.make(widgets.HTML).style
    assert looks.make(widgets.HBox, [first]).children == (first,)  # (arguments pass through)


def test_two_pages_never_share_looks(room):
    one, other = TeacherView(room), TeacherView(room)
    try:
        assert one.looks is not other.looks
        assert one.deal_button.layout is not other.deal_button.layout
    finally:
        one.close()
        other.close()


def test_the_teachers_page_is_a_third_of_its_widgets_and_hides_only_what_it_hid(room):
    """Layouts and styles were two of every three widgets the teacher's page sent; shared, they are a
    few. Showing the projector still hides the dashboard alone (their layouts are their own)."""
    term = Term(room, lambda: datetime(2026, 9, 7, 9, 0))
    before = set(_instances)
    view = TeacherView(room)
    section = TermTeacher(term, lambda: view.reading.reader, view.looks)
    try:
        made = [_instances[key] for key in set(_instances) - before]
        looks = [w for w in made if isinstance(w, widgets.Layout | widgets.widget_style.Style)]
        assert len(looks) <= 16 and len(made) - len(looks) >= 50, (len(looks), len(made))
        assert section.create.layout is section.forget_button.layout
        assert view.deal_button.layout is view.show_button.layout
        assert view.projector.layout is not view.dashboard.layout
        assert view.dashboard.layout is not view.deal_button.layout
        view.projector.layout.display = "flex"
        view.dashboard.layout.display = "none"
        assert section.layout.display is None and view.deal_button.layout.display is None
    finally:
        section.close()
        view.close()


def test_the_server_compresses_lightly(monkeypatch):
    pytest.importorskip("solara.server.starlette")
    import solara.server.starlette as starlette_server
    from starlette.middleware.gzip import GZipMiddleware

    from muzlab.app.warm_start import GZIP_LEVEL, light_gzip

    gzip = next(m for m in starlette_server.app.user_middleware if m.cls is GZipMiddleware)
    monkeypatch.setitem(gzip.kwargs, "compresslevel", 9)
    light_gzip()
    assert gzip.kwargs["compresslevel"] == GZIP_LEVEL == 1
    assert gzip.kwargs["minimum_size"] == 1000  # (Solara's other settings kept)


def test_the_teachers_page_drawn_at_start_up_is_closed_again(tmp_path, monkeypatch):
    """The page drawn before the server listens is closed: nothing watches the class or the term after
    it, and the roster is as it was."""
    from muzlab.app.warm_start import draw_teacher_page

    monkeypatch.setattr(class_state, "_room", None)
    monkeypatch.setattr(class_state, "_term", None)
    monkeypatch.setenv(class_state.FOLDER_VARIABLE, str(tmp_path / "class"))
    room, term = class_state.classroom(), class_state.term()
    try:
        room.join("Ada")
        watchers, roster = (list(room.log.watchers), list(term.log.watchers)), dict(room.students)
        pages = []
        real = TeacherView.__init__

        def noted(self, *args, **keys):
            real(self, *args, **keys)
            pages.append(self)

        monkeypatch.setattr(TeacherView, "__init__", noted)
        draw_teacher_page()
        assert len(pages) == 1 and pages[0].comm is None  # drawn once, and closed
        assert (list(room.log.watchers), list(term.log.watchers)) == watchers
        assert dict(room.students) == roster
    finally:
        room.store.close()
