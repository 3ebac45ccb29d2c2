"""Peak memory of `muzlab simulate --dataset`: the run streams, so memory must not grow with --games.

    python benchmarks/bench_sim_memory.py                        # 10^4 games, then 10^6 (minutes)
    python benchmarks/bench_sim_memory.py --games 10000 100000   # other sizes
    python benchmarks/bench_sim_memory.py --games 10000 --baseline   # also the code before (beb4070)

Each run is the command in a child process writing a dataset into the temp directory (removed after).
Two figures: the peak resident memory of the command's whole process tree (the command and its worker
processes, sampled from /proc every 0.2 s), and the largest peak of one process (ru_maxrss of the
children). The target is under 500 MB for each size.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from baseline import checkout_of  # noqa: E402

TARGET_MB = 500
OLD_REVISION = "beb4070"


def tree_rss_kb(root: int) -> int:
    """Resident kB of process `root` and every process below it (read from /proc)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        pid = int(entry)
        children.setdefault(int(fields.get("PPid", "0").strip()), []).append(pid)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0])
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total


def run_sampled(command: list[str], env: dict[str, str], failure: str) -> tuple[float, int]:
    """Run `command`, sampling its process tree's memory every 0.2 s: (seconds, peak kB); SystemExit
    with `failure` and the command's stderr if it fails."""
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = 0
    while child.poll() is None:
        peak = max(peak, tree_rss_kb(child.pid))
        time.sleep(0.2)
    if child.returncode:
        raise SystemExit(f"{failure}:\n{child.stderr.read()}")
    return time.perf_counter() - start, peak


def measure(checkout: Path, games: int) -> dict:
    """Run the command on `checkout`'s muzlab; seconds, peak tree MB and the largest process's peak MB."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        command = [sys.executable, "-m", "muzlab.cli", "simulate", "--games", str(games), "--dataset",
                   "--out", str(Path(folder) / "run"), "--quiet"]
        seconds, peak = run_sampled(command, env, f"simulate failed on {checkout}")
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # kB on Linux, over all children so far
    return {"seconds": seconds, "tree_mb": peak / 1000, "largest_mb": largest / 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--baseline", nargs="?", const="", default=None,
                        help="also measure an older checkout (default: a worktree of beb4070)")
    args = parser.parse_args()
    here = Path(__file__).resolve().parents[1]
    checkouts = [("this checkout", here)]
    if args.baseline is not None:
        checkouts.append((f"before ({OLD_REVISION})", checkout_of(args.baseline or None, OLD_REVISION)))
    for games in args.games:
        for name, checkout in checkouts:
            got = measure(checkout, games)
            verdict = "under" if got["tree_mb"] < TARGET_MB else "OVER"
            print(f"{games:>12,} games, {name:24}: {got['seconds']:8.1f} s, peak {got['tree_mb']:7.1f} MB "
                  f"for the whole process tree ({verdict} {TARGET_MB} MB); largest single process so far "
                  f"{got['largest_mb']:.1f} MB", flush=True)


if __name__ == "__main__":
    main()
