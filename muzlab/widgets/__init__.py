"""Interactive ipywidgets boards: PlayBoard (play a game), Explorer (set up positions), Quiz.

They are views: every decision comes from the Game and Position they show.
"""

from muzlab.widgets.explorer import Explorer
from muzlab.widgets.hexboard import CellLook, HexBoard
from muzlab.widgets.listen import ListenPanel
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz

__all__ = ["CellLook", "Explorer", "HexBoard", "ListenPanel", "PlayBoard", "Quiz"]
