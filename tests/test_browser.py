"""One real-browser test: JupyterLab on 127.0.0.1 driven by Playwright in the system Chromium.

It opens the play lesson, runs it, places the opening die from the keyboard, checks that a refused
click leaves the board as it was and says why, clicks lit SVG cells until a die lands and a score
changes, and saves a screenshot to out/screenshots/. `python3 make.py test` finds Chromium
(installing Debian's package as root) and passes its path in MUZLAB_CHROMIUM; on CI it must run.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLAY_NOTEBOOK = ROOT / "notebooks" / "3-play.ipynb"
SCREENSHOTS = ROOT / "out" / "screenshots"
TOKEN = "muzlab-browser-test"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def chromium_path() -> str:
    path = os.environ.get("MUZLAB_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing on CI; the browser test must run there")
        pytest.skip("no Chromium (install Debian's 'chromium'); run through `python3 make.py test`")
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_server(port: int, server: subprocess.Popen, log: Path, what: str, timeout: float = 120) -> None:
    """Wait until `server` listens on `port`; RuntimeError with its log if it exits or takes too long."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"{what} did not start:\n{log.read_text()}") from None
            time.sleep(0.3)


@contextlib.contextmanager
def jupyter_lab(folder: Path):
    """A JupyterLab server on 127.0.0.1 serving `folder`; yields its URL (log in with TOKEN)."""
    port = free_port()
    news = folder / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    news.parent.mkdir(parents=True, exist_ok=True)
    news.write_text('{"fetchNews": "false", "checkForUpdates": false}')  # no "news?" toast on the board
    log = open(folder / "jupyter.log", "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
         f"--port={port}", f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={folder}",
         f"--LabApp.workspaces_dir={folder / 'workspaces'}",
         f"--LabApp.user_settings_dir={folder / 'settings'}", "--LabServerApp.news_url="],
        stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    log_text = (folder / "jupyter.log").read_text()
                    raise RuntimeError("JupyterLab did not start:\n" + log_text) from None
                time.sleep(0.5)
        yield url
    finally:
        stop(server, log)


@contextlib.contextmanager
def static_server(folder: Path, log: Path):
    """`python -m http.server` on 127.0.0.1 serving the files of `folder` as they are, its log written to
    `log`; yields its URL."""
    port = free_port()
    log_file = open(log, "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", folder], stdout=log_file, stderr=subprocess.STDOUT)
    try:
        wait_for_server(port, server, log, "the static server", timeout=30)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(server, log_file)


def stop(server: subprocess.Popen, log) -> None:
    """End a test server (killing it if it does not stop within 15 s) and close its log."""
    server.terminate()
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


def open_and_run(page, url: str, notebook: str) -> None:
    """Open a notebook in JupyterLab, run all its cells and wait for the PlayBoard's cells."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(f"{url}/lab/tree/{notebook}?token={TOKEN}")
    page.wait_for_selector(".jp-Notebook", timeout=120_000)
    # JupyterLab sometimes asks which kernel to start before the kernel list has loaded.
    with contextlib.suppress(PlaywrightTimeout):
        page.click(".jp-Dialog .jp-mod-accept", timeout=5_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.click("li[data-command='runmenu:run-all']")
    page.wait_for_selector(CELLS, timeout=180_000)
    page.wait_for_function(ALL_RUN, timeout=180_000)
    page.wait_for_function("() => !document.querySelector('.muz-playboard .muz-roll').disabled",
                           timeout=60_000)  # the first player, a person, may roll
    watch_board(page)


@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server on 127.0.0.1 serving a fresh copy of the play lesson; yields its URL."""
    shutil.copy(PLAY_NOTEBOOK, tmp_path / PLAY_NOTEBOOK.name)
    try:
        with jupyter_lab(tmp_path) as url:
            yield url
    except RuntimeError as error:
        pytest.fail(str(error))


