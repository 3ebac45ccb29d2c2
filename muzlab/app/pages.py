"""The class server's pages, served by Solara: a student page ("/") and the teacher's ("/teacher").

The pages only draw the `Classroom` and pass on what was clicked; the classroom decides. Each page
draws on its own thread (`PageDrawer`, inside its own Solara session): the classroom tells it what
changed, it queues the change, and draws the latest snapshot of its table (`TableSnapshot`) once
for every batch, with no classroom lock held, so a slow device slows only itself. Each student page
keeps its own note names, harmony style, size, lesson key and reading of ii° in minor (`PageReading`,
the one place a page's reading is entered; `page_settings` offers the key and ii° menus), so one
page's choice never shows on another. The boards are muzlab's SvgBoard (`data-cell`, `muz-legal`),
the controls ipywidgets.
"""

from __future__ import annotations

import html
import logging
import secrets
import threading
import weakref
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets
import solara

from muzlab.app.class_state import admission, classroom, sessions, student_address, term
from muzlab.app.classroom import Change, ClassError, Classroom, TableSnapshot
from muzlab.app.join_form import JoinForm
from muzlab.app.looks import Looks
from muzlab.app.page_language import (
    browser_header,
    keep_teacher_harmony,
    keep_teacher_language,
    page_language,
    teacher_harmony,
    teacher_language,
)
from muzlab.app.page_settings import (
    HIDE_NOT_ASKED,
    TEACHER_KEY,
    address_key,
    address_supertonic,
    chosen_key,
    key_menu,
    key_note,
    label_supertonic,
    relabel_keys,
    settings_address,
    supertonic_menu,
)
from muzlab.app.solara_door import connected, current_session
from muzlab.app.teacher_tabs import TAB_NAMES, TeacherTabs
from muzlab.app.term_pages import StudentTerm
from muzlab.core.hexgrid import Cell
from muzlab.names.error_words import error_words
from muzlab.names.functions import MINOR_SUPERTONIC
from muzlab.names.language import (
    DEFAULT_HARMONY,
    DEFAULT_NOTE_NAMES,
    HARMONIES,
    LANGUAGE_NAMES,
    LANGUAGES,
    labelled,
    marked,
)
from muzlab.names.output_words import number_words
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import pitch_label
from muzlab.play import coach
from muzlab.play.game import MAX_PLAYERS
from muzlab.play.game_words import DieWords, event_sentence, moment_words
from muzlab.play.table import Message
from muzlab.reading import default_reader
from muzlab.rules.board_reading import legal_cells
from muzlab.widgets.board_text import group_html
from muzlab.widgets.controls_style import focus_ring
from muzlab.widgets.die_by_ear import DieByEar, Turn
from muzlab.widgets.document_language import DocumentLanguage
from muzlab.widgets.input_purpose import InputPurpose
from muzlab.widgets.live_region import LiveRegion
from muzlab.widgets.menus import relabel
from muzlab.widgets.move_field import MoveField
from muzlab.widgets.seatboard import Pictures, SeatBoard
from muzlab.widgets.skip_link import SkipLink
from muzlab.widgets.tabbed_app import (
    FIT,
    NOTE_NAMES,
    SIZES,
    SizeChoice,
    board_scale,
    harmony_options,
    note_name_options,
    readable_buttons,
)

log = logging.getLogger(__name__)
#: The student page's look: a board never wider than the screen; on a narrow screen (a phone) the
#: settings fold behind one button, which a wide screen does not need. The die in hand and the words
#: under the board are one widget (`StudentView.text`, one message a draw) whose two blocks take their
#: places in the play area's grid: the die in hand beside the buttons, above the board; the words below.
PAGE_STYLE = ("<style>.muz-student-page .muz-board .muz-tip { max-width: calc(100vw - 24px); }"
              " .muz-student-page .muz-play-area { display: grid !important; grid-template-columns: auto 1fr;"
              " grid-template-areas: 'hand buttons' 'board board' 'tip tip' 'move move' 'words words';"
              " align-items: center; column-gap: 12px; }"
              " .muz-student-page .muz-play-area .muz-board, .muz-student-page .muz-board-text"
              " { display: contents !important; }"
              " .muz-student-page .muz-hand { grid-area: hand; }"
              " .muz-student-page .muz-buttons { grid-area: buttons; flex-wrap: wrap; }"
              " .muz-student-page .muz-board .muz-frame { grid-area: board; min-width: 0;"
              " justify-self: start; }"
              " .muz-student-page .muz-board .muz-tip { grid-area: tip; }"
              " .muz-student-page .muz-marks { display: none; }"
              " .muz-student-page .muz-play-area:has(.muz-no-table) .muz-frame,"
              " .muz-student-page .muz-play-area:has(.muz-no-table) .muz-tip { display: none !important; }"
              # a button shows only while the board's marks say it can be used (`StudentView.usable`)
              " .muz-student-page .muz-play-area:not(:has(.muz-can-roll)) .muz-roll,"
              " .muz-student-page .muz-play-area:not(:has(.muz-can-pass)) .muz-pass,"
              " .muz-student-page .muz-play-area:not(:has(.muz-can-hint)) .muz-hint"
              " { display: none !important; }"
              " .muz-student-page .muz-page-words { grid-area: words; }"
              " .muz-student-page .muz-play-area .muz-move-field { grid-area: move; }"
              " .muz-student-page .muz-play-area:has(.muz-no-table) .muz-move-field { display: none; }"
              " .muz-student-page .muz-legal-list ul { margin: 2px 0; }"
              # the join form's fields in a grid: each label whole in a column as wide as the longest
              " .muz-student-page .muz-join-fields { display: grid; grid-template-columns: max-content"
              " minmax(0, 20em); gap: 4px 8px; align-items: center; overflow: visible; }"
              " .muz-student-page .muz-join-fields > .widget-text { display: contents; }"
              " .muz-student-page .muz-join-fields .widget-label { width: auto; max-width: none;"
              " margin: 0; }"
              " @media (min-width: 700px) {"
              " .muz-student-page .muz-settings-button { display: none !important; }"
              " .muz-student-page .muz-settings { display: flex !important; } }"
              + HIDE_NOT_ASKED + readable_buttons(".muz-student-page") + focus_ring("body") + "</style>")
#: The layouts of a button, and of a row of controls that wraps on a narrow screen.
BUTTON = {"width": "auto", "min_width": "90px"}
ROW = {"flex_flow": "row wrap", "align_items": "center"}
#: The top of the teacher's page: the class code beside the roster (wrapping under it on a narrow screen).
TOP_ROW = {"flex_flow": "row wrap", "align_items": "flex-start"}
#: The teacher's page's look: the roster in columns (thirty names in a few lines); on the projector, the
#: board as tall as the screen with its words large beside it, and nothing else of the page shown.
TEACHER_STYLE = (
    "<style>.muz-teacher-page ul.muz-roster { columns: 11em auto; column-gap: 24px; margin: 4px 0;"
    " padding-left: 1.2em; } .muz-teacher-page ul.muz-roster li { break-inside: avoid; }"
    " .muz-teacher-page .muz-top-row { column-gap: 40px; }"
    # (a class of thirty: the roster in five or six columns beside the code, scrolled past 36 % of the
    # window's height, and the tables in columns, so that Deal and the tables stay on the first screen)
    " .muz-teacher-page .muz-roster-box { flex: 1 1 320px; min-width: 0; max-height: 36vh;"
    " overflow-y: auto; }"
    " .muz-teacher-page .muz-roster-box h3 { margin: 4px 0; }"
    " .muz-teacher-page .muz-class-code { flex: 0 1 34em; }"
    " .muz-teacher-page .muz-tables .widget-html-content { columns: 27em auto; column-gap: 32px;"
    " line-height: 1.6; } .muz-teacher-page .muz-table-line { break-inside: avoid; }"
    # what the students read from the projector (where to go, the links, their names) grows with the screen
    " .muz-teacher-page .muz-class-code, .muz-teacher-page ul.muz-roster"
    " { font-size: clamp(13px, 1.1vw, 22px); line-height: 1.5; }"
    " .muz-teacher-page .muz-class-code .widget-html-content { line-height: 1.5; }"
    " .muz-teacher-page .muz-join-links { color: #333; }"
    " .muz-teacher-page .muz-join-links a { text-decoration: underline; }"  # (a link, not by colour alone)
    " .muz-teacher-page .muz-join-links ul { margin: 2px 0; padding-left: 1.2em; }"
    " .muz-teacher-top .muz-language { width: auto; max-width: 360px; }"
    " .muz-teacher-tabs .widget-upload { width: auto; min-width: max-content; }"
    " .muz-projector-view { width: 100%; box-sizing: border-box; padding: 8px 12px; gap: 2vw;"
    " align-items: flex-start; } .muz-projector-view .muz-svgboard { flex: 0 0 auto; }"
    " .muz-projector-panel { flex: 1 1 0; min-width: 0; }"
    " .muz-projector-text, .muz-projector-text .widget-html-content { font-size: clamp(18px, 3.4vh, 52px);"
    " line-height: 1.3; color: #111; }"
    " .muz-projected-status { font-weight: bold; font-size: 1.15em; margin-bottom: 0.6em; }"
    " .muz-projected-comment { color: #064; margin-top: 0.6em; }"
    " .muz-projector-panel .muz-back { font-size: clamp(13px, 2vh, 28px); height: auto; width: auto;"
    " align-self: flex-start; padding: 0.3em 1em; margin-top: 1.2em; }"
    # the language, harmony and key menus on a row of their own above the tabs, at its right: drawn over
    # the tabs' row, they hid its last tab once its words took more room (WCAG 1.4.12's text spacing)
    " .muz-teacher-top { align-self: flex-end; margin: 4px 12px 0 0; }"
    " .muz-teacher-tabs:has(.muz-projecting) .v-tabs-bar, .muz-teacher-tabs:has(.muz-projecting) .muz-export,"
    " .muz-teacher-tabs:has(.muz-projecting) .muz-teacher-top { display: none !important; }"
    + HIDE_NOT_ASKED + readable_buttons(".muz-teacher-page") + focus_ring("body") + "</style>")
