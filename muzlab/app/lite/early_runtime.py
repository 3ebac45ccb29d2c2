"""A lesson's Python started with its page, before JupyterLab asks for it: the kernel's worker made by a
script at the top of the lesson's page (EARLY_SCRIPT), so that Pyodide loads while JupyterLab loads.

Without it the Pyodide kernel's worker starts once JupyterLab has loaded its scripts and activated its
plugins (about 1 s into a warm visit), and the kernel's start (2-2.5 s: the runtime, the preloaded
wheels, IPython) is what a warm visit waits for. The script makes the kernel's own worker (JupyterLite's
comlink worker) as the page opens and asks it, in comlink's own messages, to `initialize` with the
options the Pyodide kernel will ask for (the kernel plugin's settings of jupyter-lite.json, resolved as
the kernel resolves them), then to import what the lessons import before their first board
(precompile.STARTUP). When the kernel makes its worker, it is given that one (once: a restarted kernel
gets a new worker), and its own `initialize` is answered when the early one is done; should the
options it asks for differ, its `initialize` is passed on to the worker after the early one, which
starts Python again with them. Nothing in JupyterLite's files is changed. Only a browser that has
loaded this runtime before starts it early (SEEN_KEY): on a first visit the runtime's download and
compilation would compete with JupyterLab's for the processor (cold visits came 1.3-1.4 times later).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from muzlab.app.lite.lessons import add_to_page
from muzlab.app.lite.precompile import STARTUP

#: The Pyodide kernel's plugin (its settings in jupyter-lite.json) and its folder of scripts in the site.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_STATIC = "extensions/@jupyterlite/pyodide-kernel-extension/static"
#: The kernel's worker when the page is not cross-origin isolated (the edition's hosts send no COOP/COEP).
WORKER_PATTERN = "comlink.worker.*.js"
#: What the kernel's `initialize` imports itself: the rest of STARTUP is imported early.
KERNEL_OWN = ("micropip", "piplite.piplite", "pyodide_kernel")
#: The lesson's page, and the tag the script goes before (the first of its head after the meta tags).
PAGE = "notebooks/index.html"
BEFORE = '<link rel="manifest"'
#: How long an early worker no kernel has taken is kept (ms): a notebook whose kernel is not Python.
KEEP_UNTAKEN = 120_000
#: The browser's storage key under which a lesson's page notes the runtime it has asked for (runtime_id):
#: the early start waits for a visit after that, when the runtime is in the browser's cache.
SEEN_KEY = "muzlab-runtime-seen"
#: The runtime whose content names it (its WebAssembly).
RUNTIME = "pyodide/pyodide.asm.wasm"


def runtime_id(site: Path) -> str:
    """What tells this build's runtime from another's: the start of its WebAssembly's sha256."""
    return hashlib.sha256((site / RUNTIME).read_bytes()).hexdigest()[:16]

#: The script, run by the lesson's page before JupyterLab's (its EARLY filled in by early_script).
EARLY_SCRIPT = Path(__file__).with_name("early_runtime.js").read_text(encoding="utf-8")


def early_imports() -> str:
    """The Python the early worker runs once its kernel is initialized: each module of STARTUP the kernel
    does not import itself, an import that fails left for the lesson's cell to report."""
    modules = [name for name in STARTUP if name not in KERNEL_OWN]
    return ("import importlib\n"
            f"for _muz_name in {modules!r}:\n"
            "    try:\n"
            "        importlib.import_module(_muz_name)\n"
            "    except Exception:\n"
            "        pass\n"
            "del _muz_name\n")


def early_script(site: Path) -> str:
    """The lesson page's script (EARLY_SCRIPT) for the site: its kernel worker, the kernel plugin's
    settings (from the site's jupyter-lite.json), the default piplite wheel, and the early imports."""
    static = site / KERNEL_STATIC
    workers = sorted(static.glob(WORKER_PATTERN))
    wheels = sorted((static / "pypi").glob("piplite-*.whl"))
    if len(workers) != 1 or len(wheels) != 1:
        raise ValueError(f"{static} has {len(workers)} {WORKER_PATTERN} and {len(wheels)} piplite wheels, "
                         "not one of each: update muzlab.app.lite.early_runtime")
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    early = {"worker": f"../{KERNEL_STATIC}/{workers[0].name}", "kernelStatic": f"../{KERNEL_STATIC}/",
             "root": "../", "settings": settings, "pipliteWheel": f"pypi/{wheels[0].name}",
             "imports": early_imports(), "keepUntaken": KEEP_UNTAKEN, "seenKey": SEEN_KEY,
             "runtime": runtime_id(site)}
    if EARLY_SCRIPT.count("/* EARLY */") != 1:
        raise ValueError("early_runtime.js has no /* EARLY */ to fill in")
    filled = EARLY_SCRIPT.replace("/* EARLY */", json.dumps(early, sort_keys=True).replace("</", "<\\/"))
    return f'<script id="muz-early-runtime">\n{filled}</script>\n'


def start_early(site: Path) -> None:
    """Put the early start's script at the top of the site's lesson page."""
    add_to_page(site / PAGE, BEFORE, early_script(site))
