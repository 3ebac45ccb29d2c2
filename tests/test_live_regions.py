"""The app's Quiz, Ear training and Review say what a sighted student reads at once through a polite live
region: a quiz or ear-training answer (whether it is right, why, and the tally), each decision of a
review with the coach's comment, and each try of "Learn from your mistakes"; nothing said twice unless
done twice, in the reader's language."""

from test_fair_review import practice_game
from test_review import c_and_e_game

from muzlab.names.reader import Reader
from muzlab.reading import using_reader
from muzlab.widgets.ear import EarTrainer
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.review import Review

GERMAN = Reader("german", typeset=True, language="de")


def test_a_quiz_answer_is_said_with_its_reason_and_the_tally():
    quiz = Quiz(kinds=("where", "triad"), seed=3)
    assert quiz.said.label == "Feedback on your answer" and quiz.said.told == 0
    quiz.board_view.cells[sorted(quiz.question.answer)[0]].click()
    assert quiz.said.told == 1 and quiz.said.news.endswith("1 of 1 right")
    assert quiz.said.news.removesuffix(" 1 of 1 right") in quiz.feedback.value  # the reason shown, said
    quiz.board_view.cells[sorted(quiz.question.answer)[0]].click()  # answered already: nothing new said
    assert quiz.said.told == 1
    quiz.next_button.click()
    wrong = next(option for option in quiz.question.options if option != quiz.question.answer)
    quiz.answer(wrong)
    assert quiz.said.told == 2 and quiz.said.news.endswith("1 of 2 right")
    with using_reader(GERMAN):
        quiz.redraw_names()
        assert quiz.said.label == "Rückmeldung zu deiner Antwort" and quiz.said.told == 2


def test_an_ear_training_answer_is_said_right_or_not_and_why():
    trainer = EarTrainer("triad quality", seed=1, engine="builtin", autoplay=False)
    wrong = next(option for option in trainer.buttons if option != trainer.item.answer)
    explanation = trainer.item.explanation(trainer.reader)
    trainer.answer(wrong)
    assert trainer.said.news.startswith("Not quite: it was ") and explanation in trainer.said.news
    assert trainer.said.news.endswith("0 of 1 right") and trainer.said.told == 1
    trainer.answer(trainer.item.answer)  # a second click is ignored: nothing said
    assert trainer.said.told == 1
    trainer.next_item()
    trainer.answer(trainer.item.answer)
    assert trainer.said.news.startswith("Right! ") and trainer.said.told == 2
    with using_reader(GERMAN):
        trainer.redraw_names()
        assert trainer.said.label == "Rückmeldung zu deiner Antwort" and trainer.said.told == 2


def test_the_review_says_each_decision_with_the_coachs_comment():
    board = Review(c_and_e_game())
    news = board.board_view.news
    assert news.startswith("Decision 1 of 3, turn 0, Player 1 holds the die C.")
    assert board.comments[0] in news
    board.next_button.click()
    news = board.board_view.news
    assert news.startswith("Decision 2 of 3, ") and board.comments[1] in news


def test_learn_from_your_mistakes_says_its_question_and_each_try():
    board = Review(practice_game())
    first = min(board.lessons)
    board.learn_button.click()
    assert board.board_view.news.startswith(f"Decision {first + 1} of ")
    assert "Mistake 1 of " in board.board_view.news and "Find a better cell" in board.board_view.news
    moment, found = board.moments[first], board.lessons[first]
    illegal = next(cell for cell in moment.position.board.cells
                   if cell not in moment.position.legal_placements(moment.pitch))
    told = board.board_view.told
    board.board_view.cells[illegal].click()
    assert board.board_view.told == told + 1
    with using_reader(Reader(typeset=True)):
        assert moment.position.explain(moment.pitch, illegal) in board.board_view.news
    board.board_view.cells[illegal].click()  # the same try again: said again
    assert board.board_view.told == told + 2
    board.board_view.cells[found.better[0]].click()
    assert board.board_view.news.startswith("Yes: ") and len(board.board_view.news) > 40  # with the lesson
