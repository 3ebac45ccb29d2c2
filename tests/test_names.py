"""Every text that names a run speaks music theory correctly (docs/rules.md section 10, issue 11).

Exhaustive over the 12 roots x 3 qualities in every column placement, and over 12 keys x 7 starting
degrees x run lengths 2-7 on both diagonals: the description, the refusal of a die next to the run,
the board labels (Position.labels and the SVG), the listen-panel title and the staff label all spell
a triad with letters a third apart and a scale run with each letter once, and one triad has one
name everywhere. Then Roman numerals against a textbook table, degrees and modes, and the German
and solfège conventions both ways.
"""

from __future__ import annotations

import re

import pytest

import muzlab
from muzlab import Board, Position, RuleSet, UnknownNoteName
from muzlab.core.errors import MuzlabError, UnknownSetting
from muzlab.core.pitch import parse_pitch, to_convention
from muzlab.core.theory import MAJOR_DEGREES, SCALE_STEPS, TRIAD_STEPS
from muzlab.names.letters import LETTERS, NotInKey, note_name, triad_root_name
from muzlab.names.reader import Reader
from muzlab.names.spelling import (
    completion_label,
    degree_names,
    diatonic_triads,
    key_label,
    mode_name,
    pitch_label,
    roman_numeral,
    show_name,
    spell_notes,
    structure_name,
    symbols,
    triad_label,
)
from muzlab.views.svg import position_svg
from muzlab.widgets.listen import structure_title

BOARD = Board.standard()
QUALITIES = ("major", "minor", "diminished")
SVG_NAME = re.compile(r'<text class="name"[^>]*>(.*?)</text>')


def letters(names) -> list[int]:
    return [LETTERS.index(name[0]) for name in names]


def thirds_apart(names) -> bool:
    """Letters a third apart going up: C E G, D# F# A, Db F Ab."""
    steps = [(b - a) % 7 for a, b in zip(letters(names), letters(names)[1:], strict=False)]
    return all(step == 2 for step in steps)


def one_letter_per_degree(names) -> bool:
    """Each letter once, in scale order: F# G# A# B C# D# E#."""
    found = letters(names)
    steps = [(b - a) % 7 for a, b in zip(found, found[1:], strict=False)]
    return len(set(found)) == len(found) and all(step == 1 for step in steps)


def spelled_pitches(names) -> list[int]:
    return [parse_pitch(name, "english") for name in names]


def notes_in(text: str, prefix: str) -> list[str]:
    """The dash-joined notes after `prefix` up to the first colon or space: "triad C–E–G: ..."."""
    assert text.startswith(prefix), text
    return re.split(r"[:, ]", text[len(prefix):], maxsplit=1)[0].split("–")


def svg_labels(position: Position) -> dict:
    """Die labels as drawn in the SVG, by cell (the names group follows the dice order)."""
    # a name on two lines (its <tspan>s) reads as both names, "D♯/E♭"
    shown = ["/".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", text)) or text
             for text in SVG_NAME.findall(position_svg(position))]
    return dict(zip(position.dice, shown, strict=True))


def column_windows(length: int):
    for column in BOARD.lines[0]:
        cells = [BOARD.cells[i] for i in column]
        for start in range(len(cells) - length + 1):
            yield cells[start:start + length], cells[start + length] if start + length < len(cells) else None


def triad_pitches(root: int, quality: str) -> tuple[int, int, int]:
    third = (root + TRIAD_STEPS[quality][0]) % 12
    return root, third, (third + TRIAD_STEPS[quality][1]) % 12