#: How often, at most, the teacher's leaderboard is drawn again while tables play (seconds).
LEADERBOARD_EVERY = 2.0
#: The teacher's leaderboard, asked of the teacher's drawer now and then (not a change of the class).
SCORES = "scores"
#: The leaderboard's columns: each heading as the teacher reads it, and its field of `standings()`.
LEADERBOARD = (marked("leaderboard column", "nickname"), marked("leaderboard column", "table"),
               marked("leaderboard column", "score"), marked("leaderboard column", "completions"),
               marked("leaderboard column", "points lost"), marked("leaderboard column", "decisions"),
               marked("leaderboard column", "hints"), marked("leaderboard column", "luck-adjusted"))


@dataclass(frozen=True)
class PageReading:
    """How one page reads the class: its note names, its lesson key (as its address keeps it: "F#",
    "A harmonic minor"; "" for none), its language, its harmony style (None: the language's usual)
    and its reading of ii° in minor, typeset (F♯); `reader` is the value every word of the page is
    written for."""

    convention: str = "english"
    key: str = ""
    language: str = "en"
    harmony: str | None = None
    minor_supertonic: str = MINOR_SUPERTONIC[0]

    @property
    def reader(self) -> Reader:
        """The page's reading as the Reader value the naming layer takes (typeset)."""
        return Reader(self.convention, Key.of(self.key) if self.key else None, typeset=True,
                      language=self.language, harmony=self.harmony, minor_supertonic=self.minor_supertonic)


def query_language(query: dict[str, str], header: str = "") -> str:
    """The language a page's address asks for ("lang"), checked; else the browser's (`header`, its
    Accept-Language), else English (`page_language`)."""
    return page_language(query, header)


def language_menu(language: str, looks: Looks | None = None, description: str = "") -> widgets.Dropdown:
    """The menu of the interface's languages, each in its own words (class "muz-language"); with its
    page's shared layout when `looks` is given."""
    layout = widgets.Layout(width="auto") if looks is None else looks.layout(width="auto")
    return widgets.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=language,
                            description=description, style={"description_width": "initial"}, layout=layout,
                            _dom_classes=("muz-language",))


class PageDrawer:
    """One page's drawing thread: `tell(change)` queues a change (and returns at once); the thread
    takes every change queued so far and calls `draw(batch)` once for them (the latest snapshot only:
    a slow page skips the states it had no time to show), inside the page's own Solara session.
    Another part of the page (its term section) has its changes drawn on the same thread by its own
    `draw`, given with each change (`tell(change, draw)`), once for each batch too."""

    def __init__(self, draw: Callable[[list[Any]], None], session: Any = None, name: str = "page"):
        self._draw = draw
        self._session = session
        self._queued: dict[Callable[[list[Any]], None], list[Any]] = {}  # a part's draw: its changes
        self._busy = False
        self._closed = False
        self._ready = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"muzlab-draw-{name}", daemon=True)
        self._thread.start()

    def tell(self, change: Any, draw: Callable[[list[Any]], None] | None = None) -> None:
        """Queue a change for this page, to be drawn by `draw` (None: the page's own)."""
        with self._ready:
            if not self._closed:
                self._queued.setdefault(draw or self._draw, []).append(change)
                self._ready.notify()

    def _run(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: self._queued or self._closed)
                if self._closed:
                    return
                batches, self._queued, self._busy = self._queued, {}, True
            try:
                for draw, batch in batches.items():
                    try:
                        with self._session if self._session is not None else nullcontext():
                            draw(batch)
                    except Exception:  # a page gone mid-draw draws again on its next change
                        log.exception("a page could not be drawn")
            finally:
                with self._ready:
                    self._busy = False
                    self._ready.notify_all()

    def busy(self) -> bool:
        """True while a change is queued or being drawn."""
        with self._ready:
            return bool(self._queued) or self._busy

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until every change queued so far is drawn (tests, benchmarks); False on timeout."""
        with self._ready:
            return self._ready.wait_for(lambda: self._closed or not (self._queued or self._busy), timeout)

    def close(self) -> None:
        """Stop the thread (after the draw under way, if any)."""
        with self._ready:
            self._closed = True
            self._queued = {}
            self._ready.notify_all()


class TableWords:
    """The die words of the tables the pages show, written once per reader and kept: a move names only
    its own dice (the words of a history depend on the reader, so they are kept per reader). Shared by
    every page of a class, on any thread."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Reader, int, int], list[DieWords]] = {}
        self._lock = threading.Lock()

    def of(self, reader: Reader, table: TableSnapshot) -> tuple[DieWords, ...]:
        """Each event's die words at the table, for `reader`."""
        key = (reader, table.round, table.number)
        with self._lock:
            words = self._kept.get(key)
            if words is None or len(words) > len(table.history):
                if any(k[1] != table.round for k in self._kept):  # a new round: the last one's go
                    self._kept = {k: v for k, v in self._kept.items() if k[1] == table.round}
                words = self._kept[key] = []
            words.extend(moment_words(moment, reader) for moment in table.history[len(words):])
            return tuple(words[:len(table.history)])


@dataclass
class Shared:
    """What the pages of one class draw once and share: the boards' pictures, the tables' die words."""

    pictures: Pictures = field(default_factory=Pictures)
    words: TableWords = field(default_factory=TableWords)


_shared: weakref.WeakKeyDictionary[Classroom, Shared] = weakref.WeakKeyDictionary()
_shared_lock = threading.Lock()


def shared(room: Classroom) -> Shared:
    """The drawings the pages of `room` share."""
    with _shared_lock:
        found = _shared.get(room)
        if found is None:
            found = _shared[room] = Shared()
        return found


def _text(words: str) -> str:
    """Words safe inside an HTML element (every text here is an element's content, never an attribute)."""
    return html.escape(words, quote=False)


def _button(label: str, css: str, style: str = "", looks: Looks | None = None) -> widgets.Button:
    """A button with its class given as it is made (added after, it costs the page one more message);
    with its page's shared layout and style when `looks` is given."""
    if looks is not None:
        return looks.make(widgets.Button, description=label, button_style=style, _dom_classes=(css,),
                          layout=BUTTON)
    return widgets.Button(description=label, button_style=style, _dom_classes=(css,),
                          layout=widgets.Layout(**BUTTON))


class Part:
    """One part of a page's text, as HTML (`value`), shown with the others in one widget: the part is a
    block of its own (`css`, such as "muz-last"), so a page's reader finds it as before."""

    def __init__(self, css: str, value: str = ""):
        self.css, self.value = css, value

    def html(self) -> str:
        return f"<div class='{self.css}'>{self.value}</div>"


def _html(css: str, value: str = "") -> widgets.HTML:
    return widgets.HTML(value, _dom_classes=(css,))


def _lines(messages: tuple[Message, ...] | list[Message]) -> str:
    return "".join(f"<div style='color:{'#b00000' if m.refused else '#064'}'>"
                   f"{'✗ ' if m.refused else ''}{_text(m.text)}</div>" for m in messages)


def last_move(table: TableSnapshot, words: Sequence[DieWords] | None = None,
              reader: Reader | None = None) -> str:
    """The table's last event in its one sentence (`event_sentence`, as in the table's messages and
    the log), its die named as the board named it ("Anna places E on e6: 2 points"): `words` are the
    events' die words for `reader`, the page's (None: written now, for the default reader)."""
    reader = reader or default_reader()
    if not table.history:
        return reader.gettext("No move yet.")
    if words is None:
        words = [moment_words(moment, reader) for moment in table.history]
    return moves_since(table, len(table.history) - 1, words, reader)[0]


