"""Position notation, a file format: the board name (and `/rules`, with house rules switched from their
defaults by + or -), then one `note@q,r` per die in board order.

    standard C@0,0 E@0,-1
    standard/basic+opening_scores-end_on_locked_board C@0,0

Note names are English default names whatever the note-name convention in force, and are read as pitch
classes (Db@0,0 and C#@0,0 are the same position). Every part is bounded, and a token that cannot be
read raises NotationError naming it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from muzlab.core.board import Board
from muzlab.core.errors import NotationError, UnknownNoteName, shown
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import parse_pitch, pitch_name
from muzlab.rules.ruleset import HOUSE_RULES, RuleSet

_DIE_TOKEN = re.compile(r"(?P<note>[^@\s]{1,12})@(?P<q>[+-]?[0-9]{1,7}),(?P<r>[+-]?[0-9]{1,7})")
#: The head of position notation: board, then optionally /rules and house rules switched on (+) or off (-).
_HEAD = re.compile(r"(?P<board>[^/\s]{1,100})"
                   r"(?:/(?P<rules>[A-Za-z0-9_-]{1,40})(?P<house>(?:[+-][a-z_]{1,40})*))?")
_SWITCH = re.compile(r"([+-])([a-z_]+)")
_HOUSE_DEFAULTS = {name: getattr(RuleSet(), name) for name in HOUSE_RULES}


def write_notation(board: Board, rules: RuleSet, dice: Mapping[Cell, int]) -> str:
    """The notation of `dice` (cell -> pitch class, in board order) on `board` under `rules`."""
    house = "".join(("+" if getattr(rules, name) else "-") + name for name in HOUSE_RULES
                    if getattr(rules, name) != _HOUSE_DEFAULTS[name])
    head = board.name
    if rules.name != "basic" or house:
        head += f"/{rules.name}{house}"
    return " ".join([head, *(f"{pitch_name(p)}@{q},{r}" for (q, r), p in dice.items())])


def read_notation(text: str, board: Board | None = None, rules: RuleSet | None = None
                  ) -> tuple[Board, RuleSet, dict[Cell, int]]:
    """The board, rule set and dice (cell -> pitch class) of notation text; given `board` or `rules`,
    the text must be for them. NotationError names what cannot be read."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("{text} is not position notation; it starts with a board name", text=shown(text))
    head, *tokens = text.split()
    board, rules = _read_head(head, board, rules)
    dice: dict[Cell, int] = {}
    for token in tokens:
        match = _DIE_TOKEN.fullmatch(token)
        if not match:
            raise NotationError("{token} is not a die; write note@q,r, e.g. Eb@1,-2", token=shown(token))
        try:
            pitch = parse_pitch(match["note"], "english")  # notation is a file format: English names
        except UnknownNoteName as error:
            raise NotationError("in {token}: {error}", token=shown(token), error=error) from None
        cell = (int(match["q"]), int(match["r"]))
        if cell not in board:
            raise NotationError("in {token}: {cell} is not on the {board} board", token=shown(token),
                                cell=cell, board=board.name)
        if cell in dice:
            raise NotationError("in {token}: cell {cell} is given twice", token=shown(token), cell=cell)
        dice[cell] = pitch
    return board, rules, dice


def _read_head(head: str, board: Board | None, rules: RuleSet | None) -> tuple[Board, RuleSet]:
    """The board and rule set a notation's head names (checked against those given)."""
    match = _HEAD.fullmatch(head)
    if not match:
        raise NotationError("{head} does not start position notation; write a board name, then optionally "
                            "/rules and house rules switched with + or -, e.g. "
                            "standard/basic+opening_scores", head=shown(head))
    board_name, rules_name = match["board"], match["rules"] or "basic"
    house = dict(_HOUSE_DEFAULTS)
    for sign, name in _SWITCH.findall(match["house"] or ""):
        if name not in _HOUSE_DEFAULTS:
            raise NotationError("in {head}: {name} is not a house rule; house rules are {house_rules}",
                                head=shown(head), name=repr(name), house_rules=', '.join(HOUSE_RULES))
        house[name] = sign == "+"
    try:
        if board is None:
            board = Board.named(board_name)
        if rules is None:
            rules = replace(RuleSet.named(rules_name), **house)
    except ValueError as error:
        raise NotationError("in {head}: {error}", head=shown(head), error=error) from None
    if board.name != board_name or rules.name != rules_name or any(
            getattr(rules, name) != value for name, value in house.items()):
        raise NotationError("the notation is for {head}, not for {notation}", head=shown(head),
                            notation=write_notation(board, rules, {}))
    return board, rules
