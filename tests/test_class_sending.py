"""A page's messages are queued for its socket (muzlab.app.outbox): the drawing thread never waits for
the event loop, the socket gets every message in order, and a closed socket refuses the next one. A
socket's messages are read ahead on the event loop and handed to the page's thread in order, its end
last (muzlab.app.inbox). Solara's stand-in for IPython of each message is made without a MagicMock
(muzlab.app.quiet_shell)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from solara.server.websocket import WebSocketDisconnect

from muzlab.app.inbox import MAX_WAITING, inbox, read_ahead
from muzlab.app.outbox import outbox, queue_sends


class Socket:
    """Solara's starlette wrapper as the outbox uses it: an event loop, its tasks, two async sends."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.event_loop, self.tasks, self.sent = loop, set(), []
        self.portal, self._thread_id = object(), -1
        self.gate = asyncio.Event()  # the network: nothing is sent until it opens
        self.closed = False

    async def _send_text_exc(self, data: str) -> None:
        await self.gate.wait()
        if self.closed:
            raise WebSocketDisconnect()
        self.sent.append(data)

    async def _send_bytes_exc(self, data: bytes) -> None:
        await self._send_text_exc(data.decode())


@pytest.fixture
def loop():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def until(loop, condition, timeout: float = 5.0) -> None:
    asyncio.run_coroutine_threadsafe(asyncio.wait_for(_poll(condition), timeout), loop).result(timeout + 1)


async def _poll(condition) -> None:
    while not condition():
        await asyncio.sleep(0.005)


