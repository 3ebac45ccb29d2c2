"""One real-browser test: JupyterLab on 127.0.0.1 driven by Playwright in the system Chromium.

It opens the play lesson, runs it, rolls and clicks legal cells until a die lands on the board and
a score changes, and saves a screenshot to out/screenshots/. `python3 make.py test` finds Chromium
(installing Debian's package as root) and passes its path in MUZLAB_CHROMIUM; on CI it must run.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLAY_NOTEBOOK = ROOT / "notebooks" / "3-play.ipynb"
SCREENSHOTS = ROOT / "out" / "screenshots"
TOKEN = "muzlab-browser-test"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser


def chromium_path() -> str:
    path = os.environ.get("MUZLAB_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing on CI; the browser test must run there")
        pytest.skip("no Chromium (install Debian's 'chromium'); run through `python3 make.py test`")
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server on 127.0.0.1 serving a fresh copy of the play lesson; yields its URL."""
    shutil.copy(PLAY_NOTEBOOK, tmp_path / PLAY_NOTEBOOK.name)
    port = free_port()
    log = open(tmp_path / "jupyter.log", "w")  # noqa: SIM115 - closed after the server stops
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
         f"--port={port}", f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={tmp_path}",
         f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}", "--LabServerApp.news_url="],
        stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("JupyterLab did not start:\n" + (tmp_path / "jupyter.log").read_text())
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def settle(page) -> None:
    """Wait until the kernel has handled a click (and the computer seats have replied)."""
    page.wait_for_timeout(300)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    page.wait_for_timeout(300)


def scores_text(page) -> str:
    return page.inner_text(".muz-playboard .muz-scores")


def test_play_lesson_in_a_real_browser(lab):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            page.goto(f"{lab}/lab/tree/{PLAY_NOTEBOOK.name}?token={TOKEN}")
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            # JupyterLab sometimes asks which kernel to start before the kernel list has loaded.
            with contextlib.suppress(PlaywrightTimeout):
                page.click(".jp-Dialog .jp-mod-accept", timeout=5_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.click("li[data-command='runmenu:run-all']")
            page.wait_for_selector(".muz-playboard .muz-cell", timeout=180_000)
            before = scores_text(page)
            after, placed = before, 0
            for _ in range(30):  # the opening die scores 0, and a die that fits nowhere is passed
                if "–" in page.inner_text(".muz-playboard .muz-hand"):  # no die in hand: roll
                    page.click(".muz-playboard .muz-roll")
                    settle(page)
                legal = page.locator(".muz-playboard .muz-legal")
                if legal.count() == 0:
                    page.click(".muz-playboard .muz-pass")
                    settle(page)
                    continue
                classes = legal.first.get_attribute("class").split()
                cell_class = next(c for c in classes if c.startswith("muz-cell-"))
                legal.first.click()
                settle(page)
                placed += 1
                cell = page.locator(f".muz-playboard .{cell_class}")
                assert "muz-legal" not in cell.get_attribute("class")
                assert cell.inner_text().strip() and "+" not in cell.inner_text()  # a note name now
                # No stale "+points" label is left on a cell that is no longer lit.
                lit = page.locator(".muz-playboard .muz-legal").count()
                assert page.locator(".muz-playboard .muz-cell:has-text('+')").count() == lit
                after = scores_text(page)
                if placed >= 2 and after != before:
                    break
        finally:
            # Saved on success and on failure alike: the picture is the first thing to look at.
            page.screenshot(path=str(SCREENSHOTS / "play-board.png"))
            browser.close()
    assert placed >= 1
    assert after != before, f"no placement changed the scores: {before!r}"
