"""The lessons and the classroom app's notebook, shipped inside the package, for a teacher who
installed muzlab with pip: copy them into a folder, serve the app with Voilà, open them in JupyterLab.

`muzlab lessons [FOLDER]` copies, in the command's language (`--language de`: the German lessons of
notebooks/de/, an English one where a lesson is not translated yet); a copy the teacher has edited
since it was copied is kept unless `force=True`. The folder remembers what was copied
(`.muzlab-lessons.json`, a SHA-256 per file), so a newer muzlab can update the lessons nobody touched
and still leave the edited ones alone.
"""

from __future__ import annotations

import argparse
import hashlib
import ipaddress
import json
import os
import shutil
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from muzlab.app.app_limits import CULL_IDLE_SECONDS, MAX_KERNELS
from muzlab.core.errors import MuzlabError
from muzlab.names.language import marked
from muzlab.names.reader import Reader

APP_NOTEBOOK = "app.ipynb"
#: A Jupyter data folder holding the app's Voilà template ("muzlab": "lab" without links to a CDN).
VOILA_DATA = Path(__file__).parents[1] / "_voila"
#: A Jupyter config folder for the lab muzlab starts: its page config turns off JupyterLab's
#: announcements (the "get notified about news?" prompt and its fetches: nothing leaves the machine).
LAB_CONFIG = Path(__file__).parents[1] / "_lab"
DEFAULT_FOLDER = "muzlab-lessons"
MANIFEST = ".muzlab-lessons.json"


class LessonsError(MuzlabError, OSError):
    """A lessons folder that cannot be used (a file in the way, nothing shipped, ...)."""


def lessons_source() -> Path:
    """The folder holding the shipped notebooks: inside an installed wheel, or notebooks/ of a checkout."""
    packaged = Path(__file__).parents[1] / "_lessons"
    return packaged if packaged.is_dir() else Path(__file__).parents[2] / "notebooks"


def shipped_notebooks(language: str = "en") -> list[Path]:
    """The lessons and the app's notebook that come with muzlab, by name: each lesson in `language`
    where it is translated (notebooks/<language>/), else in English."""
    notebooks = sorted(lessons_source().glob("*.ipynb"))
    if not notebooks:
        raise LessonsError("no lessons found in {folder}: this muzlab was installed without them",
                           folder=lessons_source())
    translated = lessons_source() / language
    return [translated / path.name if language != "en" and (translated / path.name).is_file() else path
            for path in notebooks]


def untranslated(language: str) -> list[str]:
    """The lessons (not the app's notebook) that `language` has no translation of yet."""
    return [path.name for path in shipped_notebooks(language)
            if language != "en" and path.parent == lessons_source() and path.name != APP_NOTEBOOK]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class CopyReport:
    """What `copy_lessons` did with each notebook, by file name."""

    folder: Path
    copied: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)

    def lines(self, reader: Reader | None = None) -> list[str]:
        """One line for a person per kind of outcome (nothing for an empty kind), in `reader`'s
        language (None: English)."""
        reader = reader or Reader()
        said = [
            (self.copied, marked("lessons", "{count} copied: {names}")),
            (self.updated, marked("lessons", "{count} updated to this muzlab's version: {names}")),
            (self.unchanged, marked("lessons", "{count} already up to date: {names}")),
            (self.replaced, marked("lessons", "{count} replaced (--force); your edits are gone: {names}")),
            (self.kept, marked("lessons", "{count} kept: edited since they were copied (--force replaces "
                                          "them): {names}")),
            (self.english, marked("lessons", "{count} not translated into this language yet, copied in "
                                             "English: {names}"))]
        return [reader.pgettext(*template).format(count=len(names), names=", ".join(names))
                for names, template in said if names]


