"""The term's key questions (key signature, Roman numeral) and its games against the computer: the
items checked against the scale's own letters, a game played to its end on a student's page and
graded by the coach's accuracy, its decisions replayed after a restart, its result checked against
the coach's standings, and refused moves that write nothing."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import datetime

import pytest
from test_term import Clock, open_term, raw_events, right_reply

from muzlab.app import term_games
from muzlab.app.classroom import Classroom
from muzlab.app.store import ClassFolderError
from muzlab.app.term import Term, TermError
from muzlab.names.error_words import error_words
from muzlab.names.letters import MAJOR_KEY_NUMERALS, major_scale
from muzlab.names.reader import Reader
from muzlab.play import keyitems
from muzlab.play.coach import LEVELS, standings
from muzlab.reading import note_names

MONDAY = datetime(2026, 11, 30, 10, 0)
#: Semitones from a triad's root to its third and fifth, by quality (the numeral's case and sign).
QUALITY_OF = {(4, 7): "major", (3, 7): "minor", (3, 6): "diminished"}
SEMITONES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def semitone(name: str) -> int:
    return (SEMITONES[name[0]] + name.count("#") - name.count("b")) % 12


def test_a_key_signature_item_names_the_key_whose_scale_has_that_many_sharps_or_flats():
    for seed in range(60):
        facts = keyitems.draw("key signature", seed)
        scale = major_scale(facts.key)  # the key's own letters, counted
        sharps = sum(n.count("#") - n[1:].count("b") for n in scale)
        assert facts.signature == sharps, facts
        assert facts.answer in facts.options and len(set(facts.options)) == keyitems.OPTIONS
        if facts.asks == "key":  # no other option has the same signature
            assert [o for o in facts.options if keyitems.MAJOR_KEY_SIGNATURES[o] == sharps] == [facts.key]
    question = keyitems.make_question("key signature", 1)  # odd seeds ask the count
    assert question.prompt.startswith("What is the key signature of")
    assert question.check(question.answer)[0] and not question.check(question.options[0] if
                                                                     question.options[0] != question.answer
                                                                     else question.options[1])[0]


def test_a_roman_numeral_item_is_the_triad_on_that_degree_with_the_case_of_its_quality():
    for seed in range(60):
        facts = keyitems.draw("Roman numeral", seed)
        question = keyitems.make_question("Roman numeral", seed, Reader())
        notes = question.prompt.split("the triad ")[1].rstrip("?").split("–")
        scale = major_scale(facts.key)
        assert notes == [scale[(facts.degree + k) % 7] for k in (0, 2, 4)]  # the key's letters, a third apart
        root = semitone(notes[0])
        quality = QUALITY_OF[((semitone(notes[1]) - root) % 12, (semitone(notes[2]) - root) % 12)]
        numeral = question.answer
        assert numeral.rstrip("°").upper() == MAJOR_KEY_NUMERALS[facts.degree].rstrip("°").upper()
        assert (numeral.isupper(), numeral.endswith("°")) == (quality == "major", quality == "diminished")
        assert numeral in question.options and len(question.options) == keyitems.OPTIONS


def test_a_key_item_means_the_same_option_in_every_note_name_convention_and_language():
    for kind in keyitems.KINDS:
        for seed in range(10):
            english = keyitems.make_question(kind, seed, Reader())
            german = keyitems.make_question(kind, seed, Reader(convention="german", language="de"))
            assert english.options.index(english.answer) == german.options.index(german.answer)
    assert keyitems.make_question("key signature", 2, Reader(convention="german", language="de")).prompt \
        != keyitems.make_question("key signature", 2, Reader()).prompt
    with pytest.raises(Exception, match="unknown kind of key question"):
        keyitems.draw("clef", 1)


def test_key_items_are_assigned_answered_and_counted_under_their_ideas(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    keys = term.assign("Signatures", "key signature", 3, "2026-11-30", "2026-12-04")
    numerals = term.assign("Numerals", "Roman numeral", 2, "2026-11-30", "2026-12-04")
    for assignment, rights in ((keys, [True, False, True]), (numerals, [True, True])):
        for right in rights:
            item = term.next_item(assignment.id, anna.id)
            reply = right_reply(item) if right else (right_reply(item) + 1) % len(item.options)
            assert term.answer(anna.token, assignment.id, item.index, reply)[0] == right
    table = {r["idea"]: (r["answered"], r["right"]) for r in term.progress(anna.id)}
    assert table == {"key signature": (3, 2), "Roman numeral": (2, 2)}
    assert term.grades(keys.id) == [("Anna", 66.67)]
    room.store.close()


def best(table):
    """The greedy reply: a cell scoring most for the die in hand, or None (pass) when none fits."""
    scores = table.game.position.legal_scores(table.game.hand)
    return max(sorted(scores), key=scores.get) if scores else None


def worst(table):
    """A weak reply: the legal cell scoring least (a pass when none fits)."""
    scores = table.game.position.legal_scores(table.game.hand)
    return min(sorted(scores), key=scores.get) if scores else None


def play_game(term, student, assignment, choose, stop_after=None):
    """Play the student's next game of an assignment by `choose(table)`, up to `stop_after` moves."""
    item = term.next_item(assignment.id, student.id)
    moves = 0
    while term.next_item(assignment.id, student.id) == item and (stop_after is None or moves < stop_after):
        term.answer(student.token, assignment.id, item.index, choose(term.table(assignment.id, student.id,
                                                                                item.index)))
        moves += 1
    return item.index


