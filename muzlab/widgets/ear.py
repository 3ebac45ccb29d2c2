"""EarTrainer: hear an item of a drill, click an answer (or sing its asked note into a NoteInput: a
triad's third, a third's upper note, the degree heard), then see and hear why, with a running tally.

The drill logic (items, answers, names) is muzlab.play.eartraining; this widget only plays and shows it.
Nothing about the answer is on screen before a click: the options are plain buttons, the reveal
(sentence, replay, staff, keyboard) is filled in only by `answer`.

In the homework edition (Pyodide: no numpy, no music21) the item's note events go to a WebSound, which
the page's Web Audio plays, instead of a WAV made by muzlab.views.audio, and its staff is MEI, which the
page's verovio draws (VerovioStaff): numpy and music21 are imported only on the full edition's path
(`item_wave`, `_notation`).
"""

from __future__ import annotations

import html
import random
import tempfile
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets

from muzlab.core.pitch import SpelledNote
from muzlab.names.reader import Reader
from muzlab.play.eartraining import Drill, EarItem, drill_name, option_words
from muzlab.reading import shown
from muzlab.views.keyboard import keyboard_svg
from muzlab.views.mei import sounding_mei
from muzlab.widgets.listen import NOTATION_LOCK, in_browser, sized_svg
from muzlab.widgets.live_region import LiveRegion
from muzlab.widgets.note_input import NoteInput
from muzlab.widgets.quiz import tally
from muzlab.widgets.staff import VerovioStaff
from muzlab.widgets.sung_answers import sing_prompt, sung_verdict
from muzlab.widgets.svgboard import scaled
from muzlab.widgets.websound import WebSound, play_words

if TYPE_CHECKING:
    import numpy as np


def item_wave(item: EarItem, engine: str = "auto", rate: int | None = None) -> np.ndarray:
    """An item's sound through muzlab.views.audio (at its DEFAULT_RATE unless `rate` is given):
    fluidsynth and a SoundFont when present ("auto"), else the built-in synth, which plays each group of
    notes starting together as one chord (the full edition's path: numpy)."""
    import numpy as np

    from muzlab.views import audio

    rate = audio.DEFAULT_RATE if rate is None else rate
    if engine not in audio.ENGINES:
        raise audio.SynthesisError("unknown engine {engine}; use one of {engines}", engine=repr(engine),
                                   engines=audio.ENGINES)
    if engine == "fluidsynth" or (engine == "auto" and audio.fluidsynth_available()):
        with tempfile.TemporaryDirectory(prefix="muzlab-") as folder:
            path = Path(folder) / "item.mid"
            path.write_bytes(audio.midi_file_bytes(item.events, item.note_seconds))
            return audio.render_midi_file_with_fluidsynth(path, rate=rate)
    slot = round(item.note_seconds * rate)
    out = np.zeros(max(start + beats for start, beats, _ in item.events) * slot, dtype=np.float32)
    for start, group in groupby(sorted(item.events), key=lambda event: event[0]):
        events = list(group)
        beats = max(event[1] for event in events)
        sound = audio.synthesize([event[2] for event in events], chord=True, rate=rate,
                                 note_seconds=beats * item.note_seconds)
        out[start * slot : start * slot + len(sound)] += sound[: len(out) - start * slot]
    return (out * (audio.PEAK / np.max(np.abs(out)))).astype(np.float32)


#: Pixels the staff and the keyboard beside it are drawn across at normal size (they grow with the Size).
STAFF_WIDTH, KEYBOARD_WIDTH = 420, 210


