"""The keyboard's walk through each page (WCAG 2.1.2, 2.4.1, 2.4.3, 2.4.7, 1.4.11): the classroom app (its
seats' form and each tab), the class server's student page (its join form, and on its turn with a die
in hand) and the teacher's page (each of its tabs). Tab is pressed until the focus comes round to where
it began: every control shown is reached, in the page's reading order (no tabindex above 0), none
holds the focus (Shift+Tab goes back the same way), each one focused draws a ring of at least 2 px
that stands out 3:1 from the page behind it, and the first stop is "Skip to the board", which moves
the focus onto the board. The legal cells' dashed outline and the fields' borders are measured
against what they are drawn on: 3:1 at least. Screenshots of a focused control in out/screenshots/."""

from __future__ import annotations

import pytest
from class_devices import WAIT, deal_and_roll, sit_down, student_page, teacher_page
from test_browser_app import SCREENSHOTS, open_app, served, show_tab  # noqa: F401 - fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: WCAG's contrast ratio of two colours, and the colour behind an element (its nearest ancestor's
#: that is not transparent; white at the top), as `contrast(a, b)` and `behind(element)`.
COLOURS = """
const rgb = text => { const m = text.match(/[\\d.]+/g).map(Number);
                      return m.length > 3 && m[3] === 0 ? null : m; };
const luminance = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
                             return (x + 0.05) / (y + 0.05); };
const behind = element => { for (let e = element.parentElement; e; e = e.parentElement) {
    const colour = rgb(getComputedStyle(e).backgroundColor); if (colour) return colour; }
    return [255, 255, 255]; };
"""
#: The focused element: a name for it, and its focus indicator's width and contrast with what is beside
#: it (its outline, else a ring drawn as a box-shadow, as the board's frame draws one); a ring cut off
#: by a box around the control has no width, and that box is named.
FOCUSED = "() => {" + COLOURS + """
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const style = getComputedStyle(e);
    const name = `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') || e.innerText || e.value
        || e.getAttribute('placeholder') || e.className || '').toString().trim().slice(0, 40)}"`;
    let width = 0, ratio = 0, clipped = '';
    if (style.outlineStyle !== 'none' && style.outlineStyle !== 'auto') {
        width = parseFloat(style.outlineWidth);
        const ring = rgb(style.outlineColor), offset = parseFloat(style.outlineOffset);
        // a ring drawn inside the edge is seen against the band inside it; one outside, against the page
        const band = style.boxShadow.match(/(rgba?\\([^)]*\\)) 0px 0px 0px [\\d.]+px inset/);
        ratio = contrast(ring, offset < 0 && band ? rgb(band[1]) : behind(e));
        // a ring outside the edge, cut off by a box that hides what overflows it, is not seen
        // (a control placed on the window itself, as "Skip to the board" is when focused, is never cut off)
        const reach = Math.max(0, offset + width), r = e.getBoundingClientRect();
        const holder = style.position === 'fixed' ? null : e.parentElement;
        for (let a = holder; a && a !== document.body; a = a.parentElement) {
            const s = getComputedStyle(a);
            const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
            if (!clips || s.display === 'contents') continue;  // (a box of `display: contents` has no edge)
            const b = a.getBoundingClientRect();
            if (r.left - reach < b.left - 0.5 || r.right + reach > b.right + 0.5
                || r.top - reach < b.top - 0.5 || r.bottom + reach > b.bottom + 0.5) {
                clipped = String(a.className).slice(0, 60); width = 0; break;
            }
        }
    } else if (style.boxShadow !== 'none') {
        const ring = style.boxShadow.match(/(rgba?\\([^)]*\\)) 0px 0px 0px ([\\d.]+)px/);
        if (ring) { width = parseFloat(ring[2]); ratio = contrast(rgb(ring[1]), behind(e)); }
    }
    const walked = window.__muzWalked = window.__muzWalked || [];
    if (!walked.includes(e)) walked.push(e);
    return {name, index: walked.indexOf(e), width, clipped, ratio: Math.round(ratio * 100) / 100};
}"""
#: Every control shown that the keyboard should reach and the walk did not: a link, button, field or menu
#: not disabled, or an element given tabindex 0 (a tab, the board, a table's scrolling box).
CONTROLS = """() => [...document.querySelectorAll(
        'a[href], button, input:not([type=hidden]), select, textarea, audio[controls], [tabindex]')]
    .filter(e => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0
                 && getComputedStyle(e).visibility === 'visible'
                 && !(e.type === 'radio' && !e.checked))
    .filter(e => !(window.__muzWalked || []).includes(e))
    .map(e => `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') || e.innerText || e.value
               || e.className || '').toString().trim().slice(0, 40)}"`)"""