def moves_since(table: TableSnapshot, first: int, words: Sequence[DieWords],
                reader: Reader) -> list[str]:
    """The table's events from number `first` on, in order, each in its one sentence (`last_move`'s):
    what a page says when several moves reach it at once (a computer's whole turn after a person's)."""
    return [event_sentence(moment.event, table.position.board, reader, words[number],
                           table.seats[moment.event.player].name_for(reader))
            for number, moment in enumerate(table.history[first:], start=first)]


def _cell_words(value: object, reader: Reader) -> str:
    """A leaderboard cell as the reader reads it: a count as a whole number, a luck-adjusted score with
    one decimal, in the marks of the reader's language (German 14,5); a name as it is; "" for none."""
    if value is None:
        return ""
    if isinstance(value, float):
        return number_words(value, reader, 1)
    if isinstance(value, int) and not isinstance(value, bool):
        return number_words(value, reader)
    return str(value)


def status(table: TableSnapshot, reader: Reader | None = None) -> str:
    """Whose turn it is (or the result), with the table's scores, in `reader`'s language (None: the
    reader in force)."""
    reader = reader or default_reader()
    scores = " · ".join(labelled(seat.name_for(reader), number_words(score, reader), reader.language)
                        for seat, score in zip(table.seats, table.scores, strict=True))
    return reader.ngettext("Table {number} — {status} · {scores} · {supply} die left",
                           "Table {number} — {status} · {scores} · {supply} dice left",
                           table.supply).format(number=table.number, scores=scores, supply=table.supply,
                                                status=table.status_words(reader.language))


def class_listen_words(reader: Reader) -> dict[str, str]:
    """The note input's line on a class page that is not secure: why, and what the teacher does."""
    return {"insecure": reader.gettext(
        "The microphone and MIDI work only on a secure page: the teacher serves the class with "
        "muzlab class --https for them. The note buttons always work.")}