# ---- triads -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("quality", QUALITIES)
@pytest.mark.parametrize("root", range(12))
def test_a_complete_triad_has_one_spelling_and_one_name_in_every_text(root, quality):
    pitches = triad_pitches(root, quality)
    name = triad_label(root, quality)
    placements = 0
    for number, (cells, above) in enumerate(column_windows(3)):
        position = Position(BOARD, dict(zip(cells, pitches, strict=True)))
        (triad,) = position.structures()
        spelled = list(triad.spelling())
        assert thirds_apart(spelled) and spelled_pitches(spelled) == list(pitches)
        assert name.split()[0] == spelled[0]
        assert triad.describe() == f"triad {'–'.join(spelled)}: complete {name}"
        assert [position.labels()[c] for c in cells] == spelled
        if number % 5 == 0:  # the SVG draws Position.labels(); one placement in five is drawn
            assert [svg_labels(position)[c] for c in cells] == [symbols(n) for n in spelled]
        assert structure_title(triad) == f"{name} (complete triad): {'–'.join(spelled)}"
        assert structure_name("triad", pitches) == name
        assert completion_label("triad", root, quality) == f"{name} triad"
        if above is not None:  # a fourth die on top is refused, naming the triad as spelled
            reason = position.explain((pitches[2] + 3) % 12, above)
            assert notes_in(reason, "")[:3] == spelled and "would stack 4 notes" in reason
        placements += 1
    assert placements == 43  # columns of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells hold 43 three-cell windows


@pytest.mark.parametrize("quality", QUALITIES)
@pytest.mark.parametrize("root", range(12))
def test_the_triad_a_placement_completes_is_named_as_the_board_shows_it(root, quality):
    pitches = triad_pitches(root, quality)
    for cells, _ in column_windows(3):
        pair = Position(BOARD, dict(zip(cells[:2], pitches[:2], strict=True)))
        placed = pair.play(pitches[2], cells[2])
        (done,) = placed.completed
        assert done.spelling() == placed.position.structures()[0].spelling()
        assert [placed.position.labels()[c] for c in cells] == list(done.spelling())


@pytest.mark.parametrize("quality", QUALITIES)
@pytest.mark.parametrize("root", range(12))
def test_potential_triads_and_refusals_next_to_them_are_spelled_in_thirds(root, quality):
    pitches = triad_pitches(root, quality)
    for number, (cells, _) in enumerate(column_windows(3)):
        for part, finish in ((slice(0, 2), 2), (slice(1, 3), 0)):
            dice = dict(zip(cells[part], pitches[part], strict=True))
            position = Position(BOARD, dice)
            (pair,) = position.structures()
            assert thirds_apart(pair.spelling()) and spelled_pitches(pair.spelling()) == list(pitches[part])
            assert notes_in(pair.describe(), "triad ") == list(pair.spelling())
            assert [position.labels()[c] for c in cells[part]] == list(pair.spelling())
            if number % 7 == 0:
                assert [svg_labels(position)[c] for c in cells[part]] == [symbols(n) for n in pair.spelling()]
            if pair.triads:  # named by a triad that holds the pair's letters (G#–B: E# diminished)
                first = 0 if part.start == 0 else 1
                name = triad_root_name(root, quality, pair.names, first)
                assert f"{show_name(name)} {quality}" in pair.describe()
                third, fifth = TRIAD_STEPS[quality]
                spelled = [note_name(LETTERS[(LETTERS.index(name[0]) + 2 * k) % 7], (root + step) % 12)
                           for k, step in enumerate((0, third, third + fifth))]
                assert list(pair.names) == spelled[first:first + 2]
            # A die that would make an augmented or unreadable stack is refused in thirds where it can
            # be (the words do not depend on where the column stands: one placement in seven is read).
            for wrong in range(12) if number % 7 == 0 else ():
                reason = position.explain(wrong, cells[finish])
                if reason and "triad" in reason and "semitone" not in reason:
                    shown = notes_in(reason, "")
                    kept = shown[:2] if finish == 2 else shown[1:]
                    assert kept == list(pair.spelling()), reason
                    if "augmented" in reason:
                        assert thirds_apart(shown), reason


