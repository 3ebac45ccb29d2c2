"""Note names inside sentences (issue 31): French and Spanish write solfège in small letters
mid-sentence ("de do à ré", "la tríada de do mayor") and capitalise a note only where a sentence
begins with it ("Ré doit toucher…"); the board, its pictures and its records keep the board's names
(Do, Ré, Mi♭). German and English sentences name notes as the board does (C, Es, H; German minor keys
"a-Moll"). Sources: docs/languages/fr.md and es.md.
"""

from __future__ import annotations

import re

import pytest
from test_languages import catalogues

from muzlab import Game, Position, Reader
from muzlab.names.language import Prose, at_start, phrase, sentence
from muzlab.names.spelling import join, key_label, pitch_label, prose_name, show_names, triad_label
from muzlab.play import coach
from muzlab.play.agents import make_agent, play

FRENCH = Reader("solfege", typeset=True, language="fr")
SPANISH = Reader("solfege", typeset=True, language="es")
GERMAN = Reader("german", typeset=True, language="de")
ENGLISH = Reader("english", typeset=True)
#: A solfège syllable with a capital, as the board writes it.
CAPITAL_SYLLABLE = r"(?:Do|Ré|Re|Mi|Fa|Sol|La|Si)[♯♭]*"


def one_die() -> Position:
    return Position(dice={"e5": "C"})


@pytest.mark.parametrize(("reader", "pair", "touch"), [
    (FRENCH, "De do à ré, il y a 2 demi-tons", "Ré doit toucher un dé déjà posé sur le plateau."),
    (SPANISH, "De do a re hay 2 semitonos", "Re debe tocar un dado que ya esté en el tablero."),
])
def test_a_refusal_writes_solfege_in_small_letters_and_a_capital_where_the_sentence_begins(reader, pair,
                                                                                         touch):
    position = one_die()
    assert position.explain("D", "e6", reader).startswith(pair)  # mid-sentence: do, ré
    assert position.explain("D", "e1", reader) == touch  # the sentence begins with the note: Ré
    assert position.labels(reader=reader) == {(0, 0): "Do"}  # the board keeps its own names
    assert position.die_names(reader=reader) == {(0, 0): ("Do",)}


def test_a_run_in_a_refusal_takes_one_capital_at_the_sentence_start():
    assert one_die().explain("D", "d4", FRENCH) == "Ré–do, lu de bas en haut, n'appartient pas à une seule " \
                                                   "gamme majeure."
    assert one_die().explain("D", "d4", SPANISH).startswith("Re–do, leído de abajo arriba")


def test_a_run_description_writes_its_notes_and_its_triad_in_small_letters():
    triad = Position(dice={"e5": "C", "e6": "E", "e7": "G"})
    assert [run.describe(reader=FRENCH) for run in triad.structures()] == [
        "accord do–mi–sol\xa0: complet\xa0: do majeur"]
    assert [run.describe(reader=SPANISH) for run in triad.structures()] == [
        "tríada do–mi–sol: completa: do mayor"]
    assert set(triad.labels(reader=FRENCH).values()) == {"Do", "Mi", "Sol"}


def test_a_coachs_sentence_that_begins_with_the_die_capitalises_it_and_names_the_rest_in_small_letters():
    position = one_die()
    assert coach.comment(position, 4, "e6", reader=FRENCH) == (
        "Mi sur e6 a commencé un accord qui pourrait devenir do majeur ou la mineur pour 2 points\xa0: la "
        "seule case.")
    assert coach.advice(position, 4, SPANISH).sentence.startswith(
        "Mi en e6 empieza una tríada que podría ser do mayor o la menor")


@pytest.mark.parametrize("reader", [FRENCH, SPANISH])
def test_the_log_names_every_die_in_small_letters_and_the_board_and_score_sheet_keep_the_boards(reader):
    game = play(Game(2, seed=1), [make_agent("greedy", seed=1), make_agent("random", seed=1)])
    log = game.log(reader)
    named = game.die_words(reader)
    for line, words in zip(log, named, strict=True):
        assert words.name[:1].isupper()  # the board's name: Do♯, La♯/Si♭
        small = "/".join(name[0].lower() + name[1:] for name in words.name.split("/"))
        assert re.search(rf"(?<![\w♯♭]){re.escape(small)}(?![\w♯♭])", line), (line, words.name)
        assert not re.search(rf" {CAPITAL_SYLLABLE}(?![\w])", line.split(": ")[0]), line
    assert all(name[:1].isupper() for label in game.position.labels(reader=reader).values()
               for name in label.split("/"))
    plays = " ".join(game.score_sheet(reader)["plays"])
    assert re.search(CAPITAL_SYLLABLE, plays) and not re.search(r" (?:do|ré|re|mi|fa|sol|si)[♯♭]* [a-k]\d",
                                                                 plays)


