"""Play by ear: the die in hand placed by singing its note on a chosen cell (after three other notes, placed
anyway with its note sounding), a note sung choosing the die on a practice board, and the mode off."""

from muzlab.names.reader import Reader
from muzlab.play.game import Game
from muzlab.widgets.play import PlayBoard


def board_in_hand() -> tuple[PlayBoard, int, tuple[int, int]]:
    board = PlayBoard(players=2, agent_delay=0, seed=3)
    board.roll_button.click()
    game = board.game
    return board, game.hand, game.legal_placements()[0]


def test_singing_the_die_places_it_on_the_chosen_cell_only_when_its_note_is_heard():
    board, hand, cell = board_in_hand()
    board.voice.mode.value = "sing"
    before = len(board.game.events)
    board.voice.note_input.hear((hand + 1) % 12, "microphone")  # no cell chosen yet: nothing placed
    assert "Click a lit cell" in board.message.value and len(board.game.events) == before
    board.cells[cell].click()
    assert board.game.position.pitch_at(cell) is None and board.voice.chosen == (cell,)
    assert "Now sing or play" in board.message.value
    board.voice.note_input.hear((hand + 1) % 12, "microphone")
    assert board.game.position.pitch_at(cell) is None
    assert "2 tries left" in board.message.value
    board.voice.note_input.hear(hand, "midi")
    assert board.game.position.pitch_at(cell) == hand and board.voice.chosen == ()
    assert board.voice.hint.plays == 0  # sung right: no hint sounded


def test_after_three_other_notes_the_die_is_placed_and_its_note_sounds_as_the_hint():
    board, hand, cell = board_in_hand()
    board.voice.mode.value = "sing"
    board.cells[cell].click()
    other = (hand + 5) % 12
    board.voice.note_input.hear(other, "microphone")
    board.voice.note_input.hear(other, "microphone")
    assert "1 try left" in board.message.value and board.game.position.pitch_at(cell) is None
    board.voice.note_input.hear(other, "microphone")
    assert board.game.position.pitch_at(cell) == hand
    assert "Placed after 3 tries" in board.message.value
    assert board.voice.hint.plays == 1 and board.voice.hint.events == [[0, 2, 60 + hand]]


def test_singing_the_die_leaves_a_click_on_an_illegal_cell_to_the_rules():
    board, hand, _cell = board_in_hand()
    board.voice.mode.value = "sing"
    game = board.game
    illegal = next(c for c in game.position.board.cells if c not in game.legal_placements())
    board.cells[illegal].click()
    assert board.voice.chosen == () and "✗" in board.message.value


def test_a_note_sung_chooses_the_die_and_the_record_replays_it():
    board = PlayBoard(players=2, agent_delay=0, seed=3)
    board.voice.mode.value = "choose"
    board.voice.note_input.hear(9, "microphone")
    assert board.game.hand == 9 and board.game.events[-1].kind == "roll"
    board.voice.note_input.hear(2, "microphone")  # a die in hand: place it first
    assert board.game.hand == 9 and "Place the die in hand first" in board.message.value
    replayed = Game.from_dict(board.game.to_dict())
    assert replayed.hand == 9


def test_off_the_notes_heard_do_nothing_and_the_input_is_made_only_when_a_mode_is_chosen():
    board, hand, cell = board_in_hand()
    assert board.voice.note_input is None and board.voice.children == (board.voice.mode,)
    board.voice.mode.value = "sing"
    assert board.voice.note_input.layout.display == ""
    board.voice.mode.value = "off"
    assert board.voice.note_input.layout.display == "none"
    board.voice.note_input.hear(hand, "microphone")
    assert board.game.hand == hand and board.game.position.pitch_at(cell) is None


def test_the_by_ear_words_follow_the_language_and_note_names():
    import muzlab

    board, hand, cell = board_in_hand()
    board.voice.mode.value = "sing"
    try:
        muzlab.set_language("de")
        muzlab.set_note_names("german")
        board.redraw_names()
        assert board.voice.mode.description == "Nach Gehör"
        assert board.voice.note_input.names[11] == "H"
        board.cells[cell].click()
        assert "jetzt" in board.message.value
    finally:
        muzlab.set_language("en")
        muzlab.set_note_names("english")
    assert Reader().language == "en"
