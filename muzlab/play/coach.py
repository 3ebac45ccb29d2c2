"""The coach: the best cell for a die and why, the value of a position, and a move-by-move review of
any game that tells skill from luck.

"Best" in the sentences is the highest immediate score (ties are all best); the expert's look-ahead
choice is reported beside it. The value columns of a review (`evaluate`, `muzlab.play.value`) judge each
decision by the expected final margin instead, and each roll by how much better or worse its face was
than the mean of the twelve. Every sentence names notes, triads and keys through `muzlab.names.spelling` and
cells by their names ("e7"), so a review reads the same as the board; the words are made for the
`Reader` given (by default as the position or game given reads, `Position.reading`: plain English,
or the notebook's default for `muzlab.Position` and `muzlab.Game`; plain English where none is given).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from muzlab.core.errors import Count, GameError, UnknownSetting
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import PitchLike, parse_pitch
from muzlab.names import structure_words
from muzlab.names.language import at_start, marked, phrase, sentence
from muzlab.names.language import clauses as clause_list
from muzlab.names.output_words import number_words
from muzlab.names.reader import PLAIN, Key, Reader, given
from muzlab.names.refusal_words import and_list, or_list
from muzlab.names.run_words import completed_with_function
from muzlab.names.spelling import pitch_label, show_names
from muzlab.play.agents import ExpertAgent
from muzlab.play.events import Completion, completion
from muzlab.play.game import Game
from muzlab.play.value import Assessment, Evaluator, assess, margin
from muzlab.rules.position import Position, Structure

if TYPE_CHECKING:
    import pandas as pd

#: What a placement does to the runs through its cell, in the order a sentence says it.
_VERBS = ("complete", "extend", "start", "build")
#: Each verb with what it acts on, by tense: present (advice), past (what was played), "would" (what
#: could have been played: "would have completed ...") and "would, more" (the later verbs of such a
#: list: "would have completed X and started Y").
_VERB_WORDS = {
    ("complete", "present"): marked("builds", "completes {things}"),
    ("extend", "present"): marked("builds", "extends {things}"),
    ("start", "present"): marked("builds", "starts {things}"),
    ("build", "present"): marked("builds", "builds {things}"),
    ("complete", "past"): marked("built", "completed {things}"),
    ("extend", "past"): marked("built", "extended {things}"),
    ("start", "past"): marked("built", "started {things}"),
    ("build", "past"): marked("built", "built {things}"),
    ("complete", "would"): marked("would have built", "would have completed {things}"),
    ("extend", "would"): marked("would have built", "would have extended {things}"),
    ("start", "would"): marked("would have built", "would have started {things}"),
    ("build", "would"): marked("would have built", "would have built {things}"),
    ("complete", "would, more"): marked("would have built, more", "completed {things}"),
    ("extend", "would, more"): marked("would have built, more", "extended {things}"),
    ("start", "would, more"): marked("would have built, more", "started {things}"),
    ("build", "would, more"): marked("would have built, more", "built {things}"),
}
#: The things a placement builds, by kind, once and twice ("a run of C major", "two runs of C major").
_THING_WORDS = {
    ("new triad", 1): marked("built", "a triad"),
    ("new triad", 2): marked("built", "two triads"),
    ("could become", 1): marked("built", "a triad that could become {triads}"),
    ("could become", 2): marked("built", "two triads that could become {triads}"),
    ("new run", 1): marked("built", "a run of {key}"),
    ("new run", 2): marked("built", "two runs of {key}"),
    ("longer run", 1): marked("built", "a run of {key} to {count} notes"),
    ("longer run", 2): marked("built", "two runs of {key} to {count} notes"),
    ("nothing", 1): marked("built", "nothing yet"),
}


@dataclass(frozen=True)
class Advice:
    """The best cells for a die (board order), the points each scores, and one sentence why."""

    cells: tuple[Cell, ...]
    points: int
    sentence: str


def advice(position: Position, pitch: PitchLike, reader: Reader | None = None) -> Advice:
    """The cells where `pitch` scores most now, their points, and one theory sentence saying why, for
    `reader` (by default as the position reads, `Position.reading`)."""
    reader = position.reading(reader)
    pitch = _pitch(pitch, reader)
    points, best = position.best_placements(pitch)
    if not best:
        return Advice((), 0, sentence(reader.gettext("{die} fits nowhere on this board: pass it on."),
                                      die=pitch_label(pitch, reader, prose=True)))
    cells = tuple(best)
    cell = _most_instructive(position, pitch, cells)
    clauses = [_play_sentence(position, pitch, cell, points, "present", reader)]
    if len(cells) > 1:
        others = [position.board.cell_name(other) for other in cells if other != cell]
        clauses.append(phrase(reader.ngettext("{cells} scores as much", "{cells} score as much", len(others)),
            cells=or_list(others, reader)))
    if len(position.legal_placements(pitch)) == 1:
        clauses.append(reader.gettext("it is the only cell"))
    return Advice(cells, points, at_start(clause_list(clauses, reader.language)) + ".")


def _pitch(pitch: PitchLike, reader: Reader) -> int:
    """A die given by number, value or a name typed in the reader's convention."""
    return parse_pitch(pitch, reader.convention if isinstance(pitch, str) else "english")


