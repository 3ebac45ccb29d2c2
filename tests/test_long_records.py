"""A long game's record on the largest board: loaded and drawn without recursion, its positions
released and rebuilt faithfully, and every record and game held to one bound on dice and events
(issue 29, items 9 and 10). Speed and memory are measured in benchmarks/bench_records.py."""

from __future__ import annotations

import dataclasses
import json

import pytest
from scripted import long_record, play_script

from muzlab.core.board import Board
from muzlab.core.errors import GameError, GameRecordError
from muzlab.names.spelling import pitch_label
from muzlab.play import records
from muzlab.play.game import GIVE_UPS_USED, Game
from muzlab.play.table import Table
from muzlab.play.table_news import said
from muzlab.rules.position import HISTORY_SPELLED, Position
from muzlab.rules.ruleset import RuleSet
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


def seven_cells(seed: int = 1) -> Game:
    """A two-player game of 2 dice on a hexagon of 7 cells whose opening die, C, is placed: an F♯ then
    fits nowhere (the board is not locked: other notes still fit)."""
    game = play_script(Game(2, board=Board.from_dict({"hexagon": 1}), dice=2, seed=seed), [0, (0, 0)])
    assert game.position.legal_count(6) == 0 and not game.position.is_locked()
    return game


def give_up_f_sharps(game: Game, times: int) -> None:
    """Roll F♯ and pass it `times` times (each receiver re-rolls it: a re-roll is not counted)."""
    for _ in range(times):
        game.roll(6)
        game.pass_die()
        game.pass_die()


def test_a_die_that_fits_nowhere_once_the_passes_are_used_up_ends_the_game_and_its_record_replays():
    game = seven_cells()
    allowance = records.max_give_ups(2, 2)
    give_up_f_sharps(game, allowance - 1)
    game.roll(6)  # the last pass the game allows
    assert not game.over
    game.pass_die()
    game.pass_die()
    game.roll(6)  # fits nowhere, and may not be passed: no one could move again
    assert game.over and game.phase == "over" and game.end_reason == GIVE_UPS_USED
    assert game.hand is None and game.result.end_reason == GIVE_UPS_USED
    assert game.events[-1].kind == "roll" and game.supply == 0
    assert game.log()[-1] == (
        f"The game ends: the players have passed or re-rolled {allowance} times, all that a game of 2 dice "
        f"for 2 players allows ({records.GIVE_UPS_PER_DIE_AND_SEAT} per die and seat), and F♯ fits "
        "nowhere on the board, so no one can move again.")
    with pytest.raises(GameError, match="the game is over"):
        game.pass_die()
    assert len(game.events) <= records.max_events(2, 2, 7)
    replayed = Game.from_json(game.to_json())
    assert replayed == game and replayed.end_reason == GIVE_UPS_USED and replayed.log() == game.log()
    game.undo()  # the ending roll taken back: the die given up is to be rolled again
    assert not game.over and game.phase == "reroll"


def test_a_die_that_fits_once_the_passes_are_used_up_must_be_placed():
    game = seven_cells()
    give_up_f_sharps(game, records.max_give_ups(2, 2))
    game.roll(1)  # C♯ fits
    assert not game.over
    with pytest.raises(GameError, match="cannot pass: this game has had its 16 passes"):
        game.pass_die()
    game.place(game.legal_placements()[0])
    assert game.over and game.end_reason == "supply empty"


def test_a_table_whose_passes_are_used_up_ends_the_game_with_a_sentence_instead_of_stalling():
    rules = dataclasses.replace(RuleSet.basic(), end_on_locked_board=False)
    board = Board.from_dict({"hexagon": 0})  # one cell: after the opening die nothing fits, for ever
    table = Table(2, [None, None], ["Ada", "Ben"], 4, board, rules, 2)
    assert said(table.roll())[0].text.startswith("Ada rolls") and table.place((0, 0))
    allowance = records.max_give_ups(2, 2)
    told = []
    for _ in range(4 * allowance):
        if table.game.over:
            break
        told += said(table.roll() if table.can_roll else table.pass_die())
    game = table.game
    assert game.over and game.end_reason == GIVE_UPS_USED
    assert sum(event.kind == "pass" for event in game.events) == allowance
    last = told[-1].text
    note = pitch_label(game.events[-1].pitch)
    assert last.startswith(f"{table.seats[game.events[-1].player].name} rolls {note}")  # (the log's sentence)
    assert f". The game ends: the players have passed or re-rolled {allowance} times" in last
    assert last.endswith(f"so no one can move again. Game over — {table.result_words()}.")
    assert table.status().startswith("Game over") and not table.can_roll and not table.can_pass
    assert Game.from_json(game.to_json()) == game


def test_computer_seats_end_the_game_when_the_passes_are_used_up():
    game = seven_cells(seed=2)  # its next die, drawn by the seeded generator, is an F♯ again
    give_up_f_sharps(game, records.max_give_ups(2, 2))
    table = Table(2, ["greedy", "greedy"], None, 1, game=Game.from_json(game.to_json()))
    messages = said(table.play_computers())
    assert table.game.over and table.game.end_reason == GIVE_UPS_USED
    assert messages[-1].text.startswith("Player 1 (greedy) rolls F♯ (re-roll). The game ends: the players "
                                        "have passed or re-rolled 16 times")
    assert table.play_computers() == ()  # and nothing more happens
