"""A page's messages to its socket, queued: the thread that draws goes on at once.

Solara (1.58, threaded kernels) hands every widget message from the thread that made it to the
server's event loop and waits there until the socket has sent it: a page's draw of five widgets is
five round trips between threads. `queue_sends()` makes each socket's wrapper queue the message
instead and has one task on the event loop send the queue in order; one wake-up serves every message
queued meanwhile. A socket found closed refuses the next message (`WebSocketDisconnect`), which is how
Solara learns to forget it, as before; so does a socket that stopped reading while more than
`MAX_WAITING_BYTES` waited for it (the page reconnects and is drawn afresh).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any

from muzlab.app.solara_door import disconnect_error, queue_sends_with

log = logging.getLogger(__name__)

#: The most a socket may leave unread before it is treated as closed: a page that stops reading
#: (a sleeping tablet, a stalled network) cannot make the server hold its messages without bound.
MAX_WAITING_BYTES = 32 * 1024 * 1024


class Outbox:
    """The messages waiting for one socket (`wrapper`, Solara's starlette WebsocketWrapper), sent in
    order by one task on the wrapper's event loop at a time."""

    def __init__(self, wrapper: Any):
        self.wrapper = wrapper
        self._waiting: deque[str | bytes] = deque()
        self._waiting_bytes = 0
        self._lock = threading.Lock()
        self._sending = False  # a task is sending (or is about to start)
        self.closed = False

    def put(self, data: str | bytes) -> None:
        """Queue `data`; raises WebSocketDisconnect once the socket was found closed."""
        with self._lock:
            if self.closed:
                raise disconnect_error()()
            if self._waiting_bytes + len(data) > MAX_WAITING_BYTES:
                log.warning("a page left %d bytes unread: its socket is treated as closed",
                            self._waiting_bytes)
                self.closed, self._sending = True, False
                self._waiting.clear()
                self._waiting_bytes = 0
                raise disconnect_error()()
            self._waiting.append(data)
            self._waiting_bytes += len(data)
            if self._sending:
                return
            self._sending = True
        try:
            self.wrapper.event_loop.call_soon_threadsafe(self._start)
        except RuntimeError as error:  # the event loop is closed: so is the socket
            self._close()
            raise disconnect_error()() from error

    def _start(self) -> None:
        task = self.wrapper.event_loop.create_task(self._send_all())
        self.wrapper.tasks.add(task)  # (a strong reference while it runs, as Solara keeps its own)
        task.add_done_callback(self.wrapper.tasks.discard)

    async def _send_all(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._sending = False
                    return
                data = self._waiting.popleft()
                self._waiting_bytes -= len(data)
            try:
                if isinstance(data, bytes):
                    await self.wrapper._send_bytes_exc(data)
                else:
                    await self.wrapper._send_text_exc(data)
            except disconnect_error():
                self._close()
                return
            except Exception:  # a socket that cannot send is treated as closed
                log.exception("a message could not be sent; the page's socket is treated as closed")
                self._close()
                return

    def _close(self) -> None:
        with self._lock:
            self.closed, self._sending = True, False
            self._waiting.clear()
            self._waiting_bytes = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._waiting)


_made = threading.Lock()


def outbox(wrapper: Any) -> Outbox:
    """The socket wrapper's outbox (made on its first message)."""
    box = wrapper.__dict__.get("_muzlab_outbox")
    if box is None:
        with _made:
            box = wrapper.__dict__.setdefault("_muzlab_outbox", Outbox(wrapper))
    return box


def queue_sends() -> None:
    """Make Solara's starlette socket wrapper queue messages sent from any thread but its event loop's
    (`Outbox`); on the event loop's own thread, and without threaded kernels, Solara's way is kept."""
    queue_sends_with(lambda wrapper, data: outbox(wrapper).put(data))
