"""The lines the `muzlab` command prints (perft's counts and speed, the class server's addresses, a
simulation's opening line), in the reader's language, its numbers written as that language writes
them (681,457 and 4.40 in English, 681.457 and 4,40 in German)."""

from __future__ import annotations

from muzlab.names.reader import Reader


def number_words(value: float, reader: Reader, places: int = 0) -> str:
    """A number with `places` decimals, its thousands and decimal marks as `reader`'s language
    writes them."""
    # TRANSLATORS: the mark between a number's groups of thousands, as the last character (English
    # 681,457; German 681.457; French a narrow no-break space, 681 457).
    group = reader.pgettext("number", "thousands mark ,")
    # TRANSLATORS: the mark before a number's decimals, as the last character (English 4.40; German,
    # French, Spanish 4,40).
    mark = reader.pgettext("number", "decimal mark .")
    return f"{value:,.{places}f}".translate({ord(","): group[-1], ord("."): mark[-1]})


def percent_words(value: float, reader: Reader, places: int = 0) -> str:
    """A percentage as `reader`'s language writes it: "5.0%", German "5,0 %"."""
    # TRANSLATORS: a percentage ("5.0%"); German, French and Spanish put a (non-breaking) space before %.
    return reader.pgettext("number", "{number}%").format(number=number_words(value, reader, places))


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


def listening_lines(students: str, teacher: str, reader: Reader) -> str:
    """The class server's two lines once it listens: the students' address, then the teacher's."""
    return reader.gettext("students: {students}\nteacher: {teacher}").format(students=students,
                                                                             teacher=teacher)
