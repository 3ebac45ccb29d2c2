"""Grammar a native teacher would correct, numbers, dates and weeks in each language's own forms, parent
reports in the family's language and the computer's seat named through the catalogue (issue 52, items
9 to 12): each case the trial found, as it must now read."""

from __future__ import annotations

import re
from datetime import date, datetime

import matplotlib.figure
import pytest
from test_languages import catalogues

from muzlab.app.classroom import Classroom
from muzlab.app.pages import _cell_words, last_move, status
from muzlab.app.term import Term
from muzlab.app.term_pages import progress_html, weeks_svg
from muzlab.app.term_words import done_words, points_words, right_words
from muzlab.names import structure_words
from muzlab.names.calendar_words import date_words, week_words
from muzlab.names.language import DEFAULT_NOTE_NAMES, key_phrase, labelled
from muzlab.names.output_words import percent_words
from muzlab.names.reader import Reader
from muzlab.names.run_words import describe_run
from muzlab.play.agents import make_agent, play
from muzlab.play.game import Game
from muzlab.rules.position import Position
from muzlab.rules.ruleset import RuleSet

NBSP = "\u00a0"  # French typography: a no-break space before : ; ? ! (as the whole catalogue writes it)


def reader(language: str) -> Reader:
    return Reader(DEFAULT_NOTE_NAMES[language], typeset=True, language=language)


def column(notes: dict[str, str]):
    rules = RuleSet(triad_qualities=("major", "minor", "diminished", "augmented"))
    (run,) = Position(None, notes, rules).structures()
    return run


# ---- 12: grammar --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("notes", "language", "expected"), [
    ({"e5": "A", "e6": "C", "e7": "Eb"}, "de", "den verminderten Dreiklang a"),
    ({"e5": "A", "e6": "C", "e7": "Eb"}, "fr", "l'accord de la diminué"),
    ({"e5": "A", "e6": "C", "e7": "Eb"}, "es", "la tríada de la disminuida"),
    ({"e5": "A", "e6": "C", "e7": "Eb"}, "en", "the A diminished triad"),
    ({"e5": "B", "e6": "D", "e7": "F#"}, "fr", "l'accord de si mineur"),
    ({"e5": "B", "e6": "D", "e7": "F#"}, "de", "den h-Moll-Dreiklang"),
    ({"e5": "Eb", "e6": "G", "e7": "Bb"}, "de", "den Es-Dur-Dreiklang"),
    ({"e5": "C", "e6": "E", "e7": "G#"}, "de", "den übermäßigen Dreiklang C"),
    ({"e5": "C", "e6": "E", "e7": "G#"}, "es", "la tríada de do aumentada"),
])
def test_a_completed_triad_is_named_as_the_object_of_completes(notes, language, expected):
    assert structure_words.completed_words(column(notes), reader(language)) == expected


@pytest.mark.parametrize(("notes", "language", "expected"), [
    ({"e5": "A", "e6": "C", "e7": "Eb"}, "de", "verminderter Dreiklang a"),
    ({"e5": "A", "e6": "C", "e7": "Eb"}, "es", "tríada de la disminuida"),
    ({"e5": "Eb", "e6": "G", "e7": "Bb"}, "de", "Es-Dur-Dreiklang"),
    ({"e5": "B", "e6": "D", "e7": "F#"}, "en", "B minor triad"),
])
def test_a_complete_triad_is_named_alone_by_one_message_per_quality(notes, language, expected):
    assert structure_words.label(column(notes), reader(language)) == expected


@pytest.mark.parametrize(("language", "verb", "objects"), [
    ("de", "vollendet ", ("den ", "die ")), ("fr", "complète ", ("l'accord", "la gamme")),
    ("es", "completa ", ("la tríada", "la escala")), ("en", "completes ", ("the ",)),
])
def test_every_completion_in_seeded_logs_takes_its_article_and_case(language, verb, objects):
    said = []
    for seed in range(6):
        game = play(Game(players=2, seed=seed, rules="master" if seed % 2 else None),
                    [make_agent("greedy", seed=seed), make_agent("random", seed=seed + 100)])
        said += [line.split(verb, 1)[1] for line in game.log(reader(language)) if verb in line]
    assert len(said) > 10
    assert all(text.startswith(objects) for text in said), [t for t in said if not t.startswith(objects)]
    assert not any("Dreiklang " + quality in text for text in said for quality in ("vermindert", "übermäßig"))


