"""music21 scores of built structures: spelling, register, MusicXML/MIDI round trips, SVG."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import music21
import pytest
from music21 import note, stream

from muzlab.names.letters import NotAStructure
from muzlab.names.reader import Reader
from muzlab.views.music import (
    Notation,
    game_score,
    notation_svg,
    scale_stream,
    structure_stream,
    triad_arpeggio,
    triad_chord,
    write_midi,
    write_musicxml,
)
from muzlab.views.register import midi_notes

GAME = [
    ("triad", [9, 0, 4]),
    ("scale", [6, 8, 10, 11, 1, 3, 5]),
    ("triad", ["F#", "A", "C"]),
    ("scale", [1, 3, 5, 6]),
    ("triad", [5, 8, 11]),
]


@dataclass
class Built:
    kind: str
    pitches: tuple[int, ...]


def pitch_names(obj) -> list[str]:
    """Every sounding pitch of a music21 object in order, as names with octaves."""
    return [p.nameWithOctave for element in obj.flatten().notes for p in element.pitches]


def test_triad_chord_is_spelled_closed_and_in_root_position():
    assert [p.nameWithOctave for p in triad_chord([6, 9, 0]).pitches] == ["F#4", "A4", "C5"]
    assert [p.nameWithOctave for p in triad_chord([8, 0, 3]).pitches] == ["A-4", "C5", "E-5"]
    assert [p.nameWithOctave for p in triad_chord([5, 8, 11]).pitches] == ["F4", "A-4", "C-5"]
    low = triad_chord(["C#", "E", "G#"], octave=3)
    assert [p.nameWithOctave for p in low.pitches] == ["C#3", "E3", "G#3"]
    assert low.isMinorTriad() and low.inversion() == 0
    assert triad_chord([6, 9, 0]).isDiminishedTriad()


def test_arpeggio_goes_up_then_holds_the_chord():
    measure = triad_arpeggio([9, 0, 4])
    elements = list(measure.notes)
    assert [e.quarterLength for e in elements] == [1.0, 1.0, 1.0, 2.0]
    assert pitch_names(measure) == ["A4", "C5", "E5", "A4", "C5", "E5"]
    assert isinstance(elements[-1], music21.chord.Chord)


@pytest.mark.parametrize(
    "pitches, expected",
    [
        ([6, 8, 10, 11, 1, 3, 5], ["F#4", "G#4", "A#4", "B4", "C#5", "D#5", "E#5"]),
        ([11, 1, 3, 4], ["B3", "C#4", "D#4", "E4"]),
        (["Cb", "Db", "Eb", "Fb"], ["C-4", "D-4", "E-4", "F-4"]),  # typed names are kept (Cb major)
        ([7, 9, 11, 0, 2, 4, 6], ["G4", "A4", "B4", "C5", "D5", "E5", "F#5"]),
        ([5, 7, 9, 10], ["F4", "G4", "A4", "B-4"]),
    ],
)
def test_scale_stream_is_spelled_in_key_and_climbs(pitches, expected):
    stream = scale_stream(pitches)
    assert pitch_names(stream) == expected
    heights = [p.midi for p in stream.pitches]
    assert heights == sorted(set(heights))
    assert heights == midi_notes(pitches, "scale")


def test_every_scale_start_sits_in_the_singable_register():
    for first in range(12):
        notes = midi_notes([(first + step) % 12 for step in (0, 2, 4, 5, 7, 9, 11)], "scale")
        assert 56 <= notes[0] <= 67
        assert notes[-1] <= 78
        assert all(b - a in (1, 2) for a, b in zip(notes, notes[1:], strict=False))


def test_midi_notes_of_triads_match_the_chord():
    for root in range(12):
        pitches = [root, (root + 3) % 12, (root + 6) % 12]
        notes = midi_notes(pitches, "triad")
        assert notes == [p.midi for p in triad_chord(pitches).pitches]
        assert 60 <= notes[0] <= 71 and notes == [notes[0], notes[0] + 3, notes[0] + 6]


def test_structures_are_labelled():
    labels = [
        [e.content for e in structure_stream(kind, pitches).getElementsByClass("TextExpression")]
        for kind, pitches in GAME
    ]
    assert labels == [
        ["A minor"],
        ["F# major scale"],
        ["F# diminished"],
        ["Db major scale, degrees 1-2-3-4"],
        ["F diminished"],
    ]


def test_game_score_keeps_the_order_built_and_accepts_objects():
    from_pairs = game_score(GAME)
    from_objects = game_score(Built(kind, tuple(pitches)) for kind, pitches in GAME)
    assert pitch_names(from_pairs) == pitch_names(from_objects)
    measures = list(from_pairs.parts[0].getElementsByClass("Measure"))
    assert [m.number for m in measures] == [1, 2, 3, 4, 5]
    assert pitch_names(measures[3]) == ["D-4", "E-4", "F4", "G-4"]


def test_bad_structures_are_refused():
    with pytest.raises(NotAStructure, match="'column' is not a kind"):
        structure_stream("column", [0, 4, 7])
    with pytest.raises(NotAStructure, match="C-D-F# is not part of any major scale"):
        game_score([("triad", [0, 4, 7]), ("scale", ["C", "D", "F#"])])
    with pytest.raises(NotAStructure, match="at least one structure"):
        game_score([])


def test_musicxml_round_trip_keeps_spelling(tmp_path):
    score = game_score(GAME)
    path = write_musicxml(score, tmp_path / "game.musicxml")
    assert path.is_file()
    back = music21.converter.parse(path)
    assert pitch_names(back) == pitch_names(score)
    assert "E#5" in pitch_names(back) and "C-5" in pitch_names(back)


def test_musicxml_files_are_reproducible(tmp_path):
    first = write_musicxml(game_score(GAME), tmp_path / "a.musicxml").read_bytes()
    second = write_musicxml(game_score(GAME), tmp_path / "b.musicxml").read_bytes()
    assert first == second
    assert b"encoding-date" not in first and b'<score-part id="P1">' in first
    alone = write_musicxml(triad_chord([0, 4, 7]), tmp_path / "c.musicxml").read_text()
    assert '<part id="P1">' in alone


def test_midi_round_trip_keeps_pitches(tmp_path):
    score = game_score(GAME)
    path = write_midi(score, tmp_path / "game.mid")
    assert path.is_file() and path.read_bytes().startswith(b"MThd")
    back = music21.converter.parse(path)
    heard = [sorted(p.midi for p in e.pitches) for e in back.flatten().notes]
    written = [sorted(p.midi for p in e.pitches) for e in score.flatten().notes]
    assert heard == written


def noteheads(svg: str) -> int:
    """How many note heads verovio drew (elements whose class is "notehead")."""
    root = ET.fromstring(svg)
    return sum(1 for e in root.iter() if "notehead" in e.get("class", "").split())


@pytest.mark.parametrize(
    "make, heads",
    [
        (lambda: scale_stream([6, 8, 10, 11, 1, 3, 5]), 7),
        (lambda: scale_stream([0, 2]), 2),
        (lambda: triad_chord([9, 0, 4]), 3),
        (lambda: structure_stream("triad", [9, 0, 4]), 6),
        (lambda: game_score(GAME), 6 + 7 + 6 + 4 + 6),
    ],
)
def test_notation_svg_draws_every_note_head(make, heads):
    svg = notation_svg(make())
    assert svg.startswith("<svg") and 'viewBox="' in svg
    assert noteheads(svg) == heads


def test_notation_svg_is_deterministic_and_undated():
    first = notation_svg(game_score(GAME))
    second = notation_svg(game_score(GAME))
    assert first.encode() == second.encode()
    assert not re.search(r"\d{4}-\d{2}-\d{2}", first)
    assert "Music21" not in first
    assert "A minor" in first and "F# diminished" in first


def test_notation_shows_inline_in_jupyter():
    shown = Notation(structure_stream("scale", [2, 4, 6]))
    assert shown._repr_svg_() == shown.svg
    assert noteheads(shown.svg) == 3


def test_notation_has_its_labels_as_its_text_alternative():
    """JupyterLab draws a bare SVG as an <img> with no alt (axe: image-alt); the HTML form has one."""
    scores = Notation(game_score([("triad", [9, 0, 4]), ("triad", [6, 9, 0])]))
    assert scores.alt == "A minor; F# diminished"
    assert scores._repr_html_().startswith('<img src="data:image/svg+xml;base64,')
    assert scores._repr_html_().endswith('alt="A minor; F# diminished">')
    bare = stream.Measure([note.Note("C4")])
    assert Notation(bare).alt == "Staff notation"
    assert Notation(bare, Reader(language="de")).alt == "Noten im Notensystem"


def test_only_the_staff_module_loads_music21_and_verovio():
    code = (
        "import sys, muzlab, muzlab.names.spelling, muzlab.views.register, muzlab.views.audio;"
        "import muzlab.widgets;"
        "assert 'music21' not in sys.modules and 'verovio' not in sys.modules;"
        "import muzlab.views.music;"
        "assert 'music21' in sys.modules and 'verovio' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_staff_shows_a_structure_with_one_notehead_per_note():
    from muzlab.views.music import staff

    assert noteheads(staff("scale", [2, 4, 6]).svg) == 3
    assert noteheads(staff("triad", [9, 0, 4]).svg) == 6  # arpeggio, then the chord


def test_rising_midi_reads_any_run_upward_in_a_singable_register():
    from muzlab.views.register import rising_midi

    assert rising_midi([9, 0]) == [57, 60]  # A3 then the C above it
    assert rising_midi(["C", "Eb", "F#"]) == [60, 63, 66]
    assert rising_midi([]) == []


def written(obj) -> list[tuple[str, str | None]]:
    """(name with octave, accidental printed or None) of every written pitch, in order."""
    return [(p.nameWithOctave, p.accidental.name if p.accidental is not None and p.accidental.displayStatus
             else None) for element in obj.flatten().notes for p in element.pitches]


def fifths(measure) -> int | None:
    signatures = list(measure.getElementsByClass("KeySignature"))
    return signatures[0].sharps if signatures else None


def test_staves_carry_the_key_signature_and_print_only_the_accidentals_it_needs():
    f_sharp = structure_stream("scale", [6, 8, 10, 11, 1, 3, 5])
    assert fifths(f_sharp) == 6
    assert written(f_sharp)[-1] == ("E#5", None)  # E# is in the signature
    assert fifths(structure_stream("triad", [2, 5, 9])) == -1  # D minor: its own key
    # D# diminished alone: no signature of a key it is not the tonic of; its sharps are written
    assert fifths(structure_stream("triad", [3, 6, 9])) in (None, 0)
    assert [sign for _, sign in written(structure_stream("triad", [3, 6, 9]))[:2]] == ["sharp", "sharp"]
    in_c = structure_stream("triad", [2, 6, 9], key="C")
    assert fifths(in_c) == 0
    assert written(in_c)[:4] == [("D4", None), ("F#4", "sharp"), ("A4", None), ("D4", None)]
    assert written(in_c)[4] == ("F#4", None)  # the chord repeats F# in the same measure: no new sign


def test_a_key_typed_by_the_user_is_kept():
    gb = structure_stream("scale", [6, 8, 10, 11, 1, 3, 5], key="Gb")
    assert [name for name, _ in written(gb)] == ["G-4", "A-4", "B-4", "C-5", "D-5", "E-5", "F5"]
    assert fifths(gb) == -6
    assert [e.content for e in gb.getElementsByClass("TextExpression")] == ["Gb major scale"]
    cb_major = structure_stream("triad", [11, 3, 6], key="Gb")  # IV of Gb major is Cb major
    assert [name for name, _ in written(cb_major)][:3] == ["C-5", "E-5", "G-5"]  # sounding B4
    assert [e.content for e in cb_major.getElementsByClass("TextExpression")] == ["Cb major"]
    typed = structure_stream("triad", ["G#", "B#", "D#"])
    assert [e.content for e in typed.getElementsByClass("TextExpression")] == ["G# major"]
    from muzlab.names.letters import NotAKey

    with pytest.raises(NotAKey, match="C-D-E is not a run of Gb major"):
        structure_stream("scale", [0, 2, 4], key="Gb")


def test_bass_clef_on_request_writes_an_octave_lower():
    from music21 import clef

    low = structure_stream("triad", [9, 0, 4], clef="bass")
    assert isinstance(low.getElementsByClass("Clef")[0], clef.BassClef)
    assert [name for name, _ in written(low)][:3] == ["A3", "C4", "E4"]
    assert isinstance(structure_stream("triad", [9, 0, 4]).getElementsByClass("Clef")[0], clef.TrebleClef)
    from muzlab.core.errors import UnknownSetting

    with pytest.raises(UnknownSetting, match="unknown clef 'alto'; known: treble, bass"):
        structure_stream("triad", [9, 0, 4], clef="alto")


def test_staff_takes_a_key_and_a_clef():
    from muzlab.views.music import staff

    drawn = staff("scale", "Gb Ab Bb Cb".split(), key="Gb", clef="bass")
    assert noteheads(drawn.svg) == 4 and 'class="keySig"' in drawn.svg


def test_labels_follow_the_note_name_convention():
    import muzlab

    with muzlab.note_names("german"):
        label = structure_stream("scale", [10, 0, 2, 3]).getElementsByClass("TextExpression")[0].content
    assert label == "B major scale, degrees 1-2-3-4"  # German B is B flat
