"""The lines the `muzlab` command prints (perft's counts and speed, the class server's addresses, a
simulation's opening line) and the computer players' names, in the reader's language, and the one way
muzlab writes a number a person reads: as that language writes it (681,457 and 4.40 in English,
681.457 and 4,40 in German)."""

from __future__ import annotations

from functools import lru_cache

from muzlab.names.language import LANGUAGES, catalogue, marked
from muzlab.names.reader import Reader

#: Each computer player's name as people read it (records keep the English names).
_AGENT_WORDS = {"random": marked("agent", "random"), "greedy": marked("agent", "greedy"),
                "expert": marked("agent", "expert")}


def agent_name(name: str, reader: Reader) -> str:
    """A computer player's name in `reader`'s language: "greedy" is "gierig" in German (another name,
    such as an agent a person wrote, as it is)."""
    return reader.pgettext(*_AGENT_WORDS[name]) if name in _AGENT_WORDS else name


def number_words(value: float, reader: Reader, places: int = 0) -> str:
    """A number with `places` decimals, its thousands and decimal marks as `reader`'s language
    writes them."""
    if places == 0 and type(value) is int and -1000 < value < 1000:  # (no mark: most counts a page shows)
        return str(value)
    return format(Figure(value, reader), f",.{places}f")


def size_words(size: int, reader: Reader) -> str:
    """A file's size as a person reads it: "840 kB", "2.4 MB" (German "2,4 MB"), decimal units."""
    if size < 1_000_000:
        # TRANSLATORS: a file's size in kilobytes (1 kB = 1000 bytes)
        return reader.gettext("{size} kB").format(size=number_words(max(1, round(size / 1000)), reader))
    # TRANSLATORS: a file's size in megabytes (1 MB = 1,000,000 bytes)
    return reader.gettext("{size} MB").format(size=number_words(size / 1_000_000, reader, 1))


def percent_words(value: float, reader: Reader, places: int = 0) -> str:
    """A percentage as `reader`'s language writes it: "5.0%", German "5,0 %"."""
    return percent_template(reader).format(number=number_words(value, reader, places))


def percent_template(reader: Reader) -> str:
    """How `reader`'s language writes a percentage around its number: "{number}%", German "{number} %"."""
    # TRANSLATORS: a percentage ("5.0%"); German, French and Spanish put a (non-breaking) space before %.
    return reader.pgettext("number", "{number}%")


class Figure:
    """A number in a sentence, written as its template's placeholder asks ("{count:,}", "{loss:.1f}",
    "{share:.0%}") with the marks of the reader's language (English 1,234.5; German 1.234,5; French
    1 234,5 with a narrow no-break space), as Babel's CLDR data writes them
    (tests/test_languages_numbers.py checks them against Babel); a value that rounds to zero is
    written without a minus ("-0,0" is no figure a person writes)."""

    def __init__(self, value: float, reader: Reader):
        self.value, self.reader = value, reader

    def __format__(self, spec: str) -> str:
        english, reader = format(self.value, spec), self.reader
        if english.startswith("-") and not any(digit in english for digit in "123456789"):
            english = ("+" if "+" in spec else "") + english[1:]  # -0.04 written "0.0": no minus on a zero
        if english.endswith("%"):
            return percent_template(reader).format(number=number_marks(english[:-1], reader))
        return number_marks(english, reader)

    def __str__(self) -> str:
        return format(self, "")


def number_marks(english: str, reader: Reader) -> str:
    """A number written with English marks ("1,234.5", a plot's tick "−2.5") with `reader`'s thousands
    and decimal marks instead (German "1.234,5")."""
    return english.translate(_marks(reader.language))


@lru_cache(maxsize=len(LANGUAGES))
def _marks(language: str) -> dict[int, str]:
    """`language`'s thousands and decimal marks, as a table for `str.translate` of an English number;
    read from its catalogue once, not for every number written."""
    reader = catalogue(language)
    # TRANSLATORS: the mark between a number's groups of thousands, as the last character (English
    # 681,457; German 681.457; French a narrow no-break space, 681 457).
    group = reader.pgettext("number", "thousands mark ,")
    # TRANSLATORS: the mark before a number's decimals, as the last character (English 4.40; German,
    # French, Spanish 4,40).
    mark = reader.pgettext("number", "decimal mark .")
    return {ord(","): group[-1], ord("."): mark[-1]}


def parts_words(parts: int, reader: Reader) -> str:
    """How many parts a simulation dataset was written in ("1 part", "12 parts"), for `reader`."""
    # TRANSLATORS: the files a simulation dataset is written in, said after "in" ("12 games in 3 parts";
    # German takes the dative, "in 3 Teilen").
    return reader.ngettext("{count} part", "{count} parts", parts).format(count=number_words(parts, reader))


def perft_lines(positions: int, board: str, rules: str, placements: int, calls: float, with_build: float,
                reader: Reader) -> list[str]:
    """perft's summary: how many positions and legal placements, and the speed of `legal_placements`."""
    counted = reader.ngettext(
        "{count} position ({board} board, {rules} rules), {placements} legal (pitch, cell) placements "
        "in all",
        "{count} positions ({board} board, {rules} rules), {placements} legal (pitch, cell) placements "
        "in all",
        positions).format(count=number_words(positions, reader), board=board, rules=rules,
                          placements=number_words(placements, reader))
    speed = reader.gettext("legal_placements: {calls} calls/s on freshly built positions; {with_build} "
                           "calls/s counting the build from dice").format(
        calls=number_words(calls, reader), with_build=number_words(with_build, reader))
    return [counted, speed]


def mismatch_lines(notation: str, golden: tuple[int, ...], now: tuple[int, ...], reader: Reader) -> str:
    """perft --check's lines for a position whose counts differ from the golden file's."""
    return reader.gettext("MISMATCH {notation}\n  golden {golden}\n  now    {now}").format(
        notation=notation, golden=golden, now=now)


def certificate_line(address: str, reader: Reader) -> str:
    """The https class server's third line: where a device gets the class's certificate to trust once."""
    return reader.gettext("devices trust this class once with its certificate: {address} "
                          "(docs/class/https.md)").format(address=address)


def listening_lines(students: str, teacher: str, reader: Reader) -> str:
    """The class server's two lines once it listens: the students' address, then the teacher's."""
    return reader.gettext("students: {students}\nteacher: {teacher}").format(students=students,
                                                                             teacher=teacher)
