"""Public API changes keep the old form working for a release, with a DeprecationWarning at the user's
line (issue 52, item 17): `Structure.spelling` was a property, and is called with a reader now."""

from __future__ import annotations

import warnings

import pytest

import muzlab
from muzlab.rules.position import Position


def run(kind: type[Position] = Position):
    (structure,) = kind(None, {"f4": "Eb", "e5": "F"}).structures()
    return structure


def test_the_new_form_takes_a_reader_and_warns_nothing():
    structure = run()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert structure.spelling() == ("Eb", "F")
        assert structure.spelling(muzlab.Reader("german")) == ("Es", "F")
        assert structure.spelling(muzlab.Reader("solfege", typeset=True)) == ("Mi♭", "Fa")


@pytest.mark.parametrize("use", [tuple, list, len, repr, lambda s: s[0], lambda s: s[-1:], lambda s: "F" in s,
                                 lambda s: s == ("Eb", "F"), lambda s: "–".join(s), lambda s: s + ("G",)])
def test_the_old_property_form_still_works_as_a_tuple_and_warns_at_the_line_that_used_it(use):
    structure = run()
    with pytest.warns(DeprecationWarning, match="Structure.spelling is a method") as caught:
        value = use(structure.spelling)
    assert value == use(("Eb", "F"))
    assert {record.filename for record in caught} == {__file__}


def test_the_old_form_follows_the_default_reader_as_the_property_did_on_the_notebooks_position():
    with muzlab.note_names("german"), pytest.warns(DeprecationWarning):
        assert tuple(run(muzlab.Position).spelling) == ("Es", "F")
    with muzlab.note_names("german"), pytest.warns(DeprecationWarning):
        assert tuple(run().spelling) == ("Eb", "F")  # (the rules' own: plain English)


def test_the_old_form_is_unhashable_and_fails_loudly_where_no_tuple_would_serve():
    structure = run()
    with pytest.raises(TypeError):
        hash(structure.spelling)
    with pytest.raises(TypeError):
        structure.spelling("german")  # a convention's name is no reader
