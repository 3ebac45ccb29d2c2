"""A term's games against the computer: one student and one computer player at a `Table`, the
student's decisions stored as answers, the game's result weighed by the coach.

A game item is a two-player game of the basic rules, the student in seat 1 (they place the opening
die), the computer in seat 2 at the level the teacher chose (`LEVELS`: the agents of
muzlab.play.agents), its dice and the computer's choices drawn from the item's seed. The student's
die is rolled for them (a roll is no decision), so the game waits on a placement or a pass, and the
computer replies within the student's move. The game is its decisions replayed: the term stores each
as an answer as it is given, and a server started again plays them once more to the same board.

The answers a game gives, with the ideas they test:

- each decision with a choice (two or more legal cells, the opening die aside) is tagged "best
  cell", and is right when it scores as many points as the best cell could (a pass with a legal cell
  is wrong); a decision without a choice is stored untagged (it is needed to replay the game);
- when the game ends, its result, tagged "scoring": right when the student scored at least as many
  points as the computer;
- and its luck-adjusted result, tagged "luck-adjusted skill": right when the student's
  luck-adjusted margin (the margin minus their luck plus the computer's, the coach's `summary`) is
  0 or more, i.e. they played at least as well as the computer once the dice are taken out.

The result also keeps the coach's figures (points, margin, luck, luck-adjusted margin, accuracy,
error per move and its level word), which the term's standings and grades read: a game's grade is
its accuracy (`muzlab.app.term.GradeScheme`).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from muzlab.core.board import Board
from muzlab.names.reader import Reader
from muzlab.play.agents import roll_and_choose
from muzlab.play.coach import decisions, level, review_rows, summary_rows, values
from muzlab.play.table import COMPUTER_SEAT, Table
from muzlab.play.table_news import News, said
from muzlab.reading import for_people

#: The computer players a game may be set against, weakest first.
LEVELS = ("random", "greedy", "expert")
#: At most this many games in one assignment.
MAX_GAMES = 10
#: The answer steps of a game item: a decision, then at its end the result and the luck-adjusted one.
STEPS = ("move", "result", "skill")


class GameRefused(ValueError):
    """A move the table refused (an illegal cell, no die in hand), as facts: the table's news of the
    refusal, or None when the game is not waiting on the student's move; `words` says why."""

    def __init__(self, news: News | None = None):
        super().__init__(news)
        self.news = news

    def words(self, reader: Reader | None = None) -> str:
        """Why the move was refused, for `reader` (by default the notebook's)."""
        reader = for_people(reader)
        if self.news is None:
            return reader.gettext("The game is not waiting on a move of yours.")
        return self.news.words(reader).text


@functools.cache
def board() -> Board:
    """The board every game item is played on (the basic rules' board of a two-player table)."""
    return Table(2, seed=0).game.board


def new_table(seed: int, computer: str, name: str) -> Table:
    """The game of a game item: `name` against the `computer` level (its seat named `COMPUTER_SEAT`,
    which each reader reads in its language), seeded `seed`, waiting on the student's first decision."""
    table = Table(2, agents=[None, computer], names=[name, COMPUTER_SEAT[1]], seed=seed)
    to_decision(table)
    return table


def to_decision(table: Table) -> tuple[News, ...]:
    """Roll for the student while they are to roll, the computer replying, until they hold a die or
    the game is over; the news of those rolls."""
    news: list[News] = []
    while table.can_roll:
        news.extend(table.roll())
        news.extend(table.play_computers())
    return tuple(news)


def tags(table: Table, reply: Any) -> tuple[bool, tuple[str, ...]]:
    """Whether the decision `reply` (a cell, or None for a pass) of the die in hand is right, and the
    ideas it tests ("best cell" when there was a choice, none otherwise)."""
    game = table.game
    position, pitch = game.position, game.hand
    scores = position.legal_scores(pitch)
    if len(position) == 0 or len(scores) < 2:
        return True, ()
    best = max(scores.values())
    return reply is not None and scores.get(tuple(reply)) == best, ("best cell",)


def play(table: Table, reply: Any) -> tuple[News, ...]:
    """Make the student's decision on the table (a cell (q, r), or None: pass the die), the computer
    replying and the student's next die rolled; the news it produced (`words` says it). GameRefused,
    and nothing changed, for an illegal cell or when the student holds no die."""
    if not table.person_to_act or table.game.hand is None:
        raise GameRefused()
    news = table.pass_die() if reply is None else table.place(tuple(reply))
    if news and news[0].refused:
        raise GameRefused(news[0])
    return (*news, *to_decision(table))


def words(news: tuple[News, ...], reader: Reader | None = None) -> str:
    """The sentences of a decision's news (`play`), for `reader` (by default the notebook's)."""
    return " ".join(message.text for message in said(news, for_people(reader)))


def replay(table: Table, reply: Any) -> None:
    """Make a stored decision (a cell, or None: pass the die) again on the table as `play` makes it, the
    computer replying and the student's next die rolled, without words (a term's replay plays every
    game of its file when it opens): the game's own error (GameError, IllegalPlacement, a MuzlabError
    naming the rule), and nothing changed, for a decision it does not take."""
    game = table.game
    if reply is None:
        game.pass_die()
    else:
        table.last = game.place(tuple(reply)).cell
    while True:
        while table.computer_to_act and not table.locked_forever:
            cell = roll_and_choose(game, table.agents[game.current_player])
            if cell is not None:
                table.last = game.place(cell).cell
            elif not game.over:
                game.pass_die()
        if not table.can_roll:
            return
        game.roll()


def result(table: Table) -> dict[str, Any]:
    """The coach's figures of a finished game for the student (seat 1): points, the computer's, the
    margin, the luck (theirs minus the computer's), the luck-adjusted margin, accuracy (% of
    decisions with a choice graded best or good), error per move and its level word."""
    game = table.game
    rows = {row["player"]: row for row in summary_rows(review_rows(decisions(game), values(game)))}
    me, other = rows["Player 1"], rows.get("Player 2")
    luck = me["luck"] - (other["luck"] if other else 0.0)
    margin = game.scores[0] - game.scores[1]
    return {"points": game.scores[0], "computer": game.scores[1], "margin": margin,
            "luck": round(luck, 2), "luck_adjusted_margin": round(margin - luck, 2),
            "accuracy": round(me["accuracy"], 1), "error_per_move": round(me["error_per_move"], 3),
            "level": me["level"]}


def result_answers(figures: dict[str, Any]) -> list[tuple[str, bool, tuple[str, ...]]]:
    """The two answers a finished game gives: (step, right, ideas) for its result and its
    luck-adjusted result."""
    return [("result", figures["points"] >= figures["computer"], ("scoring",)),
            ("skill", figures["luck_adjusted_margin"] >= 0, ("luck-adjusted skill",))]


def standing(results: list[dict[str, Any]]) -> dict[str, Any]:
    """A student's games summed up: how many, and per game the mean points, margin, luck-adjusted
    margin and accuracy, and the level word of their mean error per move."""
    count = len(results)

    def mean(key: str) -> float:
        return round(math.fsum(r[key] for r in results) / count, 2)

    return {"games": count, "points": mean("points"), "margin": mean("margin"),
            "luck_adjusted_margin": mean("luck_adjusted_margin"), "accuracy": mean("accuracy"),
            "level": level(math.fsum(r["error_per_move"] for r in results) / count)}
