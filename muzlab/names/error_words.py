"""An error's sentence as a person reads it: its English template in the reader's language, filled
with its facts, its notes named by the reader's convention, its counts by the language's plural rule and
its numbers with the language's marks (`MuzlabError.template`, `.fields`)."""

from __future__ import annotations

from muzlab.core.errors import Count, NoteFact, Phrase, Worded
from muzlab.names.language import sentence
from muzlab.names.output_words import Figure, number_words
from muzlab.names.reader import Reader
from muzlab.names.spelling import prose_name


def error_words(error: BaseException | Phrase, reader: Reader) -> str:
    """`error` in `reader`'s language: its template translated and filled with its facts, a note fact
    named as the reader's sentences write notes (a capital where one begins the sentence), a worded
    fact made for the reader, a count with its noun in the singular or plural the language's rule
    takes, a number with its marks ("{max_dice:,}": German "1.000"), and an error or phrase fact said
    the same way; the English text for an error raised without a template."""
    template, fields = getattr(error, "template", ""), getattr(error, "fields", {})
    if not template:
        return str(error)
    words = reader.gettext(template) if reader.language != "en" else template
    if not fields:
        return words
    return sentence(words, **{name: _fact(value, reader) for name, value in fields.items()})


def _fact(value: object, reader: Reader) -> object:
    """One fact of an error as the reader reads it."""
    if isinstance(value, NoteFact):
        return prose_name(str(value), reader)
    if isinstance(value, Worded):
        return value.words(reader)
    if isinstance(value, Count):
        return reader.ngettext(value.singular, value.plural, value.count).format(
            count=number_words(value.count, reader))
    if isinstance(value, int | float) and not isinstance(value, bool):
        return Figure(value, reader)
    if isinstance(value, BaseException | Phrase):
        return error_words(value, reader)
    return value
