"""The harmony style a reader reads (Roman numerals or Funktionstheorie), the words of a function in
every language, and the sentences that follow the style: run descriptions and the term's key items."""

from __future__ import annotations

import re

import pytest

from muzlab import reading
from muzlab.core.errors import UnknownSetting
from muzlab.names import structure_words
from muzlab.names.function_words import function_symbol, function_words, harmony_label
from muzlab.names.functions import MAIN, HarmonicFunction, readings
from muzlab.names.language import LANGUAGES
from muzlab.names.reader import Reader
from muzlab.play import keyitems
from muzlab.rules.position import Position
from muzlab.views.worksheet import sheet_position, sheet_questions

CONVENTION = {"en": "english", "de": "german", "fr": "solfege", "es": "solfege"}
#: A Roman numeral standing alone in a sentence ("ii", "vii°", "IV").
NUMERAL = re.compile(r"(?<![\w♯♭])(?:I{1,3}|IV|VI{0,2}|i{1,3}|iv|vi{0,2})°?(?![\w♯♭])")
#: A Funktionstheorie symbol but the bare T, S, D (English note names): Tp, sN, DD, Đ7 ...
FUNCTION = re.compile(r"Đ|\b(?:[TSDtsd][pPgG]|DD|sN|s[6⁶])\b")
#: Seeds whose "Roman numeral" key items cover all seven degrees of several keys.
SEEDS = range(40)


def reader_of(language: str, **changes: object) -> Reader:
    return Reader(CONVENTION[language], language=language, typeset=True).replace(**changes)


@pytest.fixture
def kernel_reader():
    """The kernel's default reader, put back after the test changes it."""
    before = reading.default_reader()
    yield
    reading.set_reader(before)


def test_a_readers_harmony_is_its_languages_unless_the_teacher_chooses():
    assert Reader().harmony_style == "roman" and Reader(language="de").harmony_style == "functions"
    assert [Reader(language=code).harmony_style for code in ("fr", "es")] == ["roman", "roman"]
    assert Reader(language="de", harmony="roman").harmony_style == "roman"
    assert Reader(language="fr", harmony="functions").harmony_style == "functions"
    assert Reader() == Reader() and hash(Reader(language="de")) == hash(Reader(language="de"))
    assert Reader(language="de") != Reader(language="de", harmony="functions")  # None: the language's
    assert repr(Reader(language="de", harmony="roman")) == "Reader('english', language='de', harmony='roman')"
    assert repr(Reader(minor_supertonic="dominant")) == "Reader('english', minor_supertonic='dominant')"
    with pytest.raises(UnknownSetting, match="unknown harmony style 'numbers'; known: roman, functions"):
        Reader(harmony="numbers")
    with pytest.raises(UnknownSetting, match="ii° in minor is read as added sixth or dominant, not 'sixth'"):
        Reader(minor_supertonic="sixth")


def test_set_harmony_and_set_language_round_trip_and_refuse_an_unknown_style(kernel_reader):
    reading.set_language("de")
    assert reading.current_harmony() == "functions"
    reading.set_harmony("roman")
    assert reading.current_harmony() == "roman" and reading.default_reader().harmony == "roman"
    with pytest.raises(UnknownSetting, match="unknown harmony style 'stufen'"):
        reading.set_harmony("stufen")
    assert reading.current_harmony() == "roman"  # nothing changed
    reading.set_harmony(None)
    assert reading.current_harmony() == "functions"
    reading.set_language("en")
    assert reading.current_harmony() == "roman"
    reading.set_language("en", harmony="functions")
    assert reading.current_harmony() == "functions"
    with reading.using_reader(Reader(language="de", harmony="roman")):
        reading.set_harmony("functions")  # a block in force changes too
        assert reading.current_harmony() == "functions"
    reading.set_language("fr")  # a language's usual style again
    assert reading.current_harmony() == "roman" and reading.default_reader().harmony is None


