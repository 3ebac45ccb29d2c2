"""Words are a pure function of the facts, the board's spelling and the reader (issue 30).

For seeded games read in every note-name convention and three lesson keys, every sentence the
objects say (refusals through `Position.explain`, the log, the table's messages, the class page's last
move, the coach's comments) equals the sentence
written afresh from the facts of a replayed copy with an explicit `Reader`, when the objects are
asked on the threads of a pool, in a shuffled order, under another default reader each time: no
cache serves one reader's words to another, and no thread needs the caller's context.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

import muzlab
from muzlab import Game, Key, Reader
from muzlab.app.pages import last_move
from muzlab.core.errors import UnknownSetting
from muzlab.names.refusal_words import refusal_text
from muzlab.play.agents import make_agent, play
from muzlab.play.coach import comment, comments, decisions
from muzlab.play.game_words import event_sentence, moment_words, name_changes_page, two_names_page
from muzlab.play.table import Table
from muzlab.play.table_news import said as worded

CONVENTIONS = ("english", "german", "solfege")
KEYS = (None, Key.of("F#"), Key.of("Eb"))
READERS = tuple(Reader(convention, key, typeset=convention == "english")
                for convention in CONVENTIONS for key in KEYS)
SEEDS = (3, 11)


def seeded_game(seed: int) -> Game:
    """A two-player game of 21 dice played to the end by two seeded greedy players."""
    return play(Game(2, seed=seed), [make_agent("greedy", f"{seed}-a"), make_agent("greedy", f"{seed}-b")])


def refused(game: Game, seed: int) -> list[tuple[int, int, tuple[int, int]]]:
    """(moment, pitch, cell) of some refused placements along the game, the same for the same seed."""
    rng, found = random.Random(seed), []
    for index, moment in enumerate(game.history()):
        if moment.event.kind != "place" or index % 4:
            continue
        position = moment.after
        cells = [cell for cell in position.board.cells if any(
            abs(cell[0] - q) + abs(cell[1] - r) <= 2 for q, r in position.dice)]
        for pitch in rng.sample(range(12), 4):
            for cell in rng.sample(cells, min(3, len(cells))):
                if position.refusal(pitch, cell) is not None:
                    found.append((index, pitch, cell))
    return found


def written_afresh(record: str, asked: list, reader: Reader) -> dict[str, list[str]]:
    """Every sentence written from the facts of a game replayed from its record, for `reader` passed
    to the word makers themselves (no object's method, no cache of the game asked)."""
    game = Game.from_json(record)
    history = game.history()
    log = [event_sentence(moment.event, game.board, reader, moment_words(moment, reader))
           for moment in history]
    refusals = []
    for index, pitch, cell in asked:
        position = history[index].after
        refusals.append(refusal_text(position.refusal(pitch, cell), position.board,
                                     position.spelled(reader.key or ""), reader))
    said = [comment(d.position, d.pitch, d.cell, d.passed_die, reader) for d in decisions(game)]
    return {"log": log, "explain": refusals, "comments": said}


def said_by_the_objects(game: Game, asked: list, reader: Reader, default: str) -> dict[str, list[str]]:
    """The same sentences asked of the played game's own objects (their caches shared by every
    reader and thread), under another default reader than the one passed."""
    with muzlab.note_names(default), muzlab.lesson_key("A"):
        history = game.history()
        return {"log": game.log(reader),
                "explain": [history[index].after.explain(pitch, cell, reader)
                            for index, pitch, cell in asked],
                "comments": comments(game, reader)}


@pytest.fixture(scope="module")
def games() -> list[tuple[Game, list]]:
    played = []
    for seed in SEEDS:
        game = seeded_game(seed)
        played.append((game, refused(game, seed)))
    return played


def test_every_sentence_is_written_from_its_facts_for_the_reader_given_on_any_thread_in_any_order(games):
    expected = {(n, reader): written_afresh(game.to_json(), asked, reader)
                for n, (game, asked) in enumerate(games) for reader in READERS}
    assert all(said["explain"] and said["log"] and said["comments"] for said in expected.values())
    german = expected[0, Reader("german")]
    assert german != expected[0, Reader("english", typeset=True)]  # the readers do read otherwise
    for order in (0, 1):
        tasks = [(n, reader, CONVENTIONS[(i + order) % 3]) for i, (n, reader) in enumerate(expected)] * 2
        random.Random(order).shuffle(tasks)
        with ThreadPoolExecutor(max_workers=4) as pool:
            answers = list(pool.map(lambda task: said_by_the_objects(*games[task[0]], *task[1:]), tasks))
        for (n, reader, default), said in zip(tasks, answers, strict=True):
            assert said == expected[n, reader], (n, reader, default)
    assert muzlab.default_reader() == Reader()  # no block left behind on this thread


def test_a_reader_is_a_hashable_value_with_a_readable_repr_and_refuses_what_it_cannot_read():
    reader = Reader("german", Key.of("Fis", "german"), typeset=True)
    assert reader == Reader("german", Key.of("F#"), True)
    assert hash(reader) == hash(Reader("german", Key.of(6), True))
    assert repr(reader) == "Reader('german', key=Key('F#', 'major'), typeset=True)"
    assert repr(Reader()) == "Reader('english')" and Reader().language == "en"
    assert reader.name("Bb") == "B" and Reader(typeset=True).name("Bb") == "B♭"
    assert Reader().name("Bb") == "Bb"
    assert Key.of("D harmonic minor") == Key(muzlab.core.pitch.SpelledNote("D", 0), "harmonic minor")
    assert reader.with_key(None).key is None and reader.replace(key="Gb").key == Key.of("Gb")
    assert repr(Reader("german", language="de")) == "Reader('german', language='de')"
    with pytest.raises(UnknownSetting, match="unknown language 'nl'; muzlab speaks en"):
        Reader(language="nl")
    with pytest.raises(UnknownSetting, match="'dutch'; known: english, german, solfege"):
        Reader("dutch")
    with pytest.raises(UnknownSetting, match="a Key value"):
        Reader(key="F# major")
    with pytest.raises(muzlab.names.spelling.NotAKey):
        Key.of("Fb")


def test_a_game_keeps_the_die_words_of_each_reader_and_never_serves_one_to_another(games):
    game, _ = games[0]
    english, german = Reader(), Reader("german")
    first = game.die_words(german)
    assert game.die_words(english) != first and game.die_words(german) is first  # kept, not re-worded
    assert set(game._named.readers()) >= {english, german}
    for reader in READERS:  # nine readers through a game that keeps eight: the one asked least recently goes
        game.die_words(reader)
        assert game.die_words(german) is first  # (asked again after each: always kept)
    readers = game._named.readers()
    assert german in readers and READERS[0] not in readers and len(readers) == 8


def table_said(seed: int, reader: Reader) -> tuple[Game, list, list[str]]:
    """A table of two seeded computers playing a game out for `reader`: its game, seats and messages."""
    table = Table(agents=["greedy", "random"], names=["Anna", "Ben"], seed=seed)
    messages = worded(table.play_computers(), reader)
    return table.game, table.seats, [m.text for m in messages if m.event is not None]


def test_an_event_has_one_sentence_in_the_log_the_table_and_the_class_page_in_every_language():
    readers = (*READERS[::3], Reader("german", Key.of("Eb"), language="de"), Reader("solfege", language="fr"),
               Reader("solfege", Key.of("F#"), typeset=True, language="es"))
    tasks = [(seed, reader) for seed in SEEDS for reader in readers]
    random.Random(5).shuffle(tasks)
    with ThreadPoolExecutor(max_workers=4) as pool:
        played = list(pool.map(lambda task: table_said(*task), tasks))
    english = {}
    for (seed, reader), (game, seats, messages) in zip(tasks, played, strict=True):
        replayed = Game.from_json(game.to_json()).history()
        told = [moment for moment in replayed if moment.event.kind != "roll"]  # (a computer's roll: untold)
        assert len(messages) == len(told) > 10
        for moment, text in zip(told, messages, strict=True):
            pages = [clause.format(page=link) for clause, link in (
                (reader.gettext("one sound, two names: {page}"), two_names_page(reader)),
                (reader.gettext("why names change: {page}"), name_changes_page(reader))) if link in text]
            seat = moment.event.player
            sentence = event_sentence(moment.event, game.board, reader, moment_words(moment, reader),
                                      seats[seat].called(reader), pages,
                                      seats[1 - seat].called(reader) if moment.event.kind == "pass" else "")
            assert text.startswith(sentence), (reader, text, sentence)
        assert game.log(reader) == [event_sentence(m.event, game.board, reader, moment_words(m, reader))
                                    for m in replayed]
        snapshot = SimpleNamespace(history=replayed, seats=seats, position=game.position)
        assert last_move(snapshot, None, reader) == event_sentence(
            replayed[-1].event, game.board, reader, moment_words(replayed[-1], reader),
            seats[replayed[-1].event.player].name)
        if reader.language == "en":
            english[seed] = messages
    for (seed, reader), (_game, _seats, messages) in zip(tasks, played, strict=True):
        if reader.language != "en":  # translated: no message reads as the English one, no computer so named
            assert not set(messages) & set(english[seed]) and not any(" places " in m for m in messages)
            assert not any("(greedy)" in m or "(random)" in m for m in messages)
