"""The classroom app (seats chosen in the page, tabs, the size control) driven by Python, and the
book's static stand-ins for widgets."""

import base64
import html

import ipywidgets as widgets
import pytest
from IPython.core.formatters import DisplayFormatter

from muzlab import Board, Position
from muzlab.names.reader import PLAIN
from muzlab.widgets import Explorer, PlayBoard, Quiz
from muzlab.widgets.ear import EarTrainer
from muzlab.widgets.review import Review
from muzlab.widgets.static import enable, needs, static_bundle, static_html
from muzlab.widgets.svgboard import Scene, SvgBoard
from muzlab.widgets.tabbed_app import ClassroomApp

NEEDS = needs(PLAIN)  # what clicking needs, in English


# ---- the app -------------------------------------------------------------------------------------------
@pytest.fixture
def app():
    return ClassroomApp(agent_delay=0)


def test_the_app_opens_on_the_seating_form_with_its_tabs(app):
    titles = [app.tabs.get_title(i) for i in range(len(app.tabs.children))]
    assert titles == ["Play", "Explore", "Quiz", "Ear training", "Review"]
    assert app.play is None and app.play_area.children == (app.setup,)
    assert isinstance(app.explorer, Explorer) and isinstance(app.quiz, Quiz)


def test_only_the_chosen_number_of_seats_is_shown(app):
    app.setup.seat_count.value = 3
    shown = [row.layout.display for row in app.setup.rows]
    assert shown == ["flex", "flex", "flex", "none"]
    app.setup.seat_count.value = 1
    assert [row.layout.display for row in app.setup.rows] == ["flex", "none", "none", "none"]


def test_start_seats_the_players_chosen_in_the_page(app):
    app.setup.seat_count.value = 3
    app.setup.names[0].value = "Ada"
    app.setup.names[1].value = "  "  # a blank name becomes "Player 2"
    app.setup.kinds[1].value = "person"
    app.setup.names[2].value = "Robo"
    app.setup.kinds[2].value = "random"
    app.setup.game_number.value = 12
    app.setup.allow_hints.value = False
    app.setup.start_button.click()
    board = app.play
    assert isinstance(board, PlayBoard) and app.play_area.children == (board,)
    assert board.actions.children[-1] is app.change_button  # beside New game, not over the board
    assert board.game.players == 3 and board.game.seed == 12
    assert [seat.label for seat in board.table.seats] == ["Ada", "Player 2", "Robo (random)"]
    assert not board.table.allow_hints and board.hint_button.layout.display == "none"


def test_a_person_plays_in_the_app_and_the_computer_answers(app):
    app.setup.kinds[1].value = "greedy"
    app.setup.start_button.click()
    board = app.play
    board.roll_button.click()
    cell = next(iter(board.game.legal_placements()))
    board.cells[cell].click()
    assert board.game.position.dice  # the opening die is on the board
    assert board.game.current_player == 0 or board.game.over  # the computer has answered


def test_an_ear_training_drill_starts_when_chosen(app):
    assert app.ear is None  # no sound before a click
    app.drill.value = "third"
    assert isinstance(app.ear, EarTrainer) and app.ear.drill.kind == "third"
    assert app.ear_area.children == (app.drill, app.ear_settings, app.ear)


