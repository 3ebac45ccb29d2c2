"""Every label of the class pages is read whole and in the page's language, in every language, in a
real browser: no label ends in "…" because a widget keeps ipywidgets' narrow default label column or
a checkbox its fixed width (found on the teacher's page), on each of the teacher's tabs, and the
teacher's term section follows a language chosen on the page (it stayed English until a reload)."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from class_devices import TRACK_MESSAGES, WAIT, ClassServer, server_caught_up
from test_browser import CHROMIUM_ARGS, chromium_path

from muzlab.names.language import LANGUAGE_NAMES
from muzlab.names.reader import Reader

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The texts on screen that do not fit their box: a label, a button's words, a menu's choice.
CUT_TEXTS = """() => [...document.querySelectorAll(
        '.widget-label, .widget-label-basic, .widget-button, .widget-toggle-button, .widget-upload, label')]
    .filter(el => el.offsetParent !== null && el.innerText.trim() !== ''
                  && el.scrollWidth > el.clientWidth + 1)
    .map(el => el.innerText.trim())"""


def cut_texts(page) -> str:
    """The page's cut texts, one a line (so that a failure lists them all)."""
    return "\n".join(page.evaluate(CUT_TEXTS))


def labels_read(page) -> list[str]:
    """The visible labels of the page (a label column, a checkbox's words)."""
    return page.evaluate("""() => [...document.querySelectorAll('.widget-label, .widget-label-basic')]
        .filter(el => el.offsetParent !== null && el.innerText.trim() !== '')
        .map(el => el.innerText.trim())""")


@pytest.mark.parametrize("language", list(LANGUAGE_NAMES))
def test_no_label_of_the_class_pages_is_cut(tmp_path, language):
    from playwright.sync_api import expect, sync_playwright

    server = ClassServer(tmp_path / "class")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            student = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
            # the address the teacher's page shows: the class code is typed in (its field is shown)
            address, _, query = server.students.partition("?")
            student.goto(f"{address}?lang={language}")
            student.wait_for_selector(".muz-nickname input", timeout=60_000)
            gettext = Reader(language=language).gettext
            expect(student.locator(".muz-join")).to_have_text(gettext("Join"), timeout=WAIT)
            student.locator(".muz-personal-code").wait_for(timeout=WAIT)
            join_labels = labels_read(student)
            assert len(join_labels) >= 4, join_labels  # the language, the nickname, the codes
            assert cut_texts(student) == ""
            assert student.locator(".muz-code input").is_visible()
            student.fill(".muz-nickname input", "Claire")
            student.fill(".muz-code input", parse_qs(query)["code"][0])
            student.click(".muz-join")
            expect(student.locator(".muz-who")).to_contain_text("Claire", timeout=WAIT)
            if student.locator(".muz-settings-button").is_visible():  # (folded away on a seated page)
                student.click(".muz-settings-button")
            student.locator(".muz-key select").wait_for(timeout=WAIT)
            assert cut_texts(student) == ""

            teacher_context = browser.new_context(viewport={"width": 1300, "height": 1000})
            teacher_context.add_init_script(TRACK_MESSAGES)
            teacher = teacher_context.new_page()
            teacher.goto(server.teacher)
            teacher.wait_for_selector(".muz-deal", timeout=60_000)
            if language != "en":
                teacher.select_option(".muz-language select", label=LANGUAGE_NAMES[language])
                expect(teacher.locator(".muz-deal")).not_to_have_text("Deal", timeout=WAIT)
                server_caught_up(teacher)
            lesson_labels = labels_read(teacher)
            assert len(lesson_labels) >= 6, lesson_labels  # the deal's, the seats', the projector's
            assert cut_texts(teacher) == ""
            # the term's tab follows the page's language (it stayed English until a reload)
            pgettext = Reader(language=language).pgettext
            expect(teacher.locator(".muz-tab-term")).to_have_text(
                pgettext("teacher's tab", "Assignments and grades"), use_inner_text=True, ignore_case=True)
            teacher.click(".muz-tab-term")
            expect(teacher.locator(".muz-term-teacher h3").first).to_have_text(gettext("Assignments"),
                                                                                timeout=WAIT)
            expect(teacher.locator(".muz-grades")).to_have_text(gettext("Export grades"), timeout=WAIT)
            term_labels = labels_read(teacher)
            assert len(term_labels) >= 8, term_labels  # the assignment's, the grading's
            assert cut_texts(teacher) == ""
            teacher.click(".muz-tab-class")
            expect(teacher.locator(".muz-rename")).to_have_text(gettext("Rename"), timeout=WAIT)
            assert len(labels_read(teacher)) >= 3 and cut_texts(teacher) == ""  # student, nickname, is also
            browser.close()
    finally:
        server.kill()
