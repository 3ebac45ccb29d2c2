"""Interactive boards: PlayBoard (play a game), Explorer (set up positions), Quiz, all on SvgBoard.

They are views: every decision comes from the Game and Position they show.
"""

from muzlab.widgets.explorer import Explorer
from muzlab.widgets.listen import ListenPanel
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.review import Review
from muzlab.widgets.svgboard import Scene, SvgBoard

__all__ = ["EarTrainer", "Explorer", "ListenPanel", "PlayBoard", "Quiz", "Review", "Scene", "SvgBoard"]


def __getattr__(name: str):
    """EarTrainer is imported on first use: its sound needs numpy, which the homework edition lacks."""
    if name == "EarTrainer":
        from muzlab.widgets.ear import EarTrainer

        return EarTrainer
    raise AttributeError(f"module 'muzlab.widgets' has no attribute {name!r}")
