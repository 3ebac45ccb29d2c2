"""Build the homework edition: JupyterLite on a bundled Pyodide, every file inside the site.

`python3 make.py lite` (docs/lite/build.py) builds out/lite/ from a checkout, `muzlab lite FOLDER` builds
FOLDER from an installed muzlab (with its `lite` extra: jupyterlite-core and its Pyodide kernel; node
and npm on the PATH). The Pyodide runtime and verovio come from npm (the version the Pyodide kernel was
built for), the wheels of muzlab and its pure dependencies from pip (muzlab's own is built from the
checkout, or put together from the installed package), and `jupyter lite build` puts them together
with the PyPI fallback disabled, so no request leaves the site. Downloads are kept in a work folder
beside the site (out/lite-build/, FOLDER-build/) and reused. To start quickly, what the kernel imports is
compiled to bytecode by the bundled Pyodide (precompile.py, run by node) and every wheel is preloaded
through Pyodide's lock file; the lessons are the shipped ones without what needs numpy, pandas,
matplotlib or music21 (lessons.py).
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import gzip
import hashlib
import importlib.metadata
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from email.message import Message
from pathlib import Path
from typing import NamedTuple

from packaging.requirements import Requirement

from muzlab.app.lessons import lessons_source
from muzlab.app.lite.chunks import leave_out_mermaid
from muzlab.app.lite.early_runtime import start_early
from muzlab.app.lite.lessons import finish_pages, landing_page, write_lessons, write_translated_lessons
from muzlab.app.lite.packed import unpacked_by_a_worker

HERE = Path(__file__).resolve().parent
#: The checkout this muzlab runs from (None when it is an installed package).
CHECKOUT = HERE.parents[2] if (HERE.parents[2] / "pyproject.toml").exists() else None
#: The Pyodide the kernel (jupyterlite-pyodide-kernel 0.8.6) was built for, and its Python.
PYODIDE = "314.0.6"
PYTHON_VERSION = "3.14"
#: Pure wheels the kernel and the boards need, resolved for Pyodide's Python (no numpy, pandas, music21);
#: mido writes the MIDI files a student saves (Save MIDI).
PURE_REQUIREMENTS = ["anywidget", "ipywidgets", "ipython", "jedi", "comm", "mido"]
#: Left out: the Pyodide kernel ships its own stand-in for widgetsnbextension; jedi (4.9 MB, 5,600 files
#: of type stubs, with parso, its parser) gives way to a stand-in without a module: IPython completes
#: with its own completer; packaging (mido's) is Pyodide's own (RUNTIME_PACKAGES).
NOT_BUNDLED = ("widgetsnbextension-", "jedi-", "parso-", "packaging-")
#: The stand-in: it satisfies IPython's requirement, and `import jedi` still fails as IPython expects.
JEDI_STAND_IN = ("jedi", "0.20.1+absent")
#: The Pyodide kernel's extension, and its folder of the kernel's own wheels (pyodide_kernel, piplite).
PYODIDE_KERNEL = "@jupyterlite/pyodide-kernel-extension"
KERNEL_WHEELS = Path("static") / "pypi"
#: The JupyterLab extensions the edition loads (the kernel, the widget manager, anywidget); the others of
#: the environment (Voila's, Solara's Vue) are left out with --ignore-sys-prefix.
EXTENSIONS = (PYODIDE_KERNEL, "@jupyter-widgets/jupyterlab-manager", "anywidget")
#: The edition's own JupyterLab plugin (labextensions/muzlab-lite-kernel): a lesson's kernel session is
#: started as JupyterLab activates its plugins, the notebook connects to it once it is drawn, and the
#: lesson runs all its cells as it opens, so a student sees the boards without touching a menu.
EARLY_KERNEL = HERE / "labextensions" / "muzlab-lite-kernel"
#: Font Awesome in the formats only browsers before woff2 use (every browser the edition runs in has it).
OLD_FONT_FORMATS = (".eot", ".ttf", ".svg", ".woff")
#: MathJax's web fonts (0.3 MB), left out to keep the site within 40 MB: no lesson of the edition has
#: math (what a student types between dollars would miss MathJax's own glyphs).
MATH_FONTS = "MathJax_*.woff"
#: The staff renderer from npm: verovio.mjs (its toolkit) and its module, 7.3 MB with the WebAssembly
#: and the music fonts inside, shipped gzipped (2.3 MB) and unpacked by the page (muzlab/widgets/staff.js).
VEROVIO = "6.3.0"
#: What muzlab's wheel carries that the edition cannot use: the simulations (Parquet: pandas), the class
#: server, the Voilà app and this build (servers, files on a computer), the lessons (the site has its own).
NOT_IN_THE_EDITION = ("muzlab/_data/simulations/", "muzlab/app/", "muzlab/_lessons/", "muzlab/_voila/")
#: The translators' catalogues (.po, .pot), which muzlab does not read: it reads the compiled .mo files.
CATALOGUE_SOURCES = (".po", ".pot")
#: Pygments' lexers the edition keeps: IPython colours Python (its tracebacks) and falls back to plain
#: text; the 250 others (1 MB of the 1.3 MB wheel, fetched and unpacked on every first visit) colour
#: languages no lesson shows.
PYGMENTS_LEXERS = ("__init__", "_mapping", "python", "special")
#: IPython's `embed` (a terminal shell, on prompt_toolkit: 150 modules) is imported by `import IPython`,
#: which the kernel does as it starts, though no kernel in a browser embeds a terminal: in the edition's
#: IPython it is imported when first asked for (IPython.embed still works), and the kernel's start
#: imports no prompt_toolkit (0.25 s of the site's Pyodide under node, about twice that in a browser).
IPYTHON_EAGER_EMBED = "from .terminal.embed import embed\n"
IPYTHON_LAZY_EMBED = (
    "\n\ndef __getattr__(name):  # muzlab's homework edition: the terminal's embed imported when asked for\n"
    "    if name == \"embed\":\n"
    "        from .terminal.embed import embed\n"
    "        return embed\n"
    "    raise AttributeError(f\"module {__name__!r} has no attribute {name!r}\")\n")
#: The bundled wheels of which nothing is imported before a lesson's first board (the ones precompile.py
#: left without bytecode: prompt_toolkit, now that IPython's embed waits until asked for, pexpect and
#: ptyprocess, matplotlib-inline, IPython's pygments lexers, JupyterLab's widgets' extension, jedi's
#: stand-in; 7 wheels, 230 files) go into the runtime's standard library zip, which Pyodide writes into
#: its file system whole and Python imports from (zipimport) if ever asked; the others stay wheels,
#: unpacked file by file as the kernel starts. Unpacking the 230 files took about 0.2 s of the kernel's
#: start. With every bundled wheel but muzlab's (whose boards read their scripts beside them) in the zip,
#: the unpacking took 0.3-0.5 s less but the kernel's imports 0.3 s more (zipimport reads each module
#: from the archive in Python): no gain to be seen, so what is imported at start stays unpacked.
NOT_ZIPPED = ("muzlab-",)
#: A wheel's folder of files to install outside the package (here JupyterLab's own copies of the widget
#: extensions and IPython's manual page), which the kernel never reads: not put into the zip.
DATA_FOLDER = ".data"
#: Pyodide's own packages the kernel loads with loadPackage before piplite exists, fetched from PyPI
#: at the versions Pyodide's lock file names; every other lock entry is dropped, so that micropip looks
#: for the rest among the bundled wheels.
RUNTIME_PACKAGES = ("micropip", "packaging")
#: JupyterLite's service worker, left out: through it the kernel mounts the browser's files at /drive, its
#: working folder, and Python then asks the page (a synchronous request) about that folder on every
#: module it imports (about 200 times before the first board; 1-3 s). The lessons write no file the
#: student opens from Python (Save and Load are a download and an upload), and the notebooks are kept
#: in the browser's storage by the page, as before.
NO_SERVICE_WORKER = "@jupyterlite/application-extension:service-worker-manager"
#: The lessons in the edition: 5 and 6 (statistics, for teachers) need numpy and pandas throughout.
LESSONS = ["1-rules.ipynb", "2-hearing.ipynb", "3-play.ipynb", "4-explore.ipynb", "7-review.ipynb"]


class Staged(NamedTuple):
    """The build's precompiled copies (in its work folder): the wheels bundled in the site's pypi/,
    the Pyodide runtime (the site's pyodide/) and the kernel's own wheels."""

    wheels: Path
    runtime: Path
    kernel: Path


def missing_tools() -> list[str]:
    """What the build needs and this machine lacks: node and npm, and muzlab's `lite` extra."""
    missing = [f"{tool} on the PATH" for tool in ("node", "npm") if shutil.which(tool) is None]
    if importlib.util.find_spec("jupyterlite_core") is None or importlib.util.find_spec(
            "jupyterlite_pyodide_kernel") is None:
        missing.append("muzlab's lite extra (pip install 'muzlab[lite]')")
    return missing


def run(*args: str | Path, cwd: Path | None = None) -> None:
    print("[lite]", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=cwd, check=True)


def pip(*args: str | Path) -> None:
    run(sys.executable, "-m", "pip", *args)


def downloads(work: Path) -> Path:
    """The pure wheels of what the edition imports, downloaded once into work/downloads (and kept as
    they came: each build precompiles copies)."""
    folder = work / "downloads"
    stamp = folder / ".complete"
    if not stamp.exists() or not stamp.read_text().startswith(_wanted()):  # (new requirements: afresh)
        shutil.rmtree(folder, ignore_errors=True)
        pip("download", "--quiet", "--only-binary", ":all:", "--platform", "any", "--implementation", "py",
            "--abi", "none", "--python-version", PYTHON_VERSION, "-d", folder, *PURE_REQUIREMENTS)
        for wheel in folder.glob("*.whl"):
            if wheel.name.startswith(NOT_BUNDLED):
                wheel.unlink()
        stand_in(folder, *JEDI_STAND_IN)
        stamp.write_text(_wanted() + "\n".join(sorted(w.name for w in folder.glob("*.whl"))) + "\n")
    return folder


def _wanted() -> str:
    """The first line of the downloads' stamp: the requirements they were downloaded for."""
    return " ".join(PURE_REQUIREMENTS) + "\n"


def precompiled(runtime: Path, work: Path) -> Staged:
    """Fresh copies, at every build, of the pure wheels with muzlab's (rebuilt), of the Pyodide runtime
    and of the kernel's own wheels, with what the kernel imports at start compiled to bytecode by the
    runtime's Python (precompile.py; the build stops when one of those fails to import there). A copy
    precompiled by an earlier build, for an older list of what is imported, is never reused."""
    staged = Staged(work / "wheels", work / "runtime", work / "kernel-wheels")
    for folder in staged:
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(downloads(work), staged.wheels, ignore=shutil.ignore_patterns(".complete"))
    shutil.copytree(runtime, staged.runtime)
    shutil.copytree(labextension(PYODIDE_KERNEL) / KERNEL_WHEELS, staged.kernel)
    if CHECKOUT is not None:
        pip("wheel", "--quiet", "--no-deps", "-w", staged.wheels, CHECKOUT)
    else:
        installed_wheel(staged.wheels)
    for wheel in staged.wheels.glob("muzlab-*.whl"):
        leave_out(wheel, NOT_IN_THE_EDITION + members(wheel, lambda name: name.endswith(CATALOGUE_SOURCES)))
    for wheel in staged.wheels.glob("pygments-*.whl"):
        leave_out(wheel, members(wheel, lambda name: name.startswith("pygments/lexers/")
                                 and Path(name).stem not in PYGMENTS_LEXERS))
    for wheel in staged.wheels.glob("ipython-*.whl"):
        lazy_embed(wheel)
    run("node", HERE / "precompile.mjs", staged.runtime, staged.wheels, staged.kernel, HERE / "precompile.py")
    return staged


def kernel_wheels(site: Path, kernel: Path) -> None:
    """Put the kernel's precompiled wheels in place of the ones `jupyter lite build` copied into the
    site, with their digests and sizes in piplite's index beside them (all.json)."""
    folder = site / "extensions" / PYODIDE_KERNEL / KERNEL_WHEELS
    index_path = folder / "all.json"
    index = json.loads(index_path.read_text())
    for wheel in sorted(kernel.glob("*.whl")):
        shutil.copy(wheel, folder / wheel.name)
        data = wheel.read_bytes()
        digests = {"md5": hashlib.md5(data).hexdigest(), "sha256": hashlib.sha256(data).hexdigest()}
        for releases in index.values():
            for files in releases["releases"].values():
                for entry in files:
                    if entry["filename"] == wheel.name:
                        entry.update(digests=digests, md5_digest=digests["md5"], size=len(data))
    index_path.write_text(json.dumps(index, indent=2, sort_keys=True) + "\n")


def installed_wheel(folder: Path) -> Path:
    """muzlab's wheel put together from the installed package (its files as its RECORD lists them)."""
    distribution = importlib.metadata.distribution("muzlab")
    name = f"muzlab-{distribution.version}"
    wheel = folder / f"{name}-py3-none-any.whl"
    info = f"{name}.dist-info"
    files = {f.as_posix(): Path(distribution.locate_file(f)) for f in distribution.files or []
             if f.parts[0] == "muzlab" and "__pycache__" not in f.parts and f.suffix != ".pyc"}
    if not files:
        raise SystemExit("muzlab's installed files are not listed (an editable install?): build the "
                         "edition from its checkout with `python3 make.py lite`")
    meta = {f"{info}/METADATA": distribution.read_text("METADATA") or "",
            f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: muzlab-lite\nRoot-Is-Purelib: true\n"
                             "Tag: py3-none-any\n"}
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        record = []
        for path, source in sorted(files.items()):
            data = source.read_bytes()
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 2, 2, 0, 0, 0)), data)
            record.append(f"{path},sha256={record_hash(data)},{len(data)}")
        for path, text in meta.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 2, 2, 0, 0, 0)), text)
            record.append(f"{path},sha256={record_hash(text.encode())},{len(text.encode())}")
        archive.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 2, 2, 0, 0, 0)),
                         "\n".join([*record, f"{info}/RECORD,,"]) + "\n")
    return wheel


