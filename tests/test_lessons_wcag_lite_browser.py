"""WCAG 2.1 A and AA on the homework edition's lessons (JupyterLite), beyond axe-core's English run
(test_axe_lite_browser): its German, French and Spanish lessons, each run as the edition opens it, checked
by axe-core (with the same scoped excludes of JupyterLab's and Jupyter Notebook's chrome), their page's
language and the lesson's, and their page's title (3.1.1, 3.1.2, 2.4.2); and each English lesson's outputs
walked and worked by the keyboard, at 200 % and 400 % and with WCAG's text spacing, as in JupyterLab
(test_lessons_wcag_browser.outputs_checked). Screenshots in out/screenshots/lesson-lite-*."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_axe_lesson_browser import lesson_violations
from test_axe_lite_browser import JUPYTERLITE_CHROME
from test_browser import ROOT, SCREENSHOTS
from test_lessons_wcag_browser import TRANSLATED, outputs_checked, wrong_languages
from test_lite import only_the_site, run_lesson, site

from muzlab.app.lite.build import LESSONS  # the lessons the edition ships (not 5 and 6)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["site"]  # the fixture building and serving the homework edition


def first_heading(lesson: Path) -> str:
    """The text of a lesson's first heading ("1 · Die Wabe und die Regeln")."""
    for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]:
        heading = cell["cell_type"] == "markdown" and re.search(r"^#{1,2}\s+(.+)$", "".join(cell["source"]),
                                                                re.MULTILINE)
        if heading:
            return re.sub(r"[*_`]", "", heading[1]).strip()
    raise AssertionError(f"{lesson} has no heading")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_editions_translated_lessons_pass_axe_and_say_their_language(site, browser, language):
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    outside = only_the_site(context, site)
    page = context.new_page()
    found: list[str] = []
    for lesson in LESSONS:
        path = f"{language}/{lesson}"
        assert run_lesson(page, site, path) == [], path
        unnamed = page.locator(".jp-Notebook img:not([alt])").count()
        found += [f"{path}: {unnamed} pictures with no alt"] if unnamed else []
        found += lesson_violations(page, f"{path} (homework edition), run whole", JUPYTERLITE_CHROME)
        # the page is in its interface's language (Jupyter Notebook's, English); the lesson in its own;
        # the page titled by the lesson's first heading (by the edition's plugin)
        found += wrong_languages(page, path, language, first_heading(ROOT / "notebooks" / path))
    assert outside == []
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_editions_lessons_by_keyboard_zoomed_and_spaced(site, browser, lesson):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=2)
    outside = only_the_site(context, site)
    page = context.new_page()
    assert run_lesson(page, site, lesson) == []
    found = outputs_checked(page, f"lite-{lesson.removesuffix('.ipynb')}")
    assert outside == []
    assert found == [], "\n".join(found)
