"""The Game object: its state, undo, records (JSON round trip and refusals), score sheet and display."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from scripted import play_script, play_some

import muzlab.views.svg
from muzlab import Board, Game, GameError, GameRecordError, RuleSet
from muzlab.play.agents import make_agent, play
from muzlab.play.events import Completion, Event

C, E, G = 0, 4, 7


def played(seed=5, players=2, agents=("greedy", "random"), **settings) -> Game:
    game = Game(players, seed=seed, **settings)
    return play(game, [make_agent(agents[i % len(agents)], f"{seed}:{i}") for i in range(players)])


def with_a_bonus_play() -> Game:
    """Opening C; Player 1 puts E above it; Player 2 misses G and Player 1 plays it as a bonus."""
    return play_script(Game(seed=2), (C, (0, 0), E, (0, -1), G, "pass", (0, -2)))


def test_settings_are_checked():
    for bad in (0, 5, 2.0, True):
        with pytest.raises(GameError, match="players"):
            Game(players=bad)
    with pytest.raises(GameError, match="dice"):
        Game(dice=0)
    with pytest.raises(GameError, match="seed"):
        Game(seed="x")
    game = Game(rules="master", dice=42, seed=0)
    assert game.board.name == "master" and game.rules.name == "master"
    assert Game(seed=None).seed >= 0


def test_the_roll_comes_from_the_seeded_generator_or_from_a_physical_die():
    first, second = Game(seed=9), Game(seed=9)
    assert first.roll() == second.roll()
    assert Game(seed=9).roll(face="Eb") == 3


def test_repr_is_deterministic_and_says_whose_move_it_is():
    game = Game(seed=4)
    assert repr(game) == "<Game 2 players, 0 of 21 dice placed, Player 1 to roll, scores 0–0>"
    game.roll(E)
    assert "Player 1 to place E" in repr(game)
    game.place((0, 0))
    game.roll(G)
    game.pass_die()
    assert repr(game) == "<Game 2 players, 1 of 21 dice placed, Player 2 to place the passed G, scores 0–0>"
    assert game.pass_die().kind == "reroll"
    assert "Player 2 to re-roll" in repr(game)
    over = played()
    assert repr(over).endswith(f"over: {over.result}, scores {over.scores[0]}–{over.scores[1]}>")
    assert repr(Game(1, seed=1)).startswith("<Game 1 player, ")


def test_result_is_none_until_the_end_then_names_the_winner():
    game = Game(seed=1)
    assert game.result is None and not game.over
    game = next(g for g in map(played, range(1, 20)) if not g.result.tie)  # the first decided game
    best = max(game.scores)
    assert game.scores[game.result.winner] == best and game.scores.count(best) == 1
    assert str(game.result) == f"Player {game.result.winner + 1} wins with {best} points"
    assert str(played(seed=3, players=1, agents=("greedy",)).result).startswith("Player 1 scores ")


def test_undo_takes_back_rolls_and_placements_and_the_same_roll_comes_again():
    game = Game(seed=12)
    game.roll()
    game.place((0, 0))
    state = game.to_json()
    face = game.roll()
    assert game.undo().kind == "roll"
    assert game.to_json() == state and game.supply == 20 and game.hand is None
    assert game.roll() == face  # the generator stepped back too: no re-rolling by undo
    assert game.legal_placements(), "seed 12's first real roll must fit beside the opening die"
    event = game.place(game.legal_placements()[0])
    assert game.undo() == event and game.hand == face and game.scores == (0, 0)
    while game.events:
        game.undo()
    assert game == Game(seed=12)
    with pytest.raises(GameError, match="nothing to undo"):
        game.undo()


def test_a_record_round_trips_through_json_mid_game_and_at_the_end():
    game = played(seed=21, players=3, agents=("greedy", "random", "expert"))
    again = Game.from_json(game.to_json())
    assert again == game and again.result == game.result
    half = Game(seed=8)
    play_some(half, 15)
    loaded = Game.from_json(half.to_json())
    assert loaded == half
    play_some(loaded, 30)
    play_some(half, 30)
    assert loaded == half  # the generator goes on where the record stopped
    bonus = with_a_bonus_play()
    assert Game.from_json(bonus.to_json()) == bonus


def test_a_record_keeps_the_faces_it_was_played_with_even_if_the_seed_would_roll_others():
    game = Game(seed=0)
    game.roll(C)
    game.place((0, 0))
    game.roll(E)
    game.place((0, -1))
    data = game.to_dict()
    assert [e["pitch"] for e in data["events"]] == [C, C, E, E]
    assert Game.from_dict(json.loads(json.dumps(data))) == game


def test_the_record_format_is_readable_json():
    data = json.loads(with_a_bonus_play().to_json())
    assert data["format"] == "muzlab-game" and data["version"] == 2
    assert data["rules"]["rolls_add_up"] is True and data["board"]["name"] == "standard"
    assert data["events"][-1] == {"kind": "place", "player": 0, "pitch": G, "cell": [0, -2], "points": 6,
                                  "completed": [["triad", C, "major"]]}  # facts, not names
    assert data["scores"] == [8, 0]


def tampered(change) -> str:
    data = with_a_bonus_play().to_dict()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["events"][3].update(cell=[0, 1]), r"event 3 \(place E on e4\): .*"),
    (lambda d: d["events"][3].update(cell=[0, 2]), r"event 3 \(place E on e3\): .*touch"),
    (lambda d: d["events"][3].update(cell=[9, 9]), r"event 3 \(place E on the off-board cell \(9, 9\)\)"),
    (lambda d: d["events"][6].update(points=7), r"event 6 \(place G on e7\): the record gives points"),
    (lambda d: d["events"][6].update(completed=[]), r"event 6 .*completed"),
    (lambda d: d["events"][6].update(completed=["C major triad"]), r"event 6: 'completed' is a list of"),
    (lambda d: d["events"][4].update(player=0), r"event 4 \(roll G\): it is Player 2's move, not Player 1's"),
    (lambda d: d["events"][5].update(pitch=E), r"event 5 \(pass E\): the player holds the die G"),
    (lambda d: d["events"][5].update(kind="reroll"), r"event 5 \(re-roll G\): .*passed on, not re-rolled"),
    (lambda d: d["events"][4].update(kind="reroll"), r"event 4 \(re-roll G\): .*must roll"),
    (lambda d: d["events"].insert(2, {"kind": "pass", "player": 1, "pitch": 0}), r"event 2 \(pass C\)"),
    (lambda d: d["events"][0].update(pitch=12), r"event 0 .*pitch 0-11"),
    (lambda d: d["events"][0].update(face=3), r"event 0 .*fields"),
    (lambda d: d["events"].append({"kind": "jump"}), r"event 7 .*kind is one of"),
    (lambda d: d["events"][3].update(cell=[0]), r"event 3 .*pair of integers"),
    (lambda d: d.update(scores=[1, 1]), r"scores \[1, 1\] differ"),
    (lambda d: d.update(format="chess"), r"not a muzlab-game record"),
    (lambda d: d.update(version=3), r"not a muzlab-game record of version 1 or 2"),
    (lambda d: d.update(players=9), r"settings are wrong: 9 players"),
    (lambda d: d.update(extra=1), r"unknown fields \['extra'\]"),
    (lambda d: d["rules"].update(scale_types=["dorian"]), r"rules are not a rule set"),
    (lambda d: d["rules"].pop("rolls_add_up"), r"every RuleSet field"),
    (lambda d: d["board"].update(cells="all"), r"record's board"),
])
def test_a_bad_record_is_refused_with_a_message_naming_the_event(change, message):
    with pytest.raises(GameRecordError, match=message):
        Game.from_json(tampered(change))


def test_events_after_the_end_and_records_from_other_rules_or_boards_are_refused():
    over = played(seed=2)
    data = over.to_dict()
    data["events"].append({"kind": "roll", "player": over.current_player, "pitch": 0})
    with pytest.raises(GameRecordError, match=rf"event {len(data['events']) - 1} \(roll C\): .*already over"):
        Game.from_dict(data)
    text = over.to_json()
    with pytest.raises(GameRecordError, match="other rules .*'basic'.* differs from 'master' in name"):
        Game.from_json(text, rules=RuleSet.master())
    with pytest.raises(GameRecordError, match="rolls_add_up"):
        Game.from_json(text, rules=replace(RuleSet.basic(), rolls_add_up=False))
    with pytest.raises(GameRecordError, match="board 'standard', not on 'master'"):
        Game.from_json(text, board=Board.master())
    assert Game.from_json(text, rules=RuleSet.basic(), board=Board.standard()) == over
    with pytest.raises(GameRecordError, match="not readable JSON"):
        Game.from_json("{events: ")


def test_the_score_sheet_has_one_line_per_turn_with_bonus_and_extra_plays_and_running_totals():
    game = with_a_bonus_play()
    game.roll(2)  # Player 1's normal roll after the bonus play ...
    game.place(game.legal_placements()[0])
    face = next(f for f in range(12) if game.position.legal_placements(f))
    game.roll(face)  # ... then the extra roll for completing C major
    extra = game.place(game.legal_placements()[0])
    sheet = game.score_sheet()
    assert list(sheet.columns) == ["turn", "round", "player", "plays", "bonus", "extra", "passes", "points",
                                   "total"]
    assert list(sheet["player"]) == ["Player 1", "Player 1", "Player 2", "Player 1"]
    assert list(sheet["round"]) == [0, 1, 1, 2]
    last = sheet.iloc[-1]
    assert last["plays"].startswith("bonus G e7 +6 (C major triad) · D ")
    assert " · extra " in last["plays"] and last["extra"] == extra.points > 0
    assert last["bonus"] == 6 and last["passes"] == 0 and last["points"] == sum(
        e.points for e in game.events if e.turn == game.events[-1].turn)
    assert sheet.iloc[2]["plays"] == "pass G (missed 1)" and sheet.iloc[2]["passes"] == 1
    assert last["total"] == game.scores[0]


def test_the_score_sheet_adds_up_to_the_scores_over_a_whole_game():
    game = played(seed=31, players=3, agents=("random",))
    sheet = game.score_sheet()
    for seat in range(3):
        rows = sheet[sheet["player"] == f"Player {seat + 1}"]
        assert rows["points"].sum() == game.scores[seat] == rows["total"].iloc[-1]
        assert rows["total"].is_monotonic_increasing
    assert sheet["passes"].sum() == sum(e.kind == "pass" for e in game.events)
    assert (sheet["turn"].diff().dropna() == 1).all()


def test_the_svg_of_a_game_is_drawn_by_muzlab_svg(monkeypatch):
    game = with_a_bonus_play()
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg == game._repr_svg_()
    monkeypatch.setattr(muzlab.views.svg, "game_svg", lambda g: f"drawn {len(g.position)}")
    assert game._repr_svg_() == "drawn 3"


# ---- Game.apply, re-rolls and version 1 records ---------------------------------------------------------
def test_apply_replays_an_event_through_the_rules_and_refuses_one_that_does_not_fit():
    source = with_a_bonus_play()
    game = Game(seed=2)
    for event in source.events:
        assert game.apply(event) == event
    assert game == source
    before = game.to_json()
    game.roll(E)
    state = game.to_json()
    for wrong, message in [(Event("place", 1, E, (1, -1)), "Player 1's move, not Player 2's"),
                           (Event("place", 0, G, (1, -1)), "holds the die E"),
                           (Event("reroll", 0, E), "passed on, not re-rolled"),
                           (Event("roll", 0, E), "cannot roll"),
                           (Event("jump", 0, E), "not an event")]:
        with pytest.raises(GameError, match=message):
            game.apply(wrong)
        assert game.to_json() == state  # unchanged
    game.undo()
    assert game.to_json() == before


def test_a_declined_bonus_play_is_one_pass_and_one_re_roll_in_the_record():
    game = Game(seed=2)
    game.roll(C)
    game.place((0, 0))
    game.roll(6)  # F# fits nowhere next to a lone C: Player 1 passes it ...
    assert game.legal_placements() == []
    game.pass_die()
    game.pass_die()  # ... and Player 2 cannot place it either: they re-roll it
    game.roll(E)
    kinds = [(e.kind, e.player, e.source) for e in game.events[2:]]
    assert kinds == [("roll", 0, "turn"), ("pass", 0, "turn"), ("reroll", 1, "passed"), ("roll", 1, "reroll")]
    data = json.loads(game.to_json())
    assert [e["kind"] for e in data["events"]].count("pass") == 1
    assert [e["kind"] for e in data["events"]].count("reroll") == 1
    assert game.missed() == [] and Game.from_dict(data) == game


def test_a_version_1_record_loads_converted_to_the_current_events():
    here = Path(__file__).parent / "playthroughs"
    old = json.loads((here / "people-passing-v1.json").read_text(encoding="utf-8"))
    assert old["version"] == 1
    v1_kinds = [e["kind"] for e in old["events"]]
    game = Game.from_dict(old)
    assert game == Game.from_json((here / "people-passing.json").read_text(encoding="utf-8"))
    kinds = [e.kind for e in game.events]
    # a v1 "reroll" was the new face of a re-rolled die; a declined bonus play was a second "pass"
    assert kinds.count("reroll") == v1_kinds.count("reroll") > 0
    assert kinds.count("pass") == v1_kinds.count("pass") - v1_kinds.count("reroll")
    assert all(isinstance(c, Completion) for e in game.events for c in e.completed)
    assert json.loads(game.to_json())["version"] == 2


def test_the_log_names_cells_and_spells_completions_from_the_facts():
    game = with_a_bonus_play()
    log = game.log()
    assert log[1] == "Player 1 places C on e5 (opening): 0 points"
    assert log[5] == "Player 2 passes G (missed 1 legal cell)"
    assert log[6] == "Player 1 places G on e7 (bonus play): 6 points, completes the C major triad"
    assert not any("(0, " in line for line in log)


def test_history_gives_each_event_with_the_positions_around_it():
    game = played(seed=8, players=3, agents=("greedy", "random", "expert"))
    moments = list(game.history())
    assert tuple(m.event for m in moments) == game.events
    assert moments[0].before == Game(3, seed=8).position and moments[-1].after == game.position
    for earlier, later in zip(moments, moments[1:], strict=False):
        assert later.before is earlier.after
    for event, before, after in moments:
        if event.kind == "place":
            assert after == before.place(event.pitch, event.cell) and len(after) == len(before) + 1
        else:
            assert after is before


def replayed(game: Game, events) -> Game:
    """A game of the same settings that made only `events`, replayed from the start."""
    fresh = Game(game.players, game.board, game.rules, game.dice, game.seed)
    for event in events:
        fresh.apply(event)
    return fresh


def test_the_history_is_the_positions_the_game_reached_kept_and_extended_as_it_goes_on():
    game = Game(2, seed=4)
    play_some(game, 20)
    first = game.history()
    assert first[-1].after is game.position
    assert all(again is moment for again, moment in zip(game.history(), first, strict=True))
    play_some(game, 45)
    later = game.history()
    assert all(moment is kept for moment, kept in zip(later, first, strict=False))
    assert later[-1].after is game.position and later == replayed(game, game.events).history()
    assert Game.from_json(game.to_json()).history() == later


def test_undo_drops_the_last_moment_of_the_history_as_if_the_move_was_never_made():
    game = Game(2, seed=6)
    play_some(game, 40)
    moments, words = game.history(), game.die_words()
    while game.events:
        game.undo()
        kept = len(game.events)
        never = replayed(game, game.events)  # a game that never made the moves undone
        assert game == never and game.history() == never.history() == moments[:kept]
        assert all(moment is before for moment, before in zip(game.history(), moments, strict=False))
        assert game.position is (moments[kept - 1].after if kept else moments[0].before)
        assert game.die_words() == never.die_words() == words[:kept]
    play_some(game, 40)  # and the game goes on as it went the first time (the same rolls)
    assert game.events == tuple(moment.event for moment in moments) and game.die_words() == words
