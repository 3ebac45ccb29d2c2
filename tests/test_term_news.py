"""The term reaching open pages (muzlab.app.term_pages): a new assignment, a grading changed and a new
day are drawn on each page's own thread (its `PageDrawer`), with no lock of the term held."""

from __future__ import annotations

import threading
from datetime import timedelta

from test_term import MONDAY, Clock, do, open_term

from muzlab.app.pages import PageDrawer
from muzlab.app.term import GradeScheme
from muzlab.app.term_pages import TermStudent, TermTeacher
from muzlab.names.reader import Reader


class Watched:
    """A drawer that notes the thread each of its draws ran on, and whether the term's lock was held
    by the thread that told a change (it must not be: the pages are told with every lock let go)."""

    def __init__(self, term):
        self.threads, self.held = [], []
        self.drawer = PageDrawer(self._draw, name="test-page")
        term.watch(lambda _kind: self.held.append(term._lock._is_owned()))

    def _draw(self, batch):  # (the page's own draws: none told here)
        raise AssertionError(f"the page's own draw was asked for {batch}")

    def note(self, section):
        """Have `section.draw` note the thread it runs on."""
        draw = section.draw

        def noted():
            self.threads.append(threading.current_thread().name)
            draw()

        section.draw = noted


def test_an_open_students_page_sees_a_new_assignment_a_grading_and_a_new_day_on_its_own_thread(tmp_path):
    clock = Clock(MONDAY)
    room, term = open_term(tmp_path / "c", clock)
    anna, ben = room.join("Anna"), room.join("Ben")
    page = Watched(term)
    mine = TermStudent(term, lambda: anna, lambda: Reader(), page.drawer)
    page.note(mine)
    assert "No assignment is open" in mine.mine.value
    ears = term.assign("Ears", "third", 2, MONDAY.date(), MONDAY.date() + timedelta(days=1))
    assert page.drawer.settle(30)
    assert "Ears: 0 of 2 done, 0 right" in mine.mine.value and "1 of 2." in mine.prompt.value
    assert page.threads == ["muzlab-draw-test-page"] and page.held == [False]
    do(term, ben.token, ears, [True])  # a classmate's answer: nothing to draw on Anna's page
    assert page.drawer.settle(30) and len(page.threads) == 1
    term.set_scheme(ears.id, GradeScheme(out_of=10))  # a grading changed: drawn again
    assert page.drawer.settle(30) and len(page.threads) == 2
    assert not term.new_day()  # the same day: nothing told
    clock.now += timedelta(days=2)  # both closed since
    assert term.new_day()
    assert page.drawer.settle(30) and "No assignment is open" in mine.mine.value
    assert set(page.threads) == {"muzlab-draw-test-page"} and not any(page.held)
    mine.close()
    page.drawer.close()
    room.store.close()


def test_the_teachers_section_draws_an_answer_on_the_teachers_thread(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    page = Watched(term)
    teacher = TermTeacher(term, drawer=page.drawer)
    page.note(teacher)
    ears = term.assign("Ears", "third", 1, MONDAY.date(), MONDAY.date())
    do(term, anna.token, ears, [True])
    assert page.drawer.settle(30) and "1 of 1 done" in teacher.listing.value
    assert set(page.threads) == {"muzlab-draw-test-page"} and not any(page.held)
    teacher.close()
    page.drawer.close()
    room.store.close()