def test_a_game_against_the_computer_is_played_stored_replayed_and_graded_by_accuracy(tmp_path):
    folder = tmp_path / "c"
    room, term = open_term(folder, Clock(MONDAY))
    anna, ben = room.join("Anna"), room.join("Ben")
    codes = {"Anna": anna.code, "Ben": ben.code}
    games = term.assign("Beat greedy", "game", 2, "2026-11-30", "2026-12-04", computer="greedy", seed=4)
    assert games.computer == "greedy" and "against the computer (greedy)" in term.next_item(games.id,
                                                                                            anna.id).prompt
    play_game(term, anna, games, best)
    play_game(term, ben, games, worst)
    index = play_game(term, anna, games, best, stop_after=3)  # game 2 under way when the server stops
    before = term.table(games.id, anna.id, index)
    position, scores = before.game.position, before.game.scores
    room.store.close()

    room, term = open_term(folder, Clock(MONDAY))  # the decisions replay to the same board
    anna = room.join("Anna", personal=codes["Anna"])
    ben = room.join("Ben", personal=codes["Ben"])
    again = term.table(games.id, anna.id, index)
    assert (again.game.position, again.game.scores) == (position, scores)
    play_game(term, anna, games, best)
    assert term.next_item(games.id, anna.id) is None and term.done(games.id, anna.id)[0] == 2

    answers = [a for a in raw_events(folder, "answer") if a["assignment"] == games.id]
    results = [a for a in answers if a["step"] == "result"]
    assert [a["student"] for a in results] == [anna.id, ben.id, anna.id]
    tagged = {(), ("best cell",), ("scoring",), ("luck-adjusted skill",)}
    assert {tuple(a["ideas"]) for a in answers} <= tagged
    for result in results:  # the result's figures: the coach's own standings of the game, replayed
        figures = result["reply"]
        assert result["right"] == (figures["points"] >= figures["computer"])
        skill = next(a for a in answers if a["step"] == "skill" and a["item"] == result["item"]
                     and a["student"] == result["student"])
        assert skill["right"] == (figures["luck_adjusted_margin"] >= 0)
        game = term.table(games.id, result["student"], result["item"]).game
        assert game.over and list(game.scores) == [figures["points"], figures["computer"]]
        table = standings([(game, ["me", "computer"])]).set_index("name")
        lam = table.loc["me", "luck_adjusted_margin"]
        assert figures["luck_adjusted_margin"] == pytest.approx(lam, abs=0.01)
        assert figures["accuracy"] == pytest.approx(table.loc["me", "accuracy"], abs=0.1)
    # the greedy-best player's decisions are all the best cell; the weakest cell seldom is
    anna_moves = [a["right"] for a in answers if a["student"] == anna.id and a["ideas"] == ["best cell"]]
    ben_moves = [a["right"] for a in answers if a["student"] == ben.id and a["ideas"] == ["best cell"]]
    assert all(anna_moves) and sum(ben_moves) < len(ben_moves) / 2
    # graded by accuracy: the mean over the games set, a game not finished counts 0
    anna_figures = [r["reply"] for r in results if r["student"] == anna.id]
    ben_figures = [r["reply"] for r in results if r["student"] == ben.id]
    assert term.grade(games.id, anna.id) == round(sum(f["accuracy"] for f in anna_figures) / 2, 2)
    assert term.grade(games.id, ben.id) == round(ben_figures[0]["accuracy"] / 2, 2)
    assert term.grade(games.id, anna.id) > term.grade(games.id, ben.id)
    # the progress table has the game's ideas, and the standings rank by luck-adjusted margin
    ideas = {r["idea"] for r in term.progress(anna.id)}
    assert ideas == {"best cell", "scoring", "luck-adjusted skill"}
    ranked = term.standings()
    means = {name: term_games.standing(term.games(None, sid))["luck_adjusted_margin"]
             for name, sid in (("Anna", anna.id), ("Ben", ben.id))}
    assert [r["nickname"] for r in ranked] == sorted(means, key=lambda name: -means[name])
    assert [r["games"] for r in ranked if r["nickname"] == "Anna"] == [2]
    assert all(r["level"] in [name for name, _ in LEVELS] for r in ranked)
    room.store.close()


