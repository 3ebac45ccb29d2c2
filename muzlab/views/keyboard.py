"""A piano keyboard of one or two octaves with notes lit and spelled: `keyboard` (matplotlib, re-exported
as `muzlab.views.plot.keyboard`) and `keyboard_svg` (a small deterministic SVG for widgets and pages).

Notes are read upward as on the board: each next note is the first one at or above the note before
(C E G is a close triad, G C is a fourth up). Names come from muzlab.names.spelling: notes typed as names
keep their spelling ("G#" stays G#), pitch classes are spelled as the `kind` of run they are
("triad": letters a third apart; "scale": in the key that fits, or `key`), and a lone note gets its
default name. So C–E–G# shows G#, never Ab. Both pictures share one layout, so they always agree.

A keyboard starts at a C (`start="c"`, one or two whole octaves), or at the white key at or below the
first note (`start="first"`: at least seven white keys, up to the white key at or above the last note),
so that every scale run and triad a board completes fits on about one octave, drawn larger in the same
room.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from muzlab.core.errors import MuzlabError
from muzlab.core.pitch import PitchLike, SpelledNote, parse_pitch
from muzlab.names.letters import SpelledRun
from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label, show_name, spell_notes, symbols
from muzlab.reading import resolve

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: Pitch classes of the black keys, and each black key's centre as a fraction of the white key
#: to its left (the usual grouping: C# and D# lean outward, F# G# A# spread over three).
BLACK_OFFSETS = {1: 0.62, 3: 0.78, 6: 0.58, 8: 0.7, 10: 0.82}
WHITE_PCS = (0, 2, 4, 5, 7, 9, 11)
BLACK_WIDTH = 0.6
#: Key lengths in white-key widths (a real piano's white key is about 6 times as long as wide).
WHITE_HEIGHT = 4.0
BLACK_HEIGHT = 0.62 * WHITE_HEIGHT
#: A bold key name's width per character, in font sizes (an estimate that rounds up: "C♯" fits in 1.5).
NAME_WIDTH = 0.75
COLOURS = {"white": "#ffffff", "black": "#222222", "edge": "#555555", "lit-white": "#f4b942",
           "lit-black": "#d9822b", "text": "#222222", "interval": "#2a6fbb"}


class KeyboardError(MuzlabError, ValueError):
    """Notes a one- or two-octave keyboard cannot show."""


@dataclass(frozen=True)
class Key:
    """One key: its semitone above the C at or below the first note, x position of its left edge (in
    white-key widths from the keyboard's first key), width and colour."""

    step: int
    x: float
    width: float
    black: bool


@dataclass(frozen=True)
class Layout:
    """Everything both pictures draw: the keys, the lit steps with their names, the octaves the keys
    span (1 or 2) and the number of white keys."""

    keys: tuple[Key, ...]
    lit: tuple[tuple[int, str], ...]
    octaves: int
    whites: int

    def key(self, step: int) -> Key:
        """The key `step` semitones above the C at or below the first note."""
        return self.keys[step - self.keys[0].step]

    def centre(self, step: int) -> float:
        """The x centre of a key."""
        key = self.key(step)
        return key.x + key.width / 2


def layout(pitches: Sequence[PitchLike] | SpelledRun, kind: Any = None, key: PitchLike | None = None,
           octaves: int | None = None, start: str = "c", reader: Reader | None = None) -> Layout:
    """Where the keys are and which are lit, with names for `reader` (by default the default reader),
    from a C or (`start="first"`) from the white key at or below the first note; KeyboardError if the
    notes need more than two octaves, `octaves` is not 1 or 2 (or is given with start="first", which
    sizes itself) or `start` is neither. A spelled run (`muzlab.names.spelling.spell_run`) shows its
    own names (no `kind` or `key` then: it is spelled already)."""
    reader = resolve(reader)
    if isinstance(pitches, SpelledRun):
        if kind is not None or key is not None:
            raise KeyboardError("a spelled run is spelled already: give no kind or key with it")
        pitches = pitches.notes
    if start not in ("c", "first"):
        raise KeyboardError("start must be 'c' or 'first', not {start}", start=repr(start))
    if start == "first" and octaves is not None:
        raise KeyboardError("a keyboard from the first note sizes itself: give octaves only with start='c'")
    values = list(pitches)
    if not values:
        raise KeyboardError("there are no notes to show on the keyboard")
    numbers = [parse_pitch(value, reader.convention if isinstance(value, str) else "english")
               for value in values]
    steps = [numbers[0]]
    for pitch in numbers[1:]:
        steps.append(steps[-1] + (pitch - steps[-1]) % 12)
    low = 0 if start == "c" else steps[0] - (steps[0] % 12 in BLACK_OFFSETS)  # a black key's left is white
    if steps[-1] - low >= 24:
        raise KeyboardError("{count} notes read upward span {span} semitones from the first; a keyboard "
                            "here shows at most two octaves", count=len(values), span=steps[-1] - steps[0])
    if start == "first":  # seven white keys at least, up to the white key at or above the last note
        top = max(_white_step(low, 7), steps[-1] + (steps[-1] % 12 in BLACK_OFFSETS))
        octaves = 1 if top - low < 12 else 2
    else:
        needed = 1 if steps[-1] < 12 else 2
        if octaves is None:
            octaves = needed
        elif octaves not in (1, 2) or octaves < needed:
            raise KeyboardError("octaves must be 1 or 2 and hold the notes (they need {needed}), not "
                                "{octaves}", needed=needed, octaves=repr(octaves))
        top = 12 * octaves - 1
    origin = WHITE_PCS.index(low % 12)  # the first key's white index within its octave
    keys = []
    for step in range(low, top + 1):
        octave, pc = divmod(step, 12)
        if pc in BLACK_OFFSETS:
            left = 7 * octave + WHITE_PCS.index(pc - 1) - origin
            keys.append(Key(step, left + BLACK_OFFSETS[pc] - BLACK_WIDTH / 2, BLACK_WIDTH, True))
        else:
            keys.append(Key(step, 7 * octave + WHITE_PCS.index(pc) - origin, 1.0, False))
    whites = sum(not one.black for one in keys)
    names = _names(values, numbers, kind, key, reader)
    return Layout(tuple(keys), tuple(zip(steps, names, strict=True)), octaves, whites)


def _white_step(low: int, count: int) -> int:
    """The step of the `count`-th white key from the white key `low` (counting `low` as the first)."""
    step, seen = low, 1
    while seen < count:
        step += 1
        seen += step % 12 not in BLACK_OFFSETS
    return step


def _names(values: list[Any], numbers: list[int], kind: Any, key: PitchLike | None,
           reader: Reader) -> list[str]:
    """The shown names: a run spelled by its kind (typed names that fit kept), else each name as typed
    (in the reader's convention) and each pitch class by its default name."""
    if kind is not None:
        return [symbols(name, reader) for name in spell_notes(kind, values, key, reader)]
    return [symbols(_as_typed(value) if isinstance(value, str) else show_name(value.english, reader)
                    if isinstance(value, SpelledNote) else pitch_label(number, reader), reader)
            for value, number in zip(values, numbers, strict=True)]


def _as_typed(name: str) -> str:
    """A typed note name as shown: its first letter a capital ("f#" -> "F#", "fis" -> "Fis")."""
    text = name.strip()
    return text[:1].upper() + text[1:]


def keyboard(
    pitches: Sequence[PitchLike] | SpelledRun,
    ax: Axes | None = None,
    kind: Any = None,
    key: PitchLike | None = None,
    semitones: bool = False,
    octaves: int | None = None,
    title: str | None = None,
    reader: Reader | None = None,
) -> Axes:
    """Draw a piano keyboard with `pitches` lit and spelled for `reader`; `semitones=True` marks the
    semitones between neighbouring notes above the keys. Returns the Axes; never calls plt.show()."""
    import matplotlib.pyplot as plt  # matplotlib only for the figure; keyboard_svg needs none
    from matplotlib.patches import FancyArrowPatch, Rectangle

    view = layout(pitches, kind, key, octaves, reader=reader)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.4 * view.whites + 0.4, 2.6 if semitones else 2.0))
    lit = dict(view.lit)
    for black in (False, True):
        for one in (k for k in view.keys if k.black == black):
            fill = COLOURS[("lit-" if one.step in lit else "") + ("black" if black else "white")]
            bottom = WHITE_HEIGHT - BLACK_HEIGHT if black else 0.0
            ax.add_patch(Rectangle((one.x, bottom), one.width, WHITE_HEIGHT - bottom, facecolor=fill,
                                   edgecolor=COLOURS["edge"], linewidth=1, zorder=2 if black else 1))
    size = 11 if view.octaves == 1 else 9
    for step, name in view.lit:
        one = view.key(step)
        y = WHITE_HEIGHT - BLACK_HEIGHT + 0.2 if one.black else 0.25
        ax.text(view.centre(step), y, name, ha="center", va="bottom", fontsize=size, fontweight="bold",
                color="white" if one.black else COLOURS["text"], zorder=3)
    if semitones:
        for (low, _), (high, _) in zip(view.lit, view.lit[1:], strict=False):
            x0, x1 = view.centre(low), view.centre(high)
            ax.add_patch(FancyArrowPatch((x0, WHITE_HEIGHT + 0.15), (x1, WHITE_HEIGHT + 0.15),
                                         connectionstyle="arc3,rad=-0.45", arrowstyle="-",
                                         color=COLOURS["interval"], linewidth=1.5))
            ax.text((x0 + x1) / 2, WHITE_HEIGHT + 0.3 + 0.2 * abs(x1 - x0), str(high - low), ha="center",
                    va="bottom", fontsize=size, color=COLOURS["interval"], fontweight="bold")
    width = view.whites
    ax.set_xlim(-0.1, width + 0.1)
    ax.set_ylim(-0.1, WHITE_HEIGHT + (1.6 if semitones else 0.1))
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=12, fontweight="bold", parse_math=False)
    return ax


