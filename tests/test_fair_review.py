"""The fair review: the value of a position, luck and skill per decision, grades, levels, lessons from
mistakes and the Review widget's practice, each checked against the rules or against its definition."""

import math

import pytest
import reference_rules as reference
from test_review import c_and_e_game, person_like_game

from muzlab import Game, GameError, Position, UnknownSetting
from muzlab.play import fast_playouts
from muzlab.play.agents import make_agent, play
from muzlab.play.coach import (
    DRIFT_TOLERANCE,
    GRADE_LIMITS,
    GRADES,
    LEVELS,
    SOLO_DRIFT_PER_ROLL,
    decisions,
    evaluate,
    grade,
    lesson,
    lesson_problems,
    lesson_text,
    level,
    review,
    summary,
    values,
)
from muzlab.play.value import Evaluator, ValueModel, margin
from muzlab.reading import typeset


def reviewed_games():
    """Two-player games of every kind of decision: agents, a careless person (passes with a legal cell,
    declined passed dice), and a solitaire and a three-player game."""
    for seed in range(3):
        yield play(Game(seed=seed), [make_agent("expert", seed), make_agent("greedy", seed)])
        yield person_like_game(seed)
    yield play(Game(players=1, seed=4), [make_agent("greedy", 4)])
    yield play(Game(players=3, seed=5), [make_agent(name, 5) for name in ("greedy", "random", "expert")])


@pytest.fixture(scope="module")
def frames():
    return [(game, review(game)) for game in reviewed_games()]


def test_equity_loss_is_never_negative_and_zero_exactly_on_a_best_play(frames):
    for _, frame in frames:
        assert (frame["equity_loss"] >= 0).all()
        best = frame["value"] == frame["best_value"]
        assert (frame.loc[best, "equity_loss"] == 0.0).all()
        assert (frame.loc[~best, "equity_loss"] > 0).all()
        assert ((frame["grade"] == "best") == best).all()


def test_grades_follow_the_documented_thresholds(frames):
    assert GRADES == ("best", "good", "inaccuracy", "mistake", "blunder")
    assert GRADE_LIMITS == (0.0, 0.5, 2.0, 5.0)
    for loss, expected in ((0.0, "best"), (1e-9, "good"), (0.5, "good"), (0.51, "inaccuracy"),
                           (2.0, "inaccuracy"), (4.9, "mistake"), (5.01, "blunder"), (40.0, "blunder")):
        assert grade(loss) == expected
    for _, frame in frames:
        for loss, given in zip(frame["equity_loss"], frame["grade"], strict=True):
            limits = [0.0, 0.5, 2.0, 5.0, math.inf]
            assert given == GRADES[next(i for i, limit in enumerate(limits) if loss <= limit)]
    assert [level(x) for x in (0.0, 0.02, 0.05, 0.2, 0.5, 1.0, 3.0)] == [
        "master", "master", "expert", "advanced", "intermediate", "novice", "beginner"]
    assert [name for name, _ in LEVELS] == ["master", "expert", "advanced", "intermediate", "novice",
                                            "beginner"]


def test_luck_and_skill_add_up_to_the_change_of_value_from_the_first_roll_to_the_final_margin(frames):
    for game, frame in frames:
        k = game.players
        if k == 3:
            continue  # (luck is in the roller's own margin; the identity is for one and two players)
        sign = frame["seat"].map(lambda seat: 1 if seat == 0 else -1)
        final = margin(game.scores, 0)
        steps = (sign * (frame["luck"] - frame["equity_loss"] + frame["drift"])).sum()
        assert final - frame["value_before"].iloc[0] == pytest.approx(steps, abs=1e-9)
        tolerance = DRIFT_TOLERANCE if k == 2 else SOLO_DRIFT_PER_ROLL * (frame["luck"] != 0).sum()
        assert abs((sign * frame["drift"]).sum()) <= tolerance
        table = summary(frame)
        skill_and_luck = [row.luck + row.skill for row in table.itertuples()]
        total = skill_and_luck[0] - (skill_and_luck[1] if k == 2 else 0)
        assert abs(final - frame["value_before"].iloc[0] - total) <= tolerance


