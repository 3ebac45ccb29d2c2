"""Review: step through a game decision by decision, with the coach's comment beside the board, and
learn from its mistakes.

The board shows the moment before each decision: every legal cell of the die with its points, the
best cells outlined and the cell played ringed. Buttons hear what was built and what the best cell
would have built. "Learn from your mistakes" stops at each decision graded inaccuracy or worse, shows
the position before it without hints, and waits for the student to click a better cell; the answer
and its explanation (rule facts, each checked by the engine) come after a try. All judgement comes
from `muzlab.play.coach`; this widget only shows it.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from muzlab.core.hexgrid import Cell
from muzlab.names import position_words
from muzlab.names.language import labelled, marked
from muzlab.names.output_words import Figure, number_words
from muzlab.names.reader import Reader
from muzlab.play import coach
from muzlab.play.game import Game
from muzlab.reading import shown
from muzlab.widgets.accessible import AccessibleNames
from muzlab.widgets.listen import ListenPanel
from muzlab.widgets.scrolling_table import scrolling
from muzlab.widgets.svgboard import Scene, SvgBoard


class Review(widgets.VBox):
    """A game's decisions one at a time: first / previous / next / last buttons and a slider, and a
    practice mode over its mistakes."""

    def __init__(self, game: Game, expert_seed: int = 0, key: str | None = None):
        self.key = key  # the lesson's key ("F#"), passed to the naming in `reader`; None: the default's
        self.game = game
        self.moments = coach.decisions(game, expert_seed)
        self.values = coach.values(game)
        self.rows = coach.review_rows(self.moments, self.values, self.reader)
        self.comments = coach.comments(game, self.reader)
        #: The decisions to learn from (inaccuracy or worse with a better cell) and their lessons.
        pairs = enumerate(zip(self.moments, self.values, strict=True))
        self.lessons = {index: found for index, (moment, assessment) in pairs
                        if (found := coach.lesson(moment, assessment)) is not None}
        self.title = widgets.HTML()
        self.board_view = SvgBoard(game.board, on_click=self.try_cell)
        self.comment = widgets.HTML(_dom_classes=("muz-review-comment",))
        self.details = widgets.HTML()
        last = max(len(self.moments) - 1, 0)
        self.slider = widgets.IntSlider(value=0, min=0, max=last, continuous_update=False, readout=False,
                                        style={"description_width": "initial"})
        self.first_button = self._button(lambda: self.go(0))
        self.previous_button = self._button(lambda: self.go(self.index - 1))
        self.next_button = self._button(lambda: self.go(self.index + 1))
        self.last_button = self._button(lambda: self.go(len(self.moments) - 1))
        self.hear_played_button = self._button(self.hear_played)
        self.hear_best_button = self._button(self.hear_best)
        self.learn_button = self._button(self.learn)
        self.learn_button.disabled = not self.lessons
        self.next_mistake_button = self._button(self.next_mistake)
        self.show_answer_button = self._button(self.reveal)
        self.stop_button = self._button(self.stop_learning)
        self._label(self.reader)
        self.practice = widgets.HTML()
        self.practice_box = widgets.VBox([self.practice, widgets.HBox(
            [self.show_answer_button, self.next_mistake_button, self.stop_button])])
        self.practice_box.layout.display = "none"
        self.listen = ListenPanel()
        self.summary = widgets.HTML(_summary_html(self.rows, self.reader))
        self.summary.add_class("muz-review-summary")
        self.learning = False
        self.tries: list[Cell] = []
        self.revealed = False
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        steps = widgets.HBox([self.first_button, self.previous_button, self.slider, self.next_button,
                              self.last_button, self.learn_button])
        side = widgets.VBox([self.title, self.comment, self.details, self.practice_box,
                             widgets.HBox([self.hear_played_button, self.hear_best_button]), self.listen],
                            layout=widgets.Layout(max_width="480px"))
        # the summary under the board and its side, across the review: ten columns whose headings are
        # single long words in German ("glücksbereinigt") do not fit the room beside the board
        # AccessibleNames: the moments' slider is named by its label in a lesson too, not only in the app
        super().__init__([steps, widgets.HBox([self.board_view, side]), self.summary,
                          AccessibleNames(layout=widgets.Layout(display="none"))])
        self.add_class("muz-review")
        self.show(0)

    @property
    def index(self) -> int:
        """The decision shown (0-based)."""
        return self.slider.value

    def _button(self, action) -> widgets.Button:
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.on_click(lambda _button: action())
        return button

    def _label(self, reader: Reader) -> None:
        """The review's buttons in `reader`'s language."""
        self.slider.description = reader.pgettext("review", "decision")
        for button, label in ((self.first_button, reader.pgettext("review", "First")),
                              (self.previous_button, reader.pgettext("review", "Previous")),
                              (self.next_button, reader.pgettext("review", "Next")),
                              (self.last_button, reader.pgettext("review", "Last")),
                              (self.hear_played_button, reader.gettext("Hear what was built")),
                              (self.hear_best_button, reader.gettext("Hear what could have been built")),
                              (self.learn_button, reader.gettext("Learn from your mistakes")),
                              (self.next_mistake_button, reader.gettext("Next mistake")),
                              (self.show_answer_button, reader.gettext("Show the answer")),
                              (self.stop_button, reader.gettext("Back to the review"))):
            button.description = label

    @property
    def reader(self) -> Reader:
        """The reader the review writes for: the default reader, typeset, in its lesson key."""
        return shown(self.key)

    @property
    def frame(self):
        """The decisions as the `review` pandas table (the full edition; the board itself needs no pandas)."""
        return coach.review_decisions(self.moments, self.values, self.reader)

    def redraw_names(self) -> None:
        """Write the buttons, comments, the table and the run heard in the note names and language in
        force (`muzlab.set_note_names`, `muzlab.set_language`)."""
        reader = self.reader
        self._label(reader)
        self.rows = coach.review_rows(self.moments, self.values, reader)
        self.comments = coach.comments(self.game, reader)
        self.summary.value = _summary_html(self.rows, reader)
        self.show(self.index)
        self.listen.redraw(reader)

    def go(self, index: int) -> None:
        """Show decision `index`, kept within the game."""
        self.slider.value = min(max(index, 0), max(len(self.moments) - 1, 0))

    def show(self, index: int) -> None:
        """Draw the board at decision `index` and say what the coach says about it (in practice, the
        position before the mistake only)."""
        count = len(self.moments)
        for button, off in ((self.first_button, index == 0), (self.previous_button, index == 0),
                            (self.next_button, index >= count - 1), (self.last_button, index >= count - 1)):
            button.disabled = off or self.learning
        reader = self.reader
        if not count:
            self.title.value = "<b>{}</b>".format(html.escape(
                reader.gettext("No decision to review yet: roll and play first.")))
            self.board_view.show(Scene(self.game.position), self.reader)
            self.hear_played_button.disabled = self.hear_best_button.disabled = True
            return
        moment, row = self.moments[index], self.rows[index]
        decision = reader.gettext("Decision {number} of {count}").format(number=index + 1, count=count)
        turn = reader.gettext("turn {turn}").format(turn=row["turn"])
        holding = (reader.gettext("{player} holds the passed die {die}") if row["source"] == "passed"
                   else reader.gettext("{player} holds the die {die}"))
        player, die = _player(row, reader), _die(moment, reader)
        holds = html.escape(holding).replace("{die}", "<b>{die}</b>").format(
            player=html.escape(player), die=html.escape(die))
        self.title.value = f"<b>{html.escape(decision)}</b> · {html.escape(turn)} · {holds}"
        #: the decision as a screen reader says it (with the coach's comment, or the practice's question)
        heading = f"{decision}, {turn}, {holding.format(player=player, die=die)}."
        if self.learning:
            self._show_practice(heading)
            return
        position = moment.position
        best = coach.best_cell(position, moment.pitch)
        _, best_cells = position.best_placements(moment.pitch)
        self.board_view.show(Scene(position, highlight=moment.pitch, last=moment.cell, chosen=best_cells,
                                   tips_for=moment.pitch), self.reader)
        self.comment.value = f"<p>{html.escape(self.comments[index])}</p>"
        self.details.value = html.escape(_details(row, reader))
        self.board_view.tell(f"{heading} {self.comments[index]}")
        self.hear_played_button.disabled = moment.cell is None or not self._runs(moment.cell)
        self.hear_best_button.disabled = best is None or not self._runs(best)

    def _runs(self, cell: Cell) -> list:
        """The runs the die in hand builds on `cell` at the decision shown (none: nothing to hear)."""
        moment = self.moments[self.index]
        return coach.runs_built(moment.position, moment.pitch, cell, self.reader.key or "")

    def hear_played(self) -> None:
        """Play the main run the die built at this decision (what it completed first)."""
        moment = self.moments[self.index]
        if moment.cell is not None and (runs := self._runs(moment.cell)):
            self.listen.show(runs[0], self.reader)

    def hear_best(self) -> None:
        """Play the main run the best cell would have built."""
        moment = self.moments[self.index]
        best = coach.best_cell(moment.position, moment.pitch)
        if best is not None and (runs := self._runs(best)):
            self.listen.show(runs[0], self.reader)

    # ---- learning from the mistakes -------------------------------------------------------------------
    def learn(self) -> None:
        """Start the practice at the first mistake (inaccuracy or worse) of the game."""
        if self.lessons:
            self.learning = True
            self.practice_box.layout.display = None
            self._practise(min(self.lessons))

    def next_mistake(self) -> None:
        """Go to the next mistake (back to the first after the last)."""
        later = [index for index in sorted(self.lessons) if index > self.index]
        self._practise(later[0] if later else min(self.lessons))

    def stop_learning(self) -> None:
        """Leave the practice and show the review of the decision again."""
        self.learning = False
        self.practice_box.layout.display = "none"
        self.show(self.index)

    def _practise(self, index: int) -> None:
        self.tries, self.revealed = [], False
        if self.slider.value == index:
            self.show(index)
        else:
            self.slider.value = index  # (shows it)

    def _show_practice(self, heading: str = "") -> None:
        """The practice at the decision shown: its question, then each try's answer (said through the
        board's live region: the decision's `heading` and the question when it is shown, then each answer)."""
        moment, found = self.moments[self.index], self.lessons[self.index]
        grade = self.rows[self.index]["grade"]
        answered = self.revealed or any(cell in found.better for cell in self.tries)
        chosen = list(found.better) if answered else []
        last = self.tries[-1] if self.tries else None
        self.board_view.show(Scene(moment.position, last=last, chosen=chosen), self.reader)
        number = sorted(self.lessons).index(self.index) + 1
        reader = self.reader
        die = _die(self.moments[self.index], reader)  # (named as the title names it)
        said = reader.gettext("Mistake {number} of {count} ({grade}). Find a better cell for this {die}: "
                              "click it on the board.").format(number=number, count=len(self.lessons),
                                                               grade=coach.grade_word(grade, reader), die=die)
        self.comment.value = f"<p>{html.escape(said)}</p>"
        self.details.value = ""
        answers = self._feedback(found, answered)
        self.practice.value = "".join(f"<p>{html.escape(line)}</p>" if number == 0
                                      else f"<p><b>{html.escape(line)}</b></p>"
                                      for number, line in enumerate(answers))
        self.board_view.tell(" ".join(answers) if self.tries else f"{heading} {said}")
        self.show_answer_button.disabled = answered or not self.tries
        self.hear_played_button.disabled = self.hear_best_button.disabled = True

    def _feedback(self, found: coach.Lesson, answered: bool) -> list[str]:
        """What the student reads after each try: the rules' refusal of an illegal cell, whether a
        legal one is better, and once found or revealed, the lesson in words."""
        if not self.tries:
            return []
        moment, cell = self.moments[self.index], self.tries[-1]
        position, board = moment.position, moment.position.board
        name = board.cell_name(cell)
        reader = self.reader
        refusal = position_words.explain(position, moment.pitch, cell, reader)
        if refusal is not None:
            said = labelled(name, refusal, reader.language)
        elif cell in found.better:
            said = reader.gettext("Yes: {cell} is better.").format(cell=name)
        elif cell == moment.cell:
            said = reader.gettext("{cell} is the cell that was played: try another.").format(cell=name)
        else:
            said = reader.gettext("{cell} is not better: try again, or show the answer.").format(cell=name)
        if not answered:
            return [said]
        problems = coach.lesson_problems(position, found)
        if problems:  # (the engine confirms every fact before a student reads it)
            raise AssertionError(f"the lesson's facts are not confirmed by the rules: {problems}")
        return [said, coach.lesson_text(position, found, self.reader)]

    def try_cell(self, cell: Cell) -> None:
        """A click on the board: in practice, the student's try; otherwise nothing."""
        if self.learning and cell in self.moments[self.index].position.board:
            self.tries.append(cell)
            self._show_practice()

    def reveal(self) -> None:
        """Show the answer after at least one try."""
        if self.learning and self.tries:
            self.revealed = True
            self._show_practice()