def builds(position: Position, pitch: PitchLike, cell: Any, tense: str = "present",
           reader: Reader | None = None) -> str:
    """What a legal placement builds, in theory words: "completes the C major triad and starts a
    run of G major". `tense` is "present", "past" or "would" ("would have completed"); `reader` by
    default the position's (`Position.reading`). Made from the facts (what each run through the cell
    becomes), each part worded in the reader's language."""
    reader = position.reading(reader)
    pitch = _pitch(pitch, reader)
    cell = position.board.as_cell(cell)
    parts = _built(position, pitch, cell, reader)
    # completions, then longer runs, then new ones (a triad's "could become ... or ..." list last);
    # two equal new runs read "two runs of C major"
    order = sorted(dict.fromkeys(parts), key=lambda part: (_VERBS.index(part[0]),
                                                           part[1][0] in ("new triad", "could become")))
    things: dict[str, list[str]] = {}
    for verb, thing in order:
        things.setdefault(verb, []).append(_thing_words(thing, min(parts.count((verb, thing)), 2), reader))
    phrases = []
    for number, (verb, objects) in enumerate(things.items()):
        form = "would, more" if tense == "would" and number else tense
        phrases.append(phrase(reader.pgettext(*_VERB_WORDS[verb, form]), things=and_list(objects, reader)))
    return and_list(phrases, reader)


def _built(position: Position, pitch: int, cell: Cell, reader: Reader) -> list[tuple[str, tuple]]:
    """What the placement does, as facts: (verb, (kind of thing, its words...)) per run it touches."""
    key = reader.key or ""
    placement = position.play(pitch, cell, key)
    parts: list[tuple[str, tuple]] = [  # (a triad with its function, for a reader of Funktionstheorie)
        ("complete", ("completed", completed_with_function(structure, structure.names, reader)))
        for structure in placement.completed]
    for run in placement.position.runs_through(cell, key):
        if run.complete:
            continue
        if len(run.pitches) == 2 and run.kind == "triad":
            triads = tuple(structure_words.triad_names(run, reader)) if run.triads else ()
            parts.append(("start", ("could become", triads) if triads else ("new triad",)))
        elif len(run.pitches) == 2:
            parts.append(("start", ("new run", _key_words(run, reader))))
        else:
            parts.append(("extend", ("longer run", _key_words(run, reader), len(run.pitches))))
    return parts or [("build", ("nothing",))]


def _thing_words(thing: tuple, count: int, reader: Reader) -> str:
    """One thing a placement builds, once or twice, in `reader`'s language."""
    kind = thing[0]
    if kind == "completed":  # (a complete run named as an object: `structure_words.completed_words`)
        return thing[1]
    template = reader.pgettext(*_THING_WORDS[kind, count if (kind, count) in _THING_WORDS else 1])
    if kind == "could become":
        return template.format(triads=or_list(list(thing[1]), reader))
    if kind == "new run":
        return template.format(key=thing[1])
    if kind == "longer run":
        return template.format(key=thing[1], count=thing[2])
    return template


def runs_built(position: Position, pitch: PitchLike, cell: Any, key: PitchLike | Key | None = None
               ) -> list[Structure]:
    """The runs a legal placement makes or joins, what it completes first, then the longest, spelled
    in the lesson `key` (by default the position's reader's)."""
    cell = position.board.as_cell(cell)
    runs = position.place(pitch, cell).runs_through(cell, key)
    return sorted(runs, key=lambda run: (not run.complete, -len(run.pitches)))


def best_cell(position: Position, pitch: PitchLike) -> Cell | None:
    """The one best cell the coach talks about: the highest score, completing something on a tie."""
    pitch = parse_pitch(pitch)
    _, best = position.best_placements(pitch)
    return _most_instructive(position, pitch, tuple(best)) if best else None


