"""The web page written beside each printable (issue 58, WCAG 1.1.1 and 1.3.1 for the printables): the
same words as the PDF (read back with pypdf) as headings, lists and tables, in the reader's language,
and the PDF's own title and language in its metadata. axe-core reads the pages in
tests/test_axe_printables_browser.py."""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader
from test_term import graded_term

from muzlab.cli import main
from muzlab.core.board import Board
from muzlab.names.output_words import percent_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import face_label, symbols
from muzlab.views.worksheet import WorksheetError, sheet_position
from muzlab.views.worksheet_commands import html_beside
from muzlab.views.worksheet_html import position_sheet_html

CELL = re.compile(r"[a-z]\d+")


class Page(HTMLParser):
    """What a screen reader reads of a page: its language and title, its headings, list items, tables
    (their rows of header and data cells), answers, pictures' names, and all its text outside <style>."""

    def __init__(self, text: str):
        super().__init__()
        self.language = self.title = ""
        self.headings: list[str] = []
        self.items: list[str] = []
        self.answers: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.pictures: list[str] = []
        self.words: list[str] = []
        self._open: list[str] = []
        self._text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.language = attrs.get("lang", "")
        elif tag == "svg":
            self.pictures.append(f"{attrs.get('role')}: {attrs.get('aria-label')}")
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        answer = attrs.get("class") == "answer"
        if tag in ("title", "h1", "h2", "h3", "h4", "li", "th", "td", "style") or answer:
            self._open.append("answer" if answer else tag)
            self._text = []

    def handle_endtag(self, tag):
        if not self._open or self._open[-1] != ("answer" if tag == "p" else tag):
            return
        done = self._open.pop()
        said = flat("".join(self._text))
        if done == "title" and not self.title:
            self.title = said
        elif done in ("h1", "h2", "h3", "h4"):
            self.headings.append(said)
        elif done == "li":
            self.items.append(said)
        elif done == "answer":
            self.answers.append(said)
        elif done in ("th", "td"):
            self.tables[-1][-1].append(said)

    def handle_data(self, data):
        if "style" not in self._open:
            self._text.append(data)
            self.words.append(data)

    def text(self) -> str:
        return flat(" ".join(self.words))


def flat(text: str) -> str:
    """Text with every run of white space as one space (a PDF's wrapped lines join up again)."""
    return " ".join(text.split())


def pdf_pieces(page) -> list[str]:
    """Each piece of text a PDF page draws, stripped, the empty ones left out."""
    pieces: list[str] = []
    page.extract_text(visitor_text=lambda text, *_: pieces.append(text.strip()))
    return [piece for piece in pieces if piece]


def die_names(pieces: list[str]) -> Counter:
    """The dice a worksheet's board shows: the pieces drawn after the page's words (its footer, made
    with muzlab) that are not a sentence, a cell name or a honeypot, each name of a two-named die
    counted apart."""
    footer = max(number for number, piece in enumerate(pieces) if "made with muzlab" in piece
                 or "erstellt mit muzlab" in piece)
    return Counter(name for piece in pieces[footer + 1:] if " " not in piece and not CELL.fullmatch(piece)
                   and not re.fullmatch(r"×\d", piece) for name in piece.split("/"))


def page_line(file: str, language: str) -> str:
    """The line at the top of a printable's page naming its web page."""
    words = Reader(language=language).gettext("The same as a web page, for a screen reader: {file}")
    return flat(words.format(file=file))


def catalogue(path) -> dict:
    """A PDF's language and "show the title" preference in its catalogue, and its title."""
    pdf = PdfReader(path)
    root = pdf.trailer["/Root"]
    return {"lang": str(root.get("/Lang")), "title": pdf.metadata.title,
            "show title": bool(root["/ViewerPreferences"]["/DisplayDocTitle"])}


@pytest.mark.parametrize(("language", "heading", "questions"), [
    ("en", "Muzundrum worksheet 1", "Questions"), ("de", "Muzundrum-Arbeitsblatt 1", "Fragen")])
