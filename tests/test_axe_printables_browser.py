"""axe-core at WCAG 2.1 A and AA (every impact failing) on the web pages written beside the printables,
in English and German, opened from their files as a teacher opens them: the teacher pack
(`muzlab worksheet`), the board and die (`muzlab printables`), a worksheet from the Explorer and a
parents' report. Screenshots in out/screenshots/printables-*.png, to look at; and the pages at
320 CSS pixels (400 % zoom) never scroll sideways.
"""

from __future__ import annotations

import pytest
from test_axe_pages_browser import violations
from test_browser_app import SCREENSHOTS
from test_term import graded_term

from muzlab.cli import main
from muzlab.names.reader import Reader
from muzlab.views.worksheet import sheet_position
from muzlab.views.worksheet_html import position_sheet_html

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def pages(tmp_path):
    """Each printable's web page in English and German, written as the commands and downloads write
    them: {name: path}."""
    from muzlab.app.term_report import report_html

    made = {}
    room, term, _a = graded_term(tmp_path / "term")
    anna = next(s for s in room.students.values() if s.nickname == "Anna")
    for language in ("en", "de"):
        pack, kit = tmp_path / f"pack-{language}.pdf", tmp_path / f"kit-{language}.pdf"
        assert main(["--language", language, "worksheet", "--out", str(pack), "--sheets", "2",
                     "--questions", "6", "--seed", "3"]) == 0
        assert main(["--language", language, "printables", "--out", str(kit), "--level", "master"]) == 0
        made[f"pack-{language}"] = pack.with_suffix(".html")
        made[f"kit-{language}"] = kit.with_suffix(".html")
        reader = Reader("german" if language == "de" else "english", typeset=True, language=language)
        sheet = tmp_path / f"sheet-{language}.html"
        sheet.write_text(position_sheet_html(sheet_position(8, "master"), reader=reader), encoding="utf-8")
        report = tmp_path / f"report-{language}.html"
        report.write_text(report_html(term, anna.id, Reader(language=language)), encoding="utf-8")
        made[f"sheet-{language}"], made[f"report-{language}"] = sheet, report
    room.store.close()
    return made


def test_axe_finds_no_wcag_21_aa_violation_on_the_printables_web_pages(pages, browser):
    found: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, path in pages.items():
        page.goto(path.as_uri())
        assert page.evaluate("document.documentElement.lang") == name.split("-")[1]
        assert page.title() and page.title() == page.locator("h1").inner_text()
        found += violations(page, name)
        if name.endswith("-en") or name == "pack-de":
            page.screenshot(path=str(SCREENSHOTS / f"printables-{name}.png"), full_page=True)
    assert found == [], "\n".join(found)


def test_the_printables_web_pages_reflow_at_400_percent(pages, browser):
    """At 320 CSS pixels wide (a 1280-pixel window at 400 %) no page scrolls sideways: the boards shrink
    to the width, the text wraps (WCAG 1.4.10)."""
    page = browser.new_page(viewport={"width": 320, "height": 256})
    wide = {}
    for name, path in pages.items():
        page.goto(path.as_uri())
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 320:
            wide[name] = width
    page.screenshot(path=str(SCREENSHOTS / "printables-report-de-320.png"), full_page=True)
    page.goto(pages["pack-de"].as_uri())
    page.screenshot(path=str(SCREENSHOTS / "printables-pack-de-320.png"))
    assert wide == {}


#: WCAG 1.4.12's text spacing: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em.
TEXT_SPACING = """* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }"""


@pytest.mark.parametrize("width", [1280, 320])
def test_the_printables_web_pages_take_wcags_text_spacing_and_lose_nothing(pages, browser, width):
    """With 1.4.12's spacing forced on every element, no page scrolls sideways and no text is cut off:
    every element's text fits its box (scrollWidth no wider than its width)."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    cut = {}
    for name, path in pages.items():
        page.goto(path.as_uri())
        page.add_style_tag(content=TEXT_SPACING)
        wide = page.evaluate(f"""() => [document.documentElement.scrollWidth > {width},
            ...[...document.querySelectorAll('main *:not(svg):not(svg *)')]
                .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible')
                .map(e => e.tagName)]""")
        if wide[0] or wide[1:]:
            cut[name] = wide
    assert cut == {}
