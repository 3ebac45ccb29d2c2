"""Explorer: a teacher's workbench. Put or remove any dice (by clicking, or typing "C e5"), see every broken
run with why, the legal cells and points of a pitch, what each run could become, each complete triad's
function in the lesson key (in the reader's harmony style), hear it, and export the notation; what a
change did is said through the board's live region too. By ear, a clicked cell takes the note then
sung or played (NoteInput), if the rules allow it there."""

from __future__ import annotations

import html

import ipywidgets as widgets

from muzlab.core.board import Board
from muzlab.core.errors import MuzlabError
from muzlab.core.hexgrid import Cell
from muzlab.names import position_words, structure_words
from muzlab.names.error_words import error_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import face_label
from muzlab.names.typed_moves import read_move
from muzlab.notebook import Position
from muzlab.reading import shown
from muzlab.rules.ruleset import RuleSet
from muzlab.widgets.files import Download, DownloadButton
from muzlab.widgets.listen import ListenPanel, in_browser
from muzlab.widgets.menus import OptionalDropdown, relabel
from muzlab.widgets.move_field import MoveField
from muzlab.widgets.note_input import NoteInput
from muzlab.widgets.svgboard import ScaledByItsBoard, Scene, SvgBoard, where

ERASE = -1
#: The palette's "by ear": a click chooses the cell, and the next note heard fills it.
BY_EAR = -2


#: The file name of a worksheet's web page, as its PDF names it.
WORKSHEET_PAGE = "muzundrum-worksheet.html"


