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
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Any

from tornado import httpserver, ioloop, web

#: What is gzipped: tornado's text types, the scripts as Python names them, and WebAssembly.
COMPRESSED_TYPES = frozenset({"text/javascript", "application/wasm", "application/manifest+json"})


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


class Compressed(web.GZipContentEncoding):
    """Tornado's gzip, for its types and COMPRESSED_TYPES."""

    CONTENT_TYPES = web.GZipContentEncoding.CONTENT_TYPES | COMPRESSED_TYPES


class SiteFiles(web.StaticFileHandler):
    """The site's files (a folder's index.html for the folder), counting the body bytes sent."""

    #: Each file's content hash (its ETag) by its path, with the size and modification time it was
    #: worked out for (one entry a file: a rebuilt file's replaces the old).
    versions: dict[str, tuple[int, int, str]] = {}

    def compute_etag(self) -> str | None:
        """The file's content hash, worked out again once the file changes on disk: tornado keeps a
        file's first hash for the server's life, so a site rebuilt while it runs was answered 304 and the
        browser kept the old wheels, which Pyodide refuses (their sha256 no longer the lock file's)."""
        assert self.absolute_path is not None
        stat = os.stat(self.absolute_path)
        size, modified, version = self.versions.get(self.absolute_path, (-1, -1, ""))
        if (size, modified) != (stat.st_size, stat.st_mtime_ns):
            version = self.get_content_version(self.absolute_path)
            self.versions[self.absolute_path] = (stat.st_size, stat.st_mtime_ns, version)
        return f'"{version}"'

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
        """A folder's URL names its index.html."""
        return url_path + "index.html" if not url_path or url_path.endswith("/") else url_path


def application(site: Path, log: Path | None = None) -> web.Application:
    """The server's application for `site`; with `log`, a line `STATUS BYTES PATH` per request."""
    out = open(log, "a", buffering=1) if log else None  # noqa: SIM115 - open while the server runs

    def log_request(handler: web.RequestHandler) -> None:
        if out is not None:
            out.write(f"{handler.get_status()} {getattr(handler, 'sent', 0)} {handler.request.path}\n")

    return web.Application([(r"/(.*)", SiteFiles, {"path": str(site)})], transforms=[Compressed],
                           log_function=log_request)


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