def test_the_worksheet_command_writes_a_web_page_with_the_pdfs_words_and_dice(
        language, heading, questions, tmp_path, capsys):
    out = tmp_path / "pack.pdf"
    assert main(["--language", language, "worksheet", "--out", str(out), "--sheets", "2", "--questions", "7",
                 "--seed", "4"]) == 0
    assert str(tmp_path / "pack.html") in capsys.readouterr().out
    page = Page((tmp_path / "pack.html").read_text(encoding="utf-8"))
    pdf = PdfReader(out)
    assert catalogue(out) == {"lang": language, "show title": True, "title": page.title}
    assert page.language == language and page.headings[0] == page.title
    assert heading in page.headings and page.headings.count(questions) == 2
    pages = [flat(one.extract_text()) for one in pdf.pages]
    assert all(flat(page_line("pack.html", language)) in text for text in pages)  # each page names it
    dice_tables = [table for table in page.tables if len(table[0]) == 2]
    assert len(dice_tables) == len(page.pictures) == 2
    for number, (table, picture) in enumerate(zip(dice_tables, page.pictures, strict=True)):
        # each question of the sheet, in its PDF page's words, in order
        asked = [item for item in page.items if item in pages[number]]
        assert len(asked) == 7
        where = [pages[number].index(item) for item in asked]
        assert where == sorted(where)
        # the board's dice: the table holds what the PDF's board shows, die for die; the picture says each
        rows = table[1:]
        assert die_names(pdf_pieces(pdf.pages[number])) == Counter(
            name for _cell, die in rows for name in die.split("/"))
        assert picture.startswith("img: ")
        assert all(f"{die} " in picture and cell in picture for cell, die in rows)
    # the answers, in the answer pages' words
    assert len(page.answers) == 14 and all(answer in " ".join(pages[2:]) for answer in page.answers)
    # the lines holding two dice or more, each die as the table has it; what a run builds is not said
    # (the printed board does not say it: the questions ask it)
    html_text = (tmp_path / "pack.html").read_text(encoding="utf-8")
    for sheet in re.findall(r'<section aria-labelledby="sheet-\d+">.*?</section>', html_text, re.S):
        sheet = Page(sheet)
        dice = dict(sheet.tables[0][1:])
        lines = [item.split(": ") for item in sheet.items if CELL.fullmatch(item.split(": ")[0])]
        assert len(lines) > len(dice) and all(dice[cell] == die for cell, die in lines)
        said = sheet.text()
        assert not any(word in said for word in ("could become", "scale run", "könnte", "Tonleiterlauf"))
    if language == "de":
        assert english_left(page.text()) == set()


def english_left(text: str) -> set[str]:
    """The words of `text` that only muzlab's English sentences use (none, in a German page)."""
    from test_languages import catalogues, english_words

    return set(re.findall(r"[a-zà-ÿ]{3,}", text.lower())) & english_words("de", catalogues.extract())


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_printables_command_writes_a_web_page_with_every_cell_honeypot_and_face(language, tmp_path):
    out = tmp_path / "kit.pdf"
    assert main(["--language", language, "printables", "--out", str(out), "--paper", "letter"]) == 0
    page = Page((tmp_path / "kit.html").read_text(encoding="utf-8"))
    board_page, die_page = PdfReader(out).pages
    assert catalogue(out) == {"lang": language, "show title": True, "title": page.title}
    assert page.language == language
    assert language == "en" or english_left(page.text()) == set()
    assert all(page_line("kit.html", language) in flat(one.extract_text()) for one in (board_page, die_page))
    cells_table, faces_table = page.tables
    assert len(cells_table) == 1 + 9  # its header, then a row per column
    listed = [cell for row in cells_table[1:] for cell in row[1].split(", ")]
    assert sorted(listed) == sorted(Board.standard().cell_names)
    assert sorted(listed) == sorted(piece for piece in pdf_pieces(board_page) if CELL.fullmatch(piece))
    marks = " ".join(row[2] for row in cells_table[1:])
    assert marks.count("×3") == 6 == board_page.extract_text().count("×3")
    assert marks.count("×2") == 6 == board_page.extract_text().count("×2")
    start = "start" if language == "en" else "Start"
    assert f"e5: {start}" in marks and start in board_page.extract_text()
    reader = Reader("german" if language == "de" else "english", typeset=True, language=language)
    faces = faces_table[1:]
    assert [row[0] for row in faces] == [face_label(face, reader, prose=True) for face in range(12)]
    assert [row[1] for row in faces] == [face_label((face + 6) % 12, reader, prose=True)
                                         for face in range(12)]
    board_title, die_title = page.headings[1:]
    pieces = pdf_pieces(die_page)
    drawn = pieces[:pieces.index(die_title)]  # the faces, drawn before the words
    assert Counter(symbols(name, reader) for row in faces for name in row[0].split("/")) == Counter(drawn)
    assert board_title in flat(board_page.extract_text()) and die_title in flat(die_page.extract_text())
    how = [flat(text) for text in page.words if "mm" in text][-1]  # how to make the die, with its size
    assert how in flat(die_page.extract_text())


