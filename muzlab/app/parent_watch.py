"""A helper process that ends with the server that started it, even one killed with SIGKILL (which
runs no clean-up): the class's reviewer (`muzlab.app.classroom.Reviewer`) would otherwise live on."""

from __future__ import annotations

import os
import threading
import time

#: How often the helper looks whether its parent is still there (seconds).
EVERY = 1.0


def end_with_parent(parent: int, every: float = EVERY) -> None:
    """A process pool's initializer: end this process as soon as `parent` is no longer its parent (it
    died, and the process was given to another). A thread of its own looks every `every` seconds."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="end-with-parent").start()
