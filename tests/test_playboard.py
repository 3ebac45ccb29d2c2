"""PlayBoard driven only through its buttons, as a class at the projector would play."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muzlab import Game, UnknownSetting, note_names
from muzlab.svg import position_svg
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
    assert board.cells[refused].tooltip.endswith(game.position.explain(game.hand, refused))
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
    board.record_path.value = str(record)
    board.save_button.click()
    assert json.loads(record.read_text())["events"]
    other = PlayBoard(players=2, agents=[None, "random"], seed=99, agent_delay=0)
    other.record_path.value = str(record)
    other.load_button.click()
    assert other.game == board.game
    assert other.cells[(0, 0)].label == board.cells[(0, 0)].label
    assert other.board_view.svg == board.board_view.svg
    (tmp_path / "broken.json").write_text('{"format": "muzlab-game"')
    other.record_path.value = str(tmp_path / "broken.json")
    other.load_button.click()
    assert "not a game record" in other.message.value and other.game == board.game


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
    assert "Team Bach placed" in board.message.value


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
    assert board.board_view.scale == 1.5 and "font-size:66px" in board.hand.value
    board.scale = 2
    assert board.board_view.scale == 2.0 and "font-size:88px" in board.hand.value
    assert 'class="cell-name"' not in board.board_view.svg
    board.cell_names.value = True
    assert '>e5</text>' in board.board_view.svg and '>a1</text>' in board.board_view.svg
    with pytest.raises(UnknownSetting, match="scale 0.0"):
        board.scale = 0
    assert board.board_view.scale == 2.0 and "font-size:88px" in board.hand.value


def test_the_die_in_hand_is_written_as_on_the_board_with_a_real_sharp():
    board = PlayBoard(players=2, seed=1, agent_delay=0)
    board.roll_button.click()
    assert board.game.hand == 1 and ">C♯</div>" in board.hand.value
    assert "rolled C♯" in board.message.value


def test_the_record_label_and_the_panel_grow_with_the_scale():
    board = PlayBoard(players=2, seed=0, agent_delay=0)
    assert board.record_path.description == "Record"
    assert board.record_path.style.description_width == "initial"  # never cut to "Re…"
    laptop = (board.record_path.layout.width, board.controls.layout.max_width)
    assert laptop == ("230px", "540px")
    board.scale = 2
    assert (board.record_path.layout.width, board.controls.layout.max_width) == ("460px", "1080px")
    assert "font-size: 28px" in board.sheet.value  # the score sheet too
    projector = PlayBoard(players=1, seed=0, agent_delay=0, scale=1.5).controls.layout
    assert (projector.min_width, projector.max_width) == ("360px", "810px")  # beside the board where it fits


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
