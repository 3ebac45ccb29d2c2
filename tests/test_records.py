"""Records keep what the computer players need to go on identically, and the PlayBoard's Load and Save
(the Python API) say in the message line why a file was refused, leaving the game as it was."""

import json

import pytest

from muzlab import Game, GameRecordError
from muzlab.play import records
from muzlab.play.agents import from_state, make_agent
from muzlab.widgets import PlayBoard


def person_moves(board: PlayBoard, moves: int) -> None:
    """The person (seat 1) plays `moves` dice: the first legal cell, or a pass; the computer answers."""
    table = board.table
    for _ in range(moves):
        if board.game.over:
            return
        if board.game.phase in ("roll", "reroll"):
            table.roll()
        cells = board.game.legal_placements()
        table.place(cells[0]) if cells else table.pass_die()


@pytest.mark.parametrize("seed", range(15))
def test_save_load_and_continue_plays_the_game_that_was_never_saved(seed, tmp_path):
    played = PlayBoard(players=2, agents=[None, "greedy"], seed=seed, agent_delay=0)
    person_moves(played, 4)
    saved = tmp_path / "game.json"
    assert "Saved" in played.save(saved)[0].text
    assert json.loads(saved.read_text())["agents"][1]["draws"] == played.table.agents[1].rng.draws
    loaded = PlayBoard(players=2, agents=[None, "greedy"], seed=seed + 100, agent_delay=0)
    assert loaded.load(saved)[0].kind != "refused"
    assert loaded.game == played.game
    person_moves(played, 30)
    person_moves(loaded, 30)
    assert loaded.game.to_json() == played.game.to_json() and played.game.over


def test_an_agent_goes_on_from_its_state():
    agent = make_agent("random", "7:1")
    for _ in range(5):
        agent.rng.random()
    again = from_state(agent.state())
    assert again.state() == agent.state() and again.rng.random() == agent.rng.random()


def test_a_record_without_agents_still_loads_and_bad_agents_are_refused():
    game = Game(2, seed=1)
    game.roll()
    data = game.to_dict()
    assert "agents" not in data and Game.from_dict(data) == game
    with pytest.raises(GameRecordError, match="one entry per seat"):
        Game.from_dict({**data, "agents": [None]})
    with pytest.raises(GameRecordError, match="agent for seat 2"):
        Game.from_dict({**data, "agents": [None, {"name": "greedy", "seed": "1:1", "draws": -1}]})
    assert records.read_agents([None, {"name": "greedy", "seed": 5, "draws": 2}], 2)[1].draws == 2


@pytest.mark.parametrize(("content", "reason"), [
    (b"\xff\xfe not text", "not UTF-8 text"),
    (b'{"format": "muzlab-game"', "not readable JSON"),
    (b"[" * 10_000, "nests brackets more than 32 deep"),
    (b'{"format": "muzlab-game", "version": 2}', "missing fields"),
    (None, "does not exist"),
])
def test_a_refused_load_says_why_in_the_message_line_and_keeps_the_game(tmp_path, content, reason):
    board = PlayBoard(players=2, agents=[None, "random"], seed=3, agent_delay=0)
    person_moves(board, 2)
    before = board.game.to_json()
    path = tmp_path / "record.json"
    if content is not None:
        path.write_bytes(content)
    (message,) = board.load(path)
    assert message.kind == "refused" and reason in message.text
    assert reason in board.message.value and "is not a game record muzlab can replay" in board.message.value
    assert board.game.to_json() == before


def test_a_refused_save_says_why_and_leaves_no_file(tmp_path):
    board = PlayBoard(players=2, agents=[None, "random"], seed=3, agent_delay=0)
    (message,) = board.save(tmp_path / "missing" / "game.json")
    assert message.kind == "refused" and "does not exist" in board.message.value
    assert list(tmp_path.iterdir()) == []
