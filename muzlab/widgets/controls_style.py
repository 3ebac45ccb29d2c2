"""The style of muzlab's controls in a page (controls.css: their focus drawn at 3:1 or more, their words
wrapping in a narrow lesson), carried by the widgets that stand in every view of them: the board, the
download and upload buttons and the browser's sound player (anywidget puts a widget's `_css` in the page
once it is shown)."""

from __future__ import annotations

from pathlib import Path

CONTROLS_CSS = (Path(__file__).parent / "controls.css").read_text(encoding="utf-8")
