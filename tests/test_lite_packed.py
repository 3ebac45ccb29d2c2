"""The homework edition's largest files shipped also gzipped, and the service worker that unpacks them
(muzlab/app/lite/packed.py, unpacking.js): the build's files on a small site of its own, and the worker
run under node (tests/service_worker_harness.mjs) against a site in memory."""

import base64
import gzip
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from muzlab.app.lite import packed

HARNESS = Path(__file__).with_name("service_worker_harness.mjs")
#: A WebAssembly runtime, its script and JupyterLab's core script (compressible), and a script not packed.
WASM = b"\0asm\1\0\0\0" + bytes(range(256)) * 5000
RUNTIME_SCRIPT = b"export const loaded = true;\n" * 1000
SCRIPT = b"export const notes = '" + b"C D E F G A B " * 90_000 + b"';\n"
SMALL = b"export default 1;\n"
PAGE = "<!DOCTYPE html>\n<html><head></head><body><p>page</p></body></html>\n"


def small_site(folder: Path) -> Path:
    """A site with the files and pages the packing looks at."""
    for path, data in {"pyodide/pyodide.asm.wasm": WASM, "pyodide/pyodide.asm.mjs": RUNTIME_SCRIPT,
                       "build/jlab_core.0123abc.js": SCRIPT, "build/small.4567def.js": SMALL}.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    for page in packed.PAGES:
        (folder / page).parent.mkdir(parents=True, exist_ok=True)
        (folder / page).write_text(PAGE)
    return folder


def test_the_large_files_are_shipped_also_gzipped_and_the_worker_knows_their_hashes(tmp_path):
    site = small_site(tmp_path / "site")
    found = packed.unpacked_by_a_worker(site)
    assert found == {
        "build/jlab_core.0123abc.js": {"type": "text/javascript",
                                       "sha256": hashlib.sha256(SCRIPT).hexdigest()},
        "pyodide/pyodide.asm.mjs": {"type": "text/javascript",
                                    "sha256": hashlib.sha256(RUNTIME_SCRIPT).hexdigest()},
        "pyodide/pyodide.asm.wasm": {"type": "application/wasm", "sha256": hashlib.sha256(WASM).hexdigest()}}
    assert gzip.decompress((site / "pyodide/pyodide.asm.wasm.gz").read_bytes()) == WASM
    assert gzip.decompress((site / "build/jlab_core.0123abc.js.gz").read_bytes()) == SCRIPT
    assert not (site / "build/small.4567def.js.gz").exists()  # (not in PACKED: left as it is)
    assert (site / "pyodide/pyodide.asm.wasm").read_bytes() == WASM  # (for a browser without the worker)
    worker = (site / packed.WORKER).read_text()
    assert "/* PACKED */" not in worker and "/* VERSION */" not in worker
    assert hashlib.sha256(WASM).hexdigest() in worker
    # every page registers the worker; the first page alone holds a click on a link for it
    for page, holds in packed.PAGES.items():
        text = (site / page).read_text()
        assert text.count("navigator.serviceWorker.register") == 1 and text.endswith("</body></html>\n")
        assert f"if (!{json.dumps(holds)}) return;" in text


def test_packing_twice_writes_the_same_bytes(tmp_path):
    first, second = small_site(tmp_path / "first"), small_site(tmp_path / "second")
    packed.pack(first)
    packed.pack(second)
    for name in ("pyodide/pyodide.asm.wasm.gz", "build/jlab_core.0123abc.js.gz", packed.WORKER):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_a_site_without_a_file_to_pack_stops_the_build(tmp_path):
    site = small_site(tmp_path / "site")
    (site / "build/jlab_core.0123abc.js").unlink()  # (a JupyterLite whose core script is named otherwise)
    with pytest.raises(ValueError, match=r"has no build/jlab_core\.\*\.js"):
        packed.pack(site)


def test_a_page_without_its_body_tag_stops_the_build(tmp_path):
    site = small_site(tmp_path / "site")
    (site / "repl/index.html").write_text("<html><head></head></html>")
    with pytest.raises(ValueError, match="repl/index.html has no </body>"):
        packed.unpacked_by_a_worker(site)