def members(wheel: Path, wanted: Callable[[str], bool]) -> tuple[str, ...]:
    """The names of a wheel's files that `wanted` accepts."""
    with zipfile.ZipFile(wheel) as archive:
        return tuple(name for name in archive.namelist() if wanted(name))


def leave_out(wheel: Path, prefixes: tuple[str, ...]) -> None:
    """Rewrite a wheel without its files under `prefixes` (and their RECORD lines)."""
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()
                   if not info.filename.startswith(prefixes)]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                data = "".join(line for line in data.decode().splitlines(keepends=True)
                               if not line.startswith(prefixes)).encode()
            archive.writestr(info, data)


def into_stdlib(stdlib: Path, wheels: list[Path]) -> None:
    """Add the files of `wheels` (their packages, modules and dist-info; not their DATA_FOLDER) to the
    standard library's zip, which Pyodide writes into its file system whole, as `/lib/python3XX.zip` on
    sys.path: Python imports them from there, and importlib.metadata (micropip, piplite) finds their
    dist-info, without one file unpacked. A name the zip has already stops the build."""
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_DEFLATED) as archive:
        names = set(archive.namelist())
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as source:
                for info in source.infolist():
                    if info.filename.split("/")[0].endswith(DATA_FOLDER):
                        continue
                    if info.filename in names:
                        raise SystemExit(f"[lite] {wheel.name}: {info.filename} is in the standard library")
                    names.add(info.filename)
                    archive.writestr(info, source.read(info))


