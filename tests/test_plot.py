"""Matplotlib pictures: check what was drawn (hexes, labels, colours, colour bars), not only that it ran."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import LineCollection, PatchCollection  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.container import BarContainer  # noqa: E402

from muzlab.core.board import Board  # noqa: E402
from muzlab.core.errors import CellOffBoard  # noqa: E402
from muzlab.rules.perft import random_positions  # noqa: E402
from muzlab.rules.position import Position  # noqa: E402
from muzlab.views import plot  # noqa: E402
from muzlab.views.svg import COLOURS, board_view  # noqa: E402

MIDGAME = random_positions(0, dice=21)[-1]


@pytest.fixture(autouse=True)
def _close_figures(monkeypatch):
    def refuse_show(*args, **kwargs):
        raise AssertionError("plots must not call plt.show()")

    monkeypatch.setattr(plt, "show", refuse_show)
    yield
    plt.close("all")


def hexes(ax) -> PatchCollection:
    (collection,) = [c for c in ax.collections if c.get_gid() == plot.CELLS_GID]
    return collection


def facecolour(ax, board: Board, cell) -> str:
    return to_hex(hexes(ax).get_facecolors()[board.cells.index(cell)])


def texts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


def text_at(ax, label: str):
    (text,) = [t for t in ax.texts if t.get_text() == label]
    return text


# ---- the board -----------------------------------------------------------------------------------------
def test_board_draws_one_collection_of_hexes_and_returns_the_axes():
    fig, ax = plt.subplots()
    assert plot.board(Position(), ax=ax) is ax
    collection = hexes(ax)
    assert isinstance(collection, PatchCollection)
    assert len(collection.get_paths()) == 61
    assert [len(p.vertices) for p in collection.get_paths()] == [7] * 61  # six corners, closed
    assert not ax.axison and ax.get_aspect() == 1.0
    assert not ax.patches  # no patch per cell


def test_board_without_ax_makes_its_own_figure():
    ax = plot.board(Position())
    assert ax.figure is not None and len(hexes(ax).get_paths()) == 61


def test_empty_board_marks_the_honeypots():
    ax = plot.board(Position())
    assert sorted(texts(ax)) == ["×2"] * 6 + ["×3"] * 6
    board = Board.standard()
    assert facecolour(ax, board, (4, 0)) == COLOURS["honeypot-3"]
    assert facecolour(ax, board, (2, 0)) == COLOURS["honeypot-2"]
    assert facecolour(ax, board, (1, 0)) == COLOURS["cell"]


def test_dice_show_their_spelled_names_on_one_collection_of_faces():
    ax = plot.board(MIDGAME)
    labels = board_view(MIDGAME).labels  # Position.labels() with real accidentals
    for label in labels.values():
        assert label in texts(ax)
    assert "G♯" in texts(ax)  # E–Ab–B is a complete E major triad: Ab is spelled G#
    (faces,) = [c for c in ax.collections if c.get_gid() == plot.DICE_GID]
    assert len(faces.get_paths()) == 21


def test_higher_pitch_goes_up_the_screen():
    position = Position(None, {(0, 0): 0, (0, -1): 4})
    ax = plot.board(position)
    assert text_at(ax, "E").get_position()[1] > text_at(ax, "C").get_position()[1]


def test_highlighting_a_pitch_colours_its_legal_cells_with_points():
    ax = plot.board(MIDGAME, highlight="D")
    legal = MIDGAME.legal_placements("D")
    assert legal
    board = MIDGAME.board
    for cell in board.cells:
        coloured = facecolour(ax, board, cell) == COLOURS["legal"]
        assert coloured == (cell in legal), cell
    points = sorted(t for t in texts(ax) if t.startswith("+"))
    assert points == sorted(f"+{MIDGAME.score(2, cell)}" for cell in legal)
    assert ax.get_title() == f"Where can D go? {len(legal)} legal cells"


def test_highlight_by_number_and_by_cells():
    board = MIDGAME.board
    ax = plot.board(MIDGAME, highlight=2, title="")
    assert ax.get_title() == ""
    assert sum(facecolour(ax, board, c) == COLOURS["legal"] for c in board.cells) == len(
        MIDGAME.legal_placements(2))
    ax = plot.board(MIDGAME, highlight=[(1, 2), (-3, 0)])
    assert [c for c in board.cells if facecolour(ax, board, c) == COLOURS["legal"]] == [(-3, 0), (1, 2)]
    assert not [t for t in texts(ax) if t.startswith("+")]
    with pytest.raises(CellOffBoard):
        plot.board(MIDGAME, highlight=[(7, 7)])


def test_a_pitch_with_no_legal_cell_says_pass():
    position = Position(None, {(0, 0): 0})
    assert not position.legal_placements("C")
    ax = plot.board(position, highlight="C")
    assert ax.get_title() == "C has no legal cell: pass"
    assert not [t for t in texts(ax) if t.startswith("+")]


def test_runs_are_lines_through_centres_coloured_by_kind_and_state():
    ax = plot.board(MIDGAME)
    (lines,) = [c for c in ax.collections if isinstance(c, LineCollection)]
    structures = MIDGAME.structures()
    segments = lines.get_segments()
    assert len(segments) == len(structures)
    colours = [to_hex(c) for c in lines.get_colors()]
    widths = list(lines.get_linewidths())
    for segment, colour, width, structure in zip(segments, colours, widths, structures, strict=True):
        assert len(segment) == len(structure.cells)
        assert colour == COLOURS[structure.kind] or (not structure.complete and colour == COLOURS["dead"])
        thick = max(widths)
        assert (width == thick) == structure.complete
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "complete triad", "potential triad", "complete scale", "potential scale"]
    ax = plot.board(MIDGAME, show_structures=False)
    assert not [c for c in ax.collections if isinstance(c, LineCollection)]


def test_last_placement_is_ringed():
    ax = plot.board(MIDGAME, last=(4, -2))
    (ring,) = [p for p in ax.patches if p.get_gid() == "muzlab-last"]
    assert np.allclose(ring.center, (6.0, -math.sqrt(3) * (-2 + 2)))


def test_fonts_grow_with_the_figure():
    small = plot.board(MIDGAME, ax=plt.subplots(figsize=(4, 4))[1])
    large = plot.board(MIDGAME, ax=plt.subplots(figsize=(12, 12))[1])
    assert large.texts[0].get_fontsize() > 2 * small.texts[0].get_fontsize()


def test_board_draws_on_a_plain_figure_without_pyplot():
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 6))
    ax = plot.board(MIDGAME, ax=fig.add_subplot(), highlight="E", last=(4, -2))
    fig.canvas.draw()
    assert len(hexes(ax).get_paths()) == 61


# ---- heat maps -------------------------------------------------------------------------------------
def test_heatmap_colours_cells_by_value_with_a_colour_bar():
    board = Board.standard()
    values = {(0, 0): 10, (1, 0): 5, (0, 4): 0}
    ax = plot.heatmap(values, label="dice placed")
    ax.figure.canvas.draw()
    collection = hexes(ax)
    assert collection.colorbar is not None
    assert collection.colorbar.ax.get_ylabel() == "dice placed"
    assert len(ax.figure.axes) == 2
    colours = collection.get_facecolors()
    cmap = plt.get_cmap("viridis")
    assert np.allclose(colours[board.cells.index((0, 0))], cmap(1.0))
    assert np.allclose(colours[board.cells.index((0, 4))], cmap(0.0))
    assert to_hex(colours[board.cells.index((2, 0))]) == COLOURS["cell"]  # no value: grey
    assert {"10", "5", "0"} <= set(texts(ax))
    assert texts(ax).count("×2") == 6 and texts(ax).count("×3") == 6


def test_heatmap_takes_a_series_and_its_name_as_label():
    series = pd.Series([1.25, 3.5], index=pd.MultiIndex.from_tuples([(0, 0), (0, -1)], names=["q", "r"]),
                       name="mean points")
    ax = plot.heatmap(series, fmt="{:.1f}", vmin=0, vmax=4, annotate=True)
    assert hexes(ax).colorbar.ax.get_ylabel() == "mean points"
    assert {"1.2", "3.5"} <= set(texts(ax))
    assert hexes(ax).get_clim() == (0, 4)
    ax = plot.heatmap(series, annotate=False)
    assert "3.5" not in texts(ax)


def test_heatmap_refuses_cells_off_the_board():
    with pytest.raises(CellOffBoard):
        plot.heatmap({(9, 0): 1})


def test_heatmap_on_another_board():
    master = Board.master()
    ax = plot.heatmap({(5, 0): 1.0}, board=master)
    assert len(hexes(ax).get_paths()) == 91


# ---- simulation frames -----------------------------------------------------------------------------
def move(game, event, player, action, q=None, r=None, points=0, triad=(None, ""), scale=(None, ""), legal=5,
         dice=1):
    return {"game": game, "event": event, "turn": event, "player": player, "agent": f"a{player}",
            "action": action, "pitch": 0, "q": q, "r": r, "points": points, "honeypot": 1,
            "completed": (triad[0] is not None) + (scale[0] is not None), "triad_root": triad[0],
            "triad_quality": triad[1], "scale_tonic": scale[0], "scale_type": scale[1], "legal_cells": legal,
            "missed": False, "received": False, "bonus": False, "extra": False, "dice_on_board": dice}


@pytest.fixture
def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    games = []
    for game, (s0, s1, winner) in enumerate([(30, 20, 0), (25, 28, 1), (40, 10, 0), (22, 22, -1)]):
        games.append({"game": game, "seed": game, "players": 2, "agent_0": "greedy", "agent_1": "random",
                      "score_0": s0, "score_1": s1, "winner": winner, "tie": winner == -1,
                      "dice_placed": 21, "passes": 1, "missed": 0, "extra_rolls": 0, "bonus_plays": 0,
                      "turns": 20, "end_reason": "supply empty"})
    games.append({"game": 4, "seed": 4, "players": 3, "agent_0": "greedy", "agent_1": "greedy",
                  "agent_2": "greedy", "score_0": 5, "score_1": 9, "score_2": 7, "winner": 1, "tie": False,
                  "dice_placed": 21, "passes": 0, "missed": 0, "extra_rolls": 0, "bonus_plays": 0,
                  "turns": 20, "end_reason": "locked board"})
    moves = [
        move(0, 0, 0, "opening", 0, 0, dice=0, legal=1),
        move(0, 1, 0, "place", 0, -1, points=2, dice=1, legal=4),
        move(0, 2, 1, "pass", dice=2, legal=0),
        move(0, 3, 1, "place", 0, -2, points=3, triad=(9, "minor"), dice=2, legal=2),
        move(1, 0, 0, "opening", 0, 0, dice=0, legal=1),
        move(1, 1, 0, "place", 0, -1, points=4, dice=1, legal=6),
        move(1, 2, 1, "place", 2, 0, points=4, scale=(0, "major"), dice=2, legal=2),
        move(1, 3, 0, "place", 1, 0, points=2, triad=(0, "major"), scale=(0, "major"), dice=3, legal=1),
    ]
    frame = pd.DataFrame(moves)
    frame["q"] = frame["q"].astype("Int64")
    frame["r"] = frame["r"].astype("Int64")
    return pd.DataFrame(games), frame


def test_cell_counts_and_mean_points(frames):
    _, moves = frames
    counts = plot.cell_counts(moves)
    assert counts.to_dict() == {(0, -2): 1, (0, -1): 2, (1, 0): 1, (2, 0): 1}
    assert plot.cell_counts(moves, include_opening=True)[(0, 0)] == 2
    assert plot.cell_mean_points(moves).to_dict() == {(0, -2): 3.0, (0, -1): 3.0, (1, 0): 2.0, (2, 0): 4.0}


def test_honeypot_unused(frames):
    _, moves = frames
    unused = plot.honeypot_unused(moves)
    assert len(unused) == 12
    assert unused[(2, 0)] == 0.5 and unused[(0, -2)] == 0.5 and unused[(4, 0)] == 1.0


def test_heatmap_of_cell_counts(frames):
    _, moves = frames
    ax = plot.heatmap(plot.cell_counts(moves))
    assert hexes(ax).colorbar.ax.get_ylabel() == "placements"


def test_wilson_interval():
    from muzlab.sim.stats import wilson_interval

    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert all(math.isnan(v) for v in wilson_interval(0, 0))


def test_seat_scores_and_win_shares(frames):
    games, _ = frames
    scores = plot.seat_scores(games)
    assert len(scores) == 4 * 2 + 3
    assert scores[(scores["game"] == 4) & (scores["seat"] == 1)]["won"].item()
    shares = plot.win_shares(games)
    two = shares[shares["players"] == 2].set_index("seat")
    assert two["wins"].tolist() == [2, 1] and two["games"].tolist() == [4, 4]  # the tie is nobody's
    assert (two["low"] <= two["share"]).all() and (two["share"] <= two["high"]).all()


def test_score_distributions_draw_a_box_per_agent_and_seat(frames):
    games, _ = frames
    fig, ax = plt.subplots()
    assert plot.score_distributions(games, ax=ax) is ax
    assert len(ax.patches) == 1 + 3 + 1  # greedy 2p seat 1; greedy 3p seats 1-3; random 2p seat 2
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Player 1", "Player 2", "Player 3"]
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == ["greedy\n(2 players)", "greedy\n(3 players)", "random\n(2 players)"]


def test_first_player_advantage_bars_with_intervals(frames):
    games, _ = frames
    ax = plot.first_player_advantage(games)
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    heights = [patch.get_height() for container in bars for patch in container]
    assert heights == pytest.approx([0.5, 0.25, 0.0, 1.0, 0.0])
    assert len([c for c in ax.containers if not isinstance(c, BarContainer)]) == 2  # error bars
    assert "95% Wilson" in ax.get_xlabel()


def test_options_by_turn(frames):
    _, moves = frames
    ax = plot.options_by_turn(moves)
    (legal,) = ax.get_lines()
    assert list(legal.get_xdata()) == [1, 2, 3]
    assert list(legal.get_ydata()) == [5.0, 4 / 3, 1.0]
    twin = [a for a in ax.figure.axes if a is not ax][0]
    (passes,) = twin.get_lines()
    assert list(passes.get_ydata()) == pytest.approx([0.0, 1 / 3, 0.0])


def test_completed_structures(frames):
    _, moves = frames
    assert plot.completed_counts(moves).to_dict() == {"major triad": 1, "minor triad": 1, "C major": 2}
    ax = plot.completed_structures(moves)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["major triad", "minor triad", "C major"]
    colours = [to_hex(p.get_facecolor()) for p in ax.patches]
    assert colours == [COLOURS["triad"], COLOURS["triad"], COLOURS["scale"]]


def test_statistics_plots_survive_empty_frames(frames):
    games, moves = frames
    plot.completed_structures(moves.iloc[:0])
    plot.first_player_advantage(games[games["players"] == 1])


def test_coordinates_label_every_cell_by_its_name():
    board = Board.standard()
    ax = plot.board(Position.from_notation("standard C@0,0"), coordinates=True)
    names = {board.cell_name(c) for c in board.cells}
    assert names <= set(texts(ax))
    assert not names & set(texts(plot.board(Position.from_notation("standard C@0,0"))))


def test_a_board_is_drawn_for_the_reader_given_whatever_the_default():
    from muzlab import Position, Reader, note_names

    position = Position(dice={"e5": "Eb", "e6": "G"})
    with note_names("solfege"):
        german = plot.board(position, reader=Reader("german"))
        english = plot.board(position, reader=Reader(typeset=True))
    names = [{text.get_text() for text in ax.texts} for ax in (german, english)]
    plt.close("all")
    assert {"Es", "G"} <= names[0] and {"E♭", "G"} <= names[1] and "Es" not in names[1]
