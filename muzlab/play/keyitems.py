"""Questions on keys, off the board: a major key's signature, and a triad's function in its key.

* "key signature": which major key has this signature ("Which major key has 3 ♭ in its key
  signature?"), or, with every other seed, what a major key's signature is;
* "Roman numeral": which Roman numeral a triad of a major key is ("In E♭ major, which Roman numeral
  is A♭–C–E♭?"), or for a reader of Funktionstheorie which function ("Welche Funktion hat A–C–E in
  C-Dur?", answered "Tp").

The facts (`KeyFacts`) are drawn with a seed and hold English names only; the words (prompt, the
options to click, the sentence a reply earns) are made for the `Reader` given, through
muzlab.names.spelling, so an item means the same in every note-name convention and language, and a
reply is an option's number. The keys are the 15 conventional major keys (MAJOR_KEY_SIGNATURES); the
triads are the seven of the key, spelled in it (`diatonic_triads`: in G♭ major, IV is C♭ major).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from muzlab.core.errors import UnknownSetting, shown
from muzlab.core.pitch import SpelledNote
from muzlab.names.function_words import harmony_explained, harmony_label
from muzlab.names.language import sentence
from muzlab.names.letters import MAJOR_KEY_NUMERALS, MAJOR_KEY_SIGNATURES
from muzlab.names.reader import Reader, for_print
from muzlab.names.spelling import diatonic_triads, join, key_label, triad_label

KINDS = ("key signature", "Roman numeral")
#: How many answers an item offers (the answer among them).
OPTIONS = 4


@dataclass(frozen=True)
class KeyFacts:
    """One question as facts: the major key (English tonic), what is asked ("key": the key of a
    signature; "signature": the signature of a key; "numeral": a triad's numeral, `degree` counted
    from 0), and the options offered in order (English tonics, signatures as ± counts, or numerals)."""

    kind: str
    key: str
    asks: str
    options: tuple[str | int, ...]
    degree: int = 0

    @property
    def signature(self) -> int:
        """The key's signature: + sharps, − flats."""
        return MAJOR_KEY_SIGNATURES[self.key]

    @property
    def answer(self) -> str | int:
        """The right option's fact."""
        if self.asks == "key":
            return self.key
        if self.asks == "signature":
            return self.signature
        return MAJOR_KEY_NUMERALS[self.degree]


def draw(kind: str, seed: int) -> KeyFacts:
    """A question of `kind` (KINDS), the same for the same seed."""
    if kind not in KINDS:
        raise UnknownSetting("unknown kind of key question {kind}; choose from {kinds}", kind=shown(kind),
                             kinds=KINDS)
    rng = random.Random(seed)
    key = rng.choice(sorted(MAJOR_KEY_SIGNATURES))
    if kind == "Roman numeral":
        degree = rng.randrange(7)
        others = rng.sample([n for n in MAJOR_KEY_NUMERALS if n != MAJOR_KEY_NUMERALS[degree]], OPTIONS - 1)
        numerals = tuple(n for n in MAJOR_KEY_NUMERALS if n in {*others, MAJOR_KEY_NUMERALS[degree]})
        return KeyFacts(kind, key, "numeral", numerals, degree)
    sharps = MAJOR_KEY_SIGNATURES[key]
    if seed % 2 == 0:  # which key has this signature: keys a few steps round the circle of fifths
        near = [k for k, s in MAJOR_KEY_SIGNATURES.items() if s != sharps and abs(s - sharps) <= 3]
        keys = [key, *rng.sample(sorted(near), OPTIONS - 1)]
        return KeyFacts(kind, key, "key", tuple(sorted(keys, key=MAJOR_KEY_SIGNATURES.__getitem__)))
    # how many sharps or flats: the count next to it, and the same count of the other accidental
    wrong = {-sharps, sharps - 1, sharps + 1, sharps - 2, sharps + 2} - {sharps}
    wrong = {w for w in wrong if -7 <= w <= 7}
    counts = [sharps, *rng.sample(sorted(wrong), OPTIONS - 1)]
    return KeyFacts(kind, key, "signature", tuple(sorted(counts)))


