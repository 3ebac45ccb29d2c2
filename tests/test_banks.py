"""Question banks for Moodle and Canvas, read back by tools nobody here wrote: moodle-xml-parser for
Moodle XML, qti2latex's QTI 1.2 reader for the Canvas zip; and checked against the formats' rules
(well-formed UTF-8 XML, escaped text, every picture referenced the way the format documents)."""

from __future__ import annotations

import base64
import html
import importlib.util
import io
import re
import subprocess
import sys
import wave
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from muzlab.app.term import MAX_ITEMS as TERM_MAX_ITEMS
from muzlab.names.reader import Reader
from muzlab.views.bank import MAX_ITEMS, Bank, BankError, make_bank
from muzlab.views.bank_files import bank_file, command_kinds
from muzlab.views.bank_kinds import KINDS, Choice
from muzlab.views.moodle_xml import moodle_xml
from muzlab.views.qti import qti_zip

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"
#: Moodle's allowed grades (question_bank::fraction_options_full), in per cent.
MOODLE_GRADES = {100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667,
                 14.28571, 12.5, 11.11111, 10, 5, 0}
FUZZ = ("=HYPERLINK(\"http://x\")", "+1+2", "-3", "@SUM(A1)", "<script>alert('x')</script>", "a ]]> b ]]>",
        "&amp; & &lt; <b>bold</b> \"quoted\" 'single'", "שלום עולם مرحبا بالعالم", "x" * 200,
        "control \x00\x07\x1b end", "\ud800 lone surrogate", "{seed} {0} %s")


@pytest.fixture(scope="module")
def bank() -> Bank:
    return make_bank(KINDS, len(KINDS), seed=5, reader=Reader("english", typeset=True))


@pytest.fixture(scope="module")
def moodle(bank) -> bytes:
    return moodle_xml(bank)


@pytest.fixture(scope="module")
def canvas(bank) -> bytes:
    return qti_zip(bank)


def texts(element: ET.Element) -> list[str]:
    return [node.text or "" for node in element.iter()] + [value for node in element.iter()
                                                           for value in node.attrib.values()]


# ---- the model ------------------------------------------------------------------------------------
def test_a_bank_asks_every_kind_with_its_right_choices_feedback_and_ideas(bank):
    assert [item.kind for item in bank.items] == list(KINDS)
    for item in bank.items:
        assert item.text and item.feedback and item.ideas and len(item.tags) == len(item.ideas)
        assert 2 <= len(item.choices) <= 8 and len({c.text for c in item.choices}) == len(item.choices)
        assert any(c.right for c in item.choices) and any(not c.right for c in item.choices)
        assert all(c.feedback for c in item.choices)
        assert (item.picture is None) == (item.kind in ("key signature", "Roman numeral", "triad quality",
                                                         "third", "scale degree"))
        assert (item.sound is not None) == (item.kind in ("triad quality", "third", "scale degree"))
    where = bank.items[0]
    assert where.several and all(c.feedback.startswith(("Yes:", "Not there:")) for c in where.choices)
    assert [c.feedback.startswith("Yes:") for c in where.choices] == [c.right for c in where.choices]


def test_a_board_picture_is_a_png_with_the_boards_sentence_as_alt_text(bank):
    item = bank.items[0]
    assert item.picture.data.startswith(PNG) and b"Software" not in item.picture.data[:200]
    assert item.picture.data[25] == 3 and len(item.picture.data) < 40_000  # a palette PNG, small
    assert item.picture.alt.startswith("standard board, ") and " on " in item.picture.alt
    svg = make_bank(("where",), 1, seed=5, reader=Reader("english", typeset=True), picture="svg").items[0]
    assert svg.picture.name.endswith(".svg") and svg.picture.alt == item.picture.alt
    assert ET.fromstring(svg.picture.data).get("aria-label") == item.picture.alt


def test_an_ear_item_carries_a_small_wav(bank):
    sound = bank.items[KINDS.index("triad quality")].sound
    assert sound.data[:4] == b"RIFF" and sound.data[8:12] == b"WAVE" and sound.media_type == "audio/wav"
    assert len(sound.data) < 100_000
    with wave.open(io.BytesIO(sound.data)) as heard:
        assert (heard.getframerate(), heard.getnchannels(), heard.getsampwidth()) == (8000, 1, 2)
        assert 2 < heard.getnframes() / 8000 < 6  # seconds


