"""What a page says about its parts (WCAG 3.1.2, 1.3.5, 2.4.4, 2.4.6, 2.5.2, 4.1.3), on the classroom app
and the class server's student and teacher pages: each language menu's entries are marked with their
own language ("Deutsch" is read in German on an English page); the nickname field says it is one
(autocomplete); the teacher's links to the students' page each say their language in the line that
holds them; the headings a screen reader moves by are there and name what follows them; what Deal did
is said through the teacher's status region; and a press is taken back by moving the pointer away
before letting go (Roll, a lit cell), as nothing acts on the press itself."""

from __future__ import annotations

import pytest
from class_devices import WAIT, sit_down, student_page, teacher_page
from test_browser_app import open_app, served, start_game  # noqa: F401 - the fixture is used by name

from muzlab.names.language import LANGUAGE_NAMES

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Each language menu entry's words and the language it is marked with.
ENTRIES = """() => [...document.querySelectorAll('.muz-language option')]
    .map(option => [option.textContent.trim(), option.lang])"""
#: The headings shown, in order, with their level.
HEADINGS = """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')]
    .filter(h => h.getClientRects().length > 0).map(h => `${h.tagName} ${h.innerText.trim()}`)"""
#: Each link shown: its words and the words of the list item (or paragraph) that holds it.
LINKS = """() => [...document.querySelectorAll('a[href]')].filter(a => a.getClientRects().length > 0)
    .map(a => [a.innerText.trim(), (a.closest('li, p, td') || a).innerText.trim()])"""


def marked_languages(page, where: str) -> list[str]:
    """The language menus' entries not marked with their own language (all four must be there)."""
    entries = page.evaluate(ENTRIES)
    own = {name: code for code, name in LANGUAGE_NAMES.items()}
    wrong = [f"{where}: {words} is marked {lang!r}" for words, lang in entries if own.get(words) != lang]
    return wrong + ([] if {words for words, _lang in entries} >= set(own) else [f"{where}: no language menu"])


def test_the_apps_language_menu_and_headings(served, browser):  # noqa: F811
    url, _folder = served
    page = open_app(browser, url, 1366, 768)
    page.wait_for_function("() => document.querySelector('.muz-language option[lang=de]')", timeout=WAIT)
    assert marked_languages(page, "app") == []
    assert page.evaluate(HEADINGS)[0] == "H2 Muzundrum"
    # the menu drawn again in German: its entries still marked
    page.select_option(".muz-language select", "Deutsch")
    page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=WAIT)
    assert marked_languages(page, "app in German") == []


def test_the_class_pages_parts_and_a_press_taken_back(class_server, browser):
    from playwright.sync_api import expect

    teacher = teacher_page(browser, class_server.teacher)
    students = [student_page(browser, class_server.students) for _ in range(2)]
    for page in (teacher, students[0]):
        page.wait_for_function("() => document.querySelector('.muz-language option[lang=de]')", timeout=WAIT)
    assert marked_languages(teacher, "teacher page") + marked_languages(students[0], "student page") == []
    # the join form's nickname field says its purpose (WCAG 1.3.5)
    expect(students[0].locator(".muz-nickname input")).to_have_attribute("autocomplete", "nickname")
    for page, name in zip(students, ("Ada", "Ben"), strict=True):
        sit_down(page, name)
    teacher.click(".muz-deal")
    for page in students:
        expect(page.locator(".muz-who")).to_contain_text("table 1", timeout=WAIT)
    # what Deal did is said on the teacher's page through a status region of its own (WCAG 4.1.3)
    expect(teacher.get_by_role("status", name="What was done")).to_contain_text("Round 1", timeout=WAIT)
    mover = next(page for page in students if page.locator(".muz-roll").is_visible())
    # headings: the student's name and table above the board, then the term's sections
    headings = mover.evaluate(HEADINGS)
    assert headings[0].startswith("H3 ") and "table 1" in headings[0], headings
    assert mover.evaluate("""() => {
        const h = [...document.querySelectorAll('h3')].find(h => h.innerText.includes('table 1'));
        const board = document.querySelector('.muz-board .muz-frame');
        return !!(h.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING); }""")
    titles = [heading.split(" ", 1)[1].split(":")[0] for heading in teacher.evaluate(HEADINGS)]
    assert titles[:2] == ["Roster", "Leaderboard"], titles
    # the teacher's links: each in a line that names its language
    links = teacher.evaluate(LINKS)
    assert len(links) == 4 and all(line.startswith(f"{name}:") and text in line for (text, line), name
                                   in zip(links, LANGUAGE_NAMES.values(), strict=True)), links
    # a press on Roll, the pointer moved away before letting go: nothing rolled; then a click rolls
    roll = mover.locator(".muz-roll")
    box = roll.bounding_box()
    mover.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mover.mouse.down()
    mover.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 300)
    mover.mouse.up()
    assert mover.locator(".muz-legal-list li").count() == 0 and roll.is_visible()
    roll.click()
    first = mover.locator(".muz-layer .muz-cell.muz-legal").first
    first.wait_for(timeout=WAIT)
    # a press on a lit cell, taken away off the board: nothing placed; then a click places the die
    cell = first.get_attribute("data-cell")
    box = first.bounding_box()
    mover.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mover.mouse.down()
    mover.mouse.move(1, 1)
    mover.mouse.up()
    assert mover.locator(f".muz-board .dice [data-cell='{cell}']").count() == 0
    assert mover.locator(".muz-layer .muz-cell.muz-legal").count() > 0  # the die still in hand
    mover.locator(f".muz-layer .muz-cell[data-cell='{cell}']").click()
    expect(mover.locator(".muz-last")).to_contain_text(" places ", timeout=WAIT)
