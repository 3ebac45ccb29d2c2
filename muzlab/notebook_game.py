"""The notebook's game: `muzlab.Game`, whose positions are the notebook's (`muzlab.notebook.Position`),
so its log, score sheet, typed faces and refusals read and speak as the notebook chose. Apart from
`muzlab.notebook` so that `import muzlab` loads no game until one is asked for.
"""

from __future__ import annotations

from typing import ClassVar

from muzlab.notebook import Position
from muzlab.play import game
from muzlab.rules import position


class Game(game.Game):
    """A game (`muzlab.play.game.Game`) that reads and speaks as the notebook chose."""

    position_type: ClassVar[type[position.Position]] = Position
