"""Runs as Unicode braille music, for a student who reads braille: each run's measure (the same
notes, key signature and clef as its staff) through music21's braille translation, mended where it
departs from the Music Braille Code (BANA 2015); a title in the reader's language goes above it as
text, since music21 would write the staff's print label in English literary braille.

What is mended, and why (tests/test_braille.py checks each against cells written by hand):
- the print label ("A minor") is not transcribed: music21 writes it as an English word sign
  expression, after a stray octave mark and space; the title line says it in the reader's language;
- the time signature is kept, though print hides it (a run has no metre): without it music21 reads
  the measure as 4/4 and splits a triad's half-note chord across a second measure after the final
  double bar; it tells the reader how many beats the measure holds;
- the measure is numbered 1 and ends with the final double bar, as an example standing alone does
  (music21 numbered the lone measure 0 and wrote "#0" before it);
- the blank cells music21 pads the heading's line with on the right are dropped.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from music21 import expressions, stream
from music21.braille import translate

from muzlab.core.errors import MuzlabError
from muzlab.core.outputs import file_written
from muzlab.names.letters import SpelledRun
from muzlab.names.reader import Reader
from muzlab.names.spelling import run_title, spell_run
from muzlab.reading import resolve
from muzlab.views.music import run_stream

#: The blank braille cell (U+2800), which music21 pads lines with.
BLANK = "\u2800"
#: The most runs one braille document holds (a worksheet's board has far fewer).
MAX_RUNS = 200


class BrailleError(MuzlabError, ValueError):
    """Something that cannot be written in braille music (no run, too many runs)."""


def spelled(run: Any) -> SpelledRun:
    """A run as one spelled value: a board's `Structure` as the board spells it, a `SpelledRun` as
    given, or a (kind, pitches) pair spelled for what it is."""
    if isinstance(run, SpelledRun):
        return run
    if hasattr(run, "spelled_run"):
        return run.spelled_run()
    if not (isinstance(run, tuple | list) and len(run) == 2 and isinstance(run[0], str)):
        raise BrailleError("braille music takes a run: a Structure, a SpelledRun or a (kind, pitches) "
                           "pair such as ('triad', (0, 4, 7)), not {run}", run=repr(run)[:60])
    kind, pitches = run
    return spell_run(kind, pitches)


def run_braille(run: Any, clef: str = "treble") -> str:
    """A run (a `Structure`, a `SpelledRun` or a (kind, pitches) pair) in Unicode braille music: the
    heading line (key signature) and the music line, bottom note first, a triad's chord written from
    its top note down as the treble clef's intervals read."""
    measure = run_stream(spelled(run), clef, Reader())
    for label in list(measure.getElementsByClass(expressions.TextExpression)):
        measure.remove(label)
    measure.number = 1
    measure.rightBarline = "final"
    part = stream.Part()
    part.append(measure)
    text = translate.objectToBraille(part, showFirstMeasureNumber=False)
    return "\n".join(line.rstrip(BLANK) for line in text.splitlines() if line.strip(BLANK))


def braille_document(runs: Iterable[Any], reader: Reader | None = None, heading: str = "") -> str:
    """Runs in braille music, each under its title in the reader's language ("A minor", "D major
    scale, degrees 2-3-4-5"), a blank line between them; `heading` (already in the reader's words)
    first. BrailleError when there is no run or more than MAX_RUNS."""
    reader, blocks = resolve(reader), [heading] if heading else []
    chosen = list(runs)
    if not chosen:
        raise BrailleError("braille music needs at least one run")
    if len(chosen) > MAX_RUNS:
        raise BrailleError("braille music holds at most {limit} runs, not {count}", limit=MAX_RUNS,
                           count=len(chosen))
    for run in chosen:
        value = spelled(run)
        blocks.append(f"{run_title(value, reader)}\n{run_braille(value)}")
    return "\n\n".join(blocks) + "\n"


def complete_runs(position: Any) -> list[Any]:
    """The complete triads and scales standing on a position, columns first, as the rules list them."""
    return [run for run in position.structures() if run.complete]


def sheet_braille(sheet: Any) -> str:
    """A worksheet's runs in braille music: every complete triad and scale on its board, under the
    sheet's heading, in the sheet's reader's words."""
    reader = sheet.reader
    heading = reader.gettext("Worksheet {number}: the runs on its board").format(number=sheet.number)
    runs = complete_runs(sheet.position)
    if not runs:
        said = reader.gettext("No triad or scale is complete on this board yet.")
        return f"{heading}\n\n{said}\n"
    return braille_document(runs, reader, heading)


def write_braille(text: str, path: str | Path, force: bool = False) -> Path:
    """Writes braille music text as UTF-8 (the Unicode braille cells a braille display shows), whole:
    an existing file is replaced only when `force`."""
    with file_written(path, force) as aside:
        aside.write_text(text, encoding="utf-8")
    return Path(path)
