"""A class page says every move that reaches it at once, in order, through its board's live region:
a person's move and the computer's whole turn after it come in one change of the table, and the page
said only the last of them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_class_pages import button, settled, student

from muzlab.app.classroom import Classroom
from muzlab.app.pages import StudentView, TeacherView, last_move


@pytest.fixture
def room(tmp_path):
    room = Classroom(tmp_path / "class")
    yield room
    room.store.close()


def test_a_page_says_a_persons_move_and_the_computers_whole_turn_in_order(room):
    anna, ben = student(room, "Anna"), student(room, "Ben")
    teacher = TeacherView(room)
    teacher.deal_button.click()
    settled(teacher, anna, ben)
    seat = room.table(1).students.index(ben.student.id)
    teacher.seat_pick.value = (1, seat)
    button(teacher, "muz-remove").click()
    button(teacher, "muz-computer").click()  # Ben's seat is the computer's: it plays its turns at once
    settled(anna)
    heard: list[str] = []
    anna.board_view.observe(lambda _change: heard.append(anna.board_view.news), names="told")
    reader = anna.reading.reader
    for _ in range(40):
        snapshot = room.table(1).snapshot()
        if snapshot.over:
            break
        before, told = len(snapshot.history), len(heard)
        if snapshot.hand is None:
            anna.roll_button.click()
        elif snapshot.legal:
            anna.act("place", snapshot.legal[0])
        else:
            anna.pass_button.click()
        settled(anna)
        after = room.table(1).snapshot()
        computers = [moment for moment in after.history[before:] if moment.event.player == seat]
        if len(computers) >= 2:  # Anna's move, then the computer's turn: one change, one thing said
            break
    else:
        pytest.fail("the computer never played a turn of two events or more")
    assert len(heard) == told + 1
    moves = [last_move(replace(after, history=after.history[:number + 1]), None, reader)
             for number in range(before, len(after.history))]
    assert len(moves) >= 3 and moves[-1].startswith("Computer")
    assert heard[-1].startswith(" ".join(f"{move}." for move in moves)), (heard[-1], moves)
    if not after.over and after.current_player != seat:  # the turn came back to Anna: she hears it
        assert heard[-1].endswith("Your turn!")


def test_a_page_opened_on_a_game_under_way_says_its_last_move_only(room):
    anna, ben = student(room, "Anna"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(anna, ben)
    for _ in range(6):
        snapshot = room.table(1).snapshot()
        mover = anna if snapshot.current_player == room.table(1).students.index(anna.student.id) else ben
        if snapshot.hand is None:
            mover.roll_button.click()
        elif snapshot.legal:
            mover.act("place", snapshot.legal[0])
        else:
            mover.pass_button.click()
        settled(anna, ben)
    reopened = StudentView(room, {"seat": anna.student.token})  # Anna's page opened again
    settled(reopened)
    snapshot = room.table(1).snapshot()
    assert reopened.board_view.news.startswith(f"{last_move(snapshot, None, reopened.reading.reader)}.")
    earlier = last_move(replace(snapshot, history=snapshot.history[:-1]), None, reopened.reading.reader)
    assert earlier not in reopened.board_view.news  # the last move alone: the game is not replayed
