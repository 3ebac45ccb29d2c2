"""The sentence a student reads for a broken rule, written from its facts (`muzlab.core.refusal`).

The dice are named as the board names them (`BoardSpelling`), in their prose form (French and
Spanish solfège in small letters, a capital where the sentence begins with a note), so that a refusal
reads like the board it is about; dice already on the board with no board spelling
(`muzlab.names.position_words.problems`) are spelled run by run. The refused die is written where
its run would put it: a third from the column dice, or on the letter after the scale run below it
(C–D–E–F♯–G♯, not C–D–E–F♯–A♭).
"""

from __future__ import annotations

from collections.abc import Callable

from muzlab.core.board import Board
from muzlab.core.hexgrid import COLUMN
from muzlab.core.pitch import pitch_name
from muzlab.core.refusal import Refusal
from muzlab.names.board_spelling import BoardSpelling
from muzlab.names.language import at_start, marked, phrase
from muzlab.names.letters import next_letter_name, run_key, spell_column
from muzlab.names.reader import Reader
from muzlab.names.spelling import join, pitch_label, prose_name, show_names

#: The board's spelling the dice are named by, or None (each run spelled alone).
Spelled = BoardSpelling | None


def refusal_text(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    """One sentence saying which rule is broken, as `reader` reads it, in its language; `spelled` is
    the board's spelling the dice are named by (None: each run is spelled alone). Its notes are
    written as the reader's sentences write them, with a capital where the sentence begins with one."""
    return at_start(_clause(refusal, board, spelled, reader))


def _clause(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    """The broken rule in words, as a sentence or a clause of one (in prose form if it begins with
    a note: `language.phrase`)."""
    return _WRITERS[refusal.rule](refusal, board, spelled, reader)


def reasons_text(refusals: tuple[Refusal, ...], board: Board, reader: Reader) -> str:
    """The rules dice already on the board break, as one sentence's clauses for `reader`: "C up to D
    is 2 semitones; …; the dice on g4 do not touch the others" (each run spelled alone)."""
    # TRANSLATORS: what stands between two reasons dice break the rules ("C up to D is 2 semitones; the
    # dice on g4 do not touch the others"); French puts a non-breaking space before the semicolon.
    between = reader.pgettext("between reasons", "; ")
    return between.join(_clause(refusal, board, None, reader).rstrip(".") for refusal in refusals)


def or_list(words: list[str] | tuple[str, ...], reader: Reader) -> str:
    """Words joined as a reader lists choices: "major, minor or diminished". Every word but the last
    is stripped, so that a language may end a word with a space before the noun that follows."""
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the last two of a list of choices ("minor or diminished").
    last = reader.gettext("{first} or {last}").format(first=words[-2].strip(), last=words[-1])
    return ", ".join([word.strip() for word in words[:-2]] + [last])


def and_list(words: list[str] | tuple[str, ...], reader: Reader) -> str:
    """Words joined as a reader lists things done together: "completes a triad and starts a run"."""
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the last two of a list of things ("completes the C major triad and starts a run").
    last = reader.gettext("{first} and {last}").format(first=words[-2].strip(), last=words[-1])
    return ", ".join([word.strip() for word in words[:-2]] + [last])


#: One triad of each quality, with its article ("a major triad"), by quality.
_A_TRIAD = {
    "major": marked("a triad", "a major triad"),
    "minor": marked("a triad", "a minor triad"),
    "diminished": marked("a triad", "a diminished triad"),
    "augmented": marked("a triad", "an augmented triad"),
}
# TRANSLATORS: "triad quality, in a list" words are listed and put into "a {qualities} triad" and
# "{qualities} triads"; a word may end with a space or a hyphen, as the noun after the list needs it.
_QUALITY_ONE = {
    "major": marked("triad quality, in a list, one triad", "major"),
    "minor": marked("triad quality, in a list, one triad", "minor"),
    "diminished": marked("triad quality, in a list, one triad", "diminished"),
    "augmented": marked("triad quality, in a list, one triad", "augmented"),
}
_QUALITY_MANY = {
    "major": marked("triad quality, in a list, triads", "major"),
    "minor": marked("triad quality, in a list, triads", "minor"),
    "diminished": marked("triad quality, in a list, triads", "diminished"),
    "augmented": marked("triad quality, in a list, triads", "augmented"),
}
_SCALE_TYPE = {
    "major": marked("scale type, in a list", "major"),
    "harmonic minor": marked("scale type, in a list", "harmonic minor"),
    "major pentatonic": marked("scale type, in a list", "major pentatonic"),
    "whole-tone": marked("scale type, in a list", "whole-tone"),
    "chromatic": marked("scale type, in a list", "chromatic"),
}
#: How each side of a column pair fails the room rule, by fault and side.
_SIDES = {
    ("edge", "above"): marked("room", "the board ends above it"),
    ("edge", "below"): marked("room", "the board ends below it"),
    ("four", "above"): marked("room", "the cell above it has a die beyond it (that would make four)"),
    ("four", "below"): marked("room", "the cell below it has a die beyond it (that would make four)"),
    ("scale", "above"): marked("room", "no note that finishes it fits above without breaking a scale"),
    ("scale", "below"): marked("room", "no note that finishes it fits below without breaking a scale"),
}


def _words(table: dict, key: object, reader: Reader) -> str:
    """The entry of a table of marked messages, in the reader's language."""
    context, message = table[key]
    return reader.pgettext(context, message)


def column_names(refusal: Refusal, spelled: BoardSpelling | None) -> list[str]:
    """The column run's English names: its dice as the board writes them and the refused die a third
    from them where it can be; the whole run in thirds when there is no board spelling."""
    fixed = {} if spelled is None else {
        k: spelled.name(cell, COLUMN) for k, cell in enumerate(refusal.cells) if cell != refusal.cell}
    return spell_column(refusal.pitches, fixed=fixed, qualities=refusal.allowed)


def _scale_names(refusal: Refusal, spelled: BoardSpelling | None, reader: Reader) -> str:
    """The diagonal run written out: its dice as the board writes them and the refused die on the
    letter next to them; every die by its default name when there is no board spelling."""
    if spelled is None:
        return join(map(pitch_name, refusal.pitches), reader, prose=True)
    at = refusal.cells.index(refusal.cell)
    below = [spelled.name(cell, refusal.line) for cell in refusal.cells[:at]]
    above = [spelled.name(cell, refusal.line) for cell in refusal.cells[at + 1:]]
    if below:
        new = next_letter_name(below[-1], refusal.pitch, up=True)
    elif above:
        new = next_letter_name(above[0], refusal.pitch, up=False)
    else:
        new = pitch_name(refusal.pitch)
    return join([*below, new, *above], reader, prose=True)


def _occupied(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    names = spelled.shown_names(refusal.cell) if spelled is not None else (pitch_name(refusal.detail[0]),)
    return phrase(reader.gettext("{cell} already holds {note}."), cell=board.cell_name(refusal.cell),
                  note=show_names(names, reader, prose=True))


def _opening(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return reader.gettext("The first die goes on the centre cell {cell}.").format(
        cell=board.cell_name(refusal.detail[0]))


def _touch(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return phrase(reader.gettext("{note} must touch a die already on the board."),
                  note=pitch_label(refusal.pitch, reader, prose=True))


def _column_long(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return phrase(reader.gettext("{notes} would stack {count} notes in a column; a column holds at most a "
                                 "triad of three."),
                  notes=join(column_names(refusal, spelled), reader, prose=True), count=len(refusal.pitches))


def _triads(allowed: tuple[str, ...], reader: Reader) -> str:
    """The allowed triads, as a plural: "major, minor or diminished triads"."""
    qualities = or_list([_words(_QUALITY_MANY, quality, reader) for quality in allowed], reader)
    return reader.gettext("{qualities} triads").format(qualities=qualities)


def _a_triad_of(allowed: tuple[str, ...], reader: Reader) -> str:
    """One triad of the allowed qualities: "a major, minor or diminished triad"."""
    qualities = or_list([_words(_QUALITY_ONE, quality, reader) for quality in allowed], reader)
    return reader.gettext("a {qualities} triad").format(qualities=qualities)


def _column_quality(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return phrase(
        reader.gettext("{notes} is {a_triad}; only {triads} are allowed."),
        notes=join(column_names(refusal, spelled), reader, prose=True),
        a_triad=_words(_A_TRIAD, refusal.detail[0], reader), triads=_triads(refusal.allowed, reader))


def _column_shape(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return phrase(reader.gettext("{notes}, read upward, is not {a_triad} in root position."),
                  notes=join(column_names(refusal, spelled), reader, prose=True),
                  a_triad=_a_triad_of(refusal.allowed, reader))


def _column_pair(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    low, high = column_names(refusal, spelled)
    step = refusal.detail[0]
    return phrase(reader.ngettext(
        "{low} up to {high} is {step} semitone; neighbours in a column are a third apart "
        "(3 or 4 semitones).",
        "{low} up to {high} is {step} semitones; neighbours in a column are a third apart "
        "(3 or 4 semitones).", step), low=prose_name(low, reader), high=prose_name(high, reader), step=step)


def _scale_closed(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    complete, keys = refusal.detail
    fit = run_key(complete, keys)
    names = fit.names if fit is not None else [pitch_name(p) for p in complete]
    return phrase(reader.gettext("{notes} is already a complete scale; it takes no more notes."),
                  notes=join(names, reader, prose=True))


def _scale_long(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    if refusal.allowed == ("major",):
        template = reader.gettext("{notes} is {count} notes; a diagonal holds at most {most} "
                                  "(one major scale).")
    else:
        template = reader.gettext("{notes} is {count} notes; a diagonal holds at most {most} "
                                  "(one full scale).")
    return phrase(template, notes=_scale_names(refusal, spelled, reader), count=len(refusal.pitches),
                  most=refusal.detail[0])


def _scale_fragment(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    notes = _scale_names(refusal, spelled, reader)
    if refusal.allowed == ("major",):
        return phrase(reader.gettext("{notes}, read upward, is not part of one major scale."), notes=notes)
    scales = or_list([_words(_SCALE_TYPE, kind, reader) for kind in refusal.allowed], reader)
    return phrase(reader.gettext("{notes}, read upward, is not consecutive notes of a {scales} scale."),
                  notes=notes, scales=scales)


def _room(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    sides = [_words(_SIDES, (fault, where), reader) for where, fault in refusal.detail]
    # TRANSLATORS: the two reasons a column can never be finished, one for each side.
    both = sides[0] if len(sides) == 1 else reader.gettext("{first}, and {second}").format(
        first=sides[0], second=sides[1])
    return phrase(reader.gettext("{notes} could never be finished as a triad: {sides}."),
                  notes=join(column_names(refusal, spelled), reader, prose=True), sides=both)


def _apart(refusal: Refusal, board: Board, spelled: Spelled, reader: Reader) -> str:
    return reader.gettext("the dice on {cells} do not touch the others; every die must join the "
                          "group.").format(cells=", ".join(map(board.cell_name, refusal.cells)))


_WRITERS: dict[str, Callable[[Refusal, Board, BoardSpelling | None, Reader], str]] = {
    "occupied": _occupied, "opening": _opening, "touch": _touch, "column-long": _column_long,
    "column-quality": _column_quality, "column-shape": _column_shape, "column-pair": _column_pair,
    "scale-closed": _scale_closed, "scale-long": _scale_long, "scale-fragment": _scale_fragment,
    "room": _room, "apart": _apart,
}