@pytest.mark.parametrize(("symbol", "words"), [
    ("T", "Tonika"), ("t", "Molltonika"), ("s", "Mollsubdominante"), ("Tp", "Tonikaparallele"),
    ("Sp", "Subdominantparallele"), ("tG", "Tonikagegenklang"), ("DD", "Doppeldominante"),
    ("Đ7", "verkürzter D⁷"), ("sN", "Neapolitaner"), ("(D) Tp", "Zwischendominante zur Tonikaparallele"),
    ("(D) Tg", "Zwischendominante zum Tonikagegenklang"), ("(Đ7) tP", "verkürzter D⁷ zur Tonikaparallele"),
])
def test_a_function_is_said_in_the_words_a_german_class_uses(symbol, words):
    function = HarmonicFunction.parse(symbol)
    assert function_words(function, reader_of("de")) == words
    assert function_symbol(function, reader_of("de")) == function.symbol(typeset=True)
    assert function_symbol(function, Reader()) == symbol


def test_every_function_of_every_triad_in_every_key_has_words_in_every_language():
    found = {function for tonic in range(12) for mode in ("major", "minor") for root in range(12)
             for quality in ("major", "minor", "diminished")
             for function in readings(root, quality, tonic, mode)}
    assert {function.base for function in found} == set(MAIN)
    # a Parallele and a Gegenklang have one name in a major and a minor key (Tp and tP: Tonikaparallele)
    named = {re.sub(r"[TSDtsd][pPgG]", lambda m: m[0].lower(), f.symbol()) for f in found}
    english = {function: function_words(function, Reader()) for function in found}
    assert len(set(english.values())) == len(named) == 26
    for code in LANGUAGES[1:]:
        words = {function: function_words(function, reader_of(code)) for function in found}
        assert len(set(words.values())) == len(named)
        assert [f.symbol() for f in found if words[f] == english[f]] == []  # each one translated


def test_a_triad_in_a_major_key_is_labelled_in_the_readers_style():
    german, english = reader_of("de"), reader_of("en")
    assert harmony_label("vii°", 11, "diminished", 0, german) == "Đ⁷"
    assert harmony_label("vii°", 11, "diminished", 0, german.replace(typeset=False)) == "Đ7"
    assert harmony_label("iii", 4, "minor", 0, german) == "Dp"
    assert harmony_label("iii", 4, "minor", 0, english) == "iii"


def test_a_run_description_follows_the_readers_harmony_in_the_four_languages():
    position = Position(dice={(0, 0): "D", (0, -1): "F", (0, -2): "A", (1, -3): "B", (2, -4): "C"})
    triad = next(s for s in position.structures() if s.kind == "triad")
    said = {code: structure_words.describe(triad, reader_of(code)) for code in LANGUAGES}
    assert said["de"] == "Dreiklang D–F–A: vollständig: d-Moll — Sp in C-Dur"
    assert said["en"] == "triad D–F–A: complete D minor — ii in C major"
    assert said["fr"].endswith("— ii en do majeur") and said["es"].endswith("— ii en do mayor")
    assert structure_words.describe(triad, reader_of("de", harmony="roman")).endswith("— ii in C-Dur")
    assert structure_words.describe(triad, reader_of("en", harmony="functions")).endswith("— Sp in C major")


def key_item_sentences(reader: Reader) -> list[tuple[keyitems.KeyQuestion, str]]:
    """Every sentence of the seeds' Roman-numeral key items for `reader`: prompt, options, and what
    a right and a wrong reply earn."""
    found = []
    for seed in SEEDS:
        question = keyitems.make_question("Roman numeral", seed, reader)
        wrong = next(option for option in question.options if option != question.answer)
        texts = [question.prompt, *question.options, question.check(question.answer)[1],
                 question.check(wrong)[1]]
        found += [(question, text) for text in texts]
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_key_items_check_sentences_follow_the_style_in_the_four_languages(code):
    reader = reader_of(code)
    said = key_item_sentences(reader)
    assert {question.facts.degree for question, _ in said} == set(range(7))
    if reader.harmony_style == "functions":
        assert [text for _, text in said if NUMERAL.search(text)] == []
        assert all(FUNCTION.search(q.answer) or q.answer in MAIN for q, _ in said)
    else:
        assert [text for _, text in said if FUNCTION.search(text)] == []
        assert all(NUMERAL.fullmatch(q.answer) for q, _ in said)


