"""Words at the edge (issue 54, point 2): a class table acts under its lock and returns facts, and the
pages word them once every lock is let go; a replay of a class log words nothing at all."""

from __future__ import annotations

import sys
import threading
import traceback

import pytest

from muzlab.app.classroom import Classroom
from muzlab.app.pages import StudentView, TeacherView
from muzlab.names import error_words as error_words_module
from muzlab.names.reader import Reader
from muzlab.play.table_news import News

#: The ways every sentence is made: the catalogue look-ups and an error's words (English templates are
#: not looked up).
WORDING = ("gettext", "ngettext", "pgettext", "npgettext")


class Held:
    """A lock that counts, per thread, how deep the calling thread holds it (all such locks together)."""

    depth = threading.local()

    def __init__(self, lock):
        self.lock = lock

    @classmethod
    def held(cls) -> int:
        return getattr(cls.depth, "n", 0)

    def acquire(self, *args, **kwargs):
        got = self.lock.acquire(*args, **kwargs)
        if got:
            Held.depth.n = Held.held() + 1
        return got

    def release(self):
        Held.depth.n = Held.held() - 1
        self.lock.release()

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


def patch_wording(monkeypatch, fails_when) -> list[str]:
    """Make every wording entry point record (and raise) when `fails_when()`; returns the record."""
    caught: list[str] = []

    def guarded(original):
        def wording(*args, **kwargs):
            if fails_when():
                caught.append("".join(traceback.format_stack(limit=12)))
                raise AssertionError("a sentence was made where none may be")
            return original(*args, **kwargs)
        return wording

    for name in WORDING:
        monkeypatch.setattr(Reader, name, guarded(getattr(Reader, name)))
    words = error_words_module.error_words
    for module in list(sys.modules.values()):  # (imported by name: patched where each module holds it)
        if module.__name__.startswith("muzlab") and getattr(module, "error_words", None) is words:
            monkeypatch.setattr(module, "error_words", guarded(words))
    return caught


def hold_counted(room: Classroom) -> None:
    """The class's lock and every table's lock count who holds them (`Held`)."""
    if not isinstance(room.lock, Held):
        room.lock = Held(room.lock)
    for table in [*room.tables, *room.past]:
        if not isinstance(table.lock, Held):
            table.lock = Held(table.lock)


def student(room: Classroom, nickname: str, **query: str) -> StudentView:
    view = StudentView(room, {"code": room.class_code, **query}, lambda _address: None)
    view.nickname.value = nickname
    view.join_button.click()
    return view


def play_through_pages(room: Classroom, views: dict[int, StudentView], number: int = 1) -> int:
    """Play the table's game to its end through its students' pages; returns the actions made."""
    actions = 0
    table = room.table(number)
    while not table.game.over:
        snapshot = table.snapshot()
        page = views[snapshot.students[snapshot.current_player]]
        if snapshot.hand is None:
            page.roll_button.click()
        elif snapshot.legal:
            page.act("place", snapshot.legal[-1])
        else:
            page.pass_button.click()
        actions += 1
        assert page.settle(30)
    return actions


@pytest.fixture
def room(tmp_path):
    room = Classroom(tmp_path / "class", dice=12)
    yield room
    room.store.close()


def test_no_sentence_is_made_while_a_class_or_table_lock_is_held(room, monkeypatch):
    caught = patch_wording(monkeypatch, lambda: Held.held() > 0)
    hold_counted(room)
    anna, ben = student(room, "Anna", names="german"), student(room, "Ben", lang="fr")
    TeacherView(room).deal_button.click()
    hold_counted(room)
    views = {page.student.id: page for page in (anna, ben)}
    table = room.table(1)
    waiting = next(v for sid, v in views.items() if table.game.current_player != table.students.index(sid))
    refused = room.act(waiting.student.token, "roll", reader=Reader(language="de"))  # out of turn: worded too
    assert refused[0].refused and refused[0].text
    mover = room.students[room.table(1).students[room.table(1).game.current_player]].token
    assert room.act(mover, "place", (99, 99))[0].refused  # a refused cell, worded after the lock
    assert play_through_pages(room, views) > 4
    assert anna.settle(30) and ben.settle(30)
    assert room.table(1).game.over and anna.board_view.news and ben.board_view.news
    over = room.act(anna.student.token, "roll", reader=Reader(language="es"))[0]
    assert over.refused and over.text  # the game's end, worded with no lock held
    assert caught == [], caught[0] if caught else ""
    # the guard itself works: the same wording under a table's lock fails
    with room.table(1).lock, pytest.raises(AssertionError):
        Reader().gettext("Roll first: there is no die in hand.")


def test_a_replay_of_a_whole_class_log_words_nothing(room, monkeypatch):
    anna, ben = student(room, "Anna"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    views = {page.student.id: page for page in (anna, ben)}
    mover = room.students[room.table(1).students[room.table(1).game.current_player]].token
    room.act(mover, "roll")
    assert room.act(mover, "hint")[0].kind == "hint"
    play_through_pages(room, views)
    events, scores = room.table(1).game.events, room.table(1).game.scores
    standings = room.standings()
    room.store.close()
    caught = patch_wording(monkeypatch, lambda: True)
    monkeypatch.setattr(News, "words", lambda *_a, **_k: (_ for _ in ()).throw(AssertionError("worded")))
    again = Classroom(room.folder, dice=12)
    try:
        table = again.table(1)
        assert table.game.events == events and table.game.scores == scores and table.game.over
        assert [{k: v for k, v in row.items() if k != "luck-adjusted"} for row in again.standings()] == \
            [{k: v for k, v in row.items() if k != "luck-adjusted"} for row in standings]
        assert caught == []
    finally:
        again.store.close()
        room.store = again.store  # (closed once more by the fixture: harmless)
