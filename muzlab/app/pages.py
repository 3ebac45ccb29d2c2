"""The class server's pages, served by Solara: a student page ("/") and the teacher's ("/teacher").

The pages only draw the `Classroom` and pass on what was clicked; the classroom decides. Each student
page keeps its own note names, size and lesson key, and writes every name inside
`muzlab.note_names(...)` with the class's lock held, so one page's choice never shows on another.
The boards are muzlab's SvgBoard (`data-cell`, `muz-legal`), the controls ipywidgets.
"""

from __future__ import annotations

import html
import logging
import secrets
import threading
from collections.abc import Callable
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets
import solara

from muzlab.app.classroom import Change, ClassError, Classroom, ClassTable
from muzlab.app.server import MAX_SESSIONS, classroom, sessions, student_address, term
from muzlab.app.term_pages import StudentTerm, TeacherTerm
from muzlab.core.hexgrid import Cell
from muzlab.names.spelling import (
    MAJOR_KEY_SIGNATURES,
    key_label,
    major_scale,
    pitch_label,
    show_name,
)
from muzlab.play import coach
from muzlab.play.game import MAX_PLAYERS
from muzlab.play.table import Message
from muzlab.reading import default_reader, lesson_key, note_names, typeset
from muzlab.widgets.classroom import FIT, NOTE_NAMES, SIZES, SizeChoice, board_scale, lesson_key_options
from muzlab.widgets.menus import OptionalDropdown
from muzlab.widgets.svgboard import Scene, SvgBoard

log = logging.getLogger(__name__)
#: The lesson keys a student may choose (the app's major keys), by their English tonic ("F#").
LESSON_KEYS = tuple(MAJOR_KEY_SIGNATURES)
#: The student page's look: a board never wider than the screen; on a narrow screen (a phone) the
#: settings fold behind one button, which a wide screen does not need.
PAGE_STYLE = ("<style>.muz-student-page .muz-board .muz-tip { max-width: calc(100vw - 24px); }"
              " .muz-student-page .muz-hand-row { align-items: center; gap: 12px; flex-wrap: wrap; }"
              " @media (min-width: 700px) {"
              " .muz-student-page .muz-settings-button { display: none !important; }"
              " .muz-student-page .muz-settings { display: flex !important; } }</style>")
#: How often, at most, the teacher's leaderboard is drawn again while tables play (seconds).
LEADERBOARD_EVERY = 2.0


def _text(words: str) -> str:
    """Words safe inside an HTML element (every text here is an element's content, never an attribute)."""
    return html.escape(words, quote=False)


