"""The homework edition in a real browser: `python3 make.py lite`'s site, served as plain files.

It builds out/lite/ (docs/lite/build.py), serves it with `python -m http.server` on 127.0.0.1, opens
lesson 3 in JupyterLite, where it runs itself on the Pyodide kernel (muzlab installs from the site's own
wheels; the Run menu's Run All runs a lesson again), plays the PlayBoard by clicks and checks that not
one request left the site, and plays it again through the accessibility tree alone (typed moves);
opens the app's page (its tabs in JupyterLite's REPL), saves a game record (a download), loads it back
(an upload), hears an ear-training item and reviews a game; and resets a lesson the student has a copy
of, after reading the first page, the lesson's word about the copy and the app in German (`?lang=de`);
and opens German lesson 3 from the German first page's link, which runs and prints German sentences and
note names; and opens lesson 3 from the first page, as a first visit, whose service worker fetches the
runtime gzipped, then again, when the runtime is not fetched from the site; and, served by the edition's
server (which gzips as static hosts do), leaves JupyterLab's core script to the browser's HTTP cache.
"""

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from sight_play import NEWS, listen, play_to_the_end
from test_browser import (
    ALL_RUN,
    CELLS,
    act,
    chromium_path,
    free_port,
    has_die,
    lit_cells,
    roll_if_empty_handed,
    scores_text,
    static_server,
    wait_for_server,
    watch_board,
)
from test_browser_app import OUT_OF_REACH, PLAY, play_one_die, show_tab, start_game

from muzlab import Game
from muzlab.play.midi import game_events

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "out" / "lite"
SCREENSHOTS = ROOT / "out" / "screenshots"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def site():
    """The site, built from this checkout (downloads are reused from out/lite-build/), served on
    127.0.0.1; yields its URL. With MUZLAB_LITE_URL, the site already served there (built from this
    checkout): the minutes of the build saved while a test is worked on."""
    chromium_path()  # skip before building when there is no browser
    if os.environ.get("MUZLAB_LITE_URL"):
        yield os.environ["MUZLAB_LITE_URL"].rstrip("/")
        return
    subprocess.run([sys.executable, ROOT / "docs" / "lite" / "build.py"], check=True, cwd=ROOT)
    with static_server(SITE, ROOT / "out" / "lite-server.log") as url:
        yield url


#: The text of the error outputs on the page (a traceback stops Run All where it is).
ERRORS = """() => [...document.querySelectorAll(
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")]
    .map(output => output.textContent).filter(text => /Traceback|\\w+Error\\b/.test(text))"""


#: JupyterLite's kernel status in the notebook's toolbar, once its kernel has started and is idle.
KERNEL_IDLE = ".jp-NotebookPanel-toolbar .jp-KernelStatus-success"
#: The notebook's toolbar once its session has its kernel (the Pyodide kernel named, its status starting,
#: busy or idle): a phase of a visit the benchmarks time. The lesson's run does not wait for it: the
#: edition's plugin runs the cells as soon as the notebook is connected to the session it started, and
#: the toolbar's React contents are drawn later, on the page's busy main thread.
KERNEL_CHOSEN = """() => {
    const name = document.querySelector('.jp-NotebookPanel-toolbar .jp-Toolbar-kernelName');
    const status = '.jp-NotebookPanel-toolbar :is(.jp-KernelStatus-spinner, .jp-KernelStatus-success)';
    return name !== null && name.textContent.trim() === 'Python (Pyodide)'
        && document.querySelector(status) !== null;
}"""
#: The edition's plugin has asked JupyterLab to run every cell of the lesson (muzlab-lite-kernel).
RUN_BY_THE_EDITION = "() => document.body.dataset.muzRun !== undefined"
#: The edition's plugin has left a notebook that is no lesson to run when the student asks.
NOT_RUN_BY_THE_EDITION = "() => document.body.dataset.muzNotRun === 'not a lesson'"
#: The notebook's first cell is active and the notebook scrolled to its top, where a student starts reading
#: (Run All leaves the last cell active and scrolls to it).
AT_THE_TOP = """() => document.querySelector('.jp-Notebook .jp-Cell').classList.contains('jp-mod-active')
    && document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer').scrollTop === 0"""
