"""The note decider's rule (muzlab/widgets/note_decider.js) in Python, replayed on what node recorded
of every hop (its level, pitchy's frequency and clarity, the repeats at a third and a fifth of that
period): settings can be tried on a rendered set in seconds, without node. The decider's settings were
chosen with it on the tuning seeds; tests/test_note_input.py checks it decides as the JavaScript does.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from pathlib import Path

DECIDER_JS = Path(__file__).resolve().parent.parent / "muzlab" / "widgets" / "note_decider.js"


def shipped_settings() -> dict[str, float]:
    """DECIDER_SETTINGS as note_decider.js ships them."""
    text = DECIDER_JS.read_text(encoding="utf-8")
    block = text[text.index("DECIDER_SETTINGS = {"):]
    block = block[:block.index("};")]
    return {name: float(value) for name, value in re.findall(r"^\s+(\w+): ([-\d.]+),", block, re.MULTILINE)}


def pitch_class_of(frequency: float) -> int:
    """The pitch class 0-11 nearest `frequency` (Hz)."""
    return round(12 * math.log2(frequency / 440) + 69) % 12


class Replay:
    """The NoteDecider's rule on recorded hops: `push` one hop's (level, frequency, clarity, repeats at
    a third and a fifth of the period, -1 where out of range) and get (time, pitch class, clarity) when
    it decides."""

    def __init__(self, sample_rate: int, settings: dict[str, float] | None = None):
        self.rate = sample_rate
        self.s = {**shipped_settings(), **(settings or {})}
        self.loud = False
        self.looks: list[tuple[int, float] | None] = []
        self.decided: int | None = None
        self.doubt = 0
        self.levels: list[float] = []

    def push(self, db: float, frequency: float, clarity: float, third: float, fifth: float, time: float,
             hop: int) -> tuple[float, int, float] | None:
        s = self.s
        floor = self._floor(db, hop)
        loud = 10 ** (db / 20) >= s["gate"] and db >= floor + (s["keep"] if self.loud else s["margin"])
        self.loud = loud
        look = self._look(frequency, clarity, third, fifth) if loud else None
        if look is False or not loud:
            self.doubt += 1
            if self.doubt >= s["release"]:
                self.decided, self.looks = None, []
        else:
            self.doubt = 0
        self.looks.append(look or None)
        del self.looks[:-int(max(s["of"], s["ofDoubtful"]))]
        if not look or look[0] == self.decided:
            return None
        for agree, of, sure, others in ((s["agree"], s["of"], s["sure"], s["others"]),
                                        (s["agreeDoubtful"], s["ofDoubtful"], 0, s["othersDoubtful"])):
            heard = [other for other in self.looks[-int(of):] if other]
            own = [other[1] for other in heard if other[0] == look[0]]
            mean = sum(own) / len(own)
            if len(own) >= agree and len(heard) - len(own) <= others and mean >= sure:
                self.decided = look[0]
                return (time, look[0], mean)
        return None

    def _look(self, frequency: float, clarity: float, third: float, fifth: float):
        """(pitch class, clarity); None between two semitones; False without a clear pitch in range."""
        s = self.s
        if frequency > 0:
            for times, repeats in ((3, third), (5, fifth)):
                if repeats != -1 and repeats >= s["harmonic"] * clarity:
                    frequency *= times
                    break
        if not (clarity >= s["clarity"] and s["lowest"] <= frequency <= s["highest"]):
            return False
        semitones = 12 * math.log2(frequency / 440)
        if 100 * abs(semitones - round(semitones)) > s["cents"]:
            return None
        return (pitch_class_of(frequency), clarity)

    def _floor(self, db: float, hop: int) -> float:
        levels, s = self.levels, self.s
        levels.append(db)
        del levels[:-max(10, round(s["floorSeconds"] * self.rate / hop))]
        ordered = sorted(levels)
        if len(ordered) < 10:
            return ordered[-1]
        at = (len(ordered) - 1) * s["percentile"] / 100
        below = math.floor(at)
        above = min(below + 1, len(ordered) - 1)
        return ordered[below] + (ordered[above] - ordered[below]) * (at - below)


def replay(hops: Iterable[Iterable[float]], sample_rate: int, hop: int = 512,
           settings: dict[str, float] | None = None) -> list[tuple[float, int, float]]:
    """The decisions (time, pitch class, clarity) on a sound's recorded hops, the n-th ending at
    n * hop samples."""
    decider = Replay(sample_rate, settings)
    made = []
    for index, (db, frequency, clarity, third, fifth) in enumerate(hops):
        decided = decider.push(db, frequency, clarity, third, fifth, (index + 1) * hop / sample_rate, hop)
        if decided:
            made.append(decided)
    return made