def test_german_and_english_sentences_name_notes_as_the_board_does():
    position = one_die()
    assert position.explain("D", "e6", GERMAN).startswith("Von C aufwärts bis D sind es 2 Halbtöne")
    assert position.explain("D", "e1", GERMAN) == \
        "D muss einen Würfel berühren, der schon auf dem Brett liegt."
    assert position.explain("D", "e6", ENGLISH).startswith("C up to D is 2 semitones")
    assert position.explain("D", "e1", ENGLISH) == "D must touch a die already on the board."
    assert coach.comment(position, 4, "e6", reader=GERMAN).startswith(
        "E auf e6 begann einen Dreiklang, der noch C-Dur oder a-Moll werden kann")
    assert triad_label(9, "minor", GERMAN) == "a-Moll"  # a German minor key's small letter is kept
    assert key_label(3, "major", GERMAN) == "Es-Dur" and pitch_label(11, GERMAN, prose=True) == "H"
    assert join(["Eb", "G", "Bb"], GERMAN, prose=True) == join(["Eb", "G", "Bb"], GERMAN) == "Es–G–B"
    assert join(["Eb", "F#"], ENGLISH, prose=True) == "E♭–F♯"


def test_a_french_or_spanish_reader_of_letter_names_keeps_the_letters_capital():
    reader = Reader("english", typeset=True, language="fr")
    assert one_die().explain("D", "e6", reader).startswith("De C à D, il y a 2 demi-tons")
    assert prose_name("Bb", reader) == "B♭" and not isinstance(prose_name("Bb", reader), Prose)
    assert prose_name("Eb", Reader("german", language="es")) == "Es"


def test_the_prose_form_of_names_and_where_it_takes_a_capital():
    assert prose_name("D", FRENCH) == "ré" and prose_name("D", SPANISH) == "re"
    assert [prose_name(name, FRENCH) for name in ("Eb", "G#", "B", "Fbb")] == ["mi♭", "sol♯", "si", "fa♭♭"]
    assert show_names(("D#", "Eb"), FRENCH, prose=True) == "ré♯/mi♭"
    assert show_names(("D#", "Eb"), FRENCH) == "Ré♯/Mi♭"  # the label the board shows
    assert pitch_label(3, SPANISH) == "Mi♭" and pitch_label(3, SPANISH, prose=True) == "mi♭"
    ré = prose_name("D", FRENCH)
    assert sentence("{note} doit toucher", note=ré) == "Ré doit toucher"
    assert sentence("¿{note} o {other}?", note=ré, other=ré) == "¿Ré o ré?"
    assert sentence("de {low} à {note}", low=ré, note=ré) == "de ré à ré"
    assert sentence("{cell} porte déjà {note}.", cell="e5", note=ré) == "e5 porte déjà ré."  # never a cell
    assert sentence("{key} est", key="a-Moll") == "a-Moll est"  # nor a German minor key
    assert at_start(phrase("{root} majeur", root=ré)) == "Ré majeur"
    assert at_start("e5") == "e5"


def test_the_french_and_spanish_catalogues_write_no_list_of_solfege_names_with_capitals_mid_sentence():
    """Catalogue sentences name notes as prose does ("(do, ré, mi)"); the note-names menu's label, which
    shows the names as the board writes them, is the one exception."""
    mid = re.compile(rf"(?:[a-zà-ÿ,] |\()(?:{CAPITAL_SYLLABLE})(?:,? (?:{CAPITAL_SYLLABLE}))+")
    for code in ("fr", "es"):
        found = []
        for message in catalogues.read(catalogues.po_path(code), code):
            if not message.id or message.id == "solfège: Do Re Mi Fa Sol La Si":
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [text for text in strings if text and mid.search(text)]
        assert not found, (code, found)


def test_the_review_says_which_die_a_player_holds_in_small_letters_and_its_table_keeps_the_boards_name():
    from muzlab.reading import using_reader
    from muzlab.widgets.review import Review

    game = Game(seed=1)
    game.roll(0)
    game.place("e5")
    with using_reader(Reader("solfege", language="fr")):
        review = Review(game)
        assert "Joueur 1 tient le dé <b>do</b>" in review.title.value, review.title.value
        assert review.rows[0]["pitch"] == "Do"  # the review's table: the board's name
