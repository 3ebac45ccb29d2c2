"""Explorer and Quiz driven as a teacher and a student would: clicks and chosen values."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from muzlab import Position, Reader, note_names
from muzlab.names import position_words
from muzlab.play.quiz import KINDS, make_question, worksheet
from muzlab.widgets import Explorer, Quiz, Scene, SvgBoard

C, E, G = 0, 4, 7


def legal_buttons(board_view):
    return {cell for cell, handle in board_view.cells.items() if handle.legal}


def test_the_svg_board_has_one_clickable_cell_per_board_cell():
    clicked = []
    view = SvgBoard(Position().board, on_click=clicked.append)
    view.show(Scene(Position()))
    assert len(view.cells) == 61 and view.svg.count('<polygon class="muz-cell"') == 61
    assert '<polygon class="muz-cell" data-cell="0,-1" data-name="e6"' in view.svg
    view.cells[(0, -1)].click()
    view._message(view, {"event": "click", "cell": "1,-1"}, [])  # what a click in the page sends
    view._message(view, {"event": "click", "cell": "9,9"}, [])  # not a cell: ignored
    assert clicked == [(0, -1), (1, -1)]


def test_hovering_a_cell_asks_python_for_the_rule_that_refuses_the_die_there():
    position = Position(dice={(0, 0): "C", (0, -1): "E"})
    view = SvgBoard(position.board)
    view.show(Scene(position, highlight="G", lit=position.legal_placements("G"), tips_for=7))
    assert '<title>e7, honeypot ×2: scores 6 points</title>' in view.svg  # a lit cell's points are drawn
    # the page asks for the tooltip of a cell with none of its own (g3); a lit cell (e7) has its own
    assert '<g class="muz-layer" data-centre="0,0" data-ask="tip">' in view.svg
    assert '<polygon class="muz-cell" data-cell="2,0" data-name="g3" data-x="96.0" data-y="55.4" points=' \
        in view.svg
    assert 'data-cell="0,-2" data-name="e7" data-x="0.0" data-y="-110.9" data-own-tip points=' in view.svg
    sent = []
    view.send = sent.append
    view._message(view, {"event": "tip", "cell": "2,0"}, [])
    assert sent == [{"cell": "2,0", "tip": f"g3, honeypot ×2: {position_words.explain(position, 7, (2, 0))}"}]


def test_explorer_puts_and_removes_dice_with_clicks():
    explorer = Explorer()
    explorer.palette.value = C
    explorer.board_view.cells[(0, 0)].click()
    explorer.palette.value = E
    explorer.board_view.cells[(0, -1)].click()
    assert explorer.notation.value == "standard E@0,-1 C@0,0"
    assert explorer.board_view.cells[(0, 0)].label == "C"
    explorer.board_view.cells[(0, -1)].click()  # the same note again removes it
    assert explorer.notation.value == "standard C@0,0"


def test_explorer_allows_a_broken_position_and_marks_every_broken_run_with_why():
    explorer = Explorer(Position(dice={(0, 0): "C", (0, -1): "E"}))
    explorer.palette.value = 2  # D on top of C-E
    explorer.board_view.cells[(0, -2)].click()
    assert "C–E–D, read upward, is not a major, minor or diminished triad" in explorer.problem_list.value
    for cell in [(0, 0), (0, -1), (0, -2)]:
        assert "muz-problem" in explorer.board_view.cells[cell].classes
        assert "is not a major, minor or diminished triad" in explorer.board_view.cells[cell].tooltip
    explorer.palette.value = -1  # erase
    explorer.board_view.cells[(0, -2)].click()
    assert "every run follows the rules" in explorer.problem_list.value


def test_explorer_shows_legal_cells_and_points_for_a_chosen_pitch():
    explorer = Explorer(Position(dice={(0, 0): "C", (0, -1): "E"}))
    explorer.pitch_choice.value = G
    expected = set(explorer.position.legal_placements(G))
    assert legal_buttons(explorer.board_view) == expected and (0, -2) in expected
    assert explorer.board_view.cells[(0, -2)].label == "+6"
    assert explorer.board_view.cells[(0, -2)].tooltip == "e7, honeypot ×2: scores 6 points"


def test_explorer_run_choice_lists_what_it_could_become_and_loads_sound():
    explorer = Explorer(Position(dice={(0, 0): "C", (0, -1): "E"}))
    labels = [label for label, _ in explorer.runs.options]
    assert "triad C–E: could become C major, A minor" in labels
    explorer.runs.value = 0
    assert explorer.listen.player.value[:4] == b"RIFF"


def test_explorer_exports_and_loads_notation_and_refuses_bad_text_without_change():
    explorer = Explorer()
    explorer.notation.value = "standard A@0,1 C@0,0 E@0,-1"
    explorer.load_button.click()
    assert dict(explorer.position.dice) == {(0, 1): 9, (0, 0): 0, (0, -1): 4}
    explorer.notation.value = "standard C@0,0 X@1,1"
    explorer.load_button.click()
    assert "X@1,1" in explorer.message.value
    assert "X@1,1" in explorer.board_view.news  # said to a screen reader too
    assert len(explorer.position.dice) == 3


def test_quiz_where_question_checks_the_clicked_cell_with_the_rules_reason():
    quiz = Quiz(kinds=("where",), seed=3)
    question = quiz.question
    wrong = next(c for c in question.position.board.cells
                 if c not in question.answer and c not in question.position.dice)
    quiz.board_view.cells[wrong].click()
    # (the quiz writes real sharps and flats)
    why = position_words.explain(question.position, question.pitch, wrong, Reader(typeset=True))
    assert why in quiz.feedback.value
    assert quiz.tally.value == "0 of 1 right"
    assert legal_buttons(quiz.board_view) == set(question.answer)
    quiz.next_button.click()
    quiz.board_view.cells[sorted(quiz.question.answer)[0]].click()
    assert quiz.tally.value == "1 of 2 right"


def test_the_quiz_board_takes_clicks_only_while_a_cell_question_is_open():
    quiz = Quiz(kinds=("where", "triad"), seed=3)
    assert quiz.board_view.clickable
    cell = sorted(quiz.question.answer)[0]
    quiz.board_view._message(None, {"event": "click", "cell": f"{cell[0]},{cell[1]}"}, [])
    assert quiz.tally.value == "1 of 1 right" and not quiz.board_view.clickable
    feedback = quiz.feedback.value
    quiz.board_view._message(None, {"event": "click", "cell": f"{cell[0]},{cell[1]}"}, [])
    assert quiz.feedback.value == feedback and quiz.tally.value == "1 of 1 right"
    quiz.next_button.click()  # a triad question, answered by an option: the board shows it, takes nothing
    assert quiz.question.kind == "triad" and not quiz.board_view.clickable


def test_quiz_option_questions_count_right_and_wrong_answers():
    quiz = Quiz(kinds=("triad", "points"), seed=1)
    for _ in range(4):
        question = quiz.question
        right = next(b for b in quiz.options.children if b.description == str(question.answer))
        right.click()
        right.click()  # a second click on an answered question counts nothing
        quiz.next_button.click()
    assert quiz.tally.value == "4 of 4 right"
    wrong = next(b for b in quiz.options.children if b.description != str(quiz.question.answer))
    wrong.click()
    assert "Not quite" in quiz.feedback.value and quiz.tally.value == "4 of 5 right"


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(KINDS), st.integers(0, 10_000))
def test_every_question_answer_agrees_with_the_rules(kind, seed):
    question = make_question(kind, seed)
    position = question.position
    if kind == "where":
        assert question.answer == set(position.legal_placements(question.pitch))
    elif kind == "points":
        assert question.answer == position.score(question.pitch, question.cell)
        assert str(question.answer) in question.options
    else:
        completed = position.completions(question.pitch, question.cell)
        assert any(s.kind == "triad" and s.complete for s in completed)
        assert question.answer in question.options and len(set(question.options)) == 4
    assert make_question(kind, seed) == question


def test_worksheet_answers_come_from_the_rules():
    position = Position(dice={(0, 0): "C", (0, -1): "E", (1, -1): "D"})
    sheet = worksheet(position, seed=2, count=10)
    questions = dict(sheet)
    assert questions["Which triads could the pair C–E still become?"] == "C major, A minor"
    for question, answer in sheet:
        if question.startswith("Where may"):
            pitch = question.split()[2]
            pitch = pitch.split("/")[0]
            assert answer == ", ".join(map(position.board.cell_name, position.legal_placements(pitch)))
    assert worksheet(position, seed=2, count=10) == sheet


def keyboard_texts(svg: str) -> list[str]:
    """The texts of a keyboard picture: the lit keys' names, then the semitones between them."""
    return re.findall(r">([^<]+)</text>", svg)