#: True once every code cell of the notebook has run (a number in its prompt, no "*") and the kernel
#: is idle.
ALL_RUN = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent))
        && document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']") !== null;
}"""
MESSAGE = ".muz-playboard .muz-message"
#: Counts, in the order they happen, the changes of the board's message line and of its Roll and Pass
#: buttons (window.__muzBoard: the number of the last change of each). The kernel's redraw sets the
#: board, the die in hand, the scores and the buttons before the message line, so once the message
#: line has changed after the buttons, everything of that redraw is shown.
WATCH_BOARD = """() => {
    const board = document.querySelector('.muz-playboard');
    const seen = window.__muzBoard = {changes: 0, message: 0, buttons: 0};
    new MutationObserver(records => {
        for (const record of records) {  // one observer: its records come in the order of the changes
            const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
            const what = record.type === 'attributes' ? 'buttons'
                : target && target.closest('.muz-message') ? 'message' : null;
            if (what) seen[what] = ++seen.changes;
        }
    }).observe(board, {subtree: true, childList: true, characterData: true, attributes: true,
                       attributeFilter: ['disabled']});
}"""
#: True once the board has answered what was done after change number `before`: its message line has
#: changed since, and after the buttons last did, and the person may act (Roll or Pass live, so the
#: computer seats have replied) or the game is over.
ANSWERED = """before => {
    const seen = window.__muzBoard, board = document.querySelector('.muz-playboard');
    return seen.message > before && seen.message > seen.buttons
        && (!board.querySelector('.muz-roll').disabled || !board.querySelector('.muz-pass').disabled
            || board.querySelector('.muz-status').innerText.includes('Game over'));
}"""


def watch_board(page) -> None:
    """Start counting the board's changes (once the board is in the page; again for a new board)."""
    page.evaluate(WATCH_BOARD)


def changes(page) -> int:
    """How many changes of the board's message line and buttons have been seen so far."""
    return page.evaluate("() => window.__muzBoard.changes")


def act(page, action: Callable[[], object]) -> None:
    """Do something to the board (a click, a key), then wait until the kernel has answered it and the
    computer seats have replied: every action says something new in the message line."""
    before = changes(page)
    action()
    answered(page, before)


def answered(page, before: int) -> None:
    """Wait until the board has answered what was done after change number `before` (see ANSWERED)."""
    page.wait_for_function(ANSWERED, arg=before, timeout=60_000)


def scores_text(page) -> str:
    return page.inner_text(".muz-playboard .muz-scores")


def board_svg(page) -> str:
    """The board's SVG as drawn, without the keyboard focus ring and the cells' tooltips (which say
    more once the pointer has been over them)."""
    return page.eval_on_selector(".muz-playboard .muz-frame svg", """svg => {
        const copy = svg.cloneNode(true);
        copy.querySelectorAll(".muz-focus, .muz-layer title").forEach(node => node.remove());
        copy.querySelectorAll("[data-ask]").forEach(node => node.removeAttribute("data-ask"));
        return copy.outerHTML;
    }""")


def lit_cells(page) -> list[str]:
    return [cell.get_attribute("data-cell") for cell in page.locator(CELLS + ".muz-legal").all()]


def has_die(page, cell: str) -> bool:
    return page.locator(f".muz-playboard .dice [data-cell='{cell}']").count() == 1


def roll_if_empty_handed(page) -> None:
    if "–" in page.inner_text(".muz-playboard .muz-hand"):  # no die in hand: roll
        act(page, lambda: page.click(".muz-playboard .muz-roll"))


def walk_focus_to(page, target: str) -> None:
    """Move the board's focus ring to a cell with the arrow keys, as a person at the keyboard does."""
    goal = page.locator(f"{CELLS}[data-cell='{target}']")
    gx, gy = float(goal.get_attribute("data-x")), float(goal.get_attribute("data-y"))
    for _ in range(40):
        focus = page.get_attribute(".muz-playboard .muz-frame", "data-focus")
        if focus == target:
            return
        here = page.locator(f"{CELLS}[data-cell='{focus}']")
        dx, dy = gx - float(here.get_attribute("data-x")), gy - float(here.get_attribute("data-y"))
        if abs(dx) > 1:
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the arrow keys did not reach {target}")


CELLS = ".muz-playboard .muz-layer .muz-cell"


