"""Built structures as music21 scores, MusicXML, MIDI and verovio staff notation.

This is the only muzlab module that touches music21 and verovio (the views that draw a staff import
it when they first draw one). Names come from muzlab.names.spelling, registers from muzlab.views.register, so
every picture and sound of a structure agrees.

A quarter note lasts one beat; a triad is played as its three notes up then a half-note chord.
Every staff carries a key signature: a scale run's key (F# major: six sharps, E# written), or the
`key` given ("Gb": Cb written), or a triad's home key (major and minor triads their own key, a
diminished triad the major key it is the leading-tone triad of). Accidentals are written against
the signature, once per note and measure. `clef="bass"` writes everything an octave lower in the
bass clef. Names typed by the user ("Cb", "E#") are kept when they spell the structure.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import verovio
from music21 import chord, expressions, metadata, meter, note, pitch, stream
from music21 import clef as m21clef
from music21 import key as m21key
from music21.base import Music21Object
from music21.musicxml.m21ToXml import GeneralObjectExporter

from muzlab.core.errors import MuzlabError, UnknownSetting
from muzlab.core.pitch import PitchLike
from muzlab.names.letters import NotAStructure, SpelledRun, spell_triad
from muzlab.names.reader import Reader
from muzlab.names.spelling import run_title, spell_run, spell_scale
from muzlab.reading import resolve
from muzlab.views.mei import VEROVIO_OPTIONS, written
from muzlab.views.register import run_midi

__all__ = [
    "Notation",
    "game_score",
    "notation_svg",
    "run_staff",
    "run_stream",
    "staff",
    "scale_stream",
    "spell_scale",
    "spell_triad",
    "structure_stream",
    "triad_arpeggio",
    "triad_chord",
    "write_midi",
    "write_musicxml",
]

_ENCODING_DATE = re.compile(r"\s*<encoding-date>[^<]*</encoding-date>")
_RANDOM_PART_ID = re.compile(r'"(P[0-9a-f]{32})"')


class RenderError(MuzlabError, RuntimeError):
    """verovio refused the MusicXML music21 produced (a bug to report, not a user mistake)."""


#: Clefs a staff can be drawn in, with the octave shift of the notes written in it.
CLEFS = {"treble": 0, "bass": -1}


def _check_clef(clef: str) -> int:
    if clef not in CLEFS:
        raise UnknownSetting("unknown clef {clef}; known: {clefs}", clef=repr(clef), clefs=', '.join(CLEFS))
    return CLEFS[clef]


def _m21_names(names: list[str], midi: list[int]) -> list[str]:
    """music21 pitch names with octaves ("B-4", "E#5") for spelled names sounding at `midi`."""
    return [name[0] + name[1:].replace("b", "-") + str(written(name, number)[1])
            for name, number in zip(names, midi, strict=True)]


def _show_accidentals(pitches: Iterable[Any], sharps: int | None) -> None:
    """Print the accidentals a reader needs against the key signature: a note's sharp, flat or
    natural when it differs from the signature or from the same note earlier in the measure."""

    signature = m21key.KeySignature(sharps) if sharps is not None else None
    state: dict[tuple[str, int | None], float] = {}
    for one in pitches:
        marked = signature.accidentalByStep(one.step) if signature is not None else None
        current = state.get((one.step, one.octave), marked.alter if marked is not None else 0.0)
        if one.accidental is None:
            one.accidental = pitch.Accidental("natural")
        one.accidental.displayStatus = one.alter != current
        state[one.step, one.octave] = one.alter


def triad_chord(
    pitches: Iterable[PitchLike], octave: int = 4, quarter_length: float = 2.0, key: PitchLike | None = None
) -> chord.Chord:
    """The triad as one correctly spelled closed root-position chord (a half note by default);
    typed names, or the notes of `key`, are kept when they spell it."""

    run = spell_run("triad", pitches, key)  # anything but a root-position triad is refused, naming it
    triad = chord.Chord(_m21_names(run.names, run_midi(run, octave - 4)), quarterLength=quarter_length)
    _show_accidentals(triad.pitches, run.signature)
    return triad


def _notes(names: list[str]) -> list[Any]:
    """One quarter note per music21 pitch name."""

    return [note.Note(name, quarterLength=1.0) for name in names]


def triad_arpeggio(pitches: Iterable[PitchLike], key: PitchLike | None = None, octave: int = 4
                   ) -> stream.Measure:
    """The triad's notes going up in quarters, then the half-note chord: how it is heard."""
    return _arpeggio(spell_run("triad", pitches, key), octave - 4)


