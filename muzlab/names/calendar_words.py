"""Dates and calendar weeks as the reader's language writes them, from Babel's CLDR data: a closing
date "December 14, 2026", German "14. Dezember 2026", French "14 décembre 2026", Spanish "14 de
diciembre de 2026" (medium: "14.12.2026"), and an ISO week "week 50", German "KW 50".

Numbers and percentages have their one path in `muzlab.names.output_words` (`number_words`,
`percent_words`, `Figure`: CLDR's marks, checked against Babel in tests/test_languages_numbers.py),
which the homework edition uses too; dates are said only by the class server and the term, which run
where Babel is installed (the edition carries no Babel and never imports this module).
"""

from __future__ import annotations

from datetime import date

from babel.dates import format_date

from muzlab.names.output_words import number_words
from muzlab.names.reader import Reader

#: The CLDR forms of a date muzlab writes: "long" inside a sentence ("closes December 14, 2026"),
#: "medium" in a table or a list ("Dec 14, 2026", German "14.12.2026").
FORMS = ("long", "medium")


def date_words(day: date, reader: Reader, form: str = "long") -> str:
    """`day` as `reader`'s language writes it in `form` ("long" or "medium")."""
    if form not in FORMS:
        raise ValueError(f"a date is written in one of the forms {', '.join(FORMS)}, not {form!r:.20}")
    return format_date(day, format=form, locale=reader.language)


def week_words(week: str, reader: Reader) -> str:
    """An ISO week ("2026-W50", as the term counts weeks) as `reader`'s language names it: "week 50",
    German "KW 50", French "sem. 50", Spanish "sem. 50"."""
    year, _, number = week.partition("-W")
    if not (year.isdigit() and number.isdigit()):
        raise ValueError(f"an ISO week is written 2026-W50, not {week!r:.20}")
    # TRANSLATORS: an ISO calendar week by its number, short, under a picture of the weeks (German
    # "KW {number}", French and Spanish "sem. {number}").
    return reader.pgettext("calendar week", "week {number}").format(number=number_words(int(number), reader))