def _play_sentence(position: Position, pitch: int, cell: Cell, points: int, tense: str,
                   reader: Reader) -> str:
    """"G on e7 completes the C major triad for 6 points", the die spelled as the board shows it."""
    return phrase(reader.gettext("{die} on {cell} {builds} for {points}"),
        die=die_label(position, pitch, cell, reader, prose=True), cell=position.board.cell_name(cell),
        builds=builds(position, pitch, cell, tense, reader),
        points=_points_words(position, cell, points, reader))


def die_label(position: Position, pitch: int, cell: Cell | None = None, reader: Reader | None = None,
              prose: bool = False) -> str:
    """The die's name as the board would show it on `cell` (its triad or key), or its default name,
    for `reader` (by default as the position reads, `Position.reading`); `prose`: as a sentence
    writes that name ("ré" for a French reader of solfège where the board shows "Ré")."""
    reader = position.reading(reader)
    if cell is None:
        return pitch_label(pitch, reader, prose=prose)
    cell = position.board.as_cell(cell)
    shown = frozenset(position.spelled(reader.key or "").names.items())
    return show_names(_names_on(position, shown, pitch, cell, reader.key or ""), reader, prose=prose)


@lru_cache(maxsize=256)
def _names_on(position: Position, _shown: frozenset[tuple[Cell, str]], pitch: int, cell: Cell,
              key: Key | str) -> tuple[str, ...]:
    """The English names `die_label` shows, remembered by everything they depend on: the dice
    (Position equality), the names the board shows already (its history: an equal position reached
    another way may name its dice otherwise) and the lesson key."""
    return position.place(pitch, cell).spelled(key).shown_names(cell)


