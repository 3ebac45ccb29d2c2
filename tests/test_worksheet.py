"""The printable teacher pack: question pages then answer pages, text read back from the PDF; the board
at true size; the die net; the `muzlab worksheet` and `muzlab printables` commands."""

import io
import re

import numpy as np
import pytest
from matplotlib.path import Path
from pypdf import PdfReader

import muzlab
from muzlab import MuzlabError
from muzlab.cli import main
from muzlab.core.board import Board
from muzlab.core.pitch import parse_pitch
from muzlab.views.worksheet import (
    BOARD_HEX_MM,
    PAPERS,
    WorksheetError,
    _board_page,
    dodecahedron_net,
    position_sheet_pdf,
    printables,
    sheet_position,
    sheet_questions,
    teacher_pack,
)


def _flat(text: str) -> str:
    """Text with every run of white space as one space (wrapped lines join up again)."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    path = tmp_path_factory.mktemp("pack") / "pack.pdf"
    sheets = teacher_pack(path, seed=11, sheets=3, questions=7)
    return path, sheets, [_flat(page.extract_text()) for page in PdfReader(path).pages]


@pytest.mark.slow
def test_question_pages_come_first_then_as_many_answer_pages(pack):
    _, sheets, pages = pack
    assert len(sheets) == 3 and len(pages) == 6
    for number in (1, 2, 3):
        assert pages[number - 1].startswith(f"Muzundrum worksheet {number}")
        assert pages[number + 2].startswith(f"Answers: worksheet {number}")
    assert all(len(sheet.questions) == 7 for sheet in sheets)


def test_questions_are_on_their_page_and_answers_only_on_answer_pages(pack):
    _, sheets, pages = pack
    question_pages = pages[:3]
    for sheet in sheets:
        for question in sheet.questions:
            assert _flat(question.question) in question_pages[sheet.number - 1]
            assert _flat(question.answer) in pages[3 + sheet.number - 1]
            assert not any(_flat(question.answer) in page for page in question_pages), question.answer


def test_pages_name_cells_never_axial_pairs(pack):
    _, sheets, pages = pack
    board = Board.standard()
    for name in ("a1", "e5", "e9", "i5"):
        assert re.search(rf"\b{name}\b", pages[0])
    assert not any(re.search(r"\(-?\d+, ?-?\d+\)", page) for page in pages)
    for sheet in sheets:
        for question in sheet.questions:
            for name in re.findall(r"\b([a-i][1-9])\b", question.question + " " + question.answer):
                board.parse_cell(name)


def test_the_same_seed_gives_the_same_pdf(tmp_path):
    teacher_pack(tmp_path / "a.pdf", seed=4, sheets=1, questions=3)
    teacher_pack(tmp_path / "b.pdf", seed=4, sheets=1, questions=3)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_a_pack_names_its_game_seeds_and_a_position_sheet_its_notation_not_a_seed(pack):
    _, sheets, pages = pack
    for sheet, question_page, answer_page in zip(sheets, pages[:3], pages[3:], strict=True):
        assert f"Worksheet {sheet.number} of 3 · game seed {sheet.seed} · made with muzlab" in question_page
        assert f"Answers to worksheet {sheet.number} of 3 · game seed {sheet.seed}" in answer_page
    for position in (sheet_position(3), sheet_position(1, "master")):  # the master's notation wraps
        pdf = position_sheet_pdf(position)
        texts = [_flat(page.extract_text()) for page in PdfReader(io.BytesIO(pdf)).pages]
        assert len(texts) == 2 and not any("seed" in text for text in texts)
        for text, start in zip(texts, ("Worksheet 1 of 1", "Answers to worksheet 1 of 1"), strict=True):
            assert f"{start} · position: {position.notation()} · made with muzlab" in text


def test_questions_are_mixed_and_their_answers_agree_with_the_rules():
    position = sheet_position(2)
    questions = sheet_questions(position, seed=2, count=10)
    assert len({q.kind for q in questions}) >= 6
    assert len({q.question.split("?")[0] for q in questions}) == len(questions)
    board = position.board
    for question in questions:
        if question.kind == "where":
            face = re.search(r"showing (\S+) be placed", question.question).group(1)
            pitch = parse_pitch(face.split("/")[0])
            named = re.search(r"cells?: (.*)\.$", question.answer).group(1).split(", ")
            assert {board.parse_cell(name) for name in named} == set(position.legal_placements(pitch))
        if question.kind == "points":
            face, cell = re.search(r"showing (\S+) score on (\w+)\?", question.question).groups()
            points = position.score(parse_pitch(face.split("/")[-1]), board.parse_cell(cell))
            assert question.answer.startswith(f"{points} point")


def test_questions_follow_the_note_name_convention():
    position = sheet_position(2)
    with muzlab.note_names("german"):
        questions = sheet_questions(position, seed=2, count=10)
    key = next(q for q in questions if q.kind == "key")
    spelled = key.answer.split(": ")[1].rstrip(".").split("–")
    assert all(name[0] != "B" or name == "B" for name in spelled)  # German: H for B natural, B for B flat
    assert not any("#" in q.question + q.answer for q in questions)


def test_a_triad_no_major_key_spells_is_asked_without_a_roman_numeral():
    # An augmented triad (a rule set that allows it in a column) is no triad of any major key (this
    # was an IndexError). The master board no longer spells a triad across keys: its lines read by
    # their own letter patterns, so a column's letters stay a third apart.
    import random

    from muzlab import Position, RuleSet
    from muzlab.play.questions import Triad, _in_a_key
    from muzlab.views.worksheet import _triad

    rules = RuleSet(triad_qualities=("major", "minor", "diminished", "augmented"))
    position = Position(None, {"e4": "C", "e5": "E"}, rules)
    cell = position.board.parse_cell("e6")
    (triad,) = [s for s in position.place("G#", cell).structures() if s.kind == "triad"]
    question = _in_a_key(Triad(position, 8, cell, triad), random.Random(4))
    assert question.function is None
    asked, answer = _triad(position, question, muzlab.default_reader())
    assert answer.endswith(": no major key spells it so.") and "Roman numeral" not in asked


def test_master_sheets_use_the_master_board_and_rules():
    position = sheet_position(1, "master")
    assert position.board == Board.master() and position.rules.name == "master"
    assert 14 <= len(position) <= 22


@pytest.mark.parametrize("settings, word", [
    ({"sheets": 0}, "sheets must be"),
    ({"questions": 13}, "questions must be"),
    ({"level": "expert"}, "level must be"),
    ({"paper": "a3"}, "paper must be"),
])
def test_bad_settings_write_nothing_and_say_why(tmp_path, settings, word):
    with pytest.raises(WorksheetError, match=word) as caught:
        teacher_pack(tmp_path / "x.pdf", **settings)
    assert isinstance(caught.value, MuzlabError)
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("level", ["basic", "master"])
def test_the_printed_board_is_true_size_and_on_the_page(paper, level):
    figure = _board_page(paper, level)
    width, height = PAPERS[paper]
    assert tuple(np.round(figure.get_size_inches() * 25.4, 1)) == (width, height)
    board = Board.master() if level == "master" else Board.standard()
    hexes = [p for p in figure.axes[0].patches if len(getattr(p, "get_xy", lambda: [])()) >= 6]
    assert len(hexes) == len(board)
    corners = np.vstack([p.get_xy() for p in hexes])
    assert corners[:, 0].min() >= 5 and corners[:, 0].max() <= width - 5
    assert corners[:, 1].min() >= 5 and corners[:, 1].max() <= height - 5
    one = hexes[0].get_xy()[:6]
    assert np.ptp(one[:, 0]) == pytest.approx(2 * BOARD_HEX_MM[board.name])


def test_printables_pdf_has_the_board_with_every_cell_name_and_the_die(tmp_path):
    path = printables(tmp_path / "kit.pdf", paper="letter")
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    board_text = reader.pages[0].extract_text().split()
    assert set(Board.standard().cell_names) <= set(board_text)
    assert board_text.count("×3") == 6 and board_text.count("×2") == 6
    die_text = reader.pages[1].extract_text().split()
    for face in ("C", "C♯", "D♭", "E", "F♯", "G♭", "B"):
        assert face in die_text


def test_the_die_net_is_twelve_regular_pentagons_with_a_tab_for_every_cut_edge():
    polygons, faces, tabs = dodecahedron_net(20.0)
    assert sorted(faces) == list(range(12)) and len(polygons) == 12
    for pentagon in polygons:
        sides = np.linalg.norm(np.roll(pentagon, -1, axis=0) - pentagon, axis=1)
        assert sides == pytest.approx([20.0] * 5)
    centres = np.array([p.mean(axis=0) for p in polygons])
    inradius = 20.0 / (2 * np.tan(np.pi / 5))
    gaps = [np.linalg.norm(a - b) for i, a in enumerate(centres) for b in centres[i + 1:]]
    assert min(gaps) == pytest.approx(2 * inradius)  # neighbours touch along an edge, nothing overlaps
    # 30 edges: 11 folds hold the 12 faces together, the other 19 are cut and glued with one tab each.
    assert len(tabs) == 19 and len(set(tabs)) == 19
    outlines = [Path(p) for p in polygons]
    for index, side in tabs:  # every tab sits on the outline, with paper free beside it
        a, b = polygons[index][side], polygons[index][(side + 1) % 5]
        outward = np.array([b[1] - a[1], a[0] - b[0]]) / 20.0
        if (polygons[index].mean(axis=0) - a) @ outward > 0:
            outward = -outward
        assert not any(o.contains_point((a + b) / 2 + 3.0 * outward) for o in outlines)


def test_the_commands_write_pdfs_and_refuse_bad_arguments_in_one_line(tmp_path, capsys):
    out = tmp_path / "pack.pdf"
    assert main(["worksheet", "--out", str(out), "--sheets", "1", "--questions", "3", "--seed", "9"]) == 0
    assert len(PdfReader(out).pages) == 2
    assert main(["printables", "--out", str(tmp_path / "kit.pdf"), "--level", "master"]) == 0
    capsys.readouterr()
    assert main(["worksheet", "--out", str(tmp_path / "no" / "p.pdf")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "does not exist" in error and "Traceback" not in error
    with pytest.raises(SystemExit) as caught:
        main(["worksheet", "--out", str(out), "--questions", "many"])
    assert caught.value.code == 2
    assert capsys.readouterr().err.strip().endswith("invalid int value: 'many'")


@pytest.mark.slow
@pytest.mark.parametrize(("language", "heading", "key", "words"), [
    ("de", "Muzundrum-Arbeitsblatt 1", "Lösungen: Arbeitsblatt 1", ("Name", "Datum", "Feld", "Grundstufe")),
    ("fr", "Fiche d'exercices Muzundrum n° 1", "Corrigé : fiche n° 1",
     ("Nom", "Date", "case", "Niveau de base")),
])
def test_a_worksheet_pdf_in_german_and_in_french(tmp_path, language, heading, key, words):
    """The pack's headings, questions and answer key in the reader's language, its notes in the
    language's names; each printed answer is the sheet's own."""
    from muzlab.names.language import DEFAULT_NOTE_NAMES
    from muzlab.names.reader import Reader

    reader = Reader(DEFAULT_NOTE_NAMES[language], typeset=True, language=language)
    made = teacher_pack(tmp_path / "pack.pdf", seed=3, sheets=1, questions=7, reader=reader)
    question_page, answer_page = (_flat(page.extract_text())
                                  for page in PdfReader(tmp_path / "pack.pdf").pages)
    assert heading in question_page and key in answer_page
    assert all(word in question_page for word in words)
    for question in made[0].questions:
        assert _flat(question.question) in question_page and _flat(question.answer) in answer_page
    english = ("Where may", "Which triad", "worksheet", "Answers", "score", "made with", "could become")
    assert [word for word in english if word in question_page + answer_page] == []
    assert ("Tonleiter" if language == "de" else "gamme") in question_page + answer_page


@pytest.mark.slow
@pytest.mark.parametrize(("argv", "environment", "code", "heading"), [
    (["--language", "de"], {}, "de", "Muzundrum-Arbeitsblatt 1"),
    ([], {"LANG": "fr_FR.UTF-8"}, "fr", "Fiche d'exercices Muzundrum n° 1"),
    (["--language", "es"], {"LANG": "de_DE.UTF-8"}, "es", None),
])
def test_the_worksheet_command_writes_the_pack_in_its_language(argv, environment, code, heading, tmp_path,
                                                                capsys, monkeypatch):
    """`muzlab worksheet` follows --language (else LANG): the pack's pages in that language, its notes
    in that language's names, with the same questions on the same positions as the pack made for
    that reader."""
    from test_languages import catalogues, english_words

    from muzlab.names.language import DEFAULT_NOTE_NAMES
    from muzlab.names.reader import Reader
    from muzlab.views.worksheet import make_sheets

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    out = tmp_path / "pack.pdf"
    assert main([*argv, "worksheet", "--out", str(out), "--sheets", "1", "--questions", "6",
                 "--seed", "5"]) == 0
    said = capsys.readouterr().out.replace(str(out), "FILE").replace(str(out.with_suffix(".html")), "FILE")
    # (the paths are the test's, not words)
    question_page, answer_page = (_flat(page.extract_text()) for page in PdfReader(out).pages)
    reader = Reader(DEFAULT_NOTE_NAMES[code], typeset=True, language=code)
    (sheet,) = make_sheets(5, 1, 6, "basic", reader)
    assert sheet.reader == reader and len(sheet.questions) == 6
    for question in sheet.questions:
        assert _flat(question.question) in question_page and _flat(question.answer) in answer_page
    if heading:
        assert heading in question_page
    leftovers = english_words(code, catalogues.extract())
    for text in (question_page, answer_page, said):
        left = set(re.findall(r"[a-zà-ÿ]{3,}", text.lower())) & leftovers
        assert not left, (left, text)
