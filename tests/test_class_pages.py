"""The class server's pages driven from Python (no browser, no server): they draw the Classroom, keep
each page's settings to itself, and pass clicks on for the classroom to decide."""

from __future__ import annotations

import threading

import pytest

from muzlab.app.classroom import Classroom
from muzlab.app.pages import StudentView, TeacherView, _text, last_move
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import pitch_label
from muzlab.reading import current_note_names, note_names, typeset


@pytest.fixture
def room(tmp_path):
    room = Classroom(tmp_path / "class")
    yield room
    room.store.close()


def student(room: Classroom, nickname: str, **query: str) -> StudentView:
    addresses = []
    view = StudentView(room, {"code": room.class_code, **query}, addresses.append)
    view.nickname.value = nickname
    view.join_button.click()
    view.addresses = addresses
    return view


def settled(*views) -> None:
    """Wait until each page has drawn every change its drawer was told (each draws on its own thread)."""
    for view in views:
        assert view.settle(30), f"{view} was still drawing after 30 s"


def button(view, css: str):
    """The teacher's button with this class (anywhere on the dashboard)."""
    boxes = [view.dashboard]
    while boxes:
        box = boxes.pop()
        for child in box.children:
            if css in child._dom_classes:
                return child
            boxes.extend([child] if hasattr(child, "children") else [])
    raise LookupError(f"no .{css} on the teacher's page")


def test_joining_puts_the_seat_and_the_settings_in_the_address(room):
    view = StudentView(room, {"code": "WRONG"})
    view.nickname.value = "Anna"
    view.join_button.click()
    assert "code" in view.join_message.value and view.student is None
    anna = student(room, "Anna", names="german", size="1.5", key="F#")
    assert anna.addresses[-1] == {"lang": "en", "names": "german", "size": "1.5", "key": "F#",
                                  "seat": anna.student.token}
    again = StudentView(room, anna.addresses[-1])
    assert again.student == anna.student and again.names.value == "german" and again.size.value == 1.5
    assert "Fis" in again.scale_note.value  # the lesson key's notes, in this page's names
    odd = StudentView(room, {"names": "klingon", "size": "99", "key": "H#"})  # checked, never trusted
    assert (odd.convention, odd.scale, odd.key) == ("english", "fit", "")  # the defaults: fit, as the app


def test_the_student_page_uses_the_apps_controls_and_words(room):
    from muzlab.widgets.tabbed_app import NO_KEY, SIZES, SizeChoice

    anna = student(room, "Anna", names="german")
    assert isinstance(anna.size, SizeChoice) and anna.size.value == "fit"  # the app's Size buttons
    assert [b.description for b in anna.size.buttons.values()] == [
        ("✓ " if value == "fit" else "") + label for label, value in SIZES]
    labels = [label for label, _value in anna.lesson_key.options]
    assert labels[0] == NO_KEY and anna.lesson_key.label == NO_KEY  # not "no key"
    assert "Fis major" in labels and "Ges major" in labels  # this page's names
    ben = student(room, "Ben")
    labels = [label for label, _value in ben.lesson_key.options]
    assert "F♯ major" in labels and "B♭ major" in labels and not any("#" in x or "b " in x for x in labels)
    ben.lesson_key.value = "F# major"
    assert ben.key == "F#" and ben.addresses[-1]["key"] == "F#"
    ben.size.buttons[1.5].click()
    assert ben.addresses[-1]["size"] == "1.5"
    TeacherView(room, "").deal_button.click()
    settled(anna, ben)
    assert ben.board_view.fit == "window" and ben.board_view.scale == 1.5
    assert anna.board_view.fit == "fill" and anna.board_view.scale == 1.0  # fit: the window decides


def test_the_teachers_deal_says_whether_legal_cells_light_up(room):
    student(room, "Anna")
    teacher = TeacherView(room, "")
    assert "sees every legal cell lit" in teacher.lights.value and "a Hint button" in teacher.lights.value
    teacher.hints.value = False
    assert "no Hint button" in teacher.lights.value
    teacher.deal_button.click()
    assert "Round 1" in teacher.message.value and "every legal cell lit" in teacher.message.value


