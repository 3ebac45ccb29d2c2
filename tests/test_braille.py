"""Runs in braille music (muzlab.views.braille) against cells written by hand from the Music Braille
Code 2015 (BANA) and the New International Manual of Braille Music Notation (WBU, 1996), so that
music21's translation is checked, not copied. Each expected cell names the rule it follows."""

from __future__ import annotations

import pytest

from muzlab.names.reader import Reader
from muzlab.views.braille import (
    BLANK,
    BrailleError,
    braille_document,
    run_braille,
    sheet_braille,
    write_braille,
)
from muzlab.views.worksheet import make_sheets

# Notes: the letters d-j (dots 1-2-4-5 patterns) name C-B; dot 6 makes a quarter, dot 3 a half.
QUARTER = dict(zip("CDEFGAB", "⠹⠱⠫⠻⠳⠪⠺", strict=True))
HALF = dict(zip("CDEFGAB", "⠝⠕⠏⠟⠗⠎⠞", strict=True))
# Octave marks (MBC 2015, octave marks): dots 4-5 the second octave, 4-5-6 the third, dot 5 the fourth
# (middle C's).
SECOND_OCTAVE, THIRD_OCTAVE, FOURTH_OCTAVE = "⠘", "⠸", "⠐"
SHARP, FLAT = "⠩", "⠣"
# Interval signs: a third is dots 3-4-6, a fifth dots 3-5.
THIRD, FIFTH = "⠬", "⠔"
# The final double bar: dots 1-2-6, 1-3.
FINAL = "⠣⠅"
# Numbers: the number sign (dots 3-4-5-6), upper-cell digits a-j, a lower-cell 4 (dots 2-5-6).
NUMBER, UPPER, LOWER_FOUR = "⠼", dict(zip("3456", "⠉⠙⠑⠋", strict=True)), "⠲"


def time(beats: int) -> str:
    """A time signature of quarters: one number sign, then the upper number, then the lower (Intl.
    Manual 3-6: upper- and lower-cell numbers, the number sign only at the start)."""
    return NUMBER + UPPER[str(beats)] + LOWER_FOUR


def chord_down(top: str, *intervals: str) -> str:
    """A half-note chord in the treble: its highest note written, the others as intervals read down
    from it (MBC 2015 intervals: treble and right-hand parts read downward)."""
    return HALF[top] + "".join(intervals)


def read(run) -> tuple[str, str]:
    """A run's braille as (heading without its centring blanks, music line)."""
    heading, music = run_braille(run).split("\n")
    return heading.strip(BLANK), music


CASES = {
    # C major triad: the first note takes an octave mark; thirds never do (octave-mark rules); the
    # chord's top note G repeats the last note, so it needs none; no key signature, 5/4.
    ("triad", (0, 4, 7)): (time(5), FOURTH_OCTAVE + QUARTER["C"] + QUARTER["E"] + QUARTER["G"]
                           + chord_down("G", THIRD, FIFTH) + FINAL),
    # A minor triad: A4 C5 E5 crosses into the fifth octave by thirds, still no octave mark.
    ("triad", (9, 0, 4)): (time(5), FOURTH_OCTAVE + QUARTER["A"] + QUARTER["C"] + QUARTER["E"]
                           + chord_down("E", THIRD, FIFTH) + FINAL),
    # F minor triad: four flats or more take the number sign (Intl. Manual 3-4), key before time (3-8).
    ("triad", (5, 8, 0)): (NUMBER + UPPER["4"] + FLAT + time(5),
                           FOURTH_OCTAVE + QUARTER["F"] + QUARTER["A"] + QUARTER["C"]
                           + chord_down("C", THIRD, FIFTH) + FINAL),
    # C♯ diminished triad: an accidental comes before the octave mark (Intl. Manual 3-1); in the chord
    # the measure's earlier C♯ still holds, as in print.
    ("triad", (1, 4, 7)): (time(5), SHARP + FOURTH_OCTAVE + QUARTER["C"] + QUARTER["E"] + QUARTER["G"]
                           + chord_down("G", THIRD, FIFTH) + FINAL),
    # F♯–G♯–A♯–B–C♯, spelled in B major: five sharps with the number sign; the notes carry none.
    ("scale", (6, 8, 10, 11, 1)): (NUMBER + UPPER["5"] + SHARP + time(5),
                                   FOURTH_OCTAVE + "".join(QUARTER[n] for n in "FGABC") + FINAL),
    # A–B–C♯–D in D major: two sharps written as signs; A3 takes the third octave's mark, and seconds
    # never need one, across middle C too.
    ("scale", (9, 11, 1, 2)): (SHARP * 2 + time(4),
                               THIRD_OCTAVE + "".join(QUARTER[n] for n in "ABCD") + FINAL),
    # F–G♯–A of A harmonic minor: no signature, the sharp written before its note.
    ("scale", (5, 8, 9)): (time(3), FOURTH_OCTAVE + QUARTER["F"] + SHARP + QUARTER["G"] + QUARTER["A"]
                           + FINAL),
}