def test_a_heard_triad_is_shown_on_a_keyboard_spelled_as_on_its_staff():
    explorer = Explorer(Position(dice={(0, 0): "F#", (0, -1): "A#", (0, -2): "C#"}))
    assert explorer.listen.keyboard.value == ""
    explorer.runs.value = 0
    assert 'class="muzlab-keyboard"' in explorer.listen.keyboard.value
    assert keyboard_texts(explorer.listen.keyboard.value) == ["F♯", "A♯", "C♯", "4", "3"]
    assert "<svg" in explorer.listen.staff.value
    with note_names("german"):  # a German class reads H
        explorer = Explorer(Position(dice={(0, 0): 11, (0, -1): 2, (0, -2): 6}))
        explorer.runs.value = 0
        assert keyboard_texts(explorer.listen.keyboard.value) == ["H", "D", "Fis", "3", "4"]


def test_a_run_that_cannot_be_named_clears_the_staff_and_the_keyboard():
    dice = {(0, 0): "F#", (0, -1): "A#", (0, -2): "C#", (2, 0): "C", (2, -1): "E"}
    explorer = Explorer(Position(dice=dice, strict=False))  # a teacher's unfinished board
    runs = dict((label, index) for label, index in explorer.runs.options if index is not None)
    explorer.runs.value = next(index for label, index in runs.items() if "F♯–A♯–C♯" in label)
    assert explorer.listen.keyboard.value and explorer.listen.staff.value
    explorer.runs.value = next(index for label, index in runs.items() if "C–E" in label and "could" in label)
    assert explorer.listen.player.value[:4] == b"RIFF"
    assert explorer.listen.staff.value == "" and explorer.listen.keyboard.value == ""