#: The execution count of each code cell of the notebook on the page.
EXECUTION_COUNTS = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .map(prompt => Number((prompt.textContent.match(/\\[(\\d+)\\]/) || [0, 0])[1]))"""
#: A dialog over the notebook (a kernel to choose, an input pending): nothing runs until it is answered.
DIALOG = ".jp-Dialog"


def run_lesson(page, site: str, lesson: str) -> list[str]:
    """Open a lesson in JupyterLite's notebook (the single-document view), where the edition runs all its
    cells as it opens, and return the errors it showed (none when it ran to the end)."""
    page.goto(f"{site}/notebooks/index.html?path={lesson}")
    return lesson_run(page, site, lesson)


def lesson_run(page, site: str, lesson: str) -> list[str]:
    """Wait until the edition has run every cell of the lesson on the page (its plugin, as the Run menu's
    Run All would, once the notebook is connected to its kernel's session), check that the student is
    left at the lesson's top, and return the errors it showed."""
    with urllib.request.urlopen(f"{site}/files/{lesson}") as shipped:  # (a copy has the same code cells)
        code_cells = sum(cell["cell_type"] == "code" for cell in json.load(shipped)["cells"])
    page.wait_for_function(RUN_BY_THE_EDITION, timeout=180_000)
    # (JupyterLab attaches the cells out of view as it finds the time: all of them must have run)
    page.wait_for_function(f"() => ({ALL_RUN})() && ({EXECUTION_COUNTS})().length === {code_cells} "
                           f"&& document.querySelector('{KERNEL_IDLE}') "
                           f"|| ({ERRORS})().length > 0 || document.querySelector('{DIALOG}')",
                           timeout=300_000)
    dialogs = page.locator(DIALOG).all_inner_texts()
    assert not dialogs, f"{lesson}: a dialog stopped the run: {dialogs[0]!r}"
    assert page.evaluate(AT_THE_TOP), f"{lesson}: the run left the student away from the lesson's top"
    return page.evaluate(ERRORS)


def open_lesson(page, site: str) -> None:
    """Open lesson 3, run it and wait until the person's seat may roll."""
    assert run_lesson(page, site, "3-play.ipynb") == []
    page.wait_for_selector(CELLS, timeout=60_000)
    page.wait_for_function("() => !document.querySelector('.muz-playboard .muz-roll').disabled",
                           timeout=60_000)
    assert page.locator(CELLS).count() == 61


def test_lesson_3_plays_offline_in_jupyterlite(site, browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []
    try:
        context = browser.new_context(viewport={"width": 1500, "height": 1100})

        def only_the_site(route):
            if route.request.url.startswith(site + "/"):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        context.route("**/*", only_the_site)
        returning_student(context)
        # the kernel's questions to the page about the browser's files (JupyterLite's drive, through
        # its service worker): one on every import when the drive is its working folder
        asked: list[str] = []
        context.on("request", lambda request: asked.append(request.url) if "/api/drive" in request.url
                   else None)
        page = context.new_page()
        page.on("pageerror", lambda error: print("page error:", str(error)[:300]))
        kernels: list[str] = []  # the Pyodide kernels' workers the page starts
        page.on("worker", lambda worker: kernels.append(worker.url) if KERNEL_WORKER in worker.url
                else None)
        open_lesson(page, site)
        started = page.evaluate("document.body.dataset.muzKernel")
        early = page.evaluate(EARLY_START)
        watch_board(page)

        before_scores = scores_text(page)
        placed = 0
        for _ in range(200):  # a whole 21-die game against the computer, by clicks
            if game_over(page):
                break
            roll_if_empty_handed(page)
            lit = lit_cells(page)
            if not lit:
                act(page, lambda: page.click(".muz-playboard .muz-pass"))
                continue
            act(page, lambda cell=lit[0]: page.click(f"{CELLS}[data-cell='{cell}']"))
            placed += 1
            assert has_die(page, lit[0])
        over = game_over(page)
        after = scores_text(page)
        dice = page.locator(".muz-playboard .dice [data-cell]").count()
        # a completion played its notes through Web Audio: the page lists the MIDI numbers it scheduled
        sound = page.get_attribute(".muz-playboard .muz-sound", "data-muz-sound")
        # and verovio drew its staff in the page, from the MEI muzlab wrote
        page.wait_for_selector(f"{STAFF} .notehead", state="attached", timeout=120_000)
        noteheads = page.locator(f"{STAFF} .notehead").count()
    finally:
        page.screenshot(path=str(SCREENSHOTS / "lite-play-board.png"))
    assert over, f"the game did not end after {placed} placements by the person"
    assert dice == 21 and placed >= 5
    assert after != before_scores, f"no placement changed the scores: {before_scores!r}"
    assert sound and all(20 < int(midi) < 109 for midi in sound.split()), sound
    assert noteheads >= 3
    assert outside == [], f"requests left the site: {outside[:5]}"
    # the edition's plugin started the lesson's kernel as JupyterLab started, and the notebook used it
    assert started == "started early" and len(kernels) == 1, (started, kernels)
    # and that kernel was the worker the page started with the lesson's Python as it opened
    assert early == {"runtime": "taken", "imports": "imported"}, early
    assert asked == [], f"the kernel asked the page about files {len(asked)} times"


#: What became of the worker the lesson's page starts as it opens (muzlab/app/lite/early_runtime.py): taken
#: by the kernel with the options it asked for, or started again with others; the early imports done.
EARLY_START = """() => ({runtime: document.documentElement.dataset.muzEarlyRuntime,
                imports: document.documentElement.dataset.muzEarlyImports})"""
#: The Pyodide kernel's web worker (one per kernel).
KERNEL_WORKER = "/pyodide-kernel-extension/static/comlink.worker."
#: The staff verovio draws in the PlayBoard's panel.
STAFF = ".muz-playboard .muz-verovio[data-muz-staff='drawn'] svg"


def game_over(page) -> bool:
    """True once the PlayBoard says the game is over."""
    return "Game over" in page.inner_text(".muz-playboard .muz-status")


def test_lessons_1_2_4_and_7_run_to_the_end_in_the_browser(site, browser):
    outside: list[str] = []
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site + "/")
                  else (outside.append(route.request.url), route.abort()))
    page = context.new_page()
    page.goto(site)
    links = page.locator("a[href^='notebooks/']")
    lessons = links.evaluate_all("links => links.map(a => a.textContent)")
    assert lessons == ["1 · The honeycomb and the rules", "2 · Hearing triads and scales",
                       "3 · Play a game", "4 · Explore positions", "7 · Review a game"]
    for lesson, board in (("1-rules.ipynb", None), ("2-hearing.ipynb", ".muzlab-keyboard"),
                          ("4-explore.ipynb", ".muz-layer .muz-cell"),
                          ("7-review.ipynb", ".muz-layer .muz-cell")):
        assert run_lesson(page, site, lesson) == [], lesson
        if board:  # the widget's view draws in the page after the kernel has sent it
            page.wait_for_selector(board, state="attached", timeout=60_000)
        if lesson == "1-rules.ipynb":  # the Run menu's Run All runs the lesson again
            counts = page.evaluate(EXECUTION_COUNTS)
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.click("li[data-command='runmenu:run-all']")
            page.wait_for_function(f"() => ({ALL_RUN})() && Math.min(...({EXECUTION_COUNTS})()) > "
                                   f"{max(counts)} || ({ERRORS})().length > 0", timeout=120_000)
            assert page.evaluate(ERRORS) == [] and len(page.evaluate(EXECUTION_COUNTS)) == len(counts)
        page.screenshot(path=str(SCREENSHOTS / f"lite-{lesson.removesuffix('.ipynb')}.png"))
    assert outside == [], f"requests left the site: {outside[:5]}"


