"""The shipped sample data loads, replays through the rules, and matches what the script makes; the
statistics lessons that use it."""

import json
from pathlib import Path

import pytest

from muzlab import Game, MuzlabError
from muzlab.play.agents import make_agent, play
from muzlab.sim.samples import sample_game, sample_simulation
from muzlab.sim.simulation import simulate


def test_sample_games_replay_and_are_what_the_script_plays():
    game = sample_game("greedy-vs-random")
    assert game.over and '"version": 2' in game.to_json()
    again = play(Game(players=2, seed=3), [make_agent("greedy", "3:0"), make_agent("random", "3:1")])
    assert game == again


def test_sample_simulation_equals_a_fresh_run_of_the_same_seed():
    stored = sample_simulation("expert-greedy")
    assert len(stored.games) == 400
    fresh = simulate(40, ("expert", "greedy"), seed=2026, alternate_seats=True, progress=False)
    assert stored.games.head(40).reset_index(drop=True).equals(fresh.games)
    moves = stored.moves[stored.moves["game"] < 40].reset_index(drop=True)
    assert moves.equals(fresh.moves)


def test_unknown_sample_names_list_what_is_shipped():
    with pytest.raises(MuzlabError, match="no sample game named 'chess'.*greedy-vs-random"):
        sample_game("chess")
    with pytest.raises(MuzlabError, match="no sample simulation named 'x'"):
        sample_simulation("x")


def lesson(name: str) -> list[dict]:
    path = Path(__file__).parent.parent / "notebooks" / name
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_the_name_that_tune_activity_draws_fresh_and_stores_no_answer():
    code = [cell for cell in lesson("6-teachers.ipynb") if cell["cell_type"] == "code"]
    cells = {"".join(cell["source"]): cell for cell in code}
    (draw,) = [source for source in cells if "tune = rng.choice(built)" in source]
    assert 'random.Random(3 if os.environ.get("MUZLAB_TEST") else None)' in draw
    (reveal,) = [cell for source, cell in cells.items() if "It was" in source]
    assert not reveal.get("outputs") and "nbval-check-output" not in reveal["metadata"].get("tags", [])


def test_the_statistics_lessons_name_players_as_people_do_and_count_re_rolls_apart():
    outputs = "".join("".join(output.get("text", "")) for name in ("5-statistics.ipynb", "6-teachers.ipynb")
                      for cell in lesson(name) for output in cell.get("outputs", []))
    assert "Player 1" in outputs and "Player 2" in outputs and "re-rolls" in outputs
    assert "seat" not in outputs and "(0, " not in outputs
