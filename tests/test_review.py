"""The coach: advice for a die, and the move-by-move review of any game checked against the rules."""

import dataclasses
import random
import re

import pytest
import reference_rules as reference

import muzlab
from muzlab import Game, GameError, IllegalPlacement, Position, UnknownNoteName
from muzlab.play.agents import make_agent, play
from muzlab.play.coach import advice, comment, comments, decisions, review, summary
from muzlab.reading import typeset

COORDINATES = re.compile(r"\(-?\d+, ?-?\d+\)")  # a person never reads (q, r)


def person_like_game(seed: int) -> Game:
    """A two-player game played by a careless person: random cells, sometimes a pass with a legal
    cell, sometimes a declined passed die; also returns each decision's position and die."""
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
        elif game.legal_placements() and (game.phase == "place" and len(game.position) == 0
                                          or rng.random() > 0.15):
            game.place(rng.choice(game.legal_placements()))
        else:
            game.pass_die()
    return game


def reference_scores(position: Position, pitch: int) -> dict:
    """Every cell of the board judged by the naive reference rules: the score where the die may go."""
    cells, dice = set(position.board.cells), dict(position.dice)
    return {cell: reference.score(position.board, dice, pitch, cell) for cell in position.board.cells
            if reference.legal(cells, dice, pitch, cell)}


def seeded_games():
    for seed in range(4):
        yield person_like_game(seed)
        yield play(Game(players=3, seed=seed), [make_agent("greedy", seed), make_agent("random", seed),
                                                make_agent("expert", seed)])


def test_review_rows_agree_with_the_rules_on_seeded_games():
    for game in seeded_games():
        frame = review(game)
        moments = decisions(game)
        assert len(frame) == len(moments) > 0
        decided = [e for e in game.events if e.kind == "place" or e.kind == "pass"]
        assert len(frame) >= len(decided)  # every placement and pass is a row
        assert "comment" not in frame.columns  # facts only: the words come from `comments`
        for row, moment, said in zip(frame.itertuples(), moments, comments(game), strict=True):
            scores = reference_scores(moment.position, moment.pitch)
            board = moment.position.board
            assert row.best_points == max(scores.values(), default=0)
            assert set(row.best_cells) == {board.cell_name(c) for c, s in scores.items()
                                           if s == row.best_points}
            assert row.legal_cells == len(scores)
            assert row.loss == row.best_points - row.points >= 0
            if row.cell is not None:
                assert row.points == scores[board.parse_cell(row.cell)]
            if row.loss == 0 and row.legal_cells:
                assert row.cell in row.best_cells
            assert row.expert is None or row.expert in {board.cell_name(c) for c in scores}
            assert row.player == f"Player {row.seat + 1}"
            assert not COORDINATES.search(said) and said.endswith(".")
        sums = frame.groupby("seat")["points"].sum()
        assert tuple(int(sums.get(seat, 0)) for seat in range(game.players)) == game.scores
        table = summary(frame)
        assert list(table["points"]) == list(game.scores)
        assert list(table["points_lost"]) == [int(frame[frame.seat == s]["loss"].sum())
                                              for s in range(game.players)]
        assert all(0 <= share <= 1 for share in table["best_share"])


def test_a_greedy_player_never_loses_points_and_a_record_reviews_the_same():
    game = play(Game(seed=5), [make_agent("greedy", 1), make_agent("greedy", 2)])
    frame = review(game)
    assert (frame["loss"] == 0).all()
    assert (summary(frame)["best_share"] == 1.0).all()
    assert review(Game.from_json(game.to_json())).equals(frame)
    assert muzlab.review(game).equals(frame)  # (the front door's: the notebook's reader, English here)


def c_and_e_game() -> Game:
    """C-E in column e, a Bb on d4; Player 1 holds a G that would complete C major on e7 (or go on d3)."""
    game = Game(seed=0)
    for face, cell in (("C", "e5"), ("E", "e6"), ("Bb", "d4")):
        game.roll(face)
        game.place(cell)
    game.roll("G")
    return game


def test_comments_name_what_the_best_cell_would_have_completed():
    game = c_and_e_game()
    game.place("d3")  # G beside Bb, not the completion
    frame = review(game)
    assert list(frame["cell"]) == ["e5", "e6", "d4", "d3"]
    last = frame.iloc[-1]
    assert last["best_cells"] == ("e7",) and last["best_points"] == 6 and last["loss"] == 4
    assert comments(game)[-1] == ("G on e7 would have completed the C major triad for 6 points (3 ×2 on the "
                               "honeypot); G on d3 scored 2.")
    assert last["missed_completion"] and last["missed_honeypot"]
    assert comments(game)[0] == "The opening C went on e5 and scored nothing."
    assert summary(frame)["completions_missed"].tolist() == [1, 0]
    assert summary(frame)["honeypots_missed"].tolist() == [1, 0]