def _player(row: dict, reader: Reader) -> str:
    """A review row's player as the page names the seat: "Player 1", "Spieler 1"."""
    return reader.gettext("Player {number}").format(number=int(row["seat"]) + 1)


def _details(row: dict, reader: Reader) -> str:
    """A decision's figures in words: what was played, the best now, the loss, the expert's choice,
    the grade and the luck of the roll."""
    if row["cell"] is None:
        played = reader.gettext("not placed")
    else:
        played = reader.ngettext("played {cell} for {points} point", "played {cell} for {points} points",
                                 row["points"]).format(cell=row["cell"], points=row["points"])
    best = ", ".join(row["best_cells"]) or reader.pgettext("best cells", "none")
    parts = [played,
             reader.gettext("best now: {cells} ({points})").format(cells=best, points=row["best_points"]),
             reader.gettext("lost {points}").format(points=row["loss"]),
             reader.gettext("the expert, looking ahead: {cell}").format(
                 cell=row["expert"] or reader.gettext("no cell")),
             reader.gettext("{grade} (equity lost {loss})").format(
                 grade=coach.grade_word(row["grade"], reader),
                 loss=number_words(row["equity_loss"], reader, 1))]
    if row["luck"]:
        parts.append(reader.gettext("luck of the roll {luck}").format(
            luck=format(Figure(row["luck"], reader), "+.1f")))
    return " · ".join(parts)


