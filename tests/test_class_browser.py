"""The class server in a real browser: one teacher and four students, each in their own Chromium
context (a device), against `muzlab class` on 127.0.0.1.

They join, the teacher deals two tables of two (a duplicate tournament), moves are played from the
right devices and seen on the others, a move out of turn is refused with a sentence, a German and an
English student at one table each read their own names, a reload returns a student to their seat,
the server is killed and started again mid-game and the game goes on, the export holds every
decision, and no request leaves the machine.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from class_devices import (
    ROOT,
    WAIT,
    ClassServer,
    join,
    server_caught_up,
    sit_down,
    student_page,
    teacher_page,
)
from test_browser import free_port

from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.play.game import Game

SCREENSHOTS = ROOT / "out" / "screenshots"
#: Dice whose names differ between English and German (C#/Cis, Eb/Es, F#/Fis, Ab/As, Bb/B, B/H).
DIFFERENT_IN_GERMAN = {1, 3, 6, 8, 10, 11}
#: True once the projected board is whole in the window and takes at least half of its height.
PROJECTED_BOARD_FITS = """() => {
    const svg = document.querySelector('.muz-teacher-page .muz-board svg');
    const box = svg && svg.getBoundingClientRect();
    return !!box && box.bottom <= window.innerHeight && box.right <= window.innerWidth
        && box.height >= window.innerHeight / 2;
}"""

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def first_face_differing_in_german() -> int:
    """A game number whose first die is named differently in German and English."""
    return next(seed for seed in range(1, 200) if Game(2, seed=seed).roll() in DIFFERENT_IN_GERMAN)


def play(page, other) -> str:
    """Roll and place on the first lit cell from `page`; wait until `other` shows that move."""
    from playwright.sync_api import expect

    if page.locator(".muz-roll:not([disabled])").is_visible():
        page.click(".muz-roll")
    page.wait_for_selector(".muz-legal", state="attached", timeout=WAIT)
    cell = page.locator(".muz-legal").first.get_attribute("data-cell")
    events_before = other.inner_text(".muz-last")
    page.click(f"[data-cell='{cell}']", force=True)
    expect(other.locator(".muz-last")).not_to_have_text(events_before, timeout=WAIT)
    return cell


def mover(pages):
    """The page of the student whose turn it is (the only one showing Roll or Pass)."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(".muz-roll:visible, .muz-pass:visible").count():
                return page
        time.sleep(0.2)
    pytest.fail("no student at the table has the Roll or the Pass button")


