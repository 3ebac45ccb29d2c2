"""Serve a built homework edition on this computer, compressed as most static hosts send it.

`python -m http.server` sends every file as it is on disk; a static host (and this server) gzips what
compresses: the page's scripts and styles, JSON, and Pyodide's WebAssembly (9.6 MB on disk, 3.5 MB
gzipped). Wheels and zips are compressed already and go as they are. The files and their URLs are the site's
own. It listens on 127.0.0.1 only, and can write one line per file sent, with the bytes it put
on the wire (benchmarks/bench_lite.py reads them).

It also says how long the browser may keep each file (`cache_control`), which `http.server` does not:
without it, the browser guesses from the file's date and, for a site built recently, asks again about
every file on each visit (a 304 each); for a site built long ago, it may keep an old wheel after the
site is rebuilt, which Pyodide then refuses (the lock file's sha256 no longer matches). Whether a file
has changed is judged by its content's hash, worked out again when a build rewrites it, so a site may
be rebuilt while this server runs.

Each encoding of a file is its own representation (RFC 9110): the gzipped body carries its own strong
ETag (the content hash and `-gzip`), is compressed once per content and kept in memory, and is never
cut into ranges; a Range request is answered from the file as it is, under the plain ETag, and only
when its If-Range (if any) names that ETag. A path that cannot name a file (a NUL in it) is a 400.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tornado import httpserver, ioloop, web

#: What is gzipped: text, the scripts and JSON, and WebAssembly (from MIN_GZIPPED bytes: under it the
#: gzip header costs more than it saves).
COMPRESSED_TYPES = frozenset({"application/javascript", "text/javascript", "application/json",
                              "application/wasm", "application/manifest+json", "application/xml",
                              "image/svg+xml"})
MIN_GZIPPED = 1024
#: What the gzipped representation's ETag adds to the file's content hash.
GZIP_ETAG = "-gzip"
GZIP_LEVEL = 6


#: A file name that carries its content's hash (JupyterLab's and its extensions' chunks, such as
#: `build/1031.b91a70b.js` or `static/remoteEntry.abcac41d5ca77040.js`): a new content is a new name.
HASHED_NAME = re.compile(r"\.[0-9a-f]{7,}\.[a-z0-9]+$")
#: For a hashed name: kept a year, and never asked about again while kept.
KEPT = "public, max-age=31536000, immutable"
#: For everything else, asked about on each visit (answered 304 while unchanged). The wheels and the
#: Pyodide runtime are in this class although their names carry versions: the build rewrites the wheels
#: (precompiled, members left out) and muzlab's own under the same name, and the runtime's folder
#: carries no version, so a name does not fix its content.
ASKED = "no-cache"


def cache_control(path: str) -> str:
    """The Cache-Control for the site's file at `path`: KEPT when its name carries a hash, else ASKED."""
    return KEPT if HASHED_NAME.search(path.rsplit("/", 1)[-1]) else ASKED


