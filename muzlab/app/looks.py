"""A page's shared looks: one Layout per kind of layout, and one style per kind of style, for all the
widgets of a page that keep them as they are made.

ipywidgets gives every widget a Layout and (most) a style of its own: a widget is three widgets to
the page, each one message and one model in the browser. On the teacher's page 120 of its 179
widgets were such layouts and styles, most of them alike. Widgets made by `Looks.make` share their
page's instead, and the page is sent 77 widgets. Only a widget whose layout or style is changed after it
is made (shown or hidden, say) must have its own: pass `layout=` or `style=` for it, and it keeps
what it is given.

Every label is read whole, in any language: the shared styles give a description the room its words
take (ipywidgets' default label column is 80 px, and cuts "Persönlicher Code" to "Persönlich…"), and
a checkbox is as wide as its words (its default 300 px cut "Seat students whose page is closed too").

One `Looks` per page (per Solara session): widgets are a session's own, so two pages never share one.
"""

from __future__ import annotations

from typing import Any, TypeVar

import ipywidgets as widgets

W = TypeVar("W", bound=widgets.DOMWidget)


class Looks:
    """The Layouts (by their settings) and styles (by their class) that a page's widgets share."""

    def __init__(self) -> None:
        self._layouts: dict[tuple, widgets.Layout] = {}
        self._styles: dict[type, widgets.Style] = {}

    def layout(self, **settings: str) -> widgets.Layout:
        """The page's Layout with these settings (made the first time they are asked for)."""
        key = tuple(sorted(settings.items()))
        if key not in self._layouts:
            self._layouts[key] = widgets.Layout(**settings)
        return self._layouts[key]

    def make(self, kind: type[W], *args: Any, layout: dict[str, str] | widgets.Layout | None = None,
             **state: Any) -> W:
        """A `kind` widget with the page's shared Layout (`layout`: its settings, or a Layout of its
        own; a checkbox's is as wide as its words unless given) and, if it has a style and none is given
        in `state`, the page's shared style of its kind (its labels whole)."""
        if layout is None and issubclass(kind, widgets.Checkbox):
            layout = {"width": "auto"}
        shared = layout if isinstance(layout, widgets.Layout) else self.layout(**(layout or {}))
        style = kind.class_traits().get("style")
        if style is not None and "style" not in state:
            if style.klass not in self._styles:
                self._styles[style.klass] = made = style.klass()
                if made.has_trait("description_width"):
                    made.description_width = "initial"
            state["style"] = self._styles[style.klass]
        return kind(*args, layout=shared, **state)