def _arpeggio(run: SpelledRun, shift: int) -> stream.Measure:
    """A spelled triad up in quarters from its root in octave 4 (`shift` octaves away), then its chord."""
    names = _m21_names(run.names, run_midi(run, shift))
    notes = _notes(names) + [chord.Chord(names, quarterLength=2.0)]
    _show_accidentals((p for element in notes for p in element.pitches), run.signature)
    measure = stream.Measure()
    measure.append(notes)
    return measure


def scale_stream(pitches: Iterable[PitchLike], key: PitchLike | None = None, octave_shift: int = 0
                 ) -> stream.Measure:
    """An ascending run in quarter notes, spelled in its key (or the fitting `key`, or as typed),
    starting in C4..G4 (`octave_shift` octaves away)."""
    return _rising(spell_run("scale", pitches, key), octave_shift)


def _rising(run: SpelledRun, shift: int) -> stream.Measure:
    """A spelled scale run in quarter notes, starting in C4..G4 (`shift` octaves away)."""
    notes = _notes(_m21_names(run.names, run_midi(run, shift)))
    _show_accidentals((one.pitch for one in notes), run.signature)
    measure = stream.Measure()
    measure.append(notes)
    return measure


def _measure(run: SpelledRun, shift: int, reader: Reader) -> stream.Measure:
    """One labelled measure with its key signature (no clef): the body of a staff or a game score,
    labelled for `reader`."""

    measure = _arpeggio(run, shift) if run.kind == "triad" else _rising(run, shift)
    signature = meter.TimeSignature(f"{int(measure.duration.quarterLength)}/4")
    signature.style.hideObjectOnPrint = True
    label = expressions.TextExpression(run_title(run, reader))
    label.placement = "above"
    sharps = run.signature
    measure.insert(0, signature)
    measure.insert(0, m21key.KeySignature(sharps if sharps is not None else 0))
    measure.insert(0, label)
    return measure


def run_stream(run: SpelledRun, clef: str = "treble", reader: Reader | None = None) -> stream.Measure:
    """One measure holding a spelled run (`muzlab.names.spelling.spell_run`) in a clef, with its key
    signature, labelled above with what it is ("A minor", "Gb major scale, degrees 1-2-3-4") for
    `reader` (by default the default reader): its names, key and title are the run's, never worked
    out again from its notes."""

    shift = _check_clef(clef)
    measure = _measure(run, shift, resolve(reader))
    measure.insert(0, m21clef.BassClef() if clef == "bass" else m21clef.TrebleClef())
    return measure


def structure_stream(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None,
                     clef: str = "treble", reader: Reader | None = None) -> stream.Measure:
    """`run_stream` of the notes spelled for what they are (or in `key`, or as typed)."""
    return run_stream(spell_run(kind, pitches, key), clef, reader)


def _as_run(structure: Any) -> SpelledRun:
    """A spelled run as given, or spelled from a (kind, pitches) pair or an object with `.kind` and
    `.pitches`."""
    if isinstance(structure, SpelledRun):
        return structure
    if hasattr(structure, "kind") and hasattr(structure, "pitches"):
        return spell_run(structure.kind, structure.pitches)
    kind, pitches = structure
    return spell_run(kind, pitches)


def game_score(structures: Iterable[Any], title: str = "Muzundrum",
               reader: Reader | None = None) -> stream.Score:
    """A score of the structures in the order built, one labelled measure each in its own key, the
    labels for `reader` (by default the default reader)."""

    part, reader = stream.Part(), resolve(reader)
    for number, structure in enumerate(structures, start=1):
        measure = _measure(_as_run(structure), 0, reader)
        measure.number = number
        part.append(measure)
    if not part.hasMeasures():
        raise NotAStructure("a game score needs at least one structure")
    part.measure(1).insert(0, m21clef.TrebleClef())
    score = stream.Score([part])
    score.metadata = metadata.Metadata(title=title)
    return score


def write_musicxml(obj: Music21Object, path: str | Path) -> Path:
    """Write a music21 object as MusicXML to `path` (for MuseScore, Finale, ...), reproducibly."""
    target = Path(path)
    target.write_text(musicxml_text(obj), encoding="utf-8")
    return target


def write_midi(obj: Music21Object, path: str | Path) -> Path:
    """Write a music21 object as a Standard MIDI File to `path`."""
    return Path(obj.write("midi", fp=Path(path)))


def musicxml_text(obj: Music21Object) -> str:
    """MusicXML of a music21 object, reproducible: no export date, part ids P1, P2, ..."""

    text = GeneralObjectExporter(obj).parse().decode("utf-8")
    text = _ENCODING_DATE.sub("", text)
    for number, part_id in enumerate(dict.fromkeys(_RANDOM_PART_ID.findall(text)), start=1):
        text = text.replace(f'"{part_id}"', f'"P{number}"')
    return text


