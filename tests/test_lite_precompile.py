"""The homework edition's bytecode: what a lesson's kernel imports at start is compiled at build time.

The build's precompile step (muzlab/app/lite/precompile.py) runs in the bundled Pyodide, under node. These
tests run it on small wheels of their own (a few seconds each, with the runtime `python3 make.py lite`
downloaded into out/lite-build/), and check the built site's wheels in the site's own Pyodide.
"""

import json
import shutil
import subprocess
import textwrap
import zipfile
from pathlib import Path

import pytest

from muzlab.app.lite import build, precompile

ROOT = Path(__file__).resolve().parent.parent
#: The Pyodide runtime as npm ships it (its standard library as source), kept by the build.
RUNTIME = ROOT / "out" / "lite-build" / f"pyodide-{build.PYODIDE}-npm"
SITE = ROOT / "out" / "lite"
#: What a board's module does at import: read its script beside it (which fails in a zip archive), then
#: import the rest of its package.
BOARD = {"board/__init__.py": "from pathlib import Path\n"
                              "SCRIPT = (Path(__file__).parent / 'board.js').read_text()\n"
                              "from board import drawing\n",
         "board/board.js": "export default {};\n",
         "board/drawing.py": "import tarfile\nSIZE = 1\n",
         "board/unused.py": "UNUSED = 1\n"}
BROKEN = {"broken/__init__.py": "raise RuntimeError('needs the page')\n"}


def wheel(folder: Path, name: str, files: dict[str, str]) -> Path:
    """A wheel of `files`, with its dist-info."""
    path = folder / f"{name}-1.0-py3-none-any.whl"
    info = f"{name}-1.0.dist-info"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(member, text)
        archive.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        archive.writestr(f"{info}/RECORD", "".join(f"{member},,\n" for member in files))
    return path


def run_precompile(tmp_path: Path, startup: list[str]) -> subprocess.CompletedProcess:
    """precompile.mjs on a copy of the npm runtime and a folder with the board's and the broken wheels,
    precompile.main() run with `startup` as what the kernel imports."""
    if shutil.which("node") is None or not (RUNTIME / "pyodide.mjs").exists():
        pytest.skip("no node, or no Pyodide runtime downloaded yet (python3 make.py lite)")
    runtime, wheels, kernel = tmp_path / "runtime", tmp_path / "wheels", tmp_path / "kernel"
    shutil.copytree(RUNTIME, runtime, ignore=shutil.ignore_patterns("*.whl"))
    for folder in (wheels, kernel):
        folder.mkdir()
    wheel(wheels, "board", BOARD)
    wheel(wheels, "broken", BROKEN)
    script = tmp_path / "run.py"
    source = Path(precompile.__file__).read_text().replace('if __name__ == "__main__":\n    main()', "")
    script.write_text(f"{source}\nSTARTUP[:] = {json.dumps(startup)}\nmain()\n")
    mjs = Path(precompile.__file__).with_name("precompile.mjs")
    return subprocess.run(["node", mjs, runtime, wheels, kernel, script], capture_output=True, text=True,
                          timeout=300)


