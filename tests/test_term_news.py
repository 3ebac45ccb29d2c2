"""The term reaching open pages (muzlab.app.term_pages): a new assignment, a grading changed and a new
day are drawn on each page's own thread (its `PageDrawer`), with no lock of the term held; a game
assignment shows the die in hand and says its grade, never "0 right"; "well played" only for work
that earned it; a week alone shows in the progress picture."""

from __future__ import annotations

import threading
from datetime import timedelta

from test_term import MONDAY, Clock, do, open_term
from test_term_games import best, play_game

from muzlab.app.pages import PageDrawer
from muzlab.app.term import GradeScheme
from muzlab.app.term_pages import TermStudent, TermTeacher, finished_words, weeks_svg
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.play.table import Table


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
    assert "Ears: 0 of 2 items done, 0 right" in mine.mine.value and "1 of 2." in mine.prompt.value
    assert page.threads == ["muzlab-draw-test-page"] and page.held == [False]
    do(term, ben.token, ears, [True])  # a classmate's answer: nothing to draw on Anna's page
    assert page.drawer.settle(30) and len(page.threads) == 1
    games = term.assign("Play", "game", 1, MONDAY.date(), MONDAY.date() + timedelta(days=1),
                        computer="random")
    assert page.drawer.settle(30) and "Play: 0 of 1 game played, 0 of 100 points" in mine.mine.value
    play_game(term, anna, games, best)
    term.set_scheme(games.id, GradeScheme(out_of=10))
    assert page.drawer.settle(30)
    grade = term.grade(games.id, anna.id)
    assert 0 < grade <= 10 and f"Play: 1 of 1 game played, {grade:g} of 10 points" in mine.mine.value
    assert "right" not in mine.mine.value.split("Play")[1]
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


def test_a_game_item_shows_the_die_in_hand_named_as_the_class_page_names_it(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    games = term.assign("Play", "game", 1, MONDAY.date(), MONDAY.date(), computer="random")
    german = Reader("german", typeset=True)  # (German note names, English words)
    page = TermStudent(term, lambda: anna, lambda: german)
    while page.item is not None:
        table = term.table(games.id, anna.id, page.item.index)
        face = pitch_label(table.game.hand, german)
        assert f">{face}</b>" in page.game_status.value and "muz-game-hand" in page.game_status.value
        passed = table.game.phase == "bonus"  # the computer passed its die on: said so
        assert ("passed die in hand" in page.game_status.value) == passed
        choice = best(table)
        page.pass_button.click() if choice is None else page.board.on_click(choice)
    assert page.board_area.layout.display == "none"  # the game is over: its board and die go
    page.close()
    room.store.close()


def test_all_done_praises_only_work_that_earned_it_and_a_game_says_its_grade(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    ears = term.assign("Ears", "third", 5, MONDAY.date(), MONDAY.date())
    do(term, anna.token, ears, [True] * 5)
    do(term, ben.token, ears, [False] * 5)
    english = Reader()
    assert finished_words(term, ears, anna.id, english) == "All done: well played! 5 of 5 right."
    assert finished_words(term, ears, ben.id, english) == "All done: 0 of 5 right."
    page = TermStudent(term, lambda: ben, lambda: Reader(language="de"))
    assert "Alles erledigt" in page.prompt.value and "gut gemacht" not in page.prompt.value
    assert "0 von 5" in page.prompt.value
    page.close()
    games = term.assign("Play", "game", 1, MONDAY.date(), MONDAY.date(), computer="random")
    play_game(term, anna, games, best)
    grade = term.grade(games.id, anna.id)
    said = finished_words(term, games, anna.id, english)
    assert f"{grade:g} of 100 points." in said and "right" not in said
    assert ("well played" in said) == (grade >= 80)
    room.store.close()


def test_a_hint_for_the_opening_die_is_not_counted():
    table = Table(2, seed=3)
    table.roll()
    assert table.hint()[0].kind == "hint" and table.hints_used(0) == 0  # the empty board: no choice
    cell = table.game.legal_placements()[0]
    table.place(cell)
    while table.game.hand is None:
        table.roll()
    seat = table.game.current_player
    assert table.hint()[0].kind == "hint" and table.hints_used(seat) == 1


def test_a_week_alone_shows_in_the_progress_picture(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    ears = term.assign("Ears", "third", 2, MONDAY.date(), MONDAY.date())
    do(term, anna.token, ears, [True, False])
    picture = weeks_svg(term, anna.id)
    assert picture.count("<circle") == 1 and "cy='55.0'" in picture  # one week, half right: a dot at 50 %
    room.store.close()


def test_the_parents_report_gives_a_game_assignment_its_grade_never_right(tmp_path, monkeypatch):
    import matplotlib.figure

    from muzlab.app.term_report import report_pdf

    written: list[str] = []
    save = matplotlib.figure.Figure.savefig

    def savefig(figure, *args, **kwargs):
        written.extend(text.get_text() for text in figure.texts)
        return save(figure, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", savefig)
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    games = term.assign("Play", "game", 2, MONDAY.date(), MONDAY.date(), computer="random")
    play_game(term, anna, games, best)
    report_pdf(term, anna.id)
    line = next(line for text in written for line in text.splitlines() if "Play (" in line)
    grade = term.grade(games.id, anna.id)
    won = sum(figures["luck_adjusted_margin"] >= 0 for figures in term.games(games.id, anna.id))
    assert line.strip() == (f"Play (closes Nov 30, 2026): {won} of 2 games won on skill; {grade:g} of 100 "
                            "points for the accuracy")
    room.store.close()