class Explorer(ScaledByItsBoard, widgets.VBox):
    """Set up any position: the palette's note goes where you click (click it again to remove).

    `scale` enlarges the board for a projector; `board_view.cells[(q, r)].click()` clicks a cell.
    With the palette "by ear", a click chooses a cell and `note_input` (a NoteInput) fills it.
    """

    def __init__(self, position: Position | None = None, board: Board | str | None = None,
                 rules: RuleSet | str | None = None, scale: float = 1.0, key: str | None = None):
        self.key = key  # the lesson's key ("F#"), passed to the naming in `reader`; None: the default's
        if position is not None:
            board, rules, dice = position.board, position.rules, dict(position.dice)
        else:
            dice = {}
        self.position = Position(board, dice, rules, strict=False)
        reader = self.reader
        self.palette = widgets.ToggleButtons(options=_palette(reader), value=0,
                                             style={"button_width": "auto"})  # as wide as "F#/Gb"
        # "none" and "choose a run" are shown by their words, not as a blank box
        self.pitch_choice = OptionalDropdown(options=_pitch_choices(reader), value=None,
                                             style={"description_width": "initial"})
        self.runs = OptionalDropdown(options=[], style={"description_width": "initial"})
        self.message = widgets.HTML()
        self.problem_list = widgets.HTML()
        notation = self._notation_row()
        self.listen = ListenPanel()
        self.chosen_cell: Cell | None = None  # by ear: the cell the next heard note goes to
        self.note_input = NoteInput(reader, on_note=self.hear)
        self.cell_names = widgets.Checkbox(value=False, layout=widgets.Layout(width="auto"))
        self.function_labels = widgets.Checkbox(value=True, layout=widgets.Layout(width="auto"))
        self.function_labels.add_class("muz-function-labels")
        self.move_field = MoveField(on_move=self.type_move)
        self.board_view = SvgBoard(self.position.board, on_click=self.click, scale=scale)
        self._label(reader)
        self.cell_names.observe(self._names_toggled, names="value")
        self.function_labels.observe(lambda _change: self._refresh(), names="value")
        self.pitch_choice.observe(lambda _change: self._refresh(), names="value")
        self.runs.observe(self._run_chosen, names="value")
        self.palette.observe(lambda _change: self._choose(None), names="value")
        controls = widgets.VBox([self.palette, self.move_field, self.note_input, self.pitch_choice, self.runs,
                                 self.cell_names, self.function_labels, self.listen])
        super().__init__([
            widgets.HBox([self.board_view, controls]),
            self.message, self.problem_list, notation,
        ])
        self.add_class("muz-explorer")
        self._refresh()

    def _notation_row(self) -> widgets.HBox:
        """The position in and out: its notation to edit and load, Clear, and a worksheet made of it."""
        self.notation = widgets.Text(layout=widgets.Layout(width="95%"),
                                     style={"description_width": "initial"})
        self.notation.add_class("muz-notation")
        self.load_button = widgets.Button()
        self.load_button.add_class("muz-load-notation")
        self.load_button.on_click(lambda _button: self.load(self.notation.value))
        self.clear_button = widgets.Button()
        self.clear_button.on_click(lambda _button: self._set(Position(
            self.position.board, {}, self.position.rules, strict=False)))
        self.worksheet_button = DownloadButton("", self.worksheet_file, "muz-worksheet")
        self.worksheet_page_button = DownloadButton("", lambda: self.worksheet_file(page=True),
                                                    "muz-worksheet-page")
        if in_browser():  # a worksheet is a PDF drawn by matplotlib, which the homework edition lacks
            self.worksheet_button.layout.display = "none"
            self.worksheet_page_button.layout.display = "none"
        return widgets.HBox([self.notation, self.load_button, self.clear_button, self.worksheet_button,
                             self.worksheet_page_button], layout=widgets.Layout(flex_flow="row wrap"))

    @property
    def reader(self) -> Reader:
        """The reader the explorer writes for: the default reader, typeset, in its lesson key."""
        return shown(self.key)

    def _names_toggled(self, change) -> None:
        self.board_view.show_names = change["new"]
        self._refresh()

    def _label(self, reader: Reader) -> None:
        """The explorer's own words (labels, buttons, hover text) in `reader`'s language."""
        self.palette.description = reader.gettext("Note")
        self.pitch_choice.description = reader.gettext("Legal for")
        self.runs.description = reader.gettext("Run")
        self.notation.description = reader.gettext("Notation")
        self.load_button.description = reader.gettext("Load notation")
        self.clear_button.description = reader.gettext("Clear board")
        self.worksheet_button.description = reader.gettext("Make a worksheet from this position")
        self.worksheet_button.tooltip = reader.gettext(
            "A PDF: this board, questions on it and their answers, saved on this device")
        self.worksheet_page_button.description = reader.gettext("The same worksheet as a web page")
        self.worksheet_page_button.tooltip = reader.gettext(
            "A web page with the same board, questions and answers in words, tables and lists, for a "
            "screen reader; saved on this device")
        self.cell_names.description = reader.gettext("cell names")
        self.function_labels.description = (
            reader.gettext("each triad's function in the lesson key") if reader.harmony_style == "functions"
            else reader.gettext("each triad's Roman numeral in the lesson key"))
        self.move_field.word(self.board_view.board, reader, reader.gettext(
            "Type a cell ({cell}) to place the chosen note there, or a note and a cell ({move}), and press "
            "Enter"))

    def redraw_names(self) -> None:
        """Write every note and word again in the note names and language in force
        (`muzlab.set_note_names`, `muzlab.set_language`): the palette, the pitch menu, the board, the
        runs and the run heard last."""
        reader = self.reader
        self._label(reader)
        relabel(self.palette, _palette(reader))
        relabel(self.pitch_choice, _pitch_choices(reader))
        self.note_input.redraw(reader)
        self._refresh()
        self.listen.redraw(reader)

    def click(self, cell: Cell) -> None:
        """Put the palette's note on the cell, or remove the die there (erase, or the same note); by
        ear, choose the cell for the next note heard (a second click on it lets it go)."""
        cell = self.position.board.as_cell(cell)  # a name such as "e6", or (q, r)
        dice = dict(self.position.dice)
        chosen = self.palette.value
        if chosen == BY_EAR:
            self._choose(None if cell == self.chosen_cell else cell)
            return
        if chosen == ERASE or dice.get(cell) == chosen:
            dice.pop(cell, None)
        else:
            dice[cell] = chosen
        self._set(Position(self.position.board, dice, self.position.rules, strict=False))
        self.board_view.tell(self._news(cell))

    def type_move(self, text: str | None = None) -> None:
        """Put a die where `text` (by default the move field's) says: "C e5" puts C on e5 (and chooses
        C in the palette), "e5" does what a click on e5 does; text that is no move changes nothing and
        says why. The field is emptied once the board changed."""
        text, reader = self.move_field.value if text is None else text, self.reader
        try:
            move = read_move(text, self.position.board, reader)
        except MuzlabError as error:
            said = error_words(error, reader)
            self.message.value = f"<span style='color:#b00'>✗ {html.escape(said)}</span>"
            self.board_view.tell(said)
            return
        if move.pitch is not None:
            self.palette.value = move.pitch
        if move.pitch is not None and self.position.dice.get(move.cell) == move.pitch:  # kept, not taken off
            self.board_view.tell(self._news(move.cell))
        else:
            self.click(move.cell)
        self.move_field.value = ""

    def _news(self, cell: Cell) -> str:
        """What `cell` holds now (as the board names its die) and whether the runs follow the rules."""
        reader = self.board_view.reader
        if cell in self.position.dice:
            said = f"{self.board_view.where(cell)}."
        else:
            said = reader.gettext("{cell} is empty.").format(cell=where(self.position.board, cell, reader))
        problems = position_words.problems(self.position, reader)
        rest = [problem.reason.rstrip(".") + "." for problem in problems] or [
            reader.gettext("Every run follows the rules.")]
        return " ".join([said, *rest])

    def hear(self, pitch: int, source: str = "click") -> None:
        """A note heard (sung, played, typed or clicked in `note_input`) fills the chosen cell if the
        rules allow it there; otherwise the board stays as it was and the message says why."""
        reader, cell = self.reader, self.chosen_cell
        if cell is None:
            self._say(reader.gettext("Choose “by ear”, click a cell, then sing or play its note."))
            return
        refused = position_words.explain(self.position, pitch, cell, reader)
        if refused is not None:
            self._say(reader.gettext("{note} cannot go there: {reason}").format(
                note=face_label(pitch, reader), reason=refused))
            return
        self.chosen_cell = None
        self._set(self.position.place(pitch, cell))

    def _choose(self, cell: Cell | None) -> None:
        """Choose the cell the next heard note fills (None: none), drawn outlined."""
        self.chosen_cell = cell
        self._refresh()
        if cell is not None:
            self.message.value = html.escape(self.reader.gettext(
                "Now sing or play the note for {cell}.").format(cell=self.position.board.cell_name(cell)))

    def _say(self, words: str) -> None:
        self.message.value = f"<span style='color:#b00'>{html.escape(words)}</span>"

    def load(self, text: str) -> None:
        """Load a position from its notation; a bad text leaves the board as it was and says why (also to a
        screen reader)."""
        try:
            position = Position.from_notation(text, strict=False)
        except MuzlabError as error:
            return self._refuse(error_words(error, self.reader))
        if position.board != self.position.board:
            return self._refuse(self.reader.gettext("that notation is for the {board} board").format(
                board=position.board.name))
        self._set(position)

    def _refuse(self, said: str) -> None:
        """Write why a notation was not loaded under the board, and say it through the board's live
        region (the message line is not one)."""
        self.message.value = f"<span style='color:#b00'>{html.escape(said)}</span>"
        self.board_view.tell(said)

    def worksheet_file(self, page: bool = False) -> Download | None:
        """A worksheet (PDF, or with `page` its web page) on the position shown, with its answer key;
        None, and a sentence in the message line, for a position that cannot be one."""
        from muzlab.views.worksheet import position_sheet_pdf  # matplotlib loads only when a sheet is made
        from muzlab.views.worksheet_html import position_sheet_html

        try:
            if page:
                made = Download(WORKSHEET_PAGE, "text/html",
                                position_sheet_html(self.position, reader=self.reader).encode("utf-8"))
            else:
                pdf = position_sheet_pdf(self.position, reader=self.reader, web_page=WORKSHEET_PAGE)
                made = Download("muzundrum-worksheet.pdf", "application/pdf", pdf)
        except MuzlabError as error:
            said = self.reader.gettext("No worksheet: {reason}.").format(
                reason=error_words(error, self.reader))
            self.message.value = f"<span style='color:#b00'>✗ {html.escape(said)}</span>"
            return None
        self.message.value = ""
        return made

    def _set(self, position: Position) -> None:
        self.position = position
        self.message.value = ""
        self._refresh()

    def _refresh(self) -> None:
        position, reader = self.position, self.reader
        problems = position_words.problems(position, reader)
        marked = {cell: p.reason for p in problems for cell in p.cells}
        pitch = self.pitch_choice.value
        legal = () if pitch is None else position.legal_placements(pitch)
        chosen = () if self.chosen_cell is None else (self.chosen_cell,)
        scene = Scene(position, highlight=pitch, lit=legal, marked=marked, chosen=chosen, tips_for=pitch,
                      functions=self.function_labels.value)
        self.board_view.show(scene, reader)
        fine = reader.gettext("every run follows the rules")
        self.problem_list.value = "".join(
            f"<div style='color:#b00'>✗ {html.escape(p.reason)}</div>" for p in problems
        ) or f"<div style='color:#080'>✓ {html.escape(fine)}</div>"
        self.notation.value = position.notation()
        self.structures = position.structures(reader.key or "")
        self.runs.options = [(reader.gettext("choose a run"), None)] + [
            (structure_words.describe(s, reader), index) for index, s in enumerate(self.structures)]
        self.runs.value = None

    def _run_chosen(self, change) -> None:
        if change["new"] is None:
            return
        structure, reader = self.structures[change["new"]], self.reader
        self.board_view.show(Scene(self.position, chosen=structure.cells,
                                   functions=self.function_labels.value), reader)
        self.listen.show(structure, reader)


def _palette(reader: Reader) -> list[tuple[str, int]]:
    """The palette: the twelve dice faces by name, then the eraser and "by ear"."""
    return [(face_label(pitch, reader), pitch) for pitch in range(12)] + [
        (reader.gettext("erase"), ERASE), (reader.gettext("by ear"), BY_EAR)]


def _pitch_choices(reader: Reader) -> list[tuple[str, int | None]]:
    return [(reader.pgettext("legal for", "none"), None)] + [(face_label(pitch, reader), pitch)
                                                             for pitch in range(12)]