@dataclass(frozen=True)
class KeyQuestion:
    """A key question as shown to one reader: its facts, the prompt, the options and the answer in
    their words, and the sentences a right and a wrong reply earn (why the answer is right)."""

    facts: KeyFacts
    prompt: str
    options: tuple[str, ...]
    answer: str
    right_words: str
    wrong_words: str
    #: Why the answer is right, on its own (the sentences above end with it).
    why: str = ""

    @property
    def kind(self) -> str:
        return self.facts.kind

    def check(self, reply: str) -> tuple[bool, str]:
        """Whether the option clicked is the answer, and the sentence it earns."""
        right = reply == self.answer
        return right, self.right_words if right else self.wrong_words


def signature_words(sharps: int, reader: Reader) -> str:
    """A signature in signs: "3 ♯", "1 ♭", "no ♯ or ♭" (the signs read the same in every language)."""
    if sharps == 0:
        return reader.gettext("no ♯ or ♭")
    return f"{abs(sharps)} {'♯' if sharps > 0 else '♭'}"


def _key(tonic: str, reader: Reader) -> str:
    return key_label(SpelledNote.from_english(tonic), "major", reader)  # (a value: no name read back)


def make_question(kind: str, seed: int, reader: Reader | None = None) -> KeyQuestion:
    """A question of `kind` (KINDS) for `seed`, worded for `reader` (by default plain English,
    typeset)."""
    reader = for_print(reader)
    facts = draw(kind, seed)
    key = _key(facts.key, reader)
    signature = signature_words(facts.signature, reader)
    why = sentence(reader.gettext("The key signature of {key} is {signature}."), key=key, signature=signature)
    if facts.asks == "key":
        prompt = reader.gettext("Which major key has {signature} in its key signature?")
        options = tuple(_key(tonic, reader) for tonic in facts.options)
        return _question(facts, prompt.format(signature=signature), options, key, why, reader)
    if facts.asks == "signature":
        prompt = sentence(reader.gettext("What is the key signature of {key}?"), key=key)
        options = tuple(signature_words(count, reader) for count in facts.options)
        return _question(facts, prompt, options, signature, why, reader)
    triads = diatonic_triads(SpelledNote.from_english(facts.key))
    triad, tonic = triads[facts.degree], triads[0].root
    labels = {each.numeral: harmony_label(each.numeral, each.root, each.quality, tonic, reader)
              for each in triads}
    notes = join(triad.notes, reader, prose=True)
    if reader.harmony_style == "functions":
        prompt = sentence(reader.gettext("Which function does {notes} have in {key}?"), key=key, notes=notes)
    else:
        prompt = sentence(reader.gettext("In {key}, which Roman numeral is the triad {notes}?"), key=key,
                          notes=notes)
    why = sentence(reader.gettext("{notes} is {triad}, the triad on degree {degree} of {key}: {numeral}."),
        notes=notes, triad=triad_label(SpelledNote.from_english(triad.notes[0]), triad.quality, reader),
        degree=facts.degree + 1, key=key,
        numeral=harmony_explained(triad.numeral, triad.root, triad.quality, tonic, reader))
    options = tuple(labels[str(numeral)] for numeral in facts.options)
    return _question(facts, prompt, options, labels[triad.numeral], why, reader)


def _question(facts: KeyFacts, prompt: str, options: tuple[str, ...], answer: str, why: str,
              reader: Reader) -> KeyQuestion:
    """The question with the sentences a reply earns: the reason, after "Right!" or the answer."""
    wrong = reader.gettext("Not quite: the answer is {answer}.").format(answer=answer)
    return KeyQuestion(facts, prompt, options, answer, f"{reader.gettext('Right!')} {why}", f"{wrong} {why}",
                       why)
