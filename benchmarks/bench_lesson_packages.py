"""Four teachers' pages asking at once for the same lesson's SCORM package: made by each page
(lesson_package, the naive way) or once for all (muzlab.app.lite.package_cache). Prints the time until
every page has its package, the memory Python held at its peak (tracemalloc), and their ratios.

Run: `PYTHONPATH=. .venv/bin/python benchmarks/bench_lesson_packages.py [SITE]` (SITE: a built homework
edition, default out/lite/ of this checkout: `python3 make.py lite`).
"""

from __future__ import annotations

import sys
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from muzlab.app.lite.package_cache import LessonPackages
from muzlab.app.lite.scorm import check_site, lesson_package
from muzlab.names.reader import Reader

PAGES = 4
GERMAN = Reader("german", typeset=True, language="de")


def at_once(ask: Callable[[], bytes]) -> tuple[float, int, int]:
    """Seconds until PAGES threads calling `ask` at once are done, the peak of traced memory (bytes),
    and the size of one package."""
    got: list[bytes] = []
    threads = [threading.Thread(target=lambda: got.append(ask())) for _ in range(PAGES)]
    tracemalloc.start()
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(got) == PAGES
    return seconds, peak, len(got[0])


def main() -> None:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "out" / "lite"
    check_site(site)
    naive = at_once(lambda: lesson_package(site, 3, GERMAN))
    packages = LessonPackages()
    cached = at_once(lambda: packages.package(site, 3, GERMAN))
    again = at_once(lambda: packages.package(site, 3, GERMAN))
    print(f"{PAGES} pages asking at once for lesson 3 (German), a {naive[2] / 1e6:.1f} MB package:")
    for name, (seconds, peak, _size) in (("each page makes it", naive), ("made once for all", cached),
                                          ("already kept", again)):
        print(f"  {name:<20} {seconds:6.2f} s   peak {peak / 1e6:6.1f} MB")
    print(f"  made once / each page: time {cached[0] / naive[0]:.2f}, peak memory {cached[1] / naive[1]:.2f}")


if __name__ == "__main__":
    main()