def test_the_ear_trainer_takes_the_teachers_settings(app):
    app.drill.value = "triad quality"
    form = app.ear_settings.children[0]
    form.quality_boxes["augmented"].value = True
    form.quality_boxes["diminished"].value = False
    form.play.value, form.lowest.value, form.highest.value, form.tempo.value = "chord", 43, 55, 1.0  # G2-G3
    form.apply_button.click()
    drill = app.ear.drill
    assert drill.qualities == ("major", "minor", "augmented") and drill.play == "chord"
    assert (drill.lowest, drill.note_seconds) == (43, 1.0)
    form.quality_boxes["minor"].value = form.quality_boxes["augmented"].value = False
    form.apply_button.click()  # one quality is no drill: refused with a sentence, the drill stays
    assert app.ear.drill is drill and "Tick at least two qualities" in form.message.value
    app.drill.value = "scale degree"
    form = app.ear_settings.children[0]
    for key in ("C", "G", "D", "A", "E", "B", "F#", "Db", "Ab", "Eb"):
        form.key_boxes[key].value = False
    form.degree_boxes[2].value = False
    form.context.value = "scale"
    form.apply_button.click()
    assert app.ear.drill.key_names == ("Bb", "F") and 2 not in app.ear.drill.degrees
    assert app.ear.drill.context == "scale"
    app.note_names.value = "german"  # the keys on the form are named again, and still apply
    assert form.key_boxes["Bb"].description == "B major" and form.key_boxes["B"].description == "H major"
    assert ("H3", 59) in form.lowest.options
    form.apply_button.click()
    assert app.ear.drill.key_names == ("Bb", "F") and form.message.value == ""
    app.note_names.value = "english"


def test_the_quiz_asks_the_kinds_of_question_ticked(app):
    form = app.quiz_settings.children[0]
    form.kind_boxes["where"].value = form.kind_boxes["points"].value = False
    form.kind_boxes["puzzle"].value = True
    form.apply_button.click()
    assert app.quiz.kinds == ("triad", "puzzle") and app.quiz_area.children[-1] is app.quiz
    assert app.quiz.board_view.fit == "fill"
    for box in form.kind_boxes.values():
        box.value = False
    form.apply_button.click()
    assert app.quiz.kinds == ("triad", "puzzle") and "Tick at least one" in form.message.value


def test_the_review_shows_the_game_played_on_the_play_tab(app):
    app.review_button.click()
    assert app.review is None and "No game has been played" in app.review_note.value
    app.setup.kinds[1].value = "greedy"
    app.setup.start_button.click()
    app.play.roll_button.click()
    app.play.cells[next(iter(app.play.game.legal_placements()))].click()
    app.review_button.click()
    assert isinstance(app.review, Review) and app.review.game is app.play.game
    assert app.review_area.children[-1] is app.review


def test_the_review_of_a_sample_game(app):
    app.size.value = 1.25
    app.review_choice.value = "greedy-vs-random"
    app.review_button.click()
    assert app.review.game.over and app.review.board_view.scale == 1.25
    app.size.value = 2.0
    assert app.review.board_view.scale == 2.0


def test_the_review_downloads_as_csv_one_line_per_decision(app):
    assert app.review_download.layout.display == "none"  # nothing to download before a review
    app.review_choice.value = "greedy-vs-random"
    app.review_button.click()
    made = app.review_download.click()
    lines = made.data.decode().splitlines()
    assert made.name.endswith(".csv") and app.review_download.layout.display == ""
    assert len(lines) == len(app.review.moments) + 1 and "comment" in lines[0]


def test_change_seats_goes_back_to_the_form(app):
    app.setup.start_button.click()
    app.change_button.click()
    assert app.play_area.children == (app.setup,)


def test_the_size_control_rescales_every_board(app):
    app.setup.start_button.click()
    app.size.value = 1.5
    assert [board.scale for board in app.boards()] == [1.5, 1.5, 1.5]
    # the text follows the window at every Size: a larger Size never takes the board's room for text
    assert "--muz-u: clamp(0.8px, 0.17vh, 2.4px)" in app.style.value
    assert "--jp-widgets-font-size: calc(13 * var(--muz-u))" in app.style.value  # buttons and labels too
    assert {view.fit for view in app.board_views()} == {"window"}
    app.setup.start_button.click()  # a new table starts at the chosen size
    assert app.play.scale == 1.5 and app.play.board_view.fit == "window"


