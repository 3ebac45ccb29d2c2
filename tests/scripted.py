"""Play a game from a script, for tests: a face rolls it, a cell places the die, "pass" passes."""

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
