"""The teacher pack and the board-and-die kit as web pages, written beside their PDFs: the same words
(muzlab.views.worksheet's) as headings, lists and tables, each board as a picture named by its dice and
as a table and lists of them, so a student who cannot read the printed page reads these (WCAG 1.1.1,
1.3.1). Every name comes from the one naming path (muzlab.names), worded for the sheet's reader."""

from __future__ import annotations

import re
from html import escape

from muzlab.core.board import Board
from muzlab.core.hexgrid import LINE_NAMES
from muzlab.names.board_lists import line_title
from muzlab.names.language import labelled
from muzlab.names.reader import Reader
from muzlab.names.spelling import face_label
from muzlab.reading import for_people
from muzlab.rules.position import Position
from muzlab.views import worksheet
from muzlab.views.html_page import heading, html_page, item_list, paragraph, section, table
from muzlab.views.svg import board_view, honeypot_label, position_svg
from muzlab.views.worksheet import Sheet


def pack_html(sheets: list[Sheet], level: str) -> str:
    """The worksheets of `teacher_pack` as one page: each sheet's board and questions, then each
    sheet's answers, worded for the sheets' reader."""
    reader = sheets[0].reader
    body = [_question_section(sheet, level, len(sheets)) for sheet in sheets]
    body += [_answer_section(sheet, len(sheets)) for sheet in sheets]
    return html_page(worksheet.pack_title(len(sheets), reader), reader.language, "".join(body))


def position_sheet_html(position: Position, seed: int = 0, questions: int = 8,
                        reader: Reader | None = None) -> str:
    """One worksheet on a given position and its answers as a page, as `position_sheet_pdf` prints them;
    WorksheetError for a position with broken runs or no die."""
    sheet = worksheet.position_sheet(position, seed, questions, reader)
    return html_page(worksheet.sheet_title(sheet), sheet.reader.language,
                     _question_section(sheet, worksheet.sheet_level(position), 1) + _answer_section(sheet, 1))


def _question_section(sheet: Sheet, level: str, total: int) -> str:
    reader, anchor = sheet.reader, f"sheet-{sheet.number}"
    return section(anchor, heading(2, worksheet.sheet_title(sheet), anchor)
                   + paragraph(worksheet.level_words(level, sheet.position, reader))
                   + board_html(sheet.position, reader, 3)
                   + heading(3, reader.pgettext("a worksheet's web page", "Questions"))
                   + item_list((question.question for question in sheet.questions), ordered=True)
                   + paragraph(worksheet.footer_words(sheet, total), "footer"))


def _answer_section(sheet: Sheet, total: int) -> str:
    reader, anchor = sheet.reader, f"answers-{sheet.number}"
    title = reader.gettext("Answers: worksheet {number}").format(number=sheet.number)
    items = "".join(f'<li><p>{escape(asked.question)}</p><p class="answer">{escape(asked.answer)}</p></li>\n'
                    for asked in sheet.questions)
    return section(anchor, heading(2, title, anchor) + f"<ol>\n{items}</ol>\n"
                   + paragraph(worksheet.footer_words(sheet, total, answers=True), "footer"))


def board_html(position: Position, reader: Reader, level: int) -> str:
    """A position as the printed board shows it: a picture named by its dice, a table of its dice by
    cell, and each line holding two dice or more with its dice from the bottom up (what a run builds is
    left out, as on the printed board: the questions ask it); headings at `level`."""
    board = position.board
    view = board_view(position, show_structures=False, coordinates=True, reader=reader)
    cells = sorted(view.labels, key=lambda c: (c[0], -c[1]))  # as the cell names read: a1, a2, ..., b1
    rows = [(board.cell_name(cell), view.labels[cell]) for cell in cells]
    out = ["<figure>\n", position_svg(position, show_structures=False, coordinates=True, reader=reader),
           "</figure>\n", heading(level, reader.pgettext("a worksheet's web page", "The dice on the board"))]
    if not rows:
        return "".join(out) + paragraph(reader.gettext("The board is empty."))
    out.append(table(reader.ngettext("{count} die, by cell", "{count} dice, by cell", len(rows)).format(
        count=len(rows)), (reader.pgettext("a worksheet's web page", "Cell"),
                           reader.pgettext("a worksheet's web page", "Die")), rows))
    out.append(heading(level, reader.pgettext("a worksheet's web page", "The dice line by line")))
    for number, line in enumerate(LINE_NAMES):
        for stretch in board.lines[number]:
            along = [board.cells[i] for i in stretch]
            held = [cell for cell in along if cell in view.labels]
            if len(held) > 1:
                out.append(heading(level + 1, line_title(board, line, along, reader))
                           + item_list(labelled(board.cell_name(cell), view.labels[cell], reader.language)
                                       for cell in held))
    return "".join(out)


def kit_html(level: str, paper: str, reader: Reader | None = None) -> str:
    """The board and die net of `printables` as a page: the board's cells column by column with its
    honeypots and start, then the die's twelve faces, each with the face opposite it."""
    reader = for_people(reader)
    board = worksheet.kit_board(level)
    size = f"{worksheet.BOARD_HEX_MM[board.name] * 3 ** 0.5:.0f}"
    board_part = (heading(2, worksheet.board_title(board, reader), "board")
                  + paragraph(reader.gettext("The PDF beside this page prints this board at true size, each "
                                             "cell {size} mm across, for a game on paper.").format(size=size))
                  + paragraph(worksheet.board_legend(reader).replace("\n", " "))
                  + f"<figure>\n{position_svg(Position(board), coordinates=True, reader=reader)}</figure>\n"
                  + _cells_table(board, reader))
    faces = [(face_label(face, reader, prose=True), face_label((face + 6) % 12, reader, prose=True))
             for face in range(12)]
    die_part = (heading(2, worksheet.die_title(reader), "die") + paragraph(worksheet.die_how(paper, reader))
                + table(reader.gettext("The twelve faces"), (
                    reader.pgettext("a die's web page", "Face"),
                    reader.pgettext("a die's web page", "Opposite face")), faces))
    return html_page(worksheet.kit_title(level, reader), reader.language,
                     section("board", board_part) + section("die", die_part))


def _cells_table(board: Board, reader: Reader) -> str:
    """The board's cells column by column, bottom to top, and its marked cells: honeypots and start."""
    rows = []
    for stretch in board.lines[LINE_NAMES.index("column")]:
        names = [board.cell_name(board.cells[i]) for i in stretch]
        marks = [f"{board.cell_name(board.cells[i])}: {honeypot_label(board.honeypots[board.cells[i]])}"
                 for i in stretch if board.cells[i] in board.honeypots]
        marks += [f"{board.cell_name(board.centre)}: {reader.gettext('start')}"
                  for i in stretch if board.cells[i] == board.centre]
        rows.append((re.sub(r"\d+$", "", names[0]), ", ".join(names), ", ".join(marks)))
    return table(reader.gettext("The board's cells, column by column from the bottom"),
                 (reader.pgettext("a board's web page", "Column"),
                  reader.pgettext("a board's web page", "Cells"),
                  reader.pgettext("a board's web page", "Honeypots and start")), rows)

