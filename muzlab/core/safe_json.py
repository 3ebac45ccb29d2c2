"""JSON from outside (board files, game records, simulation folders) read within limits.

Every limit is enforced while reading, never trusted from the file system or the text: at most
`max_bytes` bytes are read, brackets may nest at most MAX_DEPTH deep (checked before parsing, so a
deeply nested text never reaches Python's recursive parser), numbers have at most MAX_DIGITS digits,
and NaN and Infinity are refused. A fault raises the error type the caller names, saying what it is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from muzlab.core.errors import MuzlabError

#: The deepest nesting of brackets accepted: a record nests five deep, a board file four.
MAX_DEPTH = 32
#: The most digits a number may have (a seed has at most 19).
MAX_DIGITS = 40

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def read_text(path: str | Path, max_bytes: int, error: type[MuzlabError], what: str) -> str:
    """The UTF-8 text of the file at `path`, reading at most `max_bytes` + 1 bytes; `error` names
    `what` (e.g. "board file x.json") when it is missing, unreadable, too large or not UTF-8."""
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except FileNotFoundError:
        raise error("{what} does not exist", what=what) from None
    except IsADirectoryError:
        raise error("{what} is a folder, not a file", what=what) from None
    except OSError as failure:
        raise error("{what} cannot be read: {why}", what=what, why=failure.strerror or failure) from None
    if len(data) > max_bytes:
        raise error("{what} is larger than {max_bytes:,} bytes, the most muzlab reads", what=what,
                    max_bytes=max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error("{what} is not UTF-8 text (byte {start} cannot be read)", what=what,
                    start=failure.start) from None


def loads(text: Any, error: type[MuzlabError], what: str, max_chars: int | None = None) -> Any:
    """Parse JSON `text` within the limits above; `error` names `what` and the fault."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as failure:
            raise error("{what} is not UTF-8 text (byte {start} cannot be read)", what=what,
                        start=failure.start) from None
    if not isinstance(text, str):
        raise error("{what} must be JSON text, not {text}", what=what, text=type(text).__name__)
    if max_chars is not None and len(text) > max_chars:
        raise error("{what} is longer than {max_chars:,} characters, the most muzlab reads", what=what,
                    max_chars=max_chars)
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                raise error("{what} nests brackets more than {max_depth} deep", what=what,
                            max_depth=MAX_DEPTH)
    try:
        return json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except _Refused as refused:
        raise error("{what}: {refused}", what=what, refused=refused) from None
    except json.JSONDecodeError as failure:
        raise error("{what} is not readable JSON: {failure}", what=what, failure=failure) from None


class _Refused(MuzlabError, ValueError):
    """A value JSON allows and muzlab does not (a huge number, NaN, Infinity)."""


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused("a number of {digits:,} digits; numbers have at most {most}", digits=len(digits),
                       most=MAX_DIGITS)
    return int(digits)


def _real(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused("a number written with {characters:,} characters; numbers have at most {most} digits",
                       characters=len(text), most=MAX_DIGITS)
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused("the number {text} is too large", text=text)
    return value


def _constant(name: str) -> Any:
    raise _Refused("{name} is not a number muzlab accepts", name=name)