def names(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as opened:
        return set(opened.namelist())


@pytest.mark.slow
def test_a_module_that_reads_the_file_beside_it_is_compiled_with_what_it_imports(tmp_path):
    """Imported from the unpacked wheel, the board reads its script and imports the rest: its modules
    become bytecode, the one nothing imports stays source, and the standard library's tarfile, which it
    imports, is compiled too (in the runtime's zip)."""
    done = run_precompile(tmp_path, ["board"])
    assert done.returncode == 0, done.stdout + done.stderr
    members = names(tmp_path / "wheels" / "board-1.0-py3-none-any.whl")
    assert {"board/__init__.pyc", "board/drawing.pyc", "board/unused.py", "board/board.js"} <= members
    assert {"board/__init__.py", "board/drawing.py", "board/unused.pyc"}.isdisjoint(members)
    stdlib = names(tmp_path / "runtime" / "python_stdlib.zip")
    assert "tarfile.pyc" in stdlib and "tarfile.py" not in stdlib
    assert "[lite] bytecode for 2 modules: board-1.0-py3-none-any.whl" in done.stdout


@pytest.mark.slow
def test_the_build_stops_with_the_error_when_a_startup_module_fails_to_import(tmp_path):
    """A module the kernel imports at start that fails to import in the bundled Pyodide stops the step
    (exit status 1), naming the module and its error, and no wheel is rewritten."""
    done = run_precompile(tmp_path, ["board", "broken"])
    assert done.returncode == 1
    assert "cannot import what a lesson imports at start" in done.stderr
    assert "broken:" in done.stderr and "RuntimeError: needs the page" in done.stderr
    assert "board/__init__.py" in names(tmp_path / "wheels" / "board-1.0-py3-none-any.whl")


@pytest.mark.slow
def test_every_module_the_built_sites_kernel_imports_at_start_is_bytecode(tmp_path):
    """In the site built last, its own Pyodide with its wheels installed (unpacked, as the kernel
    installs them; those nothing imports at start are in its standard library's zip) imports what a
    lesson imports at start, and not one module of the wheels or of the standard library is compiled
    from source (muzlab's keep theirs beside their bytecode; the modules Python starts with are frozen
    in the runtime). prompt_toolkit, imported only when IPython's embed is asked for, is in the zip."""
    wheels = sorted((SITE / "pypi").glob("*.whl"))
    if shutil.which("node") is None or not wheels:
        pytest.skip("no node, or no built site (python3 make.py lite)")
    kernel = sorted((SITE / "extensions" / build.PYODIDE_KERNEL / build.KERNEL_WHEELS).glob("*.whl"))
    runtime = sorted((SITE / "pyodide").glob("*.whl"))
    script = tmp_path / "check.mjs"
    script.write_text(textwrap.dedent(f"""\
        const {{ loadPyodide }} = await import({json.dumps((SITE / "pyodide" / "pyodide.mjs").as_uri())});
        const pyodide = await loadPyodide({{ indexURL: {json.dumps(str(SITE / "pyodide") + "/")} }});
        pyodide.FS.mkdirTree("/site");
        pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {{ root: {json.dumps(str(SITE))} }}, "/site");
        console.log(pyodide.runPython(`
        import importlib, json, os, sys, zipfile
        for wheel in {json.dumps([str(w.relative_to(SITE)) for w in wheels + kernel + runtime])}:
            zipfile.ZipFile("/site/" + wheel).extractall("/tmp/installed")
        sys.path.insert(0, "/tmp/installed")
        out, err = sys.stdout, sys.stderr
        for name in {json.dumps(precompile.STARTUP)}:
            importlib.import_module(name)
        sys.stdout, sys.stderr = out, err
        specs = [m.__spec__ for m in list(sys.modules.values()) if getattr(m, "__spec__", None)]
        source = sorted(spec.origin for spec in specs if str(spec.origin).endswith(".py")
                        and not (spec.cached and os.path.exists(spec.cached)))
        terminal = sorted(m for m in sys.modules if m.split(".")[0] == "prompt_toolkit")
        import IPython
        json.dumps([source, sorted(m for m in sys.modules if m.startswith("muzlab.widgets.")), terminal,
                    IPython.embed.__module__, sys.modules["prompt_toolkit"].__file__])
        `));
        """))
    done = subprocess.run(["node", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    source, boards, terminal, embed, prompt_toolkit = json.loads(done.stdout.strip().splitlines()[-1])
    assert prompt_toolkit.startswith("/lib/python3") and ".zip/prompt_toolkit/" in prompt_toolkit
    assert source == [], source
    assert terminal == [], terminal  # IPython's terminal embed waits until asked for (build.lazy_embed)
    assert embed == "IPython.terminal.embed"
    assert {"muzlab.widgets.play", "muzlab.widgets.svgboard", "muzlab.widgets.review"} <= set(boards)


def test_the_bundled_wheels_go_into_the_standard_librarys_zip_without_their_data(tmp_path):
    """build.into_stdlib adds each wheel's modules and dist-info to the standard library's zip (what was
    there kept), leaves out its .data folder (JupyterLab's copy of an extension), and stops the build on
    a name the zip has already."""
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("tarfile.pyc", "(bytecode)")
    board = wheel(tmp_path, "board", {"board/__init__.pyc": "(bytecode)", "board/board.js": "export {};\n",
                                      "board-1.0.data/data/share/jupyter/labextensions/board/x.js": "x\n"})
    build.into_stdlib(stdlib, [board])
    assert names(stdlib) == {"tarfile.pyc", "board/__init__.pyc", "board/board.js",
                             "board-1.0.dist-info/METADATA", "board-1.0.dist-info/RECORD"}
    with zipfile.ZipFile(stdlib) as archive:
        assert archive.read("board/__init__.pyc") == b"(bytecode)"
    with pytest.raises(SystemExit, match="board/__init__.pyc is in the standard library"):
        build.into_stdlib(stdlib, [board])


def test_ipythons_terminal_embed_is_imported_when_first_asked_for(tmp_path):
    """The edition's IPython wheel imports its terminal's embed (and so prompt_toolkit) only when
    `IPython.embed` is first asked for, with RECORD's line for the rewritten __init__ up to date; an
    IPython whose __init__ no longer imports it as expected stops the build."""
    import importlib.util
    import sys

    init = f"import sys\n{build.IPYTHON_EAGER_EMBED}from .core import x\n__all__ = ['embed']\n"
    files = {"IPython/__init__.py": init, "IPython/core.py": "x = 1\n", "IPython/terminal/__init__.py": "",
             "IPython/terminal/embed.py": "def embed():\n    return 'shell'\n"}
    path = wheel(tmp_path, "ipython", files)
    build.lazy_embed(path)
    with zipfile.ZipFile(path) as archive:
        source = archive.read("IPython/__init__.py")
        record = archive.read("ipython-1.0.dist-info/RECORD").decode()
        archive.extractall(tmp_path / "unpacked")
    assert build.IPYTHON_EAGER_EMBED not in source.decode().splitlines(keepends=True)
    assert f"IPython/__init__.py,sha256={build.record_hash(source)},{len(source)}" in record.splitlines()
    package = "lite_ipython"  # (imported under a name of its own: the tests' IPython is loaded already)
    spec = importlib.util.spec_from_file_location(
        package, tmp_path / "unpacked" / "IPython" / "__init__.py",
        submodule_search_locations=[str(tmp_path / "unpacked" / "IPython")])
    module = importlib.util.module_from_spec(spec)
    sys.modules[package] = module
    try:
        spec.loader.exec_module(module)
        assert f"{package}.terminal.embed" not in sys.modules
        assert module.embed() == "shell" and f"{package}.terminal.embed" in sys.modules
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == package]:
            del sys.modules[name]
    with pytest.raises(SystemExit, match="IPYTHON_EAGER_EMBED"):
        build.lazy_embed(path)


def test_the_kernels_precompiled_wheels_replace_the_sites_with_their_digests_in_its_index(tmp_path):
    """The kernel's wheels the build precompiled take the place of the ones `jupyter lite build` copied,
    and piplite's index beside them gives their new digests and sizes (its other entries as they were)."""
    import hashlib

    folder = tmp_path / "site" / "extensions" / build.PYODIDE_KERNEL / build.KERNEL_WHEELS
    folder.mkdir(parents=True)
    kernel = tmp_path / "kernel"
    kernel.mkdir()
    old = wheel(folder, "board", {"board/__init__.py": "SIZE = 1\n"})
    new = wheel(kernel, "board", {"board/__init__.pyc": "(bytecode)"})
    entry = {"filename": old.name, "digests": {"md5": "0", "sha256": "0"}, "md5_digest": "0", "size": 1,
             "url": f"./{old.name}"}
    other = {"filename": "other-1.0-py3-none-any.whl", "digests": {"md5": "1", "sha256": "1"}, "size": 2}
    (folder / "all.json").write_text(json.dumps({"board": {"releases": {"1.0": [entry]}},
                                                 "other": {"releases": {"1.0": [other]}}}))
    build.kernel_wheels(tmp_path / "site", kernel)
    data = new.read_bytes()
    assert (folder / old.name).read_bytes() == data
    index = json.loads((folder / "all.json").read_text())
    md5, sha256 = hashlib.md5(data).hexdigest(), hashlib.sha256(data).hexdigest()
    assert index["board"]["releases"]["1.0"] == [
        {**entry, "digests": {"md5": md5, "sha256": sha256}, "md5_digest": md5, "size": len(data)}]
    assert index["other"]["releases"]["1.0"] == [other]
