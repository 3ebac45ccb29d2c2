"""The teacher's settings in the classroom app: what the ear-training drills play and ask, and which
questions the Quiz asks. Each form builds its widget's settings and says in a sentence what it refused.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from muzlab.core.pitch import SpelledNote
from muzlab.core.theory import TRIAD_STEPS
from muzlab.names.error_words import error_words
from muzlab.names.language import marked
from muzlab.names.reader import Reader
from muzlab.names.spelling import key_label, show_name
from muzlab.play.eartraining import CONTEXTS, PLAYS, Drill, EarTrainingError, option_words
from muzlab.play.quiz import KINDS
from muzlab.reading import shown
from muzlab.widgets.menus import relabel

#: The notes a drill's range may start or end on: (English name, MIDI number), C2 to C6.
RANGE_NOTES = tuple((f"{letter}{octave}", 12 * (octave + 1) + step) for octave in range(2, 7)
                    for letter, step in zip("CDEFGAB", (0, 2, 4, 5, 7, 9, 11), strict=True))[:-6]
#: The major keys offered, round the circle of fifths: each tonic's English name and pitch class (the
#: drill takes pitch classes, which read the same in every note-name convention).
KEYS = {"C": 0, "G": 7, "D": 2, "A": 9, "E": 4, "B": 11, "F#": 6, "Db": 1, "Ab": 8, "Eb": 3, "Bb": 10, "F": 5}
#: What the quiz's question kinds ask, as a teacher reads them.
QUIZ_KINDS = {"where": marked("question", "where a die may go"),
              "triad": marked("question", "which triad a die completes"),
              "points": marked("question", "how many points a die scores"),
              "puzzle": marked("question", "the best cell for a die"),
              "missing note": marked("question", "the note that completes a triad, sung or played")}
#: How a drill's notes are played, and what sets its key, as a teacher reads them.
_PLAY_WORDS = {"arpeggio": marked("played as", "arpeggio"), "chord": marked("played as", "chord"),
               "both": marked("played as", "both")}
_CONTEXT_WORDS = {"cadence": marked("key set by", "cadence"), "scale": marked("key set by", "scale")}
#: Each row of a drill's settings: its title.
_ROW_WORDS = {"range": marked("ear settings", "Range of the lowest note"),
              "play": marked("ear settings", "Played as"),
              "qualities": marked("ear settings", "Qualities"),
              "keys": marked("ear settings", "Keys"), "degrees": marked("ear settings", "Degrees"),
              "context": marked("ear settings", "The key is set by"),
              "tempo": marked("ear settings", "Tempo")}
#: Which settings each drill uses.
USES = {"triad quality": ("range", "play", "qualities", "tempo"), "third": ("range", "play", "tempo"),
        "scale degree": ("keys", "degrees", "context", "tempo")}


def _range_options(reader: Reader) -> list[tuple[str, int]]:
    """The range menu: each note named in the convention in force ("H3" in German), as its MIDI number."""
    return [(f"{show_name(name[:-1], reader)}{name[-1]}", midi) for name, midi in RANGE_NOTES]


def _key_name(tonic: str, reader: Reader) -> str:
    """A major key as the class reads it, from its English tonic: "B♭ major" (German: "B-Dur")."""
    return key_label(SpelledNote.from_english(tonic), "major", reader)


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


def _row(children: list[widgets.Widget]) -> widgets.HBox:
    """A row of settings after its title (the first child, written by `_title`)."""
    return widgets.HBox([widgets.HTML(layout=widgets.Layout(width="auto")), *children],
                        layout=widgets.Layout(flex_flow="row wrap", align_items="center"))


def _title(row: widgets.HBox, title: str) -> None:
    row.children[0].value = f"<b>{html.escape(title)}</b>"


class EarSettings(widgets.VBox):
    """The settings of one drill: the range, chord or arpeggio, the qualities, the keys, the degrees,
    what sets the key and the tempo; Apply calls `on_apply(drill)` with a new Drill, or says why not."""

    def __init__(self, kind: str, on_apply: Callable[[Drill], None]):
        default, reader = Drill(kind), shown()
        self.kind = kind
        self.on_apply = on_apply
        self.lowest = widgets.Dropdown(options=_range_options(reader), value=48,
                                       layout=widgets.Layout(width="auto"))  # C3
        self.highest = widgets.Dropdown(options=_range_options(reader), value=72,
                                        layout=widgets.Layout(width="auto"))  # C5
        self.play = widgets.ToggleButtons(options=[(p, p) for p in PLAYS], value=default.play)
        self.quality_boxes = _ticks({q: q for q in TRIAD_STEPS}, default.qualities, "muz-quality")
        self.key_boxes = _ticks({name: name for name in KEYS}, KEYS, "muz-key")
        self.degree_boxes = _ticks({d: str(d) for d in range(1, 8)}, default.degrees, "muz-degree")
        self.context = widgets.ToggleButtons(options=[(c, c) for c in CONTEXTS], value=default.context)
        self.tempo = widgets.FloatSlider(value=default.note_seconds, min=0.2, max=1.5, step=0.1,
                                         style={"description_width": "initial"})
        self.apply_button = widgets.Button(button_style="primary")
        self.apply_button.add_class("muz-ear-apply")
        self.apply_button.on_click(lambda _button: self.apply())
        self.message = widgets.HTML()
        self.rows = {"range": _row([self.lowest, self.highest]), "play": _row([self.play]),
                     "qualities": _row(list(self.quality_boxes.values())),
                     "keys": _row(list(self.key_boxes.values())),
                     "degrees": _row(list(self.degree_boxes.values())),
                     "context": _row([self.context]), "tempo": _row([self.tempo])}
        super().__init__([self.rows[name] for name in USES[kind]] + [self.apply_button, self.message])
        self.add_class("muz-ear-settings")
        self.redraw_names()

    def redraw_names(self) -> None:
        """Write the form again in the note names and language in force (`muzlab.set_note_names`,
        `muzlab.set_language`): the keys, the range, every title and choice."""
        reader = shown()
        for name, row in self.rows.items():
            _title(row, reader.pgettext(*_ROW_WORDS[name]))
        for key, box in self.key_boxes.items():
            box.description = _key_name(key, reader)
        for quality, box in self.quality_boxes.items():
            box.description = option_words(quality, reader)
        self.lowest.description = reader.pgettext("range", "from")
        self.highest.description = reader.pgettext("range", "to")
        for menu in (self.lowest, self.highest):
            relabel(menu, _range_options(reader))
        relabel(self.play, [(reader.pgettext(*_PLAY_WORDS[p]), p) for p in PLAYS])
        relabel(self.context, [(reader.pgettext(*_CONTEXT_WORDS[c]), c) for c in CONTEXTS])
        self.tempo.description = reader.gettext("seconds a note")
        self.apply_button.description = reader.gettext("Apply the settings")

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
        """Make the drill with these settings and hand it on; too few ticks, or a setting the drill
        refuses, is said in a sentence of the page's language, and the drill stays."""
        settings, reader = self.settings(), shown()
        too_few = None
        if "keys" in settings and not settings["keys"]:
            too_few = reader.gettext("Tick at least one key.")
        elif "qualities" in settings and len(settings["qualities"]) < 2:
            too_few = reader.gettext("Tick at least two qualities: the drill asks which of them you hear.")
        elif "degrees" in settings and len(settings["degrees"]) < 2:
            too_few = reader.gettext("Tick at least two degrees: the drill asks which of them you hear.")
        if too_few is not None:
            self.message.value = _refused(too_few)
            return None
        try:
            drill = Drill(self.kind, **settings)
        except EarTrainingError as error:
            self.message.value = _refused(f"{error_words(error, shown())}.")
            return None
        self.message.value = ""
        self.on_apply(drill)
        return drill


