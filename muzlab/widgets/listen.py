"""Hear and see one structure: an ipywidgets Audio player, its name, and its staff notation."""

from __future__ import annotations

import ipywidgets as widgets

from muzlab import audio
from muzlab.music import rising_midi
from muzlab.position import Structure
from muzlab.spelling import NotAStructure, scale_name, triad_label


def structure_title(structure: Structure) -> str:
    """What a student reads above the player, e.g. "D minor (complete triad): D–F–A — ii in C major";
    the notes as `Structure.spelling` writes them, so the title, the board and the staff agree."""
    if structure.kind == "triad" and not (structure.complete and structure.triads):
        return structure.describe()
    notes = "–".join(structure.spelling)
    if structure.kind == "triad":
        name = triad_label(*structure.triads[0])
        functions = f" — {', '.join(structure.functions)}" if structure.functions else ""
        return f"{name} (complete triad): {notes}{functions}"
    try:
        name = scale_name(structure.pitches)
    except NotAStructure:
        return structure.describe()
    state = "complete " if structure.complete else ""
    return f"{name} ({state}scale): {notes}"


class ListenPanel(widgets.VBox):
    """Plays a triad or scale run and shows it on a staff beside the player; `show(structure)` loads
    one (and plays it at once with autoplay, as the PlayBoard does when something is completed)."""

    def __init__(self, autoplay: bool = False):
        self.title = widgets.HTML("<i>Choose a run to hear it.</i>")
        self.player = widgets.Audio(format="wav", autoplay=autoplay, loop=False)
        self.staff = widgets.HTML()
        super().__init__([self.title, widgets.HBox([self.player, self.staff])])
        self.add_class("muz-listen")

    def show(self, structure: Structure) -> None:
        """Load the sound and notation of a structure; runs music21 cannot name play note by note."""
        self.title.value = f"<b>{structure_title(structure)}</b>"
        try:
            wave = audio.play_structure(structure.kind, structure.pitches)
            self.staff.value = _notation(structure)
        except NotAStructure:
            wave = audio.synthesize(rising_midi(structure.pitches))
            self.staff.value = ""
        self.player.value = audio.to_wav_bytes(wave)


def _notation(structure: Structure) -> str:
    from muzlab import music  # music21 and verovio load only when a staff is first drawn

    return music.notation_svg(music.structure_stream(structure.kind, structure.spelling))
