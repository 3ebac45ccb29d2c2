"""The value of a game state: each seat's expected final score, by expectimax over the twelve faces.

A *chance node* is a moment before a die is rolled: a position, the dice left to play (`dice_left`,
the supply plus a die waiting to be re-rolled) and the seat to roll. Its value is a vector of the
points each seat can still expect to score. `Evaluator.chance` averages the twelve faces; for each face
the roller takes the option of best *margin* (own expected final score minus the mean of the others';
in solitaire the own score): every legal cell, and passing the die on. Past the chosen depth, the rest
of the game is estimated at the leaf, by a linear value model fitted offline on simulated expert games
(`ValueModel`, shipped in data/values/, refitted by data/fit_value.py), or by rollouts of an
agent.

The accuracy of the shipped model against long rollouts (benchmarks/bench_review.py) is in the
docstring of `muzlab.play.coach.evaluate`: about half a point.

Chance follows the rules of a turn: after a placement the same seat rolls again when it completed
something, when a roll is still owed (a bonus play's normal roll, the opening) or in solitaire; a
face with no legal cell is passed on and re-rolled by the next seat (the same position, the same dice
left). The game ends when no die is left or the board is locked.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from muzlab.core.errors import MuzlabError, UnknownSetting, shown
from muzlab.core.hexgrid import Cell
from muzlab.play.agents import make_agent
from muzlab.play.fast_playouts import ENGINES, choose_playout_engine
from muzlab.play.game import Game
from muzlab.rules.position import FACES, Position

#: The features of a chance node, in the order of the model's coefficients: `dice_left` n, the dice
#: the seat would roll in strict turn order c, the mean best score of a face T (0 for a face with no
#: cell), the share of faces with a cell F, the mean number of legal cells of a face / 10 C.
FEATURES = ("1", "n", "c", "T", "F", "C", "n*T", "n*F", "c*T", "c*F", "n*C")


def _data_dir() -> Path:
    """Where the shipped value model is: data/values in a checkout, muzlab/_data/values in a wheel."""
    packaged = Path(__file__).parents[1] / "_data" / "values"
    return packaged if packaged.is_dir() else Path(__file__).parents[2] / "data" / "values"


def node_facts(position: Position) -> tuple[float, float, float]:
    """(T, F, C) of a position: the mean best score over the twelve faces, the share of faces that
    have a legal cell, and the mean number of legal cells per face / 10."""
    best = placeable = cells = 0
    for _face, scores in position.chance_outcomes():
        if scores:
            placeable += 1
            cells += len(scores)
            best += max(scores.values())
    return best / 12, placeable / 12, cells / 120


def features(facts: tuple[float, float, float], dice_left: int, own_dice: int) -> tuple[float, ...]:
    """The FEATURES of a chance node for one seat, which would roll `own_dice` of the `dice_left`."""
    t, f, c = facts
    n, k = dice_left, own_dice
    return (1.0, n, k, t, f, c, n * t, n * f, k * t, k * f, n * c)


def own_dice(dice_left: int, offset: int, players: int) -> int:
    """Dice the seat `offset` places after the roller would roll in strict turn order."""
    return len(range(offset, dice_left, players))


@dataclass(frozen=True)
class ValueModel:
    """Each seat's expected future points at a chance node, linear in its FEATURES: one coefficient
    row per seat offset from the roller (0: the roller), per number of players."""

    coefficients: dict[int, tuple[tuple[float, ...], ...]]
    info: dict[str, Any]

    @classmethod
    def shipped(cls) -> ValueModel:
        """The model fitted by data/fit_value.py."""
        return cls.from_dict(json.loads((_data_dir() / "model.json").read_text(encoding="utf-8")))

    @classmethod
    def from_dict(cls, data: dict) -> ValueModel:
        if tuple(data.get("features", ())) != FEATURES:
            raise MuzlabError("the value model's features {features} are not {expected}",
                              features=data.get('features'), expected=list(FEATURES))
        rows = {int(players): tuple(tuple(float(x) for x in row) for row in offsets)
                for players, offsets in data["coefficients"].items()}
        return cls(rows, dict(data.get("info", {})))

    def to_dict(self) -> dict:
        rows = {str(k): [list(row) for row in offsets] for k, offsets in self.coefficients.items()}
        return {"features": list(FEATURES), "info": self.info, "coefficients": rows}

    def future_points(self, facts: tuple[float, float, float], dice_left: int, roller: int,
                      players: int) -> list[float]:
        """Each seat's expected future points (seats in board order) at a chance node."""
        if players not in self.coefficients:
            raise UnknownSetting("the value model knows games of {coefficients} players, not {players}",
                                 coefficients=sorted(self.coefficients), players=players)
        points = [0.0] * players
        for offset, row in enumerate(self.coefficients[players]):
            x = features(facts, dice_left, own_dice(dice_left, offset, players))
            points[(roller + offset) % players] = max(0.0, sum(a * b for a, b in zip(row, x, strict=True)))
        return points