def returning_student(context) -> None:
    """Have the browser context's pages note, as a lesson's page does on a first visit, that this
    runtime has been loaded here before: a lesson then starts its Python with the page (early_runtime)."""
    from muzlab.app.lite.early_runtime import SEEN_KEY, runtime_id

    context.add_init_script(f"localStorage.setItem({SEEN_KEY!r}, {runtime_id(SITE)!r})")


def only_the_site(context, site: str) -> list[str]:
    """Block every request of a browser context that leaves the site; returns the list of those blocked."""
    outside: list[str] = []
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site + "/")
                  else (outside.append(route.request.url), route.abort()))
    return outside


def message_says(page, words: str) -> None:
    page.wait_for_function("words => document.querySelector('.muz-playboard .muz-message')"
                           ".innerText.includes(words)", arg=words, timeout=60_000)


#: Those of the selectors given that match an element taking room on the page.
SHOWN = """selectors => selectors.filter(selector => [...document.querySelectorAll(selector)]
    .some(element => element.getBoundingClientRect().height > 0))"""


def test_the_app_page_saves_and_loads_a_record_hears_and_reviews(site, tmp_path, browser):
    context = browser.new_context(viewport={"width": 1500, "height": 1100}, accept_downloads=True)
    outside = only_the_site(context, site)
    page = context.new_page()
    page.goto(site)
    page.click(".muz-app-link")  # the app: its tabs, run as the page opens, with no code shown
    page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
    assert "ClassroomApp" not in page.inner_text("body")
    # the app alone: no prompt cell to type in, no execution count, no toolbar
    shown = page.evaluate(SHOWN, [".jp-CodeConsole-promptCell", ".jp-InputPrompt", ".jp-OutputPrompt",
                                  ".jp-ConsolePanel .jp-Toolbar"])
    assert shown == []
    tabs = page.locator(".muz-app .lm-TabBar-tab").all_inner_texts()
    assert [tab.strip() for tab in tabs] == ["Play", "Explore", "Quiz", "Ear training", "Review"]
    start_game(page)
    for _ in range(3):
        play_one_die(page)
    # Save: the browser downloads the record, which Game.from_json reads
    with page.expect_download() as download:
        page.click(f"{PLAY} .muz-save button")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    game = Game.from_json(saved.read_text())
    assert len(game.events) >= 3 and game.players == 2
    with page.expect_download() as sheet:  # the score sheet, written without pandas
        page.click(f"{PLAY} .muz-save-sheet button")
    assert sheet.value.suggested_filename.endswith(".csv")
    # Save MIDI: the game as music, written by mido in the browser's Python
    with page.expect_download() as music:
        page.click(f"{PLAY} .muz-save-midi button")
    notes = [midi % 12 for _start, _length, midi in sorted(game_events(game))]
    assert len(notes) >= 3 and midi_notes(music.value, tmp_path)[:len(notes)] == notes
    # Load: a new game, then the record uploaded from the device brings the old one back
    page.click(f"{PLAY} .muz-new")
    message_says(page, "New game")
    with page.expect_file_chooser() as chooser:
        page.click(f"{PLAY} .muz-load")
    chooser.value.set_files(str(saved))
    message_says(page, f"Loaded a game of {len(game.events)} events")
    # Ear training: the item sounds through the page's Web Audio (no numpy in the browser)
    show_tab(page, "Ear training")
    page.wait_for_selector(".muz-ear .muz-sound[data-muz-sound]", state="attached", timeout=60_000)
    heard = page.get_attribute(".muz-ear .muz-sound", "data-muz-sound")
    page.locator(".muz-ear button:has-text('major')").first.click()
    page.wait_for_function("() => document.querySelector('.muz-ear').innerText"
                           ".includes(' of 1 right')", timeout=60_000)
    page.wait_for_selector(".muz-ear .muz-verovio svg .notehead", state="attached", timeout=120_000)
    show_tab(page, "Review")  # the game just played, move by move
    with page.expect_download() as review:
        page.click(".muz-review-csv button")
    assert review.value.suggested_filename.endswith(".csv")
    with page.expect_download() as music:  # the reviewed game, as music
        page.click(".muz-review-midi button")
    assert midi_notes(music.value, tmp_path)[:len(notes)] == notes
    assert page.evaluate(OUT_OF_REACH) == []  # the summary's every column can be seen
    page.screenshot(path=str(SCREENSHOTS / "lite-app.png"))
    assert heard and all(20 < int(midi) < 109 for midi in heard.split()), heard
    assert outside == [], f"requests left the site: {outside[:5]}"


