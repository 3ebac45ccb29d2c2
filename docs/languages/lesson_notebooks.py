"""Build the German, French and Spanish lessons from the English ones and the `muzlab-lessons`
catalogues: `python3 make.py catalogues` (or this script; `--execute` also runs the lessons it wrote).

Each paragraph of a markdown cell is a message; so is each string literal of a code cell that holds
words (a figure's title, a printed sentence: context "code") and each comment (context "comment").
Code stays Python: the lesson's `muzlab.set_language("en")` becomes the language's, so boards,
explanations and note names come from muzlab's own catalogue, and the note names the code types are
the language's ("Bb" is "B" in German, "Si♭" in French and Spanish), as its class would type them.
A lesson is written in a language only when every one of its messages is translated there; a link to
a docs page leads to that page in the language when there is one. The notebooks go to
notebooks/<language>/; outputs of cells whose source did not change are kept, the others are run
again by `--execute` (notebooks/refresh_outputs.py).
tests/test_lessons_languages.py fails on a stale notebook, an untranslated message or a lost link.
"""

from __future__ import annotations

import copy
import io
import json
import os
import re
import sys
import tokenize
from pathlib import Path

from babel.messages.catalog import Catalog

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalogues import LOCALE, ROOT, TRANSLATED, new_catalog, read, write  # noqa: E402

from muzlab.names.language import DEFAULT_NOTE_NAMES  # noqa: E402
from muzlab.names.reader import Reader  # noqa: E402
from muzlab.names.spelling import show_name  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
DOMAIN = "muzlab-lessons"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: The line every English lesson sets its language with; the translations set theirs.
LANGUAGE_LINE = 'muzlab.set_language("en")'
#: A string literal that a person reads: words ("C on g3:"), or one word that is a label or a name
#: ("triads:", "Answers").
WORDS = re.compile(r"(?=.*\s)(?=.*\b[A-Za-z]*[a-z][A-Za-z]*\b)|^[a-z]{3,}:$|^[A-Z][a-z]{2,}$")
#: A position's notation ("standard C@0,0 ..."), which stays English, as records do.
NOTATION = re.compile(r"@-?\d")
#: Moves a class wrote down ("B e5, Ab pass"), whose note names become the class's ("H e5, As pass").
MOVES = re.compile(r"^(?:[A-G](?:##|bb|#|b)? (?:[a-i]\d|pass),? *)+$")
#: A string literal of English note names, one or more: "Eb", "C E G", "F#/Gb".
NOTES = re.compile(r"^[A-G](?:##|bb|#|b)?(?:[ /][A-G](?:##|bb|#|b)?)*$")
LINK = re.compile(r"\]\(\.\./docs/([^)#]+)(#[^)]*)?\)")


def lessons() -> list[Path]:
    """The English lessons, by number."""
    return sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def output_path(language: str, lesson: Path | str) -> Path:
    """Where the lesson (an English lesson's path, or its name) goes in `language`."""
    return NOTEBOOKS / language / Path(lesson).name


def paragraphs(markdown: str) -> list[str]:
    """A markdown cell's paragraphs, split at blank lines."""
    return [part.strip("\n") for part in re.split(r"\n[ \t]*\n", markdown) if part.strip()]


def _literals(source: str) -> list[tuple[tokenize.TokenInfo, str, str]]:
    """The code's string literals holding words and its comments: (token, text, context)."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            if WORDS.search(text):
                found.append((token, text, "comment"))
        elif token.type == tokenize.STRING:
            prefix, quote, text = _parts(token.string)
            if WORDS.search(text) and not (NOTATION.search(text) or NOTES.match(text) or MOVES.match(text)):
                found.append((token, text, "code"))
    return found


def _parts(literal: str) -> tuple[str, str, str]:
    """A string literal's prefix (f, r, ...), its quotes and what is between them."""
    prefix = re.match(r"[A-Za-z]*", literal).group()
    rest = literal[len(prefix):]
    quote = rest[:3] if rest[:3] in ('"""', "'''") else rest[:1]
    return prefix, quote, rest[len(quote):-len(quote)]


def messages(notebook: dict) -> list[tuple[str, str | None, int]]:
    """Every message of a lesson: (text, context, cell number)."""
    found = []
    for number, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            found += [(text, None, number) for text in paragraphs(source)]
        elif cell["cell_type"] == "code":
            found += [(text, context, number) for _, text, context in _literals(source)]
    return found


def extract() -> Catalog:
    """The template of the lessons' messages, each with the lesson and cell it comes from."""
    template = new_catalog(None)
    template.project = DOMAIN
    for lesson in lessons():
        notebook = json.loads(lesson.read_text(encoding="utf-8"))
        for text, context, number in messages(notebook):
            template.add(text, None, [(f"notebooks/{lesson.name}", number)], context=context)
    return template


def merged(language: str, template: Catalog) -> Catalog:
    """The language's lesson catalogue brought up to the template: new messages empty, gone ones
    dropped."""
    path = po_path(language)
    catalog = read(path, language) if path.exists() else new_catalog(language)
    catalog.project = DOMAIN
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    return catalog


def missing(notebook: dict, catalog: Catalog) -> list[str]:
    """The lesson's messages the catalogue does not translate."""
    return [text for text, context, _ in messages(notebook)
            if not (catalog.get(text, context=context) and catalog.get(text, context=context).string)]


def _say(catalog: Catalog, text: str, context: str | None) -> str:
    return catalog.get(text, context=context).string


