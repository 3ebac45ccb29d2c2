"""From a click in the browser to the changed board: the PlayBoard in JupyterLab, in Chromium.

Run: MUZLAB_CHROMIUM=/usr/bin/chromium .venv/bin/python benchmarks/bench_browser.py [moves]

A one-person PlayBoard (no computer replies, no pauses) is played by clicks for at least 20 moves.
Each time is measured inside the page, from the click to the frame that shows its result:
Roll -> the legal cells lit, and a click on a lit cell -> the die drawn on the board; Rolls that come
right after a placement that completed a triad or scale (whose sound and staff are being made) are
also reported alone. A plain
ipywidgets button that changes its own label is timed the same way, as this machine's floor for
any widget round trip, and the ratios against it are printed too.
Targets: median under 60 ms and 95th percentile under 150 ms for both.

The board is made as a lesson makes it (`PlayBoard(...)`, whose staff and sound are drawn off the
kernel's thread), and again with `staff_later=False` (drawn before the next Roll is answered, as
notebooks did before) as the reference, in the same run. Last, the classroom app is served by Voilà
(as `muzlab app` serves it) and its Play tab played the same way by one person (there is no bare
button in the app: its floor is the notebook's, and after a placement the next Roll waits 0.3 s).
"""

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_browser import (  # noqa: E402
    CELLS,
    CHROMIUM_ARGS,
    MESSAGE,
    act,
    answered,
    changes,
    free_port,
    jupyter_lab,
    open_and_run,
    stop,
    wait_for_server,
    watch_board,
)

TARGET_MEDIAN_MS, TARGET_P95_MS = 60, 150
NOTEBOOK = "bench-board.ipynb"
SOURCE = """from ipywidgets import Button
from muzlab.widgets import PlayBoard

ping = Button(description="0")
ping.add_class("muz-ping")
ping.on_click(lambda button: setattr(button, "description", str(int(button.description) + 1)))
board = PlayBoard(players=1, seed=7, dice=40, agent_delay=0{extra})
display(ping, board)"""

#: Runs `act` in the page, then waits until `done` holds and the next frame is drawn; returns ms.
MEASURE = """async ({act, done}) => {
    const check = new Function("return (" + done + ");");
    const t0 = performance.now();
    new Function(act)();
    await new Promise((resolve, reject) => {
        if (check()) return resolve();
        const timer = setTimeout(() => reject(new Error("no change after 10 s: " + done)), 10000);
        const observer = new MutationObserver(() => {
            if (check()) { observer.disconnect(); clearTimeout(timer); resolve(); }
        });
        observer.observe(document.body, {subtree: true, childList: true, characterData: true,
                                         attributes: true});
    });
    await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
}"""
BOARD = "document.querySelector('.muz-playboard')"
PING = ".muz-ping"


def caught_up(page) -> None:
    """Wait until the kernel has done all it was asked before: the bare button, clicked now, answers
    only after that (the kernel takes its messages in turn)."""
    count = int(page.inner_text(PING))
    page.click(PING)
    page.wait_for_function(f"() => document.querySelector('{PING}').innerText.trim() === '{count + 1}'",
                           timeout=60_000)


def measure(page, act: str, done: str) -> float:
    return page.evaluate(MEASURE, {"act": act, "done": done})


def report(label: str, times: list[float], floor: float) -> None:
    median, p95 = statistics.median(times), statistics.quantiles(times, n=20)[-1]
    met = "MET" if median < TARGET_MEDIAN_MS and p95 < TARGET_P95_MS else "MISSED"
    print(f"{label}: median {median:.1f} ms, 95th percentile {p95:.1f} ms over {len(times)} moves "
          f"({median / floor:.1f}x a bare widget round trip; target {TARGET_MEDIAN_MS}/{TARGET_P95_MS} ms: "
          f"{met})")


def main(moves: int = 25) -> None:
    from playwright.sync_api import sync_playwright

    variants = {"as in a lesson (staff drawn off the kernel's thread)": "",
                "reference: staff_later=False (drawn before the next Roll)": ", staff_later=False"}
    results = {}
    for label, extra in variants.items():  # each in a JupyterLab of its own, one notebook open
        folder = Path(tempfile.mkdtemp(prefix="muzlab-bench-"))
        try:
            cell = nbformat.v4.new_code_cell(SOURCE.format(extra=extra))
            notebook = nbformat.v4.new_notebook(cells=[cell])
            notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                               "language": "python"}
            nbformat.write(notebook, folder / NOTEBOOK)
            with jupyter_lab(folder) as url, sync_playwright() as playwright:
                results[label] = play(playwright, url, NOTEBOOK, moves)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    app = "the classroom app (Voilà), one person"
    with sync_playwright() as playwright:
        results[app] = play_app(playwright, moves, results[next(iter(variants))][2])
    for label, (roll_ms, place_ms, ping_ms, after_completion_ms) in results.items():
        floor = statistics.median(ping_ms)
        print(f"-- {label}")
        whose = " (the lesson's notebook's: the app has none)" if label == app else ""
        print(f"bare widget round trip (a button changing its label){whose}: median {floor:.1f} ms "
              f"over {len(ping_ms)}")
        report("Roll -> legal cells lit", roll_ms, floor)
        report("click on a lit cell -> die on the board", place_ms, floor)
        if len(after_completion_ms) >= 2:
            report("Roll right after a completion -> legal cells lit", after_completion_ms, floor)
    (ours, *_), (reference, *_), _app = results.values()
    p95 = [statistics.quantiles(times, n=20)[-1] for times in (ours, reference)]
    print(f"Roll -> lit, 95th percentile: {p95[0]:.1f} ms against {p95[1]:.1f} ms drawn at once "
          f"({p95[1] / p95[0]:.2f}x)")


