"""Extract muzlab's sentences into the template, merge it into each language's catalogue and compile
the catalogues, with Babel: `python3 make.py catalogues` (run it after changing a sentence, then
translate the new entries in muzlab/locale/<language>/LC_MESSAGES/muzlab.po and run it again).

tests/test_languages.py extracts the same way and fails on any message a catalogue lacks, on fuzzy
or stale entries, on placeholders that differ, and on a compiled catalogue older than its `.po`.
"""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "muzlab"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "muzlab.pot"
TRANSLATED = ("de", "fr", "es")
#: The script drawing the figures of the rules and words pages, whose titles are translated too.
FIGURES = ROOT / "docs" / "make_rules_figures.py"
#: The calls that mark a sentence: gettext's own names (as methods of a reader too) and the functions
#: of muzlab.names.language, whose first argument is the language.
#: The date written in every header, so that running the tool again changes only what changed.
STAMP = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
KEYWORDS = {
    "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    "translate": (2,), "translate_plural": (2, 3), "translate_in": ((2, "c"), 3), "marked": ((1, "c"), 2),
    # errors raised with an English template and its facts (MuzlabError; muzlab.names.error_words.error_words)
    "ClassError": (1,), "ClassFolderError": (1,), "NicknameError": (1,), "CommandError": (1,),
    "OutputError": (1,), "OutputExists": (1,), "WorksheetError": (1,), "LessonsError": (1,),
    "BankError": (1,),
    **{name: (1,) for name in (
        "MuzlabError", "UnknownNoteName", "InvalidCell", "CellOffBoard", "IllegalPlacement", "CellOccupied",
        "InvalidPosition", "NotationError", "UnknownSetting",
        "BoardFileError", "GameError", "GameRecordError", "SimulationError", "TermError", "NotAStructure",
        "NotAKey", "NotInKey", "NotAFunction", "EarTrainingError", "SynthesisError", "KeyboardError",
        "RenderError", "RosterFileError", "DaskMissing", "_Refused", "ReplayRefused", "CacheRepaired",
        "MidiError", "TypedMoveError")},
    # the words of an error's fact ("board file {path}"), and safe_json's errors of the caller's class
    "Phrase": (1,), "error": (1,),
    # a count with its noun in an error (muzlab.core.errors.Count: "{count} seat", "{count} seats")
    "Count": (2, 3),
}


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "muzlab.po"


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "muzlab.mo"


def extract() -> Catalog:
    """Every marked sentence of the package's source (and of `FIGURES`), with where it is and its
    translator comment."""
    template = new_catalog(None)
    for filename, line, message, comments, context in extract_from_dir(
            PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        template.add(message, None, [(f"muzlab/{filename}", line)], auto_comments=comments,
                     context=context)
    for line, message, comments, context in extract_from_file(
            "python", FIGURES, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        template.add(message, None, [(FIGURES.relative_to(ROOT).as_posix(), line)], auto_comments=comments,
                     context=context)
    return template


def new_catalog(language: str | None) -> Catalog:
    """An empty catalogue with muzlab's header (no dates that change from run to run)."""
    return Catalog(locale=language, project="muzlab", version="0.1", copyright_holder="the muzlab authors",
                   msgid_bugs_address="", last_translator="the muzlab authors", fuzzy=False,
                   language_team=language or "", creation_date=STAMP, revision_date=STAMP)


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def merged(language: str, template: Catalog) -> Catalog:
    """The language's catalogue brought up to the template: new sentences empty, gone ones dropped."""
    path = po_path(language)
    catalog = read(path, language) if path.exists() else new_catalog(language)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    return catalog


def compiled(catalog: Catalog) -> bytes:
    """The `.mo` bytes of a catalogue."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)


def main() -> int:
    template = extract()
    write(template, TEMPLATE)
    missing = 0
    for language in TRANSLATED:
        catalog = merged(language, template)
        write(catalog, po_path(language))
        mo_path(language).write_bytes(compiled(read(po_path(language), language)))
        messages = [message for message in catalog if message.id]
        untranslated = [message for message in messages if not all(
            message.string if isinstance(message.string, tuple) else (message.string,))]
        missing += len(untranslated)
        print(f"{language}: {len(messages)} messages, {len(untranslated)} to translate")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