def test_messages_from_many_threads_are_queued_without_waiting_and_sent_in_order(loop):
    socket = Socket(loop)
    box = outbox(socket)

    def page(name: str) -> None:
        for i in range(50):
            box.put(f"{name}{i}")  # (the network is shut: put returns all the same)
        if name == "b":
            box.put(b"b-bytes")

    threads = [threading.Thread(target=page, args=(name,)) for name in "abc"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert not any(thread.is_alive() for thread in threads) and socket.sent == []
    assert len(box) >= 150  # (the task holds at most one, waiting for the network)
    loop.call_soon_threadsafe(socket.gate.set)
    until(loop, lambda: len(socket.sent) == 151)
    for name in "abc":
        mine = [m for m in socket.sent if m[0] == name and m != "b-bytes"]
        assert mine == [f"{name}{i}" for i in range(50)]
    assert socket.sent.index("b-bytes") > socket.sent.index("b49")
    box.put("later")  # the queue drained: a new message starts a new task
    until(loop, lambda: socket.sent[-1] == "later")
    assert outbox(socket) is box


def test_a_closed_socket_refuses_the_next_message(loop):
    socket = Socket(loop)
    socket.closed = True
    box = outbox(socket)
    box.put("first")
    loop.call_soon_threadsafe(socket.gate.set)
    until(loop, lambda: box.closed)
    with pytest.raises(WebSocketDisconnect):
        box.put("second")
    assert socket.sent == [] and len(box) == 0


def test_a_socket_that_stops_reading_is_closed_once_too_much_waits_for_it(loop, monkeypatch):
    monkeypatch.setattr("muzlab.app.outbox.MAX_WAITING_BYTES", 1000)
    socket = Socket(loop)  # (its network stays shut: nothing it is sent is read)
    box = outbox(socket)
    box.put("first")
    until(loop, lambda: len(box) == 0)  # the task holds "first", waiting for the network
    for _ in range(10):
        box.put("x" * 100)
    assert len(box) == 10 and not box.closed  # 1000 bytes waiting: the most allowed
    with pytest.raises(WebSocketDisconnect):
        box.put("y")
    assert box.closed and len(box) == 0
    with pytest.raises(WebSocketDisconnect):
        box.put("z")
    loop.call_soon_threadsafe(socket.gate.set)
    until(loop, lambda: socket.sent == ["first"] and not box._sending)


def test_solaras_wrapper_queues_sends_from_other_threads_only(loop):
    import solara.server.starlette as starlette_server

    queue_sends()
    queue_sends()  # (once: a second call changes nothing)
    wrapper = starlette_server.WebsocketWrapper
    socket = Socket(loop)
    socket.__class__ = type("Wrapped", (Socket,), {"send_text": wrapper.send_text,
                                                   "send_bytes": wrapper.send_bytes})
    socket.send_text("text")
    socket.send_bytes(b"bytes")
    assert len(outbox(socket)) >= 1 and socket.sent == []
    loop.call_soon_threadsafe(socket.gate.set)
    until(loop, lambda: socket.sent == ["text", "bytes"])


def test_solaras_stand_in_for_ipython_is_made_without_a_mock_and_keeps_nothing():
    from types import SimpleNamespace
    from unittest import mock

    from solara.server.patch import FakeIPython

    from muzlab.app.quiet_shell import QUIET, quiet_events

    quiet_events()
    quiet_events()  # (once)
    context = SimpleNamespace(kernel=SimpleNamespace(shell=SimpleNamespace(display_pub="pub")))
    shell = FakeIPython(context)
    assert shell.events is QUIET and not isinstance(shell.events, mock.Mock)
    assert (shell.context, shell.kernel, shell.display_pub) == (context, context.kernel, "pub")
    assert shell.events.trigger("pre_execute") is None
    assert shell.events.register("post_run_cell", print) is None
    assert not hasattr(QUIET, "__len__") and vars(QUIET) == {}  # nothing recorded


class Incoming:
    """Solara's starlette wrapper as the inbox uses it: an event loop, its tasks, and starlette's socket,
    whose `receive` gives the ASGI messages the test puts (on the event loop), counting the calls."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.event_loop, self.tasks, self.portal = loop, set(), object()
        self.ws = self
        self.network: asyncio.Queue = asyncio.run_coroutine_threadsafe(_queue(), loop).result(5)
        self.reads = 0

    async def receive(self) -> dict:
        self.reads += 1
        message = await self.network.get()
        if isinstance(message, BaseException):
            raise message
        return message

    def arrive(self, *messages) -> None:
        for message in messages:
            self.event_loop.call_soon_threadsafe(self.network.put_nowait, message)


async def _queue() -> asyncio.Queue:
    return asyncio.Queue()


def page_thread(socket: Incoming, count: int,
                busy: threading.Event | None = None) -> tuple[list, threading.Thread]:
    """A page's thread, on its own event loop, receiving `count` messages (or what ended them); with
    `busy`, it then works (its loop held) until `busy` is set, and receives until the end."""
    got: list = []

    async def read() -> None:
        for number in range(count if busy is None else 10**6):
            if number == count:
                busy.wait(5)  # (the page's thread drawing: its event loop runs nothing meanwhile)
            try:
                got.append(await inbox(socket).receive())
            except Exception as error:
                got.append(error)
                return

    thread = threading.Thread(target=asyncio.run, args=(read(),))
    thread.start()
    return got, thread


def text(words: str) -> dict:
    return {"type": "websocket.receive", "text": words}


def test_a_sockets_messages_are_read_ahead_and_handed_to_the_page_in_order_its_end_last(loop):
    socket, busy = Incoming(loop), threading.Event()
    socket.arrive(text("a"), {"type": "websocket.receive", "bytes": b"b"})
    got, thread = page_thread(socket, 5, busy)
    socket.arrive(*(text(str(i)) for i in range(3)))
    until(loop, lambda: len(got) == 5)
    assert got == ["a", b"b", "0", "1", "2"]
    socket.arrive(text("read ahead"), text("while the page is busy"), {"type": "websocket.disconnect"})
    until(loop, lambda: not socket.tasks)  # read to the end while the page works: nothing more is read
    assert socket.reads == 8 and len(got) == 5 and not socket._muzlab_inbox.reading
    busy.set()
    thread.join(5)
    assert got[5:7] == ["read ahead", "while the page is busy"] and isinstance(got[7], WebSocketDisconnect)


def test_an_error_reading_the_socket_is_raised_in_the_pages_thread_and_ends_the_reading(loop):
    socket = Incoming(loop)
    got, thread = page_thread(socket, 2)
    socket.arrive(text("first"), RuntimeError("the network failed"), text("never read"))
    thread.join(5)
    assert got[0] == "first" and isinstance(got[1], RuntimeError) and str(got[1]) == "the network failed"
    until(loop, lambda: not socket.tasks)
    assert socket.reads == 2


def test_the_reading_stops_once_the_pages_thread_has_ended(loop):
    socket = Incoming(loop)
    got, thread = page_thread(socket, 1)
    socket.arrive(text("only"))
    thread.join(5)  # the page's thread ends, and its event loop is closed
    assert got == ["only"] and socket.tasks
    socket.arrive(text("to nobody"))
    until(loop, lambda: not socket.tasks)  # handed to a closed loop: the reader stops, quietly
    assert not socket._muzlab_inbox.reading


def test_solaras_wrapper_reads_ahead_with_threaded_kernels_only(loop):
    import solara.server.starlette as starlette_server

    read_ahead()
    read_ahead()  # (once: a second call changes nothing)
    wrapper = starlette_server.WebsocketWrapper
    socket = Incoming(loop)
    socket.__class__ = type("Wrapped", (Incoming,), {"receive": wrapper.receive})
    socket.ws = Incoming(loop)  # starlette's socket, under the wrapper
    socket.ws.arrive(text("through the inbox"))
    got: list = []
    thread = threading.Thread(target=lambda: got.append(asyncio.run(socket.receive())))
    thread.start()
    thread.join(5)
    assert got == ["through the inbox"] and "_muzlab_inbox" in vars(socket)
    unthreaded = Incoming(loop)
    unthreaded.__class__ = type("Unthreaded", (Incoming,), {"receive": wrapper.receive})
    unthreaded.portal, unthreaded.ws = None, Incoming(loop)  # Solara's own receive, on its event loop
    unthreaded.ws.arrive(text("Solara's way"))
    assert asyncio.run_coroutine_threadsafe(unthreaded.receive(), loop).result(5) == "Solara's way"
    assert "_muzlab_inbox" not in vars(unthreaded)



def test_a_socket_is_read_no_further_ahead_than_the_page_can_take(loop):
    socket, busy = Incoming(loop), threading.Event()
    got, thread = page_thread(socket, 1, busy)  # the page takes one message, then works a while
    socket.arrive(*(text(str(i)) for i in range(MAX_WAITING + 40)), {"type": "websocket.disconnect"})
    until(loop, lambda: socket.reads == MAX_WAITING + 1)
    time.sleep(0.2)  # (nothing more is read while the page works: the rest waits in the network)
    assert socket.reads == MAX_WAITING + 1 and len(got) == 1
    busy.set()
    thread.join(5)
    assert got[1:-1] == [str(i) for i in range(1, MAX_WAITING + 40)]
    assert isinstance(got[-1], WebSocketDisconnect)