def _link(language: str):
    def relinked(match: re.Match) -> str:
        page, anchor = match.group(1), match.group(2) or ""
        translated = ROOT / "docs" / language / page
        return f"](../../docs/{language + '/' if translated.is_file() else ''}{page}{anchor})"
    return relinked


def _code(source: str, catalog: Catalog, language: str) -> str:
    """A code cell with its words' literals and comments translated (quotes escaped as needed) and its
    note names written as the language's class types them ("Bb" is "B" in German, "Si♭" in French)."""
    lines = source.splitlines(keepends=True)
    changes = [(token, _new_words(token, _say(catalog, text, context), context))
               for token, text, context in _literals(source)]
    changes += [(token, _new_notes(token, language)) for token in _note_literals(source)]
    for token, new in sorted(changes, key=lambda change: change[0].start, reverse=True):
        (row, col), (end_row, end_col) = token.start, token.end
        head, tail = lines[row - 1][:col], lines[end_row - 1][end_col:]
        lines[row - 1:end_row] = [head + new + tail]
    return "".join(lines)


def _new_words(token: tokenize.TokenInfo, said: str, context: str) -> str:
    if context == "comment":
        return "# " + said
    prefix, quote, _ = _parts(token.string)
    if len(quote) == 1:
        said = said.replace(quote, "\\" + quote)
    return prefix + quote + said + quote


def _note_literals(source: str) -> list[tokenize.TokenInfo]:
    """The code's string literals that are English note names ("Eb", "C E G", "F#/Gb") or moves
    ("B e5, Ab pass")."""
    return [token for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type == tokenize.STRING and not _parts(token.string)[0]
            and (NOTES.match(_parts(token.string)[2]) or MOVES.match(_parts(token.string)[2]))]


def _new_notes(token: tokenize.TokenInfo, language: str) -> str:
    _, quote, text = _parts(token.string)
    reader = Reader(language=language, convention=DEFAULT_NOTE_NAMES[language])
    return quote + re.sub(r"\b[A-G][#b]*", lambda name: show_name(name.group(), reader), text) + quote


def translated(notebook: dict, catalog: Catalog, language: str) -> dict:
    """The lesson in `language`: its sources translated, no outputs (see `with_outputs`)."""
    result = copy.deepcopy(notebook)
    set_at = []
    for number, cell in enumerate(result["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            parts = paragraphs(source)
            said = "\n\n".join(_say(catalog, text, None) for text in parts)
            source = LINK.sub(_link(language), said)
        elif cell["cell_type"] == "code":
            source = _code(source, catalog, language)
            if LANGUAGE_LINE in source:
                set_at.append(number)
                source = source.replace(LANGUAGE_LINE, f'muzlab.set_language("{language}")')
            cell["outputs"], cell["execution_count"] = [], None
        cell["source"] = source.splitlines(keepends=True)
    if len(set_at) != 1:
        raise ValueError(f"a lesson sets its language once, with {LANGUAGE_LINE}; found it in cells {set_at}")
    result["metadata"]["language"] = language
    return result


def with_outputs(fresh: dict, old: dict | None) -> tuple[dict, bool]:
    """`fresh` with the outputs of `old`'s cells of the same source; and whether it needs a run (a
    checked cell without its outputs)."""
    old_cells = old["cells"] if old and len(old["cells"]) == len(fresh["cells"]) else []
    needs_run = False
    for number, cell in enumerate(fresh["cells"]):
        before = old_cells[number] if old_cells else None
        if cell["cell_type"] != "code":
            continue
        if before is not None and before["source"] == cell["source"]:
            cell["outputs"], cell["execution_count"] = before["outputs"], before["execution_count"]
        if "nbval-check-output" in cell.get("metadata", {}).get("tags", []) and not cell["outputs"]:
            needs_run = True
    return fresh, needs_run


def sources(notebook: dict) -> list[tuple[str, str]]:
    """What a stale notebook differs in: each cell's kind and source."""
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]]


def dump(notebook: dict) -> str:
    """A notebook as nbformat writes it (one-space indent, sorted keys)."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(arguments: list[str]) -> int:
    execute = "--execute" in arguments
    template = extract()
    write(template, TEMPLATE)
    to_run, untranslated = [], 0
    for language in TRANSLATED:
        catalog = merged(language, template)
        write(catalog, po_path(language))
        catalog = read(po_path(language), language)
        for lesson in lessons():
            english = json.loads(lesson.read_text(encoding="utf-8"))
            left = missing(english, catalog)
            untranslated += len(left)
            if left:
                print(f"{language}: {lesson.name}: {len(left)} messages to translate; not written")
                continue
            target = output_path(language, lesson)
            old = json.loads(target.read_text(encoding="utf-8")) if target.exists() else None
            notebook, needs_run = with_outputs(translated(english, catalog, language), old)
            target.parent.mkdir(exist_ok=True)
            target.write_text(dump(notebook), encoding="utf-8")
            if needs_run:
                to_run.append(target)
            print(f"{language}: {lesson.name} written{' (outputs to refresh)' if needs_run else ''}")
    if execute and to_run:
        sys.path.insert(0, str(NOTEBOOKS))
        from refresh_outputs import refresh

        # the kernels (started in each lesson's folder) import this checkout's muzlab
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))

        for target in to_run:
            refresh(target)
    print(f"{untranslated} lesson messages to translate" if untranslated else "every lesson is translated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
