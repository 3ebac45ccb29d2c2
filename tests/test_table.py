"""The table of seats (people and computer players) around one game, without any widget."""

import dataclasses
import subprocess
import sys

import pytest

from muzlab import Board, Game, GameError, Reader, RuleSet
from muzlab.names import position_words
from muzlab.names.spelling import pitch_label, symbols
from muzlab.play.agents import make_agent
from muzlab.play.table import Table
from muzlab.play.table_news import said
from muzlab.sim.simulation import SimulationSpec, play_game


def first_legal(table: Table):
    cells = table.game.legal_placements()
    return cells[0] if cells else None


def opened(table: Table) -> Table:
    """The opening die placed by the person in seat 1."""
    table.roll()
    table.place(table.board.centre)
    return table


def test_the_table_needs_no_widget_library():
    code = "import sys, muzlab.play.table; print('ipywidgets' in sys.modules, 'anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_a_table_of_computers_plays_a_game_exactly_as_a_simulation_does():
    spec = SimulationSpec(("greedy", "random"), seed=5)
    seed = spec.game_seed(3)
    table = Table(agents=list(spec.seating(3)), seed=seed)
    messages = said(table.play_computers())
    assert table.game.over and table.game == play_game(spec, 3)
    placed = [m for m in messages if m.event is not None and m.event.kind == "place"]
    assert len(placed) == len(table.game.position)
    assert "Game over" in messages[-1].text


def locked_table(end_on_locked_board: bool) -> Table:
    """Two cells in a column: after the opening die no note fits (the room rule), so the board locks."""
    board = Board([(0, 0), (0, -1)], name="tiny")
    rules = dataclasses.replace(RuleSet.basic(), end_on_locked_board=end_on_locked_board)
    return Table(agents=["greedy", "random"], game=Game(2, board, rules, dice=6, seed=1))


def test_computers_on_a_locked_board_the_rules_do_not_end_stop_with_a_message_instead_of_looping():
    table = locked_table(end_on_locked_board=False)
    messages = said(table.play_computers())
    assert messages[-1].kind == "stopped" and "locked" in messages[-1].text
    assert not table.game.over and table.locked_forever
    events = table.game.events
    again = table.play_computers()
    assert [m.kind for m in again] == ["stopped"] and table.game.events == events
    assert "locked" in table.status()


def test_computers_on_a_locked_board_the_rules_end_finish_the_game():
    table = locked_table(end_on_locked_board=True)
    messages = table.play_computers()
    assert table.game.over and table.game.end_reason == "locked board"
    assert all(m.kind == "info" for m in messages)


def test_agents_are_seeded_by_the_simulation_rule_and_reseeded_for_a_new_game():
    table = Table(agents=[None, "greedy", "random"], players=3, seed=40)
    assert table.agents[0] is None
    assert table.agents[1].rng.getstate() == make_agent("greedy", "40:1").rng.getstate()
    table.new_game()
    assert table.game.seed == 41 and table.game.events == ()
    assert table.agents[2].rng.getstate() == make_agent("random", "41:2").rng.getstate()


def test_undo_goes_back_to_before_the_last_persons_move_with_the_computers_replies():
    table = opened(Table(agents=[None, "greedy"], seed=4))
    table.roll()
    before = table.game.to_json()
    table.place(first_legal(table))
    assert table.game.current_player == 0 and len(table.game.position) > 2  # greedy has replied
    messages = said(table.undo())
    assert table.game.to_json() == before and "Undone: Player 1 places" in messages[0].text
    table.undo()  # the person's roll too
    assert table.game.phase == "roll" and table.game.current_player == 0


def test_undo_with_no_person_having_played_is_refused():
    table = Table(agents=["greedy", None], seed=2)
    table.play_computers()
    events = table.game.events
    assert table.undo()[0].refused and table.game.events == events


def test_refused_actions_change_nothing_and_say_why():
    table = Table(agents=[None, "greedy"], seed=0)
    assert "Roll first" in said(table.place("e5"))[0].text
    table.roll()
    before = table.game.to_json()
    refused = said(table.place((2, 0)))
    why = position_words.explain(table.game.position, table.game.hand, (2, 0))
    assert refused[0].refused and refused[0].text == why
    assert table.game.to_json() == before
    table.place("e5")
    computer = Table(agents=["greedy", None], seed=0)
    assert "computer player" in said(computer.roll())[0].text and computer.game.events == ()


