"""Regenerate the figures of docs/rules.md and docs/words.md, drawn by muzlab itself (deterministic).

    python docs/make_rules_figures.py

Writes PNGs to docs/images/rules/ and docs/images/words/. Every position is built from cell names
and checked by the rules as it is built, so a figure cannot show a position the rules refuse; the
points in the titles are asked of the position, not typed.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from muzlab import Board, Position, RuleSet
from muzlab.core.hexgrid import to_pixel  # noqa: E402
from muzlab.views import plot  # noqa: E402
from muzlab.views.keyboard import keyboard  # noqa: E402

HERE = Path(__file__).parent
RULES_IMAGES = HERE / "images" / "rules"
WORDS_IMAGES = HERE / "images" / "words"
DPI = 90
#: PNG metadata without the matplotlib version, so the same picture gives the same bytes.
METADATA = {"Software": None}
STANDARD = Board.standard()


def save(fig: plt.Figure, path: Path) -> None:
    """Write one figure as PNG and close it."""
    fig.savefig(path, dpi=DPI, metadata=METADATA, bbox_inches="tight", pad_inches=0.1)
    plt.close(fig)
    print(f"wrote {path.relative_to(HERE.parent)}")


def at(board: Board, dice: dict[str, str]) -> dict[tuple[int, int], str]:
    """Dice given by cell name, as the (q, r) cells the package stores."""
    return {board.parse_cell(name): note for name, note in dice.items()}


def board_with_names() -> None:
    fig, ax = plt.subplots(figsize=(7.5, 8))
    plot.board(Position(), ax=ax, coordinates=True,
               title="The standard board: 61 cells named a1 to i5; the centre is e5")
    save(fig, RULES_IMAGES / "board.png")


def three_lines() -> None:
    fig, axes = plt.subplots(1, 3, figsize=(15, 5.5))
    lines = {
        "the column through e5 (triads)": [c for c in STANDARD.cells if c[0] == 0],
        "its rising-right diagonal (scales)": [c for c in STANDARD.cells if c[0] + c[1] == 0],
        "its rising-left diagonal (scales)": [c for c in STANDARD.cells if c[1] == 0],
    }
    lone_c = Position(dice=at(STANDARD, {"e5": "C"}))
    for ax, (title, line) in zip(axes, lines.items(), strict=True):
        bottom, top = max(line, key=lambda c: to_pixel(c)[1]), min(line, key=lambda c: to_pixel(c)[1])
        plot.board(lone_c, ax=ax, highlight=line, legend=False,
                   title=f"{title}:\n{STANDARD.cell_name(bottom)} up to {STANDARD.cell_name(top)}")
    save(fig, RULES_IMAGES / "three_lines.png")


def triads() -> None:
    position = Position(dice=at(STANDARD, {"e4": "C", "e5": "E", "e6": "G", "f4": "D", "f5": "F#"}))
    fig, ax = plt.subplots(figsize=(7.5, 8))
    plot.board(position, ax=ax, title="A complete C major triad (e4–e6) and a potential triad D–F# (f4–f5)")
    save(fig, RULES_IMAGES / "triads.png")


def lone_c_partners() -> None:
    lone_c = Position(dice=at(STANDARD, {"e5": "C"}))
    fig, axes = plt.subplots(1, 2, figsize=(12, 6.5))
    plot.board(lone_c, ax=axes[0], highlight="E", legend=False)
    plot.board(lone_c, ax=axes[1], highlight="Ab", legend=False)
    save(fig, RULES_IMAGES / "lone_c.png")


def room_rule() -> None:
    edge = Position(dice=at(STANDARD, {"e7": "C", "e6": "A", "e5": "F", "f7": "D", "f5": "G"}))
    reason = edge.explain("F", "f8")
    assert reason is not None and "could never be finished" in reason, reason
    fig, ax = plt.subplots(figsize=(7.5, 8))
    # Cell names, not the green of a legal cell, show where f8 is: F may not go there.
    plot.board(edge, ax=ax, coordinates=True, title="F may not go on f8: D–F could never be finished")
    save(fig, RULES_IMAGES / "room_rule.png")


def scale() -> None:
    names = "b2 c3 d4 e5 f5 g5 h5".split()
    c_major = Position(dice=at(STANDARD, dict(zip(names, "C D E F G A B".split(), strict=True))))
    fig, ax = plt.subplots(figsize=(7.5, 8))
    plot.board(c_major, ax=ax, title="A complete C major scale on a rising-right diagonal, b2 to h5")
    save(fig, RULES_IMAGES / "scale.png")


SCORING_EXAMPLES = [
    ({"f3": "F", "e4": "G", "d4": "Ab"}, "C", "d5"),
    ({"c3": "F", "d4": "G", "d5": "Bb"}, "Ab", "e5"),
    ({"e4": "F", "e6": "C", "d4": "G", "f5": "B", "f4": "G", "d5": "Bb"}, "A", "e5"),
    ({"e6": "F", "e8": "C", "d6": "G", "f7": "B", "f6": "G", "d7": "Bb"}, "A", "e7"),
]


def scoring() -> None:
    fig, axes = plt.subplots(1, 4, figsize=(22, 6.5))
    for ax, (dice, note, name) in zip(axes, SCORING_EXAMPLES, strict=True):
        before = Position(dice=at(STANDARD, dice))
        cell = STANDARD.parse_cell(name)
        points = before.score(note, cell)
        plot.board(before.place(note, cell), ax=ax, last=cell, legend=False,
                   title=f"{note} on {name}: {points} points")
    save(fig, RULES_IMAGES / "scoring.png")


def master() -> None:
    board, rules = Board.master(), RuleSet.master()
    names = "c3 d4 e5 f6 g6 h6".split()
    position = Position(board, at(board, dict(zip(names, "C D E F# G# A#".split(), strict=True))), rules)
    fig, ax = plt.subplots(figsize=(8, 8.6))
    plot.board(position, ax=ax, coordinates=True,
               title="Master board (91 cells, centre f6): a complete whole-tone scale")
    save(fig, RULES_IMAGES / "master.png")


#: The pictures of docs/words.md: file name -> panels, each (notes, kind, semitones shown, title).
WORD_PICTURES = {
    "pitch_classes": [("C C# D D# E F F# G G# A A# B", None, False, "the twelve pitch classes, one octave")],
    "semitone": [("E F", None, True, "E to F: one semitone"), ("F F#", None, True, "F to F#: one semitone")],
    "interval": [("C G", None, True, "C up to G: an interval of 7 semitones")],
    "thirds": [("C E", None, True, "C–E: a major third"), ("C Eb", None, True, "C–Eb: a minor third")],
    "triad": [("C E G", "triad", True, "C–E–G: the C major triad"),
              ("A C E", "triad", True, "A–C–E: the A minor triad")],
    "scale": [("C D E F G A B", "scale", True, "the C major scale: 2 2 1 2 2 2 (1 back to C)")],
    "enharmonic": [("F#", None, False, "F#"), ("Gb", None, False, "Gb: the same piano key, another name")],
}


def word_pictures() -> None:
    for name, panels in WORD_PICTURES.items():
        fig, axes = plt.subplots(1, len(panels), figsize=(3.4 * len(panels), 2.3), squeeze=False)
        for ax, (notes, kind, semitones, title) in zip(axes[0], panels, strict=True):
            keyboard(notes.split(), ax=ax, kind=kind, semitones=semitones, title=title)
        save(fig, WORDS_IMAGES / f"{name}.png")


def main() -> None:
    RULES_IMAGES.mkdir(parents=True, exist_ok=True)
    WORDS_IMAGES.mkdir(parents=True, exist_ok=True)
    board_with_names()
    three_lines()
    triads()
    lone_c_partners()
    room_rule()
    scale()
    scoring()
    master()
    word_pictures()


if __name__ == "__main__":
    main()
