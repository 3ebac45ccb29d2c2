"""PlayBoard driven only through its buttons, as a class at the projector would play."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muzlab import Game, Reader, UnknownSetting, note_names
from muzlab.views.svg import position_svg
from muzlab.widgets import PlayBoard
from muzlab.widgets.svgboard import CELL_SIZE


def first_cell_policy(cells):
    return cells[0] if cells else None


def click_through(board: PlayBoard, policy=first_cell_policy, limit=400) -> None:
    """Play to the end with clicks only: Roll, then the policy's cell, or Pass when it gives none."""
    for _ in range(limit):
        game = board.game
        if game.over:
            return
        if game.phase in ("roll", "reroll"):
            board.roll_button.click()
        else:
            cell = policy(game.legal_placements())
            if cell is None:
                board.pass_button.click()
            else:
                board.cells[cell].click()
    raise AssertionError("the game did not end")


def api_through(game: Game, policy=first_cell_policy) -> Game:
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
        else:
            cell = policy(game.legal_placements())
            game.pass_die() if cell is None else game.place(cell)
    return game


def test_a_whole_game_by_clicks_ends_like_the_same_game_through_the_api():
    board = PlayBoard(players=2, seed=11, agent_delay=0)
    click_through(board)
    reference = api_through(Game(players=2, seed=11))
    assert board.game.scores == reference.scores
    assert board.game.events == reference.events
    assert "Game over" in board.status.value
    assert board.roll_button.disabled and board.pass_button.disabled


def test_computer_seats_play_by_themselves():
    board = PlayBoard(players=2, agents=["greedy", "random"], seed=3, agent_delay=0)
    assert board.game.over
    assert sum(board.game.scores) > 0


def test_legal_cells_light_up_with_their_points_after_a_roll():
    board = PlayBoard(players=1, seed=5, agent_delay=0)
    board.roll_button.click()
    board.cells[(0, 0)].click()  # the opening die
    board.roll_button.click()
    game = board.game
    lit = {cell for cell, handle in board.cells.items() if handle.legal}
    assert lit == set(game.legal_placements())
    for cell in lit:
        points = game.position.score(game.hand, cell)
        assert board.cells[cell].label == f"+{points}"
        assert board.cells[cell].tooltip.endswith(f"scores {points} point{'s' if points != 1 else ''}")
        assert f'class="muz-cell muz-legal" data-cell="{cell[0]},{cell[1]}"' in board.board_view.svg
    refused = next(c for c in board.cells if c not in lit and c not in game.position.dice)
    # (what a widget shows is typeset: A♭, not Ab)
    shown = Reader(typeset=True)
    assert board.cells[refused].tooltip.endswith(game.position.explain(game.hand, refused, shown))
    board.hints.value = False
    assert not any(handle.legal for handle in board.cells.values())
    assert "muz-legal" not in board.board_view.svg


def test_an_illegal_click_places_nothing_and_shows_the_rules_reason():
    board = PlayBoard(players=2, seed=0, agent_delay=0)
    board.cells[(0, 0)].click()
    assert "Roll first" in board.message.value
    board.roll_button.click()
    before = board.game.to_json()
    board.cells[(2, 0)].click()
    reason = board.game.position.explain(board.game.hand, (2, 0))
    assert reason in board.message.value.replace("&#x27;", "'")
    assert board.game.to_json() == before and board.cells[(2, 0)].label == "×2"


def test_pass_then_bonus_play_then_the_passed_player_rolls_again():
    board = PlayBoard(players=2, seed=0, agent_delay=0)
    board.roll_button.click()
    board.cells[(0, 0)].click()
    board.roll_button.click()
    face = board.game.hand
    board.pass_button.click()
    assert board.game.current_player == 1 and board.game.phase == "bonus" and board.game.hand == face
    assert "passes" in board.message.value
    cell = board.game.legal_placements()[0]
    board.cells[cell].click()
    assert board.game.events[-1].source == "passed" and board.game.current_player == 1
    assert board.game.phase == "roll" and not board.roll_button.disabled


