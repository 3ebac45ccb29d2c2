"""A wide data table that scrolls sideways in a box of its own when the page is narrower (a phone, a
page zoomed to 400 %): WCAG 1.4.10 lets a data table scroll, not the page, and nothing is cut off."""

from __future__ import annotations

import html

#: The class of an HTML widget holding a scrolling table: its content may be narrower than the table
#: (a flex item is as wide as its content unless told otherwise, and the widget cut the table off).
SCROLLS = "muz-scrolls"
STYLE = f"<style>.{SCROLLS} > .widget-html-content {{min-width: 0}}</style>"


def scrolling(table: str, label: str) -> str:
    """`table` (HTML) in a box that scrolls sideways, reached by the keyboard (Tab, then the arrows) and
    named `label` for a screen reader; its HTML widget needs the class `SCROLLS`."""
    return (f"{STYLE}<div class='muz-table-scroll' role='region' tabindex='0' "
            f"aria-label='{html.escape(label)}' style='overflow-x:auto;max-width:100%'>{table}</div>")
