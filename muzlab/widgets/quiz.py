"""Quiz: questions on seeded positions, answered by clicking a cell or an option (or, for the "missing
note", by singing or playing it into a NoteInput), with the reason shown at once and a running tally."""

from __future__ import annotations

import html

import ipywidgets as widgets

from muzlab.core.board import Board
from muzlab.core.hexgrid import Cell
from muzlab.names.reader import Reader
from muzlab.play.puzzles import puzzle_question
from muzlab.play.quiz import KINDS, Question, make_question
from muzlab.reading import shown
from muzlab.widgets.live_region import LiveRegion
from muzlab.widgets.note_input import NoteInput
from muzlab.widgets.sung_answers import MISSING_NOTE, missing_prompt, missing_verdict
from muzlab.widgets.svgboard import ScaledByItsBoard, Scene, SvgBoard

#: Question kinds answered by clicking a cell ("puzzle": find the best cell, from muzlab.play.puzzles).
CELL_KINDS = ("where", "puzzle")


class Quiz(ScaledByItsBoard, widgets.VBox):
    """Asks "where can this Eb go?", "which triad does this complete?", "how many points?" in turn;
    the kind MISSING_NOTE ("sing a note that completes a triad on e5") is answered by `note_input`."""

    def __init__(self, kinds: tuple[str, ...] = KINDS, seed: int = 0, scale: float = 1.0,
                 key: str | None = None):
        self.key = key  # the lesson's key ("F#"), passed to the naming in `reader`; None: the default's
        self.kinds = tuple(kinds)
        self.seed = seed
        self.asked = 0
        self.right = 0
        self.question: Question | None = None
        self.answered = False
        self.reply: Cell | int | None = None  # the answer given: a cell, or the option's place
        self.sung: int | None = None  # the note heard, answering a missing-note question
        self.prompt = widgets.HTML()
        self.feedback = widgets.HTML()
        self.said = LiveRegion(label=self.reader.gettext("Feedback on your answer"))  # (for a screen reader)
        self.tally = widgets.HTML()
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.next_button = widgets.Button(description=self.reader.gettext("Next question"),
                                          button_style="primary")
        self.next_button.on_click(lambda _button: self.next_question())
        self.board_view = SvgBoard(Board.standard(), on_click=self.answer, scale=scale)
        self.note_input = NoteInput(self.reader, on_note=self.sing)
        # the answers beside the board, so the board can be as tall as the window allows
        side = widgets.VBox([self.options, self.note_input, self.feedback, self.said,
                             widgets.HBox([self.next_button, self.tally])],
                            layout=widgets.Layout(flex="1 1 320px", min_width="0", padding="0 0 0 16px"))
        super().__init__([self.prompt, widgets.HBox([self.board_view, side])])
        self.add_class("muz-quiz")
        self.next_question()

    @property
    def reader(self) -> Reader:
        """The reader the quiz writes for: the default reader, typeset, in the quiz's lesson key."""
        return shown(self.key)

    def next_question(self) -> None:
        """Draw the next question (the n-th question of a seed is always the same)."""
        self.answered, self.reply, self.sung = False, None, None
        self._ask(self.asked)

    def _ask(self, number: int) -> None:
        """Make question `number` of the seed (for the quiz's reader) and show it unanswered."""
        kind, reader = self.kinds[number % len(self.kinds)], self.reader
        seed = self.seed * 1000 + number
        # a missing note is asked on a triad question's cell
        self.question = (puzzle_question(seed, reader) if kind == "puzzle"
                         else make_question("triad" if kind == MISSING_NOTE else kind, seed, reader))
        sung = kind == MISSING_NOTE
        self.note_input.layout.display = "" if sung else "none"
        self.note_input.redraw(reader)
        prompt = missing_prompt(self.question.position, self.question.cell, reader) if sung else None
        self.prompt.value = f"<h3>{html.escape(prompt or self.question.prompt)}</h3>"
        self.feedback.value = ""
        self.options.children = [] if sung else [self._option(text) for text in self.question.options]
        asked = [self.question.cell] if self.question.cell else []
        self.board_view.show(Scene(self.question.position, highlight=asked or None, chosen=asked), reader)
        self.board_view.clickable = self.question.kind in CELL_KINDS

    def redraw_names(self) -> None:
        """Ask the question on screen again in the note names in force (`muzlab.set_note_names`), with
        its answer and reason if it was answered, and in the language in force; the tally stays."""
        self.next_button.description = self.reader.gettext("Next question")
        self.said.label = self.reader.gettext("Feedback on your answer")
        if self.asked:
            self.tally.value = tally(self.right, self.asked, self.reader)
        if not self.answered:
            self._ask(self.asked)
            return
        self._ask(self.asked - 1)
        reply = self.reply
        if self.sung is not None:
            self._show_sung(self.sung)
        elif reply is not None:
            self._show_answer(reply if isinstance(reply, tuple) else self.question.options[reply])

    def _option(self, text: str) -> widgets.Button:
        button = widgets.Button(description=text)
        button.on_click(lambda _button: self.answer(text))
        return button

    def answer(self, reply: Cell | str) -> None:
        """Check a reply (a clicked cell for "where", an option otherwise) and show why."""
        question = self.question
        if self.answered or (question.kind in CELL_KINDS) != isinstance(reply, tuple):
            return
        self.answered = True
        self.board_view.clickable = False
        options = list(question.options)
        self.reply = reply if isinstance(reply, tuple) else options.index(reply) if reply in options else None
        self._count(*self._show_answer(reply))

    def sing(self, pitch: int, _source: str = "click") -> bool:
        """A note heard answering a missing-note question: right if it completes a triad on the cell;
        the tally counts it. Any other question, or a second note, is ignored (False)."""
        if self.answered or self.kinds[self.asked % len(self.kinds)] != MISSING_NOTE:
            return False
        self.answered, self.sung = True, pitch
        correct, why = self._show_sung(pitch)
        self._count(correct, why)
        return correct

    def _count(self, correct: bool, why: str) -> None:
        """Count an answer in the tally and say it, with why, to a screen reader."""
        self.asked += 1
        self.right += correct
        self.tally.value = tally(self.right, self.asked, self.reader)
        self.said.tell(f"{why} {self.tally.value}")

    def _show_sung(self, pitch: int) -> tuple[bool, str]:
        """Show whether the note heard completes a triad on the cell and why (returned); right, it is
        drawn there."""
        question, reader = self.question, self.reader
        correct, why = missing_verdict(question.position, question.cell, pitch, reader)
        colour = "#080" if correct else "#b00"
        self.feedback.value = f"<b style='color:{colour}'>{html.escape(why)}</b>"
        if correct:
            self.board_view.show(Scene(question.position.place(pitch, question.cell),
                                       chosen=[question.cell]), reader)
        return correct, why

    def _show_answer(self, reply: Cell | str) -> tuple[bool, str]:
        """Show whether the reply is right and why (returned); a clicked cell is shown among the legal
        ones."""
        question = self.question
        reader = self.reader
        correct, why = question.check(reply, reader)
        colour = "#080" if correct else "#b00"
        self.feedback.value = f"<b style='color:{colour}'>{html.escape(why)}</b>"
        if question.kind in CELL_KINDS:
            position = question.position
            self.board_view.show(Scene(position, highlight=question.pitch,
                                       lit=position.legal_placements(question.pitch), tips_for=question.pitch,
                                       chosen=[reply]), reader)
        return correct, why


def tally(right: int, asked: int, reader: Reader) -> str:
    """How many answers were right, in `reader`'s language: "3 of 4 right"."""
    # TRANSLATORS: the plural follows the number of right answers.
    return reader.ngettext("{right} of {asked} right", "{right} of {asked} right", right).format(
        right=right, asked=asked)
