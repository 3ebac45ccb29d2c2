"""A polite live region of its own (`role="status"`), named in the reader's language: a screen reader
says each sentence told to it once, after what it is saying, and the same sentence told twice twice.
The boards have theirs (SvgBoard.tell); the quiz and the ear training say their answers through this."""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "muz-live";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  // unseen: the page shows the same words in its own way (a coloured line, a table)
  region.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    + "white-space:nowrap;margin:-1px;padding:0;border:0";
  const name = () => region.setAttribute("aria-label", model.get("label"));
  let toldShown = model.get("told");  // what was told before the page drew the region is not said again
  const tell = () => {
    if (model.get("told") === toldShown) return;
    toldShown = model.get("told");
    const said = model.get("news");
    if (region.textContent === said) {  // the same words again: said again
      region.textContent = "";
      requestAnimationFrame(() => { region.textContent = said; });
    } else region.textContent = said;
  };
  name();
  el.append(region);
  model.on("change:label", name);
  model.on("change:told", tell);
}
export default { render };
"""


class LiveRegion(anywidget.AnyWidget):
    """An unseen live region labelled `label`; `tell(text)` has a screen reader say `text`."""

    _esm = _ESM
    label = traitlets.Unicode("").tag(sync=True)
    news = traitlets.Unicode("").tag(sync=True)
    told = traitlets.Int(0).tag(sync=True)

    def tell(self, text: str) -> None:
        """Say `text` (nothing for an empty one), politely, once each time it is told."""
        if text:
            with self.hold_sync():
                self.news = text
                self.told += 1
