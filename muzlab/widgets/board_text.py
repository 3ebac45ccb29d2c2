"""The board as lists in a page (`muzlab.rules.board_reading`): the legal cells for the die in hand, and
the dice by column and diagonal, as HTML lists a screen reader walks item by item."""

from __future__ import annotations

import html

from muzlab.names.board_lists import ListGroup
from muzlab.names.reader import Reader
from muzlab.rules.board_reading import board_lists, legal_cells
from muzlab.rules.position import Position


def group_html(group: ListGroup) -> str:
    """One list: its title, then its items as a list named by the title."""
    title = html.escape(group.title, quote=True)
    items = "".join(f"<li>{html.escape(item)}</li>" for item in group.items)
    named = f"<ul aria-label='{title}'>{items}</ul>" if items else ""
    return f"<p class='muz-list-title'>{title}</p>{named}"


def board_text_html(position: Position, hand: int | None, reader: Reader, lines: bool) -> str:
    """The legal cells for the die in hand (`hand`; None: none shown), then, with `lines`, the dice by
    column and diagonal, for `reader`."""
    parts = [f"<div class='muz-legal-list'>{group_html(legal_cells(position, hand, reader))}</div>"
             ] if hand is not None else []
    if lines:
        lists = board_lists(position, reader)
        body = (f"<p>{html.escape(lists.empty)}</p>" if lists.empty
                else "".join(group_html(group) for group in lists.groups()))
        parts.append(f"<div class='muz-board-lists'>{body}</div>")
    return "".join(parts)
