"""Reading the school's roster file as a teacher's spreadsheet saves it: the text and its rows.

Excel saves "CSV" in the computer's own ways: German Excel separates the cells with semicolons,
"CSV UTF-8" starts with a byte-order mark, plain "CSV" is Windows-1252 (cp1252), "Unicode text" is
UTF-16 with tabs. All of these are read: the separator (comma, semicolon or tab) is the one that
makes the first row name the columns, the encoding the byte-order mark's or else UTF-8, else cp1252.

The file comes from a page, so it is untrusted: it is refused, with a sentence naming what is wrong,
when it is over MAX_BYTES or MAX_ROWS rows, holds a NUL character or a field over MAX_FIELD
characters, or has a quote left open (which would otherwise swallow the rows after it).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from muzlab.app.classroom import ClassError
from muzlab.core.errors import Count
from muzlab.core.spreadsheet import unsafe_cell

#: At most this many bytes (or characters, for a text), rows (blank ones too) and characters a field.
MAX_BYTES = 500_000
MAX_ROWS = 1_000
MAX_FIELD = 200
#: The roster file's columns: the nickname and the school's identifier are needed, the rest optional.
NEEDED = ("nickname", "id")
OPTIONAL = ("email", "name", "section", "login")
#: The separators a roster file may use, in the order they are preferred when two would do.
SEPARATORS = (",", ";", "\t")
_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))


class RosterFileError(ClassError):
    """A roster file that cannot be read (the sentence says what is wrong and where)."""


def roster_text(data: Any) -> str:
    """The file's text: bytes decoded by their byte-order mark, else as UTF-8, else as cp1252; a text
    taken as it is; refused when empty, too big, or holding a NUL character."""
    if isinstance(data, bytes | bytearray) and len(data) <= MAX_BYTES:
        data = _decoded(bytes(data))
    if isinstance(data, bytes | bytearray | str) and len(data) > MAX_BYTES:
        raise RosterFileError("The roster file is over {most} KB: it lists one class, a row per student.",
                              most=MAX_BYTES // 1000)
    if not isinstance(data, str) or not data.strip("\ufeff \t\r\n"):
        raise RosterFileError("The roster file is empty: it needs a header row with nickname and id.")
    if "\x00" in data:
        raise RosterFileError("The roster file holds NUL characters, so it is not a CSV text file: save it "
                              "as CSV UTF-8.")
    return data.lstrip("\ufeff")


def _decoded(data: bytes) -> str:
    """Bytes as text: by their byte-order mark (nothing else tried), else UTF-8, else cp1252."""
    marked = [encoding for bom, encoding in _BOMS if data.startswith(bom)]
    for encoding in marked[:1] or ["utf-8", "cp1252"]:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise RosterFileError("The roster file is neither UTF-8 nor Windows (cp1252) text: save it as CSV UTF-8.")


def separator(text: str) -> str:
    """The separator that makes the first row name the most of the NEEDED columns (then the most
    columns): a comma, a semicolon or a tab."""
    first = next((line for line in text.splitlines() if line.strip()), "")

    def fit(candidate: str) -> tuple[int, int]:
        names = [name.strip().casefold() for name in next(csv.reader([first], delimiter=candidate), [])]
        return sum(column in names for column in NEEDED), len(names)

    return max(SEPARATORS, key=fit)


def roster_rows(data: Any) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The roster file's header (its column names in small letters) and its rows that are not blank,
    each with its line number, every value trimmed and without the quote muzlab's own files put
    before a formula (`muzlab.core.spreadsheet`); refused (RosterFileError) as the module says, or when the
    header lacks a NEEDED column."""
    text = roster_text(data)
    reader = csv.reader(io.StringIO(text), delimiter=separator(text), strict=True)
    rows = []
    while True:
        line = reader.line_num + 1  # (where the next row starts: a quoted field may take several lines)
        try:
            values = next(reader, None)
        except csv.Error as error:
            if "field larger" in str(error):
                raise _long_field(line) from None
            raise RosterFileError("Row {line} of the roster file opens a quote (\") that is not closed where "
                                  "its field ends.", line=line) from None
        if values is None:
            break
        if reader.line_num > MAX_ROWS:
            raise RosterFileError("The roster file has more than {most} rows: it lists one class, a row per "
                                  "student.", most=MAX_ROWS)
        if any(len(value) > MAX_FIELD for value in values):
            raise _long_field(line)
        if any(value.strip() for value in values):
            rows.append((line, [unsafe_cell(value.strip()) for value in values]))
    if not rows:
        raise RosterFileError("The roster file is empty: it needs a header row with nickname and id.")
    header = [name.casefold() for name in rows[0][1]]
    _check_header(header)
    return header, rows[1:]


def _long_field(line: int) -> RosterFileError:
    return RosterFileError("Row {line} of the roster file has a field of more than {most}.", line=line,
                           most=Count(MAX_FIELD, "{count} character", "{count} characters"))


def _check_header(header: list[str]) -> None:
    missing = [column for column in NEEDED if column not in header]
    if not missing:
        return
    if len(missing) > 1:
        raise RosterFileError("The roster file's first row names neither a nickname nor an id column: it "
                              "must name the columns (nickname, id, and optionally email, name, section, "
                              "login), separated by commas, semicolons or tabs.")
    raise RosterFileError("The roster file's first row names no {column} column: it must name the columns "
                          "(nickname, id, and optionally email, name, section, login), separated by commas, "
                          "semicolons or tabs.", column=missing[0])
