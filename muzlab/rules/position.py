"""A position: dice on a board under a rule set. It answers what is legal, why not, and what scores.

Positions are immutable; `place` returns a new one. The legal pitches of every empty cell come from
the mask engine (muzlab.rules.engine), computed lazily; a child recomputes only what its new die touches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from muzlab.core.board import Board
from muzlab.core.errors import (
    CellOccupied,
    IllegalPlacement,
    InvalidCell,
    InvalidPosition,
    UnknownSetting,
    Worded,
    shown,
)
from muzlab.core.hexgrid import LINE_NAMES, Cell
from muzlab.core.pitch import PitchLike, parse_pitch, pitch_name
from muzlab.core.refusal import Refusal
from muzlab.names import position_words
from muzlab.names.board_spelling import BoardSpelling, spell_board
from muzlab.names.letters import key_notes
from muzlab.names.reader import PLAIN, Key, Reader
from muzlab.names.refusal_words import reasons_text, refusal_text
from muzlab.names.spelling import show_name
from muzlab.rules.engine import EMPTY, PITCHES_OF, TALLY_BITS, TALLY_FIELD, Engine, layout_of
from muzlab.rules.notation import read_notation, write_notation
from muzlab.rules.refusals import Refusals
from muzlab.rules.ruleset import RuleSet
from muzlab.rules.structure import Structure, structure_of, structures_through

#: The names a die shows, as values: one, or two where its lines disagree ("D#", "Eb").
Names = tuple[str, ...]
#: The faces of the twelve-sided die, each as likely (`Position.chance_outcomes`).
FACES = range(12)
#: What a position has worked out of its structures before it is first asked (shared, read-only).
NOTHING_YET: Mapping = MappingProxyType({})


@dataclass(frozen=True)
class Placement:
    """What a placement did: the position after it, the points it earned, what it completed."""

    position: Position
    points: int
    completed: list[Structure]


class ScoreBreakdown(NamedTuple):
    """What a placement scores, as facts: the die itself (1, or 0 for an opening die that scores
    nothing under the house rule), the other dice of each run it joins (line name, count), the
    honeypot factor and the total (`Position.score`)."""

    die: int
    runs: tuple[tuple[str, int], ...]
    factor: int
    total: int


class Step(NamedTuple):
    """A placement as facts, the fast path a game takes (`Position.step`): no Structure is built."""

    position: Position  # the position after it
    cell: Cell
    points: int  # honeypot included; the opening die's only under `rules.opening_scores`
    completed: list[tuple[str, int, str]]  # (kind, root or tonic, quality or scale type) of each


_step = tuple.__new__  # a Step made without NamedTuple's keyword handling (a game's hot path)


class _Spellings:
    """The board's spelling a refused placement's dice are named by, for the lesson key of the reader
    who reads the refusal: the position's spelling in that key. Pickled (a worker's error reaches the
    process that started it), it keeps only the spelling of the key in force where it was raised."""

    def __init__(self, position: Position | None, raised: BoardSpelling):
        self.position, self.raised = position, raised

    def of(self, reader: Reader) -> BoardSpelling:
        """The spelling in `reader`'s lesson key (the one in force where it was raised, once pickled)."""
        return self.raised if self.position is None else self.position.spelled(reader.key or "")

    def __reduce__(self) -> tuple:
        return _Spellings, (None, self.raised)


def _refusal_words(refusal: Refusal, board: Board, spellings: _Spellings, reader: Reader) -> str:
    """A refused placement's rule as `reader` reads it, its dice named in the reader's own lesson key."""
    return refusal_text(refusal, board, spellings.of(reader), reader)


def _spell(position: Position, key: Key | None) -> BoardSpelling:
    """Spell `position` from its dice alone (never from the order they came in: a finished board rebuilt
    from its notation reads as the game showed it), with each die's name in its own runs alone."""
    spelling = spell_board(position.dice, key_notes=key_notes(key), preferred=position._alone_labels(),
                           scale_types=position.rules.scale_types)
    return position._spellings.setdefault(key, spelling)  # (another thread's, if it spelled it first)


