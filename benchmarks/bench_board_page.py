"""The board's work in the page for each new picture: svgboard.js showing only the lines that changed,
against the same page replacing the whole picture (the reference: `innerHTML`, as the board did until
6 December), in the same run, in Chromium.

A seeded game's pictures as the seat to act sees them (the die in hand with its lit cells, then placed)
are shown one after another in one page; each is followed by two animation frames, so that it is
styled, laid out, painted and composited before the next. Printed for each way: the page's renderer
process CPU time per picture (all its threads: parsing, style, layout, paint, raster), and its main
thread's busy time per picture. No target of its own: the class server's moves (bench_class.py) wait on
this work in 31 pages on 2 cores. Run: `.venv/bin/python benchmarks/bench_board_page.py [rounds]`.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_board_lines_browser import BOARD_JS, board_page, game_pictures  # noqa: E402
from test_browser import CHROMIUM_ARGS  # noqa: E402

#: The reference: the module with its line drawing turned off (every picture drawn whole).
WHOLE = ("    const tree = lineTree(text);\n", "    const tree = null;\n")
SHOW_ALL = """async (pictures) => {
  for (const svg of pictures) {
    window.model.set("svg", svg);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }
}"""


def renderer_cpu(session) -> float:
    """The CPU seconds of the browser's renderer processes (one page open: its own)."""
    info = session.send("SystemInfo.getProcessInfo")
    return sum(process["cpuTime"] for process in info["processInfo"] if process["type"] == "renderer")


def main_thread_busy(metrics) -> float:
    """The page's main thread's busy seconds so far (Chromium's TaskDuration)."""
    values = metrics.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in values if metric["name"] == "TaskDuration")


def measure(browser, session, module: str, pictures: list[str]) -> tuple[float, float]:
    """Renderer CPU and main-thread busy time per picture (ms), in a fresh page."""
    page = board_page(browser, module)
    page.evaluate(SHOW_ALL, pictures[:4])  # (warm: the code compiled, the fonts loaded)
    metrics = page.context.new_cdp_session(page)
    metrics.send("Performance.enable")
    busy, cpu = main_thread_busy(metrics), renderer_cpu(session)
    page.evaluate(SHOW_ALL, pictures)
    cpu = renderer_cpu(session) - cpu
    busy = main_thread_busy(metrics) - busy
    page.close()
    return 1000 * cpu / len(pictures), 1000 * busy / len(pictures)


def main() -> None:
    from playwright.sync_api import sync_playwright

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    pictures = game_pictures(60)
    lines = BOARD_JS.read_text(encoding="utf-8")
    assert WHOLE[0] in lines, "svgboard.js no longer has the line this benchmark turns off"
    whole = lines.replace(*WHOLE)
    chromium = os.environ.get("MUZLAB_CHROMIUM", "/usr/bin/chromium")
    results: dict[str, list[tuple[float, float]]] = {"by lines": [], "whole": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        session = browser.new_browser_cdp_session()
        for _ in range(rounds):  # alternated, so that the machine's load falls on both alike
            results["by lines"].append(measure(browser, session, lines, pictures))
            results["whole"].append(measure(browser, session, whole, pictures))
        browser.close()
    print(f"{len(pictures)} pictures of a seeded game, {rounds} rounds alternated, "
          f"load {os.getloadavg()[0]:.1f}")
    median = {way: (statistics.median(c for c, _ in runs), statistics.median(b for _, b in runs))
              for way, runs in results.items()}
    for way, (cpu, busy) in median.items():
        print(f"  {way}: renderer CPU {cpu:.2f} ms a picture, main thread busy {busy:.2f} ms (medians)")
    print(f"  ratio, whole / by lines: renderer CPU {median['whole'][0] / median['by lines'][0]:.2f}x, "
          f"main thread {median['whole'][1] / median['by lines'][1]:.2f}x")


if __name__ == "__main__":
    main()
