"""The board's live region: each event of a game said once, in order, in the reader's language (a roll,
a placement with its points, a completion, an extra roll, a pass, the computer's move, the end), and
whose turn it is only when a person comes to act."""

import re

import pytest

from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.reading import using_reader
from muzlab.widgets import PlayBoard

GERMAN = Reader("german", typeset=True, language="de")


def told_game(seed: int, agent_delay: float = 0) -> tuple[PlayBoard, list[str]]:
    """Ada (typing her moves: the first legal cell, else Pass) against the greedy computer; every
    announcement the board's live region made, in order."""
    board = PlayBoard(players=2, agents=[None, "greedy"], names=["Ada", "Robo"], seed=seed,
                      agent_delay=agent_delay)
    said: list[str] = []
    board.board_view.observe(lambda _change: said.append(board.board_view.news), names="told")

    for _ in range(400):
        game = board.game
        if game.over:
            return board, said
        if game.phase in ("roll", "reroll"):
            board.roll_button.click()
        elif game.legal_placements():
            cell = game.board.cell_name(game.legal_placements()[0])
            board.type_move(f"{pitch_label(game.hand, board.reader)} {cell}")
        else:
            board.pass_button.click()
    raise AssertionError("the game did not end")


# 0.5 s without a running loop: the computer replies at once, told after the person's move
@pytest.mark.parametrize("agent_delay", [0, 0.5])
def test_every_event_is_said_once_and_in_order(agent_delay):
    board, said = told_game(7, agent_delay)
    game, text = board.game, " ".join(said)
    places = [event for event in game.events if event.kind == "place"]
    assert text.count(" places ") == len(places)  # each placement once, the computer's too
    assert text.count("Robo (greedy) places ") == sum(event.player == 1 for event in places)
    rolls = sum(event.kind == "roll" and event.player == 0 for event in game.events)
    assert text.count("Ada rolls ") == rolls
    for event in places:  # with its points
        cell = game.board.cell_name(event.cell)
        assert any(f" on {cell}" in line and "point" in line for line in said)
    if any(event.completed for event in places):
        assert "completes" in text
    if any(event.source == "extra" for event in game.events):
        assert "extra roll!" in text
    if any(event.kind == "pass" and event.player == 0 for event in game.events):
        assert "Ada passes" in text
    assert "Game over" in said[-1]
    assert text.count("Game over") == 1


def test_whose_turn_is_said_when_a_person_comes_to_act_not_after_each_roll():
    board, said = told_game(7)
    for line in said:
        if line.startswith("Ada rolls"):
            assert "to place" not in line and "Ada to roll" not in line  # the roll says it all
    after_computer = [line for line in said if "Robo (greedy) places" in line and "Game over" not in line]
    assert after_computer and all(re.search(r"\. Ada to [^.]+\.$", line) for line in after_computer)
    assert not any("Robo (greedy) to roll" in line for line in said)  # a computer's move says itself


def test_the_same_refusal_twice_is_told_twice():
    board = PlayBoard(players=1, seed=5, agent_delay=0)
    board.roll_button.click()
    told = board.board_view.told
    board.type_move("Q e5")
    board.type_move("Q e5")
    assert board.board_view.told == told + 2
    assert board.board_view.news.startswith("'Q' is not a note name")


def test_a_german_reader_hears_the_game_in_german():
    with using_reader(GERMAN):
        board, said = told_game(7)
    text = " ".join(said)
    assert "Ada würfelt" in text and "Robo (gierig) legt" in text and "Punkt" in text
    assert "Spiel vorbei" in said[-1]
    for english in (" places ", " rolls ", "point", "Game over", " to roll"):
        assert english not in text
    assert board.board_view.words["news"] == "Was im Spiel geschieht"


def test_the_legal_cells_for_the_die_in_hand_are_listed_and_the_board_as_lists_on_request():
    from muzlab.rules.board_reading import board_lists, legal_cells

    board = PlayBoard(players=1, seed=5, agent_delay=0)
    assert board.board_text.value == ""  # no die in hand, lists not asked for
    board.roll_button.click()
    board.type_move("e5")
    board.roll_button.click()
    game = board.game
    listed = legal_cells(game.position, game.hand, board.reader)
    assert len(listed.items) == len(game.legal_placements())
    for item in listed.items:
        assert f"<li>{item}</li>" in board.board_text.value
    assert "muz-board-lists" not in board.board_text.value
    board.read_lists.value = True
    assert "<li>e5: " in board.board_text.value and board_lists(game.position, board.reader).columns
    board.hints.value = False  # the legal cells are a hint as their light is
    assert "muz-legal-list" not in board.board_text.value
    with using_reader(GERMAN):
        board.hints.value = True
        assert "Spalte e" in board.board_text.value and "Punkt" in board.board_text.value
        board.redraw_names()  # (as the app does when the language changes)
        assert board.read_lists.description == "das Spielbrett als Listen"
        assert board.move_field.label == "Zug eingeben"


@pytest.mark.parametrize("reader", [Reader(typeset=True), GERMAN], ids=["en", "de"])
def test_the_live_region_says_the_game_without_reading_a_pages_address_aloud(reader):
    # a game's first placement read by another name, and its first renaming a die, point the written
    # line to a page; the live region says the same sentence without the address, which a screen
    # reader would spell out letter by letter
    for seed in range(30):  # (a game where a page is pointed to)
        shown, said = _played_by_cells(seed, reader)
        if any("docs/" in text for text in shown):
            break
    assert any("docs/" in text for text in shown)  # the written line points to the pages
    assert said and not any("docs/" in line or ".md" in line for line in said), said
    page_clause = reader.gettext("one sound, two names: {page}").split(":")[0]
    assert not any(page_clause in line for line in said)


def _played_by_cells(seed: int, reader: Reader) -> tuple[list[str], list[str]]:
    """Ada (typing the first legal cell) against the greedy computer, for `reader`: each line the board
    showed, and each announcement of its live region."""
    shown: list[str] = []
    said: list[str] = []
    with using_reader(reader):
        board = PlayBoard(players=2, agents=[None, "greedy"], names=["Ada", "Robo"], seed=seed, agent_delay=0)
        board.message.observe(lambda change: shown.append(change["new"]), names="value")
        board.board_view.observe(lambda _change: said.append(board.board_view.news), names="told")
        while not board.game.over:
            game = board.game
            if game.phase in ("roll", "reroll"):
                board.roll_button.click()
            elif game.legal_placements():
                board.type_move(game.board.cell_name(game.legal_placements()[0]))
            else:
                board.pass_button.click()
    return shown, said
