"""A note sung, played on a MIDI keyboard, typed or clicked becomes a pitch class for Python.

The page listens (note_input.js) and decides the note itself with pitchy's McLeod method
(note_decider.js on vendor/pitchy.js); only {pitch class, clarity, latency} reach Python, never sound.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets

from muzlab.core.pitch import parse_pitch
from muzlab.names.letters import key_notes
from muzlab.names.reader import Reader
from muzlab.names.spelling import face_label, show_name
from muzlab.reading import resolve

HERE = Path(__file__).parent
#: Where a note came from: the microphone, a MIDI keyboard, the computer keyboard or a note button.
SOURCES = ("microphone", "midi", "keys", "click")


def detector_source() -> str:
    """pitchy and the NoteDecider as one ES module: what the page runs, and what the benchmark runs
    under node."""
    return "\n".join((HERE / name).read_text(encoding="utf-8")
                     for name in ("vendor/pitchy.js", "note_decider.js"))


def heard_names(reader: Reader) -> list[str]:
    """The twelve names a heard note is shown by: in the reader's lesson key, the scale's notes as the
    key spells them (B♭ in F major, A♯ in F♯ major), the others, and every note without a key, as a
    die face names them ("C#/Db")."""
    names = [face_label(pitch, reader) for pitch in range(12)]
    for english in key_notes(reader.key):
        names[parse_pitch(english)] = show_name(english, reader)
    return names


def note_words(reader: Reader) -> dict[str, str]:
    """The widget's buttons and sentences in `reader`'s language, among them one line for each reason
    it cannot listen."""
    return {
        "name": reader.gettext("Answer with a note: sing it, play it on a MIDI keyboard, press its letter "
                               "on the computer keyboard or click its button"),
        "listen": reader.gettext("Listen"),
        "stop": reader.gettext("Stop listening"),
        "midi": reader.gettext("MIDI keyboard"),
        "keys": reader.gettext("Or click the note"),
        "key": reader.gettext("Press {letter} on the computer keyboard"),
        "sure": reader.gettext("how sure: {percent}%"),
        "insecure": reader.gettext("The microphone and MIDI work only on a secure page (https, or "
                                   "this computer's own address); this page is not one."),
        "frame": reader.gettext("This page sits in a frame that may not use the microphone or MIDI; "
                                "open it on its own."),
        "denied": reader.gettext("The browser may not use the microphone: allow it next to the "
                                 "address and click Listen again."),
        "no_microphone": reader.gettext("No microphone was found on this device."),
        "no_midi": reader.gettext("This browser has no MIDI; Chrome, Edge and Firefox have it."),
        "midi_denied": reader.gettext("The browser may not use MIDI: allow it next to the address and "
                                      "try again."),
        "no_midi_inputs": reader.gettext("No MIDI keyboard is connected."),
    }


class NoteInput(anywidget.AnyWidget):
    """Hears a note (microphone, MIDI, computer keyboard or a click on one of twelve note buttons) and
    calls `on_note(pitch_class, source)`; the notes are named and the sentences written for `reader`."""

    _esm = detector_source() + "\n" + (HERE / "note_input.js").read_text(encoding="utf-8")
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, reader: Reader | None = None,
                 on_note: Callable[[int, str], object] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.on_note = on_note
        self.redraw(resolve(reader))
        self.on_msg(self._message)

    def redraw(self, reader: Reader) -> None:
        """Name the notes and write the sentences again for `reader`."""
        self.names = heard_names(reader)
        self.words = note_words(reader)

    def hear(self, pitch_class: int, source: str = "click") -> None:
        """A note heard: pass it to `on_note`. ValueError, and nothing passed, for a pitch class that is
        not a whole number 0-11 or an unknown source."""
        if isinstance(pitch_class, bool) or not isinstance(pitch_class, int) or not 0 <= pitch_class < 12:
            raise ValueError(f"a heard note is a pitch class 0-11, not {pitch_class!r}")
        if source not in SOURCES:
            raise ValueError(f"a note comes from one of {', '.join(SOURCES)}, not {source!r}")
        if self.on_note is not None:
            self.on_note(pitch_class, source)

    def _message(self, _widget, content: dict, _buffers) -> None:
        if isinstance(content, dict) and "note" in content:
            self.hear(content["note"], content.get("source", "click"))