def lazy_embed(wheel: Path) -> None:
    """Rewrite IPython's wheel so that `import IPython` leaves out the terminal's embed until it is asked
    for (IPYTHON_LAZY_EMBED); the build stops if IPython's __init__ no longer imports it as expected."""
    member = "IPython/__init__.py"
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    lines = dict((info.filename, data) for info, data in entries)[member].decode().splitlines(keepends=True)
    if lines.count(IPYTHON_EAGER_EMBED) != 1:
        raise SystemExit(f"[lite] {wheel.name}: {member} no longer has {IPYTHON_EAGER_EMBED.strip()!r} "
                         "once; update build.IPYTHON_EAGER_EMBED")
    data = ("".join(line for line in lines if line != IPYTHON_EAGER_EMBED) + IPYTHON_LAZY_EMBED).encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, old in entries:
            if info.filename == member:
                old = data
            elif info.filename.endswith(".dist-info/RECORD"):
                old = "".join(f"{member},sha256={record_hash(data)},{len(data)}\n"
                              if line.split(",")[0] == member else line
                              for line in old.decode().splitlines(keepends=True)).encode()
            archive.writestr(info, old)


def verovio(folder: Path, work: Path) -> None:
    """verovio's toolkit from npm, with its module gzipped, into `folder` (downloaded once)."""
    package = work / f"verovio-{VEROVIO}"
    if not (package / "dist" / "verovio-module.mjs").exists():
        work.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"verovio@{VEROVIO}", cwd=work)
        shutil.rmtree(package, ignore_errors=True)
        with tarfile.open(work / f"verovio-{VEROVIO}.tgz") as archive:
            archive.extractall(work / "verovio-unpacked", filter="data")
        (work / "verovio-unpacked" / "package").rename(package)
        shutil.rmtree(work / "verovio-unpacked")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(package / "dist" / "verovio.mjs", folder / "verovio.mjs")
    data = (package / "dist" / "verovio-module.mjs").read_bytes()
    (folder / "verovio-module.mjs.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    for name in ("package.json", "README.md"):  # its licence (LGPL) and where it comes from
        shutil.copy(package / name, folder / name)


def stand_in(folder: Path, name: str, version: str) -> Path:
    """A wheel with only the metadata of `name`: installed, it satisfies a requirement on it, and it
    has no module to import."""
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            f"Summary: stand-in: {name} is not in muzlab's homework edition\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: muzlab-lite\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
    }
    record = [f"{path},sha256={record_hash(text.encode())},{len(text.encode())}"
              for path, text in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 2, 2, 0, 0, 0)), text)
    return wheel


