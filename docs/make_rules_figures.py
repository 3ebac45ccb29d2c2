"""Regenerate the figures of docs/rules.md, docs/words.md and docs/name-changes.md and of their
translations (docs/de/, docs/fr/, docs/es/), drawn by muzlab itself (deterministic).

    python docs/make_rules_figures.py

Writes PNGs to docs/images/rules/, docs/images/words/ and docs/images/names/, and for each translation to
docs/<language>/images/ (so a translated page links its figures as the English page does). Every
position is built from cell names and checked by the rules as it is built, so a figure cannot show a
position the rules refuse; the points in the titles are asked of the position, not typed. The titles
are sentences of muzlab's catalogues (docs/languages/catalogues.py extracts this file too), with the
notes, triads and keys named as muzlab names them in that language.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from muzlab import Board, Position, RuleSet  # noqa: E402
from muzlab.core.hexgrid import to_pixel  # noqa: E402
from muzlab.names.language import DEFAULT_NOTE_NAMES, key_phrase, triad_phrase  # noqa: E402
from muzlab.names.reader import Reader  # noqa: E402
from muzlab.names.spelling import join, prose_name  # noqa: E402
from muzlab.views import plot  # noqa: E402
from muzlab.views.keyboard import keyboard  # noqa: E402
from muzlab.views.plot import board_view  # noqa: E402

HERE = Path(__file__).parent
#: Where each language's figures go: English beside this script, a translation in its own folder.
FOLDERS = {"en": HERE / "images", "de": HERE / "de" / "images", "fr": HERE / "fr" / "images",
           "es": HERE / "es" / "images"}
DPI = 90
#: PNG metadata without the matplotlib version, so the same picture gives the same bytes.
METADATA = {"Software": None}
STANDARD = Board.standard()


def save(fig: plt.Figure, path: Path) -> None:
    """Write one figure as PNG and close it."""
    fig.savefig(path, dpi=DPI, metadata=METADATA, bbox_inches="tight", pad_inches=0.1)
    plt.close(fig)
    print(f"wrote {path.relative_to(HERE.parent) if path.is_relative_to(HERE.parent) else path}")


def at(board: Board, dice: dict[str, str]) -> dict[tuple[int, int], str]:
    """Dice given by cell name, as the (q, r) cells the package stores."""
    return {board.parse_cell(name): note for name, note in dice.items()}


class Words:
    """One language's words for the figures: its reader (its note names, typeset) and its sentences."""

    def __init__(self, code: str):
        self.code = code
        self.reader = Reader(DEFAULT_NOTE_NAMES[code], typeset=True, language=code)
        self.gettext, self.ngettext = self.reader.gettext, self.reader.ngettext

    def note(self, name: str) -> str:
        """A note as a sentence of the language writes it: "F♯", "Fis", "fa♯"."""
        return prose_name(name, self.reader)

    def notes(self, names: str) -> str:
        """Notes joined by dashes: "C–E–G", "do–mi–sol"."""
        return join(names.split(), self.reader, prose=True)

    def key(self, tonic: str) -> str:
        """A major key: "C major", "C-Dur", "do majeur"."""
        return key_phrase(prose_name(tonic, self.reader), "major", self.code)

    def triad(self, root: str, quality: str) -> str:
        """A triad by root and quality: "A minor", "a-Moll", "la mineur"."""
        return triad_phrase(prose_name(root, self.reader), quality, self.code)


def first(sentence: str) -> str:
    """A title that begins with a note, with a capital letter ("Fa ne peut pas aller sur f8")."""
    return sentence[:1].upper() + sentence[1:]


def board_with_names(words: Words, folder: Path) -> None:
    fig, ax = plt.subplots(figsize=(7.5, 8))
    cells = sorted(STANDARD.cell_name(cell) for cell in STANDARD.cells)
    title = words.gettext("The standard board: {count} cells named {first} to {last}; the centre is {centre}")
    plot.board(Position(), ax=ax, coordinates=True, reader=words.reader, title=title.format(
        count=len(cells), first=cells[0], last=cells[-1], centre=STANDARD.cell_name(STANDARD.centre)))
    save(fig, folder / "board.png")


def three_lines(words: Words, folder: Path) -> None:
    fig, axes = plt.subplots(1, 3, figsize=(15, 5.5))
    centre = STANDARD.cell_name(STANDARD.centre)
    lines = {
        words.gettext("the column through {cell} (triads)").format(cell=centre):
            [c for c in STANDARD.cells if c[0] == 0],
        words.gettext("its rising-right diagonal (scales)"): [c for c in STANDARD.cells if c[0] + c[1] == 0],
        words.gettext("its rising-left diagonal (scales)"): [c for c in STANDARD.cells if c[1] == 0],
    }
    lone_c = Position(dice=at(STANDARD, {"e5": "C"}))
    for ax, (line_words, line) in zip(axes, lines.items(), strict=True):
        bottom, top = max(line, key=lambda c: to_pixel(c)[1]), min(line, key=lambda c: to_pixel(c)[1])
        title = words.gettext("{line}:\n{bottom} up to {top}").format(
            line=line_words, bottom=STANDARD.cell_name(bottom), top=STANDARD.cell_name(top))
        plot.board(lone_c, ax=ax, highlight=line, legend=False, reader=words.reader, title=title)
    save(fig, folder / "three_lines.png")