#: The most dice on a board whose game names each placed die as the whole board spells it
#: (`muzlab.play.game_words`): twice the master board's 91 cells. Past it (a custom board only) a die
#: is named by its runs alone: spelling a board that large costs seconds a move.
HISTORY_SPELLED = 182

class Position:
    """Dice on a board: `dice` maps (q, r) to a pitch class; ask it what is legal and what scores.

    The legal masks, runs and points are its mask engine's (`_engine`, a `muzlab.rules.engine.Engine`,
    composed): a position adds the structures, the board's spelling and the public API on top.
    """

    __slots__ = ("board", "rules", "_engine", "_dice", "_by_pitch", "_structures", "_alone", "_parent",
                 "_placed_at", "_spellings")
    #: The class of the runs it hands out (`structures`, `runs_through`, `completions`): the notebook's
    #: position (`muzlab.notebook`) hands out runs that speak as the notebook chose.
    structure_type: ClassVar[type[Structure]] = Structure

    def __init__(
        self,
        board: Board | str | None = None,
        dice: Mapping[Any, PitchLike] | None = None,
        rules: RuleSet | str | None = None,
        *,
        strict: bool = True,
    ):
        board = _resolve_board(board)
        rules = _resolve_rules(rules)
        grid, index = [EMPTY] * len(board.cells), board.index
        _check_mapping(dice)
        for cell, pitch in (dice or {}).items():
            # (q, r) ints and pitch classes 0-11 read directly; anything else parsed (names, checks)
            i = index.get(cell) if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int \
                and type(cell[1]) is int else None
            if i is None:
                i = board.cell_index(cell)
            if grid[i] != EMPTY:  # the same cell twice, once as (q, r) and once by its name
                raise InvalidCell("cell {name} is given twice ({given} is {cell}); give each cell once",
                                  name=board.cell_names[i], given=repr(cell), cell=board.cells[i])
            grid[i] = pitch if type(pitch) is int and 0 <= pitch < 12 else self.typed_pitch(pitch)
        self._adopt(Engine(board, rules, grid, layout_of(board), rules.checks()))
        if strict and dice and not self._engine._valid():
            problems = position_words.problems(self, self.reading(None))  # (the error keeps them worded)
            if problems:
                refusals = tuple(problem.refusal for problem in problems)
                raise InvalidPosition("these dice break the rules: {reasons}.", problems=problems,
                                      reasons=Worded(reasons_text(refusals, board, PLAIN), reasons_text,
                                                     refusals, board))

    def _adopt(self, engine: Engine) -> None:
        """Stand on `engine` (its dice, masks and tables), with nothing worked out yet above it (`_child`
        writes the same out for a position played from another)."""
        self.board = engine.board
        self.rules = engine.rules
        self._engine = engine
        #: legal cells of every pitch, once asked twice (None: never asked, (): asked once): the
        #: cells pitch by pitch, and where each pitch's cells start
        self._by_pitch: tuple[list[Cell], tuple[int, ...]] | tuple[()] | None = None
        self._dice: Mapping[Cell, int] | None = None
        #: what is on the board, worked out once when asked (a position never changes): every run
        #: as a Structure (per lesson key), each die's name in its own run alone, and the board's
        #: spelling per lesson key
        self._structures: Mapping[Key | None, tuple[Structure, ...]] = NOTHING_YET
        self._alone: dict[Cell, str] | None = None
        self._spellings: dict[str | None, BoardSpelling] = {}
        #: the position this one was played from (`place`), whose names a game has shown already
        self._parent: Position | None = None
        self._placed_at = -1  # (the cell index of the die placed on the parent)

    @classmethod
    def standard(cls, rules: RuleSet | str | None = None) -> Position:
        """An empty position on the standard board (under `rules`, by default the basic ones)."""
        return cls(Board.standard(), None, rules)

    def reading(self, reader: Reader | None) -> Reader:
        """The reader a call given `reader` means: that one, else plain English (`PLAIN`), whose
        convention also reads typed note names. The notebook's front door (`muzlab.Position`,
        `muzlab.notebook`) answers with the notebook's default reader instead."""
        return PLAIN if reader is None else reader

    def _lesson(self, key: PitchLike | Key | None) -> Key | None:
        """The lesson key a call means: the one given ("F#", a Key; "" for none), else the reader's
        (`reading`)."""
        if key is None:
            return self.reading(None).key
        return Key.of(key, self.reading(None).convention)

    def typed_pitch(self, pitch: PitchLike, reader: Reader | None = None) -> int:
        """A pitch class given to a method a person calls: a typed name is read in `reader`'s
        convention (by default `reading`'s); a SpelledNote (`Reader.note`) is read as itself."""
        if type(pitch) is int and 0 <= pitch < 12:
            return pitch
        return parse_pitch(pitch, self.reading(reader).convention if isinstance(pitch, str) else "english")

    def release(self) -> None:
        """Drop what is rebuilt when asked (`Engine._release`): a game's past positions keep a few KB."""
        self._engine._release()
        self._by_pitch = self._dice = None

    # ---- reading the position -------------------------------------------------------------------
    @property
    def dice(self) -> Mapping[Cell, int]:
        """Read-only mapping of (q, r) to pitch class, in board order."""
        if self._dice is None:
            cells = self.board.cells
            self._dice = MappingProxyType(
                {cells[i]: p for i, p in enumerate(self._engine._grid) if p != EMPTY}
            )
        return self._dice

    def __len__(self) -> int:
        return self._engine._count

    @property
    def parent(self) -> Position | None:
        """The position this one was played from (`place`, `step`), or None: a game's positions chain."""
        return self._parent

    def pitch_at(self, cell: Any) -> int | None:
        """The pitch class on a cell, or None when it is empty."""
        pitch = self._engine._grid[self.board.cell_index(cell)]
        return None if pitch == EMPTY else pitch

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self._engine._grid == other._engine._grid
            and self.board == other.board
            and self.rules == other.rules
        )

    def __hash__(self) -> int:
        return hash((self.board, self.rules.name, tuple(self._engine._grid)))

    # ---- legality -----------------------------------------------------------------------------
    def legal_placements(self, pitch: PitchLike, reader: Reader | None = None) -> list[Cell]:
        """Sorted cells where `pitch` may be placed now (a typed name read as `reader` reads)."""
        pitch = pitch if type(pitch) is int and 0 <= pitch < 12 else self.typed_pitch(pitch, reader)
        by_pitch = self._by_pitch
        if by_pitch:  # every pitch's cells are sorted out already
            flat, starts = by_pitch
            return flat[starts[pitch]:starts[pitch + 1]]  # (a slice of a list is a new list)
        cells, engine = self.board.cells, self._engine
        if by_pitch is None and engine._masks is not None:
            # The first question about a position whose masks came from its parent, as in a game:
            # often the only one (the die in hand), so it is answered alone.
            self._by_pitch = ()
            bit, found = 1 << pitch, []
            for i, mask in engine._masks.items():  # (a plain loop: a comprehension is a call per question)
                if mask & bit:
                    found.append(cells[i])
            found.sort()  # (a board's cells are sorted: their order is their indices' order)
            return found
        # Asked again, or a position studied from its dice: every pitch at once.
        lists: list[list[Cell]] = [[] for _ in range(12)]  # (a list comprehension: one call, not 13)
        masks = engine._legal_masks()
        for i in sorted(masks):
            cell = cells[i]
            for legal in PITCHES_OF[masks[i]]:
                lists[legal].append(cell)
        # Kept flat, every pitch's cells in one list and where each pitch starts in a tuple:
        # thirteen containers per position would keep the garbage collector busy.
        flat, starts = [], [0]
        for found in lists:  # (a plain loop costs less than chain and accumulate over twelve short lists)
            flat += found
            starts.append(len(flat))
        self._by_pitch = (flat, tuple(starts))
        return lists[pitch]

    def legal_scores(self, pitch: PitchLike) -> dict[Cell, int]:
        """Each legal cell for `pitch` with the points a placement there would earn."""
        pitch = parse_pitch(pitch)
        score, index = self._engine._cell_score, self.board.index
        return {cell: score(index[cell]) for cell in self.legal_placements(pitch)}

    def chance_outcomes(self) -> list[tuple[int, dict[Cell, int]]]:
        """A roll as a chance node: each face (1/12 likely) with its legal cells and their points ({}: it
        fits nowhere); the one loop over the faces of the agents, the coach and the value model."""
        score, index = self._engine._cell_score, self.board.index
        return [(face, {cell: score(index[cell]) for cell in self.legal_placements(face)}) for face in FACES]

    def best_placements(self, pitch: PitchLike) -> tuple[int, list[Cell]]:
        """The most points `pitch` can score now and the cells (sorted) where it scores them: the one
        answer the coach, hints, puzzles and worksheets read; (0, []) when it fits nowhere."""
        scores = self.legal_scores(pitch)
        points = max(scores.values(), default=0)
        return points, [cell for cell, score in scores.items() if score == points] if scores else []

    def legal_moves(self) -> Iterator[tuple[int, Cell]]:
        """Every legal (pitch, cell), by pitch then cell."""
        for pitch in range(12):
            for cell in self.legal_placements(pitch):
                yield pitch, cell

    def is_locked(self) -> bool:
        """True when no pitch class has a legal placement anywhere."""
        engine = self._engine
        if engine._tally is not None:  # (a game's positions: their count of legal cells is kept)
            return engine._tally == 0
        masks = engine._masks if engine._masks is not None else engine._legal_masks()  # (a call saved)
        return not any(masks.values())

    def legal_count(self, pitch: int) -> int:
        """How many cells the pitch class `pitch` (0-11) may go to now: what a game records of each
        placement and pass, counted without listing the cells (a replay asks it of every move)."""
        tally = self._engine._tally
        if tally is None:  # (once per game: `Engine.legal_count` counts, and a child keeps the tally)
            return self._engine.legal_count(pitch)
        return tally >> TALLY_BITS * pitch & TALLY_FIELD  # (a replay asks every move: no call more)

    def refusal(self, pitch: PitchLike, cell: Any, reader: Reader | None = None) -> Refusal | None:
        """Which rule the placement breaks, as facts (the rule, the run it concerns), or None when it
        is legal: what `muzlab.names.position_words.explain` puts in words. CellOffBoard when the cell
        is not on the board."""
        pitch = self.typed_pitch(pitch, reader)
        return Refusals(self._engine).first(pitch, self._index(cell))

    def score(self, pitch: PitchLike, cell: Any) -> int:
        """Points the placement would earn, honeypot included; IllegalPlacement if it is illegal."""
        pitch, i = self._check_placement(pitch, cell)
        return self._engine._cell_score(i)

    def score_breakdown(self, pitch: PitchLike, cell: Any) -> ScoreBreakdown:
        """The sum behind `score`: the die, each run's other dice, the honeypot; IllegalPlacement if
        the placement is illegal. The one place the quiz, worksheets and coach read points from."""
        pitch, i = self._check_placement(pitch, cell)
        factor, engine = self.board.multiplier[i], self._engine
        if engine._count == 0 and not self.rules.opening_scores:
            return ScoreBreakdown(0, (), factor, 0)
        runs = []
        for line in range(3):
            below, above = engine._line_runs(line, i)
            if below or above:
                runs.append((LINE_NAMES[line], len(below) + len(above)))
        total = (1 + sum(count for _, count in runs)) * factor
        return ScoreBreakdown(1, tuple(runs), factor, total)

    def place(self, pitch: PitchLike, cell: Any, reader: Reader | None = None) -> Position:
        """The position after the placement; IllegalPlacement (with `.reason`) if it is illegal. A
        typed name is read as `reader` reads (by default `reading`'s: plain English)."""
        pitch, i = self._check_placement(pitch, cell, reader)
        return self._child(pitch, i)

    def play(self, pitch: PitchLike, cell: Any, key: PitchLike | Key | None = None) -> Placement:
        """Place and say what it earned: the new position, the points, the completions (in `key`)."""
        pitch, i = self._check_placement(pitch, cell)
        child = self._child(pitch, i)
        return Placement(child, self._engine._cell_score(i), child._completed_through(i, self._lesson(key)))

    def step(self, pitch: PitchLike, cell: Any, release: bool = False) -> Step:
        """Place and read what it earned as facts, in one look at the new die's three runs: what
        `play` tells, without building a Structure (a game's hot path). IllegalPlacement if illegal.
        With `release`, this position is released as its child is made, and hands it its masks."""
        pitch, i = self._check_placement(pitch, cell)
        child = self._child(pitch, i, release)
        if release:
            self.release()
        points, facts = child._engine._placed(i, self._engine._count > 0 or self.rules.opening_scores)
        return _step(Step, (child, self.board.cells[i], points, facts))

    def completions(self, pitch: PitchLike, cell: Any, key: PitchLike | Key | None = None) -> list[Structure]:
        """The triads and scales the placement would complete (an extra roll each), spelled in `key`."""
        pitch, i = self._check_placement(pitch, cell)
        return self._child(pitch, i)._completed_through(i, self._lesson(key))

    def _child(self, pitch: int, i: int, give: bool = False) -> Position:
        """The position after pitch on cell i, on its engine's child (`Engine.child`: masks updated
        from this one's if known; with `give`, this position's grid and masks become the child's)."""
        child = object.__new__(type(self))  # (`_adopt` written out: a game's hot path, once per move)
        child._engine = self._engine.child(pitch, i, give)
        child.board = self.board
        child.rules = self.rules
        child._by_pitch = child._dice = child._alone = None
        child._structures = NOTHING_YET
        child._spellings = {}
        child._parent = self
        child._placed_at = i
        return child

    def _completed_through(self, i: int, key: Key | None) -> list[Structure]:
        """Complete runs through the occupied cell i, spelled in the lesson `key`; runs too short to
        be complete are not built."""
        found = []
        for line, run in self._engine._long_runs_through(i):
            structure = structure_of(self, line, run, key)
            if structure.complete:
                found.append(structure)
        return found

    def _check_placement(self, pitch: PitchLike, cell: Any, reader: Reader | None = None) -> tuple[int, int]:
        if not (type(pitch) is int and 0 <= pitch < 12):
            pitch = self.typed_pitch(pitch, reader)
        i, engine = self._index(cell), self._engine
        masks = engine._masks if engine._masks is not None else engine._legal_masks()  # (a call saved)
        if not masks.get(i, 0) >> pitch & 1:
            refusal = Refusals(engine).first(pitch, i)
            error = CellOccupied if refusal.rule == "occupied" else IllegalPlacement
            # (str(): the dice named in the caller's key)
            spelled = self.spelled(self.reading(reader).key or "")
            why = Worded(refusal_text(refusal, self.board, spelled, PLAIN), _refusal_words, refusal,
                         self.board, _Spellings(self, spelled))  # (worded anew for a person's reader)
            # TRANSLATORS: a refused placement: the rule it breaks, translated on its own.
            raise error("{why}", pitch=pitch, cell=self.board.cells[i], refusal=refusal, why=why)
        return pitch, i

    def _index(self, cell: Any) -> int:
        """Index of a cell given as (q, r) or by name; CellOffBoard when it is not on the board."""
        if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int:
            i = self.board.index.get(cell)  # the common case, without parsing
            if i is not None:
                return i
        return self.board.cell_index(cell)

    # ---- what is on the board ------------------------------------------------------------------------
    def structures(self, key: PitchLike | Key | None = None) -> list[Structure]:
        """Every run of two or more dice, columns first, each with what it is or could become; its
        notes as the board names them (`labels`), in the lesson `key` ("F#", a Key; "" for none; by
        default the reader's, `reading`)."""
        key, runs_on = self._lesson(key), self._engine._runs_on
        found = self._structures.get(key)
        if found is None:
            if self._structures is NOTHING_YET:  # (most positions of a game are never asked)
                self._structures = {}
            found = self._structures[key] = tuple(
                structure_of(self, line, run, key)
                for line in range(3) for cells in self.board.lines[line]
                for run in runs_on(cells) if len(run) >= 2)
        return list(found)

    def labels(self, key: PitchLike | Key | None = None, reader: Reader | None = None) -> dict[Cell, str]:
        """The name shown on every die, as `reader` reads it (docs/rules.md section 10).

        The board is spelled as a whole (`spelled`): every pair of neighbouring dice reads right
        wherever single sharps and flats allow, with the fewest accidentals, then the lesson `key`
        ("F#"; by default the reader's), then each run's own spelling: a function of the dice, whatever
        order they were placed in. A die whose
        lines cannot agree shows both names ("D#/Eb"); each line's text uses the one that fits it.
        `reader` is by default `reading`'s: plain English, or the notebook's for `muzlab.Position`.
        """
        return {cell: "/".join(names) for cell, names in self.die_names(key, reader).items()}

    def die_names(self, key: PitchLike | Key | None = None,
                  reader: Reader | None = None) -> dict[Cell, tuple[str, ...]]:
        """The names every die shows, as values for `reader` (by default `reading`'s): one, or
        both by letter (("D♯", "E♭")) where its lines disagree; what `labels` joins, for pictures that
        lay the two out apart (never split back out of a label)."""
        reader = self.reading(reader)
        spelled = self.spelled(reader.key or "" if key is None else key)
        return {cell: tuple(show_name(name, reader) for name in spelled.shown_names(cell))
                for cell in spelled.names}

    def spelled(self, key: PitchLike | Key | None = None) -> BoardSpelling:
        """The board's spelling as values (English names per die and per line), worked out once per
        lesson key: `muzlab.names.board_spelling.spell_board` over the dice and each die's name in its
        own runs alone, a function of the dice (not of the order of play). `key`: a lesson key ("F#",
        a Key; "" for none; by default the reader's, `reading`)."""
        key = key if type(key) is Key else self._lesson(key)
        spelling = self._spellings.get(key)
        return _spell(self, key) if spelling is None else spelling

    def renamed(self, key: PitchLike | Key | None = None) -> list[tuple[Cell, Names, Names]]:
        """Dice this position names differently from the position it was played from, as (cell, old
        names, new names) in English (`BoardSpelling.shown_names`: one name, or two where its lines
        disagree): what a new line through them needed (empty for a position not reached by `place`)."""
        if self._parent is None:
            return []
        key = self._lesson(key)
        before, after = self._parent.spelled(key or ""), self.spelled(key or "")
        named = ((cell, before.shown_names(cell), after.shown_names(cell)) for cell in before.names)
        return [change for change in named if change[1] != change[2]]

    def alone_label(self, cell: Any) -> str:
        """The die on `cell` named by its runs alone (English): a game's name for it past HISTORY_SPELLED."""
        return self._alone_label(self._index(cell))

    def _alone_label(self, i: int) -> str:
        """The name `_alone_labels` gives the die on cell i, from the runs through it alone."""
        order = {(True, "triad"): 0, (True, "scale"): 1, (False, "triad"): 2, (False, "scale"): 3}
        cell, best = self.board.cells[i], None
        for structure in structures_through(self, i):
            rank = (order[structure.complete, structure.kind], -len(structure.cells))
            if best is None or rank < best[0]:
                best = (rank, structure.alone()[structure.cells.index(cell)])
        return pitch_name(self._engine._grid[i]) if best is None else best[1]

    def _alone_labels(self) -> dict[Cell, str]:
        """Each die's name in one run through it spelled alone (`_alone_names`), worked out once: from
        the parent's where it has them, only the dice on the runs through the placed die named anew."""
        if self._alone is None:
            parent = self._parent
            if parent is not None and parent._alone is not None and self._placed_at >= 0:
                self._alone = _alone_names_after(self, parent._alone, self._placed_at)
            else:
                self._alone = _alone_names(self)
        return self._alone

    def runs_through(self, cell: Any, key: PitchLike | Key | None = None) -> list[Structure]:
        """The runs of two or more dice through an occupied cell (what a die there engages), in `key`."""
        return structures_through(self, self._index(cell), self._lesson(key))

    def broken(self) -> list[Refusal]:
        """Every way these dice break the rules, as facts (`Refusals.broken`: illegal runs, and dice cut
        off from the others); `muzlab.names.position_words.problems` says them."""
        return Refusals(self._engine).broken()

    # ---- notation -----------------------------------------------------------------------------------
    def notation(self) -> str:
        """Compact text that reads back to an equal position (muzlab.rules.notation), e.g.
        "standard C@0,0 E@0,-1"; `repr` uses it."""
        return write_notation(self.board, self.rules, self.dice)

    @classmethod
    def from_notation(cls, text: str, board: Board | None = None, rules: RuleSet | None = None,
                      *, strict: bool = True) -> Position:
        """Read `notation()` text back; NotationError names the token that cannot be read. Given
        `board` or `rules`, the text must be for them."""
        board, rules, dice = read_notation(text, board, rules)
        return cls(board, dice, rules, strict=strict)

    def __repr__(self) -> str:
        return f"Position.from_notation({self.notation()!r})"

    def _repr_html_(self) -> str:
        """The board as inline SVG: JupyterLab draws an SVG output as an `<img>` with no alt, HTML keeps
        the SVG's role and its name (the board in words) for a screen reader."""
        return self._repr_svg_()

    def _repr_svg_(self) -> str:
        """The board as SVG for notebooks; drawing lives in muzlab.views.svg, outside the rules."""
        from muzlab.views.svg import position_svg  # display hook: the drawing stays outside the rules

        return position_svg(self)




