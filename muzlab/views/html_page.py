"""A printable's web page: the same words as its PDF as an HTML document a screen reader and a
browser's zoom can read (headings, lists, tables with headers), titled and in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

#: Black on white, text that reflows to the window, pictures no wider than it, tables with borders.
STYLE = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; line-height: 1.5; color: #1a1a1a;
       background: #ffffff; margin: 0 auto; max-width: 50rem; padding: 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.35rem; margin-top: 2.5rem; border-top: 2px solid #1a1a1a;
padding-top: 1rem; } h3 { font-size: 1.15rem; } h4 { font-size: 1rem; margin-bottom: 0.2rem; }
svg { max-width: 100%; height: auto; }
figure { margin: 1rem 0; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; min-width: 16rem; }
th, td { border: 1px solid #555555; padding: 0.25rem 0.6rem; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3rem; }
.answer { font-weight: bold; }
.footer { color: #444444; font-size: 0.9rem; }
@media print { h2 { break-before: page; border-top: none; } }
"""


def html_page(title: str, language: str, body: str) -> str:
    """A whole HTML document: `title` in its `<title>` and `<h1>`, `language` (a BCP 47 tag) on
    `<html>`, `body` (HTML) inside its one `<main>`."""
    return ("<!DOCTYPE html>\n"
            f'<html lang="{escape(language)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
            f"<h1>{escape(title)}</h1>\n{body}</main>\n</body>\n</html>\n")


def heading(level: int, text: str, anchor: str = "") -> str:
    """A heading `<hN>` holding `text`, with an id when `anchor` is given."""
    identity = f' id="{escape(anchor)}"' if anchor else ""
    return f"<h{level}{identity}>{escape(text)}</h{level}>\n"


def paragraph(text: str, css: str = "") -> str:
    """A paragraph of `text`, of class `css` when given."""
    kind = f' class="{escape(css)}"' if css else ""
    return f"<p{kind}>{escape(text)}</p>\n"


def item_list(items: Iterable[str], ordered: bool = False) -> str:
    """A list of lines of text, numbered when `ordered`."""
    tag = "ol" if ordered else "ul"
    return f"<{tag}>\n" + "".join(f"<li>{escape(item)}</li>\n" for item in items) + f"</{tag}>\n"


def table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A data table: its caption, a header cell for each column, and each row's first cell a header
    for that row, so a screen reader says both as it moves through the cells."""
    head = "".join(f'<th scope="col">{escape(text)}</th>' for text in headers)
    body = "".join(f'<tr><th scope="row">{escape(row[0])}</th>'
                   + "".join(f"<td>{escape(cell)}</td>" for cell in row[1:]) + "</tr>\n" for row in rows)
    return (f"<table>\n<caption>{escape(caption)}</caption>\n<thead><tr>{head}</tr></thead>\n"
            f"<tbody>\n{body}</tbody>\n</table>\n")


def section(anchor: str, content: str) -> str:
    """A `<section>` named by the heading whose id is `anchor` (its first line)."""
    return f'<section aria-labelledby="{escape(anchor)}">\n{content}</section>\n'
