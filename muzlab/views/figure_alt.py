"""Text alternatives for matplotlib figures shown in a notebook: JupyterLab draws a figure's PNG as an
`<img>` with no `alt`, so a screen reader hears nothing of a board or a chart (WCAG 1.1.1).

A figure is given its words by the function that draws it (`name_figure`); one with none is said by its
titles. `show_alt_text` makes IPython show every figure as HTML: its PNG in an `<img>` with those words.
"""

from __future__ import annotations

import base64
import html
import io

from matplotlib.figure import Figure

#: The attribute of a Figure holding the words `name_figure` gave it.
_WORDS = "_muz_alt"


def name_figure(figure: Figure, words: str) -> None:
    """Add `words` to what a screen reader says for `figure` (a figure of several boards says each)."""
    setattr(figure, _WORDS, [*getattr(figure, _WORDS, []), words])


def figure_alt(figure: Figure) -> str:
    """The figure's text alternative: the words it was given, else its titles ("" when it has neither)."""
    words = getattr(figure, _WORDS, [])
    if words:
        return "; ".join(words)
    titles = [figure._suptitle.get_text()] if figure._suptitle is not None else []
    titles += [ax.get_title() for ax in figure.axes]
    return "; ".join(title for title in titles if title)


def figure_html(figure: Figure) -> str | None:
    """The figure as an `<img>` with its text alternative; None (its PNG alone) when it has no words."""
    words = figure_alt(figure)
    if not words:
        return None
    picture = io.BytesIO()
    figure.savefig(picture, format="png", bbox_inches="tight")
    data = base64.b64encode(picture.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(words)}">'


def show_alt_text() -> None:
    """In an IPython kernel, show every matplotlib figure as `figure_html` (outside one, or in a shell
    without IPython's display formatters: nothing)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    # (not the text/html formatter: matplotlib-inline clears every one of those for Figure as it starts;
    # a shell that is not IPython's own, such as the class server's Solara one, has no mimebundle formatter)
    formatter = getattr(getattr(get_ipython(), "display_formatter", None), "mimebundle_formatter", None)
    if formatter is not None:
        formatter.for_type(Figure, _html_bundle)


def _html_bundle(figure: Figure, include: object = None, exclude: object = None) -> dict[str, str] | None:
    html_text = figure_html(figure)
    return None if html_text is None else {"text/html": html_text}
