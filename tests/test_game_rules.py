"""Each rule of docs/rules.md section 7 in isolation, with dice forced by `roll(face=...)`."""

from dataclasses import replace

import pytest

from muzlab import Board, Game, GameError, IllegalPlacement, RuleSet
from muzlab.play.agents import make_agent, play
from muzlab.play.events import Completion

C, E, G, A = 0, 4, 7, 9


def opened(players=2, rules=None, dice=21, board=None, face=C) -> Game:
    """A game whose opening die (C by default) is on the centre."""
    game = Game(players, board=board, rules=rules, dice=dice, seed=1)
    game.roll(face)
    game.place((0, 0))
    return game


def column_board() -> Board:
    """Three cells in one column: room for exactly one triad, then nothing."""
    return Board([(0, -1), (0, 0), (0, 1)], name="column")


# ---- opening ----------------------------------------------------------------------------------------
def test_player_1_draws_the_opening_die_and_must_put_it_on_the_centre_for_nothing():
    game = Game(seed=3)
    assert (game.phase, game.current_player, game.rolls_owed, game.supply) == ("roll", 0, 1, 21)
    face = game.roll()
    assert game.hand == face and game.supply == 20 and game.legal_placements() == [(0, 0)]
    with pytest.raises(GameError, match="opening die"):
        game.pass_die()
    with pytest.raises(IllegalPlacement, match="centre"):
        game.place((1, 0))
    event = game.place((0, 0))
    assert (event.points, event.source, game.scores) == (0, "opening", (0, 0))
    assert (game.current_player, game.turn, game.phase, game.rolls_owed) == (0, 1, "roll", 1)


def test_house_opening_settings_change_where_it_goes_and_what_it_scores():
    rules = replace(RuleSet.basic(), opening_on_centre=False, opening_scores=True)
    game = Game(rules=rules, seed=3)
    game.roll(E)
    assert len(game.legal_placements()) == 61
    event = game.place((4, -4))  # a x3 corner
    assert event.points == 3 and game.scores == (3, 0)
    assert opened(rules=replace(RuleSet.basic(), opening_scores=True)).scores == (1, 0)


# ---- a turn -----------------------------------------------------------------------------------------
def test_a_placement_that_completes_nothing_ends_the_turn():
    game = opened()
    game.roll(E)
    event = game.place((0, -1))
    assert event.points == 2 and event.completed == ()
    assert (game.current_player, game.turn, game.rolls_owed, game.scores) == (1, 2, 1, (2, 0))


def test_a_die_is_drawn_and_rolled_only_when_the_rules_say_so():
    game = opened()
    game.roll(E)
    with pytest.raises(GameError, match="holds the die E"):
        game.roll()
    game.place((0, -1))
    with pytest.raises(GameError, match="must roll"):
        game.place((0, 1))
    with pytest.raises(GameError, match="must roll"):
        game.pass_die()


def test_an_illegal_placement_is_refused_with_its_reason_and_changes_nothing():
    game = opened()
    game.roll(1)  # C# cannot sit a semitone above C
    before = (game.events, game.scores, game.position, game.phase)
    with pytest.raises(IllegalPlacement) as refusal:
        game.place((0, -1))
    assert "third apart" in refusal.value.reason
    assert (game.events, game.scores, game.position, game.phase) == before


# ---- extra rolls ------------------------------------------------------------------------------------
def test_completing_a_triad_earns_an_extra_roll_in_the_same_turn():
    game = opened()
    game.roll(E)
    game.place((0, -1))
    game.roll(G)
    event = game.place((0, -2))  # a x2 honeypot: (1 + 2) x 2
    assert event.completed == (Completion("triad", C, "major"),) and event.points == 6
    assert (game.current_player, game.turn, game.rolls_owed) == (1, 2, 1)
    extra = game.roll()
    assert game.events[-1].source == "extra" and game.hand == extra


