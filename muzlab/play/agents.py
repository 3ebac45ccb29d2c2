"""Computer players, chosen by name: "random", "greedy" and "expert".

An agent looks at a game and answers `choose(game)`: a cell for the die in hand, or None to pass.
It never changes the game. `play` runs a game to its end with one agent per seat, rolling the
dice for them. None of these agents passes while a placement exists (`passes_when_able` is False):
a pass with a legal cell is something only a person does, and the record shows it.

An agent draws from its seeded generator only through `random()`, which counts the draws: its
`state()` (name, seed, draws) goes into a game record, and `from_state` makes an agent that goes on
exactly where the saved one was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from muzlab.core.errors import Count, GameError, UnknownSetting, shown
from muzlab.core.hexgrid import Cell
from muzlab.play.game import Game
from muzlab.play.records import AgentState
from muzlab.rules.position import Position

_draw = random.Random.random  # (called unbound: a third of the time `super().random()` takes)


class CountingRandom(random.Random):
    """A seeded generator that counts the numbers drawn with `random()` (the only draw agents make)."""

    __slots__ = ("draws",)  # (a slot is counted up faster than an entry of the instance dict)

    def __init__(self, seed: int | str | None = None):
        super().__init__(seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return _draw(self)


class Agent:
    """A computer player with its own seeded generator."""

    name = "agent"
    #: Whether the agent ever passes a die that has a legal cell.
    passes_when_able = False

    def __init__(self, seed: int | str | None = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed = seed
        self.rng = CountingRandom(seed)

    def state(self) -> AgentState:
        """What a record keeps to go on identically: the agent's name, seed and draws so far."""
        return AgentState(self.name, self.seed, self.rng.draws)

    def choose(self, game: Game) -> Cell | None:
        """The cell for the die in hand, or None to pass."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RandomAgent(Agent):
    """Places the die on a legal cell chosen at random."""

    name = "random"

    def choose(self, game: Game) -> Cell | None:
        cells = game.legal_placements()
        return cells[int(self.rng.random() * len(cells))] if cells else None


class GreedyAgent(Agent):
    """Takes the largest immediate score; ties are broken by its seeded generator."""

    name = "greedy"

    def choose(self, game: Game) -> Cell | None:
        position, pitch = game.position, game.hand
        best_points, best = -1, []
        for cell in game.legal_placements():
            points = position.score(pitch, cell)
            if points > best_points:
                best_points, best = points, [cell]
            elif points == best_points:
                best.append(cell)
        return best[int(self.rng.random() * len(best))] if best else None


class ExpertAgent(Agent):
    """Expectimax over the coming rolls. Each legal cell is worth its points plus the expected lead
    (own points minus the others') that follows: the roller after it is itself after a completion
    (the extra roll), else the next player. Rolls are searched `depth - 1` deep (each face weighed
    1/12, the roller taking the cell of best value, a face with no place handing the roll on); then
    the player to roll is credited with their turn value, half the mean best score of a roll over
    the twelve faces. Depth 1 is as strong as deeper searches against greedy and 15 times faster."""

    name = "expert"

    def __init__(self, seed: int | str | None = None, depth: int = 1):
        super().__init__(seed)
        self.depth = depth

    def choose(self, game: Game) -> Cell | None:
        cells = game.legal_placements()
        if len(cells) <= 1:
            return cells[0] if cells else None
        position, pitch, me, players = game.position, game.hand, game.current_player, game.players
        own_next = players == 1 or game.rolls_owed > 0 or game.phase == "bonus"
        best_value, best = None, []
        for cell in cells:
            placement = position.play(pitch, cell)
            value = float(placement.points)
            if game.supply > 0:
                again = own_next or bool(placement.completed)
                roller = me if again else (me + 1) % players
                value += _outlook(placement.position, roller, me, players, game.supply, self.depth)
            if best_value is None or value > best_value + 1e-9:
                best_value, best = value, [cell]
            elif value > best_value - 1e-9:
                best.append(cell)
        return best[int(self.rng.random() * len(best))]


def _outlook(position: Position, roller: int, me: int, players: int, supply: int, depth: int) -> float:
    """Expected points of `me` minus the others' from here, `roller` rolling first with `supply` dice
    left: the next `depth - 1` rolls searched, then the turn value of whoever rolls next."""
    if supply == 0:
        return 0.0
    sign = 1 if roller == me else -1
    if depth <= 1:
        return sign * _turn_value(position)
    after = (roller + 1) % players
    total, handed_on = 0.0, None
    for pitch, cells in position.chance_outcomes():
        if not cells:  # passed on and re-rolled by the next player: the same position, their roll
            if handed_on is None:
                handed_on = _outlook(position, after, me, players, supply, depth - 1)
            total += handed_on
            continue
        best = None
        for cell in cells:
            placement = position.play(pitch, cell)
            again = players == 1 or bool(placement.completed)
            value = placement.points + sign * _outlook(placement.position, roller if again else after, me,
                                                       players, supply - 1, depth - 1)
            if best is None or value > best:
                best = value
        total += sign * best
    return total / 12


def _turn_value(position: Position) -> float:
    """The edge of the player to roll: half the mean best score of a roll over the twelve faces (a
    face with no place scores nothing and hands the roll on)."""
    return sum(max(scores.values()) for _face, scores in position.chance_outcomes() if scores) / 24


AGENTS: dict[str, type[Agent]] = {agent.name: agent for agent in (RandomAgent, GreedyAgent, ExpertAgent)}
def make_agent(name: str, seed: int | str | None = None) -> Agent:
    """A new agent by its registered name."""
    if not isinstance(name, str) or name not in AGENTS:
        raise UnknownSetting("unknown agent {name}; known agents: {agents}", name=shown(name),
                             agents=sorted(AGENTS))
    return AGENTS[name](seed)


def from_state(state: AgentState) -> Agent:
    """The agent a record describes, its generator advanced by the draws the saved one had made."""
    agent = make_agent(state.name, state.seed)
    for _ in range(state.draws):
        agent.rng.random()
    return agent


def seat_agents(names: Sequence[str | None], game_seed: int) -> list[Agent | None]:
    """One agent per seat for the game with this seed, seat i's seeded "game_seed:i" (the one rule for
    simulations and tables); None, a person's seat, stays None."""
    return [None if name is None else make_agent(name, f"{game_seed}:{seat}")
            for seat, name in enumerate(names)]


def roll_and_choose(game: Game, agent: Agent) -> Cell | None:
    """The computer seat to act rolls the die it owes (if any) and says where it places it (None: it
    passes it on, or the roll ended the game): the one step that `play` and the table's computer seats
    both take."""
    phase = game.phase
    if phase == "roll" or phase == "reroll":
        if phase == "roll" and not game.rules.end_on_locked_board and game.position.is_locked():
            raise GameError("the board is locked and the rules' end_on_locked_board is off: "
                            "no die can ever be placed, so the game cannot end")
        game.roll()
        if game.over:  # a die that fits nowhere, once the game's passes and re-rolls are used up
            return None
    return agent.choose(game)


def play(game: Game, agents: Sequence[Agent]) -> Game:
    """Play `game` to its end, one agent per seat, rolling the dice for them; return the game."""
    if len(agents) != game.players:
        raise GameError("{agents} for {players}",
                        agents=Count(len(agents), "{count} agent", "{count} agents"),
                        players=Count(game.players, "{count} player", "{count} players"))
    while game.phase != "over":
        cell = roll_and_choose(game, agents[game.current_player])
        if cell is not None:  # (a cell is chosen only in a game going on)
            game.place(cell)
        elif game.over:
            break
        else:
            game.pass_die()
    return game
