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


def long_record(max_bytes: int = 1_000_000, pass_share: float = 0.5, seed: int = 1) -> str:
    """The record (Game.to_json text, at most `max_bytes`) of a long two-player game on the largest board
    a board file may ask for (a hexagon of radius 40, 4,921 cells): seeded random legal cells, and a
    pass instead of a placement with probability `pass_share`; the game is cut where the text is full."""
    import json
    import random

    from muzlab.core.board import MAX_RADIUS, Board

    rng, game = random.Random(seed), Game(2, Board.from_dict({"hexagon": MAX_RADIUS}), dice=4000, seed=seed)
    size, fits = 0, 0  # the record's length with the events so far, and how many events fit
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
        elif game.legal_placements() and (game.events[-1].source == "opening" or rng.random() >= pass_share):
            game.place(game.legal_placements()[rng.randrange(len(game.legal_placements()))])
        else:
            game.pass_die()
        if len(game.events) % 500 == 0:
            size = len(game.to_json().encode())
            if size > max_bytes:
                break
            fits = len(game.events)
    data = game.to_dict()
    del data["scores"]  # (optional: a record of the first `fits` events, cut short of the scores)
    data["events"] = data["events"][:fits]
    return json.dumps(data, indent=1, ensure_ascii=False)