#: A one-player playout whose last die completes a triad and a scale at once.
DOUBLE = [(6, (0, 0)), (4, (1, 0)), (6, (2, -1)), (7, (1, -1)), (9, (0, -1)), (8, (-1, 0)), (4, (-1, 1)),
          (1, (1, 1)), (4, (3, -1)), (1, (3, 0)), (1, (0, -2)), (7, (3, -2)), (5, (4, -2)), (9, (4, -3)),
          (3, (1, -3)), (4, (2, -4)), (0, (0, 2)), (11, (2, 1)), (11, (-1, -1)), (9, (0, 3)), (5, (0, 4)),
          (11, (4, 0)), (1, (-2, -1)), (9, (-2, 0)), (3, (3, -4)), (8, (-3, 1)), (5, (-3, 2)), (1, (-3, 3)),
          (4, (-2, -2)), (5, (-1, -3)), (9, (-4, 1)), (7, (-1, 4)), (9, (-2, 4)), (3, (-4, 3)), (2, (-3, -1)),
          (7, (0, -4)), (6, (-4, 2))]


@pytest.mark.parametrize("one_per_placement, owed", [(True, 1), (False, 2)])
def test_one_extra_roll_per_placement_even_when_it_completes_two_structures(one_per_placement, owed):
    rules = replace(RuleSet.basic(), one_extra_roll_per_placement=one_per_placement)
    game = Game(1, rules=rules, dice=40, seed=0)
    for pitch, cell in DOUBLE:
        game.roll(pitch)
        event = game.place(cell)
    assert event.completed == (Completion("triad", 3, "diminished"), Completion("scale", E, "major"))
    assert [c.label() for c in event.completed] == ["D# diminished triad", "E major scale"]
    turn = game.turn
    assert game.rolls_owed == owed
    game.roll()
    assert game.events[-1].source == "extra" and game.rolls_owed == owed - 1 and game.turn == turn
    assert game.pass_die().kind == "reroll"  # one player: a pass is a re-roll of the same extra die
    game.roll()
    assert (game.events[-1].kind, game.events[-1].source, game.turn) == ("roll", "reroll", turn)


# ---- passing ----------------------------------------------------------------------------------------
def test_a_pass_hands_the_same_face_to_the_next_player_who_may_play_it_as_a_bonus():
    game = opened()
    game.roll(E)
    passed = game.pass_die()
    assert passed.legal_cells > 0 and game.missed() == [passed]  # E had a place: a miss
    assert (game.current_player, game.turn, game.phase, game.hand, game.supply) == (1, 2, "bonus", E, 19)
    bonus = game.place((0, -1))
    assert (bonus.source, bonus.points, game.scores) == ("passed", 2, (0, 2))
    assert (game.current_player, game.phase, game.rolls_owed) == (1, "roll", 1)  # the normal roll follows
    game.roll(A)
    game.place((0, 1))  # completes A minor: extra roll
    game.roll(9)
    assert game.events[-1].source == "extra"


def test_a_passed_die_that_cannot_be_placed_is_re_rolled_and_the_turn_goes_on_as_usual():
    game = opened()
    game.roll(1)  # C# could go on a diagonal next to C; Player 1 passes it anyway
    cells = game.legal_placements()
    game.pass_die()
    assert game.phase == "bonus" and game.current_player == 1
    declined = game.pass_die()  # Player 2 cannot (or does not) place it: a re-roll, not a second pass
    assert (declined.kind, declined.player, declined.pitch, declined.source) == ("reroll", 1, 1, "passed")
    assert declined.legal_cells == len(cells) and declined.missed == bool(cells)
    assert (game.phase, game.hand, game.dice_in_hand, game.supply) == ("reroll", None, 1, 19)
    with pytest.raises(GameError, match="re-roll"):
        game.place(cells[0] if cells else (0, -1))
    face = game.roll(E)
    assert face == E and game.supply == 19 and game.events[-1].kind == "roll"
    assert game.events[-1].source == "reroll"
    assert game.place((0, -1)).source == "turn"  # the re-rolled die is played as usual
    assert (game.current_player, game.turn, game.rolls_owed) == (0, 3, 1)


