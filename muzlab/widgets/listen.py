"""Hear and see one structure: an ipywidgets Audio player, its name, and its staff notation."""

from __future__ import annotations

from functools import lru_cache

import ipywidgets as widgets

from muzlab import audio
from muzlab.keyboard import KeyboardError, keyboard_svg
from muzlab.music import rising_midi
from muzlab.pitch import SpelledNote, current_note_names
from muzlab.position import Structure
from muzlab.spelling import NotAStructure, scale_name


def structure_title(structure: Structure) -> str:
    """What a student reads above the player, e.g. "D minor (complete triad): D–F–A — ii in C major" or
    "Eb major scale, degrees 2-4: F–G–Ab"; the notes as `Structure.spelling` writes them and the
    triad or key named as the board spells them, so the title, the board and the staff agree."""
    if structure.kind == "triad" and not (structure.complete and structure.triads):
        return structure.describe()
    notes = "–".join(structure.spelling)
    if structure.kind == "triad":
        name = structure.label().removesuffix(" triad")
        functions = f" — {', '.join(structure.functions)}" if structure.functions else ""
        return f"{name} (complete triad): {notes}{functions}"
    try:
        name = scale_name(structure.notes)
    except NotAStructure:
        return structure.describe()
    return f"{name}{' (complete)' if structure.complete else ''}: {notes}"  # the name says "scale"


class ListenPanel(widgets.VBox):
    """Plays a triad or scale run and shows it on a staff and a piano keyboard beside the player;
    `show(structure)` loads one (and plays it at once with autoplay, as the PlayBoard does when
    something is completed)."""

    def __init__(self, autoplay: bool = False):
        self.title = widgets.HTML("<i>Choose a run to hear it.</i>")
        self.player = widgets.Audio(format="wav", autoplay=autoplay, loop=False)
        self.staff = widgets.HTML()
        self.keyboard = widgets.HTML()  # not `keys`: a Widget trait of that name lists the synced traits
        self.structure: Structure | None = None  # the run loaded last
        super().__init__([self.title, widgets.HBox([self.player, self.staff, self.keyboard])])
        self.add_class("muz-listen")

    def redraw(self) -> None:
        """Write the run loaded last again, in the note names in force (the same sound is not played
        again)."""
        if self.structure is not None:
            self.show(self.structure)

    def show(self, structure: Structure) -> None:
        """Load the sound and notation of a structure; runs music21 cannot name play note by note."""
        self.structure = structure
        self.title.value = f"<b>{structure_title(structure)}</b>"
        try:
            sound, staff, keys = _drawn(structure.kind, structure.pitches, structure.notes,
                                        current_note_names())
        except NotAStructure:
            sound, staff, keys = audio.to_wav_bytes(audio.synthesize(rising_midi(structure.pitches))), "", ""
        self.staff.value = staff
        self.keyboard.value = keys
        self.player.value = sound


@lru_cache(maxsize=256)
def _drawn(kind: str, pitches: tuple[int, ...], notes: tuple[SpelledNote, ...],
           _convention: str) -> tuple[bytes, str, str]:
    """A run's sound (WAV bytes), staff and keyboard, made once: the same triads and scales come back
    game after game, and drawing a staff is the slowest part of a click that completes one.
    NotAStructure for a run music21 cannot name."""
    sound = audio.to_wav_bytes(audio.play_structure(kind, pitches))
    return sound, _notation(kind, notes), _keys(notes)


def _keys(notes: tuple[SpelledNote, ...]) -> str:
    """The run on a piano keyboard, spelled as on the board and the staff, with the semitones between
    neighbouring notes; empty for a run wider than the two octaves a keyboard shows."""
    try:
        return keyboard_svg(notes, semitones=True)
    except KeyboardError:
        return ""


def _notation(kind: str, notes: tuple[SpelledNote, ...]) -> str:
    from muzlab import music  # music21 and verovio load only when a staff is first drawn

    return music.notation_svg(music.structure_stream(kind, notes))
