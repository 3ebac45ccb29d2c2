"""The staff the homework edition draws in the page: MEI written without music21 (muzlab.views.mei).

verovio (the Python package, as the page's WebAssembly would) draws it, and it must show what the full
edition's music21 staff shows: the same noteheads, key signature and written accidentals.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from muzlab.views import mei

NS = {"mei": "http://www.music-encoding.org/ns/mei"}


def notes(text: str) -> list[tuple[str, str, str | None]]:
    """(pname + octave, sounding accidental, written accidental) of each note, in order."""
    root = ET.fromstring(text.encode())
    return [(n.get("pname") + n.get("oct"), n.get("accid.ges"), n.get("accid"))
            for n in root.iterfind(".//mei:note", NS)]


def test_a_triad_is_written_as_heard_against_its_key_signature():
    text = mei.structure_mei("triad", [2, 6, 9])  # D major: D F# A up, then the chord
    assert notes(text) == [("d4", "n", None), ("f4", "s", None), ("a4", "n", None)] * 2
    assert '<keySig sig="2s"/>' in text and ">D major</dir>" in text
    # A diminished (A C Eb): no signature, its flat written once in the measure
    diminished = notes(mei.structure_mei("triad", [9, 0, 3]))
    assert [written for _, _, written in diminished] == [None, None, "f", None, None, None]
    assert '<keySig sig="0"/>' in mei.structure_mei("triad", [9, 0, 3])


def test_the_signature_covers_its_letters_and_an_accidental_is_written_when_it_differs():
    assert [mei.signature_alter(letter, 2) for letter in "CDEFGAB"] == [1, 0, 0, 1, 0, 0, 0]
    assert [mei.signature_alter(letter, -3) for letter in "CDEFGAB"] == [0, 0, -1, 0, 0, -1, -1]
    assert mei.written("E#", 65) == ("E", 4, 1) and mei.written("Cb", 59) == ("C", 4, -1)
    assert notes(mei.sounding_mei([(0, 1, 61), (1, 1, 60), (2, 2, 61)], {61: "C#", 60: "C"}, None)) == [
        ("c4", "s", "s"), ("c4", "n", "n"), ("c4", "s", "s")]
    with pytest.raises(ValueError, match="5 beats"):
        mei.sounding_mei([(0, 5, 60)], {60: "C"}, None)


@pytest.mark.parametrize(("kind", "pitches"), [("triad", [2, 6, 9]), ("triad", [9, 0, 3]),
                                               ("triad", [1, 5, 8]), ("scale", [6, 8, 10, 11, 1, 3, 5]),
                                               ("scale", [10, 0, 2, 3]), ("scale", [3, 5, 7])])
def test_verovio_draws_the_same_staff_as_the_full_edition(kind, pitches):
    from muzlab.views import music

    toolkit = music._toolkit()
    toolkit.resetXmlIdSeed(1)
    assert toolkit.loadData(mei.structure_mei(kind, pitches))
    page = toolkit.renderToSVG(1)
    full = music.staff(kind, pitches).svg

    def glyphs(svg: str) -> tuple[int, int, int, int]:
        """Noteheads, key-signature accidentals, written accidentals, and every glyph drawn."""
        return (len(re.findall(r'class="notehead"', svg)), len(re.findall(r'class="keyAccid"', svg)),
                len(re.findall(r'class="accid">\s*<use', svg)), svg.count("<use"))

    assert glyphs(page) == glyphs(full) and glyphs(page)[0] >= 3
