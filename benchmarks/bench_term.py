"""A term in a class folder (issue 32): 30 students × 12 weeks × 100 answers each, written through
`Term.answer` (each answer committed as it is given), then the server started again on the folder.

Prints: the time to write the answers (per answer), the class folder's size, the time to open the
folder again (the classroom and the term replayed), the teacher's term section drawn (the
assignments, the students × ideas table and a picture per student: the page's server side) and the
progress table alone, against the naive reference (the table recomputed from the SQLite file's JSON
in one pass), and the grade export. Targets: the teacher's progress page within 1 s, the folder at
most 50 MB. Run: `.venv/bin/python benchmarks/bench_term.py` (about a minute); `--browser` also
times the teacher's page in Chromium against `muzlab class` on the folder.
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
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="muzlab-bench-term-")) / "class"
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
        page_in_browser(folder, args.chromium, args.students)


#: Counts what the page's websocket brings (window.__muzSocket: messages and characters).
COUNT_SOCKET = """(() => {
    const seen = window.__muzSocket = {messages: 0, chars: 0};
    const Real = window.WebSocket;
    window.WebSocket = function (...args) {
        const socket = new Real(...args);
        socket.addEventListener('message', (event) => {
            seen.messages++; seen.chars += typeof event.data === 'string' ? event.data.length : 0; });
        return socket;
    };
    window.WebSocket.prototype = Real.prototype;
    Object.assign(window.WebSocket, Real);
})()"""


def page_in_browser(folder: Path, chromium: str, students: int) -> None:
    """The teacher's page opened in Chromium against `muzlab class` on the folder: the address opened
    until the students × ideas table shows every student (median of 5 loads)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright
    from test_class_browser import ClassServer

    server = ClassServer(folder)
    server.start()
    times = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            context = browser.new_context()
            context.add_init_script(COUNT_SOCKET)
            page = context.new_page()
            page.goto(server.teacher)  # a first load: the page's scripts cached, as a teacher's second
            page.wait_for_selector(".muz-progress", timeout=120_000)
            lesson = []
            for _ in range(5):
                started = time.perf_counter()
                page.goto(server.teacher)
                page.wait_for_selector(".muz-deal", timeout=120_000)
                lesson.append(time.perf_counter() - started)
                page.wait_for_function(f"() => document.querySelectorAll('.muz-progress tbody tr').length"
                                       f" === {students}", timeout=120_000)
                times.append(time.perf_counter() - started)
                socket = page.evaluate("() => window.__muzSocket")
            browser.close()
    finally:
        server.kill()
    print(f"the teacher's page in Chromium, opened until the progress table shows all {students} students: "
          f"median {sorted(times)[2]:.2f} s of 5 (target 1 s; the whole page); the lesson's part of it (Deal "
          f"shown) {sorted(lesson)[2]:.2f} s; load average {os.getloadavg()[0]:.1f}; the page's socket "
          f"brought {socket['messages']} messages, {socket['chars'] / 1e3:.0f} k characters (widget states)")


if __name__ == "__main__":
    main()
