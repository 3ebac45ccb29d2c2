"""The homework edition's lessons: the shipped notebooks, changed only where the browser lacks a package.

Pyodide from npm has no numpy, pandas, matplotlib or music21. In each lesson, an import of them (or of a
muzlab view built on them: plots, staff, WAV sound) is taken out of its cell, and every later code cell
that reads a name such an import bound, or a name bound by a cell already taken out (and not bound again
since), or calls a function that returns a pandas table, becomes one sentence that says so and names the
full edition. The rest of the lesson runs unchanged.
"""

from __future__ import annotations

import ast
import hashlib
import html
import json
from pathlib import Path

from muzlab.app.lite.page_words import LESSON_TITLES, app_url, words, words_script
from muzlab.names.language import LANGUAGES, marked, translate_in

#: Packages that are not in the edition.
ABSENT = frozenset({"numpy", "pandas", "matplotlib", "music21", "verovio"})
#: muzlab's modules that import them when they are imported.
ABSENT_VIEWS = frozenset({"muzlab.views.plot", "muzlab.views.statsplots", "muzlab.views.audio",
                          "muzlab.views.music"})
#: `from muzlab import NAME` of one of those views (the old flat paths).
ABSENT_MUZLAB_NAMES = frozenset(name.rsplit(".", 1)[1] for name in ABSENT_VIEWS)
#: Calls whose answer is a pandas table, or that read one (the simulations are parquet files).
TABLE_CALLS = frozenset({"review", "summary", "score_sheet", "sample_game", "review_decisions"})
#: What a code cell of the full edition becomes (in italics, in the lesson's language).
FULL_EDITION_ONLY = marked("homework edition",
                           "This part needs numpy, pandas, matplotlib or music21, which the homework "
                           "edition does not have: your teacher can show it in class, with the full "
                           "edition of muzlab.")
#: The edition's first cell, a note: muzlab and its boards are installed from the site itself as the
#: kernel starts (every wheel is preloaded through the bundled Pyodide's lock file), so no cell installs
#: them (a piplite cell found them installed, and took 0.06-0.1 s of the kernel on every visit).
NOTE_CELL = marked("homework edition",
                   "Homework edition: muzlab and its boards come from this site, not the internet, and are "
                   "ready as the kernel starts. The lesson runs itself as it opens; to run it again, choose "
                   "Run All Cells in the Run menu. numpy, pandas, matplotlib and music21 are not here.")


def in_italics(sentence: tuple[str, str], language: str = "en") -> str:
    """A marked sentence (FULL_EDITION_ONLY, NOTE_CELL) in `language`, as an italic markdown paragraph."""
    return f"*{translate_in(language, *sentence)}*"


def absent_module(module: str) -> bool:
    """True for a module the edition cannot import."""
    return module.split(".")[0] in ABSENT or any(module == view or module.startswith(view + ".")
                                                  for view in ABSENT_VIEWS)