def test_fit_is_the_default_size_and_fills_the_window_height(app):
    assert app.size.value == "fit"
    # offered from the smallest board to the largest, "fit" (the most the window holds) last
    assert [button.description for button in app.size.buttons.values()] == [
        "small", "normal", "large", "projector", "back row", "✓ fit"]
    app.setup.start_button.click()
    assert app.play.scale == 1.0 and {view.fit for view in app.board_views()} == {"fill"}
    app.size.buttons[2.0].click()  # the back row: twice the size, within the window
    assert app.size.value == 2.0 and app.play.scale == 2.0 and app.play.board_view.fit == "window"
    assert app.size.buttons[2.0].description == "✓ back row" and app.size.buttons["fit"].description == "fit"


def test_no_key_of_the_lesson_is_shown_by_its_label_and_its_value_stays_none(app):
    from muzlab.names.reader import Key
    from muzlab.reading import current_lesson_key
    from muzlab.widgets.tabbed_app import NO_KEY

    menu = app.lesson_key  # ipywidgets shows the value None as a blank box unless an option is selected
    assert (menu.value, menu.index, menu.label) == (None, 0, NO_KEY) and "own key" in NO_KEY
    try:
        menu.value = "Bb major"
        assert menu.label == "B♭ major" and current_lesson_key() == Key.of("Bb")
        menu.value = None  # from Python
        assert (menu.index, menu.label) == (0, NO_KEY) and current_lesson_key() is None
        menu.value = "Bb major"
        menu.index = 0  # from the page, which sends the index chosen
        assert (menu.value, menu.label) == (None, NO_KEY) and current_lesson_key() is None
    finally:
        menu.value = None


def test_the_menus_whose_none_is_a_choice_show_its_words(app):
    app.setup.start_button.click()
    explorer = app.explorer
    for menu, words in ((explorer.pitch_choice, "none"), (explorer.runs, "choose a run"),
                        (app.play.runs, "choose a run to hear")):
        assert (menu.value, menu.label) == (None, words)  # not a blank box
    explorer.load(Position(None, {"e5": "C", "e6": "E", "e7": "G"}).notation())
    assert (explorer.runs.value, explorer.runs.label) == (None, "choose a run")  # new runs, none chosen
    assert len(explorer.runs.options) > 1


# ---- the book's stand-ins ------------------------------------------------------------------------------
def test_a_board_widget_becomes_its_picture_and_a_sentence():
    explorer = Explorer(Position(dice={(0, 0): "C"}))
    text = static_bundle(explorer)["text/html"]
    assert text.startswith("<figure class='muz-static'") and "<svg" in text
    assert f"The Explorer with this position. Putting and removing notes by clicking needs {NEEDS}." in text
    assert text.count(NEEDS) == 1  # its palette and menus are not listed one by one


def test_a_board_inside_another_widget_becomes_its_picture():
    board = SvgBoard(Board.standard())
    assert static_html(board) == ""  # nothing drawn yet
    board.show(Scene(Position(dice={"e5": "C"}), last=(0, 0)))
    review_like = widgets.VBox([widgets.HBox([widgets.Button(description="Next"), widgets.IntSlider()]),
                                widgets.HTML("<b>Decision 1</b>"), board])
    text = static_bundle(review_like)["text/html"]
    assert "<b>Decision 1</b>" in text and "<svg" in text and "Next" not in text
    assert text.endswith(f"<p><i>The buttons and controls of this VBox work with {NEEDS}.</i></p>")


def test_a_sound_widget_becomes_an_audio_player_with_the_sound_inside():
    sound = widgets.Audio(value=b"RIFF-wave-bytes", format="wav")
    panel = widgets.VBox([widgets.HTML("<b>C major</b>"), widgets.HBox([sound, widgets.HTML("staff")])])
    text = static_bundle(panel)["text/html"]
    data = base64.b64encode(b"RIFF-wave-bytes").decode()
    assert "<b>C major</b>" in text
    assert f"<audio controls src='data:audio/wav;base64,{data}'></audio>" in text
    assert text.count("flex:1 1 300px") == 2  # player and staff in a row that wraps on a narrow page
    assert NEEDS not in text  # nothing in it needs a kernel


