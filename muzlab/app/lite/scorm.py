"""A SCORM 1.2 package of one lesson of the homework edition (`muzlab scorm --lesson 3 --language de`):
the built site (build.py) with a launch page that opens the lesson, and a script on the lesson's page
(LESSON_SCRIPT) that reports it to the LMS as completed once it has run and the student has read it to
its end.

An LMS serves a package's files with its own list of file types. Moodle's (lib/classes/filetypes.php)
has no `.wasm`, `.mjs` nor `.whl`: it sends them as "document/unknown", and browsers load a module script
only when it comes as JavaScript, and compile WebAssembly as it streams in (Pyodide's loader,
pyodide.mjs, calls `WebAssembly.instantiateStreaming` with no fallback) only when it comes as
"application/wasm". So the package renames the runtime's modules to `.js`, which every LMS sends as
JavaScript (MODULE_NAMES, the references to them rewritten), and the runtime's loader first checks the
WebAssembly's Content-Type: it compiles the bytes once they are in when the type is another one
(WASM_ANY_TYPE). The staff's verovio module is read as bytes and imported from the page's memory
(muzlab/widgets/staff.js), so its type does not matter either; the wheels, the notebooks and the JSON
are read with `fetch`, whatever their type.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from fnmatch import fnmatch
from pathlib import Path

from muzlab.app.lessons import LessonsError
from muzlab.app.lite.lessons import title
from muzlab.app.lite.packed import PACKED
from muzlab.names.language import LANGUAGE_NAMES
from muzlab.names.reader import Reader
from muzlab.reading import for_people
from muzlab.views.bank import xml_safe
from muzlab.views.qti import package_zip
from muzlab.views.scorm import SCO_PAGE, manifest
from muzlab.views.scorm_page import API_SCRIPT, script_json

#: The runtime's ES modules, under the names the package gives them.
MODULE_NAMES = {"pyodide/pyodide.mjs": "pyodide/pyodide.module.js",
                "pyodide/pyodide.asm.mjs": "pyodide/pyodide.asm.js"}
#: Put before the runtime's loader (pyodide.module.js): `WebAssembly.instantiateStreaming` compiles
#: what comes as "application/wasm" as it streams in, and anything else once it is in.
WASM_ANY_TYPE = """// muzlab's SCORM package: an LMS may send the WebAssembly as another type than
// application/wasm
{
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
    if (type === "application/wasm" && streaming) {
      return streaming.call(WebAssembly, response, imports);
    }
    return WebAssembly.instantiate(await response.arrayBuffer(), imports);
  };
}
"""
#: The lesson's page, where the script goes.
LESSON_PAGE = "notebooks/index.html"
#: Where the site's settings name the runtime's loader.
SETTINGS = "jupyter-lite.json"
#: The site's first page, which the package replaces with its launch page.
FIRST_PAGE = "index.html"

LESSON_SCRIPT = r"""
(function () {
  "use strict";
  var words = JSON.parse(document.getElementById("muz-scorm-words").textContent);
  var line = document.createElement("p");
  line.id = "muz-scorm-status";
  line.setAttribute("role", "status");
  line.setAttribute("dir", "auto");
  line.style.cssText = "position: fixed; right: 0.5rem; bottom: 0.5rem; z-index: 10000; margin: 0; " +
    "max-width: 32rem; padding: 0.3rem 0.6rem; font: 13px system-ui, sans-serif; color: #222; " +
    "background: #fff4e5; border-left: 4px solid #b06000;";
  document.body.appendChild(line);
  var api = null, finished = false, ran = false, atEnd = false, completed = false;
  var notes = [];
  function say(text) { line.textContent = [text].concat(notes).join(" "); }
  function refused() {
    var code = "";
    try { code = String(api.LMSGetLastError()); } catch (error) { code = "?"; }
    say(words.refused.replace("{code}", code));
    api = null;
  }
  api = muzScorm.getAPI();
  if (api == null) {
    say(words.noLms);
  } else if (String(api.LMSInitialize("")) !== "true") {
    refused();
  } else {
    var before = String(api.LMSGetValue("cmi.core.lesson_status"));
    if (before === "completed" || before === "passed") {
      completed = true;  // a later visit leaves the lesson completed
      say(words.recorded);
    } else if ((before === "not attempted" || before === "" || before === "browsed") &&
               (!muzScorm.set(api, "cmi.core.lesson_status", "incomplete") ||
                String(api.LMSCommit("")) !== "true")) {
      refused();
    } else {
      say(words.toDo);
    }
  }
  try {  // JupyterLite keeps the student's copy of the lesson in the browser's storage
    var opened = indexedDB.open("muz-scorm-storage-check");
    opened.onerror = function () { notes = [words.noStorage]; say(line.textContent); };
    opened.onsuccess = function () { opened.result.close(); };
  } catch (error) {
    notes = [words.noStorage];
    say(line.textContent);
  }
  function complete() {
    if (completed || !ran || !atEnd) { return; }
    completed = true;
    if (api == null) { return; }
    if (muzScorm.set(api, "cmi.core.lesson_status", "completed") &&
        muzScorm.set(api, "cmi.core.session_time", muzScorm.sessionTime()) &&
        String(api.LMSCommit("")) === "true") {
      say(words.recorded);
    } else {
      refused();
    }
  }
  function checkEnd() {
    var outer = document.querySelector(".jp-NotebookPanel .jp-WindowedPanel-outer");
    if (!ran || outer == null) { return; }
    if (outer.scrollTop + outer.clientHeight >= outer.scrollHeight - 48) {
      atEnd = true;
      complete();
    }
  }
  function hasRun() { ran = true; checkEnd(); }
  if (document.body.dataset.muzRan) { hasRun(); }
  window.addEventListener("muz-lesson-ran", hasRun);
  document.addEventListener("scroll", checkEnd, true);
  window.addEventListener("pagehide", function () {
    if (api == null || finished) { return; }
    finished = true;
    if (!completed) { muzScorm.set(api, "cmi.core.session_time", muzScorm.sessionTime()); }
    api.LMSCommit("");
    api.LMSFinish("");
  });
}());
"""


def lesson_numbers(site: Path) -> dict[int, str]:
    """The lessons of a built edition by their number ("3-play.ipynb" is lesson 3)."""
    found = {}
    for path in sorted((site / "files").glob("*.ipynb")):
        number = re.match(r"(\d+)-", path.name)
        if number:
            found[int(number.group(1))] = path.name
    return found


def check_site(site: Path) -> None:
    """LessonsError unless `site` is a homework edition built by build.py, naming what it lacks."""
    needed = (SETTINGS, LESSON_PAGE, *MODULE_NAMES, "files")
    missing = [name for name in needed if not (site / name).exists()]
    if missing:
        raise LessonsError("{folder} is not a built homework edition (it lacks {missing}): build one with "
                           "`muzlab lite FOLDER` and give that folder", folder=site,
                           missing=", ".join(missing))


def lesson_titles(site: Path, language: str) -> dict[int, str]:
    """The lessons of the built edition `site` that exist in `language`, by number, with their titles in
    that language (a lesson's first `# ` heading), for a menu of lessons to package."""
    titles = {}
    for number, name in lesson_numbers(site).items():
        path = site / "files" / (name if language == "en" else f"{language}/{name}")
        if path.is_file():
            titles[number] = title(json.loads(path.read_text(encoding="utf-8")))
    return titles


def lesson_path(site: Path, number: int, language: str) -> str:
    """The lesson's notebook in the site's files/ (a translation in its language's folder); LessonsError
    for a lesson the edition lacks or has not in that language."""
    lessons = lesson_numbers(site)
    if number not in lessons:
        raise LessonsError("lesson {number} is not in the homework edition; its lessons are {numbers}",
                           number=number, numbers=", ".join(str(n) for n in lessons))
    path = lessons[number] if language == "en" else f"{language}/{lessons[number]}"
    if not (site / "files" / path).is_file():
        translated = [str(n) for n, name in lessons.items() if (site / "files" / language / name).is_file()]
        raise LessonsError("lesson {number} is not translated into {language}; these are: {numbers}",
                           number=number, language=LANGUAGE_NAMES[language], numbers=", ".join(translated))
    return path


def packed_copy(name: str) -> bool:
    """True for the gzipped copy of one of the edition's largest files (`muzlab.app.lite.packed`), which
    a package leaves out: it would take the package past the 20 MB many LMSs accept, and the edition's
    service worker fetches the file itself when its copy is not there."""
    return name.endswith(".gz") and any(fnmatch(name[:-3], pattern) for pattern in PACKED)


def lesson_package(site: Path, number: int, reader: Reader | None = None) -> bytes:
    """A SCORM 1.2 package of lesson `number` of the built edition `site`, in `reader`'s language (its
    translation of the lesson, and the words the package says); LessonsError before any work when the
    site or the lesson is not there."""
    reader = for_people(reader)
    site = Path(site)
    check_site(site)
    path = lesson_path(site, number, reader.language)
    lesson = title(json.loads((site / "files" / path).read_text(encoding="utf-8")))
    files: dict[str, bytes] = {}
    for file in sorted(site.rglob("*")):
        name = file.relative_to(site).as_posix()
        if file.is_file() and name != FIRST_PAGE and not packed_copy(name):
            files[MODULE_NAMES.get(name, name)] = file.read_bytes()
    files[SCO_PAGE] = launch_page(path, lesson, reader).encode()
    files[LESSON_PAGE] = lesson_page(files[LESSON_PAGE].decode("utf-8"), reader).encode()
    files[SETTINGS] = settings(files[SETTINGS])
    loader = MODULE_NAMES["pyodide/pyodide.mjs"]
    files[loader] = runtime_loader(files[loader])
    ident = "muzlab-lesson-" + hashlib.sha256(
        f"{path}|{hashlib.sha256(files[f'files/{path}']).hexdigest()}".encode()).hexdigest()[:16]
    return package_zip({"imsmanifest.xml": manifest(lesson, ident, 0, sorted(files)), **files})


def runtime_loader(source: bytes) -> bytes:
    """Pyodide's loader with WASM_ANY_TYPE before it, and its runtime module under its new name."""
    old, new = b"pyodide.asm.mjs", Path(MODULE_NAMES["pyodide/pyodide.asm.mjs"]).name.encode()
    if source.count(old) != 1:
        raise ValueError("Pyodide's loader no longer names pyodide.asm.mjs once: the package would not "
                         "load it")
    return WASM_ANY_TYPE.encode() + source.replace(old, new)


def settings(source: bytes) -> bytes:
    """The site's settings with the Pyodide kernel pointed at the renamed loader."""
    config = json.loads(source)
    plugins = config["jupyter-config-data"]["litePluginSettings"]
    kernel = plugins["@jupyterlite/pyodide-kernel-extension:kernel"]
    kernel["pyodideUrl"] = "../" + MODULE_NAMES["pyodide/pyodide.mjs"]
    return (json.dumps(config, indent=2) + "\n").encode()


def lesson_page(page: str, reader: Reader) -> str:
    """JupyterLite's notebook page with the SCORM script and its words in `reader`'s language."""
    words = {
        "noLms": reader.gettext("No learning platform found: the lesson works, but nothing is recorded."),
        "refused": reader.gettext("The learning platform did not take the report (its error {code}): "
                                  "tell your teacher."),
        "toDo": reader.gettext("Read the lesson to its end: it is then recorded as completed."),
        "recorded": reader.gettext("The lesson is recorded as completed."),
        "noStorage": reader.gettext("This browser keeps no copy of your changes here: they are lost when "
                                    "you leave."),
    }
    addition = (f'<script type="application/json" id="muz-scorm-words">'
                f"{script_json({k: xml_safe(v) for k, v in words.items()})}</script>\n"
                f"<script>{API_SCRIPT}{LESSON_SCRIPT}</script>\n")
    if "</body>" not in page:
        raise ValueError("JupyterLite's notebook page has no </body>")
    return page.replace("</body>", addition + "</body>", 1)


def launch_page(path: str, lesson: str, reader: Reader) -> str:
    """The package's SCO, in place of the site's first page: it opens the lesson in JupyterLite's
    notebook page, in the same frame (where that page finds the LMS's API as this one would), and holds
    the (empty) settings JupyterLite's pages look for in every folder above them."""
    url = html.escape(f"notebooks/index.html?path={path}")
    opening = reader.gettext("Opening the lesson…")
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(reader.language)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(xml_safe(lesson))}</title>\n"
            # JupyterLite's pages read their settings up the tree, this page's among them
            '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}'
            "</script>\n"
            f"<script>location.replace({script_json(f'notebooks/index.html?path={path}')});</script>\n"
            f'</head>\n<body>\n<p><a href="{url}">{html.escape(opening)}</a></p>\n</body>\n</html>\n')