def midi_notes(download, folder: Path) -> list[int]:
    """The pitch classes struck in a downloaded MIDI file, in order, as mido reads it."""
    import mido

    saved = folder / download.suggested_filename
    download.save_as(saved)
    assert saved.suffix == ".mid"
    return [m.note % 12 for m in mido.MidiFile(saved) if m.type == "note_on" and m.velocity > 0]


#: Rewrites the student's stored copy of a lesson under another name, as made from another version of the
#: lesson (what a newer site shipped over an old one looks like from the browser) or, with no version, as
#: a notebook of the student's own (no lesson's stamp in its metadata).
REWRITE_THE_COPY = """async ([path, savedAs, version]) => {
    const name = (await indexedDB.databases()).find(db => db.name.startsWith('JupyterLite Storage')).name;
    const db = await new Promise(done => {
        const open = indexedDB.open(name); open.onsuccess = () => done(open.result); });
    const copy = await new Promise(done => {
        const get = db.transaction('files').objectStore('files').get(path);
        get.onsuccess = () => done(get.result); });
    if (version === null) {  // (and never run: no outputs, no counts)
        delete copy.content.metadata.muzlab;
        copy.content.cells.filter(cell => cell.cell_type === 'code').forEach(cell => {
            cell.outputs = []; cell.execution_count = null; });
    } else copy.content.metadata.muzlab.version = version;
    copy.name = copy.path = savedAs;
    await new Promise(done => { const change = db.transaction('files', 'readwrite');
                                change.objectStore('files').put(copy, savedAs); change.oncomplete = done; });
}"""


#: Whether the browser's storage holds the student's copy of a lesson with a text in it (the save has
#: landed in IndexedDB, not only left the editor).
COPY_HOLDS = """async ([path, text]) => {
    const found = (await indexedDB.databases()).find(db => db.name.startsWith('JupyterLite Storage'));
    if (!found) return false;
    const db = await new Promise(done => {
        const open = indexedDB.open(found.name); open.onsuccess = () => done(open.result); });
    if (!db.objectStoreNames.contains('files')) { db.close(); return false; }
    const copy = await new Promise(done => {
        const get = db.transaction('files').objectStore('files').get(path);
        get.onsuccess = () => done(get.result); });
    db.close();
    return !!copy && JSON.stringify(copy.content).includes(text);
}"""


