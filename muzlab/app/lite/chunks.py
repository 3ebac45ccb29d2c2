"""JupyterLab's scripts that only mermaid's diagrams load, left out of the homework edition with mermaid's
plugins, to keep the site within 40 MB on disk (mermaid, its layouts and KaTeX: about 4.5 MB).

JupyterLab's build (build/) is a rspack bundle: each page loads its bundle and JupyterLab's core script,
which load the other chunks (`build/ID.HASH.js`) when asked (`.e(ID)` in their code). A markdown cell's
```` ```mermaid ```` block is drawn by the mermaid plugins (@jupyterlab/mermaid-extension), which load the
mermaid library's chunk, which loads the rest. No lesson has a diagram: the plugins are turned off
(disabledExtensions), so a student's mermaid block shows as the code it is, and every chunk no page can
reach without passing through a mermaid chunk (found by MERMAID_MARKERS) is deleted.
"""

from __future__ import annotations

import re
from pathlib import Path

#: The plugins turned off (all of the package's).
MERMAID_PLUGINS = "@jupyterlab/mermaid-extension"
#: What marks the chunks that hold mermaid itself and its ELK layout (the entries to what is left out).
MERMAID_MARKERS = ("mermaidAPI", 'algorithm:"elk.layered"')
#: A chunk of JupyterLab's build, and a chunk loaded by another file's code.
CHUNK = re.compile(r"(\d+)\.[0-9a-f]+\.js")
LOADS = re.compile(r"\.e\((\d+)\)")


def unreachable_without_mermaid(build: Path) -> list[Path]:
    """The chunks of `build` that no page loads unless a mermaid chunk is loaded first: the chunks
    reachable from the build's other scripts (the pages' bundles, JupyterLab's core script), through
    `.e(ID)`, without entering a chunk that has a MERMAID_MARKER, are kept; the rest are returned. Stops
    when a marker is in no chunk (JupyterLab's build changed: the list would be wrong)."""
    scripts = sorted(build.rglob("*.js"))
    chunks = {match[1]: path for path in scripts
              if path.parent == build and (match := CHUNK.fullmatch(path.name))}
    texts = {path: path.read_text(encoding="utf-8", errors="replace") for path in scripts}
    entries = set()
    for marker in MERMAID_MARKERS:
        marked = {name for name, path in chunks.items() if marker in texts[path]}
        if not marked:
            raise ValueError(f"no chunk of {build} has {marker!r}: "
                             "update muzlab.app.lite.chunks.MERMAID_MARKERS")
        entries |= marked
    reached: set[str] = set()
    waiting = [path for path in scripts if path not in chunks.values()]
    while waiting:
        for name in LOADS.findall(texts[waiting.pop()]):
            if name in chunks and name not in entries and name not in reached:
                reached.add(name)
                waiting.append(chunks[name])
    return sorted(path for name, path in chunks.items() if name not in reached)


def leave_out_mermaid(site: Path, disabled: list[str]) -> list[str]:
    """Delete the site's chunks only mermaid loads (unreachable_without_mermaid); returns `disabled` with
    mermaid's plugins, for jupyter-lite.json."""
    for path in unreachable_without_mermaid(site / "build"):
        path.unlink()
    return sorted({*disabled, MERMAID_PLUGINS})
