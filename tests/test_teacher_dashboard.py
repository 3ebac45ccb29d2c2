"""The teacher's Solara page (`Dashboard`) rendered with Solara's test API under an address of our own:
what it reads from the address on opening, what it writes into it on a change, and that the Term
tab is drawn again the moment the page's reading changes."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import parse_qs, urlencode, urlsplit

import ipyvuetify as v
import pytest
import solara
import solara.routing

from muzlab.app import class_state, pages
from muzlab.app.classroom import Classroom
from muzlab.app.term import Term
from muzlab.app.term_pages import TermTeacher
from muzlab.names.reader import Key, Reader


@pytest.fixture
def room(tmp_path, monkeypatch):
    room = Classroom(tmp_path / "class")
    monkeypatch.setattr(class_state, "_room", room)
    monkeypatch.setattr(class_state, "_term", Term(room, lambda: datetime(2026, 12, 7, 9, tzinfo=UTC)))
    yield room
    room.store.close()


class Opened:
    """The teacher's page opened at an address (its query as a dict), with every address it pushes."""

    def __init__(self, room: Classroom, **query: str):
        self.pushed: list[str] = []
        start = f"/teacher?{urlencode({'key': room.teacher_key, **query})}"

        @solara.component
        def Browser():
            path, set_path = solara.use_state(start)

            def push(path: str) -> None:
                self.pushed.append(path)
                set_path(path)

            solara.routing.router_context.provide(solara.routing.Router(path, pages.routes, push))
            pages.Dashboard()

        _box, self.rc = solara.render(Browser(), handle_error=False)
        self.view = self.rc.find(pages.TeacherView).widget
        self.term = self.rc.find(TermTeacher).widget

    def address(self) -> dict[str, str]:
        """The query of the address the page put last."""
        return {name: values[0] for name, values in parse_qs(urlsplit(self.pushed[-1]).query).items()}

    @property
    def tab(self) -> int:
        return self.rc.find(v.Tabs).widget.v_model


def test_the_address_is_read_when_the_teachers_page_opens(room):
    """The page opens in the language, harmony style, lesson key, reading of ii° in minor and tab its
    address names; a value the menus do not hold is ignored."""
    page = Opened(room, lang="de", harmony="roman", lesson="F# harmonic minor", supertonic="dominant",
                  tab="term")
    try:
        assert page.view.reading.reader == Reader("german", Key.of("F# harmonic minor"), typeset=True,
                                                  language="de", harmony="roman", minor_supertonic="dominant")
        assert page.view.key_menu.value == "F# harmonic minor" and page.view.harmony_menu.value == "roman"
        assert page.view.supertonic_menu.value == "dominant" and page.tab == 1
        assert "<b>fis-Moll</b> — Fis Gis A H Cis D Eis" in page.term.lesson_key.value
        assert page.pushed == []  # opening changes no address
    finally:
        page.rc.close()
    odd = Opened(room, lang="de", harmony="numbers", lesson="H#", supertonic="none", tab="grades")
    try:
        reading = odd.view.reading
        assert (reading.key, reading.harmony, reading.minor_supertonic) == ("", None, "added sixth")
        assert odd.view.key_menu.value is None and odd.tab == 0 and odd.term.lesson_key.value == ""
    finally:
        odd.rc.close()


def test_a_change_on_the_teachers_page_is_written_into_its_address(room):
    """A lesson key, a reading of ii° in minor, a harmony style and a tab chosen each go into the
    address at once (the teacher's own key kept); the key set to none leaves it; the address written,
    opened again, opens the page as it was."""
    page = Opened(room, lang="de")
    try:
        page.view.key_menu.value = "A harmonic minor"
        assert page.address() == {"key": room.teacher_key, "lang": "de", "tab": "lesson",
                                  "lesson": "A harmonic minor"}
        page.view.supertonic_menu.value = "dominant"
        page.view.harmony_menu.value = "roman"
        assert page.address() == {"key": room.teacher_key, "lang": "de", "tab": "lesson",
                                  "lesson": "A harmonic minor", "supertonic": "dominant", "harmony": "roman"}
        page.rc.find(v.Tabs).widget.v_model = 1
        assert page.address()["tab"] == "term"
        again = Opened(room, **{name: value for name, value in page.address().items() if name != "key"})
        try:
            assert again.view.reading == page.view.reading and again.tab == 1
        finally:
            again.rc.close()
        page.view.key_menu.value = None  # no lesson key: gone from the address, the ii° reading kept
        assert "lesson" not in page.address() and page.address()["supertonic"] == "dominant"
    finally:
        page.rc.close()


def test_a_key_chosen_on_the_teachers_page_reaches_the_term_tab_at_once(room):
    """The Term tab says the lesson key the moment the teacher chooses it (as the projector reads in
    it), names a minor key in its harmonic scale, and is silent with none; its kinds follow a harmony
    style chosen at once too."""
    page = Opened(room, lang="de", tab="term")
    try:
        assert page.term.lesson_key.value == ""
        page.view.key_menu.value = "A harmonic minor"
        said = page.term.lesson_key.value
        assert "Tonart der Stunde: <b>a-Moll</b> — A H C D E F Gis" in said
        assert "Aufgaben folgen nicht der Tonart der Stunde" in said
        page.view.key_menu.value = "Bb major"
        assert "<b>B-Dur</b> — B C D Es F G A" in page.term.lesson_key.value
        kinds = dict((value, label) for label, value in page.term.kind.options)
        assert kinds["Roman numeral"] == "harmonische Funktion"
        page.view.harmony_menu.value = "roman"
        kinds = dict((value, label) for label, value in page.term.kind.options)
        assert kinds["Roman numeral"] == "römische Stufenzahl"
        page.view.language_pick.value = "fr"
        assert "Tonalité de la leçon\u00a0: <b>si♭ majeur</b>" in page.term.lesson_key.value
        page.view.key_menu.value = None
        assert page.term.lesson_key.value == ""
    finally:
        page.rc.close()