def test_a_class_in_a_real_browser(class_server, browser):
    from playwright.sync_api import expect

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = class_server
    outside: list[str] = []
    seed = first_face_differing_in_german()
    face = Game(2, seed=seed).roll()
    teacher = teacher_page(browser, server.teacher, outside, tracked=True)
    assert server.folder.joinpath("class.sqlite").exists()

    anna = join(browser, server.students, "Anna", "German: C D E F G A H", outside)
    ben = join(browser, server.students, "Ben", None, outside)
    cleo = join(browser, server.students, "Cleo", None, outside)
    dan = join(browser, server.students, "Dan", "solfège: Do Re Mi Fa Sol La Si", outside)
    expect(teacher.locator(".muz-roster .muz-student")).to_have_count(4, timeout=WAIT)

    # Deal: tables of two, a duplicate tournament with a game whose first die differs in German.
    teacher.select_option(".muz-table-size select", "2")
    teacher.click(".muz-mode button:has-text('duplicate tournament')")
    teacher.fill(".muz-teacher-page input[type=number]", str(seed))
    teacher.locator(".muz-teacher-page input[type=number]").press("Enter")
    server_caught_up(teacher)  # the game number and the mode have reached the server
    teacher.click(".muz-deal")
    expect(anna.locator(".muz-who")).to_contain_text("table 1", timeout=WAIT)
    expect(cleo.locator(".muz-who")).to_contain_text("table 2", timeout=WAIT)

    # Ben clicks the board out of turn: nothing changes, a sentence says why.
    assert not ben.locator(".muz-roll").is_visible()
    ben.click("[data-cell='0,0']", force=True)
    expect(ben.locator(".muz-message")).to_contain_text("It is Anna's turn", timeout=WAIT)
    expect(anna.locator(".muz-last")).to_have_text("Last move: No move yet.")

    # Anna opens on the centre; Ben sees it, each in their own names.
    assert play(anna, ben) == "0,0"
    german = pitch_label(face, Reader("german"))
    english = pitch_label(face, Reader(typeset=True))  # (pages are typeset: F♯)
    assert german != english
    expect(anna.locator(".muz-last")).to_contain_text(f"Anna places {german} on e5")
    expect(ben.locator(".muz-last")).to_contain_text(f"Anna places {english} on e5")
    # Table 2 plays the same dice (duplicate), seen on Dan's device in solfège.
    play(cleo, dan)
    expect(cleo.locator(".muz-last")).to_contain_text(f"Cleo places {english} on e5")
    play(mover([anna, ben]), anna if mover([anna, ben]) is ben else ben)
    seat_url = ben.url
    assert "seat=" in seat_url

    # A reload returns Ben to the same seat, with the board as it was.
    ben.reload()
    expect(ben.locator(".muz-who")).to_contain_text("Ben — table 1", timeout=60_000)
    expect(ben.locator(".muz-nickname")).to_be_hidden()
    assert ben.locator(".muz-svgboard text").count() > 0

    # The server dies mid-game and starts again: the class goes on where it was.
    before = anna.inner_text(".muz-status")
    server.kill()
    server.start()
    for page in (anna, ben, cleo, dan, teacher):
        page.reload()
    expect(teacher.locator(".muz-roster .muz-student")).to_have_count(4, timeout=60_000)
    expect(anna.locator(".muz-status")).to_have_text(before, timeout=60_000)
    assert anna.locator(".muz-note-names select").input_value() == "German: C D E F G A H"
    expect(anna.locator(".muz-last")).to_contain_text("places", timeout=WAIT)
    first, other = (anna, ben) if mover([anna, ben]) is anna else (ben, anna)
    play(first, other)
    while mover([cleo, dan]) is cleo:  # the opener plays on after the opening die
        play(cleo, dan)
    play(dan, cleo)

    board = teacher.locator(".muz-teacher-page .muz-layer .muz-cell")
    assert board.count() == 0  # the projector's board is made when a table is first projected
    teacher.click(".muz-projector")
    expect(teacher.locator(".muz-projector-text")).to_contain_text("Table 1", timeout=WAIT)
    expect(board).to_have_count(61, timeout=WAIT)
    for width, height in ((1300, 1000), (1920, 1080), (1280, 720)):  # the whole board, large
        teacher.set_viewport_size({"width": width, "height": height})
        teacher.wait_for_function(PROJECTED_BOARD_FITS, timeout=WAIT)
    teacher.screenshot(path=str(SCREENSHOTS / "class-projector.png"))
    teacher.set_viewport_size({"width": 1300, "height": 1000})
    teacher.click(".muz-back")
    expect(teacher.locator(".muz-leaderboard tbody tr")).to_have_count(4, timeout=WAIT)
    anna.screenshot(path=str(SCREENSHOTS / "class-student.png"))
    words = anna.evaluate(IN_VIEW, ".muz-page-words")  # Size "fit": the board and its words
    assert words["inside"], f"the words under the student's board at {words} are not all in view"
    teacher.screenshot(path=str(SCREENSHOTS / "class-teacher.png"), full_page=True)

    # The export: one row per student per decision, and every game's record.
    with teacher.expect_download(timeout=60_000) as download_info:
        teacher.click(".muz-export")
    archive = zipfile.ZipFile(io.BytesIO(Path(download_info.value.path()).read_bytes()))
    rows = list(csv.DictReader(io.StringIO(archive.read("decisions.csv").decode())))
    records = [json.loads(archive.read(f"games/round-1-table-{n}.json")) for n in (1, 2)]
    decided = sum(1 for record in records for event in record["events"]
                  if event["kind"] in ("place", "pass", "reroll"))
    assert len(rows) == decided >= 5
    assert {row["nickname"] for row in rows} == {"Anna", "Ben", "Cleo", "Dan"}
    assert outside == []


