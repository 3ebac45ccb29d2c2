"""The teacher's page offers a lesson of the built homework edition as a SCORM 1.2 package ("Lesson for
the LMS"): a menu of the lessons there are in the page's language, their titles translated, and a button
giving the chosen lesson's package in that language; without an edition, one line says how to get one.
`muzlab class --site` refuses a folder that is not a built edition, naming what it lacks, before the
class is opened. (The package itself: tests/test_scorm_lesson.py, whose stand-in site this uses.)"""

from __future__ import annotations

import io
import re
import threading
import time
import zipfile
from datetime import datetime
from types import SimpleNamespace

import ipywidgets as widgets
import pytest
from solara.components.file_download import FileDownloadWidget
from test_bank_downloads import clicked
from test_scorm_lesson import notebook, stand_in_site

from muzlab.app.lesson_downloads import LessonForLms, lesson_download
from muzlab.app.lessons import LessonsError
from muzlab.app.lite.scorm import check_site, lesson_package, lesson_titles
from muzlab.cli import main
from muzlab.names.reader import Reader

GERMAN = Reader("german", typeset=True, language="de")
ENGLISH = Reader("english", typeset=True, language="en")


@pytest.fixture
def site(tmp_path):
    return stand_in_site(tmp_path / "lite")


def test_the_menu_offers_the_lessons_there_are_in_the_pages_language_with_their_titles(site):
    assert lesson_titles(site, "de") == {3: "Spielen </title><script>x</script>"}
    assert lesson_titles(site, "en") == {1: "Rules", 3: "Play"}
    assert lesson_titles(site, "fr") == {}


def test_the_button_gives_the_chosen_lessons_package_in_the_pages_language(site):
    import solara

    _box, rc = solara.render(LessonForLms(site, GERMAN), handle_error=False)
    pick = rc.find(widgets.Dropdown, description="Lektion").widget
    assert pick.options == ("Lektion 3: Spielen </title><script>x</script>",)
    assert pick.description == "Lektion"
    data, said = clicked(rc, "muz-lesson-scorm")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert "path=de/3-play.ipynb" in archive.read("index.html").decode()
        assert "Lektion" not in archive.read("imsmanifest.xml").decode()  # (the lesson's own title)
    assert len(said) == 1 and re.fullmatch(r"Lektion 3, \d+ kB\.", said[0]), said
    rc.close()
    # a title that starts with its number, as the edition's do ("1 · The honeycomb and the rules"), is
    # the menu's words as it is
    (site / "files" / "1-rules.ipynb").write_text(notebook("1 · Rules"), encoding="utf-8")
    _box, rc = solara.render(LessonForLms(site, ENGLISH), handle_error=False)
    pick = rc.find(widgets.Dropdown, description="Lesson").widget
    assert pick.options == ("1 · Rules", "Lesson 3: Play") and pick.value == "1 · Rules"
    pick.value = "Lesson 3: Play"
    data, said = clicked(rc, "muz-lesson-scorm")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert "path=3-play.ipynb" in archive.read("index.html").decode()
    assert re.fullmatch(r"Lesson 3, \d+ kB\.", said[0]), said
    rc.close()


def test_a_lesson_not_there_in_the_language_is_refused_naming_those_there_are(site):
    with pytest.raises(LessonsError, match="lesson 1 is not in the homework edition in this language; "
                                           "these are: 3"):
        lesson_download(site, 1, GERMAN)
    with pytest.raises(LessonsError, match="these are: 1, 3"):
        lesson_download(site, 7, ENGLISH)


def test_without_an_edition_the_section_says_in_one_line_how_to_get_one(site):
    import solara

    _box, rc = solara.render(LessonForLms(None, GERMAN), handle_error=False)
    [line] = [found.children[0] for found in rc.find(class_="muz-lesson-no-site").widgets]
    assert "muzlab class --site" in line and "Hausaufgaben" in line, line
    assert not rc.find(class_="muz-lesson-scorm").widgets
    rc.close()
    _box, rc = solara.render(LessonForLms(site, Reader("solfege", typeset=True, language="fr")),
                             handle_error=False)  # an edition without a French lesson says so
    assert rc.find(class_="muz-lesson-no-site").widgets and not rc.find(class_="muz-lesson-scorm").widgets
    rc.close()