def _points_words(position: Position, cell: Cell, points: int, reader: Reader) -> str:
    """"6 points", "6 points (3 ×2 on the honeypot)", in `reader`'s language."""
    factor = position.board.honeypots.get(cell, 1)
    text = phrase(reader.ngettext("{count} point", "{count} points", points), count=points)
    if factor > 1:
        text = phrase(reader.gettext("{points} ({base} ×{factor} on the honeypot)"),
            points=text, base=points // factor, factor=factor)
    return text


def _most_instructive(position: Position, pitch: int, cells: tuple[Cell, ...]) -> Cell:
    """Among equally scoring cells, the first that completes something, else the first."""
    for cell in cells:
        if position.completions(pitch, cell):
            return cell
    return cells[0]


def _key_words(run: Structure, reader: Reader) -> str:
    """The key a scale run is read in (the one the board spells its dice in)."""
    return structure_words.key_name(run, reader)


# ---- the value of a position --------------------------------------------------------------------------
def evaluate(state: Game | Position, dice_left: int | None = None, *, players: int = 2, lead: float = 0.0,
             depth: int = 0, leaf: str = "model", agent: str = "expert", rollouts: int = 32,
             seed: int = 0, engine: str = "auto") -> float:
    """The value of a game, or of a position about to be rolled on, for the player to move: their
    expected final margin (own final score minus the mean of the others'; in solitaire the expected
    final score), by expectimax over the twelve faces `depth` rolls deep, then a leaf estimate:
    `leaf="model"` (the linear value model of `muzlab.play.value`, fitted on expert games) or
    `leaf="rollouts"` (`rollouts` games to the end by `agent`, seeded by `seed`, played by `engine`:
    compiled with muzlab[fast] by "auto", the same values as "pure"; `Evaluator`).

    A Game is read whole (scores, dice left, whose move; with a die in hand, the value of its best
    option); a Position needs `dice_left` (dice not yet on the board) and counts `lead` as the current
    margin of the player about to roll, in a game of `players` seats.

    Accuracy against long rollouts (300 expert games to the end from each of 100 chance nodes of
    expert games, 2 players, 21 dice; benchmarks/bench_review.py): the root mean square difference is
    1.19 points at depth 0 and 1.06 at depth 1, of which the rollout means' own noise accounts for
    1.07; the value's own error is about 0.5 points at depth 0 and lost in that noise at depth 1.
    A review uses depth 0 (0.16 s for a 21-die game, 0.5 s for 42 dice; depth 1 takes 25 to 60 times
    longer).
    """
    if not isinstance(state, Game | Position):
        raise GameError("{state} is neither a Game nor a Position; evaluate one of those", state=repr(state))
    evaluator = Evaluator(players if isinstance(state, Position) else state.players, depth, leaf,
                          agent=agent, rollouts=rollouts, seed=seed, engine=engine)
    if isinstance(state, Position):
        if not isinstance(dice_left, int) or dice_left < 0:
            raise GameError("dice_left={dice_left}: say how many dice are still to be placed",
                            dice_left=repr(dice_left))
        return lead + margin(evaluator.chance(state, dice_left, 0), 0)
    seat, scores = state.current_player, state.scores
    if state.over:
        return margin(scores, seat)
    if state.phase in ("roll", "reroll"):
        future = evaluator.chance(state.position, state.supply + (state.phase == "reroll"), seat)
    else:
        opening = state.events[-1].source == "opening"  # (the roll of the die in hand, or its pass)
        again = state.phase == "bonus" or state.rolls_owed > 0 or opening
        options = evaluator.options(state.position, state.hand, seat, state.supply + 1, again,
                                    state.phase == "bonus", can_pass=not opening)
        future = evaluator.best(options, seat)[1]
    return margin([s + f for s, f in zip(scores, future, strict=True)], seat)


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

    if not isinstance(game, Game):
        raise GameError("{game} is not a Game; review a muzlab.Game (played, loaded or simulated)",
                        game=repr(game))
    expert = None if expert_seed is None else ExpertAgent(expert_seed)
    # (the expert chooses from the game as it stood, so it plays the events again; the rest is history)
    replay = None if expert is None else Game(game.players, game.board, game.rules, game.dice, game.seed)
    found = []
    for index, (event, before, _after) in enumerate(game.history()):
        if event.kind != "roll":  # a placement, pass or re-roll of the die in hand ("passed": a bonus play)
            choice = None if replay is None else expert.choose(replay)
            found.append(Decision(index, event.turn, event.player, event.source == "passed", before,
                                  event.pitch, event.cell, event, choice))
        if replay is not None:
            replay.apply(event)
    return found


#: Grades of a decision by its equity loss (points of expected final margin): best (exactly 0), then
#: up to each limit. Fitted so that, over 2,000 expert-against-greedy games (benchmarks/bench_review.py),
#: the expert's decisions with a choice are 98.7 % best, 1.1 % good, 0.2 % inaccuracy and no mistake,
#: while greedy's spread over every grade: 88.2 % best, 5.3 % good, 2.1 % inaccuracy, 3.2 % mistake and
#: 1.3 % blunder (greedy misses extra rolls and opens honeypots to the opponent).
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
GRADE_LIMITS = (0.0, 0.5, 2.0, 5.0)
#: Levels by error per move (the mean equity loss over decisions with a choice), each up to its limit.
#: In the same 2,000 games the expert is a master in 96 % of its games (expert in 68, advanced in 12), greedy
#: (0.22 a move on average) a master in 40 %, expert 18 %, advanced 12 %, intermediate 18 %, novice 11 %
#: and beginner 1.5 %; a random player (200 games against greedy and the expert) makes 1.2 a move in its
#: median game, between novice and beginner.
#: The documented bounds of a review's drift (see `summary`): per two-player game, and per roll in solitaire.
DRIFT_TOLERANCE = 10.0
SOLO_DRIFT_PER_ROLL = 2.5
LEVELS = (("master", 0.02), ("expert", 0.1), ("advanced", 0.3), ("intermediate", 0.6), ("novice", 1.2),
          ("beginner", float("inf")))


#: Each grade and level as a reader reads it (the review's columns keep the English values).
_GRADE_WORDS = {"best": marked("grade", "best"), "good": marked("grade", "good"),
                "inaccuracy": marked("grade", "inaccuracy"), "mistake": marked("grade", "mistake"),
                "blunder": marked("grade", "blunder")}
_LEVEL_WORDS = {"master": marked("level", "master"), "expert": marked("level", "expert"),
                "advanced": marked("level", "advanced"), "intermediate": marked("level", "intermediate"),
                "novice": marked("level", "novice"), "beginner": marked("level", "beginner")}


def grade_word(name: str, reader: Reader | None = None) -> str:
    """A grade (GRADES: "mistake") in `reader`'s language (by default plain English)."""
    return given(reader).pgettext(*_GRADE_WORDS[name])


def level_word(name: str, reader: Reader | None = None) -> str:
    """A level (LEVELS: "advanced") in `reader`'s language (by default plain English)."""
    return given(reader).pgettext(*_LEVEL_WORDS[name])


def grade(loss: float) -> str:
    """The grade of a decision that lost `loss` points of expected margin (GRADE_LIMITS)."""
    for name, limit in zip(GRADES, GRADE_LIMITS, strict=False):
        if loss <= limit:
            return name
    return GRADES[-1]


def level(error_per_move: float) -> str:
    """The level word for a mean equity loss per decision (LEVELS)."""
    return next(name for name, limit in LEVELS if error_per_move <= limit)


def values(game: Game, depth: int = 0) -> list[Assessment]:
    """The value facts of every decision of `game` (`muzlab.play.value.assess`), aligned with `decisions`."""
    return assess(game, Evaluator(game.players, depth))


_COLUMNS = ["turn", "seat", "player", "source", "action", "pitch", "cell", "points", "best_points",
            "best_cells", "loss", "legal_cells", "completed", "missed_completion", "missed_honeypot",
            "expert", "expert_points", "value_before", "luck", "best_value", "value", "equity_loss", "drift",
            "grade"]
_DTYPES = {"cell": object, "best_cells": object, "expert": object, "turn": int, "seat": int, "points": int,
           "best_points": int, "loss": int, "legal_cells": int, "expert_points": int,
           "missed_completion": bool, "missed_honeypot": bool, "value_before": float, "luck": float,
           "best_value": float, "value": float, "equity_loss": float, "drift": float}


def review(game: Game, expert_seed: int = 0, depth: int = 0, reader: Reader | None = None) -> pd.DataFrame:
    """One row per decision of `game` (see `decisions`), facts only: the die, the cell played and its
    points, the best immediate score and its cells, the loss, the expert's look-ahead choice and the
    value columns (`comments` says each row in words).

    The value columns are the deciding player's expected final margin (`evaluate`, `depth` rolls
    deep): `value_before` the die came, `best_value` of the best option, `value` of the option taken;
    `luck` = best_value − value_before for a decision started by a roll (every roll: turn, extra
    roll, re-roll; a passed die is no new chance, its luck is 0); `equity_loss` = best_value − value
    (≥ 0, exactly 0 on a best play); `grade` from GRADE_LIMITS; `drift` the estimate's own correction
    at the roll (see `summary`). The die and completion columns are named for `reader` (by default
    plain English)."""
    return review_decisions(decisions(game, expert_seed), values(game, depth), reader)


def review_decisions(moments: list[Decision], valued: list[Assessment],
                     reader: Reader | None = None) -> pd.DataFrame:
    """The `review` frame of decisions and their values already found (the Review widget finds them once)."""
    import pandas as pd  # pandas loads only for a frame: `import muzlab` stays light

    rows = review_rows(moments, valued, reader)
    # object columns keep None for "no cell" (a string column would turn it into NaN)
    return pd.DataFrame({column: pd.Series([row[column] for row in rows], dtype=_DTYPES.get(column))
                         for column in _COLUMNS})


def review_rows(moments: list[Decision], valued: list[Assessment],
                reader: Reader | None = None) -> list[dict]:
    """The rows of the `review` frame as plain dicts (no pandas: the homework edition has none), named
    for `reader` (by default plain English)."""
    reader = given(reader)
    return [_row(decision, assessment, reader) for decision, assessment in zip(moments, valued, strict=True)]


def _row(decision: Decision, assessment: Assessment, reader: Reader) -> dict:
    position, pitch, cell, event = decision.position, decision.pitch, decision.cell, decision.event
    board = position.board
    scores = position.legal_scores(pitch)
    best_points, best = position.best_placements(pitch)
    points = event.points if cell is not None else 0
    done = [] if cell is None else position.completions(pitch, cell, reader.key or "")
    completed = [completion(structure).label(reader) for structure in done]
    could_complete = any(position.completions(pitch, c) for c in scores)
    honey = any(s > points for c, s in scores.items() if c in board.honeypots)
    return {
        "turn": decision.turn,
        "seat": decision.seat,
        "player": f"Player {decision.seat + 1}",
        "source": "passed" if decision.passed_die else event.source,
        "action": "place" if cell is not None else event.kind,
        "pitch": die_label(position, pitch, cell, reader),
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
        "value_before": assessment.before,
        "luck": assessment.luck,
        "best_value": assessment.best,
        "value": assessment.made,
        "equity_loss": assessment.loss,
        "drift": assessment.drift,
        "grade": grade(assessment.loss),
    }


def comments(game: Game, reader: Reader | None = None) -> list[str]:
    """One sentence per decision of `game`, in the order of the `review` rows, for `reader` (by default
    as the game reads, `Game.reading`): the words at the edge."""
    reader = game.reading(reader)
    return [comment(moment.position, moment.pitch, moment.cell, moment.passed_die, reader)
            for moment in decisions(game)]


def comment(position: Position, pitch: PitchLike, cell: Any = None, passed_die: bool = False,
            reader: Reader | None = None) -> str:
    """One sentence on a decision (`cell` None: the die was not placed; `passed_die`: it was handed
    on by the previous player): what it built, or what the best cell would have built instead, for
    `reader` (by default as the position reads, `Position.reading`)."""
    reader = position.reading(reader)
    return at_start(_comment(position, _pitch(pitch, reader), cell, passed_die, reader))


def _comment(position: Position, pitch: int, cell: Any, passed_die: bool, reader: Reader) -> str:
    """`comment`'s words, its dice as a sentence writes them (in prose form where it begins with one)."""
    scores, board = position.legal_scores(pitch), position.board
    cell = None if cell is None else board.as_cell(cell)
    points = 0 if cell is None else position.score(pitch, cell)
    if len(position) == 0 and cell is not None:
        die, where = die_label(position, pitch, cell, reader, prose=True), board.cell_name(cell)
        if points == 0:
            return phrase(reader.gettext("The opening {die} went on {cell} and scored nothing."),
                die=die, cell=where)
        return phrase(reader.ngettext("The opening {die} went on {cell} for {points} point.",
                               "The opening {die} went on {cell} for {points} points.", points),
            die=die, cell=where, points=points)
    if not scores:
        if passed_die:
            return phrase(reader.gettext("The passed {die} fitted nowhere, so it was re-rolled."),
                die=pitch_label(pitch, reader, prose=True))
        return phrase(reader.gettext("Passed: {die} fitted nowhere on the board."),
            die=pitch_label(pitch, reader, prose=True))
    best = best_cell(position, pitch)
    best_points = scores[best]
    could = phrase(reader.gettext("{die} fitted on {cell}, where it {builds} for {points}"),
        die=die_label(position, pitch, best, reader, prose=True), cell=board.cell_name(best),
        builds=builds(position, pitch, best, "would", reader),
        points=_points_words(position, best, best_points, reader))
    if cell is None:
        if passed_die:
            return phrase(reader.gettext("The passed die was not placed, but {could}."), could=could)
        return phrase(reader.gettext("Passed, but {could}."), could=could)
    played = _play_sentence(position, pitch, cell, points, "past", reader)
    if points == best_points:
        if len(scores) == 1:
            return phrase(reader.gettext("{played}: the only cell."), played=played)
        return phrase(reader.gettext("{played}: the best there was."), played=played)
    if not position.completions(pitch, cell):
        played = phrase(reader.gettext("{die} on {cell} scored {points}"),
                        die=die_label(position, pitch, cell, reader, prose=True), cell=board.cell_name(cell),
                        points=points)
    return phrase(reader.gettext("{better}; {played}."),
        better=_play_sentence(position, pitch, best, best_points, "would", reader), played=played)


def summary(reviewed: pd.DataFrame) -> pd.DataFrame:
    """Per player from a `review` frame: points, points lost (immediate), share of best decisions (those
    with a legal cell, the opening die aside), completions and honeypots missed; and the fair figures:

    - `luck`: the sum of the luck of their rolls (in points of their own expected margin);
    - `skill`: minus the sum of their equity losses;
    - `luck_adjusted`: their points minus their luck. Between two players the difference of
      luck_adjusted is the final margin minus the luck of my rolls plus the luck of the opponent's,
      which equals the value at the first roll plus the difference of skill, up to the estimate's
      drift: the dice taken out. Over 2,000 expert-against-greedy games the effect size of the
      expert's lead (mean / sd of the per-game difference) is 0.124 on points and 0.585 luck-adjusted:
      (0.585 / 0.124)² = 22 times fewer games tell the two apart (benchmarks/bench_review.py);
    - `accuracy`: the share of decisions with a choice graded best or good, in %;
    - `error_per_move`: the mean equity loss over those decisions, and its `level` word (LEVELS).

    Per game, Player 1's final margin minus `value_before` of the first decision equals the sum over
    decisions of ±(luck − equity_loss + drift) (+ for Player 1's decisions, − for the other's, in a
    two-player game; in solitaire, the sum of luck − equity_loss + drift). The drift, the value model's
    correction from one roll to the next, stays within DRIFT_TOLERANCE points over a two-player game
    (its sd is about 2 points a game, against a margin sd of 19: Player 1's drift and Player 2's
    cancel). In solitaire nothing cancels it: it grows by about 1.3 points a roll (the optimism of
    taking the best of several estimates), within SOLO_DRIFT_PER_ROLL a roll. With three or four
    players each roll's luck is measured in the roller's own margin, and the sum holds seat by seat
    only approximately."""
    import pandas as pd  # pandas loads only for a frame: `import muzlab` stays light

    return pd.DataFrame(summary_rows(reviewed.to_dict("records")))


def summary_rows(reviewed: list[dict]) -> list[dict]:
    """`summary` of `review` rows given as dicts (`review_rows`), one dict per player, without pandas."""
    rows = []
    for seat, player in sorted({(int(row["seat"]), row["player"]) for row in reviewed}):
        rows_of = [row for row in reviewed if int(row["seat"]) == seat and row["player"] == player]
        chosen = [row for row in rows_of if row["legal_cells"] > 0 and row["source"] != "opening"]
        points, luck = int(sum(row["points"] for row in rows_of)), math.fsum(row["luck"] for row in rows_of)
        error = math.fsum(row["equity_loss"] for row in chosen) / len(chosen) if chosen else 0.0
        rows.append({
            "player": player,
            "points": points,
            "points_lost": int(sum(row["loss"] for row in rows_of)),
            "decisions": len(chosen),
            "best_share": sum(row["loss"] == 0 for row in chosen) / len(chosen) if chosen else 1.0,
            "completions_missed": sum(bool(row["missed_completion"]) for row in chosen),
            "honeypots_missed": sum(bool(row["missed_honeypot"]) for row in chosen),
            "luck": luck,
            "skill": -math.fsum(row["equity_loss"] for row in rows_of),
            "luck_adjusted": points - luck,
            "accuracy": 100.0 * sum(row["grade"] in GRADES[:2] for row in chosen) / len(chosen) if chosen
            else 100.0,
            "error_per_move": error,
            "level": level(error),
        })
    return rows


# ---- learning from a mistake --------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """Why a decision was a mistake, as rule facts: the cell of best value for the die and its points,
    what it completes (an extra roll), whether it is the only cell where the die completes anything
    and its honeypot factor; what was played instead and its points; whether that play left the best
    cell closed to the die (`blocked`); `opens`: when the play leaves a richer placement for the next
    roll than the best cell does, that placement (pitch, cell, points) and the most the best cell
    leaves; the equity lost; and every cell graded best or good (`better`)."""

    pitch: int
    best: Cell
    best_points: int
    completes: tuple[Completion, ...]
    only_completion: bool
    honeypot: int
    played: Cell | None
    played_points: int
    blocked: bool
    opens: tuple[int, Cell, int, int] | None
    loss: float
    better: tuple[Cell, ...]


def lesson(decision: Decision, assessment: Assessment) -> Lesson | None:
    """The Lesson of a decision graded inaccuracy or worse whose best option is a cell; else None."""
    if GRADES.index(grade(assessment.loss)) < GRADES.index("inaccuracy"):
        return None
    position, pitch, played = decision.position, decision.pitch, decision.cell
    cells = [(cell, value) for cell, value in assessment.options if cell is not None]
    better = tuple(cell for cell, value in cells if grade(assessment.best - value) in GRADES[:2])
    if not better:
        return None
    best = max(cells, key=lambda option: option[1])[0]
    completes = tuple(completion(s) for s in position.completions(pitch, best))
    others = [cell for cell, _ in cells if cell != best and position.completions(pitch, cell)]
    blocked = played is not None and best not in position.place(pitch, played).legal_placements(pitch)
    return Lesson(pitch, best, position.score(pitch, best), completes, bool(completes) and not others,
                  position.board.honeypots.get(best, 1), played,
                  0 if played is None else position.score(pitch, played), blocked,
                  _opens(position, pitch, best, played), assessment.loss, better)


def _opens(position: Position, pitch: int, best: Cell,
           played: Cell | None) -> tuple[int, Cell, int, int] | None:
    """The richest placement the play leaves for the next roll, with the most the best cell leaves, when
    the play leaves more elsewhere than on the best cell itself (None otherwise, or when nothing was
    placed)."""
    if played is None:
        return None
    left, instead = _top_placement(position.place(pitch, played)), _top_placement(position.place(pitch, best))
    if left is None or left[1] == best or left[2] <= (0 if instead is None else instead[2]):
        return None
    return (*left, 0 if instead is None else instead[2])


def _top_placement(position: Position) -> tuple[int, Cell, int] | None:
    """(pitch, cell, points) of the highest-scoring placement on `position` (the first of equals)."""
    found = None
    for pitch, scores in position.chance_outcomes():
        for cell, points in scores.items():
            if found is None or points > found[2]:
                found = (pitch, cell, points)
    return found


def lesson_problems(position: Position, found: Lesson) -> list[str]:
    """Every fact of a Lesson the rules do not confirm on `position` (empty: all confirmed)."""
    pitch, legal = found.pitch, position.legal_placements(found.pitch)
    checks = {
        "the best cell is legal": found.best in legal and set(found.better) <= set(legal),
        "its points": found.best in legal and position.score(pitch, found.best) == found.best_points,
        "what it completes": found.best in legal and tuple(
            completion(s) for s in position.completions(pitch, found.best)) == found.completes,
        "the only completion": found.only_completion == (bool(found.completes) and not any(
            position.completions(pitch, cell) for cell in legal if cell != found.best)),
        "the honeypot": position.board.honeypots.get(found.best, 1) == found.honeypot,
        "the play's points": (found.played is None
                              or position.score(pitch, found.played) == found.played_points),
        "the block": found.blocked == (found.played is not None and found.best not in
                                       position.place(pitch, found.played).legal_placements(pitch)),
        "what the play leaves": found.opens == _opens(position, pitch, found.best, found.played) and (
            found.opens is None
            or position.place(pitch, found.played).score(*found.opens[:2]) == found.opens[2]),
    }
    return [name for name, holds in checks.items() if not holds]


def lesson_text(position: Position, found: Lesson, reader: Reader | None = None) -> str:
    """The Lesson in words: what the best cell builds, why it stands out, what the play did instead,
    for `reader` (by default as the position reads, `Position.reading`)."""
    reader = position.reading(reader)
    board, pitch = position.board, found.pitch
    name, best = die_label(position, pitch, found.best, reader, prose=True), board.cell_name(found.best)
    sentences = [_play_sentence(position, pitch, found.best, found.best_points, "would", reader)]
    if found.completes:
        sentences[0] = phrase(reader.gettext("{sentence} and earned an extra roll"), sentence=sentences[0])
    if found.only_completion:
        sentences[0] = phrase(reader.gettext("{sentence}: {cell} was the only cell where {die} completed "
                                             "anything"), sentence=sentences[0], cell=best, die=name)
    if found.played is None:
        sentences.append(reader.gettext("It was passed instead"))
    else:
        played = phrase(reader.gettext("{die} on {cell} scored {points}"),
            die=die_label(position, pitch, found.played, reader, prose=True),
            cell=board.cell_name(found.played),
            points=_points_words(position, found.played, found.played_points, reader))
        if found.blocked:
            played = phrase(reader.gettext("{sentence}, and after it {cell} no longer takes {die}"),
                sentence=played, cell=best, die=name)
        if found.opens is not None:
            face, cell, points, instead = found.opens
            after = position.place(pitch, found.played)
            played = phrase(reader.ngettext(
                "{sentence}; it left {die} on {cell} worth {points} points to the next roll, where {best} "
                "would have left at most {most}",
                "{sentence}; it left {die} on {cell} worth {points} points to the next roll, where {best} "
                "would have left at most {most}", points),
                sentence=played, die=die_label(after, face, cell, reader, prose=True),
                cell=board.cell_name(cell), points=points, best=best, most=instead)
        sentences.append(played)
    sentences.append(phrase(reader.gettext("Over the rest of the game that cost about {loss} points."),
        loss=number_words(found.loss, reader, 1)))
    return ". ".join(map(at_start, sentences))


# ---- standings -------------------------------------------------------------------------------------------
def standings(games: list[tuple[Game, list[str]]], by: str = "luck_adjusted_margin") -> pd.DataFrame:
    """A table of players over several games (each game with the name of the player in each seat): games
    played, and per game the mean points, margin (points minus the mean of the opponents'), luck,
    luck-adjusted margin (the margin minus the player's luck plus the mean of the opponents' luck: the
    dice taken out, so it shows who played better in far fewer games) and accuracy; ranked `by`
    "luck_adjusted_margin", "margin" or "points"."""
    import pandas as pd  # pandas loads only for a frame: `import muzlab` stays light

    columns = ["points", "margin", "luck", "luck_adjusted_margin", "accuracy"]
    if by not in ("luck_adjusted_margin", "margin", "points"):
        raise UnknownSetting("rank by 'luck_adjusted_margin', 'margin' or 'points', not {by}", by=repr(by))
    rows = []
    for game, names in games:
        if len(names) != game.players:
            raise GameError("{names} for a game of {players}",
                            names=Count(len(names), "{count} name", "{count} names"),
                            players=Count(game.players, "{count} player", "{count} players"))
        table = summary(review(game, reader=PLAIN))  # (the names are not read: a plain reader)
        for seat, row in enumerate(table.itertuples()):
            others = (float(table["luck"].sum()) - row.luck) / max(game.players - 1, 1)
            luck = row.luck - others if game.players > 1 else row.luck
            won = margin(game.scores, seat)
            rows.append({"name": names[seat], "points": row.points, "margin": won, "luck": row.luck,
                         "luck_adjusted_margin": won - luck, "accuracy": row.accuracy})
    frame = pd.DataFrame(rows, columns=["name", *columns])
    table = frame.groupby("name", sort=True).agg(games=("points", "size"),
                                                 **{column: (column, "mean") for column in columns})
    table = table.sort_values([by, "name"], ascending=[False, True], kind="stable").reset_index()
    table.insert(0, "rank", range(1, len(table) + 1))
    return table