def triads(words: Words, folder: Path) -> None:
    position = Position(dice=at(STANDARD, {"e4": "C", "e5": "E", "e6": "G", "f4": "D", "f5": "F#"}))
    fig, ax = plt.subplots(figsize=(7.5, 8))
    title = words.gettext("A complete {triad} triad ({cells}) and a potential triad {pair} ({pair_cells})")
    plot.board(position, ax=ax, reader=words.reader, title=title.format(
        triad=words.triad("C", "major"), cells="e4–e6", pair=words.notes("D F#"), pair_cells="f4–f5"))
    save(fig, folder / "triads.png")


def lone_c_partners(words: Words, folder: Path) -> None:
    lone_c = Position(dice=at(STANDARD, {"e5": "C"}))
    fig, axes = plt.subplots(1, 2, figsize=(12, 6.5))
    plot.board(lone_c, ax=axes[0], highlight="E", legend=False, reader=words.reader)
    plot.board(lone_c, ax=axes[1], highlight="Ab", legend=False, reader=words.reader)
    save(fig, folder / "lone_c.png")


def room_rule(words: Words, folder: Path) -> None:
    edge = Position(dice=at(STANDARD, {"e7": "C", "e6": "A", "e5": "F", "f7": "D", "f5": "G"}))
    reason = edge.explain("F", "f8")
    assert reason is not None and "could never be finished" in reason, reason
    fig, ax = plt.subplots(figsize=(7.5, 8))
    # Cell names, not the green of a legal cell, show where f8 is: F may not go there.
    title = words.gettext("{note} may not go on {cell}: {pair} could never be finished")
    plot.board(edge, ax=ax, coordinates=True, reader=words.reader,
               title=first(title.format(note=words.note("F"), cell="f8", pair=words.notes("D F"))))
    save(fig, folder / "room_rule.png")


def scale(words: Words, folder: Path) -> None:
    names = "b2 c3 d4 e5 f5 g5 h5".split()
    c_major = Position(dice=at(STANDARD, dict(zip(names, "C D E F G A B".split(), strict=True))))
    fig, ax = plt.subplots(figsize=(7.5, 8))
    title = words.gettext("A complete {key} scale on a rising-right diagonal, {first} to {last}")
    plot.board(c_major, ax=ax, reader=words.reader,
               title=title.format(key=words.key("C"), first=names[0], last=names[-1]))
    save(fig, folder / "scale.png")


SCORING_EXAMPLES = [
    ({"f3": "F", "e4": "G", "d4": "Ab"}, "C", "d5"),
    ({"c3": "F", "d4": "G", "d5": "Bb"}, "Ab", "e5"),
    ({"e4": "F", "e6": "C", "d4": "G", "f5": "B", "f4": "G", "d5": "Bb"}, "A", "e5"),
    ({"e6": "F", "e8": "C", "d6": "G", "f7": "B", "f6": "G", "d7": "Bb"}, "A", "e7"),
]


def scoring(words: Words, folder: Path) -> None:
    fig, axes = plt.subplots(1, 4, figsize=(22, 6.5))
    for ax, (dice, note, name) in zip(axes, SCORING_EXAMPLES, strict=True):
        before = Position(dice=at(STANDARD, dice))
        cell = STANDARD.parse_cell(name)
        points = before.score(note, cell)
        title = words.ngettext("{note} on {cell}: {points} point", "{note} on {cell}: {points} points",
                               points)
        plot.board(before.place(note, cell), ax=ax, last=cell, legend=False, reader=words.reader,
                   title=first(title.format(note=words.note(note), cell=name, points=points)))
    save(fig, folder / "scoring.png")


def master(words: Words, folder: Path) -> None:
    board, rules = Board.master(), RuleSet.master()
    names = "c3 d4 e5 f6 g6 h6".split()
    position = Position(board, at(board, dict(zip(names, "C D E F# G# A#".split(), strict=True))), rules)
    fig, ax = plt.subplots(figsize=(8, 8.6))
    title = words.gettext("Master board ({count} cells, centre {centre}): a complete whole-tone scale")
    plot.board(position, ax=ax, coordinates=True, reader=words.reader,
               title=title.format(count=len(board.cells), centre=board.cell_name(board.centre)))
    save(fig, folder / "master.png")


