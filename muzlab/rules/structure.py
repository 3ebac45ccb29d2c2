"""A run of dice on one line as a `Structure`: what it is or could still become (a triad, a scale), built
from a position's mask engine (`structure_of`, `structures_through`). A structure keeps facts; its
words are made in the naming layer for the reader asked (`muzlab.names.structure_words`). A position
keeps its structures; this module says what one is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from muzlab.core.hexgrid import COLUMN, LINE_NAMES, Cell
from muzlab.core.pitch import SpelledNote
from muzlab.names.letters import ALL_QUALITIES, SpelledRun
from muzlab.names.reader import PLAIN, Key, Reader
from muzlab.names.spelling import show_name, spell_english, spell_run
from muzlab.rules.engine import Engine
from muzlab.rules.refusals import Refusals
from muzlab.rules.ruleset import SCALE_STEPS
from muzlab.rules.run_spelling import Spelling

if TYPE_CHECKING:
    from muzlab.rules.position import Position


@dataclass(frozen=True)
class Structure:
    """A run of two or more dice on one line, with what it is or could still become.

    `triads` lists (root, quality) for column runs; `keys` lists (tonic, scale type) for diagonals;
    `context` lists, for a complete triad, the tonics of the major keys that the diagonal runs
    through its dice fit, so that it is also named by its function there (`structure_words.functions`).
    """

    kind: str
    line: str
    cells: tuple[Cell, ...]
    pitches: tuple[int, ...]
    complete: bool
    triads: tuple[tuple[int, str], ...] = ()
    keys: tuple[tuple[int, str], ...] = ()
    context: tuple[int, ...] = ()
    #: The rule set's triad qualities: a column pair that can become no triad is spelled as a triad
    #: of one of them (by default every quality muzlab names).
    qualities: tuple[str, ...] = field(default=ALL_QUALITIES, repr=False, compare=False)
    #: The position it stands on and the lesson key (a `Key`, or None): its notes are the board's
    #: names for its dice (`Position.spelled`); without a position, the run is spelled alone.
    source: Position | None = field(default=None, repr=False, compare=False)
    key: Key | None = field(default=None, repr=False, compare=False)
    #: The lines `muzlab.names.structure_words.describe` made of it so far, by the reader and options
    #: they were made for (a board redraws often)
    words_made: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def spelling(self) -> Spelling:
        """The run's notes, bottom to top, as a reader reads them (`run.spelling(reader)`; no reader:
        as its position reads, `Position.reading`), as the board names its dice (docs/rules.md
        section 10): a column run as its triad or potential triad, a diagonal run in the key it fits,
        wherever the board's lines agree.
        The old form, `run.spelling` as a tuple, still works for a release, with a DeprecationWarning."""
        return Spelling(self._spelled)

    def _spelled(self, reader: Reader | None) -> tuple[str, ...]:
        """The run's notes as `reader` (None: as its position reads, `Position.reading`) reads them."""
        reader = self._given(reader)
        return tuple(show_name(name, reader) for name in self.names)

    def _given(self, reader: Reader | None) -> Reader:
        """The reader a call given `reader` means: that one, else its position's (`Position.reading`),
        else plain English."""
        if reader is not None:
            return reader
        return PLAIN if self.source is None else self.source.reading(None)

    @property
    def names(self) -> tuple[str, ...]:
        """The run's notes as English spelled names ("F#", "E#"): the values the views are given."""
        if self.source is None:
            return tuple(self.alone())
        # (`key` None is "no lesson key": passed as "", never as None, which means the reader's)
        spelled, line = self.source.spelled(self.key or ""), LINE_NAMES.index(self.line)
        return tuple(spelled.name(cell, line) for cell in self.cells)

    def reads_right(self) -> bool:
        """Whether every neighbouring pair of the run reads right by its line's letter pattern as its
        text writes it (docs/rules.md section 10): all but the few a board's names cannot mend without more
        dice showing two names than pairs mended."""
        if self.source is None:
            return True
        spelled, line = self.source.spelled(self.key or ""), LINE_NAMES.index(self.line)
        written = dict(zip(self.cells, self.names, strict=True))
        return all(spelled.reads(low, high, line, written)
                   for low, high in zip(self.cells, self.cells[1:], strict=False))

    @property
    def notes(self) -> tuple[SpelledNote, ...]:
        """The run's notes as values (letter, accidental), as the board names them: what staves,
        keyboards and sound are given (they never read a shown name back)."""
        return tuple(SpelledNote.from_english(name) for name in self.names)

    def spelled_run(self) -> SpelledRun:
        """The run as one spelled value (its notes as the board names them, a triad's root and quality,
        the key a scale run is written in) for its staff, keyboard, sound and title; a complete
        triad's root and quality are this run's facts, not identified again. NotAStructure for a run
        that is no root-position triad or scale run."""
        triad = self.triads[0] if self.kind == "triad" and self.complete and self.triads else None
        return spell_run(self.kind, self.notes, triad=triad)

    def alone(self) -> list[str]:
        """The run's English names as it would be spelled on its own (its triad, or the key it fits)."""
        return spell_english(self.kind, self.pitches, triads=self.triads, keys=self.keys,
                             qualities=self.qualities)



