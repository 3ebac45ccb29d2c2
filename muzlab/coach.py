"""The coach: the best cell for a die and why, and a move-by-move review of any game.

"Best" is the highest immediate score (ties are all best); the expert's look-ahead choice is
reported beside it. Every sentence names notes, triads and keys through `muzlab.spelling` and
cells by their names ("e7"), so a review reads the same as the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from muzlab.errors import GameError
from muzlab.game import Game, completion
from muzlab.hexgrid import Cell
from muzlab.pitch import PitchLike, current_note_names, parse_pitch
from muzlab.position import Position, Structure
from muzlab.spelling import (
    current_lesson_key,
    pitch_label,
)

if TYPE_CHECKING:
    import pandas as pd

#: Verb forms for the sentences: present (advice), past (what was played), participle (what could
#: have been played: "would have completed").
_VERBS = {
    "complete": ("completes", "completed"),
    "extend": ("extends", "extended"),
    "start": ("starts", "started"),
    "build": ("builds", "built"),
}


@dataclass(frozen=True)
class Advice:
    """The best cells for a die (board order), the points each scores, and one sentence why."""

    cells: tuple[Cell, ...]
    points: int
    sentence: str


def advice(position: Position, pitch: PitchLike) -> Advice:
    """The cells where `pitch` scores most now, their points, and one theory sentence saying why."""
    pitch = parse_pitch(pitch)
    scores = position.legal_scores(pitch)
    if not scores:
        return Advice((), 0, f"{pitch_label(pitch)} fits nowhere on this board: pass it on.")
    points = max(scores.values())
    cells = tuple(cell for cell, score in scores.items() if score == points)
    cell = _most_instructive(position, pitch, cells)
    sentence = _play_sentence(position, pitch, cell, points, "present")
    if len(cells) > 1:
        others = [position.board.cell_name(other) for other in cells if other != cell]
        sentence += f"; {_or_list(others)} score{'s' if len(others) == 1 else ''} as much"
    if len(scores) == 1:
        sentence += "; it is the only cell"
    return Advice(cells, points, sentence + ".")


def builds(position: Position, pitch: PitchLike, cell: Any, tense: str = "present") -> str:
    """What a legal placement builds, in theory words: "completes the C major triad and starts a
    run of G major". `tense` is "present", "past" or "would" ("would have completed")."""
    pitch = parse_pitch(pitch)
    cell = position.board.as_cell(cell)
    placement = position.play(pitch, cell)
    parts = [("complete", f"the {structure.label()}") for structure in placement.completed]
    for run in placement.position.runs_through(cell):
        if run.complete:
            continue
        if len(run.pitches) == 2:
            parts.append(("start", _start_words(run)))
        else:
            parts.append(("extend", f"a run of {_key_words(run)} to {len(run.pitches)} notes"))
    if not parts:
        parts.append(("build", "nothing yet"))
    # completions, then longer runs, then new ones (a triad's "could become ... or ..." list last)
    parts.sort(key=lambda part: (list(_VERBS).index(part[0]), part[1].startswith("a triad")))
    things: dict[str, list[str]] = {}
    for verb, thing in dict.fromkeys(parts):  # two equal new runs read "two runs of C major"
        if parts.count((verb, thing)) > 1:
            thing = thing.replace("a run of", "two runs of").replace("a triad", "two triads")
        things.setdefault(verb, []).append(thing)
    phrases = [_verb(verb, tense) + " " + _and_list(objects) for verb, objects in things.items()]
    if tense == "would":
        phrases = [phrases[0]] + [phrase.removeprefix("would have ") for phrase in phrases[1:]]
    return _and_list(phrases)


def runs_built(position: Position, pitch: PitchLike, cell: Any) -> list[Structure]:
    """The runs a legal placement makes or joins, what it completes first, then the longest."""
    cell = position.board.as_cell(cell)
    runs = position.place(pitch, cell).runs_through(cell)
    return sorted(runs, key=lambda run: (not run.complete, -len(run.pitches)))


def best_cell(position: Position, pitch: PitchLike) -> Cell | None:
    """The one best cell the coach talks about: the highest score, completing something on a tie."""
    pitch = parse_pitch(pitch)
    scores = position.legal_scores(pitch)
    if not scores:
        return None
    top = max(scores.values())
    return _most_instructive(position, pitch, tuple(cell for cell, score in scores.items() if score == top))


