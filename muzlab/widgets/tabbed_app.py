"""The classroom app (`muzlab app`): the boards in tabs, with no code in sight, sized for a projector.
(Not the class server: that is `muzlab.app.classroom`, with its pages in `muzlab.app.pages`.)

`ClassroomApp()` is what `muzlab app` (and `python3 make.py app`) serves with Voilà: a Play tab where
the seats, their names and who plays them (a person or a computer) are chosen in the page, then
Start; the Explorer; the Quiz; the ear-training drills; the coach's review of the game just played
(or of a sample game); a size control that rescales every board for the back row; and the note
names the class reads (English, German with H and B, or solfège), which rewrites every note shown;
how a triad's function is written (Roman numerals, or Funktionstheorie as German schools write it);
and the language of the page (English, German, French or Spanish), which rewrites every word.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from muzlab.core.pitch import SpelledNote
from muzlab.names.function_words import function_symbol, function_words
from muzlab.names.functions import MINOR_SUPERTONIC, readings
from muzlab.names.language import HARMONIES, LANGUAGE_NAMES, LANGUAGES, key_phrase, marked
from muzlab.names.letters import MAJOR_KEY_SIGNATURES, MINOR_KEY_SIGNATURES
from muzlab.names.output_words import agent_name
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import key_label, prose_name
from muzlab.play.agents import AGENTS
from muzlab.play.eartraining import DRILLS, Drill, drill_name
from muzlab.play.game import MAX_PLAYERS
from muzlab.play.midi import game_midi
from muzlab.reading import (
    current_harmony,
    current_language,
    current_lesson_key,
    current_minor_supertonic,
    current_note_names,
    set_harmony,
    set_language,
    set_lesson_key,
    set_minor_supertonic,
    set_note_names,
    shown,
)
from muzlab.sim.samples import sample_game
from muzlab.widgets.accessible import AccessibleNames
from muzlab.widgets.controls_style import focus_ring
from muzlab.widgets.document_language import DocumentLanguage
from muzlab.widgets.ear import EarTrainer
from muzlab.widgets.explorer import Explorer
from muzlab.widgets.files import Download, DownloadButton, csv_file
from muzlab.widgets.menus import OptionalDropdown, relabel
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.review import Review
from muzlab.widgets.settings import EarSettings, QuizSettings
from muzlab.widgets.skip_link import SkipLink
from muzlab.widgets.svgboard import SvgBoard

#: The note-name conventions a class chooses from (`muzlab.set_note_names`), in English; the menus
#: show them in the reader's language (`note_name_options`).
NOTE_NAMES = (("English: C D E F G A B", "english"), ("German: C D E F G A H", "german"),
              ("solfège: Do Re Mi Fa Sol La Si", "solfege"))
_NOTE_NAME_WORDS = {"english": marked("note names", "English: C D E F G A B"),
                    "german": marked("note names", "German: C D E F G A H"),
                    "solfege": marked("note names", "solfège: Do Re Mi Fa Sol La Si")}
#: How a triad's function is written (`muzlab.set_harmony`), as a menu offers it, by value.
_HARMONY_WORDS = {"roman": marked("harmony", "Roman numerals: I IV V"),
                  "functions": marked("harmony", "functions: T S D")}
#: The Sizes offered, each drawing the board no smaller than the one before on any window: times the
#: normal size, each kept within the window, and last "fit" (the default), which fills the window's
#: height: the largest board the window holds.
FIT = "fit"
SIZES = (("small", 0.8), ("normal", 1.0), ("large", 1.25), ("projector", 1.5), ("back row", 2.0),
         ("fit", FIT))
#: Each Size's label, marked for the catalogues (a board's size, not a die's or a class's).
_SIZE_WORDS = {"small": marked("size", "small"), "normal": marked("size", "normal"),
               "large": marked("size", "large"), "projector": marked("size", "projector"),
               "back row": marked("size", "back row"), "fit": marked("size", "fit")}
#: How large one normal pixel of the app's text is drawn: it follows the window's height (1.2px on a
#: 720px window, 1.8px on 1080px) at every Size, so that the text leaves the board the same room at
#: every Size, and a larger Size can only draw the board larger (until the window is full).
FIT_UNIT = "clamp(0.8px, 0.17vh, 2.4px)"


def readable_buttons(scope: str) -> str:
    """CSS for the buttons inside `scope` (".muz-app", a class page's): dark type on plain and chosen
    buttons (a chosen one bold and underlined too), white type on coloured ones, each dark enough to
    read (WCAG AA, 4.5:1) in any host's theme; in forced colours (high contrast), where backgrounds
    are dropped, each button keeps a border; a choice's buttons are as wide as their words (never cut
    short to "duplicate tourn…")."""
    return (f" {scope} .jupyter-button {{ color: #111; }}"
            f" {scope} .widget-toggle-buttons .widget-toggle-button {{ width: auto;"
            f" min-width: max-content; }}"
            f" {scope} .jupyter-button.mod-active {{ background-color: #c8c8c8; }}"
            # the chosen toggle is underlined and bold, not only darker (WCAG 1.4.1)
            f" {scope} .widget-toggle-button.mod-active {{ font-weight: bold;"
            f" box-shadow: inset 0 -4px 0 #222; }}"
            f" {scope} .jupyter-button.mod-info {{ background-color: #00677d; color: #fff; }}"
            f" {scope} .jupyter-button.mod-warning {{ background-color: #a24a00; color: #fff; }}"
            f" {scope} .jupyter-button.mod-success {{ background-color: #2e6b30; color: #fff; }}"
            f" {scope} .jupyter-button.mod-danger {{ background-color: #b71c1c; color: #fff; }}"
            f" {scope} .jupyter-button.mod-primary {{ background-color: #1565c0; color: #fff; }}"
            f" @media (forced-colors: active) {{"
            f" {scope} .jupyter-button {{ border: 1px solid ButtonText !important; }}"
            f" {scope} .jupyter-button:disabled {{ border-color: GrayText !important; }} }}")


#: The app's own look: buttons as wide as their words, menus and toggles that wrap.
APP_CSS = (".muz-app .widget-button, .muz-app .widget-toggle-button { width: auto; min-width: max-content; }"
           " .muz-app .widget-toggle-buttons .widget-toggle-button { width: auto !important; }"
           " .muz-app .widget-toggle-buttons > div { display: flex; flex-wrap: wrap; }"
           " .muz-app .muz-download, .muz-app .muz-upload { margin: var(--jp-widgets-margin);"
           " height: var(--jp-widgets-inline-height); padding: 0 calc(10 * var(--muz-u)); }"
           # the review's side panel takes the room beside its board, so its words are never cut
           " .muz-app .muz-review .widget-hbox > .widget-vbox { max-width: none !important; flex: 1 1 0;"
           " min-width: 0; overflow: visible; }"
           # a board never gives up its room to the panel beside it
           " .muz-app .muz-svgboard { flex-shrink: 0; }"
           + readable_buttons(".muz-app") + focus_ring(".muz-app") +
           " .muz-app .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab { color: #222; opacity: 1; }"
           " .muz-app .jupyter-widget-Collapse-header, .muz-app .jupyter-widget-Collapse-header > span"
           " { color: #222; opacity: 1; }")
PERSON = "person"
PLAYED = "played"
SAMPLE_GAMES = (("greedy-vs-random", marked("review", "a sample game: greedy against random")),
                ("four-greedy-players", marked("review", "a sample game: four greedy players")),
                ("solo-expert", marked("review", "a sample game: the expert alone")))
#: The Key of the lesson's label for no key (the value None): each run is then named in its own key.
NO_KEY = "none (each run in its own key)"
SEAT_CHOICES = [("a person", PERSON)] + [(f"computer ({name})", name) for name in AGENTS]
#: The tabs, in order.
TABS = (marked("tab", "Play"), marked("tab", "Explore"), marked("tab", "Quiz"), marked("tab", "Ear training"),
        marked("tab", "Review"))


#: Each lesson key the menus offer, by its value ("F# major", "D harmonic minor"), as a Key: the minor
#: keys are read in harmonic minor (its raised leading tone makes D and Đ⁷).
LESSON_KEYS = {**{f"{tonic} major": Key(SpelledNote.from_english(tonic)) for tonic in MAJOR_KEY_SIGNATURES},
               **{f"{tonic} harmonic minor": Key(SpelledNote.from_english(tonic), "harmonic minor")
                  for tonic in MINOR_KEY_SIGNATURES}}


def _key_value(key: Key | None) -> str | None:
    """A lesson key as the menu's value: "F# major" (English tonic and type), None for none."""
    return None if key is None else f"{key.tonic_name} {key.kind}"