@pytest.mark.parametrize(("language", "expected"), [
    ("de", "Tonleiterausschnitt Dis–F: passt zu keiner Tonart in dieser Schreibweise (= B-Dur, Es-Dur, "
           "As-Dur und 2 weiteren nach dem Klang)"),
    ("fr", f"fragment de gamme ré♯–fa{NBSP}: ne convient à aucune tonalité telle qu'écrite (= si♭ majeur, "
           "mi♭ majeur, la♭ majeur et 2 autres à l'oreille)"),
    ("es", "fragmento de escala re♯–fa: no encaja en ninguna tonalidad tal como está escrita (= si♭ mayor, "
           "mi♭ mayor, la♭ mayor y 2 más por el sonido)"),
    ("en", "scale run D♯–F: fits no key as spelled (= B♭ major, E♭ major, A♭ major and 2 more by sound)"),
])
def test_a_run_that_fits_no_key_as_spelled_says_so_in_a_whole_sentence(language, expected):
    run = column({"f4": "Eb", "e5": "F"})
    assert describe_run(run, ("D#", "F"), reader(language)) == expected


def test_and_n_more_after_fits_takes_the_dative_in_german():
    run = column({"f4": "Eb", "e5": "F"})
    assert structure_words.describe(run, reader("de")).endswith("As-Dur und 2 weiteren")


@pytest.mark.parametrize(("tonic", "kind", "language", "expected"), [
    ("H", "whole-tone", "de", "Ganztonleiter auf H"),
    ("do", "whole-tone", "fr", "do par tons"),
    ("re", "whole-tone", "es", "re de tonos enteros"),
])
def test_a_whole_tone_key_is_named_as_a_teacher_writes_it(tonic, kind, language, expected):
    assert key_phrase(tonic, kind, language) == expected


@pytest.mark.parametrize(("pitches", "language", "expected"), [
    ((11, 1, 3, 5, 7, 9), "de", "Ganztonleiter auf H"), ((11, 1, 3, 5, 7, 9), "fr", "gamme par tons de si"),
    ((0, 1, 2), "de", "chromatische Tonleiter auf C, Stufen 1-2-3"),
    ((0, 1, 2), "es", "escala cromática de do, grados 1-2-3"),
    ((9, 11, 0, 2, 4, 5, 8), "de", "harmonische a-Moll-Tonleiter"),
    ((0, 2, 4, 7, 9), "de", "pentatonische C-Dur-Tonleiter"),
    ((0, 2, 4, 7, 9), "en", "C major pentatonic scale"),
])
def test_a_scale_is_titled_by_one_message_per_kind(pitches, language, expected):
    """The title was "H-Ganzton-Tonleiter", and with the key named "Ganztonleiter auf H" would have
    been "Ganztonleiter auf H-Tonleiter"."""
    from muzlab.names.spelling import run_title, spell_run

    assert run_title(spell_run("scale", list(pitches)), reader(language)) == expected


@pytest.mark.parametrize(("language", "done", "count", "expected"), [
    ("fr", 0, 1, "0 sur 1 exercice fait"), ("fr", 2, 5, "2 sur 5 exercices faits"),
    ("es", 0, 1, "0 de 1 ejercicio hecho"), ("es", 3, 4, "3 de 4 ejercicios hechos"),
    ("de", 0, 1, "0 von 1 Übung erledigt"), ("de", 1, 2, "1 von 2 Übungen erledigt"),
    ("en", 0, 1, "0 of 1 item done"), ("en", 0, 2, "0 of 2 items done"),
])
def test_items_done_are_counted_with_their_noun(language, done, count, expected):
    assert done_words(done, count, reader(language)) == expected


@pytest.mark.parametrize(("language", "right", "expected"), [
    ("es", 1, "1 correcto"), ("es", 0, "0 correctos"), ("es", 2, "2 correctos"),
    ("fr", 0, "0 juste"), ("fr", 1, "1 juste"), ("fr", 2, "2 justes"), ("de", 1, "1 richtig"),
])
def test_items_right_take_the_languages_plural(language, right, expected):
    assert right_words(right, reader(language)) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("fr", f"Lena{NBSP}: 0"), ("de", "Lena: 0"), ("es", "Lena: 0"), ("en", "Lena: 0")])
def test_a_label_and_its_value_take_the_colon_as_the_language_writes_it(language, expected):
    assert labelled("Lena", "0", language) == expected


def test_the_french_catalogue_puts_a_no_break_space_before_every_high_mark():
    catalog = catalogues.read(catalogues.po_path("fr"), "fr")
    plain = [text for message in catalog if message.id
             for text in (message.string if isinstance(message.string, tuple) else (message.string,))
             if re.search(r" [:;?!]", text)]
    assert plain == []


@pytest.mark.parametrize(("code", "word", "not_word"), [
    ("de", "Trainer", "Coach"), ("fr", "entraîneur", "coach"), ("es", "entrenador", "coach")])
