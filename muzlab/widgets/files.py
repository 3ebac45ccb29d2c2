"""Files between the student's device and the kernel, through the browser: nothing is written on the
server and no path is typed.

`DownloadButton`: a click in the page asks Python for the file; Python makes it at that moment (so it
is always the current game, review or worksheet) and sends it back; the page hands it to the browser as
a download. `UploadButton`: the student picks a file on their device; the page refuses one over
`max_bytes` before sending anything (Python is told its name and size), else sends its bytes.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from muzlab.core.spreadsheet import csv_records
from muzlab.widgets.controls_style import CONTROLS_CSS

_DOWNLOAD_ESM = """
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

    _esm = _DOWNLOAD_ESM
    _css = CONTROLS_CSS
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


_UPLOAD_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button muz-upload";
  button.type = "button";
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  const label = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip") || model.get("description");
    input.accept = model.get("accept");
  };
  label();
  model.on("change:description", label);
  model.on("change:tooltip", label);
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";  // the same file may be chosen again
    if (!file) return;
    if (file.size > model.get("max_bytes")) {  // refused here: nothing that large is sent
      model.send({ event: "too big", name: file.name, size: file.size });
      return;
    }
    model.send({ event: "upload", name: file.name }, undefined, [await file.arrayBuffer()]);
  });
  el.append(button, input);
}
export default { render };
"""


class UploadButton(anywidget.AnyWidget):
    """A button that uploads one file from the student's device: `on_upload(name, content)` gets it,
    or `on_too_big(name, size)` when it is over `max_bytes` (then nothing is sent)."""

    _esm = _UPLOAD_ESM
    _css = CONTROLS_CSS
    description = traitlets.Unicode("Upload").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(1_000_000).tag(sync=True)

    def __init__(self, description: str, on_upload: Callable[[str, bytes], Any],
                 on_too_big: Callable[[str, int], Any], max_bytes: int, accept: str = "", css: str = "",
                 tooltip: str = ""):
        super().__init__(description=description, tooltip=tooltip, accept=accept, max_bytes=max_bytes)
        self.on_upload = on_upload
        self.on_too_big = on_too_big
        if css:
            self.add_class(css)
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, buffers: Any) -> None:
        """What the page sends (untrusted): a file's name and bytes, or the name and size of one too big."""
        if not isinstance(content, dict):
            return
        name = str(content.get("name", "the file"))[:200]
        if content.get("event") == "upload" and buffers:
            self.on_upload(name, bytes(buffers[0]))
        elif content.get("event") == "too big" and isinstance(content.get("size"), int):
            self.on_too_big(name, content["size"])


def csv_file(name: str, rows: list[dict[str, Any]], columns: list[str]) -> Download:
    """Rows (dicts keyed by `columns`) as a CSV Download, written as pandas' `to_csv(index=False)` writes
    them but without pandas, which the homework edition lacks; no cell runs as a formula
    (`muzlab.core.spreadsheet`)."""
    return Download(name, "text/csv", csv_records(rows, columns, lineterminator="\n").encode("utf-8"))
