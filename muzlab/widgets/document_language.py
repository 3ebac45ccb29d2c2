"""The language of the page a widget is shown on, written on its <html> element (`lang`): a screen
reader then reads the page in that language, and a page whose language changes says so at once."""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.hidden = true;
  const write = () => { document.documentElement.lang = model.get("lang"); };
  write();
  model.on("change:lang", write);
}
export default { render };
"""


class DocumentLanguage(anywidget.AnyWidget):
    """An unseen widget that sets its page's language to `lang` (a code such as "de")."""

    _esm = _ESM
    lang = traitlets.Unicode("en").tag(sync=True)
