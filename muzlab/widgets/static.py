"""Book mode: in a static page no kernel answers clicks, so widgets show what they hold instead.

`enable()` (run in the kernel that executes the lessons for the book) makes every ipywidget display
as plain HTML: a board widget as the picture of its board and a sentence saying that playing needs a
live kernel; an Audio widget as an HTML audio player with the sound inside; text and staff widgets as
their HTML; a button as a greyed button; a box as its children; any other control as one sentence.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable

import ipywidgets as widgets

from muzlab.svg import game_svg, position_svg
from muzlab.widgets.explorer import Explorer
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.svgboard import SvgBoard

LIVE = ("it needs a running Python: open this lesson in JupyterLab (<code>muzlab lab</code>) or the "
        "classroom app (<code>muzlab app</code>)")


def _playboard(board: PlayBoard) -> str:
    return _figure(game_svg(board.game),
                   f"The PlayBoard, as the lesson left it. To roll and place dice by clicking, {LIVE}.")


def _explorer(explorer: Explorer) -> str:
    return _figure(position_svg(explorer.position),
                   f"The Explorer with this position. To put and remove notes by clicking, {LIVE}.")


def _quiz(quiz: Quiz) -> str:
    question = quiz.question
    asked = [question.cell] if question.cell is not None else None
    return (f"<p><b>{html.escape(question.prompt)}</b></p>"
            + _figure(position_svg(question.position, highlight=asked),
                      f"The first question of the Quiz. To answer by clicking, {LIVE}."))


def _board(board: SvgBoard) -> str:
    scene = board.scene
    if scene is None:
        return ""
    return _figure(position_svg(scene.position, highlight=scene.highlight, last=scene.last),
                   f"To click on the board, {LIVE}.")


PICTURES: dict[type, Callable[[widgets.Widget], str]] = {PlayBoard: _playboard, Explorer: _explorer,
                                                          Quiz: _quiz, SvgBoard: _board}


def _figure(svg: str, sentence: str) -> str:
    return (f"<figure class='muz-static' style='margin:0'>{svg}"
            f"<figcaption><i>{sentence}</i></figcaption></figure>")


def static_html(widget: widgets.Widget) -> str:
    """What a widget shows in a page without a kernel: its picture, sound or text, or a sentence."""
    for kind, picture in PICTURES.items():
        if isinstance(widget, kind):
            return picture(widget)
    if isinstance(widget, widgets.Audio):
        if not widget.value:
            return ""
        data = base64.b64encode(widget.value).decode("ascii")
        return f"<audio controls src='data:audio/{widget.format};base64,{data}'></audio>"
    if isinstance(widget, widgets.HTML | widgets.HTMLMath | widgets.Label):
        return widget.value if isinstance(widget, widgets.HTML) else html.escape(widget.value)
    if isinstance(widget, widgets.HBox):  # side by side while there is room, each at least 300px wide
        inner = "".join(f"<div style='flex:1 1 300px'>{static_html(c)}</div>" for c in widget.children)
        return f"<div style='display:flex;flex-wrap:wrap;gap:8px;align-items:center'>{inner}</div>"
    if isinstance(widget, widgets.Box):
        return "<div>" + "".join(static_html(child) for child in widget.children) + "</div>"
    if isinstance(widget, widgets.Output):
        return ""
    if isinstance(widget, widgets.Button):
        return f"<button disabled>{html.escape(widget.description)}</button>"
    return f"<p><i>(An interactive {type(widget).__name__} control: {LIVE}.)</i></p>"


def static_bundle(widget: widgets.Widget) -> dict[str, str]:
    """The display data of a widget in book mode: HTML and a plain-text line."""
    return {"text/html": static_html(widget),
            "text/plain": f"<{type(widget).__name__}: interactive in a live kernel>"}


def enable(shell=None) -> None:
    """Show widgets as static HTML in this IPython kernel (the book's executing kernel)."""
    from IPython import get_ipython

    shell = shell or get_ipython()
    shell.display_formatter.mimebundle_formatter.for_type(widgets.Widget, static_bundle)
