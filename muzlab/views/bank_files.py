"""A question bank as a file: Moodle XML or a Canvas QTI 1.2 zip, for the command `muzlab questions`
and for a page's download ("for Moodle", "for Canvas"): `bank_file` gives the bytes and a file name.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from muzlab.core.outputs import OutputError, file_written
from muzlab.names.language import DEFAULT_NOTE_NAMES
from muzlab.names.reader import PLAIN, Reader
from muzlab.views.bank import MAX_ITEMS, MAX_TITLE, PICTURES, Bank, BankError, make_bank
from muzlab.views.bank_kinds import KINDS
from muzlab.views.moodle_xml import moodle_xml
from muzlab.views.qti import qti_zip

#: The formats written: Moodle XML, and QTI 1.2 for Canvas (classic and New Quizzes).
FORMATS = ("moodle", "qti12")
#: The kinds as the command line names them (no spaces), and the names they stand for (KINDS).
COMMAND_KINDS = {"where": "where", "triad": "triad", "run": "run", "points": "points",
                 "signature": "key signature", "numeral": "Roman numeral", "ear": "triad quality",
                 "third": "third", "degree": "scale degree", "puzzle": "puzzle"}


def bank_file(fmt: str, kinds: tuple[str, ...], count: int, seed: int = 0, reader: Reader | None = None,
              title: str = "", picture: str = "png") -> tuple[bytes, str]:
    """A bank (`make_bank`) written in `fmt` (FORMATS): its bytes and a file name for a download."""
    if fmt not in FORMATS:
        raise BankError("the formats are {formats}, not {format}", formats=", ".join(FORMATS),
                        format=repr(str(fmt)[:40]))
    bank = make_bank(kinds, count, seed, reader, title, picture)
    return written(bank, fmt), f"muzlab-questions-{seed}-{bank.language}-{fmt}.{_SUFFIX[fmt]}"


_SUFFIX = {"moodle": "xml", "qti12": "zip"}


def written(bank: Bank, fmt: str) -> bytes:
    """The bank's bytes in `fmt` (FORMATS)."""
    return moodle_xml(bank) if fmt == "moodle" else qti_zip(bank)


def command_kinds(text: str) -> tuple[str, ...]:
    """The kinds a comma-separated list names (COMMAND_KINDS, or KINDS themselves); BankError naming
    the first unknown one."""
    names = tuple(word.strip() for word in text.split(",") if word.strip())
    unknown = [name for name in names if name not in COMMAND_KINDS and name not in KINDS]
    if unknown or not names:
        raise BankError("unknown kind of question {kind}; choose from {kinds}",
                        kind=repr((unknown or [""])[0][:40]), kinds=", ".join(COMMAND_KINDS))
    return tuple(COMMAND_KINDS.get(name, name) for name in names)


def add_commands(commands: argparse._SubParsersAction, reader: Reader | None = None) -> None:
    """Add `questions` (a question bank for Moodle or Canvas) to the `muzlab` command, its help for
    `reader` (None: English)."""
    reader = reader or PLAIN
    bank = commands.add_parser("questions", help=reader.gettext(
        "a question bank for Moodle (Moodle XML) or Canvas (QTI 1.2 zip)"))
    bank.add_argument("out", metavar="OUT", help=reader.gettext(
        "the file to write, e.g. {example}").format(example="bank.xml"))
    bank.add_argument("--format", required=True, choices=FORMATS, help=reader.gettext(
        "moodle: Moodle XML; qti12: a QTI 1.2 zip for Canvas"))
    bank.add_argument("--kinds", default="where,triad,run,points,signature,numeral,ear,puzzle",
                      help=reader.gettext("comma-separated kinds of question, taken in turn: {kinds}").format(
                          kinds=", ".join(COMMAND_KINDS)))
    bank.add_argument("--count", type=int, default=20, help=reader.gettext(
        "questions in the bank, 1-{most}").format(most=MAX_ITEMS))
    bank.add_argument("--seed", type=int, default=0, help=reader.gettext(
        "the same seed gives the same bank"))
    bank.add_argument("--note-names", choices=("english", "german", "solfege"), default=None,
                      help=reader.gettext("the note names (default: the language's usual ones)"))
    bank.add_argument("--title", default="", help=reader.gettext(
        "the bank's title, at most {most} characters").format(most=MAX_TITLE))
    bank.add_argument("--pictures", default="png", choices=PICTURES, help=reader.gettext(
        "how boards are embedded (default png: every browser and LMS shows it)"))
    bank.add_argument("--force", action="store_true", help=reader.gettext("replace OUT if it exists"))
    bank.set_defaults(run=_questions_command)


def command_target(args: argparse.Namespace) -> tuple[Path, Reader]:
    """Where a command that writes a package writes it (OutputError for anything but a regular file),
    and the reader its questions are written for (the command's language, typeset, in `--note-names`
    or the language's usual ones)."""
    out = Path(args.out)
    if out.exists() and not out.is_dir() and not out.is_file():
        raise OutputError("{path} is not a regular file; give a file name", path=out)
    reader = Reader(args.note_names or DEFAULT_NOTE_NAMES[args.reader.language], typeset=True,
                    language=args.reader.language)
    return out, reader


def _questions_command(args: argparse.Namespace) -> int:
    out, reader = command_target(args)
    bank = make_bank(command_kinds(args.kinds), args.count, args.seed, reader, args.title, args.pictures)
    with file_written(out, args.force) as aside:
        aside.write_bytes(written(bank, args.format))
    print(args.reader.ngettext("wrote {file}: {count} question", "wrote {file}: {count} questions",
                               len(bank.items)).format(file=out, count=len(bank.items)))
    return 0