def test_two_merged_nicknames_who_both_played_the_one_game_count_one_game(tmp_path):
    """Issue #53: both nicknames of one student finished the one game set; merged, the grade was
    181.8 of 100 (two games' accuracies over one game set). The kept nickname's game counts, live and
    after a restart; the other's moves and result are gone from the file."""
    folder = tmp_path / "c"
    room, term = open_term(folder, Clock(MONDAY))
    ben, benny = room.join("Ben"), room.join("Benny")
    game = term.assign("Beat random", "game", 1, "2026-11-30", "2026-12-04", computer="random", seed=2)
    play_game(term, benny, game, best)
    play_game(term, ben, game, worst)
    kept = term.games(game.id, ben.id)[0]
    kept_skill = term.done(game.id, ben.id)[1]
    assert kept != term.games(game.id, benny.id)[0]
    term.merge(benny.id, ben.id)
    live = (term.grade(game.id, ben.id), term.games(game.id, ben.id), term.done(game.id, ben.id))
    assert live == (kept["accuracy"], [kept], (1, kept_skill))
    assert [row["games"] for row in term.standings()] == [1]
    assert [a["reply"] for a in raw_events(folder, "answer") if a["step"] == "result"] == [kept]
    room.store.close()
    room, term = open_term(folder, Clock(MONDAY))
    assert (term.grade(game.id, ben.id), term.games(game.id, ben.id), term.done(game.id, ben.id)) == live
    room.store.close()


def test_a_merge_keeps_the_kept_students_game_whole_where_both_played_and_the_term_reopens(tmp_path):
    """Issue #53: merged, two nicknames' moves in one game item did not fit one board, and the replay
    stopped at the first that did not. Game 1, finished as Benny and begun as Ben, stays Ben's game
    under way (Ben plays on from the same board, after a restart too); game 2, played only as Benny,
    becomes Ben's."""
    folder = tmp_path / "c"
    room, term = open_term(folder, Clock(MONDAY))
    ben, benny = room.join("Ben"), room.join("Benny")
    games = term.assign("Beat greedy", "game", 2, "2026-11-30", "2026-12-04", computer="greedy", seed=3)
    play_game(term, benny, games, best)
    play_game(term, benny, games, best)
    play_game(term, ben, games, worst, stop_after=3)
    under_way = term.table(games.id, ben.id, 0).game
    board, moves = (under_way.position, under_way.scores), len(under_way.events)
    second = term.games(games.id, benny.id)[1]
    game_2 = [a for a in raw_events(folder, "answer") if a["student"] == benny.id and a["item"] == 1]
    assert term.games_both_played(benny.id, ben.id) == {(games.id, 0)}
    from muzlab.app.term_pages import TermTeacher

    teacher = TermTeacher(term)  # the teacher merges on their page: told which game stays whose
    teacher.forget_pick.value, teacher.into_pick.value = benny.id, ben.id
    teacher.merge_button.click()  # asked first, then done
    teacher.merge_button.click()
    assert (f"Benny's {len(game_2)} answers are now Ben's; Benny is off the roster. 1 game both nicknames "
            f"played stays Ben's: Benny's moves in it are deleted.") in teacher.message.value
    teacher.close()
    for again in (False, True):
        if again:
            room.store.close()
            room, term = open_term(folder, Clock(MONDAY))
        game = term.table(games.id, ben.id, 0).game
        assert ((game.position, game.scores), len(game.events)) == (board, moves) and not game.over
        assert term.games(games.id, ben.id) == [second] and term.done(games.id, ben.id)[0] == 1
    assert play_game(term, ben, games, best) == 0  # Ben finishes game 1 from where he was
    assert term.done(games.id, ben.id)[0] == 2 and len(term.games(games.id, ben.id)) == 2
    room.store.close()
    room, term = open_term(folder, Clock(MONDAY))
    assert len(term.games(games.id, ben.id)) == 2
    room.store.close()