def _button(label: str, css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(description=label, button_style=style,
                            layout=widgets.Layout(width="auto", min_width="90px"))
    button.add_class(css)
    return button


def _html(css: str, value: str = "") -> widgets.HTML:
    box = widgets.HTML(value)
    box.add_class(css)
    return box


def _lines(messages: tuple[Message, ...] | list[Message]) -> str:
    return "".join(f"<div style='color:{'#b00000' if m.refused else '#064'}'>"
                   f"{'✗ ' if m.refused else ''}{_text(m.text)}</div>" for m in messages)


def last_move(table: ClassTable) -> str:
    """The table's last event in words, in the note names in force, its die named as the board named
    it, as in the table's messages and sheet ("Anna placed E on e6: +2")."""
    game, seats = table.table.game, table.table.seats
    for event, words in zip(reversed(game.events), reversed(game.die_words()), strict=True):
        who, note = seats[event.player].name, words.name
        if event.kind == "place":
            text = f"{who} placed {note} on {game.board.cell_name(event.cell)}: +{event.points}"
            if event.completed:
                text += " — completes " + " and ".join(words.completed)
            return text
        if event.kind == "roll":
            return f"{who} rolled {note}"
        return f"{who} passed {note}" if event.kind == "pass" else f"{who} re-rolled {note}"
    return "No move yet."


def status(table: ClassTable) -> str:
    """Whose turn it is (or the result), with the table's scores."""
    t = table.table
    scores = " · ".join(f"{seat.name}: {score}" for seat, score in zip(t.seats, t.game.scores, strict=True))
    return f"Table {table.number} — {t.status()} · {scores} · {t.game.supply} dice left"


class StudentView(widgets.VBox):
    """One student's page: join with a nickname, then their table's board, live; Roll, Pass and Hint
    while it is their turn. Note names, size and lesson key belong to this page alone."""

    def __init__(self, room: Classroom, query: dict[str, str] | None = None,
                 on_address: Callable[[dict[str, str]], None] | None = None, page: str | None = None,
                 is_open: Callable[[], bool] = lambda: True):
        query = query or {}
        self.room = room
        self.on_address = on_address
        #: This page's session (the class lets one session join once), and whether its socket is open.
        self.page = page if page is not None else secrets.token_hex(8)
        self.is_open = is_open
        self._leave: Callable[[], None] | None = None
        # the page's address keeps the seat and the settings (a reload keeps both); checked, never trusted
        sizes = {str(value): value for _label, value in SIZES}
        conventions = [value for _label, value in NOTE_NAMES]
        self.convention = query["names"] if query.get("names") in conventions else "english"
        self.scale = sizes.get(query.get("size", ""), FIT)  # "fit", as the app: the board fills the window
        self.key = query.get("key") if query.get("key") in LESSON_KEYS else ""
        token, code = query.get("seat"), query.get("code")
        self.student = room.student(token)
        # made here, in this page's own session: a widget made while another page acts would belong there
        self.board_view = SvgBoard(room.board, on_click=lambda cell: self.act("place", cell))
        self._said: tuple[Message, ...] = ()
        self.names = widgets.Dropdown(options=list(NOTE_NAMES), value=self.convention,
                                      description="Note names", style={"description_width": "initial"})
        self.names.add_class("muz-note-names")
        self.size = SizeChoice(self.scale)  # the app's Size buttons (class "muz-size" each)
        with note_names(self.convention):
            keys = lesson_key_options()  # the app's list and words: "F♯ major", "none (each run ...)"
        self.lesson_key = OptionalDropdown(options=keys, value=f"{self.key} major" if self.key else None,
                                           description="Key of the lesson",
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="auto"))
        self.lesson_key.add_class("muz-key")
        for control in (self.names, self.size, self.lesson_key):
            control.observe(lambda _change: self._settings(), names="value")
        self.joining = self._join_form(code)
        self.who = _html("muz-who")
        self.scale_note = _html("muz-lesson-key")
        self.status = _html("muz-status")
        self.hand = _html("muz-hand")
        self.last = _html("muz-last")
        self.message = _html("muz-message")
        self.roll_button = _button("Roll", "muz-roll", "primary")
        self.pass_button = _button("Pass", "muz-pass", "warning")
        self.hint_button = _button("Hint", "muz-hint", "info")
        for button, action in ((self.roll_button, "roll"), (self.pass_button, "pass"),
                               (self.hint_button, "hint")):
            button.on_click(lambda _b, action=action: self.act(action))
        self.buttons = widgets.HBox([self.roll_button, self.pass_button, self.hint_button])
        self.board_area = widgets.VBox([self.board_view])
        # the die in hand, Roll and the board first (on a phone, all of them on the first screen);
        # what happened and whose turn it is under the board
        self.playing = widgets.VBox([widgets.HBox([self.hand, self.buttons], layout=widgets.Layout(
            flex_flow="row wrap")), self.board_area, self.message, self.status, self.last, self.who,
            self.scale_note])
        self.playing.children[0].add_class("muz-hand-row")
        self.settings = widgets.HBox([self.names, self.size, self.lesson_key],
                                     layout=widgets.Layout(flex_flow="row wrap", display="none"))
        self.settings.add_class("muz-settings")
        self.settings_button = widgets.ToggleButton(value=False, description="Settings",
                                                    tooltip="Note names, Size and the key of the lesson")
        self.settings_button.add_class("muz-settings-button")
        self.settings_button.observe(lambda change: self._fold(change["new"]), names="value")
        super().__init__([widgets.HTML(PAGE_STYLE), self.settings_button, self.settings, self.joining,
                          self.playing])
        self.add_class("muz-student-page")
        self.unwatch = room.watch(self._changed)
        self._attend()
        self.draw()

    def _join_form(self, code: str | None) -> widgets.VBox:
        """The form a page joins with: nickname, the class code (unless the address has it) and, for a
        returning student, their personal code."""
        self.nickname = widgets.Text(placeholder="your nickname", description="Nickname")
        self.nickname.add_class("muz-nickname")
        self.code = widgets.Text(value=code or "", placeholder="on the teacher's screen",
                                 description="Class code")
        self.code.add_class("muz-code")
        if code:
            self.code.layout.display = "none"
        self.personal = widgets.Text(placeholder="only if you joined before", description="Personal code",
                                     style={"description_width": "initial"})
        self.personal.add_class("muz-personal-code")
        self._code_note = ""  # the personal code, shown on this page after a first join
        self.join_button = _button("Join", "muz-join", "primary")
        self.join_message = _html("muz-join-message")
        self.join_button.on_click(lambda _b: self.join())
        return widgets.VBox([widgets.HTML("<h3>Join the class</h3><p>A nickname is all we keep: "
                                          "no real name, no account.</p>"),
                             self.nickname, self.code, self.personal, self.join_button,
                             self.join_message])

    # ---- actions ------------------------------------------------------------------------------------
    def join(self) -> None:
        """Join with the nickname typed (and the class code); the token goes into the page's address."""
        try:
            self.student = self.room.join(self.nickname.value, self.code.value, self.page,
                                          self.personal.value)
        except ClassError as error:
            self._said = (Message(str(error), kind="refused"),)
            self.draw()
            return
        self._said = ()
        self.personal.value = ""
        code = self.student.code
        self._code_note = ("" if not code else
                                    f"<p>Your personal code: <b class='muz-my-code'>{_text(code)}</b>. Write "
                                    "it down: with your nickname it gives you your seat back on any device."
                                    "</p>")
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
        """Ask the class to do `action` for this student; a refusal or a hint shows above the board
        (a move that went through has already redrawn every page at the table)."""
        with self.room.lock, note_names(self.convention), lesson_key(self._key_setting()):
            token = self.student.token if self.student else None
            self._said = ()
            said = self.room.act(token, action, cell)
            self._said = tuple(m for m in said if m.refused or m.kind == "hint")
            if self._said:
                self.draw()

    def _fold(self, shown: bool) -> None:
        """Show or fold away the settings (the one button a narrow screen shows for them)."""
        self.settings.layout.display = "flex" if shown else "none"

    def _settings(self) -> None:
        key = self.lesson_key.value
        self.convention, self.scale = self.names.value, self.size.value
        self.key = key.partition(" ")[0] if key else ""
        with note_names(self.convention):  # the keys named in this page's note names
            options = lesson_key_options()
        if options != list(self.lesson_key.options):
            self.lesson_key.options, self.lesson_key.value = options, key
        self._remember()
        self.draw()

    def _remember(self) -> None:
        """Put the seat and the settings into the page's address."""
        if self.on_address is None:
            return
        query = {"names": self.convention, "size": str(self.scale)}
        if self.key:
            query["key"] = self.key
        if self.student is not None:
            query["seat"] = self.student.token
        elif self.code.value:
            query["code"] = self.code.value
        self.on_address(query)

    def _changed(self, change: Change) -> None:
        if not self.is_open():
            return  # a page whose socket is gone is not drawn (a reload draws it afresh)
        seated = self.student and self.room.seat_of(self.student)
        mine = change.kind == "table" and seated and seated[0].number == change.table
        if change.kind in ("deal", "seat") or mine:
            self._said = ()  # an earlier refusal or hint is stale once the table has moved on
            try:
                self.draw()
            except Exception:  # a page gone mid-draw must not stop the move for the others
                log.exception("a student page could not be drawn")

    # ---- drawing --------------------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw the page from the class, in this page's note names and lesson key, typeset (F♯)."""
        with self.room.lock, note_names(self.convention), lesson_key(self._key_setting()), typeset():
            self._draw()

    def _key_setting(self) -> str | None:
        """The lesson key as muzlab's setting ("F# major"), or None."""
        return f"{self.key} major" if self.key else None

    def _draw(self) -> None:
        if self.student is not None and self.room.student(self.student.token) is None:
            # removed by the teacher, or the seat taken back with the personal code on another device
            self.student, self._code_note = None, ""
            self._said = (Message("This page no longer holds a seat: join again with your nickname and "
                                  "personal code.", kind="refused"),)
            self._attend()
        zoom = board_scale(self.scale)
        size = round(16 * zoom)
        said = f"<div style='font-size:{size}px'>{_lines(self._said)}</div>"
        self.message.value, self.join_message.value = (said, "") if self.student else ("", said)
        self.joining.layout.display = "none" if self.student else "flex"
        self.playing.layout.display = "flex" if self.student else "none"
        if self.key:
            reader = default_reader()  # (the page's, set around its drawing)
            scale = " ".join(show_name(name, reader) for name in major_scale(self.key))
            self.scale_note.value = (f"<p>Lesson key: <b>{_text(key_label(self.key, 'major', reader))}</b>"
                                     f" — {scale}</p>")
        else:
            self.scale_note.value = ""
        if self.student is None:
            return
        seated = self.room.seat_of(self.student)
        self.who.value = (f"<h3 style='margin:4px 0'>{_text(self.student.nickname)}"
                          f"{f' — table {seated[0].number}' if seated else ''}</h3>{self._code_note}")
        if seated is None:
            self.status.value = "<p>You have joined. Wait for the teacher to deal the tables.</p>"
            self.hand.value = self.last.value = ""
            self.buttons.layout.display = "none"
            self.board_area.layout.display = "none"
            return
        table, seat = seated
        t, game = table.table, table.table.game
        mine = not game.over and game.current_player == seat
        hand = None if game.over else game.hand
        self.board_area.layout.display = "flex"
        self.board_view.scale = zoom
        self.board_view.fit = "fill" if self.scale == FIT else "window"  # as the app: within the window
        lit = game.legal_placements() if mine and hand is not None else ()
        self.board_view.show(Scene(game.position, highlight=hand if lit else None, last=t.last, lit=lit,
                                   tips_for=hand if lit else None,
                                   chosen=next((m.cells for m in self._said if m.kind == "hint"), ())))
        turn = "Your turn!" if mine else ("" if game.over else "Watch: it is not your turn.")
        self.status.value = (f"<div style='font-size:{size}px'><b>{_text(turn)}</b> "
                             f"{_text(status(table))}</div>")
        face = pitch_label(hand, default_reader()) if hand is not None else "–"
        self.hand.value = (f"<div style='font-size:{round(40 * zoom)}px;font-weight:bold;line-height:1.1'>"
                           f"{_text(face)}</div><div>die in hand</div>")
        self.last.value = f"<div style='font-size:{size}px'>Last move: {_text(last_move(table))}</div>"
        self.buttons.layout.display = "flex" if mine else "none"
        self.roll_button.disabled = game.phase not in ("roll", "reroll")
        self.pass_button.disabled = game.phase not in ("place", "bonus")
        self.hint_button.disabled = hand is None
        self.hint_button.layout.display = "inline-flex" if t.allow_hints else "none"

    def close(self) -> None:
        self.unwatch()
        if self._leave is not None:
            self._leave()
        super().close()


