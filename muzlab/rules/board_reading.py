"""A position read as lists (muzlab.names.board_lists): the rules' facts gathered for the words, the
dice and runs on the board, and each legal cell for a die in hand with its points and completions,
spelled in the reader's lesson key. What every view uses to read a board without its picture."""

from __future__ import annotations

from muzlab.core.pitch import PitchLike, parse_pitch
from muzlab.names.board_lists import BoardLists, LegalFacts, ListGroup, dice_lists, legal_list
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.rules.position import Position


def board_lists(position: Position, reader: Reader | None = None) -> BoardLists:
    """The dice by column and by diagonal, each run with its cells and what it builds, each lone die
    with its cell and name, for `reader` (by default as the position reads, `Position.reading`)."""
    reader = position.reading(reader)
    key = reader.key if reader.key is not None else ""
    return dice_lists(position.board, position.dice, position.spelled(key), position.structures(key), reader)


def legal_cells(position: Position, pitch: PitchLike, reader: Reader | None = None) -> ListGroup:
    """The legal cells for a die showing `pitch`, with the points each earns and what each would
    complete, for `reader` (by default as the position reads, `Position.reading`)."""
    reader = position.reading(reader)
    key, pitch = reader.key if reader.key is not None else "", parse_pitch(pitch, reader.convention)
    scores = position.legal_scores(pitch)
    facts = [LegalFacts(position.board.cell_name(cell), points,
                        tuple((run, run.names) for run in position.completions(pitch, cell, key)))
             for cell, points in scores.items()]
    return legal_list(pitch_label(pitch, reader, prose=True), facts, reader)
