"""The reader is a value below the widgets: given none, the rules and play speak and read plain English,
whatever the notebook chose; typed names are read by the reader passed (`Reader.note`); the notebook's
front door (`muzlab.Position`, `muzlab.Game`) applies the notebook's default at the top."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import muzlab
from muzlab.core.errors import IllegalPlacement, UnknownNoteName
from muzlab.core.pitch import CONVENTIONS, SpelledNote, parse_pitch
from muzlab.names import position_words, structure_words
from muzlab.names.language import LANGUAGES
from muzlab.names.reader import PLAIN, Key, Reader
from muzlab.play import coach, quiz
from muzlab.play.game import Game
from muzlab.reading import using_reader
from muzlab.rules.board_reading import board_lists
from muzlab.rules.position import Position

GERMAN = Reader("german", language="de")


def test_a_reader_reads_a_typed_name_as_a_spelled_note():
    assert Reader("german").note("Es") == SpelledNote("E", -1)
    assert Reader("german").note("H") == SpelledNote("B", 0)
    assert Reader("german").note("B") == SpelledNote("B", -1)
    assert Reader("solfege").note("Fa♯") == SpelledNote("F", 1)
    assert Reader().note("Gb") == SpelledNote("G", -1)
    assert Reader().note(SpelledNote("E", 1)) == SpelledNote("E", 1) and Reader().note(6).pitch == 6
    with pytest.raises(UnknownNoteName):
        Reader().note("Es")  # (no English name)
    with pytest.raises(UnknownNoteName):
        Reader("german").note("Bes")


def test_a_position_places_a_german_note_with_no_with_block():
    opened = Position.standard().place("C", "e5")
    placed = opened.place(Reader("german").note("Es"), "e6")
    assert placed.pitch_at("e6") == 3 and type(placed) is Position
    assert opened.place("Es", "e6", reader=Reader("german")) == placed
    said = position_words.explain(opened, "Fis", "e6", Reader("german"))
    assert said.startswith("C up to Fis is 6 semitones")
    with pytest.raises(UnknownNoteName):  # (no reader: plain English, where "Es" is no name)
        opened.place("Es", "e6")
    with pytest.raises(IllegalPlacement) as refused:  # (the opening goes on the centre, whatever the note)
        Position.standard().place(Reader("german").note("Es"), "e6")
    assert "e5" in str(refused.value)


def test_a_german_game_is_played_from_typed_german_names_with_an_explicit_reader():
    faces = ["C", "Es", "G", "H", "B", "Fis", "As", "D", "E", "A"]
    game = Game(players=2, seed=5)
    for face in faces:
        if game.over:
            break
        if game.phase not in ("roll", "reroll"):
            game.pass_die()
            continue
        assert game.roll(face=face, reader=GERMAN) == parse_pitch(face, "german")
        legal = game.legal_placements()
        game.place(legal[0]) if legal else game.pass_die()
    rolled = [event.pitch for event in game.events if event.kind == "roll"]
    assert rolled[:3] == [0, 3, 7]
    log = game.log(GERMAN)
    assert log[0] == "Spieler 1 würfelt C (Eröffnung)" and any(" Es " in line for line in log)
    assert game.log()[0] == "Player 1 rolls C (opening)"
    with pytest.raises(UnknownNoteName):
        Game(players=1, seed=1).roll(face="Es")  # (no reader: plain English)


#: Notebook defaults a person may choose: any convention, language, typesetting and lesson key.
keys = [None, Key.of("F#"), Key.of("Bb"), Key.of("D harmonic minor")]
defaults = st.builds(Reader, st.sampled_from(CONVENTIONS), st.sampled_from(keys), st.booleans(),
                     st.sampled_from(LANGUAGES))


def _said(position: Position, game: Game) -> list:
    """What the rules and play say given no reader, about one position and one game."""
    runs = position.structures()
    return [position_words.explain(position, "F#", "e6"), position_words.explain(position, 4, "e6"),
            position.labels(), position_words.problems(position),
            [structure_words.describe(run) for run in runs], [run.spelling() for run in runs],
            board_lists(position),
            position.legal_placements("Bb"), game.log(), game.die_words(), coach.advice(position, "G"),
            coach.comments(game), quiz.make_question("points", 3).prompt, game.score_sheet().to_dict()]


def _scene() -> tuple[Position, Game]:
    game = Game(players=2, seed=11)
    for _ in range(6):
        game.roll()
        legal = game.legal_placements()
        game.place(legal[0]) if legal else game.pass_die()
        if game.phase in ("place", "bonus"):
            game.pass_die()
    return Position.from_notation("standard C@0,0 E@0,-1 D@1,-1"), game


@settings(max_examples=25, deadline=None)
@given(defaults)
def test_below_the_widgets_no_reader_means_plain_english_whatever_the_notebook_chose(default):
    position, game = _scene()
    plain = _said(position, game)
    with using_reader(default):
        assert _said(position, game) == plain
        assert position.reading(None) == PLAIN and game.reading(None) == PLAIN


@settings(max_examples=25, deadline=None)
@given(defaults)
def test_the_notebook_front_door_speaks_and_reads_the_notebooks_choice(default):
    front = muzlab.Position.from_notation("standard C@0,0 E@0,-1")
    pure = Position.from_notation("standard C@0,0 E@0,-1")
    typed = default.name("G")  # G as the notebook types it ("Sol" in solfège)
    with using_reader(default):
        assert front.explain("F#" if default.convention == "english" else default.name("F#"), "e6") == \
            position_words.explain(pure, 6, "e6", default)
        assert front.labels() == pure.labels(reader=default)
        assert [run.describe() for run in front.structures()] == \
            [structure_words.describe(run, default) for run in pure.structures(default.key or "")]
        placed = front.place(typed, "e7")
        assert type(placed) is muzlab.Position and placed.pitch_at("e7") == 7
        assert placed.structures()[0].spelling() == pure.place(7, "e7").structures(
            default.key or "")[0].spelling(default)


def test_the_notebooks_game_makes_the_notebooks_positions_and_speaks_as_it_chose():
    game = muzlab.Game(players=1, seed=2)
    assert type(game.position) is muzlab.Position and muzlab.Game.position_type is muzlab.Position
    muzlab.set_language("de")
    try:
        assert game.roll(face="Es") == 3
        assert game.log() == ["Spieler 1 würfelt Es (Eröffnung)"]
        game.place(game.legal_placements()[0])
        assert type(game.position) is muzlab.Position
        again = muzlab.Game.from_json(game.to_json())
        assert type(again) is muzlab.Game and again.log() == game.log()
        assert "Es" in game.score_sheet().to_string() or game.log()[1].startswith("Spieler 1 setzt Es")
        assert game.log(PLAIN) == ["Player 1 rolls Eb (opening)", game.log(PLAIN)[1]]
        assert game.status() == game.status(muzlab.default_reader()) != game.status(PLAIN)
        assert Game.from_json(game.to_json()).status() == game.status(PLAIN)  # (the rules' own game)
    finally:
        muzlab.set_language("en")
    assert game.log()[0] == "Player 1 rolls E♭ (opening)"


def test_the_front_doors_review_names_any_games_dice_as_the_notebook_reads():
    from muzlab.play.agents import make_agent, play

    game = play(Game(players=2, seed=3), [make_agent("greedy", 1), make_agent("random", 2)])
    plain = coach.review(game)["pitch"].tolist()
    assert "F#" in plain and muzlab.review(game)["pitch"].tolist() == plain
    with muzlab.note_names("german"):
        assert coach.review(game)["pitch"].tolist() == plain  # (below the widgets: plain English)
        german = muzlab.review(game)["pitch"].tolist()
    assert "Fis" in german and german == coach.review(game, reader=Reader("german"))["pitch"].tolist()
