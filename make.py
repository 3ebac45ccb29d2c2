#!/usr/bin/env python3
"""Set up muzlab on a fresh machine and run it: `python3 make.py lab`, `app`, `class`, `test`, `book`,
`lite` or `catalogues`.

Only the standard library is used here, because this script runs before anything is installed.
It keeps a virtual environment in .venv/ and reinstalls it whenever pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".muzlab-installed"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
SOUNDFONT = "/usr/share/sounds/sf2/TimGM6mb.sf2"
#: npm packages the tests use, kept in out/npm/<name>-<version>/: the SCORM 1.2 runtime LMSs use,
#: which plays the SCORM package in tests/test_scorm_browser.py.
NPM_PACKAGES = {"scorm-again": "3.4.3"}
NPM_FOLDER = ROOT / "out" / "npm"


def say(message: str) -> None:
    print(f"[make.py] {message}", flush=True)


def run(*args: str | Path, env: dict[str, str] | None = None) -> None:
    """Run a command, echoing it, and stop with its exit code if it fails."""
    say(" ".join(str(a) for a in args))
    code = subprocess.call([str(a) for a in args], cwd=ROOT, env=env)
    if code != 0:
        say(f"failed with exit code {code}")
        sys.exit(code)


def ensure_environment() -> None:
    """Create .venv and install muzlab with its test, dask, book, lite and fast extras, unless already
    current."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        say("creating the virtual environment in .venv/")
        venv.create(VENV, with_pip=True)
    run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[test,dask,book,lite,fast]")
    STAMP.write_text(wanted + "\n")


def find_chromium() -> str | None:
    for path in CHROMIUM_CANDIDATES:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


def ensure_system_packages() -> str | None:
    """Install Debian's chromium (for the browser test), fluidsynth with a General MIDI SoundFont (for
    the richer sound), npm (for the homework edition) and espeak-ng (the live region's words heard as a
    screen reader's voice says them) when missing and we are root; return Chromium's path."""
    wanted = []
    if find_chromium() is None:
        wanted.append("chromium")
    if shutil.which("fluidsynth") is None or not Path(SOUNDFONT).exists():
        wanted += ["fluidsynth", "timgm6mb-soundfont"]
    if shutil.which("npm") is None:  # the homework edition's build takes Pyodide from the npm registry
        wanted.append("npm")
    if shutil.which("espeak-ng") is None:
        wanted.append("espeak-ng")
    apt_install(wanted)
    return find_chromium()


def apt_install(wanted: list[str]) -> None:
    """Install these Debian packages with apt-get, when there are any and we are root."""
    if wanted and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        say(f"installing Debian packages: {' '.join(wanted)}")
        quiet = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run("apt-get", "update", "-q", env=quiet)
        run("apt-get", "install", "-y", "-q", *wanted, env=quiet)


def npm_package(name: str, version: str) -> Path | None:
    """The npm package `name`@`version` unpacked in out/npm/<name>-<version>/ (fetched with `npm pack`
    when missing); None when it is missing and npm cannot fetch it (no npm, no registry)."""
    folder = NPM_FOLDER / f"{name}-{version}"
    if (folder / "package.json").exists():
        return folder
    if shutil.which("npm") is None:
        return None
    NPM_FOLDER.mkdir(parents=True, exist_ok=True)
    say(f"fetching {name}@{version} from the npm registry")
    fetched = subprocess.run(["npm", "pack", "--silent", f"{name}@{version}"], cwd=NPM_FOLDER,
                             capture_output=True, text=True)
    if fetched.returncode != 0 or not fetched.stdout.strip():
        say(f"WARNING: npm could not fetch {name}@{version}: {fetched.stderr.strip()[-300:]}")
        return None
    packed = fetched.stdout.strip().splitlines()[-1]
    unpacked = NPM_FOLDER / f".{name}-{version}-unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(NPM_FOLDER / packed) as archive:
        archive.extractall(unpacked, filter="data")
    shutil.rmtree(folder, ignore_errors=True)
    (unpacked / "package").rename(folder)
    shutil.rmtree(unpacked)
    (NPM_FOLDER / packed).unlink()
    return folder


