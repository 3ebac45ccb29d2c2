"""The `muzlab scorm` command: a SCORM 1.2 quiz task (`muzlab.views.scorm`) or a whole lesson of the
homework edition (`muzlab.app.lite.scorm`), written to a file for Moodle or Canvas."""

from __future__ import annotations

import argparse
from pathlib import Path

from muzlab.app.lessons import LessonsError
from muzlab.app.lite.build import CHECKOUT
from muzlab.app.lite.scorm import lesson_package
from muzlab.core.outputs import file_written
from muzlab.names.output_words import size_words
from muzlab.names.reader import PLAIN, Reader
from muzlab.views.bank import MAX_ITEMS, MAX_TITLE, BankError
from muzlab.views.bank_files import COMMAND_KINDS, command_kinds, command_target
from muzlab.views.scorm import LMS_UPLOAD_LIMIT, PASS_MARK, QUIZ_SETTINGS, scorm_zip


def add_commands(commands: argparse._SubParsersAction, reader: Reader | None = None) -> None:
    """Add `scorm` (a SCORM 1.2 quiz task for Moodle or Canvas) to the `muzlab` command, its help for
    `reader` (None: English)."""
    reader = reader or PLAIN
    task = commands.add_parser("scorm", help=reader.gettext(
        "a SCORM 1.2 package: a quiz task that reports its score to Moodle or Canvas"))
    task.add_argument("out", metavar="OUT", help=reader.gettext(
        "the file to write, e.g. {example}").format(example="task.zip"))
    task.add_argument("--task", default=None, help=reader.gettext(
        "comma-separated kinds of question, taken in turn: {kinds}").format(kinds=", ".join(COMMAND_KINDS)))
    task.add_argument("--count", type=int, default=None, help=reader.gettext(
        "questions in the task, 1-{most}").format(most=MAX_ITEMS))
    task.add_argument("--seed", type=int, default=None, help=reader.gettext(
        "the same seed gives the same package"))
    task.add_argument("--note-names", choices=("english", "german", "solfege"), default=None,
                      help=reader.gettext("the note names (default: the language's usual ones)"))
    task.add_argument("--title", default=None, help=reader.gettext(
        "the task's title, at most {most} characters").format(most=MAX_TITLE))
    task.add_argument("--pass-mark", type=int, default=None, help=reader.gettext(
        "the score (of 100) that passes; 0: none, the task is just completed (default {mark})").format(
        mark=PASS_MARK))
    task.add_argument("--lesson", type=int, default=None, help=reader.gettext(
        "a lesson of the homework edition instead of a quiz task: its number (the lesson in the "
        "language of --language)"))
    task.add_argument("--site", default=None, help=reader.gettext(
        "the built homework edition the lesson is taken from (`muzlab lite FOLDER` builds one; default: "
        "this checkout's out/lite)"))
    task.add_argument("--force", action="store_true", help=reader.gettext("replace OUT if it exists"))
    task.set_defaults(run=_scorm_command)


def _scorm_command(args: argparse.Namespace) -> int:
    out, reader = command_target(args)
    if args.lesson is not None:
        return _lesson_command(args, out, reader)
    if args.site is not None:
        raise BankError("--site is for --lesson: a quiz task is made without the homework edition")
    task = {name: default if getattr(args, name) is None else getattr(args, name)
            for name, default in QUIZ_SETTINGS.items()}
    data = scorm_zip(command_kinds(task["task"]), task["count"], task["seed"], reader, task["title"],
                     task["pass_mark"])
    with file_written(out, args.force) as aside:
        aside.write_bytes(data)
    print(args.reader.ngettext("wrote {file}: a SCORM 1.2 package of {count} question, {size}",
                               "wrote {file}: a SCORM 1.2 package of {count} questions, {size}",
                               task["count"]).format(file=out, count=task["count"],
                                                     size=size_words(len(data), args.reader)))
    return 0


def _lesson_command(args: argparse.Namespace, out: Path, reader: Reader) -> int:
    quiz = [f"--{name.replace('_', '-')}" for name in (*QUIZ_SETTINGS, "note_names")
            if getattr(args, name) is not None]
    if quiz:
        raise LessonsError("--lesson packs a whole lesson in its language's note names: leave out "
                           "{options}, which are for a quiz task", options=", ".join(quiz))
    if args.site is None and CHECKOUT is None:
        raise LessonsError("give the built homework edition with --site FOLDER (`muzlab lite FOLDER` "
                           "builds one)")
    site = Path(args.site) if args.site is not None else CHECKOUT / "out" / "lite"
    data = lesson_package(site, args.lesson, reader)
    with file_written(out, args.force) as aside:
        aside.write_bytes(data)
    print(args.reader.gettext("wrote {file}: a SCORM 1.2 package of lesson {number}, {size}").format(
        file=out, number=args.lesson, size=size_words(len(data), args.reader)))
    if len(data) > LMS_UPLOAD_LIMIT:
        print(args.reader.gettext("Moodle often takes packages of at most {size}: if it refuses this one, "
                                  "see the guide's page on Moodle and Canvas.").format(
            size=size_words(LMS_UPLOAD_LIMIT, args.reader)))
    return 0
