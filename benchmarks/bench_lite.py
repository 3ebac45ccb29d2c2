"""The homework edition in Chromium: site size, a cold first visit, and click-to-placed on the PlayBoard.

Run `python3 make.py lite` first; this serves out/lite/ on 127.0.0.1, once with `python -m http.server`
(every file as it is on disk) and once with the edition's own server (`python3 make.py lite --serve`,
muzlab/app/lite/serve.py, which gzips as static hosts do). It prints the site's size on disk and, for
each server, the bytes a cold visit (the site's first page, then lesson 3 from its link, as a student
opens it: the first page has the site's service worker unpack the largest files, muzlab/app/lite/packed.py)
transfers until lesson 3's board may be played (and once MOVES
moves are played: the staff renderer is fetched when the first run completes), the time that takes
(opening the site, the Pyodide kernel with muzlab's wheels, the lesson run by the edition as soon as its
notebook is connected to its kernel), the same with a warm cache (WARM_VISITS later visits in the
same browser profile, a fresh one on disk), with the phases of each visit timed in the page (the notebook
drawn, the lesson run, the kernel named in its toolbar, the kernel started, muzlab imported, the board
drawn, playable: PHASES), and the time from a click on a lit cell to the die drawn on it (in the page),
each against the issue's target (and as a ratio of it), with the machine's load.
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_browser import (  # noqa: E402
    CELLS,
    CHROMIUM_ARGS,
    act,
    chromium_path,
    free_port,
    lit_cells,
    roll_if_empty_handed,
    watch_board,
)
from test_lite import KERNEL_CHOSEN, KERNEL_IDLE, SITE, lesson_run, open_lesson  # noqa: E402

#: The checkout whose muzlab serves the site (the edition's server).
CODE = ROOT
MOVES = 8  # (the person places about 10 of the 21 dice)
WARM_VISITS = 5  # (the machine is shared: one visit alone says little; and V8 keeps a script's compiled code
#  from its second load on, used from the third: JupyterLab's core script's, from the HTTP cache)
#: In the page, from the click's event to the frame after the die is on the board (its element in the
#: board's SVG, seen by a MutationObserver, then the next animation frame): what the person waits for.
#: Playwright's own click (its checks that the cell is visible, still and not covered, a frame or two)
#: and its polling for the die add about 50 ms on top; that figure is printed beside it.
WATCH_PLACED = """cell => {
  const board = document.querySelector('.muz-playboard');
  let clicked = null;
  document.addEventListener('click', () => { clicked = performance.now(); }, {capture: true, once: true});
  window.muzPlaced = new Promise(resolve => new MutationObserver((records, observer) => {
    if (clicked === null || !board.querySelector(`.dice [data-cell='${cell}']`)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked)));
  }).observe(board, {subtree: true, childList: true}));
}"""


#: The phases of a visit, in the order they happen, each timed in the page (from the navigation's start)
#: by a MutationObserver added before the page's scripts: what the student sees and when.
PHASES = {"notebook": "the notebook drawn",
          "run": "the lesson run by the edition (its cells loaded, the notebook connected to its kernel)",
          "named": "the toolbar names the kernel",
          "kernel": "the kernel started (idle)",
          "imports": "the first code cell run (muzlab and the PlayBoard imported)",
          "board": "the board drawn", "playable": "the board playable (Roll enabled)"}
WATCH_PHASES = """(() => {
  const at = window.__muzPhases = {};
  const numbered = index => {
    const prompt = document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')[index];
    return prompt !== undefined && /\\[\\d+\\]/.test(prompt.textContent);
  };
  const reached = {
    notebook: () => document.querySelector('.jp-Notebook .jp-CodeCell') !== null,
    run: () => document.body?.dataset.muzRun !== undefined,
    named: KERNEL_CHOSEN,
    kernel: () => document.querySelector("KERNEL_IDLE") !== null,
    imports: () => numbered(0),
    board: () => document.querySelectorAll("CELLS").length === 61,
    playable: () => document.querySelector('.muz-playboard .muz-roll')?.disabled === false,
  };
  const observer = new MutationObserver(() => {
    for (const [phase, test] of Object.entries(reached)) {
      if (at[phase] === undefined && test()) at[phase] = performance.now() / 1000;
    }
    if (at.playable !== undefined) observer.disconnect();
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();""".replace("KERNEL_IDLE", KERNEL_IDLE).replace("CELLS", CELLS).replace(
    "KERNEL_CHOSEN", KERNEL_CHOSEN)


def open_from_first_page(page, url: str) -> None:
    """A student's first visit: the site's first page, then lesson 3 from its link (the first page holds
    the click until the site's service worker is active, so the lesson loads under it), run until its
    seat may roll."""
    page.goto(f"{url}/")
    page.click("ul.muz-lessons a[href$='path=3-play.ipynb']")
    page.wait_for_url("**/notebooks/index.html?path=3-play.ipynb")
    assert lesson_run(page, url, "3-play.ipynb") == []
    page.wait_for_function("() => document.querySelector('.muz-playboard .muz-roll')?.disabled === false",
                           timeout=60_000)


def phases(page) -> dict[str, float]:
    """The seconds from the navigation's start to each phase the page reached (PHASES)."""
    return page.evaluate("window.__muzPhases")


def sent_by_http_server(log: Path) -> int:
    """The bytes of the files `python -m http.server` has sent with 200 so far, from its request lines
    (it compresses nothing: each is its size on disk)."""
    total = 0
    for line in log.read_text().splitlines():
        if (found := re.search(r'"GET (\S+) HTTP/[\d.]+" 200 ', line)):
            path = SITE / urllib.parse.unquote(urllib.parse.urlsplit(found[1]).path).lstrip("/")
            path = path / "index.html" if path.is_dir() else path
            if path.is_file():
                total += path.stat().st_size
    return total


def sent_by_edition_server(log: Path) -> int:
    """The body bytes the edition's server has put on the wire so far (gzipped where it compresses),
    from its lines `STATUS BYTES PATH`."""
    return sum(int(line.split()[1]) for line in log.read_text().splitlines() if line.startswith("200 "))


#: The two local servers: how each is started on a port, and how its log is read.
SERVERS = {
    "python -m http.server": (
        lambda port, log: [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                           "--directory", SITE], sent_by_http_server),
    "the edition's server (gzip)": (
        lambda port, log: [sys.executable, "-m", "muzlab.app.lite.serve", SITE, "--port", str(port),
                           "--log", log], sent_by_edition_server),
}


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up the sorted values (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(playwright, start_server, sent_bytes) -> dict:
    """One server's figures: bytes until playable and after MOVES moves, cold and warm times, and the
    click-to-placed latencies (in the page, and as Playwright drives it)."""
    port = free_port()
    log = ROOT / "out" / "bench-lite-server.log"
    log.parent.mkdir(parents=True, exist_ok=True)  # (a checkout whose site was built elsewhere: --site)
    log.write_text("")
    with open(log, "a") as out:  # the server's request lines: what the site sent
        server = subprocess.Popen(start_server(port, log), stdout=out, stderr=out, cwd=ROOT,
                                  env={**os.environ, "PYTHONPATH": str(CODE)})
    url = f"http://127.0.0.1:{port}"
    time.sleep(1)
    latencies, driven = [], []
    profile = tempfile.mkdtemp(prefix="bench-lite-profile-")
    try:
        # a browser profile of its own, empty, kept on disk as a student's is: an off-the-record
        # context's cache, in memory, does not keep the 9.6 MB runtime, and every visit fetches it again
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), args=CHROMIUM_ARGS,
            viewport={"width": 1500, "height": 1100})
        context.add_init_script(WATCH_PHASES)
        page = context.new_page()
        start = time.perf_counter()
        open_from_first_page(page, url)
        cold = time.perf_counter() - start
        cold_phases = phases(page)
        playable_bytes = sent_bytes(log)  # (the page's and its kernel's worker's)
        watch_board(page)

        def place(cell: str) -> None:
            page.evaluate(WATCH_PLACED, cell)
            clicked = time.perf_counter()
            page.click(f"{CELLS}[data-cell='{cell}']")
            page.wait_for_selector(f".muz-playboard .dice [data-cell='{cell}']", timeout=60_000)
            driven.append(time.perf_counter() - clicked)
            latencies.append(page.evaluate("window.muzPlaced") / 1000)

        while len(latencies) < MOVES:
            roll_if_empty_handed(page)
            lit = lit_cells(page)
            if not lit:
                act(page, lambda: page.click(".muz-playboard .muz-pass"))
                continue
            act(page, lambda cell=lit[0]: place(cell))
        moved_bytes = sent_bytes(log)  # and the staff renderer's, once a run completed
        page.close()
        warm, warm_phases = [], []
        for _ in range(WARM_VISITS):  # the same profile: its cache holds the site
            warm_page = context.new_page()
            start = time.perf_counter()
            open_lesson(warm_page, url)
            warm.append(time.perf_counter() - start)
            warm_phases.append(phases(warm_page))
            warm_page.close()
        context.close()
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(profile, ignore_errors=True)
    return {"playable": playable_bytes, "moved": moved_bytes, "cold": cold, "warm": warm,
            "latencies": latencies, "driven": driven, "cold_phases": cold_phases, "warm_phases": warm_phases}


def print_phases(found: dict) -> None:
    """Each phase of the cold visit and of the warm ones (the median of each phase), from the navigation's
    start and since the phase before: where a visit's time goes."""
    print("  where a visit's time goes (s from the navigation's start; + s since the phase before):")
    warm = found["warm_phases"]
    medians = {"cold": {phase: found["cold_phases"].get(phase) for phase in PHASES},
               "warm, median": {phase: statistics.median(t[phase] for t in warm)
                                if all(phase in t for t in warm) else None for phase in PHASES}}
    for index, (phase, words) in enumerate(PHASES.items()):
        shown = []
        for name, at in medians.items():
            # (a phase not seen, such as the kernel's idle when the cells were queued before it, is skipped)
            before = max([0.0, *(at[p] for p in [*PHASES][:index] if at[p] is not None)])
            if at[phase] is not None:
                shown.append(f"{name} {at[phase]:.2f} (+{at[phase] - before:.2f})")
        print(f"    {words}: " + ", ".join(shown))


def report(name: str, found: dict) -> None:
    """One server's figures for one site, each against its target."""
    median, p95 = statistics.median(found["latencies"]), percentile(found["latencies"], 0.95)
    warm = statistics.median(found["warm"])
    print(f"served by {name}:")
    moves, visits = len(found["latencies"]), len(found["warm"])
    for what, value, unit, target in (
            ("cold visit sent until the board may be played", found["playable"] / 1e6, "MB", 20),
            (f"cold visit sent with {MOVES} moves (verovio too)", found["moved"] / 1e6, "MB", 20),
            ("cold visit, board playable after", found["cold"], "s", 15),
            (f"warm visit, board playable after (median of {visits})", warm, "s", 3),
            (f"click to placed, median of {moves}", median * 1000, "ms", 100),
            (f"click to placed, 95th percentile of {moves}", p95 * 1000, "ms", 250)):
        print(f"  {what}: {value:.1f} {unit} (target <= {target} {unit}: {value / target:.2f} of it)")
    print("  warm visits: " + ", ".join(f"{t:.1f} s" for t in found["warm"]))
    print_phases(found)
    print(f"  click to placed as Playwright drives it (its click's checks and polling too): median "
          f"{statistics.median(found['driven']) * 1000:.1f} ms, "
          f"95th percentile {percentile(found['driven'], 0.95) * 1000:.1f} ms")
    print(f"  machine load (1-minute average) after it: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def against(found: dict, reference: dict) -> None:
    """The site's figures as ratios of the reference site's, measured right after it with the same server."""
    print("  against the reference site, measured right after it:")
    for what, key in (("cold visit sent until the board may be played", "playable"),
                      ("cold visit, board playable after", "cold")):
        print(f"    {what}: {found[key] / reference[key]:.2f} of the reference's")
    print(f"    warm visit, board playable after (medians): "
          f"{statistics.median(found['warm']) / statistics.median(reference['warm']):.2f} of the reference's")


def site_size(site: Path) -> float:
    """The site's files on disk, in MB."""
    return sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) / 1e6


def main() -> None:
    """`bench_lite.py [--site FOLDER] [--code CHECKOUT] [--server http|edition] [--reference FOLDER]`: another
    built site (such as a copy of main's), served by another checkout's muzlab, by one of the two servers
    only; with --reference, another site (such as main's) measured right before it with each server, and
    the site's figures as ratios of the reference's."""
    import argparse

    from playwright.sync_api import sync_playwright

    global SITE, CODE
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--code", type=Path, default=CODE)
    parser.add_argument("--server", choices=("http", "edition"))
    parser.add_argument("--reference", type=Path)
    args = parser.parse_args()
    site, CODE = args.site.resolve(), args.code.resolve()
    reference = args.reference.resolve() if args.reference else None
    chosen = {"http": "python -m http.server", "edition": "the edition's server (gzip)"}.get(args.server)

    for folder in (site, reference):
        if folder is not None and not (folder / "jupyter-lite.json").exists():
            sys.exit(f"no site in {folder}: run `python3 make.py lite` first")
    print(f"site on disk: {site_size(site):.1f} MB (target <= 40 MB: {site_size(site) / 40:.2f} of it)")
    if reference is not None:
        print(f"reference site ({reference}) on disk: {site_size(reference):.1f} MB")
    with sync_playwright() as playwright:
        for name, (start_server, sent_bytes) in SERVERS.items():
            if chosen not in (None, name):
                continue
            if reference is not None:
                SITE = reference
                print("the reference site:")
                before = measure(playwright, start_server, sent_bytes)
                report(name, before)
            SITE = site
            found = measure(playwright, start_server, sent_bytes)
            if reference is not None:
                print("the site:")
            report(name, found)
            if reference is not None:
                against(found, before)


if __name__ == "__main__":
    main()
