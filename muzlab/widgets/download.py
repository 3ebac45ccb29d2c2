"""A button that downloads a file made in Python through the browser: nothing is written on the server.

A click in the page asks Python for the file; Python makes it at that moment (so it is always the
current game, review or worksheet) and sends it back; the page hands it to the browser as a download.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button muz-download";
  button.type = "button";
  const label = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip") || model.get("description");
  };
  label();
  model.on("change:description", label);
  model.on("change:tooltip", label);
  button.addEventListener("click", () => model.send({ event: "download" }));
  model.on("msg:custom", (message) => {
    if (!message || typeof message.data !== "string") return;
    const bytes = Uint8Array.from(atob(message.data), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: message.mime }));
    const link = document.createElement("a");
    link.href = url;
    link.download = message.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
  el.append(button);
}
export default { render };
"""


@dataclass(frozen=True)
class Download:
    """A file for the browser to save: its name, media type and bytes."""

    name: str
    mime: str
    data: bytes


class DownloadButton(anywidget.AnyWidget):
    """A button; a click calls `make()` and the browser saves the `Download` it returns (None: there
    is nothing to save, and `make` has said why where the person reads it)."""

    _esm = _ESM
    description = traitlets.Unicode("Download").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)

    def __init__(self, description: str, make: Callable[[], Download | None], css: str = "",
                 tooltip: str = ""):
        super().__init__(description=description, tooltip=tooltip)
        self.make = make
        if css:
            self.add_class(css)
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "download":
            self.click()

    def click(self) -> Download | None:
        """What a click in the page does: make the file and send it to the browser; returns it."""
        made = self.make()
        if made is None:
            return None
        self.send({"name": made.name, "mime": made.mime, "data": base64.b64encode(made.data).decode("ascii")})
        return made