def test_a_pass_with_a_legal_cell_loses_its_best_points_and_says_where_it_fitted():
    game = c_and_e_game()
    game.pass_die()  # Player 1 passes the G: it fitted on e7
    game.pass_die()  # Player 2 gives up the passed G as well
    frame = review(game)
    passed, declined = frame.iloc[-2], frame.iloc[-1]
    assert passed["cell"] is None and passed["loss"] == 6 and passed["player"] == "Player 1"
    assert comments(game)[-2].startswith("Passed, but G fitted on e7, where it would have completed the "
                                        "C major triad for 6 points")
    assert declined["player"] == "Player 2" and declined["source"] == "passed" and declined["loss"] == 6
    assert comments(game)[-1].startswith("The passed die was not placed, but G fitted on e7")


def test_advice_gives_the_best_cells_their_points_and_why():
    position = c_and_e_game().position
    tip = advice(position, "G")
    assert tip.cells == ((0, -2),) and tip.points == 6
    assert tip.sentence == "G on e7 completes the C major triad for 6 points (3 ×2 on the honeypot)."
    tip = advice(position, "B")
    scores = position.legal_scores("B")
    assert tip.points == max(scores.values())
    assert set(tip.cells) == {c for c, s in scores.items() if s == tip.points} and len(tip.cells) > 1
    assert "scores as much" in tip.sentence or "score as much" in tip.sentence
    nowhere = next(p for p in range(12) if not position.legal_placements(p))
    assert advice(position, nowhere).cells == () and "fits nowhere" in advice(position, nowhere).sentence
    with pytest.raises(UnknownNoteName):
        advice(position, "H#")


def test_comment_refuses_an_illegal_cell_and_review_refuses_what_is_not_a_game():
    position = c_and_e_game().position
    with pytest.raises(IllegalPlacement):
        comment(position, "G", "a1")
    with pytest.raises(GameError, match="is not a Game"):
        review(position)


def test_the_review_board_steps_through_a_game_by_its_buttons():
    from muzlab.widgets.review import Review

    game = c_and_e_game()
    game.place("d3")
    board = Review(game)
    assert board.index == 0 and board.first_button.disabled and board.previous_button.disabled
    assert "The opening C went on e5" in board.comment.value and board.hear_played_button.disabled
    board.next_button.click()
    assert board.index == 1 and "Decision 2 of 4" in board.title.value
    board.last_button.click()
    assert board.index == 3 and board.next_button.disabled and board.last_button.disabled
    assert "G on e7 would have completed the C major triad for 6 points" in board.comment.value
    cells = board.board_view.cells
    e7, d3 = game.board.parse_cell("e7"), game.board.parse_cell("d3")
    assert "muz-selected" in cells[e7].classes and "muz-selected" not in cells[d3].classes
    assert cells[e7].label == "+6" and cells[d3].label == "+2"
    board.hear_best_button.click()
    assert "C major" in board.listen.title.value and board.listen.player.value
    heard_best = board.listen.player.value
    board.hear_played_button.click()
    assert board.listen.player.value and board.listen.player.value != heard_best
    board.previous_button.click()
    assert board.index == 2
    board.slider.value = 1
    assert "Decision 2 of 4" in board.title.value
    board.first_button.click()
    assert board.index == 0 and "Player 1" in board.summary.value
    with typeset():  # (a widget shows real sharps and flats)
        assert board.comments == comments(game)
    assert "comment" not in board.frame.columns
    # the columns are explained, so a best decision that missed a completion does not read as a contradiction
    assert "a decision can be the best by points and still miss a completion" in board.summary.value


def test_the_review_board_of_a_game_not_yet_begun_says_so():
    from muzlab.widgets.review import Review

    board = Review(Game(seed=1))
    assert "No decision" in board.title.value and board.next_button.disabled


def test_the_review_steps_are_named_in_words_every_font_has():
    from muzlab.widgets.review import Review

    board = Review(c_and_e_game())
    steps = [board.first_button, board.previous_button, board.next_button, board.last_button]
    assert [button.description for button in steps] == ["First", "Previous", "Next", "Last"]
    assert all(button.description.isascii() and not button.icon for button in steps)


def test_decisions_are_read_from_the_games_history_as_a_replay_of_its_events_finds_them():
    for game in seeded_games():
        found, history = decisions(game), game.history()
        replay, expected = Game(game.players, game.board, game.rules, game.dice, game.seed), []
        for index, event in enumerate(game.events):
            if replay.phase in ("place", "bonus"):
                expected.append((index, replay.turn, replay.current_player, replay.phase == "bonus",
                                 replay.position, replay.hand, event.cell))
            replay.apply(event)
        assert expected == [(d.index, d.turn, d.seat, d.passed_die, d.position, d.pitch, d.cell)
                            for d in found]
        assert all(d.position is history[d.index].before and d.event is game.events[d.index] for d in found)
        with_expert = decisions(game, expert_seed=1)
        assert [dataclasses.replace(d, expert=None) for d in with_expert] == found
        assert all(d.expert in d.position.legal_placements(d.pitch) or d.expert is None for d in with_expert)
