"""Who may open a socket to the class server, and how many at once: the caps that keep one device or
script on the school network from exhausting the server (docs/class/limits.md).

Solara makes a session (a kernel context, with its thread) for every socket that names a new kernel
id, before any page runs, and keeps it for its cull timeout. `Gate` stands in front of the server's
app: a socket to `/jupyter/api/kernels/<id>/...` is counted by `Admission` (per client address and in
all) and refused at the handshake beyond a cap; a page asked for (HTTP) from an address at its cap is
answered with one sentence. `Admission.to_end` names the sessions that ran no page within
`Caps.unpaged` seconds, which the server then ends (`end_session`): its socket closed by the gate.

The per-address caps leave room for a whole class behind one school NAT (every device one address):
by default twice the pages the class may hold, so a class reloading its pages at once is never refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from muzlab.names.language import LANGUAGES
from muzlab.names.reader import Reader

#: Seconds a session may go without running a page (a bare socket) before it is ended.
UNPAGED_SECONDS = 10.0
#: The socket path of a Solara session: /jupyter/api/kernels/<kernel id>/<channel>.
SOCKET_PATH = re.compile(r"^/jupyter/api/kernels/([^/]{1,100})/[^/]{1,100}$")
#: The close code of a socket the server ends (RFC 6455: "policy violation").
ENDED = 1008


@dataclass(frozen=True)
class Caps:
    """The server's caps for `max_pages` students' pages (`Caps.for_pages`), each configurable."""

    #: Solara sessions at once from all addresses (each is a kernel context and, while open, a thread).
    sessions: int
    #: Solara sessions at once from one client address (a school NAT puts a whole class behind one).
    sessions_per_address: int
    #: Sockets open at once from one client address (a session may hold several).
    sockets_per_address: int
    #: New sessions from one client address in any minute (a script opening and dropping bare sockets
    #: would otherwise make a session, and its thread, every time).
    new_per_minute: int = 10**9
    #: Seconds a session may go without running a page.
    unpaged: float = UNPAGED_SECONDS

    @classmethod
    def for_pages(cls, max_pages: int) -> Caps:
        """Caps that let `max_pages` pages open from one address, twice over (a class reloading at
        once, its teacher's pages, the pages that a slow network leaves for a moment), and as many new
        ones twice a minute."""
        return cls(sessions=4 * max_pages + 20, sessions_per_address=2 * max_pages + 10,
                   sockets_per_address=2 * max_pages + 10, new_per_minute=4 * max_pages + 20)


@dataclass
class _Session:
    address: str
    since: float
    sockets: int = 0
    ran: bool = False
    held: bool = True  # False: the page it ran holds nothing (a refusal), ended once its socket closed
    closed: float = 0.0  # when its last socket closed
    ends: list[Callable[[], None]] = field(default_factory=list)  # one per open socket: closes it


class Admission:
    """The sessions the gate let in, by kernel id, with their client address and open sockets."""

    def __init__(self, caps: Caps | None = None, clock: Callable[[], float] = time.monotonic):
        self.caps = caps or Caps.for_pages(150)
        self.clock = clock
        self._lock = threading.Lock()
        self._sessions: dict[str, _Session] = {}
        self._new: dict[str, deque[float]] = {}  # address: when its sessions of the last minute came

    def open_socket(self, kernel: str, address: str, end: Callable[[], None] = lambda: None) -> str | None:
        """Count a socket asking for session `kernel` from `address`; None if let in, else which cap it
        met ("sessions", "address", "sockets" or "rate"). `end()` closes that socket when the session is
        ended."""
        now = self.clock()
        with self._lock:
            session = self._sessions.get(kernel)
            mine = [s for s in self._sessions.values() if s.address == address]
            if sum(s.sockets for s in mine) >= self.caps.sockets_per_address:
                return "sockets"
            if session is None:
                if len(mine) >= self.caps.sessions_per_address:
                    return "address"
                if len(self._sessions) >= self.caps.sessions:
                    return "sessions"
                new = self._new.setdefault(address, deque())
                while new and new[0] <= now - 60:
                    new.popleft()
                if len(new) >= self.caps.new_per_minute:
                    return "rate"
                new.append(now)
                session = self._sessions[kernel] = _Session(address, now)
            session.sockets += 1
            session.ends.append(end)
            return None

    def close_socket(self, kernel: str, end: Callable[[], None] | None = None) -> None:
        """A socket of session `kernel` has closed."""
        with self._lock:
            session = self._sessions.get(kernel)
            if session is not None:
                session.sockets -= 1
                session.closed = self.clock()
                if end in session.ends:
                    session.ends.remove(end)

    def ran(self, kernel: str, held: bool = True) -> None:
        """A page has run in session `kernel`: it is no longer ended for running none. A page that holds
        nothing (`held` False: a refusal) is ended `caps.unpaged` seconds after its socket closed."""
        with self._lock:
            if kernel in self._sessions:
                self._sessions[kernel].ran = True
                self._sessions[kernel].held = held

    def address_of(self, kernel: str) -> str:
        """The client address that opened session `kernel` ("" if unknown: a page outside the server)."""
        with self._lock:
            session = self._sessions.get(kernel)
            return session.address if session is not None else ""

    def full_for(self, address: str) -> bool:
        """True if `address` holds as many sessions as it may, or made as many this minute (its next page
        would be refused)."""
        with self._lock:
            mine = sum(1 for s in self._sessions.values() if s.address == address)
            new = self._new.get(address, ())
            made = sum(1 for when in new if when > self.clock() - 60)
            return (mine >= self.caps.sessions_per_address or len(self._sessions) >= self.caps.sessions
                    or made >= self.caps.new_per_minute)

    def to_end(self) -> list[str]:
        """The sessions that ran no page within `caps.unpaged` seconds of their first socket, and those
        whose page holds nothing, `caps.unpaged` seconds after their socket closed."""
        now, wait = self.clock(), self.caps.unpaged
        with self._lock:
            return [kernel for kernel, s in self._sessions.items()
                    if (not s.ran and now - s.since >= wait)
                    or (s.ran and not s.held and s.sockets <= 0 and now - s.closed >= wait)]

    def end(self, kernel: str) -> None:
        """Close every socket of session `kernel` and forget it."""
        with self._lock:
            session = self._sessions.pop(kernel, None)
        for end in session.ends if session is not None else ():
            end()

    def sweep(self, alive: Callable[[str], bool]) -> None:
        """Forget the sessions with no socket open that the server no longer holds (`alive` False)."""
        with self._lock:
            for kernel in [k for k, s in self._sessions.items() if s.sockets <= 0 and not alive(k)]:
                del self._sessions[kernel]
            for address in [a for a, new in self._new.items() if not new or new[-1] <= self.clock() - 60]:
                del self._new[address]  # (an address quiet for a minute is forgotten)

    def __len__(self) -> int:
        return len(self._sessions)


def client_address(scope: dict[str, Any]) -> str:
    """The client's address of an ASGI request ("" when the server does not know it)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


def query_language(scope: dict[str, Any]) -> str:
    """The language a request's address asks for ("lang"), checked (English unless muzlab speaks it)."""
    asked = parse_qs(bytes(scope.get("query_string", b""))[:2000].decode("latin-1")).get("lang", [""])[0]
    return asked if asked in LANGUAGES else "en"


def refusal_page(reader: Reader) -> bytes:
    """The page an address at its cap is given instead of the class's, in the reader's language."""
    words = reader.gettext("Too many pages of this class are open from your network. Close the ones you "
                           "do not need, wait a minute, then reload this page.")
    return (f"<!DOCTYPE html><html lang='{reader.language}'><meta charset='utf-8'>"
            f"<title>Muzundrum</title><p>{words}</p></html>").encode()


class Gate:
    """An ASGI app in front of `app`: counts each session's sockets in `admission`, refuses one beyond
    a cap at the handshake, closes a socket whose session is ended, and answers a page asked for from
    an address at its cap with `refusal_page`."""

    def __init__(self, app: Any, admission: Admission):
        self.app, self.admission = app, admission

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind, path = scope.get("type"), scope.get("path", "")
        if kind == "websocket" and (found := SOCKET_PATH.match(path)):
            await self._socket(found.group(1), scope, receive, send)
            return
        if kind == "http" and path in ("/", "/teacher") and self.admission.full_for(client_address(scope)):
            body = refusal_page(Reader(language=query_language(scope)))
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()), (b"retry-after", b"60")]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    async def _socket(self, kernel: str, scope: dict[str, Any], receive: Any, send: Any) -> None:
        loop = asyncio.get_running_loop()
        ended = asyncio.Event()

        def end() -> None:  # (from any thread)
            loop.call_soon_threadsafe(ended.set)

        if self.admission.open_socket(kernel, client_address(scope), end) is not None:
            await receive()  # (the handshake's "connect") refused: HTTP 403, no session made
            await send({"type": "websocket.close", "code": ENDED})
            return
        waiting: asyncio.Task | None = None
        closed = False

        async def receive_until_ended() -> dict[str, Any]:
            nonlocal waiting, closed
            if not ended.is_set():
                waiting = waiting or asyncio.ensure_future(ended.wait())
                message = asyncio.ensure_future(receive())
                await asyncio.wait((message, waiting), return_when=asyncio.FIRST_COMPLETED)
                if message.done():
                    return message.result()
                message.cancel()
            if not closed:
                closed = True
                with contextlib.suppress(Exception):  # (the client went first)
                    await send({"type": "websocket.close", "code": ENDED})
            return {"type": "websocket.disconnect", "code": ENDED}

        async def send_until_ended(message: dict[str, Any]) -> None:
            if not closed:
                await send(message)

        try:
            await self.app(scope, receive_until_ended, send_until_ended)
        finally:
            if waiting is not None:
                waiting.cancel()
            self.admission.close_socket(kernel, end)