def _play_sentence(position: Position, pitch: int, cell: Cell, points: int, tense: str) -> str:
    """"G on e7 completes the C major triad for 6 points", the die spelled as the board shows it."""
    return (f"{die_label(position, pitch, cell)} on {position.board.cell_name(cell)} "
            f"{builds(position, pitch, cell, tense)} for {_points_words(position, cell, points)}")


def die_label(position: Position, pitch: int, cell: Cell | None = None) -> str:
    """The die's name as the board would show it on `cell` (its triad or key), or its default name."""
    if cell is None:
        return pitch_label(pitch)
    cell = position.board.as_cell(cell)
    return _label_on(position, pitch, cell, current_note_names(), current_lesson_key())


@lru_cache(maxsize=256)
def _label_on(position: Position, pitch: int, cell: Cell, _convention: str, _key: str | None) -> str:
    return position.place(pitch, cell).labels()[cell]


def _points_words(position: Position, cell: Cell, points: int) -> str:
    factor = position.board.honeypots.get(cell, 1)
    text = f"{points} point{'s' if points != 1 else ''}"
    if factor > 1:
        text += f" ({points // factor} ×{factor} on the honeypot)"
    return text


def _most_instructive(position: Position, pitch: int, cells: tuple[Cell, ...]) -> Cell:
    """Among equally scoring cells, the first that completes something, else the first."""
    for cell in cells:
        if position.completions(pitch, cell):
            return cell
    return cells[0]


def _start_words(run: Structure) -> str:
    if run.kind == "triad":
        if not run.triads:
            return "a triad"
        return "a triad that could become " + _or_list(run.triad_names())
    return f"a run of {_key_words(run)}"


def _key_words(run: Structure) -> str:
    """The key a scale run is read in (the one the board spells its dice in)."""
    return run.key_name()


def _verb(verb: str, tense: str) -> str:
    present, past = _VERBS[verb]
    return {"present": present, "past": past, "would": f"would have {past}"}[tense]


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# ---- reviewing a game --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One decision of a game: the die in hand on the position before it, who held it, and where it
    was played (`cell` None: not placed). `index` is the decision's event in `game.events`."""

    index: int
    turn: int
    seat: int
    passed_die: bool
    position: Position
    pitch: int
    cell: Cell | None
    event: Any
    expert: Cell | None = None


def decisions(game: Game, expert_seed: int | None = None) -> list[Decision]:
    """Every placement or pass of a game, in order, bonus plays and declined passed dice included;
    with `expert_seed`, each also carries the expert's choice for that moment."""
    from muzlab.agents import ExpertAgent

    if not isinstance(game, Game):
        raise GameError(f"{game!r} is not a Game; review a muzlab.Game (played, loaded or simulated)")
    expert = None if expert_seed is None else ExpertAgent(expert_seed)
    replay = Game(game.players, game.board, game.rules, game.dice, game.seed)
    found = []
    for index, event in enumerate(game.events):
        if replay.phase in ("place", "bonus") and event.kind in ("place", "pass", "reroll"):
            found.append(Decision(
                index, replay.turn, replay.current_player, replay.phase == "bonus", replay.position,
                replay.hand, event.cell if event.kind == "place" else None, event,
                None if expert is None else expert.choose(replay)))
        replay.apply(event)
    return found


_COLUMNS = ["turn", "seat", "player", "source", "action", "pitch", "cell", "points", "best_points",
            "best_cells", "loss", "legal_cells", "completed", "missed_completion", "missed_honeypot",
            "expert", "expert_points", "comment"]
_DTYPES = {"cell": object, "best_cells": object, "expert": object, "turn": int, "seat": int, "points": int,
           "best_points": int, "loss": int, "legal_cells": int, "expert_points": int,
           "missed_completion": bool, "missed_honeypot": bool}


def review(game: Game, expert_seed: int = 0) -> pd.DataFrame:
    """One row per decision of `game` (see `decisions`): the die, the cell played and its points, the
    best immediate score and its cells, the loss, the expert's look-ahead choice, and a comment."""
    return review_decisions(decisions(game, expert_seed))