def test_the_refused_augmented_die_is_spelled_as_the_triad_it_would_make():
    pair = Position(dice={(0, 1): "C", (0, 0): "E"})
    assert pair.explain("G#", (0, -1)) == (
        "C–E–G# is an augmented triad; only major, minor or diminished triads are allowed.")
    assert pair.explain("Ab", (0, -1)).startswith("C–E–G# ")  # the spelling follows the triad, not the die
    # the dice on the board keep the spelling they show; the new die is written a third above them
    f_sharp = Position(dice={(0, 1): "F#", (0, 0): "A#"})
    assert f_sharp.structures()[0].spelling() == ("F#", "A#")
    assert f_sharp.explain("D", (0, -1)).startswith("F#–A#–C## is an augmented triad")


# ---- scales -----------------------------------------------------------------------------------------
DIAGONALS = {name: max(BOARD.lines[line], key=len)
             for name, line in (("rising-right", 1), ("rising-left", 2))}


def scale_run(tonic: int, degree: int, length: int) -> list[int]:
    return [(tonic + MAJOR_DEGREES[(degree + k) % 7]) % 12 for k in range(length)]


@pytest.mark.parametrize("line", DIAGONALS)
@pytest.mark.parametrize("tonic", range(12))
def test_every_scale_run_is_written_one_letter_per_degree_in_every_text(tonic, line):
    cells = [BOARD.cells[i] for i in DIAGONALS[line]]
    for degree in range(7):
        for length in range(2, 8):
            pitches = scale_run(tonic, degree, length)
            position = Position(BOARD, dict(zip(cells, pitches, strict=False)))
            (run,) = position.structures()
            spelled = list(run.spelling())
            assert one_letter_per_degree(spelled) and spelled_pitches(spelled) == pitches, spelled
            state = "complete scale " if length == 7 else "scale run "
            assert notes_in(run.describe(), state) == spelled
            assert spell_notes("scale", pitches) == spelled
            assert [position.labels()[c] for c in cells[:length]] == spelled
            if length in (3, 7):
                assert [svg_labels(position)[c] for c in cells[:length]] == [symbols(n) for n in spelled]
            assert structure_title(run).endswith(": " + "–".join(spelled))
            if length == 7:
                assert run.describe().split(": fits ")[1].startswith(key_label(tonic))
                assert completion_label("scale", tonic, "major") == f"{key_label(tonic)} scale"
            # a die above the run that no major scale accepts is refused with the run as spelled
            above = cells[length]
            wrong = next(p for p in range(12) if position.explain(p, above))
            reason = position.explain(wrong, above)
            assert notes_in(reason, "")[:length] == spelled, reason


def test_the_reported_f_sharp_major_run_is_spelled_with_e_sharp():
    cells = [(i, -i) for i in range(-3, 4)]
    position = Position(dice=dict(zip(cells, "F# G# A# B C# D# F".split(), strict=True)))
    (run,) = position.structures()
    assert run.describe() == "complete scale F#–G#–A#–B–C#–D#–E#: fits F# major"
    assert position.labels()[(3, -3)] == "E#"


def test_runs_starting_on_another_degree_say_which_mode_they_are():
    cells = [(i, -i) for i in range(-3, 4)]
    aeolian = Position(dice=dict(zip(cells, "A B C D E F G".split(), strict=True))).structures()[0]
    assert aeolian.describe() == (
        "complete scale A–B–C–D–E–F–G: fits C major from its sixth degree: A natural minor / Aeolian")
    assert mode_name("D E F G A B C".split()) == "C major from its second degree: D Dorian"
    assert degree_names([4, 5, 7], key="C", style="names") == ["mediant", "subdominant", "dominant"]
    assert degree_names([4, 5, 7], key="F", style="movable-do") == ["ti", "do", "re"]
    assert degree_names([6, 8], style="numbers") == ["6", "7"]  # F#-G#: in A major, the fewest sharps
    assert mode_name("C D E F G A B".split()) == "C major from its tonic: C major / Ionian"
    assert aeolian.describe(degrees="names").endswith(
        "; in C major: submediant–leading tone–tonic–supertonic–mediant–subdominant–dominant")
    short = Position(dice=dict(zip(cells, "A B C".split(), strict=False))).structures()[0]
    assert short.describe(degrees="movable-do") == (
        "scale run A–B–C: fits C major, G major; in C major: la–ti–do")


