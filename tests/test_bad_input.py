"""Bad input of every kind (records, board files, notation, cell and note names, rule settings) is
refused with a muzlab error naming the fault, within limits on size, nesting and number length; and a
fuzz test that nothing else comes out."""

import contextlib
import copy
import gc
import json
import weakref
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muzlab import (
    Board,
    BoardFileError,
    Game,
    GameRecordError,
    InvalidCell,
    MuzlabError,
    NotationError,
    Position,
    RuleSet,
    UnknownNoteName,
    UnknownSetting,
    parse_pitch,
)
from muzlab.core.board import MAX_FILE_BYTES
from muzlab.play.agents import make_agent, play

HUGE = "9" * 5000  # more digits than Python converts to an int by default


def record() -> dict:
    """A short finished game's record, as JSON data."""
    game = play(Game(2, seed=3, dice=6), [make_agent("greedy", 1), make_agent("random", 2)])
    return game.to_dict()


RECORD = record()


def changed(change) -> dict:
    data = copy.deepcopy(RECORD)
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["rules"].update(scale_types=[]), "scale_types=()"),
    (lambda d: d["rules"].update(scale_types={}), "scale_types={}"),
    (lambda d: d["rules"].update(triad_qualities=[]), "triad_qualities=()"),
    (lambda d: d["rules"].update(triad_qualities=[["major"]]), "unknown triad quality"),
    (lambda d: d["rules"].update(dice_choices=[]), "dice_choices"),
    (lambda d: d["rules"].update(boards_for_dice=[[42]]), "boards_for_dice"),
    (lambda d: d["rules"].update(name=["x"]), "name"),
    (lambda d: d["events"][0].update(kind=[]), "event 0 .*kind is one of"),
    (lambda d: d["events"][0].update(kind={}), "event 0 .*kind is one of"),
    (lambda d: d["events"][0].update(player=7), "event 0 .*seat number 0-1"),
    (lambda d: d["events"].__setitem__(1, []), "event 1"),
    (lambda d: d.update(dice=10**12), "a supply holds at most 10,000"),
    (lambda d: d.update(agents=[{"name": "greedy"}, None]), "agent for seat 1"),
    (lambda d: d.update(version=True), "version True"),
    (lambda d: d["board"].update(honeypots={"2": [[0, 0]], "1000000": [[1, 0]]}),
     "factor '1000000' is not 2"),
])
def test_a_malformed_record_is_refused_naming_the_fault(change, message):
    with pytest.raises(GameRecordError, match=message):
        Game.from_dict(changed(change))
    with pytest.raises(GameRecordError, match=message):
        Game.from_json(json.dumps(changed(change)))


def test_record_text_is_read_within_limits_of_nesting_number_size_and_encoding():
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(GameRecordError, match="nests brackets more than 32 deep"):
        Game.from_json(deep)
    with pytest.raises(GameRecordError, match="5,000 digits"):
        Game.from_json(json.dumps(RECORD).replace('"seed": 3', f'"seed": {HUGE}'))
    with pytest.raises(GameRecordError, match="not UTF-8"):
        Game.from_json(b"\xff\xfe{}")
    with pytest.raises(GameRecordError, match="NaN is not a number"):
        Game.from_json(json.dumps(RECORD).replace('"seed": 3', '"seed": NaN'))
    brackets_in_text = changed(lambda d: d["board"].update(name="[" * 100))
    assert Game.from_json(json.dumps(brackets_in_text)).board.name == "[" * 100  # brackets in strings


def test_a_record_with_brackets_in_text_and_the_right_depth_still_loads():
    assert Game.from_json(json.dumps(RECORD)) == Game.from_dict(RECORD)


@pytest.mark.parametrize(("content", "message"), [
    ('{"hexagon": 1, "centre": [Infinity, 0]}', "Infinity is not a number"),
    ('{"hexagon": 1, "centre": [1e999, 0]}', "too large"),
    ('{"hexagon": 1, "honeypots": {"²": [[1, 0]]}}', "factor '²' is not 2 or 3"),
    ('{"hexagon": 1, "honeypots": {"٣": [[1, 0]]}}', "factor '٣' is not 2 or 3"),
    ('{"hexagon": 1, "honeypots": {"1000000": [[1, 0]]}}', "factor '1000000' is not 2 or 3"),
    ('{"hexagon": 1, "centre": [' + HUGE + ', 0]}', "5,000 digits"),
    ('{"cells": [[0, 0]], "centre": [0, 1e300]}', "not a cell muzlab handles"),
    ('{"hexagon": ' + "[" * 50_000 + "]" * 50_000 + "}", "nests brackets"),
    ('{"hexagon": 1, "name": ["x"]}', "board name"),
])
def test_a_malformed_board_file_is_refused_naming_the_fault(tmp_path, content, message):
    path = tmp_path / "odd.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(BoardFileError, match=message):
        Board.load(path)


