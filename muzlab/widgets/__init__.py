"""Interactive boards: PlayBoard (play a game), Explorer (set up positions), Quiz, all on SvgBoard.

They are views: every decision comes from the Game and Position they show.
"""

from muzlab.widgets.ear import EarTrainer as EarTrainer  # ear-training drills (muzlab.play.eartraining)
from muzlab.widgets.explorer import Explorer
from muzlab.widgets.listen import ListenPanel
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.review import Review
from muzlab.widgets.svgboard import Scene, SvgBoard

__all__ = ["Explorer", "ListenPanel", "PlayBoard", "Quiz", "Review", "Scene", "SvgBoard"]
