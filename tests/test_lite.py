"""The homework edition in a real browser: `python3 make.py lite`'s site, served as plain files.

It builds out/lite/ (docs/lite/build.py), serves it with `python -m http.server` on 127.0.0.1, opens
lesson 3 in JupyterLite, runs it on the Pyodide kernel (muzlab installs from the site's own wheels),
plays the PlayBoard by clicks and checks that not one request left the site.
"""

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from test_browser import (
    ALL_RUN,
    CELLS,
    CHROMIUM_ARGS,
    act,
    chromium_path,
    free_port,
    has_die,
    lit_cells,
    roll_if_empty_handed,
    scores_text,
    stop,
    watch_board,
)

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "out" / "lite"
SCREENSHOTS = ROOT / "out" / "screenshots"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def site():
    """The site, built from this checkout (downloads are reused from out/lite-build/), served on
    127.0.0.1; yields its URL."""
    chromium_path()  # skip before building when there is no browser
    subprocess.run([sys.executable, ROOT / "docs" / "lite" / "build.py"], check=True, cwd=ROOT)
    port = free_port()
    log = open(ROOT / "out" / "lite-server.log", "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", SITE], stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/jupyter-lite.json", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("the static server did not start")
                time.sleep(0.2)
        yield url
    finally:
        stop(server, log)


#: The text of the error outputs on the page (a traceback stops Run All where it is).
ERRORS = """() => [...document.querySelectorAll(
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")]
    .map(output => output.textContent).filter(text => /Traceback|\\w+Error\\b/.test(text))"""


def run_lesson(page, site: str, lesson: str) -> list[str]:
    """Open a lesson in JupyterLite's notebook (the single-document view), run all its cells on the
    Pyodide kernel, and return the errors it showed (none when it ran to the end)."""
    page.goto(f"{site}/notebooks/index.html?path={lesson}")
    page.wait_for_selector(".jp-Notebook", timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.click("li[data-command='runmenu:run-all']")
    page.wait_for_function(f"() => ({ALL_RUN})() || ({ERRORS})().length > 0", timeout=300_000)
    return page.evaluate(ERRORS)


def open_lesson(page, site: str) -> None:
    """Open lesson 3, run it and wait until the person's seat may roll."""
    assert run_lesson(page, site, "3-play.ipynb") == []
    page.wait_for_selector(CELLS, timeout=60_000)
    page.wait_for_function("() => !document.querySelector('.muz-playboard .muz-roll').disabled",
                           timeout=60_000)
    assert page.locator(CELLS).count() == 61


def test_lesson_3_plays_offline_in_jupyterlite(site):
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1500, "height": 1100})

            def only_the_site(route):
                if route.request.url.startswith(site + "/"):
                    route.continue_()
                else:
                    outside.append(route.request.url)
                    route.abort()

            context.route("**/*", only_the_site)
            page = context.new_page()
            page.on("pageerror", lambda error: print("page error:", str(error)[:300]))
            open_lesson(page, site)
            watch_board(page)

            before_scores = scores_text(page)
            placed = 0
            for _ in range(200):  # a whole 21-die game against the computer, by clicks
                if game_over(page):
                    break
                roll_if_empty_handed(page)
                lit = lit_cells(page)
                if not lit:
                    act(page, lambda: page.click(".muz-playboard .muz-pass"))
                    continue
                act(page, lambda cell=lit[0]: page.click(f"{CELLS}[data-cell='{cell}']"))
                placed += 1
                assert has_die(page, lit[0])
            over = game_over(page)
            after = scores_text(page)
            dice = page.locator(".muz-playboard .dice [data-cell]").count()
            # a completion played its notes through Web Audio: the page lists the MIDI numbers it scheduled
            sound = page.get_attribute(".muz-playboard .muz-sound", "data-muz-sound")
        finally:
            page.screenshot(path=str(SCREENSHOTS / "lite-play-board.png"))
            browser.close()
    assert over, f"the game did not end after {placed} placements by the person"
    assert dice == 21 and placed >= 5
    assert after != before_scores, f"no placement changed the scores: {before_scores!r}"
    assert sound and all(20 < int(midi) < 109 for midi in sound.split()), sound
    assert outside == [], f"requests left the site: {outside[:5]}"


def game_over(page) -> bool:
    """True once the PlayBoard says the game is over."""
    return "Game over" in page.inner_text(".muz-playboard .muz-status")


def test_lessons_1_2_4_and_7_run_to_the_end_in_the_browser(site):
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1500, "height": 1100})
            context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site + "/")
                          else (outside.append(route.request.url), route.abort()))
            page = context.new_page()
            page.goto(site)
            links = page.locator("a[href^='notebooks/']")
            lessons = links.evaluate_all("links => links.map(a => a.textContent)")
            assert lessons == ["1 · The honeycomb and the rules", "2 · Hearing triads and scales",
                               "3 · Play a game", "4 · Explore positions", "7 · Review a game"]
            for lesson, board in (("1-rules.ipynb", None), ("2-hearing.ipynb", ".muzlab-keyboard"),
                                  ("4-explore.ipynb", ".muz-layer .muz-cell"),
                                  ("7-review.ipynb", ".muz-layer .muz-cell")):
                assert run_lesson(page, site, lesson) == [], lesson
                if board:
                    assert page.locator(board).count() > 0, f"{lesson}: no {board}"
                page.screenshot(path=str(SCREENSHOTS / f"lite-{lesson.removesuffix('.ipynb')}.png"))
        finally:
            browser.close()
    assert outside == [], f"requests left the site: {outside[:5]}"