def test_one_word_for_the_coach_in_each_language(code, word, not_word):
    catalog = catalogues.read(catalogues.po_path(code), code)
    said = [message.string for message in catalog
            if message.id and "coach" in (message.id if isinstance(message.id, str) else message.id[0])]
    assert said and all(word in text and not_word not in text for text in said), said


# ---- 11: the computer's seat --------------------------------------------------------------------------
@pytest.fixture
def computer_table(tmp_path):
    room = Classroom(tmp_path / "c")
    lena, _ben = room.join("Lena"), room.join("Ben")
    room.deal(2, seed=3)
    room.seat(1, 1, computer=True)
    table = room.table(1)
    for _ in range(30):  # Lena plays until the computer has played
        if any(event.player == 1 for event in table.game.events):
            break
        if table.game.phase in ("roll", "reroll"):
            room.act(lena.token, "roll")
        scores = table.game.position.legal_scores(table.game.hand)
        room.act(lena.token, "place", max(sorted(scores), key=scores.get)) if scores else room.act(
            lena.token, "pass")
    yield room, table
    room.store.close()


@pytest.mark.parametrize(("language", "name"), [
    ("de", "Computer"), ("fr", "l'ordinateur"), ("es", "Ordenador"), ("en", "Computer")])
def test_a_computer_seat_is_named_in_the_pages_language(computer_table, language, name):
    room, table = computer_table
    snapshot = table.snapshot()
    assert f"{labelled(name, '', language)}" in status(snapshot, reader(language))
    assert "computer" not in status(snapshot, reader(language)).replace(name, "")
    if snapshot.history[-1].event.player == 1:  # the computer's move begins the sentence
        assert last_move(snapshot, reader=reader(language)).startswith(name[0].upper() + name[1:] + " ")


def test_the_computers_level_is_the_agents_name_in_the_game_item(tmp_path):
    room = Classroom(tmp_path / "c")
    anna = room.join("Anna")
    term = Term(room, lambda: datetime(2026, 11, 30, 10, 0))
    games = term.assign("Jouer", "game", 1, "2026-11-30", "2026-12-04", computer="greedy")
    item = term.item(games.id, anna.id, 0, reader("fr"))
    assert "(glouton)" in item.prompt and "greedy" not in item.prompt
    room.store.close()


# ---- 10: numbers, dates and weeks ----------------------------------------------------------------------
@pytest.mark.parametrize(("language", "long", "medium", "week"), [
    ("en", "December 14, 2026", "Dec 14, 2026", "week 50"),
    ("de", "14. Dezember 2026", "14.12.2026", "KW 50"),
    ("fr", "14 décembre 2026", "14 déc. 2026", "sem. 50"),
    ("es", "14 de diciembre de 2026", "14 dic 2026", "sem. 50"),
])
def test_dates_and_weeks_in_each_languages_cldr_forms(language, long, medium, week):
    day = date(2026, 12, 14)
    assert date_words(day, reader(language)) == long
    assert date_words(day, reader(language), "medium") == medium
    assert week_words("2026-W50", reader(language)) == week


def test_a_date_or_week_written_otherwise_is_refused_by_name():
    with pytest.raises(ValueError, match="forms long, medium, not 'short'"):
        date_words(date(2026, 12, 14), reader("de"), "short")
    with pytest.raises(ValueError, match="2026-W50, not '50'"):
        week_words("50", reader("de"))


@pytest.mark.parametrize(("language", "luck", "count", "share"), [
    ("de", "14,5", "1.234", "90,9 %"), ("fr", "14,5", "1\u202f234", "90,9 %"),
    ("es", "14,5", "1.234", "90,9 %"), ("en", "14.5", "1,234", "90.9%"),
])
def test_the_leaderboard_and_the_points_in_the_languages_marks(language, luck, count, share):
    """The German leaderboard showed "21.3 / 7.4 / 14.5" beside standings in "90,9 %"."""
    assert _cell_words(14.5, reader(language)) == luck and _cell_words(1234, reader(language)) == count
    assert percent_words(90.9, reader(language), 1).replace("\u00a0", " ") == share
    assert _cell_words(None, reader(language)) == "" and _cell_words("Lena", reader(language)) == "Lena"


@pytest.fixture
def answered_term(tmp_path):
    """A German teacher's term: Lena answers from a French page, Pablo from a Spanish one, Max from a
    German one; Ida never answers."""
    from test_term import right_reply, wrong_reply

    room = Classroom(tmp_path / "c")
    term = Term(room, lambda: datetime(2026, 12, 9, 10, 0))  # ISO week 50
    students = {name: room.join(name) for name in ("Lena", "Pablo", "Max", "Ida")}
    thirds = term.assign("Terzen", "third", 3, "2026-12-07", "2026-12-14")
    for name, language, replies in (("Lena", "fr", (True, True, False)), ("Pablo", "es", (True,)),
                                    ("Max", "de", (False,))):
        for index, right in enumerate(replies):
            item = term.item(thirds.id, students[name].id, index, reader(language))
            term.answer(students[name].token, thirds.id, index,
                        right_reply(item) if right else wrong_reply(item), reader(language))
    yield room, term, thirds, students
    room.store.close()