def copy_lessons(folder: str | Path = DEFAULT_FOLDER, force: bool = False,
                 language: str = "en") -> CopyReport:
    """Copy the shipped notebooks, the lessons in `language` where translated, into `folder` (made if
    missing); edited copies stay unless `force`."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise LessonsError("{folder} is a file, not a folder for the lessons", folder=folder)
    notebooks = shipped_notebooks(language)
    report = CopyReport(folder)
    sources = {lessons_source().resolve(), (lessons_source() / language).resolve()}
    if folder.is_dir() and folder.resolve() in sources:
        return report  # a checkout's own notebooks/: nothing to copy
    report.english = untranslated(language)
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST
    try:
        recorded = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else {}
    except (OSError, ValueError):
        recorded = {}
    for notebook in notebooks:
        target, shipped = folder / notebook.name, _digest(notebook)
        if not target.exists():
            outcome = report.copied
        elif _digest(target) == shipped:
            report.unchanged.append(notebook.name)
            recorded[notebook.name] = shipped
            continue
        elif recorded.get(notebook.name) == _digest(target):
            outcome = report.updated
        elif force:
            outcome = report.replaced
        else:
            report.kept.append(notebook.name)
            continue
        shutil.copyfile(notebook, target)
        recorded[notebook.name] = shipped
        outcome.append(notebook.name)
    manifest_path.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return report


def _is_loopback(ip: str) -> bool:
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def app_command(folder: str | Path, ip: str = "127.0.0.1", port: int | None = None,
                open_browser: bool = True, max_kernels: int = MAX_KERNELS,
                cull_idle_seconds: int = CULL_IDLE_SECONDS, language: str = "en") -> list[str]:
    """The command serving the classroom app from `folder` with Voilà (code cells stripped), at most
    `max_kernels` pages at once (the page past them says so in `language`), kernels idle for
    `cull_idle_seconds` shut down (muzlab.app.appserver).

    On an address other people can reach (e.g. 0.0.0.0) Voilà makes a token and prints the address
    with it; on this machine's own address no token is asked for.
    """
    from muzlab.app.appserver import server_arguments  # (Jupyter's server loads only to serve the app)

    args = [sys.executable, "-m", "muzlab.app.lessons", str(Path(folder) / APP_NOTEBOOK), f"--Voila.ip={ip}",
            "--strip_sources=True", "--template=muzlab",
            *server_arguments(max_kernels, cull_idle_seconds, language)]
    if port is not None:
        args += [f"--port={port}", "--Voila.port_retries=0"]  # that port or none: it is the one printed
    if not open_browser:
        args.append("--no-browser")
    if not _is_loopback(ip):
        args.append("--token")
    return args


def lab_command(folder: str | Path, ip: str = "127.0.0.1", port: int | None = None,
                open_browser: bool = True) -> list[str]:
    """The JupyterLab command opening the lessons in `folder`, as `python3 make.py lab` does."""
    args = [sys.executable, "-m", "jupyter", "lab", f"--ip={ip}", f"--notebook-dir={Path(folder).resolve()}",
            "--LabApp.news_url=None"]  # (and no announcements: `lab_environment`)
    if port is not None:
        args += [f"--port={port}", "--ServerApp.port_retries=0"]
    if not open_browser:
        args.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    return args


def lab_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment JupyterLab is started in: `environ` (by default this process's) with muzlab's
    lab config (`LAB_CONFIG`) first on the Jupyter config path."""
    environ = dict(os.environ if environ is None else environ)
    paths = [str(LAB_CONFIG), environ.get("JUPYTER_CONFIG_PATH")]
    environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(path for path in paths if path)
    return environ


# ---- the `muzlab lessons`, `muzlab app` and `muzlab lab` commands ----------------------------------------
def _copy_and_say(folder: str, reader: Reader, force: bool = False) -> CopyReport:
    report = copy_lessons(folder, force=force, language=reader.language)
    for line in report.lines(reader):
        print(f"{report.folder}: {line}")
    return report


def _lessons(args: argparse.Namespace) -> int:
    report = _copy_and_say(args.folder, args.reader, args.force)
    return 1 if report.kept else 0


#: What starting the app as root on an address the room can reach prints first.
ROOT_WARNING = marked("command line", "muzlab app: warning: running as {user} on {ip}: every student's "
                                      "page runs Python as {user} on this computer. Start the app as an "
                                      "ordinary user.")


def _serve(args: argparse.Namespace) -> int:
    if args.port is not None:
        check_port(args.ip, args.port)
    _copy_and_say(args.folder, args.reader)
    if args.command == "app":
        if not _is_loopback(args.ip) and hasattr(os, "geteuid") and os.geteuid() == 0:
            print(args.reader.pgettext(*ROOT_WARNING).format(user="root", ip=args.ip), file=sys.stderr)
        command = app_command(args.folder, args.ip, args.port, open_browser=not args.no_browser,
                              max_kernels=args.max_kernels, cull_idle_seconds=args.idle_minutes * 60,
                              language=args.reader.language)
    else:
        command = lab_command(args.folder, args.ip, args.port, open_browser=not args.no_browser)
        os.environ.update(lab_environment())
    os.execv(command[0], command)


