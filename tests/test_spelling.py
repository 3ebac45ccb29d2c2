"""Spelling checked against music21, the reference for note names, key by key and chord by chord."""

from __future__ import annotations

from itertools import pairwise

import music21
import pytest
from hypothesis import given
from hypothesis import strategies as st

from muzlab.core.errors import MuzlabError, UnknownNoteName
from muzlab.core.pitch import parse_pitch
from muzlab.names.letters import (
    MAJOR_KEY_SIGNATURES,
    NotAKey,
    NotAStructure,
    identify_triad,
    major_keys_fitting,
    scale_fits,
    spell_triad,
    triad_name,
)
from muzlab.names.spelling import scale_name, scale_spellings, spell_scale, structure_name, triad_spellings

TRIAD_INTERVALS = {"major": ("M3", "P5"), "minor": ("m3", "P5"), "diminished": ("m3", "d5")}
MAJOR_STEPS = (0, 2, 4, 5, 7, 9, 11)


def ours(name: str) -> str:
    """music21's name written the muzlab way ("B-" -> "Bb", "E--" -> "Ebb")."""
    return name.replace("-", "b")


def m21_major(key: str) -> list[str]:
    """music21's seven names of a major scale."""
    tonic = key.replace("b", "-") if len(key) > 1 else key
    return [ours(p.name) for p in music21.scale.MajorScale(tonic).getPitches()[:7]]


def m21_signature(key: str) -> int:
    """music21's number of sharps (+) or flats (-) of a major key."""
    return music21.key.Key(key.replace("b", "-") if len(key) > 1 else key).sharps


def m21_triad(root: str, quality: str) -> list[str]:
    """music21's spelling of a triad built on `root` by interval names."""
    low = music21.pitch.Pitch(root.replace("b", "-") if len(root) > 1 else root)
    return [ours(low.name)] + [
        ours(music21.interval.Interval(name).transposePitch(low).name)
        for name in TRIAD_INTERVALS[quality]
    ]


def fragments():
    """Every 1-7 note ascending run of every major scale: (tonic pc, first degree, pitches)."""
    for tonic in range(12):
        scale = [(tonic + step) % 12 for step in MAJOR_STEPS]
        for start in range(7):
            for length in range(1, 8):
                yield tonic, start, [scale[(start + i) % 7] for i in range(length)]


ALL_FRAGMENTS = list(fragments())


@pytest.mark.parametrize("key", list(MAJOR_KEY_SIGNATURES))
def test_every_conventional_key_spelled_like_music21(key):
    pitches = [(parse_pitch(key) + step) % 12 for step in MAJOR_STEPS]
    assert dict(scale_spellings(pitches))[f"{key} major"] == m21_major(key)
    assert spell_scale(pitches, key=key) == m21_major(key)


@pytest.mark.parametrize("tonic", range(12))
def test_full_scales_use_the_key_with_fewest_accidentals(tonic):
    pitches = [(tonic + step) % 12 for step in MAJOR_STEPS]
    chosen = scale_spellings(pitches)[0][0].removesuffix(" major")
    assert spell_scale(pitches) == m21_major(chosen)
    assert abs(m21_signature(chosen)) <= 6
    assert major_keys_fitting(pitches) == [tonic]


def test_enharmonic_keys_are_both_offered_with_the_documented_preference():
    f_sharp = [6, 8, 10, 11, 1, 3, 5]
    assert [key for key, _ in scale_spellings(f_sharp)] == ["F# major", "Gb major"]
    assert spell_scale(f_sharp) == ["F#", "G#", "A#", "B", "C#", "D#", "E#"]
    assert spell_scale(f_sharp, key="Gb") == ["Gb", "Ab", "Bb", "Cb", "Db", "Eb", "F"]
    assert [key for key, _ in scale_spellings([1, 3, 5, 6, 8, 10, 0])] == ["Db major", "C# major"]
    assert [key for key, _ in scale_spellings([11, 1, 3, 4, 6, 8, 10])] == ["B major", "Cb major"]


@pytest.mark.parametrize("tonic, start, pitches", ALL_FRAGMENTS)
def test_every_fragment_spelled_like_music21_in_the_chosen_key(tonic, start, pitches):
    fits = scale_fits(pitches)
    best = fits[0]
    assert spell_scale(pitches) == best.names
    expected = m21_major(best.key)
    assert best.names == [expected[(best.start + i) % 7] for i in range(len(pitches))]
    fewest = min(abs(m21_signature(fit.key)) for fit in fits)
    assert abs(m21_signature(best.key)) == fewest
    assert tonic in major_keys_fitting(pitches)
    own_keys = [fit.key for fit in fits if parse_pitch(fit.key) == tonic]
    assert own_keys, "the key the run was cut from must be offered"
    for key in own_keys:
        assert spell_scale(pitches, key=key) == [
            m21_major(key)[(start + i) % 7] for i in range(len(pitches))
        ]


@pytest.mark.parametrize("tonic, start, pitches", ALL_FRAGMENTS)
def test_fitting_keys_match_a_brute_force_search(tonic, start, pitches):
    expected = set()
    for key in range(12):
        scale = [(key + step) % 12 for step in MAJOR_STEPS]
        for first in range(7):
            if all(scale[(first + i) % 7] == p for i, p in enumerate(pitches)):
                expected.add(key)
    assert set(major_keys_fitting(pitches)) == expected