def _summary_html(rows: list[dict], reader: Reader) -> str:
    """The summary per player: its headings, figures and level words in `reader`'s language."""
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(reader.pgettext(*label))}</th>" for label, _ in SUMMARY_COLUMNS)
    players = {row["player"]: _player(row, reader) for row in rows}
    shown_as = {"player": lambda name, _reader: players.get(name),
                "level": lambda word, _reader: coach.level_word(word, reader)}
    body = "".join("<tr>" + "".join(
        f"<td>{html.escape(str(shown_as.get(column, show)(player[column], reader)))}</td>"
        for (_, show), column in zip(SUMMARY_COLUMNS, SUMMARY_KEYS, strict=True))
                   + "</tr>" for player in coach.summary_rows(rows))
    # what the columns count, so that "100 % best decisions" beside "completions missed 2" reads as the
    # two different things they are, and luck is told apart from skill
    words = html.escape(reader.gettext(
        "Best decisions: the share of dice (the opening die aside) that went where they scored the most "
        "points at once. Completions missed: dice that could have completed a triad or scale, with its "
        "extra roll, but went elsewhere, often to a cell that scored as much or more at once; so a decision "
        "can be the best by points and still miss a completion. Luck: how much better or worse the dice "
        "that came were than an average roll; skill: minus the value lost by the choices; luck-adjusted: "
        "the points with the luck taken out, the fairer ranking. Accuracy: the share of choices graded best "
        "or good."))
    per_player = reader.gettext("Per player")
    table = (f'<table class="muz-summary" border="0"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
             "</table>")
    return (f"{SUMMARY_STYLE}<b>{html.escape(per_player)}</b>{scrolling(table, per_player)}"
            f"<p><i>{words}</i></p>")


