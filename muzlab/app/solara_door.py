"""The one door to Solara's private internals: every name of `solara.server` muzlab uses, checked at
start-up on the installed Solara.

Solara offers no hook for what the class server changes, so muzlab reaches into it here and nowhere
else: the socket wrapper's receive and sends (`muzlab.app.inbox`, `muzlab.app.outbox`), the shell made
for each message (`muzlab.app.quiet_shell`), the GZip middleware and the first page's template
(`muzlab.app.warm_start`), and the kernel contexts that count and end pages (`muzlab.app.server`,
`muzlab.app.pages`). `SPEED` lists what the speed-ups need: when one is missing (another Solara),
`install` applies none of them and says so in one line; the server is then slower but correct.
`SESSIONS` lists what the page counts need: without them the server refuses to start.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import threading
import unittest.mock
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from muzlab.core.errors import MuzlabError
from muzlab.names.reader import Reader

#: The Solara whose internals these are (pyproject.toml pins it).
PINNED = "1.58.2"
#: (module, attribute) the speed-ups need. An attribute of a class set by its `__init__` (or a
#: dataclass field) counts when that `__init__` sets it: no socket or session exists at start-up.
SPEED: tuple[tuple[str, str], ...] = (
    ("solara.server.starlette", "WebsocketWrapper.receive"),
    ("solara.server.starlette", "WebsocketWrapper.send_text"),
    ("solara.server.starlette", "WebsocketWrapper.send_bytes"),
    ("solara.server.starlette", "WebsocketWrapper._send_text_exc"),
    ("solara.server.starlette", "WebsocketWrapper._send_bytes_exc"),
    ("solara.server.starlette", "WebsocketWrapper.ws"),
    ("solara.server.starlette", "WebsocketWrapper.portal"),
    ("solara.server.starlette", "WebsocketWrapper.tasks"),
    ("solara.server.starlette", "WebsocketWrapper.event_loop"),
    ("solara.server.starlette", "WebsocketWrapper._thread_id"),
    ("solara.server.starlette", "app.user_middleware"),
    ("solara.server.websocket", "WebSocketDisconnect"),
    ("solara.server.patch", "FakeIPython.__init__"),
    ("solara.server.patch", "FakeIPython.events"),
    ("solara.server.patch", "mock.MagicMock"),
    ("solara.server.server", "read_root"),
    ("solara.server.server", "get_nbextensions"),
)
#: (module, attribute) the server needs to count, cull and end pages, and to serve the CDN's files.
SESSIONS: tuple[tuple[str, str], ...] = (
    ("solara.server.kernel_context", "contexts"),
    ("solara.server.kernel_context", "has_current_context"),
    ("solara.server.kernel_context", "get_current_context"),
    ("solara.server.kernel_context", "PageStatus.CONNECTED"),
    ("solara.server.kernel_context", "VirtualKernelContext.id"),
    ("solara.server.kernel_context", "VirtualKernelContext.page_status"),
    ("solara.server.kernel_context", "VirtualKernelContext.close"),
    ("solara.server.kernel_context", "VirtualKernelContext.on_close"),
    ("solara.server.settings", "assets.proxy_cache_dir"),
    ("solara.server.starlette", "app"),
)


def _has(owner: Any, name: str) -> bool:
    """Whether `owner` has `name`, or, for a class, whether its `__init__` sets it or it is a field."""
    if hasattr(owner, name):
        return True
    if not isinstance(owner, type):
        return False
    if name in getattr(owner, "__dataclass_fields__", {}):
        return True
    init = inspect.unwrap(owner.__init__)
    return name in getattr(getattr(init, "__code__", None), "co_names", ())


def missing(needed: Iterable[tuple[str, str]] = SPEED + SESSIONS) -> list[str]:
    """The names of `needed` the installed Solara lacks ("module.attribute"), by importing each module
    and looking each attribute up; [] when all are there."""
    absent = []
    for module_name, path in needed:
        try:
            owner: Any = importlib.import_module(module_name)
        except ImportError:
            absent.append(f"{module_name}.{path}")
            continue
        *parents, last = path.split(".")
        for part in parents:
            owner = getattr(owner, part, None)
        if owner is None or not _has(owner, last):
            absent.append(f"{module_name}.{path}")
    return absent


def unpatched_line(absent: list[str], reader: Reader) -> str:
    """The one line the server says when this Solara's internals differ from those muzlab knows."""
    import solara

    return reader.gettext("This Solara ({version}) lacks {names}: the class server starts without its "
                          "speed-ups, slower but correct.").format(version=solara.__version__,
                                                                     names=", ".join(absent))


def install(patches: Iterable[Callable[[], None]], reader: Reader) -> bool:
    """Apply each of `patches` (the speed-ups) if the installed Solara has all of `SPEED`, and say
    nothing; else apply none, print `unpatched_line` and return False. Raises MuzlabError naming what is
    missing of `SESSIONS`, without which pages could be neither counted nor ended."""
    needed = missing(SESSIONS)
    if needed:
        raise MuzlabError("this Solara lacks {names}, which the class server needs to count its pages: "
                          "reinstall muzlab, which names the Solara it was made for (solara=={pinned})",
                          names=", ".join(needed), pinned=PINNED)
    absent = missing(SPEED)
    if absent:
        print(unpatched_line(absent, reader), flush=True)
        return False
    for patch in patches:
        patch()
    return True


def disconnect_error() -> type[Exception]:
    """Solara's WebSocketDisconnect: what a socket's receive and sends raise once it is closed."""
    from solara.server.websocket import WebSocketDisconnect

    return WebSocketDisconnect