def test_play_lesson_in_a_real_browser(lab):
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            open_and_run(page, lab, PLAY_NOTEBOOK.name)
            assert page.locator(CELLS).count() == 61

            # The opening die, placed from the keyboard: R rolls, the ring starts on e5, Enter places.
            page.focus(".muz-playboard .muz-frame")
            act(page, lambda: page.keyboard.press("r"))
            assert lit_cells(page) == ["0,0"]
            walk_focus_to(page, "0,0")
            act(page, lambda: page.keyboard.press("Enter"))
            assert has_die(page, "0,0") and not lit_cells(page)

            # A refused click: the board stays as it was and the message gives the rule's reason.
            roll_if_empty_handed(page)
            lit = lit_cells(page)
            dice = set(page.eval_on_selector_all(".muz-playboard .dice [data-cell]",
                                                 "els => els.map(e => e.dataset.cell)"))
            refused = next(cell.get_attribute("data-cell") for cell in page.locator(CELLS).all()
                           if cell.get_attribute("data-cell") not in lit + sorted(dice))
            name = page.text_content(f"{CELLS}[data-cell='{refused}'] title")  # "d4": the rules not yet asked
            page.hover(f"{CELLS}[data-cell='{refused}']")  # hovering says why not, before any click
            page.wait_for_function("name => document.querySelector('.muz-playboard .muz-tip')"
                                   ".innerText.startsWith(name + ': ')", arg=name, timeout=60_000)
            hover_text = page.inner_text(".muz-playboard .muz-tip")
            before = board_svg(page)
            act(page, lambda: page.click(f"{CELLS}[data-cell='{refused}']"))
            assert board_svg(page) == before
            message = page.inner_text(".muz-playboard .muz-message")
            assert message.startswith("✗") and message[2:].strip() in hover_text

            # Play on by clicking lit SVG cells until a die lands and a score changes.
            before_scores = scores_text(page)
            after, placed = before_scores, 0
            for _ in range(30):  # a die that fits nowhere is passed
                roll_if_empty_handed(page)
                lit = lit_cells(page)
                if not lit:
                    act(page, lambda: page.click(".muz-playboard .muz-pass"))
                    continue
                labels = page.locator(f"{CELLS}.muz-legal").count()
                assert page.locator(".muz-playboard .points").count() == labels  # "+points" on every lit cell
                act(page, lambda cell=lit[0]: page.click(f"{CELLS}[data-cell='{cell}']"))
                placed += 1
                assert has_die(page, lit[0])
                # No stale "+points" label is left on a cell that is no longer lit.
                assert page.locator(".muz-playboard .points").count() == len(lit_cells(page))
                after = scores_text(page)
                if placed >= 2 and after != before_scores:
                    break
            roll_if_empty_handed(page)  # the picture shows the lit cells of the die in hand
            page.mouse.move(0, 0)
            page.locator(".muz-playboard").scroll_into_view_if_needed()
            page.evaluate("document.querySelector('.muz-playboard').scrollIntoView({block: 'start'})")
        finally:
            # Saved on success and on failure alike: the picture is the first thing to look at.
            page.screenshot(path=str(SCREENSHOTS / "play-board.png"))
            browser.close()
    assert placed >= 1
    assert after != before_scores, f"no placement changed the scores: {before_scores!r}"


#: For every die name in the page: each line's width (its computed length, centred) and the band from
#: its baseline up to the capitals' height, as the corners furthest from the die's centre; how far
#: outside the die's circle (less its outline) the worst corner reaches, in SVG units (<= 0: inside).
NAME_OVERFLOW = """() => {
    const out = [];
    for (const circle of document.querySelectorAll('svg circle.die')) {
        const cx = +circle.getAttribute('cx'), cy = +circle.getAttribute('cy');
        const radius = +circle.getAttribute('r') - 1;
        const text = [...document.querySelectorAll('svg text.name')]
            .find(t => +t.getAttribute('x') === cx && +t.getAttribute('y') === cy);
        const font = +text.getAttribute('font-size');
        const lines = text.querySelectorAll('tspan').length ? [...text.querySelectorAll('tspan')] : [text];
        let worst = -Infinity;
        for (const line of lines) {
            const half = line.getComputedTextLength() / 2;
            const base = line.getStartPositionOfChar(0).y;
            for (const y of [base, base - 0.73 * font]) {
                worst = Math.max(worst, Math.hypot(half, y - cy) - radius);
            }
        }
        out.push([text.textContent, worst]);
    }
    return out;
}"""


def test_every_die_name_stays_inside_its_die_in_chromium():
    """Item 21: two names ("D♯/E♭", "B/C♭", "Dis/Es", "Re♯/Mi♭") and long ones ("Sol♯") drawn inside
    the circle. Every Size scales the whole picture alike, so the SVG's own units decide it."""
    from playwright.sync_api import sync_playwright

    from muzlab.reading import note_names
    from muzlab.rules.perft import random_positions
    from muzlab.views.svg import position_svg

    pictures = []
    for seed in range(6):
        for position in random_positions(seed, dice=40)[::5]:
            for convention in ("english", "german", "solfege"):
                with note_names(convention):
                    pictures.append(position_svg(position))
    seen = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        for svg in pictures:
            page.set_content(svg)
            seen.update(page.evaluate(NAME_OVERFLOW))
        browser.close()
    assert {"D♯E♭", "BC♭", "DisEs", "Re♯Mi♭", "Sol♯"} <= set(seen)  # the stacked names and a long one
    outside = {name: round(reach, 1) for name, reach in seen.items() if reach > 0}
    assert not outside, f"names reaching outside their die (SVG units): {outside}"
