"""Run inside the bundled Pyodide by precompile.mjs: bytecode for what the kernel imports at start.

WebAssembly compiles Python slowly (importing IPython's source took seconds), and the npm Pyodide ships
its standard library as source. The modules the kernel and the lessons import before the first board
(STARTUP, and what the kernel's loader imports to install the wheels) become unchecked-hash bytecode
(PEP 552): in the wheels of /wheels, /runtime and /kernel (the kernel's own: pyodide_kernel, piplite)
each `X.py` is replaced by `X.pyc`, as in Pyodide's own distribution, except muzlab's, which keeps its
source beside `__pycache__/X.*.pyc` (for its tracebacks); in /runtime/python_stdlib.zip likewise, `X.py`
by `X.pyc`, which zipimport reads. The rest stays source, to keep the site small.

The wheels are imported unpacked, each in a folder of its own, as the kernel installs them: imported as
zip archives, a module that reads a file beside it (a board's script and style) fails, and what it
would have imported is never compiled. A STARTUP module that fails to import stops the build, with the
error: left as source it would be compiled in every student's browser, at every visit.
"""

import base64
import hashlib
import importlib
import importlib.util
import io
import sys
import traceback
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

SITE = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
STDLIB = Path(f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip")
#: Where the wheels are unpacked (in Pyodide's memory), one folder per wheel, named as the wheel.
UNPACKED = Path("/tmp/unpacked")
#: What a lesson's kernel imports before its first board is drawn: the kernel itself, then what the
#: lessons of the edition import (lesson 3's first: the PlayBoard and the computer players).
STARTUP = ["micropip", "piplite.piplite", "pyodide_kernel", "IPython", "ipywidgets", "anywidget",
           "muzlab", "muzlab.names.spelling", "muzlab.play.agents", "muzlab.widgets.play",
           "muzlab.widgets.review", "muzlab.widgets.explorer", "muzlab.widgets.quiz", "muzlab.play.quiz",
           "muzlab.play.coach", "muzlab.sim.samples"]
#: The wheel whose modules keep their source beside the bytecode.
KEEPS_SOURCE = "muzlab-"


def record_line(path: str, data: bytes) -> str:
    """The wheel RECORD line of a file."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def unpacked(wheels: list[Path]) -> list[Path]:
    """Each wheel unpacked into UNPACKED/its name, first on sys.path; returns the folders."""
    folders = []
    for wheel in wheels:
        folder = UNPACKED / wheel.name
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
        folders.append(folder)
    sys.path[:0] = [str(folder) for folder in folders]
    return folders


def install_like_the_kernel() -> None:
    """Install a wheel through Pyodide's package loader, as `loadPyodide` installs the bundled ones in
    the browser, so that the standard library modules it imports on the way (tarfile, to look for
    shared libraries) are compiled too."""
    from pyodide._package_loader import unpack_buffer
    from pyodide.ffi import to_js

    with zipfile.ZipFile(buffer := io.BytesIO(), "w") as archive:
        archive.writestr("muzlab_probe/__init__.py", "")
        archive.writestr("muzlab_probe-0.dist-info/METADATA", "Metadata-Version: 2.1\nName: muzlab-probe\n"
                                                              "Version: 0\n")
    unpack_buffer(to_js(buffer.getvalue()), filename="muzlab_probe-0-py3-none-any.whl",
                  extract_dir=str(UNPACKED / "probe"), calculate_dynlibs=True,
                  metadata={"INSTALLER": "pyodide.loadPackage"})


def import_startup() -> None:
    """Import every STARTUP module, with the streams kept (the kernel's replaces sys.stdout and
    sys.stderr by its own, which write to a page there is not); raises ImportError naming each that
    failed, with its traceback."""
    out, err = sys.stdout, sys.stderr
    failed = []
    for name in STARTUP:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - each is reported below, and the build stops
            failed.append(f"{name}:\n{traceback.format_exc()}")
        finally:
            sys.stdout, sys.stderr = out, err
    if failed:
        raise ImportError("[lite] the bundled Pyodide cannot import what a lesson imports at start, so it "
                          "would be compiled in the browser at every visit; fix it, or take it out of "
                          "precompile.STARTUP:\n" + "\n".join(failed))


def imported_at_start(wheels: list[Path]) -> set[str]:
    """The files (as `WHEEL/MEMBER` or `STDLIB/MEMBER`) of every module that importing STARTUP, and
    installing a wheel as the kernel does, loads from the wheels and the standard library."""
    by_name = {folder.name: wheel for folder, wheel in zip(unpacked(wheels), wheels, strict=True)}
    install_like_the_kernel()
    import_startup()
    files = set()
    for module in list(sys.modules.values()):
        file = Path(str(getattr(module, "__file__", None)))
        if file.is_relative_to(UNPACKED) and (parts := file.relative_to(UNPACKED).parts)[0] in by_name:
            file = by_name[parts[0]].joinpath(*parts[1:])  # (the wheel's path, then the member's)
        files.add(str(file))
    return files


def bytecode(source: bytes, filename: str) -> bytes:
    """Unchecked-hash bytecode of a module's source."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def rewrite(archive_path: Path, wanted: set[str], installed_at: str, keep_source: bool) -> None:
    """Rewrite a wheel or zip with bytecode for its wanted modules (and their lines in a RECORD); one
    with none of them, or with bytecode already, is left as it is."""
    with zipfile.ZipFile(archive_path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    if any(info.filename.endswith(".pyc") for info, _ in entries) or not any(
            f"{archive_path}/{info.filename}" in wanted for info, _ in entries):
        return
    out, records = [], {}
    for info, data in entries:
        if f"{archive_path}/{info.filename}" not in wanted:
            out.append((info, data))
            continue
        pyc = bytecode(data, f"{installed_at}/{info.filename}")
        pyc_name = importlib.util.cache_from_source(info.filename) if keep_source else info.filename + "c"
        if keep_source:
            out.append((info, data))
        else:
            records[info.filename] = None
        entry = zipfile.ZipInfo(pyc_name, date_time=info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        out.append((entry, pyc))
        records[pyc_name] = pyc
    with zipfile.ZipFile(archive_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in out:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [line for line in data.decode().splitlines() if line.split(",")[0] not in records]
                lines += [record_line(path, pyc) for path, pyc in records.items() if pyc is not None]
                data = ("\n".join(lines) + "\n").encode()
            archive.writestr(info, data)
    print(f"[lite] bytecode for {sum(p is not None for p in records.values())} modules: {archive_path.name}",
          flush=True)


def main() -> None:
    """Precompile the wheels mounted at /wheels, /runtime and /kernel, and the runtime's standard
    library."""
    wheels = [path for folder in ("/wheels", "/runtime", "/kernel")
              for path in sorted(Path(folder).glob("*.whl"))]
    wanted = imported_at_start(wheels)
    for path in wheels:
        rewrite(path, wanted, SITE, keep_source=path.name.startswith(KEEPS_SOURCE))
    zipped = Path("/runtime/python_stdlib.zip")
    rewrite(zipped, {f.replace(str(STDLIB), str(zipped)) for f in wanted}, str(STDLIB), keep_source=False)


if __name__ == "__main__":
    main()