class EarTrainer(widgets.VBox):
    """An ear-training drill by clicking: "triad quality", "third" or "scale degree".

    `drill` is a Drill or a drill name (then `settings` go to Drill: lowest="C3", highest="C5",
    play="chord", qualities=..., keys=..., degrees=..., context="scale", note_seconds=...).
    seed=None draws fresh items every time; a seed repeats the same items (a test, or pytest).
    """

    def __init__(self, drill: Drill | str = "triad quality", seed: int | None = None, engine: str = "auto",
                 autoplay: bool = True, key: str | None = None, **settings):
        self.key = key  # the lesson's key ("F#"), passed to the naming in `reader`; None: the default's
        # (keys typed as the notebook reads: German "Ges")
        self.drill = drill if isinstance(drill, Drill) else Drill(drill, **{"reader": shown(), **settings})
        self.rng = random.Random(seed)
        self.engine = engine
        self.asked = 0
        self.right = 0
        self.item: EarItem | None = None
        self.answered = False
        self.reply: str | int | None = None  # the option clicked, or the pitch class sung
        self.heading = widgets.HTML(self._heading())
        self.player = _player(autoplay, self.reader)
        self.buttons = {option: self._option(option) for option in self.drill.options}
        self.sing_line = widgets.HTML()
        self.note_input = NoteInput(self.reader, on_note=self.sing)
        self.feedback = widgets.HTML()
        self.replay = _player(False, self.reader)
        self.staff = VerovioStaff(width=scaled(STAFF_WIDTH)) if in_browser() else widgets.HTML()
        self.staff.add_class("muz-staff")
        self.keyboard = widgets.HTML()
        self.keyboard.add_class("muz-keyboard")
        self.reveal = widgets.VBox()
        self.tally = widgets.HTML(tally(0, 0, self.reader))
        self.next_button = widgets.Button(description=self.reader.gettext("Next"), button_style="primary")
        self.next_button.on_click(lambda _button: self.next_item())
        self.said = LiveRegion(label=self.reader.gettext("Feedback on your answer"))  # (for a screen reader)
        super().__init__([self.heading, self.player, widgets.HBox(list(self.buttons.values())),
                          self.sing_line, self.note_input, self.feedback, self.said, self.reveal,
                          widgets.HBox([self.next_button, self.tally])])
        self.add_class("muz-ear")
        self._sing_words(self.reader)
        self.next_item()

    @property
    def reader(self) -> Reader:
        """The reader the trainer writes for: the default reader, typeset, in its lesson key."""
        return shown(self.key)

    def _sing_words(self, reader: Reader) -> None:
        self.sing_line.value = f"<i>{html.escape(sing_prompt(self.drill.kind, reader))}</i>"
        self.note_input.redraw(reader)

    def _heading(self) -> str:
        drill, reader = self.drill, self.reader
        return (f"<h3>{html.escape(drill_name(drill.kind, reader))}</h3>"
                f"<p>{html.escape(drill.prompt(reader))}</p>")

    def redraw_names(self) -> None:
        """Write the prompt, the buttons and the answer shown in the note names and language in force
        (`muzlab.set_note_names`, `muzlab.set_language`)."""
        reader = self.reader
        self.heading.value = self._heading()
        self._sing_words(reader)
        self.next_button.description = reader.gettext("Next")
        self.said.label = reader.gettext("Feedback on your answer")
        self.tally.value = tally(self.right, self.asked, reader)
        for player in (self.player, self.replay):
            if isinstance(player, WebSound):
                player.description = play_words(reader)
        if self.answered:
            self._reveal(self.reply)
        else:
            for option, button in self.buttons.items():
                button.description = option_words(option, reader)

    def _option(self, text: str) -> widgets.Button:
        button = widgets.Button(description=option_words(text, self.reader))
        button.on_click(lambda _button: self.answer(text))
        return button

    def next_item(self) -> None:
        """Draw a new item and play it; the answer area is emptied."""
        self.item = self.drill.item(self.rng)
        self.answered, self.reply = False, None
        self._load(self.player)
        for option, button in self.buttons.items():
            button.button_style = ""
            button.description = option_words(option, self.reader)
            button.disabled = False
        self.feedback.value = ""
        self.reveal.children = []
        if isinstance(self.replay, WebSound):
            self.replay.events = []
        else:
            self.replay.value = b""
        if isinstance(self.staff, VerovioStaff):
            self.staff.mei = ""
        else:
            self.staff.value = ""
        self.keyboard.value = ""

    def answer(self, reply: str) -> bool:
        """Check a clicked option, update the tally and show the answer; a second click is ignored."""
        item = self.item
        if self.answered or reply not in self.buttons:
            return False
        return self._count(reply, item.is_right(reply))

    def sing(self, pitch: int, _source: str = "click") -> bool:
        """A note heard answering the item (`sung_answers.sung_note`): checked, counted and shown as a
        clicked answer is; a note after the answer is ignored."""
        if self.answered:
            return False
        return self._count(pitch, sung_verdict(self.item, pitch, self.reader)[0])

    def _count(self, reply: str | int, correct: bool) -> bool:
        """Count an answer (an option clicked or a note sung) in the tally, show it and say it."""
        self.answered, self.reply = True, reply
        self.asked += 1
        self.right += correct
        self.tally.value = tally(self.right, self.asked, self.reader)
        self._load(self.replay)
        self._reveal(reply)
        self.said.tell(f"{self._verdict(reply)} {self.item.explanation(self.reader)} {self.tally.value}")
        return correct

    def _load(self, player: widgets.Audio | WebSound) -> None:
        """Give a player the item's sound: its note events to a WebSound (played by the page), else its
        WAV."""
        item = self.item
        if isinstance(player, WebSound):
            player.seconds = item.note_seconds
            player.play(item.events)
        elif player is self.replay:
            player.value = self.player.value
        else:
            from muzlab.views import audio  # numpy: the full edition only

            player.value = audio.to_wav_bytes(item_wave(item, self.engine))

    def _verdict(self, reply: str | int) -> str:
        """Whether `reply` (an option, or a pitch class sung) is right, in a sentence: "Right!", the note
        heard, or the answer it was."""
        item, reader = self.item, self.reader
        if isinstance(reply, int):
            return sung_verdict(item, reply, reader)[1]
        return reader.gettext("Right!") if item.is_right(reply) else reader.gettext(
            "Not quite: it was {answer}.").format(answer=option_words(item.answer, reader))

    def _reveal(self, reply: str | int) -> None:
        """Show the answer to a reply (an option, or a pitch class sung): the buttons marked, the verdict
        and why, the staff, the keyboard."""
        item, reader = self.item, self.reader
        sung = isinstance(reply, int)
        correct = sung_verdict(item, reply, reader)[0] if sung else item.is_right(reply)
        for option, button in self.buttons.items():
            button.disabled = True
            button.button_style = "success" if option == item.answer else (
                "danger" if option == reply else "")
            # a tick and a cross, not the colours alone
            words = option_words(option, reader)
            button.description = f"✓ {words}" if option == item.answer else (
                f"✗ {words}" if option == reply else words)
        colour = "#080" if correct else "#b00"
        self.feedback.value = (f"<b style='color:{colour}'>{html.escape(self._verdict(reply))}</b> "
                               f"{html.escape(item.explanation(reader))}")
        if isinstance(self.staff, VerovioStaff):  # no music21 in the homework edition
            self.staff.mei = sounding_mei(item.events, item.played_names(), None, item.title(reader))
        else:
            self.staff.value = sized_svg(_notation(item, reader), STAFF_WIDTH, "muz-staff-picture")
        notes = [SpelledNote.from_english(name) for name in item.names()]  # (values, never shown names)
        self.keyboard.value = sized_svg(keyboard_svg(notes, semitones=True, reader=reader),
                                        KEYBOARD_WIDTH, "muz-keyboard-picture")
        pictures = widgets.HBox([self.staff, self.keyboard],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        again = reader.gettext("Hear it again:")
        self.reveal.children = [widgets.HTML(f"<i>{html.escape(again)}</i>"),
                                self.replay, pictures]


def _player(autoplay: bool, reader: Reader) -> widgets.Audio | WebSound:
    """A player for an item: in the homework edition a WebSound (no numpy for a WAV), its button in the
    reader's language, else an Audio."""
    if in_browser():
        return WebSound(autoplay=autoplay, description=play_words(reader))
    return widgets.Audio(format="wav", autoplay=autoplay, loop=False)


def _notation(item: EarItem, reader: Reader) -> str:
    from muzlab.views import music  # music21 and verovio load only when a staff is first drawn

    with NOTATION_LOCK:
        return music.sounding_staff(item.events, item.played_names(), item.title(reader)).svg
