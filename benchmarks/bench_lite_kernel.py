"""Where the homework edition's kernel start goes: phases timed inside its web worker.

`bench_lite_kernel.py SITE COPY [--visits N] [--server http|edition] [--importtime] [--no-patch]`
copies a built site (`python3 make.py lite`'s out/lite/, or main's) into COPY and adds
`performance.now()` marks to the Pyodide kernel's worker (JupyterLite's `initialize`: the runtime, the
package manager, the kernel's imports, its globals) and to the bundled Pyodide (`loadPyodide`'s steps,
`WebAssembly.instantiateStreaming`, the standard library's fetch, loading the preloaded packages and each
wheel's unpacking), by string replacements in their minified files: a measuring copy only, never the
site that is shipped (a Pyodide or kernel upgrade that changes those strings stops it with an
AssertionError). It then opens lesson 3 in Chromium as bench_lite does (one cold visit, then warm ones
in the same profile), and prints for each visit the page's phases (bench_lite.PHASES) and the worker's
marks, all in seconds from the navigation's start, and the load. With --importtime, Python's own
`-X importtime` report (PYTHONPROFILEIMPORTTIME, through loadPyodideOptions.env) is kept for each visit in
--out's JSON.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_lite  # noqa: E402
from test_browser import CHROMIUM_ARGS, chromium_path, free_port  # noqa: E402
from test_lite import open_lesson  # noqa: E402

#: The worker's marks, in the order they usually come.
MARKS = ["worker", "init", "lp0", "config", "asmjs", "wasm0", "wasm1", "stdlib0", "stdlib1", "pkgs0",
         "module", "fb0", "bootstrap", "pkgs1", "finalize", "runtime", "pkgmgr", "kernelimport", "globals"]
#: What each phase of the worker is, from one mark to the next.
SPANS = {"the WebAssembly instantiated (instantiateStreaming)": ("wasm0", "wasm1"),
         "Python's bootstrap (loadPyodide's finalizeBootstrap)": ("module", "bootstrap"),
         "the preloaded wheels unpacked, after the bootstrap": ("bootstrap", "pkgs1"),
         "import piplite.piplite (micropip)": ("runtime", "pkgmgr"),
         "import pyodide_kernel (IPython)": ("pkgmgr", "kernelimport"),
         "the worker's start to the kernel ready": ("worker", "globals")}


def mark(name: str) -> str:
    """JavaScript that records the first time it runs, in the worker's global `__m`."""
    return f'((self.__m??={{}})["{name}"]??=performance.timeOrigin+performance.now())'


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, f"{path.name}: {old[:60]!r} found {text.count(old)} times"
    path.write_text(text.replace(old, new))


def patched_copy(site: Path, copy: Path, importtime: bool) -> None:
    """`site` copied into `copy`, with the marks added to the kernel's worker and to Pyodide."""
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(site, copy)
    worker = next((copy / "extensions/@jupyterlite/pyodide-kernel-extension/static").glob(
        "comlink.worker.*.js"))
    replace_once(worker, "await this.initRuntime(e),await this.initFilesystem(e),"
                         "await this.initPackageManager(e),await this.initKernel(e),"
                         "await this.initGlobals(e),",
                 f"{mark('init')},await this.initRuntime(e),{mark('runtime')},await this.initFilesystem(e),"
                 f"await this.initPackageManager(e),{mark('pkgmgr')},await this.initKernel(e),"
                 f"{mark('kernelimport')},await this.initGlobals(e),{mark('globals')},")
    replace_once(worker, "stderr:e=>{console.error(e),",
                 "stderr:e=>{(self.__err??=[]).push(e);console.error(e),")
    worker.write_text(mark("worker") + ";" + worker.read_text())
    loader = copy / "pyodide" / "pyodide.mjs"
    replace_once(loader, "let t=await Se(e),n=we(t),i=await _e(t),s=await ke(t,n),r=await Re(i,n);Fe(r,t);"
                         "let a=Ae(r,s,t);return await Oe(a,t)",
                 f"{mark('lp0')};let t=await Se(e),n=we(t);{mark('config')};let i=await _e(t);"
                 f"{mark('asmjs')};let s=await ke(t,n),r=await Re(i,n);{mark('module')};Fe(r,t);"
                 "let a=Ae(r,s,t);"
                 f"{mark('bootstrap')};let z=await Oe(a,t);{mark('finalize')};return z")
    replace_once(loader, "n?l=await WebAssembly.instantiateStreaming(n,s):l=await WebAssembly.instantiate("
                         "await t,s)",
                 f"{mark('wasm0')};n?l=await WebAssembly.instantiateStreaming(n,s):"
                 f"l=await WebAssembly.instantiate(await t,s);{mark('wasm1')}")
    replace_once(loader, "let r=await t;n.FS.writeFile(`/lib/python${i}${s}.zip`,r)",
                 f"{mark('stdlib0')};let r=await t;{mark('stdlib1')};"
                 "n.FS.writeFile(`/lib/python${i}${s}.zip`,r)")
    runtime = copy / "pyodide" / "pyodide.asm.mjs"
    replace_once(runtime, "let n=API.config.packages;await pe(n,{messageCallback(){}}),"
                          "await API.bootstrapFinalizedPromise,",
                 f"let n=API.config.packages;{mark('pkgs0')};await pe(n,{{messageCallback(){{}}}}),"
                 f"{mark('pkgs1')},await API.bootstrapFinalizedPromise,")
    replace_once(runtime, "API.finalizeBootstrap=function(t,e){",
                 "API.finalizeBootstrap=function(t,e){" + mark("fb0") + ";")
    replace_once(runtime, "async install(e,r,n,o){let i=this.#t.package_loader.unpack_buffer.callKwargs("
                          "{buffer:e,filename:r,extract_dir:n,metadata:o,calculate_dynlibs:!0});",
                 "async install(e,r,n,o){let T0=performance.timeOrigin+performance.now();"
                 "let i=this.#t.package_loader.unpack_buffer.callKwargs({buffer:e,filename:r,extract_dir:n,"
                 "metadata:o,calculate_dynlibs:!0});(self.__inst??=[]).push([r,T0,performance.timeOrigin"
                 "+performance.now()]);")
    if importtime:
        settings = copy / "jupyter-lite.json"
        config = json.loads(settings.read_text())
        plugins = config["jupyter-config-data"]["litePluginSettings"]
        kernel = plugins["@jupyterlite/pyodide-kernel-extension:kernel"]
        kernel["loadPyodideOptions"]["env"] = {"PYTHONPROFILEIMPORTTIME": "1"}
        settings.write_text(json.dumps(config, indent=2))


