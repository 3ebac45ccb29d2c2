"""The board as lists (muzlab.names.board_lists, gathered by muzlab.rules.board_reading): the dice by
column and by diagonal with their cells, names and runs, and the legal cells for a die in hand with
their points and completions, in English, German, French and Spanish."""

from __future__ import annotations

from collections import Counter

import pytest

from muzlab.names import structure_words
from muzlab.names.reader import Reader
from muzlab.rules.board_reading import board_lists, legal_cells
from muzlab.rules.position import Position

#: C and E on f4-f5 (a column pair), D on e5 and B♭ below it on e4 (alone on its rising-left diagonal).
POSITION = "standard C@1,0 E@1,-1 D@0,0 Bb@0,1"
ENGLISH, GERMAN = Reader(), Reader("german", language="de")
FRENCH, SPANISH = Reader("solfege", language="fr"), Reader("solfege", language="es")


@pytest.fixture(scope="module")
def position() -> Position:
    return Position.from_notation(POSITION)


def test_english_lists_name_every_die_by_cell_and_line(position):
    lists = board_lists(position, ENGLISH)
    columns = {group.title: group.items for group in lists.columns}
    assert columns == {"Column e": ("e4, e5 — triad Bb–D: could become G minor, Bb major",),
                       "Column f": ("f4, f5 — triad C–E: could become C major, A minor",)}
    right = {group.title: group.items for group in lists.rising_right}
    assert right["Rising-right diagonal a1 to i5"] == (
        "e5, f5 — scale run D–E: fits C major, G major, F major and 2 more",)
    assert right["Rising-right diagonal b1 to i4"] == (
        "e4, f4 — scale run Bb–C: fits F major, Bb major, Eb major and 2 more",)
    left = {group.title: group.items for group in lists.rising_left}
    assert left["Rising-left diagonal h1 to a4"] == ("e4: Bb, alone on this line",)
    assert left["Rising-left diagonal i1 to a5"] == (
        "f4, e5 — scale run C–D: fits C major, G major, F major and 2 more",)
    # every die is named once on each of its three lines, and nothing else is
    named = Counter(cell for group in lists.groups() for item in group.items
                    for cell in (item.split(" — ")[0] if " — " in item else item.split(":")[0]).split(", "))
    assert named == {position.board.cell_name(cell): 3 for cell in position.dice}


def test_the_runs_are_the_rules_runs(position):
    """Each run item describes a run of `Position.structures`, as the board spells it."""
    runs = {structure_words.describe(run, ENGLISH) for run in position.structures("")}
    listed = {item.split(" — ", 1)[1] for group in board_lists(position, ENGLISH).groups()
              for item in group.items if " — " in item}
    assert listed == runs


def test_legal_cells_say_points_and_what_they_complete(position):
    group = legal_cells(position, "G", ENGLISH)
    scores = position.legal_scores(7)
    assert group.title == f"G may go on {len(scores)} cell" + ("s" if len(scores) != 1 else "")
    assert "f6: 3 points, completes the C major triad" in group.items
    assert [item.split(":")[0] for item in group.items] == [position.board.cell_name(c) for c in scores]
    assert all(f": {points} point" in item for item, points in zip(group.items, scores.values(), strict=True))


@pytest.mark.parametrize(("reader", "column", "lone", "legal", "title"), [
    (GERMAN, "Spalte f", "e4: B, allein auf dieser Linie", "f6: 3 Punkte, vollendet den C-Dur-Dreiklang",
     "Nach rechts steigende Diagonale a1 bis i5"),
    (FRENCH, "Colonne f", "e4\u00a0: si♭, seul sur cette ligne",
     "f6\u00a0: 3 points, complète l'accord de do majeur", "Diagonale montant vers la droite de a1 à i5"),
    (SPANISH, "Columna f", "e4: si♭, solo en esta línea", "f6: 3 puntos, completa la tríada de do mayor",
     "Diagonal que sube hacia la derecha desde a1 hasta i5"),
])
def test_the_lists_in_other_languages(position, reader, column, lone, legal, title):
    lists = board_lists(position, reader)
    assert column in [group.title for group in lists.columns]
    assert lone in [item for group in lists.rising_left for item in group.items]
    assert title in [group.title for group in lists.rising_right]
    assert legal in legal_cells(position, 7, reader).items


def test_legal_titles_count_in_each_language(position):
    assert legal_cells(position, 7, GERMAN).title == "G darf auf 2 Felder"
    assert legal_cells(position, 7, FRENCH).title == "Sol peut aller sur 2 cases"
    assert legal_cells(position, 7, SPANISH).title == "Sol puede ir en 2 casillas"


def test_an_empty_board_says_so_and_a_bad_die_is_refused():
    empty = Position.from_notation("standard")
    assert board_lists(empty, GERMAN).text() == "Das Spielbrett ist leer."
    assert board_lists(empty, ENGLISH).groups() == ()
    with pytest.raises(ValueError, match="Q"):
        legal_cells(empty, "Q", ENGLISH)
