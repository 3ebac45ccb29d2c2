"""Solara's page files (its script bundle, style sheets, fonts and the widgets' nbextensions) kept in
memory, compressed once, in front of Solara's own server (issue 32: the teacher's first load of the day).

Solara's server reads each file again for every request and its GZip middleware compresses it again:
a device with an empty cache costs the class's laptop 0.1-0.3 s of CPU for the 3.7 MB of the page's
files, while that device's browser needs the same two cores to run them. `PackedFiles` is an ASGI app
wrapped around Solara's: the first time a file is asked for (at the latest; `pack` asks for the page's
files before the server listens) it takes Solara's answer uncompressed, compresses it once at
`LEVEL`, and from then on sends those bytes as they are. Files whose address carries their version
(`?v=<hash>`, or a package's `name@1.2.3/`) are sent with a year's Cache-Control: a browser that has
them does not ask again. The others (the nbextensions, the theme's style sheet, the icons) are sent
with their ETag and `no-cache`: a browser asks, and a 304 answers. Everything else goes to Solara
untouched.
"""

from __future__ import annotations

import asyncio
import gzip
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import PlainTextResponse
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Where Solara's page asks for its CDN files when its assets proxy is on (SOLARA_ASSETS_PROXY=True).
CDN = "/_solara/cdn/"
#: The addresses of Solara's static files: its CDN copies, its own and its app's, the nbextensions.
PREFIXES = (CDN, "/static/", "/jupyter/nbextensions/")
#: zlib's level for the files compressed once (6, zlib's default: within 1 % of 9's size in half its time;
#: level 1 sends 19 % more, 1.15 MB against 0.97 MB of the page's 3.9 MB, to save 0.08 s of CPU paid
#: once before the server listens).
LEVEL = 6
#: The most bytes kept (the page's files are about 5 MB as sent; Solara's fonts alone are 60 MB on disk).
LIMIT = 64 * 1024 * 1024
#: Types worth compressing (fonts and pictures other than SVG are compressed already).
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/x-javascript",
                "image/svg+xml")
#: An address that names its version: a hash in its query, or a package's version in its path.
VERSIONED = re.compile(r"(^|&)v=|@\d")
#: The Cache-Control of a versioned file and of the others.
FOREVER, ASK = b"public, max-age=31536000, immutable", b"no-cache"
#: The headers of Solara's answer that are kept.
KEPT = (b"content-type", b"etag", b"last-modified")


@dataclass(frozen=True)
class Packed:
    """One file as it is sent: its bytes, gzipped if that makes them smaller, and its headers."""

    body: bytes
    gzipped: bytes | None
    headers: tuple[tuple[bytes, bytes], ...]
    etag: bytes


