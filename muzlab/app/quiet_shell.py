"""Less of Solara's work for each message a page sends (a click, a choice).

Solara (1.58) answers `get_ipython()` inside a page's session with a new `FakeIPython`, whose `events`
is a `unittest.mock.MagicMock` (about 0.2 ms to make and call, for each click); the only use of it
here is `comm`'s `events.trigger("pre_execute")` and `("post_execute")` around each message, which do
nothing. `quiet_events()` gives it `QUIET` instead: any method asked of it does nothing, and nothing
is recorded (a MagicMock keeps every call).
"""

from __future__ import annotations

from typing import Any

from muzlab.app.solara_door import quiet_shells


def _nothing(*_args: Any, **_keys: Any) -> None:
    """Does nothing."""


class Quiet:
    """Events no one listens to: every method (`trigger`, `register`, ...) does nothing."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _nothing


QUIET = Quiet()


def quiet_events() -> None:
    """Have Solara's FakeIPython keep `QUIET` events, and make no MagicMock: Solara's own `__init__` runs,
    then its events are replaced (the rest as Solara makes it, `muzlab.app.solara_door`)."""
    quiet_shells(QUIET)
