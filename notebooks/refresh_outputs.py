"""Run the lessons on a fresh kernel and keep only the outputs the tests compare.

Usage: .venv/bin/python notebooks/refresh_outputs.py [NOTEBOOK ...]   (default: every lesson)

Cells marked `# NBVAL_CHECK_OUTPUT` keep their text outputs, which nbval compares on every test
run; every other output (pictures, sound, widgets) is cleared so the notebooks stay small.
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(HERE)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if "NBVAL_CHECK_OUTPUT" not in cell.source:
            cell.outputs = []
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    print(f"refreshed {path.name}")


if __name__ == "__main__":
    targets = [Path(p) for p in sys.argv[1:]] or sorted(HERE.glob("[0-9]*.ipynb"))
    for target in targets:
        refresh(target)
