"""The teacher page's "Lesson for the LMS": a lesson of the built homework edition the class server was
started with (`muzlab class --site`) as a SCORM 1.2 package (muzlab.app.lite.scorm), chosen from a menu
of the lessons there are in the page's language. The page names only a lesson number and its language,
both checked against the edition; the package is made on Solara's download thread, not the page's, once
per lesson, language and build of the edition for all pages (muzlab.app.lite.package_cache). The section
looks at the edition every WATCH_SECONDS: rebuilt, its menu lists the new build's lessons.

Hooks for tests: `muz-lesson-pick` (the menu), `muz-lesson-scorm` (the button), `muz-lesson-making`,
`muz-lesson-no-site`.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import solara

from muzlab.app.downloads import Download
from muzlab.app.lessons import LessonsError
from muzlab.app.lite.package_cache import LessonPackages, edition_build
from muzlab.app.lite.scorm import lesson_titles
from muzlab.names.output_words import size_words
from muzlab.names.reader import Reader
from muzlab.views.scorm import LMS_UPLOAD_LIMIT

#: The package's name as the browser saves it (the lesson's number and language filled in).
FILENAME = "muzlab-lesson-{number}-{language}-scorm.zip"
#: The packages the server's pages share (each made once, a few held).
PACKAGES = LessonPackages()
#: How often a section looks whether the edition was built again.
WATCH_SECONDS = 5.0


def lesson_download(site: Path, number: int, reader: Reader) -> tuple[bytes, str]:
    """Lesson `number` of `site` in `reader`'s language as a SCORM 1.2 package, and a sentence saying
    its size (and Moodle's usual limit when it is above); LessonsError for a lesson not there."""
    titles = lesson_titles(site, reader.language)
    if number not in titles:
        raise LessonsError("lesson {number} is not in the homework edition in this language; these are: "
                           "{numbers}", number=number, numbers=", ".join(str(n) for n in titles))
    data = PACKAGES.package(site, number, reader)
    said = reader.gettext("Lesson {number}, {size}.").format(number=number,
                                                              size=size_words(len(data), reader))
    if len(data) > LMS_UPLOAD_LIMIT:
        said += " " + reader.gettext("Moodle often takes packages of at most {size}: if it refuses this one, "
                                     "see the guide's page on Moodle and Canvas.").format(
            size=size_words(LMS_UPLOAD_LIMIT, reader))
    return data, said


def menu_words(number: int, title: str, reader: Reader) -> str:
    """A lesson as the menu names it: its title when the title starts with its number (the edition's
    "3 · Play a game"), else "Lesson 3: title"."""
    if re.match(rf"{number}\b", title):
        return title
    return reader.gettext("Lesson {number}: {title}").format(number=number, title=title)


def watch(site: Path | None, cancel: threading.Event) -> Iterator[str]:
    """The edition's build (edition_build), again each time it changes, until `cancel` is set."""
    seen = None
    while site is not None:
        build = edition_build(site)
        if build != seen:
            seen = build
            yield build
        if cancel.wait(WATCH_SECONDS):
            return


def readable_titles(site: Path | None, language: str) -> dict[int, str]:
    """The lessons' titles (lesson_titles), none without a site or while its files are being written
    (the edition being built again: the watch reads them once it is built)."""
    if site is None:
        return {}
    try:
        return lesson_titles(site, language)
    except (OSError, ValueError):
        return {}


@solara.component
def LessonForLms(site: Path | None, reader: Reader):
    """The section: its heading, and the menu of `site`'s lessons in `reader`'s language with the
    button that makes the chosen one's package; without a site, one line saying how to get one."""
    gettext = reader.gettext
    build = solara.use_thread(lambda cancel: watch(site, cancel), [site], intrusive_cancel=False).value
    titles = solara.use_memo(lambda: readable_titles(site, reader.language), [site, reader.language, build])
    chosen = solara.use_reactive(None)
    making = solara.use_reactive(None)  # the lesson whose package is being made (on the download thread)
    solara.HTML(tag="h3", unsafe_innerHTML=html.escape(gettext("Lesson for the LMS")))
    if site is None:
        solara.Text(gettext("To offer a lesson here, build the homework edition with `muzlab lite "
                            "FOLDER` and start the class with `muzlab class --site FOLDER`."),
                    classes=["muz-lesson-no-site"])
        return
    number = chosen.value if chosen.value in titles else next(iter(titles), None)
    if number is None:
        solara.Text(gettext("The homework edition has no lesson in this language."),
                    classes=["muz-lesson-no-site"])
        return
    labels = {menu_words(n, words, reader): n for n, words in titles.items()}
    solara.Text(gettext("A whole lesson of the homework edition as a SCORM 1.2 package for Moodle or Canvas: "
                        "it reports when the student has read it to its end. Making it takes a few seconds; "
                        "it is about 20 MB."))
    # (a native menu, as the page's others: Vuetify's puts its input inside a button, which axe-core
    # refuses as nested controls)
    widgets.Dropdown.element(description=gettext("Lesson"), options=list(labels),
                             _dom_classes=["muz-lesson-pick"],
                             value=next(label for label, n in labels.items() if n == number),
                             style={"description_width": "initial"},
                             on_value=lambda label: chosen.set(labels.get(label)))

    def make() -> tuple[bytes, str]:
        making.set(number)
        try:
            return lesson_download(site, number, reader)
        finally:
            making.set(None)

    Download(make, filename=FILENAME.format(number=number, language=reader.language),
             mime_type="application/zip",
             children=[solara.Button(gettext("Lesson for the LMS (SCORM 1.2)"),
                                     classes=["muz-lesson-scorm"])],
             reader=reader)
    if making.value is not None:
        solara.Text(gettext("Making the package of lesson {number}…").format(number=making.value),
                    classes=["muz-lesson-making"])