def test_the_class_server_refuses_a_site_that_is_not_a_built_edition_naming_what_it_lacks(site, tmp_path,
                                                                                          capsys):
    (site / "pyodide" / "pyodide.mjs").unlink()
    with pytest.raises(LessonsError, match=r"\(it lacks pyodide/pyodide\.mjs\)"):
        check_site(site)
    folder = tmp_path / "class"
    assert main(["class", "--no-browser", "--site", str(site), str(folder)]) == 2
    assert "pyodide/pyodide.mjs" in capsys.readouterr().err
    assert not folder.exists()  # refused before the class was opened


def test_the_default_edition_is_this_checkouts_out_lite_when_it_is_built(tmp_path, monkeypatch):
    from muzlab.app import server
    from muzlab.app.class_state import SITE_VARIABLE, lite_site

    monkeypatch.setattr(server, "CHECKOUT", tmp_path)
    assert server.default_site() is None
    stand_in_site(tmp_path / "out" / "lite")
    assert server.default_site() == tmp_path / "out" / "lite"
    monkeypatch.delenv(SITE_VARIABLE, raising=False)
    assert lite_site() is None
    monkeypatch.setenv(SITE_VARIABLE, str(tmp_path / "out" / "lite"))
    assert lite_site() == tmp_path / "out" / "lite"


def test_the_teachers_term_tab_carries_the_lesson_section_under_the_banks(site, tmp_path):
    import solara

    from muzlab.app.classroom import Classroom
    from muzlab.app.pages import PageReading
    from muzlab.app.term import Term
    from muzlab.app.term_pages import TeacherTerm, TermTeacher

    room = Classroom(tmp_path / "class")
    term = Term(room, lambda: datetime(2026, 11, 30, 10, 0))
    reading = PageReading("german", language="de")
    view = TermTeacher(term, lambda: reading.reader)
    _box, rc = solara.render(TeacherTerm(term, view, SimpleNamespace(reading=reading), "de", site),
                             handle_error=False)
    assert rc.find(class_="muz-bank-scorm").widgets and rc.find(class_="muz-lesson-scorm").widgets
    pick = rc.find(widgets.Dropdown, description="Lektion").widget
    assert pick.options == ("Lektion 3: Spielen </title><script>x</script>",)
    rc.close()
    view.close()
    room.store.close()


def test_the_page_says_the_package_is_being_made_while_it_is(site, monkeypatch):
    import solara

    from muzlab.app import lesson_downloads
    from muzlab.app.lite.package_cache import LessonPackages

    started, go_on = threading.Event(), threading.Event()

    def slow(*args):
        started.set()
        assert go_on.wait(30)
        return lesson_package(*args)

    monkeypatch.setattr(lesson_downloads, "PACKAGES", LessonPackages(slow))
    _box, rc = solara.render(LessonForLms(site, GERMAN), handle_error=False)
    assert not rc.find(class_="muz-lesson-making").widgets
    button = rc.find(class_="muz-lesson-scorm").widget
    download = next(found for found in rc.find(FileDownloadWidget).widgets if button in found.children)
    download.request_download = True
    assert started.wait(30)
    rc.find(class_="muz-lesson-making").wait_for(timeout=30)
    assert rc.find(class_="muz-lesson-making").widget.children == ["Paket der Lektion 3 wird erstellt …"]
    go_on.set()
    for _ in range(600):
        if download.bytes is not None and not rc.find(class_="muz-lesson-making").widgets:
            break
        time.sleep(0.05)
    assert download.bytes is not None and not rc.find(class_="muz-lesson-making").widgets
    rc.close()
