"""Issue #31's last English corners, in every language: the statistics plots' titles, axis labels,
legends and ticks (and the heat maps' colour bars), the term pages' standings and a game's closing line,
a table's seats nobody named, the page of a full classroom app, and refusals worded in the lesson key
of the reader who reads them. No English word is left (the English word list of test_languages) and
numbers carry the language's marks."""

from __future__ import annotations

import pickle
import re

import matplotlib
import pandas as pd
import pytest
from test_languages import TRANSLATED, catalogues, english_words
from test_languages_app import assert_no_english
from test_languages_leftovers import ENGLISH_FIGURE
from test_plot import frames as plot_frames
from test_term import graded_term
from test_term_games import best, play_game

from muzlab import Position
from muzlab.core.errors import IllegalPlacement
from muzlab.names.error_words import error_words
from muzlab.names.output_words import percent_words
from muzlab.names.reader import Reader
from muzlab.views import plot, statsplots

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

#: The figure of an English axis tick with decimals ("2.5", "−1.0"); German, French, Spanish write "2,5".
ENGLISH_TICK = re.compile(r"\d\.\d")


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def review_rows(seats: int) -> pd.DataFrame:
    """A reviewed game's frame (`muzlab.review`'s columns the graph reads) with `seats` players."""
    rows = [{"seat": move % seats, "value": 2.5 - move, "luck": (-1.5, 0.0, 0.5)[move % 3],
             "grade": ("best", "mistake", "good", "blunder")[move % 4]} for move in range(8)]
    return pd.DataFrame(rows)


def drawn(language: str | None) -> list[plt.Axes]:
    """Every statistics plot, drawn for a reader of `language` (None: the default English reader)."""
    games, moves = plot_frames.__wrapped__()
    reader = None if language is None else Reader(language=language)
    table = pd.DataFrame({"mean_score": [20.5, 22.0], "mean_low": [19.0, 20.5], "mean_high": [22.0, 23.5],
                          "first_wins": [0.55, 0.5], "first_low": [0.45, 0.4], "first_high": [0.65, 0.6]},
                         index=["basic", "opening scores"])
    return [statsplots.score_distributions(games, reader=reader),
            statsplots.score_distributions(games[games["players"] == 2], reader=reader),
            statsplots.first_player_advantage(games, reader=reader),
            statsplots.first_player_advantage(games[games["players"] == 1], reader=reader),
            statsplots.options_by_turn(moves, reader=reader),
            statsplots.completed_structures(moves, reader=reader),
            statsplots.completed_structures(moves.iloc[:0], reader=reader),
            statsplots.settings_comparison(table, "mean_score", reader=reader),
            statsplots.settings_comparison(table, "first_wins", reader=reader),
            statsplots.game_graph(review_rows(2), reader=reader),
            statsplots.game_graph(review_rows(3), reader=reader),
            statsplots.game_graph(review_rows(1), reader=reader),
            statsplots.game_graph(review_rows(2).iloc[:0], reader=reader),
            plot.heatmap(statsplots.cell_mean_points(moves), reader=reader, fmt="{:.1f}")]


def words_of(ax: plt.Axes) -> list[str]:
    """What a person reads on a plot: its title, axis labels, tick labels, legend and texts (its twin
    axes' and colour bar's too), once it is drawn."""
    ax.figure.canvas.draw()
    found = []
    for axes in ax.figure.axes:
        found += [axes.get_title(), axes.get_xlabel(), axes.get_ylabel()]
        found += [tick.get_text() for tick in axes.get_xticklabels() + axes.get_yticklabels()]
        found += [text.get_text() for text in axes.texts]
        legend = axes.get_legend()
        found += [text.get_text() for text in legend.get_texts()] if legend else []
    return [text for text in found if text]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_statistics_plots_are_in_the_readers_language_with_its_number_marks(code, template):
    try:
        english_words_seen = [text for ax in drawn(None) for text in words_of(ax)]
        plt.close("all")
        german_like = drawn(code)
        assert "Who wins? Share of games won by each player" in english_words_seen
        assert "greedy\n(2 players)" in english_words_seen and "Player 3" in english_words_seen
        assert any(ENGLISH_TICK.search(text) for text in english_words_seen)  # (the check could fail)
        said = [text for ax in german_like for text in words_of(ax)]
        own = {"basic", "opening scores"}  # (the settings' names are the teacher's own)
        assert_no_english([text for text in said if text not in own], english_words(code, template))
        assert not any(ENGLISH_FIGURE.search(text) or ENGLISH_TICK.search(text) for text in said), said
        reader = Reader(language=code)
        assert reader.gettext("Who wins? Share of games won by each player") in said
        assert reader.pgettext("triads completed", "minor triad") in said
        assert percent_words(95, reader) in german_like[2].get_xlabel()
        assert german_like[-1].figure.axes[-1].get_ylabel() == reader.pgettext("heat map", "mean points")
    finally:
        plt.close("all")