def test_cells_are_named_in_messages_and_accepted_by_name():
    table = Table(players=1, seed=5)
    table.roll()
    message = said(table.place("e5"))[0]
    assert message.event.cell == (0, 0) and " on e5 (opening): 0 points." in message.text
    assert "(0, 0)" not in message.text


def extra_roll_table() -> tuple[Table, tuple[int, int]]:
    """A person's table where the die in hand completes a triad or a scale, and the cell that does."""
    for seed in range(200):
        table = Table(players=1, seed=seed)
        game = table.game
        while not game.over:
            if game.phase in ("roll", "reroll"):
                table.roll()
                continue
            done = [c for c in game.legal_placements() if game.position.completions(game.hand, c)]
            if done and game.supply > 0:
                return table, done[0]
            cell = first_legal(table)
            table.place(cell) if cell else table.pass_die()
    raise AssertionError("no completion found")


def test_a_completion_is_reported_with_its_extra_roll_from_the_game_state():
    table, cell = extra_roll_table()
    message = said(table.place(cell))[0]
    assert message.extra_roll and "completes" in message.text and message.text.endswith(": extra roll!")
    assert table.game.phase == "roll"
    ordinary = Table(players=1, seed=3)
    ordinary.roll()
    assert not ordinary.place("e5")[0].extra_roll  # the opening's next roll is the first turn's


def test_seat_names_are_data_on_messages_scores_sheet_and_result():
    table = Table(agents=[None, "greedy"], names=["Team Bach", "Team Clara"], seed=0)
    assert [seat.label for seat in table.seats] == ["Team Bach", "Team Clara (greedy)"]
    opened(table)
    table.roll()
    cell = first_legal(table)
    messages = said(table.place(cell) if cell else table.pass_die())
    assert messages[0].text.startswith("Team Bach") and any("Team Clara (greedy)" in m.text for m in messages)
    sheet = table.score_sheet()
    assert set(sheet["player"]) == {"Team Bach", "Team Clara (greedy)"}
    while not table.game.over:
        if table.game.phase in ("roll", "reroll"):
            table.roll()
        else:
            cell = first_legal(table)
            table.place(cell) if cell else table.pass_die()
    assert "Team" in table.result_words() and "Player" not in table.result_words()


def test_a_hint_names_the_best_cell_and_is_counted_on_the_score_sheet():
    table = opened(Table(agents=[None, "greedy"], seed=6))
    table.roll()
    while not table.game.legal_placements():  # a die that fits somewhere
        table.pass_die()
        table.roll()
    scores = table.game.position.legal_scores(table.game.hand)
    hint = said(table.hint())[0]
    assert hint.kind == "hint" and hint.cells
    assert all(scores[cell] == max(scores.values()) for cell in hint.cells)
    assert table.board.cell_name(hint.cells[0]) in hint.text
    table.hint()  # asking again for the same die counts once
    assert table.hints_used(0) == 1 and table.hints_used(1) == 0
    table.place(hint.cells[0])
    sheet = table.score_sheet()
    assert sheet["hints"].sum() == 1 and sheet.loc[sheet["hints"] == 1, "player"].item() == "Player 1"


def test_a_teacher_can_switch_hints_off():
    table = opened(Table(players=1, seed=6, allow_hints=False))
    table.roll()
    assert table.hint()[0].refused and table.hints_used(0) == 0


def test_seats_must_match_the_players():
    with pytest.raises(GameError, match="agents lists 3 seats"):
        Table(players=2, agents=[None, None, "greedy"])
    with pytest.raises(GameError, match="names lists 1 seat but"):
        Table(players=2, names=["Solo"])


def test_loading_a_game_for_another_number_of_players_is_refused():
    table = Table(players=2, seed=1)
    assert table.load(Game(players=3, seed=1))[0].refused and table.game.players == 2