def test_a_bass_staff_reads_its_chord_up():
    """In the bass clef (left-hand and bass parts) intervals read up from the lowest note (MBC 2015
    intervals); C3 takes the third octave's mark (dots 4-5-6), A2 the second's (dots 4-5); G3 down to
    C3 is a fifth within one octave, so the chord's C needs no mark."""
    assert read_bass(("triad", (0, 4, 7))) == (time(5), THIRD_OCTAVE + QUARTER["C"] + QUARTER["E"]
                                               + QUARTER["G"] + HALF["C"] + THIRD + FIFTH + FINAL)
    scale = SECOND_OCTAVE + "".join(QUARTER[n] for n in "ABCD") + FINAL
    assert read_bass(("scale", (9, 11, 1, 2))) == (SHARP * 2 + time(4), scale)


def read_bass(run) -> tuple[str, str]:
    """A run's braille on a bass staff, as `read` gives it."""
    heading, music = run_braille(run, clef="bass").split("\n")
    return heading.strip(BLANK), music


@pytest.mark.parametrize("run", list(CASES), ids=[f"{kind}-{pitches}" for kind, pitches in CASES])
def test_runs_read_as_written_by_hand(run):
    assert read(run) == CASES[run]


def test_no_print_label_measure_number_or_padding_reaches_the_braille():
    """music21 would write the staff's English label as a word-sign expression, number the lone
    measure 0 ("⠼⠚") and pad lines with blank cells: none of it is left."""
    text = run_braille(("triad", (2, 5, 9)))
    assert "⠜" not in text and "⠼⠚" not in text
    assert not any(line.endswith(BLANK) for line in text.split("\n"))


def test_a_board_run_is_brailled_as_the_board_spells_it():
    sheet = make_sheets(seed=3, sheets=1)[0]
    runs = [run for run in sheet.position.structures() if run.complete]
    assert runs
    for run in runs:
        assert run_braille(run) == run_braille(run.spelled_run())


def test_a_document_titles_each_run_in_the_readers_language():
    runs = [("triad", (9, 0, 4)), ("scale", (2, 4, 5, 7))]
    english = braille_document(runs, Reader())
    german = braille_document(runs, Reader("german", language="de"))
    assert english.startswith("A minor\n") and "C major scale, degrees 2-3-4-5\n" in english
    assert german.startswith("a-Moll\n") and "C-Dur-Tonleiter" in german
    assert english.split("\n")[1:3] == german.split("\n")[1:3]  # the braille is the same


def test_a_worksheet_brailles_every_complete_run_on_its_board():
    sheet = make_sheets(seed=3, sheets=1, reader=Reader(language="fr"))[0]
    text = sheet_braille(sheet)
    complete = [run for run in sheet.position.structures() if run.complete]
    assert text.startswith("Fiche 1\u00a0: les suites")
    assert text.count(FINAL) == len(complete)


def test_no_run_is_refused_and_a_file_is_written_whole(tmp_path):
    with pytest.raises(BrailleError, match="at least one run"):
        braille_document([])
    with pytest.raises(BrailleError, match="'C E G'"):
        run_braille("C E G")
    path = write_braille(braille_document([("triad", (0, 4, 7))]), tmp_path / "runs.txt")
    assert path.read_text(encoding="utf-8").startswith("C major\n")
    with pytest.raises(FileExistsError):
        write_braille("⠐⠹", path)
    assert path.read_text(encoding="utf-8").startswith("C major\n")


def test_the_listen_panel_saves_the_run_it_plays_in_braille():
    from muzlab.sim.samples import sample_game
    from muzlab.widgets.listen import ListenPanel

    panel = ListenPanel()
    assert panel.save_braille.layout.display == "none" and panel.braille_file() is None
    structure = sample_game("greedy-vs-random").completed_structures("")[0]
    panel.show(structure, Reader("german", language="de"))
    assert panel.save_braille.layout.display == "" and panel.save_braille.description == "Braille speichern"
    made = panel.save_braille.click()
    expected = braille_document([structure.spelled_run()], Reader("german", language="de"))
    assert made.name.endswith("-braille.txt") and made.mime == "text/plain"
    assert made.data.decode("utf-8") == expected


def test_a_worksheet_with_nothing_complete_says_so():
    from muzlab.rules.position import Position
    from muzlab.views.worksheet import Sheet

    sheet = Sheet(1, 0, Position.from_notation("standard C@1,0 E@1,-1"), (), reader=Reader(language="es"))
    assert sheet_braille(sheet) == (
        "Ficha 1: las series de su tablero\n\n"
        "Todavía no hay ninguna tríada ni ninguna escala completa en este tablero.\n")
