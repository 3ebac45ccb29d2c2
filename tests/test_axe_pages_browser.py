"""axe-core (the npm package, bundled offline by axe-playwright-python) at WCAG 2.1 A and AA, every impact
failing, on the pages the app's tabs test (tests/test_browser_app.py) does not reach: the class server's
student page (its join form, then seated at a table on its turn, the lit cells listed and the move field
shown), the teacher's page after a deal, and the homework edition's first page in each language.
"""

from __future__ import annotations

import pytest
from class_devices import WAIT, deal_and_roll, sit_down, student_page, teacher_page
from test_browser import static_server
from test_browser_app import WCAG_21_AA

from muzlab.app.lite.build import lessons
from muzlab.app.lite.lessons import landing_page
from muzlab.names.language import LANGUAGES

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def violations(page, where: str, context: str | None = None) -> list[str]:
    """axe-core's WCAG 2.1 AA violations on the page (or in `context`), one line each, named `where`."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context, options=WCAG_21_AA)
    return [f"{where}: {violation['id']} ({violation['impact']}): {violation['help']} "
            f"{[node['target'] for node in violation['nodes']][:3]}"
            for violation in results.response["violations"]]


def test_axe_finds_no_wcag_21_aa_violation_on_the_class_pages(class_server, browser):
    from playwright.sync_api import expect

    teacher = teacher_page(browser, class_server.teacher)
    found: list[str] = []
    students = []
    for name in ("Ada", "Ben"):
        page = student_page(browser, class_server.students)
        if not students:
            found += violations(page, "student page, join form")
        students.append(sit_down(page, name))
    mover = deal_and_roll(teacher, students)
    found += violations(mover, "student page, on its turn")
    found += violations(next(page for page in students if page is not mover), "student page, watching")
    expect(teacher.locator(".muz-roster .muz-student")).to_have_count(2, timeout=WAIT)
    found += violations(teacher, "teacher page, after the deal")
    assert found == [], "\n".join(found)


@pytest.fixture
def first_page(tmp_path):
    """The homework edition's first page, as its build writes it (with the lessons it lists), served on
    127.0.0.1; yields its URL."""
    (tmp_path / "index.html").write_text(landing_page(lessons(tmp_path / "files")))
    with static_server(tmp_path, tmp_path / "server.log") as url:
        yield f"{url}/index.html"


def test_axe_finds_no_wcag_21_aa_violation_on_the_editions_first_page(first_page, browser):
    found: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for language in LANGUAGES:
        page.goto(f"{first_page}?lang={language}")
        page.wait_for_function(f"() => document.documentElement.lang === '{language}'", timeout=WAIT)
        found += violations(page, f"first page ({language})")
    assert found == [], "\n".join(found)