def word_pictures(words: Words, folder: Path) -> None:
    """The pictures of docs/words.md: each a row of keyboards (notes, kind, semitones shown, title)."""
    gettext, note, notes = words.gettext, words.note, words.notes
    pictures = {
        "pitch_classes": [("C C# D D# E F F# G G# A A# B", None, False,
                           gettext("the twelve pitch classes, one octave"))],
        "semitone": [(pair, None, True, first(gettext("{low} to {high}: one semitone").format(
            low=note(pair.split()[0]), high=note(pair.split()[1])))) for pair in ("E F", "F F#")],
        "interval": [("C G", None, True, first(gettext("{low} up to {high}: an interval of {count} semitones")
                                               .format(low=note("C"), high=note("G"), count=7)))],
        "thirds": [("C E", None, True, first(gettext("{notes}: a major third").format(notes=notes("C E")))),
                   ("C Eb", None, True,
                    first(gettext("{notes}: a minor third").format(notes=notes("C Eb"))))],
        "triad": [(chord, "triad", True, first(gettext("{notes}: the {triad} triad").format(
            notes=notes(chord), triad=words.triad(chord.split()[0], quality))))
            for chord, quality in (("C E G", "major"), ("A C E", "minor"))],
        "scale": [("C D E F G A B", "scale", True, first(gettext(
            "the {key} scale: 2 2 1 2 2 2 (1 back to {tonic})").format(key=words.key("C"),
                                                                       tonic=note("C"))))],
        "enharmonic": [("F#", None, False, first(note("F#"))),
                       ("Gb", None, False, first(gettext("{note}: the same note on the piano, another name")
                                                 .format(note=note("Gb"))))],
    }
    for name, panels in pictures.items():
        fig, axes = plt.subplots(1, len(panels), figsize=(3.4 * len(panels), 2.3), squeeze=False)
        for ax, (pitches, kind, semitones, title) in zip(axes[0], panels, strict=True):
            keyboard(pitches.split(), ax=ax, kind=kind, semitones=semitones, title=title, reader=words.reader)
        save(fig, folder / f"{name}.png")


#: Two positions where a die's name changes when a neighbour arrives (docs/name-changes.md): the die
#: alone, its neighbour's note and cell, and the name the die then reads.
NAME_CHANGES = {
    "column": ({"e5": "Ab"}, "E", "e4"),
    "diagonal": ({"e5": "Bb"}, "B", "f5"),
}


def name_changes(words: Words, folder: Path) -> None:
    """The pictures of docs/name-changes.md: a die alone, then the same die renamed by its new neighbour."""
    for name, (dice, note, cell_name) in NAME_CHANGES.items():
        before = Position(dice=at(STANDARD, dice))
        (old_cell, old_note), = dice.items()
        cell = STANDARD.parse_cell(cell_name)
        assert before.explain(note, cell) is None, (note, cell_name)
        after = before.place(note, cell)
        fig, axes = plt.subplots(1, 2, figsize=(12, 6.5))
        alone = words.gettext("Before: {note} alone on {cell}")
        plot.board(before, ax=axes[0], coordinates=True, legend=False, reader=words.reader,
                   title=alone.format(note=words.note(old_note), cell=old_cell))
        renamed = words.gettext("After: {note} arrives on {cell}, and the die on {old_cell} reads {name}")
        # The board's spelling of the renamed die (default reader: "G♯"), written as prose in the language.
        label = board_view(after, None, None, True, False, None).labels[STANDARD.parse_cell(old_cell)]
        reads = words.note(label.replace("♯", "#").replace("♭", "b"))
        plot.board(after, ax=axes[1], coordinates=True, legend=False, last=cell, reader=words.reader,
                   title=renamed.format(note=words.note(note), cell=cell_name, old_cell=old_cell, name=reads))
        save(fig, folder / f"{name}.png")


#: The boards of the words pages' section on functions (Funktionstheorie): the main functions
#: T, S and D of C-Dur side by side, then the Tonika with its Parallele (a-Moll) and Gegenklang (e-Moll).
FUNCTION_BOARDS = {
    "functions_tsd": {"d5": "F", "d6": "A", "d7": "C", "e4": "C", "e5": "E", "e6": "G",
                      "f2": "G", "f3": "B", "f4": "D"},
    "functions_tp_tg": {"d6": "A", "d7": "C", "d8": "E", "e4": "C", "e5": "E", "e6": "G",
                        "f1": "E", "f2": "G", "f3": "B"},
}


def function_boards(words: Words, folder: Path) -> None:
    """The boards of the words pages' section on Funktionstheorie (German schools' way of naming a
    triad's place in a key), in C major, named as the language names notes."""
    in_c = words.reader.with_key("C")
    for name, dice in FUNCTION_BOARDS.items():
        fig, ax = plt.subplots(figsize=(7.5, 8))
        plot.board(Position(dice=at(STANDARD, dice)), ax=ax, coordinates=True, reader=in_c)
        save(fig, folder / f"{name}.png")


def main() -> None:
    for code, folder in FOLDERS.items():
        words = Words(code)
        (folder / "rules").mkdir(parents=True, exist_ok=True)
        (folder / "words").mkdir(parents=True, exist_ok=True)
        for figure in (board_with_names, three_lines, triads, lone_c_partners, room_rule, scale, scoring,
                       master):
            figure(words, folder / "rules")
        word_pictures(words, folder / "words")
        function_boards(words, folder / "words")
        (folder / "names").mkdir(parents=True, exist_ok=True)
        name_changes(words, folder / "names")


if __name__ == "__main__":
    main()
