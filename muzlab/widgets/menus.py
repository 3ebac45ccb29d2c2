"""A drop-down menu one of whose options means "none" (the value None) and is shown by its label.

ipywidgets takes the value None for "nothing chosen" and shows an empty box, even when one option's
value is None: a menu such as the lesson's key, whose None is a choice ("none"), looked blank.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets


class OptionalDropdown(widgets.Dropdown):
    """A Dropdown whose option with the value None is selected (and its label shown) when the value
    is None; the value stays None. Without such an option it is a plain Dropdown."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._select_none()

    @traitlets.observe("value")
    def _propagate_value(self, change: Any) -> None:  # ipywidgets' own, None being an option here
        if change["new"] is None and None in self._options_values:
            self._select_none()
        else:
            super()._propagate_value(change)

    @traitlets.observe("options")
    def _propagate_options(self, change: Any) -> None:  # ipywidgets' own; new options, value None
        super()._propagate_options(change)
        if not self._initializing_traits_:
            self._select_none()

    def _select_none(self) -> None:
        """Select the option whose value is None, while the value is None (and there is one)."""
        if self.value is None and None in self._options_values:
            index = self._options_values.index(None)
            if self.index != index:
                self.index = index


def relabel(menu: widgets.Dropdown | widgets.ToggleButtons, options: list[tuple[str, Any]],
            value: Any = ...) -> None:
    """New labels for a menu's options (the same values, in another language or note names), its value
    kept (or set to `value`), with no change reported to its observers: a menu written again is not
    a choice made."""
    chosen = menu.value if value is ... else value
    if [label for label, _ in options] == list(menu._options_labels) and chosen == menu.value:
        return
    notifiers = menu._trait_notifiers.get("value", {}).get("change", [])
    # the observers a person's choice calls, not the widget's own (traitlets' ObserveHandlers)
    callers = [notifier for notifier in notifiers if not isinstance(notifier, traitlets.ObserveHandler)]
    for caller in callers:
        menu.unobserve(caller, names="value")
    try:
        menu.options = options
        menu.value = chosen
    finally:
        for caller in callers:
            menu.observe(caller, names="value")
