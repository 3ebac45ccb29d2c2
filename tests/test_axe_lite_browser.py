"""axe-core at WCAG 2.1 A and AA (every impact failing) on the lessons of the homework edition (JupyterLite):
each run whole as the edition opens it (lesson 3 with its PlayBoard drawn, then with a die in hand), the
whole document checked with the same scoped excludes of JupyterLab's chrome as in JupyterLab
(test_axe_lesson_browser) and one of Jupyter Notebook's (JUPYTERLITE_CHROME)."""

from __future__ import annotations

import pytest
from test_axe_lesson_browser import JUPYTERLAB_CHROME, lesson_violations
from test_axe_pages_browser import violations
from test_browser import CELLS, act, watch_board
from test_lite import only_the_site, open_lesson, run_lesson, site

from muzlab.app.lite.build import LESSONS  # the lessons the edition ships (not 5 and 6)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["site"]  # the fixture building and serving the homework edition

#: JupyterLab's chrome (as in JupyterLab) and that of the notebook view JupyterLite opens a lesson in.
JUPYTERLITE_CHROME = [
    *JUPYTERLAB_CHROME,
    # The Jupyter Notebook logo at the page's top left is a link holding only a picture with no text
    # (link-name): Jupyter Notebook's, built into the edition as shipped.
    ["#jp-NotebookLogo"],
]


def test_axe_finds_no_wcag_21_aa_violation_in_lesson_3_in_the_homework_edition(site, browser):
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    page = context.new_page()
    open_lesson(page, site)
    watch_board(page)
    assert page.locator(".jp-Notebook img:not([alt])").count() == 0
    found = lesson_violations(page, "lesson 3 (homework edition), the board drawn", JUPYTERLITE_CHROME)
    page.focus(".muz-playboard .muz-frame")
    act(page, lambda: page.keyboard.press("r"))
    assert page.locator(CELLS + ".muz-legal").count() == 1
    found += lesson_violations(page, "lesson 3 (homework edition), a die in hand", JUPYTERLITE_CHROME)
    found += violations(page, "lesson 3's PlayBoard (homework edition), a die in hand", ".muz-playboard")
    assert outside == []
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson != "3-play.ipynb"])
def test_axe_finds_no_wcag_21_aa_violation_in_the_other_lessons_in_homework(site, browser, lesson):
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    page = context.new_page()
    assert run_lesson(page, site, lesson) == []
    assert page.locator(".jp-Notebook img:not([alt])").count() == 0
    found = lesson_violations(page, f"{lesson} (homework edition), run whole", JUPYTERLITE_CHROME)
    assert outside == []
    assert found == [], "\n".join(found)
