"""A PDF's language and title shown for a screen reader and a PDF reader's window (WCAG techniques PDF16
and PDF18): matplotlib writes the title into the document information but cannot reach the catalogue,
where the language (/Lang) and the viewer's "show the title" preference live, so pypdf adds them. And
the line on each printable's page naming its web page (the same words, readable without sight)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from muzlab.names.reader import Reader

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Where the line naming the web page stands: this many mm below the page's top edge, in this grey.
PAGE_LINE_MM = 6.0
PAGE_LINE_GREY = "#555555"


def name_web_page(figure: Figure, file: str, reader: Reader) -> None:
    """Write across the top of a PDF page the name of its web page, `file` (nothing for "")."""
    if not file:
        return
    height = figure.get_size_inches()[1] * 25.4
    figure.text(0.5, 1 - PAGE_LINE_MM / height, reader.gettext(
        "The same as a web page, for a screen reader: {file}").format(file=file), ha="center", va="center",
        fontsize=7, color=PAGE_LINE_GREY, parse_math=False)


def labelled_pdf(data: bytes, language: str) -> bytes:
    """`data` (a PDF written by matplotlib) with its catalogue naming its language (a BCP 47 tag such as
    "de") and asking the viewer to show its title rather than its file name; the same bytes each time."""
    from pypdf import PdfWriter  # pypdf only for PDFs; text worksheets need none
    from pypdf.generic import BooleanObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=io.BytesIO(data))
    root = writer.root_object
    root[NameObject("/Lang")] = TextStringObject(language)
    root[NameObject("/ViewerPreferences")] = DictionaryObject(
        {NameObject("/DisplayDocTitle"): BooleanObject(True)})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
