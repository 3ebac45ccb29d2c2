"""A term's games replayed when its class folder opens: N students each finish G games against the
computer (the greedy cell each move, written through `Term.answer`), then the folder is opened again.

Opening replays every game item's stored decisions, the computer's replies included, so that a move
its game does not take is refused (`muzlab.app.log_checks`). Prints the time to open the folder (the
classroom and the term, games included; median of 3) against the naive reference, the same games
played again through the table's words (`term_games.play`, as a page plays them), with their ratio and
the machine's load. Run: `.venv/bin/python benchmarks/bench_term_games.py --students 30 --games 10`
(about two minutes to write the games).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from muzlab.app import term_games  # noqa: E402
from muzlab.app.classroom import Classroom  # noqa: E402
from muzlab.app.term import Term  # noqa: E402

MONDAY = datetime(2026, 11, 30, 10, 0)


def best(table: term_games.Table) -> tuple[int, int] | None:
    """The greedy decision: a cell scoring most for the die in hand, or a pass when none fits."""
    scores = table.game.position.legal_scores(table.game.hand)
    return max(sorted(scores), key=scores.get) if scores else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--computer", default="expert", choices=term_games.LEVELS)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp()) / "class"
    room = Classroom(folder)
    term = Term(room, lambda: MONDAY)
    students = [room.join(f"Student {n}") for n in range(args.students)]
    games = term.assign("Games", "game", args.games, "2026-11-30", "2026-12-04", computer=args.computer)
    started = time.perf_counter()
    for student in students:
        while (item := term.next_item(games.id, student.id)) is not None:
            table = term.table(games.id, student.id, item.index)
            term.answer(student.token, games.id, item.index, best(table))
    written = time.perf_counter() - started
    answers = len(term.answers)
    room.store.close()
    print(f"{args.students} students × {args.games} games against {args.computer}: {answers} answers "
          f"written in {written:.1f} s")

    times = []
    for _ in range(3):
        started = time.perf_counter()
        room = Classroom(folder)
        term = Term(room, lambda: MONDAY)
        times.append(time.perf_counter() - started)
        if len(times) < 3:
            room.store.close()
    opened = statistics.median(times)

    started = time.perf_counter()  # the reference: each game played again through the table's words
    for key, table in term._tables.items():
        again = term._new_table(term.assignments[key[0]], key[1], key[2])
        for answer in (a for a in term._tries[key] if a.step == "move"):
            term_games.play(again, answer.reply)
        assert again.game.position == table.game.position, key
    reference = time.perf_counter() - started
    room.store.close()
    print(f"folder opened (classroom and term, {len(term._tables)} games replayed): {opened:.2f} s "
          f"(median of 3)")
    print(f"reference, the games played again through the table's words: {reference:.2f} s; "
          f"ratio {reference / opened:.1f}")
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
