"""Staff notation as MEI text, without music21: what verovio draws in the homework edition's page.

The full edition writes a staff with music21 (muzlab.views.music); the browser has no music21, so there
a run is written here as MEI, which verovio's own WebAssembly draws in the page (muzlab.widgets.staff).
Both write the same music: the notes as they are heard (`register.structure_events`), spelled as on
the board, the key signature of `SpelledRun.signature` and the accidentals a reader needs against it, and
the run's name above. The key signature and verovio's options are defined here, used by both.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from muzlab.core.pitch import LETTER_PITCH, PitchLike
from muzlab.names.letters import SpelledRun
from muzlab.names.reader import Reader
from muzlab.names.spelling import run_title, spell_run
from muzlab.reading import resolve
from muzlab.views.register import run_events

#: verovio options for a compact, deterministic page: no title/footer, height fit to content.
VEROVIO_OPTIONS = {
    "adjustPageHeight": True,
    "adjustPageWidth": True,  # the page as wide as its music: a staff box shows the notes, not margin
    "pageWidth": 1500,
    "pageHeight": 60000,
    "scale": 40,
    "header": "none",
    "footer": "none",
    "svgViewBox": True,
    "xmlIdSeed": 1,
}
#: Sharps in a key signature, in order (flats are the reverse).
SHARP_ORDER = "FCGDAEB"
#: MEI's accidentals by alteration in semitones.
ACCIDENTALS = {-2: "ff", -1: "f", 0: "n", 1: "s", 2: "x"}
#: MEI's durations by length in beats (a beat is a quarter note), with their dots.
DURATIONS = {1: ("4", 0), 2: ("2", 0), 3: ("2", 1), 4: ("1", 0), 6: ("1", 1)}


def written(name: str, midi: int) -> tuple[str, int, int]:
    """An English note name ("Bb", "E#") sounding at `midi` as it is written: its letter, octave and
    alteration in semitones."""
    alter = name.count("#") - name.count("b", 1)
    return name[0], (midi - alter - LETTER_PITCH[name[0]]) // 12 - 1, alter


def signature_alter(letter: str, sharps: int | None) -> int:
    """The alteration a key signature gives a letter."""
    if not sharps:
        return 0
    if sharps > 0:
        return 1 if letter in SHARP_ORDER[:sharps] else 0
    return -1 if letter in SHARP_ORDER[::-1][:-sharps] else 0


def structure_mei(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                  reader: Reader | None = None) -> str:
    """`run_mei` of the notes spelled for what they are (or in `key`, or as typed)."""
    return run_mei(spell_run(kind, pitches, key), reader)


def run_mei(run: SpelledRun, reader: Reader | None = None) -> str:
    """A spelled run on a treble staff, as it is heard (a triad up in quarters, then its chord), with
    its key signature, labelled above for `reader` (by default the default reader)."""
    events = run_events(run)
    midis = sorted({midi for _, _, midi in events})
    return sounding_mei(events, dict(zip(midis, run.names, strict=True)), run.signature,
                        run_title(run, resolve(reader)))


def sounding_mei(events: Iterable[tuple[int, int, int]], names: dict[int, str], sharps: int | None,
                 label: str | None = None) -> str:
    """(beat, beats, MIDI number) events on one treble staff, spelled by `names` (MIDI number -> English
    name), with the accidentals a reader needs against the key signature (once per note and measure)."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for start, beats, midi in events:
        groups.setdefault(start, []).append((beats, midi))
    state: dict[tuple[str, int], int] = {}
    layer, now = [], 0
    for start in sorted(groups):
        if start > now:
            layer.append(_rest(start - now))
        beats = max(length for length, _ in groups[start])
        notes = [_note(names[midi], midi, sharps, state) for midi in sorted(m for _, m in groups[start])]
        dur, dots = _duration(beats)
        timing = f'dur="{dur}"' + (f' dots="{dots}"' if dots else "")
        layer.append(f"<note {timing} {notes[0]}/>" if len(notes) == 1 else
                     f"<chord {timing}>" + "".join(f"<note {one}/>" for one in notes) + "</chord>")
        now = max(now, start + beats)
    signature = "0" if not sharps else f"{abs(sharps)}{'s' if sharps > 0 else 'f'}"
    words = f'<dir place="above" staff="1" tstamp="1">{escape(label)}</dir>' if label else ""
    return ('<?xml version="1.0" encoding="UTF-8"?><mei xmlns="http://www.music-encoding.org/ns/mei" '
            'meiversion="5.0"><music><body><mdiv><score><scoreDef><staffGrp>'
            f'<staffDef n="1" lines="5" clef.shape="G" clef.line="2"><keySig sig="{signature}"/></staffDef>'
            '</staffGrp></scoreDef><section><measure n="1" right="end"><staff n="1"><layer n="1">'
            f'{"".join(layer)}</layer></staff>{words}</measure></section></score></mdiv></body></music></mei>')


def _duration(beats: int) -> tuple[str, int]:
    if beats not in DURATIONS:
        raise ValueError(f"a note of {beats} beats has no single written length; lengths: {list(DURATIONS)}")
    return DURATIONS[beats]


def _rest(beats: int) -> str:
    dur, dots = _duration(beats)
    return f'<rest dur="{dur}"' + (f' dots="{dots}"' if dots else "") + "/>"


def _note(name: str, midi: int, sharps: int | None, state: dict[tuple[str, int], int]) -> str:
    """A note's MEI attributes: its sounding accidental always, the written one when the reader needs
    it (it differs from the signature, or from the same note earlier in the measure)."""
    letter, octave, alter = written(name, midi)
    current = state.get((letter, octave), signature_alter(letter, sharps))
    state[letter, octave] = alter
    shown = f" accid={quoteattr(ACCIDENTALS[alter])}" if alter != current else ""
    return f'pname="{letter.lower()}" oct="{octave}" accid.ges="{ACCIDENTALS[alter]}"{shown}'
