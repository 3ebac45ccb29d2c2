"""Interactive boards: PlayBoard (play a game), Explorer (set up positions), Quiz, all on SvgBoard.

They are views: every decision comes from the Game and Position they show. Each board's module is
imported on first use (PEP 562), so `from muzlab.widgets import PlayBoard` loads the PlayBoard's code
only: in the homework edition every module is compiled by WebAssembly Python before the first board.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from muzlab.widgets.ear import EarTrainer
    from muzlab.widgets.explorer import Explorer
    from muzlab.widgets.listen import ListenPanel
    from muzlab.widgets.play import PlayBoard
    from muzlab.widgets.quiz import Quiz
    from muzlab.widgets.review import Review
    from muzlab.widgets.svgboard import Scene, SvgBoard

#: Each name and the module that defines it (EarTrainer's sound needs numpy, which the edition lacks).
MODULES = {"EarTrainer": "ear", "Explorer": "explorer", "ListenPanel": "listen", "PlayBoard": "play",
           "Quiz": "quiz", "Review": "review", "Scene": "svgboard", "SvgBoard": "svgboard"}

__all__ = ["EarTrainer", "Explorer", "ListenPanel", "PlayBoard", "Quiz", "Review", "Scene", "SvgBoard"]


def __getattr__(name: str) -> object:
    """A board's class, its module imported the first time it is asked for."""
    if name not in MODULES:
        raise AttributeError(f"module 'muzlab.widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"muzlab.widgets.{MODULES[name]}"), name)
    globals()[name] = value
    return value
