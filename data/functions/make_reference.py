"""Write reference.csv: every triad a board can hold (12 roots × major, minor, diminished) in all 24
major and minor keys, with its Roman numeral and its harmonic function symbols (the usual reading
first), and the source of the rule: `python data/functions/make_reference.py`.

The table is written from the rules as the sources state them, degree by degree, and not from
muzlab's code (muzlab.names.functions derives the same symbols from the functions' thirds and fifths),
so a test comparing the two compares two readings of the sources. The sources are named in README.md
beside this file.
"""

from __future__ import annotations

import csv
from pathlib import Path

HERE = Path(__file__).resolve().parent
LETTERS = "CDEFGAB"
NATURAL = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
#: The tonics of the 24 keys as a key signature writes them.
MAJOR_TONICS = ("C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B")
MINOR_TONICS = ("C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B")

#: (mode, Roman numeral, scale degree of the root (1-7), semitones above the tonic, quality,
#: function symbols with the usual one first, sources).
RULES = [
    ("major", "I", 1, 0, "major", "T", "lehrklaenge-bezeichnungen"),
    ("major", "ii", 2, 2, "minor", "Sp", "lehrklaenge-bezeichnungen"),
    ("major", "iii", 3, 4, "minor", "Dp|Tg", "lehrklaenge-bezeichnungen lehrklaenge-dp-tg"),
    ("major", "IV", 4, 5, "major", "S", "lehrklaenge-bezeichnungen"),
    ("major", "V", 5, 7, "major", "D", "lehrklaenge-bezeichnungen"),
    ("major", "vi", 6, 9, "minor", "Tp|Sg", "lehrklaenge-bezeichnungen"),
    ("major", "vii°", 7, 11, "diminished", "Đ7", "wikipedia-verkuerzt"),
    ("major", "i", 1, 0, "minor", "t", "lehrklaenge-bezeichnungen"),
    ("major", "iv", 4, 5, "minor", "s", "musig-neapolitaner"),
    ("major", "v", 5, 7, "minor", "d", "lehrklaenge-bezeichnungen"),
    ("major", "bII", 2, 1, "major", "sN|sG", "musig-neapolitaner music21"),
    ("major", "V/V", 2, 2, "major", "DD", "lehrklaenge-doppeldominante"),
    ("major", "V/vi", 3, 4, "major", "(D) Tp", "lehrklaenge-zwischendominante"),
    ("major", "V/ii", 6, 9, "major", "(D) Sp", "lehrklaenge-zwischendominante"),
    ("major", "V/iii", 7, 11, "major", "(D) Dp", "lehrklaenge-zwischendominante"),
    ("major", "bIII", 3, 3, "major", "tP|dG", "lehrklaenge-bezeichnungen music21"),
    ("major", "bVI", 6, 8, "major", "tG|sP", "lehrklaenge-bezeichnungen music21"),
    ("major", "bVII", 7, 10, "major", "dP", "lehrklaenge-bezeichnungen music21"),
    ("major", "vii°/ii", 1, 1, "diminished", "(Đ7) Sp", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("major", "vii°/iii", 2, 3, "diminished", "(Đ7) Dp", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("major", "vii°/IV", 3, 4, "diminished", "(Đ7) S", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("major", "vii°/V", 4, 6, "diminished", "(Đ7) D", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("major", "vii°/vi", 5, 8, "diminished", "(Đ7) Tp", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("minor", "i", 1, 0, "minor", "t", "lehrklaenge-bezeichnungen"),
    ("minor", "ii°", 2, 2, "diminished", "s6|(Đ7) tP", "eartraining-halbvermindert wikipedia-verkuerzt"),
    ("minor", "III", 3, 3, "major", "tP|dG", "lehrklaenge-bezeichnungen"),
    ("minor", "iv", 4, 5, "minor", "s", "lehrklaenge-bezeichnungen"),
    ("minor", "v", 5, 7, "minor", "d", "lehrklaenge-bezeichnungen"),
    ("minor", "V", 5, 7, "major", "D", "lehrklaenge-bezeichnungen"),
    ("minor", "VI", 6, 8, "major", "tG|sP", "lehrklaenge-bezeichnungen"),
    ("minor", "VII", 7, 10, "major", "dP", "lehrklaenge-bezeichnungen"),
    ("minor", "vii°", 7, 11, "diminished", "Đ7", "wikipedia-verkuerzt"),
    ("minor", "I", 1, 0, "major", "T", "lehrklaenge-bezeichnungen"),
    ("minor", "IV", 4, 5, "major", "S", "musig-neapolitaner"),
    ("minor", "bII", 2, 1, "major", "sN|sG", "musig-neapolitaner music21"),
    ("minor", "V/V", 2, 2, "major", "DD", "lehrklaenge-doppeldominante"),
    ("minor", "vii°/iv", 3, 4, "diminished", "(Đ7) s", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("minor", "vii°/V", 4, 6, "diminished", "(Đ7) D", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("minor", "vii°/VI", 5, 7, "diminished", "(Đ7) tG", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
    ("minor", "vii°/VII", 6, 9, "diminished", "(Đ7) dP", "wikipedia-verkuerzt lehrklaenge-zwischendominante"),
]
COLUMNS = ("key", "mode", "root", "quality", "roman", "functions", "sources")


def pitch(name: str) -> int:
    return (NATURAL[name[0]] + name.count("#") - name.count("b")) % 12


def spelled(tonic: str, degree: int, semitones: int) -> str:
    """The note `degree` letters above the tonic that sounds `semitones` above it."""
    letter = LETTERS[(LETTERS.index(tonic[0]) + degree - 1) % 7]
    offset = (pitch(tonic) + semitones - NATURAL[letter]) % 12
    offset = offset - 12 if offset > 6 else offset
    return letter + ("#" * offset if offset > 0 else "b" * -offset)


def plain(tonic: str, semitones: int, flats: bool) -> str:
    """A root no rule names, spelled as the key's signature leans (sharps or flats)."""
    names = ("C Db D Eb E F Gb G Ab A Bb B" if flats else "C C# D D# E F F# G G# A A# B").split()
    return names[(pitch(tonic) + semitones) % 12]


def rows() -> list[dict[str, str]]:
    found = []
    for mode, tonics in (("major", MAJOR_TONICS), ("minor", MINOR_TONICS)):
        for tonic in tonics:
            flats = "b" in tonic or tonic in (("F",) if mode == "major" else ("C", "D", "F", "G"))
            named = {(semitones, quality): (roman, degree, symbols, sources)
                     for rule_mode, roman, degree, semitones, quality, symbols, sources in RULES
                     if rule_mode == mode}
            for semitones in range(12):
                for quality in ("major", "minor", "diminished"):
                    rule = named.get((semitones, quality))
                    root = spelled(tonic, rule[1], semitones) if rule else plain(tonic, semitones, flats)
                    found.append({"key": tonic, "mode": mode, "root": root, "quality": quality,
                                  "roman": rule[0] if rule else "", "functions": rule[2] if rule else "",
                                  "sources": rule[3] if rule else ""})
    return found


def main() -> None:
    with (HERE / "reference.csv").open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows())


if __name__ == "__main__":
    main()
