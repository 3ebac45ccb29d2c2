"""muzlab: Muzundrum, the music-theory dice game on a honeycomb, for Jupyter."""

from muzlab.board import Board
from muzlab.errors import (
    BoardFileError,
    CellOccupied,
    CellOffBoard,
    GameError,
    GameRecordError,
    IllegalPlacement,
    InvalidCell,
    InvalidPosition,
    MuzlabError,
    NotationError,
    UnknownNoteName,
)
from muzlab.pitch import parse_pitch, pitch_name

__all__ = [
    "Board",
    "BoardFileError",
    "CellOccupied",
    "CellOffBoard",
    "GameError",
    "GameRecordError",
    "IllegalPlacement",
    "InvalidCell",
    "InvalidPosition",
    "MuzlabError",
    "NotationError",
    "UnknownNoteName",
    "parse_pitch",
    "pitch_name",
]
