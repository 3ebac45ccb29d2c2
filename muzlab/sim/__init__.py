"""Many games: simulate, run in chunks on processes or Dask, and the statistics of the frames."""

from muzlab.core.moved import forward as _forward

#: The names of the flat module muzlab.sim of before the folders, deprecated (muzlab.sim.simulation).
__getattr__ = _forward(__name__)
