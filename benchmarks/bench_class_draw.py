"""The class server's drawing without a browser: what one roll, placement or pass costs the server's
Python (the classroom, every page at the table and the teacher's drawn, each widget message written as
JSON), less sensitive to the machine's load than `bench_class.py`, which adds Solara and the sockets.

N student pages (`StudentView`, conventions in turn, tables of 2) and the teacher's page play R rounds
(a roll and a placement or pass at every table); prints the CPU time per action (the process's, every
thread), the widget messages and bytes per action by trait, and how many board pictures were drawn
and sent (pages with the same reader at the same moment share a picture).
Target (issue 30): at most 4 ms of CPU an action, for the whole server (this is its drawing part).
Run: `.venv/bin/python benchmarks/bench_class_draw.py --students 30`.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import comm
import comm.base_comm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SENT: collections.Counter[str] = collections.Counter()


class CountingComm(comm.base_comm.BaseComm):
    """A comm that writes every message as JSON (as a server does) and counts them by trait."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        wire = json.dumps({"data": data or {}, "comm_id": self.comm_id, "msg_type": msg_type, **keys})
        if msg_type == "comm_msg":
            SENT["messages"] += 1
            SENT["bytes"] += len(wire)
            for trait in (data or {}).get("state", {}):
                SENT[f"trait {trait}"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    comm.create_comm = CountingComm
    from muzlab.app import pages
    from muzlab.app.classroom import Classroom

    room = Classroom(Path(tempfile.mkdtemp(prefix="muzlab-bench-draw-")) / "class")
    views = []
    for i in range(args.students):
        view = pages.StudentView(room, {"code": room.class_code,
                                        "names": ("english", "german", "solfege")[i % 3]})
        view.nickname.value = f"S{i + 1:02d}"
        view.join_button.click()
        views.append(view)
    teacher = pages.TeacherView(room)
    teacher.deal_button.click()
    tables = [views[i:i + 2] for i in range(0, len(views), 2)]

    def one_round() -> int:
        actions = 0
        for table in tables:
            mover = next((v for v in table if v.usable), None)
            if mover is None:
                continue
            if room.seat_of(mover.student)[0].snapshot().phase in ("roll", "reroll"):
                mover.act("roll")
                actions += 1
            snapshot = room.seat_of(mover.student)[0].snapshot()
            mover.act("place", snapshot.legal[0]) if snapshot.legal else mover.act("pass")
            actions += 1
        for view in (*views, teacher):
            view.settle()
        return actions

    one_round()
    SENT.clear()
    shared = pages.shared(room).pictures
    drawn_before = shared.drawn
    cpu = time.process_time()
    actions = sum(one_round() for _ in range(args.rounds))
    cpu = time.process_time() - cpu
    boards = SENT["trait svg"]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.students} students, "
          f"{actions} rolls, placements and passes")
    print(f"CPU per action: {cpu / actions * 1000:.2f} ms (the server's drawing part; target 4 ms for the "
          f"whole server: {cpu / actions * 1000 / 4:.2f} of it)")
    per_action = SENT["messages"] / actions
    print(f"widget messages per action: {per_action:.1f}, {SENT['bytes'] / actions / 1000:.1f} kB; "
          "by trait: " + ", ".join(f"{k[6:]} {v / actions:.2f}" for k, v in SENT.most_common()
                                   if k.startswith("trait ")))
    print(f"board pictures drawn: {shared.drawn - drawn_before}; board pictures sent: {boards} (a board "
          "shown as it was is not sent again; a picture another page drew is not drawn again)")
    room.store.close()


if __name__ == "__main__":
    main()
