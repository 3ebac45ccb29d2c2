"""A long game's record on the largest board: loaded and drawn without recursion, its positions
released and rebuilt faithfully, and every record and game held to one bound on dice and events
(issue 29, items 9 and 10). Speed and memory are measured in benchmarks/bench_records.py."""

from __future__ import annotations

import json

import pytest
from scripted import long_record, play_script

from muzlab.core.board import Board
from muzlab.core.errors import GameError, GameRecordError
from muzlab.play import records
from muzlab.play.game import Game
from muzlab.rules.position import HISTORY_SPELLED, Position
from muzlab.views.svg import game_svg


@pytest.fixture(scope="module")
def long_text() -> str:
    return long_record(1_000_000, pass_share=0.5)


def test_a_1_mb_record_of_a_long_game_on_the_largest_board_loads_and_draws(long_text):
    assert 900_000 < len(long_text.encode()) <= 1_000_000
    game = Game.from_json(long_text)
    assert len(game.board) == 4921 and len(game.position) > 10 * HISTORY_SPELLED
    assert sum(e.kind == "pass" for e in game.events) > 1000
    svg = game_svg(game)  # (it raised RecursionError: each position's spelling asked its parent's)
    assert svg.startswith("<svg") and svg.count('<circle class="die"') == len(game.position)
    labels = game.position.labels()
    assert set(labels) == set(game.position.dice)
    words = game.die_words()  # every event named, the late ones by their runs alone
    assert len(words) == len(game.events) and all(w.name for w in words)


def test_released_positions_come_back_as_they_were(long_text):
    game = Game.from_json(long_text)
    for moment in game.history()[::997]:
        before = moment.before
        fresh = Position(game.board, dict(before.dice), game.rules, strict=False)
        assert before == fresh and before.legal_placements(moment.event.pitch) == fresh.legal_placements(
            moment.event.pitch)
        assert before.legal_count(moment.event.pitch) == len(fresh.legal_placements(moment.event.pitch))


def test_a_game_and_a_record_have_one_bound_on_dice():
    with pytest.raises(GameError, match=r"1000000000 dice: a supply holds 1 to 10,000 dice"):
        Game(dice=10**9)
    assert Game(dice=records.MAX_DICE).dice == 10_000
    data = Game(seed=1).to_dict()
    data["dice"] = 10**9
    with pytest.raises(GameRecordError, match="a supply holds at most 10,000"):
        Game.from_dict(data)


def test_events_beyond_what_the_rules_reach_are_refused_with_a_sentence():
    game = Game(2, dice=1, seed=3)
    bound = records.max_events(1, 2, 61)
    assert bound == 1 + 1 + 3 * records.GIVE_UPS_PER_DIE_AND_SEAT * 2
    data = game.to_dict()
    data["events"] = [{"kind": "roll", "player": 0, "pitch": 0}] * (bound + 1)
    del data["scores"]
    refusal = (rf"the record has {bound + 1} events; a game of 1 dice for 2 on a board of 61 cells has "
               rf"at most {bound} \(each die rolled and placed once")
    with pytest.raises(GameRecordError, match=refusal):
        Game.from_dict(data)


def test_a_game_refuses_a_pass_beyond_its_allowance_and_its_record_replays():
    game = Game(2, dice=2, seed=5)
    play_script(game, [0, (0, 0)])  # the opening die
    allowance = records.max_give_ups(2, 2)
    for _ in range(allowance):
        game.roll()
        game.pass_die()  # passed on: the receiver re-rolls it and plays it as their turn's die
        game.pass_die()
    game.roll()
    with pytest.raises(GameError, match=rf"cannot pass: this game has had its {allowance} passes and re-"):
        game.pass_die()
    assert Game.from_json(game.to_json()) == game
    forged = json.loads(game.to_json())
    forged["events"] += [{"kind": "pass", "player": game.current_player, "pitch": game.hand}]
    del forged["scores"]
    with pytest.raises(GameRecordError, match=rf"event {len(game.events)} .*cannot pass"):
        Game.from_dict(forged)


def test_a_board_of_radius_40_is_the_largest_a_file_asks_for():
    assert len(Board.from_dict({"hexagon": 40})) == 4921