def test_the_sheet_names_each_die_once_and_agrees_with_the_games_sheet_after_undo_and_new_names():
    from muzlab import note_names

    columns = ["turn", "round", "plays", "bonus", "extra", "passes", "points", "total"]
    for seed in range(4):
        table = Table(agents=[None, "greedy"], seed=seed)
        for _ in range(30):
            if table.game.over:
                break
            if table.game.phase in ("roll", "reroll"):
                table.roll()
            else:
                cell = first_legal(table)
                table.place(cell) if cell else table.pass_die()
            assert table.score_sheet()[columns].equals(table.game.score_sheet()[columns]), seed
        table.undo()
        assert table.score_sheet()[columns].equals(table.game.score_sheet()[columns]), seed
        with note_names("german"):
            assert table.score_sheet()[columns].equals(table.game.score_sheet()[columns]), seed
        assert list(table.score_sheet()["player"]) == [table.seats[seat].label for seat in
                                                       table.game.score_sheet()["player"].map(
                                                           lambda name: int(name.split()[-1]) - 1)]


def test_a_hint_on_a_passed_die_that_fits_nowhere_says_to_re_roll_it():
    table = Table(2, seed=3)
    for _ in range(300):  # play first cells until a rolled die fits nowhere, then pass it on
        game = table.game
        if game.phase == "roll":
            table.roll()
        elif game.legal_placements():
            table.place(game.legal_placements()[0])
        else:
            assert said(table.hint())[0].text.endswith("fits nowhere on this board: pass it on.")
            table.pass_die()
            break
    assert table.game.phase == "bonus" and not table.game.legal_placements()
    hint = said(table.hint())[0]
    passed = symbols(pitch_label(table.game.hand))  # table messages are typeset: E♭
    assert hint.text == f"The passed {passed} fits nowhere on this board: re-roll it (Pass, then Roll)."
    assert not hint.cells


def test_the_table_says_what_a_person_may_do_so_a_board_reads_no_phase():
    table = Table(2, agents=[None, "greedy"], seed=1)
    assert (table.can_roll, table.can_pass, table.can_hint) == (True, False, False)
    table.roll()
    assert (table.can_roll, table.can_pass, table.can_hint) == (False, True, True)
    assert not Table(2, seed=1, allow_hints=False).can_hint
    table.autoplay = False  # the computer waits for computer_step()
    table.place(table.game.legal_placements()[0])
    while table.person_to_act:
        table.roll()
        cells = table.game.legal_placements()
        table.place(cells[0]) if cells else table.pass_die()
    assert table.computer_to_act and not (table.can_roll or table.can_pass or table.can_hint)
    assert table.computer_step() is not None


def test_the_runs_to_hear_are_those_the_last_placements_completed():
    table = Table(1, seed=5)
    for _ in range(200):
        if table.game.phase in ("roll", "reroll"):
            table.roll()
            continue
        cells = table.game.legal_placements()
        messages = table.place(cells[0]) if cells else table.pass_die()
        runs = table.runs_to_hear(messages)
        event = messages[0].event
        if event.kind == "place" and event.completed:
            assert runs and all(run.complete and event.cell in run.cells for run in runs)
            break
        assert runs == ()
    else:
        pytest.fail("no completion in 200 actions")


def test_the_tables_die_words_come_from_the_games_one_history_after_undo_load_and_going_on():
    from muzlab.play.game_words import moment_words

    typeset, german = Reader(typeset=True), Reader("german")

    def named_afresh(game: Game, reader: Reader) -> tuple:
        """The die words worked out from scratch, on the history of the game replayed from its record."""
        return tuple(moment_words(moment, reader) for moment in Game.from_json(game.to_json()).history())

    def play_on(table: Table, actions: int) -> None:
        for _ in range(actions):
            if table.game.over:
                return
            if table.game.phase in ("roll", "reroll"):
                table.roll()
            elif first_legal(table):
                message = said(table.place(first_legal(table)))[0]
                # (the table's messages are typeset, and its die words with them)
                name = table.game.die_words(typeset)[table.game.events.index(message.event)].name
                assert f"places {name} on" in message.text
            else:
                table.pass_die()

    table = Table(agents=[None, "greedy"], seed=3)
    play_on(table, 25)
    table.undo()
    assert table.game.die_words(typeset) == named_afresh(table.game, typeset)
    play_on(table, 6)
    table.load(Game.from_json(table.game.to_json()))
    play_on(table, 10)
    game, rows = table.game, table.sheet_rows()
    assert game.die_words(typeset) == named_afresh(game, typeset)
    assert [row["plays"] for row in rows] == list(Game.from_json(game.to_json()).score_sheet()["plays"])
    assert game.die_words(german) == named_afresh(game, german)
