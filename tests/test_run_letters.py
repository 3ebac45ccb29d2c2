"""A line reads by its own scale's letter pattern, and a key listed for a run holds its notes as spelled
(docs/rules.md section 10; issue 29, items 14 and 15), over seeded standard and master games.

After every placement of each game, every diagonal run is read: each key it is said to fit by its
letters holds the run's notes as the board spells them, a key that holds only their sounds is named
as such ("= D major by sound"), at most three keys are named in its line, and its letters follow the
pattern of a scale type it fits (a major pentatonic's minor thirds two letters, a whole-tone line's
one diminished third at most).
"""

from __future__ import annotations

import re

import pytest

import muzlab
from muzlab import Board, Game, Position, RuleSet
from muzlab.names.board_spelling import patterns_read
from muzlab.names.letters import written_scales
from muzlab.names.reader import Reader
from muzlab.names.run_words import keys_text
from muzlab.names.spelling import run_key_lists
from muzlab.play.agents import make_agent, play

GAMES = [(21, "basic", 0), (42, "basic", 1), (33, "master", 2), (42, "master", 3), (42, "master", 4),
         (21, "master", 5), (33, "master", 6), (42, "master", 7)]


def scale_runs(dice: int, level: str, seed: int):
    """Every diagonal run of every position of a seeded game, as it stood after each placement."""
    game = Game(2, None, RuleSet.named(level), dice, seed)
    play(game, [make_agent("greedy", f"{seed}:0"), make_agent("random", f"{seed}:1")])
    position = Position(game.board, None, game.rules)
    for event in game.events:
        if event.kind == "place":
            position = position.place(event.pitch, event.cell)
            yield from (s for s in position.structures() if s.kind == "scale" and s.keys)


def holds(key: str, names: tuple[str, ...]) -> bool:
    """Whether a key named in English ("F# major", "Bb harmonic minor") holds these spelled notes, as
    one way of writing it does (a whole-tone scale's diminished third at any step); the chromatic
    scale, named without a tonic, holds every spelling."""
    if key == "the chromatic scale":
        return True
    tonic, kind = key.split(" ", 1)
    return any(set(names) <= set(written) for written in written_scales(tonic, kind))


@pytest.mark.parametrize(("dice", "level", "seed"), GAMES, ids=lambda v: str(v))
def test_every_key_listed_holds_the_runs_spelled_notes_and_every_line_reads_by_its_pattern(dice, level, seed):
    runs = keys = 0
    for run in scale_runs(dice, level, seed):
        runs += 1
        letters, sound = run.fitting_keys()
        assert letters or sound
        assert all(holds(key, run.names) for key in letters), (run.names, letters)
        assert not any(holds(key, run.names) for key in sound), (run.names, sound)
        keys += len(letters)
        kinds = {kind for _, kind in run.keys}
        if run.reads_right():  # (else a pair of it is among the board's few that no name mends)
            assert patterns_read(run.names, kinds), (run.names, kinds)  # e.g. C–E♭–F–G–B♭, never …–A♯
        if "whole-tone" in patterns_read(run.names, kinds) and kinds == {"whole-tone"}:
            climbs = [("CDEFGAB".index(b[0]) - "CDEFGAB".index(a[0])) % 7
                      for a, b in zip(run.names, run.names[1:], strict=False)]
            assert climbs.count(2) <= 1 and set(climbs) <= {1, 2}
        text = run.describe()
        named = re.sub(r" and \d+ more", "", text.split(": fits ", 1)[1]).replace(" by sound)", "")
        said = [key for part in named.split(" (= ") for key in part.split(", ") if key != "no key as spelled"]
        if ", complete" not in text and " from its " not in text:  # (a mode's wording names one key)
            assert len(said) <= 3 and said[:len(letters[:3])] == letters[:3], text
            assert all(holds(key, run.names) for key in text.split(": fits ", 1)[1].split(" (= ")[0]
                       .split(" and ")[0].split(", ") if key != "no key as spelled"), text
        assert run.describe(all_keys=True).count(",") + 1 >= len(letters) + len(sound) - 1
    assert runs and keys


def test_the_issues_master_runs_are_spelled_by_their_scale_types():
    board, rules = Board.master(), RuleSet.master()

    def run_of(notes: str) -> tuple[str, ...]:
        cells = [(i, -i) for i in range(-3, -3 + len(notes.split()))]
        (run,) = Position(board, dict(zip(cells, notes.split(), strict=True)), rules).structures()
        return run.names

    assert run_of("C Eb F G A#") == ("C", "Eb", "F", "G", "Bb")  # E♭ major pentatonic
    assert run_of("G A# C D") == ("G", "Bb", "C", "D")  # B♭ major pentatonic
    assert run_of("D# Gb Ab B") == ("D#", "F#", "G#", "B")  # B major pentatonic, never D♯–G♭–A♭–B
    assert run_of("C D E F# G# A#") == ("C", "D", "E", "F#", "G#", "A#")  # whole-tone, one letter a step
    assert run_of("E F# G# A# C D") == ("E", "F#", "G#", "A#", "C", "D")  # its one diminished third


def test_a_key_that_holds_only_the_sounds_is_named_as_such_after_those_that_hold_the_letters():
    (run,) = Position(None, {"d4": "E", "e5": "F#"}).structures()
    assert run.names == ("E", "F#") and run.fitting_keys() == (
        ["G major", "D major", "A major", "E major", "B major"], [])
    assert run.describe() == "scale run E–F#: fits G major, D major, A major and 2 more"
    assert run.describe(all_keys=True) == "scale run E–F#: fits G major, D major, A major, E major, B major"
    # the same sounds spelled F♭–G♭ (as a board of flats may write them): only C♭ major holds the letters
    letters, sound = run_key_lists(run.pitches, run.keys, ("Fb", "Gb"))
    assert letters == ["Cb major"] and sound == ["G major", "D major", "A major", "E major"]
    assert "".join(keys_text(letters, sound, Reader())) == "Cb major (= G major, D major and 2 more by sound)"
    assert keys_text([], ["F# harmonic minor"], Reader()) == ("", " (= F# harmonic minor by sound)")
    german = muzlab.Reader("german")
    assert run_key_lists(run.pitches, run.keys, ("Fb", "Gb"), reader=german)[0] == ["Ces major"]


def test_a_sharp_lesson_key_the_run_fits_by_sound_is_named_as_such_in_german():
    # Issue 29, item 20: "Es–F: fits Ges major, Des major" in an F♯ lesson. The board keeps the
    # fewest accidentals (docs/rules.md section 10: then the lesson's key), so E♭–F stays; the list names the
    # keys that hold E♭ and F, and the lesson's F♯ major as the twin it is, whatever the limit of three.
    position = Position(None, {"f4": "Eb", "e5": "F"})
    with muzlab.note_names("german"):
        (run,) = position.structures(key="F#")
        assert run.spelling() == ("Es", "F")
        text = run.describe()
        assert text == "scale run Es–F: fits B major, Es major and 3 more (= Fis major by sound)"
        assert "Ges major" not in text and "Des major" not in text
        letters, sound = run.fitting_keys()
        assert sound == ["Fis major"] and "Ges major" in letters  # (every key is still there)
        (plain,) = position.structures()
        assert "Fis" not in plain.describe()  # no lesson key: no twin named
        (in_gb,) = position.structures(key="Gb")  # a flat lesson key that holds the letters leads them
        assert in_gb.describe().startswith("scale run Es–F: fits Ges major, ")
