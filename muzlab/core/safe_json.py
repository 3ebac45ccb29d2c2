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
        raise error(f"{what} does not exist") from None
    except IsADirectoryError:
        raise error(f"{what} is a folder, not a file") from None
    except OSError as failure:
        raise error(f"{what} cannot be read: {failure.strerror or failure}") from None
    if len(data) > max_bytes:
        raise error(f"{what} is larger than {max_bytes:,} bytes, the most muzlab reads")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error(f"{what} is not UTF-8 text (byte {failure.start} cannot be read)") from None


def loads(text: Any, error: type[MuzlabError], what: str, max_chars: int | None = None) -> Any:
    """Parse JSON `text` within the limits above; `error` names `what` and the fault."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as failure:
            raise error(f"{what} is not UTF-8 text (byte {failure.start} cannot be read)") from None
    if not isinstance(text, str):
        raise error(f"{what} must be JSON text, not {type(text).__name__}")
    if max_chars is not None and len(text) > max_chars:
        raise error(f"{what} is longer than {max_chars:,} characters, the most muzlab reads")
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                raise error(f"{what} nests brackets more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except _Refused as refused:
        raise error(f"{what}: {refused}") from None
    except json.JSONDecodeError as failure:
        raise error(f"{what} is not readable JSON: {failure}") from None


class _Refused(ValueError):
    """A value JSON allows and muzlab does not (a huge number, NaN, Infinity)."""


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(digits):,} digits; numbers have at most {MAX_DIGITS}")
    return int(digits)


def _real(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused(f"a number written with {len(text):,} characters; numbers have at most {MAX_DIGITS} "
                       "digits")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text} is too large")
    return value


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number muzlab accepts")