def lab(extra: list[str]) -> None:
    """Open the lessons in JupyterLab; `--language de` (fr, es) opens the translated ones."""
    ensure_environment()
    folder = ROOT / "notebooks"
    if "--language" in extra[:-1]:
        at = extra.index("--language")
        folder, extra = folder / extra[at + 1], extra[:at] + extra[at + 2:]
        if not folder.is_dir():
            say(f"no lessons in {folder}: the languages are de, fr and es")
            sys.exit(2)
    args = [str(BIN / "jupyter"), "lab", "--ip=127.0.0.1", f"--notebook-dir={folder}",
            "--LabApp.news_url=None"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    # muzlab's lab config first on the config path: JupyterLab's announcements ("news?") are off
    paths = [str(ROOT / "muzlab" / "_lab"), os.environ.get("JUPYTER_CONFIG_PATH")]
    os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(path for path in paths if path)
    os.execv(args[0], args + extra)


def app(extra: list[str]) -> None:
    """Serve the classroom app (notebooks/app.ipynb) with Voilà: `muzlab app`, run on this checkout."""
    ensure_environment()
    args = [str(BIN / "muzlab"), "app", str(ROOT / "notebooks")]
    os.execv(args[0], args + extra)


def class_(extra: list[str]) -> None:
    """Serve a class from one process (`muzlab class`): students' devices at tables, a teacher's page.
    The class is kept in ./muzlab-class unless a folder is given."""
    ensure_environment()
    args = [str(BIN / "muzlab"), "class"]
    os.execv(args[0], args + extra)


def book(extra: list[str]) -> None:
    """Execute the lessons and build the static HTML book in out/book/ (docs/book/build.py)."""
    ensure_environment()
    run(PYTHON, ROOT / "docs" / "book" / "build.py", *extra)


def lite(extra: list[str]) -> None:
    """Build the homework edition in out/lite/: JupyterLite on a bundled Pyodide (docs/lite/build.py);
    serve it with `python3 -m http.server -d out/lite`, or build and serve it gzipped on 127.0.0.1 with
    `python3 make.py lite --serve [PORT]`."""
    ensure_environment()
    apt_install([] if shutil.which("npm") else ["npm"])
    run(PYTHON, ROOT / "docs" / "lite" / "build.py", *extra)


def catalogues(extra: list[str]) -> None:
    """Bring the translations up to the source with Babel: extract the sentences, merge them into the
    German, French and Spanish catalogues and compile them (docs/languages/catalogues.py); then the
    lessons' own catalogues, and the translated lessons built from them (docs/languages/lesson_notebooks.py;
    `--execute` runs the lessons whose checked outputs must be refreshed)."""
    ensure_environment()
    run(PYTHON, ROOT / "docs" / "languages" / "lesson_notebooks.py", *extra)
    run(PYTHON, ROOT / "docs" / "languages" / "catalogues.py")


def test(extra: list[str]) -> None:
    ensure_environment()
    # MUZLAB_TEST seeds the lessons' activities, which draw a fresh item each time a class runs them.
    env = {**os.environ, "MUZLAB_TEST": "1"}
    pytest_args = ["tests", "notebooks", "--nbval-lax", "--nbval-current-env",
                   "--nbval-sanitize-with", "notebooks/sanitize.cfg", "-p", "no:cacheprovider"]
    chromium = ensure_system_packages()
    for name, version in NPM_PACKAGES.items():
        npm_package(name, version)
    if chromium:
        env["MUZLAB_CHROMIUM"] = chromium
    elif os.environ.get("CI"):
        say("Chromium is missing and could not be installed; CI must run the browser test")
        sys.exit(1)
    else:
        say("WARNING: no Chromium found (install Debian's 'chromium'); the browser test is left out")
        pytest_args += ["-m", "not browser"]
    run(BIN / "ruff", "check", ".")
    run(PYTHON, "-m", "pytest", *pytest_args, *extra, env=env)


def main() -> None:
    commands = {"lab": lab, "app": app, "class": class_, "test": test, "book": book, "lite": lite,
                "catalogues": catalogues}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        print("usage: python3 make.py lab|app|class|test|book|lite|catalogues [extra arguments for jupyter "
              "lab, muzlab app, muzlab class, pytest, docs/book/build.py or docs/lite/build.py]")
        sys.exit(2)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