def test_an_assignment_exported_as_a_bank_asks_what_its_students_were_asked(tmp_path):
    from datetime import date, datetime

    from muzlab.app.classroom import Classroom
    from muzlab.app.term import Term

    assert MAX_ITEMS == TERM_MAX_ITEMS  # the seed stride the term draws an assignment's items with
    room = Classroom(tmp_path / "class")
    term, anna = Term(room, lambda: datetime(2026, 12, 7, 9)), room.join("Anna")
    reader = Reader("german", typeset=True, language="de")
    for kind in ("points", "Roman numeral", "where", "third"):
        assignment = term.assign(kind, kind, 3, date(2026, 12, 1), date(2026, 12, 31), seed=11)
        bank = make_bank((kind,), 3, seed=11, reader=reader)
        for index, item in enumerate(bank.items):
            asked = term.item(assignment.id, anna.id, index, reader)
            if kind == "where":  # the term asks to click a cell; the bank offers cells to choose
                assert {c.text for c in item.choices if c.right} <= {
                    asked.asked.question.position.board.cell_name(cell)
                    for cell in asked.asked.question.answer}
            else:
                assert item.text == asked.prompt
            if kind in ("points", "Roman numeral"):
                assert [c.text for c in item.choices] == list(asked.options)


def test_bad_settings_are_refused_by_name_before_any_work():
    with pytest.raises(BankError, match="unknown kind of question 'chords'"):
        make_bank(("where", "chords"), 3)
    with pytest.raises(BankError, match="1 to 100 questions, not 0"):
        make_bank(("where",), 0)
    with pytest.raises(BankError, match="at most 200 characters"):
        make_bank(("where",), 1, title="x" * 201)
    with pytest.raises(BankError, match="png or svg, not 'gif'"):
        make_bank(("where",), 1, picture="gif")
    with pytest.raises(BankError, match="unknown kind of question 'fifths'"):
        command_kinds("where, fifths")
    assert command_kinds("where, signature,ear") == ("where", "key signature", "triad quality")


# ---- Moodle XML -----------------------------------------------------------------------------------
def test_moodle_xml_reads_back_with_moodle_xml_parser(bank, moodle):
    from moodle_xml_parser.parser import parse_bytes

    questions = {question.name: question for question in parse_bytes(moodle)["multichoice"]}
    assert set(questions) == {item.name for item in bank.items}  # (grouped by category in the file)
    for item in bank.items:
        question = questions[item.name]
        assert item.text in question.text_pre_parse
        if item.picture is not None:
            assert f'src="@@PLUGINFILE@@/{item.picture.name}"' in question.text_pre_parse
        if item.sound is not None:
            assert f'src="@@PLUGINFILE@@/{item.sound.name}"' in question.text_pre_parse
        assert question.single is not item.several
        assert item.feedback in question.general_feedback
        assert [re.sub("<[^>]+>", "", o.answer) for o in question.options] == [c.text for c in item.choices]
        assert [o.score_fraction > 0 for o in question.options] == [c.right for c in item.choices]
        assert [c.feedback in o.feedback for c, o in zip(item.choices, question.options, strict=True)] == \
            [True] * len(item.choices)


def test_moodle_xml_follows_the_format(bank, moodle):
    assert moodle.startswith(b'<?xml version="1.0" encoding="UTF-8"?>') and moodle.decode("utf-8")
    root = ET.fromstring(moodle)
    categories = [q.findtext("category/text") for q in root.iter("question") if q.get("type") == "category"]
    assert len(categories) == len(set(categories))  # each category once, its items after it
    assert all(c.startswith("$course$/muzlab/") for c in categories)
    ids = []
    for question in root.iter("question"):
        if question.get("type") == "category":
            continue
        ids.append(question.findtext("idnumber"))
        text = question.find("questiontext")
        files = {f.get("name"): base64.b64decode(f.text) for f in text.findall("file")}
        assert set(re.findall(r"@@PLUGINFILE@@/([^\"]+)\"", text.findtext("text"))) == set(files)
        assert all(data.startswith((PNG, b"RIFF")) for data in files.values())
        assert all(f.get("path") == "/" and f.get("encoding") == "base64" for f in text.findall("file"))
        fractions = [float(a.get("fraction")) for a in question.findall("answer")]
        assert {abs(f) for f in fractions} <= MOODLE_GRADES
        if question.findtext("single") == "false":
            assert sum(f for f in fractions if f > 0) == pytest.approx(100, abs=0.01)
            assert sum(f for f in fractions if f < 0) == pytest.approx(-100, abs=0.01)
        else:
            assert sorted(fractions)[-2:] == [0, 100]
        assert [t.text for t in question.findall("tags/tag/text")]
    assert len(set(ids)) == len(bank.items)


# ---- Canvas QTI 1.2 -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def qti2latex():
    import qti2latex

    return qti2latex


