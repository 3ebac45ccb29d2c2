"""Text spacing (WCAG 1.4.12) and text at 200 % (WCAG 1.4.4) on the classroom app (its seats' form and
each tab) and the class server's student page (joined, on its turn) and teacher's page (each tab).
WCAG's spacing is forced on every element (line height 1.5, paragraphs 2 em apart, letters 0.12 em
and words 0.16 em): no text is cut off by its box (a box that hides its overflow and is smaller than
its words) and no two controls or labels overlap. At 200 % (a 1280×720 window zoomed: 640×360 CSS
pixels drawn at twice the density) the same holds. Screenshots in out/screenshots/ to look at."""

from __future__ import annotations

import pytest
from class_devices import deal_and_roll, sit_down, student_page, teacher_page
from test_browser_app import SCREENSHOTS, open_app, served, show_tab  # noqa: F401 - fixture
from test_focus_walk_browser import show_teacher_tab

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: WCAG 1.4.12's spacing, forced on every element (the test's own style sheet, as its bookmarklet does).
TEXT_SPACING = ("* { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
                " word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }")
#: A 1280×720 window at 200 %.
AT_200 = {"viewport": {"width": 640, "height": 360}, "device_scale_factor": 2}
#: The window the text's spacing is tried in (the app's usual laptop).
WINDOW = {"width": 1366, "height": 768}
#: What is cut short: a box shown that hides what overflows it and holds more than it shows (wider or
#: taller words), and whose words are not drawn elsewhere in full (a scrolling box may scroll).
CUT = """() => [...document.querySelectorAll('button, label, .widget-label, li, td, th, h2, h3, .v-tab,'
        + ' .lm-TabBar-tab-label, .widget-html-content, .muz-tip, .widget-checkbox, .widget-toggle-button')]
    .filter(e => e.getClientRects().length > 0 && e.innerText.trim() !== '')
    .filter(e => { const s = getComputedStyle(e);
                   const hides = v => v === 'hidden' || v === 'clip';
                   // (a button's scrollWidth is its own width: its words are measured as laid out)
                   const words = document.createRange();
                   words.selectNodeContents(e);
                   const wide = Math.max(e.scrollWidth - e.clientWidth, words.getBoundingClientRect().width
                                                                        - e.getBoundingClientRect().width);
                   return (hides(s.overflowX) && wide > 1)
                       || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1); })
    .map(e => `${e.tagName.toLowerCase()} "${e.innerText.trim().slice(0, 40)}" `
              + `(${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`)"""
#: Controls and labels shown, with words, that overlap one another (neither inside the other).
OVERLAPS = """() => {
    const shown = [...document.querySelectorAll('button, select, input:not([type=hidden]), textarea,'
            + ' .widget-label, label, .v-tab, .lm-TabBar-tab, h2, h3')]
        .filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility === 'visible'
                     && !e.closest('.muz-skip')
                     && (e.innerText || e.value || e.tagName === 'SELECT' || '').toString().trim() !== '');
    const found = [];
    for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
        const [a, b] = [shown[i], shown[j]];
        if (a.contains(b) || b.contains(a)) continue;
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        // (more than a few pixels each way: a label's box a little taller than its row hides nothing)
        if (Math.min(p.right, q.right) - Math.max(p.left, q.left) > 4
            && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 4)
            found.push([a, b].map(e => `${e.tagName.toLowerCase()} "${(e.innerText || e.value || '')
                .trim().slice(0, 30)}"`).join(' over '));
    }
    return found;
}"""


def spaced(page) -> None:
    """Force WCAG 1.4.12's text spacing on the page."""
    page.add_style_tag(content=TEXT_SPACING)


def damage(page, where: str, shot: str) -> list[str]:
    """What is cut short or overlaps on the page, each named `where`; a screenshot of the whole page."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(SCREENSHOTS / f"{shot}.png"), full_page=True)
    return ([f"{where}: cut short: {cut}" for cut in page.evaluate(CUT)]
            + [f"{where}: overlap: {overlap}" for overlap in page.evaluate(OVERLAPS)])


def test_the_app_keeps_its_words_whole_with_text_spacing_and_at_200_percent(served, browser):  # noqa: F811
    from test_browser_app import a_die_in_hand, wait_steady

    url, _folder = served
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for looks in ("spacing", "zoom-200"):
        page = browser.new_page(**(AT_200 if looks == "zoom-200" else {"viewport": WINDOW}))
        page.goto(url)
        page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
        if looks == "spacing":
            spaced(page)
        wait_steady(page)
        problems += damage(page, f"app ({looks}), seats' form", f"app-{looks}-setup")
        a_die_in_hand(page)
        for tab in ("Play", "Explore", "Quiz", "Ear training", "Review"):
            show_tab(page, tab)
            problems += damage(page, f"app ({looks}), {tab}", f"app-{looks}-{tab.split()[0].lower()}")
        page.close()
    assert problems == [], "\n".join(problems)


def test_the_class_pages_keep_their_words_whole_with_text_spacing_and_at_200_percent(class_server, browser):

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for looks, options in (("spacing", {}), ("zoom-200", AT_200)):
        server = class_server
        teacher = teacher_page(browser, server.teacher) if looks == "spacing" else None
        if teacher is None:
            teacher = browser.new_context(**AT_200).new_page()
            teacher.goto(server.teacher)
            teacher.wait_for_selector(".muz-deal", timeout=60_000)
        students = [student_page(browser, server.students, **options) for _ in range(2)]
        if looks == "spacing":
            for page in (*students, teacher):
                spaced(page)
        problems += damage(students[0], f"student page ({looks}), join form", f"class-{looks}-join")
        for page, name in zip(students, (f"Ada{looks[0]}", f"Ben{looks[0]}"), strict=True):
            sit_down(page, name)
        mover = deal_and_roll(teacher, students)
        problems += damage(mover, f"student page ({looks}), on its turn", f"class-{looks}-turn")
        for tab in ("Lesson", "Assignments and grades", "Class list"):
            show_teacher_tab(teacher, tab)
            problems += damage(teacher, f"teacher page ({looks}), {tab}",
                               f"teacher-{looks}-{tab.split()[0].lower()}")
        for page in (*students, teacher):
            page.context.close()
    assert problems == [], "\n".join(problems)
