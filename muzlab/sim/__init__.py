"""Many games: simulate, run in chunks on processes or Dask, and the statistics of the frames."""