def test_luck_is_the_value_of_the_face_that_came_minus_the_mean_over_the_twelve_faces():
    game = play(Game(seed=9), [make_agent("expert", 1), make_agent("greedy", 2)])
    frame, moments = review(game), decisions(game)
    evaluator = Evaluator(2)
    replay = Game(seed=9)
    checked = 0
    for event in game.events:
        if event.kind == "roll" and event.source == "turn" and replay.rolls_owed == 1 and checked < 6:
            roller, left, scores = replay.current_player, replay.supply, replay.scores
            replay.apply(event)
            each = []
            for face in range(12):
                options = evaluator.options(replay.position, face, roller, left, False, False)
                each.append(max(margin([s + f for s, f in zip(scores, v, strict=True)], roller)
                                for _, v in options))
            row = frame.iloc[next(i for i, m in enumerate(moments) if m.position == replay.position
                                  and m.pitch == event.pitch and m.seat == roller)]
            assert row["value_before"] == pytest.approx(sum(each) / 12)
            assert row["luck"] == pytest.approx(each[event.pitch] - sum(each) / 12)
            checked += 1
            continue
        replay.apply(event)
    assert checked == 6
    passed = frame[frame["source"] == "passed"]
    assert (passed["luck"] == 0).all()


def test_summary_adds_luck_skill_and_accuracy_per_player(frames):
    for _, frame in frames:
        table = summary(frame)
        for seat, row in enumerate(table.itertuples()):
            mine = frame[frame["seat"] == seat]
            assert row.luck == pytest.approx(mine["luck"].sum())
            assert row.skill == pytest.approx(-mine["equity_loss"].sum()) and row.skill <= 0
            assert row.luck_adjusted == pytest.approx(row.points - row.luck)
            chosen = mine[(mine["legal_cells"] > 0) & (mine["source"] != "opening")]
            assert row.accuracy == pytest.approx(100 * chosen["grade"].isin(["best", "good"]).mean())
            assert row.level == level(chosen["equity_loss"].mean())


def test_evaluate_reads_a_game_or_a_position_and_searches_deeper_on_request():
    game = play(Game(seed=3), [make_agent("greedy", 1), make_agent("greedy", 2)])
    assert evaluate(game) == game.scores[game.current_player] - game.scores[1 - game.current_player]
    position = c_and_e_game().position
    assert evaluate(position, 0, lead=4.5) == 4.5
    shallow, deep = Evaluator(2, 0), Evaluator(2, 1)
    expected = sum(margin(shallow.best(shallow.options(position, face, 0, 10, False, False), 0)[1], 0)
                   for face in range(12)) / 12
    assert evaluate(position, 10, depth=1) == pytest.approx(expected)
    assert margin(deep.chance(position, 10, 0), 0) == pytest.approx(expected)
    held = c_and_e_game()  # Player 1 holds a G that completes C major on e7
    scores = held.scores
    options = Evaluator(2).options(held.position, held.hand, 0, held.supply + 1, False, False)
    assert evaluate(held) == pytest.approx(max(margin([s + f for s, f in zip(scores, v, strict=True)], 0)
                                               for _, v in options))
    rolled_out = evaluate(position, 6, leaf="rollouts", rollouts=8, seed=1)
    assert rolled_out == evaluate(position, 6, leaf="rollouts", rollouts=8, seed=1)
    assert math.isfinite(rolled_out)
    with pytest.raises(GameError, match="dice_left"):
        evaluate(position)
    with pytest.raises(UnknownSetting, match="leaf"):
        evaluate(position, 5, leaf="oracle")
    with pytest.raises(GameError, match="neither"):
        evaluate("C e5")


def test_the_shipped_value_model_reads_back_and_knows_one_to_four_players():
    model = ValueModel.shipped()
    assert ValueModel.from_dict(model.to_dict()) == model
    assert sorted(model.coefficients) == [1, 2, 3, 4]
    facts = (3.0, 0.8, 0.6)
    # more dice left, more points to come for the roller
    assert model.future_points(facts, 15, 0, 1)[0] > model.future_points(facts, 3, 0, 1)[0]
    with pytest.raises(UnknownSetting):
        model.future_points(facts, 5, 0, 5)


def lessons_of(game):
    return [(moment, found) for moment, assessment in zip(decisions(game), values(game), strict=True)
            if (found := lesson(moment, assessment)) is not None]


