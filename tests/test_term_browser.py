"""A term in a real browser: the teacher sets an assignment on their page, two students do it on
their own devices (each their own Chromium context), the teacher sees the students × ideas table,
uploads the school's roster file and downloads the grades; a student plays a game against the
computer set as an assignment, and both pages show the standings; no request leaves the machine."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, join, server_caught_up, watch_requests
from test_browser import CHROMIUM_ARGS, chromium_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_term_assignment_done_on_two_devices_and_graded(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "term-7b")
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(f"{server.teacher}&tab=term")  # (the teacher's page on its term's tab)
            teacher.wait_for_selector(".muz-assign-new", timeout=60_000)

            teacher.fill(".muz-assign-title input", "Ears")
            teacher.select_option(".muz-assign-kind select", label="triad quality (ear)")
            teacher.fill(".muz-assign-count input", "2")
            teacher.locator(".muz-assign-count input").press("Enter")
            server_caught_up(teacher)
            teacher.click(".muz-assign-new")
            expect(teacher.locator(".muz-assignment")).to_have_count(1, timeout=WAIT)
            expect(teacher.locator(".muz-assignment")).to_contain_text("Ears: 2 × triad quality")

            students = {name: join(browser, server.students, name, None, outside) for name in ("Anna", "Ben")}
            for name, page in students.items():
                expect(page.locator(".muz-my-assignments")).to_contain_text("Ears: 0 of 2 items done",
                                                                             timeout=WAIT)
                for number in (1, 2):
                    expect(page.locator(".muz-item-prompt")).to_contain_text(f"{number} of 2.", timeout=WAIT)
                    page.locator(".muz-item-option").nth(0 if name == "Anna" else 1).click()
                expect(page.locator(".muz-item-prompt")).to_contain_text("All done", timeout=WAIT)
                expect(page.locator(".muz-my-progress")).to_contain_text(name)
                other = "Ben" if name == "Anna" else "Anna"
                assert other not in page.inner_text(".muz-my-progress")
            expect(teacher.locator(".muz-assignment")).to_contain_text("2 of 2 done", timeout=WAIT)
            expect(teacher.locator(".muz-progress tbody tr")).to_have_count(2, timeout=WAIT)

            roster = tmp_path / "roster.csv"
            roster.write_text("nickname,id,email\nAnna,S1,anna@school.example\nBen,S2,ben@school.example\n")
            teacher.click(".muz-tab-class")  # the class list's tab
            with teacher.expect_file_chooser(timeout=WAIT) as chooser:
                teacher.click(".muz-roster-file")
            chooser.value.set_files(str(roster))
            expect(teacher.locator(".muz-roster-message")).to_contain_text("names 2 students", timeout=WAIT)
            teacher.click(".muz-tab-term")
            with teacher.expect_download(timeout=60_000) as download_info:
                teacher.click(".muz-grades")
            archive = zipfile.ZipFile(io.BytesIO(Path(download_info.value.path()).read_bytes()))
            moodle = list(csv.DictReader(io.StringIO(archive.read("grades/moodle/Ears.csv").decode())))
            assert [row["ID number"] for row in moodle] == ["S1", "S2"]
            assert all(0 <= float(row["Ears"]) <= 100 for row in moodle)
            google = archive.read("grades/google/Ears.csv").decode()
            assert google.splitlines()[0] == "userId,draftGrade,assignedGrade"
            # the teacher's own Excel, in the page language's convention: English, then German
            for language, filename, first_line in (
                    ("English", "grades-excel-en.zip", "\ufeffweek,nickname,"),
                    ("Deutsch", "grades-excel-de.zip", "\ufeffweek;nickname;")):
                teacher.select_option(".muz-language select", label=language)
                expect(teacher.locator(".muz-grades-excel")).to_have_text(
                    "Noten für Excel exportieren" if language == "Deutsch" else "Export grades for Excel",
                    timeout=WAIT)
                with teacher.expect_download(timeout=60_000) as download_info:
                    teacher.click(".muz-grades-excel")
                assert download_info.value.suggested_filename == filename
                archive = zipfile.ZipFile(io.BytesIO(Path(download_info.value.path()).read_bytes()))
                assert archive.read("progress.csv").startswith(first_line.encode())
            assert outside == []
    finally:
        server.kill()


def test_a_game_against_the_computer_is_set_played_on_a_device_and_in_the_standings(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "term-games")
    server.start()
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1300, "height": 1000})
            context.add_init_script(TRACK_MESSAGES)
            watch_requests(context, outside)
            teacher = context.new_page()
            teacher.goto(f"{server.teacher}&tab=term")  # (the teacher's page on its term's tab)
            teacher.wait_for_selector(".muz-assign-new", timeout=60_000)
            teacher.fill(".muz-assign-title input", "Play")
            teacher.select_option(".muz-assign-kind select", "game")
            teacher.select_option(".muz-assign-computer select", "random")
            teacher.fill(".muz-assign-count input", "1")
            teacher.locator(".muz-assign-count input").press("Enter")
            server_caught_up(teacher)
            teacher.click(".muz-assign-new")
            expect(teacher.locator(".muz-assignment")).to_contain_text("against the computer (random)",
                                                                       timeout=WAIT)

            anna = join(browser, server.students, "Anna", None, outside)
            mine = anna.locator(".muz-term-student")
            expect(mine.locator(".muz-game-status")).to_contain_text("Anna 0", timeout=WAIT)
            for _ in range(60):  # a game of 21 dice: about ten decisions of Anna's
                if "All done" in mine.locator(".muz-item-prompt").inner_text():
                    break
                said = mine.locator(".muz-item-said").inner_text()
                legal = mine.locator(".muz-legal")
                if legal.count():
                    legal.first.click(force=True)
                else:
                    mine.locator(".muz-game-pass").click()
                expect(mine.locator(".muz-item-said")).not_to_have_text(said, timeout=WAIT)
            expect(mine.locator(".muz-item-prompt")).to_contain_text("All done", timeout=WAIT)
            expect(mine.locator(".muz-item-said")).to_contain_text("accuracy")
            expect(mine.locator(".muz-my-progress .muz-standings")).to_contain_text("Anna")
            expect(teacher.locator(".muz-standings")).to_contain_text("Anna", timeout=WAIT)
            expect(teacher.locator(".muz-assignment")).to_contain_text("1 of 1 done", timeout=WAIT)
            assert outside == []
    finally:
        server.kill()
