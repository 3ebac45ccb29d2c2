"""What a lesson prints of a game for a class in its language: the game's state (`Game.status`), its
result and why it ended, the score sheet's plays and the tables of sheets, reviews and standings
(`muzlab.views.tables.table_text`), each in the reader's words, and plain English without a reader."""

from __future__ import annotations

import pytest

import muzlab
from muzlab import Game
from muzlab.names.reader import Reader
from muzlab.play.agents import make_agent, play
from muzlab.play.coach import summary
from muzlab.sim.samples import sample_game
from muzlab.views.tables import table_text

GERMAN = Reader("german", language="de")
FRENCH = Reader("solfege", language="fr")


@pytest.fixture(scope="module")
def finished():
    return play(Game(players=2, seed=3), [make_agent("greedy", 1), make_agent("random", 2)])


def test_the_status_says_the_repr_in_the_readers_words():
    game = Game(players=2, seed=7)
    assert f"<{'Game ' + game.status()}>" == repr(game)
    assert game.status(GERMAN) == ("2 Spieler, 0 von 21 Würfeln gelegt, Spieler 1 würfelt als Nächstes, "
                                   "Punkte 0–0")
    game.roll(face="Eb")
    assert game.status(GERMAN).endswith("Spieler 1 legt als Nächstes Es, Punkte 0–0")
    assert "Joueur 1 doit placer mi♭" in game.status(FRENCH)  # a name in a sentence


def test_a_result_and_why_the_game_ended_in_the_readers_words(finished):
    assert finished.result.words() == str(finished.result) == "Player 1 wins with 84 points"
    assert finished.result.words(GERMAN) == "Spieler 1 gewinnt mit 84 Punkten"
    assert (finished.end_words(), finished.end_words(GERMAN)) == ("supply empty", "Vorrat leer")
    assert finished.status(GERMAN).startswith("2 Spieler, 21 von 21 Würfeln gelegt, zu Ende: Spieler 1")
    assert Game().end_words(GERMAN) == ""


def test_the_score_sheets_plays_in_the_readers_words(finished):
    english = finished.score_sheet(Reader())["plays"].tolist()
    german = finished.score_sheet(GERMAN)["plays"].tolist()
    assert english[0] == "opening D e5 +0" and german[0] == "Eröffnung D e5 +0"
    assert "pass Eb" in english and "passt Es" in german
    assert "re-roll Eb · D c4 +3" in english and "neu gewürfelt Es · D c4 +3" in german
    assert finished.score_sheet(GERMAN)["player"][1] == "Spieler 1"


def test_a_table_text_has_headings_seats_grades_and_numbers_in_the_readers_words(finished):
    reviewed = muzlab.review(sample_game("greedy-vs-random"))
    columns = ["turn", "player", "pitch", "cell", "points", "luck", "equity_loss", "grade"]
    german = table_text(reviewed[columns].head(4), GERMAN, places=1)
    assert german.split("\n")[0].split() == ["Zug", "Spieler", "Ton", "Feld", "Punkte", "Glück",
                                             "Wertverlust", "Bewertung"]
    assert "Spieler 2" in german and "beste Wahl" in german and "-1,3" in german
    english = table_text(reviewed[columns].head(4), Reader(), places=1)
    assert english.split("\n")[0].split() == columns  # English headings are the frame's own column names
    assert "Player 2" in english and "-1.3" in english and "inaccuracy" in english
    levels = table_text(summary(reviewed)[["player", "level"]], GERMAN, index=False)
    assert levels.split("\n")[1].split() == ["Spieler", "1", "Neuling"]
    lost = table_text(summary(reviewed)[["points_lost", "best_share"]], FRENCH, places=2, index=False)
    assert lost.split("\n")[0].split() == ["points_perdus", "meilleures_décisions"]  # a heading is one token
    sheet = table_text(finished.score_sheet(GERMAN), GERMAN, index=False)
    assert sheet.split("\n")[0].split()[:4] == ["Zug", "Runde", "Spieler", "Spielzüge"]
    assert reviewed.columns.tolist()[:3] == ["turn", "seat", "player"]  # the frame itself keeps English