def test_a_german_plot_reads_as_german():
    reader = Reader("german", language="de")
    games, moves = plot_frames.__wrapped__()
    ax = statsplots.score_distributions(games, reader=reader)
    assert ax.get_title() == "Endpunktzahlen nach Computerspieler und Spieler"
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Computerspieler", "Punkte")  # (French uses "agent")
    assert [t.get_text() for t in ax.get_xticklabels()][0] == "gierig\n(2 Spieler)"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Spieler 1", "Spieler 2", "Spieler 3"]
    assert statsplots.completed_counts(moves, reader).to_dict() == {"Dur-Dreiklang": 1, "Moll-Dreiklang": 1,
                                                                    "C-Dur": 2}
    graph = statsplots.game_graph(review_rows(2), reader=reader)
    graph.set_ylim(-0.5, 1.0)  # (ticks with a decimal: -0.4, -0.2, ...)
    graph.figure.canvas.draw()
    ticks = [tick.get_text() for tick in graph.get_yticklabels()]
    assert "0,2" in ticks and not any("." in tick for tick in ticks), ticks
    assert graph.get_xlabel() == "Entscheidung (aus Sicht von Spieler 1: oben ist gut für Spieler 1)"
    plt.close("all")


# ---- the term pages ------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", TRANSLATED)
def test_the_standings_and_a_games_closing_line_write_figures_as_the_language_does(code, template, tmp_path):
    from muzlab.app.term_pages import standings_html

    room, term, _thirds = graded_term(tmp_path)
    anna = next(s for s in room.students.values() if s.nickname == "Anna")
    games = term.assign("Play", "game", 1, "2026-11-30", "2026-12-04", computer="random")
    play_game(term, anna, games, best)
    row = term.standings()[0]
    english = re.sub(r"<[^>]+>", " ", standings_html(term))
    assert f"{row['accuracy']:g}%" in english and ENGLISH_FIGURE.search(english)  # (the check could fail)
    reader = Reader(language=code)
    table = standings_html(term, reader=reader)
    cells = re.findall(r"<td>([^<]*)</td>", table)
    assert not any(ENGLISH_FIGURE.search(cell) for cell in cells), cells
    accuracy = format(row["accuracy"], "g").replace(".", reader.pgettext("number", "decimal mark .")[-1])
    assert reader.pgettext("number", "{number}%").format(number=accuracy) in cells
    assert_no_english([re.sub(r"<[^>]+>", " ", table).replace("Anna", "")], english_words(code, template))
    room.store.close()


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_game_against_the_computer_ends_with_the_figures_in_the_students_marks(code, tmp_path):
    room, term, _thirds = graded_term(tmp_path)
    anna = next(s for s in room.students.values() if s.nickname == "Anna")
    games = term.assign("Play", "game", 1, "2026-11-30", "2026-12-04", computer="random")
    reader = Reader(language=code)
    item = term.next_item(games.id, anna.id)
    said = ""
    while term.next_item(games.id, anna.id) == item:
        _right, said = term.answer(anna.token, games.id, item.index,
                                   best(term.table(games.id, anna.id, item.index)), reader)
    figures = term.games(games.id, anna.id)[-1]
    accuracy = reader.pgettext("number", "{number}%").format(number=format(figures["accuracy"], "g").replace(
        ".", reader.pgettext("number", "decimal mark .")[-1]))
    assert accuracy in said and not ENGLISH_FIGURE.search(said), said
    room.store.close()


# ---- a table's seats, a full app -----------------------------------------------------------------------
@pytest.mark.parametrize("code", TRANSLATED)
def test_seats_nobody_named_are_named_in_the_readers_language(code):
    from muzlab.play.table import Table

    reader = Reader(language=code)
    table = Table(2, agents=[None, "greedy"])
    assert [seat.name for seat in table.seats] == ["Player 1", "Player 2"]  # (records keep English)
    player = reader.gettext("Player {number}")
    assert [seat.name_for(reader) for seat in table.seats] == [player.format(number=n) for n in (1, 2)]
    assert "Player" not in table.seats[1].called(reader) and "Player" not in table.status(reader)
    assert Table(2, names=["Ada", "Ben"]).seats[0].name_for(reader) == "Ada"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_full_classroom_app_says_so_in_the_servers_language(code, template):
    import asyncio

    from tornado import web

    from muzlab.app.appserver import CappedKernelManager, server_arguments

    assert f"--CappedKernelManager.language={code}" in server_arguments(language=code)
    manager = CappedKernelManager(max_kernels=2, language=code)
    manager._kernels = {"a": None, "b": None}  # two pages open already
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    said = refused.value.log_message
    assert refused.value.status_code == 503 and "2" in said and "Muzundrum" in said
    assert_no_english([said.replace("Muzundrum", "")], english_words(code, template))


# ---- refusals --------------------------------------------------------------------------------------------
def test_a_refusal_is_worded_in_the_lesson_key_of_the_reader_who_reads_it():
    position = Position(dice={(0, 0): 1})  # C♯/D♭ on e5
    plain, in_d_flat = Reader("german", language="de"), Reader("german", language="de").with_key("Db")
    for pitch, cell in ((5, (0, 0)), (2, (0, -1)), (6, (1, 0))):
        with pytest.raises(IllegalPlacement) as caught:
            position.place(pitch, cell)  # (raised with no lesson key in force)
        error = caught.value
        assert error_words(error, plain) == position.explain(pitch, cell, plain)
        assert error_words(error, in_d_flat) == position.explain(pitch, cell, in_d_flat)
        assert "Cis" in error_words(error, plain) and "Des" in error_words(error, in_d_flat)
        again = pickle.loads(pickle.dumps(error))  # (across processes: the key in force where it was raised)
        assert error_words(again, in_d_flat) == error_words(error, plain)