def wait_for_copy(page, path: str, text: str, timeout: float = 30.0) -> None:
    """Wait until the browser's storage holds the copy of `path` with `text` in it."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(COPY_HOLDS, [path, text]):
        assert time.monotonic() < deadline, f"the copy of {path} was not saved within {timeout:.0f} s"
        page.wait_for_timeout(200)


#: Whether the notebook shows its first markdown cell rendered and its first code cell's source.
FIRST_CELLS_SHOWN = """() => ['.jp-MarkdownCell .jp-RenderedMarkdown', '.jp-CodeCell .cm-content'].every(
    selector => document.querySelector(`.jp-Notebook ${selector}`)?.textContent.trim())"""


def lesson_page_copy(page) -> str:
    """What a lesson's page found of the student's copy: "none", "current" or "older" (storage.js)."""
    page.wait_for_selector("html[data-muz-copy]", state="attached", timeout=60_000)
    return page.get_attribute("html", "data-muz-copy")


def test_a_students_copy_says_when_it_hides_a_newer_lesson_and_resets(site, tmp_path, browser):
    lesson, item = "1-rules.ipynb", "li[data-lesson='1-rules.ipynb']"
    # the German page lists German lesson 1, whose copy is kept under its own path
    german_lesson, german_item = "de/1-rules.ipynb", "li[data-lesson='de/1-rules.ipynb']"
    context = browser.new_context(accept_downloads=True)
    outside = only_the_site(context, site)
    page = context.new_page()
    page.goto(site)
    assert page.inner_text(f"{item} .muz-copy") == ""  # no copy yet: the shipped lesson opens
    page.goto(f"{site}/notebooks/index.html?path={lesson}")
    assert lesson_page_copy(page) == "none"
    assert lesson_run(page, site, lesson) == []  # (it runs itself: its outputs change until then)
    page.click(".jp-Notebook .jp-CodeCell .cm-content")
    page.keyboard.type("# my own note\n")
    page.keyboard.press("Control+s")  # the student's copy, kept in the browser's storage
    wait_for_copy(page, lesson, "my own note")  # (written to the browser's storage)
    page.reload()  # the lesson's page: the copy, made from the lesson shipped, hides nothing
    assert lesson_page_copy(page) == "current" and page.locator(".muz-newer").count() == 0
    # a notebook of the student's own (no lesson's stamp) is not run as it opens
    page.evaluate(REWRITE_THE_COPY, [lesson, "my-notebook.ipynb", None])
    page.goto(f"{site}/notebooks/index.html?path=my-notebook.ipynb")
    page.wait_for_function(NOT_RUN_BY_THE_EDITION, timeout=120_000)
    page.wait_for_selector(KERNEL_IDLE, timeout=180_000)
    own_counts, own_run = page.evaluate(EXECUTION_COUNTS), page.evaluate(RUN_BY_THE_EDITION)
    page.goto(site)
    page.wait_for_selector(f"{item} .muz-reset", timeout=30_000)
    assert page.locator(f"{item} .muz-newer").count() == 0  # made from the lesson shipped
    page.evaluate(REWRITE_THE_COPY, [lesson, lesson, "an older lesson"])
    page.reload()
    page.wait_for_selector(f"{item} .muz-newer", timeout=30_000)
    assert "newer version of this lesson" in page.inner_text(f"{item} .muz-newer")
    # the lesson's own page says it too, and leads to the first page's Download and Reset
    page.goto(f"{site}/notebooks/index.html?path={lesson}")
    assert lesson_page_copy(page) == "older"
    in_lesson = page.inner_text(".muz-newer")
    assert page.locator(".muz-newer").is_visible()
    first_page = page.get_attribute(".muz-newer a", "href")
    # the first page in German (?lang=de): its sentences, its word on the copy of the German lesson
    # and its buttons, the app in German; the language is kept for the lesson's page, until English
    # is chosen
    page.evaluate(REWRITE_THE_COPY, [lesson, german_lesson, "an older lesson"])
    page.goto(f"{site}/?lang=de")
    page.wait_for_selector(f"{german_item} .muz-newer", timeout=30_000)
    german = [page.inner_text(selector) for selector in (
        "h1", "h2", f"{german_item} .muz-newer", f"{german_item} .muz-reset", ".muz-app-link")]
    german_menu = (page.get_attribute("html", "lang"), page.input_value(".muz-language select"),
                   page.get_attribute(".muz-app-link", "href"))
    german_titles = page.locator("a[href^='notebooks/']").evaluate_all(
        "links => links.map(a => a.textContent)")
    page.goto(f"{site}/notebooks/index.html?path={german_lesson}")
    assert lesson_page_copy(page) == "older"
    german_in_lesson = page.inner_text(".muz-newer")
    page.goto(f"{site}/")  # (the language kept) and its app, in German on the Pyodide kernel
    page.click(".muz-app-link")
    page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
    german_tabs = [tab.strip() for tab in page.locator(".muz-app .lm-TabBar-tab").all_inner_texts()]
    page.goto(f"{site}/")
    page.select_option(".muz-language select", "en")
    assert page.inner_text("h1") == "muzlab: the homework edition" and page.url.endswith("?lang=en")
    other = "2-hearing.ipynb"  # a lesson without a copy says nothing
    page.goto(f"{site}/notebooks/index.html?path={other}")
    assert lesson_page_copy(page) == "none" and page.locator(".muz-newer").count() == 0
    page.goto(site)
    page.wait_for_selector(f"{item} .muz-newer", timeout=30_000)
    with page.expect_download() as download:  # the student's work, kept before the reset
        page.click(f"{item} .muz-download-copy")
    kept = tmp_path / download.value.suggested_filename
    download.value.save_as(kept)
    page.on("dialog", lambda dialog: dialog.accept())
    page.click(f"{item} .muz-reset")
    page.wait_for_function(f"() => !document.querySelector(\"{item} .muz-reset\")", timeout=30_000)
    page.goto(f"{site}/notebooks/index.html?path={lesson}")
    after_reset = lesson_page_copy(page)
    page.wait_for_function(FIRST_CELLS_SHOWN, timeout=120_000)
    shipped = page.inner_text(".jp-Notebook .jp-CodeCell .cm-content >> nth=0")
    note = page.inner_text(".jp-Notebook .jp-MarkdownCell .jp-RenderedMarkdown >> nth=0")
    assert "newer version of this lesson" in in_lesson and first_page == "../index.html"
    title, heading, newer, reset, app = german
    assert (title, heading) == ("muzlab: die Hausaufgaben-Ausgabe", "Lektionen")
    assert reset == "Lektion zurücksetzen"
    assert newer.startswith("Seit deine Kopie entstanden ist, gibt es eine neuere Fassung dieser Lektion")
    assert app == "Die App: Spielen, Erkunden, Quiz, Gehörbildung und Auswertung"
    assert german_menu[:2] == ("de", "de") and "ClassroomApp%28language%3D%27de%27%29" in german_menu[2]
    assert german_tabs == ["Spielen", "Erkunden", "Quiz", "Gehörbildung", "Auswertung"]
    assert german_titles == ["1 · Die Wabe und die Regeln", "2 · Dreiklänge und Tonleitern hören",
                             "3 · Eine Partie spielen", "4 · Stellungen erkunden",
                             "7 · Eine Partie auswerten"]
    assert german_in_lesson.startswith(newer) and "auf der ersten Seite zurück" in german_in_lesson
    assert after_reset == "none"
    assert len(own_counts) > 1 and set(own_counts) == {0} and not own_run  # (0: no count shown)
    assert "my own note" in kept.read_text() and kept.name == lesson
    first_code = next(c for c in json.loads((SITE / "files" / lesson).read_text())["cells"]
                      if c["cell_type"] == "code")
    assert "my own note" not in shipped and shipped.startswith(first_code["source"][0].strip())  # as shipped
    assert note.startswith("Homework edition: muzlab and its boards come from this site")
    assert outside == [], f"requests left the site: {outside[:5]}"


#: The text every stdout stream of the notebook on the page printed.
PRINTED = """() => [...document.querySelectorAll(
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']")]
    .map(output => output.textContent).join('\\n')"""
#: A note name as German spells it (Cis, Es, As, H: a sharp or flat in the name, no ♯ or ♭ sign).
GERMAN_NOTE_NAME = r"\b(?:[CDFGA]is|[DGAH]es|Es|As|H)\b"


def test_a_german_link_opens_german_lesson_3_and_it_runs_in_german(site, browser):
    import re

    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    returning_student(context)
    page = context.new_page()
    page.goto(f"{site}/?lang=de")  # the teacher's German link
    page.wait_for_selector("html[lang='de']", state="attached")
    links = page.locator("ul.muz-lessons a")
    titles = links.evaluate_all("links => links.map(a => a.textContent)")
    targets = links.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    in_english = page.locator("ul.muz-lessons .muz-in-english").all_inner_texts()
    page.click("li[data-english='3-play.ipynb'] a")  # German lesson 3, from the first page's link
    page.wait_for_url("**/notebooks/index.html?path=de/3-play.ipynb")
    errors = lesson_run(page, site, "de/3-play.ipynb")
    page.wait_for_selector(CELLS, timeout=60_000)  # its PlayBoard
    early = page.evaluate(EARLY_START)  # (a lesson in a folder: the kernel's location is "de")
    printed = page.evaluate(PRINTED)
    note = page.inner_text(".jp-Notebook .jp-MarkdownCell .jp-RenderedMarkdown >> nth=0")
    page.screenshot(path=str(SCREENSHOTS / "lite-de-3-play.png"))
    assert titles == ["1 · Die Wabe und die Regeln", "2 · Dreiklänge und Tonleitern hören",
                      "3 · Eine Partie spielen", "4 · Stellungen erkunden", "7 · Eine Partie auswerten"]
    assert targets == [f"notebooks/index.html?path=de/{lesson}" for lesson in (
        "1-rules.ipynb", "2-hearing.ipynb", "3-play.ipynb", "4-explore.ipynb", "7-review.ipynb")]
    assert [text.strip() for text in in_english] == ["", "", "", "", ""]  # every lesson is in German
    assert errors == []
    assert early == {"runtime": "taken", "imports": "imported"}, early
    assert note.startswith("Hausaufgaben-Ausgabe: muzlab und seine Spielbretter kommen von dieser Seite")
    # what the lesson printed as it ran: German sentences, German note names
    assert "Spieler 1 würfelt den ersten Würfel" in printed and "Punkte" in printed, printed[:500]
    assert re.search(GERMAN_NOTE_NAME, printed), printed[:500]
    assert "♯" not in printed and "♭" not in printed, printed[:500]
    assert outside == [], f"requests left the site: {outside[:5]}"


def test_lesson_3_is_played_through_the_accessibility_tree(site, browser):
    """Lesson 3's PlayBoard in JupyterLite, played as a screen-reader user plays it (as
    tests/test_browser_sight.py plays the app): the live region, the legal cells' list, Roll and Pass by
    the keyboard and every move typed (the cell alone: "e5"), never a position on the screen."""
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    page = context.new_page()
    open_lesson(page, site)
    listen(page.get_by_role("status", name=NEWS))
    heard, placed = play_to_the_end(page, "Class", lambda _said, cell: cell, timeout=120)
    text = " ".join(heard)
    assert "Game over" in heard[-1], "the game did not end"
    assert placed > 3 and text.count("Class places ") == placed  # every typed move was played
    assert "Computer (greedy) places " in text
    assert not re.search(r"is not a move|not a note name|nothing was placed", text)
    print("\n".join(heard[:12]))  # what a screen reader said, for a reviewer to judge
    assert outside == [], f"requests left the site: {outside[:5]}"


#: The site's requests `python -m http.server` answered, in its log's lines (the path, query left out).
REQUESTED = r'"GET ([^ ?]+)\S* HTTP/[\d.]+" (\d+) '


def requested_since(log: Path, start: int, answered: tuple[str, ...] = ("200", "304")) -> list[str]:
    """The paths the static server was asked for (answered 200 or 304, or as `answered` says) since its
    log had `start` characters."""
    import re

    return [path for path, status in re.findall(REQUESTED, log.read_text()[start:]) if status in answered]


def test_a_first_visit_from_the_first_page_fetches_the_runtime_gzipped_and_a_later_one_not_at_all(
        site, browser):
    # a host that compresses nothing (http.server): the first page registers the edition's service worker
    # (muzlab/app/lite/packed.py) and holds the lesson's link until it is active; the lesson then loads the
    # runtime and JupyterLab's largest scripts as their .gz, and a later visit takes them from the worker's
    # cache without asking the site
    log = ROOT / "out" / "lite-server.log"
    if os.environ.get("MUZLAB_LITE_URL"):
        pytest.skip("reads the log of the server the site fixture starts")
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    page = context.new_page()
    start = first_start = len(log.read_text())
    page.goto(f"{site}/")
    page.click("ul.muz-lessons a[href$='path=3-play.ipynb']")
    page.wait_for_url("**/notebooks/index.html?path=3-play.ipynb")
    first_errors = lesson_run(page, site, "3-play.ipynb")
    first_early = page.evaluate(EARLY_START)["runtime"]
    controlled = page.evaluate("navigator.serviceWorker.controller !== null")
    first = requested_since(log, start)
    start = len(log.read_text())
    later_errors = run_lesson(page, site, "3-play.ipynb")
    later_early = page.evaluate(EARLY_START)["runtime"]
    page.wait_for_selector(CELLS, timeout=60_000)
    later = requested_since(log, start)
    # (the chunks the build left out with mermaid's plugins: not one asked for)
    missing = [path for path in requested_since(log, first_start, ("404",))
               if not path.endswith(".ico")]
    assert first_errors == [] and later_errors == []
    assert missing == [], missing
    # the lesson's Python started with its page on the later visit only (early_runtime.py)
    assert (first_early, later_early) == ("first visit", "taken")
    assert controlled
    runtime = "/pyodide/pyodide.asm.wasm"
    assert f"{runtime}.gz" in first and runtime not in first, [p for p in first if "pyodide.asm" in p]
    assert any(p.startswith("/build/jlab_core.") and p.endswith(".js.gz") for p in first), first
    assert not [p for p in later if p.startswith(runtime) or p.startswith("/build/jlab_core.")], later
    assert outside == [], f"requests left the site: {outside[:5]}"


def test_a_kernel_that_asks_for_other_options_than_the_early_start_starts_again_and_the_lesson_runs(
        site, browser):
    # the page's early start believes in the PyPI fallback the site's settings turn off: the kernel's own
    # initialize then asks for other options, and its worker starts Python again with them
    believed = '"disablePyPIFallback": true'
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    changed: list[int] = []

    def other_options(route):
        page_text = route.fetch().text()
        changed.append(page_text.count(believed))
        route.fulfill(body=page_text.replace(believed, '"disablePyPIFallback": false'),
                      content_type="text/html")

    context.route("**/notebooks/index.html?path=1-rules.ipynb", other_options)
    returning_student(context)
    page = context.new_page()
    warned: list[str] = []
    page.on("console", lambda message: warned.append(message.text) if "starts again" in message.text
            else None)
    errors = run_lesson(page, site, "1-rules.ipynb")
    early = page.evaluate(EARLY_START)
    assert changed == [1]
    assert errors == []
    assert early["runtime"] == "started again", early
    assert len(warned) == 1 and "disablePyPIFallback true, not false" in warned[0], warned
    assert outside == [], f"requests left the site: {outside[:5]}"


def served(log: Path) -> list[tuple[str, str, str]]:
    """The edition's server's request lines so far (`--log`): status, bytes sent and path of each."""
    lines = log.read_text().splitlines()
    return [tuple(line.split()) for line in lines if re.fullmatch(r"\d{3} \d+ /\S*", line)]


def test_a_host_that_compresses_leaves_jupyterlabs_core_script_to_the_browsers_http_cache(site, browser):
    # the edition's server gzips what it sends, as static hosts do: the worker asks it once and leaves the
    # largest scripts to the browser, whose HTTP cache then answers a later visit (and keeps V8's compiled
    # code for JupyterLab's core script, which Chromium does not keep for a script a worker answers from
    # its Cache Storage); the runtime alone comes as its .gz
    if os.environ.get("MUZLAB_LITE_URL"):
        pytest.skip("serves the site built by the site fixture with the edition's server")
    log = ROOT / "out" / "lite-edition-server.log"
    log.write_text("")
    port = free_port()
    with open(log, "a") as out:  # (its own lines too: served() reads the request lines)
        server = subprocess.Popen([sys.executable, "-m", "muzlab.app.lite.serve", SITE, "--port", str(port),
                                   "--log", log], stdout=out, stderr=subprocess.STDOUT,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        wait_for_server(port, server, log, "the edition's server", timeout=30)
        url = f"http://127.0.0.1:{port}"
        context = browser.new_context(viewport={"width": 1500, "height": 1100})
        page = context.new_page()
        page.goto(f"{url}/")
        page.click("ul.muz-lessons a[href$='path=3-play.ipynb']")
        page.wait_for_url("**/notebooks/index.html?path=3-play.ipynb")
        first_errors = lesson_run(page, url, "3-play.ipynb")
        controlled = page.evaluate("navigator.serviceWorker.controller !== null")
        first = served(log)
        start = len(first)
        later_page = context.new_page()
        later_errors = run_lesson(later_page, url, "3-play.ipynb")
        later_page.wait_for_selector(CELLS, timeout=60_000)
        later = served(log)[start:]
        context.close()
    finally:
        server.terminate()
        server.wait(15)
    assert first_errors == [] and later_errors == [] and controlled
    core = next(SITE.glob("build/jlab_core.*.js")).name
    sent = {path: int(size) for status, size, path in first if status == "200"}
    assert f"/build/{core}" in sent and sent[f"/build/{core}"] < (SITE / "build" / core).stat().st_size / 2
    # (the runtime's .gz alone: the worker keeps the runtime, whose compiled code Chromium keeps there too)
    assert [path for path in sent if path.endswith(".gz")] == ["/pyodide/pyodide.asm.wasm.gz"], sent
    # the later visit: the core script from the browser's HTTP cache, not asked for
    assert not [path for _, _, path in later if path.startswith("/build/jlab_core.")], later