@pytest.mark.parametrize("add_up, owed", [(True, 2), (False, 1)])
def test_rolls_add_up_after_a_bonus_play_that_completes_a_triad(add_up, owed):
    game = opened(rules=replace(RuleSet.basic(), rolls_add_up=add_up))
    game.roll(E)
    game.place((0, -1))
    game.roll(G)
    game.pass_die()  # Player 2 misses G, which would complete C major
    event = game.place((0, -2))
    assert event.source == "passed" and event.completed == (Completion("triad", C, "major"),)
    assert (game.current_player, game.rolls_owed) == (0, owed)
    game.roll()
    assert game.events[-1].source == "turn" and game.rolls_owed == owed - 1
    game.pass_die()  # a pass ends the turn: any roll still owed is forfeited
    assert (game.current_player, game.phase, game.rolls_owed) == (1, "bonus", 0)


def test_with_one_player_a_pass_is_simply_a_re_roll():
    game = opened(players=1)
    game.roll(E)
    game.pass_die()
    assert (game.current_player, game.turn, game.phase, game.supply) == (0, 1, "reroll", 19)
    game.roll(G)
    assert game.events[-1].source == "reroll" and game.supply == 19
    assert [e.kind for e in game.events[2:]] == ["roll", "reroll", "roll"]
    assert game.missed() == [game.events[3]]  # E had a place next to C


def test_the_last_die_of_the_supply_can_still_be_passed_and_the_game_waits_for_it():
    game = opened(dice=2)
    game.roll(E)
    assert game.supply == 0
    game.pass_die()
    assert not game.over and game.phase == "bonus"
    game.pass_die()
    game.roll(A)
    game.place((0, 1))
    assert game.over and game.end_reason == "supply empty" and game.scores == (0, 2)


# ---- the end ----------------------------------------------------------------------------------------
def test_the_game_ends_when_the_supply_is_empty_even_with_an_extra_roll_owed():
    game = opened(dice=3)
    game.roll(E)
    game.place((0, -1))
    game.roll(G)
    event = game.place((0, -2))
    assert event.completed and game.supply == 0
    assert game.over and game.end_reason == "supply empty" and game.rolls_owed == 0
    with pytest.raises(GameError, match="over"):
        game.roll()


def test_a_locked_board_ends_the_game_even_in_the_middle_of_a_turn():
    game = opened(board=column_board())
    game.roll(E)
    game.place((0, -1))
    game.roll(A)
    event = game.place((0, 1))  # A minor complete: an extra roll is owed, but no cell is left
    assert event.completed == (Completion("triad", A, "minor"),)
    assert game.over and game.end_reason == "locked board" and game.supply == 18
    assert game.result.winners == (1,) and str(game.result) == "Player 2 wins with 3 points"


def test_without_the_locked_board_rule_the_game_goes_on_and_agents_refuse_to_play_forever():
    rules = replace(RuleSet.basic(), end_on_locked_board=False)
    game = opened(board=Board([(0, 0), (0, -1)], name="pair"), rules=rules)
    assert game.position.is_locked() and not game.over
    with pytest.raises(GameError, match="locked"):
        play(game, [make_agent("random", 0), make_agent("random", 1)])


def test_a_tie_is_reported_as_a_tie():
    game = opened(board=Board([(0, 0), (0, -1)], name="pair"))  # locked right after the opening
    assert game.over and game.end_reason == "locked board"
    assert game.result.tie and game.result.winner is None and game.result.winners == (0, 1)
    assert str(game.result) == "Tie between Player 1 and Player 2 on 0"
    three = opened(players=3, board=Board([(0, 0), (0, -1)], name="pair"))
    assert str(three.result) == "Tie between Player 1, Player 2 and Player 3 on 0"


def test_players_take_turns_clockwise_and_each_placement_scores_what_the_position_says():
    game = Game(4, seed=11)
    while not game.over:
        if game.phase in ("roll", "reroll"):
            game.roll()
        elif game.legal_placements():
            cell = game.legal_placements()[-1]
            expected = game.position.score(game.hand, cell)
            event = game.place(cell)
            assert event.points == (0 if event.source == "opening" else expected)
        else:
            game.pass_die()
    assert game.turn > 4
    for event in game.events:
        assert event.player == (0 if event.turn == 0 else (event.turn - 1) % 4)
    assert sum(e.points for e in game.events) == sum(game.scores)