def _alone_names_after(position: Position, before: Mapping[Cell, str], i: int) -> dict[Cell, str]:
    """`_alone_names` of a position from its parent's (`before`) and the cell i of the die placed:
    only the dice on the runs through i are named anew (each run through them spelled once)."""
    alone, ray, board = dict(before), position._engine._run, position.board
    order = {(True, "triad"): 0, (True, "scale"): 1, (False, "triad"): 2, (False, "scale"): 3}
    runs: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, int], list[str]]] = {}
    changed = {i}
    for line in range(3):
        changed.update(board.down[line][i][:len(ray(board.down[line][i]))])
        changed.update(board.up[line][i][:len(ray(board.up[line][i]))])
    for j in changed:
        best = None
        for line in range(3):
            down, up = board.down[line][j], board.up[line][j]
            run = (*reversed(down[:len(ray(down))]), j, *up[:len(ray(up))])
            if len(run) < 2:
                continue
            found = runs.get((line, run))
            if found is None:
                structure = structure_of(position, line, run, None)
                found = runs[line, run] = ((order[structure.complete, structure.kind], -len(run)),
                                           structure.alone())
            if best is None or found[0] < best[0]:
                best = (found[0], found[1][run.index(j)])
        alone[board.cells[j]] = pitch_name(position._engine._grid[j]) if best is None else best[1]
    return alone


