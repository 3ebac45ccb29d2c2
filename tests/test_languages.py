"""The languages: every marked sentence translated in German, French and Spanish, with the same
placeholders, Babel's checks passing, the glossary's music terms used, compiled catalogues current."""

from __future__ import annotations

import csv
import importlib.util
import re
import string
import subprocess
from pathlib import Path

import pytest

from muzlab.core.errors import UnknownSetting
from muzlab.names import language
from muzlab.names.language import key_phrase, prose_note

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("catalogues", ROOT / "docs" / "languages" / "catalogues.py")
catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogues)

TRANSLATED = catalogues.TRANSLATED


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def messages(catalog):
    return [message for message in catalog if message.id]


def fields(text: str) -> set[str]:
    """The `{name}` placeholders of a template."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def test_the_source_marks_sentences_for_translation(template):
    assert len(messages(template)) >= 4
    assert template.get("{tonic} major", context="key") is not None


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_sentence_of_the_source_is_translated_with_the_same_placeholders(code, template):
    catalog = catalogues.read(catalogues.po_path(code), code)
    missing, stale, wrong = [], [], []
    for message in messages(template):
        entry = catalog.get(message.id, context=message.context)
        if entry is None or not all(forms(entry)) or entry.fuzzy:
            missing.append(message.id)
            continue
        wanted = set().union(*(fields(text) for text in ids(message)))
        if any(fields(text) != wanted for text in forms(entry)):
            wrong.append((message.id, entry.string))
    known = {(message.id if isinstance(message.id, str) else message.id[0], message.context)
             for message in messages(template)}
    stale = [message.id for message in messages(catalog)
             if (message.id if isinstance(message.id, str) else message.id[0], message.context) not in known]
    assert not missing, f"{code}: {len(missing)} sentences not translated (python3 make.py catalogues): " \
                        f"{missing[:5]}"
    assert not wrong, f"{code}: placeholders differ: {wrong[:5]}"
    assert not stale, f"{code}: entries no sentence uses any more: {stale[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_babel_checkers_pass_and_plural_forms_are_the_languages(code):
    catalog = catalogues.read(catalogues.po_path(code), code)
    problems = [(message.id, [str(error) for error in errors]) for message, errors in catalog.check()]
    assert problems == []
    for message in messages(catalog):
        if message.pluralizable:
            assert len(forms(message)) == catalog.num_plurals, message.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_compiled_from_the_po_file(code):
    compiled = catalogues.compiled(catalogues.read(catalogues.po_path(code), code))
    assert catalogues.mo_path(code).read_bytes() == compiled, "run python3 make.py catalogues"


def test_compiled_catalogues_are_kept_in_git_so_the_wheel_ships_them():
    for code in TRANSLATED:
        path = catalogues.mo_path(code).relative_to(ROOT)
        ignored = subprocess.run(["git", "check-ignore", "-q", str(path)], cwd=ROOT)
        assert ignored.returncode == 1, f"{path} is ignored by git"


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def glossary() -> list[dict[str, str]]:
    with (ROOT / "muzlab" / "locale" / "glossary.csv").open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def test_the_glossary_has_every_term_in_every_language():
    rows = glossary()
    terms = {row["term"] for row in rows}
    assert {"major", "minor", "diminished", "augmented", "triad", "third", "scale", "degree", "tonic",
            "dominant", "leading tone", "key signature"} <= terms
    for row in rows:
        assert all(row[code].strip() for code in TRANSLATED), row["term"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_use_the_glossarys_music_terms(code):
    """Where an English sentence uses a music term, its translation uses the glossary's word for it."""
    catalog = catalogues.read(catalogues.po_path(code), code)
    off = []
    rows = [row for row in glossary() if row["kind"] == "music"]
    for row in rows:
        english = re.compile(rf"\b{re.escape(row['term'])}\b", re.IGNORECASE)
        # a longer term holding this one ("root position" for "root") is checked as itself
        longer = [other["term"] for other in rows if row["term"] in other["term"] != row["term"]]
        words = [word.lower() for word in row[code].split("|")]
        for message in messages(catalog):
            sources = [PLACEHOLDER.sub("", text) for text in ids(message)]
            for term in longer:
                sources = [re.sub(re.escape(term), "", text, flags=re.IGNORECASE) for text in sources]
            if any(english.search(text) for text in sources):
                for text in forms(message):
                    if not any(word in text.lower() for word in words):
                        off.append((row["term"], message.id, text))
    assert off == []


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(UnknownSetting, match=r"unknown language 'pt'; muzlab speaks en \(English\), de"):
        language.check_language("pt")
    with pytest.raises(UnknownSetting, match="unknown language"):
        key_phrase("C", "major", "klingon")