def game_about_to_complete() -> tuple[Game, tuple[int, int]]:
    """A one-player game whose die in hand completes a run on the cell returned."""
    game = Game(players=1, seed=0)
    while True:
        if game.phase in ("roll", "reroll"):
            game.roll()
            continue
        done = [c for c in game.legal_placements() if game.position.completions(game.hand, c)]
        if done:
            return game, done[0]
        cells = game.legal_placements()
        game.place(cells[0]) if cells else game.pass_die()


def test_in_a_kernels_loop_the_staff_is_drawn_off_its_thread_and_roll_is_answered_first():
    """Item 11a: a PlayBoard made as a lesson makes it (no staff_later) answers the completing click
    and the next Roll before the staff is drawn, on the worker thread, then shows it."""
    import asyncio
    import threading

    from muzlab.widgets import listen

    drawn_on = []
    real = listen._notation

    def notation(run, reader):
        drawn_on.append(threading.current_thread().name)
        return real(run, reader)

    async def lesson():
        game, cell = game_about_to_complete()
        board = PlayBoard(players=1, game=game, agent_delay=0)
        assert board.listen.background
        board.cells[cell].click()
        assert "completes" in board.message.value and board.listen.staff.value == ""  # not yet drawn
        board.roll_button.click()  # answered at once, the staff still to come
        assert board.game.hand is not None
        for _ in range(600):
            await asyncio.sleep(0.05)
            if board.listen.staff.value:
                break
        return board

    listen._drawn.cache_clear()
    listen._notation = notation
    try:
        board = asyncio.run(lesson())
    finally:
        listen._notation = real
    assert "<svg" in board.listen.staff.value and board.listen.player.value[:4] == b"RIFF"
    assert drawn_on and all(name.startswith("muzlab-staff") for name in drawn_on)


def test_completing_a_triad_says_so_and_loads_the_sound():
    game = Game(players=1, seed=0)
    while not game.over:  # find a game state where the die in hand completes something
        if game.phase in ("roll", "reroll"):
            game.roll()
            continue
        done = [c for c in game.legal_placements() if game.position.completions(game.hand, c)]
        if done:
            break
        cells = game.legal_placements()
        game.place(cells[0]) if cells else game.pass_die()
    board = PlayBoard(players=1, game=game, agent_delay=0)
    board.cells[done[0]].click()
    assert "completes" in board.message.value and "extra roll" in board.message.value
    assert board.listen.player.value[:4] == b"RIFF" and board.listen.player.autoplay
    assert "<svg" in board.listen.staff.value
    assert not board.roll_button.disabled


def test_undo_takes_back_the_persons_move_and_the_computers_reply(tmp_path):
    board = PlayBoard(players=2, agents=[None, "greedy"], seed=4, agent_delay=0)
    board.roll_button.click()
    board.cells[(0, 0)].click()
    board.roll_button.click()
    before_place = board.game.to_json()
    board.cells[board.game.legal_placements()[0]].click()
    assert len(board.game.position) > 2  # the computer has replied
    board.undo_button.click()
    board.undo_button.click()  # back to before this person's roll
    board.roll_button.click()
    assert board.game.to_json() == before_place


def test_save_and_load_a_game_record_through_the_buttons(tmp_path):
    board = PlayBoard(players=2, agents=[None, "random"], seed=8, agent_delay=0)
    for _ in range(3):
        board.roll_button.click()
        cells = board.game.legal_placements()
        board.cells[cells[0]].click() if cells else board.pass_button.click()
    record = tmp_path / "class-game.json"
    board.save(record)
    assert json.loads(record.read_text())["events"]
    other = PlayBoard(players=2, agents=[None, "random"], seed=99, agent_delay=0)
    other.load(record)
    assert other.game == board.game and "Loaded a game" in other.message.value  # drawn at once
    assert other.cells[(0, 0)].label == board.cells[(0, 0)].label
    assert other.board_view.svg == board.board_view.svg
    (tmp_path / "broken.json").write_text('{"format": "muzlab-game"')
    messages = other.load(tmp_path / "broken.json")
    assert "not a game record" in messages[0].text and other.game == board.game
    assert "not a game record" in other.message.value