def test_the_key_item_asks_a_german_class_for_the_function_and_a_stufen_class_for_the_numeral():
    seed = next(seed for seed in range(5000) if (facts := keyitems.draw("Roman numeral", seed)).key == "C"
                and facts.degree == 5)
    functions = keyitems.make_question("Roman numeral", seed, reader_of("de"))
    assert functions.prompt == "Welche Funktion hat A–C–E in C-Dur?"
    assert functions.answer == "Tp" and functions.answer in functions.options
    assert functions.check("Tp") == (
        True, "Richtig! A–C–E ist a-Moll, der Dreiklang auf der 6. Stufe von C-Dur: Tp (Tonikaparallele).")
    roman = keyitems.make_question("Roman numeral", seed, reader_of("de", harmony="roman"))
    assert roman.prompt == "Welche römische Ziffer hat der Dreiklang A–C–E in C-Dur?"
    assert roman.answer == "vi" and roman.options == tuple(keyitems.draw("Roman numeral", seed).options)
    english = keyitems.make_question("Roman numeral", seed, reader_of("en", harmony="functions"))
    assert english.prompt == "Which function does A–C–E have in C major?"
    assert english.check("Tp")[1].endswith("of C major: Tp (tonic parallel).")


def test_a_worksheets_triad_question_asks_for_the_function_in_german_and_the_numeral_in_english():
    position = sheet_position(2)
    german, english = ([q for q in sheet_questions(position, seed=2, count=10, reader=reader_of(code))
                        if q.kind == "triad"] for code in ("de", "en"))
    assert german and len(german) == len(english)
    for de, en in zip(german, english, strict=True):
        numeral = re.search(r": (\S+) in ", en.answer).group(1)
        assert NUMERAL.fullmatch(numeral) and "Give its Roman numeral in" in en.question
        assert re.search(r"Gib seine Funktion in \S+ an\.$", de.question)
        assert not NUMERAL.search(de.question + de.answer)
        assert FUNCTION.search(de.answer) or re.search(r": [TSD] \(", de.answer)


def test_a_minor_lesson_key_reads_a_triad_there_first_for_a_reader_of_funktionstheorie():
    def described(dice: dict, reader: Reader) -> str:
        position = Position(dice=dict(zip(((0, 0), (0, -1), (0, -2), (1, -3), (2, -4)), dice, strict=False)))
        triad = next(s for s in position.structures("D harmonic minor") if s.kind == "triad")
        return structure_words.describe(triad, reader)

    german = reader_of("de")
    assert described(("Bb", "D", "F", "G", "A"), german).endswith("— tG in d-Moll, S in F-Dur, T in B-Dur")
    assert described(("A", "C#", "E"), german).endswith("— D in d-Moll")  # the raised leading tone
    assert described(("E", "G", "Bb"), german).endswith("— s⁶ in d-Moll")
    dominant = german.replace(minor_supertonic="dominant")  # ii° read as the relative major's Đ⁷
    assert described(("E", "G", "Bb"), dominant).endswith("— (Đ⁷) tP in d-Moll")
    assert described(("Bb", "D", "F", "G", "A"), reader_of("en")).endswith("— IV in F major, I in B♭ major")