def test_each_language_has_its_default_note_names():
    assert language.DEFAULT_NOTE_NAMES == {"en": "english", "de": "german", "fr": "solfege",
                                           "es": "solfege"}


@pytest.mark.parametrize(("tonic", "kind", "code", "expected"), [
    ("F#", "major", "en", "F♯ major"),
    ("F#", "major", "de", "Fis-Dur"),
    ("F#", "minor", "de", "fis-Moll"),
    ("Eb", "minor", "de", "es-Moll"),
    ("C", "major pentatonic", "de", "C-Dur-Pentatonik"),
    ("C", "major", "fr", "do majeur"),
    ("D", "minor", "fr", "ré mineur"),
    ("F#", "major", "es", "fa♯ mayor"),
    ("A", "minor", "es", "la menor"),
    ("D", "major", "es", "re mayor"),
    ("C", "whole-tone", "fr", "do par tons"),
    ("C", "whole-tone", "en", "C whole-tone"),
    ("D", "harmonic minor", "de", "d-Moll harmonisch"),
])
def test_keys_follow_each_languages_grammar(tonic, kind, code, expected):
    from muzlab.names.reader import Reader
    from muzlab.names.spelling import prose_name

    reader = Reader(language.DEFAULT_NOTE_NAMES[code], typeset=True, language=code)
    assert key_phrase(prose_name(tonic, reader), kind, code) == expected


@pytest.mark.parametrize(("root", "quality", "code", "expected"), [
    ("E♯", "diminished", "en", "E♯ diminished"),
    ("Cis", "major", "de", "Cis-Dur"),
    ("Cis", "minor", "de", "cis-Moll"),
    ("Eis", "diminished", "de", "eis vermindert"),  # (German writes a diminished triad small, as a minor one)
    ("mi♯", "diminished", "fr", "mi♯ diminué"),
    ("do♯", "major", "es", "do♯ mayor"),
    ("re", "augmented", "es", "re aumentado"),
])
def test_triads_follow_each_languages_grammar(root, quality, code, expected):
    assert language.triad_phrase(root, quality, code) == expected  # (the root as a sentence writes it)


@pytest.mark.parametrize(("convention", "code", "expected"), [
    ("english", "fr", "B♭ majeur"), ("german", "es", "B mayor"), ("english", "es", "B♭ mayor"),
    ("solfege", "fr", "si♭ majeur"), ("solfege", "es", "si♭ mayor"), ("german", "de", "B-Dur"),
])
def test_a_french_or_spanish_reader_of_letter_names_keeps_their_capital_in_key_names(convention, code,
                                                                                     expected):
    """Only solfège takes small letters in French and Spanish prose: a letter name keeps its capital
    (it used to read "bb majeur", and German Es in Spanish "es mayor")."""
    from muzlab.names.reader import Reader
    from muzlab.names.spelling import key_label

    assert key_label(10, "major", Reader(convention, typeset=True, language=code)) == expected
    assert key_label(3, "major", Reader("german", language="es")) == "Es mayor"


def test_note_names_inside_sentences():
    assert prose_note("Sol♭", "fr") == "sol♭"
    assert prose_note("Re", "fr") == "ré"
    assert prose_note("Es", "de") == "Es"
    assert prose_note("E♭", "es") == "E♭"  # English letters stay letters


# ---- sentences as a reader of each language reads them ---------------------------------------------------
def in_prose(names: tuple[str, ...], reader) -> str:
    """A die's names as the board shows them ("Ré", ("Ré♯", "Mi♭")), as a sentence for `reader` writes
    them: French and Spanish write solfège in small letters mid-sentence (docs/languages/fr.md, es.md),
    every other reader as the board shows them. Worked out here, apart from muzlab's prose form."""
    if reader.convention == "solfege" and reader.language in ("fr", "es"):
        return "/".join(name[0].lower() + name[1:] for name in names)
    return "/".join(names)


