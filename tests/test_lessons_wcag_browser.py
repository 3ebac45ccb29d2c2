"""WCAG 2.1 A and AA on every lesson in JupyterLab, beyond axe-core's English run (test_axe_lesson_browser):
- the German, French and Spanish lessons, each run whole: axe-core (JupyterLab's chrome left out as there),
  the page's language (JupyterLab's own, "en") and the lesson's (its cells and outputs marked with the
  lesson's language by `muzlab.widgets.document_language.LessonLanguage`), the page's title (3.1.1, 3.1.2,
  2.4.2);
- every English lesson, run whole: a keyboard walk of each output's controls (each reached by Tab in the
  order it is shown, its focus drawn with at least 3:1 against what is behind it, and left again by Tab:
  2.1.1, 2.1.2, 2.4.3, 2.4.7, 1.4.11), the board and the slider operated by their keys; the outputs at 200 %
  (1.4.4) and at 320 CSS pixels (1.4.10) with nothing cut off nor scrolling sideways; and WCAG's text
  spacing put on the outputs with nothing clipped (1.4.12). Screenshots in out/screenshots/lesson-*.
"""

from __future__ import annotations

import shutil

import pytest
from test_axe_lesson_browser import lesson_violations, run_whole, shut_down_kernels
from test_browser import CHROMIUM_ARGS, ROOT, SCREENSHOTS, chromium_path, jupyter_lab

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The English lessons (the lessons folder's numbered notebooks) and their translations.
LESSONS = sorted(path.name for path in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
TRANSLATED = ("de", "fr", "es")


@pytest.fixture
def lessons_lab(tmp_path):
    """One JupyterLab server on 127.0.0.1 serving a fresh copy of every lesson, English and translated
    (in their language's folder); yields its URL."""
    for lesson in LESSONS:
        shutil.copy(ROOT / "notebooks" / lesson, tmp_path / lesson)
    for language in TRANSLATED:
        (tmp_path / language).mkdir()
        for lesson in (ROOT / "notebooks" / language).glob("[0-9]*.ipynb"):
            shutil.copy(lesson, tmp_path / language / lesson.name)
    try:
        with jupyter_lab(tmp_path) as url:
            yield url
    except RuntimeError as error:
        pytest.fail(str(error))


#: The page's language, the language its notebook's cells are in, and its title.
LANGUAGES = """() => ({page: document.documentElement.lang, title: document.title,
    lesson: document.querySelector('.jp-Notebook').closest('[lang]').lang,
    outputs: [...new Set([...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')]
                         .map(output => output.closest('[lang]').lang))]})"""


def wrong_languages(page, path: str, language: str, title: str) -> list[str]:
    """What is wrong with a lesson's page in `language`: the page not in English (its interface's
    language), the lesson's cells or outputs not marked with `language`, a title not starting with
    `title`."""
    said = page.evaluate(LANGUAGES)
    right = (said["page"] == "en" and said["lesson"] == language and said["outputs"] == [language]
             and said["title"].startswith(title))
    return [] if right else [f"{path}: {said}"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_translated_lessons_pass_axe_and_say_their_language_in_jupyterlab(lessons_lab, language):
    from playwright.sync_api import sync_playwright

    lessons = sorted(path.name for path in (ROOT / "notebooks" / language).glob("[0-9]*.ipynb"))
    assert len(lessons) >= 5
    found: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            for lesson in lessons:
                path = f"{language}/{lesson}"
                run_whole(page, lessons_lab, path)
                unnamed = page.locator(".jp-Notebook img:not([alt])").count()
                found += [f"{path}: {unnamed} pictures with no alt"] if unnamed else []
                found += lesson_violations(page, f"{path}, run whole")
                # JupyterLab's page is in its interface's language; the lesson, a part of it, in its own
                # (titled by the notebook's name, which JupyterLab cuts short: its first 12 characters)
                found += wrong_languages(page, path, language, lesson[:12])
                shut_down_kernels(lessons_lab)
        finally:
            browser.close()
    assert found == [], "\n".join(found)


#: Cells drawn whole wherever they are (JupyterLab skips drawing the cells out of view, whose insides
#: then have no size to measure).
ALL_DRAWN = ".jp-Notebook .jp-Cell { content-visibility: visible !important; }"
#: WCAG 1.4.12's text spacing, put on every output of the lesson.
TEXT_SPACING = """.jp-OutputArea-output * { line-height: 1.5 !important; letter-spacing: 0.12em !important;
                                 word-spacing: 0.16em !important; }
.jp-OutputArea-output p { margin-bottom: 2em !important; }"""

#: Every control a keyboard stops at in the lesson's outputs, by output, in the order they are shown;
#: each control is marked with its stop's name (`data-muz-stop`, "output.index").
TAB_STOPS = """() => {
    const focusable = 'button, input, select, textarea, a[href], audio[controls], [tabindex]';
    return [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')].map((output, o) =>
        [...output.querySelectorAll(focusable)]
            .filter(e => e.tabIndex >= 0 && !e.disabled && !e.closest('[inert], [hidden]')
                         && e.checkVisibility({visibilityProperty: true}))
            .map((e, i) => { e.dataset.muzStop = `${o}.${i}`; return e.dataset.muzStop; }))
        .filter(stops => stops.length > 0);
}"""
#: The contrast of two sRGB colours ("rgb(r, g, b)"), as WCAG defines it.
CONTRAST = """(one, two) => {
    const luminance = colour => {
        const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(Number).map(c => c / 255)
            .map(c => c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [luminance(one), luminance(two)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""
#: The focused element: its stop, what it says, and its focus indicator (an outline or a box shadow)
#: with that line's contrast against the first opaque background behind the element.
FOCUSED = f"""() => {{
    const contrast = {CONTRAST};
    const e = document.activeElement;
    const style = getComputedStyle(e);
    let behind = 'rgb(255, 255, 255)';
    for (let at = e.parentElement; at; at = at.parentElement) {{
        const colour = getComputedStyle(at).backgroundColor;
        if (!/rgba\\(.*, 0\\)$/.test(colour) && colour !== 'transparent') {{ behind = colour; break; }}
    }}
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const line = outline ? style.outlineColor : shadow ? style.boxShadow.match(/rgba?\\([^)]*\\)/)[0] : null;
    return {{stop: e.dataset ? e.dataset.muzStop || null : null, tag: e.tagName,
             says: (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 40),
             output: e.closest('.jp-OutputArea-output') !== null,
             line, contrast: line ? contrast(line, behind) : 0}};
}}"""


#: A stop of the test's own put just before the output holding `stop` (the cell's editor before it would
#: take a Tab as an indent): the walk starts there.
ENTRANCE = """stop => {
    const entrance = document.createElement('span');
    entrance.id = 'muz-entrance';
    entrance.tabIndex = 0;
    document.querySelector(`[data-muz-stop='${stop}']`).closest('.jp-OutputArea-output').before(entrance);
}"""


def walk(page, stops: list[str]) -> list[str]:
    """Tab through one output's controls from before its first: what is wrong (a control not reached or
    reached out of order, a focus not drawn or drawn below 3:1, a focus that cannot leave)."""
    wrong: list[str] = []
    page.evaluate(ENTRANCE, stops[0])
    page.focus("#muz-entrance")
    page.keyboard.press("Tab")  # (into the output by the keyboard, as a person comes to it)
    page.evaluate("() => document.querySelector('#muz-entrance').remove()")
    reached: list[str] = []
    for _ in range(4 * len(stops) + 10):  # (an audio player holds several stops of its own)
        focused = page.evaluate(FOCUSED)
        stop = focused["stop"]
        if stop is None or stop.split(".")[0] != stops[0].split(".")[0]:
            break  # left the output
        if not reached or reached[-1] != stop:
            reached.append(stop)
            if focused["tag"] != "AUDIO" and focused["contrast"] < 3:  # (the browser draws a player's own)
                wrong.append(f"{stop} {focused['tag']} {focused['says']!r}: focus drawn by "
                             f"{focused['line']} at {focused['contrast']:.2f}:1")
        page.keyboard.press("Tab")
    else:
        wrong.append(f"the focus did not leave the output after {stops[-1]}: a keyboard trap")
    if reached != stops:
        wrong.append(f"reached {reached}, shown {stops}")
    return wrong


#: A stop that is no HTML control, with the key that works it and what that key changes: the board (an
#: arrow moves the focused cell, said in the line under it), the review's slider (an arrow moves to the
#: next decision), the note input (a letter plays its note, shown as heard: "a", which JupyterLab's
#: command mode also takes, for a new cell), a data table's box (an arrow scrolls it, when it is wider
#: than its box). No key may also work one of JupyterLab's shortcuts (the cells stay as they are).
OPERATED = {
    "muz-frame": ("ArrowRight", "el => el.closest('.muz-board').querySelector('.muz-tip').textContent"),
    "noUi-handle": ("ArrowRight", "el => el.getAttribute('aria-valuenow')"),
    "muz-note-input": ("a", "el => el.dataset.muzHeard || el.querySelector('.muz-note-heard').textContent"),
    "muz-table-scroll": ("ArrowRight", "el => el.scrollWidth > el.clientWidth ? el.scrollLeft : null"),
}
#: The class of an element (the first of OPERATED's it has) and its role, for a stop that is no control.
CUSTOM = """el => ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'AUDIO', 'A'].includes(el.tagName) ? null
    : {kind: [...el.classList].find(name => %s.includes(name)) || el.className, role: el.getAttribute('role'),
       name: el.getAttribute('aria-label')}"""


def operate(page, stop: str) -> list[str]:
    """Work a stop that is no HTML control by its key: what is wrong (no role or name, a key that does
    nothing, a kind of stop not known here)."""
    import json

    control = page.locator(f"[data-muz-stop='{stop}']")
    custom = control.evaluate(CUSTOM % json.dumps(list(OPERATED)))
    if custom is None:
        return []  # (the browser works a button, field, menu or player by the keyboard)
    unnamed = not custom["role"] or not custom["name"]
    wrong = [f"{stop} {custom['kind']}: no role or no name"] if unnamed else []
    if custom["kind"] not in OPERATED:
        return [*wrong, f"{stop} {custom['kind']}: a stop this test does not know how to work"]
    key, reading = OPERATED[custom["kind"]]
    control.focus()
    page.wait_for_timeout(300)
    before = control.evaluate(reading)
    if before is None:
        return wrong  # (a table that fits has nothing to scroll)
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    page.keyboard.press(key)
    page.wait_for_timeout(300)  # (the kernel answers a key the board or slider sends it)
    if control.evaluate(reading) == before:
        wrong.append(f"{stop} {custom['kind']}: {key} changed nothing")
    if page.locator(".jp-Notebook .jp-Cell").count() != cells:  # (JupyterLab's "a": a cell above)
        wrong.append(f"{stop} {custom['kind']}: {key} also worked a shortcut of JupyterLab's")
    return wrong


#: What of the lesson's outputs is shown past the window's right edge outside a box that scrolls on its
#: own (a data table's: muzlab's own box, or the output's, which JupyterLab scrolls), or clipped by its own
#: box (text cut by a button's width, an ellipsis); not a field's or a menu's text, which scrolls in it,
#: nor a live region kept for screen readers (1×1 px), nor tqdm's progress bar (lesson 5's simulations: its
#: line of figures, "2000/2000 [00:00<00:00, 9051.7game/s]", does not wrap: tqdm's widget).
CUT_OFF = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output *')]
    .filter(e => !e.closest('.muz-table-scroll') && e.getClientRects().length > 0
                 && !e.closest('.widget-box:has([class*="progress"])')
                 && !(e.closest('table') && /auto|scroll/.test(getComputedStyle(
                      e.closest('.jp-OutputArea-output')).overflowX))
                 && !['INPUT', 'SELECT', 'TEXTAREA', 'OPTION'].includes(e.tagName)
                 && !(e.clientWidth <= 1 && e.clientHeight <= 1 && e.scrollWidth > 1))
    .flatMap(e => {
        const box = e.getBoundingClientRect(), style = getComputedStyle(e);
        const name = `${e.tagName}.${String(e.className.baseVal ?? e.className).slice(0, 50)}`
                     + ` ${(e.textContent || '').trim().slice(0, 30)}`;
        const clips = /hidden|clip/.test(style.overflowX + style.overflowY) && e.tagName !== 'svg';
        const found = [];
        if (box.width > 0 && box.right > window.innerWidth + 1) found.push(`${name}: past the edge`);
        if (clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
            found.push(`${name}: clipped, ${e.scrollWidth}x${e.scrollHeight} shown in `
                       + `${e.clientWidth}x${e.clientHeight}`);
        return found;
    })"""
