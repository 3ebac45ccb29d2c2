"""A lesson's matplotlib figures carry a text alternative: a board says its dice, a chart its titles."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen

from muzlab import Position  # noqa: E402
from muzlab.views import plot  # noqa: E402
from muzlab.views.figure_alt import figure_alt, figure_html  # noqa: E402


def test_a_board_figure_is_said_by_its_title_and_its_dice():
    ax = plot.board(Position(dice={"e5": "C", "e6": "E"}), title="Two dice")
    html = figure_html(ax.figure)
    assert html.startswith('<img src="data:image/png;base64,')
    assert 'alt="Two dice: standard board, 2 dice: C on e5, E on e6' in html
    plt.close(ax.figure)


def test_a_figure_of_several_boards_says_each():
    figure, axes = plt.subplots(1, 2)
    plot.board(Position(), ax=axes[0])
    plot.board(Position(dice={"e5": "G"}), ax=axes[1])
    assert figure_alt(figure) == "standard board, no dice yet; standard board, 1 die: G on e5"
    plt.close(figure)


def test_a_chart_is_said_by_its_titles_and_a_figure_with_no_words_is_left_as_a_png():
    figure, ax = plt.subplots()
    assert figure_html(figure) is None
    ax.set_title("Scores")
    figure.suptitle("Two players")
    assert figure_alt(figure) == "Two players; Scores"
    plt.close(figure)


def test_a_shell_without_ipythons_display_formatters_is_left_alone(monkeypatch):
    # the class server's Solara shell has no mimebundle formatter: importing the plots there must not fail
    import IPython

    from muzlab.views.figure_alt import show_alt_text

    monkeypatch.setattr(IPython, "get_ipython", lambda: object())
    show_alt_text()  # (raised AttributeError before, which broke every download that draws a board)