def test_two_students_at_a_table_each_read_their_own_names(room):
    anna = student(room, "Anna", names="german")
    ben = student(room, "Ben")
    teacher = TeacherView(room, "http://127.0.0.1:8870/")
    assert teacher.roster.value.count("class='muz-student'") == 2
    teacher.deal_button.click()
    settled(anna, ben)
    assert "table 1" in anna.who.value and ben.usable == ()  # not Ben's turn: no button
    ben.board_view.cells[(0, 0)].click()  # out of turn: refused, nothing changes
    assert "It is Anna's turn" in ben.message.value and room.table(1).game.events == ()
    assert anna.usable == (anna.roll_button,)  # only what can be used now
    # (what the page sees: marks in the board's words name the buttons shown, the page's CSS hides the rest)
    assert "class='muz-marks muz-can-roll'" in anna.board_view.html
    assert "class='muz-marks '" in ben.board_view.html
    anna.roll_button.click()
    settled(ben)
    assert anna.usable == (anna.pass_button, anna.hint_button)
    assert "class='muz-marks muz-can-pass muz-can-hint'" in anna.board_view.html
    face = room.table(1).game.hand
    lit = [cell for cell, handle in anna.board_view.cells.items() if handle.legal]
    assert lit == [(0, 0)] and not any(handle.legal for handle in ben.board_view.cells.values())
    anna.board_view.cells[(0, 0)].click()
    settled(anna, ben)
    german = f"Anna places {pitch_label(face, Reader('german'))} on e5"
    english = f"Anna places {pitch_label(face, Reader(typeset=True))} on e5"  # (a page is read: F♯, not F#)
    assert german in anna.last.value and english in ben.last.value
    turn = room.table(1).snapshot().current_player  # only the page whose turn it is shows Roll
    assert [p.usable for p in (anna, ben)] == [(p.roll_button,) if i == turn else ()
                                                          for i, p in enumerate((anna, ben))]
    assert current_note_names() == "english"  # no page's choice is left behind
    assert teacher.projector_board is None  # the teacher's page opens without the projector's board
    teacher.project(1)
    settled(teacher)
    assert "Table 1" in teacher.projector_text.value and teacher.dashboard.layout.display == "none"
    board = teacher.projector_board
    assert board in teacher.projector.children and (0, 0) in board.cells  # made on the first projection
    teacher.project(None)
    teacher.project(1)
    assert teacher.projector_board is board and teacher.projector.children.count(board) == 1
    teacher.draw_scores()
    assert teacher.leaderboard.value.count("<tr>") == 3  # the head and two students


