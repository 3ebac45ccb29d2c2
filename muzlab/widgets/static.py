"""Book mode: in a static page no kernel answers clicks, so widgets show what they hold instead.

`enable()` (run in the kernel that executes the lessons for the book) makes every ipywidget display
as plain HTML: the PlayBoard, the Explorer and the Quiz as the picture of their board with a sentence
saying that clicking needs a live kernel; any board inside another widget as its picture; an Audio
widget as an HTML audio player with the sound inside; text and staff widgets as their HTML. Buttons,
sliders and menus do nothing in a page, so they are left out, and one sentence under the widget says
that its controls need a live kernel.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable

import ipywidgets as widgets

from muzlab.names.reader import Reader
from muzlab.reading import for_people
from muzlab.views.svg import game_svg, position_svg
from muzlab.widgets.explorer import Explorer
from muzlab.widgets.play import PlayBoard
from muzlab.widgets.quiz import Quiz
from muzlab.widgets.svgboard import SvgBoard

#: What clicking needs, with the two commands that give it (not translated: they are typed).
COMMANDS = {"lab": "<code>muzlab lab</code>", "app": "<code>muzlab app</code>"}
#: Widgets that only show something; every other widget is a control (or holds one).
CONTENT = (widgets.HTML, widgets.HTMLMath, widgets.Label, widgets.Audio, widgets.Output)


def needs(reader: Reader) -> str:
    """What clicking in a lesson needs, in `reader`'s language (with the commands as code)."""
    return reader.gettext("a running Python: open this lesson in JupyterLab ({lab}) or the classroom app "
                          "({app})").format(**COMMANDS)


def reader_of(widget: widgets.Widget) -> Reader:
    """The reader a widget writes for (a board's, a PlayBoard's...), else the default reader."""
    reader = getattr(widget, "reader", None)
    return reader if isinstance(reader, Reader) else for_people(None)


def _playboard(board: PlayBoard) -> str:
    reader = board.reader
    return _figure(game_svg(board.game, reader=reader), reader.gettext(
        "The PlayBoard, as the lesson left it. Rolling and placing dice by clicking needs {needs}."
    ).format(needs=needs(reader)))


def _explorer(explorer: Explorer) -> str:
    reader = explorer.reader
    return _figure(position_svg(explorer.position, reader=reader), reader.gettext(
        "The Explorer with this position. Putting and removing notes by clicking needs {needs}."
    ).format(needs=needs(reader)))


def _quiz(quiz: Quiz) -> str:
    question, reader = quiz.question, quiz.reader
    asked = [question.cell] if question.cell is not None else None
    return (f"<p><b>{html.escape(question.prompt)}</b></p>"
            + _figure(position_svg(question.position, highlight=asked, reader=reader), reader.gettext(
                "The first question of the Quiz. Answering by clicking needs {needs}."
            ).format(needs=needs(reader))))


#: Widgets drawn as a picture that says itself what needs a kernel.
PICTURES: dict[type, Callable[[widgets.Widget], str]] = {PlayBoard: _playboard, Explorer: _explorer,
                                                          Quiz: _quiz}


def _figure(svg: str, sentence: str = "") -> str:
    caption = f"<figcaption><i>{sentence}</i></figcaption>" if sentence else ""
    return f"<figure class='muz-static' style='margin:0'>{svg}{caption}</figure>"


def static_html(widget: widgets.Widget) -> str:
    """What a widget shows in a page without a kernel: its picture, sound or text (controls: nothing)."""
    for kind, picture in PICTURES.items():
        if isinstance(widget, kind):
            return picture(widget)
    if isinstance(widget, SvgBoard):
        scene = widget.scene
        return "" if scene is None else _figure(
            position_svg(scene.position, highlight=scene.highlight, last=scene.last, reader=widget.reader))
    if isinstance(widget, widgets.Audio):
        if not widget.value:
            return ""
        data = base64.b64encode(widget.value).decode("ascii")
        return f"<audio controls src='data:audio/{widget.format};base64,{data}'></audio>"
    if isinstance(widget, widgets.HTML | widgets.HTMLMath):
        return widget.value
    if isinstance(widget, widgets.Label):
        return html.escape(widget.value)
    if isinstance(widget, widgets.HBox):  # side by side while there is room, each at least 300px wide
        inner = "".join(f"<div style='flex:1 1 300px'>{part}</div>"
                        for part in map(static_html, widget.children) if part)
        return f"<div style='display:flex;flex-wrap:wrap;gap:8px;align-items:center'>{inner}</div>"
    if isinstance(widget, widgets.Box):
        return "<div>" + "".join(static_html(child) for child in widget.children) + "</div>"
    return ""


def has_controls(widget: widgets.Widget) -> bool:
    """Whether the widget is, or holds, something that only works with a kernel (a button, a board...)."""
    if isinstance(widget, widgets.Box) and not isinstance(widget, tuple(PICTURES)):
        return any(has_controls(child) for child in widget.children)
    return not isinstance(widget, CONTENT)


def static_bundle(widget: widgets.Widget) -> dict[str, str]:
    """The display data of a widget in book mode: HTML (with the sentence for its controls) and text."""
    body, reader, name = static_html(widget), reader_of(widget), type(widget).__name__
    if has_controls(widget) and not isinstance(widget, tuple(PICTURES)):
        sentence = reader.gettext("The buttons and controls of this {widget} work with {needs}.")
        body += f"<p><i>{sentence.format(widget=name, needs=needs(reader))}</i></p>"
    plain = reader.gettext("{widget}: interactive in a live kernel").format(widget=name)
    return {"text/html": body, "text/plain": f"<{plain}>"}


def enable(shell=None) -> None:
    """Show widgets as static HTML in this IPython kernel (the book's executing kernel)."""
    from IPython import get_ipython  # only inside a running kernel

    shell = shell or get_ipython()
    shell.display_formatter.mimebundle_formatter.for_type(widgets.Widget, static_bundle)
