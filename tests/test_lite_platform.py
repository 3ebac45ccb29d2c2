"""The homework edition's platform branches, checked on CPython by pretending to be Pyodide.

Under Pyodide (`sys.platform == "emscripten"`) there are no threads, numpy or music21: the ListenPanel
does its work at once, and a completed run brings its keyboard, its note events for the page's Web
Audio and its staff as MEI for the page's verovio, but no WAV and no SVG staff from Python.
"""

import asyncio
import contextlib
import html.parser
import json
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

import muzlab.widgets
from muzlab.widgets import listen


def test_in_the_browser_work_runs_at_once_on_the_kernels_thread(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    seen = []

    async def in_a_kernel():
        listen.in_background(lambda _reading: threading.current_thread(), seen.append, background=True)
        return list(seen)  # what had happened when in_background returned

    assert asyncio.run(in_a_kernel()) == [threading.current_thread()]


def test_elsewhere_a_kernel_draws_on_the_worker_thread():
    seen = []

    async def in_a_kernel():
        listen.in_background(lambda _reading: threading.current_thread().name, seen.append, background=True)
        before = list(seen)
        for _ in range(3000):  # (at most 30 s: a work that failed on the worker never calls back)
            if seen:
                break
            await asyncio.sleep(0.01)
        return before

    assert asyncio.run(in_a_kernel()) == [] and seen, "the work came back at once, or never"
    assert seen[0].startswith("muzlab-staff")


#: A Pyodide stand-in: sys.platform says emscripten, and numpy, music21 and verovio cannot be imported.
PRETEND_PYODIDE = textwrap.dedent("""
    import sys
    class Absent:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"numpy", "music21", "verovio", "matplotlib", "pandas"}:
                raise ImportError(f"{name} is not in the homework edition")
    sys.meta_path.insert(0, Absent())
    sys.platform = "emscripten"
""")

COMPLETE_A_RUN = textwrap.dedent("""
    from muzlab import Game
    from muzlab.widgets import PlayBoard
    game = Game(players=1, seed=0)
    while True:
        if game.phase in ("roll", "reroll"):
            game.roll()
            continue
        done = [c for c in game.legal_placements() if game.position.completions(game.hand, c)]
        if done:
            break
        cells = game.legal_placements()
        game.place(cells[0]) if cells else game.pass_die()
    board = PlayBoard(players=1, game=game, agent_delay=0)
    board.cells[done[0]].click()
    print(repr(board.message.value))
    player, run = board.listen.player, board.listen.structure
    from muzlab.views.register import structure_events
    expected = [list(event) for event in structure_events(run.kind, run.pitches)]
    staff = board.listen.staff
    print(type(player).__name__, player.events == expected, player.plays, player.autoplay,
          type(staff).__name__, staff.mei.count("<note "), "muz-staff" in staff._dom_classes)
    print("muzlab-keyboard" in board.listen.keyboard.value, board.roll_button.disabled)
""")


def test_a_playboard_completes_a_run_without_numpy_or_music21():
    out = subprocess.run([sys.executable, "-c", PRETEND_PYODIDE + COMPLETE_A_RUN], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    message, sound_and_staff, keyboard_and_roll = out.stdout.splitlines()
    assert "completes" in message and "extra roll" in message
    # no WAV and no SVG staff from Python (no numpy, no music21): the run's note events, played once at
    # once by the page's Web Audio, and its notes as MEI (the triad: 3 up, then 3 in the chord), for verovio
    assert sound_and_staff == "WebSound True 1 True VerovioStaff 6 True"
    assert keyboard_and_roll == "True False"  # the run on a keyboard, and the extra roll is live


#: The app's tabs under the stand-in: an ear-training item goes to the page's Web Audio as note events,
#: the review and the score sheet are CSV files, and neither numpy nor pandas is imported.
RUN_THE_APP = textwrap.dedent("""
    from muzlab.widgets.tabbed_app import ClassroomApp
    app = ClassroomApp(seed=3, agent_delay=0)
    app.start()
    app.drill.value = "triad quality"
    ear = app.ear
    events = [list(event) for event in ear.item.events]
    print(type(ear.player).__name__, ear.player.events == events, ear.player.plays,
          ear.player.seconds == ear.item.note_seconds)
    before = list(ear.replay.events)
    ear.answer(ear.item.answer)
    print(before, ear.replay.events == events, ear.replay.autoplay, ear.tally.value,
          ear.staff.mei.count("<note ") == len(events), "muzlab-keyboard" in ear.keyboard.value)
    ear.next_item()
    print(ear.replay.events, ear.player.plays)
    app.review_choice.value = "greedy-vs-random"
    app.show_review()
    review = app.review_file().data.decode().splitlines()
    print(len(review) == len(app.review.rows) + 1, review[0].endswith(",comment"))
    print(app.play.sheet_file().data.decode().splitlines()[0])
    print(app.explorer.worksheet_button.layout.display, ear.player.description)
    import sys
    print("numpy" in sys.modules, "pandas" in sys.modules)
""")


def test_the_apps_tabs_work_without_numpy_or_pandas():
    out = subprocess.run([sys.executable, "-c", PRETEND_PYODIDE + RUN_THE_APP], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    heard, answered, again, review, sheet, shown, imported = out.stdout.splitlines()
    assert heard == "WebSound True 1 True"  # the item's note events, at its note length, played at once
    # nothing to hear again before the answer; then the same item, played only on a click; the staff as
    # MEI, a note for each note heard
    assert answered == "[] True False 1 of 1 right True True"
    assert again == "[] 2"  # the next item plays, the replay is emptied
    assert review == "True True" and sheet.startswith("turn,round,player,")
    # no worksheet button (a PDF needs matplotlib); the player's button in the reader's language
    assert shown == "none ▶ Play"
    assert imported == "False False"


def test_the_files_written_without_pandas_are_the_ones_pandas_writes():
    from muzlab.sim.samples import sample_game
    from muzlab.widgets.play import PlayBoard
    from muzlab.widgets.tabbed_app import ClassroomApp

    board = PlayBoard(game=sample_game(), agent_delay=0)
    assert board.sheet_file().data.decode() == board.table.score_sheet(board.reader).to_csv(index=False)
    app = ClassroomApp(agent_delay=0)
    app.review_choice.value = "four-greedy-players"
    app.show_review()
    review = app.review
    assert app.review_file().data.decode() == review.frame.assign(comment=review.comments).to_csv(index=False)


def test_the_ear_trainer_is_still_found_in_muzlab_widgets():
    from muzlab.widgets.ear import EarTrainer

    assert muzlab.widgets.EarTrainer is EarTrainer
    with pytest.raises(AttributeError, match="NoSuchBoard"):
        muzlab.widgets.NoSuchBoard  # noqa: B018


from muzlab.app.lite import build as lite_build  # noqa: E402
from muzlab.app.lite import lessons as lite_lessons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def code(source: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": source.splitlines(keepends=True)}


def test_the_edition_takes_out_absent_imports_and_every_cell_that_needs_them():
    cells = [code("import matplotlib.pyplot as plt\nimport muzlab\nfrom muzlab import Position, plot\n"
                  "from muzlab.views.audio import hear\nboard = muzlab.Board.standard()"),
             code("plot.board(Position())"),                 # uses a name the import bound
             code("fig = plt.figure()\nx = 1"),              # binds x, so x is gone too
             code("print(x + 1)"),                           # uses x
             code("table = muzlab.review(game)"),            # a pandas table
             code("print(board.cell_name(board.centre))"),  # runs as shipped
             {"cell_type": "markdown", "metadata": {}, "source": ["# words"]}]
    out = lite_lessons.edition_cells(cells)
    assert "".join(out[0]["source"]) == ("import muzlab\nfrom muzlab import Position\n"
                                        "board = muzlab.Board.standard()")
    assert [c["cell_type"] for c in out] == ["code", "markdown", "markdown", "markdown", "markdown", "code",
                                             "markdown"]
    assert all(c["source"] == [lite_lessons.in_italics(lite_lessons.FULL_EDITION_ONLY)] for c in out[1:5])
    assert out[1]["source"][0].startswith("*This part needs numpy")
    assert out[5] is cells[5] and out[6] is cells[6]
    # a view imported from its package is taken out as well, and the other names of the line stay
    (kept,) = lite_lessons.edition_cells([code("from muzlab.views import plot, tables\nx = 1")])
    assert "".join(kept["source"]) == "from muzlab.views import tables\nx = 1"
    # a cell that imports an absent view and uses it at once is the full edition's too, and so are the
    # names it binds (the cadence of lesson 4 played as a WAV)
    wave, after = lite_lessons.edition_cells([
        code("from muzlab.views.audio import events_wave, to_ipython_audio\nevents = [(0, 2, 60)]\n"
             "to_ipython_audio(events_wave(events))"), code("print(events)")])
    assert wave["source"] == after["source"] == [lite_lessons.in_italics(lite_lessons.FULL_EDITION_ONLY)]


#: Runs a lesson's code cells in one IPython shell; a failure names the cell.
RUN_LESSON = textwrap.dedent("""
    import json, os, sys
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    os.chdir(sys.argv[2])
    for number, cell in enumerate(json.load(open(sys.argv[1]))["cells"]):
        if cell["cell_type"] == "code":
            if not shell.run_cell("".join(cell["source"])).success:
                sys.exit(f"cell {number} failed: " + "".join(cell["source"])[:300])
""")


#: The edition's lessons in every language: the English ones, and each translation the site carries.
EDITION_LESSONS = [*lite_build.LESSONS, *(f"{language}/{lesson}" for language in ("de", "fr", "es")
                                          for lesson in lite_build.LESSONS
                                          if (ROOT / "notebooks" / language / lesson).is_file())]


@pytest.mark.parametrize("lesson", EDITION_LESSONS)
def test_each_lesson_of_the_edition_runs_without_numpy_pandas_matplotlib_or_music21(lesson, tmp_path,
                                                                                  monkeypatch):
    language = lesson.split("/")[0] if "/" in lesson else "en"
    source = ROOT / "notebooks" / language if language != "en" else ROOT / "notebooks"
    folder = lite_lessons.write_lessons(source, [Path(lesson).name], tmp_path / language, language)
    lesson = Path(lesson).name
    monkeypatch.setenv("MUZLAB_TEST", "1")
    out = subprocess.run([sys.executable, "-c", PRETEND_PYODIDE + RUN_LESSON, folder / lesson,
                          ROOT / "notebooks"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:] + out.stdout[-3000:]
    cells = json.loads((folder / lesson).read_text())["cells"]
    # the edition's note opens the lesson; no cell installs anything (the kernel preloads every wheel)
    assert cells[0] == {"cell_type": "markdown", "id": "muzlab-lite-note", "metadata": {},
                        "source": [lite_lessons.in_italics(lite_lessons.NOTE_CELL, language)]}
    assert not any("piplite" in "".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert sum(c["cell_type"] == "code" for c in cells) >= 4  # the lesson runs code, not only sentences
    # a translated lesson's note, and what stands for a cell of the full edition, are in its language
    english = {lite_lessons.in_italics(sentence) for sentence in (lite_lessons.NOTE_CELL,
                                                                   lite_lessons.FULL_EDITION_ONLY)}
    added = [c["source"][0] for c in cells if c["cell_type"] == "markdown" and c["source"]
             and c["source"][0] in {lite_lessons.in_italics(sentence, language) for sentence in (
                 lite_lessons.NOTE_CELL, lite_lessons.FULL_EDITION_ONLY)}]
    assert added and (set(added) <= english) == (language == "en"), added


def test_the_first_page_links_every_lesson_and_names_what_is_not_there(tmp_path):
    folder = lite_lessons.write_lessons(ROOT / "notebooks", lite_build.LESSONS, tmp_path)
    page = lite_lessons.landing_page(folder)
    for lesson in lite_build.LESSONS:
        assert f'href="notebooks/index.html?path={lesson}"' in page
    assert "3 · Play a game" in page and "5 · Move statistics" in page
    # it speaks to a student in a browser: no developer's command, here or in a lesson's cells
    assert "Your teacher can show them in class" in page
    assert not [text for text in [page, *(p.read_text() for p in folder.glob("*.ipynb"))]
                if "make.py" in text or "<code>" in text]
    assert 'href="repl/index.html?kernel=python&amp;' in page and "ClassroomApp%28%29" in page  # the app
    # each lesson carries the version it was shipped at, which a student's copy keeps: a changed lesson
    # gets a new one
    stamps = {lesson: lite_lessons.version(folder / lesson) for lesson in lite_build.LESSONS}
    assert f'data-lesson="3-play.ipynb" data-version="{stamps["3-play.ipynb"]}"' in page
    assert len(set(stamps.values())) == len(stamps)
    again = lite_lessons.write_lessons(ROOT / "notebooks", ["3-play.ipynb"], tmp_path / "again")
    assert lite_lessons.version(again / "3-play.ipynb") == stamps["3-play.ipynb"]
    notebook = json.loads((ROOT / "notebooks" / "3-play.ipynb").read_text())
    notebook["cells"][-1]["source"] = ["changed"]
    (tmp_path / "changed").mkdir()
    (tmp_path / "changed" / "3-play.ipynb").write_text(json.dumps(notebook))
    changed = lite_lessons.write_lessons(tmp_path / "changed", ["3-play.ipynb"], tmp_path / "out")
    assert lite_lessons.version(changed / "3-play.ipynb") != stamps["3-play.ipynb"]
    with pytest.raises(ValueError, match="title"):
        lite_lessons.title({"cells": [code("x = 1")]})
    # a lesson whose heading changed without its title in the catalogues is refused, not shown in English
    renamed = json.loads((ROOT / "notebooks" / "3-play.ipynb").read_text())
    heading = next(cell for cell in renamed["cells"] if cell["cell_type"] == "markdown")
    heading["source"] = ["# 3 · Play a whole game\n"]
    (tmp_path / "renamed").mkdir()
    (tmp_path / "renamed" / "3-play.ipynb").write_text(json.dumps(renamed))
    with pytest.raises(ValueError, match="3-play.ipynb's title '3 · Play a whole game' is not the one in"):
        lite_lessons.landing_page(tmp_path / "renamed")


def test_the_first_page_lists_each_lesson_in_its_language_or_says_it_is_english(tmp_path):
    folder = lite_lessons.write_lessons(ROOT / "notebooks", lite_build.LESSONS, tmp_path)
    lite_lessons.write_translated_lessons(ROOT / "notebooks", lite_build.LESSONS, tmp_path)
    listing = lite_lessons.lessons_by_language(folder)
    german = {item["lesson"]: item for item in listing["de"]}
    three = german["3-play.ipynb"]
    assert three["path"] == "de/3-play.ipynb" and three["title"] == "3 · Eine Partie spielen"
    assert not three["english"] and three["version"] == lite_lessons.version(folder / "de" / "3-play.ipynb")
    assert german["2-hearing.ipynb"] | {"version": ""} == {
        "lesson": "2-hearing.ipynb", "path": "de/2-hearing.ipynb", "english": False, "version": "",
        "title": "2 · Dreiklänge und Tonleitern hören"}
    assert [item["title"] for item in listing["fr"]] == [
        "1 · Le nid d'abeilles et les règles", "2 · Entendre les accords et les gammes",
        "3 · Jouer une partie", "4 · Explorer des positions", "7 · Analyser une partie"]
    assert [item["path"] for item in listing["es"]] == [f"es/{lesson}" for lesson in lite_build.LESSONS]
    assert not any(item["english"] for item in listing["en"])
    # the translated lesson went through the edition's changes too: its full-edition cells are sentences
    german_lesson = json.loads((folder / "de" / "3-play.ipynb").read_text())
    assert not any("import numpy" in "".join(c["source"]) for c in german_lesson["cells"])
    assert german_lesson["metadata"]["muzlab"]["lesson"] == "3-play.ipynb"
    page = lite_lessons.landing_page(folder)
    assert '<script id="muz-lessons" type="application/json">' in page and "de/3-play.ipynb" in page
    # a lesson's page knows every lesson's version, in every language (a student's copy of each)
    script = lite_lessons.lesson_page_script(folder)
    assert f'"de/3-play.ipynb": "{three["version"]}"' in script


def test_the_edition_adds_its_style_to_the_app_page_and_its_word_about_old_copies_to_the_lessons(tmp_path):
    folder = lite_lessons.write_lessons(ROOT / "notebooks", ["1-rules.ipynb", "3-play.ipynb"], tmp_path / "l")
    site = tmp_path / "site"
    for app in ("repl", "notebooks"):
        (site / app).mkdir(parents=True)
        (site / app / "index.html").write_text("<html><head><title>x</title></head><body></body></html>")
    lite_lessons.finish_pages(site, folder)
    repl = (site / "repl" / "index.html").read_text()
    assert repl.index('<style id="muz-app-page">') < repl.index("</head>") and "promptCell" in repl
    lessons = (site / "notebooks" / "index.html").read_text()
    versions = {name: lite_lessons.version(folder / name) for name in ("1-rules.ipynb", "3-play.ipynb")}
    call = f"warnInLesson({json.dumps(versions)});"
    assert call in lessons and lessons.index(call) < lessons.index("</body>")
    (site / "repl" / "index.html").write_text("<html><body></body></html>")  # a JupyterLite that changed
    with pytest.raises(ValueError, match=r"repl/index.html has no </head>"):
        lite_lessons.finish_pages(site, folder)


def test_a_web_sound_refuses_what_is_not_a_note_event():
    from muzlab.widgets.websound import WebSound

    sound = WebSound()
    sound.play([(0, 1, 60), (1, 1, 64)])
    assert sound.events == [[0, 1, 60], [1, 1, 64]] and sound.plays == 1
    with pytest.raises(ValueError, match="beat, beats, MIDI number"):
        sound.play([(0, 60)])


def test_muzlab_lite_says_what_the_build_needs_and_builds_nothing_without_it(tmp_path, monkeypatch, capsys):
    from muzlab.cli import main

    monkeypatch.setenv("PATH", str(tmp_path))  # no node, no npm
    assert main(["lite", str(tmp_path / "site")]) == 2
    assert "needs node on the PATH, npm on the PATH" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


@pytest.mark.slow
def test_an_installed_muzlab_gives_the_edition_the_same_wheel_as_its_checkout(tmp_path):
    """`muzlab lite` from a package installed from the wheel: the wheel it puts together holds the
    same files as the checkout's."""
    pip = [sys.executable, "-m", "pip"]
    subprocess.run([*pip, "wheel", "--quiet", "--no-deps", "-w", tmp_path / "built", ROOT], check=True)
    (built,) = (tmp_path / "built").glob("muzlab-*.whl")
    subprocess.run([*pip, "install", "--quiet", "--no-deps", "--no-compile", "--target",
                    tmp_path / "installed", built], check=True)
    (tmp_path / "again").mkdir()
    out = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path; from muzlab.app.lite import build; "
         "print(build.CHECKOUT, build.lessons_source().name); "
         "print(build.installed_wheel(Path(sys.argv[1])).name)", tmp_path / "again"],
        capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "installed")},
        timeout=120)
    assert out.returncode == 0, out.stderr
    where, name = out.stdout.splitlines()
    assert where == "None _lessons" and name == built.name  # no checkout: the package's own lessons

    def contents(wheel: Path) -> dict[str, bytes]:
        with zipfile.ZipFile(wheel) as archive:
            return {n: archive.read(n) for n in archive.namelist() if ".dist-info/" not in n}

    assert contents(tmp_path / "again" / name) == contents(built)


def built_words(page: str) -> dict:
    """The languages of the JSON a built page carries (<script id="muz-words">), which storage.js reads."""
    found = re.search(r'<script id="muz-words" type="application/json">\n(.*?)\n</script>', page, re.S)
    assert found, "the page carries no sentences"
    return json.loads(found.group(1))["languages"]


class Unmarked(html.parser.HTMLParser):
    """The text of a page outside the elements whose sentence the script writes (data-muz-word, the
    lessons' titles too), and scripts and styles."""

    SKIPPED = ("script", "style", "title", "code")

    def __init__(self):
        super().__init__()
        self.open: list[bool] = []
        self.text: list[str] = []
        self.keys: list[str] = []

    def handle_starttag(self, tag, attrs):
        marked = dict(attrs).get("data-muz-word")
        if marked:
            self.keys.append(marked)
        if tag not in ("meta", "br", "input"):
            self.open.append(bool(marked) or tag in self.SKIPPED)

    def handle_endtag(self, tag):
        self.open.pop()

    def handle_data(self, data):
        if not any(self.open):
            self.text.append(data.strip())


def test_the_editions_pages_say_every_sentence_in_every_language_with_no_english_left(tmp_path):
    from test_languages import catalogues, english_words

    from muzlab.app.lite.page_words import LESSON_TITLES, SENTENCES
    from muzlab.names.language import LANGUAGES

    folder = lite_lessons.write_lessons(ROOT / "notebooks", lite_build.LESSONS, tmp_path)
    page = lite_lessons.landing_page(folder)
    languages = built_words(page)
    assert built_words(lite_lessons.lesson_page_script(folder)) == languages  # the lesson pages' word too
    assert list(languages) == list(LANGUAGES)
    english = languages["en"]["words"]
    assert set(LESSON_TITLES) == set(lite_build.LESSONS)
    assert set(english) == set(SENTENCES) | {f"lesson:{lesson}" for lesson in LESSON_TITLES}
    assert english["reset"] == "Reset lesson" and english["lesson:3-play.ipynb"] == "3 · Play a game"
    template = catalogues.extract()
    for code in catalogues.TRANSLATED:
        said = languages[code]["words"]
        assert set(said) == set(english), code
        leftovers = english_words(code, template)
        for key, sentence in said.items():
            assert sentence and sentence != english[key], f"{code}: {key} reads in English"
            left = set(re.findall(r"[a-zà-ÿ]{3,}", re.sub(r"\{\w+\}", "", sentence).lower())) & leftovers
            assert not left, f"{code}: {sentence!r} keeps English words {sorted(left)}"
            assert re.findall(r"\{\w+\}", sentence) == re.findall(r"\{\w+\}", english[key])
        # the app's page opens in the language too
        assert "ClassroomApp%28language%3D%27" + code + "%27%29" in languages[code]["app"]
    assert "ClassroomApp%28%29" in languages["en"]["app"]
    assert languages["de"]["words"]["reset"] == "Lektion zurücksetzen"
    # the lessons' titles on the first page are the language's too
    assert [languages[code]["words"]["lesson:3-play.ipynb"] for code in ("de", "fr", "es")] == [
        "3 · Eine Partie spielen", "3 · Jouer une partie", "3 · Jugar una partida"]
    assert "\u00a0:" in languages["fr"]["words"]["newer"]  # French: a non-breaking space before the colon
    # every sentence the script and the page use is in the JSON, and the JSON holds no sentence unused
    script = lite_lessons.STORAGE_SCRIPT
    used = set(re.findall(r'\b(?:say|filled)\("([\w-]+)"', script))
    parser = Unmarked()
    parser.feed(page)
    used |= set(parser.keys)
    assert used == set(english), (used ^ set(english))
    assert "data-muz-word" in script and ".words[" in script  # (what the page marks is written from it)
    # and no sentence of the page or the script is written in English outside the JSON
    assert [text for text in parser.text if text] == []
    literals = re.findall(r'"([^"\\]*)"|`([^`]*)`', re.sub(r"^\s*//.*$", "", script, flags=re.M))
    sentences = [text for pair in literals for text in pair  # (CSS selectors aside)
                 if re.search(r"\b[A-Za-z]{2,} [a-z]{2,}\b", text) and not text.startswith((".", "li["))]
    assert sentences == []


def test_the_kernel_starts_without_the_service_worker_and_loads_micropip_with_the_wheels(tmp_path):
    """The site's settings leave JupyterLite's service worker out (so that the kernel's working folder
    is not the browser's drive, asked about on every import), keeping the extensions disabled already,
    and preload the runtime's micropip with the bundled wheels."""
    from muzlab.app.lite.build import NO_SERVICE_WORKER, RUNTIME_PACKAGES, kernel_settings

    settings = tmp_path / "jupyter-lite.json"
    settings.write_text(json.dumps({"jupyter-config-data": {"disabledExtensions": ["some:plugin"]}}))
    kernel_settings(settings, ["muzlab", "micropip"], [NO_SERVICE_WORKER])
    data = json.loads(settings.read_text())["jupyter-config-data"]
    assert data["disabledExtensions"] == sorted(["some:plugin", NO_SERVICE_WORKER])
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["loadPyodideOptions"]["packages"] == ["muzlab", "micropip"]
    assert kernel["disablePyPIFallback"] is True
    assert "micropip" in RUNTIME_PACKAGES
    built = ROOT / "out" / "lite" / "jupyter-lite.json"
    if built.exists():  # the site built last: the worker's plugin is one JupyterLite has, and left out
        site = json.loads(built.read_text())["jupyter-config-data"]
        assert NO_SERVICE_WORKER in site["disabledExtensions"]
        assert "micropip" in site["litePluginSettings"][
            "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
        plugins = "".join(path.read_text(errors="replace") for path in (built.parent / "build").glob("*.js"))
        assert f'"{NO_SERVICE_WORKER}"' in plugins


@pytest.mark.slow
def test_the_editions_pygments_colours_python_and_plain_text_in_the_bundled_pyodide(tmp_path):
    """The edition's pygments keeps only the lexers IPython uses (Python, plain text): in the site's
    own Pyodide it colours Python, and asked for another language it says that lexer is absent."""
    import shutil

    from muzlab.app.lite.build import PYGMENTS_LEXERS

    site = ROOT / "out" / "lite"
    wheels = sorted((site / "pypi").glob("pygments-*.whl"))
    if not wheels or shutil.which("node") is None:
        pytest.skip("no built site (python3 make.py lite) or no node")
    with zipfile.ZipFile(wheels[0]) as archive:
        lexers = {Path(n).stem for n in archive.namelist() if n.startswith("pygments/lexers/")}
    assert lexers == set(PYGMENTS_LEXERS)
    script = tmp_path / "colour.mjs"
    script.write_text(textwrap.dedent(f"""\
        const {{ loadPyodide }} = await import({json.dumps((site / "pyodide" / "pyodide.mjs").as_uri())});
        const pyodide = await loadPyodide({{ indexURL: {json.dumps(str(site / "pyodide") + "/")} }});
        pyodide.FS.mkdirTree("/wheels");
        const root = {json.dumps(str(site / "pypi"))};
        pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {{ root }}, "/wheels");
        console.log(pyodide.runPython(`
        import sys
        sys.path.insert(0, "/wheels/{wheels[0].name}")
        from pygments import highlight, lexers
        from pygments.formatters import HtmlFormatter
        coloured = highlight("def f(): return 1", lexers.get_lexer_by_name("python"), HtmlFormatter())
        plain = lexers.get_lexer_by_name("text").name
        try:
            lexers.get_lexer_by_name("rust")
            other = "found"
        except ImportError:
            other = "absent"
        " ".join([str('<span class="k">def</span>' in coloured), plain, other])
        `));
        """))
    out = subprocess.run(["node", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "Text", "only", "absent"]


def test_the_site_loads_the_editions_plugin_that_starts_a_lessons_kernel_early_and_runs_it():
    """The edition's JupyterLab plugin is a prebuilt federated extension (its package.json names what
    JupyterLab loads), and it starts the session the notebook looks for: the lesson's path, its file
    name as the session's name (as JupyterLab's document context names it), the Pyodide kernel, once the
    Pyodide kernel's plugin (a plugin of the bundled extension) is active; then it runs the lesson's
    cells with JupyterLab's own Run All command, for that notebook only; the site built last lists it
    with the other extensions, and its JupyterLab has that command."""
    from muzlab.app.lite.build import EARLY_KERNEL, PYODIDE_KERNEL, labextension

    package = json.loads((EARLY_KERNEL / "package.json").read_text())
    load = package["jupyterlab"]["_build"]["load"]
    script = (EARLY_KERNEL / load).read_text()
    assert f'_JUPYTERLAB["{package["name"]}"]' in script
    assert 'name: path.split("/").pop(), type: "notebook", kernel: { name: "python" }' in script
    assert "await app.activatePlugin(PYODIDE_KERNEL)" in script and "findByPath(path)" in script
    assert 'execute("notebook:run-all-cells", { semanticWidget: panel.id, activate: false })' in script
    assert "panel.context.path === path" in script
    kernel_plugin = f"{PYODIDE_KERNEL}:kernel"
    assert f'const PYODIDE_KERNEL = "{kernel_plugin}";' in script
    chunks = (labextension(PYODIDE_KERNEL) / "static").glob("*.js")
    assert any(kernel_plugin in chunk.read_text() for chunk in chunks)
    built = ROOT / "out" / "lite" / "jupyter-lite.json"
    if built.exists():
        site = json.loads(built.read_text())["jupyter-config-data"]
        entries = {entry["name"]: entry for entry in site["federated_extensions"]}
        assert entries[package["name"]]["load"] == load
        assert (built.parent / "extensions" / package["name"] / load).read_text() == script
        jupyterlab = (built.parent / "build").glob("jlab_core.*.js")
        assert any('"notebook:run-all-cells"' in chunk.read_text() for chunk in jupyterlab)


@contextlib.contextmanager
def editions_server(site: Path, log: Path | None = None):
    """`python -m muzlab.app.lite.serve SITE` on a free port of 127.0.0.1, once it answers; yields a
    function that GETs a path (with extra headers) and returns the response's status, headers and body."""
    import urllib.error
    import urllib.request

    from test_browser import free_port

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "muzlab.app.lite.serve", site, "--port", str(port),
                               *(["--log", log] if log else [])], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})

    def get(path: str, **headers: str) -> tuple[int, Any, bytes]:
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as answer:  # (urllib raises on a 304 as on an error)
            return answer.code, answer.headers, answer.read()

    try:
        for _ in range(100):
            try:
                get("/")
                break
            except OSError:
                time.sleep(0.1)
        yield get
    finally:
        server.terminate()
        server.wait(10)


def test_the_editions_server_gzips_what_compresses_and_logs_the_bytes_it_sends(tmp_path):
    """`make.py lite --serve` (serve.py) sends Pyodide's WebAssembly and the scripts gzipped, a wheel as
    it is, a folder's index.html for the folder, and logs the bytes it put on the wire for each; a
    hashed chunk is kept a year unasked, everything else is asked about on each visit."""
    import gzip

    wasm = bytes(range(256)) * 64 + b"\0" * 50_000  # (compresses, as pyodide.asm.wasm does)
    (tmp_path / "site" / "pyodide").mkdir(parents=True)
    (tmp_path / "site" / "pyodide" / "pyodide.asm.wasm").write_bytes(wasm)
    (tmp_path / "site" / "app.js").write_text("const board = 'muzlab';\n" * 200)
    wheel = os.urandom(5_000)
    (tmp_path / "site" / "muzlab-0.1.0-py3-none-any.whl").write_bytes(wheel)
    (tmp_path / "site" / "notebooks").mkdir()
    (tmp_path / "site" / "notebooks" / "index.html").write_text("<p>lesson</p>")
    (tmp_path / "site" / "build").mkdir()
    (tmp_path / "site" / "build" / "1031.b91a70b.js").write_text("export const chunk = 1;\n")
    log = tmp_path / "sent.log"
    cached: dict[str, str | None] = {}
    with editions_server(tmp_path / "site", log) as get_file:
        def get(path: str) -> tuple[str | None, bytes]:
            _, headers, body = get_file(path, **{"Accept-Encoding": "gzip"})
            cached[path] = headers.get("Cache-Control")
            return headers.get("Content-Encoding"), body

        encoding, body = get("/pyodide/pyodide.asm.wasm")
        assert encoding == "gzip" and gzip.decompress(body) == wasm and len(body) < len(wasm) / 3
        assert get("/muzlab-0.1.0-py3-none-any.whl") == (None, wheel)
        encoding, page = get("/notebooks/?path=3-play.ipynb")
        assert (gzip.decompress(page) if encoding == "gzip" else page) == b"<p>lesson</p>"
        get("/app.js")
        get("/build/1031.b91a70b.js")
        assert cached == {"/app.js": "no-cache", "/pyodide/pyodide.asm.wasm": "no-cache",
                          "/muzlab-0.1.0-py3-none-any.whl": "no-cache",
                          "/notebooks/?path=3-play.ipynb": "no-cache",
                          "/build/1031.b91a70b.js": "public, max-age=31536000, immutable"}
    lines = log.read_text().splitlines()
    assert f"200 {len(body)} /pyodide/pyodide.asm.wasm" in lines
    assert f"200 {len(wheel)} /muzlab-0.1.0-py3-none-any.whl" in lines


def test_a_site_rebuilt_while_the_server_runs_is_sent_anew(tmp_path):
    """A file the browser asks about (If-None-Match, its ETag) is answered 304 while unchanged, and sent
    again once a build has rewritten it, though the server kept running: tornado keeps a file's first
    hash for the server's life, so a rebuilt wheel was answered 304 and the browser kept the old one,
    which Pyodide refuses (its sha256 no longer the lock file's)."""
    site = tmp_path / "site"
    site.mkdir()
    wheel = site / "muzlab-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"the first build")
    with editions_server(site) as get:
        status, headers, body = get(f"/{wheel.name}")
        etag = headers["ETag"]
        assert (status, body) == (200, b"the first build")
        assert get(f"/{wheel.name}", **{"If-None-Match": etag})[0] == 304
        wheel.write_bytes(b"the next build!")  # (the same size)
        os.utime(wheel, ns=(wheel.stat().st_atime_ns, wheel.stat().st_mtime_ns + 1_000_000_000))
        status, headers, body = get(f"/{wheel.name}", **{"If-None-Match": etag})
        assert (status, body) == (200, b"the next build!") and headers["ETag"] != etag
        assert get(f"/{wheel.name}", **{"If-None-Match": headers["ETag"]})[0] == 304


def test_only_names_that_carry_a_hash_are_kept_unasked():
    """JupyterLab's hashed chunks are kept without asking again; a page, the settings, the runtime and a
    wheel (rebuilt under the same versioned name) are asked about on each visit."""
    from muzlab.app.lite.serve import ASKED, KEPT, cache_control

    for kept in ("build/1031.b91a70b.js", "extensions/anywidget/static/remoteEntry.698dcaf7.js",
                 "extensions/@jupyterlite/pyodide-kernel-extension/static/coincident.worker.8cc041379012b115.js"):
        assert cache_control(kept) == KEPT, kept
    for asked in ("index.html", "notebooks/index.html", "jupyter-lite.json", "api/contents/all.json",
                  "bootstrap.js", "extensions/muzlab-lite-kernel/static/remoteEntry.js",
                  "pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json",
                  "pypi/muzlab-0.1.0-py3-none-any.whl", "pypi/pygments-2.21.0-py3-none-any.whl",
                  "files/3-play.ipynb", "build/1031.b91a70b/index.html"):
        assert cache_control(asked) == ASKED, asked


def test_a_lesson_that_plays_imports_only_the_playboards_code():
    """`from muzlab.widgets import PlayBoard` (lesson 3's first board) loads no Explorer, Quiz or
    Review: WebAssembly Python compiles each module it imports before the board is drawn; every name
    of muzlab.widgets is still there on first use."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys; from muzlab.widgets import PlayBoard; "
         "import muzlab.widgets as w; "
         "print(sorted(m for m in sys.modules if m.startswith('muzlab.widgets.'))); "
         "print(sorted(n for n in w.__all__ if n != 'EarTrainer' and getattr(w, n).__name__ == n))"],
        capture_output=True, text=True, check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    imported, names = loaded.stdout.splitlines()
    assert "'muzlab.widgets.play'" in imported
    for other in ("explorer", "quiz", "review", "ear"):
        assert f"'muzlab.widgets.{other}'" not in imported, other
    assert names == str(["Explorer", "ListenPanel", "PlayBoard", "Quiz", "Review", "Scene", "SvgBoard"])


def test_a_path_with_a_nul_is_a_400_and_the_server_goes_on(tmp_path):
    """`/index.html%00.js` names no file: a 400 (it was a 500, the file system's ValueError), and the
    next request is answered as before."""
    (tmp_path / "index.html").write_text("<p>first page</p>")
    with editions_server(tmp_path) as get:
        for path in ("/index.html%00.js", "/%00", "/notebooks/%00/index.html"):
            assert get(path)[0] == 400, path
        assert get("/index.html")[::2] == (200, b"<p>first page</p>")


def test_each_encoding_has_its_own_etag_and_a_range_is_never_gzipped(tmp_path):
    """RFC 9110: the gzipped body and the file as it is are two representations, each with its own strong
    ETag; a Range is answered from the file as it is (206, not gzipped, the plain ETag), and only when
    its If-Range names that ETag (else the whole file); If-None-Match matches only its own encoding."""
    import gzip

    script = "".join(f"const note{i} = {i};\n" for i in range(400)).encode()
    (tmp_path / "app.js").write_bytes(script)
    gzipped = {"Accept-Encoding": "gzip, deflate, br"}
    with editions_server(tmp_path) as get:
        status, whole, body = get("/app.js", **gzipped)
        assert (status, whole["Content-Encoding"], gzip.decompress(body)) == (200, "gzip", script)
        assert "Accept-Encoding" in whole["Vary"]
        status, plain, body = get("/app.js")
        assert (status, plain["Content-Encoding"], body) == (200, None, script)
        assert whole["ETag"] != plain["ETag"] and not whole["ETag"].startswith("W/")
        status, part, body = get("/app.js", Range="bytes=10-99", **gzipped)
        assert (status, part["Content-Encoding"], body) == (206, None, script[10:100])
        assert part["ETag"] == plain["ETag"] and part["Content-Range"] == f"bytes 10-99/{len(script)}"
        ranged = get("/app.js", Range="bytes=10-99", **{"If-Range": plain["ETag"]})
        assert ranged[::2] == (206, script[10:100])
        # If-Range naming the gzipped body (or a date) is not the file's: the whole file, no range
        status, headers, body = get("/app.js", Range="bytes=10-99", **{"If-Range": whole["ETag"]})
        assert (status, headers.get("Content-Range"), body) == (200, None, script)
        assert get("/app.js", Range="bytes=10-99", **{"If-Range": plain["Last-Modified"]})[0] == 200
        assert get("/app.js", **{"If-None-Match": whole["ETag"]}, **gzipped)[0] == 304
        assert get("/app.js", **{"If-None-Match": plain["ETag"]}, **gzipped)[0] == 200
        assert get("/app.js", **{"If-None-Match": plain["ETag"]})[0] == 304
        # gzip refused (q=0) or not named: the file as it is
        assert get("/app.js", **{"Accept-Encoding": "gzip;q=0, identity"})[1]["Content-Encoding"] is None
        assert get("/app.js", **{"Accept-Encoding": "*;q=0.5"})[1]["Content-Encoding"] == "gzip"


def test_the_web_players_button_speaks_the_readers_language():
    """The homework edition's Play button (WebSound) is labelled in the reader's language, in the ear
    trainer and in the listening panel, and follows a change of language."""
    script = PRETEND_PYODIDE + textwrap.dedent("""
        import muzlab
        from muzlab.widgets.ear import EarTrainer
        from muzlab.widgets.listen import ListenPanel
        muzlab.set_language("de")
        ear, panel = EarTrainer(seed=1), ListenPanel()
        print(ear.player.description, ear.replay.description, panel.player.description)
        muzlab.set_language("fr")
        ear.redraw_names()
        panel.redraw()
        print(ear.player.description, ear.replay.description, panel.player.description)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["▶ Abspielen ▶ Abspielen ▶ Abspielen", "▶ Écouter ▶ Écouter ▶ Écouter"]
