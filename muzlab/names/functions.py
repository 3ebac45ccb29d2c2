"""Harmonic functions (Funktionstheorie) as values: what a triad does in a key, in the symbols German
and Austrian schools write (T, S, D and their Parallelen and Gegenklänge, DD, (D), Đ⁷, sN, s⁶).

Pure theory on pitch classes: no reader and no sentences (the words are made where a function is
shown). A triad may have two readings in a key (iii in major is Dp or Tg): `readings` gives the usual
one first. How each symbol is built:

- The main functions stand a fifth apart: T on the tonic, S a fifth below, D a fifth above. A letter's
  case is its chord's mode: T major, t minor. A main chord in the other mode than the key's is its
  Variante (s, the minor subdominant, in a major key; S in a minor key); D in a minor key has the
  raised leading tone, d the natural one.
- A Parallele is a third away in the other mode, a minor third below a major chord and a minor third
  above a minor one (C: Tp is A minor; a: tP is C major); a Gegenklang is the other third, a major
  third above a major chord and below a minor one (C: Tg is E minor; a: tG is F major). The relation's
  letter takes its own chord's case. Only a chord of the key's own notes is read so.
- DD, the Doppeldominante, is the dominant's dominant (D major in C); (D) before a function is the
  dominant of the chord that function names, a Zwischendominante ((D) Tp: E major in C, leading to A
  minor); Đ⁷, the verkürzter Dominantseptakkord, is the diminished triad on the leading tone, a
  dominant seventh chord without its root, and (Đ⁷) the same before another function.
- A major key borrows the minor key's Parallelen and Gegenklänge on the same tonic (Moll-Dur): A♭
  major in C is tG or sP, E♭ major tP, B♭ major dP.
- sN, the Neapolitan, is the major triad on the lowered second degree (D♭ major in C and in c), also
  read as sG, the minor subdominant's Gegenklang.
- ii° in a minor key has two readings: s⁶, the minor subdominant with its added sixth and without its
  fifth, or (Đ⁷) tP, the verkürzter dominant seventh of the relative major (`minor_supertonic`).

Where the symbols come from (German school references, named in data/functions/README.md): the main
functions, Parallelen and Gegenklänge and their letter case as lehrklaenge.de's "Die
Funktionsbezeichnungen" sets them out; Đ⁷ as German Wikipedia's "Verkürzter Dominantseptakkord"
writes it; (D) as lehrklaenge.de's "Die Zwischendominante zur Subdominante"; sN as mu-sig.de's
Tonsatz 8.3.1.1 ("Neapolitaner").
"""

from __future__ import annotations

from dataclasses import dataclass

from muzlab.core.errors import MuzlabError

#: The three main functions and where each stands above the tonic, in semitones.
MAIN = {"T": 0, "S": 5, "D": 7}
#: The forms a function takes besides a main chord; the symbol each adds to its base letter.
FORMS = ("main", "parallel", "gegenklang", "double dominant", "shortened dominant", "neapolitan",
         "added sixth")
#: Readings of ii° in a minor key (`minor_supertonic`): the teacher's textbook chooses.
MINOR_SUPERTONIC = ("added sixth", "dominant")
#: Semitones above the tonic of the notes of each mode (minor: natural, and the raised leading tone
#: for D and Đ⁷, as harmonic minor has it).
_MODE_STEPS = {"major": (0, 2, 4, 5, 7, 9, 11), "minor": (0, 2, 3, 5, 7, 8, 10)}
_QUALITY_STEPS = {"major": (4, 7), "minor": (3, 7), "diminished": (3, 6)}
_SUPERSCRIPTS = str.maketrans("67", "⁶⁷")


class NotAFunction(MuzlabError, ValueError):
    """A function symbol that cannot be read (`HarmonicFunction.parse`)."""