def structures_through(position: Position, i: int, key: Key | None = None) -> list[Structure]:
    """The runs of two or more dice through the occupied cell i of `position`, in the lesson `key`."""
    found, ray = [], position._engine._run
    for line in range(3):
        down = position.board.down[line][i]
        start = len(ray(down))
        run = tuple(reversed(down[:start])) + (i,) + position.board.up[line][i][
            : len(ray(position.board.up[line][i]))
        ]
        if len(run) >= 2:
            found.append(structure_of(position, line, run, key))
    return found

def structure_of(position: Position, line: int, run: tuple[int, ...], key: Key | None) -> Structure:
    """The run's Structure, named by this board in the lesson key `key` (resolved)."""
    cells, grid = tuple(position.board.cells[i] for i in run), position._engine._grid
    pitches = tuple(grid[i] for i in run)
    if line == COLUMN:
        return _triad_structure(position, run, cells, pitches, key)
    fits = position._engine._checks.scale_fits(pitches)
    keys = tuple(sorted({(tonic, kind) for tonic, kind, _ in fits}))
    complete = any(len(pitches) == len(SCALE_STEPS[kind]) for _, kind, _ in fits)
    return position.structure_type("scale", LINE_NAMES[line], cells, pitches, complete, keys=keys,
                     qualities=position.rules.triad_qualities, source=position, key=key)


def _triad_structure(position: Position, run: tuple[int, ...], cells: tuple[Cell, ...],
                     pitches: tuple[int, ...], key: Key | None) -> Structure:
    """A column run's Structure on `position`, in the lesson key `key`: a complete triad with the
    tonics of the major keys its dice's diagonals fit, or a pair with the triads it could become."""
    checks = position._engine._checks
    if len(pitches) == 3:
        quality = checks.triad_quality(pitches)
        triads = ((pitches[0], quality),) if quality else ()
        context = _key_context(position._engine, run) if triads else ()
        return position.structure_type("triad", LINE_NAMES[COLUMN], cells, pitches, True, triads=triads,
                         context=context, qualities=checks.triad_qualities, source=position, key=key)
    triads = _triads_to_come(position, run, *pitches) if len(pitches) == 2 else ()
    return position.structure_type("triad", LINE_NAMES[COLUMN], cells, pitches, False, triads=triads,
                     qualities=checks.triad_qualities, source=position, key=key)


def _key_context(engine: Engine, run: tuple[int, ...]) -> tuple[int, ...]:
    """Tonics of the major keys fitted by the diagonal runs through the dice of a column run."""
    tonics = set()
    for i in run:
        for line in (1, 2):
            below, above = engine._line_runs(line, i)
            if below or above:
                fits = engine._checks.scale_fits((*below, engine._grid[i], *above))
                tonics.update(tonic for tonic, kind, _ in fits if kind == "major")
    return tuple(sorted(tonics))


def _triads_to_come(position: Position, run: tuple[int, ...], low: int,
                    high: int) -> tuple[tuple[int, str], ...]:
    """The (root, quality) of every triad a column pair low-high could still become: a note a third
    above or below that the board's room and the diagonals through that cell allow."""
    engine = position._engine
    checks, board, refusals = engine._checks, position.board, Refusals(engine)
    triads: set[tuple[int, str]] = set()
    up, down = board.up[COLUMN][run[-1]], board.down[COLUMN][run[0]]
    for side, completing, above in ((up, checks.completes_above[low][high], True),
                                    (down, checks.completes_below[low][high], False)):
        if refusals.side_fault(side, completing) is None:
            fitting = completing & engine._diagonal_mask(side[0])
            for pitch in range(12):
                if fitting >> pitch & 1:
                    triad = (low, high, pitch) if above else (pitch, low, high)
                    quality = checks.triad_quality(triad)
                    if quality:
                        triads.add((triad[0], quality))
    return tuple(sorted(triads))
