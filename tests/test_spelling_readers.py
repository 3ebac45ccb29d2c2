"""The spelling functions a lesson types names into (`major_scale`, `scale_name`, `scale_spellings`,
`enharmonic_spellings`, `triad_spellings`) read typed names in the reader's note names and word their
results in its language; without a reader, plain English."""

from __future__ import annotations

import pytest

from muzlab.core.errors import UnknownNoteName
from muzlab.names.letters import NotAKey
from muzlab.names.reader import Reader
from muzlab.names.spelling import (
    enharmonic_spellings,
    major_scale,
    scale_name,
    scale_spellings,
    triad_spellings,
)
from muzlab.reading import using_reader

GERMAN = Reader("german", language="de")
FRENCH = Reader("solfege", language="fr")
SPANISH = Reader("solfege", language="es")


def test_major_scale_reads_the_key_in_the_readers_names_and_names_its_notes_so():
    assert major_scale("Gb") == ["Gb", "Ab", "Bb", "Cb", "Db", "Eb", "F"]
    assert major_scale("Ges", GERMAN) == ["Ges", "As", "B", "Ces", "Des", "Es", "F"]
    assert major_scale("Fa♯", FRENCH) == ["Fa♯", "Sol♯", "La♯", "Si", "Do♯", "Ré♯", "Mi♯"]
    assert major_scale("Re", SPANISH)[:3] == ["Re", "Mi", "Fa♯"]
    assert major_scale(6) == ["F#", "G#", "A#", "B", "C#", "D#", "E#"]  # a pitch class: its usual key


def test_major_scale_refuses_what_is_no_major_key():
    with pytest.raises(NotAKey, match="'A harmonic minor' is not one of the 15 conventional major keys"):
        major_scale("A harmonic minor")
    with pytest.raises(UnknownNoteName):
        major_scale("Fis")  # a German name read as English
    with pytest.raises(NotAKey, match="'Gis' is not one of the 15"):
        major_scale("Gis", GERMAN)  # G# major needs F##: no conventional key


def test_without_a_reader_the_default_reader_is_not_used():
    with using_reader(GERMAN):
        assert major_scale("Bb") == ["Bb", "C", "D", "Eb", "F", "G", "A"]
        assert scale_name(["F#", "G#", "A#"]) == "B major scale, degrees 5-6-7"


def test_scale_name_and_spellings_read_typed_names_in_the_readers_convention():
    assert scale_name(["Fis", "Gis", "Ais"], reader=GERMAN) == "H-Dur-Tonleiter, Stufen 5-6-7"
    assert scale_name(["Fis", "Gis", "Ais"], key="Fis", reader=GERMAN).startswith("Fis-Dur-Tonleiter")
    assert scale_spellings(["Mi", "Fa", "Sol", "La"], FRENCH) == [
        ("do majeur", ["Mi", "Fa", "Sol", "La"]), ("fa majeur", ["Mi", "Fa", "Sol", "La"])]
    assert scale_spellings(["E", "F", "G", "A"]) == [("C major", ["E", "F", "G", "A"]),
                                                     ("F major", ["E", "F", "G", "A"])]


def test_enharmonic_keys_come_together_best_first():
    assert enharmonic_spellings(["F#", "G#", "A#"]) == [
        [("B major", ["F#", "G#", "A#"]), ("Cb major", ["Gb", "Ab", "Bb"])],
        [("Db major", ["Gb", "Ab", "Bb"]), ("C# major", ["F#", "G#", "A#"])],
        [("F# major", ["F#", "G#", "A#"]), ("Gb major", ["Gb", "Ab", "Bb"])],
    ]
    german = enharmonic_spellings(["Fis", "Gis", "Ais"], GERMAN)
    assert german[0] == [("H-Dur", ["Fis", "Gis", "Ais"]), ("Ces-Dur", ["Ges", "As", "B"])]
    assert [len(group) for group in enharmonic_spellings(["A", "B", "C"])] == [1, 1]


def test_triad_spellings_read_and_name_in_the_readers_words():
    assert triad_spellings(["F#", "A", "C"]) == [("F# diminished", ["F#", "A", "C"]),
                                                  ("Gb diminished", ["Gb", "Bbb", "Dbb"])]
    assert triad_spellings(["Fis", "A", "C"], GERMAN) == [("fis vermindert", ["Fis", "A", "C"]),
                                                          ("ges vermindert", ["Ges", "Heses", "Deses"])]
    assert triad_spellings(["Fa♯", "La", "Do"], SPANISH)[0][1] == ["Fa♯", "La", "Do"]
    assert triad_spellings([6, 9, 0], GERMAN)[0][0] == "fis vermindert"  # pitch classes as they are