def test_a_layout_3_file_whose_merge_mixed_two_games_in_one_item_opens_with_the_first_game(tmp_path):
    """A merge made by an earlier muzlab (layout 3) moved every answer of the duplicate to the kept
    student, so one game item may hold two games' moves. Such a file opens (it is not damage): from
    the first decision that does not fit, the item's later answers are dropped, as that layout's replay
    ignored them, and deleted from the file, which was copied first; it then opens as layout 4."""
    folder = tmp_path / "c"
    room, term = open_term(folder, Clock(MONDAY))
    ben, benny = room.join("Ben"), room.join("Benny")
    games = term.assign("Beat greedy", "game", 1, "2026-11-30", "2026-12-04", computer="greedy", seed=3)
    play_game(term, ben, games, worst, stop_after=3)
    first = term.table(games.id, ben.id, 0).game
    board, moves = (first.position, first.scores), len(first.events)
    play_game(term, benny, games, best)
    answers = len(raw_events(folder, "answer"))
    room.store.rewrite(lambda kind, data: False,  # the earlier merge: Benny's answers became Ben's
                       lambda kind, data: {**data, "student": ben.id}
                       if kind == "answer" and data["student"] == benny.id else None)
    room.store.close()
    db = sqlite3.connect(folder / "class.sqlite")
    db.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
    db.commit()
    db.close()
    old = (folder / "class.sqlite").read_bytes()
    room, term = open_term(folder, Clock(MONDAY))
    game = term.table(games.id, ben.id, 0).game
    assert ((game.position, game.scores), len(game.events)) == (board, moves) and not game.over
    assert (folder / "class.sqlite.backup-v3").read_bytes() == old
    kept = raw_events(folder, "answer")
    assert 3 <= len(kept) < answers and all(a["student"] == ben.id for a in kept)
    assert play_game(term, ben, games, best) == 0  # Ben plays on from where he was
    room.store.close()
    room, term = open_term(folder, Clock(MONDAY))  # layout 4 now: every stored move fits
    assert term.table(games.id, ben.id, 0).game.over
    room.store.close()


def test_a_refused_move_or_game_assignment_writes_nothing(tmp_path):
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    with pytest.raises(TermError, match="1 to 10 games"):
        term.assign("Marathon", "game", 11, "2026-11-30", "2026-12-04")
    with pytest.raises(TermError, match="no computer level 'grandmaster'"):
        term.assign("Strong", "game", 1, "2026-11-30", "2026-12-04", computer="grandmaster")
    games = term.assign("One game", "game", 1, "2026-11-30", "2026-12-04", computer="random")
    term.answer(anna.token, games.id, 0, best(term.table(games.id, anna.id, 0)))  # the opening die
    table = term.table(games.id, anna.id, 0)
    occupied = next(iter(table.game.position.dice))
    written = len(raw_events(room.folder, "answer"))
    with pytest.raises(TermError, match="already holds"):
        term.answer(anna.token, games.id, 0, list(occupied))
    with pytest.raises(TermError, match="clicking a cell of the board, or by passing"):
        term.answer(anna.token, games.id, 0, "e5")
    with pytest.raises(TermError, match="is not a game"):
        term.table(term.assign("Keys", "key signature", 1, "2026-11-30", "2026-12-04").id, anna.id, 0)
    assert len(raw_events(room.folder, "answer")) == written
    room.store.close()


@pytest.mark.slow
def test_a_student_plays_a_game_on_their_page_and_the_teacher_sees_the_standings(tmp_path):
    from muzlab.app.term_pages import TermStudent, TermTeacher

    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    teacher = TermTeacher(term)
    assert "muz-assign-computer" in teacher.computer._dom_classes
    teacher.title.value, teacher.kind.value, teacher.count.value = "Play", "game", 1
    teacher.computer.value = "random"
    teacher.create.click()
    assert "against the computer (random)" in teacher.listing.value
    page = TermStudent(term, lambda: anna, lambda: Reader("german", typeset=True))
    assert page.board_area.layout.display == "flex" and page.pass_button.layout.display == "flex"
    assert "Anna 0 – Computer 0" in page.game_status.value
    while page.item is not None:
        with note_names("german"):
            table = term.table(page.item.assignment, anna.id, page.item.index)
            choice = best(table)
        lit = {cell for cell, css in page.board.classes.items() if "muz-legal" in css}
        assert lit == set(table.game.position.legal_placements(table.game.hand))  # the die's cells lit
        if choice is None:
            page.pass_button.click()
        else:
            page.board.on_click(choice)
    assert "All done" in page.prompt.value and "accuracy" in page.said.value
    assert "class='muz-standings'" in page.progress.value and "<td>Anna</td>" in page.progress.value
    assert "class='muz-standings'" in teacher.standings.value and "<td>Anna</td>" in teacher.standings.value
    assert "luck-adjusted skill" in teacher.progress.value
    for view in (teacher, page):
        view.close()
    room.store.close()