def test_a_board_file_is_read_only_up_to_its_limit_whatever_its_reported_size(tmp_path):
    with pytest.raises(BoardFileError, match=f"larger than {MAX_FILE_BYTES:,} bytes"):
        Board.load("/dev/zero")  # reports size 0 and never ends
    with pytest.raises(BoardFileError, match="is a folder"):
        Board.load(tmp_path)
    (tmp_path / "latin1.json").write_bytes(b'{"hexagon": 1, "name": "caf\xe9"}')
    with pytest.raises(BoardFileError, match="not UTF-8"):
        Board.load(tmp_path / "latin1.json")


def test_shipped_boards_are_frozen_and_only_shipped_names_are_read():
    board = Board.standard()
    with pytest.raises(TypeError):
        board.honeypots[(0, 0)] = 3
    with pytest.raises(TypeError):
        board.index[(9, 9)] = 0
    with pytest.raises(AttributeError, match="frozen"):
        board.name = "mine"
    assert Board.standard().honeypots.get((0, 0)) is None and Board.standard() is board
    with pytest.raises(BoardFileError, match="not the name of a shipped board"):
        Board.named("../../etc/passwd")


def test_a_boards_layout_lives_with_the_board_not_in_a_growing_cache():
    data = changed(lambda d: None)
    games = [Game.from_dict(data) for _ in range(3)]
    assert len({id(game.board) for game in games}) == 3  # a board per record
    gone = weakref.ref(games[0].board)
    del games
    gc.collect()
    assert gone() is None  # nothing kept it, nor its layout


@pytest.mark.parametrize(("text", "message"), [
    (f"standard C@{HUGE},0", f"'C@{'9' * 60}"),
    ("standard C@0,0 E@0,-1" + " C@1" * 3, "'C@1' is not a die"),
    ("standard/basic+nonsense C@0,0", "'nonsense' is not a house rule"),
    ("standard/" + "x" * 500, "does not start position notation"),
    ("..\\x C@0,0", "not the name of a shipped board"),
    ("standard/basic+opening_scores C@0,0", None),
    (f"standard {'C' * 5000}@0,0", "is not a die"),
])
def test_bad_notation_is_refused_naming_the_token(text, message):
    if message is None:
        assert Position.from_notation(text).rules.opening_scores
        return
    with pytest.raises(NotationError, match=message):
        Position.from_notation(text)


def test_notation_carries_house_rules_and_reads_back_to_an_equal_position():
    rules = replace(RuleSet.master(), opening_scores=True, end_on_locked_board=False)
    position = Position(Board.master(), {(0, 0): "C", (0, -1): "E"}, rules)
    text = position.notation()
    assert text == "master/master+opening_scores-end_on_locked_board E@0,-1 C@0,0"
    assert Position.from_notation(text) == position and Position.from_notation(text).rules == rules
    assert Position.from_notation(text, Board.master(), rules) == position
    with pytest.raises(NotationError, match="not for master/master$"):
        Position.from_notation(text, Board.master(), RuleSet.master())
    old = Position.from_notation("standard E@0,-1 C@0,0")  # notation without house rules still reads
    assert old.rules == RuleSet.basic() and old.notation() == "standard E@0,-1 C@0,0"


@pytest.mark.parametrize("name", ["e" + HUGE, "zzzz1", "e", "", "5e", "é5", "e5" * 1000])
def test_bad_cell_names_are_refused(name):
    with pytest.raises((InvalidCell, MuzlabError)):
        Board.standard().parse_cell(name)


def test_huge_numbers_in_cells_and_dice_are_refused_with_a_muzlab_error():
    with pytest.raises(InvalidCell, match="not a cell muzlab handles"):
        Position(dice={(10**5000, 0): "C"})
    with pytest.raises(InvalidCell, match="is not a cell"):
        Position(dice={(HUGE, 0): "C"})
    with pytest.raises(InvalidCell, match="too long to print is not a cell"):
        Board.standard().as_cell(10**5000)
    with pytest.raises(UnknownNoteName, match="too long to print is not a pitch class"):
        Position(dice={(0, 0): 10**5000})
    with pytest.raises(UnknownNoteName, match="at most 12 characters"):
        parse_pitch("C" + "#" * 100_000)


@pytest.mark.parametrize("settings_", [
    {"scale_types": ()}, {"scale_types": ("major", "major")}, {"scale_types": "major"},
    {"triad_qualities": ()}, {"triad_qualities": (["major"],)}, {"dice_choices": ()},
    {"dice_choices": (0,)}, {"boards_for_dice": ((42,),)}, {"opening_scores": 1}, {"name": ""},
])
def test_bad_rule_settings_are_refused(settings_):
    with pytest.raises(UnknownSetting):
        RuleSet(**settings_)