def margin(values: list[float] | tuple[float, ...], seat: int) -> float:
    """A seat's margin in a vector of points: its own minus the mean of the others' (solitaire: its own)."""
    if len(values) == 1:
        return values[0]
    return values[seat] - (sum(values) - values[seat]) / (len(values) - 1)


class _State:
    """What an agent reads of a game (`position`, `hand`, `legal_placements`, ...), for rollouts."""

    def __init__(self, position: Position, hand: int, player: int, players: int, supply: int, owed: bool):
        self.position, self.hand, self.current_player, self.players = position, hand, player, players
        self.supply, self.rolls_owed, self.phase = supply, int(owed), "place"

    def legal_placements(self) -> list[Cell]:
        return self.position.legal_placements(self.hand)


class Evaluator:
    """Expectimax over the faces for games of `players` seats, `depth` chance layers deep, then the
    leaf: "model" (the shipped `ValueModel`, or `model`) or "rollouts" (`rollouts` games to the end by
    `agent`, seeded by `seed`). Chance nodes and leaf facts are cached per evaluator. `engine` plays the
    rollouts: "fast" compiled (`muzlab.sim.fast.playouts`, the same points from the same generators),
    "pure" in Python, "auto" fast when numba is installed and the agent is one it plays."""

    def __init__(self, players: int, depth: int = 0, leaf: str = "model", *, model: ValueModel | None = None,
                 agent: str = "expert", rollouts: int = 32, seed: int = 0, engine: str = "auto"):
        if leaf not in ("model", "rollouts"):
            raise UnknownSetting("unknown leaf estimate {leaf}; choose 'model' or 'rollouts'",
                                 leaf=repr(leaf))
        if not isinstance(depth, int) or depth < 0:
            raise MuzlabError("depth {depth}: give a whole number of chance layers, 0 or more",
                              depth=repr(depth))
        self.players, self.depth, self.leaf = players, depth, leaf
        self.model = model or (ValueModel.shipped() if leaf == "model" else None)
        self.agent, self.rollouts, self.seed = agent, rollouts, seed
        if engine not in ENGINES:
            raise UnknownSetting("unknown engine {engine}; choose one of {engines}", engine=shown(engine),
                                 engines=", ".join(ENGINES))
        self.engine = choose_playout_engine(engine, agent) if leaf == "rollouts" else "pure"
        self._facts: dict[Position, tuple[float, float, float]] = {}
        self._chance: dict[tuple, list[float]] = {}

    def facts(self, position: Position) -> tuple[float, float, float]:
        found = self._facts.get(position)
        if found is None:
            found = self._facts[position] = node_facts(position)
        return found

    def chance(self, position: Position, dice_left: int, roller: int,
               depth: int | None = None) -> list[float]:
        """Each seat's expected future points before `roller` rolls with `dice_left` dice left."""
        depth = self.depth if depth is None else depth
        if dice_left <= 0:
            return [0.0] * self.players
        key = (position, dice_left, roller, depth)
        found = self._chance.get(key)
        if found is not None:
            return found
        facts = self.facts(position)
        if facts[1] == 0:  # a locked board ends the game
            found = [0.0] * self.players
        elif depth == 0:
            found = (self.model.future_points(facts, dice_left, roller, self.players) if self.leaf == "model"
                     else self._rollouts(position, dice_left, roller))
        else:
            found = [0.0] * self.players
            for face in FACES:
                options = self.options(position, face, roller, dice_left, False, False, depth - 1)
                _, values = self.best(options, roller)
                found = [a + b / 12 for a, b in zip(found, values, strict=True)]
        if len(self._chance) > 200_000:
            self._chance.clear()
        self._chance[key] = found
        return found

    def options(self, position: Position, face: int, seat: int, dice_left: int, again: bool, bonus: bool,
                depth: int | None = None, can_pass: bool = True) -> list[tuple[Cell | None, list[float]]]:
        """Every choice of `seat` holding `face` with `dice_left` dice left (the die in hand counted):
        each legal cell, then None (pass, or give up and re-roll), each with the seats' expected future
        points. `again`: the seat rolls next whatever it completes; `bonus`: the die was passed to it;
        `can_pass`: False for the opening die, which always goes on the board."""
        depth = self.depth if depth is None else depth
        players, found = self.players, []
        cells = position.legal_placements(face)
        for cell in cells:
            placement = position.play(face, cell)
            roller = seat if again or placement.completed or players == 1 else (seat + 1) % players
            values = list(self.chance(placement.position, dice_left - 1, roller, depth))
            values[seat] += placement.points
            found.append((cell, values))
        if not can_pass:
            return found
        if bonus or players == 1:
            found.append((None, self.chance(position, dice_left, seat, depth)))
        else:  # handed on: the next seat plays it as a bonus, or re-rolls it
            receiver = (seat + 1) % players
            taken = self.options(position, face, receiver, dice_left, True, True, depth)
            found.append((None, self.best(taken, receiver)[1]))
        return found

    def best(self, options: list[tuple[Cell | None, list[float]]],
             seat: int) -> tuple[Cell | None, list[float]]:
        """The option of best margin for `seat` (the first of equals)."""
        return max(options, key=lambda option: margin(option[1], seat))

    def _rollouts(self, position: Position, dice_left: int, roller: int) -> list[float]:
        rng = random.Random(f"{self.seed}:{dice_left}:{roller}:{position.notation()}")
        agent = make_agent(self.agent, rng.randrange(2**32))
        if self.engine == "fast":
            from muzlab.play import fast_playouts  # (numba loads only for fast rollouts)

            games = fast_playouts.playouts(position, dice_left, roller, self.players, agent, rng,
                                           self.rollouts)
        else:
            games = [rollout(position, dice_left, roller, self.players, agent, rng)
                     for _ in range(self.rollouts)]
        total = [0.0] * self.players
        for points in games:
            for seat, scored in enumerate(points):
                total[seat] += scored / self.rollouts
        return total


