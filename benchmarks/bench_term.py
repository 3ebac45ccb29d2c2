"""A term in a class folder (issue 32): 30 students × 12 weeks × 100 answers each, written through
`Term.answer` (each answer committed as it is given), then the server started again on the folder.

Prints: the time to write the answers (per answer), the class folder's size, the time to open the
folder again (the classroom and the term replayed), the teacher's term section drawn (the
assignments, the students × ideas table and a picture per student: the page's server side) and the
progress table alone, against the naive reference (the table recomputed from the SQLite file's JSON
in one pass), and the grade export. Targets: the teacher's progress page within 1 s, the folder at
most 50 MB. Run: `.venv/bin/python benchmarks/bench_term.py` (about a minute); `--browser` also
times the teacher's page in Chromium against `muzlab class` on the folder: `--cold` first loads, each
just after the server started and with nothing cached in the browser, then the median of 5 reloads,
each split into when its HTML, its last script, its socket and its first and last widget message came
and when Deal showed. `--folder` keeps the term; given one already written, only the browser's figures
are taken (to compare two versions of muzlab on the same term, one after the other).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from muzlab.app.classroom import Classroom  # noqa: E402
from muzlab.app.term import Term  # noqa: E402
from muzlab.app.term_pages import TermTeacher  # noqa: E402


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def naive_progress(folder: Path) -> dict[tuple[int, str], list[int]]:
    """The reference: every answer event read from the file and counted, one pass."""
    db = sqlite3.connect(folder / "class.sqlite")
    table: dict[tuple[int, str], list[int]] = {}
    for (data,) in db.execute("SELECT data FROM events WHERE kind = 'answer'"):
        answer = json.loads(data)
        for idea in answer["ideas"]:
            cell = table.setdefault((answer["student"], idea), [0, 0])
            cell[0] += 1
            cell[1] += answer["right"]
    db.close()
    return table


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--weeks", type=int, default=12)
    parser.add_argument("--answers", type=int, default=100, help="per student per week")
    parser.add_argument("--browser", action="store_true", help="also time the teacher's page in Chromium")
    parser.add_argument("--chromium", default=os.environ.get("MUZLAB_CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--cold", type=int, default=3, help="first loads after a server start (--browser)")
    parser.add_argument("--folder", type=Path, help="keep the term here; one there already is reused "
                                                    "(only the browser's figures are taken then)")
    args = parser.parse_args()
    if args.folder is not None and (args.folder / "class.sqlite").exists():
        print(f"the term in {args.folder} reused")
        page_in_browser(args.folder, args.chromium, args.students, args.cold)
        return
    folder = args.folder or Path(tempfile.mkdtemp(prefix="muzlab-bench-term-")) / "class"
    clock = Clock(datetime(2026, 9, 7, 9, 0))  # a Monday
    room = Classroom(folder)
    term = Term(room, clock)
    students = [room.join(f"Student {i + 1}") for i in range(args.students)]
    codes = {s.nickname: s.code for s in students}
    rng = random.Random(1)
    half = args.answers // 2
    started = time.perf_counter()
    for week in range(args.weeks):
        monday = clock.now.date()
        sets = [term.assign(f"Week {week + 1} {kind}", kind, half, monday, monday + timedelta(days=6),
                            seed=week, same=False) for kind in ("triad quality", "third")]
        for student in students:
            skill = 0.4 + 0.5 * week / args.weeks + rng.uniform(-0.1, 0.1)
            for assignment in sets:
                for index in range(assignment.count):
                    item = term.item(assignment.id, student.id, index)
                    right = item.options.index(item.ear.answer)
                    reply = right if rng.random() < skill else (right + 1) % len(item.options)
                    term.answer(student.token, assignment.id, index, reply)
        clock.now += timedelta(days=7)
    written = time.perf_counter() - started
    total = args.students * args.weeks * 2 * half
    print(f"load average {os.getloadavg()[0]:.1f} after writing")
    room.store.close()
    size = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    print(f"{total} answers written through Term.answer in {written:.1f} s "
          f"({written / total * 1000:.2f} ms each, each committed)")
    print(f"class folder: {size / 1e6:.1f} MB (target at most 50 MB)")

    started = time.perf_counter()
    room = Classroom(folder)
    term = Term(room, clock)
    print(f"the folder opened again (classroom and term replayed): {time.perf_counter() - started:.2f} s")
    started = time.perf_counter()
    teacher = TermTeacher(term)
    drawn = time.perf_counter() - started
    started = time.perf_counter()
    teacher.draw()
    again = time.perf_counter() - started
    extra = term.assign("One more", "third", 1, clock.now.date(), clock.now.date())
    student = next(iter(room.students.values()))
    student = room.join(student.nickname, personal=codes[student.nickname])
    started = time.perf_counter()
    term.answer(student.token, extra.id, 0, 0)  # the teacher's section draws itself again (it watches)
    answered = time.perf_counter() - started
    print(f"the teacher's term section (assignments, students × ideas, a picture per student): made and "
          f"drawn {drawn:.2f} s, drawn again {again:.2f} s, one answer more and drawn again "
          f"{answered:.2f} s (target 1 s)")
    term._memo.clear()  # (as after a new answer: the table made again from the counts kept)
    started = time.perf_counter()
    rows = term.progress()
    ours = time.perf_counter() - started
    started = time.perf_counter()
    reference = naive_progress(folder)
    naive = time.perf_counter() - started
    names = {s.nickname: s.id for s in room.students.values()}
    assert {(names[r["nickname"]], r["idea"]): [r["answered"], r["right"]] for r in rows} == reference
    print(f"progress table (made again): {ours * 1000:.1f} ms; naive reference (the file's JSON counted): "
          f"{naive * 1000:.0f} ms; ratio {ours / naive:.2f} (they agree)")
    term.load_roster("nickname,id\n" + "".join(f"Student {i + 1},S{i + 1}\n" for i in range(args.students)))
    started = time.perf_counter()
    archive = term.grades_zip()
    print(f"Export grades ({len(term.assignments)} assignments × 3 gradebooks, progress CSV and Parquet): "
          f"{time.perf_counter() - started:.2f} s, {len(archive) / 1e3:.0f} kB")
    teacher.close()
    room.store.close()
    if args.browser:
        page_in_browser(folder, args.chromium, args.students, args.cold)


#: Counts what the page's websocket brings (window.__muzSocket: messages, characters, and when, on the
#: page's clock, the socket was made and brought its first and its latest message).
COUNT_SOCKET = """(() => {
    const seen = window.__muzSocket = {messages: 0, chars: 0, made: null, first: null, last: null};
    const Real = window.WebSocket;
    window.WebSocket = function (...args) {
        const socket = new Real(...args);
        if (seen.made === null) seen.made = performance.now();
        socket.addEventListener('message', (event) => {
            seen.last = performance.now();
            if (seen.first === null) seen.first = seen.last;
            seen.messages++; seen.chars += typeof event.data === 'string' ? event.data.length : 0; });
        return socket;
    };
    window.WebSocket.prototype = Real.prototype;
    Object.assign(window.WebSocket, Real);
})()"""

#: When, on the page's clock (ms from the address opened), its HTML and its last script had arrived.
ARRIVALS = """() => ({html: performance.getEntriesByType('navigation')[0].responseEnd,
    scripts: Math.max(0, ...performance.getEntriesByType('resource')
        .filter(r => r.initiatorType === 'script' || r.name.endsWith('.js')).map(r => r.responseEnd)),
    bytes: performance.getEntriesByType('resource').reduce((sum, r) => sum + r.transferSize, 0)})"""


def _load(page, address: str, students: int) -> dict[str, float]:
    """Open the teacher's page until the progress table shows every student: seconds to Deal shown and to
    the table, and (on the page's clock) to its HTML, its last script, its socket's first and last
    message."""
    started = time.perf_counter()
    page.goto(address)
    page.wait_for_selector(".muz-deal", timeout=120_000)
    deal = time.perf_counter() - started
    page.wait_for_function(f"() => document.querySelectorAll('.muz-progress tbody tr').length === {students}",
                           timeout=120_000, polling="raf")
    whole = time.perf_counter() - started
    socket, arrivals = page.evaluate("() => window.__muzSocket"), page.evaluate(ARRIVALS)
    return {"whole": whole, "deal": deal, "html": arrivals["html"] / 1e3,
            "scripts": arrivals["scripts"] / 1e3, "bytes": arrivals["bytes"],
            "socket": (socket["made"] or 0) / 1e3, "first": (socket["first"] or 0) / 1e3,
            "last": (socket["last"] or 0) / 1e3, "messages": socket["messages"], "chars": socket["chars"]}


def _split(load: dict[str, float]) -> str:
    return (f"{load['whole']:.2f} s: HTML {load['html']:.2f}, scripts in {load['scripts']:.2f} "
            f"({load['bytes'] / 1e6:.2f} MB over the wire), socket opened {load['socket']:.2f}, "
            f"messages {load['first']:.2f} to {load['last']:.2f}, Deal {load['deal']:.2f}")


def page_in_browser(folder: Path, chromium: str, students: int, cold: int = 3) -> None:
    """The teacher's page opened in Chromium against `muzlab class` on the folder: the address opened
    until the students × ideas table shows every student. First `cold` times with the server just
    started and a browser with nothing cached (the teacher's first load of the day), then median of 5
    loads in one browser on one server."""
    sys.path.insert(0, str(ROOT / "tests"))
    from class_devices import ClassServer
    from playwright.sync_api import sync_playwright

    server = ClassServer(folder)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        firsts = []
        for _ in range(cold):
            server.start()
            try:
                context = browser.new_context()  # (a new context: nothing cached)
                context.add_init_script(COUNT_SOCKET)
                firsts.append(_load(context.new_page(), server.teacher, students))
                context.close()
            finally:
                server.kill()
            print(f"first load after the server started, browser cache empty: {_split(firsts[-1])}; "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
        server.start()
        try:
            context = browser.new_context()
            context.add_init_script(COUNT_SOCKET)
            page = context.new_page()
            _load(page, server.teacher, students)  # a first load: the scripts cached, as a teacher's second
            loads = [_load(page, server.teacher, students) for _ in range(5)]
        finally:
            server.kill()
        browser.close()
    if firsts:
        middle = sorted(firsts, key=lambda load: load["whole"])[len(firsts) // 2]
        print(f"the first load after a server start, cold browser: median {middle['whole']:.2f} s of "
              f"{len(firsts)} ({', '.join(format(f['whole'], '.2f') for f in firsts)}; target 1 s)")
    middle = sorted(loads, key=lambda load: load["whole"])[2]
    print(f"the teacher's page in Chromium, opened until the progress table shows all {students} students: "
          f"median {middle['whole']:.2f} s of 5 (target 1 s; the whole page; {_split(middle)}); "
          f"load average {os.getloadavg()[0]:.1f}; the page's socket brought {middle['messages']} messages, "
          f"{middle['chars'] / 1e3:.0f} k characters (widget states)")


if __name__ == "__main__":
    main()