def test_the_roman_numeral_item_kind_and_idea_are_named_in_the_readers_style():
    """A class of Funktionstheorie assigns and reads "harmonische Funktion" items; a Stufen class and
    the other languages keep the Roman numeral; a bank made in the other style gets other ids."""
    from muzlab.app.term_pages import TermTeacher, kind_words
    from muzlab.play.ideas import idea_words
    from muzlab.views.bank import make_bank

    german, stufen = reader_of("de"), reader_of("de", harmony="roman")
    for reader, words in ((german, "harmonische Funktion"), (stufen, "römische Stufenzahl")):
        assert kind_words("Roman numeral", reader) == idea_words("Roman numeral", reader) == words
    assert kind_words("Roman numeral", reader_of("en")) == "Roman numeral"
    assert kind_words("Roman numeral", reader_of("fr", harmony="functions")) == "fonction harmonique"
    assert ("harmonische Funktion", "Roman numeral") in TermTeacher._choices(german)["kind"]
    functions = make_bank(("Roman numeral",), 1, reader=german).items[0]
    numerals = make_bank(("Roman numeral",), 1, reader=stufen).items[0]
    assert functions.tags == ("harmonische Funktion",) and numerals.tags == ("römische Stufenzahl",)
    assert functions.ident != numerals.ident
    assert make_bank(("Roman numeral",), 1, reader=german.replace(harmony="functions")).items[0].ident \
        == functions.ident  # the language's own style, chosen or not, keeps a bank's ids


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_coach_comment_names_a_completed_triads_function_for_a_reader_of_funktionstheorie(code):
    """The coach's comment on a completed triad says its function in the lesson key ((D) Tp, Đ⁷: the
    chromatic ones too) for a reader of functions, in each language's words; a reader of Roman
    numerals reads the comment as before, with no function letter and no numeral."""
    from muzlab.play import coach

    applied = Position(dice={(0, 0): 4, (0, -1): 8}, strict=False)  # E–G♯, then B: (D) Tp in C major
    shortened = Position(dice={(0, 0): 11, (0, -1): 2}, strict=False)  # B–D, then F: Đ⁷ in C major
    functions = reader_of(code, harmony="functions").with_key("C")
    as_words = {"en": "as", "de": "als", "fr": "en tant que", "es": "como"}[code]
    said = coach.comment(applied, 11, (0, -2), reader=functions)
    assert f"({as_words} (D) Tp " in said, said
    said = coach.comment(shortened, 5, (0, -2), reader=functions)
    assert f"({as_words} Đ⁷ " in said, said
    hint = coach.advice(shortened, 5, reader=functions).sentence  # the hint says it too
    assert "Đ⁷" in hint, hint
    roman = reader_of(code, harmony="roman").with_key("C")
    for position, die in ((applied, 11), (shortened, 5)):
        said = coach.comment(position, die, (0, -2), reader=roman)
        assert not FUNCTION.search(said) and not NUMERAL.search(said) and f"({as_words} " not in said, said


def test_a_coach_comment_reads_the_function_in_a_minor_lesson_key_and_without_one_in_the_runs_key():
    from muzlab.play import coach

    german = reader_of("de")
    shortened = Position(dice={(0, 0): 11, (0, -1): 2}, strict=False)
    said = coach.comment(shortened, 5, (0, -2), reader=german.with_key("A harmonic minor"))
    assert "den verminderten Dreiklang h (als s⁶ in a-Moll)" in said, said
    chosen = german.replace(minor_supertonic="dominant").with_key("A harmonic minor")
    assert "(als (Đ⁷) tP in a-Moll)" in coach.comment(shortened, 5, (0, -2), reader=chosen)
    # no lesson key: read in the major key of the scale run through the triad (A–B–C of C major)
    crossed = Position(dice={(0, 0): 2, (0, -1): 5, (1, -3): 11, (2, -4): 0}, strict=False)
    assert "den d-Moll-Dreiklang (als Sp in C-Dur)" in coach.comment(crossed, 9, (0, -2), reader=german)


def test_set_minor_supertonic_chooses_the_reading_and_refuses_an_unknown_one(kernel_reader):
    import muzlab

    muzlab.set_minor_supertonic("dominant")
    assert reading.current_minor_supertonic() == "dominant"
    with pytest.raises(UnknownSetting, match=r"ii° in minor is read as added sixth or dominant, not 'sixth'"):
        muzlab.set_minor_supertonic("sixth")
    assert reading.current_minor_supertonic() == "dominant"  # nothing changed