def _alone_names(position: Position) -> dict[Cell, str]:
    """Each die's name in one run through it spelled alone, chosen in this order: a complete triad, a
    complete scale, a potential triad, a scale run (the longer first); a die in no run its default
    name. The board's spelling prefers these where all else is equal."""
    order = {(True, "triad"): 0, (True, "scale"): 1, (False, "triad"): 2, (False, "scale"): 3}
    chosen: dict[Cell, tuple[tuple[int, int], str]] = {}
    for line in range(3):
        for cells in position.board.lines[line]:
            for run in position._engine._runs_on(cells):
                if len(run) < 2:
                    continue
                structure = structure_of(position, line, run, None)
                rank = (order[structure.complete, structure.kind], -len(structure.cells))
                for cell, name in zip(structure.cells, structure.alone(), strict=True):
                    if cell not in chosen or rank < chosen[cell][0]:
                        chosen[cell] = (rank, name)
    return {cell: chosen[cell][1] if cell in chosen else pitch_name(pitch)
            for cell, pitch in position.dice.items()}


def _check_mapping(dice: object) -> None:
    """InvalidCell unless `dice` is a mapping of cells to notes (or None)."""
    if not isinstance(dice, Mapping | None):
        raise InvalidCell("dice={dice}: give a mapping of cells to notes, e.g. {{'e5': 'C'}}",
                          dice=shown(dice))


def _resolve_board(board: Board | str | None) -> Board:
    if board is None:
        return Board.standard()
    if isinstance(board, str):
        return Board.named(board)
    if not isinstance(board, Board):
        raise UnknownSetting("{board} is not a Board; use muzlab.Board.standard() or a board name",
                             board=shown(board))
    return board


def _resolve_rules(rules: RuleSet | str | None) -> RuleSet:
    if rules is None:
        return RuleSet.basic()
    if isinstance(rules, str):
        return RuleSet.named(rules)
    if not isinstance(rules, RuleSet):
        raise UnknownSetting("{rules} is not a RuleSet; use muzlab.RuleSet.basic() or a level's name",
                             rules=shown(rules))
    return rules

