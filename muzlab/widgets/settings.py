"""The teacher's settings in the classroom app: what the ear-training drills play and ask, and which
questions the Quiz asks. Each form builds its widget's settings and says in a sentence what it refused.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from muzlab.core.theory import TRIAD_STEPS
from muzlab.names.spelling import show_name
from muzlab.play.eartraining import CONTEXTS, PLAYS, Drill, EarTrainingError
from muzlab.play.quiz import KINDS
from muzlab.reading import shown

#: The notes a drill's range may start or end on: (English name, MIDI number), C2 to C6.
RANGE_NOTES = tuple((f"{letter}{octave}", 12 * (octave + 1) + step) for octave in range(2, 7)
                    for letter, step in zip("CDEFGAB", (0, 2, 4, 5, 7, 9, 11), strict=True))[:-6]
#: The major keys offered, round the circle of fifths: each tonic's English name and pitch class (the
#: drill takes pitch classes, which read the same in every note-name convention).
KEYS = {"C": 0, "G": 7, "D": 2, "A": 9, "E": 4, "B": 11, "F#": 6, "Db": 1, "Ab": 8, "Eb": 3, "Bb": 10, "F": 5}
#: What the quiz's question kinds ask, as a teacher reads them.
QUIZ_KINDS = {"where": "where a die may go", "triad": "which triad a die completes",
              "points": "how many points a die scores", "puzzle": "the best cell for a die"}
#: Which settings each drill uses.
USES = {"triad quality": ("range", "play", "qualities", "tempo"), "third": ("range", "play", "tempo"),
        "scale degree": ("keys", "degrees", "context", "tempo")}


def _range_options() -> list[tuple[str, int]]:
    """The range menu: each note named in the convention in force ("H3" in German), as its MIDI number."""
    reader = shown()
    return [(f"{show_name(name[:-1], reader)}{name[-1]}", midi) for name, midi in RANGE_NOTES]


def _key_name(tonic: str) -> str:
    """A major key as the class reads it, from its English tonic: "Bb major" (German: "B major")."""
    return f"{show_name(tonic, shown())} major"


def _ticks(options: dict[Any, str], chosen, css: str) -> dict[Any, widgets.Checkbox]:
    """One tick box per option (value -> box), ticked when chosen."""
    boxes = {}
    for value, words in options.items():
        boxes[value] = widgets.Checkbox(value=value in chosen, description=words, indent=False,
                                        layout=widgets.Layout(width="auto"))
        boxes[value].add_class(css)
    return boxes


def _ticked(boxes: dict[Any, widgets.Checkbox]) -> tuple:
    return tuple(value for value, box in boxes.items() if box.value)


def _row(title: str, children: list[widgets.Widget]) -> widgets.HBox:
    return widgets.HBox([widgets.HTML(f"<b>{html.escape(title)}</b>", layout=widgets.Layout(width="auto")),
                         *children], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))


class EarSettings(widgets.VBox):
    """The settings of one drill: the range, chord or arpeggio, the qualities, the keys, the degrees,
    what sets the key and the tempo; Apply calls `on_apply(drill)` with a new Drill, or says why not."""

    def __init__(self, kind: str, on_apply: Callable[[Drill], None]):
        default = Drill(kind)
        self.kind = kind
        self.on_apply = on_apply
        self.lowest = widgets.Dropdown(options=_range_options(), value=48, description="from",
                                       layout=widgets.Layout(width="auto"))  # C3
        self.highest = widgets.Dropdown(options=_range_options(), value=72, description="to",
                                        layout=widgets.Layout(width="auto"))  # C5
        self.play = widgets.ToggleButtons(options=[(p, p) for p in PLAYS], value=default.play)
        self.quality_boxes = _ticks({q: q for q in TRIAD_STEPS}, default.qualities, "muz-quality")
        self.key_boxes = _ticks({name: _key_name(name) for name in KEYS}, KEYS, "muz-key")
        self.degree_boxes = _ticks({d: str(d) for d in range(1, 8)}, default.degrees, "muz-degree")
        self.context = widgets.ToggleButtons(options=[(c, c) for c in CONTEXTS], value=default.context)
        self.tempo = widgets.FloatSlider(value=default.note_seconds, min=0.2, max=1.5, step=0.1,
                                         description="seconds a note", style={"description_width": "initial"})
        self.apply_button = widgets.Button(description="Apply the settings", button_style="primary")
        self.apply_button.add_class("muz-ear-apply")
        self.apply_button.on_click(lambda _button: self.apply())
        self.message = widgets.HTML()
        rows = {"range": _row("Range of the lowest note", [self.lowest, self.highest]),
                "play": _row("Played as", [self.play]),
                "qualities": _row("Qualities", list(self.quality_boxes.values())),
                "keys": _row("Keys", list(self.key_boxes.values())),
                "degrees": _row("Degrees", list(self.degree_boxes.values())),
                "context": _row("The key is set by", [self.context]), "tempo": _row("Tempo", [self.tempo])}
        super().__init__([rows[name] for name in USES[kind]] + [self.apply_button, self.message])
        self.add_class("muz-ear-settings")

    def redraw_names(self) -> None:
        """Name the keys again in the note names in force (`muzlab.set_note_names`)."""
        for key, box in self.key_boxes.items():
            box.description = _key_name(key)
        for menu in (self.lowest, self.highest):
            chosen = menu.value
            menu.options, menu.value = _range_options(), chosen

    def settings(self) -> dict[str, Any]:
        """The chosen settings, as Drill takes them (only those this drill uses)."""
        chosen = {"lowest": self.lowest.value, "highest": self.highest.value, "play": self.play.value,
                  "qualities": _ticked(self.quality_boxes),
                  "keys": tuple(KEYS[name] for name in _ticked(self.key_boxes)),
                  "degrees": _ticked(self.degree_boxes),
                  "context": self.context.value, "note_seconds": round(self.tempo.value, 2)}
        names = {"range": ("lowest", "highest"), "play": ("play",), "qualities": ("qualities",),
                 "keys": ("keys",), "degrees": ("degrees",), "context": ("context",),
                 "tempo": ("note_seconds",)}
        return {name: chosen[name] for use in USES[self.kind] for name in names[use]}

    def apply(self) -> Drill | None:
        """Make the drill with these settings and hand it on; a setting the drill refuses is named."""
        settings = self.settings()
        if "keys" in settings and not settings["keys"]:
            self.message.value = "<span style='color:#b00000'>✗ Tick at least one key.</span>"
            return None
        try:
            drill = Drill(self.kind, **settings)
        except EarTrainingError as error:
            self.message.value = f"<span style='color:#b00000'>✗ {html.escape(str(error))}.</span>"
            return None
        self.message.value = ""
        self.on_apply(drill)
        return drill


class QuizSettings(widgets.VBox):
    """Which questions the Quiz asks; Ask calls `on_apply(kinds)`, or says why not."""

    def __init__(self, on_apply: Callable[[tuple[str, ...]], None], kinds: tuple[str, ...] = KINDS):
        self.on_apply = on_apply
        self.kind_boxes = _ticks(QUIZ_KINDS, kinds, "muz-quiz-kind")
        self.apply_button = widgets.Button(description="Ask these questions", button_style="primary")
        self.apply_button.add_class("muz-quiz-apply")
        self.apply_button.on_click(lambda _button: self.apply())
        self.message = widgets.HTML()
        super().__init__([_row("Questions", list(self.kind_boxes.values())),
                          widgets.HBox([self.apply_button, self.message])])
        self.add_class("muz-quiz-settings")

    def apply(self) -> tuple[str, ...]:
        """The ticked question kinds, handed on (none ticked: a sentence, and nothing changes)."""
        kinds = _ticked(self.kind_boxes)
        if not kinds:
            self.message.value = "<span style='color:#b00000'>✗ Tick at least one kind of question.</span>"
            return ()
        self.message.value = ""
        self.on_apply(kinds)
        return kinds
