"""A game as a Standard MIDI File (written with mido), and the writer every MIDI file of muzlab uses.

A game sounds as it was played, on a piano at ♩ = 120: each placement an eighth note on its beat, and
after a placement that completed something, each triad as a chord held for a half note and each scale
as its line in eighths, then a quarter's rest. The register follows the board, read as a staff: a die
sits on the staff step its cell's height gives (two steps up a column, one up a diagonal: docs/rules.md
section 10), written with the letter and accidental the board's spelling gives it, so every completed
line sounds upward and higher cells sound higher. The middle of the board is about E4.

mido is imported when a file is written (pure Python: the homework edition bundles it).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from muzlab.core.errors import MuzlabError, shown
from muzlab.core.hexgrid import Cell
from muzlab.core.pitch import LETTER_PITCH, SpelledNote

if TYPE_CHECKING:
    from muzlab.play.game import Game

#: A note event: (start, length, MIDI number), start and length in units of the file's grid.
Event = tuple[int, int, int]
TICKS_PER_BEAT = 480
VELOCITY = 80
PIANO = 0  # General MIDI program 0: acoustic grand piano
#: A game's grid: eighth notes of a quarter beat lasting GAME_BEAT_SECONDS (♩ = 120).
GAME_UNITS_PER_BEAT = 2
GAME_BEAT_SECONDS = 0.5
#: The staff step (7 per octave, C0 = 0) of the board's middle height: E4.
MIDDLE_STEP = 4 * 7 + 2
_LETTERS = "CDEFGAB"


class MidiError(MuzlabError, ValueError):
    """Notes that cannot go into a MIDI file: a number outside 0-127, a negative start, no length."""


def midi_file_bytes(events: Iterable[Event], note_seconds: float = 0.5, units_per_beat: int = 1) -> bytes:
    """A one-track Standard MIDI File (format 0, piano) of note events on a grid of `units_per_beat`
    units per beat, one unit lasting `note_seconds`: the same events always give the same bytes."""
    import mido  # pure Python, loaded only when a file is written

    timeline = []
    for start, length, note in _checked(events):
        timeline += [(start * TICKS_PER_BEAT // units_per_beat, 1, note),
                     ((start + length) * TICKS_PER_BEAT // units_per_beat, 0, note)]
    timeline.sort()  # at equal ticks note-offs come first, so a re-struck note sounds
    track = mido.MidiTrack([
        mido.MetaMessage("set_tempo", tempo=round(note_seconds * units_per_beat * 1_000_000)),
        mido.Message("program_change", program=PIANO)])
    now = 0
    for tick, on, note in timeline:
        kind, velocity = ("note_on", VELOCITY) if on else ("note_off", 0)
        track.append(mido.Message(kind, note=note, velocity=velocity, time=tick - now))
        now = tick
    track.append(mido.MetaMessage("end_of_track"))
    song = mido.MidiFile(type=0, ticks_per_beat=TICKS_PER_BEAT)
    song.tracks.append(track)
    buffer = io.BytesIO()
    song.save(file=buffer)
    return buffer.getvalue()


def _checked(events: Iterable[Event]) -> list[Event]:
    """The events as ints; MidiError naming the first that is no (start >= 0, length >= 1, 0-127)."""
    checked = []
    for event in events:
        if not (isinstance(event, tuple | list) and len(event) == 3
                and all(isinstance(v, int) and not isinstance(v, bool) for v in event)
                and event[0] >= 0 and event[1] >= 1 and 0 <= event[2] <= 127):
            raise MidiError("{event} is not a note event (start >= 0, length >= 1, MIDI number 0-127)",
                            event=shown(event))
        checked.append((event[0], event[1], event[2]))
    if not checked:
        raise MidiError("there are no notes to write")
    return checked


def board_midi(names: Mapping[Cell, str], cells: Sequence[Cell]) -> dict[Cell, int]:
    """Each die's MIDI number, the board read as a staff: the step nearest its cell's height (-q - 2r,
    centred on `cells`, the board's) written with its English name's letter, plus its accidental."""
    heights = [-q - 2 * r for q, r in cells]
    middle = (max(heights) + min(heights)) // 2
    numbers = {}
    for (q, r), name in names.items():
        note = SpelledNote.from_english(name)
        target = MIDDLE_STEP - q - 2 * r - middle
        step = target + (_LETTERS.index(note.letter) - target + 3) % 7 - 3
        numbers[(q, r)] = 12 * (step // 7 + 1) + LETTER_PITCH[note.letter] + note.accidental
    return numbers


def game_events(game: Game) -> list[Event]:
    """A game's note events in eighths (see the module): one note per placement, then its completions."""
    numbers = board_midi(game.position.spelled("").names, game.board.cells)
    events: list[Event] = []
    now = 0
    for event, before, _after in game.history():
        if event.kind != "place":
            continue
        events.append((now, 1, numbers[event.cell]))
        now += 2
        for structure in before.completions(event.pitch, event.cell, "") if event.completed else ():
            notes = [numbers[cell] for cell in structure.cells]
            if structure.kind == "triad":
                events += [(now, 4, note) for note in notes]
                now += 6
            else:
                events += [(now + i, 1, note) for i, note in enumerate(notes)]
                now += len(notes) + 2
    return events


def game_midi(game: Game) -> bytes:
    """A game as Standard MIDI File bytes (see the module); MidiError for a game with no placement."""
    return midi_file_bytes(game_events(game), GAME_BEAT_SECONDS / GAME_UNITS_PER_BEAT, GAME_UNITS_PER_BEAT)