def test_lessons_name_cells_and_structures_the_rules_confirm():
    seen = opened = 0
    for seed in range(6):
        for moment, found in lessons_of(person_like_game(seed)):
            position, pitch = moment.position, moment.pitch
            assert lesson_problems(position, found) == []
            cells, dice = set(position.board.cells), dict(position.dice)
            assert reference.legal(cells, dice, pitch, found.best)
            assert reference.score(position.board, dice, pitch, found.best) == found.best_points
            text = lesson_text(position, found)
            assert position.board.cell_name(found.best) in text
            for done in position.completions(pitch, found.best):  # named as the board spells it
                assert done.label() in text and "extra roll" in text
            if found.played is not None:
                assert position.board.cell_name(found.played) in text
            if found.opens is not None:
                face, cell, points, instead = found.opens
                after = dict(position.place(pitch, found.played).dice)
                assert reference.score(position.board, after, face, cell) == points > instead
                assert f"{position.board.cell_name(cell)} worth {points} points" in text
                opened += 1
            assert found.best in found.better and found.played not in found.better
            seen += 1
    assert seen >= 5 and opened >= 1
    moment, found = lessons_of(person_like_game(0))[0]
    wrong = found.__class__(**{**found.__dict__, "best_points": found.best_points + 1})
    assert lesson_problems(moment.position, wrong) == ["its points"]


def test_a_best_cell_that_is_the_only_completion_and_then_blocked_is_said_so():
    game = c_and_e_game()
    game.place("d3")  # G beside Bb instead of completing C major on e7
    moment, found = lessons_of(game)[-1]
    assert found.best == game.board.parse_cell("e7") and found.only_completion
    text = lesson_text(moment.position, found)
    assert text.startswith("G on e7 would have completed the C major triad for 6 points")
    assert "e7 was the only cell where G completed anything" in text and "G on d3 scored 2 points" in text


def practice_game() -> Game:
    """The first careless game with at least two mistakes to learn from."""
    return next(game for game in map(person_like_game, range(50)) if len(lessons_of(game)) >= 2)


def test_learn_from_your_mistakes_is_driven_by_its_buttons():
    from muzlab.widgets.review import Review

    game = practice_game()
    board = Review(game)
    assert not board.learn_button.disabled and board.practice_box.layout.display == "none"
    first = min(board.lessons)
    board.learn_button.click()
    found, moment = board.lessons[first], board.moments[first]
    assert board.index == first and board.learning and board.next_button.disabled
    assert "Find a better cell" in board.comment.value and board.practice.value == ""
    assert board.show_answer_button.disabled  # the answer stays hidden until a try
    assert not any(board.board_view.cells[cell].label.startswith("+") for cell in found.better)
    legal = moment.position.legal_placements(moment.pitch)
    wrong = next((cell for cell in legal if cell not in found.better), None)
    if wrong is not None:
        board.board_view.cells[wrong].click()
        assert "try" in board.practice.value and "<b>" not in board.practice.value
    illegal = next(cell for cell in game.board.cells if cell not in legal)
    board.board_view.cells[illegal].click()
    with typeset():  # (a widget shows real sharps and flats)
        assert html_text(moment.position.explain(moment.pitch, illegal)) in board.practice.value
        explanation = html_text(lesson_text(moment.position, found))
    board.show_answer_button.click()
    assert explanation in board.practice.value
    assert all("muz-selected" in board.board_view.cells[cell].classes for cell in found.better)
    board.next_mistake_button.click()
    second = board.index
    assert second == sorted(board.lessons)[1] and board.practice.value == ""
    right = board.lessons[second].better[0]
    board.board_view.cells[right].click()
    assert "Yes:" in board.practice.value
    with typeset():
        said = html_text(lesson_text(board.moments[second].position, board.lessons[second]))
    assert said in board.practice.value
    board.stop_button.click()
    assert not board.learning and board.practice_box.layout.display == "none"
    assert "Decision" in board.title.value and not board.previous_button.disabled


def html_text(text: str) -> str:
    import html

    return html.escape(text)


def test_positions_are_valued_alike_whatever_the_transposition():
    # The board is the same for every pitch class: all twelve opening faces have the same value.
    opening = [evaluate(Position(dice={(0, 0): face}), 20) for face in range(12)]
    assert max(opening) - min(opening) < 1e-9


