"""argparse's own refusals ("invalid choice: ...") in the command's language.

argparse words its errors in English (its gettext domain ships no catalogues); the `muzlab` command
reads the facts back out of each sentence argparse makes and says it by muzlab's catalogue. A
sentence of another shape is kept as it is (the messages muzlab's own argument types make are
already in the reader's language).
"""

from __future__ import annotations

import re

from muzlab.names.language import marked
from muzlab.names.reader import Reader

#: argparse's sentences (Python 3.11-3.13) as patterns, each with the marked template that says it.
_SENTENCES = (
    (re.compile(r"argument (?P<name>\S+(?:/\S+)*): (?P<message>.*)", re.DOTALL),
     marked("command line", "argument {name}: {message}")),
    (re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)"),
     marked("command line", "invalid choice: {value} (choose from {choices})")),
    (re.compile(r"the following arguments are required: (?P<names>.*)"),
     marked("command line", "the following arguments are required: {names}")),
    (re.compile(r"unrecognized arguments: (?P<names>.*)"),
     marked("command line", "unrecognized arguments: {names}")),
    (re.compile(r"expected one argument"), marked("command line", "expected one argument")),
    (re.compile(r"expected at least one argument"), marked("command line", "expected at least one argument")),
    (re.compile(r"expected at most one argument"), marked("command line", "expected at most one argument")),
    (re.compile(r"invalid (?P<type>\S+) value: (?P<value>.*)"),
     marked("command line", "invalid {type} value: {value}")),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)"),
     marked("command line", "ambiguous option: {option} could match {matches}")),
    (re.compile(r"not allowed with argument (?P<name>.*)"),
     marked("command line", "not allowed with argument {name}")),
    (re.compile(r"one of the arguments (?P<names>.*) is required"),
     marked("command line", "one of the arguments {names} is required")),
)


def argparse_words(message: str, reader: Reader) -> str:
    """argparse's error `message` in `reader`'s language (an argument's message in it too)."""
    for pattern, (context, template) in _SENTENCES:
        found = pattern.fullmatch(message)
        if found:
            facts = found.groupdict()
            if "message" in facts:
                facts["message"] = argparse_words(facts["message"], reader)
            return reader.pgettext(context, template).format(**facts)
    return message