def visit(context, url: str) -> dict:
    """One visit of lesson 3: its page phases and the worker's marks, in s from the navigation's start."""
    page = context.new_page()
    start = time.perf_counter()
    open_lesson(page, url)
    found = {"playable": time.perf_counter() - start, "load": os.getloadavg()[0],
             "phases": page.evaluate("window.__muzPhases"), "marks": {}, "wheels": [], "stderr": []}
    origin = page.evaluate("performance.timeOrigin")
    for worker in page.workers:
        marks = worker.evaluate("self.__m || null")
        if marks:
            found["marks"] = {name: (at - origin) / 1000 for name, at in marks.items()}
            found["wheels"] = [(name, (begun - origin) / 1000, (ended - begun) / 1000)
                               for name, begun, ended in worker.evaluate("self.__inst || []")]
            found["stderr"] = worker.evaluate("self.__err || []")
    page.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("copy", type=Path, help="where the measuring copy is written (emptied first)")
    parser.add_argument("--visits", type=int, default=3, help="warm visits after the cold one")
    parser.add_argument("--server", choices=("http", "edition"), default="http")
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--no-patch", action="store_true", help="COPY is a measuring copy already")
    parser.add_argument("--out", type=Path, help="every visit's figures, as JSON")
    args = parser.parse_args()
    if not args.no_patch:
        patched_copy(args.site, args.copy, args.importtime)
    from playwright.sync_api import sync_playwright

    port = free_port()
    command = ([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory",
                args.copy] if args.server == "http" else
               [sys.executable, "-m", "muzlab.app.lite.serve", args.copy, "--port", str(port)])
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    time.sleep(1)
    profile = tempfile.mkdtemp(prefix="bench-lite-kernel-")
    visits = []
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=chromium_path(), args=CHROMIUM_ARGS,
                viewport={"width": 1500, "height": 1100})
            context.add_init_script(bench_lite.WATCH_PHASES)
            for number in range(args.visits + 1):
                found = visit(context, f"http://127.0.0.1:{port}")
                visits.append(found)
                page = " ".join(f"{name}={at:.2f}" for name, at in sorted(found["phases"].items(),
                                                                          key=lambda item: item[1]))
                worker = " ".join(f"{name}={found['marks'][name]:.2f}" for name in MARKS
                                  if name in found["marks"])
                print(f"{'warm' if number else 'cold'} visit: playable after {found['playable']:.2f} s, load "
                      f"{found['load']:.1f}\n  page: {page}\n  worker: {worker}", flush=True)
                for words, (begun, ended) in SPANS.items():
                    if begun in found["marks"] and ended in found["marks"]:
                        print(f"    {words}: {found['marks'][ended] - found['marks'][begun]:.2f} s")
            context.close()
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(profile, ignore_errors=True)
    if args.out:
        args.out.write_text(json.dumps(visits, indent=1))


if __name__ == "__main__":
    main()
