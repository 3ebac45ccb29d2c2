"""muzlab: Muzundrum, the music-theory dice game on a honeycomb, for Jupyter.

The main names are re-exported here; views (plot, svg, widgets, music, audio) are imported from
their own modules so that `import muzlab` stays light.
"""

from muzlab.board import Board
from muzlab.coach import review
from muzlab.errors import (
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
from muzlab.game import Game
from muzlab.pitch import note_names, parse_pitch, pitch_name, set_note_names
from muzlab.position import Position, Problem, Structure
from muzlab.rules import RuleSet
from muzlab.sim import simulate

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
    "MuzlabError",
    "NotationError",
    "Position",
    "Problem",
    "RuleSet",
    "SimulationError",
    "Structure",
    "UnknownNoteName",
    "UnknownSetting",
    "note_names",
    "parse_pitch",
    "pitch_name",
    "set_note_names",
    "review",
    "simulate",
]
