"""The language of the page a widget is shown on, written on its <html> element (`lang`), and the
page's title in it (`title`, when given): a screen reader then reads the page in that language, a
page whose language changes says so at once, and the browser's tab names the page in it. Each entry
of the page's language menus ("muz-language"), written in its own language, is marked with it too
(WCAG 3.1.2): "Deutsch" is read in German on an English page.
A lesson's language, written on its notebook (`LessonLanguage`), for a notebook in a page of its own."""

from __future__ import annotations

import anywidget
import traitlets

from muzlab.names.language import LANGUAGE_NAMES
from muzlab.names.reader import Reader
from muzlab.reading import resolve

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


_LESSON_ESM = """
function render({ model, el }) {
  el.hidden = true;
  let looks = 0;
  const write = () => {
    const notebook = el.closest(".jp-Notebook");
    if (notebook) {
      notebook.lang = model.get("lang");
      const child = el.closest(".jp-OutputArea-child");
      if (child) child.hidden = true; // (no empty output row under the lesson's first cell)
    } else if (!el.isConnected && looks++ < 600) {
      requestAnimationFrame(write); // drawn before it is put in the page
    }
  };
  write();
  model.on("change:lang", write);
}
export default { render };
"""


class LessonLanguage(anywidget.AnyWidget):
    """An unseen widget that marks the notebook it is shown in (its cells and their outputs) as written
    in `lang`: a screen reader reads a German lesson in German inside a JupyterLab whose own words, and
    page, are English. Elsewhere (a page that is no notebook) it marks nothing."""

    _esm = _LESSON_ESM
    lang = traitlets.Unicode("en").tag(sync=True)


def mark_lesson_language(reader: Reader | None = None) -> None:
    """Show a `LessonLanguage` for `reader`'s language (the notebook's reader by default): the lesson's
    first cell calls it after `muzlab.set_language`."""
    from IPython.display import display

    display(LessonLanguage(lang=resolve(reader).language))