def _positive(reader: Reader):
    """An argparse type: a whole number of at least 1, or one line in `reader`'s words saying what is
    wrong."""

    def positive(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(reader.gettext("{text} is not a whole number").format(
                text=repr(text[:30]))) from None
        if value < 1:
            raise argparse.ArgumentTypeError(reader.gettext(
                "{value} is too small; it must be {minimum} or more").format(value=value, minimum=1))
        return value

    return positive


def add_commands(commands: argparse._SubParsersAction, reader: Reader | None = None) -> None:
    """Add `lessons`, `app` and `lab` to the `muzlab` command's subcommands, their help for `reader`
    (None: English)."""
    reader, folder = reader or Reader(), DEFAULT_FOLDER
    lessons = commands.add_parser("lessons", help=reader.gettext(
        "copy the lessons, in the command's language (--language), and the app's notebook into a folder"))
    lessons.add_argument("folder", nargs="?", default=folder,
                         help=reader.gettext("where to put them (default: ./{folder})").format(folder=folder))
    lessons.add_argument("--force", action="store_true", help=reader.gettext(
        "replace copies edited since they were copied with the shipped ones"))
    lessons.set_defaults(run=_lessons)
    for name, what in (
            ("app", reader.gettext("serve the classroom app (Voilà: the boards, no code) from the folder; "
                                   "copies the lessons there first if missing")),
            ("lab", reader.gettext("open the lessons folder in JupyterLab; copies the lessons there first "
                                   "if missing"))):
        serve = commands.add_parser(name, help=what)
        serve.add_argument("folder", nargs="?", default=folder, help=reader.gettext(
            "the lessons folder (default: ./{folder})").format(folder=folder))
        serve.add_argument("--ip", default="127.0.0.1", help=reader.gettext(
            "address to listen on; 0.0.0.0 lets a class on the same network in (with a token)"))
        serve.add_argument("--port", type=port_type(reader), default=None, help=reader.gettext(
            "port, 1-65535 (default: the server's own); refused if it is taken"))
        serve.add_argument("--no-browser", action="store_true", help=reader.gettext("do not open a browser"))
        if name == "app":
            minutes = CULL_IDLE_SECONDS // 60
            serve.add_argument("--max-kernels", type=_positive(reader), default=MAX_KERNELS,
                               help=reader.gettext("the most pages open at once, one kernel each (default "
                                                   "{count}); one more is told the app is full").format(
                                   count=MAX_KERNELS))
            serve.add_argument("--idle-minutes", type=_positive(reader), default=minutes,
                               help=reader.gettext("shut down a page's kernel after this many idle minutes "
                                                   "(default {minutes})").format(minutes=minutes))
        serve.set_defaults(run=_serve)


def port_type(reader: Reader | None = None):
    """An argparse type: a TCP port 1-65535, or one line in `reader`'s words saying what is wrong."""
    reader = reader or Reader()

    def port_number(text: str) -> int:
        if not text.isascii() or not text.isdigit() or not 1 <= int(text[:6]) <= 65535:
            raise argparse.ArgumentTypeError(reader.gettext(
                "{text} is not a port; give a number from 1 to 65535").format(text=repr(text[:20])))
        return int(text)

    return port_number


def check_port(ip: str, port: int) -> None:
    """Refuse, before anything starts, a port this machine cannot listen on at `ip` (taken, say)."""
    import socket

    try:
        infos = socket.getaddrinfo(ip, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as probe:
            probe.bind(infos[0][4])
    except OSError as error:
        raise LessonsError("cannot listen on {ip} port {port}: {why}", ip=ip, port=port,
                           why=error.strerror or error) from None


def run_voila(argv: list[str]) -> None:
    """Run Voilà with the app's template on the Jupyter path (what `app_command` starts)."""
    paths = [str(VOILA_DATA), os.environ.get("JUPYTER_PATH")]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(path for path in paths if path)
    from voila.app import main

    # The message size limit is a dict setting given whole (its key=value form would make it text).
    warnings.filterwarnings("ignore", message=".*for dict-traits is deprecated", category=DeprecationWarning)
    sys.argv = ["voila", *argv]
    main()


if __name__ == "__main__":
    run_voila(sys.argv[1:])