def compressible(content_type: str) -> bool:
    """Whether a file of this type (a Content-Type, its parameters ignored) is worth gzipping."""
    kind = content_type.split(";")[0].strip().lower()
    return kind.startswith("text/") or kind in COMPRESSED_TYPES


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header accepts gzip: named (or x-gzip), else `*`, with a q above 0."""
    weights: dict[str, float] = {}
    for part in header.split(","):
        coding, *parameters = (piece.strip() for piece in part.split(";"))
        weight = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if coding:
            weights[coding.lower()] = weight
    for coding in ("gzip", "x-gzip", "*"):
        if coding in weights:
            return weights[coding] > 0
    return False


class SiteFiles(web.StaticFileHandler):
    """The site's files (a folder's index.html for the folder), counting the body bytes sent."""

    #: Each file's content hash (its ETag) by its path, with the size and modification time it was
    #: worked out for (one entry a file: a rebuilt file's replaces the old).
    versions: dict[str, tuple[int, int, str]] = {}

    #: Each compressible file's gzipped body by its path, with the content hash it was made from.
    gzipped: dict[str, tuple[str, bytes]] = {}
    #: "gzip" when this response sends the file gzipped (set_headers decides), else None.
    encoding: str | None = None

    def version(self) -> str:
        """The file's content hash, worked out again once the file changes on disk: tornado keeps a
        file's first hash for the server's life, so a site rebuilt while it runs was answered 304 and the
        browser kept the old wheels, which Pyodide refuses (their sha256 no longer the lock file's)."""
        assert self.absolute_path is not None
        stat = os.stat(self.absolute_path)
        size, modified, version = self.versions.get(self.absolute_path, (-1, -1, ""))
        if (size, modified) != (stat.st_size, stat.st_mtime_ns):
            with open(self.absolute_path, "rb") as file:
                version = hashlib.file_digest(file, "sha512").hexdigest()
            self.versions[self.absolute_path] = (stat.st_size, stat.st_mtime_ns, version)
        return version

    def compute_etag(self) -> str | None:
        """The content hash, with GZIP_ETAG for the gzipped body: each encoding its own strong ETag."""
        return f'"{self.version()}{GZIP_ETAG if self.encoding else ""}"'

    def set_headers(self) -> None:
        """Decide the encoding before the headers name it: a Range whose If-Range is not the plain ETag
        is dropped (the whole file is sent), a ranged answer is never gzipped, anything else is gzipped
        when the file is compressible and the browser accepts gzip."""
        headers = self.request.headers
        self.encoding = None
        if "Range" in headers and "If-Range" in headers and headers["If-Range"] != self.compute_etag():
            del headers["Range"]  # (a date, or another representation's ETag: RFC 9110 13.1.5)
        kind = compressible(self.get_content_type())
        assert self.absolute_path is not None
        if (kind and "Range" not in headers and accepts_gzip(headers.get("Accept-Encoding", ""))
                and os.path.getsize(self.absolute_path) >= MIN_GZIPPED):
            self.encoding = "gzip"
        super().set_headers()
        if kind:
            self.set_header("Vary", "Accept-Encoding")
        if self.encoding:
            self.set_header("Content-Encoding", self.encoding)

    def gzipped_body(self) -> bytes:
        """The file gzipped, compressed once per content (deterministic: no date in its header)."""
        assert self.absolute_path is not None
        version = self.version()
        made_from, body = self.gzipped.get(self.absolute_path, ("", b""))
        if made_from != version:
            with open(self.absolute_path, "rb") as file:
                body = gzip.compress(file.read(), compresslevel=GZIP_LEVEL, mtime=0)
            self.gzipped[self.absolute_path] = (version, body)
        return body

    def get_content_size(self) -> int:
        """The size of what is sent: the gzipped body's when gzipped."""
        return len(self.gzipped_body()) if self.encoding else super().get_content_size()

    def get_content(self, abspath: str, start: int | None = None,  # type: ignore[override]
                    end: int | None = None) -> bytes | Iterator[bytes]:
        """The gzipped body whole (never ranged), or the file's bytes from start to end."""
        return self.gzipped_body() if self.encoding else super().get_content(abspath, start, end)

    def prepare(self) -> None:
        """Count what goes on the wire after compression: the body the connection writes."""
        connection = self.request.connection
        write, write_headers = connection.write, connection.write_headers
        self.sent = 0

        def counted_write(chunk: bytes, *args: Any) -> Any:
            self.sent += len(chunk)
            return write(chunk, *args)

        def counted_headers(start_line: Any, headers: Any, chunk: bytes | None = None) -> Any:
            self.sent += len(chunk or b"")
            return write_headers(start_line, headers, chunk)

        connection.write, connection.write_headers = counted_write, counted_headers

    def set_extra_headers(self, path: str) -> None:
        """How long the browser may keep the file, by its name (cache_control)."""
        self.set_header("Cache-Control", cache_control(path))

    def parse_url_path(self, url_path: str) -> str:
        """A folder's URL names its index.html; a path with a NUL names no file (a 400, not the 500 of
        the file system's ValueError)."""
        if "\0" in url_path:
            raise web.HTTPError(400, "a NUL character in the path")
        return url_path + "index.html" if not url_path or url_path.endswith("/") else url_path


def application(site: Path, log: Path | None = None) -> web.Application:
    """The server's application for `site`; with `log`, a line `STATUS BYTES PATH` per request."""
    out = open(log, "a", buffering=1) if log else None  # noqa: SIM115 - open while the server runs

    def log_request(handler: web.RequestHandler) -> None:
        if out is not None:
            out.write(f"{handler.get_status()} {getattr(handler, 'sent', 0)} {handler.request.path}\n")

    return web.Application([(r"/(.*)", SiteFiles, {"path": str(site)})], log_function=log_request)


def serve(site: Path, port: int, log: Path | None = None) -> None:
    """Serve `site` on 127.0.0.1:`port` until interrupted."""
    server = httpserver.HTTPServer(application(site, log))
    server.listen(port, "127.0.0.1")
    print(f"[lite] serving {site} at http://127.0.0.1:{port}/ (gzipped); Ctrl+C stops it", flush=True)
    try:
        ioloop.IOLoop.current().start()
    except KeyboardInterrupt:
        server.stop()


def main(argv: list[str] | None = None) -> None:
    """`python -m muzlab.app.lite.serve FOLDER [--port N] [--log FILE]`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the built site")
    parser.add_argument("--port", type=int, default=8000, help="the port on 127.0.0.1")
    parser.add_argument("--log", type=Path, help="write a line per request: status, bytes sent, path")
    args = parser.parse_args(argv)
    serve(args.folder.resolve(), args.port, args.log)


if __name__ == "__main__":
    main()