def lesson_key_options(reader: Reader | None = None, minor: bool = False) -> list[tuple[str, str | None]]:
    """The lesson keys offered, flats to sharps, as `reader` (by default the default reader, typeset)
    reads them ("F♯ major", "Fis-Dur", in its note names and language) with their values ("F# major"),
    after "none (each run in its own key)" (None): the one list of the app and the class server. With
    `minor`, the minor keys follow ("D minor", "d-Moll"; value "D harmonic minor")."""
    keys = sorted(MAJOR_KEY_SIGNATURES, key=MAJOR_KEY_SIGNATURES.get)
    reader = reader or shown()
    none = reader.pgettext("lesson key", "none (each run in its own key)")  # (NO_KEY in English)
    options = [(none, None)] + [(key_label(SpelledNote.from_english(tonic), "major", reader),
                                 f"{tonic} major") for tonic in keys]
    if minor:
        options += [(key_phrase(prose_name(tonic, reader), "minor", reader.language),
                     f"{tonic} harmonic minor")
                    for tonic in sorted(MINOR_KEY_SIGNATURES, key=MINOR_KEY_SIGNATURES.get)]
    return options


def note_name_options(reader: Reader) -> list[tuple[str, str]]:
    """The note-name conventions a menu offers, in `reader`'s language, with their values."""
    return [(reader.pgettext(*_NOTE_NAME_WORDS[value]), value) for _label, value in NOTE_NAMES]