def play(playwright, url: str, name: str, moves: int) -> tuple[list[float], ...]:
    """Play one notebook's board by clicks; the times of Rolls, placements, bare round trips and Rolls
    right after a completion, in ms."""
    from test_browser import chromium_path

    ping_ms = []
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        open_and_run(page, url, name)
        ping = "document.querySelector('.muz-ping')"
        for count in range(20):
            ping_ms.append(measure(page, f"{ping}.click()", f"{ping}.innerText.trim() === '{count + 1}'"))
        roll_ms, place_ms, after_completion_ms = clicks(page, moves, lambda: caught_up(page))
        return roll_ms, place_ms, ping_ms, after_completion_ms
    finally:
        browser.close()


def play_app(playwright, moves: int, floor_ms: list[float]) -> tuple[list[float], ...]:
    """Serve the classroom app with Voilà and play its Play tab by clicks, one person at the table; the
    times as `play` gives them, with the notebook's bare round trips as the floor."""
    from test_browser import chromium_path

    from muzlab.app.lessons import APP_NOTEBOOK, app_command, lessons_source

    folder = Path(tempfile.mkdtemp(prefix="muzlab-bench-app-"))
    shutil.copy(lessons_source() / APP_NOTEBOOK, folder / APP_NOTEBOOK)
    port = free_port()
    log = open(folder / "voila.log", "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen(app_command(folder, port=port, open_browser=False), stdout=log,
                              stderr=subprocess.STDOUT, cwd=folder)
    browser = None
    try:
        wait_for_server(port, server, folder / "voila.log", "Voilà")
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
        page.select_option(".muz-seats select", "1")
        page.click(".muz-start")
        page.wait_for_selector(f"{CELLS}", timeout=60_000)
        watch_board(page)
        roll_ms, place_ms, after_completion_ms = clicks(page, moves, lambda: time.sleep(0.3))
        return roll_ms, place_ms, floor_ms, after_completion_ms
    finally:
        if browser is not None:
            browser.close()
        stop(server, log)
        shutil.rmtree(folder, ignore_errors=True)


def clicks(page, moves: int, settle) -> tuple[list[float], list[float], list[float]]:
    """Roll and place by clicks until `moves` of each are timed; `settle()` runs after a placement that
    completed nothing (the kernel catches up). The times of Rolls, placements and Rolls right after a
    completion, in ms."""
    roll_ms, place_ms, after_completion_ms = [], [], []
    completed = False  # the last placement completed a run
    while min(len(roll_ms), len(place_ms)) < moves:
        hand = page.inner_text(".muz-playboard .muz-hand")
        if "Game over" in page.inner_text(".muz-playboard .muz-status"):
            act(page, lambda: page.click(".muz-playboard .muz-new"))
            continue
        before = changes(page)
        if "–" in hand:
            elapsed = measure(page, f"{BOARD}.querySelector('.muz-roll').click()",
                              f"{BOARD}.querySelector('.muz-layer .muz-legal') !== null || "
                              f"{BOARD}.querySelector('.muz-message').innerText.includes('no legal')")
            answered(page, before)  # the rest of the redraw: die in hand, buttons, message
            if page.locator(f"{CELLS}.muz-legal").count():
                roll_ms.append(elapsed)
                if completed:
                    after_completion_ms.append(elapsed)
            completed = False
            continue
        lit = page.locator(f"{CELLS}.muz-legal")
        if not lit.count():
            act(page, lambda: page.click(".muz-playboard .muz-pass"))
            continue
        cell = lit.first.get_attribute("data-cell")
        place_ms.append(measure(
            page, f"{BOARD}.querySelector(`.muz-layer .muz-cell[data-cell='{cell}']`)"
                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))",
            f"{BOARD}.querySelector(`.dice [data-cell='{cell}']`) !== null"))
        answered(page, before)  # the message follows the board in the same redraw
        completed = "completes" in page.inner_text(MESSAGE)
        # the next Roll goes at once, while the completed run's sound and staff are made
        if not completed:
            settle()
    return roll_ms, place_ms, after_completion_ms


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