#: The walked controls (by their place in the walk) that come before the one focused just before them
#: in the document: the focus leaving the reading order.
OUT_OF_ORDER = """count => { const walked = window.__muzWalked.slice(0, count);
    return walked.slice(1).map((e, i) => e.isConnected && walked[i].isConnected
        && !(walked[i].compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) ? i + 1 : -1)
        .filter(i => i >= 0); }"""
#: Elements ordered by a tabindex above 0 (which would take the focus out of the reading order).
POSITIVE_TABINDEX = "() => [...document.querySelectorAll('[tabindex]')].filter(e => e.tabIndex > 0).length"


#: Puts the browser's starting point for Tab at the page's top, as on a page just opened: an element
#: that Tab never stops at (tabindex -1), first in the page, given the focus.
TOP = """() => {
    window.scrollTo(0, 0);
    let start = document.getElementById('muz-walk-start');
    if (!start) {
        start = document.createElement('span');
        start.id = 'muz-walk-start';
        start.tabIndex = -1;
        document.body.prepend(start);
    }
    start.focus();
}"""


def top(page) -> None:
    """Start the keyboard's walk at the page's top (`TOP`)."""
    page.evaluate(TOP)


#: True once the teacher's page has finished changing tabs (Vuetify slides the old tab out).
TAB_SHOWN = ("() => !document.querySelector('.v-window__container--is-active,"
             " .v-window-item--active.v-enter, .v-window-item.v-leave')")
#: A control of each of the teacher's tabs, shown once that tab is.
TAB_CONTROL = {"Lesson": ".muz-deal", "Assignments and grades": ".muz-assign-new",
               "Class list": ".muz-forget"}