def test_ties_between_equal_signatures_go_to_fewer_written_accidentals_then_sharps():
    # B major and Db major both have 5 accidentals and write this run with 3: sharps win.
    assert scale_spellings([6, 8, 10])[0] == ("B major", ["F#", "G#", "A#"])
    # F# and Gb major tie at 6; B-C#-D# (2 accidentals) beats Cb-Db-Eb (3).
    assert spell_scale(["B", "C#", "D#"], key=6) == ["B", "C#", "D#"]
    assert spell_scale(["B", "C#", "D#"], key="Gb") == ["Cb", "Db", "Eb"]


def test_scale_accepts_names_and_ints_and_key_spellings():
    assert spell_scale(["Gb", "Ab", "Bb"], key="gb major") == ["Gb", "Ab", "Bb"]
    assert spell_scale([6, 8, 10], key="G♭") == ["Gb", "Ab", "Bb"]
    assert spell_scale(["D", "E", "F#", "G"], key=2) == ["D", "E", "F#", "G"]


@pytest.mark.parametrize("quality", list(TRIAD_INTERVALS))
@pytest.mark.parametrize("root", range(12))
def test_all_36_triads_spelled_like_music21(root, quality):
    steps = {"major": (4, 7), "minor": (3, 7), "diminished": (3, 6)}[quality]
    pitches = [root, (root + steps[0]) % 12, (root + steps[1]) % 12]
    names = spell_triad(pitches)
    assert names == m21_triad(names[0], quality)
    assert identify_triad(pitches) == (root, quality)
    assert triad_name(root, quality) == f"{names[0]} {quality}"
    for label, other in triad_spellings(pitches):
        assert other == m21_triad(other[0], quality)
        assert label == f"{other[0]} {quality}"
        assert sum(map(len, other)) >= sum(map(len, names))


@pytest.mark.parametrize(
    "pitches, expected",
    [
        ([8, 0, 3], ["Ab", "C", "Eb"]),
        (["G#", "C", "D#"], ["Ab", "C", "Eb"]),
        ([1, 4, 8], ["C#", "E", "G#"]),
        ([6, 9, 0], ["F#", "A", "C"]),
        ([5, 8, 11], ["F", "Ab", "Cb"]),
        ([6, 10, 1], ["F#", "A#", "C#"]),
        ([0, 4, 8], ["C", "E", "G#"]),
    ],
)
def test_triad_spellings_teachers_expect(pitches, expected):
    assert spell_triad(pitches) == expected


def test_diminished_on_f_sharp_also_offers_g_flat():
    assert triad_spellings([6, 9, 0]) == [
        ("F# diminished", ["F#", "A", "C"]),
        ("Gb diminished", ["Gb", "Bbb", "Dbb"]),
    ]


def test_names_of_structures():
    assert triad_name(9, "minor") == "A minor"
    assert triad_name("Gb", "diminished") == "F# diminished"
    assert structure_name("triad", [8, 0, 3]) == "Ab major"
    assert structure_name("scale", [9, 11, 1]) == "D major scale, degrees 5-6-7"
    assert structure_name("scale", [4, 6, 7, 9]) == "G major scale, degrees 6-7-1-2"
    assert scale_name([11, 0, 2, 4]) == "C major scale, degrees 7-1-2-3"
    assert scale_name(["F#"]) == "G major scale, degree 7"


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: spell_scale(["C", "D", "F#"]), NotAStructure, "C-D-F# is not part of any major"),
        (lambda: spell_scale([0, 0]), NotAStructure, "C-C is not part of any major scale"),
        (
            lambda: spell_scale([0, 2, 4, 5, 7, 9, 11, 0]),
            NotAStructure,
            "1 to 7 notes, not 8: C-D-E-F-G-A-B-C",
        ),
        (lambda: spell_scale([]), NotAStructure, "not 0"),
        (lambda: major_keys_fitting([]), NotAStructure, "not 0"),
        (lambda: spell_scale(["C", "H"]), UnknownNoteName, "'H'"),
        (lambda: spell_scale([0, 12]), UnknownNoteName, "12"),
        (lambda: spell_scale([0, 2], key="A#"), NotAKey, "15 conventional major keys"),
        (lambda: spell_scale([0, 2], key="Gb"), NotAKey, "C-D is not a run of Gb major"),
        (lambda: spell_triad(["C", "E", "F#"]), NotAStructure, "C-E-F# is not a root-position"),
        (lambda: spell_triad([0, 4]), NotAStructure, "C-E is not a root-position triad"),
        (lambda: spell_triad(["E", "G", "C"]), NotAStructure, "E-G-C is not"),
        (lambda: triad_name(0, "sus4"), NotAStructure, "'sus4' is not a triad quality"),
        (lambda: structure_name("column", [0]), NotAStructure, "'column' is not a kind"),
    ],
)
def test_errors_name_the_notes(call, error, words):
    with pytest.raises(error, match=words) as caught:
        call()
    assert isinstance(caught.value, MuzlabError)


def test_no_match_gives_empty_key_list():
    assert major_keys_fitting([0, 1, 2]) == []


@given(st.sampled_from(ALL_FRAGMENTS), st.booleans())
def test_spelled_names_read_back_as_the_same_pitches(fragment, as_names):
    _, _, pitches = fragment
    given_pitches = spell_scale(pitches) if as_names else pitches
    names = spell_scale(given_pitches)
    assert [parse_pitch(name) for name in names] == pitches
    letters = "CDEFGAB"
    steps = [(letters.index(b[0]) - letters.index(a[0])) % 7 for a, b in pairwise(names)]
    assert all(step == 1 for step in steps), "a scale run uses each next letter"
