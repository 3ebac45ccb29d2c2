"""The notebook's game: `muzlab.Game`, whose positions are the notebook's (`muzlab.notebook.Position`),
so its log, score sheet, typed faces and refusals read and speak as the notebook chose; and
`muzlab.review`, which names a review's dice for the notebook's reader whatever game it is given.
Apart from `muzlab.notebook` so that `import muzlab` loads no game until one is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from muzlab.names.reader import Reader
from muzlab.notebook import Position
from muzlab.play import game as play
from muzlab.reading import resolve
from muzlab.rules import position

if TYPE_CHECKING:
    import pandas as pd


class Game(play.Game):
    """A game (`muzlab.play.game.Game`) that reads and speaks as the notebook chose."""

    position_type: ClassVar[type[position.Position]] = Position


def review(game: play.Game, expert_seed: int = 0, depth: int = 0, reader: Reader | None = None
           ) -> pd.DataFrame:
    """`muzlab.review`: the coach's review of any game (`muzlab.play.coach.review`), its dice and
    completions named for `reader`, by default the notebook's (`muzlab.default_reader`)."""
    from muzlab.play.coach import review as coach_review  # (the coach loads on first use)

    return coach_review(game, expert_seed, depth, resolve(reader))