def show_teacher_tab(teacher, tab: str) -> None:
    """Choose one of the teacher's tabs and wait until it alone is shown, its slide over."""
    from playwright.sync_api import expect

    teacher.get_by_role("tab", name=tab).click()
    expect(teacher.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
    for name, control in TAB_CONTROL.items():
        if name == tab:
            expect(teacher.locator(control)).to_be_visible()
        else:
            expect(teacher.locator(control)).to_be_hidden()
    teacher.wait_for_function(TAB_SHOWN)


def walk(page, where: str, most: int = 150) -> list[dict]:
    """Press Tab from where the page's focus starts until it comes round to a control it reached;
    returns each control focused in turn (once). Fails if the focus never comes round (a trap)."""
    top(page)
    page.evaluate("() => { window.__muzWalked = []; }")
    reached: list[dict] = []
    for _ in range(most):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None or (reached and focused["index"] == reached[-1]["index"]):
            continue  # the page itself between the last control and the first, or a control's inner part
        if focused["index"] < len(reached):
            return reached  # come round
        reached.append(focused)
    raise AssertionError(f"{where}: the focus did not come round in {most} presses of Tab: "
                         f"{[f['name'] for f in reached]}")


def check_walk(page, where: str, first: str | None = None) -> list[str]:
    """Walk the page (`walk`) and return what is wrong: a control shown but never reached, the focus out
    of the document's order, a control without a visible ring, Shift+Tab not going back the same way;
    `first` is the first stop's words, if there must be one."""
    problems: list[str] = []
    reached = walk(page, where)
    problems += [f"{where}: never reached: {name}" for name in page.evaluate(CONTROLS)]
    order = [focused["index"] for focused in reached]
    problems += [f"{where}: the focus goes back up the page to {reached[i]['name']} after "
                 f"{reached[i - 1]['name']}" for i in page.evaluate(OUT_OF_ORDER, len(reached))]
    if page.evaluate(POSITIVE_TABINDEX):
        problems.append(f"{where}: a tabindex above 0")
    problems += [f"{where}: no visible focus ring on {focused['name']} (width {focused['width']}, "
                 f"contrast {focused['ratio']}, cut off by {focused['clipped'] or 'nothing'})"
                 for focused in reached
                 if focused["width"] < 2 or focused["ratio"] < 3]
    if first is not None and first not in reached[0]["name"]:
        problems.append(f"{where}: the first stop is {reached[0]['name']}, not {first}")
    # back the same way: Shift+Tab from the walk's last three controls
    for _ in range(3):
        page.keyboard.press("Tab")
    back = []
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
        back.append(page.evaluate(FOCUSED)["index"])
    if back != order[1:3][::-1] + order[:1]:
        problems.append(f"{where}: Shift+Tab does not go back the way Tab came")
    print(f"{where}: {len(reached)} stops: " + "; ".join(focused["name"] for focused in reached))
    return problems


def skip_to_the_board(page, where: str) -> list[str]:
    """From the page's top: Tab, then Enter on "Skip to the board": the board has the focus."""
    top(page)
    page.keyboard.press("Tab")
    if page.evaluate("() => document.activeElement.textContent") != "Skip to the board":
        return [f"{where}: the first Tab does not reach Skip to the board"]
    page.screenshot(path=str(SCREENSHOTS / f"focus-skip-{where.split(',')[0].replace(' ', '-')}.png"))
    page.keyboard.press("Enter")
    if not page.evaluate("() => document.activeElement.classList.contains('muz-frame')"):
        return [f"{where}: Skip to the board does not move the focus onto the board"]
    return []


#: The legal cells' outline against the board's picture under each (the drawn cell's fill), and the
#: fields' and menus' borders against the page: each pair's contrast ratio and what it is.
OUTLINES = "() => {" + COLOURS + """
    document.activeElement && document.activeElement.blur();  // (a focused field has its ring instead)
    const found = [];
    for (const cell of document.querySelectorAll('.muz-layer .muz-cell.muz-legal')) {
        if (!cell.getClientRects().length) continue;
        const box = cell.getBoundingClientRect();
        // the outline runs along the cell's edge: the cell's own colour inside it, a neighbour's outside
        const shapes = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
            .filter(e => !e.closest('.muz-layer') && ['polygon', 'rect', 'path', 'circle'].includes(e.tagName)
                         && rgb(getComputedStyle(e).fill));
        const svg = cell.ownerSVGElement;
        const fills = new Set([...svg.querySelectorAll('polygon')].filter(e => !e.closest('.muz-layer'))
            .map(e => getComputedStyle(e).fill).filter(fill => rgb(fill)));
        fills.add(`rgb(${behind(svg).join(',')})`);
        if (shapes.length) fills.add(getComputedStyle(shapes[0]).fill);
        const stroke = rgb(getComputedStyle(cell).stroke);
        const [least, fill] = [...fills].map(fill => [contrast(stroke, rgb(fill)), fill])
            .sort((a, b) => a[0] - b[0])[0];
        found.push([`legal cell ${cell.dataset.name} against ${fill}`, least]);
    }
    for (const field of document.querySelectorAll('input[type=text], input:not([type]), select, textarea')) {
        if (!field.getClientRects().length) continue;
        const style = getComputedStyle(field);
        const what = `${field.tagName.toLowerCase()} ${field.closest('[class*=muz-]')?.className.split(' ')
            .find(c => c.startsWith('muz-')) ?? ''}`;
        if (parseFloat(style.borderTopWidth) === 0) { found.push([`${what} without a border`, 0]); continue; }
        found.push([`border of ${what}`, contrast(rgb(style.borderTopColor), behind(field))]);
    }
    return found.map(([what, ratio]) => [what, Math.round(ratio * 100) / 100]);
}"""


def low_contrast(page, where: str) -> list[str]:
    """The outlines (`OUTLINES`) drawn less than 3:1 against what is behind them; prints the lowest."""
    measured = page.evaluate(OUTLINES)
    for kind in ("legal cell", "border"):
        these = [pair for pair in measured if pair[0].startswith(kind)]
        if these:
            lowest = min(these, key=lambda pair: pair[1])
            print(f"{where}: {len(these)} {kind}s, the lowest {lowest[1]}:1 ({lowest[0]})")
    return [f"{where}: {what} {ratio}:1" for what, ratio in measured if ratio < 3]


def test_the_keyboard_walks_the_apps_form_and_every_tab(served):  # noqa: F811
    from playwright.sync_api import sync_playwright
    from test_browser import CHROMIUM_ARGS, chromium_path
    from test_browser_app import a_die_in_hand

    url, _folder = served
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = open_app(browser, url, 1366, 768)
            problems += check_walk(page, "app, seats' form", first="Skip to the board")
            problems += low_contrast(page, "app, seats' form")
            a_die_in_hand(page)
            for tab in ("Play", "Explore", "Quiz", "Ear training", "Review"):
                show_tab(page, tab)
                problems += check_walk(page, f"app, {tab}", first="Skip to the board")
                problems += low_contrast(page, f"app, {tab}")
                if tab in ("Play", "Explore", "Review"):
                    problems += skip_to_the_board(page, f"app {tab}")
            show_tab(page, "Play")
            page.get_by_role("button", name="New game").focus()
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Tab")
            page.screenshot(path=str(SCREENSHOTS / "focus-app-new-game.png"))
        finally:
            browser.close()
    assert problems == [], "\n".join(problems)


def test_the_keyboard_walks_the_student_and_teacher_pages(class_server, browser):
    from playwright.sync_api import expect

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    teacher = teacher_page(browser, class_server.teacher)
    problems: list[str] = []
    students = []
    for name in ("Ada", "Ben"):
        page = student_page(browser, class_server.students)
        if not students:
            problems += check_walk(page, "student page, join form", first="Skip to the board")
            problems += low_contrast(page, "student page, join form")
        students.append(sit_down(page, name))
    mover = deal_and_roll(teacher, students)
    problems += check_walk(mover, "student page, on its turn", first="Skip to the board")
    problems += low_contrast(mover, "student page, on its turn")
    problems += skip_to_the_board(mover, "student page, on its turn")
    mover.get_by_role("button", name="Pass").focus()
    mover.keyboard.press("Shift+Tab")
    mover.keyboard.press("Tab")
    mover.screenshot(path=str(SCREENSHOTS / "focus-student-pass.png"))
    expect(teacher.locator(".muz-roster .muz-student")).to_have_count(2, timeout=WAIT)
    for tab in ("Class list", "Lesson", "Assignments and grades"):
        show_teacher_tab(teacher, tab)
        problems += check_walk(teacher, f"teacher page, {tab}")
        problems += low_contrast(teacher, f"teacher page, {tab}")
    teacher.get_by_role("tab", name="Lesson").click()
    teacher.locator(".muz-deal").focus()
    teacher.keyboard.press("Shift+Tab")
    teacher.keyboard.press("Tab")
    teacher.screenshot(path=str(SCREENSHOTS / "focus-teacher-deal.png"))
    assert problems == [], "\n".join(problems)
