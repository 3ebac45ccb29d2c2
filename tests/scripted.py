"""Play a game for tests: from a script (a face rolls it, a cell places the die, "pass" passes), or on
to a number of events by the first legal cell."""

from muzlab import Game


def play_script(game: Game, actions) -> Game:
    """Apply each action in turn: an int or note rolls that face, a (q, r) pair places, "pass" passes."""
    for action in actions:
        if action == "pass":
            game.pass_die()
        elif isinstance(action, tuple):
            game.place(action)
        else:
            game.roll(action)
    return game


def play_some(game: Game, events: int = 10**6) -> Game:
    """Play on until the game has `events` events or is over: roll, place on the first legal cell, or
    pass when there is none (no randomness beyond the game's own dice)."""
    while len(game.events) < events and not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
        elif game.legal_placements():
            game.place(game.legal_placements()[0])
        else:
            game.pass_die()
    return game