# ---- key context ------------------------------------------------------------------------------------
def test_a_triad_crossing_a_scale_run_is_named_by_its_function_in_that_key():
    position = Position(dice={(0, 0): "D", (0, -1): "F", (0, -2): "A", (1, -3): "B", (2, -4): "C"})
    triad = next(s for s in position.structures() if s.kind == "triad")
    assert triad.describe() == "triad D–F–A: complete D minor — ii in C major"
    assert structure_title(triad) == "D minor (complete triad): D–F–A — ii in C major"
    before = Position(dice={(0, 0): "D", (0, -1): "F", (1, -3): "B", (2, -4): "C"}, strict=False)
    (completed,) = before.play("A", (0, -2)).completed  # what the game reports knows the key too
    assert completed.describe() == "triad D–F–A: complete D minor — ii in C major"
    wider = Position(dice={(0, 0): "D", (0, -1): "F", (0, -2): "A", (-1, 1): "C"})
    assert next(s for s in wider.structures() if s.kind == "triad").functions() == (
        "ii in C major", "vi in F major", "iii in Bb major")


def test_the_key_of_a_function_is_named_so_that_it_holds_the_triad_as_spelled():
    # F diminished is F-Ab-Cb: the leading-tone triad of Gb major (not of F#, whose vii° is E#).
    position = Position(dice={(0, 0): "F", (0, -1): "Ab", (0, -2): "B", (-1, 1): "Eb"})
    triad = next(s for s in position.structures() if s.kind == "triad")
    assert triad.spelling() == ("F", "Ab", "Cb")
    assert "vii° in Gb major" in triad.functions()


TEXTBOOK = {
    "C": ["C major", "D minor", "E minor", "F major", "G major", "A minor", "B diminished"],
    "Eb": ["Eb major", "F minor", "G minor", "Ab major", "Bb major", "C minor", "D diminished"],
    "F#": ["F# major", "G# minor", "A# minor", "B major", "C# major", "D# minor", "E# diminished"],
}
NUMERALS = ["I", "ii", "iii", "IV", "V", "vi", "vii°"]


@pytest.mark.parametrize("key", TEXTBOOK)
def test_roman_numerals_match_the_textbook(key):
    triads = diatonic_triads(key)
    assert [t.numeral for t in triads] == NUMERALS
    assert [t.name for t in triads] == TEXTBOOK[key]
    for triad, expected in zip(triads, TEXTBOOK[key], strict=True):
        root, quality = expected.split()
        assert roman_numeral(root, quality, key) == triad.numeral
        assert roman_numeral(parse_pitch(root), quality, parse_pitch(key)) == triad.numeral
        assert thirds_apart(triad.notes) and triad.notes[0] == root
    with pytest.raises(NotInKey, match=f"E major is not a triad of {key} major; its triads are I"):
        roman_numeral("E", "major", key)


def test_a_flat_key_keeps_its_flats():
    assert [t.name for t in diatonic_triads("Gb")][3] == "Cb major"
    assert diatonic_triads("Gb")[6].notes == ("F", "Ab", "Cb")
    assert key_label("Gb") == "Gb major" and key_label(6) == "F# major" and key_label(1) == "Db major"


# ---- conventions ------------------------------------------------------------------------------------
F_SHARP_MAJOR = [6, 8, 10, 11, 1, 3, 5]
SPELLED = [letter + marks for letter in LETTERS for marks in ("", "#", "##", "b", "bb")]


