"""The homework edition's Pyodide runtime shipped gzipped, and unpacked by the kernel's worker.

`python -m http.server` and static hosts that compress nothing send pyodide.asm.wasm (9.6 MB) as it
is on disk: a third of what a first visit transferred. The build keeps it gzipped (3.5 MB) as
pyodide.asm.wasm.gz, and rewrites the one place of pyodide.mjs that fetches it, so that the worker
fetches the .gz and unpacks it with the browser's DecompressionStream as it compiles (a gzip a host
sends without Content-Encoding, as the verovio module already is). The compiled code is then not kept
by the browser's WebAssembly cache, which keys on a fetched file's URL: a later visit compiles the
runtime again (docs/lite/measurements.md, 7 December).
"""

from __future__ import annotations

import gzip
from pathlib import Path

WASM = "pyodide.asm.wasm"
#: How pyodide.mjs (314.0.6) fetches the runtime: `_` fetches a URL, the worker then streams it into
#: WebAssembly.instantiateStreaming when `response` is set.
FETCHED = '{binary:t,response:n}=_(e+"pyodide.asm.wasm")'
#: The same, from the .gz unpacked on the way (a promise of a Response, as instantiateStreaming takes).
UNPACKED = ('{binary:t,response:n}={response:fetch(e+"pyodide.asm.wasm.gz").then(r=>{'
            'if(!r.ok)throw new Error("pyodide.asm.wasm.gz: "+r.status);'
            'return new Response(r.body.pipeThrough(new DecompressionStream("gzip")),'
            '{headers:{"Content-Type":"application/wasm"}})})}')


def gzip_runtime(runtime: Path) -> None:
    """Replace `runtime`'s pyodide.asm.wasm by its gzip (no date in it: the same bytes each build) and
    make pyodide.mjs fetch and unpack that; the build stops when pyodide.mjs no longer fetches the
    runtime as FETCHED says."""
    loader = runtime / "pyodide.mjs"
    text = loader.read_text(encoding="utf-8")
    if text.count(FETCHED) != 1:
        raise SystemExit(f"[lite] {loader} no longer fetches {WASM} as muzlab.app.lite.wasm.FETCHED says")
    wasm = runtime / WASM
    (runtime / f"{WASM}.gz").write_bytes(gzip.compress(wasm.read_bytes(), compresslevel=9, mtime=0))
    wasm.unlink()
    loader.write_text(text.replace(FETCHED, UNPACKED), encoding="utf-8")