def test_a_move_sends_each_page_one_message_per_widget_that_changed(room, monkeypatch):
    """A roll: each page at the table sends one message, its board's. The watcher's carries its words
    (the die in hand and the words under the board; the picture is unchanged); the roller's carries
    the lit cells, the words and the buttons now usable (Pass and Hint, as marks in its words)."""
    import comm
    import ipywidgets

    # (once Solara's server module is imported, as tests/test_page_looks.py does, Solara's comm is made
    # for every widget, and one made outside a Solara session sends nothing: these pages get the comm
    # package's own, which sends as on a page)
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)
    anna, ben = student(room, "Anna"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(anna, ben)
    roller, watcher = (anna, ben) if room.table(1).snapshot().current_player == 0 else (ben, anna)
    sent, send = [], ipywidgets.Widget._send

    def counted(widget, msg, buffers=None):
        sent.append((widget, tuple(msg.get("state", {}))))
        return send(widget, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", counted)
    roller.roll_button.click()
    settled(roller, watcher)
    face = pitch_label(room.table(1).game.hand, Reader(typeset=True))

    def page_sent(view: StudentView) -> list[tuple[str, set[str]]]:
        widgets = {view.board_view, view.board_view.layout, view.buttons, view.buttons.layout,
                   *view.buttons.children, *(button.layout for button in view.buttons.children)}
        return [(type(widget).__name__, set(state)) for widget, state in sent if widget in widgets]

    assert page_sent(watcher) == [("SeatBoard", {"html", "news", "told"})]  # the roll is news to both
    assert f">{face}</div>" in watcher.board_view.html.split("muz-page-words")[0]  # the die in hand first
    assert page_sent(roller) == [("SeatBoard", {"svg", "html", "news", "told"})]
    assert roller.usable == (roller.pass_button, roller.hint_button)
    assert f">{face}</div>" in roller.board_view.html and "muz-legal" in roller.board_view.svg
    assert "muz-can-pass muz-can-hint" in roller.board_view.html


def test_each_page_hears_the_tables_moves_and_its_turn_through_its_boards_live_region(room):
    anna, ben = student(room, "Anna"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(anna, ben)
    roller, watcher = (anna, ben) if room.table(1).snapshot().current_player == 0 else (ben, anna)
    assert roller.board_view.news.endswith("Your turn!") and "Your turn!" not in watcher.board_view.news
    told = watcher.board_view.told
    roller.roll_button.click()
    settled(roller, watcher)
    name = roller.student.nickname
    assert watcher.board_view.news.startswith(f"{name} rolls ") and watcher.board_view.told == told + 1
    assert roller.board_view.news == watcher.board_view.news  # no second "Your turn!" after one's own roll
    while room.table(1).snapshot().current_player == (0 if roller is anna else 1):  # to the other's turn
        snapshot = room.table(1).snapshot()
        if snapshot.hand is None:
            roller.roll_button.click()
        elif snapshot.legal:
            roller.act("place", snapshot.legal[0])
        else:
            roller.pass_button.click()
        settled(roller, watcher)
    assert watcher.board_view.news.endswith("Your turn!")
    assert not roller.board_view.news.endswith("Your turn!")
    roller.act("place", next(iter(room.board.cells)))  # not its turn: refused, and said to it alone
    settled(roller, watcher)
    assert roller.board_view.news != watcher.board_view.news


def test_pages_drawn_at_once_from_many_threads_keep_their_names(room):
    views = [student(room, f"S{i}", names=("english", "german", "solfege")[i % 3]) for i in range(6)]
    TeacherView(room).deal_button.click()
    settled(*views)
    for table in range(1, 4):
        mover = views[(table - 1) * 2]
        mover.roll_button.click()
        cell = next(cell for cell, handle in mover.board_view.cells.items() if handle.legal)
        mover.board_view.cells[cell].click()
    threads = [threading.Thread(target=view.draw) for view in views for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    settled(*views)
    for i, view in enumerate(views):
        with note_names(view.convention), typeset():
            assert last_move(room.table(i // 2 + 1).snapshot()) in view.last.value


def test_each_page_spells_the_board_in_its_own_lesson_key(room):
    flat = student(room, "Anna", key="Gb")
    sharp = student(room, "Ben", key="F#")
    TeacherView(room).deal_button.click()
    settled(flat, sharp)
    table = room.table(1).table
    while table.game.position.dice == {} or 6 not in table.game.position.dice.values():
        if table.game.events:  # start a fresh game until the opening die is F#/Gb
            room.deal(2, seed=room.round + 1)
            table = room.table(1).table
        settled(flat)
        flat.roll_button.click()
        flat.board_view.cells[(0, 0)].click()
    settled(flat, sharp)
    assert ">Gb<" in flat.board_view.svg.replace("♭", "b")
    assert ">F#<" in sharp.board_view.svg.replace("♯", "#")


def test_a_page_joins_once(room):
    anna = student(room, "Anna")
    anna.joining.layout.display = "flex"  # the form shown again (as a page's script could)
    anna.nickname.value = "Anna2"
    anna.join_button.click()
    assert "already joined as Anna: one nickname per device" in anna.message.value
    assert anna.student.nickname == "Anna" and [s.nickname for s in room.students.values()] == ["Anna"]


def test_a_student_who_lost_their_page_gets_their_seat_back_with_their_personal_code(room):
    ada = student(room, "Ada")
    code = ada.student.code
    assert len(code) == 9 and code[4] == "-" and code in ada.who.value  # shown when she first joined
    stored = (room.folder / "class.sqlite").read_bytes().decode("latin-1")
    assert code not in stored and code.replace("-", "") not in stored  # only its hash is kept
    ben = student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(ada, ben)
    ada.roll_button.click()
    ada.close()  # the tab is closed
    again = StudentView(room, {"code": room.class_code})
    again.nickname.value = "Ada"
    again.join_button.click()
    assert "already joined as Ada" in again.join_message.value and again.student is None
    again.personal.value = "WRONG"
    again.join_button.click()
    assert "personal code is not right" in again.join_message.value and again.student is None
    again.personal.value = code.lower()
    again.join_button.click()
    assert again.student.id == ada.student.id and again.student.token != ada.student.token
    assert "Your turn!" in again.status.value and again.pass_button.disabled is False  # her die in hand
    assert room.student(ada.student.token) is None  # the old link no longer holds the seat
    settled(ben)
    assert "Watch" in ben.status.value


def test_the_teacher_frees_a_seat_moves_a_student_into_it_and_gives_one_to_the_computer(room):
    views = [student(room, name) for name in ("Ada", "Ben", "Cleo")]
    teacher = TeacherView(room)
    teacher.size.value = 2
    views[2].close()  # Cleo's page is closed: the Deal seats only open pages
    teacher.deal_button.click()
    settled(teacher)
    assert [t.students for t in room.tables] == [(1, 2)] and "1 student without an open page" in \
        teacher.message.value and "page closed" in teacher.roster.value
    teacher.seat_pick.value = (1, 0)
    button(teacher, "muz-free").click()
    assert room.table(1).students == (None, 2) and "(free seat)" in room.table(1).table.seats[0].name
    assert "no seat yet" in room.act(views[0].student.token, "roll")[0].text
    cleo = StudentView(room, {"seat": views[2].student.token})  # Cleo opens her page again
    teacher.who_pick.value = cleo.student.id
    teacher.seat_pick.value = (1, 0)
    button(teacher, "muz-move").click()
    assert room.table(1).students == (3, 2) and "Cleo now sits at table 1, seat 1" in teacher.message.value
    settled(cleo)
    assert "Your turn!" in cleo.status.value
    teacher.who_pick.value = 1
    button(teacher, "muz-move").click()
    assert "is Cleo's: free it first" in teacher.message.value and room.table(1).students == (3, 2)
    teacher.seat_pick.value = (1, 1)
    teacher.who_pick.value = 2
    button(teacher, "muz-remove").click()
    assert 2 not in room.students and room.table(1).students == (3, None)
    button(teacher, "muz-computer").click()
    game = room.table(1).game
    for _ in range(20):  # Cleo plays her turn; the computer then plays its own at once
        if game.current_player != 0 or any(e.player == 1 for e in game.events):
            break
        if game.phase in ("roll", "reroll"):
            cleo.roll_button.click()
        cell = next((cell for cell, handle in cleo.board_view.cells.items() if handle.legal), None)
        cleo.board_view.cells[cell].click() if cell else cleo.pass_button.click()
    assert {e.player for e in game.events} == {0, 1} and game.current_player == 0  # the computer played
    before = [t.game.to_json() for t in room.tables]
    room.store.close()
    again = Classroom(room.folder)  # every seat change replays
    assert [t.game.to_json() for t in again.tables] == before and again.table(1).students == (3, None)
    assert [s.nickname for s in again.students.values()] == ["Ada", "Cleo"]
    again.store.close()
    room.store = again.store  # (the fixture closes it)


def test_a_page_whose_socket_is_gone_is_not_drawn_and_not_dealt(room):
    socket_open = {"Ann": True, "Bo": True}

    def page(name: str) -> StudentView:
        view = StudentView(room, {"code": room.class_code}, is_open=lambda: socket_open[name])
        view.nickname.value = name
        view.join_button.click()
        return view

    ann, bo = page("Ann"), page("Bo")
    TeacherView(room).deal_button.click()
    settled(ann, bo)
    socket_open["Bo"] = False
    ann.roll_button.click()
    settled(ann, bo)
    assert "Ann rolls" in ann.last.value and "No move yet" in bo.last.value  # Bo's page is not redrawn
    assert room.present() == [1]
    room.deal(2, present_only=True)
    assert [t.students for t in room.tables] == [(1,)]
    bo.close()
    teacher = TeacherView(room)
    teacher.deal_button.click()
    assert [t.students for t in room.tables] == [(1,)] and "1 student without an open page" in \
        teacher.message.value
    teacher.absent.value = True  # the teacher asks for every student on the roster
    teacher.deal_button.click()
    assert [t.students for t in room.tables] == [(1, 2)]


class SlowPage(StudentView):
    """A page on a slow device: each draw of its drawer waits until the test lets it go."""

    def __init__(self, *args, **kwargs):
        self.release, self.held, self.draws = threading.Event(), threading.Event(), []
        super().__init__(*args, **kwargs)

    def _draw_changes(self, batch):
        self.draws.append(list(batch))
        self.held.set()
        assert self.release.wait(60)
        super()._draw_changes(batch)


def test_a_slow_page_slows_only_itself_while_every_table_moves_at_once(room):
    views = []
    for i in range(8):  # S4 watches at table 2, on a slow device
        kind = SlowPage if i == 3 else StudentView
        view = kind(room, {"code": room.class_code, "names": ("english", "german", "solfege")[i % 3]})
        view.nickname.value = f"S{i + 1}"
        view.join_button.click()
        views.append(view)
    teacher = TeacherView(room)
    slow = views[3]
    slow.release.set()
    teacher.deal_button.click()
    settled(teacher, *views)
    slow.release.clear()
    slow.held.clear()
    slow.draws.clear()
    movers = [views[2 * i] for i in range(4)]
    movers[1].act("roll")  # table 2 moves: the slow page starts drawing it, and is held there
    assert slow.held.wait(30) and slow.drawer.busy()
    for lock in (room.lock, *(table.lock for table in room.tables)):  # no classroom lock is held by it
        assert lock.acquire(timeout=30)
        lock.release()

    def move(number: int) -> None:
        page, table = movers[number - 1], room.table(number).table
        if table.game.phase == "roll":
            page.act("roll")
        page.act("place", table.game.legal_placements()[0])

    threads = [threading.Thread(target=move, args=(number,)) for number in range(1, 5)]
    for thread in threads:  # every table at once
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads)
    others = [view for view in views if view is not slow]
    settled(*others, teacher)
    assert slow.drawer.busy() and len(slow.draws) == 1  # still held in its first draw ...
    for i, view in enumerate(views):
        snapshot = room.table(i // 2 + 1).snapshot()
        assert snapshot.history[-1].event.kind == "place"
        moved = _text(last_move(snapshot, None, view.reading.reader))
        assert (moved in view.last.value) is (view is not slow)  # ... while every other page shows its move
    slow.release.set()
    settled(slow)
    assert len(slow.draws) == 2 and {c.kind for c in slow.draws[1]} == {"table"}  # the moves since: once
    assert _text(last_move(room.table(2).snapshot(), None, slow.reading.reader)) in slow.last.value


def test_moves_at_every_table_at_once_are_logged_first_and_replay(room):
    ids = [room.join(f"S{i}") for i in range(8)]
    room.deal(2, seed=4)
    tokens = {table.number: [ids[sid - 1].token for sid in table.students] for table in room.tables}

    failed = []

    def play(number: int) -> None:
        table = room.table(number).table
        try:
            for _ in range(12):
                token = tokens[number][table.game.current_player]
                if table.game.phase in ("roll", "reroll"):
                    said = room.act(token, "roll")
                else:
                    legal = table.game.legal_placements()
                    said = room.act(token, "place", legal[0]) if legal else room.act(token, "pass")
                assert not said[0].refused, said
        except Exception as error:  # (told to the test's thread)
            failed.append(error)

    threads = [threading.Thread(target=play, args=(number,)) for number in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failed == [] and not any(thread.is_alive() for thread in threads)
    records = [table.game.to_json() for table in room.tables]
    assert [len(table.game.events) for table in room.tables] == [12] * 4
    room.store.close()
    again = Classroom(room.folder)  # the log, written before each move was played, replays to the same
    assert [table.game.to_json() for table in again.tables] == records
    room.store = again.store


def test_each_page_speaks_its_own_language_with_its_notes(room):
    """A French and an English student at one table and a German teacher: each page in its language,
    the French one in solfège (the language's names) until the student chooses others."""
    claire = student(room, "Claire", lang="fr")
    ben = student(room, "Ben")
    assert claire.convention == "solfege" and claire.addresses[-1]["lang"] == "fr"
    assert "names" not in claire.addresses[-1]  # the language's names follow the language
    assert (claire.roll_button.description, claire.names.description) == ("Lancer", "Noms des notes")
    assert (ben.roll_button.description, ben.names.description) == ("Roll", "Note names")
    teacher = TeacherView(room, "", language="de")
    assert teacher.deal_button.description == "Verteilen" and "Klassenliste: 2" in teacher.roster.value
    teacher.deal_button.click()
    settled(claire, ben)
    assert "Runde 1: 1 Tisch" in teacher.message.value
    claire.roll_button.click()
    settled(ben)
    ben.board_view.cells[(0, 0)].click()  # out of turn: refused in Ben's English, Claire's in French
    assert "It is Claire's turn" in ben.message.value and "Dernier coup" in claire.last.value
    face = room.table(1).table.game.hand
    claire.board_view.cells[(0, 0)].click()
    settled(claire, ben)
    solfege = pitch_label(face, Reader("solfege", typeset=True, language="fr"), prose=True)  # "fa♯"
    assert f"Claire pose {solfege} sur e5" in claire.last.value and solfege.islower()
    assert f"Claire places {pitch_label(face, Reader(typeset=True))} on e5" in ben.last.value
    assert "À toi" not in ben.status.value and "Dernier" not in ben.last.value
    teacher.draw_scores()
    assert "<th>Spitzname</th>" in teacher.leaderboard.value
    assert "<h3>Rangliste</h3>" in teacher.leaderboard.value
    claire.language_pick.value = "es"  # another language: its words, and still the names it brings
    assert claire.roll_button.description == "Tirar" and claire.addresses[-1]["lang"] == "es"
    claire.names.value = "german"  # names chosen: kept when the language changes again
    claire.language_pick.value = "fr"
    assert claire.convention == "german" and claire.addresses[-1]["names"] == "german"


def test_a_refusal_reads_in_the_pages_language(room):
    page = StudentView(room, {"code": "WRONG", "lang": "de"})
    page.nickname.value = "Anna"
    page.join_button.click()
    assert "Das ist nicht der Code dieser Klasse" in page.join_message.value
    teacher = TeacherView(room, "", language="es")
    teacher.remove()
    assert "Elija primero un alumno." in teacher.message.value


def test_the_teachers_roster_marks_a_page_open_or_closed_as_it_opens_returns_and_closes(room):
    teacher = TeacherView(room)
    told = []
    room.watch(lambda change: told.append(change.kind))

    def marks():
        settled(teacher)
        items = teacher.roster.value.split("<li class='muz-student'>")[1:]
        return {item.split("<")[0].split(" ")[0]: "page closed" not in item for item in items}

    ada = student(room, "Ada")
    assert told == ["roster", "presence"]  # the join, then her page counted open: both told
    assert marks() == {"Ada": True}
    code = ada.student.code
    ada.close()  # the tab is closed: the teacher's page hears it
    assert told[-1] == "presence" and marks() == {"Ada": False}
    again = StudentView(room, {"code": room.class_code})  # another device; she types her codes
    again.nickname.value, again.personal.value = "Ada", code
    again.join_button.click()
    assert again.student.id == ada.student.id and marks() == {"Ada": True}
    reloaded = StudentView(room, {"seat": again.student.token})  # a reload opens a second page
    again.close()
    assert marks() == {"Ada": True}  # the reloaded page is still open
    reloaded.close()
    assert marks() == {"Ada": False}
    teacher.close()


def test_a_download_that_fails_says_so_beside_its_button_and_the_page_stays(room, monkeypatch):
    """Issue #53: an exception while making a download (a report, an export) replaced the whole teacher
    page with its traceback; now it is a sentence in the page's language, and the next click works."""
    import time

    import solara
    from solara.components.file_download import FileDownloadWidget

    from muzlab.app.downloads import Download

    tries = []

    def make() -> bytes:
        tries.append(1)
        if len(tries) == 1:
            raise ValueError("one bad name")
        return b"zip"

    @solara.component
    def Page():
        solara.Text("the teacher's page", classes=["page-words"])
        Download(make, filename="class-export.zip", mime_type="application/zip",
                 children=[solara.Button("Export")], reader=Reader(language="de"))

    def said(rc):
        for _ in range(200):
            found = rc.find(class_="muz-download-said")
            if len(found.widgets) == 1:
                return found.widget.children[0]
            time.sleep(0.05)
        return None

    _box, rc = solara.render(Page(), handle_error=False)
    rc.find(FileDownloadWidget).widget.request_download = True
    words = said(rc)
    assert words is not None and "class-export.zip" in words and "konnte nicht" in words
    rc.find(class_="page-words").assert_single()
    for _ in range(200):  # (a new button, its click forgotten)
        download = rc.find(FileDownloadWidget).widget
        if download.request_download is False:
            break
        time.sleep(0.05)
    assert download.request_download is False and download.bytes is None
    download.request_download = True  # the next click makes the file
    for _ in range(200):
        if rc.find(FileDownloadWidget).widget.bytes == b"zip":
            break
        time.sleep(0.05)
    assert rc.find(FileDownloadWidget).widget.bytes == b"zip" and len(tries) == 2
    assert len(rc.find(class_="muz-download-said").widgets) == 0
    rc.close()


def test_each_page_keeps_its_own_harmony_style_in_its_address(room):
    """A German page reads Funktionstheorie, an English one Roman numerals; a student who chooses the
    other keeps it in the page's address (a reload keeps it) and when the language changes."""
    hanna, ben = student(room, "Hanna", lang="de"), student(room, "Ben")
    assert (hanna.harmony_menu.value, hanna.reading.reader.harmony_style) == ("functions", "functions")
    assert (ben.harmony_menu.value, ben.reading.reader.harmony_style) == ("roman", "roman")
    assert hanna.harmony_menu.description == "Harmonielehre" and "harmony" not in hanna.addresses[-1]
    hanna.language_pick.value = "en"  # not chosen: the language's own style follows the language
    assert hanna.harmony == "roman" and "harmony" not in hanna.addresses[-1]
    hanna.language_pick.value = "de"
    hanna.harmony_menu.value = "roman"  # Stufentheorie chosen, on this page alone
    assert hanna.reading.reader.harmony_style == "roman" and hanna.addresses[-1]["harmony"] == "roman"
    assert ben.reading.reader.harmony_style == "roman" and "harmony" not in ben.addresses[-1]
    hanna.language_pick.value = "fr"
    hanna.language_pick.value = "de"
    assert hanna.harmony == "roman" and hanna.harmony_menu.value == "roman"
    again = StudentView(room, hanna.addresses[-1])
    assert again.reading.reader == Reader("german", typeset=True, language="de", harmony="roman")
    odd = StudentView(room, {"lang": "de", "harmony": "numbers"})  # checked, never trusted
    assert (odd.harmony, odd.harmony_chosen) == ("functions", False)


def test_a_typed_move_plays_at_a_class_table_as_a_click_does(room):
    """The move field on a student's page: the turn, the note and the cell are checked by the class as
    for a click; a refusal changes nothing and is said (twice if typed twice); a move placed empties
    the field and is told to the other page. The mover's page lists the lit cells as text."""
    anna, ben = student(room, "Anna", names="german"), student(room, "Ben")
    TeacherView(room).deal_button.click()
    settled(anna, ben)
    roller, watcher = (anna, ben) if room.table(1).snapshot().current_player == 0 else (ben, anna)
    assert roller.move_field.label == "Type a move"
    assert anna.move_field.placeholder == "e5 or C e5, then Enter"
    watcher.move_field.value = "e5"
    watcher.type_move()  # out of turn: refused, nothing written
    events = len(room.table(1).game.events)
    assert watcher.board_view.news.startswith(f"It is {roller.student.nickname}'s turn")
    roller.roll_button.click()
    settled(roller, watcher)
    snapshot = room.table(1).snapshot()
    hand, cell = snapshot.hand, snapshot.legal[0]
    assert "muz-legal-list" in roller.board_view.html and "muz-legal-list" not in watcher.board_view.html
    assert f"<li>{room.board.cell_name(cell)}: " in roller.board_view.html
    wrong = pitch_label((hand + 1) % 12, Reader("german" if roller is anna else "english"))
    for text, said in (("zz9", "zz9 is not on the standard board"), ("e5 e6", "is not a move"),
                       (f"{wrong} {room.board.cell_name(cell)}", "nothing was placed")):
        roller.move_field.value = text
        told = roller.board_view.told
        roller.type_move()
        roller.type_move()  # the same refusal again: said again
        assert said in roller.board_view.news and roller.board_view.told == told + 2, roller.board_view.news
        assert roller.move_field.value == text and len(room.table(1).game.events) == events + 1  # the roll
    named = pitch_label(hand, Reader("german" if roller is anna else "english"))
    roller.move_field.value = f"{named.replace('♯', '#').replace('♭', 'b')} {room.board.cell_name(cell)}"
    roller.type_move()
    settled(roller, watcher)
    assert roller.move_field.value == "" and room.table(1).game.position.pitch_at(cell) == hand
    assert f"{roller.student.nickname} places " in watcher.board_view.news
    assert "muz-legal-list" not in roller.board_view.html or room.table(1).snapshot().current_player \
        == (0 if roller is anna else 1)


def test_the_teachers_page_has_its_own_harmony_menu_kept_in_its_address(room):
    """A German teacher's page reads Funktionstheorie, an English one Roman numerals; a teacher who
    chooses the other keeps it when the language changes, in the page's address and in the class
    folder (the address opened again next lesson), and the projector's comments follow it."""
    from muzlab.app.page_language import keep_teacher_harmony, teacher_harmony
    from muzlab.core.errors import UnknownSetting

    addresses = []
    teacher = TeacherView(room, "", language="de", on_address=addresses.append)
    assert teacher.harmony_menu in teacher.top.children and "muz-harmony" in teacher.harmony_menu._dom_classes
    assert (teacher.harmony_menu.value, teacher.reading.reader.harmony_style) == ("functions", "functions")
    assert teacher.harmony_menu.description == "Harmonielehre"
    labels = [label for label, _value in teacher.harmony_menu.options]
    assert labels == ["Stufen: I IV V", "Funktionen: T S D"]
    teacher.language_pick.value = "en"  # not chosen: the language's own style follows the language
    assert teacher.harmony_menu.value == "roman" and addresses[-1] == {"lang": "en"}
    assert teacher.harmony_menu.description == "Harmony"
    teacher.language_pick.value = "de"
    teacher.harmony_menu.value = "roman"  # Stufentheorie chosen
    assert teacher.reading.reader == Reader("german", typeset=True, language="de", harmony="roman")
    assert addresses[-1] == {"lang": "de", "harmony": "roman"}
    teacher.language_pick.value = "fr"
    teacher.language_pick.value = "de"
    assert teacher.harmony_menu.value == "roman" and teacher.reading.reader.harmony_style == "roman"
    assert addresses[-1] == {"lang": "de", "harmony": "roman"}
    again = TeacherView(room, "", language="de", harmony="roman")  # the address opened again
    assert again.harmony_menu.value == "roman" and again.reading.harmony == "roman"
    odd = TeacherView(room, "", language="de", harmony="numbers")  # checked, never trusted
    assert odd.harmony_menu.value == "functions" and odd.reading.harmony is None
    assert teacher_harmony(room) is None
    keep_teacher_harmony(room, "roman")
    assert teacher_harmony(room) == "roman"
    with pytest.raises(UnknownSetting):
        keep_teacher_harmony(room, "numbers")
    assert teacher_harmony(room) == "roman"
    for view in (teacher, again, odd):
        view.close()


def test_a_student_page_offers_the_apps_minor_keys_and_its_reading_of_the_minor_supertonic(room):
    """The app's lesson keys (the minors after the majors, read in harmonic minor) and its menu for
    ii° in minor, in the app's words; the ii° menu is asked only under functions with a minor key;
    both are kept in the page's address, and a value the menus do not hold is ignored."""
    from muzlab.app.page_settings import supertonic_asked
    from muzlab.widgets.tabbed_app import lesson_key_options, minor_supertonic_options

    hanna = student(room, "Hanna", lang="de", key="A harmonic minor")
    reader = hanna.reading.reader
    assert reader.key == Key.of("A harmonic minor") and reader.harmony_style == "functions"
    assert list(hanna.lesson_key.options) == lesson_key_options(reader, minor=True)  # the app's list
    assert hanna.lesson_key.label == "a-Moll" and hanna.lesson_key.description == "Tonart der Stunde"
    assert "Tonart der Stunde: <b>a-Moll</b> — A H C D E F Gis" in hanna.scale_note.value  # harmonic minor
    assert list(hanna.supertonic_menu.options) == minor_supertonic_options(reader)
    assert hanna.supertonic_menu.description == "2. Stufe in Moll" and supertonic_asked(hanna.supertonic_menu)
    assert hanna.addresses[-1]["key"] == "A harmonic minor" and "supertonic" not in hanna.addresses[-1]
    hanna.supertonic_menu.value = "dominant"  # (Đ⁷) tP
    assert hanna.reading.reader.minor_supertonic == "dominant"
    assert hanna.addresses[-1]["supertonic"] == "dominant"
    hanna.harmony_menu.value = "roman"  # Stufen: no reading to choose
    assert not supertonic_asked(hanna.supertonic_menu)
    hanna.harmony_menu.value = "functions"  # (chosen now: kept in the address)
    hanna.lesson_key.value = "C major"  # a major key: none either
    assert not supertonic_asked(hanna.supertonic_menu) and hanna.addresses[-1]["key"] == "C"
    assert "<b>C-Dur</b>" in hanna.scale_note.value
    hanna.lesson_key.value = "F# harmonic minor"
    again = StudentView(room, hanna.addresses[-1])  # a reload keeps the key and the reading
    assert again.student == hanna.student and again.lesson_key.value == "F# harmonic minor"
    assert again.reading.reader == Reader("german", Key.of("F# harmonic minor"), typeset=True, language="de",
                                          harmony="functions", minor_supertonic="dominant")
    assert supertonic_asked(again.supertonic_menu) and again.supertonic_menu.value == "dominant"
    assert "<b>fis-Moll</b> — Fis Gis A H Cis D Eis" in again.scale_note.value
    ben = student(room, "Ben", key="A harmonic minor")  # English: Roman numerals, no ii° menu
    assert "Lesson key: <b>A minor</b> — A B C D E F G♯" in ben.scale_note.value
    assert ben.lesson_key.label == "A minor" and not supertonic_asked(ben.supertonic_menu)
    for key in ("A minor", "H harmonic minor", "a", "A harmonic minor "):  # checked, never trusted
        odd = StudentView(room, {"lang": "de", "key": key, "supertonic": "tritone"})
        assert (odd.key, odd.reading.reader.key, odd.lesson_key.value) == ("", None, None)
        assert odd.supertonic == "added sixth" and odd.scale_note.value == ""


def test_the_teachers_page_offers_the_lesson_key_and_the_reading_of_ii_and_its_projector_reads_them(room):
    """The teacher's page has the students' lesson key and ii° menus (the app's lists), kept in its
    address, checked when the address is opened; the projector's board is spelled in the key chosen."""
    from muzlab.app.page_settings import supertonic_asked

    addresses = []
    teacher = TeacherView(room, "", language="de", on_address=addresses.append,
                          query={"lesson": "A harmonic minor", "supertonic": "dominant"})
    assert {teacher.key_menu, teacher.supertonic_menu} <= set(teacher.top.children)
    assert teacher.key_menu.label == "a-Moll" and teacher.key_menu.description == "Tonart der Stunde"
    assert supertonic_asked(teacher.supertonic_menu) and teacher.supertonic_menu.value == "dominant"
    hanna = student(room, "Hanna", lang="de", key="A harmonic minor", supertonic="dominant")
    assert teacher.reading.reader == hanna.reading.reader  # the projector reads as the student's page
    teacher.harmony_menu.value = "roman"
    assert not supertonic_asked(teacher.supertonic_menu)
    teacher.harmony_menu.value = "functions"
    teacher.supertonic_menu.value = "added sixth"
    # (under "lesson": the teacher's address's "key" is the teacher's own)
    assert addresses[-1] == {"lang": "de", "lesson": "A harmonic minor", "harmony": "functions"}
    teacher.key_menu.value = None
    assert addresses[-1] == {"lang": "de", "harmony": "functions"} and teacher.reading.reader.key is None
    assert not supertonic_asked(teacher.supertonic_menu)
    odd = TeacherView(room, "", language="de", query={"lesson": "Z harmonic minor", "supertonic": "?"})
    assert (odd.reading.key, odd.key_menu.value, odd.reading.minor_supertonic) == ("", None, "added sixth")
    # the projector spells the board in the lesson key: F♯ in D♯ minor, G♭ in E♭ minor
    sharp = TeacherView(room, "", query={"lesson": "D# harmonic minor"})
    flat = TeacherView(room, "", query={"lesson": "Eb harmonic minor"})
    sharp.deal_button.click()
    settled(hanna)
    table = room.table(1).table
    while table.game.position.dice == {} or 6 not in table.game.position.dice.values():
        if table.game.events:  # start a fresh game until the opening die is F#/Gb
            room.deal(1, seed=room.round + 1)
            table = room.table(1).table
        settled(hanna)
        hanna.roll_button.click()
        hanna.board_view.cells[(0, 0)].click()
    for view, name in ((sharp, ">F#<"), (flat, ">Gb<")):
        view.project(1)
        assert name in view.projector_board.svg.replace("♯", "#").replace("♭", "b")
    for view in (teacher, odd, sharp, flat, hanna):
        view.close()


def test_the_projectors_coach_comment_is_worded_in_the_teachers_harmony_choice(room, monkeypatch):
    """What the coach says of the projected table's last decision is worded for the teacher's reader:
    Funktionstheorie on a German page, Roman numerals once the teacher chooses them."""
    from muzlab.app import pages

    worded = []

    def comment(*decision, reader):
        worded.append(reader.harmony_style)
        return f"comment {len(worded)}"

    monkeypatch.setattr(pages.coach, "comment", comment)
    teacher = TeacherView(room, "", language="de")
    hanna = student(room, "Hanna", lang="de")
    teacher.deal_button.click()
    settled(hanna)
    hanna.roll_button.click()
    settled(hanna)
    hanna.board_view.cells[(0, 0)].click()  # the opening die on the centre: the table's first decision
    settled(hanna)
    assert room.table(1).snapshot().last_decision is not None
    teacher.project(1)
    assert worded[-1] == "functions" and f"comment {len(worded)}" in teacher.projector_text.value
    teacher.harmony_menu.value = "roman"
    teacher.draw_projector()
    assert worded[-1] == "roman" and f"comment {len(worded)}" in teacher.projector_text.value
    for view in (teacher, hanna):
        view.close()
