"""muzlab: Muzundrum, the music-theory dice game on a honeycomb, for Jupyter.

The main names are re-exported here. `Position` and `Game` are the notebook's front door
(`muzlab.notebook`): given no reader, they read and speak as the notebook chose (`set_language`,
`set_note_names`), where `muzlab.rules.position.Position` and `muzlab.play.game.Game` mean plain
English. Views (plot, svg, widgets, music, audio) are imported from their own modules so that
`import muzlab` stays light. The play layer's names (`Game`, `simulate`, `review`) load on first use,
so that importing a view such as `muzlab.views.plot` does not load games, agents and simulations.
"""

import importlib
import importlib.util
from typing import Any

from muzlab.core import moved as _moved
from muzlab.core.board import Board
from muzlab.core.errors import (
    BoardFileError,
    CellOccupied,
    CellOffBoard,
    DaskMissing,
    GameError,
    GameRecordError,
    IllegalPlacement,
    InvalidCell,
    InvalidPosition,
    MuzlabError,
    NotationError,
    SimulationError,
    UnknownNoteName,
    UnknownSetting,
)
from muzlab.core.pitch import parse_pitch, pitch_name
from muzlab.names.position_words import Problem
from muzlab.names.reader import Key, Reader
from muzlab.notebook import Position
from muzlab.reading import (
    default_reader,
    lesson_key,
    note_names,
    set_harmony,
    set_language,
    set_lesson_key,
    set_minor_supertonic,
    set_note_names,
    set_reader,
    typeset,
    using_reader,
)
from muzlab.rules.position import Structure
from muzlab.rules.ruleset import RuleSet

_moved.install()

#: Names imported on first use, and the module that holds each.
_LAZY = {"Game": "muzlab.notebook_game", "review": "muzlab.notebook_game",
         "simulate": "muzlab.sim.simulation"}


def __getattr__(name: str) -> Any:
    """`muzlab.Game`, `muzlab.simulate`, `muzlab.review` and any submodule (`muzlab.views`) on first
    use; a module's flat path from before the folders (`muzlab.plot`) warns and gives the moved one."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    if name in _moved.MOVED:
        return importlib.import_module(f"muzlab.{name}")
    if importlib.util.find_spec(f"muzlab.{name}") is not None:
        return importlib.import_module(f"muzlab.{name}")
    raise AttributeError(f"module 'muzlab' has no attribute {name!r}")


__all__ = [
    "Board",
    "BoardFileError",
    "CellOccupied",
    "CellOffBoard",
    "DaskMissing",
    "Game",
    "GameError",
    "GameRecordError",
    "IllegalPlacement",
    "InvalidCell",
    "InvalidPosition",
    "Key",
    "MuzlabError",
    "NotationError",
    "Position",
    "Problem",
    "Reader",
    "RuleSet",
    "SimulationError",
    "Structure",
    "UnknownNoteName",
    "UnknownSetting",
    "default_reader",
    "lesson_key",
    "note_names",
    "parse_pitch",
    "pitch_name",
    "set_harmony",
    "set_lesson_key",
    "set_language",
    "set_minor_supertonic",
    "set_note_names",
    "set_reader",
    "typeset",
    "using_reader",
    "review",
    "simulate",
]
