"""A PDF's language and title shown for a screen reader and a PDF reader's window (WCAG techniques PDF16
and PDF18): matplotlib writes the title into the document information but cannot reach the catalogue,
where the language (/Lang) and the viewer's "show the title" preference live, so pypdf adds them."""

from __future__ import annotations

import io


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
