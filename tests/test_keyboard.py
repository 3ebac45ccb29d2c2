"""The keyboard picture: the right keys lit and spelled, semitones marked, one or two octaves."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

import muzlab  # noqa: E402
from muzlab.views import plot  # noqa: E402
from muzlab.views.keyboard import COLOURS, KeyboardError, keyboard_svg, layout  # noqa: E402


def _lit_keys(ax) -> list[tuple[float, bool]]:
    """(left edge, black?) of every lit key drawn on the axes."""
    lit = {COLOURS["lit-white"]: False, COLOURS["lit-black"]: True}
    return sorted((round(p.get_x(), 2), lit[to_hex(p.get_facecolor())]) for p in ax.patches
                  if isinstance(p, Rectangle) and to_hex(p.get_facecolor()) in lit)


def test_an_augmented_triad_lights_c_e_g_sharp_and_names_g_sharp():
    ax = plot.keyboard(["C", "E", "G#"])
    assert _lit_keys(ax) == [(0.0, False), (2.0, False), (4.7 - 0.3, True)]
    assert [t.get_text() for t in ax.texts] == ["C", "E", "G♯"]
    assert len(ax.patches) == 12
    plt.close(ax.figure)


def test_pitch_classes_are_spelled_by_their_kind():
    assert [name for _, name in layout([0, 4, 8], kind="triad").lit] == ["C", "E", "G♯"]
    assert [name for _, name in layout([3, 6, 9], kind="triad").lit] == ["D♯", "F♯", "A"]
    assert [name for _, name in layout([6, 8, 10, 11, 1, 3, 5], kind="scale").lit][-1] == "E♯"
    assert [name for _, name in layout([8]).lit] == ["A♭"]


def test_a_scale_from_f_sharp_needs_two_octaves_and_semitones_are_marked():
    view = layout([6, 8, 10, 11, 1, 3, 5], kind="scale")
    assert view.octaves == 2 and [step for step, _ in view.lit] == [6, 8, 10, 11, 13, 15, 17]
    ax = plot.keyboard([6, 8, 10, 11, 1, 3, 5], kind="scale", semitones=True)
    numbers = [t.get_text() for t in ax.texts if t.get_text().isdigit()]
    assert numbers == ["2", "2", "1", "2", "2", "2"]
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 24
    plt.close(ax.figure)


def test_names_follow_the_convention():
    with muzlab.note_names("german"):
        assert [name for _, name in layout([11, 3, 6], kind="triad").lit] == ["H", "Dis", "Fis"]
        typed = layout(["fis", "A", "Cis"])
        assert typed.lit == ((6, "Fis"), (9, "A"), (13, "Cis"))


def test_given_axes_are_used_and_returned():
    figure, ax = plt.subplots()
    assert plot.keyboard([0, 3, 7], ax=ax, kind="triad", octaves=2) is ax
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 24
    plt.close(figure)


def test_svg_is_deterministic_and_lights_the_same_keys():
    svg = keyboard_svg([2, 6, 9], kind="triad", semitones=True)
    assert svg == keyboard_svg([2, 6, 9], kind="triad", semitones=True)
    assert svg.count(COLOURS["lit-white"]) == 2 and svg.count(COLOURS["lit-black"]) == 1
    assert ">F♯<" in svg and ">4<" in svg and ">3<" in svg
    assert "id=" not in svg


@pytest.mark.parametrize("pitches, octaves, word", [
    ([], None, "no notes"),
    (list("CDEFGABCDEFGABC"), None, "at most two octaves"),
    ([0, 4, 7], 3, "octaves must be 1 or 2"),
    ([11, 1], 1, "they need 2"),
])
def test_what_does_not_fit_is_refused(pitches, octaves, word):
    with pytest.raises(KeyboardError, match=word):
        layout(pitches, octaves=octaves)


def test_name_size_sets_every_key_name_and_tags_black_keys_too_narrow_for_theirs():
    svg = keyboard_svg([2, 6, 9], kind="triad", semitones=True, name_size=0.75)
    names = [line for line in svg.splitlines() if line.startswith("<text")]
    assert len(names) == 5 and all('font-size="18"' in line for line in names)  # D F♯ A and the 4, 3
    # F♯ (on a black key 14.4 units wide) is written on a tag as wide as its name, centred on the key
    tag = next(line for line in svg.splitlines() if line.startswith("<rect") and "rx=" in line)
    assert 'width="27"' in tag and f'fill="{COLOURS["lit-black"]}"' in tag
    assert "rx=" not in keyboard_svg([2, 6, 9], kind="triad")  # the usual sizes fit their keys untagged


def test_a_keyboard_from_the_first_note_holds_every_completed_run_on_about_an_octave():
    # F♯ major from F: F to the F above (E♯), eight white keys instead of two octaves from C
    view = layout([6, 8, 10, 11, 1, 3, 5], kind="scale", start="first")
    assert view.whites == 8 and view.keys[0].step == 5 and view.keys[-1].step == 17
    assert [round(view.key(step).x, 2) for step, _ in view.lit] == [0.28, 1.4, 2.52, 3, 4.32, 5.48, 7]
    assert view.lit == layout([6, 8, 10, 11, 1, 3, 5], kind="scale").lit  # the same notes and names
    # a triad from its first white key fills seven: B–D♯–F♯ from B to the A above
    triad = layout([11, 3, 6], kind="triad", start="first")
    assert (triad.whites, triad.keys[0].step, triad.keys[-1].step) == (7, 11, 21)
    # every rotation of every major scale, and every triad in each order, takes 7 or 8 white keys
    major = (0, 2, 4, 5, 7, 9, 11)
    for tonic in range(12):
        scale = [(tonic + step) % 12 for step in major]
        for turn in range(7):
            assert layout(scale[turn:] + scale[:turn], start="first").whites in (7, 8)
        for triad in ((0, 4, 7), (0, 3, 7), (0, 3, 6)):
            notes = [(tonic + step) % 12 for step in triad]
            for turn in range(3):
                assert layout(notes[turn:] + notes[:turn], start="first").whites in (7, 8)
    svg = keyboard_svg([6, 8, 10, 11, 1, 3, 5], kind="scale", start="first")
    assert svg.count("<rect") == 13 and 'width="194"' in svg  # 8 white and 5 black keys, 8 × 24 + 2
    ax = plot.keyboard([6, 8, 10, 11, 1, 3, 5], kind="scale")
    assert ax.get_xlim()[1] == pytest.approx(14.1)  # the plot still starts at a C
    plt.close(ax.figure)


@pytest.mark.parametrize("options, word", [
    ({"start": "a"}, "start must be 'c' or 'first'"),
    ({"start": "first", "octaves": 2}, "give octaves only with start='c'"),
])
def test_a_start_the_keyboard_does_not_know_is_refused(options, word):
    with pytest.raises(KeyboardError, match=word):
        layout([0, 4, 7], **options)