class TeacherView(widgets.VBox):
    """The teacher's dashboard: the class code, the roster, Deal, the tables, the live leaderboard and
    any table's board on the projector with its last move explained."""

    def __init__(self, room: Classroom, address: str = ""):
        self.room = room
        self.address = address
        self.code = _html("muz-class-code")
        self.roster = _html("muz-roster-box")
        self.size = widgets.Dropdown(options=list(range(1, MAX_PLAYERS + 1)), value=2,
                                     description="Per table")
        self.size.add_class("muz-table-size")
        self.mode = widgets.ToggleButtons(options=[("normal game", "normal"),
                                                   ("duplicate tournament", "duplicate")], value="normal")
        self.mode.add_class("muz-mode")
        self.seed = widgets.BoundedIntText(value=room.round + 1, min=0, max=10**9, description="Game no.")
        self.hints = widgets.Checkbox(value=True, description="Hint button for the players")
        self.absent = widgets.Checkbox(value=False, description="Seat students whose page is closed too")
        self.absent.add_class("muz-seat-absent")
        self.hints.observe(lambda _change: self._say_what_lights(), names="value")
        self.lights = _html("muz-lights")
        self.deal_button = _button("Deal", "muz-deal", "primary")
        self.deal_button.on_click(lambda _b: self.deal())
        self.message = _html("muz-message")
        self.tables = _html("muz-tables")
        self.leaderboard = _html("muz-leaderboard-box")
        self.pick = widgets.Dropdown(options=[], description="Table")
        self.pick.add_class("muz-projector-table")
        self.show_button = _button("Show on the projector", "muz-projector", "info")
        self.show_button.on_click(lambda _b: self.project(self.pick.value))
        self.back_button = _button("Back to the class", "muz-back")
        self.back_button.on_click(lambda _b: self.project(None))
        self.projected: int | None = None
        self.projector_board = SvgBoard(room.board, scale=2.0)
        self.projector_text = _html("muz-projector-text")
        self.projector = widgets.VBox([self.back_button, self.projector_text, self.projector_board])
        self.projector.layout.display = "none"
        seats = self._seat_controls()
        deal = widgets.HBox([self.size, self.mode, self.seed, self.hints, self.absent, self.deal_button],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self._say_what_lights()
        self.dashboard = widgets.VBox([self.code, self.roster, deal, self.lights, seats, self.message,
                                       self.tables, widgets.HBox([self.pick, self.show_button]),
                                       self.leaderboard])
        super().__init__([self.dashboard, self.projector])
        self.add_class("muz-teacher-page")
        self._timer: threading.Timer | None = None
        self.unwatch = room.watch(self._changed)
        self.draw()

    def _seat_controls(self) -> widgets.HBox:
        """A seat's controls: who, where, and what to do (each answered in self.message)."""
        self.who_pick = widgets.Dropdown(options=[], description="Student")
        self.who_pick.add_class("muz-seat-student")
        self.seat_pick = widgets.Dropdown(options=[], description="Seat")
        self.seat_pick.add_class("muz-seat-pick")
        seat_buttons = []
        for label, css, do in (("Move the student here", "muz-move", self.move),
                               ("Free the seat", "muz-free", self.free),
                               ("Computer plays the seat", "muz-computer", self.computer),
                               ("Remove the student", "muz-remove", self.remove)):
            button = _button(label, css)
            button.on_click(lambda _b, do=do: do())
            seat_buttons.append(button)
        return widgets.HBox([self.who_pick, self.seat_pick, *seat_buttons],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))

    def lit_words(self) -> str:
        """What the players will see lit, in a sentence (the Deal's settings)."""
        hint = ("a Hint button lights the best cell and says why" if self.hints.value
                else "no Hint button")
        return ("The student whose turn it is sees every legal cell lit, with its points; "
                f"{hint}. The others watch the board unlit.")

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
        self.message.value = (f"<div style='color:#064'>Round {self.room.round}: {count} "
                              f"table{'s' if count != 1 else ''} ({self.mode.value})"
                              + (f"; {away} student{'s' if away != 1 else ''} without an open page not "
                                 "seated" if away else "") + f". {_text(self.lit_words())}</div>")
        self.seed.value = self.room.round + 1

    def _refused(self, error: ClassError) -> None:
        self.message.value = f"<div style='color:#b00000'>✗ {_text(str(error))}</div>"

    def _seat_change(self, done: str, change: Callable[[], None]) -> None:
        try:
            change()
        except ClassError as error:
            self._refused(error)
            return
        self.message.value = f"<div style='color:#064'>{_text(done)}</div>"

    def move(self) -> None:
        """Give the chosen seat to the chosen student (their old seat, if any, is freed)."""
        if self.who_pick.value is None or self.seat_pick.value is None:
            self._refused(ClassError("Choose a student and a seat first."))
            return
        (table, seat), sid = self.seat_pick.value, self.who_pick.value
        self._seat_change(f"{self.room.nickname(sid)} now sits at table {table}, seat {seat + 1}.",
                          lambda: self.room.seat(table, seat, sid))

    def free(self) -> None:
        """Free the chosen seat (its student stays on the roster, unseated)."""
        if self.seat_pick.value is None:
            self._refused(ClassError("Choose a seat first (the tables are dealt first)."))
            return
        table, seat = self.seat_pick.value
        self._seat_change(f"Table {table}, seat {seat + 1} is free.", lambda: self.room.seat(table, seat))

    def computer(self) -> None:
        """Let the computer play the chosen seat."""
        if self.seat_pick.value is None:
            self._refused(ClassError("Choose a seat first (the tables are dealt first)."))
            return
        table, seat = self.seat_pick.value
        self._seat_change(f"The computer plays table {table}, seat {seat + 1}.",
                          lambda: self.room.seat(table, seat, computer=True))

    def remove(self) -> None:
        """Take the chosen student off the roster."""
        sid = self.who_pick.value
        if sid is None:
            self._refused(ClassError("Choose a student first."))
            return
        name = self.room.nickname(sid)
        self._seat_change(f"{name} is off the roster; their seat is free.", lambda: self.room.remove(sid))

    def project(self, number: int | None) -> None:
        """Show table `number` full screen (None: back to the dashboard)."""
        self.projected = number
        self.dashboard.layout.display = "none" if number else "flex"
        self.projector.layout.display = "flex" if number else "none"
        self.draw_projector()

    def _changed(self, change: Change) -> None:
        try:
            if change.kind in ("roster", "deal", "seat"):
                self.draw()
            elif self.projected == change.table:
                self.draw_projector()
            if change.kind == "table" and self._timer is None:  # leaderboard: now and then
                self._timer = threading.Timer(LEADERBOARD_EVERY, self._scores_later)
                self._timer.daemon = True
                self._timer.start()
        except Exception:
            log.exception("the teacher's page could not be drawn")

    def _scores_later(self) -> None:
        self._timer = None
        try:
            self.draw_scores()
        except Exception:
            log.exception("the leaderboard could not be drawn")

    def draw(self) -> None:
        """Draw everything from the class."""
        room = self.room
        with room.lock, note_names("english"), typeset():
            where = _text(self.address)
            self.code.value = (f"<div>Students open <b>{where}</b> and type the class code:</div>"
                               "<div class='muz-code-big' style='font-size:72px;font-weight:bold;"
                               "letter-spacing:10px;line-height:1.2'>"
                               f"{room.class_code}</div>")
            seats = {sid: table.number for table in room.tables for sid in table.students}
            here = set(room.present())
            items = "".join(f"<li class='muz-student'>{_text(s.nickname)}"
                            f"{f' (table {seats[s.id]})' if s.id in seats else ''}"
                            f"{'' if s.id in here else ' — page closed'}</li>"
                            for s in room.students.values())
            self.roster.value = (f"<h3>Roster: {len(room.students)} joined</h3>"
                                 f"<ul class='muz-roster'>{items}</ul>")
            who, where = self.who_pick.value, self.seat_pick.value
            self.who_pick.options = [(s.nickname, s.id) for s in room.students.values()]
            self.who_pick.value = who if who in room.students else None
            self.seat_pick.options = [
                (f"table {t.number}, seat {i + 1}: {t.table.seats[i].name}", (t.number, i))
                for t in room.tables for i in range(len(t.students))]
            self.seat_pick.value = where if where in dict(self.seat_pick.options).values() else None
            chosen = self.pick.value
            self.pick.options = [(f"table {t.number}", t.number) for t in room.tables]
            self.pick.value = chosen if room.table(chosen or 0) else (1 if room.tables else None)
            self.draw_scores()
            self.draw_projector()

    def draw_scores(self) -> None:
        """The tables' state and the leaderboard."""
        room = self.room
        standings = room.standings()
        with room.lock, note_names("english"):
            self.tables.value = "".join(f"<div class='muz-table-line'>{_text(status(t))}"
                                        f"{f' — {_text(t.fair_missing)}' if t.fair_missing else ''}</div>"
                                        for t in room.tables)
            columns = ("nickname", "table", "score", "completions", "points lost", "decisions", "hints",
                       "luck-adjusted")
            head = "".join(f"<th>{c}</th>" for c in columns)
            body = "".join("<tr>" + "".join(f"<td>{_text('' if row[c] is None else str(row[c]))}</td>"
                                            for c in columns) + "</tr>" for row in standings)
            self.leaderboard.value = (
                "<style>.muz-leaderboard td, .muz-leaderboard th {padding: 2px 10px; text-align: left}"
                "</style><h3>Leaderboard</h3><p><i>Luck-adjusted: the score with the luck of the dice "
                "taken out (the coach's fair review), shown once a table's game is over: the fairer "
                "ranking.</i></p>"
                f"<table class='muz-leaderboard'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def draw_projector(self) -> None:
        """The projected table's board, large, with its last move and what the coach says of it."""
        table = self.room.table(self.projected) if self.projected else None
        if table is None:
            return
        with self.room.lock, note_names("english"):
            t = table.table
            last = table.decisions[-1] if table.decisions else None
            comment = "" if last is None else coach.comment(last.position, last.pitch, last.cell,
                                                              last.passed_die)
            self.projector_board.show(Scene(t.game.position, last=t.last))
            self.projector_text.value = (
                f"<div style='font-size:28px'><b>{_text(status(table))}</b></div>"
                f"<div style='font-size:24px'>{_text(last_move(table))}</div>"
                f"<div style='font-size:22px;color:#064'>{_text(comment)}</div>")

    def close(self) -> None:
        self.unwatch()
        super().close()


def _query(search: str | None) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(search or "").items() if values}