class QuizSettings(widgets.VBox):
    """Which questions the Quiz asks; Ask calls `on_apply(kinds)`, or says why not."""

    def __init__(self, on_apply: Callable[[tuple[str, ...]], None], kinds: tuple[str, ...] = KINDS):
        self.on_apply = on_apply
        self.kind_boxes = _ticks({kind: kind for kind in QUIZ_KINDS}, kinds, "muz-quiz-kind")
        self.apply_button = widgets.Button(button_style="primary")
        self.apply_button.add_class("muz-quiz-apply")
        self.apply_button.on_click(lambda _button: self.apply())
        self.message = widgets.HTML()
        self.row = _row(list(self.kind_boxes.values()))
        super().__init__([self.row, widgets.HBox([self.apply_button, self.message])])
        self.add_class("muz-quiz-settings")
        self.redraw_names()

    def redraw_names(self) -> None:
        """Write the form again in the language in force (`muzlab.set_language`)."""
        reader = shown()
        _title(self.row, reader.pgettext("quiz settings", "Questions"))
        for kind, box in self.kind_boxes.items():
            box.description = reader.pgettext(*QUIZ_KINDS[kind])
        self.apply_button.description = reader.gettext("Ask these questions")

    def apply(self) -> tuple[str, ...]:
        """The ticked question kinds, handed on (none ticked: a sentence, and nothing changes)."""
        kinds = _ticked(self.kind_boxes)
        if not kinds:
            self.message.value = _refused(shown().gettext("Tick at least one kind of question."))
            return ()
        self.message.value = ""
        self.on_apply(kinds)
        return kinds


def _refused(text: str) -> str:
    """A form's refusal, in red with a cross (not the colour alone)."""
    return f"<span style='color:#b00000'>✗ {html.escape(text)}</span>"
