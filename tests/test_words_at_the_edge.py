"""Words at the edge (issue 54, point 2): a table acts and returns facts, and whoever shows them words
them afterwards: the class pages once every lock is let go, the notebook's PlayBoard after each action,
a term's game once the term's lock is let go; a replay of a class log words nothing at all. Positions
and runs keep facts; their words are the naming layer's."""

from __future__ import annotations

import inspect
import sys
import threading
import traceback

import pytest
from test_term import Clock, open_term
from test_term_games import MONDAY, best

import muzlab
from muzlab.app.classroom import Classroom
from muzlab.app.pages import StudentView, TeacherView
from muzlab.app.term import TermError
from muzlab.names import error_words as error_words_module
from muzlab.names import position_words, structure_words
from muzlab.names.reader import Reader
from muzlab.play.table import Table
from muzlab.play.table_news import News
from muzlab.rules.position import Position
from muzlab.rules.structure import Structure
from muzlab.widgets.play import PlayBoard

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


#: The table's actions: each returns facts, and none may make a sentence while it runs.
TABLE_ACTIONS = ("roll", "place", "place_typed", "pass_die", "undo", "new_game", "load", "hint",
                 "computer_step", "play_computers")


class Acting:
    """How deep the calling thread is inside a table's action (`TABLE_ACTIONS`)."""

    depth = threading.local()

    @classmethod
    def inside(cls) -> int:
        return getattr(cls.depth, "n", 0)


def count_table_actions(monkeypatch) -> None:
    """Every action of `Table` counts, while it runs, in `Acting`."""
    def counted(original):
        def action(*args, **kwargs):
            Acting.depth.n = Acting.inside() + 1
            try:
                return original(*args, **kwargs)
            finally:
                Acting.depth.n = Acting.inside() - 1
        return action

    for name in TABLE_ACTIONS:
        monkeypatch.setattr(Table, name, counted(getattr(Table, name)))


def test_a_playboard_game_words_its_news_after_each_action_never_inside_it(monkeypatch):
    count_table_actions(monkeypatch)
    caught = patch_wording(monkeypatch, lambda: Acting.inside() > 0)
    board = PlayBoard(players=2, agents=[None, "greedy"], seed=3, agent_delay=0)
    board.roll_button.click()
    board.cells[(2, 0)].click()  # off the centre: refused, and said why
    assert board._lines[0].refused and "centre" in board._lines[0].text
    board.cells[(0, 0)].click()
    board.undo_button.click()
    assert board._lines[0].text.startswith("Undone: ") and [e.kind for e in board.game.events] == ["roll"]
    hinted = False
    while not board.game.over:
        if board.game.hand is None:
            board.roll_button.click()
        elif not hinted and len(board.game.position):
            board.hint_button.click()
            hinted = True
            assert board._lines[0].kind == "hint" and board._lines[0].text
        elif board.game.legal_placements():
            board.cells[board.game.legal_placements()[-1]].click()
        else:
            board.pass_button.click()
    assert board._lines and all(line.text for line in board._lines) and hinted
    board.roll_button.click()  # after the end: refused, worded after the action
    assert board._lines[0].refused and "over" in board._lines[0].text
    board.new_button.click()
    assert board._lines[0].text == "New game (seed 4)." and board.game.seed == 4
    assert caught == [], caught[0] if caught else ""
    Acting.depth.n = 1  # the guard itself works: wording inside an action fails
    try:
        with pytest.raises(AssertionError):
            Reader().gettext("Roll first: there is no die in hand.")
    finally:
        Acting.depth.n = 0


def test_a_term_game_is_worded_once_the_terms_lock_is_let_go(tmp_path, monkeypatch):
    room, term = open_term(tmp_path / "term", Clock(MONDAY))
    try:
        count_table_actions(monkeypatch)
        term._lock = Held(term._lock)
        hold_counted(room)
        caught = patch_wording(monkeypatch, lambda: Held.held() > 0 or Acting.inside() > 0)
        anna = room.join("Anna")
        games = term.assign("Beat greedy", "game", 1, "2026-11-30", "2026-12-04", computer="greedy", seed=4)
        item = term.next_item(games.id, anna.id)
        table = term.table(games.id, anna.id, item.index)
        illegal = next(cell for cell in table.board.cells if cell not in table.game.legal_placements())
        with pytest.raises(TermError) as refused:  # an illegal cell: refused, worded after the lock
            term.answer(anna.token, games.id, item.index, illegal, Reader(language="de"))
        assert str(refused.value)
        said = []
        while term.next_item(games.id, anna.id) == item:
            table = term.table(games.id, anna.id, item.index)
            said.append(term.answer(anna.token, games.id, item.index, best(table), Reader(language="fr"))[1])
        assert table.game.over and all(said) and "Your accuracy" not in said[-1]  # (French words)
        assert caught == [], caught[0] if caught else ""
    finally:
        room.store.close()


def test_positions_and_runs_keep_facts_their_words_are_the_naming_layers():
    """No method of the rules' `Structure` takes a reader, and of the rules' `Position` only those that
    read a typed note name in it or name its dice as values; their sentences are `names` functions."""
    def reading_methods(cls) -> set[str]:
        return {name for name, member in inspect.getmembers(cls, inspect.isfunction)
                if not name.startswith("_") and "reader" in inspect.signature(member).parameters}

    assert reading_methods(Structure) == set()
    typed_or_named = {"reading", "typed_pitch", "place", "legal_placements", "refusal", "labels", "die_names"}
    assert reading_methods(Position) == typed_or_named
    assert not hasattr(Position, "explain") and not hasattr(Position, "problems")
    assert not {"describe", "label", "functions", "triad_names", "completed_words", "key_name",
                "fitting_keys"} & set(dir(Structure))
    # the notebook's front door keeps them, in the notebook's reader
    front = muzlab.Position.from_notation("standard C@0,0 E@0,-1")
    assert front.explain(6, "e6") == position_words.explain(front, 6, "e6")
    assert [run.describe() for run in front.structures()] == \
        [structure_words.describe(run) for run in Position.from_notation(front.notation()).structures()]
