"""A class page's reading settings: its lesson key (the app's major and minor keys) and its reading of
ii° in a minor key, read from the page's address (checked, never trusted: an unknown value is
ignored), offered in the app's menus and words, and written back into the address.

A lesson key is kept in the address as `Key.of` reads it: a major key by its English tonic ("F#"),
a minor key with its scale type ("A harmonic minor"), as the app's menu reads minor keys; under "key"
on a student's page, under "lesson" on the teacher's (whose "key" is the teacher's own).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from muzlab.app.looks import Looks
from muzlab.names.functions import MINOR_SUPERTONIC
from muzlab.names.key_functions import key_words
from muzlab.names.letters import scale_notes
from muzlab.names.reader import Key, Reader
from muzlab.names.spelling import show_name
from muzlab.widgets.menus import OptionalDropdown, relabel
from muzlab.widgets.tabbed_app import (
    LESSON_KEYS,
    lesson_key_options,
    minor_supertonic_asked,
    minor_supertonic_options,
)


def key_address(key: Key | None) -> str:
    """A lesson key as a page's address keeps it: "F#" (major), "A harmonic minor"; "" for none."""
    if key is None:
        return ""
    return key.tonic_name if key.kind == "major" else f"{key.tonic_name} {key.kind}"


#: The mark of a ii° menu not asked of its page's reader (a major key, or Roman numerals), and the
#: rule of the page's style that hides it (a class, not a Layout of its own: the page's looks are shared).
NOT_ASKED = "muz-not-asked"
HIDE_NOT_ASKED = f" .muz-minor-supertonic.{NOT_ASKED} {{ display: none !important; }}"
#: The name of the lesson key in a student page's address, and in the teacher's.
STUDENT_KEY, TEACHER_KEY = "key", "lesson"
#: The lesson keys a class page offers (the app's), by the form its address keeps them in.
ADDRESS_KEYS = {key_address(key): value for value, key in LESSON_KEYS.items()}


def address_key(query: dict[str, str], name: str = STUDENT_KEY) -> str:
    """The lesson key a page's address names (under `name`), if it is one the menus offer; else ""
    (none)."""
    return query[name] if query.get(name) in ADDRESS_KEYS else ""


def address_supertonic(query: dict[str, str]) -> str:
    """The reading of ii° in minor a page's address names ("supertonic"), if muzlab knows it; else
    the usual one."""
    return query["supertonic"] if query.get("supertonic") in MINOR_SUPERTONIC else MINOR_SUPERTONIC[0]


def settings_address(key: str, supertonic: str, name: str = STUDENT_KEY) -> dict[str, str]:
    """The lesson key (under `name`) and the reading of ii° as the page's address keeps them (nothing
    for none, or for the usual reading)."""
    return {**({name: key} if key else {}),
            **({"supertonic": supertonic} if supertonic != MINOR_SUPERTONIC[0] else {})}


def _menu(kind: type[widgets.Dropdown], looks: Looks | None, **state: object) -> widgets.Dropdown:
    """A menu as wide as its words, its label whole: with the page's shared looks when it has them."""
    if looks is None:
        return kind(style={"description_width": "initial"}, layout=widgets.Layout(width="auto"), **state)
    return looks.make(kind, layout={"width": "auto"}, **state)


def key_menu(key: str, reader: Reader, looks: Looks | None = None) -> OptionalDropdown:
    """The menu of lesson keys (the app's list and words: "F♯ major", "d-Moll", "none (each run in its
    own key)") for `reader`, with `key` (an address's form, "" for none) chosen."""
    return _menu(OptionalDropdown, looks, options=lesson_key_options(reader, minor=True),
                 value=ADDRESS_KEYS.get(key), _dom_classes=("muz-key",))


def chosen_key(menu: widgets.Dropdown) -> str:
    """The lesson key a key menu holds, in its address's form ("" for none)."""
    return key_address(LESSON_KEYS[menu.value]) if menu.value else ""


def relabel_keys(menu: widgets.Dropdown, reader: Reader) -> None:
    """The key menu's words in `reader`'s note names and language (no choice made)."""
    relabel(menu, lesson_key_options(reader, minor=True))


def supertonic_menu(value: str, reader: Reader, looks: Looks | None = None) -> widgets.Dropdown:
    """The menu of the readings of ii° in minor (the app's words: "s⁶ (…)", "(Đ⁷) tP (…)"), shown only
    while `reader` reads functions in a minor key (`label_supertonic`)."""
    menu = _menu(widgets.Dropdown, looks, options=minor_supertonic_options(reader), value=value,
                 _dom_classes=("muz-minor-supertonic",))
    label_supertonic(menu, reader)
    return menu


def label_supertonic(menu: widgets.Dropdown, reader: Reader) -> None:
    """The ii° menu's words in `reader`'s language (no choice made), shown or hidden as `reader` asks."""
    menu.description = reader.gettext("2nd degree in minor")
    menu.tooltip = reader.gettext(
        "The diminished triad on the second degree of a minor key: textbooks read it either way")
    relabel(menu, minor_supertonic_options(reader))
    if minor_supertonic_asked(reader):
        menu.remove_class(NOT_ASKED)
    else:
        menu.add_class(NOT_ASKED)


def supertonic_asked(menu: widgets.Dropdown) -> bool:
    """Whether a ii° menu is shown (its page's reader reads functions in a minor key)."""
    return NOT_ASKED not in menu._dom_classes


def key_note(reader: Reader) -> str:
    """The lesson key of `reader` and its scale, as a page shows it under the board ("Lesson key:
    a-Moll — A H C D E F Gis": a minor key in its harmonic form); "" without a key."""
    if reader.key is None:
        return ""
    scale = " ".join(show_name(name, reader) for name in scale_notes(reader.key.tonic_name, reader.key.kind))
    return "<p>{}</p>".format(reader.gettext("Lesson key: {key} — {scale}").format(
        key=f"<b>{html.escape(key_words(reader.key, reader))}</b>", scale=html.escape(scale)))