def test_the_game_graph_draws_the_value_from_player_1s_side_and_a_bar_per_lucky_roll(frames):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from muzlab.views.statsplots import game_graph

    game, frame = frames[0]
    fig, ax = plt.subplots()
    assert game_graph(frame, ax=ax) is ax
    line = ax.get_lines()[0]
    expected = [v if seat == 0 else -v for v, seat in zip(frame["value"], frame["seat"], strict=True)]
    assert list(line.get_ydata()) == pytest.approx(expected)
    assert len(ax.patches) == int((frame["luck"] != 0).sum())
    assert "Player 1" in line.get_label()
    plt.close(fig)
    fig, ax = plt.subplots()
    game_graph(frame.iloc[:0], ax=ax)
    assert "no decision" in ax.texts[0].get_text()
    plt.close(fig)


def test_standings_rank_players_by_luck_adjusted_margin_margin_or_points():
    from muzlab.play.coach import standings

    played = []
    for seed in range(4):
        names = ["Ada", "Ben"] if seed % 2 == 0 else ["Ben", "Ada"]
        agents = [make_agent("expert" if name == "Ada" else "random", seed) for name in names]
        played.append((play(Game(seed=seed), agents), names))
    table = standings(played)
    assert list(table.columns) == ["rank", "name", "games", "points", "margin", "luck",
                                   "luck_adjusted_margin", "accuracy"]
    assert list(table["rank"]) == [1, 2] and list(table["games"]) == [4, 4]
    assert list(table["luck_adjusted_margin"]) == sorted(table["luck_adjusted_margin"], reverse=True)
    ada, ben = (table[table["name"] == name].iloc[0] for name in ("Ada", "Ben"))
    assert ada["margin"] == -ben["margin"]
    assert ada["luck_adjusted_margin"] == pytest.approx(ada["margin"] - ada["luck"] + ben["luck"])
    scores = [game.scores[names.index("Ada")] for game, names in played]
    assert ada["points"] == pytest.approx(sum(scores) / 4)
    by_points = standings(played, by="points")
    assert list(by_points["points"]) == sorted(by_points["points"], reverse=True)
    with pytest.raises(UnknownSetting):
        standings(played, by="luck")
    with pytest.raises(GameError, match="1 name for a game of 2 players"):
        standings([(played[0][0], ["Ada"])])


def test_every_kind_of_roll_has_luck_that_averages_zero_over_its_twelve_faces():
    """For rolls of every source (turn, extra roll, re-roll, one after a pass), each of the twelve faces
    is rolled in turn and the game assessed: the value before the roll is the same whatever came, and the
    luck over the twelve faces (each as likely as a game's dice make it) averages exactly zero."""
    from muzlab.play.value import assess

    game = play(Game(seed=21), [make_agent("greedy", 3), make_agent("random", 4)])
    kinds: dict[str, int] = {}
    for index, event in enumerate(game.events):
        after_pass = index > 0 and game.events[index - 1].kind in ("pass", "reroll")
        kind = f"{event.source}{' after a pass' if after_pass else ''}" if event.kind == "roll" else None
        if kind is None or event.source == "opening" or kinds.get(kind, 0) >= 2:
            continue
        kinds[kind] = kinds.get(kind, 0) + 1
        lucks, befores = [], set()
        for face in range(12):
            replay = Game(seed=21)
            for earlier in game.events[:index]:
                replay.apply(earlier)
            replay.roll(face=face)
            cells = replay.legal_placements()
            if cells:
                replay.place(cells[0])
            else:
                replay.pass_die()
            last = assess(replay, Evaluator(2))[-1]
            assert last.rolled
            lucks.append(last.luck)
            befores.add(round(last.before, 9))
        assert len(befores) == 1 and abs(sum(lucks) / 12) < 1e-9, kind
    sources = {kind.split()[0] for kind in kinds}
    assert {"turn", "extra", "reroll"} <= sources and any("after" in kind for kind in kinds)


def test_rollouts_fall_back_to_python_without_numba_and_fast_says_what_is_missing(monkeypatch):
    """(tests/test_fast_rollouts.py compares the engines where numba is installed.)"""
    monkeypatch.setattr(fast_playouts, "installed", lambda: False)
    assert Evaluator(2, leaf="rollouts").engine == "pure"
    position = Position(dice={(0, 0): 0, (0, -1): 4})
    assert evaluate(position, 4, leaf="rollouts", rollouts=3) == evaluate(position, 4, leaf="rollouts",
                                                                            rollouts=3, engine="pure")
    with pytest.raises(UnknownSetting, match="needs numba; pip install 'muzlab.fast.'"):
        Evaluator(2, leaf="rollouts", engine="fast")