def rollout(position: Position, dice_left: int, roller: int, players: int, agent: Any,
            rng: random.Random) -> list[int]:
    """The points each seat scores from a chance node to the end of one game played by `agent` for
    every seat, faces drawn from `rng` (agents never pass a die that has a cell)."""
    points = [0] * players
    seat, owed = roller, False
    while dice_left > 0:
        face = int(rng.random() * 12)
        cells = position.legal_placements(face)
        if not cells:
            if position.is_locked():
                break
            seat, owed = (seat + 1) % players, False  # handed on, and re-rolled by the next seat
            continue
        cell = agent.choose(_State(position, face, seat, players, dice_left - 1, owed)) if len(cells) > 1 \
            else cells[0]
        placement = position.play(face, cell)
        points[seat] += placement.points
        position, dice_left = placement.position, dice_left - 1
        if not (placement.completed or players == 1):
            seat = (seat + 1) % players
        owed = False
    return points


@dataclass(frozen=True)
class Assessment:
    """The values around one decision of a game, each the deciding seat's expected final margin:
    `before` the die came (the chance node of the roll that started the decision; for a passed die,
    no chance: equal to `best`), `best` (the best option), `made` (the option taken), and `drift`,
    the estimate's own correction at that roll (the value before it minus the value the previous
    decision left, seen by this seat). `options` holds every option's value (cell, None: pass)."""

    before: float
    best: float
    made: float
    drift: float
    options: tuple[tuple[Cell | None, float], ...]
    rolled: bool

    @property
    def luck(self) -> float:
        """The value of the face that came minus the mean over the twelve faces (0 without a roll)."""
        return self.best - self.before if self.rolled else 0.0

    @property
    def loss(self) -> float:
        """The value of the best option minus that of the option taken: 0.0 exactly on a best play."""
        return self.best - self.made


def assess(game: Game, evaluator: Evaluator) -> list[Assessment]:
    """The Assessment of every decision of `game` (its placements, passes and re-rolls, in order); the
    first one's `before` is the value of the game before its first roll, for Player 1."""
    replay = Game(game.players, game.board, game.rules, game.dice, game.seed)
    found: list[Assessment] = []
    state: list[float] | None = None  # expected final scores after the last decision
    before = 0.0
    rolled = False
    pending: list[tuple[Cell | None, list[float]]] | None = None
    drift = 0.0
    for event in game.events:
        if event.kind == "roll":
            left = replay.supply + (1 if replay.phase == "reroll" else 0)
            roller, scores = replay.current_player, replay.scores
            replay.apply(event)
            again = event.source == "opening" or replay.rolls_owed > 0
            faces = [evaluator.options(replay.position, face, roller, left, again, False,
                                       can_pass=event.source != "opening") for face in FACES]
            before = sum(max(margin(_final(scores, values), roller) for _, values in options)
                         for options in faces) / 12
            drift = 0.0 if state is None else before - margin(state, roller)
            pending, rolled = faces[event.pitch], True
            continue
        if replay.phase in ("place", "bonus") and event.kind in ("place", "pass", "reroll"):
            seat, scores = replay.current_player, replay.scores
            if pending is None:  # a passed die: the receiver's options, no chance
                left = replay.supply + 1
                pending = evaluator.options(replay.position, replay.hand, seat, left, True, True)
            values = [(cell, margin(_final(scores, v), seat)) for cell, v in pending]
            taken = event.cell if event.kind == "place" else None
            made_vector = next(_final(scores, v) for cell, v in pending if cell == taken)
            best = max(value for _, value in values)
            made = margin(made_vector, seat)
            if not rolled:
                before, drift = best, best - margin(state, seat)
            found.append(Assessment(before, best, made, drift, tuple(values), rolled))
            state, pending, rolled, drift = made_vector, None, False, 0.0
        replay.apply(event)
    return found


def _final(scores: tuple[int, ...], future: list[float]) -> list[float]:
    return [s + f for s, f in zip(scores, future, strict=True)]