def test_one_page_more_than_the_cap_is_told_the_class_is_full(tmp_path, browser):
    from playwright.sync_api import expect

    server = ClassServer(tmp_path / "class", "--max-pages", "2")
    server.start()
    outside: list[str] = []
    try:
        anna = join(browser, server.students, "Anna", None, outside)
        ben = join(browser, server.students, "Ben", None, outside)
        third = browser.new_context().new_page()
        third.goto(server.students)
        expect(third.get_by_text("The class is full")).to_be_visible(timeout=60_000)
        expect(third.get_by_text("2 pages are open already")).to_be_visible()  # the server's own cap
        assert third.locator(".muz-nickname").count() == 0
        for page in (anna, ben):  # the two within the cap play on
            expect(page.locator(".muz-who")).to_be_visible()
        expect(anna).to_have_url(re.compile("seat="))
        again = browser.new_context().new_page()  # Anna's own link on another device: her place
        again.goto(anna.url)
        expect(again.locator(".muz-who")).to_contain_text("Anna", timeout=60_000)
    finally:
        server.kill()
    assert outside == []


#: Where something is, against the window: its box, and whether all of it is inside the window.
IN_VIEW = """selector => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
            inside: box.width > 0 && box.top >= 0 && box.left >= 0
                && box.bottom <= window.innerHeight && box.right <= window.innerWidth};
}"""


def test_on_a_phone_the_whole_board_and_roll_are_in_view(class_server, browser):
    """Items 12 and 18: at 360×640 and 390×844, held upright, a touch screen: the settings fold
    behind one button, the die in hand, Roll and the whole board come first (Size "fit"), and the
    line under the board speaks of tapping."""
    from playwright.sync_api import expect

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = class_server
    outside: list[str] = []
    problems = []
    teacher = teacher_page(browser, server.teacher)
    expect(teacher.locator(".muz-lights")).to_contain_text("sees every legal cell lit")
    phones = []
    for nickname, (width, height) in (("Ana", (360, 640)), ("Bo", (390, 844))):
        page = student_page(browser, server.students, outside, viewport={"width": width, "height": height},
                            is_mobile=True, has_touch=True, device_scale_factor=2)
        phones.append((sit_down(page, nickname), width, height))
    teacher.click(".muz-deal")
    for page, width, height in phones:
        where = f"{width}×{height}"
        expect(page.locator(".muz-who")).to_contain_text("table 1", timeout=WAIT)
        page.wait_for_selector(".muz-board svg", timeout=WAIT)
        time.sleep(1.0)  # the board measures the room it has
        assert not page.locator(".muz-settings").is_visible(), where  # folded away
        assert page.locator(".muz-settings-button").is_visible(), where
        board = page.evaluate(IN_VIEW, ".muz-board svg")
        if not board["inside"]:
            problems.append(f"{where}: the board at {board} is not all in view")
        page.mouse.move(1, 1)  # where the Join tap left the pointer may be over a cell now
        tip = page.inner_text(".muz-board .muz-tip")
        if not tip.startswith("Tap a cell"):
            problems.append(f"{where}: the line under the board says {tip!r}")
        page.screenshot(path=str(SCREENSHOTS / f"class-phone-{width}x{height}.png"))
    turn = next(page for page, _w, _h in phones if page.locator(".muz-roll").is_visible())
    _page, width, height = next(p for p in phones if p[0] is turn)
    roll = turn.evaluate(IN_VIEW, ".muz-roll")
    if not roll["inside"]:
        problems.append(f"{width}×{height}: Roll at {roll} is not in view")
    hand = turn.evaluate(IN_VIEW, ".muz-hand")
    board = turn.evaluate(IN_VIEW, ".muz-board svg")
    if not hand["inside"] or hand["top"] > board["top"]:
        problems.append(f"{width}×{height}: the die in hand at {hand} is not in view above the board")
    # the settings come back behind their one button, and fold away again
    turn.click(".muz-settings-button")
    expect(turn.locator(".muz-settings")).to_be_visible(timeout=WAIT)
    expect(turn.locator(".muz-size").first).to_be_visible()
    turn.click(".muz-settings-button")
    expect(turn.locator(".muz-settings")).to_be_hidden(timeout=WAIT)
    assert problems == [] and outside == []


