"""Every CSV file muzlab writes, written by one helper so that no cell runs as a spreadsheet formula.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets, so a student's nickname `=HYPERLINK(...)` would run on the teacher's
machine (CSV injection). As OWASP advises, such a text cell is written with a single quote before it
(`'=HYPERLINK(...)`), which a spreadsheet shows as text: a nickname `-2` or `+1` too, which a
spreadsheet would otherwise take for a number and show as `-2` or `1`. Numbers (int, float) are written
as they are, in the style's decimal separator, and stay numbers (`-0.25`).

A file comes in a `CsvStyle`: "plain" (comma, decimal point, no byte-order mark: what gradebooks and
pandas read), or the teacher's own look in Excel in the convention of the page's language
(`excel_style`): "excel-de", "excel-fr", "excel-es" (semicolon, decimal comma, a UTF-8 byte-order mark:
what German, French and Spanish Excel open with their columns, accents and umlauts right on a double
click) and "excel-en" (comma, decimal point, the byte-order mark).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class CsvStyle:
    """How a CSV file separates its cells and writes a decimal number, and whether it starts with a
    UTF-8 byte-order mark."""

    delimiter: str = ","
    decimal: str = "."
    bom: bool = False


#: Excel's CSV convention in the countries of each language the pages speak: a list separator `;`
#: where the decimal separator is a comma (Windows' regional settings), and a UTF-8 byte-order mark, which
#: Excel needs to read a CSV file as UTF-8.
EXCEL = {"en": CsvStyle(",", ".", bom=True), "de": CsvStyle(";", ",", bom=True),
         "fr": CsvStyle(";", ",", bom=True), "es": CsvStyle(";", ",", bom=True)}
#: The styles a person may choose for a file they open themselves (a gradebook's file stays "plain").
STYLES = {"plain": CsvStyle(), **{f"excel-{language}": style for language, style in EXCEL.items()}}


def excel_style(language: str) -> str:
    """The name of the style in which a teacher reading `language` opens a CSV file in Excel with a double
    click ("excel-de" for German); English's for a language Excel's conventions are not known for here."""
    return f"excel-{language}" if language in EXCEL else "excel-en"


def safe_cell(value: Any, style: CsvStyle = STYLES["plain"]) -> Any:
    """A cell as it is written: a text a spreadsheet would run as a formula (or read as a signed number)
    with a quote before it, a float in the style's decimal separator, None empty, anything else as it is."""
    if value is None:
        return ""
    if isinstance(value, float) and style.decimal != ".":
        return str(value).replace(".", style.decimal)
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    return "'" + value


def unsafe_cell(text: str) -> str:
    """A cell read back as its writer was given it: the quote `safe_cell` put before a formula taken
    off (a roster file made from muzlab's own files names the students as the class does)."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


def csv_text(rows: Iterable[Sequence[Any]], style: CsvStyle = STYLES["plain"],
             lineterminator: str = "\r\n") -> str:
    """Rows of cells as CSV text in `style`, every cell through `safe_cell` (the byte-order mark, if the
    style has one, as the text's first character)."""
    text = io.StringIO()
    if style.bom:
        text.write("\ufeff")
    writer = csv.writer(text, delimiter=style.delimiter, lineterminator=lineterminator)
    writer.writerows([safe_cell(value, style) for value in row] for row in rows)
    return text.getvalue()


def csv_records(records: Iterable[Mapping[str, Any]], columns: Sequence[str],
                style: CsvStyle = STYLES["plain"], lineterminator: str = "\r\n") -> str:
    """Records (dicts) as CSV text with a header row of `columns` (keys not among them left out,
    missing ones empty), every cell through `safe_cell`."""
    cells = ([record.get(column) for column in columns] for record in records)
    return csv_text([columns, *cells], style, lineterminator)
