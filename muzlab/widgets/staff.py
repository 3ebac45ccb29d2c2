"""The homework edition's staff: verovio, shipped in the site, draws in the page the MEI muzlab writes.

Under Pyodide there is no music21 or verovio for Python, so the ListenPanel and the ear trainer hand a
run's MEI (muzlab.views.mei) to a VerovioStaff, and the page's verovio (staff.js) draws it as SVG.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from muzlab.views.mei import VEROVIO_OPTIONS


class VerovioStaff(anywidget.AnyWidget):
    """A staff the page draws from `mei` (empty: nothing), `width` across (a CSS length)."""

    _esm = (Path(__file__).parent / "staff.js").read_text(encoding="utf-8")
    mei = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Unicode("150px").tag(sync=True)
    options = traitlets.Dict(VEROVIO_OPTIONS).tag(sync=True)
