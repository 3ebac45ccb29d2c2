"""The one event log of a class folder (`muzlab.app.event_log`): the classroom and the term both keep theirs
in it; an event is written before it is applied, told after the block that made it, and replayed through
the same handlers."""

from __future__ import annotations

import pytest
from test_term import MONDAY, Clock

from muzlab.app.classroom import Classroom
from muzlab.app.event_log import EventLog
from muzlab.app.log_checks import ReplayRefused
from muzlab.app.store import ClassFolderError
from muzlab.app.term import Term


def test_the_classroom_and_the_term_keep_one_log_each_of_the_same_class_on_the_same_file(tmp_path):
    room = Classroom(tmp_path / "c")
    term = Term(room, Clock(MONDAY))
    assert type(room.log) is EventLog and type(term.log) is EventLog and room.log.store is term.log.store
    heard: list = []
    room.watch(heard.append), term.watch(heard.append)
    anna = room.join("Anna")
    term.assign("Thirds", "third", 2, "2026-11-30", "2026-12-04")
    assert [getattr(news, "kind", news) for news in heard] == ["roster", "assign"]
    room.store.close()
    room = Classroom(tmp_path / "c")  # replayed through the same handlers
    again = Term(room, Clock(MONDAY))
    assert room.students[anna.id].nickname == "Anna"
    assert [a.title for a in again.assignments.values()] == ["Thirds"]
    room.store.close()


def test_an_event_is_written_before_it_is_applied_and_told_only_when_its_block_ends_well(tmp_path):
    room = Classroom(tmp_path / "c")
    seen: list = []

    def apply(data: dict) -> int:
        seen.append(len(list(room.store.events())))  # what the file holds as the handler runs
        return data["id"]

    log: EventLog[str] = EventLog({"remove": apply}, lambda kind, data: None, room.store)
    told: list[str] = []
    log.watch(told.append)
    with log.telling("removed"):
        assert log.record("remove", {"id": 7}) == 7
    assert seen == [1] and told == ["removed"]
    with pytest.raises(RuntimeError), log.telling("never"):
        raise RuntimeError
    assert told == ["removed"]
    room.store.close()


def test_a_replay_names_the_first_event_that_does_not_replay_unless_it_is_forgiven(tmp_path):
    def check(kind: str, data: dict) -> None:
        if data.get("odd"):
            raise ReplayRefused("odd event")

    applied: list[dict] = []
    log: EventLog[str] = EventLog({"seat": applied.append}, check)
    log.folder = tmp_path
    events = [(1, "seat", {"n": 1}), (2, "seat", {"odd": True}), (3, "seat", {"n": 3})]
    with pytest.raises(ClassFolderError, match=r"event 2 \(seat\) does not replay \(odd event\)"):
        log.replay(events)
    assert applied == [{"n": 1}]
    applied.clear()
    log.replay(events, skips=lambda seq, kind, data: seq == 3, forgives=lambda seq, kind, data: seq == 2)
    assert applied == [{"n": 1}]
