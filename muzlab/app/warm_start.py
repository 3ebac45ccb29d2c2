"""What the class server does before it listens, so that the first page after a start is not slower
than the next (issue 32: the teacher's first load of the day took 1.85 s, a reload 0.5 s).

Solara does some work only when the first page asks for it: it hashes every nbextension file and
compiles the page's template (`read_root`, 0.3-1 s on the first request, 1 ms after), and the first
teacher's page pays for the first drawing of its widgets (their modules, the catalogues, the term's
counts: 0.1-0.6 s, against 0.05-0.1 s for the next). `warm_up` does both before the server takes a
connection, as a server that is started once a day and serves for hours should.

Solara's GZip middleware compresses every file at level 9, on every request: its 2.2 MB script bundle
alone costs 0.3-0.5 s of CPU per device with an empty cache; level 1 takes a sixth of that for 20 %
more bytes (697 kB instead of 573 kB). On a school network the CPU is what is short (one laptop serves
the class and its server), so `light_gzip` has it compress at level 1. The page's own files do not
go through it at all: they are compressed once, here, and sent from memory (`muzlab.app.packed_files`);
level 1 is left for the pages' HTML and Solara's other answers.
"""

from __future__ import annotations

import logging

from muzlab.app.packed_files import PREFIXES, PackedFiles, page_files
from muzlab.app.solara_door import gzip_level, nbextensions, page_html

log = logging.getLogger(__name__)

#: The compression level of Solara's responses (zlib: 1 fastest, 9 smallest).
GZIP_LEVEL = 1


def light_gzip(level: int = GZIP_LEVEL) -> None:
    """Have Solara's GZip middleware compress at `level`; call before the server's first request (the
    middleware is built then)."""
    gzip_level(level)


def warm_up(files: PackedFiles | None = None) -> None:
    """Do the first page's one-time work now: Solara's page for both addresses (its template and the
    nbextensions' hashes), the page's files compressed into `files`, and the teacher's page drawn
    once and closed. A failure is logged and the server starts anyway: the first page then does that
    work itself."""
    pages = []
    try:
        pages = [page_html(path) for path in ("/", "/teacher")]
    except Exception:
        log.exception("Solara's page could not be made before the server listens")
    if files is not None:
        try:
            files.pack(sorted({*(path for page in pages for path in page_files(page)),
                               *loaded_files(nbextensions())}))
        except Exception:
            log.exception("the page's files could not be compressed before the server listens")
    try:
        draw_teacher_page()
    except Exception:
        log.exception("the teacher's page could not be drawn before the server listens")


def loaded_files(nbextensions: list[str]) -> list[str]:
    """The files a page asks for after its HTML, by script: the nbextensions (jupyter-vue's and
    jupyter-vuetify's as their nodeps.js, as Solara's template maps them) and the theme's style sheets."""
    base = PREFIXES[2]
    files = [f"{base}{name.partition('/')[0]}/nodeps.js" if name in ("jupyter-vue/extension",
             "jupyter-vuetify/extension") else f"{base}{name}.js" for name in nbextensions]
    return [*files, "/static/assets/theme-light.css", "/static/assets/theme-dark.css"]


def draw_teacher_page() -> None:
    """Draw the teacher's page (the dashboard and the term) once, with nobody to send it to, and close
    it: its modules, catalogues and the term's counts are then ready for the first teacher."""
    from muzlab.app.class_state import classroom, term
    from muzlab.app.pages import TeacherView
    from muzlab.app.term_pages import TermTeacher

    view = TeacherView(classroom())
    section = TermTeacher(term(), lambda: view.reading.reader, view.looks)
    section.close()
    view.close()
