"""axe-core at WCAG 2.1 A and AA (every impact failing) on a lesson in JupyterLab: lesson 3 run whole,
its PlayBoard drawn, then with a die in hand and the legal cells lit, then after a placement, the whole
document checked.

JupyterLab's own chrome is left out, each part by a scoped rule with its reason (JUPYTERLAB_CHROME,
JUPYTERLAB_NODES): what axe finds there is JupyterLab's to fix, not a lesson's. Everything the lesson
draws (its text, the PlayBoard, the outputs) is checked, and the PlayBoard once more on its own.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import urllib.request

import pytest
from test_axe_pages_browser import violations
from test_browser import (
    ALL_RUN,
    CELLS,
    CHROMIUM_ARGS,
    PLAY_NOTEBOOK,
    ROOT,
    TOKEN,
    act,
    chromium_path,
    jupyter_lab,
    lab,
    open_and_run,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["lab"]  # the fixture serving lesson 3 in JupyterLab

#: Parts of JupyterLab's chrome axe is not run on, with the reason.
JUPYTERLAB_CHROME = [
    # The Jupyter UI toolkit's toolbar buttons (file browser, notebook toolbar, Voilà's and the
    # debugger's) carry aria-pressed on an element whose role does not allow it (aria-allowed-attr).
    ["jp-button"],
    # The code cells' CodeMirror editors are role=textbox with no accessible name
    # (aria-input-field-name): JupyterLab's editor, the lesson's code is read from it as text.
    [".jp-CodeCell .jp-InputArea-editor"],
    # The cells' prompt column: once a heading's cell is selected, it shows JupyterLab's "collapse this
    # heading" icon button, which has no accessible name (button-name).
    [".jp-InputPrompt"],
]
#: Single nodes of JupyterLab's whose violation is known, by (rule, target), with the reason: they
#: hold the lesson, so they cannot be left out as a part (that would leave out the lesson too).
JUPYTERLAB_NODES = {
    # The notebook's cell list is role=feed, whose children must be articles; JupyterLab's cells are
    # labelled divs (aria-required-children).
    ("aria-required-children", ".jp-WindowedPanel-viewport"),
}


def lesson_violations(page, where: str, chrome: list[list[str]] = JUPYTERLAB_CHROME) -> list[str]:
    """axe's violations on the lesson's page, JupyterLab's `chrome` left out (see above)."""
    from axe_playwright_python.sync_playwright import Axe
    from test_browser_app import WCAG_21_AA

    results = Axe().run(page, context={"include": [["html"]], "exclude": chrome},
                        options=WCAG_21_AA)
    found = []
    for violation in results.response["violations"]:
        targets = [node["target"][-1] for node in violation["nodes"]]
        if all((violation["id"], target) in JUPYTERLAB_NODES for target in targets):
            continue
        found.append(f"{where}: {violation['id']} ({violation['impact']}): {violation['help']} {targets[:3]}")
    return found


def test_axe_finds_no_wcag_21_aa_violation_in_lesson_3_in_jupyterlab(lab):
    from playwright.sync_api import sync_playwright

    found: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            open_and_run(page, lab, PLAY_NOTEBOOK.name)
            assert page.locator("img:not([alt])").count() == 0  # the game's score says what it shows
            found += lesson_violations(page, "lesson 3, the board drawn")
            page.focus(".muz-playboard .muz-frame")
            act(page, lambda: page.keyboard.press("r"))
            assert page.locator(CELLS + ".muz-legal").count() == 1
            found += lesson_violations(page, "lesson 3, a die in hand")
            found += violations(page, "lesson 3's PlayBoard, a die in hand", ".muz-playboard")
            act(page, lambda: page.keyboard.press("Enter"))  # the opening die, on e5 where the ring starts
            assert page.locator(".muz-playboard .dice [data-cell]").count() == 1
            found += lesson_violations(page, "lesson 3, after a placement")
        finally:
            browser.close()
    assert found == [], "\n".join(found)


#: Every lesson of the lessons folder (its numbered notebooks; app.ipynb is the app, whose tabs
#: test_axe_pages_browser checks).
LESSONS = sorted(path.name for path in (ROOT / "notebooks").glob("[0-9]*.ipynb"))


@pytest.fixture
def lessons_lab(tmp_path):
    """One JupyterLab server on 127.0.0.1 serving a fresh copy of every lesson; yields its URL."""
    for lesson in LESSONS:
        shutil.copy(ROOT / "notebooks" / lesson, tmp_path / lesson)
    try:
        with jupyter_lab(tmp_path) as url:
            yield url
    except RuntimeError as error:
        pytest.fail(str(error))


def run_whole(page, url: str, lesson: str) -> None:
    """Open a lesson in a workspace of its own (no other lesson's tab restored next to it), run all its
    cells and wait until every one has run; a traceback fails the test."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from test_lite import ERRORS

    page.goto(f"{url}/lab/workspaces/{lesson.replace('/', '-').split('.')[0]}/tree/{lesson}?token={TOKEN}")
    page.wait_for_selector(".jp-Notebook", timeout=120_000)
    with contextlib.suppress(PlaywrightTimeout):  # which kernel, asked before the kernel list loaded
        page.click(".jp-Dialog .jp-mod-accept", timeout=5_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.click("li[data-command='runmenu:run-all']")
    page.wait_for_function(f"() => ({ALL_RUN})() || ({ERRORS})().length > 0", timeout=300_000)
    assert page.evaluate(ERRORS) == [], f"{lesson} stopped on an error"


def shut_down_kernels(url: str) -> None:
    """End the kernels of the lessons run so far (each lesson's kernel holds its widgets' memory)."""
    with urllib.request.urlopen(f"{url}/api/sessions?token={TOKEN}") as answer:
        sessions = json.load(answer)
    for session in sessions:
        request = urllib.request.Request(f"{url}/api/sessions/{session['id']}?token={TOKEN}",
                                         method="DELETE")
        urllib.request.urlopen(request).close()


def test_axe_finds_no_wcag_21_aa_violation_in_any_lesson_in_jupyterlab(lessons_lab):
    from playwright.sync_api import sync_playwright

    assert len(LESSONS) >= 7
    found: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            for lesson in LESSONS:
                run_whole(page, lessons_lab, lesson)
                unnamed = page.locator(".jp-Notebook img:not([alt])").count()
                found += [f"{lesson}: {unnamed} pictures with no alt"] if unnamed else []
                found += lesson_violations(page, f"{lesson}, run whole")
                shut_down_kernels(lessons_lab)
        finally:
            browser.close()
    assert found == [], "\n".join(found)