def play_a_few_moves(board: PlayBoard, moves: int = 3) -> None:
    for _ in range(moves):
        board.roll_button.click()
        cells = board.game.legal_placements()
        board.cells[cells[0]].click() if cells else board.pass_button.click()


def upload(board: PlayBoard, name: str, content: bytes) -> None:
    """What the page's Load sends: the file's name, and its bytes as a buffer."""
    board.load_button._message(board.load_button, {"event": "upload", "name": name}, [memoryview(content)])


def test_save_downloads_the_record_and_the_sheet_and_load_uploads_it(tmp_path):
    board = PlayBoard(players=2, agents=[None, "random"], seed=8, agent_delay=0)
    play_a_few_moves(board)
    record = board.save_button.click()  # what the browser saves
    assert record.name.endswith(".json") and Game.from_json(record.data.decode()) == board.game
    sheet = board.sheet_button.click().data.decode()
    lines = sheet.splitlines()
    assert lines[0].startswith("turn,") and len(lines) == len(board.table.sheet_rows()) + 1
    other = PlayBoard(players=2, agents=[None, "random"], seed=99, agent_delay=0)
    upload(other, record.name, record.data)
    assert other.game == board.game
    assert "Loaded a game" in other.message.value
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere


def test_a_file_too_big_is_not_even_sent_and_load_says_so():
    board = PlayBoard(players=2, seed=8, agent_delay=0)
    assert board.load_button.max_bytes == 1_000_000  # the page checks the size before sending
    too_big = {"event": "too big", "name": "film.mp4", "size": 52_428_800}
    board.load_button._message(board.load_button, too_big, [])
    assert "film.mp4 is 52,428,800 bytes; a game record is at most 1,000,000 bytes" in board.message.value


@pytest.mark.parametrize(("content", "why"), [
    (b"x" * 1_000_001, "is 1,000,001 bytes; a game record is at most 1,000,000 bytes"),
    (b"\xff\xfe\x00", "is not text"),
    (b'{"format": "muzlab-game"', "is not a game record muzlab can replay"),
    (b"[" * 100_000 + b"]" * 100_000, "is not a game record muzlab can replay"),
])
def test_load_refuses_anything_but_a_record_with_a_sentence(content, why):
    board = PlayBoard(players=2, agents=[None, "random"], seed=8, agent_delay=0)
    play_a_few_moves(board)
    before = board.game.to_json()
    upload(board, "homework.json", content)
    assert f"homework.json {why}" in board.message.value and board.game.to_json() == before


def test_load_draws_a_record_on_a_larger_board_on_that_board():
    """Issue #53: a record on a custom board of radius 5 raised KeyError: (-5, 0) in SeatBoard, which
    drew on the widget's own board, and the page stayed broken; the loaded game's board is drawn."""
    import random

    from muzlab.core.board import Board

    game, rng = Game(2, Board.from_dict({"hexagon": 5}), seed=5), random.Random(1)
    usual = PlayBoard(players=2, seed=8, agent_delay=0).game.board

    def ring(cell):
        return max(abs(cell[0]), abs(cell[1]), abs(cell[0] + cell[1]))

    def next_die_fits_beyond(game):
        trial = Game.from_json(game.to_json())
        trial.roll()
        return any(c not in usual for c in trial.legal_placements())

    while not (any(ring(c) == 5 for c in game.position.dice) and game.phase == "roll"  # out to the rim
               and game.current_player == 0 and next_die_fits_beyond(game)):
        if game.phase in ("roll", "reroll"):
            game.roll()
        elif cells := game.legal_placements():
            game.place(max(cells, key=lambda c: (ring(c), rng.random())))
        else:
            game.pass_die()
    assert not game.over
    board = PlayBoard(players=2, agents=[None, "random"], seed=8, agent_delay=0, hints=True)
    cells = board.cells
    upload(board, "big.json", game.to_json().encode())
    assert "Loaded a game of" in board.message.value
    assert board.board_view.board == game.board and board.cells is cells and len(cells) == 91
    assert (-5, 0) in board.board_view.classes and board.board_view.svg.startswith("<svg")
    board.roll_button.click()
    beyond = [c for c in board.game.legal_placements() if c not in usual]
    assert beyond and board.cells[beyond[0]].legal
    board.cells[beyond[0]].click()  # a cell the usual board does not have answers the click
    assert beyond[0] in board.game.position.dice
    upload(board, "usual.json", Game(2, usual, seed=4).to_json().encode())  # and back to the usual board
    assert board.board_view.board == usual and len(board.cells) == len(usual)


