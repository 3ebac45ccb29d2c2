"""A page's messages from its socket, read ahead on the event loop: the page's thread waits on its own.

Solara (1.58, threaded kernels) reads each message for a page's thread by asking the server's event
loop, through anyio's portal, to start a task that receives one message, and waits until the loop has
started it: for every message, two hand-overs between threads and anyio's task bookkeeping.
`read_ahead()` makes each socket's wrapper start one task on the event loop instead, which receives
every message as it comes and hands it to the page's thread's own event loop, where `receive` waits for
it (the hand-over back, as `muzlab.app.outbox` does for the sends). The messages are those uvicorn has
read, each within its size limit (`muzlab.app.server.MAX_MESSAGE`); they are handed over in order,
the socket's end last, and at most MAX_WAITING wait for the page's thread: beyond, the socket is not
read until the page catches up (the sender's own network buffers fill, and it waits).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from muzlab.app.solara_door import disconnect_error, read_ahead_with

#: Messages read from one socket that may wait for the page's thread at once.
MAX_WAITING = 64


class Inbox:
    """The messages read from one socket (`wrapper`, Solara's starlette WebsocketWrapper) for the page's
    thread, whose event loop is `loop`."""

    def __init__(self, wrapper: Any, loop: asyncio.AbstractEventLoop):
        self.wrapper, self.loop = wrapper, loop
        self.messages: asyncio.Queue[dict | BaseException] = asyncio.Queue()
        self.reading = True  # until the socket's end, an error, or the page's thread's end
        wrapper.event_loop.call_soon_threadsafe(self._start)

    def _start(self) -> None:
        self._room = asyncio.Semaphore(MAX_WAITING)  # (the event loop's own: it waits there)
        task = self.wrapper.event_loop.create_task(self._read_all())
        self.wrapper.tasks.add(task)  # (a strong reference while it runs, as Solara keeps its own)
        task.add_done_callback(self.wrapper.tasks.discard)

    async def _read_all(self) -> None:
        """Receive until the socket's end (or an error), handing each message to the page's thread."""
        try:
            while True:
                await self._room.acquire()  # (given back as the page's thread takes a message)
                try:
                    message: dict | BaseException = await self.wrapper.ws.receive()
                except Exception as error:  # (the page's thread raises it, as from Solara's own receive)
                    message = error
                try:
                    self.loop.call_soon_threadsafe(self.messages.put_nowait, message)
                except RuntimeError:  # the page's thread has ended: nobody reads on
                    return
                if isinstance(message, BaseException) or message.get("type") == "websocket.disconnect":
                    return
        finally:
            self.reading = False

    async def receive(self) -> str | bytes:
        """The next message's text or bytes, as Solara's receive gives it; WebSocketDisconnect at the end."""
        message = await self.messages.get()
        with contextlib.suppress(RuntimeError):  # (the server's loop has ended)
            self.wrapper.event_loop.call_soon_threadsafe(self._room.release)
        if isinstance(message, BaseException):
            raise message
        if message.get("text") is not None:
            return message["text"]
        if message.get("bytes") is not None:
            return message["bytes"]
        if message.get("type") == "websocket.disconnect":
            raise disconnect_error()()
        raise RuntimeError(f"Unknown message type {message}")


def inbox(wrapper: Any) -> Inbox:
    """The socket wrapper's inbox, made on the first receive by the page's thread (whose loop it keeps)."""
    box = wrapper.__dict__.get("_muzlab_inbox")
    if box is None:
        box = wrapper._muzlab_inbox = Inbox(wrapper, asyncio.get_running_loop())
    return box


def read_ahead() -> None:
    """Make Solara's starlette socket wrapper read its messages ahead on the event loop (`Inbox`) for a
    page's thread; without threaded kernels Solara's way is kept (`muzlab.app.solara_door`)."""
    read_ahead_with(lambda wrapper: inbox(wrapper).receive())
