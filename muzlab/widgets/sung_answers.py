"""Answers sung or played (a NoteInput's pitch class) to the Quiz and the ear-training drills: what is
asked, which notes are right, and the sentence saying why.

The Quiz's "missing note": the note that completes a triad on the outlined cell (any such note is
right). The ear trainer's sung answer: a triad's third (which tells major from minor), a third's upper
note, or the note heard after the cadence or scale, sung back: the item's second note in each drill.
"""

from __future__ import annotations

from muzlab.core.hexgrid import Cell
from muzlab.names import position_words
from muzlab.names.language import sentence
from muzlab.names.reader import Reader
from muzlab.names.refusal_words import or_list
from muzlab.names.spelling import join, pitch_label, prose_name
from muzlab.play.coach import die_label
from muzlab.play.eartraining import EarItem
from muzlab.rules.position import Position, Structure

#: The Quiz kind answered with a note.
MISSING_NOTE = "missing note"


def completing_notes(position: Position, cell: Cell) -> dict[int, Structure]:
    """Each pitch class that may go on `cell` and completes a triad there, with the triad."""
    notes = {}
    for pitch in range(12):
        if cell in position.legal_placements(pitch):
            triads = [s for s in position.completions(pitch, cell) if s.kind == "triad"]
            if triads:
                notes[pitch] = triads[0]
    return notes


def missing_prompt(position: Position, cell: Cell, reader: Reader) -> str:
    """The Quiz's question: which note completes a triad on `cell`."""
    return sentence(reader.gettext("Sing or play a note that completes a triad on {cell}."),
                    cell=position.board.cell_name(cell))


def missing_verdict(position: Position, cell: Cell, pitch: int, reader: Reader) -> tuple[bool, str]:
    """Whether the note heard completes a triad on `cell`, and why (naming the notes that would)."""
    notes = completing_notes(position, cell)
    if pitch in notes:
        heard = die_label(position, pitch, cell, reader, prose=True)  # (as the board would spell it there)
        return True, sentence(reader.gettext("Yes: {note} completes {triad}."), note=heard,
                              triad=join(notes[pitch].names, reader, prose=True))
    heard = pitch_label(pitch, reader, prose=True)
    why = (position_words.explain(position, pitch, cell, reader)
           or reader.gettext("it completes no triad there."))
    right = or_list([die_label(position, note, cell, reader, prose=True) for note in notes], reader)
    return False, sentence(reader.ngettext("Heard {note}: {why} The note that completes one: {right}.",
                                           "Heard {note}: {why} The notes that complete one: {right}.",
                                           len(notes)), note=heard, why=why, right=right)


def sung_note(item: EarItem) -> int:
    """The pitch class an ear-training item asks to be sung: its second note (a triad's third, a
    third's upper note, the degree heard)."""
    return item.notes[1] % 12


def sing_prompt(drill: str, reader: Reader) -> str:
    """What to sing in a drill, in a line under its options."""
    if drill == "triad quality":
        return reader.gettext("Or sing or play its third.")
    if drill == "third":
        return reader.gettext("Or sing or play its upper note.")
    return reader.gettext("Or sing or play the last note back.")


def sung_verdict(item: EarItem, pitch: int, reader: Reader) -> tuple[bool, str]:
    """Whether the note heard is the one asked (`sung_note`), and the line saying so: the asked note
    spelled as the item spells it."""
    asked = prose_name(item.names()[1], reader)
    if pitch == sung_note(item):
        return True, reader.gettext("Right: {note}.").format(note=asked)
    return False, reader.gettext("Heard {heard}; it was {note}.").format(
        heard=pitch_label(pitch, reader, prose=True), note=asked)
