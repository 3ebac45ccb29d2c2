"""The ideas an item tests, as the term's progress table and the question banks name them.

One list for the whole project: an answer in the term is tagged with `IDEAS_OF[kind]`, and a bank
item exported for Moodle or Canvas carries the same ideas as its category and tags, so a teacher
reads one vocabulary in muzlab's progress table and in the school's question bank. The values stay
English; `IDEA_WORDS` gives each in the teacher's words.
"""

from __future__ import annotations

from muzlab.names.language import marked
from muzlab.names.reader import Reader

#: The ideas each kind of item tests. A game's answers are its decisions ("best cell") and its result
#: ("scoring", "luck-adjusted skill"): see muzlab.app.term_games.
IDEAS_OF = {"triad quality": ("triad quality",), "third": ("third",), "scale degree": ("scale degree",),
            "triad": ("triad quality", "spelling"), "where": ("spelling",), "points": ("scoring",),
            "key signature": ("key signature",), "Roman numeral": ("Roman numeral",),
            "puzzle": ("best cell", "scoring"), "game": ("best cell", "scoring", "luck-adjusted skill"),
            "triad quality by voice": ("triad quality",), "third by voice": ("third",),
            "scale degree by voice": ("scale degree",), "missing note": ("triad quality",)}
#: The ideas of every kind a question bank asks: the term's kinds, and the worksheets' run (which keys
#: does this diagonal run fit?).
BANK_IDEAS_OF = {**IDEAS_OF, "run": ("spelling", "key signature")}
#: Every idea the progress table has a column for, in this order.
IDEAS = ("triad quality", "third", "scale degree", "key signature", "spelling", "Roman numeral", "scoring",
         "best cell", "luck-adjusted skill")
#: Each idea in the teacher's words (`reader.pgettext(*IDEA_WORDS[idea])`).
IDEA_WORDS = {"triad quality": marked("idea", "triad quality"), "third": marked("idea", "third"),
              "scale degree": marked("idea", "scale degree"),
              "key signature": marked("idea", "key signature"),
              "spelling": marked("idea", "spelling"), "Roman numeral": marked("idea", "Roman numeral"),
              "scoring": marked("idea", "scoring"), "best cell": marked("idea", "best cell"),
              "luck-adjusted skill": marked("idea", "luck-adjusted skill")}
#: The "Roman numeral" idea as a reader of Funktionstheorie names it: its items ask for the function.
FUNCTION_IDEA = marked("idea", "harmonic function")


def idea_words(idea: str, reader: Reader) -> str:
    """An idea as `reader` reads it: "Dreiklangsgeschlecht"; "Roman numeral" in the reader's harmony
    style ("harmonische Funktion" for a class of Funktionstheorie)."""
    if idea == "Roman numeral" and reader.harmony_style == "functions":
        return reader.pgettext(*FUNCTION_IDEA)
    return reader.pgettext(*IDEA_WORDS[idea])
