"""Run the lessons on a fresh kernel and keep only the outputs the tests compare.

Usage: .venv/bin/python notebooks/refresh_outputs.py [NOTEBOOK ...]   (default: every lesson)

Cells tagged `nbval-check-output` (cell metadata, so a class never sees the marker) keep their text
outputs, which nbval compares on every test run; every other output (pictures, sound, widgets, the
answers of activities) is cleared so the notebooks stay small and give nothing away. The kernel runs
with MUZLAB_TEST=1, as under the test command, so activities that draw fresh items for a class are
seeded here.
"""

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
CHECK_TAG = "nbval-check-output"


def refresh(path: Path) -> None:
    """Execute one notebook in place and keep only the outputs of tagged cells."""
    notebook = nbformat.read(path, as_version=4)
    os.environ["MUZLAB_TEST"] = "1"
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if CHECK_TAG not in cell.metadata.get("tags", []):
            cell.outputs = []
            cell.execution_count = None
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    print(f"refreshed {path.name}")


if __name__ == "__main__":
    targets = [Path(p) for p in sys.argv[1:]] or sorted(HERE.glob("[0-9]*.ipynb"))
    for target in targets:
        refresh(target)