@cache
def _toolkit() -> verovio.toolkit:
    """One verovio toolkit for the process: loading its fonts once keeps renders fast. Its fonts'
    folder is given explicitly: verovio's default (set when it is imported) holds only on the thread
    that imported it, and the staff worker thread may be the first to draw."""

    toolkit = verovio.toolkit(False)
    if not toolkit.setResourcePath(str(files("verovio") / "data")):
        raise RenderError("verovio could not load its fonts from {folder}", folder=files('verovio') / 'data')
    toolkit.setOptions(VEROVIO_OPTIONS)
    return toolkit


def notation_svg(obj: Music21Object) -> str:
    """Staff notation of a music21 object as one SVG page; identical input gives identical bytes."""
    toolkit = _toolkit()
    toolkit.resetXmlIdSeed(VEROVIO_OPTIONS["xmlIdSeed"])
    if not toolkit.loadData(musicxml_text(obj)):
        raise RenderError("verovio could not read the MusicXML of {obj}", obj=repr(obj))
    return toolkit.renderToSVG(1)


class Notation:
    """Staff notation of a music21 object that Jupyter shows inline: as a picture whose text
    alternative (`alt`) is the staff's labels, so that a screen reader says what is drawn."""

    def __init__(self, obj: Music21Object, reader: Reader | None = None):
        self.svg = notation_svg(obj)
        self.alt = notation_alt(obj, reader)

    def _repr_html_(self) -> str:
        """The picture with its text alternative (JupyterLab draws a bare SVG with none)."""
        picture = base64.b64encode(self.svg.encode()).decode()
        return f'<img src="data:image/svg+xml;base64,{picture}" alt="{html.escape(self.alt)}">'

    def _repr_svg_(self) -> str:
        """The SVG alone, for the front ends that show no HTML."""
        return self.svg


def notation_alt(obj: Music21Object, reader: Reader | None = None) -> str:
    """The text alternative of a staff: its labels above the notes in order ("A minor; F# diminished"),
    each already written for its reader, or "Staff notation" for `reader` on a staff with none."""
    labels = [text.content for text in obj.recurse().getElementsByClass(expressions.TextExpression)]
    return "; ".join(labels) if labels else resolve(reader).gettext("Staff notation")


def staff(kind: Any, pitches: Iterable[PitchLike], key: PitchLike | None = None, clef: str = "treble",
          reader: Reader | None = None) -> Notation:
    """A triad or scale run on a staff with its key signature, spelled for what it is (or in `key`,
    or as typed: `staff("scale", "Gb Ab Bb Cb".split())`), shown inline in a notebook, labelled for
    `reader` (by default the default reader), whose note names typed names are read in (German
    "Ges As B Ces"), as a `Position` reads them."""
    return run_staff(spell_run(kind, pitches, key, convention=resolve(reader).convention), clef, reader)


def run_staff(run: SpelledRun, clef: str = "treble", reader: Reader | None = None) -> Notation:
    """A spelled run on a staff (`run_stream`), shown inline in a notebook."""
    return Notation(run_stream(run, clef, reader), reader)


def sounding_staff(
    events: Iterable[tuple[int, int, int]], names: dict[int, str], label: str | None = None
) -> Notation:
    """Notes exactly as heard — (start beat, beats, MIDI) events, as muzlab.views.audio plays them — on one
    staff in the clef that fits, spelled by `names` (MIDI number -> English name), labelled above."""

    groups: dict[int, list[tuple[int, int]]] = {}
    for start, beats, midi in events:
        groups.setdefault(start, []).append((beats, midi))
    measure = stream.Measure()
    now = 0
    for start in sorted(groups):
        if start > now:
            measure.append(note.Rest(quarterLength=start - now))
        midis = sorted(midi for _, midi in groups[start])
        length = max(beats for beats, _ in groups[start])
        spelled = _m21_names([names[midi] for midi in midis], midis)
        sound = note.Note(spelled[0], quarterLength=length) if len(spelled) == 1 else chord.Chord(
            spelled, quarterLength=length)
        _show_accidentals(sound.pitches, None)
        measure.append(sound)
        now = max(now, start + length)
    signature = meter.TimeSignature(f"{now}/4")
    signature.style.hideObjectOnPrint = True
    measure.insert(0, signature)
    measure.insert(0, m21clef.bestClef(measure, recurse=True))
    if label:
        text = expressions.TextExpression(label)
        text.placement = "above"
        measure.insert(0, text)
    return Notation(measure)
