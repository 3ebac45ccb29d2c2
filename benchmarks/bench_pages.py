"""Pages opened and closed on the class server (issue 29, item 3): does its memory come back, and are
closed pages still drawn?

Starts the class server (`muzlab.app.server.serve`, as `muzlab class` does, with a counter of the
student pages it draws: tests/counted_server.py), a teacher's page and two students who stay, then
opens `--pages` student pages in Chromium (one context each: a device), of which `--joined` join,
and closes them: as a tab is closed (`--close tab`, Solara is told) or as a device that drops off
the network (`--close drop`: its sockets close, none opens again, nothing is said). Prints the
server's resident memory (VmRSS, whole process) before the pages, with them open, right after they
closed and 20 s later, the sessions and Python objects it still holds, and how many closed pages it
draws on the next deal.

Run: `.venv/bin/python benchmarks/bench_pages.py [--pages 25] [--joined 5] [--close tab|drop]`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from counted_server import DROP, SOCKETS, drawn_since, read_stats  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
#: How long after the pages closed memory is read again (the issue's 20 s).
LATER = 20.0


def rss_mb(pid: int) -> float:
    """The resident memory of process `pid` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ---- the browser side -----------------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=25, help="student pages opened and closed")
    parser.add_argument("--joined", type=int, default=5, help="how many of them join before closing")
    parser.add_argument("--close", choices=("tab", "drop"), default="tab",
                        help="tab: the tab is closed; drop: its sockets close without a word")
    parser.add_argument("--chromium", default=os.environ.get("MUZLAB_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    from playwright.sync_api import expect, sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="muzlab-bench-pages-"))
    stats_path, port = folder / "stats.json", free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, str(ROOT / "tests" / "counted_server.py"),
                               str(folder / "class"), str(port), str(stats_path)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    students_url = server.stdout.readline().split()[1]
    teacher_url = server.stdout.readline().split()[1]
    figures: dict[str, float] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)

            def device():
                context = browser.new_context(viewport={"width": 900, "height": 900})
                context.add_init_script(SOCKETS)
                return context.new_page()

            def open_student(nickname: str | None):
                page = device()
                page.goto(students_url)
                page.wait_for_selector(".muz-nickname input", timeout=120_000)
                if nickname:
                    page.fill(".muz-nickname input", nickname)
                    page.click(".muz-join")
                    expect(page.locator(".muz-who")).to_contain_text(nickname, timeout=60_000)
                return page

            teacher = device()
            teacher.goto(teacher_url)
            teacher.wait_for_selector(".muz-deal", timeout=120_000)
            staying = [open_student("Stay1"), open_student("Stay2")]
            if not read_stats(stats_path).get("patched"):
                raise SystemExit("the server's page draws are not counted: StudentView was not patched")
            time.sleep(2.0)
            figures["before"] = rss_mb(server.pid)
            held_before = read_stats(stats_path)
            pages = [open_student(f"Gone{i + 1:02d}" if i < args.joined else None) for i in range(args.pages)]
            time.sleep(2.0)
            figures["open"] = rss_mb(server.pid)
            held_open = read_stats(stats_path)
            for page in pages:
                if args.close == "tab":
                    page.close(run_before_unload=True)
                    page.context.close()
                else:  # the device is gone at once (its page crashes): no page-close is sent
                    page.evaluate(DROP)
            closed_at = time.monotonic()
            time.sleep(2.0)
            figures["closed"] = rss_mb(server.pid)
            held_closed = read_stats(stats_path)

            teacher.click(".muz-deal")
            for page in staying:
                expect(page.locator(".muz-who")).to_contain_text("table", timeout=60_000)
            time.sleep(2.0)  # every page watching the class has had the deal
            after_deal = read_stats(stats_path)
            drawn = drawn_since(held_closed, after_deal, "drawn_closed")
            drawn_at_all = drawn_since(held_closed, after_deal)
            time.sleep(max(0.0, closed_at + LATER - time.monotonic()))
            figures["later"] = rss_mb(server.pid)
            held_later = read_stats(stats_path)
            browser.close()
    finally:
        server.terminate()
        server.wait(20)
        shutil.rmtree(folder, ignore_errors=True)

    def held(stats: dict) -> str:
        return (f"{stats['contexts']} Solara sessions ({stats['connected']} with a socket open), "
                f"{stats['sessions']} student pages counted, {stats['watchers']} pages watching the class, "
                f"{stats['objects']:,} Python objects")

    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{args.pages} student pages opened ({args.joined} joined) and closed ({args.close}), "
          "beside a teacher's page and 2 students who stay")
    print(f"server memory: {figures['before']:.0f} MB before, {figures['open']:.0f} MB with the pages open "
          f"(+{(figures['open'] - figures['before']) / max(1, args.pages):.2f} MB a page), "
          f"{figures['closed']:.0f} MB 2 s after they closed, {figures['later']:.0f} MB {LATER:.0f} s after "
          f"({figures['later'] - figures['before']:+.0f} MB against before)")
    print(f"  held before: {held(held_before)}")
    print(f"  held with the pages open: {held(held_open)}")
    print(f"  held 2 s after the close: {held(held_closed)}")
    print(f"  held {LATER:.0f} s after the close: {held(held_later)}")
    print(f"closed pages drawn on the next deal: {drawn} of {args.pages} (pages drawn then: "
          f"{drawn_at_all}, the 2 students who stay among them)")


if __name__ == "__main__":
    main()