class PackedFiles:
    """An ASGI app in front of Solara's (`app`) that sends its static files from memory, compressed once."""

    def __init__(self, app: ASGIApp, level: int = LEVEL, limit: int = LIMIT):
        self.app, self.level, self.limit = app, level, limit
        self.files: dict[str, Packed] = {}
        self.size = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] != "http" or scope["method"] not in ("GET", "HEAD")
                or not scope["path"].startswith(PREFIXES) or "range" in Headers(scope=scope)):
            await self.app(scope, receive, send)
            return
        key = _key(scope)
        packed = self.files.get(key)
        if packed is None and scope["method"] == "GET":
            messages = await self._ask(scope)
            packed = await self._keep(key, messages)
            if packed is None:  # (not a file that is kept: Solara's answer as it gave it)
                for message in messages:
                    await send(message)
                return
        if packed is None:
            await self.app(scope, receive, send)
            return
        await _send(packed, scope, send)

    async def _ask(self, scope: Scope) -> list[Message]:
        """Solara's whole answer to `scope`, asked uncompressed."""
        headers = [(name, value) for name, value in scope["headers"]
                   if name not in (b"accept-encoding", b"if-none-match", b"if-modified-since")]
        extensions = {k: v for k, v in scope.get("extensions", {}).items() if k != "http.response.pathsend"}
        inner = {**scope, "headers": headers, "method": "GET", "extensions": extensions}
        messages: list[Message] = []
        asked = False

        async def receive() -> Message:
            nonlocal asked
            if asked:  # (nothing more to read, and no disconnect: the answer ends the asking)
                await asyncio.Event().wait()
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}

        async def keep(message: Message) -> None:
            messages.append(message)

        await self.app(inner, receive, keep)
        return messages

    async def _keep(self, key: str, messages: list[Message]) -> Packed | None:
        """The answer in `messages` packed and kept, or None if it is not a whole 200 answer or would
        pass the limit."""
        if not messages or messages[0]["type"] != "http.response.start" or messages[0]["status"] != 200:
            return None
        headers = Headers(raw=messages[0]["headers"])
        if "content-encoding" in headers:
            return None
        body = b"".join(m.get("body", b"") for m in messages[1:] if m["type"] == "http.response.body")
        if self.size + len(body) > self.limit:
            return None
        gzipped = None
        if headers.get("content-type", "").startswith(COMPRESSIBLE) and len(body) >= 1000:
            gzipped = await asyncio.to_thread(gzip.compress, body, self.level, mtime=0)
            if len(gzipped) >= len(body):
                gzipped = None
        kept = tuple((name, value) for name, value in messages[0]["headers"] if name in KEPT)
        query = key.partition("?")[2]
        cache = FOREVER if VERSIONED.search(query) or VERSIONED.search(key.partition("?")[0]) else ASK
        packed = Packed(body, gzipped, (*kept, (b"cache-control", cache), (b"vary", b"accept-encoding")),
                        headers.get("etag", "").encode())
        if key not in self.files:
            self.size += len(body) + len(gzipped or b"")
        self.files[key] = packed
        return packed

    def pack(self, paths: Iterable[str]) -> None:
        """Ask for the files at `paths` now (before the server listens), so that no page waits while
        they are compressed."""

        async def ask_all() -> None:
            for path in paths:
                address, _, query = path.partition("?")
                scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
                         "scheme": "http", "path": address, "raw_path": address.encode(),
                         "query_string": query.encode(), "root_path": "", "headers": [],
                         "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1)}
                if _key(scope) not in self.files:
                    await self._keep(_key(scope), await self._ask(scope))

        asyncio.run(ask_all())


def _key(scope: Scope) -> str:
    query = scope.get("query_string", b"").decode("latin-1")
    return f"{scope['path']}?{query}" if query else scope["path"]


async def _send(packed: Packed, scope: Scope, send: Send) -> None:
    """Send `packed` as the answer to `scope`: a 304 if the browser has it, gzipped if it takes that."""
    request = Headers(scope=scope)
    if packed.etag and packed.etag.decode() in request.get("if-none-match", ""):
        await send({"type": "http.response.start", "status": 304, "headers": [
            (name, value) for name, value in packed.headers if name in (b"etag", b"cache-control", b"vary")]})
        await send({"type": "http.response.body", "body": b""})
        return
    zipped = packed.gzipped is not None and "gzip" in request.get("accept-encoding", "")
    body = packed.gzipped if zipped else packed.body
    headers: list[Any] = [*packed.headers, (b"content-length", str(len(body)).encode())]
    if zipped:
        headers.append((b"content-encoding", b"gzip"))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body if scope["method"] == "GET" else b""})


def page_files(html: str) -> list[str]:
    """The local addresses of the scripts and style sheets a page's HTML loads (`src=`, `href=`)."""
    return sorted({address for address in re.findall(r'(?:src|href)="(/[^"]+)"', html)
                   if address.startswith(PREFIXES)})


class LocalCdn:
    """An ASGI app in front of Solara's that answers Solara's CDN addresses (`CDN`) from `directory`,
    the installed solara-assets (`solara.server.settings.assets.proxy_cache_dir`), and nothing else: a file
    missing there is a 404. Solara's own proxy would fetch it from the internet; this one never lets a
    request leave the machine. Every other address goes to Solara untouched."""

    def __init__(self, app: ASGIApp, directory: str | os.PathLike[str]):
        self.app = app
        self.files = StaticFiles(directory=directory, check_dir=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith(CDN):
            await self.app(scope, receive, send)
            return
        rest = path[len(CDN):]
        if "/" not in rest:  # (a bare package name is its __main.js, as Solara's proxy stores it)
            rest += "/__main.js"
        try:
            await self.files(dict(scope, path="/" + rest, root_path=""), receive, send)
        except HTTPException as error:
            await PlainTextResponse(error.detail, status_code=error.status_code)(scope, receive, send)
