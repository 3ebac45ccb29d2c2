"""Answers sung or played: the Quiz's missing note (any note completing a triad on the cell is right,
any other is refused with the rule or "no triad" and the notes that would), and the ear trainer's sung
note (a triad's third, a third's upper note, the degree heard), counted in the tally as a click is."""

import pytest

from muzlab.names.reader import Reader
from muzlab.widgets.ear import EarTrainer
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.sung_answers import MISSING_NOTE, completing_notes, sung_note


def test_a_missing_note_question_takes_a_note_that_completes_a_triad_on_its_cell():
    quiz = Quiz((MISSING_NOTE,), seed=2)
    question = quiz.question
    right = completing_notes(question.position, question.cell)
    assert right and question.pitch in right  # the triad question's die is among the right notes
    assert quiz.note_input.layout.display == "" and quiz.options.children == ()
    assert "Sing or play a note that completes a triad on" in quiz.prompt.value
    assert quiz.sing(question.pitch, "microphone") is True
    assert "Yes:" in quiz.feedback.value and "1 of 1 right" in quiz.tally.value
    assert quiz.sing(question.pitch, "microphone") is False  # answered: a second note is ignored
    quiz.next_question()
    wrong = next(pitch for pitch in range(12) if pitch not in completing_notes(
        quiz.question.position, quiz.question.cell))
    assert quiz.sing(wrong, "midi") is False
    assert "Heard" in quiz.feedback.value and "complete" in quiz.feedback.value
    assert "1 of 2 right" in quiz.tally.value


def test_the_other_quiz_kinds_hide_the_note_input_and_ignore_notes():
    quiz = Quiz(("where",), seed=2)
    assert quiz.note_input.layout.display == "none"
    assert quiz.sing(0) is False and quiz.asked == 0


def test_a_sung_missing_note_is_said_again_in_german():
    import muzlab

    quiz = Quiz((MISSING_NOTE,), seed=2)
    quiz.sing(quiz.question.pitch)
    try:
        muzlab.set_language("de")
        quiz.redraw_names()
        assert "Ja:" in quiz.feedback.value
        assert quiz.note_input.words["listen"] == "Zuhören"
    finally:
        muzlab.set_language("en")


@pytest.mark.parametrize(("drill", "asked"), [("triad quality", 1), ("third", 1), ("scale degree", 1)])
def test_the_ear_trainer_takes_the_asked_note_sung(drill, asked):
    trainer = EarTrainer(drill, seed=4, engine="builtin", autoplay=False)
    item = trainer.item
    assert sung_note(item) == item.notes[asked] % 12
    assert trainer.sing(sung_note(item), "microphone") is True
    assert "Right:" in trainer.feedback.value and trainer.tally.value == "1 of 1 right"
    assert trainer.buttons[item.answer].description.startswith("✓")
    trainer.next_item()
    wrong = (sung_note(trainer.item) + 1) % 12
    assert trainer.sing(wrong, "midi") is False
    assert "Heard" in trainer.feedback.value and "0 of 1 right" not in trainer.tally.value
    assert trainer.tally.value == "1 of 2 right"
    assert not any(button.description.startswith("✗") for button in trainer.buttons.values())


def test_the_ear_trainer_says_what_to_sing_for_each_drill_in_the_readers_language():
    import muzlab

    lines = {EarTrainer(drill, seed=1, engine="builtin", autoplay=False).sing_line.value
             for drill in ("triad quality", "third", "scale degree")}
    assert len(lines) == 3 and all("sing" in line for line in lines)
    trainer = EarTrainer("third", seed=1, engine="builtin", autoplay=False)
    try:
        muzlab.set_language("fr")
        trainer.redraw_names()
        assert "chante" in trainer.sing_line.value.lower()
    finally:
        muzlab.set_language("en")
    assert Reader().language == "en"
