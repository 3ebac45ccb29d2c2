"""The flat module paths from before the layer folders (`muzlab.agents`), kept for one release.

One mechanism: an import finder answers an old path with the module at its new path (the same module
object, so `from muzlab.agents import make_agent` gets the real function) and warns, naming the new
path, the first time a process imports it. `muzlab.rules` and `muzlab.sim` are packages now; the names
their old modules held are forwarded by `forward`, with the same warning.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

#: Every flat module of muzlab 0.x that the folder move took away, and where it lives now.
MOVED = {
    "agents": "muzlab.play.agents",
    "appserver": "muzlab.app.appserver",
    "audio": "muzlab.views.audio",
    "board": "muzlab.core.board",
    "board_spelling": "muzlab.names.board_spelling",
    "coach": "muzlab.play.coach",
    "eartraining": "muzlab.play.eartraining",
    "engine": "muzlab.rules.engine",
    "errors": "muzlab.core.errors",
    "game": "muzlab.play.game",
    "hexgrid": "muzlab.core.hexgrid",
    "keyboard": "muzlab.views.keyboard",
    "lessons": "muzlab.app.lessons",
    "music": "muzlab.views.music",
    "outputs": "muzlab.core.outputs",
    "perft": "muzlab.rules.perft",
    "pitch": "muzlab.core.pitch",
    "plot": "muzlab.views.plot",
    "position": "muzlab.rules.position",
    "puzzles": "muzlab.play.puzzles",
    "quiz": "muzlab.play.quiz",
    "records": "muzlab.play.records",
    "register": "muzlab.views.register",
    "runner": "muzlab.sim.runner",
    "safe_json": "muzlab.core.safe_json",
    "samples": "muzlab.sim.samples",
    "spelling": "muzlab.names.spelling",
    "stats": "muzlab.sim.stats",
    "statsplots": "muzlab.views.statsplots",
    "svg": "muzlab.views.svg",
    "table": "muzlab.play.table",
    "theory": "muzlab.core.theory",
    "value": "muzlab.play.value",
    "worksheet": "muzlab.views.worksheet",
}

#: Modules renamed since, by their whole old path: the app's widgets were `widgets/classroom.py`, a
#: name too close to the class server's `muzlab.app.classroom`.
RENAMED = {"muzlab.widgets.classroom": "muzlab.widgets.tabbed_app"}

#: The two flat modules whose names are packages now: old path -> the module that holds their names.
BECAME_PACKAGES = {"muzlab.rules": "muzlab.rules.ruleset", "muzlab.sim": "muzlab.sim.simulation"}

_IMPORT_MACHINERY = {__file__, importlib.__file__, str(Path(__file__).parents[1] / "__init__.py")}


def _internal(filename: str) -> bool:
    """A frame of the import system's bootstrap, which `warnings.warn` does not count."""
    return "importlib" in filename and "_bootstrap" in filename


def _outside_level() -> int:
    """The stacklevel of the first frame outside the import machinery and muzlab's front door, so
    the warning points at the user's import line."""
    frame, level = sys._getframe(1), 1
    while frame is not None and (_internal(frame.f_code.co_filename)
                                 or frame.f_code.co_filename in _IMPORT_MACHINERY):
        level += not _internal(frame.f_code.co_filename)
        frame = frame.f_back
    return level


def warn_moved(old: str, new: str) -> None:
    """The one DeprecationWarning for an old path."""
    warnings.warn(f"{old} has moved to {new}; import it from there (the old path goes in the next "
                  "release)", DeprecationWarning, stacklevel=_outside_level())


def new_path(old: str) -> str | None:
    """Where the module at the old path `old` lives now (`MOVED`, `RENAMED`), or None."""
    package, _, short = old.rpartition(".")
    return MOVED.get(short) if package == "muzlab" else RENAMED.get(old)


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `muzlab.<old>` (and each renamed path) and loads it as the module at its new path."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        new = new_path(fullname)
        if new is None:
            return None
        warn_moved(fullname, new)
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(new_path(spec.name) or spec.name)

    def exec_module(self, module: ModuleType) -> None:
        """The module at the new path is loaded already; it keeps its own spec (the import system
        set the old path's on it), so that reloading and pickling see the new path."""
        module.__spec__ = importlib.util.spec_from_file_location(module.__name__, module.__file__)


def install() -> None:
    """Put the finder on `sys.meta_path` once (muzlab/__init__.py calls it)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.append(_MovedFinder())


def forward(package: str) -> Callable[[str], Any]:
    """A module `__getattr__` for a package that was a flat module: its old names, with the warning
    (`forward_names`; a submodule's or a private name is the package's own)."""
    moved = forward_names(package, BECAME_PACKAGES[package])

    def __getattr__(name: str) -> Any:
        if name.startswith("_") or importlib.util.find_spec(f"{package}.{name}") is not None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")  # a submodule's import
        return moved(name)

    return __getattr__


def forward_names(module: str, new: str) -> Callable[[str], Any]:
    """A module `__getattr__` for a module some of whose names moved to the module `new` (the theory
    of spelling went from `muzlab.names.spelling` to `muzlab.names.letters`): each, with the warning."""

    def __getattr__(name: str) -> Any:
        value = None if name.startswith("__") else getattr(importlib.import_module(new), name, None)
        if value is None or isinstance(value, ModuleType):
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warn_moved(f"{module}.{name}", f"{new}.{name}")
        setattr(sys.modules[module], name, value)  # warned once, as a module's import is
        return value

    return __getattr__