@dataclass(frozen=True)
class HarmonicFunction:
    """One reading of a triad: its base function (T, S or D) in its mode, the form it takes, and for
    a Zwischendominante the function it leads to (`target`)."""

    base: str
    base_major: bool
    form: str = "main"
    target: HarmonicFunction | None = None

    def __post_init__(self) -> None:
        if self.base not in MAIN or self.form not in FORMS:
            raise NotAFunction("no harmonic function {base} in the form {form}",
                               base=repr(self.base), form=repr(self.form))

    @property
    def chord_major(self) -> bool | None:
        """Whether the chord itself is major (None: diminished)."""
        if self.form in ("shortened dominant", "added sixth"):
            return None
        if self.form in ("parallel", "gegenklang"):
            return not self.base_major
        return True if self.form in ("double dominant", "neapolitan") else self.base_major

    @property
    def secondary(self) -> bool:
        """A Zwischendominante: a dominant of another function than the tonic."""
        return self.target is not None

    def symbol(self, typeset: bool = False) -> str:
        """The symbol as a school writes it: "Tp", "tG", "DD", "Đ7", "(D) Tp"; `typeset` raises the
        figures ("Đ⁷", "s⁶")."""
        letter = self.base if self.base_major else self.base.lower()
        own = {"main": letter, "parallel": letter + ("p" if self.base_major else "P"),
               "gegenklang": letter + ("g" if self.base_major else "G"), "double dominant": "DD",
               "shortened dominant": "Đ7", "neapolitan": "sN", "added sixth": "s6"}[self.form]
        if self.target is not None:
            own = f"({own}) {self.target.symbol()}"
        return own.translate(_SUPERSCRIPTS) if typeset else own

    @classmethod
    def parse(cls, symbol: str) -> HarmonicFunction:
        """The function a symbol writes ("Sp", "(D) Tp", "Đ⁷"); NotAFunction when it writes none."""
        text = " ".join(symbol.replace("⁶", "6").replace("⁷", "7").split())
        if text.startswith("("):
            inner, closed, rest = text[1:].partition(")")
            if not closed or not rest.strip():
                raise NotAFunction("{symbol} is not a harmonic function symbol", symbol=repr(symbol))
            dominant = cls.parse(inner)
            if dominant.form not in ("main", "shortened dominant") or dominant.base != "D" \
                    or not dominant.base_major or dominant.target is not None:
                raise NotAFunction("{symbol} is not a harmonic function symbol", symbol=repr(symbol))
            target = cls.parse(rest)
            if target.secondary:  # a dominant of a dominant of ...: DD, or no school's symbol
                raise NotAFunction("{symbol} is not a harmonic function symbol", symbol=repr(symbol))
            return cls("D", True, dominant.form, target)
        found = _SYMBOLS.get(text)
        if found is None:
            raise NotAFunction("{symbol} is not a harmonic function symbol", symbol=repr(symbol))
        return found


def _symbols() -> dict[str, HarmonicFunction]:
    every = [HarmonicFunction(base, major, form) for base in MAIN for major in (True, False)
             for form in ("main", "parallel", "gegenklang")]
    every += [HarmonicFunction("D", True, "double dominant"),
              HarmonicFunction("D", True, "shortened dominant"),
              HarmonicFunction("S", False, "neapolitan"), HarmonicFunction("S", False, "added sixth")]
    return {function.symbol(): function for function in every}


_SYMBOLS = _symbols()


def triad_steps(quality: str) -> tuple[int, int]:
    """Semitones from a triad's root to its third and fifth."""
    return _QUALITY_STEPS[quality]


def _chord(root: int, quality: str, tonic: int) -> tuple[int, str]:
    return (root - tonic) % 12, quality


def _diatonic(mode: str) -> dict[tuple[int, str], None]:
    """The triads built on the key's own notes (minor: natural minor, and V and vii° with the raised
    leading tone), as (semitones above the tonic, quality)."""
    steps = _MODE_STEPS[mode]
    found = {}
    for degree, root in enumerate(steps):
        third, fifth = (steps[(degree + 2) % 7] - root) % 12, (steps[(degree + 4) % 7] - root) % 12
        quality = {(4, 7): "major", (3, 7): "minor", (3, 6): "diminished"}.get((third, fifth))
        if quality:
            found[(root, quality)] = None
    if mode == "minor":
        found[(7, "major")] = found[(11, "diminished")] = None
    return found