@pytest.mark.parametrize("convention", ["english", "german", "solfege"])
def test_every_spelled_name_round_trips_through_each_convention(convention):
    shown = [to_convention(name, convention) for name in SPELLED]
    assert len(set(shown)) == len(SPELLED)
    for name, text in zip(SPELLED, shown, strict=True):
        assert parse_pitch(text, convention) == parse_pitch(name, "english")
        assert show_name(name, Reader(convention)) == text
        with muzlab.note_names(convention):  # a typed name given to the rules reads in the default reader's
            assert Position(dice={(0, 0): text}).pitch_at((0, 0)) == parse_pitch(name, "english")


def test_german_names():
    english = ("B", "Bb", "Bbb", "B#", "Eb", "Ab", "Abb", "E#", "Cb", "F##")
    german = [to_convention(n, "german") for n in english]
    assert german == ["H", "B", "Heses", "His", "Es", "As", "Ases", "Eis", "Ces", "Fisis"]
    reader = Reader("german")
    assert parse_pitch("B", "german") == 10 and parse_pitch("H", "german") == 11
    assert parse_pitch("es", "german") == 3
    assert spell_notes("scale", F_SHARP_MAJOR, reader=reader) == [
        "Fis", "Gis", "Ais", "H", "Cis", "Dis", "Eis"]
    assert key_label(10, reader=reader) == "B major" and triad_label(11, "minor", reader) == "H minor"
    assert pitch_label(10, reader) == "B" and key_label("Ges", reader=reader) == "Ges major"
    with pytest.raises(UnknownNoteName, match="B is B flat, H is B natural"):
        parse_pitch("Bb", "german")
    pair = Position(dice={(0, 1): "C", (0, 0): "E"})
    assert pair.explain(8, (0, -1), reader).startswith("C–E–Gis is an augmented triad")
    with muzlab.note_names("german"):  # the default reader: what a notebook types and reads
        assert pair.explain("As", (0, -1)).startswith("C–E–Gis is an augmented triad")
        assert Position(dice={(0, 0): "H"}).notation() == "standard B@0,0"  # notation stays English
        assert Position.from_notation("standard B@0,0").pitch_at((0, 0)) == 11


def test_solfege_names():
    reader = Reader("solfege")
    assert spell_notes("scale", F_SHARP_MAJOR, reader=reader) == [
        "Fa♯", "Sol♯", "La♯", "Si", "Do♯", "Re♯", "Mi♯"]
    assert parse_pitch("Sol", "solfege") == 7 and parse_pitch("Si♭", "solfege") == 10
    assert parse_pitch("sib", "solfege") == 10
    assert triad_label(3, "diminished", reader) == "Re♯ diminished"
    assert symbols("Fa♯", reader) == "Fa♯"
    with muzlab.note_names("solfege"):
        position = Position(dice={(0, 0): "Re", (0, -1): "Fa", (0, -2): "La"})
        assert position.structures()[0].describe() == "triad Re–Fa–La: complete Re minor"
    assert position.structures()[0].describe(reader=reader) == "triad Re–Fa–La: complete Re minor"


def test_the_default_reader_switches_globally_and_for_a_block():
    def shown() -> str:
        return pitch_label(11, muzlab.default_reader())

    assert muzlab.default_reader() == Reader() and pitch_label(11) == "B"  # (no reader: plain English)
    try:
        muzlab.set_note_names("german")
        assert shown() == "H"
        with muzlab.note_names("solfege"):
            assert shown() == "Si"
        assert shown() == "H"
    finally:
        muzlab.set_note_names("english")
    with pytest.raises(RuntimeError), muzlab.note_names("german"):
        raise RuntimeError("the block fails")
    assert shown() == "B"  # restored after an error


