"""Less of Solara's work for each message a page sends (a click, a choice).

Solara (1.58) answers `get_ipython()` inside a page's session with a new `FakeIPython`, whose `events`
is a `unittest.mock.MagicMock` (about 0.2 ms to make and call, for each click); the only use of it
here is `comm`'s `events.trigger("pre_execute")` and `("post_execute")` around each message, which do
nothing. `quiet_events()` gives it `QUIET` instead: any method asked of it does nothing, and nothing
is recorded (a MagicMock keeps every call).

Solara also answers each message with a "busy" and an "idle" status, as a Jupyter kernel does. The
page's widget manager waits for "idle" before it sends a widget's next change (so "idle" stays); "busy"
only sets a kernel status no page here shows. `no_busy()` leaves it out: a message less for each.
"""

from __future__ import annotations

from typing import Any


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
    """Make Solara's FakeIPython with `QUIET` events instead of a MagicMock (the rest as Solara makes it)."""
    from solara.server.patch import FakeIPython

    if getattr(FakeIPython, "_muzlab_quiet", False):
        return

    def __init__(self: Any, context: Any) -> None:
        self.context = context
        self.kernel = context.kernel
        self.display_pub = self.kernel.shell.display_pub
        self.events = QUIET
        self.user_ns = {}
        self.custom_exceptions = ()

    FakeIPython.__init__ = __init__
    FakeIPython._muzlab_quiet = True


def no_busy() -> None:
    """Make the kernel's session leave out "busy" status messages (each page's "idle" ones stay)."""
    from solara.server.kernel import SessionWebsocket

    if getattr(SessionWebsocket, "_muzlab_no_busy", False):
        return
    send = SessionWebsocket.send

    def send_but_busy(self: Any, stream: Any, msg_or_type: Any, content: Any = None, *args: Any,
                      **keys: Any) -> Any:
        if msg_or_type == "status" and content == BUSY:
            return None
        return send(self, stream, msg_or_type, content, *args, **keys)

    SessionWebsocket.send = send_but_busy
    SessionWebsocket._muzlab_no_busy = True


#: The status message left out.
BUSY = {"execution_state": "busy"}