def harmony_options(reader: Reader) -> list[tuple[str, str]]:
    """The harmony styles a menu offers (Roman numerals, Funktionstheorie), in `reader`'s language,
    with their values (`muzlab.names.language.HARMONIES`)."""
    return [(reader.pgettext(*_HARMONY_WORDS[value]), value) for value in HARMONIES]


def minor_supertonic_options(reader: Reader) -> list[tuple[str, str]]:
    """The readings of ii° in a minor key a menu offers (`muzlab.set_minor_supertonic`), each by its
    symbol and name for `reader`: "s⁶ (Mollsubdominante mit Sixte ajoutée)", "(Đ⁷) tP (…)"."""
    options = []
    for value in MINOR_SUPERTONIC:  # (ii° of A minor, B–D–F: its readings, the chosen one first)
        function = readings(11, "diminished", 9, "minor", minor_supertonic=value)[0]
        options.append((f"{function_symbol(function, reader)} ({function_words(function, reader)})", value))
    return options


def minor_supertonic_asked(reader: Reader) -> bool:
    """Whether a menu of the readings of ii° in minor is shown to `reader`: a choice of Funktionstheorie
    in a minor key, asked only of its readers with a minor lesson key (the menus' row stays short)."""
    return reader.key is not None and reader.key.kind != "major" and reader.harmony_style == "functions"


def seat_options(reader: Reader) -> list[tuple[str, str]]:
    """Who may play a seat, in `reader`'s language: a person, or a computer player by name."""
    computer = reader.gettext("computer ({agent})")
    return [(reader.gettext("a person"), PERSON)] + [
        (computer.format(agent=agent_name(name, reader)), name) for name in AGENTS]


def board_scale(size: float | str) -> float:
    """The scale a board is drawn at for a Size (1 for "fit": the window decides its height)."""
    return 1.0 if size == FIT else float(size)


