"""The classroom app's server, as a school runs it: how many kernels at once, when idle ones go, and
how much a page may send.

Every page load of the app starts a kernel of its own (about 80 MB, 160 MB after a game). Voilà is
started (`muzlab.app.lessons.app_command`) with `CappedKernelManager`, which refuses a kernel past
`max_kernels` with a page that says so, and with Jupyter's culling, which shuts down kernels idle for
`cull_idle_timeout` seconds. The websocket refuses a message over `MAX_MESSAGE_BYTES` (an upload of a
game record is at most 1 MB).
"""

from __future__ import annotations

import threading
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer, Unicode

from muzlab.app.app_limits import CULL_IDLE_SECONDS, MAX_KERNELS
from muzlab.names.output_words import number_words
from muzlab.names.reader import Reader

#: How often (seconds) idle kernels are looked for.
CULL_INTERVAL_SECONDS = 60
#: The largest message a page may send the server (a 1 MB record upload, with room for its wrapping).
MAX_MESSAGE_BYTES = 2 * 1024 * 1024


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap: past `max_kernels` a new page gets HTTP 503 and a sentence.

    A kernel counts from the moment its page asks for it: kernels still starting are counted with the
    running ones, and the check and the count are taken together under a lock, so a class opening the
    app at the same moment meets the cap (counting only running kernels let every page through)."""

    max_kernels = Integer(MAX_KERNELS, config=True, help="The most kernels (open app pages) at once.")
    language = Unicode("en", config=True, help="The language of the page that gets no kernel (`muzlab "
                                               "--language`).")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._starting = 0
        self._places = threading.Lock()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel for a new page, unless `max_kernels` are running or starting already."""
        if kwargs.get("kernel_id") is not None:  # (a page reconnecting to its kernel)
            return await super().start_kernel(*args, **kwargs)
        with self._places:
            full = len(self.list_kernel_ids()) + self._starting >= self.max_kernels
            if not full:
                self._starting += 1
        if full:
            count, reader = self.max_kernels, Reader(language=self.language)
            # TRANSLATORS: the page a student gets when the classroom app has no room for one more page.
            message = reader.ngettext(
                "The classroom app is full: this server runs at most {count} page at once, and all are open. "
                "Close a Muzundrum tab you no longer use, or ask your teacher, then reload this page.",
                "The classroom app is full: this server runs at most {count} pages at once, and all are "
                "open. Close a Muzundrum tab you no longer use, or ask your teacher, then reload this page.",
                count).format(count=number_words(count, reader))
            self.log.warning("Refused a kernel: %s are running or starting (max_kernels)", count)
            raise web.HTTPError(503, message, reason="The classroom app is full")
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:  # (started, it is among the running kernels now; failed, its place is free again)
            with self._places:
                self._starting -= 1


def server_arguments(max_kernels: int = MAX_KERNELS, cull_idle_seconds: int = CULL_IDLE_SECONDS,
                     language: str = "en") -> list[str]:
    """Voilà's command-line settings for the cap (its page in `language`), the culling and the message
    size limit."""
    return [
        f"--VoilaConfiguration.multi_kernel_manager_class={__name__}.CappedKernelManager",
        f"--CappedKernelManager.max_kernels={max_kernels}",
        f"--CappedKernelManager.language={language}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        "--MappingKernelManager.cull_connected=True",
        f"--Voila.tornado_settings={{'websocket_max_message_size': {MAX_MESSAGE_BYTES}}}",
    ]
