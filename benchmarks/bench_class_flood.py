"""The class server under a flood of bare sockets from one address (issue #53's probe): N websockets to
Solara's kernel socket, each a new kernel id, no page run, against `muzlab class` with its caps, and in
the same run against one whose caps are lifted (--max-pages and --per-address 100000: the server as it
was before the caps, save the ending of sessions that run no page).

Prints, for each: the sockets let in and refused, the server's threads and resident memory before, with
the flood in and after, how long another address (127.0.0.2) waits for the student page (HTTP) and for
a socket of its own meanwhile, and how long until the server has closed every bare socket.
Run: `.venv/bin/python benchmarks/bench_class_flood.py --sockets 600` (say the load beside the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent


def status(pid: int, field: str) -> int:
    """A number of /proc/<pid>/status (VmRSS in kB, Threads)."""
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if line.startswith(field + ":"))
    return int(line.split()[1])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def page_from_another_address(port: int) -> None:
    """The student page as 127.0.0.2 asks for it (read whole; an error unless 200)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=("127.0.0.2", 0))
    connection.request("GET", "/")
    response = connection.getresponse()
    assert response.status == 200 and response.read(), response.status
    connection.close()


async def flood(port: int, count: int, pid: int) -> None:
    url = f"ws://127.0.0.1:{port}/jupyter/api/kernels/{{}}/channels?session_id={{}}"
    before = (status(pid, "Threads"), status(pid, "VmRSS") / 1024)
    opened, refused = [], 0
    for _ in range(count):
        try:
            opened.append(await websockets.connect(url.format(uuid.uuid4(), uuid.uuid4()), open_timeout=60))
        except websockets.InvalidStatus:
            refused += 1
    await asyncio.sleep(1)
    flooded = (status(pid, "Threads"), status(pid, "VmRSS") / 1024)
    start = time.perf_counter()
    await asyncio.to_thread(page_from_another_address, port)
    page = time.perf_counter() - start
    start = time.perf_counter()
    other = await websockets.connect(url.format(uuid.uuid4(), uuid.uuid4()), local_addr=("127.0.0.2", 0),
                                     open_timeout=120)
    other_socket = time.perf_counter() - start
    start = time.perf_counter()
    while any(ws.state.name != "CLOSED" for ws in opened) and time.perf_counter() - start < 120:
        await asyncio.sleep(0.2)
    ended = time.perf_counter() - start
    await other.close()
    # (anyio keeps a finished socket's thread idle, and lets it go when the next socket comes 10 s on)
    await asyncio.sleep(11)
    last = await websockets.connect(url.format(uuid.uuid4(), uuid.uuid4()), open_timeout=120)
    await asyncio.sleep(1)
    after = (status(pid, "Threads"), status(pid, "VmRSS") / 1024)
    await last.close()
    print(f"  sockets let in {len(opened)}, refused {refused}")
    print(f"  server threads {before[0]} -> {flooded[0]} -> {after[0]}, memory {before[1]:.0f} -> "
          f"{flooded[1]:.0f} -> {after[1]:.0f} MB (before, with the flood in, after it was ended)")
    print(f"  another address: the page in {page:.2f} s, a socket in {other_socket:.2f} s")
    print(f"  every bare socket closed by the server {ended:.1f} s after the page"
          f"{'' if ended < 120 else ' (not all: still open after 120 s)'}")
    for ws in opened:
        await ws.close()


def run(count: int, caps: list[str]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="muzlab-bench-flood-"))
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "muzlab.cli", "class", str(folder / "class"),
                               "--no-browser", "--port", str(port), *caps], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        server.stdout.readline()
        asyncio.run(flood(port, count, server.pid))
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=600)
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{args.sockets} bare sockets from 127.0.0.1, caps on (defaults for 150 pages):")
    run(args.sockets, [])
    print(f"{args.sockets} bare sockets from 127.0.0.1, caps lifted (the reference):")
    run(args.sockets, ["--max-pages", "100000", "--per-address", "100000"])
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
