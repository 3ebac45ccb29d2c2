"""The homework edition's largest files shipped also gzipped, and the service worker that gives them to the
page unpacked (unpacking.js), so that a host that compresses nothing sends them gzipped all the same.

`python -m http.server` sends every file as it is: the WebAssembly runtime alone is 9.6 MB (3.5 MB
gzipped). The build writes FILE.gz beside each file of PACKED (what every visit fetches from 1 MB), and a
service worker at the site's root (WORKER) answers a request for FILE with FILE.gz unpacked, kept in
the browser's Cache Storage. A host that sends a script of PACKED compressed itself (a static host, the
edition's server: the worker asks it once, a HEAD request) is left to answer for it: the browser's HTTP
cache then keeps the script, and Chromium keeps V8's compiled code for a script only from that cache (not
for one a worker answers from its Cache Storage), which spares a later visit compiling JupyterLab's core
script again. The WebAssembly runtime is always answered from Cache Storage, where Chromium keeps its
compiled code too, and a later visit asks the host nothing about it.
The site's pages register the worker (REGISTER); the first page holds a click on a lesson or the app
until it is ready, so that even a first visit's lesson loads under it. Without it (a browser or an
address where service workers are not allowed, a lesson opened before the first page), the files are
fetched as they are, as before.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from muzlab.app.lite.lessons import add_to_page

#: The files packed, as patterns of their paths in the site: what every visit fetches from 1 MB (the
#: runtime, its JavaScript, JupyterLab's core script: 13.8 MB, 4.5 MB gzipped). The smaller scripts, and
#: JupyterLab's larger chunks that a lesson never loads, would add more to the site on disk than they save.
PACKED = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "build/jlab_core.*.js")
#: The type the worker gives each unpacked file, by suffix (application/wasm: the browser compiles the
#: runtime as it streams in, and keeps the compiled code).
TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript"}
#: The service worker's name at the site's root (its scope is the folder it is in: the whole site).
WORKER = "unpacking.js"
WORKER_SOURCE = Path(__file__).with_name(WORKER)
#: How long the first page holds a click on a link for the service worker (ms): a first visit's lesson
#: then loads its runtime gzipped; a browser whose worker does not come in time follows the link anyway.
WAIT_FOR_WORKER = 5000
#: The site's pages, each with whether it holds a click on a link until the worker is active: the first
#: page, which lists the lessons and the app, and the pages of a lesson and of the app.
PAGES = {"index.html": True, "notebooks/index.html": False, "repl/index.html": False}
#: The script each page of the site runs: it registers the service worker (JupyterLite's own, which would
#: have the same scope, is left out of the edition: build.NO_SERVICE_WORKER). On the first page
#: (`HOLD_LINKS`), a click on a link waits until the worker is active (at most WAIT_FOR_WORKER ms).
REGISTER = """<script>
(() => {
  if (!("serviceWorker" in navigator)) return;
  const root = document.getElementById("jupyter-config-data")?.dataset.jupyterLiteRoot || ".";
  const ready = navigator.serviceWorker.register(new URL(`${root}/WORKER`, location.href))
    .then(() => navigator.serviceWorker.ready).catch((error) => console.warn("muzlab:", error));
  if (!HOLD_LINKS) return;
  let active = false;
  ready.then(() => { active = true; });
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href]:not([download])");
    if (active || !link || link.origin !== location.origin || event.defaultPrevented || event.button !== 0
        || link.target        || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const go = () => { location.href = link.href; };
    Promise.race([ready, new Promise((resolve) => setTimeout(resolve, WAIT))]).then(go, go);
  });
})();
</script>
"""


def register_script(hold_links: bool) -> str:
    """The page's script that registers the service worker (REGISTER); with `hold_links`, the first
    page's, which holds a click on a link until the worker is active."""
    return (REGISTER.replace("WORKER", WORKER).replace("HOLD_LINKS", json.dumps(hold_links))
            .replace("WAIT", str(WAIT_FOR_WORKER)))


def pack(site: Path) -> dict[str, dict[str, str]]:
    """Write FILE.gz beside each of the site's files of PACKED (deterministic: no date, no name in the
    gzip header) and the service worker that unpacks them; returns what the worker knows of each, by its
    path in the site: its type and its sha256 (unpacked)."""
    packed: dict[str, dict[str, str]] = {}
    for pattern in PACKED:
        if not any(site.glob(pattern)):
            raise ValueError(f"{site} has no {pattern}: update muzlab.app.lite.packed.PACKED")
    for path in sorted(path for pattern in PACKED for path in site.glob(pattern)):
        data = path.read_bytes()
        path.with_name(f"{path.name}.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        packed[path.relative_to(site).as_posix()] = {"type": TYPES[path.suffix],
                                                     "sha256": hashlib.sha256(data).hexdigest()}
    listing = json.dumps(packed, indent=1, sort_keys=True)
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    source = WORKER_SOURCE.read_text(encoding="utf-8")
    for placeholder, value in (("/* PACKED */", listing), ("/* VERSION */", json.dumps(version))):
        if placeholder not in source:
            raise ValueError(f"{WORKER_SOURCE.name} has no {placeholder}")
        source = source.replace(placeholder, value)
    (site / WORKER).write_text(source, encoding="utf-8")
    return packed


def unpacked_by_a_worker(site: Path) -> dict[str, dict[str, str]]:
    """Pack the site's largest files (pack) and have each of its pages (PAGES) register the worker that
    unpacks them; returns what pack returns."""
    packed = pack(site)
    for page, hold_links in PAGES.items():
        add_to_page(site / page, "</body>", register_script(hold_links))
    return packed
