"""The homework edition in Chromium: site size, a cold first visit, and click-to-placed on the PlayBoard.

Run `python3 make.py lite` first; this serves out/lite/ with `python -m http.server` on 127.0.0.1 and
prints the site's size on disk, the bytes a cold visit transfers until lesson 3's board may be played,
the time that takes (opening the site, the Pyodide kernel, installing muzlab, running the lesson), and
the time from a click on a lit cell to the die drawn on it, against the targets of the issue.
"""

import statistics
import subprocess
import sys
import time
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
from test_lite import SITE, open_lesson  # noqa: E402

MOVES = 8


def main() -> None:
    from playwright.sync_api import sync_playwright

    if not (SITE / "jupyter-lite.json").exists():
        sys.exit("no site in out/lite/: run `python3 make.py lite` first")
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", SITE], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    time.sleep(1)
    transferred, latencies = [0], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1500, "height": 1100})  # an empty cache
            context.on("requestfinished",
                       lambda request: transferred.__setitem__(0, transferred[0]
                                                               + request.sizes()["responseBodySize"]))
            page = context.new_page()
            start = time.perf_counter()
            open_lesson(page, url)
            cold = time.perf_counter() - start
            cold_bytes = transferred[0]
            watch_board(page)

            def place(cell: str) -> None:
                clicked = time.perf_counter()
                page.click(f"{CELLS}[data-cell='{cell}']")
                page.wait_for_selector(f".muz-playboard .dice [data-cell='{cell}']", timeout=60_000)
                latencies.append(time.perf_counter() - clicked)

            while len(latencies) < MOVES:
                roll_if_empty_handed(page)
                lit = lit_cells(page)
                if not lit:
                    act(page, lambda: page.click(".muz-playboard .muz-pass"))
                    continue
                act(page, lambda cell=lit[0]: place(cell))
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    print(f"site on disk: {size / 1e6:.1f} MB (target <= 40 MB)")
    print(f"cold visit: {cold_bytes / 1e6:.1f} MB transferred (target <= 20 MB), board playable after "
          f"{cold:.0f} s (target <= 15 s)")
    print(f"click to placed over {len(latencies)} moves: median {statistics.median(latencies) * 1000:.0f} ms "
          f"(target <= 100 ms), 95th percentile {p95 * 1000:.0f} ms (target <= 250 ms)")


if __name__ == "__main__":
    main()