def test_controls_are_left_out_with_one_sentence():
    assert static_html(widgets.IntSlider()) == static_html(widgets.Button(description="Next")) == ""
    assert NEEDS in static_bundle(widgets.IntSlider())["text/html"]
    assert static_html(widgets.Audio()) == ""


def test_enable_makes_every_widget_display_as_static_html():
    class Shell:
        display_formatter = DisplayFormatter()

    shell = Shell()
    enable(shell)
    data, _metadata = shell.display_formatter.format(widgets.HTML("<i>hello</i>"))
    assert data["text/html"] == "<i>hello</i>"
    assert "application/vnd.jupyter.widget-view+json" not in data
    assert static_bundle(widgets.HTML("x"))["text/plain"] == "<HTML: interactive in a live kernel>"


def test_the_note_names_control_rewrites_every_note_on_every_tab(app):
    from muzlab import set_note_names
    from muzlab.reading import current_note_names

    app.setup.kinds[1].value = "greedy"
    app.setup.game_number.value = 2
    app.setup.start_button.click()
    board = app.play
    board.roll_button.click()
    assert board.game.hand == 11  # a B in hand: B in English, H in German, Si in solfège
    app.review_choice.value = "greedy-vs-random"
    app.review_button.click()
    app.choose_drill("triad quality")
    app.ear.answer(app.ear.item.answer)
    english = {"hand": board.hand.value, "palette": [label for label, _ in app.explorer.palette.options],
               "review": app.review.comment.value, "ear": app.ear.feedback.value}
    assert ">B</div>" in english["hand"] and english["palette"][:3] == ["C", "C♯/D♭", "D"]
    try:
        app.note_names.value = "german"
        assert current_note_names() == "german"
        assert ">H</div>" in board.hand.value and "German (H, B)" in board.message.value
        assert [label for label, _ in app.explorer.palette.options][:3] == ["C", "Cis/Des", "D"]
        assert app.explorer.palette.value == 0
        # (in German now)
        assert html.escape(app.ear.item.explanation(app.ear.reader)) in app.ear.feedback.value
        app.name_notes("solfege")
        assert app.note_names.value == "solfege" and ">Si</div>" in board.hand.value
        assert app.ear.feedback.value != english["ear"]
        assert app.review.comment.value != english["review"]
        app.name_notes("english")
        assert board.hand.value == english["hand"] and app.review.comment.value == english["review"]
        assert app.ear.feedback.value == english["ear"] and app.ear.tally.value == "1 of 1 right"
    finally:
        set_note_names("english")


def test_the_quiz_asks_the_same_question_again_in_the_new_note_names(app):
    from muzlab import note_names

    quiz = app.quiz
    for _ in range(10):  # to the first question answered by an option
        if quiz.question.kind not in ("where", "puzzle"):
            break
        quiz.answer(quiz.question.position.board.centre)
        quiz.next_question()
    prompt, options = quiz.prompt.value, [button.description for button in quiz.options.children]
    quiz.answer(options[0])
    feedback = quiz.feedback.value
    with note_names("german"):
        quiz.redraw_names()
        assert quiz.answered and quiz.tally.value == f"{quiz.right} of {quiz.asked} right"
    quiz.redraw_names()
    assert quiz.prompt.value == prompt and quiz.feedback.value == feedback
    assert [button.description for button in quiz.options.children] == options