# ---- fuzzing ---------------------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
PATHS = [("rules", "scale_types"), ("rules", "triad_qualities"), ("rules", "name"), ("rules", "dice_choices"),
         ("rules", "opening_scores"), ("board", "cells"), ("board", "centre"), ("board", "honeypots"),
         ("board", "name"), ("players",), ("dice",), ("seed",), ("events",), ("scores",), ("agents",),
         ("version",), ("events", 0), ("events", 1, "kind"), ("events", 1, "pitch"), ("events", 2, "cell"),
         ("events", 3, "completed"), ("events", 3, "points")]
FUZZ = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])


def only_muzlab_errors(action, *args) -> None:
    with contextlib.suppress(MuzlabError):
        action(*args)


@FUZZ
@given(st.sampled_from(PATHS), JSON)
def test_fuzzed_records_raise_only_muzlab_errors(path, value):
    data = copy.deepcopy(RECORD)
    target = data
    try:
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    except (IndexError, KeyError, TypeError):
        return
    only_muzlab_errors(Game.from_json, json.dumps(data))


@FUZZ
@given(st.text(max_size=300))
def test_fuzzed_record_text_raises_only_muzlab_errors(text):
    only_muzlab_errors(Game.from_json, text)
    only_muzlab_errors(Game.from_json, json.dumps(RECORD)[: len(text)] + text)


@FUZZ
@given(st.dictionaries(st.sampled_from(["cells", "hexagon", "centre", "honeypots", "name", "x"]), JSON,
                       max_size=4))
def test_fuzzed_board_files_raise_only_muzlab_errors(data):
    only_muzlab_errors(Board.from_dict, data)
    only_muzlab_errors(Board.from_dict, {"hexagon": 2, **data})


@FUZZ
@given(st.text(alphabet=st.sampled_from("standardmaster/+-_ CEb#@,0123456789-\u00b2\u0663xyz"), max_size=60))
def test_fuzzed_notation_and_cell_names_raise_only_muzlab_errors(text):
    only_muzlab_errors(Position.from_notation, text)
    only_muzlab_errors(Position.from_notation, "standard " + text)
    only_muzlab_errors(Board.standard().parse_cell, text)
    only_muzlab_errors(parse_pitch, text)


def test_a_long_column_board_takes_memory_linear_in_its_cells():
    """Four times the cells, about four times the memory (a table of rays to the line's end is sixteen)."""
    import tracemalloc

    peaks = []
    for size in (1000, 4000):
        tracemalloc.start()
        board = Board([(0, r) for r in range(size)], centre=(0, 0))
        Position(board).legal_placements(0)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < 6 * peaks[0]
    up, down = board.up[0], board.down[0]  # (cells sorted by r: index 0 is the top cell, (0, 0))
    assert up[3999] == tuple(range(3998, -1, -1)) and up[0] == () and down[3996] == (3997, 3998, 3999)


def test_huge_seeds_and_game_counts_are_refused_naming_them():
    from muzlab import GameError, simulate

    with pytest.raises(GameError, match="too long to print is not a seed"):
        Game(seed=10**5000)
    with pytest.raises(GameError, match="is not a seed"):
        Game(seed=2**64)
    with pytest.raises(UnknownSetting, match="n_games must be a whole number from 0 to"):
        simulate(10**5000)


@FUZZ
@given(JSON)
def test_fuzzed_setting_names_raise_only_muzlab_errors(value):
    from muzlab import simulate
    from muzlab.play.agents import make_agent

    only_muzlab_errors(RuleSet.named, value)
    only_muzlab_errors(Board.named, value)
    only_muzlab_errors(make_agent, value)
    only_muzlab_errors(simulate, 1, (value, "greedy"))
    only_muzlab_errors(Game, 2, None, value)
    only_muzlab_errors(parse_pitch, value)


HASHABLE = st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=4) | st.tuples(
    st.integers(-6, 6), st.integers(-6, 6)) | st.tuples(st.text(max_size=2), st.floats())


@FUZZ
@given(st.dictionaries(HASHABLE, JSON, max_size=3), HASHABLE, JSON)
def test_fuzzed_dice_cells_and_pitches_raise_only_muzlab_errors(dice, cell, pitch):
    only_muzlab_errors(Position, None, dice)
    only_muzlab_errors(Position, None, pitch)
    position = Position(dice={(0, 0): "C"})
    for ask in (position.place, position.explain, position.score, position.completions):
        only_muzlab_errors(ask, pitch, cell)
        only_muzlab_errors(ask, "E", cell)
    only_muzlab_errors(position.legal_placements, pitch)
    only_muzlab_errors(Board.standard().cell_name, cell)
