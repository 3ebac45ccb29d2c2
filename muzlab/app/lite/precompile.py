"""Run inside the bundled Pyodide by precompile.mjs: bytecode for what the kernel imports at start.

WebAssembly compiles Python slowly (importing IPython's source took seconds), and the npm Pyodide ships
its standard library as source. The modules the kernel and the lessons import before the first board
(STARTUP, imported here from the wheels themselves, /kernel holding the kernel's) become unchecked-hash
bytecode (PEP 552): in the wheels of /wheels and /runtime each `X.py` is replaced by `X.pyc`, as in
Pyodide's own distribution, except muzlab's, which keeps its source beside `__pycache__/X.*.pyc` (for
its tracebacks); in /runtime/python_stdlib.zip likewise, `X.py` by `X.pyc`, which zipimport reads. The
rest stays source, to keep the site small. A file that already has bytecode is left as it is.
"""

import base64
import hashlib
import importlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

SITE = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
STDLIB = Path(f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip")
#: What a lesson's kernel imports before its first board is drawn.
STARTUP = ["micropip", "piplite.piplite", "pyodide_kernel", "IPython", "ipywidgets", "anywidget",
           "muzlab", "muzlab.widgets.play", "muzlab.widgets.review", "muzlab.widgets.explorer",
           "muzlab.widgets.quiz", "muzlab.quiz"]
#: The wheel whose modules keep their source beside the bytecode.
KEEPS_SOURCE = "muzlab-"


def record_line(path: str, data: bytes) -> str:
    """The wheel RECORD line of a file."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def imported_at_start(wheels: list[Path]) -> set[str]:
    """The files (as `WHEEL/MEMBER` or `STDLIB/MEMBER`) of every module importing STARTUP loads."""
    sys.path[:0] = [str(w) for w in wheels + sorted(Path("/kernel").glob("*.whl"))]
    for name in STARTUP:
        try:
            importlib.import_module(name)
        except Exception as error:  # noqa: BLE001 - a module that needs the page is left as source
            print(f"[lite] {name} not imported at build time ({type(error).__name__})")
    return {str(getattr(module, "__file__", None)) for module in list(sys.modules.values())}


def bytecode(source: bytes, filename: str) -> bytes:
    """Unchecked-hash bytecode of a module's source."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def rewrite(archive_path: Path, wanted: set[str], installed_at: str, keep_source: bool) -> None:
    """Rewrite a wheel or zip with bytecode for its wanted modules (and their lines in a RECORD)."""
    with zipfile.ZipFile(archive_path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    if any(info.filename.endswith(".pyc") for info, _ in entries):
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
    print(f"[lite] bytecode for {sum(p is not None for p in records.values())} modules: {archive_path.name}")


def main() -> None:
    """Precompile the wheels mounted at /wheels and /runtime, and the runtime's standard library."""
    wheels = sorted(Path("/wheels").glob("*.whl")) + sorted(Path("/runtime").glob("*.whl"))
    wanted = imported_at_start(wheels)
    for path in wheels:
        rewrite(path, wanted, SITE, keep_source=path.name.startswith(KEEPS_SOURCE))
    zipped = Path("/runtime/python_stdlib.zip")
    rewrite(zipped, {f.replace(str(STDLIB), str(zipped)) for f in wanted}, str(STDLIB), keep_source=False)


if __name__ == "__main__":
    main()