def test_the_harmony_menu_writes_every_function_in_the_chosen_style_and_follows_the_language(app):
    """German opens on Funktionstheorie, the teacher switches to Roman numerals (Stufentheorie), and
    the Explore tab's runs are named again in that style; English brings its Roman numerals back."""
    from muzlab import set_language
    from muzlab.reading import current_harmony

    dice = {(0, 0): 2, (0, -1): 5, (0, -2): 9, (1, -3): 11, (2, -4): 0}  # D–F–A, then A–B–C of C major
    try:
        app.language.value = "de"
        assert (app.harmony.value, current_harmony()) == ("functions", "functions")
        assert app.harmony.description == "Harmonielehre"
        assert [label for label, _ in app.harmony.options] == ["Stufen: I IV V",
                                                                "Funktionen: T S D"]
        app.explorer._set(Position(dice=dice))

        def runs() -> list[str]:
            return [label for label, value in app.explorer.runs.options if value is not None]

        assert any(label.endswith("— Sp in C-Dur") for label in runs())
        app.harmony.value = "roman"
        assert current_harmony() == "roman" and any(label.endswith("— ii in C-Dur") for label in runs())
        assert not any(label.endswith("Sp in C-Dur") for label in runs())
        app.choose_harmony("functions")
        assert app.harmony.value == "functions" and any(label.endswith("— Sp in C-Dur") for label in runs())
        app.language.value = "en"  # the language's own style with it, as its note names
        assert app.harmony.value == "roman" and app.harmony.description == "Harmony"
        assert [label for label, _ in app.harmony.options] == ["Roman numerals: I IV V",
                                                                "functions: T S D"]
        assert any(label.endswith("— ii in C major") for label in runs())
    finally:
        set_language("en")


def test_minor_lesson_keys_and_the_reading_of_the_minor_supertonic(app):
    """The app offers minor lesson keys too; a reader of Funktionstheorie with a minor lesson key chooses
    how ii° in minor is read (s⁶ or (Đ⁷) tP, as the class's textbook does), and its explanation names
    the other reading; a reader of Roman numerals is not asked."""
    from muzlab import set_language
    from muzlab.names.key_functions import key_function
    from muzlab.reading import current_minor_supertonic, shown

    dice = {(0, 0): 11, (0, -1): 2, (0, -2): 5}  # B–D–F: ii° of A minor
    try:
        assert app.supertonic.layout.display == "none"  # English: Roman numerals, nothing to choose
        app.language.value = "de"
        assert app.supertonic.layout.display == "none"  # no minor key yet
        assert app.supertonic.description == "2. Stufe in Moll"
        assert [label for label, _ in app.supertonic.options] == [
            "s⁶ (Mollsubdominante mit Sixte ajoutée)", "(Đ⁷) tP (verkürzter D⁷ zur Tonikaparallele)"]
        labels = dict(app.lesson_key.options)
        assert labels["a-Moll"] == "A harmonic minor" and labels["fis-Moll"] == "F# harmonic minor"
        assert labels["C-Dur"] == "C major"
        app.lesson_key.value = "A harmonic minor"
        assert app.supertonic.layout.display is None  # functions in a minor key: the choice is shown
        app.explorer._set(Position(dice=dice))

        def runs() -> list[str]:
            return [label for label, value in app.explorer.runs.options if value is not None]

        assert any(label.endswith("— s⁶ in a-Moll") for label in runs()), runs()
        said = key_function(11, "diminished", shown().key, shown())
        assert (said.text, said.struck) == ("s⁶", False)
        assert said.words == ("Mollsubdominante mit Sixte ajoutée; auch gelesen als (Đ⁷) tP "
                              "(verkürzter D⁷ zur Tonikaparallele)")
        app.supertonic.value = "dominant"
        assert current_minor_supertonic() == "dominant"
        assert any(label.endswith("— (Đ⁷) tP in a-Moll") for label in runs()), runs()
        said = key_function(11, "diminished", shown().key, shown())
        assert (said.text, said.struck) == ("(Đ⁷) tP", True)
        assert said.words.endswith("auch gelesen als s⁶ (Mollsubdominante mit Sixte ajoutée)")
        app.harmony.value = "roman"  # Stufentheorie: ii° is ii°, and the menu goes
        assert app.supertonic.layout.display == "none"
        assert not any("s⁶" in label or "tP" in label for label in runs())
        assert key_function(11, "diminished", shown().key, shown()).text == "ii°"
    finally:
        app.lesson_key.value = None
        app.choose_supertonic("added sixth")
        set_language("en")
