"""numba's on-disk cache of the compiled engine, when a file of it is damaged (cut short by a full disk,
overwritten): numba raises whatever unpickling it met, a long traceback for a file nobody wrote by
hand. `forget` empties the cache's index of every compiled function of some modules, so each is
compiled anew (and its file written again), and `CacheRepaired` says so in one line."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from muzlab.core.errors import MuzlabError


class CacheRepaired(MuzlabError, RuntimeWarning):
    """numba's cache of the fast engine was damaged, and the engine compiled again (a warning)."""


def forget(modules: Iterable[ModuleType]) -> int:
    """Empty numba's cache index of each function of `modules` compiled with `cache=True`; returns
    how many (0: nothing was cached, so a failure was not the cache's)."""
    count = 0
    for module in modules:
        for value in vars(module).values():
            cache = getattr(value, "_cache", None)
            if cache is not None and type(cache).__name__ != "NullCache" and hasattr(cache, "flush"):
                cache.flush()
                count += 1
    return count
