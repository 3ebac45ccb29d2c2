"""Each complete triad's function in the lesson key, drawn on the board (the Explore tab's labels):
in the reader's harmony style, Đ⁷ as a struck D with a raised 7 whose name is "verkürzter D⁷"."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from muzlab import reading
from muzlab.names.reader import Reader
from muzlab.rules.position import Position
from muzlab.views.svg import board_view, board_words, view_svg
from muzlab.widgets.explorer import Explorer

SVG = "{http://www.w3.org/2000/svg}"
#: Three complete triads on columns: B–D–F (vii° in C), E–G♯–B (V of vi in C), D–F–A (ii in C).
DICE = {(0, 0): 11, (0, -1): 2, (0, -2): 5, (2, -1): 4, (2, -2): 8, (2, -3): 11,
        (-2, 1): 2, (-2, 0): 5, (-2, -1): 9}
GERMAN = Reader("german", typeset=True, language="de")


@pytest.fixture
def kernel_reader():
    """The kernel's default reader, put back after the test changes it."""
    before = reading.default_reader()
    yield
    reading.set_reader(before)


def labels(svg: str) -> dict[str, ET.Element]:
    """The board's function labels by their accessible name."""
    root = ET.fromstring(svg)
    return {group.get("aria-label"): group for group in root.iter(f"{SVG}g")
            if group.get("class") == "function"}


def drawn_text(group: ET.Element) -> str:
    """What a label shows, its pieces in order (a raised figure as its digit)."""
    return "".join("".join(text.itertext()) for text in group.iter(f"{SVG}text"))


def test_the_explore_tab_labels_every_complete_triad_with_its_function_in_the_lesson_key(kernel_reader):
    reading.set_language("de")
    reading.set_lesson_key("C")
    explorer = Explorer(Position(dice=DICE, strict=False))
    found = labels(explorer.board_view.svg)
    assert set(found) == {"Subdominantparallele", "verkürzter D⁷", "Zwischendominante zur Tonikaparallele"}
    assert drawn_text(found["Subdominantparallele"]) == "Sp"
    assert drawn_text(found["Zwischendominante zur Tonikaparallele"]) == "(D) Tp"
    assert found["verkürzter D⁷"].find(f"{SVG}title").text == "verkürzter D⁷"  # its hover text too
    said = ET.fromstring(explorer.board_view.svg).get("aria-label")
    assert said.endswith("; Funktionen in C-Dur: Subdominantparallele (D–F–A), verkürzter D⁷ (H–D–F), "
                         "Zwischendominante zur Tonikaparallele (E–Gis–H)")  # what a screen reader says
    explorer.function_labels.value = False  # the teacher hides them
    assert labels(explorer.board_view.svg) == {}
    assert explorer.function_labels.description == "Funktion jedes Dreiklangs in der Tonart der Stunde"


def test_the_shortened_dominant_is_a_struck_d_with_a_raised_seven():
    view = board_view(Position(dice=DICE, strict=False), reader=GERMAN.with_key("C"), functions=True)
    shortened = labels(view_svg(view))["verkürzter D⁷"]
    texts = list(shortened.iter(f"{SVG}text"))
    d, seven = texts
    assert "struck" in d.get("class") and "".join(d.itertext()) == "D"
    assert all(text.get("aria-hidden") == "true" for text in texts)  # the group's name is what is said
    raised = seven.find(f"{SVG}tspan")
    baseline = float(d.find(f"{SVG}tspan").get("dy"))  # the D's, below the label's middle
    assert raised.text == "7" and float(raised.get("dy")) < baseline  # (y grows downwards)
    assert float(raised.get("font-size")) < float(seven.get("font-size"))
    stroke = shortened.find(f"{SVG}line")
    x1, y1, x2, y2 = (float(stroke.get(name)) for name in ("x1", "y1", "x2", "y2"))
    centre, middle = float(d.get("x")), float(d.get("y"))
    assert x1 < centre < x2 and y1 > middle > y2  # across the D, rising to the right
    assert float(seven.get("x")) >= x2  # the 7 after the D, not on it
    box = shortened.find(f"{SVG}rect")
    assert float(box.get("x")) < x1 and x2 < float(box.get("x")) + float(box.get("width"))


def test_a_stufen_reader_sees_roman_numerals_and_an_english_reader_no_function_letter():
    """Roman numerals for the key's own triads and the applied ones (E major in C: V/vi)."""
    position = Position(dice=DICE, strict=False)
    for reader in (GERMAN.replace(harmony="roman"), Reader(typeset=True)):
        found = labels(view_svg(board_view(position, reader=reader.with_key("C"), functions=True)))
        assert {drawn_text(group) for group in found.values()} == {"vii°", "ii", "V/vi"}
        assert not any(group.find(f"{SVG}line") is not None for group in found.values())
    said = board_words(board_view(position, reader=Reader(typeset=True).with_key("C"), functions=True))
    assert said.endswith("; Roman numerals in C major: ii (D–F–A), vii° (B–D–F), V/vi (E–G♯–B)")


def test_no_lesson_key_no_labels():
    view = board_view(Position(dice=DICE, strict=False), reader=GERMAN, functions=True)
    assert view.functions == () and labels(view_svg(view)) == {}
    assert "Funktionen" not in board_words(view)


def test_a_label_stands_beside_its_middle_die_on_the_board_side():
    """Right of the middle die, or left of it on the board's right edge (the box stays on the board)."""
    position = Position(dice={(4, -1): 2, (4, -2): 5, (4, -3): 9}, strict=False)  # D–F–A on the right edge
    view = board_view(position, reader=GERMAN.with_key("C"), functions=True)
    box = labels(view_svg(view))["Subdominantparallele"].find(f"{SVG}rect")
    die = next(circle for circle in ET.fromstring(view_svg(view)).iter(f"{SVG}circle")
               if circle.get("data-cell") == "4,-2")
    assert float(box.get("x")) + float(box.get("width")) < float(die.get("cx"))