def test_the_canvas_zip_reads_back_with_qti2latex(bank, canvas, qti2latex, tmp_path):
    package = tmp_path / "bank.zip"
    package.write_bytes(canvas)
    folder = qti2latex.extract_zip_to_tmp(package)
    files = [ET.parse(p).getroot() for p in sorted(qti2latex.read_qti_dir(folder))]
    assessment = [root for root in files if qti2latex.child_anyns(root, "assessment") is not None]
    assert len(assessment) == 1
    items = qti2latex.findall_anyns(assessment[0], "item")
    assert len(items) == len(bank.items)
    for item, element in zip(bank.items, items, strict=True):
        meta = qti2latex.get_qti_metadata(element)
        kind = qti2latex.guess_type(meta, element)
        assert kind == ("multiple_answers_question" if item.several else "multiple_choice_question")
        assert int(meta["points_possible"]) == 1
        stem = qti2latex.get_item_stem(element)
        assert item.text in html.unescape(stem)
        if item.picture is not None:
            assert f'src="$IMS-CC-FILEBASE$/media/{item.picture.name}"' in stem
            assert (folder / "media" / item.picture.name).read_bytes() == item.picture.data
        choices = qti2latex.get_choices(element)
        assert [text for _, text in choices] == [c.text for c in item.choices]
        # the right answers: what the scoring condition (the one that sets SCORE) asks for, as qti2latex reads
        scoring = ET.Element("item")
        conditions = qti2latex.findall_anyns(element, "respcondition")
        scores = [c for c in conditions if qti2latex.findall_anyns(c, "setvar")]
        ET.SubElement(scoring, "resprocessing").extend(scores)
        right = qti2latex.get_correct_idents(scoring)
        assert [ident in right for ident, _ in choices] == [c.right for c in item.choices]


def test_the_canvas_zip_lists_every_file_in_its_manifest(bank, canvas):
    archive = zipfile.ZipFile(io.BytesIO(canvas))
    names = archive.namelist()
    assert names[0] == "imsmanifest.xml" and archive.testzip() is None
    assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    manifest = ET.fromstring(archive.read("imsmanifest.xml"))
    ns = {"cp": "http://www.imsglobal.org/xsd/imscp_v1p1"}
    listed = [f.get("href") for f in manifest.iterfind(".//cp:file", ns)]
    assert sorted(listed) == sorted(n for n in names if n != "imsmanifest.xml")
    resources = {r.get("identifier"): r for r in manifest.iterfind(".//cp:resource", ns)}
    assessment = next(r for r in resources.values() if r.get("type") == "imsqti_xmlv1p2")
    assert {d.get("identifierref") for d in assessment.iterfind("cp:dependency", ns)} == set(resources) - {
        assessment.get("identifier")}
    for name in names:
        if name.endswith(".xml"):
            assert archive.read(name).startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
            ET.fromstring(archive.read(name))
    xml = archive.read(assessment.get("href")).decode("utf-8")
    referenced = set(re.findall(r"\$IMS-CC-FILEBASE\$/([^\"&]+)", html.unescape(xml)))
    assert referenced == {n for n in names if n.startswith("media/")} and referenced <= set(listed)
    assert len(referenced) == sum(1 for i in bank.items for m in (i.picture, i.sound) if m is not None)
    meta = ET.fromstring(archive.read(next(n for n in names if n.endswith("assessment_meta.xml"))))
    assert meta.findtext("{http://canvas.instructure.com/xsd/cccv1p0}title") == bank.title


# ---- determinism, escaping, languages -------------------------------------------------------------
def test_the_same_seed_gives_the_same_bytes_and_another_seed_another_bank(moodle, canvas):
    reader = Reader("english", typeset=True)
    again = make_bank(KINDS, len(KINDS), seed=5, reader=reader)
    assert moodle_xml(again) == moodle and qti_zip(again) == canvas
    other = make_bank(KINDS, len(KINDS), seed=6, reader=reader)
    assert moodle_xml(other) != moodle


