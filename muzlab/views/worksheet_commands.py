"""The `muzlab worksheet` and `muzlab printables` commands: each writes its PDF (muzlab.views.worksheet)
and, beside it, the same words as a web page (muzlab.views.worksheet_html) for a screen reader."""

from __future__ import annotations

import argparse
from pathlib import Path

from muzlab.core.outputs import file_written
from muzlab.names.language import DEFAULT_NOTE_NAMES
from muzlab.names.reader import PLAIN, Reader
from muzlab.views.worksheet import (
    LEVELS,
    MAX_QUESTIONS,
    MAX_SHEETS,
    PAPERS,
    WorksheetError,
    printables,
    teacher_pack,
)
from muzlab.views.worksheet_html import kit_html, pack_html


def add_commands(commands: argparse._SubParsersAction, reader: Reader | None = None) -> None:
    """Add `worksheet` (the teacher pack) and `printables` (board and die net) to the `muzlab` command,
    their help for `reader` (None: English)."""
    reader = reader or PLAIN
    pack = commands.add_parser("worksheet", help=reader.gettext(
        "print worksheets from seeded games, then their answer keys (PDF, and the same as a web page)"))
    pack.add_argument("--out", required=True, metavar="FILE", help=_out_help(reader, "pack.pdf"))
    pack.add_argument("--seed", type=int, default=0, help=reader.gettext(
        "sheet k shows the game seeded SEED + k - 1"))
    pack.add_argument("--sheets", type=int, default=2, help=reader.gettext(
        "worksheets (question pages), 1-{most}").format(most=MAX_SHEETS))
    pack.add_argument("--questions", type=int, default=8, help=reader.gettext(
        "questions on each sheet, 1-{most}").format(most=MAX_QUESTIONS))
    pack.add_argument("--level", default="basic", choices=LEVELS)
    pack.add_argument("--paper", default="a4", choices=tuple(PAPERS))
    pack.add_argument("--force", action="store_true", help=reader.gettext("replace FILE if it exists"))
    pack.set_defaults(run=_pack_command)
    kit = commands.add_parser("printables", help=reader.gettext(
        "the board at true size and a twelve-faced die net (PDF, and the same as a web page)"))
    kit.add_argument("--out", required=True, metavar="FILE", help=_out_help(reader, "kit.pdf"))
    kit.add_argument("--level", default="basic", choices=LEVELS, help=reader.gettext(
        "master prints the master board"))
    kit.add_argument("--paper", default="a4", choices=tuple(PAPERS))
    kit.add_argument("--force", action="store_true", help=reader.gettext("replace FILE if it exists"))
    kit.set_defaults(run=_printables_command)


def _out_help(reader: Reader, example: str) -> str:
    """The help of a command's --out: the PDF, and the web page written beside it."""
    return reader.gettext("the PDF to write, e.g. {example}; its web page, {page}, is written beside it (the "
                          "same words as headings, lists and tables, for a screen reader)").format(
        example=example, page=str(html_beside(example)))


def html_beside(pdf: str | Path) -> Path:
    """The web page written beside a PDF: its name ending in .html; WorksheetError for a PDF named so."""
    path = Path(pdf)
    if path.suffix.lower() in (".html", ".htm"):
        raise WorksheetError("{path} would name both the PDF and its web page; give a name such as pack.pdf",
                             path=path)
    return path.with_suffix(".html")


def _pages_reader(reader: Reader) -> Reader:
    """The reader a command's pages are worded for: its language, with that language's usual note
    names (German names for German, solfège for French and Spanish), typeset."""
    return Reader(DEFAULT_NOTE_NAMES[reader.language], typeset=True, language=reader.language)


def _pack_command(args: argparse.Namespace) -> int:
    page = html_beside(args.out)
    with file_written(args.out, args.force) as aside, file_written(page, args.force) as page_aside:
        made = teacher_pack(aside, args.seed, args.sheets, args.questions, args.level, args.paper,
                            _pages_reader(args.reader), page.name)
        page_aside.write_text(pack_html(made, args.level), encoding="utf-8")
    asked = sum(len(sheet.questions) for sheet in made)
    print(args.reader.ngettext(
        "wrote {file}: {count} worksheet page with {questions} questions, then its answer page",
        "wrote {file}: {count} worksheet pages with {questions} questions, then {count} answer pages",
        len(made)).format(file=args.out, count=len(made), questions=asked))
    _page_written(page, args.reader)
    return 0


def _page_written(page: Path, reader: Reader) -> None:
    print(reader.gettext("wrote {file}: the same as a web page, for a screen reader").format(file=page))


def _printables_command(args: argparse.Namespace) -> int:
    page = html_beside(args.out)
    with file_written(args.out, args.force) as aside, file_written(page, args.force) as page_aside:
        reader = _pages_reader(args.reader)
        printables(aside, args.paper, args.level, reader, page.name)
        page_aside.write_text(kit_html(args.level, args.paper, reader), encoding="utf-8")
    if args.level == "master":
        said = args.reader.gettext("wrote {file}: the master board at true size ({paper}) and the die net")
    else:
        said = args.reader.gettext("wrote {file}: the basic board at true size ({paper}) and the die net")
    print(said.format(file=args.out, paper=args.paper))
    _page_written(page, args.reader)
    return 0
