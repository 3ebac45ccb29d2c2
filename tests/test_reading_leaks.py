"""The two wrong names of issue 30: a die's name taken from another game's history, and a picture drawn
on the worker thread in another reader's note names."""

import re

from test_review import seeded_games

import muzlab
from muzlab import Game, Position
from muzlab.play.coach import best_cell, comments, die_label
from muzlab.reading import lesson_key, typeset

#: A die named in a comment: "F# on g4", "The opening C went on e5", "Bb fitted on d6".
NAMED_DIE = re.compile(r"(\S+) (?:went |fitted )?on ([a-z]+\d+)\b")
#: Two orders of the same three dice reaching equal positions, then the same fourth die on g4: a board
#: is spelled from its dice alone, so both histories name every die, the fourth too, alike.
SHARP_FIRST = [(6, (0, 0)), (4, (1, 0)), (5, (-1, 1)), (6, (2, -1))]
FLAT_FIRST = [(6, (0, 0)), (5, (-1, 1)), (4, (1, 0)), (6, (2, -1))]


def scripted(moves: list[tuple[int, tuple[int, int]]]) -> Game:
    """A two-player game whose dice show the faces given and are placed on the cells given."""
    game = Game(players=2, seed=0)
    for face, cell in moves:
        while game.phase in ("roll", "reroll"):
            game.roll(face)
        game.place(cell)
    return game


def wrong_names(game: Game) -> list[tuple[str, str, str]]:
    """Every die a comment names otherwise than the board does, as (comment, said, board's label): the
    die played is compared with the board after it, the best cell's with that board if played there."""
    wrong = []
    moments = [moment for moment in game.history() if moment[0].kind != "roll"]
    for (event, before, after), said in zip(moments, comments(game), strict=True):
        named = NAMED_DIE.findall(said)
        best = best_cell(before, event.pitch)
        for name, cell_name in named:
            cell = before.board.as_cell(cell_name)
            if cell == event.cell:
                label = after.labels()[cell]
            else:
                assert cell == best, f"{said!r} names a die on {cell_name}, neither played nor best"
                label = before.place(event.pitch, cell).labels()[cell]
            if name != label:
                wrong.append((said, name, label))
    return wrong


def test_equal_positions_of_two_histories_name_the_next_die_alike_as_their_boards_do():
    sharp, flat = Position(), Position()
    for (pitch, cell), (other, other_cell) in zip(SHARP_FIRST[:3], FLAT_FIRST[:3], strict=True):
        sharp, flat = sharp.place(pitch, cell), flat.place(other, other_cell)
    assert sharp == flat and sharp.labels() == flat.labels()  # equal dice, the same names whatever the order
    pitch, cell = SHARP_FIRST[3]
    named = sharp.place(pitch, cell).labels()[cell]
    assert die_label(sharp, pitch, cell) == named == die_label(flat, pitch, cell)
    assert flat.place(pitch, cell).labels()[cell] == named


def test_every_die_a_comment_names_reads_as_on_the_board_in_seeded_games():
    """Two tables of a duplicate tournament reach one position by two histories; the coach's words
    for each follow its own board, in every reading, and so do those of the seeded review games."""
    for reading in (typeset, lambda: muzlab.note_names("german"), lambda: lesson_key("Gb")):
        with reading():
            for game in (scripted(SHARP_FIRST), scripted(FLAT_FIRST), scripted(SHARP_FIRST)):
                assert wrong_names(game) == []
    last = [comments(scripted(moves))[-1] for moves in (SHARP_FIRST, FLAT_FIRST)]
    assert last[0] == last[1] and last[0].startswith("F# on g4")  # one board, one name
    for game in seeded_games():
        assert wrong_names(game) == []


def keyboard_names(svg: str) -> list[str]:
    """The note names a keyboard picture shows (not the semitone counts between them)."""
    return [text for text in re.findall(r">([^<>]+)</text>", svg) if not text.isdigit()]


def test_a_picture_drawn_on_the_worker_thread_reads_in_the_settings_it_was_asked_in():
    """ListenPanel(background=True), as the PlayBoard draws a completed run: the worker is given the
    caller's reading, so German names read C Es G on the keyboard too, and the picture remembered
    under German is not served to an English reader (nor the English one to a German reader)."""
    import asyncio

    from muzlab.widgets import listen
    from muzlab.widgets.listen import ListenPanel

    c_minor = Position(None, {"e5": "C", "e6": "Eb", "e7": "G"}).runs_through("e5")[0]

    async def show(convention: str) -> tuple[ListenPanel, str]:
        with muzlab.note_names(convention), typeset():
            panel = ListenPanel(background=True)
            panel.show(c_minor)
        before = panel.keyboard.value  # drawn later, on the worker thread
        for _ in range(600):
            await asyncio.sleep(0.05)
            if panel.keyboard.value:
                break
        return panel, before

    listen._drawn.cache_clear()
    for convention, names, title in (("german", ["C", "Es", "G"], "C–Es–G"),
                                     ("english", ["C", "E♭", "G"], "C–E♭–G"),
                                     ("german", ["C", "Es", "G"], "C–Es–G")):
        panel, before = asyncio.run(show(convention))
        assert before == "" and title in panel.title.value
        assert keyboard_names(panel.keyboard.value) == names, convention
    assert listen._drawn.cache_info().hits >= 1  # the second German panel was served the first's picture


def test_a_staff_first_drawn_on_another_thread_than_the_one_that_imported_verovio_has_its_fonts():
    """verovio's default fonts folder holds only on the thread that imported it; the staff worker may
    be the first to draw (a notebook that imported the music views, then completed a run)."""
    import threading

    from muzlab.views import music

    music._toolkit.cache_clear()
    drawn: list[str] = []
    triad = music.structure_stream("triad", Position(None, {"e5": "C", "e6": "Eb", "e7": "G"})
                                   .runs_through("e5")[0].notes)
    worker = threading.Thread(target=lambda: drawn.append(music.notation_svg(triad)))
    worker.start()
    worker.join()
    assert len(drawn) == 1  # (without its fonts verovio cannot read the MusicXML: RenderError)
    heads = [svg.count('class="notehead') for svg in (drawn[0], music.notation_svg(triad))]
    assert heads == [6, 6]  # the arpeggio, then the chord


def test_a_run_spelled_without_a_lesson_key_keeps_its_names_under_another_readers_lesson_key():
    position = Position(None, {"e3": "F#", "e4": "A#"})  # spelled F#–A# alone, Gb–Bb in Db major
    (run,) = position.structures("")
    (in_d_flat,) = position.structures("Db")
    assert in_d_flat.names == ("Gb", "Bb")  # the lesson key does spell this run otherwise
    alone = run.names, run.triad_names()
    with lesson_key("Db"):  # (a page's worker thread asking under its own reader's lesson key)
        assert (run.names, run.triad_names()) == alone == (("F#", "A#"), ["D# minor", "F# major"])
