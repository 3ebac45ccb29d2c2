"""The language of the page a widget is shown on, written on its <html> element (`lang`), and the
page's title in it (`title`, when given): a screen reader then reads the page in that language, a
page whose language changes says so at once, and the browser's tab names the page in it."""

from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.hidden = true;
  const write = () => {
    document.documentElement.lang = model.get("lang");
    if (model.get("title")) document.title = model.get("title");
  };
  write();
  model.on("change:lang change:title", write);
}
export default { render };
"""


class DocumentLanguage(anywidget.AnyWidget):
    """An unseen widget that sets its page's language to `lang` (a code such as "de") and, unless
    `title` is empty, its title to `title`."""

    _esm = _ESM
    lang = traitlets.Unicode("en").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
