"""The term's items answered by a note sung or played (a pitch class): the ear drills "by voice" and the
Quiz's missing note, assigned, answered, graded, replayed from the class folder, exported, refused in a
malformed form, and answered on the student's page through its note input."""

from __future__ import annotations

import pytest
from test_term import MONDAY, Clock, count_events, open_term, right_reply, wrong_reply

from muzlab.app.term import ITEM_KINDS, TermError
from muzlab.app.term_items import SUNG_KINDS, MissingAsked, SungEarAsked
from muzlab.names.reader import Reader
from muzlab.widgets.sung_answers import completing_notes, sung_note


def test_sung_kinds_are_assignable_and_the_teacher_reads_them_in_german(tmp_path):
    from muzlab.app.term_pages import TermTeacher, kind_words

    assert set(SUNG_KINDS) <= set(ITEM_KINDS)
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    german = Reader("german", language="de", typeset=True)
    teacher = TermTeacher(term, lambda: german)
    assert "missing note" in [value for _label, value in teacher.kind.options]
    assert kind_words("missing note", german) != "sing the missing note"  # (translated)
    teacher.title.value, teacher.kind.value, teacher.count.value = "Singen", "third by voice", 3
    teacher.create.click()
    assert [a.kind for a in term.assignments.values()] == ["third by voice"]
    assert kind_words("third by voice", german) in teacher.listing.value
    teacher.close()
    room.store.close()


@pytest.mark.parametrize("kind", SUNG_KINDS)
def test_a_sung_item_is_answered_by_a_pitch_class_right_or_wrong_in_any_octave_of_the_asked_note(
        tmp_path, kind):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    a = term.assign("Sing", kind, 2, "2026-11-30", "2026-12-04", seed=3)
    item = term.next_item(a.id, anna.id)
    asked = item.asked
    assert item.options == () and isinstance(asked, SungEarAsked | MissingAsked)
    if isinstance(asked, SungEarAsked):  # the drill's second note, any octave: its pitch class
        assert right_reply(item) == asked.ear.notes[1] % 12 == sung_note(asked.ear)
    else:
        assert right_reply(item) in completing_notes(asked.question.position, asked.question.cell)
    right, words = term.answer(anna.token, a.id, 0, right_reply(item))
    assert right and words
    right, words = term.answer(anna.token, a.id, 1, wrong_reply(term.item(a.id, anna.id, 1)))
    assert not right and words
    assert term.done(a.id, anna.id) == (2, 1) and term.grades(a.id) == [("Anna", 50.0)]
    room.store.close()


def test_sung_answers_replay_from_the_folder_and_reach_the_gradebook(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    a = term.assign("Missing notes", "missing note", 2, "2026-11-30", "2026-12-04", tries=2)
    b = term.assign("Thirds sung", "triad quality by voice", 1, "2026-11-30", "2026-12-04")
    for index in range(2):
        term.answer(anna.token, a.id, index, right_reply(term.item(a.id, anna.id, index)))
    item = term.item(a.id, ben.id, 0)
    term.answer(ben.token, a.id, 0, wrong_reply(item))
    term.answer(ben.token, a.id, 0, right_reply(item))  # right at the second try
    term.answer(ben.token, b.id, 0, wrong_reply(term.item(b.id, ben.id, 0)))
    before = (term.grades(a.id), term.grades(b.id), term.progress())
    assert before[:2] == ([("Anna", 100.0), ("Ben", 0.0)], [("Anna", 0.0), ("Ben", 0.0)])
    room.store.close()
    room, term = open_term(tmp_path / "c", Clock(MONDAY))  # the answers replay from the file
    assert (term.grades(a.id), term.grades(b.id), term.progress()) == before
    assert term.answers[0].reply in range(12)
    assert term.load_roster("nickname,id\nAnna,S-1\nBen,S-2\n") == 2
    assert term.grades_csv(a.id, "moodle").splitlines()[1:] == ["S-1,,100", "S-2,,0"]
    room.store.close()


@pytest.mark.parametrize(("reply", "named"), [(12, "12"), (-1, "-1"), ("C", "'C'"), ((0, 0), r"\(0, 0\)"),
                                              (True, "True"), (4.0, "4.0"), (None, "None")])
def test_a_malformed_sung_reply_is_refused_naming_it_and_nothing_is_written(tmp_path, reply, named):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    for kind in SUNG_KINDS:
        a = term.assign(kind, kind, 1, "2026-11-30", "2026-12-04")
        before = count_events(room)
        with pytest.raises(TermError, match=f"singing or playing a note, not {named}"):
            term.answer(anna.token, a.id, 0, reply)
        assert count_events(room) == before and term.done(a.id, anna.id) == (0, 0)
    room.store.close()


def test_the_students_page_shows_the_note_input_for_a_sung_item_and_takes_the_note_heard(tmp_path):
    from muzlab.app.term_pages import TermStudent

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    term.assign("Clicked", "third", 1, "2026-11-30", "2026-12-04")
    sung = term.assign("Sung", "third by voice", 2, "2026-11-30", "2026-12-04")
    missing = term.assign("Missing", "missing note", 1, "2026-11-30", "2026-12-04")
    page = TermStudent(term, lambda: anna, lambda: Reader("german", language="de", typeset=True))
    assert page.note_input.layout.display == "none"  # a drill answered by a click
    page.pick.value = sung.id
    assert page.note_input.layout.display == "" and page.sound.layout.display == "flex"
    assert all(b.layout.display == "none" for b in page.options.children)
    assert "H" in page.note_input.names  # (its notes named for the page's reader)
    page.note_input.hear(right_reply(page.item), "microphone")
    assert term.done(sung.id, anna.id) == (1, 1) and "Richtig" in page.said.value
    page.note_input.hear(wrong_reply(page.item), "midi")
    assert term.done(sung.id, anna.id) == (2, 1)
    page.pick.value = missing.id
    assert page.note_input.layout.display == "" and page.board_area.layout.display == "flex"
    page.board.on_click(page.item.asked.question.cell)  # a cell is not a note: said, nothing taken
    assert term.done(missing.id, anna.id) == (0, 0) and page.said.value
    page.note_input.hear(right_reply(page.item), "click")
    assert term.done(missing.id, anna.id) == (1, 1)
    page.close()
    room.store.close()