def test_any_failure_in_load_is_a_refusal_and_the_game_and_page_go_on(monkeypatch):
    """Issue #53: any exception in Load (reading, replaying or drawing) becomes a refusal naming the
    file; the game before it stays, and the board keeps answering."""
    from muzlab.widgets.seatboard import SeatBoard

    board = PlayBoard(players=2, agents=[None, "random"], seed=8, agent_delay=0)
    play_a_few_moves(board)
    before, sheet = board.game.to_json(), board.sheet.value
    other = PlayBoard(players=2, agents=[None, "random"], seed=99, agent_delay=0)
    play_a_few_moves(other, 5)
    real = SeatBoard.show_seat

    def broken(self, position, *args, **kwargs):
        if len(position) == len(other.game.position):
            raise KeyError((-5, 0))
        return real(self, position, *args, **kwargs)

    monkeypatch.setattr(SeatBoard, "show_seat", broken)
    upload(board, "odd.json", other.game.to_json().encode())
    assert "odd.json could not be loaded" in board.message.value
    assert board.game.to_json() == before and board.sheet.value == sheet
    play_a_few_moves(board, 2)  # the page goes on
    assert len(board.game.events) > len(json.loads(before)["events"])


def test_new_game_uses_the_next_seed():
    board = PlayBoard(players=2, seed=20, agent_delay=0)
    board.new_button.click()
    assert board.game.seed == 21 and board.game.events == ()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1000), st.lists(st.tuples(st.sampled_from(["roll", "pass", "undo", "cell"]),
                                                st.integers(0, 60)), max_size=60))
def test_random_clicks_never_raise_or_break_the_rules(seed, clicks):
    board = PlayBoard(players=2, agents=[None, "random"], seed=seed, agent_delay=0)
    cells = list(board.cells)
    for action, index in clicks:
        if action == "cell":
            board.cells[cells[index]].click()
        else:
            getattr(board, f"{action}_button").click()
        assert board.game.position.problems() == []
        assert sum(board.game.scores) == sum(e.points for e in board.game.events if e.kind == "place")


def test_teams_are_named_on_the_scores_and_messages():
    board = PlayBoard(players=2, agents=[None, "greedy"], names=["Team Bach", "Team Clara"], seed=0,
                      agent_delay=0)
    assert "Team Bach: 0" in board.scores.value and "Team Clara (greedy): 0" in board.scores.value
    board.roll_button.click()
    board.cells[(0, 0)].click()
    assert "Team Bach places" in board.message.value


def test_completed_structures_are_listed_in_the_order_built():
    game = api_through(Game(players=2, seed=11))
    built = game.completed_structures()
    completing = [e for e in game.events if e.kind == "place" and e.completed]
    assert built and len(built) >= len(completing)
    assert all(s.complete for s in built)
    assert built[0].cells[-1] == completing[0].cell or completing[0].cell in built[0].cells


def without_layer(svg: str) -> str:
    """The SVG with the board widget's interaction layer taken out."""
    start = svg.index('<g class="muz-layer"')
    end = svg.index("</g>\n", start) + len("</g>\n")
    return svg[:start] + svg[end:]