def record_hash(data: bytes) -> str:
    """A RECORD line's hash: urlsafe base64 of the sha256, without padding."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def labextension(name: str) -> Path:
    """A JupyterLab extension installed in this environment."""
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name


def pyodide(work: Path) -> Path:
    """The Pyodide runtime from npm, with a lock file that lists only the packages bundled beside it
    (kept as it came: each build precompiles a copy; the folder's name is not the one of the builds
    that precompiled it in place)."""
    folder = work / f"pyodide-{PYODIDE}-npm"
    if (folder / "pyodide-lock.json").exists():
        return folder
    work.mkdir(parents=True, exist_ok=True)
    run("npm", "pack", "--silent", f"pyodide@{PYODIDE}", cwd=work)
    staging = work / "pyodide-unpacked"
    shutil.rmtree(staging, ignore_errors=True)
    with tarfile.open(work / f"pyodide-{PYODIDE}.tgz") as archive:
        archive.extractall(staging, filter="data")
    package = staging / "package"
    lock = json.loads((package / "pyodide-lock.json").read_text())
    kept = {}
    for name in RUNTIME_PACKAGES:
        entry = lock["packages"][name]
        pip("download", "--quiet", "--no-deps", "--only-binary", ":all:", "--python-version", PYTHON_VERSION,
            "-d", package,
            f"{name}=={entry['version']}")
        kept[name] = entry  # (its sha256 is written by preload, after precompile changed the wheel)
    lock["packages"] = kept
    (package / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    for waste in package.glob("*.map"):
        waste.unlink()
    for waste in ("console.html", "console-v2.html", "ffi.d.ts", "pyodide.d.ts", "README.md"):
        (package / waste).unlink(missing_ok=True)
    package.rename(folder)
    shutil.rmtree(staging)
    return folder


def lessons(folder: Path) -> Path:
    """The edition's lessons (lessons.py), written afresh into `folder`: the English ones, and each
    language's translations of them in `folder/<language>/`."""
    shutil.rmtree(folder, ignore_errors=True)
    write_lessons(lessons_source(), LESSONS, folder)
    return write_translated_lessons(lessons_source(), LESSONS, folder)


