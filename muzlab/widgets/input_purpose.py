"""The purpose of a page's fields about the person (WCAG 1.3.5), written on them as `autocomplete`: a
browser then offers the nickname the student typed before, and assistive software can mark the field
with its own symbol. ipywidgets' text field takes no such attribute, so an unseen widget writes it on
the fields its selectors find, as they are drawn."""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.hidden = true;
  const mark = () => {
    for (const [selector, purpose] of Object.entries(model.get("purposes")))
      for (const field of document.querySelectorAll(selector))
        if (field.getAttribute("autocomplete") !== purpose) field.setAttribute("autocomplete", purpose);
  };
  mark();
  const watch = new MutationObserver(mark);
  watch.observe(document.body, { childList: true, subtree: true });
  return () => watch.disconnect();
}
export default { render };
"""


class InputPurpose(anywidget.AnyWidget):
    """An unseen widget that gives each field found by a selector of `purposes` its purpose, an
    autocomplete token of HTML's ("nickname")."""

    _esm = _ESM
    purposes = traitlets.Dict().tag(sync=True)
