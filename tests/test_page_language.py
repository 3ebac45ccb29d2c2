"""The language a class page opens in (`muzlab.app.page_language`): the address's, else the
teacher's kept choice (the teacher's page), else the browser's Accept-Language, else English; the
header is read within its limits, and a language muzlab does not speak is refused and not kept."""

from __future__ import annotations

import pytest

from muzlab.app.classroom import Classroom
from muzlab.app.page_language import (
    MAX_HEADER,
    accepted,
    keep_teacher_language,
    negotiated,
    page_language,
    teacher_language,
)
from muzlab.core.errors import UnknownSetting


@pytest.mark.parametrize(("header", "language"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
    ("es-419,es;q=0.9", "es"), ("en-US,en;q=0.9", "en"), ("pt-BR,pt;q=0.9,de;q=0.3", "de"),
    ("de;q=0.2,fr;q=0.8", "fr"), ("de;q=0,es", "es"), ("ja,zh;q=0.5", None), ("", None),
    ("de;q=banana,es", "es"), ("xx-" + "y" * 100 + ",fr", "fr")])
def test_the_browsers_languages_are_weighed_and_the_first_muzlab_speaks_is_taken(header, language):
    assert negotiated(header) == language


def test_a_long_header_is_read_only_within_its_limits():
    assert accepted("ja," * 1000 + "de") == ["ja"] * 20  # (its first 20 languages, not the German)
    assert negotiated("x" * (MAX_HEADER - 1) + ",de") is None  # (the German past the 500th character)
    assert negotiated("x" * (MAX_HEADER - 4) + ",de") == "de"  # (the German within them)
    assert accepted("de-DE;q=0.5, fr") == ["fr", "de-DE"]


def test_the_address_wins_then_a_kept_choice_then_the_browser():
    assert page_language({"lang": "en"}, "de-DE,de") == "en"
    assert page_language({"lang": "klingon"}, "fr-FR") == "fr"  # (unknown in the address: the browser's)
    assert page_language({}, "de-DE", fallback="es") == "es"
    assert page_language({}, "de-DE", fallback="xx") == "de"
    assert page_language({}, "ja") == page_language({}) == "en"


def test_the_teachers_language_is_kept_in_the_class_folder(tmp_path):
    room = Classroom(tmp_path / "class")
    try:
        assert teacher_language(room) is None
        keep_teacher_language(room, "fr")
        with pytest.raises(UnknownSetting, match="klingon"):
            keep_teacher_language(room, "klingon")
        assert teacher_language(room) == "fr"
    finally:
        room.store.close()
    again = Classroom(tmp_path / "class")  # the server started again on the same folder
    try:
        assert teacher_language(again) == "fr"
    finally:
        again.store.close()
