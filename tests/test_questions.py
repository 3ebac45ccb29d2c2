"""The question model (muzlab.play.questions): facts the rules confirm, the same for the same seed in
every note-name convention, and the one source the quiz, the worksheets and the puzzles word."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muzlab import MuzlabError, note_names
from muzlab.core.pitch import parse_pitch
from muzlab.play import puzzles, questions, quiz
from muzlab.play.questions import Degree, Key, Pair, Points, Run, Triad, Where
from muzlab.rules.perft import random_positions
from muzlab.views.worksheet import sheet_position, sheet_questions


@st.composite
def positions(draw: st.DrawFn):
    """A position of a seeded random playout, from the empty board to 21 dice."""
    playout = random_positions(draw(st.integers(0, 2**32 - 1)), 21)
    return playout[draw(st.integers(0, len(playout) - 1))]


def words_total(text: str) -> int:
    """The last total a points explanation writes ("... = 6.")."""
    return int(re.findall(r"= (\d+)", text)[-1])


def assert_true_to_the_rules(facts) -> None:
    """Every fact a question holds is what the rules say of its position."""
    if isinstance(facts, Key | Degree):
        assert facts.key in questions.SHEET_KEYS
        return
    position = facts.position
    if isinstance(facts, Where):
        assert facts.cells == tuple(position.legal_placements(facts.pitch)) != ()
    elif isinstance(facts, Triad):
        assert facts.triad in position.completions(facts.pitch, facts.cell) and facts.triad.kind == "triad"
        assert facts.cell in facts.triad.cells and facts.triad.complete
    elif isinstance(facts, Points):
        assert facts.breakdown == position.score_breakdown(facts.pitch, facts.cell)
        assert facts.breakdown.total == position.score(facts.pitch, facts.cell)
    elif isinstance(facts, Pair):
        assert facts.pair in position.structures() and not facts.pair.complete and facts.pair.triads
    else:
        assert isinstance(facts, Run) and facts.run in position.structures() and facts.run.kind == "scale"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(questions.QUIZ_KINDS), st.integers(0, 10_000))
def test_a_quiz_question_holds_rule_facts_and_offers_its_answer_among_three_wrong_ones(kind, seed):
    facts = questions.ask(kind, seed)
    assert facts.kind == kind
    assert_true_to_the_rules(facts)
    if kind == "points":
        assert facts.breakdown.total in facts.options and len(set(facts.options)) == 4
        assert all(option >= 0 for option in facts.options)
    elif kind == "triad":
        assert facts.answer in facts.options and len(set(facts.options)) == 4
        offered = [(parse_pitch(root), quality) for root, quality in facts.options]
        assert len(set(offered)) == 4  # no wrong choice is the answer spelled another way (D♭ for C♯ major)


@settings(max_examples=20, deadline=None)
@given(positions(), st.integers(0, 1000))
def test_sheet_and_overview_questions_hold_rule_facts_and_never_repeat(position, seed):
    asked = questions.sheet(position, seed, 12)
    assert all(asked[i] != asked[j] for i in range(len(asked)) for j in range(i))
    for facts in asked + questions.overview(position, seed):
        assert_true_to_the_rules(facts)
    for facts in asked:
        if isinstance(facts, Triad) and facts.function is not None:
            numeral, tonic = facts.function
            assert numeral and parse_pitch(tonic) in range(12)


@settings(max_examples=25, deadline=None)
@given(positions(), st.integers(0, 1000))
def test_every_worded_points_explanation_equals_the_rules_score(position, seed):
    """The quiz's short worksheet and the worksheets word points from the model's ScoreBreakdown: the
    total they write is `Position.score` of the placement, on random positions."""
    overview = questions.overview(position, seed)
    for (question, answer), facts in zip(quiz.worksheet(position, seed, count=99), overview, strict=True):
        if isinstance(facts, Points):
            assert position.board.cell_name(facts.cell) in question
            assert words_total(answer) == position.score(facts.pitch, facts.cell)
    sheet = questions.sheet(position, seed, 12)
    for worded, facts in zip(sheet_questions(position, seed, 12), sheet, strict=True):
        if isinstance(facts, Points):
            score = position.score(facts.pitch, facts.cell)
            assert worded.answer.startswith(f"{score} point") and words_total(worded.answer) == score


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_the_quizs_points_answer_and_its_explanation_equal_the_rules_score(seed):
    question = quiz.make_question("points", seed)
    score = question.position.score(question.pitch, question.cell)
    right, why = question.check(str(question.answer))
    assert right and question.answer == score and words_total(why) == score


def test_the_same_seed_gives_the_same_questions_and_choices():
    for kind in questions.QUIZ_KINDS:
        first, again = questions.ask(kind, 17), questions.ask(kind, 17)
        assert first == again and getattr(first, "options", ()) == getattr(again, "options", ())
        assert len({questions.ask(kind, seed) for seed in range(8)}) > 1
    position = sheet_position(5)
    assert questions.sheet(position, 3) == questions.sheet(position, 3) != questions.sheet(position, 4)
    assert [getattr(f, "function", None) for f in questions.sheet(position, 3)] == \
        [getattr(f, "function", None) for f in questions.sheet(position, 3)]
    assert questions.overview(position, 3) == questions.overview(position, 3)
    assert questions.puzzles(3, seed=2) == questions.puzzles(3, seed=2)


def test_a_question_is_the_same_facts_in_every_note_name_convention():
    for seed in range(12):
        english = questions.ask("triad", seed)
        with note_names("german"):
            german = questions.ask("triad", seed)
            worded = quiz.make_question("triad", seed)
        assert german == english and german.options == english.options
        assert worded.options == tuple(map(note_names("german")(quiz.triad_words), english.options))


def test_the_quiz_worksheets_and_puzzles_word_the_models_questions():
    for kind in questions.QUIZ_KINDS:
        asked = quiz.make_question(kind, 9)
        assert asked.facts == questions.ask(kind, 9) and asked.kind == kind
        assert asked.position is asked.facts.position and asked.pitch == asked.facts.pitch
    position = sheet_position(2)
    facts = questions.sheet(position, 2, 10)
    assert [q.kind for q in sheet_questions(position, 2, 10)] == [f.kind for f in facts]
    overview = questions.overview(position, 2)
    assert len(quiz.worksheet(position, 2, count=99)) == len(overview)
    made = puzzles.generate(4, seed=3)
    assert [p.facts for p in made] == questions.puzzles(4, seed=3)
    assert [p.kind for p in made] == [f.lesson for f in questions.puzzles(4, seed=3)]


def test_a_puzzle_holds_its_best_cell_and_the_rival_it_beats():
    for facts in questions.puzzles(6, seed=1):
        position, pitch = facts.position, facts.pitch
        assert position.best_placements(pitch) == (facts.score.total, [facts.answer])
        assert facts.score == position.score_breakdown(pitch, facts.answer)
        if facts.lesson == "completion":
            assert facts.rival is None and position.completions(pitch, facts.answer)
        else:
            assert facts.rival_score == position.score_breakdown(pitch, facts.rival)
            assert facts.rival_score.total < facts.score.total


def test_unknown_kinds_and_bad_counts_are_refused():
    with pytest.raises(ValueError, match="unknown question kind 'spell'"):
        questions.ask("spell", 0)
    with pytest.raises(ValueError, match="unknown question kind 'spell'"):
        questions.draw("spell", sheet_position(0), None)
    with pytest.raises(MuzlabError, match="puzzles"):
        questions.puzzles(-1)
