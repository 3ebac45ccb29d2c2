"""The SVG board: golden files byte for byte, valid XML, one polygon per cell, what is drawn where."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from muzlab.core.board import Board
from muzlab.core.errors import CellOffBoard, UnknownNoteName
from muzlab.names import structure_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import symbols
from muzlab.play.game import GameResult
from muzlab.rules.position import Position
from muzlab.views.svg import COLOURS, board_view, game_svg, position_svg

_spec = importlib.util.spec_from_file_location(
    "golden_regenerate", Path(__file__).parent / "golden" / "regenerate.py"
)
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def cells_of(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    polygons = root.findall(f".//{SVG}polygon")
    out = {}
    for polygon in polygons:
        q, r = map(int, polygon.get("data-cell").split(","))
        out[(q, r)] = polygon
    assert len(out) == len(polygons), "two polygons for one cell"
    return out


def texts(root: ET.Element, css: str) -> list[str]:
    """The texts of a class; a text on two lines (its <tspan>s) reads as both, "D♯/E♭"."""
    return ["/".join(span.text for span in t) if len(t) else t.text
            for t in root.iter(f"{SVG}text") if css in t.get("class", "").split()]


@pytest.mark.parametrize("name", list(golden.CASES))
def test_matches_golden_file_byte_for_byte(name):
    text = golden.CASES[name]()
    changes = golden.diff(name, text)
    assert not changes, (
        f"SVG for {name!r} differs from tests/golden/{name}.svg; if the change is intended, run "
        f"`python tests/golden/regenerate.py`.\n{changes}"
    )
    assert golden.path_of(name).read_bytes() == text.encode("utf-8")


@pytest.mark.parametrize("name", list(golden.CASES))
def test_parses_as_xml_with_one_polygon_per_cell(name):
    root = parse(golden.CASES[name]())
    assert root.tag == f"{SVG}svg"
    board = Board.standard()
    assert sorted(cells_of(root)) == list(board.cells)
    x, y, width, height = map(float, root.get("viewBox").split())
    assert width > 0 and height > 0
    assert (float(root.get("width")), float(root.get("height"))) == (width, height)


def test_same_position_same_bytes_whatever_the_insertion_order():
    dice = dict(Position.from_notation(golden.MIDGAME).dice)
    shuffled = dict(reversed(list(dice.items())))
    assert position_svg(Position(None, dice)) == position_svg(Position(None, shuffled))
    assert position_svg(Position(None, dice)) == position_svg(Position(None, dice))


def test_no_random_ids_and_one_decimal_numbers():
    text = position_svg(Position.from_notation(golden.MIDGAME), highlight="D", last=(4, -2))
    root = parse(text)
    assert not [e for e in root.iter() if "id" in e.attrib]
    for polygon in root.iter(f"{SVG}polygon"):
        for point in polygon.get("points").split():
            for number in point.split(","):
                assert number.split(".")[1].isdigit() and len(number.split(".")[1]) == 1
    assert "-0.0" not in text


def test_honeypots_are_marked_and_classed():
    root = parse(position_svg(Position()))
    cells = cells_of(root)
    board = Board.standard()
    for cell, polygon in cells.items():
        classes = polygon.get("class").split()
        assert classes[0] == "cell"
        factor = board.honeypots.get(cell)
        assert (f"honeypot-{factor}" in classes) == (factor is not None)
    assert sorted(texts(root, "honeypot")) == ["×2"] * 6 + ["×3"] * 6


def test_dice_are_circles_with_their_names():
    position = Position.from_notation(golden.MIDGAME)
    root = parse(position_svg(position))
    circles = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "die"]
    assert len(circles) == len(position) == 21
    assert sorted(texts(root, "name")) == sorted(map(symbols, position.labels().values()))
    occupied = {cell for cell, p in cells_of(root).items() if "die" in p.get("class").split()}
    assert occupied == set(position.dice)


def die_labels(position: Position) -> dict:
    return board_view(position).labels


def test_complete_structures_spell_their_notes():
    labels = die_labels(Position.from_notation(golden.SPELLED))
    assert labels[(3, -3)] == "E♯"  # F# major scale, 7th degree
    assert labels[(-2, 2)] == "G♯"  # in the scale and in the E major triad: both say G#
    assert labels[(2, -2)] == "D♯"


def test_a_triad_crossing_a_scale_is_spelled_with_it_as_one_board():
    position = Position.from_notation(golden.CROSSING)
    labels = die_labels(position)
    # The F# major triad through the Db major scale's Gb reads as Gb major: one name per die.
    assert labels[(0, 0)] == "G♭" and labels[(0, -1)] == "B♭" and labels[(0, -2)] == "D♭"
    assert labels[(-3, 3)] == "D♭"
    scale = next(s for s in position.structures() if s.kind == "scale")
    assert scale.spelling() == ("Db", "Eb", "F", "Gb", "Ab", "Bb", "C")
    triad = next(s for s in position.structures() if s.kind == "triad")
    assert structure_words.describe(triad).startswith("triad Gb–Bb–Db: complete Gb major — IV in Db major")


def test_pairs_are_spelled_as_triads_and_lone_dice_by_default_names():
    position = Position(None, {(0, 0): "Eb", (0, -1): "F#"})
    assert die_labels(position) == {(0, 0): "D♯", (0, -1): "F♯"}  # as in B major, D# minor
    assert die_labels(Position(None, {(0, 0): "A#"})) == {(0, 0): "B♭"}


def test_symbols_use_real_accidentals():
    assert [symbols(n) for n in ("C", "F#", "Bb", "Cbb", "B##")] == ["C", "F♯", "B♭", "C♭♭", "B♯♯"]


def test_highlighting_a_pitch_shows_legal_cells_with_their_points():
    position = Position.from_notation(golden.MIDGAME)
    root = parse(position_svg(position, highlight="D"))
    highlighted = {cell for cell, p in cells_of(root).items() if "highlight" in p.get("class").split()}
    assert highlighted == set(position.legal_placements(2))
    expected = sorted(f"+{position.score(2, cell)}" for cell in highlighted)
    assert sorted(texts(root, "points")) == expected
    assert "+8" in expected  # the x2 honeypot at (-2, 0) doubles 4 points


def test_highlight_as_cells_pitch_number_or_single_cell():
    position = Position.from_notation(golden.MIDGAME)
    assert set(board_view(position, [(1, 2), (-2, 0)]).highlight) == {(1, 2), (-2, 0)}
    assert board_view(position, [(1, 2)]).highlight == {(1, 2): None}
    assert board_view(position, (1, 2)).highlight == {(1, 2): None}
    assert board_view(position, 2).highlight == board_view(position, "D").highlight
    assert board_view(position, np.int64(2)).highlight == board_view(position, "D").highlight
    assert board_view(position, "eb").pitch_label == "E♭"
    with pytest.raises(CellOffBoard):
        board_view(position, [(9, 9)])
    with pytest.raises(UnknownNoteName):
        board_view(position, "H")


def test_runs_are_lines_through_cell_centres_coloured_by_kind():
    position = Position.from_notation(golden.MIDGAME)
    root = parse(position_svg(position))
    lines = root.findall(f".//{SVG}polyline")
    structures = position.structures()
    assert len(lines) == len(structures)
    for line, structure in zip(lines, structures, strict=True):
        classes = line.get("class").split()
        assert classes[1] == structure.kind
        assert ("complete" in classes) == structure.complete
        assert len(line.get("points").split()) == len(structure.cells)
        assert ("stroke-dasharray" in line.attrib) == (not structure.complete)
    colours = {tuple(line.get("class").split()[1:]): line.get("stroke") for line in lines}
    assert colours[("triad", "complete")] == COLOURS["triad"]
    assert colours[("scale", "potential")] == COLOURS["scale"]
    assert COLOURS["triad"] != COLOURS["scale"]
    assert not parse(position_svg(position, show_structures=False)).findall(f".//{SVG}polyline")


def test_last_placement_is_ringed():
    root = parse(position_svg(Position.from_notation(golden.MIDGAME), last=(4, -2)))
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "last"]
    assert len(rings) == 1


def game(**changes):
    values = dict(position=Position(None, {(0, 0): 0}), hand=4, scores=[3, 5], current_player=1,
                  over=False, result=None, players=2)
    values.update(changes)
    return SimpleNamespace(**values)


def test_game_svg_shows_hand_scores_and_turn():
    root = parse(game_svg(game()))
    assert texts(root, "status") == ["Player 2 to play"]
    assert texts(root, "hand") == ["E"]
    assert texts(root, "score") == ["Player 1", "3", "▶ Player 2", "5"]
    assert len(cells_of(root)) == 61


def test_game_svg_can_show_where_the_die_in_hand_goes():
    root = parse(game_svg(game(), show_legal=True))
    highlighted = {cell for cell, p in cells_of(root).items() if "highlight" in p.get("class").split()}
    assert highlighted == set(Position(None, {(0, 0): 0}).legal_placements(4))


def test_game_over_svg_shows_the_result_and_no_hand():
    root = parse(game_svg(game(over=True, hand=None, result=GameResult((3, 5), (1,), "no dice left"))))
    assert texts(root, "status") == ["Game over"]
    assert texts(root, "result") == ["Player 2 wins with 5 points"]
    assert texts(root, "hand") == []
    assert "▶ Player 2" not in texts(root, "score")


def test_position_repr_svg_is_position_svg():
    position = Position.from_notation(golden.MIDGAME)
    assert position._repr_svg_() == position_svg(position)


def test_coordinates_write_every_cell_name_at_the_top_of_its_hex():
    position = Position.from_notation("standard C@0,0")
    root = parse(position_svg(position, coordinates=True))
    board = Board.standard()
    assert sorted(texts(root, "cell-name")) == sorted(board.cell_name(c) for c in board.cells)
    assert texts(parse(position_svg(position)), "cell-name") == []


def test_a_full_length_run_that_breaks_the_rules_is_drawn_as_broken_not_complete():
    broken = Position(dice={(0, 0): "C", (0, -1): "E", (0, -2): "D"}, strict=False)
    (run,) = board_view(broken).runs
    assert (run.style, run.colour) == ("dead", COLOURS["dead"])
    finished = Position(dice={(0, 0): "C", (0, -1): "E", (0, -2): "G"})
    assert board_view(finished).runs[0].style == "complete"


def test_a_run_that_can_no_longer_be_finished_has_its_own_dash_and_legend_entry():
    position = Position.from_notation("standard A@-4,2 F#@-4,3 E@-3,3 A@-2,1 F@-2,2 D@-2,3 G@-1,1 Eb@-1,2 "
                                      "C@0,-1 A@0,0 F@0,1 Bb@1,-1 Eb@1,1 Ab@2,-1 E@2,0 A@3,-2 F#@3,-1 "
                                      "Eb@3,0 Ab@4,-2")
    assert any(run.style == "dead" for run in board_view(position).runs)
    svg = position_svg(position)
    dashes = {style: re.search(rf'class="run \w+ {style}"[^>]*?stroke-dasharray="([^"]+)"', svg)
              for style in ("potential", "dead")}
    assert dashes["dead"] and dashes["potential"] and dashes["dead"][1] != dashes["potential"][1]
    assert ">can no longer be finished</text>" in svg
    assert "can no longer be finished" not in position_svg(Position(dice={"e5": "C", "e6": "E"}))


def dual_labels() -> set[tuple[str, ...]]:
    """Every two-name and long die name that seeded random boards show, in the three conventions, as
    the names the die shows (values, as the picture is given them)."""
    from muzlab.rules.perft import random_positions

    found = set()
    for seed in range(6):
        for position in random_positions(seed, dice=40)[::5]:
            for convention in ("english", "german", "solfege"):
                reader = Reader(convention, typeset=True)
                found |= {names for names in position.die_names(reader=reader).values()
                          if len("/".join(names)) > 2}
    return found


def test_two_names_go_on_two_lines_inside_the_die_and_one_name_stays_one_line():
    from muzlab.views.svg import NAME_SIZE, die_name_lines

    labels = dual_labels()
    assert {("D♯", "E♭"), ("B", "C♭"), ("Dis", "Es"), ("Re♯", "Mi♭")} <= labels  # the issue's case, in each
    for names in labels:
        lines, font = die_name_lines(names)
        assert "/".join(lines) == "/".join(names)
        assert font >= 0.34, (names, font)  # still readable: at least 0.34 of a hex, 62% of a lone name
        if len(names) == 2 and len("/".join(names)) >= 4:
            assert lines == names
    assert die_name_lines(("C",)) == (("C",), NAME_SIZE) and die_name_lines(("F♯",)) == (("F♯",), NAME_SIZE)
    svg = position_svg(Position.from_notation(golden.MIDGAME))
    assert ('<tspan x="45.0" dy="-0.15em">C♯</tspan><tspan x="45.0" dy="1em">D♭</tspan>' in svg)


def test_the_board_is_named_in_a_sentence_and_each_die_by_its_name_and_cell():
    from muzlab.reading import note_names

    position = Position(None, {"e5": "C", "e6": "Eb"})
    root = parse(position_svg(position))
    assert root.get("aria-label") == "standard board, 2 dice: C on e5, E♭ on e6"
    assert root.find(f"{SVG}title").text == root.get("aria-label")
    titles = {circle.get("data-cell"): circle.find(f"{SVG}title").text
              for circle in root.iter(f"{SVG}circle") if circle.get("class") == "die"}
    assert titles == {"0,0": "C on e5", "0,-1": "E♭ on e6"}
    with note_names("german"):
        assert parse(position_svg(position)).get("aria-label") == "standard board, 2 dice: C on e5, Es on e6"
    assert parse(position_svg(Position())).get("aria-label") == "standard board, no dice yet"
    assert "1 die: C on e5" in parse(position_svg(Position(None, {"e5": "C"}))).get("aria-label")
    assert "@" not in position_svg(Position.from_notation(golden.MIDGAME))  # no raw notation is read out


def test_a_dies_names_are_drawn_as_the_values_given_never_split_out_of_a_label():
    """One name holding a slash stays one line; two names stack, however long: the picture is given
    the names a die shows as values (`Position.die_names`), not a label to split on "/"."""
    from dataclasses import replace

    from muzlab.views.svg import die_name_lines, view_svg

    position = Position(None, {"e5": "C#", "e6": "F"})
    view = board_view(position)
    assert view.dice == {(0, 0): ("D♭",), (0, -1): ("F",)} and view.labels == {(0, 0): "D♭", (0, -1): "F"}
    odd = replace(view, dice={(0, 0): ("Do♯/Ré♭",), (0, -1): ("Do♯", "Ré♭")})
    names = [[span.text for span in text] or [text.text]
             for text in parse(view_svg(odd)).iter(f"{SVG}text") if text.get("class") == "name"]
    assert sorted(names) == [["Do♯", "Ré♭"], ["Do♯/Ré♭"]]
    assert die_name_lines(("Do♯/Ré♭",))[0] == ("Do♯/Ré♭",)
    titles = [circle.find(f"{SVG}title").text for circle in parse(view_svg(odd)).iter(f"{SVG}circle")
              if circle.get("class") == "die"]
    assert sorted(titles) == ["Do♯/Ré♭ on e5", "Do♯/Ré♭ on e6"]


@pytest.mark.parametrize(("language", "faces", "key"), [("fr", ("Do♯", "Ré♭"), "do♯ majeur"),
                                                        ("es", ("Do♯", "Re♭"), "do♯ mayor")])
def test_a_french_or_spanish_lesson_key_and_die_face_read_whole(language, faces, key):
    """A key named in several words ("do♯ majeur") comes as a value and is written whole, first as
    the lesson's key; a face's two names are values, one line each on the die net."""
    from muzlab.names.reader import Key, Reader
    from muzlab.names.spelling import face_label, face_names

    reader = Reader("solfege", key=Key.of("C#"), language=language, typeset=True)
    assert face_names(1, reader) == faces and face_label(1, reader) == "/".join(faces)
    position = Position(None, {"e5": "C#", "f5": "D#"})
    view = board_view(position, reader=reader)
    (run,) = view.runs
    assert f" {key}, " in run.description  # (the lesson's key, first of those the run fits)
    assert structure_words.fitting_keys(position.structures(reader.key)[0], reader)[0][0] == key
    assert view.dice[(0, 0)] == ("Do♯",)