class SizeChoice(widgets.HBox):
    """The Size buttons (class "muz-size" each); `value` is the chosen Size, marked with a tick; the
    labels are in `reader`'s language (by default the default reader's)."""

    value = traitlets.Any(FIT)

    def __init__(self, value: float | str = FIT, reader: Reader | None = None):
        self.buttons = {}
        for _label, size in SIZES:
            button = widgets.Button()
            button.add_class("muz-size")
            button.on_click(lambda _button, size=size: setattr(self, "value", size))
            self.buttons[size] = button
        self.label = widgets.HTML()
        super().__init__([self.label, *self.buttons.values()],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.observe(lambda _change: self._mark(), names="value")
        self.relabel(reader or shown())
        self.value = value
        self._mark()

    def relabel(self, reader: Reader) -> None:
        """Write the Sizes in `reader`'s language."""
        self._words = {size: reader.pgettext(*_SIZE_WORDS[label]) for label, size in SIZES}
        size = reader.pgettext("size", "Size")
        self.label.value = f"<span style='padding-right:6px'>{html.escape(size)}</span>"
        tip = reader.gettext("Size: {size}")
        for size, button in self.buttons.items():
            button.tooltip = tip.format(size=self._words[size])
        self._mark()

    def _mark(self) -> None:
        for size, button in self.buttons.items():
            chosen, label = size == self.value, self._words[size]
            button.description = f"✓ {label}" if chosen else label  # a tick, not colour alone
            button.button_style = "info" if chosen else ""


def _menu(options: list[tuple[str, str]], value: str, css: str,
          choose: Callable[[str], None]) -> widgets.Dropdown:
    """One of the app's setting menus (class `css`), its words whole, calling `choose` with a choice."""
    menu = widgets.Dropdown(options=options, value=value, style={"description_width": "initial"},
                            layout=widgets.Layout(width="auto"))
    menu.add_class(css)
    menu.observe(lambda change: choose(change["new"]), names="value")
    return menu


def _folded(form: widgets.Widget) -> widgets.Accordion:
    """A form folded away under its title (set by `relabel`) until a teacher opens it."""
    return widgets.Accordion(children=[form], titles=[""], selected_index=None)


class TableSetup(widgets.VBox):
    """The form before a game: how many seats, each seat's name and who plays it, the game number,
    and whether the players may ask for hints."""

    def __init__(self, on_start, players: int = 2, reader: Reader | None = None):
        self.on_start = on_start
        reader = reader or shown()
        self.seat_count = widgets.Dropdown(options=list(range(1, MAX_PLAYERS + 1)), value=players,
                                           style={"description_width": "initial"})
        self.seat_count.add_class("muz-seats")
        self.names = [widgets.Text(value=_player(seat, reader), style={"description_width": "initial"})
                      for seat in range(MAX_PLAYERS)]
        self.kinds = [widgets.Dropdown(options=seat_options(reader), value=PERSON if seat == 0 else "greedy",
                                       layout=widgets.Layout(width="auto", min_width="min(210px, 100%)"),
                                       style={"description_width": "initial"})
                      for seat in range(MAX_PLAYERS)]
        for seat, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True)):
            name.add_class(f"muz-seat-name-{seat + 1}")
            kind.add_class(f"muz-seat-kind-{seat + 1}")
        # (a seat's menu goes under its name where the page is narrow: a phone, a page zoomed to 400 %)
        self.rows = [widgets.HBox([name, kind], layout=widgets.Layout(flex_flow="row wrap"))
                     for name, kind in zip(self.names, self.kinds, strict=True)]
        self.game_number = widgets.BoundedIntText(value=0, min=0, max=10**9,
                                                  style={"description_width": "initial"})
        self.allow_hints = widgets.Checkbox(value=True, layout=widgets.Layout(width="auto"))
        self.start_button = widgets.Button(button_style="primary")
        self.start_button.add_class("muz-start")
        self.start_button.on_click(lambda _button: self.on_start())
        self.seat_count.observe(lambda _change: self._show_rows(), names="value")
        self.intro = widgets.HTML()
        self._reader = reader
        super().__init__([self.intro, self.seat_count, *self.rows, self.game_number, self.allow_hints,
                          self.start_button])
        self.add_class("muz-setup")
        self.relabel(reader)
        self._show_rows()

    def relabel(self, reader: Reader) -> None:
        """Write the form in `reader`'s language; a seat still named as by default is renamed."""
        self.seat_count.description = reader.gettext("Seats")
        seat = reader.gettext("Seat {number}")
        for number, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True), start=1):
            name.description = seat.format(number=number)
            # TRANSLATORS: the label of a seat's menu of who plays it (a person, the computer)
            kind.description = reader.gettext("who plays")
            if name.value == _player(number - 1, self._reader):
                name.value = _player(number - 1, reader)
            relabel(kind, seat_options(reader))
        self._reader = reader
        self.game_number.description = reader.gettext("Game no.")
        self.allow_hints.description = reader.gettext("a Hint button for the players")
        self.start_button.description = reader.pgettext("game", "Start")
        self.intro.value = "<p>{}</p>".format(html.escape(reader.gettext(
            "Choose the seats: a name for each player or team, and whether a person or the computer "
            "plays it. The same game number deals the same dice.")))

    def _show_rows(self) -> None:
        for seat, row in enumerate(self.rows):
            row.layout.display = "flex" if seat < self.seat_count.value else "none"

    def seats(self) -> tuple[list[str], list[str | None]]:
        """The chosen names (blank ones get "Player N") and agents (None for a person), one per seat."""
        count = self.seat_count.value
        names = [self.names[seat].value.strip() or _player(seat, self._reader) for seat in range(count)]
        kinds = [self.kinds[seat].value for seat in range(count)]
        agents = [None if kind == PERSON else kind for kind in kinds]
        return names, agents


