"""A download button whose file, if making it fails, becomes a sentence beside the button: Solara's
FileDownload raises a failed file's exception into the page, which then shows the traceback instead of
itself (a whole teacher's page lost to one bad export)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import solara

from muzlab.core.errors import MuzlabError
from muzlab.names.error_words import error_words
from muzlab.names.reader import Reader

log = logging.getLogger(__name__)

Made = bytes | tuple[bytes, str]


def guarded(make: Callable[[], Made], say: Callable[[str], None], failed: Callable[[], None],
            filename: str, reader: Callable[[], Reader]) -> Callable[[], bytes | None]:
    """`make` (the file's bytes, or the bytes and a sentence about them) for FileDownload: whatever it
    raises is said through `say` in the language of `reader()` (a refusal, MuzlabError, in its own
    words; anything else logged) and told to `failed`; no file is downloaded then (None)."""
    def data() -> bytes | None:
        try:
            made = make()
        except MuzlabError as error:  # a setting the page asked for is refused: its words, no traceback
            failed()
            say(error_words(error, reader()))
            return None
        except Exception:  # (the page must outlive any failure of one file)
            log.exception("%s could not be made", filename)
            failed()
            say(reader().gettext("{file} could not be made (the server's log says why); the page and "
                                 "the class go on.").format(file=filename))
            return None
        made, sentence = made if isinstance(made, tuple) else (made, "")
        say(sentence)
        return made
    return data


@solara.component
def Download(make: Callable[[], Made], filename: str, mime_type: str, children: list, reader: Reader):
    """solara.FileDownload of what `make` returns, with a sentence under the button when making it
    failed (or `make` had something to say), never an exception into the page."""
    said = solara.use_reactive("")
    failures = solara.use_reactive(0)
    latest = solara.use_ref((make, reader))
    latest.current = (make, reader)
    # one data function for the component's life: a new one each drawing would forget a click (and a
    # sentence said while the file is sent would draw again before the bytes arrive)
    data = solara.use_memo(lambda: guarded(lambda: latest.current[0](), said.set,
                                           lambda: failures.set(failures.value + 1), filename,
                                           lambda: latest.current[1]), [])
    # one container whether a sentence is said or not (another root would make a new button)
    with solara.Column(gap="4px", align="start"):
        # after a failure, a new button (its click forgotten), so that the next click makes the file again
        solara.FileDownload(data, filename=filename, mime_type=mime_type, children=children).key(
            f"download-{failures.value}")
        if said.value:
            solara.Text(said.value, classes=["muz-download-said"])