def names_die(sentence: str, names: tuple[str, ...], reader) -> bool:
    """Whether `sentence` names a die as the board does (`names`, as the board shows them): in its
    prose form as a word of its own, or with a capital where the sentence begins with it."""
    prose = in_prose(names, reader)
    capital = prose[:1].upper() + prose[1:]
    return bool(re.search(rf"(?<![\w♯♭/]){re.escape(prose)}(?![\w♯♭/])", sentence)
                or re.match(rf"[¡¿]?{re.escape(capital)}(?![\w♯♭/])", sentence))


def english_words(code: str, template) -> set[str]:
    """Words of the English source sentences that no translation into `code` uses (so a sentence
    holding one was left in English)."""
    catalog = catalogues.read(catalogues.po_path(code), code)
    source = {word for message in messages(template) for text in ids(message)
              for word in re.findall(r"[a-z]{3,}", PLACEHOLDER.sub("", text).lower())}
    translated = {word for message in messages(catalog) for text in forms(message)
                  for word in re.findall(r"[a-zà-ÿ]{3,}", PLACEHOLDER.sub("", text).lower())}
    return source - translated


@pytest.fixture(scope="module")
def refusals():
    from test_refusal_facts import _refusals_of_random_games

    found = _refusals_of_random_games("basic", 6) + _refusals_of_random_games("master", 6)
    return found[::3]


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("convention", ["english", "german", "solfege"])
def test_every_refusal_of_seeded_games_reads_in_the_language_with_no_english_left(code, convention, template,
                                                                                   refusals):
    from muzlab.names.reader import Reader

    reader = Reader(convention, typeset=True, language=code)
    english = Reader(convention, typeset=True)
    leftovers = english_words(code, template)
    rules = set()
    for position, pitch, cell, refusal in refusals:
        sentence = position.explain(pitch, cell, reader)
        rules.add(refusal.rule)
        assert sentence != position.explain(pitch, cell, english)
        left = set(re.findall(r"[a-zà-ÿ]{3,}", sentence.lower())) & leftovers
        assert not left, f"{sentence!r} keeps English words {sorted(left)}"
    assert len(rules) >= 9


def test_french_solfege_writes_re_with_its_accent_and_reads_it_back():
    from muzlab.core.pitch import parse_pitch
    from muzlab.names.reader import Reader
    from muzlab.names.spelling import show_name

    assert show_name("Db", Reader("solfege", typeset=True, language="fr")) == "Ré♭"
    assert show_name("Db", Reader("solfege", typeset=True, language="es")) == "Re♭"
    assert parse_pitch("Ré♭", "solfege") == parse_pitch("Re♭", "solfege") == 1


def test_set_language_sets_the_default_readers_language_and_its_note_names():
    import muzlab
    from muzlab.reading import current_language, current_note_names, default_reader

    before = default_reader()
    try:
        muzlab.set_language("de")
        assert (current_language(), current_note_names()) == ("de", "german")
        position = muzlab.Position(dice={"e5": "C"})
        assert position.explain("C", "e5") == "Auf e5 liegt schon C."
        muzlab.set_note_names("english")
        assert (current_language(), current_note_names()) == ("de", "english")
        muzlab.set_language("fr", note_names="english")
        assert current_note_names() == "english"
        with pytest.raises(UnknownSetting, match="unknown language 'klingon'"):
            muzlab.set_language("klingon")
        assert current_language() == "fr"
    finally:
        muzlab.set_reader(before)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("convention", ["english", "german", "solfege"])
def test_a_seeded_games_log_and_runs_read_in_the_language_with_no_english_left(code, convention, template):
    from muzlab import Game
    from muzlab.names.reader import Reader
    from muzlab.play.agents import make_agent, play

    reader = Reader(convention, typeset=True, language=code)
    leftovers = english_words(code, template)
    for seed in range(3):
        game = play(Game(2, seed=seed), [make_agent("greedy", seed=seed), make_agent("random", seed=seed)])
        lines = game.log(reader=reader)
        for line, words in zip(lines, game.die_words(reader), strict=False):  # each die as the board names it
            assert names_die(line, tuple(words.name.split("/")), reader), (line, words.name)
        lines += [run.describe(reader=reader) for run in game.position.structures()]
        assert len(lines) > 20
        for line in lines:
            left = set(re.findall(r"[a-zà-ÿ]{3,}", line.lower())) & leftovers
            assert not left, f"{line!r} keeps English words {sorted(left)}"
        english = game.log(reader=Reader(convention, typeset=True))
        assert [line for line in lines[:len(english)] if line in english] == []