def _player(seat: int, reader: Reader) -> str:
    """The name a seat has until the class names it: "Player 1", "Spieler 1"."""
    return reader.gettext("Player {number}").format(number=seat + 1)


class ClassroomApp(widgets.VBox):
    """Play, Explore, Quiz, Ear training and Review tabs, a size control, the note names and the
    language; what `muzlab app` shows.

    `seed` fixes the Quiz's questions and the ear-training items (None: fresh ones every time).
    `language` ("en", "de", "fr", "es"; None: the default reader's) sets the page's language with its
    usual note names, as the Language menu does.
    """

    def __init__(self, scale: float | str = FIT, seed: int | None = None, agent_delay: float = 0.5,
                 language: str | None = None):
        if language is not None:
            set_language(language)
        reader = shown()
        self.agent_delay = agent_delay
        self.seed = seed
        self.size = SizeChoice(scale, reader)
        scale = board_scale(scale)
        self.language = _menu([(LANGUAGE_NAMES[code], code) for code in LANGUAGES], current_language(),
                              "muz-language", self.choose_language)
        self.note_names = _menu(note_name_options(reader), current_note_names(), "muz-note-names",
                                self.name_notes)
        self.harmony = _menu(harmony_options(reader), current_harmony(), "muz-harmony", self.choose_harmony)
        #: how ii° in a minor key is read, shown to a reader of functions in a minor key (`_show_supertonic`)
        self.supertonic = _menu(minor_supertonic_options(reader), current_minor_supertonic(),
                                "muz-minor-supertonic", self.choose_supertonic)
        self.lesson_key = OptionalDropdown(  # "none" shown by its label, not as a blank box
            options=lesson_key_options(reader, minor=True),
            value=_key_value(current_lesson_key()),
            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))  # its words whole
        self.lesson_key.add_class("muz-lesson-key")
        self.lesson_key.observe(lambda change: self.choose_key(change["new"]), names="value")
        self.setup = TableSetup(self.start, reader=reader)
        self.play: PlayBoard | None = None
        self.change_button = widgets.Button()
        self.change_button.add_class("muz-change-seats")
        self.change_button.on_click(lambda _button: self.show_setup())
        self.play_area = widgets.VBox([self.setup])
        self.explorer = Explorer(scale=scale)
        self.quiz = Quiz(seed=seed or 0, scale=scale)
        self.quiz_form = QuizSettings(self.ask_quiz)
        self.quiz_settings = _folded(self.quiz_form)
        self.quiz_area = widgets.VBox([self.quiz_settings, self.quiz])
        self.ear_form: EarSettings | None = None  # the drill's settings, folded in ear_settings
        self.ear_settings: widgets.Widget | None = None
        self.drill = widgets.ToggleButtons(options=[(drill_name(kind, reader), kind) for kind in DRILLS],
                                           value=None, style={"description_width": "initial"})
        self.drill.add_class("muz-drill")
        self.drill.observe(lambda change: self.choose_drill(change["new"]), names="value")
        self.ear: EarTrainer | None = None
        self.ear_note = widgets.HTML()
        self.ear_area = widgets.VBox([self.drill, self.ear_note])
        self.review_choice = widgets.Dropdown(options=self._review_options(reader), value=PLAYED,
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="auto", min_width="420px"))
        self.review_choice.add_class("muz-review-choice")
        self.review_button = widgets.Button(button_style="primary")
        self.review_button.add_class("muz-review-start")
        self.review_button.on_click(lambda _button: self.show_review())
        self.review_note = widgets.HTML()
        self._no_game = False  # whether the review note says that no game was played yet
        self.review: Review | None = None
        self.review_download = DownloadButton("", self.review_file, "muz-review-csv")
        self.review_download.layout.display = "none"  # until there is a review
        self.review_midi = DownloadButton("", self.review_midi_file, "muz-review-midi")
        self.review_midi.layout.display = "none"
        self.review_area = widgets.VBox([
            widgets.HBox([self.review_choice, self.review_button, self.review_download, self.review_midi],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.review_note])
        self.tabs = widgets.Tab(children=[self.play_area, self.explorer, self.quiz_area, self.ear_area,
                                          self.review_area])
        self.size.observe(lambda change: self.rescale(change["new"]), names="value")
        title = widgets.HTML("<h2 style='margin:2px 12px 2px 0;font-size:calc(22 * var(--muz-u))'>"
                             "Muzundrum</h2>")
        self.style = widgets.HTML(layout=widgets.Layout(display="none"))
        heading = widgets.HBox([title, self.language, self.note_names, self.harmony, self.supertonic,
                                self.lesson_key, self.size],
                               layout=widgets.Layout(justify_content="space-between", align_items="center",
                                                     flex_flow="row wrap"))
        #: the page's <html lang> and <title> in the app's language; "Skip to the board", Tab's first stop
        self.document, self.skip = DocumentLanguage(), SkipLink()
        super().__init__([self.style, AccessibleNames(layout=widgets.Layout(display="none")), self.document,
                          self.skip, heading, self.tabs])
        self.add_class("muz-app")
        self._relabel(reader)
        for view in self.board_views():
            self._fit(view)
        self._style_controls()

    @staticmethod
    def _review_options(reader: Reader) -> list[tuple[str, str]]:
        return [(reader.gettext("the game on the Play tab"), PLAYED)] + [
            (reader.pgettext(*words), name) for name, words in SAMPLE_GAMES]

    def _relabel(self, reader: Reader) -> None:
        """Write the app's own words (tabs, menus, buttons, hover text) in `reader`'s language."""
        self.document.lang = reader.language
        self.document.title = reader.gettext("Muzundrum, the dice game of music theory")
        self.language.description = reader.gettext("Language")
        self.skip.label = reader.gettext("Skip to the board")
        self.note_names.description = reader.gettext("Note names")
        self.harmony.description = reader.gettext("Harmony")
        self.supertonic.description = reader.gettext("2nd degree in minor")
        self.supertonic.tooltip = reader.gettext(
            "The diminished triad on the second degree of a minor key: textbooks read it either way")
        self._show_supertonic()
        self.lesson_key.description = reader.gettext("Key of the lesson")
        self.size.relabel(reader)
        self.setup.relabel(reader)
        self.change_button.description = reader.gettext("Change seats")
        self.quiz_settings.set_title(0, reader.gettext("Which questions"))
        self.drill.description = reader.gettext("Drill")
        relabel(self.drill, [(drill_name(kind, reader), kind) for kind in DRILLS])
        if self.ear_settings is not None:
            self.ear_settings.set_title(0, reader.gettext("Settings of this drill"))
        self.ear_note.value = "<p>{}</p>".format(html.escape(
            reader.gettext("Choose a drill: a sound is played, you name what you heard.")))
        self.review_choice.description = reader.pgettext("tab", "Review")
        relabel(self.review_choice, self._review_options(reader))
        self.review_button.description = reader.gettext("Show the review")
        self.review_download.description = reader.gettext("Download the review (CSV)")
        self.review_download.tooltip = reader.gettext(
            "Save this review, one line per decision, on this device")
        self.review_midi.description = reader.pgettext("button", "Save MIDI")
        self.review_midi.tooltip = reader.gettext(
            "Save the reviewed game as music (a MIDI file) on this device")
        self._review_note(reader)
        self.tabs.titles = [reader.pgettext(*title) for title in TABS]

    def _review_note(self, reader: Reader) -> None:
        if self._no_game:
            self.review_note.value = "<p><b>{}</b></p>".format(html.escape(
                reader.gettext("No game has been played on the Play tab yet.")))
        else:
            self.review_note.value = "<p>{}</p>".format(html.escape(reader.gettext(
                "The coach goes through a game decision by decision: what was played, the best cell, "
                "and why.")))

    def choose_language(self, language: str) -> None:
        """Switch the page's language (`muzlab.set_language`), with that language's usual note names
        and harmony style, and write every word and every note on every tab again in them."""
        set_language(language)
        reader = shown()
        relabel(self.note_names, note_name_options(reader), current_note_names())
        relabel(self.harmony, harmony_options(reader), current_harmony())
        relabel(self.supertonic, minor_supertonic_options(reader), current_minor_supertonic())
        relabel(self.lesson_key, lesson_key_options(reader, minor=True))
        self._relabel(reader)
        self._redraw()

    def start(self) -> None:
        """Seat the players chosen in the form and show their PlayBoard."""
        names, agents = self.setup.seats()
        self.play = PlayBoard(players=len(names), agents=agents, names=names,
                              seed=self.setup.game_number.value, agent_delay=self.agent_delay,
                              scale=board_scale(self.size.value), allow_hints=self.setup.allow_hints.value)
        self._fit(self.play.board_view)
        self.play.actions.children = (*self.play.actions.children, self.change_button)
        self.play_area.children = [self.play]

    def show_setup(self) -> None:
        """Back to the seating form (the game on the board is left behind)."""
        self.play_area.children = [self.setup]

    def choose_drill(self, drill: str | None) -> None:
        """Start an ear-training drill (made on demand, so no sound plays before a click)."""
        if drill is None:
            return
        self.ear_form = EarSettings(drill, self.start_drill)
        self.ear_settings = _folded(self.ear_form)
        self.ear_settings.set_title(0, shown().gettext("Settings of this drill"))
        self.start_drill(Drill(drill))

    def start_drill(self, drill: Drill) -> None:
        """Start a drill with the teacher's settings (from the Settings form)."""
        self.ear = EarTrainer(drill, seed=self.seed)
        self.ear_area.children = [self.drill, self.ear_settings, self.ear]

    def ask_quiz(self, kinds: tuple[str, ...]) -> None:
        """A new Quiz asking these kinds of question (from the Quiz's settings), at the Size in force."""
        self.quiz = Quiz(kinds, seed=self.seed or 0, scale=board_scale(self.size.value))
        self._fit(self.quiz.board_view)
        self.quiz_area.children = [self.quiz_settings, self.quiz]

    def show_review(self) -> None:
        """Review the chosen game: the one on the Play tab (as far as it has gone) or a sample game."""
        if self.review_choice.value != PLAYED:
            game = sample_game(self.review_choice.value)
        elif self.play is None or not self.play.game.events:
            self._no_game = True
            self._review_note(shown())
            self.review_area.children = self.review_area.children[:1] + (self.review_note,)
            return
        else:
            game = self.play.game
        self._no_game = False
        self._review_note(shown())
        self.review = Review(game)
        self.review_download.layout.display = self.review_midi.layout.display = ""
        self.review.board_view.scale = board_scale(self.size.value)
        self._fit(self.review.board_view)
        self.review_area.children = self.review_area.children[:1] + (self.review,)

    def review_file(self) -> Download:
        """The review shown, one line per decision, as CSV for the browser to save."""
        review = self.review
        if review is None:
            return Download("muzundrum-review.csv", "text/csv", b"")
        # the rows hold facts; the file a teacher opens also has each decision's sentence
        rows = [{**row, "comment": said} for row, said in zip(review.rows, review.comments, strict=True)]
        columns = list(rows[0]) if rows else ["comment"]
        return csv_file(f"muzundrum-review-game-{review.game.seed}.csv", rows, columns)

    def review_midi_file(self) -> Download | None:
        """The reviewed game as music (`muzlab.play.midi`), for the browser to save."""
        if self.review is None or not any(event.kind == "place" for event in self.review.game.events):
            return None  # (a review is shown only for a game with moves)
        return Download(f"muzundrum-review-game-{self.review.game.seed}.mid", "audio/midi",
                        game_midi(self.review.game))

    def boards(self) -> list[widgets.Widget]:
        """The widgets that draw a board, in tab order (the review's is its board view)."""
        review = self.review.board_view if self.review is not None else None
        return [board for board in (self.play, self.explorer, self.quiz, review) if board is not None]

    def rescale(self, size: float | str) -> None:
        """Draw every board at a Size: `size` times the normal size, within the window, or "fit" to fill
        the window's height (the text follows the window's height at every Size)."""
        for board in self.boards():
            board.scale = board_scale(size)
        for view in self.board_views():
            self._fit(view)

    def board_views(self) -> list[SvgBoard]:
        """Every board picture in the app, the review's too."""
        return [board.board_view for board in (self.play, self.explorer, self.quiz, self.review)
                if board is not None]

    def _fit(self, view: SvgBoard) -> None:
        view.fit = "fill" if self.size.value == FIT else "window"

    def name_notes(self, convention: str) -> None:
        """Switch the note names (`muzlab.set_note_names`: "english", "german" or "solfege") and write
        every note on every tab again in them: boards, dice in hand, sheets, questions and answers."""
        set_note_names(convention)
        if self.note_names.value != convention:
            self.note_names.value = convention  # comes back here once, with nothing left to change
            return
        relabel(self.lesson_key, lesson_key_options(shown(), minor=True))
        self._redraw()

    def choose_harmony(self, harmony: str) -> None:
        """Switch how a triad's function is written (`muzlab.set_harmony`: "roman" or "functions") and
        write every tab again: run descriptions, the Explore tab's labels, questions and answers."""
        set_harmony(harmony)
        if self.harmony.value != harmony:
            self.harmony.value = harmony  # comes back here once, with nothing left to change
            return
        self._show_supertonic()
        self._redraw()

    def choose_supertonic(self, reading: str) -> None:
        """Choose how ii° in a minor key is read (`muzlab.set_minor_supertonic`: "added sixth", s⁶, or
        "dominant", (Đ⁷) tP) and write every tab again in it."""
        set_minor_supertonic(reading)
        if self.supertonic.value != reading:
            self.supertonic.value = reading  # comes back here once, with nothing left to change
            return
        self._redraw()

    def _show_supertonic(self) -> None:
        """The reading of ii° in minor is a choice of Funktionstheorie in a minor key: shown only to its
        readers, with a minor lesson key (the menus' row stays short otherwise)."""
        self.supertonic.layout.display = None if minor_supertonic_asked(shown()) else "none"

    def _redraw(self) -> None:
        """Write every word and note on every tab again for the default reader."""
        widgets_shown = [self.play, self.explorer, self.quiz, self.quiz_form, self.ear, self.ear_form,
                         self.review]
        for widget in (widget for widget in widgets_shown if widget is not None):
            widget.redraw_names()

    def choose_key(self, key: str | None) -> None:
        """Set the lesson's key (`muzlab.names.spelling.set_lesson_key`; None for none) and write every note
        on every tab again: dice that fit it are spelled as in it, numerals name functions in it first."""
        set_lesson_key(None if key is None else LESSON_KEYS[key])  # (the value the menu's item stands for)
        self._show_supertonic()
        for widget in (self.play, self.explorer, self.quiz, self.ear, self.review):
            if widget is not None:
                widget.redraw_names()

    def _style_controls(self) -> None:
        """Size the app's text, buttons, menus, labels and tabs: --muz-u is one normal pixel (what every
        widget's sizes are multiplied by), and the ipywidgets style variables follow."""
        unit = FIT_UNIT
        sizes = {"font-size": 13, "inline-height": 28, "inline-label-width": 80, "inline-width": 300,
                 "horizontal-tab-height": 24, "horizontal-tab-width": 144}
        rules = "; ".join(f"--jp-widgets-{name}: calc({px} * var(--muz-u))" for name, px in sizes.items())
        self.style.value = (f"<style>.muz-app {{ --muz-u: {unit}; {rules};"
                            f" font-size: calc(14 * var(--muz-u)); }} {APP_CSS}</style>")