def review_decisions(moments: list[Decision]) -> pd.DataFrame:
    """The `review` frame of decisions already found (the Review widget finds them once)."""
    import pandas as pd

    rows = [_row(decision) for decision in moments]
    # object columns keep None for "no cell" (a string column would turn it into NaN)
    return pd.DataFrame({column: pd.Series([row[column] for row in rows], dtype=_DTYPES.get(column))
                         for column in _COLUMNS})


def _row(decision: Decision) -> dict:
    position, pitch, cell, event = decision.position, decision.pitch, decision.cell, decision.event
    board = position.board
    scores = position.legal_scores(pitch)
    best_points = max(scores.values(), default=0)
    best = [c for c, s in scores.items() if s == best_points]
    points = event.points if cell is not None else 0
    completed = [] if cell is None else [completion(s).label() for s in position.completions(pitch, cell)]
    could_complete = any(position.completions(pitch, c) for c in scores)
    honey = any(s > points for c, s in scores.items() if c in board.honeypots)
    return {
        "turn": decision.turn,
        "seat": decision.seat,
        "player": f"Player {decision.seat + 1}",
        "source": "passed" if decision.passed_die else event.source,
        "action": "place" if cell is not None else event.kind,
        "pitch": die_label(position, pitch, cell),
        "cell": None if cell is None else board.cell_name(cell),
        "points": points,
        "best_points": best_points,
        "best_cells": tuple(board.cell_name(c) for c in best),
        "loss": best_points - points,
        "legal_cells": len(scores),
        "completed": ", ".join(completed),
        "missed_completion": could_complete and not completed,
        "missed_honeypot": honey,
        "expert": None if decision.expert is None else board.cell_name(decision.expert),
        "expert_points": scores.get(decision.expert, 0),
        "comment": comment(position, pitch, cell, decision.passed_die),
    }


def comment(position: Position, pitch: PitchLike, cell: Any = None, passed_die: bool = False) -> str:
    """One sentence on a decision (`cell` None: the die was not placed; `passed_die`: it was handed
    on by the previous player): what it built, or what the best cell would have built instead."""
    pitch = parse_pitch(pitch)
    scores, board = position.legal_scores(pitch), position.board
    cell = None if cell is None else board.as_cell(cell)
    points = 0 if cell is None else position.score(pitch, cell)
    if len(position) == 0 and cell is not None:
        return (f"The opening {die_label(position, pitch, cell)} went on {board.cell_name(cell)}"
                + (" and scored nothing." if points == 0 else f" for {points} points."))
    if not scores:
        if passed_die:
            return f"The passed {pitch_label(pitch)} fitted nowhere, so it was re-rolled."
        return f"Passed: {pitch_label(pitch)} fitted nowhere on the board."
    best = best_cell(position, pitch)
    best_points = scores[best]
    could = (f"{die_label(position, pitch, best)} fitted on {board.cell_name(best)}, where it "
             f"{builds(position, pitch, best, 'would')} for {_points_words(position, best, best_points)}")
    if cell is None:
        if passed_die:
            return f"The passed die was not placed, but {could}."
        return f"Passed, but {could}."
    if points == best_points:
        tail = "the only cell" if len(scores) == 1 else "the best there was"
        return f"{_play_sentence(position, pitch, cell, points, 'past')}: {tail}."
    played = (f"{_play_sentence(position, pitch, cell, points, 'past')}" if position.completions(pitch, cell)
              else f"{die_label(position, pitch, cell)} on {board.cell_name(cell)} scored {points}")
    return f"{_play_sentence(position, pitch, best, best_points, 'would')}; {played}."


def summary(reviewed: pd.DataFrame) -> pd.DataFrame:
    """Per player from a `review` frame: points, points lost, share of best decisions (those with a
    legal cell, the opening die aside), completions missed and honeypots missed."""
    import pandas as pd

    rows = []
    for (_, player), rows_of in reviewed.groupby(["seat", "player"], sort=True):
        chosen = rows_of[(rows_of["legal_cells"] > 0) & (rows_of["source"] != "opening")]
        rows.append({
            "player": player,
            "points": int(rows_of["points"].sum()),
            "points_lost": int(rows_of["loss"].sum()),
            "decisions": len(chosen),
            "best_share": float((chosen["loss"] == 0).mean()) if len(chosen) else 1.0,
            "completions_missed": int(chosen["missed_completion"].sum()),
            "honeypots_missed": int(chosen["missed_honeypot"].sum()),
        })
    return pd.DataFrame(rows)