def _as_is(value: object, _reader: Reader) -> str:
    return str(value)


def _share(share: float, _reader: Reader) -> str:
    return f"{round(share * 100)} %"


def _percent(percent: float, _reader: Reader) -> str:
    return f"{round(percent)} %"


def _signed(value: float, reader: Reader) -> str:
    """A figure with its sign and one decimal, with the marks of the reader's language (+1,5)."""
    return format(Figure(value, reader), "+.1f")


def _tenths(value: float, reader: Reader) -> str:
    return number_words(value, reader, 1)


#: The summary table's look: lines as tight as a table's (not a widget's inline height), figures right
#: under their headings, each player's name on one line; a table wider than the review (a phone, a page
#: zoomed to 400 %) scrolls sideways in its box (`scrolling`: reached by the keyboard, named "Per player";
#: the widget's text may be narrower than the table); the words under it wrap, in
#: lines short enough to read.
SUMMARY_STYLE = ("<style>.muz-review-summary .widget-html-content { min-width: 0; }"
                 " .muz-review-summary p { max-width: 50em; }"
                 " .muz-summary { border-collapse: collapse; line-height: 1.3; }"
                 " .muz-summary th, .muz-summary td { padding: 2px 6px; text-align: right;"
                 " vertical-align: bottom; } .muz-summary th:first-child, .muz-summary td:first-child"
                 " { text-align: left; white-space: nowrap; }</style>")
#: The summary's columns: heading and how a value is written for a reader, and the summary_rows key of each.
SUMMARY_COLUMNS = ((marked("summary", "player"), _as_is), (marked("summary", "points"), _as_is),
                   (marked("summary", "points lost"), _as_is), (marked("summary", "best decisions"), _share),
                   (marked("summary", "completions missed"), _as_is), (marked("summary", "luck"), _signed),
                   (marked("summary", "skill"), _signed), (marked("summary", "luck-adjusted"), _tenths),
                   (marked("summary", "accuracy"), _percent), (marked("summary", "level"), _as_is))
SUMMARY_KEYS = ("player", "points", "points_lost", "best_share", "completions_missed", "luck", "skill",
                "luck_adjusted", "accuracy", "level")


def _die(moment: coach.Decision, reader: Reader) -> str:
    """A decision's die as a sentence names it: as the board shows it on the cell it went to (its
    default name when it was not placed), in prose form ("ré" in French solfège)."""
    return coach.die_label(moment.position, moment.pitch, moment.cell, reader, prose=True)
