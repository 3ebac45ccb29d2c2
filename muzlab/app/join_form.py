"""The form a student's page joins the class with: nickname, the class code (unless the page's address
has it) and, for a returning student, their personal code."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from muzlab.names.reader import Reader


class JoinForm(widgets.VBox):
    """The join form's fields, its button and the line that says why a join was refused; its words are
    written by `relabel` in the page's language."""

    def __init__(self, code: str | None, button: widgets.Button, on_join: Callable[[], None]):
        self.nickname = widgets.Text(_dom_classes=("muz-nickname",))
        self.code = widgets.Text(value=code or "", _dom_classes=("muz-code",))
        if code:
            self.code.layout.display = "none"
        self.personal = widgets.Text(_dom_classes=("muz-personal-code",))
        self.button = button  # (the class pages' button, "muz-join")
        self.button.on_click(lambda _b: on_join())
        self.message = widgets.HTML(_dom_classes=("muz-join-message",))
        self.head = widgets.HTML(_dom_classes=("muz-join-head",))
        fields = widgets.Box([self.nickname, self.code, self.personal], _dom_classes=("muz-join-fields",))
        super().__init__([self.head, fields, self.button, self.message])

    def relabel(self, reader: Reader) -> None:
        """Write the form's words in `reader`'s language."""
        self.nickname.description = reader.gettext("Nickname")
        self.nickname.placeholder = reader.gettext("your nickname")
        self.code.description = reader.gettext("Class code")
        self.code.placeholder = reader.gettext("on the teacher's screen")
        self.personal.description = reader.gettext("Personal code")
        self.personal.placeholder = reader.gettext("only if you joined before")
        self.button.description = reader.gettext("Join")
        self.head.value = "<h3>{}</h3><p>{}</p>".format(
            html.escape(reader.gettext("Join the class"), quote=False),
            html.escape(reader.gettext("A nickname is all we keep: no real name, no account."), quote=False))