def test_an_unknown_convention_is_refused_naming_the_known_ones_and_changes_nothing():
    with pytest.raises(UnknownSetting, match="'dutch'; known: english, german, solfege") as caught:
        muzlab.set_note_names("dutch")
    assert isinstance(caught.value, MuzlabError) and isinstance(caught.value, ValueError)
    assert muzlab.default_reader().convention == "english"
    with pytest.raises(UnknownSetting), muzlab.note_names("italian"):
        pass
    assert muzlab.default_reader().convention == "english"


# ---- cells and other texts ----------------------------------------------------------------------------
def test_refusals_name_cells_by_their_names():
    assert Position().explain("C", (1, 1)) == "The first die goes on the centre cell e5."
    assert Position(dice={(0, 0): "C"}).explain("E", (0, 0)) == "e5 already holds C."
    assert "(" not in Position(dice={(0, 0): "C", (3, 0): "E"}, strict=False).problems()[0].reason


def test_die_faces_show_both_names_of_a_black_key_in_the_convention():
    from muzlab.names.spelling import face_label

    assert [face_label(p) for p in (0, 1, 10)] == ["C", "C#/Db", "A#/Bb"]
    assert [face_label(p, Reader("german")) for p in (1, 10, 11)] == ["Cis/Des", "Ais/B", "H"]


@pytest.mark.parametrize("kind", ["major", "harmonic minor", "major pentatonic", "whole-tone"])
def test_a_complete_scale_of_any_type_is_named_by_the_key_it_is_written_in(kind):
    steps = SCALE_STEPS[kind]
    for tonic in range(12):
        run = [(tonic + sum(steps[:degree])) % 12 for degree in range(len(steps))]
        names = spell_notes("scale", run)
        assert len(set(letters(names))) == len(names)  # no letter twice (a whole-tone run skips one)
        assert completion_label("scale", tonic, kind) == f"{names[0]} {kind} scale"
    assert spell_notes("scale", [8, 10, 11, 1, 3, 4, 7]) == ["G#", "A#", "B", "C#", "D#", "E", "F##"]


def test_completion_labels_name_what_was_completed():
    assert completion_label("triad", 3, "diminished") == "D# diminished triad"
    assert completion_label("triad", 1, "major") == "Db major triad"
    assert completion_label("scale", 6, "major") == "F# major scale"
    assert completion_label("scale", 2, "harmonic minor") == "D harmonic minor scale"


def test_a_refused_die_on_a_diagonal_is_written_as_the_next_degree_would_be():
    whole_steps = Position(dice=dict(zip("b2 c3 d4 e5".split(), "C D E F#".split(), strict=True)))
    assert whole_steps.explain("G#", "f5") == "C–D–E–F#–G#, read upward, is not part of one major scale."
    # no scale step (a repeated note, a third) or a letter needing two accidentals: the default name
    assert Position(dice={"e5": "C", "f5": "D"}).explain("D", "g5").startswith("C–D–D,")
    assert Position(dice={"e5": "C", "f5": "D"}).explain("F#", "g5").startswith("C–D–F#,")


def test_a_chromatic_run_is_called_chromatic_without_a_list_of_tonics():
    board, rules = Board.master(), RuleSet.master()
    cells = [(i, -i) for i in range(-3, 1)]
    (run,) = Position(board, dict(zip(cells, "C C# D D#".split(), strict=True)), rules).structures()
    assert run.describe(all_keys=True) == "scale run C–C#–D–D#: fits the chromatic scale"
    assert run.fitting_keys() == (["the chromatic scale"], [])
    assert run.fitting_keys(Reader("german", language="de"))[0] == ["der chromatischen Tonleiter"]
    # a semitone that fits major keys too names them first, and the chromatic scale once
    (pair,) = Position(board, {(-3, 3): "D", (-2, 2): "Eb"}, rules).structures()
    letters, _sound = pair.fitting_keys()
    assert letters[:2] == ["Bb major", "Eb major"] and letters.count("the chromatic scale") == 1
    assert not any(key.endswith(" chromatic") for key in letters + _sound)
