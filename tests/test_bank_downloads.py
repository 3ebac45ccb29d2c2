"""The teacher's page offers the term's questions as banks for Moodle and Canvas: an assignment's items
(what its students were asked) or the kinds, count and seed chosen there, in the page's language and
note names, through the page's own download buttons; a form asking for nothing is refused beside the
button, in the page's language."""

from __future__ import annotations

import io
import re
import time
import xml.etree.ElementTree as ET
import zipfile
from datetime import datetime
from types import SimpleNamespace

import pytest

from muzlab.app.classroom import Classroom
from muzlab.app.pages import PageReading
from muzlab.app.term import Term

MONDAY = datetime(2026, 11, 30, 10, 0)


@pytest.fixture
def term(tmp_path):
    room = Classroom(tmp_path / "class")
    term = Term(room, lambda: MONDAY)
    room.join("Anna")
    yield term
    room.store.close()


def questions(moodle: bytes) -> list[ET.Element]:
    return [q for q in ET.fromstring(moodle) if q.get("type") == "multichoice"]


def test_an_assignment_exported_as_a_bank_asks_what_its_students_were_asked_in_the_pages_words(term):
    from muzlab.app.term_pages import TermTeacher

    assignment = term.assign("Dreiklänge <bis> Freitag", "triad", 3, "2026-11-30", "2026-12-18", seed=3)
    reading = PageReading("german", language="de")
    teacher = TermTeacher(term, lambda: reading.reader)
    assert [value for _words, value in teacher.bank_from.options] == [None, assignment.id]
    teacher.bank_from.value = assignment.id
    moodle, said = teacher.bank("moodle")
    asked = [term.item(assignment.id, 1, index, reading.reader).prompt for index in range(3)]
    texts = [q.find("questiontext/text").text for q in questions(moodle)]
    assert len(texts) == 3 and all(prompt in text for prompt, text in zip(asked, texts, strict=True))
    assert "Dreiklang" in moodle.decode() and "3 Fragen" in said and "kB" in said, said
    infos = [q.find("info/text").text for q in ET.fromstring(moodle) if q.get("type") == "category"]
    assert infos == ['<p dir="auto">Dreiklänge &lt;bis&gt; Freitag</p>']  # the assignment's title, escaped
    canvas, said = teacher.bank("qti12")
    with zipfile.ZipFile(io.BytesIO(canvas)) as archive:
        assert "imsmanifest.xml" in archive.namelist()
    teacher.bank_from.value = None  # the form's own kinds, count and seed
    teacher.bank_kinds.value, teacher.bank_count.value, teacher.bank_seed.value = ("points", "where"), 4, 9
    assert teacher.bank_settings() == (("points", "where"), 4, 9, "")
    assert len(questions(teacher.bank("moodle")[0])) == 4
    teacher.close()


def clicked(rc, css: str, fails: bool = False):
    """Click the download button whose Button has class `css`: the bytes it gives (None when it `fails`)
    and the sentences said beside the buttons."""
    from solara.components.file_download import FileDownloadWidget

    button = rc.find(class_=css).widget
    download = next(found for found in rc.find(FileDownloadWidget).widgets if button in found.children)
    download.request_download = True
    for _ in range(600):
        if (download.bytes is not None) if not fails else rc.find(class_="muz-download-said").widgets:
            break
        time.sleep(0.05)
    return download.bytes, [found.children[0] for found in rc.find(class_="muz-download-said").widgets]


def test_the_teachers_download_buttons_give_the_banks_and_say_a_refusal_in_the_pages_language(term):
    import solara

    from muzlab.app.term_pages import TeacherTerm, TermTeacher

    reading = PageReading("german", language="de")
    view = TermTeacher(term, lambda: reading.reader)
    page = SimpleNamespace(reading=reading)
    view.bank_kinds.value, view.bank_count.value = ("key signature",), 2
    _box, rc = solara.render(TeacherTerm(term, view, page, "de"), handle_error=False)
    data, said = clicked(rc, "muz-bank-moodle")
    assert data is not None and len(questions(data)) == 2 and len(said) == 1
    assert re.fullmatch(r"2 Fragen, \d+ kB\.", said[0]), said
    assert "Vorzeichen" in data.decode()
    rc.close()
    _box, rc = solara.render(TeacherTerm(term, view, page, "de"), handle_error=False)
    data, said = clicked(rc, "muz-bank-scorm")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert "Frage 2 von 2" in archive.read("index.html").decode()
        assert "adlcp:scormtype" in archive.read("imsmanifest.xml").decode()
    assert len(said) == 1 and re.fullmatch(r"2 Fragen, \d+ kB\.", said[0]), said
    view.bank_kinds.value = ()  # nothing asked: refused beside the button, in German; no file
    rc.close()
    _box, rc = solara.render(TeacherTerm(term, view, page, "de"), handle_error=False)
    data, said = clicked(rc, "muz-bank-canvas", fails=True)
    assert data is None and len(said) == 1 and "unbekannte" in said[0].casefold(), said
    rc.close()
    view.close()