def test_closed_pages_are_not_drawn_on_a_deal_and_unjoined_ones_are_let_go(tmp_path, browser):
    """Item 3 with real pages: of five students' pages, one tab is closed and two devices drop off the
    network (their sockets close without a word), one of them never joined. The next deal draws the
    two pages still open and none of the three closed; the page that never joined is let go soon
    after its socket closed (UNJOINED_CULL), while the joined one keeps its session for its return. The
    three closed sockets are no longer read (muzlab.app.inbox): no reading task is left behind."""
    from counted_server import DROP, SOCKETS, drawn_since, read_stats
    from playwright.sync_api import expect

    from muzlab.app.class_state import UNJOINED_CULL, UNJOINED_EVERY

    folder, stats_path, port = tmp_path / "class", tmp_path / "stats.json", free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen([sys.executable, str(ROOT / "tests" / "counted_server.py"), str(folder),
                               str(port), str(stats_path)], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env)
    outside: list[str] = []
    try:
        students, teacher_url = server.stdout.readline().split()[1], server.stdout.readline().split()[1]
        teacher = teacher_page(browser, teacher_url)
        pages = {}
        for nickname in ("Ana", "Bo", "Cy", "Di", None):
            page = student_page(browser, students, outside, (SOCKETS,))
            pages[nickname] = sit_down(page, nickname) if nickname else page
        assert read_stats(stats_path).get("patched")
        pages["Cy"].close(run_before_unload=True)  # a tab closed
        pages["Di"].evaluate(DROP)  # devices dropping off the network
        pages[None].evaluate(DROP)
        deadline = time.monotonic() + 30
        while (held := read_stats(stats_path))["connected"] != 3 or held["reading"] != 3:  # the
            assert time.monotonic() < deadline, (  # teacher, Ana and Bo: the others no longer read
                f"the server still counts {held['connected']} sockets, reads {held['reading']}")
            time.sleep(0.3)
        closed_at = time.monotonic()
        teacher.click(".muz-deal")
        for nickname in ("Ana", "Bo"):
            expect(pages[nickname].locator(".muz-who")).to_contain_text("table 1", timeout=WAIT)
        time.sleep(2.0)  # every page watching the class has had the deal
        dealt = read_stats(stats_path)
        assert drawn_since(held, dealt) == 2  # Ana's and Bo's pages, and no other
        assert drawn_since(held, dealt, "drawn_closed") == 0
        # the teacher, Ana, Bo, and the two dropped ones are held for now; the closed tab's session is
        # too, like a dropped device's, when its goodbye did not reach the server before the tab went
        # (on a loaded machine), so 5 or 6
        assert dealt["contexts"] in (held["contexts"], 5), (held["contexts"], dealt["contexts"])
        assert held["contexts"] in (5, 6), held["contexts"]
        while (later := read_stats(stats_path))["contexts"] > dealt["contexts"] - 1:  # the page that
            assert time.monotonic() < closed_at + UNJOINED_CULL + UNJOINED_EVERY + 20, later["contexts"]
            time.sleep(0.5)  # never joined: gone
        assert later["contexts"] >= 4  # the joined page that dropped off keeps its session
    finally:
        server.kill()
        server.wait(15)
    assert outside == []