def preload(site: Path) -> list[str]:
    """Add every wheel the kernel and the lessons install to the bundled Pyodide's lock file, so that
    `loadPyodide` fetches them at once, in parallel, as the kernel starts (instead of one piplite install
    after another); returns their names and RUNTIME_PACKAGES, for `loadPyodideOptions.packages` (the
    kernel then loads micropip with the rest, not after them)."""
    kernel = site / "extensions" / PYODIDE_KERNEL / KERNEL_WHEELS
    wheels = sorted(site.glob("pypi/*.whl")) + [w for w in sorted(kernel.glob("*.whl"))
                                                if not w.name.startswith("widgetsnbextension-3.")]
    lock_path = site / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((site / "pyodide" / entry["file_name"]).read_bytes()).hexdigest()
    found = {canonical(metadata(w)["Name"]): (w, metadata(w)) for w in wheels}
    environment = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython",
                   "python_version": PYTHON_VERSION, "python_full_version": lock["info"]["python"],
                   "platform_machine": "wasm32", "extra": ""}
    for name, (wheel, meta) in found.items():
        depends = set()
        for line in meta.get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(environment):
                depends.add(canonical(requirement.name))
        with zipfile.ZipFile(wheel) as archive:
            imports = sorted({Path(n).parts[0].removesuffix(".py") for n in archive.namelist()
                              if ".dist-info" not in n.split("/")[0]})
        lock["packages"][name] = {
            "depends": sorted(depends & (set(found) | set(lock["packages"]))),
            "file_name": f"../{wheel.relative_to(site).as_posix()}", "imports": imports,
            "install_dir": "site", "name": meta["Name"], "package_type": "package",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "unvendored_tests": False,
            "version": meta["Version"]}
    lock_path.write_text(json.dumps(lock, indent=1) + "\n")
    return sorted({*found, *RUNTIME_PACKAGES})


