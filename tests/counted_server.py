"""The class server as `muzlab class` runs it, with its student pages' draws counted, for the tests and
benchmarks that ask whether a closed page is still drawn; and the script that lets a Chromium page drop
off the network.

Run: python tests/counted_server.py FOLDER PORT STATS. The server prints its addresses as `muzlab
class` does and writes to STATS (JSON, twice a second): the Solara sessions it holds and how many
have a socket open, the sockets still read (muzlab.app.inbox), the student pages counted and watching
the class, the Python objects alive, and per page (its session id) how often it was drawn, and how often
while its socket was gone.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
from pathlib import Path

#: Added to every student page: its websockets are kept, so that the device can drop off (`DROP`).
SOCKETS = """(() => {
    const Native = window.WebSocket, sockets = window.__muzSockets = [];
    window.WebSocket = function (...args) {
        if (window.__muzOffline) throw new Error("offline");
        const socket = new Native(...args);
        sockets.push(socket);
        return socket;
    };
    window.WebSocket.prototype = Native.prototype;
    Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})()"""
#: The device drops off the network: its sockets close, none opens again, no page-close is sent.
DROP = "() => { window.__muzOffline = true; for (const socket of window.__muzSockets) socket.close(); }"


def read_stats(path: Path) -> dict:
    """The server's last report (waits for the first)."""
    while True:
        try:
            return json.loads(path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            time.sleep(0.1)


def drawn_since(before: dict, after: dict, key: str = "drawn") -> int:
    """How many pages were drawn between two reports (`key` "drawn_closed": while their socket was gone)."""
    return sum(count > before[key].get(page, 0) for page, count in after[key].items())


def serve_counted(folder: str, port: int, stats: str) -> None:
    """Serve the class in `folder` on `port`, writing to `stats` (JSON, twice a second) the sessions held,
    the pages watching the class, and every student page drawn while its socket was gone."""
    from muzlab.app import class_state, server

    counts: dict = {}
    lock = threading.Lock()
    drawn: dict[str, int] = {}  # page: times drawn
    drawn_closed: dict[str, int] = {}  # page: times drawn while its socket was gone

    def patch_when_loaded() -> None:  # (Solara imports the pages itself, inside its server)
        while "muzlab.app.pages" not in sys.modules or not hasattr(sys.modules["muzlab.app.pages"],
                                                                    "StudentView"):
            time.sleep(0.005)
        view_class = sys.modules["muzlab.app.pages"].StudentView
        draw = view_class.draw

        def counted(view) -> None:
            with lock:
                drawn[view.page] = drawn.get(view.page, 0) + 1
                if not view.is_open():
                    drawn_closed[view.page] = drawn_closed.get(view.page, 0) + 1
            draw(view)

        view_class.draw = counted
        counts["patched"] = True

    def report() -> None:
        from solara.server import kernel_context

        from muzlab.app.inbox import Inbox

        while True:
            room = class_state._room
            contexts = list(kernel_context.contexts.values())
            connected = sum(kernel_context.PageStatus.CONNECTED in c.page_status.values() for c in contexts)
            with lock:
                counts.update(drawn=dict(drawn), drawn_closed=dict(drawn_closed))
            alive = gc.get_objects()
            reading = sum(isinstance(thing, Inbox) and thing.reading for thing in alive)
            counts.update(sessions=len(class_state.sessions), contexts=len(contexts), connected=connected,
                          watchers=len(room.log.watchers if room is not None else ()), objects=len(alive),
                          reading=reading)
            del alive
            Path(stats + ".new").write_text(json.dumps(counts))
            os.replace(stats + ".new", stats)
            time.sleep(0.5)

    threading.Thread(target=patch_when_loaded, daemon=True).start()
    threading.Thread(target=report, daemon=True).start()
    server.serve(folder, "127.0.0.1", port, browser=False)


if __name__ == "__main__":
    serve_counted(sys.argv[1], int(sys.argv[2]), sys.argv[3])