def run_worker(site: Path, steps: list[dict], files: dict[str, bytes], old_caches: tuple[str, ...] = (),
               compressing: bool = False):
    """What the built worker of `site` saw at each step, run under node against `files` as the site (sent
    compressed by its host with `compressing`)."""
    if shutil.which("node") is None:
        pytest.skip("node is not on the PATH")
    listing = site.parent / "harness.json"
    encoded = {path: base64.b64encode(data).decode() for path, data in files.items()}
    listing.write_text(json.dumps({"files": encoded, "steps": steps, "caches": list(old_caches),
                                   "compressing": compressing}))
    done = subprocess.run(["node", HARNESS, site / packed.WORKER, listing], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def site_files(site: Path) -> dict[str, bytes]:
    """Every file of `site`, by its path in it."""
    return {path.relative_to(site).as_posix(): path.read_bytes()
            for path in site.rglob("*") if path.is_file()}


def body(answer: dict) -> bytes:
    return base64.b64decode(answer["body"])


def test_the_worker_answers_with_the_unpacked_file_and_then_from_its_cache(tmp_path):
    site = small_site(tmp_path / "site")
    packed.pack(site)
    files = site_files(site)
    wasm = "pyodide/pyodide.asm.wasm"
    first, again, other = run_worker(site, [
        {"ask": [wasm, wasm, "build/jlab_core.0123abc.js"]},  # (two requests at once: one unpacking)
        {"ask": [wasm]},
        {"ask": ["build/small.4567def.js", "index.html"]}], files)
    assert [answer["type"] for answer in first["answers"]] == ["application/wasm"] * 2 + ["text/javascript"]
    assert [body(answer) for answer in first["answers"]] == [WASM, WASM, SCRIPT]
    # the host asked once whether it compresses the script (it does not), then only the gzipped files
    core = "build/jlab_core.0123abc.js"
    assert first["fetched"] == [f"HEAD {core}", f"{core}.gz", f"{wasm}.gz"]
    assert body(again["answers"][0]) == WASM and again["fetched"] == []  # from the worker's cache
    assert [answer["answered"] for answer in other["answers"]] == [False, False]  # the browser's own fetch


def test_the_worker_fetches_the_file_as_it_is_when_its_gz_is_not_the_one_built(tmp_path):
    site = small_site(tmp_path / "site")
    packed.pack(site)
    files = site_files(site)
    wasm = "pyodide/pyodide.asm.wasm"
    files[f"{wasm}.gz"] = gzip.compress(WASM[:-1] + b"!")  # (an older build's, say)
    stale, = run_worker(site, [{"ask": [wasm]}], files)
    assert body(stale["answers"][0]) == WASM
    assert stale["fetched"] == [wasm, f"{wasm}.gz"]
    gone, = run_worker(site, [{"ask": [wasm]}], {**files, f"{wasm}.gz": b""})  # (an empty .gz)
    assert body(gone["answers"][0]) == WASM


def test_the_worker_takes_a_gz_the_host_sent_unpacked_already(tmp_path):
    # a host that labels .gz files as an encoding (Content-Encoding: gzip) has the browser unpack them
    site = small_site(tmp_path / "site")
    packed.pack(site)
    wasm = "pyodide/pyodide.asm.wasm"
    unpacked, = run_worker(site, [{"ask": [wasm]}], {f"{wasm}.gz": WASM})
    assert body(unpacked["answers"][0]) == WASM and unpacked["fetched"] == [f"{wasm}.gz"]


def test_the_worker_deletes_an_older_builds_unpacked_files_as_it_starts(tmp_path):
    site = small_site(tmp_path / "site")
    packed.pack(site)
    older = "muzlab-lite-unpacked-0000000000000000"
    activated, = run_worker(site, [{"activate": True}], {}, old_caches=(older, "another-sites-cache"))
    assert activated["caches"] == ["another-sites-cache"]


def test_the_worker_leaves_the_scripts_to_the_browser_when_the_host_compresses_them(tmp_path):
    # a static host (or the edition's server) sends the files gzipped itself: the browser's HTTP cache then
    # keeps the scripts, and V8's compiled code for JupyterLab's core script beside it, which Chromium does
    # not keep for a script a worker answers from its Cache Storage; the runtime stays the worker's (its
    # compiled code is kept in Cache Storage too, and a later visit asks the host nothing about it)
    site = small_site(tmp_path / "site")
    packed.pack(site)
    files = site_files(site)
    core, wasm = "build/jlab_core.0123abc.js", "pyodide/pyodide.asm.wasm"
    first, again, _, restarted = run_worker(
        site, [{"ask": [core, core, wasm]}, {"ask": [core, wasm]}, {"restart": True}, {"ask": [core]}], files,
        compressing=True)
    assert [body(answer) for answer in first["answers"]] == [SCRIPT, SCRIPT, WASM]
    assert [answer["type"] for answer in first["answers"]][2] == "application/wasm"
    # asked once about the script (two requests at once: one question), then fetched as it is
    assert first["fetched"] == [f"HEAD {core}", core, core, f"{wasm}.gz"]
    # once known, the worker does not answer for the script: the browser fetches it (its HTTP cache
    # answers a later visit); the runtime comes from the worker's cache
    assert [answer["answered"] for answer in again["answers"]] == [False, True] and again["fetched"] == []
    assert body(again["answers"][1]) == WASM
    # a worker started afresh (the browser stops idle workers) finds the host's answer in its cache
    assert body(restarted["answers"][0]) == SCRIPT and restarted["fetched"] == [core]
