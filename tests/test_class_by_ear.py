"""The class server's student page sings the die: a lit cell clicked waits for the die's note, which
places it through the class (another note leaves it waiting); the note input is made only when the
student chooses the mode, and on a page that is not secure it says at once how the teacher serves the
class so that it can listen."""

from __future__ import annotations

import pytest
from test_class_pages import settled, student

from muzlab.app.classroom import Classroom
from muzlab.app.pages import StudentView, TeacherView, class_listen_words
from muzlab.names.reader import Reader


@pytest.fixture
def room(tmp_path):
    room = Classroom(tmp_path / "class")
    yield room
    room.store.close()


def test_a_student_sings_the_die_onto_the_chosen_cell(room):
    anna, ben = student(room, "Anna"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(anna, ben)
    roller = anna if room.table(1).snapshot().current_player == 0 else ben
    assert roller.voice.note_input is None  # a page that never sings carries no note input
    roller.voice.mode.value = "sing"
    roller.roll_button.click()
    settled(anna, ben)
    table = room.table(1).snapshot()
    hand, cell = table.hand, table.legal[0]
    roller.board_view.cells[cell].click()
    assert room.table(1).snapshot().position.pitch_at(cell) is None  # waiting for the die's note
    assert "Now sing or play" in roller.message.value and "muz-selected" in roller.board_view.svg
    roller.voice.note_input.hear((hand + 2) % 12, "microphone")
    assert room.table(1).snapshot().position.pitch_at(cell) is None and "2 tries left" in roller.message.value
    roller.voice.note_input.hear(hand, "midi")
    settled(anna, ben)
    assert room.table(1).snapshot().position.pitch_at(cell) == hand
    assert roller.voice.chosen == () and "muz-selected" not in roller.board_view.svg
    assert roller.voice.modes == ("off", "sing")  # a class's dice are rolled: none chosen by singing


def test_off_a_click_on_a_lit_cell_places_the_die_at_once(room):
    anna, ben = student(room, "Anna"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(anna, ben)
    roller = anna if room.table(1).snapshot().current_player == 0 else ben
    roller.roll_button.click()
    cell = room.table(1).snapshot().legal[0]
    roller.board_view.cells[cell].click()
    assert room.table(1).snapshot().position.pitch_at(cell) is not None


def test_the_class_pages_note_input_says_how_to_make_it_listen_in_the_pages_language(room):
    view = StudentView(room, {"lang": "de"})
    view.voice.mode.value = "sing"
    assert view.voice.note_input.words["insecure"] == class_listen_words(Reader(language="de"))["insecure"]
    assert "muzlab class --https" in view.voice.note_input.words["insecure"]
    assert view.voice.mode.description == "Nach Gehör"
    view.language_pick.value = "fr"
    assert view.voice.note_input.words["insecure"].startswith("Le micro")