def test_the_board_is_muzlab_svg_drawing_plus_an_interaction_layer():
    board = PlayBoard(players=2, agents=[None, "greedy"], seed=9, agent_delay=0)
    for _ in range(4):
        board.roll_button.click()
        cells = board.game.legal_placements()
        board.cells[cells[-1]].click() if cells else board.pass_button.click()
    board.roll_button.click()
    game = board.game
    drawing = position_svg(game.position, CELL_SIZE, highlight=game.hand, last=board.table.last)
    assert without_layer(board.board_view.svg) == drawing
    assert board.table.last is not None and 'class="last"' in drawing
    board.hints.value = False
    assert without_layer(board.board_view.svg) == position_svg(game.position, CELL_SIZE,
                                                                last=board.table.last)
    assert board.board_view.svg.count('<polygon class="muz-cell') == len(game.board)


def test_keys_pressed_on_the_board_roll_pass_and_undo():
    board = PlayBoard(players=2, seed=0, agent_delay=0)
    press = lambda key: board.board_view._message(board.board_view, {"event": "key", "key": key}, [])  # noqa: E731
    press("r")
    assert board.game.hand is not None
    board.board_view._message(board.board_view, {"event": "click", "cell": "0,0"}, [])  # Enter on e5
    assert board.game.position.dice.get((0, 0)) is not None
    press("r")
    press("p")
    assert board.game.phase == "bonus" and board.game.current_player == 1
    press("u")
    assert board.game.phase == "place" and board.game.current_player == 0
    press("x")  # not a shortcut: nothing happens
    assert board.game.phase == "place"


def test_the_hint_button_lights_the_best_cell_says_why_and_counts_on_the_sheet():
    board = PlayBoard(players=1, seed=6, agent_delay=0)
    board.roll_button.click()
    board.cells[(0, 0)].click()
    board.roll_button.click()
    while not board.game.legal_placements():
        board.pass_button.click()
        board.roll_button.click()
    scores = board.game.position.legal_scores(board.game.hand)
    board.hint_button.click()
    chosen = {cell for cell, handle in board.cells.items() if "muz-selected" in handle.classes}
    assert chosen and all(scores[cell] == max(scores.values()) for cell in chosen)
    assert any(board.table.board.cell_name(cell) in board.message.value for cell in chosen)
    board.cells[sorted(chosen)[0]].click()
    assert board.table.score_sheet()["hints"].sum() == 1 and "<th>hints</th>" in board.sheet.value
    assert not any("muz-selected" in handle.classes for handle in board.cells.values())


def test_a_teacher_can_switch_the_hint_button_off():
    board = PlayBoard(players=1, seed=6, agent_delay=0, allow_hints=False)
    board.roll_button.click()
    assert board.hint_button.layout.display == "none"
    board.board_view._message(board.board_view, {"event": "key", "key": "h"}, [])
    assert board.table.hints_used(0) == 0


def test_scale_and_cell_names_for_a_projector():
    board = PlayBoard(players=2, seed=0, agent_delay=0, scale=1.5)
    big = "font-size:calc(44 * var(--muz-u, {}px))"  # the app's --muz-u, else the scale
    assert board.board_view.scale == 1.5 and big.format(1.5) in board.hand.value
    board.scale = 2
    assert board.board_view.scale == 2.0 and big.format(2) in board.hand.value
    assert 'class="cell-name"' not in board.board_view.svg
    board.cell_names.value = True
    assert '>e5</text>' in board.board_view.svg and '>a1</text>' in board.board_view.svg
    with pytest.raises(UnknownSetting, match="scale 0.0"):
        board.scale = 0
    assert board.board_view.scale == 2.0 and big.format(2) in board.hand.value


def test_the_die_in_hand_is_written_as_on_the_board_with_a_real_sharp():
    board = PlayBoard(players=2, seed=1, agent_delay=0)
    board.roll_button.click()
    assert board.game.hand == 1 and ">C♯</div>" in board.hand.value
    assert "rolls C♯" in board.message.value