@pytest.mark.parametrize("fuzz", FUZZ)
def test_fuzzed_titles_and_texts_are_escaped_in_every_file(bank, fuzz):
    item = bank.items[KINDS.index("triad")]
    fuzzed = replace(item, text=fuzz, name=fuzz, feedback=fuzz, tags=(fuzz,),
                     choices=(Choice(fuzz, True, fuzz), *item.choices[1:]))
    fuzzed_bank = Bank(fuzz, "en", (fuzzed,))
    kept = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]", "\ufffd", fuzz)
    moodle = moodle_xml(fuzzed_bank)
    root = ET.fromstring(moodle)  # well-formed, whatever the text
    question = root.find("question[@type='multichoice']")
    assert question.findtext("name/text") == kept
    for path in ("questiontext/text", "generalfeedback/text", "answer/text", "answer/feedback/text"):
        shown = question.findtext(path)
        assert html.unescape(re.sub("<[^>]+>", "", shown)).startswith(kept)
        assert "<script" not in shown and "<b>" not in shown  # the HTML shows the text, never runs it
    assert b"<script" not in moodle and b"]]>" not in moodle  # every text escaped, no CDATA to end
    archive = zipfile.ZipFile(io.BytesIO(qti_zip(fuzzed_bank)))
    found = []
    for name in (n for n in archive.namelist() if n.endswith(".xml")):
        data = archive.read(name)
        assert b"<script" not in data and b"]]>" not in data
        parsed = ET.fromstring(data)
        found += texts(parsed)
        for mattext in parsed.iter("{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}mattext"):
            if mattext.get("texttype") == "text/html":
                assert "<script" not in mattext.text and "<b>" not in mattext.text
    assert kept in found  # the title and the plain-text choice, whole


def english_leftovers(code: str) -> set[str]:
    """Words of the English sentences no translation into `code` uses (as tests/test_languages.py)."""
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "docs" / "languages" / "catalogues.py")
    catalogues = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogues)
    placeholder = re.compile(r"\{[^}]*\}")

    def words(catalog):
        return {word for message in catalog if message.id
                for text in (message.id if isinstance(message.id, tuple) else (message.id,))
                + (message.string if isinstance(message.string, tuple) else (message.string,))
                for word in re.findall(r"[a-zà-ÿ]{3,}", placeholder.sub("", text or "").lower())}

    template, catalog = catalogues.extract(), catalogues.read(catalogues.po_path(code), code)
    source = {w for message in template if message.id
              for text in (message.id if isinstance(message.id, tuple) else (message.id,))
              for w in re.findall(r"[a-z]{3,}", placeholder.sub("", text).lower())}
    return source - words(catalog)


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_every_language_gives_a_bank_with_no_english_sentence_left(code, bank):
    from muzlab.names.language import DEFAULT_NOTE_NAMES

    reader = Reader(DEFAULT_NOTE_NAMES[code], typeset=True, language=code)
    worded = make_bank(KINDS, len(KINDS), seed=5, reader=reader)
    leftovers = english_leftovers(code)
    for item, english in zip(worded.items, bank.items, strict=True):
        sentences = [item.text, item.feedback, *item.tags, *(c.feedback for c in item.choices),
                     *(m.alt for m in (item.picture, item.sound) if m is not None)]
        assert item.text != english.text and item.feedback != english.feedback
        for said in sentences:
            left = set(re.findall(r"[a-zà-ÿ]{3,}", said.lower())) & leftovers
            assert not left, f"{said!r} keeps English words {sorted(left)}"
    assert ET.fromstring(moodle_xml(worded)) is not None


# ---- the command and the download ----------------------------------------------------------------
def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "muzlab.cli", *args], cwd=cwd, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_the_command_writes_a_bank_and_refuses_bad_input_in_one_line(tmp_path):
    done = run("questions", "--format", "qti12", "--kinds", "points,signature", "--count", "3", "--seed", "2",
               "--language", "de", "bank.zip", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == "bank.zip geschrieben: 3 Fragen\n"
    german = Reader("german", typeset=True, language="de")
    data, name = bank_file("qti12", ("points", "key signature"), 3, 2, german)
    assert (tmp_path / "bank.zip").read_bytes() == data and name == "muzlab-questions-2-de-qti12.zip"
    again = run("questions", "--format", "moodle", "--count", "1", "bank.zip", cwd=tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr and len(again.stderr.splitlines()) == 1
    assert (tmp_path / "bank.zip").read_bytes() == data  # nothing changed
    wrong = run("questions", "--format", "moodle", "--kinds", "where,fifths", "b.xml", cwd=tmp_path)
    assert wrong.returncode == 2 and "unknown kind of question 'fifths'" in wrong.stderr
    assert not (tmp_path / "b.xml").exists()
    many = run("questions", "--format", "moodle", "--count", "101", "b.xml", cwd=tmp_path)
    assert many.returncode == 2 and "1 to 100 questions, not 101" in many.stderr
    fifo = tmp_path / "pipe"
    __import__("os").mkfifo(fifo)
    odd = run("questions", "--format", "moodle", "--count", "1", "--force", "pipe", cwd=tmp_path)
    assert odd.returncode == 2 and "not a regular file" in odd.stderr
    with pytest.raises(BankError, match="the formats are moodle, qti12, not 'docx'"):
        bank_file("docx", ("where",), 1)
