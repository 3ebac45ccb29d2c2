"""The ground layer: pitch classes and note names, the theory tables, hexagon geometry, boards,
and reading and writing files safely. Standard library only."""