@solara.component
def Layout(children=()):  # noqa: B006 (Solara's signature)
    """No navigation bar: a student never sees the teacher's page named."""
    solara.Column(children=list(children))


def _session():
    """This page's Solara session (kernel context), or None outside a server."""
    from solara.server import kernel_context

    return kernel_context.get_current_context() if kernel_context.has_current_context() else None


@solara.component
def StudentPage():
    """"/": join, then play; the seat token lives in the address, so a reload finds the seat again. Beyond
    `MAX_SESSIONS` pages at once, a page is told that the class is full."""
    context = _session()
    if context is not None and not sessions.admit(context.id):
        solara.Title("Muzundrum class")
        solara.Markdown(f"**The class is full**: {MAX_SESSIONS} pages are open already. Close a page "
                        "you do not need, or ask the teacher, then reload this one.")
        return
    if context is not None:
        context.on_close(lambda: sessions.leave(context.id))
    StudentSeat()


@solara.component
def StudentSeat():
    """The student's page in this session."""
    router = solara.use_router()
    query = _query(router.search)
    context = _session()

    def remember(address: dict[str, str]) -> None:
        if context is not None and "seat" in address:
            sessions.joined(context.id)
        router.push(f"/?{urlencode(address)}")

    def is_open() -> bool:
        from solara.server.kernel_context import PageStatus

        return context is None or PageStatus.CONNECTED in context.page_status.values()

    view = solara.use_memo(lambda: StudentView(classroom(), query, remember,
                                               None if context is None else context.id, is_open), [])
    if context is not None and view.student is not None:  # (opened with a seat: a joined page)
        sessions.joined(context.id)
    solara.use_effect(lambda: view.close, [])
    solara.Title("Muzundrum class")
    solara.Column(children=[view])
    StudentTerm(term(), view)  # the term: my assignments and my progress (muzlab.app.term_pages)


@solara.component
def TeacherPage():
    """"/teacher?key=...": the dashboard and Export, for the holder of the teacher's key only."""
    router = solara.use_router()
    if not classroom().is_teacher(_query(router.search).get("key")):
        solara.Markdown("This page needs the teacher's address, as `muzlab class` printed it.")
    else:
        Dashboard()


@solara.component
def Dashboard():
    """The teacher's view and the Export button (the zip is made in a thread when clicked)."""
    room = classroom()
    view = solara.use_memo(lambda: TeacherView(room, student_address()), [])
    solara.use_effect(lambda: view.close, [])
    solara.Title("Muzundrum class — teacher")
    solara.Column(children=[view])
    solara.FileDownload(room.export, filename="class-export.zip", mime_type="application/zip",
                        children=[solara.Button("Export", classes=["muz-export"], color="primary")])
    TeacherTerm(term())  # the term: assignments, progress, Export grades (muzlab.app.term_pages)


routes = [solara.Route(path="/", component=StudentPage, layout=Layout),
          solara.Route(path="teacher", component=TeacherPage)]