class StudentView(widgets.VBox):
    """One student's page: join with a nickname, then their table's board, live; Roll, Pass and Hint
    while it is their turn. Note names, size and lesson key belong to this page alone. A change at
    the page's table is drawn on the page's own thread (`drawer`), in `session` (its Solara session);
    what the page itself does (a click, a setting) is drawn at once on the thread that got it."""

    def __init__(self, room: Classroom, query: dict[str, str] | None = None,
                 on_address: Callable[[dict[str, str]], None] | None = None, page: str | None = None,
                 is_open: Callable[[], bool] = lambda: True, session: Any = None, address: str | None = None):
        query = query or {}
        self.room = room
        self.on_address = on_address
        #: This page's session (the class lets one session join once), and whether its socket is open.
        self.page = page if page is not None else secrets.token_hex(8)
        self.address = address  # the device's network address (its joins are counted per address)
        self.is_open = is_open
        self._leave: Callable[[], None] | None = None
        self._read_settings(query)
        self._relabelling = False
        self._page_lock = threading.RLock()  # this page's own: its thread and its clicks draw in turn
        self._shared = shared(room)
        self._at: tuple[int, int] | None = None  # (round, table) of the table this page shows
        self._drawn: tuple | None = None  # what the page shows now (nothing new: nothing drawn)
        self._said_for: tuple | None = None  # the state a refusal or hint speaks of (None: the next)
        token, code = query.get("seat"), query.get("code")
        self.student = room.student(token)
        # made here, in this page's own session: a widget made while another page acts would belong there
        self.board_view = SeatBoard(room.board, on_click=self._clicked)
        # singing the die: a lit cell clicked waits for the die's note (the note input, made when chosen)
        self.voice = DieByEar(self._turn, self._place, self._voice_act, lambda: self.reading.reader,
                              words=class_listen_words)
        self._said: tuple[Message, ...] = ()
        self._told: tuple[str, bool] = ("", False)  # the news last said through the board; my turn then?
        #: the table last drawn (round, number) and how many of its events had been drawn: the moves
        #: after them are new to this page and said, every one
        self._heard: tuple[tuple[int, int] | None, int] = (None, 0)
        self._setting_menus()
        self.joining = JoinForm(code, _button("", "muz-join", "primary"), self.join)
        # (the form's parts, as the page's words and its tests name them)
        form = self.joining
        self.nickname, self.code, self.personal = form.nickname, form.code, form.personal
        self.join_button, self.join_message = form.button, form.message
        self._code_note = ""  # the personal code, shown on this page after a first join
        # what happened, whose turn, the last move, who and where, the lesson key: the board's `html`,
        # written once a draw (in the board's message, instead of one for each part that changed)
        self.text_parts = tuple(Part(css) for css in ("muz-message", "muz-status", "muz-legal-cells",
                                                      "muz-last", "muz-who", "muz-lesson-key"))
        self.message, self.status, self.legal, self.last, self.who, self.scale_note = self.text_parts
        self.hand = Part("muz-hand")  # (the parts are the board's `html`: `PAGE_STYLE` places them)
        self.buttons = self._turn_buttons()
        #: The buttons the student can use now: the page shows only these, as marks in the board's
        #: words say ("muz-can-roll"), so a turn's buttons reach the page in the board's one message.
        self.usable: tuple[widgets.Button, ...] = ()
        self._no_table = False  # seated at no table: the board's own parts are hidden
        # the die in hand, Roll and the board first (on a phone, all of them on the first screen);
        # what happened and whose turn it is under the board
        # a move typed ("e5", "C e5") plays as a click on its cell does, for a student without the picture
        self.move_field = MoveField(on_move=self.type_move)
        self.playing = widgets.VBox([widgets.Box([self.buttons, self.board_view, self.move_field],
                                                 _dom_classes=("muz-play-area",)), self.voice])
        self.settings = widgets.HBox([self.language_pick, self.names, self.harmony_menu, self.size,
                                      self.lesson_key, self.supertonic_menu],
                                     layout=widgets.Layout(flex_flow="row wrap", display="none"))
        self.settings.add_class("muz-settings")
        self.settings_button = widgets.ToggleButton(value=False, _dom_classes=("muz-settings-button",))
        self.document_language = DocumentLanguage()  # (the page's <html lang>, for a screen reader)
        self.skip = SkipLink()  # (the keyboard's first stop: onto the board, past the settings)
        #: the nickname field's purpose, for the browser and assistive software (WCAG 1.3.5)
        self.purpose = InputPurpose(purposes={".muz-nickname input": "nickname"})
        self._label()
        self.settings_button.observe(lambda change: self._fold(change["new"]), names="value")
        super().__init__([widgets.HTML(PAGE_STYLE), self.document_language, self.purpose, self.skip,
                          self.settings_button, self.settings, self.joining, self.playing])
        self.add_class("muz-student-page")
        self.drawer = PageDrawer(self._draw_changes, session, self.page)
        self.unwatch = room.watch(self._changed)
        self._attend()
        self.draw()

    def _read_settings(self, query: dict[str, str]) -> None:
        """The settings the page's address keeps (a reload keeps them); checked, never trusted."""
        sizes = {str(value): value for _label, value in SIZES}
        conventions = [value for _label, value in NOTE_NAMES]
        self.language = query_language(query)
        #: the note names a student chose (kept in the address); else the language's own follow it
        self.names_chosen = query.get("names") in conventions
        self.convention = query["names"] if self.names_chosen else DEFAULT_NOTE_NAMES[self.language]
        #: the harmony style a student chose (kept in the address); else the language's own follows it
        self.harmony_chosen = query.get("harmony") in HARMONIES
        self.harmony = query["harmony"] if self.harmony_chosen else DEFAULT_HARMONY[self.language]
        self.scale = sizes.get(query.get("size", ""), FIT)  # "fit", as the app: the board fills the window
        self.key, self.supertonic = address_key(query), address_supertonic(query)

    def _setting_menus(self) -> None:
        """The menus of the page's settings, as the address gave them: language, note names, harmony,
        the reading of ii° in minor, size and the lesson key (their words: `_label`)."""
        said = Reader(language=self.language)
        self.names = widgets.Dropdown(options=note_name_options(said), value=self.convention,
                                      style={"description_width": "initial"},
                                      _dom_classes=("muz-note-names",))
        self.harmony_menu = widgets.Dropdown(options=harmony_options(said), value=self.harmony,
                                             style={"description_width": "initial"},
                                             layout=widgets.Layout(width="auto"),
                                             _dom_classes=("muz-harmony",))
        self.size = SizeChoice(self.scale, Reader(language=self.language))  # the app's (each "muz-size")
        # the app's lists and words: "F♯ major", "d-Moll", "none (each run in its own key)"; "s⁶ (…)"
        self.lesson_key = key_menu(self.key, self.reading.reader)
        self.supertonic_menu = supertonic_menu(self.supertonic, self.reading.reader)
        self.language_pick = language_menu(self.language)
        for control, chose in ((self.names, self._chose_names), (self.harmony_menu, self._chose_harmony),
                               (self.size, self._settings), (self.lesson_key, self._settings),
                               (self.supertonic_menu, self._settings),
                               (self.language_pick, self._chose_language)):
            control.observe(lambda _change, chose=chose: chose(), names="value")

    def _turn_buttons(self) -> widgets.HBox:
        """Roll, Pass and Hint in one box, each shown only while it can be used and none while it is
        not this student's turn (`usable`, through the marks `_can` names)."""
        self.roll_button = _button("", "muz-roll", "primary")
        self.pass_button = _button("", "muz-pass", "warning")
        self.hint_button = _button("", "muz-hint", "info")
        for button, action in ((self.roll_button, "roll"), (self.pass_button, "pass"),
                               (self.hint_button, "hint")):
            button.on_click(lambda _b, action=action: self.act(action))
        self._can = {self.roll_button: "muz-can-roll", self.pass_button: "muz-can-pass",
                     self.hint_button: "muz-can-hint"}
        return widgets.HBox([self.roll_button, self.pass_button, self.hint_button],
                            _dom_classes=("muz-buttons",))

    @property
    def reading(self) -> PageReading:
        """This page's note names, lesson key, language, harmony style and reading of ii° in minor."""
        return PageReading(self.convention, self.key, self.language,
                           self.harmony if self.harmony_chosen else None, self.supertonic)

    def _label(self) -> None:
        """Write the page's fixed words (labels, buttons, hints) in its language."""
        reader = self.reading.reader
        self.document_language.lang = self.language
        self.language_pick.description = reader.gettext("Language")
        self.skip.label = reader.gettext("Skip to the board")
        self.names.description = reader.gettext("Note names")
        if self.names.options != tuple(note_name_options(reader)):
            self._relabelling = True  # (new labels for the same choices: nothing chosen)
            self.names.options, self.names.value = note_name_options(reader), self.convention
            self._relabelling = False
        self.harmony_menu.description = reader.gettext("Harmony")
        if self.harmony_menu.options != tuple(harmony_options(reader)):
            self._relabelling = True
            self.harmony_menu.options, self.harmony_menu.value = harmony_options(reader), self.harmony
            self._relabelling = False
        self.size.relabel(reader)
        self.lesson_key.description = reader.gettext("Key of the lesson")
        relabel_keys(self.lesson_key, reader)
        label_supertonic(self.supertonic_menu, reader)
        self.roll_button.description = reader.gettext("Roll")
        self.pass_button.description = reader.gettext("Pass")
        self.hint_button.description = reader.gettext("Hint")
        self.settings_button.description = reader.gettext("Settings")
        self.move_field.word(self.room.board, reader, reader.gettext(
            "Type the cell for the die in hand ({cell}), or the note and the cell ({move}), and press Enter"))
        self.settings_button.tooltip = reader.gettext(
            "Language, note names, harmony, size and the key of the lesson")
        self.joining.relabel(reader)
        self.voice.relabel(reader)

    # ---- actions ------------------------------------------------------------------------------------
    def join(self) -> None:
        """Join with the nickname typed (and the class code); the token goes into the page's address."""
        try:
            self.student = self.room.join(self.nickname.value, self.code.value, self.page,
                                          self.personal.value, address=self.address)
        except ClassError as error:
            self._said = (Message(error_words(error, self.reading.reader), kind="refused"),)
            self._said_for = None
            self.draw()
            return
        self._said = ()
        self.personal.value = ""
        self._code_note = self.student.code  # (shown in the page's language: `_draw`)
        self._attend()
        self._remember()
        self.draw()

    def _attend(self) -> None:
        """Count this page as the student's open page (the teacher's Deal seats only those)."""
        if self._leave is not None:
            self._leave()
            self._leave = None
        if self.student is not None:
            self._leave = self.room.attend(self.student, self.is_open)

    def act(self, action: str, cell: Cell | None = None) -> None:
        """Ask the class to do `action` for this student and draw this page at once; a refusal or a
        hint shows above the board (the other pages at the table draw the move on their own threads)."""
        token = self.student.token if self.student else None
        self._answered(self.room.act(token, action, cell, self.reading.reader))  # (in this page's words)

    def type_move(self) -> None:
        """Play the move typed in the move field ("e5", "C e5" in the page's note names) as a click on
        its cell: the field is emptied once the die is placed; a move refused changes nothing and says why."""
        token = self.student.token if self.student else None
        said = self.room.type_move(token, self.move_field.value, self.reading.reader)
        if said and not said[0].refused:
            self.move_field.value = ""
        self._answered(said)

    def _answered(self, said: tuple[Message, ...]) -> None:
        """Show the class's answer to this page's action: a refusal or a hint above the board, said through
        the board's live region (a refusal made twice is said twice, though the page looks the same)."""
        with self._page_lock:
            self._said, self._said_for = tuple(m for m in said if m.refused or m.kind == "hint"), None
            before = self._drawn
            self.draw()
            refused = [m.said for m in self._said if m.refused]
            if refused and self._drawn is before:  # nothing drawn: the same refusal again
                self.board_view.tell(" ".join(refused))

    def _clicked(self, cell: Cell) -> None:
        if not self.voice.clicked(cell):  # singing the die, a lit cell waits for the die's note
            self.act("place", cell)

    def _turn(self) -> Turn:
        """This student's turn, for singing the die: the die in hand when it is theirs to place."""
        seated = self.room.seat_of(self.student) if self.student is not None else None
        if seated is None:
            return Turn(None, False, (), self.room.board, -1)
        table = seated[0].snapshot()
        mine = not table.over and table.current_player == seated[1]
        return Turn(table.hand, mine, table.legal, self.room.board, table.board_version)

    def _place(self, cell: Cell, reader: Reader) -> tuple[Message, ...]:
        return self.room.act(self.student.token if self.student else None, "place", cell, reader)

    def _voice_act(self, action: Callable[[Reader], tuple[Message, ...]]) -> None:
        """Do a sung answer's action and show its sentences above the board (a placement itself is
        told as every move is: the last move)."""
        said = action(self.reading.reader)
        with self._page_lock:
            self._said, self._said_for = tuple(m for m in said if m.event is None), None
            self.draw()

    def _fold(self, shown: bool) -> None:
        """Show or fold away the settings (the one button a narrow screen shows for them)."""
        self.settings.layout.display = "flex" if shown else "none"

    def _chose_names(self) -> None:
        """Note names chosen on this page (not the language's own, following it): kept from now on."""
        if self._relabelling:
            return
        if self.names.value != self.convention:
            self.names_chosen = True
        self._settings()

    def _chose_harmony(self) -> None:
        """A harmony style chosen on this page (not the language's own, following it): kept from now on."""
        if self._relabelling:
            return
        if self.harmony_menu.value != self.harmony:
            self.harmony_chosen = True
        self._settings()

    def _chose_language(self) -> None:
        """Another language for this page: its words, and its note names and harmony style unless the
        student chose them."""
        self.language = self.language_pick.value
        self._label()
        if not self.harmony_chosen:
            self.harmony = DEFAULT_HARMONY[self.language]
            self.harmony_menu.value = self.harmony  # (the same value: `_chose_harmony` keeps it unchosen)
        if not self.names_chosen:
            self.convention = DEFAULT_NOTE_NAMES[self.language]
            self.names.value = self.convention  # (the same value: `_chose_names` keeps it unchosen)
        self._settings()

    def _settings(self) -> None:
        self.convention, self.scale, self.harmony = self.names.value, self.size.value, self.harmony_menu.value
        self.key, self.supertonic = chosen_key(self.lesson_key), self.supertonic_menu.value
        reader = self.reading.reader  # (the menus' words in this page's note names, language and key)
        relabel_keys(self.lesson_key, reader)
        label_supertonic(self.supertonic_menu, reader)
        self._remember()
        self.draw()

    def _remember(self) -> None:
        """Put the seat and the settings into the page's address."""
        if self.on_address is None:
            return
        query = {"lang": self.language, "size": str(self.scale)}
        if self.names_chosen:
            query["names"] = self.convention
        if self.harmony_chosen:
            query["harmony"] = self.harmony
        query.update(settings_address(self.key, self.supertonic))
        if self.student is not None:
            query["seat"] = self.student.token
        elif self.code.value:
            query["code"] = self.code.value
        self.on_address(query)

    def _changed(self, change: Change) -> None:
        """The classroom's news (on the thread that made the change): queued for this page's drawer
        when it concerns the page (a deal, a seat, or a move at its table); nothing is drawn here."""
        if change.kind in ("deal", "seat") or (
                change.kind == "table" and (change.round, change.table) == self._at):
            self.drawer.tell(change)

    def _draw_changes(self, _batch: list[Change]) -> None:
        """The drawer's work: the page as the class is now (once for all the changes queued)."""
        if self.is_open():  # a page whose socket is gone is not drawn (a reload draws it afresh)
            self.draw()

    # ---- drawing --------------------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw the page from the class, in this page's reading, on the calling thread; the page's
        table is copied under its lock first (`TableSnapshot`) and drawn with no lock of the class held.
        Nothing is drawn when the page shows this state already."""
        # the board's picture, the page's words and the buttons usable (the board's classes) in one
        # message; unchanged, nothing is sent
        with self._page_lock, self.board_view.hold_sync():
            self._draw()
            words = "".join(part.html() for part in self.text_parts)
            # (the die in hand first, then the words under the board)
            # (and the marks that show the usable buttons and hide the board: `PAGE_STYLE`)
            marks = " ".join((*(self._can[button] for button in self.usable),
                              *(("muz-no-table",) if self._no_table else ())))
            self.board_view.html = (f"{self.hand.html()}<div class='muz-page-words'>{words}</div>"
                                    f"<div class='muz-marks {marks}'></div>")

    def _draw(self) -> None:
        reader = self.reading.reader
        if self.student is not None and self.room.student(self.student.token) is None:
            # removed by the teacher, or the seat taken back with the personal code on another device
            self.student, self._code_note = None, ""
            gone = reader.gettext("This page no longer holds a seat: join again with your nickname and "
                                  "personal code.")
            self._said = (Message(gone, kind="refused"),)
            self._said_for = None
            self._attend()
        seated = self.room.seat_of(self.student) if self.student is not None else None
        # which table's news to queue, set before the copy: a move after it is told to this page
        self._at = (seated[0].round, seated[0].number) if seated else None
        table = seated[0].snapshot() if seated else None
        state = ("seated", table.round, table.number, table.version) if table else (
            "unseated", self.room.round)
        if self._said_for is None:
            self._said_for = state
        elif self._said_for != state:
            self._said = ()  # an earlier refusal or hint is stale once the table has moved on
        drawn = (self.student, state, self.reading, self.scale, self._said, self._code_note)
        if drawn == self._drawn:
            return
        zoom = board_scale(self.scale)
        size = round(16 * zoom)
        said = f"<div style='font-size:{size}px'>{_lines(self._said)}</div>"
        self.message.value, self.join_message.value = (said, "") if self.student else ("", said)
        self.joining.layout.display = "none" if self.student else "flex"
        self.playing.layout.display = "flex" if self.student else "none"
        self.scale_note.value = key_note(self.reading.reader)
        self._drawn = drawn
        if self.student is None:
            return
        who = reader.gettext("{name} — table {number}") if table else "{name}"
        code = self._code_note and "<p>{}</p>".format(reader.gettext(
            "Your personal code: {code}. Write it down: with your nickname it gives you your seat back on "
            "any device.").format(code=f"<b class='muz-my-code'>{_text(self._code_note)}</b>"))
        self.who.value = "<h3 style='margin:4px 0'>{}</h3>{}".format(
            who.format(name=_text(self.student.nickname), number=table.number if table else ""), code)
        if table is None:
            self.status.value = "<p>{}</p>".format(
                _text(reader.gettext("You have joined. Wait for the teacher to deal the tables.")))
            self.hand.value = self.last.value = self.legal.value = ""
            self.usable, self._no_table = (), True  # (its words stay: the board's own parts hide)
            return
        self._no_table = False
        self._draw_seat(table, seated[1], zoom, reader)

    def _draw_seat(self, table: TableSnapshot, seat: int, zoom: float, reader: Reader) -> None:
        """Draw the table this page sits at: its board, whose turn, the die in hand, the last move, the
        lit cells as a list and the buttons this page can use now."""
        size = round(16 * zoom)
        mine = not table.over and table.current_player == seat
        hand = table.hand
        self.board_view.scale = zoom
        self.board_view.fit = "fill" if self.scale == FIT else "window"  # as the app: within the window
        chosen = self.voice.chosen_at(table.board_version) or next(
            (m.cells for m in self._said if m.kind == "hint"), ())
        self.board_view.show_seat(table.position, hand, table.legal, table.last, mine, chosen, reader,
                                  (self._shared.pictures, (table.round, table.number, table.board_version)))
        turn = reader.gettext("Your turn!") if mine else (
            "" if table.over else reader.gettext("Watch: it is not your turn."))
        self.status.value = (f"<div style='font-size:{size}px'><b>{_text(turn)}</b> "
                             f"{_text(status(table, reader))}</div>")
        face = pitch_label(hand, reader) if hand is not None else "–"
        in_hand = reader.gettext("die in hand")
        self.hand.value = (f"<div style='font-size:{round(40 * zoom)}px;font-weight:bold;line-height:1.1'>"
                           f"{_text(face)}</div><div>{_text(in_hand)}</div>")
        words = self._shared.words.of(reader, table)
        moved = last_move(table, words, reader)
        last = reader.gettext("Last move: {move}").format(move=moved)
        self.last.value = f"<div style='font-size:{size}px'>{_text(last)}</div>"
        # the lit cells as a list a screen reader walks (each with its points and what it completes)
        self.legal.value = (f"<div class='muz-legal-list' style='font-size:{size}px'>"
                            f"{group_html(legal_cells(table.position, hand, reader))}</div>"
                            if mine and hand is not None else "")
        heard = self._heard[1] if self._heard[0] == (table.round, table.number) else len(table.history)
        others = any(moment.event.player != seat for moment in table.history[heard:])
        self._tell(self._new_moves(table, words, reader), mine and others, mine, table, reader)
        # only the buttons that can be used now (none while it is not my turn)
        hint = (self.hint_button,) if table.allow_hints and hand is not None else ()
        placing = table.phase in ("place", "bonus")
        self.usable = () if not mine else (self.pass_button, *hint) if placing else (self.roll_button,)

    def _new_moves(self, table: TableSnapshot, words: Sequence[DieWords], reader: Reader) -> str:
        """The moves at this page's table since it last drew it, in order, as sentences ("Anna places E
        on e6: 2 points. Computer rolls G."); on a table new to the page (a deal, a reload), its last
        move only."""
        at, count = (table.round, table.number), len(table.history)
        heard_at, heard = self._heard
        first = heard if heard_at == at and heard <= count else count - 1
        self._heard = (at, count)
        return " ".join(f"{sentence}." for sentence in moves_since(table, max(first, 0), words, reader))

    def _tell(self, moved: str, back: bool, mine: bool, table: TableSnapshot, reader: Reader) -> None:
        """Say through the board's live region what is new at the table: the moves new to the page
        (`moved`: a classmate's or the computer's too), a refusal or hint, "Your turn!" when the turn
        comes to this page (or comes back to it after others' moves: `back`), the result with the last
        move; nothing when nothing is new."""
        parts = [moved, *(message.said for message in self._said)]
        if mine and (back or not self._told[1]):
            parts.append(reader.gettext("Your turn!"))
        if table.over and moved:
            parts.append(f"{status(table, reader)}.")
        news = " ".join(part for part in parts if part)
        if news and (moved or news != self._told[0]):
            self.board_view.tell(news)
        self._told = (news or self._told[0], mine)

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until every change told to this page is drawn (tests, benchmarks); False on timeout."""
        return self.drawer.settle(timeout)

    def close(self) -> None:
        self.unwatch()
        self.drawer.close()
        if self._leave is not None:
            self._leave()
        super().close()


#: The classes of a seat's buttons on the teacher's page: move the student there, free it, the
#: computer plays it, remove the student.
SEAT_BUTTONS = ("muz-move", "muz-free", "muz-computer", "muz-remove")


class TeacherView(widgets.VBox):
    """The teacher's dashboard: the class code, the roster, Deal, the tables, the live leaderboard and
    any table's board on the projector with its last move explained. Drawn on its own thread
    (`drawer`, in `session`), as a student's page is."""

    def __init__(self, room: Classroom, address: str = "", session: Any = None, language: str = "en",
                 on_address: Callable[[dict[str, str]], None] | None = None, harmony: str | None = None,
                 query: dict[str, str] | None = None):
        self.room = room
        self.address = address
        self._shared = shared(room)
        self.on_address = on_address
        #: the teacher's reading: their language, with its usual note names, the harmony style they
        #: chose (None, or one muzlab does not know: the language's usual, following the language), and
        #: the lesson key and reading of ii° in minor their page's address (`query`) names, checked
        query = query or {}
        self.reading = PageReading(DEFAULT_NOTE_NAMES[language], address_key(query, TEACHER_KEY), language,
                                   harmony if harmony in HARMONIES else None, address_supertonic(query))
        self._page_lock = threading.RLock()  # the teacher's page's own: its thread and its clicks
        #: the page's shared layouts and styles (the term's section shares them too)
        self.looks = looks = Looks()
        said = self._labels()
        reading_menus = self._reading_menus(said)
        self.code = looks.make(widgets.HTML, _dom_classes=("muz-class-code",))
        self.roster = looks.make(widgets.HTML, _dom_classes=("muz-roster-box",))
        self.size = looks.make(widgets.Dropdown, options=list(range(1, MAX_PLAYERS + 1)), value=2,
                               description=said["size"],
                               _dom_classes=("muz-table-size",))
        self.mode = looks.make(widgets.ToggleButtons, options=self._modes(), value="normal",
                               _dom_classes=("muz-mode",))
        self.seed = looks.make(widgets.BoundedIntText, value=room.round + 1, min=0, max=10**9,
                               description=said["seed"])
        self.hints = looks.make(widgets.Checkbox, value=True, description=said["hints"])
        self.absent = looks.make(widgets.Checkbox, value=False, description=said["absent"],
                                 _dom_classes=("muz-seat-absent",))
        self.hints.observe(lambda _change: self._say_what_lights(), names="value")
        self.lights = looks.make(widgets.HTML, _dom_classes=("muz-lights",))
        self.deal_button = _button(said["deal_button"], "muz-deal", "primary", looks)
        self.deal_button.on_click(lambda _b: self.deal())
        self.message = looks.make(widgets.HTML, _dom_classes=("muz-message",))
        self.tables = looks.make(widgets.HTML, _dom_classes=("muz-tables",))
        self.leaderboard = looks.make(widgets.HTML, _dom_classes=("muz-leaderboard-box",))
        self.pick = looks.make(widgets.Dropdown, options=[], description=said["pick"],
                               _dom_classes=("muz-projector-table",))
        self.show_button = _button(said["show_button"], "muz-projector", "info", looks)
        self.show_button.on_click(lambda _b: self.project(self.pick.value))
        self.back_button = _button(said["back_button"], "muz-back", looks=looks)
        self.back_button.on_click(lambda _b: self.project(None))
        self.projected: int | None = None
        #: the projector's board, made when a table is first projected: the page opens without it (and
        #: without the board's script, which nothing else on the teacher's page needs)
        self.projector_board: SeatBoard | None = None
        self.projector_text = looks.make(widgets.HTML, _dom_classes=("muz-projector-text",))
        # (the projector and the dashboard are shown and hidden: a layout each of their own)
        # the board (added when first projected) as tall as the screen, its words large beside it
        self.projector = widgets.HBox([looks.make(widgets.VBox, [self.projector_text, self.back_button],
                                                  _dom_classes=("muz-projector-panel",))],
                                      layout=widgets.Layout(display="none"),
                                      _dom_classes=("muz-projector-view",))
        seats = self._seat_controls(said)
        deal = looks.make(widgets.HBox, [self.size, self.mode, self.seed, self.hints, self.absent,
                                         self.deal_button], layout=ROW)
        self.document_language = DocumentLanguage()  # (the page's <html lang>, for a screen reader)
        #: what Deal or a seat's change did (or why not), said to a screen reader as it is shown
        self.heard = looks.make(LiveRegion)
        self._label()
        # in the order of a lesson: the code and who has joined, Deal, what it did, the tables and the
        # projector, a seat's changes, the leaderboard
        self.dashboard = widgets.VBox([
            looks.make(widgets.HBox, [self.code, self.roster], layout=TOP_ROW, _dom_classes=("muz-top-row",)),
            deal,
            self.lights, self.message, self.heard, self.tables,
            looks.make(widgets.HBox, [self.pick, self.show_button]),
            seats, self.leaderboard])
        #: the page's style, its language, harmony, lesson key and ii° menus, shown above every tab
        #: (`TeacherTabs`)
        style = looks.make(widgets.HTML, value=TEACHER_STYLE)
        self.top = looks.make(widgets.HBox, [style, self.document_language, *reading_menus],
                              _dom_classes=("muz-teacher-top",))
        super().__init__([self.dashboard, self.projector], layout=looks.layout())
        self.add_class("muz-teacher-page")
        self._timer: threading.Timer | None = None
        self.drawer = PageDrawer(self._draw_changes, session, "teacher")
        self.unwatch = room.watch(self._changed)
        self.draw()

    def _reading_menus(self, said: dict[str, str]) -> list[widgets.Dropdown]:
        """The menus of the page's reading, described by `said` (`_labels`): its language, harmony style,
        and the app's lesson keys (major and minor) and readings of ii° in minor, which the projector
        reads in."""
        looks, reader = self.looks, self.reading.reader
        self.language_pick = language_menu(self.reading.language, looks, said["language_pick"])
        self.language_pick.observe(lambda _change: self._chose_language(), names="value")
        self.harmony_menu = looks.make(widgets.Dropdown, options=harmony_options(reader),
                                       value=reader.harmony_style, description=said["harmony_menu"],
                                       _dom_classes=("muz-harmony",))  # (the page's style: its label whole)
        self.harmony_menu.observe(lambda _change: self._chose_harmony(), names="value")
        self.key_menu = key_menu(self.reading.key, reader, looks)
        self.supertonic_menu = supertonic_menu(self.reading.minor_supertonic, reader, looks)
        for menu in (self.key_menu, self.supertonic_menu):
            menu.observe(lambda _change: self._chose_key(), names="value")
        return [self.language_pick, self.harmony_menu, self.key_menu, self.supertonic_menu]

    def _seat_controls(self, said: dict[str, str]) -> widgets.HBox:
        """A seat's controls: who, where, and what to do (each answered in self.message), described by
        `said` (`_labels`)."""
        looks = self.looks
        self.who_pick = looks.make(widgets.Dropdown, options=[], description=said["who_pick"],
                                   _dom_classes=("muz-seat-student",))
        self.seat_pick = looks.make(widgets.Dropdown, options=[], description=said["seat_pick"],
                                    _dom_classes=("muz-seat-pick",))
        self.seat_buttons = []
        for css, do in zip(SEAT_BUTTONS, (self.move, self.free, self.computer, self.remove), strict=True):
            button = _button(said[css], css, looks=looks)
            button.on_click(lambda _b, do=do: do())
            self.seat_buttons.append(button)
        return looks.make(widgets.HBox, [self.who_pick, self.seat_pick, *self.seat_buttons], layout=ROW)

    def _modes(self) -> list[tuple[str, str]]:
        reader = self.reading.reader
        return [(reader.gettext("normal game"), "normal"),
                (reader.gettext("duplicate tournament"), "duplicate")]

    def _label(self) -> None:
        """Write the dashboard's fixed words (labels, buttons) in the teacher's language."""
        said = self._labels()
        self.document_language.lang = self.reading.language
        self.heard.label = self.reading.reader.gettext("What was done")
        for name in ("language_pick", "harmony_menu", "key_menu", "size", "seed", "hints", "absent",
                     "deal_button", "pick", "show_button", "back_button", "who_pick", "seat_pick"):
            getattr(self, name).description = said[name]
        mode = self.mode.value
        self.mode.options, self.mode.value = self._modes(), mode
        reader = self.reading.reader
        relabel(self.harmony_menu, harmony_options(reader), reader.harmony_style)  # (no choice made)
        relabel_keys(self.key_menu, reader)
        label_supertonic(self.supertonic_menu, reader)
        for button, css in zip(self.seat_buttons, SEAT_BUTTONS, strict=True):
            button.description = said[css]
        self._say_what_lights()

    def _labels(self) -> dict[str, str]:
        """The dashboard's widgets' descriptions in the teacher's language, by attribute (a seat's
        buttons by their class); given as each is made, they come with it to the page."""
        gettext = self.reading.reader.gettext
        return {"language_pick": gettext("Language"), "harmony_menu": gettext("Harmony"),
                "key_menu": gettext("Key of the lesson"),
                "size": gettext("Per table"),
                "seed": gettext("Game no."), "hints": gettext("Hint button for the players"),
                "absent": gettext("Seat students whose page is closed too"), "deal_button": gettext("Deal"),
                "pick": gettext("Table"), "show_button": gettext("Show on the projector"),
                "back_button": gettext("Back to the class"), "who_pick": gettext("Student"),
                "seat_pick": gettext("Seat"), "muz-move": gettext("Move the student here"),
                "muz-free": gettext("Free the seat"), "muz-computer": gettext("Computer plays the seat"),
                "muz-remove": gettext("Remove the student")}

    def _chose_language(self) -> None:
        """The teacher's page in another language (kept in its address), in the harmony style the
        teacher chose, else the language's usual."""
        language = self.language_pick.value
        self.reading = replace(self.reading, convention=DEFAULT_NOTE_NAMES[language], language=language)
        self._label()
        self._remember()
        self.draw()

    def _chose_harmony(self) -> None:
        """A harmony style the teacher chose (Funktionstheorie or Roman numerals): the projector's
        comments and the term's section follow it, and it is kept from now on, whatever the language."""
        if self.harmony_menu.value == self.reading.reader.harmony_style:
            return
        self.reading = replace(self.reading, harmony=self.harmony_menu.value)
        label_supertonic(self.supertonic_menu, self.reading.reader)  # (asked of functions alone)
        self._remember()
        self.draw()

    def _chose_key(self) -> None:
        """A lesson key or a reading of ii° in minor the teacher chose: the projector's board and
        comments read in it, and it is kept in the page's address."""
        self.reading = replace(self.reading, key=chosen_key(self.key_menu),
                               minor_supertonic=self.supertonic_menu.value)
        reader = self.reading.reader
        relabel_keys(self.key_menu, reader)
        label_supertonic(self.supertonic_menu, reader)
        self._remember()
        self.draw()

    def _remember(self) -> None:
        """Put the page's language, the harmony style if the teacher chose one, the lesson key and the
        reading of ii° in minor into its address."""
        if self.on_address is None:
            return
        address = {"lang": self.reading.language,
                   **settings_address(self.reading.key, self.reading.minor_supertonic, TEACHER_KEY)}
        if self.reading.harmony is not None:
            address["harmony"] = self.reading.harmony
        self.on_address(address)

    def lit_words(self) -> str:
        """What the players will see lit, in a sentence (the Deal's settings)."""
        reader = self.reading.reader
        if self.hints.value:
            return reader.gettext("The student whose turn it is sees every legal cell lit, with its "
                                  "points; a Hint button lights the best cell and says why. The others "
                                  "watch the board unlit.")
        return reader.gettext("The student whose turn it is sees every legal cell lit, with its points; "
                              "no Hint button. The others watch the board unlit.")

    def _say_what_lights(self) -> None:
        self.lights.value = f"<div style='color:#333'>{_text(self.lit_words())}</div>"

    def deal(self) -> None:
        """Seat the students whose page is open (or, if the teacher asks, every student) at tables of
        the chosen size for a new round."""
        try:
            self.room.deal(self.size.value, self.mode.value, self.seed.value, self.hints.value,
                           present_only=not self.absent.value)
        except ClassError as error:
            self._refused(error)
            return
        count, seated = len(self.room.tables), sum(len(t.students) for t in self.room.tables)
        away = len(self.room.students) - seated
        reader = self.reading.reader
        mode = dict((value, label) for label, value in self._modes())[self.mode.value]
        dealt = reader.ngettext("Round {round}: {count} table ({mode})",
                                "Round {round}: {count} tables ({mode})", count).format(
            round=self.room.round, count=count, mode=mode)
        if away:
            dealt += reader.ngettext("; {count} student without an open page not seated",
                                     "; {count} students without an open page not seated",
                                     away).format(count=away)
        self.message.value = f"<div style='color:#064'>{_text(dealt)}. {_text(self.lit_words())}</div>"
        self.heard.tell(f"{dealt}. {self.lit_words()}")
        self.seed.value = self.room.round + 1

    def _refused(self, error: ClassError) -> None:
        words = error_words(error, self.reading.reader)
        self.message.value = f"<div style='color:#b00000'>✗ {_text(words)}</div>"
        self.heard.tell(words)

    def _seat_change(self, done: str, change: Callable[[], None]) -> None:
        try:
            change()
        except ClassError as error:
            self._refused(error)
            return
        self.message.value = f"<div style='color:#064'>{_text(done)}</div>"
        self.heard.tell(done)

    def move(self) -> None:
        """Give the chosen seat to the chosen student (their old seat, if any, is freed)."""
        if self.who_pick.value is None or self.seat_pick.value is None:
            self._refused(ClassError("Choose a student and a seat first."))
            return
        (table, seat), sid = self.seat_pick.value, self.who_pick.value
        done = self.reading.reader.gettext("{name} now sits at table {table}, seat {seat}.")
        self._seat_change(done.format(name=self.room.nickname(sid), table=table, seat=seat + 1),
                          lambda: self.room.seat(table, seat, sid))

    def free(self) -> None:
        """Free the chosen seat (its student stays on the roster, unseated)."""
        if self.seat_pick.value is None:
            self._refused(ClassError("Choose a seat first (the tables are dealt first)."))
            return
        table, seat = self.seat_pick.value
        done = self.reading.reader.gettext("Table {table}, seat {seat} is free.")
        self._seat_change(done.format(table=table, seat=seat + 1), lambda: self.room.seat(table, seat))

    def computer(self) -> None:
        """Let the computer play the chosen seat."""
        if self.seat_pick.value is None:
            self._refused(ClassError("Choose a seat first (the tables are dealt first)."))
            return
        table, seat = self.seat_pick.value
        done = self.reading.reader.gettext("The computer plays table {table}, seat {seat}.")
        self._seat_change(done.format(table=table, seat=seat + 1),
                          lambda: self.room.seat(table, seat, computer=True))

    def remove(self) -> None:
        """Take the chosen student off the roster."""
        sid = self.who_pick.value
        if sid is None:
            self._refused(ClassError("Choose a student first."))
            return
        name = self.room.nickname(sid)
        done = self.reading.reader.gettext("{name} is off the roster; their seat is free.")
        self._seat_change(done.format(name=name), lambda: self.room.remove(sid))

    def project(self, number: int | None) -> None:
        """Show table `number` full screen (None: back to the dashboard): the page's other parts hide
        while the page is marked "muz-projecting" (`TEACHER_STYLE`)."""
        self.projected = number
        self.dashboard.layout.display = "none" if number else "flex"
        self.projector.layout.display = "flex" if number else "none"
        if number:
            self.add_class("muz-projecting")
        else:
            self.remove_class("muz-projecting")
        self.draw_projector()

    def _changed(self, change: Change) -> None:
        """The classroom's news (on the thread that made the change): queued for the teacher's drawer
        (a move only when its table is on the projector; the leaderboard follows now and then)."""
        if change.kind in ("roster", "deal", "seat", "presence") or (
                change.kind == "table" and change.table == self.projected):
            self.drawer.tell(change)
        if change.kind == "table" and self._timer is None:  # leaderboard: now and then
            self._timer = threading.Timer(LEADERBOARD_EVERY, self._scores_later)
            self._timer.daemon = True
            self._timer.start()

    def _scores_later(self) -> None:
        self._timer = None
        self.drawer.tell(SCORES)

    def _draw_changes(self, batch: list[Change | str]) -> None:
        """The drawer's work: everything after a roster, deal, seat or presence change (the roster's
        open and closed marks), else the projector and the leaderboard as asked (once for all the
        changes queued)."""
        kinds = {change if isinstance(change, str) else change.kind for change in batch}
        if kinds & {"roster", "deal", "seat", "presence"}:
            self.draw()
            return
        if SCORES in kinds:
            self.draw_scores()
        if "table" in kinds:
            self.draw_projector()

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until every change told to this page is drawn (tests, benchmarks); False on timeout."""
        return self.drawer.settle(timeout)

    def draw(self) -> None:
        """Draw everything from the class (copied under the class's lock first, then drawn)."""
        room = self.room
        with room.lock:  # (copying only: nothing is drawn under the class's lock)
            students = list(room.students.values())
            tables = list(room.tables)
            here = set(room.present())
            table_seats = [(t.number, i, t.table.seats[i])
                          for t in tables for i in range(len(t.students))]
        reader = self.reading.reader
        with self._page_lock:
            where = reader.gettext("Students open {address} and type the class code:").format(
                address=f"<b>{_text(self.address)}</b>")
            self.code.value = (f"<div>{where}</div><div class='muz-code-row'>"
                               "<div class='muz-code-big' style='font-size:72px;font-weight:bold;"
                               "letter-spacing:10px;line-height:1.2'>"
                               f"{room.class_code}</div>{self._links(room.class_code, reader)}</div>")
            seats = {sid: table.number for table in tables for sid in table.students}
            at, closed = reader.gettext(" (table {number})"), reader.gettext(" — page closed")
            items = "".join(f"<li class='muz-student'>{_text(s.nickname)}"
                            f"{_text(at.format(number=seats[s.id])) if s.id in seats else ''}"
                            f"{'' if s.id in here else _text(closed)}</li>"
                            for s in students)
            joined = reader.ngettext("Roster: {count} joined", "Roster: {count} joined", len(students))
            self.roster.value = (f"<h3>{_text(joined.format(count=len(students)))}</h3>"
                                 f"<ul class='muz-roster'>{items}</ul>")
            who, where = self.who_pick.value, self.seat_pick.value
            self.who_pick.options = [(s.nickname, s.id) for s in students]
            self.who_pick.value = who if who in {s.id for s in students} else None
            seat_words = reader.gettext("table {number}, seat {seat}: {name}")
            self.seat_pick.options = [
                (seat_words.format(number=number, seat=i + 1, name=seat.name_for(reader)), (number, i))
                for number, i, seat in table_seats]
            self.seat_pick.value = where if where in dict(self.seat_pick.options).values() else None
            chosen = self.pick.value
            table_words = reader.gettext("table {number}")
            self.pick.options = [(table_words.format(number=t.number), t.number) for t in tables]
            self.pick.value = chosen if chosen in {t.number for t in tables} else (1 if tables else None)
            self.draw_scores()
            self.draw_projector()

    def _links(self, code: str, reader: Reader) -> str:
        """The students' address for each language, the class code in it: a student who opens one joins
        in that language, whatever their device speaks."""
        links = "".join(f"<li lang='{language}'>{_text(LANGUAGE_NAMES[language])}: <a class='muz-join-link' "
                        f"href='{html.escape(link)}' target='_blank'>{_text(link)}</a></li>"
                        for language in LANGUAGES
                        for link in [f"{self.address}?{urlencode({'code': code, 'lang': language})}"])
        words = reader.gettext("Or one address per language, with the class code:")
        return f"<div class='muz-join-links'>{_text(words)}<ul>{links}</ul></div>"

    def draw_scores(self) -> None:
        """The tables' state and the leaderboard."""
        room = self.room
        standings = room.standings()
        reader = self.reading.reader
        with self._page_lock:
            snapshots = [table.snapshot() for table in room.tables]
            missing = reader.gettext(" — The luck-adjusted review could not be made for this table.")
            self.tables.value = "".join(f"<div class='muz-table-line'>{_text(status(t, reader))}"
                                        f"{_text(missing) if t.fair_missing else ''}</div>"
                                        for t in snapshots)
            head = "".join(f"<th>{_text(reader.pgettext(*heading))}</th>" for heading in LEADERBOARD)
            body = "".join("<tr>" + "".join(f"<td>{_text(_cell_words(row[c], reader))}</td>"
                                            for _context, c in LEADERBOARD) + "</tr>" for row in standings)
            heading = reader.gettext("Leaderboard")
            about = reader.gettext("Luck-adjusted: the score with the luck of the dice taken out (the "
                                   "coach's fair review), shown once a table's game is over: the fairer "
                                   "ranking.")
            self.leaderboard.value = (
                "<style>.muz-leaderboard td, .muz-leaderboard th {padding: 2px 10px; text-align: left}"
                f"</style><h3>{_text(heading)}</h3><p><i>{_text(about)}</i></p>"
                f"<table class='muz-leaderboard'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def draw_projector(self) -> None:
        """The projected table's board, large, with its last move and what the coach says of it."""
        table = self.room.table(self.projected) if self.projected else None
        if table is None:
            return
        reader = self.reading.reader
        with self._page_lock:
            snapshot = table.snapshot()
            last = snapshot.last_decision
            comment = "" if last is None else coach.comment(*last, reader=reader)
            if self.projector_board is None:
                self.projector_board = SeatBoard(self.room.board, scale=2.0)
                self.projector_board.fit = "fill"  # the whole board, as tall as the window leaves it
                self.projector.children = (self.projector_board, *self.projector.children)
            self.projector_board.show_seat(snapshot.position, None, (), snapshot.last, False, (),
                                           reader, (self._shared.pictures, (snapshot.round,
                                           snapshot.number, snapshot.board_version)))
            words = self._shared.words.of(reader, snapshot)
            self.projector_text.value = (
                f"<div class='muz-projected-status'>{_text(status(snapshot, reader))}</div>"
                f"<div class='muz-projected-move'>{_text(last_move(snapshot, words, reader))}</div>"
                f"<div class='muz-projected-comment'>{_text(comment)}</div>")

    def close(self) -> None:
        self.unwatch()
        self.drawer.close()
        super().close()


def _query(search: str | None) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(search or "").items() if values}


@solara.component
def Layout(children=()):  # noqa: B006 (Solara's signature)
    """No navigation bar: a student never sees the teacher's page named."""
    solara.Column(children=list(children))


def _session():
    """This page's Solara session (kernel context), or None outside a server."""
    return current_session()


@solara.component
def StudentPage():
    """"/": join, then play; the seat token lives in the address, so a reload finds the seat again. Beyond
    `sessions.cap` pages at once, or too many waiting to join from one address, a page is told why."""
    context = _session()
    router = solara.use_router()
    if context is not None:
        admission.ran(context.id)
        seat = classroom().student(_query(router.search).get("seat"))  # (a student's page: theirs at once)
        refused = sessions.refusal(context.id, admission.address_of(context.id), seat and seat.id)
        if refused is not None:
            admission.ran(context.id, held=False)  # (let go soon after it is closed)
            reader = Reader(language=query_language(_query(router.search), browser_header()))
            solara.Title(reader.gettext("Muzundrum class"))
            solara.Markdown(refusal_words(refused, reader))
            return
        context.on_close(lambda: sessions.leave(context.id))
    StudentSeat()


def refusal_words(refused: str, reader: Reader) -> str:
    """What a page refused by `Sessions.refusal` says: the class is full, or its network holds too many
    pages waiting to join."""
    if refused == "address":
        return reader.gettext("**Too many pages are waiting to join** from your network ({count}): join on "
                              "one of them, or close those you do not need, then reload this one.").format(
            count=sessions.unjoined_per_address)
    return reader.gettext("**The class is full**: {count} pages are open already. Close a page you do not "
                          "need, or ask the teacher, then reload this one.").format(count=sessions.cap)


@solara.component
def StudentSeat():
    """The student's page in this session."""
    router = solara.use_router()
    query = _query(router.search)
    query["lang"] = query_language(query, browser_header())  # (the address's, else the browser's)
    context = _session()

    def remember(address: dict[str, str]) -> None:
        student = classroom().student(address.get("seat"))
        if context is not None and student is not None:
            sessions.joined(context.id, student.id)
        router.push(f"/?{urlencode(address)}")

    def is_open() -> bool:
        return context is None or connected(context)

    address = None if context is None else admission.address_of(context.id)
    view = solara.use_memo(lambda: StudentView(classroom(), query, remember,
                                               None if context is None else context.id, is_open,
                                               context, address), [])
    if context is not None and view.student is not None:  # (opened with a seat: a joined page)
        sessions.joined(context.id, view.student.id)
    solara.use_effect(lambda: view.close, [])
    solara.Title(view.reading.reader.gettext("Muzundrum class"))
    solara.Column(children=[view])
    StudentTerm(term(), view)  # the term: my assignments and my progress (muzlab.app.term_pages)


@solara.component
def TeacherPage():
    """"/teacher?key=...": the dashboard and Export, for the holder of the teacher's key only."""
    router = solara.use_router()
    query = _query(router.search)
    context = _session()
    if context is not None:  # (a wrong key's page holds nothing: let go soon after it is closed)
        admission.ran(context.id, held=classroom().is_teacher(query.get("key")))
    if not classroom().is_teacher(query.get("key")):
        solara.Markdown(Reader(language=query_language(query, browser_header())).gettext(
            "This page needs the teacher's address, as `muzlab class` printed it."))
    else:
        Dashboard()


@solara.component
def Dashboard():
    """The teacher's page in the order of a lesson (`TeacherTabs`), in the language the address names
    ("lang", chosen on the page), else the one the teacher chose last (kept in the class folder), else
    the browser's; its tab ("tab"), the harmony style the teacher chose ("harmony", also kept in the
    class folder), the lesson key ("lesson": "key" is the teacher's own) and the reading of ii° in
    minor ("supertonic") in the address too, so a reload or a redraw keeps them."""
    room = classroom()
    router = solara.use_router()
    query = _query(router.search)
    first = solara.use_memo(lambda: page_language(query, browser_header(), teacher_language(room)), [])
    language, set_language = solara.use_state(first)
    chosen = query["harmony"] if query.get("harmony") in HARMONIES else teacher_harmony(room)
    harmony, set_harmony = solara.use_state(chosen)
    #: the lesson key and the reading of ii° in minor, as the address keeps them ("" for none)
    lesson, set_lesson = solara.use_state((address_key(query, TEACHER_KEY), address_supertonic(query)))
    tab, set_tab = solara.use_state(query["tab"] if query.get("tab") in TAB_NAMES else TAB_NAMES[0])
    #: what the address holds now (the view's callback, made once, reads it here)
    shown = solara.use_memo(lambda: {"lang": language, "tab": tab,
                                     **({"harmony": harmony} if harmony else {}),
                                     **settings_address(*lesson, TEACHER_KEY)}, [])

    def go(**change: str) -> None:
        shown.update(change)
        router.push(f"/teacher?{urlencode({'key': query.get('key', ''), **shown})}")

    def remember(address: dict[str, str]) -> None:
        keep_teacher_language(room, address["lang"])  # (the printed address, opened again, keeps it)
        if "harmony" in address:
            keep_teacher_harmony(room, address["harmony"])
            set_harmony(address["harmony"])
        set_language(address["lang"])
        set_lesson((address.get(TEACHER_KEY, ""), address.get("supertonic", MINOR_SUPERTONIC[0])))
        for name in (TEACHER_KEY, "supertonic"):  # (a lesson key or ii° reading left out: gone)
            shown.pop(name, None)
        go(**address)

    def choose(name: str) -> None:
        set_tab(name)
        go(tab=name)

    view = solara.use_memo(lambda: TeacherView(room, student_address(), _session(), language, remember,
                                               harmony, query), [])
    solara.use_effect(lambda: view.close, [])
    solara.Title(Reader(language=language).gettext("Muzundrum class — teacher"))
    TeacherTabs(room, term(), view, language, tab, choose, harmony, lesson)


routes = [solara.Route(path="/", component=StudentPage, layout=Layout),
          solara.Route(path="teacher", component=TeacherPage)]
