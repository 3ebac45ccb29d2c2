"""The field a move is typed in ("e5", "C e5"), labelled in the reader's language: Enter sends the text
typed with it, so the kernel reads what was typed even while the page's other updates wait their turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from muzlab.names.typed_moves import move_example

if TYPE_CHECKING:
    from muzlab.core.board import Board
    from muzlab.names.reader import Reader

#: The longest text a move message carries to the kernel (a move is a dozen characters).
MAX_SENT = 200

_ESM = """
function render({ model, el }) {
  el.classList.add("muz-move-field");
  const label = document.createElement("label");
  const words = document.createElement("span");
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("data-lm-suppress-shortcuts", "true");  // JupyterLab's own keys stay outside
  label.append(words, input);
  el.append(label);
  const show = () => {
    words.textContent = model.get("label");
    input.placeholder = model.get("placeholder");
    input.title = model.get("help");
  };
  const value = () => { if (input.value !== model.get("value")) input.value = model.get("value"); };
  show();
  value();
  input.addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key !== "Enter") return;
    event.preventDefault();
    model.send({ event: "move", text: input.value });
  });
  model.on("change:label change:placeholder change:help", show);
  model.on("change:value", value);
}
export default { render };
"""

_CSS = """
.muz-move-field label { display: inline-flex; align-items: center; gap: 0.5em; flex-wrap: wrap;
                        margin: 4px 2px; }
.muz-move-field input { font: inherit; min-height: 28px; box-sizing: border-box; padding: 2px 6px;
                        width: 17em; max-width: 100%; border: 1px solid #767676; border-radius: 2px;
                        color: #111; background: #fff; }
.muz-move-field input:focus-visible { outline: 2px solid #0b3d91; outline-offset: 1px; }
"""


class MoveField(anywidget.AnyWidget):
    """A labelled text field; Enter calls `on_move()` with `value` set to the text typed (the kernel sets
    `value` to "" to empty the field)."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    help = traitlets.Unicode("").tag(sync=True)  # the hover text (not `tooltip`: the DOM widget's own)

    def __init__(self, on_move: Callable[[], Any]):
        super().__init__()
        self.on_move = on_move
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        text = content.get("text") if isinstance(content, dict) and content.get("event") == "move" else None
        if isinstance(text, str):
            self.value = text[:MAX_SENT]
            self.on_move()

    def word(self, board: Board, reader: Reader, help_words: str) -> None:
        """Label the field in `reader`'s language, with moves on `board` as examples; `help_words` (a
        translated sentence with {cell} and {move}) says what a move typed here does."""
        cell, move = move_example(board, reader)
        self.label = reader.gettext("Type a move")
        self.placeholder = reader.gettext("{cell} or {move}, then Enter").format(cell=cell, move=move)
        self.help = help_words.format(cell=cell, move=move)
