"""A page's first link, "Skip to the board": the keyboard's first stop, unseen until it has the focus,
it moves the focus past the settings' menus and buttons onto the board shown (WCAG 2.4.1): a student
playing by keyboard reaches the game with Tab and Enter instead of a dozen presses of Tab."""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const link = document.createElement("a");
  link.className = "muz-skip";
  link.href = "#";
  const write = () => { link.textContent = model.get("label"); };
  link.addEventListener("click", event => {
    event.preventDefault();
    // the board shown (the app's tabs each have theirs; the hidden ones have no box)
    const board = [...document.querySelectorAll(".muz-board .muz-frame")]
      .find(frame => frame.getClientRects().length > 0);
    if (board) {
      board.focus();
      board.scrollIntoView({ block: "nearest" });
    }
  });
  write();
  model.on("change:label", write);
  el.appendChild(link);
}
export default { render };
"""
#: Unseen until it has the keyboard's focus; then drawn over the page's top-left corner.
_CSS = """
.muz-skip { position: absolute; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
.muz-skip:focus { position: fixed; left: 8px; top: 8px; width: auto; height: auto; overflow: visible;
                  z-index: 1000; padding: 6px 12px; background: #fff; color: #0b3d91; font-size: 16px;
                  border: 2px solid #0b3d91; outline: 3px solid #0b3d91; outline-offset: 2px; }
"""


class SkipLink(anywidget.AnyWidget):
    """A link, first on its page and unseen until focused, that moves the focus onto the board shown;
    `label` is its words, in the page's language."""

    _esm = _ESM
    _css = _CSS
    label = traitlets.Unicode("").tag(sync=True)
