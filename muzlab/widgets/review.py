"""Review: step through a game decision by decision, with the coach's comment beside the board.

The board shows the moment before each decision: every legal cell of the die with its points, the
best cells outlined and the cell played ringed. Buttons hear what was built and what the best cell
would have built. All judgement comes from `muzlab.coach`; this widget only shows it.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from muzlab import coach
from muzlab.game import Game
from muzlab.spelling import in_lesson_key
from muzlab.widgets.listen import ListenPanel
from muzlab.widgets.svgboard import Scene, SvgBoard


class Review(widgets.VBox):
    """A game's decisions one at a time: first / previous / next / last buttons and a slider."""

    @in_lesson_key
    def __init__(self, game: Game, expert_seed: int = 0, key: str | None = None):
        self.key = key  # the lesson's key ("F#"), passed to the naming; None: the session's
        self.game = game
        self.moments = coach.decisions(game, expert_seed)
        self.frame = coach.review_decisions(self.moments)
        self.title = widgets.HTML()
        self.board_view = SvgBoard(game.board)
        self.comment = widgets.HTML()
        self.details = widgets.HTML()
        last = max(len(self.moments) - 1, 0)
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description="decision",
                                        continuous_update=False, readout=False)
        self.first_button = self._button("First", lambda: self.go(0))
        self.previous_button = self._button("Previous", lambda: self.go(self.index - 1))
        self.next_button = self._button("Next", lambda: self.go(self.index + 1))
        self.last_button = self._button("Last", lambda: self.go(len(self.moments) - 1))
        self.hear_played_button = self._button("Hear what was built", self.hear_played)
        self.hear_best_button = self._button("Hear what could have been built", self.hear_best)
        self.listen = ListenPanel()
        self.summary = widgets.HTML(_summary_html(self.frame))
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        steps = widgets.HBox([self.first_button, self.previous_button, self.slider, self.next_button,
                              self.last_button])
        side = widgets.VBox([self.title, self.comment, self.details,
                             widgets.HBox([self.hear_played_button, self.hear_best_button]), self.listen,
                             self.summary], layout=widgets.Layout(max_width="480px"))
        super().__init__([steps, widgets.HBox([self.board_view, side])])
        self.add_class("muz-review")
        self.show(0)

    @property
    def index(self) -> int:
        """The decision shown (0-based)."""
        return self.slider.value

    def _button(self, label: str, action) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
        button.on_click(lambda _button: action())
        return button

    @in_lesson_key
    def redraw_names(self) -> None:
        """Write the comments, the table and the run heard in the note names in force
        (`muzlab.set_note_names`)."""
        self.frame = coach.review_decisions(self.moments)
        self.summary.value = _summary_html(self.frame)
        self.show(self.index)
        self.listen.redraw()

    @in_lesson_key
    def go(self, index: int) -> None:
        """Show decision `index`, kept within the game."""
        self.slider.value = min(max(index, 0), max(len(self.moments) - 1, 0))

    @in_lesson_key
    def show(self, index: int) -> None:
        """Draw the board at decision `index` and say what the coach says about it."""
        count = len(self.moments)
        for button, off in ((self.first_button, index == 0), (self.previous_button, index == 0),
                            (self.next_button, index >= count - 1), (self.last_button, index >= count - 1)):
            button.disabled = off
        if not count:
            self.title.value = "<b>No decision to review yet: roll and play first.</b>"
            self.board_view.show(Scene(self.game.position))
            self.hear_played_button.disabled = self.hear_best_button.disabled = True
            return
        moment, row = self.moments[index], self.frame.iloc[index]
        position, board = moment.position, moment.position.board
        best = coach.best_cell(position, moment.pitch)
        self.board_view.show(Scene(position, highlight=moment.pitch, last=moment.cell,
                                   chosen=[board.parse_cell(name) for name in row["best_cells"]],
                                   tips_for=moment.pitch))
        held = "the passed die" if row["source"] == "passed" else "the die"
        self.title.value = (f"<b>Decision {index + 1} of {count}</b> · turn {row['turn']} · "
                            f"{html.escape(row['player'])} holds {held} <b>{html.escape(row['pitch'])}</b>")
        self.comment.value = f"<p>{html.escape(row['comment'])}</p>"
        self.details.value = html.escape(_details(row))
        opening = len(position) == 0  # a lone die builds nothing to hear
        self.hear_played_button.disabled = moment.cell is None or opening
        self.hear_best_button.disabled = best is None or opening

    @in_lesson_key
    def hear_played(self) -> None:
        """Play the main run the die built at this decision (what it completed first)."""
        moment = self.moments[self.index]
        if moment.cell is not None and len(moment.position):
            self.listen.show(coach.runs_built(moment.position, moment.pitch, moment.cell)[0])

    @in_lesson_key
    def hear_best(self) -> None:
        """Play the main run the best cell would have built."""
        moment = self.moments[self.index]
        best = coach.best_cell(moment.position, moment.pitch)
        if best is not None and len(moment.position):
            self.listen.show(coach.runs_built(moment.position, moment.pitch, best)[0])


def _details(row) -> str:
    played = "not placed" if row["cell"] is None else f"played {row['cell']} for {row['points']}"
    best = ", ".join(row["best_cells"]) or "none"
    expert = row["expert"] or "no cell"
    return (f"{played} · best: {best} ({row['best_points']}) · lost {row['loss']} · "
            f"the expert, looking ahead: {expert}")


def _summary_html(frame) -> str:
    if frame.empty:
        return ""
    table = coach.summary(frame)
    table["best_share"] = (table["best_share"] * 100).round().astype(int).astype(str) + " %"
    table.columns = ["player", "points", "points lost", "decisions", "best decisions", "completions missed",
                     "honeypots missed"]
    return "<b>Per player</b>" + table.to_html(index=False, border=0)