def keyboard_svg(
    pitches: Sequence[PitchLike] | SpelledRun,
    kind: Any = None,
    key: PitchLike | None = None,
    semitones: bool = False,
    octaves: int | None = None,
    white_width: int = 24,
    name_size: float | None = None,
    start: str = "c",
    reader: Reader | None = None,
) -> str:
    """The same keyboard as a small SVG string (no ids or dates): for widgets beside a staff.
    `name_size` sets every key name's size in white-key widths (None: 0.5, and 0.4 on black keys), so
    that a small picture can still have names as large as the text beside it; a black key's name so set
    and wider than its key is written on a tag of the lit key's colour (white on white keys would vanish).
    `start` is where the keys begin, as `layout` takes it. Names are written for `reader` (by default
    the default reader)."""
    view = layout(pitches, kind, key, octaves, start, reader)
    unit = white_width
    height = WHITE_HEIGHT * unit
    top = 2 * unit if semitones else 0
    width = view.whites * unit
    lit = dict(view.lit)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2}" height="{top + height + 2}" '
           f'viewBox="-1 -1 {width + 2} {top + height + 2}" class="muzlab-keyboard" '
           'font-family="DejaVu Sans, sans-serif">']
    for black in (False, True):
        for one in (k for k in view.keys if k.black == black):
            fill = COLOURS[("lit-" if one.step in lit else "") + ("black" if black else "white")]
            h = (BLACK_HEIGHT if black else WHITE_HEIGHT) * unit
            out.append(f'<rect x="{_n(one.x * unit)}" y="{top}" width="{_n(one.width * unit)}" '
                       f'height="{_n(h)}" fill="{fill}" stroke="{COLOURS["edge"]}" stroke-width="1"/>')
    for step, name in view.lit:
        one = view.key(step)
        y = top + (BLACK_HEIGHT - 0.25 if one.black else WHITE_HEIGHT - 0.35) * unit
        colour = "white" if one.black else COLOURS["text"]
        size = (0.4 if one.black else 0.5) * unit if name_size is None else name_size * unit
        wide = NAME_WIDTH * size * len(name)
        if name_size is not None and one.black and wide > one.width * unit:
            out.append(f'<rect x="{_n(view.centre(step) * unit - wide / 2)}" y="{_n(y - 0.85 * size)}" '
                       f'width="{_n(wide)}" height="{_n(1.1 * size)}" rx="{_n(0.2 * size)}" '
                       f'fill="{COLOURS["lit-black"]}"/>')
        out.append(f'<text x="{_n(view.centre(step) * unit)}" y="{_n(y)}" text-anchor="middle" '
                   f'font-size="{_n(size)}" font-weight="bold" fill="{colour}">'
                   f'{html.escape(name)}</text>')
    if semitones:
        for (low, _), (high, _) in zip(view.lit, view.lit[1:], strict=False):
            x0, x1 = view.centre(low) * unit, view.centre(high) * unit
            mid, lift = (x0 + x1) / 2, top - 0.15 * unit
            curve = f"M {_n(x0)} {_n(lift)} Q {_n(mid)} {_n(lift - 1.2 * unit)} {_n(x1)} {_n(lift)}"
            out.append(f'<path d="{curve}" fill="none" stroke="{COLOURS["interval"]}" stroke-width="1.5"/>')
            out.append(f'<text x="{_n(mid)}" y="{_n(lift - 0.7 * unit)}" text-anchor="middle" '
                       f'font-size="{_n((name_size or 0.5) * unit)}" font-weight="bold" '
                       f'fill="{COLOURS["interval"]}">'
                       f'{high - low}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")

