"""Build the lessons as a static HTML book: `python3 make.py book` runs this with the project's Python.

The pages (this folder's start page, the numbered lessons and their translations in notebooks/de/,
fr/ and es/, docs/rules.md and docs/words.md and their
German, French and Spanish translations in docs/de/, docs/fr/ and docs/es/, docs/name-changes.md and the
teacher's guide docs/teachers/ with their translations, with the pictures under docs/) are
staged in out/book-src/, Sphinx with myst-nb executes the lessons and writes out/book/index.html. The
execution cache in out/book-cache/ skips a lesson whose code has not changed, as long as muzlab and
data/ have not changed either (the cache is kept per digest of them).

While the lessons run, every widget is drawn as a picture and a sentence (muzlab.widgets.static), since
nothing answers a click in a static page. `--lesson 1-rules` builds a smaller book with that lesson only.

When the homework edition has been built (`python3 make.py lite`, out/lite/), it is copied into the
book as lite/, and each board's picture in a lesson the edition has gets a "Try it here" link that
opens the same lesson there, running in the reader's browser: the static pages and the live ones are
one site.
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
#: The pages from docs/: the rules and the words, in English and in each translation (docs/de/, …),
#: the students' page on renamed notes and the teacher's guide, in English and each translation, and
#: the translations of the page on Moodle and Canvas (lms.md, in REFERENCE).
TRANSLATIONS = ("de", "fr", "es")
GUIDE = ("setup.md", "1-rules.md", "2-hearing.md", "3-play.md", "4-explore.md", "5-statistics.md",
         "6-teachers.md", "7-review.md")
PAGES = ("rules.md", "words.md",
         *(f"{code}/{page}" for code in TRANSLATIONS for page in ("rules.md", "words.md")),
         "name-changes.md", *(f"{code}/name-changes.md" for code in TRANSLATIONS),
         *(f"{code}/lms.md" for code in TRANSLATIONS),
         *(f"{folder}teachers/{page}" for folder in ("", *(f"{code}/" for code in TRANSLATIONS))
           for page in GUIDE))
#: The pages about muzlab itself (README.md links to each), and the languages' review notes.
REFERENCE = ("positions.md", "names.md", "games.md", "coach.md", "pictures.md", "classroom.md",
             "class/server.md", "class/pages.md", "class/limits.md", "class/spreadsheets.md",
             "class/integrity.md", "class/https.md", "lite/edition.md", "lessons.md", "lms.md",
             "reading-without-sight.md", "accessibility.md", "note-input.md", "limits.md", "speed.md",
             "architecture.md",
             "measurements.md", "class/measurements.md", "lite/measurements.md", "languages/README.md",
             *(f"languages/{code}.md" for code in TRANSLATIONS))
STARTUP = "from muzlab.widgets import static\n\nstatic.enable()\n"
#: The homework edition's site (docs/lite/build.py), and where the book carries it.
LITE, LITE_IN_BOOK = ROOT / "out" / "lite", "lite"
#: A board's picture in a page of the book (muzlab.widgets.static), up to its end.
BOARD_PICTURE = re.compile(r"<figure class=(?:'|&#x27;|\")muz-static(?:'|&#x27;|\").*?</figure>", re.S)


def _copy(source: Path, target: Path) -> None:
    """Copy keeping the time stamp, and only when changed, so Sphinx rebuilds only what changed.

    A lesson loses its test markers (`# NBVAL_CHECK_OUTPUT` lines): they are for the test command,
    not for a reader."""
    if source.suffix == ".ipynb":
        text = _without_test_markers(source.read_text(encoding="utf-8"))
        if not (target.exists() and target.read_text(encoding="utf-8") == text):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return
    if target.exists() and filecmp.cmp(source, target, shallow=False):
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def _without_test_markers(text: str) -> str:
    notebook = json.loads(text)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            lines = "".join(cell["source"]).splitlines(keepends=True)
            cell["source"] = [line for line in lines if not line.lstrip().startswith("# NBVAL_")]
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def lessons(chosen: list[str] | None = None) -> list[Path]:
    """The numbered lessons in notebooks/, or the chosen ones (by name without .ipynb)."""
    every = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
    if not chosen:
        return every
    known = {path.stem: path for path in every}
    unknown = [name for name in chosen if name not in known]
    if unknown:
        raise SystemExit(f"no lesson named {', '.join(unknown)}; lessons: {', '.join(known)}")
    return [known[name] for name in chosen]


def translated_lessons(english: list[Path]) -> list[Path]:
    """The German, French and Spanish versions of these lessons that exist (notebooks/de/, ...)."""
    return [path.parent / code / path.name for code in TRANSLATIONS for path in english
            if (path.parent / code / path.name).is_file()]


#: The start page's contents of the translated lessons, added when the book has any.
TRANSLATED_CONTENTS = """
The lessons in German, French and Spanish (the ones translated so far):

```{{toctree}}
:maxdepth: 1
:caption: Deutsch · Français · Español

{pages}
```
"""


def start_page(translated: list[Path]) -> str:
    """The book's start page (this folder's index.md), with the translated lessons' contents."""
    text = (HERE / "index.md").read_text(encoding="utf-8")
    if not translated:
        return text
    pages = "\n".join(f"notebooks/{path.parent.name}/{path.stem}" for path in translated)
    return text + TRANSLATED_CONTENTS.format(pages=pages)