def read_ahead_with(receive: Callable[[Any], Awaitable[str | bytes]]) -> None:
    """Have a threaded page's socket wrapper receive through `receive(wrapper)`; without threaded
    kernels (no portal) Solara's own receive is kept. Once: a second call changes nothing."""
    from solara.server.starlette import WebsocketWrapper as wrapper

    if getattr(wrapper, "_muzlab_read_ahead", False):
        return
    solaras = wrapper.receive

    @functools.wraps(solaras)
    async def receive_ahead(self: Any) -> str | bytes:
        if self.portal is None:
            return await solaras(self)
        return await receive(self)

    wrapper.receive = receive_ahead
    wrapper._muzlab_read_ahead = True


def queue_sends_with(put: Callable[[Any, str | bytes], None]) -> None:
    """Have a socket wrapper's sends from any thread but its event loop's go to `put(wrapper, data)`;
    on the event loop's own thread, and without threaded kernels, Solara's sends are kept. Once."""
    from solara.server.starlette import WebsocketWrapper as wrapper

    if getattr(wrapper, "_muzlab_queued", False):
        return

    def sending(solaras: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        @functools.wraps(solaras)
        def send(self: Any, data: str | bytes) -> None:
            if self.portal is None or self._thread_id == threading.get_ident():
                solaras(self, data)
            else:
                put(self, data)
        return send

    wrapper.send_text, wrapper.send_bytes = sending(wrapper.send_text), sending(wrapper.send_bytes)
    wrapper._muzlab_queued = True


class _Mocks:
    """Stands for `unittest.mock` in Solara's patch module: on a thread making a shell, a MagicMock
    asked for is `stand_in` (one costs 0.1-0.5 ms to make, for each message a page sends); elsewhere,
    and for every other name, `unittest.mock`'s own."""

    def __init__(self, stand_in: Any):
        self.stand_in, self.making = stand_in, threading.local()

    def __getattr__(self, name: str) -> Any:
        if name == "MagicMock" and getattr(self.making, "shell", False):
            return lambda *_args, **_keys: self.stand_in
        return getattr(unittest.mock, name)


def quiet_shells(quiet: Any) -> None:
    """Wrap Solara's `FakeIPython.__init__` (the shell of each message a page sends): Solara's own runs,
    given `quiet` where it would make a MagicMock, then the shell's events are `quiet`; whatever else
    Solara sets there is kept. Once: a second call changes nothing."""
    from solara.server import patch

    shell = patch.FakeIPython
    if getattr(shell, "_muzlab_quiet", False):
        return
    solaras, mocks = shell.__init__, _Mocks(quiet)
    patch.mock = mocks

    @functools.wraps(solaras)
    def __init__(self: Any, *args: Any, **keys: Any) -> None:
        mocks.making.shell = True
        try:
            solaras(self, *args, **keys)
        finally:
            mocks.making.shell = False
        self.events = quiet

    shell.__init__ = __init__
    shell._muzlab_quiet = True


def starlette_app() -> Any:
    """Solara's starlette application (the pages, their sockets and files)."""
    from solara.server.starlette import app

    return app


def gzip_level(level: int) -> None:
    """Have Solara's GZip middleware compress at `level` (before the first request builds it)."""
    from starlette.middleware.gzip import GZipMiddleware

    for middleware in starlette_app().user_middleware:
        if middleware.cls is GZipMiddleware:
            middleware.kwargs["compresslevel"] = level


def cdn_folder() -> Path:
    """Where Solara's assets proxy keeps the CDN's files (the installed solara-assets)."""
    from solara.server import settings

    return settings.assets.proxy_cache_dir


def page_html(path: str) -> str:
    """Solara's page for `path` ("" if none): made once, its template compiled and files hashed."""
    from solara.server import server

    return server.read_root(path) or ""


def nbextensions() -> list[str]:
    """The nbextensions Solara's page loads (their names, as its template lists them)."""
    from solara.server import server

    return list(server.get_nbextensions()[0])


def current_session() -> Any:
    """This page's Solara session (kernel context), or None outside a server."""
    from solara.server import kernel_context

    return kernel_context.get_current_context() if kernel_context.has_current_context() else None


def session(session_id: str) -> Any:
    """Solara's session `session_id` (kernel context), or None once it is gone."""
    from solara.server import kernel_context

    return kernel_context.contexts.get(session_id)


def connected(context: Any) -> bool:
    """Whether a page of session `context` has its socket open now."""
    from solara.server.kernel_context import PageStatus

    return context is not None and PageStatus.CONNECTED in tuple(context.page_status.values())


def close_session(context: Any) -> None:
    """Close Solara's session `context` now, as its own cull does."""
    context.close(reason="cull")


#: Solara's page forbids zooming in its viewport (a phone's pinch): WCAG 1.4.4 needs a page zoomable to 200 %.
SOLARAS_VIEWPORT = ('content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, '
                    'minimal-ui"')
ZOOMABLE_VIEWPORT = 'content="width=device-width, initial-scale=1"'


def zoomable_pages(language: str = "en") -> None:
    """Have Solara's pages let a person zoom (`ZOOMABLE_VIEWPORT`) and name their language on <html>
    (`language` until the page's own `DocumentLanguage` writes its own). Once: a second call changes
    nothing."""
    from solara.server import server

    solaras = getattr(server, "read_root", None)
    if solaras is None or getattr(solaras, "_muzlab_zoomable", False):
        return

    @functools.wraps(solaras)
    def read_root(*args: Any, **kwargs: Any) -> str | None:
        page = solaras(*args, **kwargs)
        if page is None:
            return None
        page = page.replace(SOLARAS_VIEWPORT, ZOOMABLE_VIEWPORT)
        return page.replace("<html>", f'<html lang="{language}">', 1)

    read_root._muzlab_zoomable = True  # type: ignore[attr-defined]
    server.read_root = read_root
