"""The language of the page a widget is shown on, written on its <html> element (`lang`), and the
page's title in it (`title`, when given): a screen reader then reads the page in that language, a
page whose language changes says so at once, and the browser's tab names the page in it. Each entry
of the page's language menus ("muz-language"), written in its own language, is marked with it too
(WCAG 3.1.2): "Deutsch" is read in German on an English page."""

from __future__ import annotations

import anywidget
import traitlets

from muzlab.names.language import LANGUAGE_NAMES

_ESM = """
function render({ model, el }) {
  el.hidden = true;
  const write = () => {
    document.documentElement.lang = model.get("lang");
    if (model.get("title")) document.title = model.get("title");
  };
  // each language menu's entry, named in its own language, marked with it (menus drawn later too)
  const mark = () => {
    const own = model.get("own");
    for (const option of document.querySelectorAll(".muz-language option")) {
      const lang = own[option.textContent.trim()];
      if (lang && option.lang !== lang) option.lang = lang;
    }
  };
  write();
  mark();
  const watch = new MutationObserver(mark);
  watch.observe(document.body, { childList: true, subtree: true });
  model.on("change:lang change:title", write);
  return () => watch.disconnect();
}
export default { render };
"""


class DocumentLanguage(anywidget.AnyWidget):
    """An unseen widget that sets its page's language to `lang` (a code such as "de") and, unless
    `title` is empty, its title to `title`; marks the language menus' entries with their languages."""

    _esm = _ESM
    lang = traitlets.Unicode("en").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    #: each language's name in its own words, and its code ("Deutsch": "de")
    own = traitlets.Dict({name: code for code, name in LANGUAGE_NAMES.items()}).tag(sync=True)
