"""A spelled run travels as one value: spelled (and a triad identified) once, then its staff, MEI,
keyboard, sound and title are drawn from it, none working its root or quality out again."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from muzlab import Position
from muzlab.core.pitch import SpelledNote
from muzlab.names import spelling
from muzlab.names.letters import NotAStructure, SpelledRun
from muzlab.names.reader import Reader
from muzlab.names.spelling import run_title, spell_run
from muzlab.views import keyboard, mei, register

GERMAN = Reader("german", language="de")
NS = {"mei": "http://www.music-encoding.org/ns/mei"}


@pytest.fixture
def identified(monkeypatch) -> list[tuple]:
    """Every triad identification from here on (`spelling.identify_triad`), counted."""
    calls: list[tuple] = []
    real = spelling.identify_triad

    def counting(pitches):
        values = tuple(pitches)
        calls.append(values)
        return real(values)

    monkeypatch.setattr(spelling, "identify_triad", counting)
    return calls


def mei_facts(text: str) -> tuple[str, list[tuple[str, str, str | None]], str]:
    """(key signature, each note's (pname + octave, sounding, written accidental), label) of an MEI staff."""
    root = ET.fromstring(text.encode())
    notes = [(n.get("pname") + n.get("oct"), n.get("accid.ges"), n.get("accid"))
             for n in root.iterfind(".//mei:note", NS)]
    return root.find(".//mei:keySig", NS).get("sig"), notes, root.find(".//mei:dir", NS).text


def test_no_view_module_identifies_a_triad():
    from muzlab.views import audio, music
    from muzlab.widgets import listen

    for module in (music, mei, keyboard, register, audio, listen):
        assert not hasattr(module, "identify_triad"), module.__name__


def test_a_triad_staff_from_its_notes_identifies_the_triad_once(identified):
    from muzlab.views import music

    svg = music.staff("triad", [3, 6, 10], reader=GERMAN).svg
    assert len(identified) == 1 and svg.count('class="notehead') == 6
    identified.clear()
    mei.structure_mei("triad", ["D#", "F#", "A#"])
    assert len(identified) == 1


def test_every_picture_of_a_spelled_run_is_drawn_without_identifying_it_again(identified):
    from muzlab.views import audio, music

    run = spell_run("triad", ["D#", "F#", "A#"])
    assert len(identified) == 1
    assert (run.names, run.root, run.quality, run.signature) == (("D#", "F#", "A#"), "D#", "minor", 6)
    identified.clear()
    music.notation_svg(music.run_stream(run, reader=GERMAN))
    sig, notes, label = mei_facts(mei.run_mei(run, GERMAN))
    svg = keyboard.keyboard_svg(run, semitones=True, reader=GERMAN)
    audio.play_run(run)
    assert identified == []
    assert sig == "6s" and label == "dis-Moll"  # D# minor: six sharps, each in the signature
    assert [written for _, _, written in notes] == [None] * 6
    assert re.findall(r">([A-Za-z]+)</text>", svg) == ["Dis", "Fis", "Ais"]


def test_a_boards_complete_triad_is_drawn_for_its_panel_with_no_identification(identified):
    from muzlab.widgets import listen

    triad = Position(None, {"e5": "D#", "e6": "F#", "e7": "A#"}).runs_through("e5")[0]
    run = triad.spelled_run()  # (the board spelled too: its column is named from the rules' facts)
    listen._drawn.cache_clear()
    drawn = listen._drawn(run, GERMAN)
    panel = listen.ListenPanel()
    panel.show(triad, GERMAN)
    assert identified == []
    assert run.root == "D#" and run.quality == "minor" and drawn.events == tuple(register.run_events(run))
    assert "dis-Moll" in panel.title.value and "Dis–Fis–Ais" in panel.title.value
    assert '<svg' in panel.staff.value and "Fis" in panel.keyboard.value


@pytest.mark.parametrize(("kind", "pitches", "key"), [
    ("triad", [3, 6, 10], None), ("triad", ["Eb", "Gb", "Bb"], None), ("triad", [11, 2, 5], "Gb"),
    ("triad", ["E#", "G#", "B"], None), ("scale", ["Cb", "Db", "Eb", "Fb", "Gb", "Ab", "Bb"], None),
    ("scale", [11, 1, 3, 4], "Cb"), ("scale", [6, 8, 10, 11, 1, 3, 5], None), ("scale", [0, 2, 4, 6], None),
])
def test_the_pictures_of_notes_and_of_their_spelled_run_are_the_same(kind, pitches, key):
    from muzlab.views import music

    run = spell_run(kind, pitches, key)
    # (typed names are read in the reader's note names: as spelled values they mean the same to every reader)
    notes = [SpelledNote.from_english(p) if isinstance(p, str) else p for p in pitches]
    for reader in (Reader(), GERMAN, Reader("solfege", language="fr", typeset=True)):
        assert music.run_staff(run, reader=reader).svg == music.staff(kind, notes, key, reader=reader).svg
        assert mei.run_mei(run, reader) == mei.structure_mei(kind, pitches, key, reader)
        assert keyboard.keyboard_svg(run, reader=reader) == keyboard.keyboard_svg(run.notes, reader=reader)
    assert register.run_events(run) == register.structure_events(kind, pitches)


def test_enharmonic_runs_keep_their_letters_key_and_title():
    cb_major = spell_run("scale", ["Cb", "Db", "Eb", "Fb", "Gb", "Ab", "Bb"])
    sig, notes, label = mei_facts(mei.run_mei(cb_major, GERMAN))
    assert cb_major.key == ("Cb", "major") and cb_major.signature == -7 and sig == "7f"
    assert [pname for pname, _, _ in notes] == ["c4", "d4", "e4", "f4", "g4", "a4", "b4"]
    assert all(sounding == "f" and written is None for _, sounding, written in notes)
    assert label == "Ces-Dur-Tonleiter" == run_title(cb_major, GERMAN)
    e_sharp = spell_run("triad", ["E#", "G#", "B"])  # E# diminished: no signature, its sharps written
    assert e_sharp.names == ("E#", "G#", "B") and e_sharp.signature is None
    assert run_title(e_sharp, GERMAN) == "eis vermindert"  # (small, as a minor triad: a minor third up)
    fourths = spell_run("scale", [11, 1, 3, 4], "Cb")  # as asked: Cb major, degrees 1-2-3-4
    assert fourths.names == ("Cb", "Db", "Eb", "Fb")
    assert run_title(fourths) == "Cb major scale, degrees 1-2-3-4"
    in_key = spell_run("triad", [6, 10, 1], "Gb")  # I of Gb major written in it, not as F# major
    assert in_key.names == ("Gb", "Bb", "Db") and in_key.signature == -6 and run_title(in_key) == "Gb major"
    alone = spell_run("triad", [6, 10, 1])
    assert alone.names == ("F#", "A#", "C#") and alone.signature == 6


def test_a_spelled_run_is_a_frozen_value_and_refuses_what_is_no_run():
    run = spell_run("triad", [0, 4, 7])
    assert run == spell_run("triad", ["C", "E", "G"]) and hash(run) == hash(spell_run("triad", [0, 4, 7]))
    with pytest.raises(AttributeError):
        run.root = "B#"  # type: ignore[misc]
    with pytest.raises(NotAStructure, match="C-D-E is not a root-position triad"):
        spell_run("triad", ["C", "D", "E"])
    with pytest.raises(NotAStructure, match="scale"):
        spell_run("scale", [0, 5, 10])  # (fourths: no scale climbs by them)
    with pytest.raises(keyboard.KeyboardError, match="spelled already"):
        keyboard.layout(run, kind="triad")
    assert isinstance(Position(None, {"e5": "C", "e6": "E", "e7": "G"}).runs_through("e5")[0].spelled_run(),
                      SpelledRun)


def test_a_run_that_is_no_triad_or_scale_is_played_note_by_note_in_either_edition(monkeypatch):
    """A column pair has no spelled run: the panel plays its notes upward, with no staff or keyboard,
    and the homework edition's page is handed the same note events (not an error in the callback)."""
    import sys

    from muzlab.widgets import listen

    pair = Position(None, {"e5": "C", "e6": "E"}).runs_through("e5")[0]
    with pytest.raises(NotAStructure):
        pair.spelled_run()
    panel = listen.ListenPanel()
    panel.show(pair)
    assert panel.player.value[:4] == b"RIFF" and panel.staff.value == "" and panel.keyboard.value == ""
    monkeypatch.setattr(sys, "platform", "emscripten")
    page = listen.ListenPanel()
    page.show(pair)
    assert page.player.events == [[0, 1, 60], [1, 1, 64]] and page.staff.mei == ""
    c_major = Position(None, {"e5": "C", "e6": "E", "e7": "G"}).runs_through("e5")[0]
    page.show(c_major)
    assert page.player.events == [list(event) for event in register.run_events(c_major.spelled_run())]
    assert mei_facts(page.staff.mei)[2] == "C major"
