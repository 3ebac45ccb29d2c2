"""The classroom app in a real browser: Voilà serving the app's notebook (as `muzlab app` does), driven
by Playwright in the system Chromium.

It checks that no code is shown, seats two players chosen in the page, rolls and places a die by
clicking, sees the computer answer, enlarges the boards with the size control, checks that the page
asked nothing of the internet, and saves out/screenshots/app.png.
"""

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path, free_port, stop

from muzlab.lessons import APP_NOTEBOOK, app_command, lessons_source

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "out" / "screenshots"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def app(tmp_path):
    """Voilà on 127.0.0.1 serving a copy of the app's notebook, started with `muzlab app`'s command."""
    shutil.copy(lessons_source() / APP_NOTEBOOK, tmp_path / APP_NOTEBOOK)
    port = free_port()
    log = open(tmp_path / "voila.log", "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen(app_command(tmp_path, port=port, open_browser=False),
                              stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("Voilà did not start:\n" + (tmp_path / "voila.log").read_text())
                time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(server, log)


def board_width(page) -> float:
    return page.locator(".muz-playboard .muz-board svg").first.bounding_box()["width"]


def test_classroom_app_in_a_real_browser(app):
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        elsewhere = []  # the app must work offline: every request stays on this machine
        page.on("request", lambda request: None if request.url.startswith((app, "data:", "blob:"))
                else elsewhere.append(request.url))
        try:
            page.goto(app)
            page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
            assert page.title() == "Muzundrum"
            # No code: no input cells, and none of the notebook's source in the page.
            assert page.locator(".jp-InputArea, .jp-InputPrompt, .cm-editor, .CodeMirror").count() == 0
            assert "ClassroomApp" not in page.content()  # the notebook's source is not even in the page
            assert "import" not in page.inner_text("body")
            tabs = page.locator(".muz-app .lm-TabBar-tab, .muz-app .p-TabBar-tab").all_inner_texts()
            assert {"Play", "Explore", "Quiz"} <= {tab.strip() for tab in tabs}

            # Two seats chosen in the page: Ada (a person) and a computer called Robo.
            page.select_option(".muz-seats select", "2")
            page.fill(".muz-seat-name-1 input", "Ada")
            page.fill(".muz-seat-name-2 input", "Robo")
            page.select_option(".muz-seat-kind-2 select", label="computer (greedy)")
            page.wait_for_timeout(500)  # the last edit reaches the kernel
            page.click(".muz-start")
            page.wait_for_selector(".muz-playboard [data-cell]", timeout=60_000)
            scores = page.locator(".muz-playboard .muz-scores")
            assert "Ada" in scores.inner_text() and "Robo" in scores.inner_text()
            assert page.locator(".muz-playboard .muz-layer [data-cell]").count() == 61

            # Ada rolls the opening die and clicks the lit cell.
            page.click(".muz-playboard .muz-roll")
            legal = page.locator(".muz-playboard .muz-legal")
            legal.first.wait_for(timeout=30_000)
            cell = legal.first.get_attribute("data-cell")
            legal.first.click()
            placed = page.locator(f".muz-playboard .muz-layer [data-cell='{cell}']")
            page.wait_for_function(
                "cell => !document.querySelector(`.muz-playboard .muz-layer [data-cell='${cell}']`)"
                ".classList.contains('muz-legal')", arg=cell, timeout=30_000)
            assert placed.text_content().strip()  # the die's note name is drawn on the cell
            message = "() => document.querySelector('.muz-playboard .muz-message').innerText.includes('{}')"
            page.wait_for_function(message.format("Ada"), timeout=30_000)

            # Ada's second die (placed, or passed if it fits nowhere); then the computer answers.
            page.click(".muz-playboard .muz-roll")
            page.wait_for_function("() => !document.querySelector('.muz-playboard .muz-pass').disabled",
                                   timeout=30_000)
            if legal.count():
                legal.first.click()
            else:
                page.click(".muz-playboard .muz-pass")
            page.wait_for_function(message.format("Robo"), timeout=60_000)

            # The size control enlarges the board for a projector.
            before = board_width(page)
            page.locator(".muz-size button", has_text="projector").click()
            page.wait_for_timeout(1000)
            assert board_width(page) > 1.3 * before
            # At projector size the controls stay beside the board, Roll in sight, and "Record" is whole.
            board_box = page.locator(".muz-playboard .muz-board svg").first.bounding_box()
            roll_box = page.locator(".muz-playboard .muz-roll").bounding_box()
            assert roll_box["x"] > board_box["x"] + board_box["width"] and roll_box["y"] < 1100
            label = ".muz-playboard .widget-text .widget-label"
            assert page.locator(label).inner_text() == "Record"
            assert page.eval_on_selector(label, "el => el.scrollWidth <= el.clientWidth")
            page.locator(".muz-playboard").screenshot(path=str(SCREENSHOTS / "app-play-projector.png"))
            assert elsewhere == []
        finally:
            # Saved on success and on failure alike: the picture is the first thing to look at.
            page.screenshot(path=str(SCREENSHOTS / "app.png"), full_page=True)
            browser.close()