def test_the_progress_table_and_the_weeks_in_the_teachers_language(answered_term):
    room, term, _thirds, students = answered_term
    table = progress_html(term, reader=reader("de"))
    assert re.search("67[\u00a0\u202f ]% \\(3\\)", table) and "67%" not in table  # was "67% (3)"
    assert "KW 50" in weeks_svg(term, students["Lena"].id, reader("de"))
    assert "sem. 50" in weeks_svg(term, students["Lena"].id, reader("fr"))


def test_a_grade_is_said_in_points_of_the_most_the_assignment_gives(answered_term):
    _room, _term, thirds, _students = answered_term
    assert points_words(66.67, thirds, reader("de")) == "66,67 von 100 Punkten"
    assert points_words(66.67, thirds, reader("fr")) == "66,67 points sur 100"
    assert points_words(None, thirds, reader("es")) == "–"


# ---- 9: parent reports in the family's language --------------------------------------------------------
@pytest.fixture
def written(monkeypatch):
    """The texts of every report drawn (its figure's texts and its picture's tick labels)."""
    texts: list[str] = []
    save = matplotlib.figure.Figure.savefig

    def savefig(figure, *args, **kwargs):
        texts.extend(text.get_text() for text in figure.texts)
        texts.extend(label.get_text() for axes in figure.axes for label in axes.get_xticklabels())
        return save(figure, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", savefig)
    return texts


@pytest.mark.parametrize(("name", "said", "unsaid"), [
    ("Lena", ["théorie musicale", "2 sur 3 exercices justes", "66,67 points sur 100", "14 déc. 2026",
              "sem. 50"], ["Punkte", "note", "Note"]),
    ("Pablo", ["teoría musical", "1 de 3 ejercicios correctos", "33,33 de 100 puntos", "14 dic 2026",
               "sem. 50"], ["Punkte", "nota"]),
    ("Max", ["Musiktheorie", "0 von 3 Übungen richtig", "0 von 100 Punkten", "14.12.2026", "KW 50"],
     ["Note"]),
    ("Ida", ["Musiktheorie"], []),  # no answer says a language: the teacher's
])
def test_each_familys_report_is_in_the_language_of_the_students_page(answered_term, written, name, said,
                                                                      unsaid):
    from muzlab.app.term_report import report_pdf

    _room, term, _thirds, students = answered_term
    assert report_pdf(term, students[name].id, reader("de")).startswith(b"%PDF")
    text = "\n".join(written)
    assert all(words in text for words in said), text
    assert not any(words in text for words in unsaid), text


def test_a_class_file_whose_answer_names_an_unknown_language_is_refused_by_name(answered_term):
    from muzlab.app.term import TermError, answer_of

    data = {"assignment": 1, "student": 1, "item": 0, "reply": 0, "right": True, "at": "2026-12-09T10:00:00",
            "ideas": ["third"], "language": "klingon"}
    with pytest.raises(TermError, match="language 'klingon'"):
        answer_of(data)


def test_a_date_in_an_error_is_said_as_the_pages_language_writes_it(tmp_path):
    from muzlab.app.term import TermError
    from muzlab.names.error_words import error_words

    room = Classroom(tmp_path / "c")
    term = Term(room, lambda: datetime(2026, 11, 30, 10, 0))
    with pytest.raises(TermError) as refused:
        term.assign("Terzen", "third", 2, "2026-12-14", "2026-12-07")
    assert "2026-12-07" in str(refused.value)  # (str(error) stays English)
    assert "7. Dezember 2026" in error_words(refused.value, reader("de"))
    assert "7 décembre 2026" in error_words(refused.value, reader("fr"))
    room.store.close()


@pytest.mark.parametrize(("language", "start"), [
    ("fr", "L'ordinateur (glouton) pose "), ("de", "Computer (gierig) legt "),
    ("es", "Ordenador (codicioso) pone ")])
def test_a_computers_move_begins_its_sentence_with_the_computers_name(language, start):
    from muzlab.play.table import COMPUTER_SEAT, Table
    from muzlab.play.table_news import said as worded

    table = Table(2, agents=["greedy", None], names=[COMPUTER_SEAT[1], "Lena"], seed=3)
    said = [message.text for message in worded(table.play_computers(), reader(language))]
    assert said and all(text.startswith(start) for text in said), said