#: The page's width beyond the window and the notebook's beyond its own box, in CSS pixels.
SIDEWAYS = """() => Math.max(document.documentElement.scrollWidth - window.innerWidth,
    ...[...document.querySelectorAll('.jp-WindowedPanel-outer')].map(e => e.scrollWidth - e.clientWidth))"""


def first_widget(page) -> None:
    """Scroll the notebook to the lesson's first output holding a control (else its first picture)."""
    page.evaluate("""() => (document.querySelector('[data-muz-stop]')
        || document.querySelector('.jp-OutputArea-output img') || document.body).scrollIntoView()""")


#: The chosen button of each row of toggle buttons (the Explorer's note palette) that is told apart only by
#: ipywidgets' darker grey (1.6:1 against the others), not by a line inside it.
GREY_ONLY = """() => [...document.querySelectorAll('.jp-Notebook .widget-toggle-button.mod-active')]
    .filter(button => !/inset/.test(getComputedStyle(button).boxShadow)).map(button => button.textContent)"""


def outputs_checked(page, name: str, chrome_aside: str | None = None) -> list[str]:
    """On a lesson run whole in a 1280×720 window: each output's controls walked and worked by the
    keyboard, then the page at 200 % (640×360 CSS px) and 400 % (320×180), `chrome_aside` (a side panel of
    JupyterLab's own, which leaves the notebook no room at 320 px) clicked shut first, then WCAG's text
    spacing; and a chosen toggle button told apart by more than a grey: what is wrong. Screenshots
    out/screenshots/lesson-`name`-*.png."""
    found: list[str] = []
    page.add_style_tag(content=ALL_DRAWN)
    outputs = page.evaluate(TAB_STOPS)
    for stops in outputs:
        found += [f"keyboard: {wrong}" for wrong in walk(page, stops)]
    for stops in outputs:
        found += [f"keys: {wrong}" for stop in stops for wrong in operate(page, stop)]
    found += [f"chosen by its grey only: {chosen}" for chosen in page.evaluate(GREY_ONLY)]
    if chrome_aside is not None:
        page.click(chrome_aside)
    for width, height, zoom in ((640, 360, "200"), (320, 180, "400")):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)  # (JupyterLab lays its panels out again on the next frames)
        found += [f"at {zoom} %: {cut}" for cut in page.evaluate(CUT_OFF)]
        sideways = page.evaluate(SIDEWAYS)
        found += [f"at {zoom} %: scrolls {sideways} px sideways"] if sideways > 0 else []
        first_widget(page)
        page.screenshot(path=str(SCREENSHOTS / f"lesson-{name}-{zoom}.png"))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.add_style_tag(content=TEXT_SPACING)
    page.wait_for_timeout(500)
    found += [f"text spacing: {cut}" for cut in page.evaluate(CUT_OFF)]
    first_widget(page)
    page.screenshot(path=str(SCREENSHOTS / f"lesson-{name}-text-spacing.png"))
    return found


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lessons_outputs_by_keyboard_zoomed_and_spaced_in_jupyterlab(lessons_lab, lesson):
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=2)
            run_whole(page, lessons_lab, lesson)
            found = outputs_checked(page, lesson.removesuffix(".ipynb"),
                                    ".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")  # the files
        finally:
            browser.close()
    assert found == [], "\n".join(found)
