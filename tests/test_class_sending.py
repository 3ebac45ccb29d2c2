"""A page's messages are queued for its socket (muzlab.app.outbox): the drawing thread never waits for
the event loop, the socket gets every message in order, and a closed socket refuses the next one;
Solara's stand-in for IPython of each message is made without a MagicMock (muzlab.app.quiet_shell)."""

from __future__ import annotations

import asyncio
import threading

import pytest
from solara.server.websocket import WebSocketDisconnect

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