def test_the_parents_report_gives_the_games_in_the_coachs_words(tmp_path, monkeypatch):
    import matplotlib.figure

    from muzlab.app.term_report import report_pdf

    written: list[str] = []
    save = matplotlib.figure.Figure.savefig

    def savefig(figure, *args, **kwargs):
        written.extend(text.get_text() for text in figure.texts)
        return save(figure, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", savefig)
    room, term = open_term(tmp_path / "c", Clock(MONDAY))
    anna = room.join("Anna")
    games = term.assign("Play", "game", 1, "2026-11-30", "2026-12-04", computer="random")
    report_pdf(term, anna.id)
    assert not any("Games against the computer" in text for text in written)  # none played yet
    play_game(term, anna, games, best)
    written.clear()
    assert report_pdf(term, anna.id).startswith(b"%PDF")
    row = term.standings()[0]
    line = next(text for text in written if "Games against the computer" in text)
    assert f"1 played, accuracy {row['accuracy']:.0f}% (level: {row['level']})" in line
    assert f"luck-adjusted margin {row['luck_adjusted_margin']:+.1f} points a game" in line
    room.store.close()


def hand_edited_game(folder, how):
    """Anna's game, three decisions in, its log then edited by hand as `how` says; the event edited and
    the cell name of Anna's first move."""
    room, term = open_term(folder, Clock(MONDAY))
    anna = room.join("Anna")
    game = term.assign("Beat random", "game", 1, "2026-11-30", "2026-12-04", computer="random", seed=2)
    play_game(term, anna, game, best, stop_after=3)
    first = term.table(game.id, anna.id, 0).board.cell_name(tuple(raw_events(folder, "answer")[0]["reply"]))
    room.store.close()
    db = sqlite3.connect(folder / "class.sqlite")
    moves = [seq for (seq,) in db.execute("SELECT seq FROM events WHERE kind = 'answer' ORDER BY seq")]
    (opening,) = db.execute("SELECT data FROM events WHERE seq = ?", (moves[0],)).fetchone()
    edited = {"a die on a taken cell": (moves[2], {"reply": json.loads(opening)["reply"]}),
              "the opening die passed": (moves[0], {"reply": None}),
              "a result before the end": (moves[2], {"step": "result"})}[how]
    (data,) = db.execute("SELECT data FROM events WHERE seq = ?", (edited[0],)).fetchone()
    db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps({**json.loads(data), **edited[1]}),
                                                           edited[0]))
    db.commit()
    db.close()
    return edited[0], first


@pytest.mark.parametrize(("how", "words"), [
    ("a die on a taken cell", r"game 1 does not take the die on {first} at that point: {first} already "
                              r"holds"),
    ("the opening die passed", r"game 1 does not let its die be passed at that point: the opening die always "
                               r"has a place"),
    ("a result before the end", r"a result of game 1 comes before the game is over"),
])
def test_a_hand_edited_game_move_that_does_not_fit_is_refused_naming_the_event(tmp_path, how, words):
    """Issue #53: a game's stored move on a real cell that the game does not take replayed silently
    (the replay stopped there, the game shown as it stood before it). The term refuses to open, naming
    the event and the rule broken, in the teacher's language too, and leaves the file as it was."""
    folder = tmp_path / "c"
    seq, first = hand_edited_game(folder, how)
    before = (folder / "class.sqlite").read_bytes()
    room = Classroom(folder)
    try:
        with pytest.raises(ClassFolderError, match=rf"event {seq} \(answer\) does not replay \("
                                                   + words.format(first=first)) as refused:
            Term(room, Clock(MONDAY))
    finally:
        room.store.close()
    assert (folder / "class.sqlite").read_bytes() == before
    german = error_words(refused.value, Reader(language="de"))
    said = german.split(f"Ereignis {seq} (answer)")[1]  # (the file's path aside)
    english = {"game", "point", "does", "take", "passed", "result", "over"}
    assert not english & set(re.findall(r"\w+", said)), said
