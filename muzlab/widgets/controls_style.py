"""The style of muzlab's controls in a page: one focus ring, drawn at 3:1 or more, for the app, the class
pages and the lessons, and (controls.css) their words wrapping in a narrow lesson; carried by the
widgets that stand in every view of them: the board, the download and upload buttons and the browser's
sound player (anywidget puts a widget's `_css` in the page once it is shown)."""

from __future__ import annotations

from pathlib import Path

#: The focus ring's colour: dark blue, 10:1 on the white page and on the white band drawn inside it.
FOCUS_COLOUR = "#0b3d91"
#: The border of a field or menu: 4.5:1 on white (ipywidgets' own, #bdbdbd, is 1.9:1), so that a
#: field is seen as one (WCAG 1.4.11).
FIELD_BORDER = "#767676"
#: The ring itself: 3 px inside the control's edge, a white band inside it.
RING = (f"outline: 3px solid {FOCUS_COLOUR} !important; outline-offset: -3px;"
        " box-shadow: inset 0 0 0 5px #fff !important;")


def focus_ring(scope: str) -> str:
    """CSS for every control inside `scope` reached by the keyboard (buttons, menus, fields, links, tabs,
    the scrolling tables): a 3 px ring when it has the keyboard's focus (WCAG 2.4.7; host themes draw a
    pale one or none on menus), and fields' and menus' borders dark enough to be seen (WCAG 1.4.11).
    The ring is drawn inside the control's edge, with a white band inside it (a check box: the ring
    alone): the boxes that hold a row of controls cut off what is drawn outside them, and the band keeps
    the ring seen on a button of any colour. The board draws its own ring (svgboard.css)."""
    def rule(kinds: tuple[str, ...]) -> str:
        return ", ".join(f"{scope} {kind}:focus-visible" for kind in kinds)

    ticks = ("input[type=checkbox]", "input[type=radio]")
    others = ("button", "select", "textarea", "input:not([type=checkbox]):not([type=radio])", "a", "audio",
              "[role=tab]", ".lm-TabBar-tab", "[tabindex]:not(.muz-frame)",
              # (ipywidgets takes a field's outline away with a more particular rule)
              ".widget-text input", ".widget-textarea textarea", ".widget-datepicker input")
    return (f" {rule(others)} {{ {RING} }}"
            f" {rule(ticks)} {{ outline: 2px solid {FOCUS_COLOUR} !important; outline-offset: -2px; }}"
            f" {scope} {{ --jp-widgets-input-border-color: {FIELD_BORDER}; }}"
            f" {scope} .widget-text input, {scope} .widget-dropdown select, {scope} .widget-textarea textarea"
            f" {{ border-color: {FIELD_BORDER}; }}")


#: The boards' and exercises' own boxes, in a lesson or in the app.
WIDGET_SCOPE = ":is(.muz-explorer, .muz-playboard, .muz-quiz, .muz-review, .muz-listen, .muz-ear)"
#: The ring for the controls around a board, wherever they are shown, and controls.css's layout.
CONTROLS_CSS = (focus_ring(WIDGET_SCOPE)
                + f" :is(.muz-download, .muz-upload, .muz-sound-play):focus-visible {{ {RING} }} "
                + (Path(__file__).parent / "controls.css").read_text(encoding="utf-8"))