def _own_readings(interval: int, quality: str, mode: str) -> list[HarmonicFunction]:
    """The readings of a chord that are not a Zwischendominante: main chords, their Variante,
    Parallelen and Gegenklänge of the key's own chords, DD, Đ⁷, sN."""
    found = []
    key_major = mode == "major"
    for base, place in MAIN.items():
        if interval == place and quality in ("major", "minor"):
            found.append(HarmonicFunction(base, quality == "major"))
    diatonic = (interval, quality) in _diatonic(mode)
    for base, place in MAIN.items():
        if not diatonic or quality not in ("major", "minor") or (quality == "major") == key_major:
            continue
        if key_major:
            parallel, gegenklang = (place - 3) % 12, (place + 4) % 12
        else:
            parallel, gegenklang = (place + 3) % 12, (place - 4) % 12
        if interval == parallel:
            found.append(HarmonicFunction(base, key_major, "parallel"))
        if interval == gegenklang:
            found.append(HarmonicFunction(base, key_major, "gegenklang"))
    if (interval, quality) == (2, "major"):
        found.append(HarmonicFunction("D", True, "double dominant"))
    if (interval, quality) == (11, "diminished"):
        found.append(HarmonicFunction("D", True, "shortened dominant"))
    if (interval, quality) == (1, "major"):
        found += [HarmonicFunction("S", False, "neapolitan"), HarmonicFunction("S", False, "gegenklang")]
    return sorted(found, key=lambda function: _usual(function, mode))


def _usual(function: HarmonicFunction, mode: str) -> int:
    """Which reading a school gives first: a main chord, then (in a major key) the Parallele before the
    Gegenklang, and in a minor key the tonic's Gegenklang (VI, where the deceptive cadence goes) and
    the Parallelen before the others' Gegenklänge."""
    if function.form == "main":
        return 0
    if function.form == "gegenklang" and mode == "minor" and function.base == "T":
        return 1
    return {"parallel": 2, "gegenklang": 3}.get(function.form, 1)


def _targets(mode: str) -> dict[int, HarmonicFunction]:
    """The key's own major and minor triads a Zwischendominante may lead to, by their root, with the
    reading a (D) names: every one but the tonic (whose dominant is D itself), the dominant being D
    with its leading tone in minor too."""
    found = {7: HarmonicFunction("D", True)}
    for (root, quality) in _diatonic(mode):
        if quality != "diminished" and root not in (0, 7) and root not in found:
            found[root] = _own_readings(root, quality, mode)[0]
    return found


def readings(root: int, quality: str, tonic: int, mode: str = "major", *,
             minor_supertonic: str = "added sixth") -> tuple[HarmonicFunction, ...]:
    """Every reading of the triad on pitch class `root` (0-11) of `quality` in the key on `tonic` in
    `mode`, the usual first; () when it has no function there. `minor_supertonic` chooses which
    reading of ii° in a minor key comes first ("added sixth": s⁶; "dominant": (Đ⁷) tP)."""
    if mode not in _MODE_STEPS:
        raise NotAFunction("a key's mode is major or minor, not {mode}", mode=repr(mode))
    if quality not in _QUALITY_STEPS:
        raise NotAFunction("a triad is major, minor or diminished, not {quality}", quality=repr(quality))
    if minor_supertonic not in MINOR_SUPERTONIC:
        raise NotAFunction("ii° in minor is read as {choices}, not {choice}",
                           choices=" or ".join(MINOR_SUPERTONIC), choice=repr(minor_supertonic))
    interval, quality = _chord(root, quality, tonic)
    if mode == "minor" and (interval, quality) == (2, "diminished"):
        sixth = HarmonicFunction("S", False, "added sixth")
        dominant = HarmonicFunction("D", True, "shortened dominant", HarmonicFunction("T", False, "parallel"))
        return (sixth, dominant) if minor_supertonic == "added sixth" else (dominant, sixth)
    own = _own_readings(interval, quality, mode)
    if not own and mode == "major":  # borrowed from the minor key on the same tonic (Moll-Dur)
        own = [function for function in _own_readings(interval, quality, "minor")
               if function.form in ("parallel", "gegenklang")]
    if own:
        return tuple(own)
    targets = _targets(mode)
    if quality == "major" and (interval - 7) % 12 in targets:
        return (HarmonicFunction("D", True, "main", targets[(interval - 7) % 12]),)
    if quality == "diminished" and (interval + 1) % 12 in targets:
        return (HarmonicFunction("D", True, "shortened dominant", targets[(interval + 1) % 12]),)
    return ()


def function_of(root: int, quality: str, tonic: int, mode: str = "major", *,
                minor_supertonic: str = "added sixth") -> HarmonicFunction | None:
    """The usual reading of a triad in a key (`readings`' first), or None when it has none."""
    found = readings(root, quality, tonic, mode, minor_supertonic=minor_supertonic)
    return found[0] if found else None