def test_the_panel_and_the_sheet_grow_with_the_scale():
    board = PlayBoard(players=2, seed=0, agent_delay=0)
    assert board.controls.layout.max_width == "calc(540 * var(--muz-u, 1px))"
    board.scale = 2
    assert board.controls.layout.max_width == "calc(540 * var(--muz-u, 2px))"
    assert "font-size: calc(14 * var(--muz-u, 2px))" in board.sheet.value  # the score sheet too
    projector = PlayBoard(players=1, seed=0, agent_delay=0, scale=1.5).controls.layout
    assert projector.min_width == "min(360px, 100%)"  # never wider than a phone's window
    assert projector.max_width == "calc(540 * var(--muz-u, 1.5px))"


def test_the_score_sheet_is_redrawn_only_when_it_changes_and_in_the_note_names_in_force():
    board = PlayBoard(players=1, seed=2, agent_delay=0)
    with pytest.raises(AssertionError, match="did not end"):
        click_through(board, limit=12)  # a few turns of the game
    drawn = board.sheet.value
    assert "<th>hints</th>" in drawn and "<td>opening B e5 +0</td>" in drawn and "C♯ f5 +2" in drawn
    assert all(f"<td>{row['total']}</td>" in drawn for row in board.table.sheet_rows())
    board.cell_names.value = True  # a redraw that changes nothing on the sheet
    assert board.sheet.value is drawn
    with note_names("german"):  # B is H and C# is Cis to a German class
        board.refresh()
        assert "<td>opening H e5 +0</td>" in board.sheet.value and "Cis f5 +2" in board.sheet.value
    board.refresh()
    assert board.sheet.value == drawn


def test_computer_moves_come_from_a_timer_on_the_event_loop_not_a_sleep():
    import asyncio

    async def play() -> tuple[bool, int, int]:
        board = PlayBoard(players=2, agents=[None, "greedy"], seed=4, agent_delay=0.01)
        while board.table.person_to_act:  # the person plays until the computer is to act
            board.roll_button.click()
            cells = board.game.legal_placements()
            board.cells[cells[0]].click() if cells else board.pass_button.click()
        waiting = board.table.computer_to_act and board._timer is not None  # the click returned at once
        moved_before = len(board.game.events)
        for _ in range(500):  # the loop runs the timed moves until the person is to act again
            await asyncio.sleep(0.01)
            if board.table.person_to_act or board.game.over:
                break
        return waiting, moved_before, len(board.game.events)

    waiting, before, after = asyncio.run(play())
    assert waiting and after > before


def test_a_die_cell_tells_its_die_and_cell_to_a_reader():
    from muzlab.rules.position import Position as _Position
    from muzlab.widgets.svgboard import Scene, SvgBoard

    view = SvgBoard(_Position().board)
    view.show(Scene(_Position(None, {"e5": "C", "e6": "Eb"})))
    assert view.cells[(0, -1)].tooltip == "E♭ on e6"
    assert view.cells[(0, -2)].tooltip == "e7, honeypot ×2"  # an empty cell: its name and honeypot
    assert "<title>E♭ on e6</title>" in view.svg
    assert 'aria-label="standard board, 2 dice: C on e5, E♭ on e6"' in view.svg


def test_a_completed_runs_staff_and_keyboard_are_scrolled_into_the_window_when_drawn():
    """Item 16: each time the listen panel has drawn a run (a completion, or one chosen again), the
    board asks the page to bring the staff and keyboard into the window (on a phone they are under the
    board); the page scrolls only if they are not all in view."""
    board = PlayBoard(players=1, seed=0, agent_delay=0, staff_later=False)
    assert board.board_view.revealed == 0 and "muz-pictures" in board.listen.pictures._dom_classes
    for _ in range(400):
        if board.game.over or board.listen.structure is not None:
            break
        if board.table.can_roll:
            board.roll_button.click()
        elif board.game.legal_placements():
            board.cells[board.game.legal_placements()[0]].click()
        else:
            board.pass_button.click()
    assert board.listen.structure is not None and board.listen.keyboard.value
    assert board.board_view.revealed == 1 and board.board_view.revealing == ".muz-listen .muz-pictures"
    board.runs.value = 0  # the same run chosen from the Replay list: drawn, and shown, again
    assert board.board_view.revealed == 2
