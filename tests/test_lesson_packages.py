"""The class server's lesson packages (muzlab.app.lite.package_cache): pages asking at once for the same
lesson wait for one making; an edition built again while the server runs gives the new build's package
and the teacher's menu lists the new build's lessons; at most `kept` packages are held and at most
`at_once` made at a time; a making that fails fails for every page waiting, and is tried again later."""

from __future__ import annotations

import io
import threading
import time
import zipfile

import pytest
from test_scorm_lesson import notebook, stand_in_site

from muzlab.app.lessons import LessonsError
from muzlab.app.lite.package_cache import LessonPackages, edition_build
from muzlab.app.lite.scorm import lesson_package
from muzlab.names.reader import Reader

GERMAN = Reader("german", typeset=True, language="de")
ENGLISH = Reader("english", typeset=True, language="en")


@pytest.fixture
def site(tmp_path):
    return stand_in_site(tmp_path / "lite")


class Counted:
    """lesson_package, counting its makings and how many run at once; each waits for `go_on`."""

    def __init__(self):
        self.made, self.running, self.most = [], 0, 0
        self.started, self.go_on = threading.Semaphore(0), threading.Event()
        self.lock = threading.Lock()

    def __call__(self, site, number, reader):
        with self.lock:
            self.made.append((number, reader.language))
            self.running += 1
            self.most = max(self.most, self.running)
        self.started.release()
        try:
            assert self.go_on.wait(30)
            return lesson_package(site, number, reader)
        finally:
            with self.lock:
                self.running -= 1


def asked_at_once(packages, *asks):
    """Each (site, number, reader) asked on a thread of its own, all at once: what each got."""
    got = [None] * len(asks)

    def ask(index, arguments):
        try:
            got[index] = packages.package(*arguments)
        except Exception as error:  # (told to the test, not lost on the thread)
            got[index] = error

    threads = [threading.Thread(target=ask, args=(index, arguments)) for index, arguments in enumerate(asks)]
    for thread in threads:
        thread.start()
    return threads, got


def test_two_pages_asking_at_once_for_the_same_lesson_wait_for_one_making(site):
    make = Counted()
    packages = LessonPackages(make)
    threads, got = asked_at_once(packages, (site, 3, GERMAN), (site, 3, GERMAN))
    assert make.started.acquire(timeout=30)
    time.sleep(0.2)  # (the second page is then waiting, not making)
    make.go_on.set()
    for thread in threads:
        thread.join(30)
    assert make.made == [(3, "de")]
    assert isinstance(got[0], bytes) and got[0] is got[1]  # one copy for both
    assert packages.package(site, 3, GERMAN) is got[0] and make.made == [(3, "de")]  # and kept
    assert packages.held() == 1


def test_different_packages_are_made_one_at_a_time(site):
    make = Counted()
    packages = LessonPackages(make, at_once=1)
    threads, got = asked_at_once(packages, (site, 3, GERMAN), (site, 3, ENGLISH), (site, 1, ENGLISH))
    assert make.started.acquire(timeout=30)
    make.go_on.set()
    for thread in threads:
        thread.join(30)
    assert sorted(make.made) == [(1, "en"), (3, "de"), (3, "en")] and make.most == 1
    assert all(isinstance(data, bytes) for data in got)
    make = Counted()
    packages = LessonPackages(make, at_once=2)
    threads, got = asked_at_once(packages, (site, 3, GERMAN), (site, 3, ENGLISH))
    assert make.started.acquire(timeout=30) and make.started.acquire(timeout=30)  # both at once
    make.go_on.set()
    for thread in threads:
        thread.join(30)
    assert make.most == 2


def test_an_edition_built_again_gives_the_new_builds_package_and_lets_the_old_go(site):
    packages = LessonPackages()
    before, build = packages.package(site, 3, GERMAN), edition_build(site)
    assert packages.package(site, 3, GERMAN) is before
    (site / "files" / "de" / "3-play.ipynb").write_text(notebook("Spielen, neu gebaut"), encoding="utf-8")
    assert edition_build(site) != build
    after = packages.package(site, 3, GERMAN)
    with zipfile.ZipFile(io.BytesIO(after)) as archive:
        assert b"Spielen, neu gebaut" in archive.read("imsmanifest.xml")
    assert packages.held() == 1  # the old build's package let go


def test_at_most_kept_packages_are_held_the_least_recently_asked_for_let_go_first(site):
    make = Counted()
    make.go_on.set()
    packages = LessonPackages(make, kept=2)
    first = packages.package(site, 3, GERMAN)
    packages.package(site, 3, ENGLISH)
    assert packages.package(site, 3, GERMAN) is first  # asked for again: now the most recent
    packages.package(site, 1, ENGLISH)
    assert packages.held() == 2
    assert packages.package(site, 3, GERMAN) is first
    packages.package(site, 3, ENGLISH)  # (let go: made again)
    assert make.made == [(3, "de"), (3, "en"), (1, "en"), (3, "en")] and packages.held() == 2


def test_a_making_that_fails_fails_for_every_page_waiting_and_is_tried_again(site):
    make = Counted()
    packages = LessonPackages(make)
    (site / "files" / "3-play.ipynb").unlink()
    threads, got = asked_at_once(packages, (site, 3, ENGLISH), (site, 3, ENGLISH))
    assert make.started.acquire(timeout=30)
    time.sleep(0.2)
    make.go_on.set()
    for thread in threads:
        thread.join(30)
    assert all(isinstance(error, LessonsError) for error in got), got
    assert packages.held() == 0
    (site / "files" / "3-play.ipynb").write_text(notebook("Play"), encoding="utf-8")
    assert isinstance(packages.package(site, 3, ENGLISH), bytes) and len(make.made) == 2
    with pytest.raises(ValueError, match="kept=0"):
        LessonPackages(kept=0)


def test_the_teachers_menu_follows_an_edition_built_again(site, monkeypatch):
    import ipywidgets as widgets
    import solara

    from muzlab.app import lesson_downloads
    from muzlab.app.lesson_downloads import LessonForLms

    monkeypatch.setattr(lesson_downloads, "WATCH_SECONDS", 0.05)
    _box, rc = solara.render(LessonForLms(site, ENGLISH), handle_error=False)

    def menu() -> widgets.Dropdown:
        return rc.find(widgets.Dropdown, description="Lesson").widget

    assert menu().options == ("Lesson 1: Rules", "Lesson 3: Play")
    (site / "files" / "4-explore.ipynb").write_text(notebook("4 · Explore"), encoding="utf-8")
    rebuilt = ("Lesson 1: Rules", "Lesson 3: Play", "4 · Explore")
    for _ in range(600):
        if menu().options == rebuilt:
            break
        time.sleep(0.05)
    assert menu().options == rebuilt
    rc.close()