def bound_names(tree: ast.Module) -> set[str]:
    """The names a cell binds at its top level."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def used_names(tree: ast.Module) -> set[str]:
    """The names a cell reads, and the attribute names it calls (for TABLE_CALLS)."""
    names = {node.id for node in ast.walk(tree)
             if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    names.update(f"call:{node.func.attr}" for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute))
    names.update(f"call:{node.func.id}" for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name))
    return names


def without_absent_imports(source: str) -> tuple[str, set[str]]:
    """The cell's source with the imports of absent modules taken out, and the names they would bind."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    dropped: set[str] = set()
    for node in reversed(tree.body):
        if isinstance(node, ast.Import):
            gone = [a for a in node.names if absent_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            gone = [a for a in node.names if absent_module(node.module) or (
                node.module == "muzlab" and a.name in ABSENT_MUZLAB_NAMES)
                or absent_module(f"{node.module}.{a.name}")]  # `from muzlab.views import plot`
        else:
            continue
        if not gone:
            continue
        dropped.update((a.asname or a.name).split(".")[0] for a in gone)
        kept = [a for a in node.names if a not in gone]
        replacement = ast.unparse(type(node)(**{**node.__dict__, "names": kept})) + "\n" if kept else ""
        lines[node.lineno - 1:node.end_lineno] = [replacement]
    return "".join(lines), dropped


def edition_cells(cells: list[dict], language: str = "en") -> list[dict]:
    """A lesson's cells for the edition (see the module's docstring), its sentences in `language`."""
    tainted: set[str] = set()
    out = []
    for cell in cells:
        if cell["cell_type"] != "code":
            out.append(cell)
            continue
        source = "".join(cell["source"])
        try:
            tree = ast.parse(source)
        except SyntaxError:  # IPython syntax (a magic): kept as it is
            out.append(cell)
            continue
        used, bound = used_names(tree), bound_names(tree)
        kept, dropped = without_absent_imports(source)
        # a name the cell binds itself (a loop's variable, an assignment) is its own, not the lost one;
        # a name it imports from an absent module is lost in the cell itself
        if ((used - bound) & tainted or used & dropped
                or any(f"call:{name}" in used for name in TABLE_CALLS)):
            tainted |= bound
            out.append({"cell_type": "markdown", "id": cell.get("id", ""), "metadata": {},
                        "source": [in_italics(FULL_EDITION_ONLY, language)]})
            continue
        tainted = (tainted - bound) | dropped
        out.append({**cell, "source": kept.splitlines(keepends=True)} if dropped else cell)
    return out


def write_lessons(notebooks: Path, names: list[str], folder: Path, language: str = "en") -> Path:
    """Write the edition's version of each named lesson of `notebooks` (in `language`) into `folder`,
    opened by NOTE_CELL, and stamped with its version (`metadata.muzlab.version`, a hash of the lesson):
    a student's copy keeps the stamp of the lesson it was made from, so the first page can tell when a
    newer lesson has been shipped since."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        notebook = json.loads((notebooks / name).read_text())
        note = {"cell_type": "markdown", "id": "muzlab-lite-note", "metadata": {},
                "source": [in_italics(NOTE_CELL, language)]}
        notebook["cells"] = [note] + edition_cells(notebook["cells"], language)
        notebook["metadata"].pop("muzlab", None)
        version = hashlib.sha256(json.dumps(notebook, sort_keys=True).encode()).hexdigest()[:16]
        notebook["metadata"]["muzlab"] = {"lesson": name, "version": version}
        (folder / name).write_text(json.dumps(notebook, indent=1) + "\n")
    return folder


def write_translated_lessons(notebooks: Path, names: list[str], folder: Path) -> Path:
    """Write, for each language but English, the edition's version of each named lesson that
    `notebooks/<language>/` has into `folder/<language>/` (write_lessons); returns `folder`."""
    for language in LANGUAGES:
        translated = [name for name in names if language != "en" and (notebooks / language / name).is_file()]
        if translated:
            write_lessons(notebooks / language, translated, folder / language, language)
    return folder


def lesson_paths(folder: Path) -> list[Path]:
    """Every lesson of the edition's `folder`: the English ones and those in a language's subfolder."""
    return sorted(folder.glob("*.ipynb")) + sorted(folder.glob("*/*.ipynb"))


def lessons_by_language(folder: Path) -> dict[str, list[dict[str, str | bool]]]:
    """For each language, the first page's list of the English lessons of `folder`: each one's path in
    that language (`de/3-play.ipynb`) where `folder/<language>/` has it, with its title (the translated
    notebook's heading) and version; else the English lesson, titled in the language (LESSON_TITLES),
    marked `english`."""
    listing = {}
    for language in LANGUAGES:
        items = []
        for english in sorted(folder.glob("*.ipynb")):
            translated = folder / language / english.name
            shown = translated if language != "en" and translated.is_file() else english
            heading = (title(json.loads(shown.read_text())) if shown is translated
                       else translate_in(language, *LESSON_TITLES[english.name]))
            items.append({"lesson": english.name, "path": shown.relative_to(folder).as_posix(),
                          "title": heading, "version": version(shown),
                          "english": language != "en" and shown is english})
        listing[language] = items
    return listing


def version(path: Path) -> str:
    """The version stamp of a shipped lesson (see write_lessons)."""
    return json.loads(path.read_text())["metadata"]["muzlab"]["version"]


def title(notebook: dict) -> str:
    """A lesson's title: its first `# ` heading."""
    for cell in notebook["cells"]:
        for line in "".join(cell["source"]).splitlines():
            if cell["cell_type"] == "markdown" and line.startswith("# "):
                return line[2:].strip()
    raise ValueError("a lesson without a '# ' title")


#: The app (the Voilà app's tabs) in JupyterLite's REPL, which runs this code as the page opens and
#: shows its output without the code (and without the toolbar: the REPL keeps it for any `toolbar`).
APP_CODE = "from muzlab.widgets.tabbed_app import ClassroomApp\nClassroomApp()"
APP_URL = app_url(APP_CODE, "en")
#: The site's REPL is its app page: the app alone, without the empty prompt cell under it nor the
#: execution count beside it (JupyterLite's REPL has no setting for either), nor the output's prompt
#: overlay, which JupyterLab lays over the prompt's place (64 px wide, the output's height): with the
#: prompt hidden it lay over the app's left strip, and a click there (on Play, a board's a-cells) put
#: the whole app into a short scroll box instead of reaching the control.
APP_PAGE_STYLE = """<style id="muz-app-page">
  .jp-CodeConsole-promptCell, .jp-CodeConsole .jp-OutputPrompt,
  .jp-CodeConsole .jp-OutputArea-promptOverlay { display: none; }
</style>"""
#: What the browser keeps of each lesson (storage.js): on the first page, for each lesson the student
#: has a copy of (where JupyterLite keeps it, in place of the shipped one), it says so, offers "Download
#: my copy" and "Reset lesson" (the copy deleted: the shipped lesson opens again), and says when the
#: copy was made from an older lesson than the one shipped, which it hides until the lesson is reset;
#: on a lesson's page, it says that too.
STORAGE_SCRIPT = (Path(__file__).parent / "storage.js").read_text(encoding="utf-8")


def landing_page(folder: Path) -> str:
    """The site's first page: the app, and each lesson of `folder` opening in JupyterLite's notebook
    view, with what the browser keeps of it (STORAGE_SCRIPT), in the reader's language (page_words.py;
    English, as written here, until the script runs): each lesson in that language where `folder` has it
    translated, else in English, which the page then says (lessons_by_language)."""
    lessons = sorted(folder.glob("*.ipynb"))
    english = words("en")
    for path in lessons:  # each lesson's title in the catalogues is its heading, word for word
        heading = title(json.loads(path.read_text()))
        if english.get(f"lesson:{path.name}") != heading:
            raise ValueError(f"{path.name}'s title {heading!r} is not the one in "
                             "muzlab.app.lite.page_words.LESSON_TITLES")
    items = "\n".join(
        f'    <li data-lesson="{html.escape(path.name)}" data-version="{html.escape(version(path))}">'
        f'<a href="notebooks/index.html?path={html.escape(path.name)}" data-muz-word="lesson:'
        f'{html.escape(path.name)}">{html.escape(english[f"lesson:{path.name}"])}</a> '
        '<span class="muz-in-english"></span><span class="muz-copy"></span></li>'
        for path in lessons)
    listing = json.dumps(lessons_by_language(folder), ensure_ascii=False, indent=1).replace("</", "<\\/")

    def said(key: str, tag: str, **parts: str) -> str:
        """An element of the page holding the sentence `key` (in English, its placeholders filled)."""
        text = html.escape(english[key])
        for name, part in parts.items():
            text = text.replace(f"{{{name}}}", part)
        return f'<{tag} data-muz-word="{key}">{text}</{tag}>'

    app = f'<a class="muz-app-link" href="{html.escape(APP_URL)}">{html.escape(english["app-link"])}</a>'
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{html.escape(english["title"])}</title>
  <!-- JupyterLite's apps read their settings up the tree from this element (and jupyter-lite.json) -->
  <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
  <style>body {{ font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em; }}
  .muz-copy {{ display: block; font-size: 90%; margin: 0.2em 0 0.6em; }}
  .muz-newer {{ color: #a24a00; font-weight: bold; }}
  .muz-in-english {{ font-style: italic; }}
  .muz-language {{ float: right; }}</style>
</head>
<body>
  <label class="muz-language">{said("language", "span")} <select></select></label>
  {said("title", "h1")}
  {said("intro", "p")}
  {said("app", "p", app=app)}
  {said("lessons", "h2")}
  <ul class="muz-lessons">
{items}
  </ul>
  {said("not-here", "p")}
  {words_script(APP_CODE)}
  <script id="muz-lessons" type="application/json">
{listing}
  </script>
  <script>
{STORAGE_SCRIPT}
showFirstPage();
  </script>
</body>
</html>
"""


def lesson_page_script(folder: Path) -> str:
    """The script a lesson's page (JupyterLite's notebooks/index.html) runs: it says when the student's
    copy of the lesson hides a newer one of `folder`, in any language (STORAGE_SCRIPT)."""
    versions = {path.relative_to(folder).as_posix(): version(path) for path in lesson_paths(folder)}
    return (f"{words_script(APP_CODE)}\n<script>\n{STORAGE_SCRIPT}\nwarnInLesson({json.dumps(versions)});\n"
            "</script>\n")


def add_to_page(page: Path, before: str, addition: str) -> None:
    """Put `addition` into a page JupyterLite built, before its first `before` tag."""
    text = page.read_text(encoding="utf-8")
    if before not in text:
        raise ValueError(f"{page} has no {before}: JupyterLite's page changed")
    page.write_text(text.replace(before, addition + before, 1), encoding="utf-8")


def finish_pages(site: Path, folder: Path) -> None:
    """The edition's additions to JupyterLite's pages: the app page's style (APP_PAGE_STYLE) and the
    lesson pages' word about a student's older copy (lesson_page_script)."""
    add_to_page(site / "repl" / "index.html", "</head>", APP_PAGE_STYLE + "\n")
    add_to_page(site / "notebooks" / "index.html", "</body>", lesson_page_script(folder))
