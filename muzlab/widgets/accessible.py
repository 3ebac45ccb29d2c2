"""Accessible names for what ipywidgets draws without one: a slider's handle (role "slider") gets the
slider's label as its name, so a screen reader says "decision, slider" and not just "slider".

One `AccessibleNames()` anywhere in the page (the classroom app holds one) names every slider, also
those shown later; it draws nothing.
"""

from __future__ import annotations

import anywidget

_ESM = """
function name(root) {
  for (const handle of root.querySelectorAll(".widget-slider [role=slider]:not([aria-label])")) {
    const label = handle.closest(".widget-slider").querySelector(".widget-label");
    const words = label && label.textContent.trim();
    if (words) handle.setAttribute("aria-label", words);
  }
}
function render({ el }) {
  el.style.display = "none";
  name(document.body);
  const watcher = new MutationObserver(() => name(document.body));
  watcher.observe(document.body, { subtree: true, childList: true });
  return () => watcher.disconnect();
}
export default { render };
"""


class AccessibleNames(anywidget.AnyWidget):
    """Gives every slider handle in the page its label as its accessible name (draws nothing)."""

    _esm = _ESM