def test_a_heard_scale_run_is_named_once_as_a_scale():
    explorer = Explorer(Position(dice={(0, 0): "F", (-1, 0): "G", (-2, 0): "Ab"}))
    index = next(i for label, i in explorer.runs.options if i is not None and "F–G–A♭" in label)
    explorer.runs.value = index
    assert explorer.listen.title.value == "<b>E♭ major scale, degrees 2-3-4: F–G–A♭</b>"
    assert keyboard_texts(explorer.listen.keyboard.value)[:3] == ["F", "G", "A♭"]


def test_the_explorer_makes_a_worksheet_of_its_position_as_a_download():
    from muzlab.views.worksheet import sheet_position

    explorer = Explorer()
    assert explorer.worksheet_button.click() is None and "the board is empty" in explorer.message.value
    explorer.click("e5")  # C
    explorer.click("e6")  # C again above it: a broken run
    assert explorer.worksheet_button.click() is None and "breaks the rules" in explorer.message.value
    explorer = Explorer(sheet_position(3))
    made = explorer.worksheet_button.click()
    assert made.name.endswith(".pdf") and made.data.startswith(b"%PDF") and explorer.message.value == ""


def test_the_listen_panels_keyboard_of_f_sharp_major_is_eight_white_keys_not_two_octaves():
    from muzlab.core.pitch import SpelledNote
    from muzlab.names.reader import Reader
    from muzlab.widgets.listen import OCTAVE_PX, _keys
    from muzlab.widgets.svgboard import scaled

    notes = tuple(SpelledNote.from_english(name) for name in ("F#", "G#", "A#", "B", "C#", "D#", "E#"))
    picture = _keys(notes, Reader(typeset=True))
    assert f"width:{scaled(OCTAVE_PX * 8 / 7)}" in picture and 'viewBox="-1 -1 194 ' in picture
    assert keyboard_texts(picture)[:7] == ["F♯", "G♯", "A♯", "B", "C♯", "D♯", "E♯"]