def metadata(wheel: Path) -> Message:
    """A wheel's METADATA."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(archive.read(name).decode())


def canonical(name: str) -> str:
    """A project's name as Pyodide's lock file and piplite spell it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_settings(path: Path, packages: list[str], disabled: list[str]) -> None:
    """Point the Pyodide kernel at the bundled runtime, preload the packages, and turn off its PyPI
    fallback, beside the pipliteUrls the build wrote (set after the build, which rewrites this plugin's
    settings); and turn off the `disabled` plugins."""
    config = json.loads(path.read_text())
    data = config["jupyter-config-data"]
    data["disabledExtensions"] = sorted({*data.get("disabledExtensions", []), *disabled})
    plugins = data.setdefault("litePluginSettings", {})
    kernel = plugins.setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
    kernel.update({"pyodideUrl": "../pyodide/pyodide.mjs", "disablePyPIFallback": True,
                   "loadPyodideOptions": {"packages": packages}})
    path.write_text(json.dumps(config, indent=2) + "\n")


def build(out: Path, work: Path) -> Path:
    """Build the site in `out` (emptied first), downloads kept in `work`; returns `out`."""
    out, work = out.resolve(), work.resolve()
    staged = precompiled(pyodide(work), work)
    lite_dir = work / "site"
    contents = lessons(lite_dir / "lessons")
    shutil.rmtree(out, ignore_errors=True)
    extensions = [*(str(labextension(name)) for name in EXTENSIONS), str(EARLY_KERNEL)]
    config = {"LiteBuildConfig": {"federated_extensions": extensions,
                                  "no_unused_shared_packages": True}}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1) + "\n")
    wheels = sorted(staged.wheels.glob("*.whl"))
    zipped = [wheel for wheel in wheels if not wheel.name.startswith(NOT_ZIPPED)
              and not members(wheel, lambda name: name.endswith(".pyc"))]
    into_stdlib(staged.runtime / "python_stdlib.zip", zipped)
    unpacked = [wheel for wheel in wheels if wheel not in zipped]
    run(Path(sys.executable).parent / "jupyter", "lite", "build", "--lite-dir", lite_dir, "--output-dir", out,
        "--contents", contents, "--no-sourcemaps", "--apps", "notebooks", "--apps", "repl",
        "--ignore-sys-prefix", "--no-unused-shared-packages",
        *[arg for wheel in unpacked for arg in ("--piplite-wheels", wheel)], cwd=lite_dir)
    for font in (out / "build").glob("fa-*"):
        if font.suffix in OLD_FONT_FORMATS:
            font.unlink()
    for font in (out / "build").glob(MATH_FONTS):
        font.unlink()
    shutil.copytree(staged.runtime, out / "pyodide")
    kernel_wheels(out, staged.kernel)
    verovio(out / "verovio", work)
    disabled = leave_out_mermaid(out, [NO_SERVICE_WORKER])
    kernel_settings(out / "jupyter-lite.json", preload(out), disabled)
    (out / "index.html").write_text(landing_page(contents))
    finish_pages(out, contents)
    start_early(out)
    unpacked_by_a_worker(out)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"[lite] built {out}: {size / 1e6:.1f} MB; serve it with `python3 -m http.server -d {out}` and "
          "open its first page", flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    """`docs/lite/build.py [--out FOLDER] [--serve [PORT]]`: the checkout's site, in out/lite/ by default,
    then (with --serve) served on 127.0.0.1, gzipped (serve.py)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = CHECKOUT or Path.cwd()
    parser.add_argument("--out", type=Path, default=root / "out" / "lite", help="the site's folder")
    parser.add_argument("--serve", type=int, nargs="?", const=8000, metavar="PORT",
                        help="then serve it on 127.0.0.1 (port 8000 by default), gzipped as static hosts do")
    args = parser.parse_args(argv)
    site = build(args.out, args.out.with_name(f"{args.out.name}-build"))
    if args.serve is not None:
        from muzlab.app.lite.serve import serve

        serve(site, args.serve)
