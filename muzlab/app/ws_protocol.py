"""The pages' sockets, with one write to the socket for the frames of one turn of the event loop.

uvicorn's websockets protocol writes each frame to its socket at once: one system call per message,
and each call lets go of the interpreter's lock, which the event loop then waits for among the pages'
drawing threads. `BatchedWebSockets` (given to uvicorn as `Config(ws=...)`, its supported way to
choose a protocol) is uvicorn's own with a transport that gathers the writes of one turn of the
event loop and hands them to the socket together at the start of the next.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class BatchedTransport:
    """A transport whose writes in one turn of `loop` reach the socket as one write; anything else is
    the wrapped transport's (closing writes what was gathered first, aborting drops it)."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport = transport
        self._loop = loop
        self._gathered: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        """Gather `data`; the turn's writes go to the socket at the start of the next turn."""
        if not data:
            return
        if not self._gathered:
            self._loop.call_soon(self.flush)
        self._gathered.append(bytes(data))

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def flush(self) -> None:
        """Write what was gathered, in one write (nothing once the socket is closing)."""
        gathered, self._gathered = self._gathered, []
        if gathered and not self._transport.is_closing():
            self._transport.write(gathered[0] if len(gathered) == 1 else b"".join(gathered))

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._gathered = []
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class BatchedWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's websockets protocol writing through a `BatchedTransport`."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(BatchedTransport(transport, self.loop))  # type: ignore[arg-type]