def test_an_out_that_would_name_the_pdf_and_its_page_is_refused_and_nothing_written(tmp_path, capsys):
    with pytest.raises(WorksheetError, match="would name both"):
        html_beside(tmp_path / "pack.html")
    assert main(["worksheet", "--out", str(tmp_path / "pack.html")]) == 2
    assert "would name both" in capsys.readouterr().err and list(tmp_path.iterdir()) == []
    (tmp_path / "kit.html").write_text("the teacher's own page")
    assert main(["printables", "--out", str(tmp_path / "kit.pdf")]) == 2  # its page would replace a file
    assert "already exists" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.html"]
    assert (tmp_path / "kit.html").read_text() == "the teacher's own page"


def test_the_explorers_worksheet_as_a_web_page():
    from muzlab.widgets.explorer import Explorer

    explorer = Explorer()
    assert explorer.worksheet_page_button.click() is None and "the board is empty" in explorer.message.value
    explorer = Explorer(sheet_position(3))
    made = explorer.worksheet_page_button.click()
    assert made.name == "muzundrum-worksheet.html" and explorer.message.value == ""
    page = Page(made.data.decode("utf-8"))
    assert page.language == "en" and page.title == "Muzundrum worksheet 1"
    assert page.pictures and "position:" in page.text()
    assert made.data.decode("utf-8") == position_sheet_html(sheet_position(3))
    pdf = PdfReader(io.BytesIO(explorer.worksheet_button.click().data))
    assert all(page_line(made.name, "en") in flat(one.extract_text()) for one in pdf.pages)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_parents_report_is_in_the_zip_as_a_web_page_with_the_pdfs_words(language, tmp_path):
    from muzlab.app.term_report import report_html, report_pdf, reports_zip

    room, term, _a = graded_term(tmp_path)
    anna = next(s for s in room.students.values() if s.nickname == "Anna")
    teacher = Reader(language=language)
    pdf = report_pdf(term, anna.id, teacher)
    page = Page(report_html(term, anna.id, teacher))
    text = flat(PdfReader(io.BytesIO(pdf)).pages[0].extract_text())
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata.title == page.title and page.title.startswith("Anna")
    assert str(reader.trailer["/Root"]["/Lang"]) == page.language == language
    assert page.title in text and len(page.headings) == 4  # the title, ideas, weeks, assignments
    # (the assignment's title is the teacher's own words)
    assert language == "en" or english_left(page.text().replace("Thirds, week 1", "")) == set()
    assert english_left(page.text()) if language == "en" else True  # (the check could fail)
    for item in page.items:  # each idea's line and each assignment's, as the PDF writes them
        assert flat(item) in text, (item, text)
    (weeks,) = page.tables  # the picture's figures: a row per idea, a column per week
    assert len(weeks) == 2 and len(weeks[0]) == 2 and weeks[0][1] in text and weeks[1][0] in text
    assert weeks[1][1] == flat(percent_words(100, Reader(language=language)))  # Anna's two thirds, both right
    archive = zipfile.ZipFile(io.BytesIO(reports_zip(term, teacher)))
    assert archive.read(f"reports/{anna.id}-Anna.html").decode() == report_html(term, anna.id, teacher)
    beside = flat(PdfReader(io.BytesIO(archive.read(f"reports/{anna.id}-Anna.pdf"))).pages[0].extract_text())
    assert page_line(f"{anna.id}-Anna.html", language) in beside  # the PDF in the zip names its page
    room.store.close()