def stage(source: Path, chosen: list[str] | None = None) -> None:
    """Lay out the book's pages in `source` as they sit in the project (so relative links hold): the
    lessons, their translations and the docs pages."""
    english = lessons(chosen)
    translated = translated_lessons(english)
    wanted = {source / "notebooks" / path.name: path for path in english}
    wanted.update({source / "notebooks" / path.parent.name / path.name: path for path in translated})
    for page in (*PAGES, *REFERENCE):
        path = ROOT / "docs" / page
        if not path.exists():
            raise SystemExit(f"docs/{page} is missing: the book includes it")
        wanted[source / "docs" / page] = path
    for path in (ROOT / "docs").rglob("*"):
        if path.is_file() and path.suffix.lower() in {".png", ".svg", ".jpg", ".gif", ".wav", ".mp3"} \
                and HERE not in path.parents:
            wanted[source / path.relative_to(ROOT)] = path
    index = source / "index.md"
    for target in [p for p in source.rglob("*") if p.is_file()] if source.exists() else []:
        if target not in wanted and target != index and "jupyter_execute" not in target.parts:
            target.unlink()  # a page dropped since the last build
    for target, path in wanted.items():
        _copy(path, target)
    text = start_page(translated)
    if not (index.exists() and index.read_text(encoding="utf-8") == text):
        index.parent.mkdir(parents=True, exist_ok=True)
        index.write_text(text, encoding="utf-8")


def package_digest() -> str:
    """A digest of everything a lesson's outputs depend on besides its own code: muzlab and data/."""
    digest = hashlib.sha256()
    for folder in (ROOT / "muzlab", ROOT / "data"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def build(out: Path, chosen: list[str] | None = None, work: Path | None = None, lite: Path | None = None
          ) -> Path:
    """Stage, execute and build; returns the book's folder (its start page is index.html). With `lite`
    (the homework edition's site), the book carries it and links its boards to it."""
    work = work or out.parent
    name = out.name
    source, ipython = work / f"{name}-src", work / f"{name}-ipython"
    caches = work / f"{name}-cache"
    cache = caches / package_digest()
    for old in caches.iterdir() if caches.is_dir() else []:
        if old != cache:  # outputs of an older muzlab
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    stage(source, chosen)
    startup = ipython / "profile_default" / "startup" / "00-muzlab-static.py"
    startup.parent.mkdir(parents=True, exist_ok=True)
    startup.write_text(STARTUP, encoding="utf-8")
    env = {**os.environ, "IPYTHONDIR": str(ipython), "MUZLAB_BOOK_CACHE": str(cache),
           "MPLBACKEND": "module://matplotlib_inline.backend_inline", "PYDEVD_DISABLE_FILE_VALIDATION": "1"}
    warnings = work / f"{name}-warnings.txt"
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(HERE), "-q", "--keep-going",
               "-w", str(warnings), "-d", str(work / f"{name}-doctrees"), str(source), str(out)]
    if not cache.exists():
        command.insert(-2, "-E")  # muzlab changed: read (and so run) every lesson again
    print(" ".join(command), flush=True)
    code = subprocess.call(command, env=env, cwd=ROOT)
    if code:
        raise SystemExit(f"the book did not build (Sphinx exit code {code}); see the messages above")
    if lite is not None:
        link_the_live_site(out, lite)
    return out


def live_lessons(lite: Path) -> set[str]:
    """The lessons a built homework edition holds (its contents listing), none when it is not built."""
    listing = lite / "api" / "contents" / "all.json"
    if not listing.exists():
        return set()
    return {item["name"] for item in json.loads(listing.read_text())["content"] if item["type"] == "notebook"}


def try_it_here(page: str, lesson: str, site: str) -> str:
    """A lesson's page with a "Try it here" link under each board's picture, opening the lesson in the
    homework edition at `site` (relative to the page)."""
    link = (f'<p class="muz-try-it"><a href="{html.escape(site)}/notebooks/index.html?path='
            f'{html.escape(lesson)}">Try it here</a>: this lesson, running in your browser '
            "(the homework edition: nothing to install).</p>")
    return BOARD_PICTURE.sub(lambda found: found[0] + link, page)


def link_the_live_site(out: Path, lite: Path) -> int:
    """Copy the homework edition into the book and link each lesson's boards to it; returns how many
    pages got links (0, and a note, when the edition is not built)."""
    live = live_lessons(lite)
    if not live:
        print("[book] no homework edition in out/lite/: build it (`python3 make.py lite`) before the book "
              "for a \"Try it here\" under each board")
        return 0
    shutil.rmtree(out / LITE_IN_BOOK, ignore_errors=True)
    shutil.copytree(lite, out / LITE_IN_BOOK)
    linked = 0
    for page in sorted((out / "notebooks").glob("*.html")):
        lesson = f"{page.stem}.ipynb"
        if lesson in live:
            text = page.read_text(encoding="utf-8")
            page.write_text(try_it_here(text, lesson, f"../{LITE_IN_BOOK}"), encoding="utf-8")
            linked += BOARD_PICTURE.search(text) is not None
    return linked


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "book", help="the book's folder")
    parser.add_argument("--lesson", action="append", metavar="NAME",
                        help="only this lesson, e.g. 1-rules (repeatable); default: every lesson")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), args.lesson, lite=LITE)
    print(f"the book is in {out}; open {out / 'index.html'} in a browser")


if __name__ == "__main__":
    main()
