"""The classroom app in a real browser: Voilà serving the app's notebook (as `muzlab app` does), driven
by Playwright in the system Chromium.

One test plays: no code shown, two seats chosen in the page, a die rolled and placed by clicking, the
computer's answer, a completed run's staff, Save downloading a record that `Game.from_json` reads,
Load uploading it, nothing new in the served folder, no request leaving the machine. The other
measures the layout at 1280×720, 1366×768 and 1920×1080 at every Size: the board, the die in hand,
Roll, Pass, Undo, Hint, the scores and the game's buttons (New game to Change seats) in the window,
nothing over the board, no label cut short. Screenshots go to out/screenshots/.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_browser import (
    CHROMIUM_ARGS,
    act,
    answered,
    changes,
    chromium_path,
    free_port,
    stop,
    wait_for_server,
    watch_board,
)

from muzlab import Game
from muzlab.app.lessons import APP_NOTEBOOK, app_command, lessons_source
from muzlab.widgets.tabbed_app import NO_KEY, SIZES

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "out" / "screenshots"
WINDOWS = ((1280, 720), (1366, 768), (1920, 1080))
#: Phones held upright, as the class server's phone test holds them.
PHONES = ((360, 640), (390, 844))
#: What a player needs at every move, and the game's own buttons (New game, Save, Score sheet, Load,
#: Change seats), each of which must be in the window beside the board.
IN_SIGHT = (".muz-hand", ".muz-roll", ".muz-pass", ".muz-undo", ".muz-hint", ".muz-scores",
            ".muz-new", ".muz-save", ".muz-save-sheet", ".muz-load", ".muz-change-seats")
PLAY = ".muz-playboard"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def served(tmp_path):
    """Voilà on 127.0.0.1 serving a copy of the app's notebook, started with `muzlab app`'s command;
    yields (url, folder)."""
    shutil.copy(lessons_source() / APP_NOTEBOOK, tmp_path / APP_NOTEBOOK)
    port = free_port()
    log = open(tmp_path / "voila.log", "w")  # noqa: SIM115 - closed after the server stops
    # (this checkout's muzlab, as `PYTHONPATH=.` means from here: the server runs in the copy's folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen(app_command(tmp_path, port=port, open_browser=False),
                              stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path, env=env)
    try:
        wait_for_server(port, server, tmp_path / "voila.log", "Voilà")
        yield f"http://127.0.0.1:{port}/", tmp_path
    finally:
        stop(server, log)


def open_app(browser, url: str, width: int = 1500, height: int = 1100):
    page = browser.new_page(viewport={"width": width, "height": height}, accept_downloads=True)
    page.goto(url)
    page.wait_for_selector(".muz-app .muz-setup", timeout=180_000)
    return page


def start_game(page, computer: bool = True) -> None:
    """Seat Ada (a person) and Robo (the greedy computer, or a second person), and Start."""
    page.select_option(".muz-seats select", "2")
    page.fill(".muz-seat-name-1 input", "Ada")
    page.fill(".muz-seat-name-2 input", "Robo")
    if computer:
        page.select_option(".muz-seat-kind-2 select", label="computer (greedy)")
    else:
        page.select_option(".muz-seat-kind-2 select", label="a person")
    page.locator(".muz-seat-name-2 input").press("Tab")  # the last edit reaches the kernel
    page.wait_for_function("() => document.querySelector('.muz-seat-name-2 input').value === 'Robo'")
    page.click(".muz-start")
    page.wait_for_selector(f"{PLAY} [data-cell]", timeout=60_000)
    watch_board(page)
    page.wait_for_function(f"() => !document.querySelector('{PLAY} .muz-roll').disabled")  # Ada rolls first


#: Resolves once the boxes of the elements matching `selector` (and the page's height) have stayed the
#: same over three animation frames: the boards have measured their room and the layout is done.
#: Fails if the layout is still changing after 30 s.
STEADY = """selector => new Promise((resolve, reject) => {
    const boxes = () => JSON.stringify([document.documentElement.scrollHeight,
        ...[...document.querySelectorAll(selector)].map(el => {
            const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })]);
    const end = performance.now() + 30000;
    let last = boxes(), same = 0;
    const next = () => requestAnimationFrame(() => {
        const now = boxes();
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= 3) resolve(true);
        else if (performance.now() > end) reject(new Error("the layout kept changing for 30 s: " + now));
        else next();
    });
    next();
})"""
#: True once the Play board is drawn at a Size (its fit and scale): "fit" fills the room the window
#: leaves it, a fixed Size is its times the normal height, at most that room.
DRAWN_AT = """size => {
    const svg = document.querySelector('.muz-playboard .muz-board svg');
    if (!svg) return false;
    const fixed = (parseFloat(svg.getAttribute('height')) * size).toFixed(1);
    const start = size === 'fit' ? 'min(var(--muz-room)' : `min(${fixed}px, var(--muz-room)`;
    return svg.style.height.startsWith(start);
}"""
#: True when the window holds less than the Size asks (a fixed Size whose board is drawn smaller).
CAPPED = """size => {
    const svg = document.querySelector('.muz-playboard .muz-board svg');
    const asked = parseFloat(svg.getAttribute('height')) * size;
    return size !== 'fit' && svg.getBoundingClientRect().height + 1 < asked;
}"""
#: True once a tab of the app is the one shown, its panel laid out.
TAB_SHOWN = """tab => {
    const current = document.querySelector('.muz-app .lm-TabBar-tab.lm-mod-current');
    const shown = [...document.querySelectorAll('.muz-app .widget-tab-contents > *')]
        .filter(el => el.getBoundingClientRect().height > 0);
    return current !== null && current.innerText.trim() === tab && shown.length === 1;
}"""


def wait_steady(page, selector: str = ".muz-app .muz-board svg, .muz-app .muz-panel") -> None:
    """Wait until the layout has stopped changing (the boards fitted to the window)."""
    page.evaluate(STEADY, selector)


def play_one_die(page) -> None:
    """Roll (unless a passed die is already in hand), then click the first lit cell (or Pass when
    none); returns when the person may act again."""
    if page.is_enabled(f"{PLAY} .muz-roll"):
        act(page, lambda: page.click(f"{PLAY} .muz-roll"))
    assert page.is_enabled(f"{PLAY} .muz-pass")  # a die in hand
    lit = page.locator(f"{PLAY} .muz-layer .muz-legal")
    if lit.count():
        cell = lit.first.get_attribute("data-cell")
        act(page, lit.first.click)
        assert page.locator(f"{PLAY} .dice [data-cell='{cell}']").count() == 1
    else:
        act(page, lambda: page.click(f"{PLAY} .muz-pass"))


def a_die_in_hand(page) -> None:
    """Start a game against the computer, play one die, and roll the next: the Play tab with a die in
    hand and its legal cells lit (what the accessibility checks look at)."""
    start_game(page)
    play_one_die(page)
    page.click(f"{PLAY} .muz-roll")
    page.wait_for_selector(f"{PLAY} .muz-layer .muz-legal", timeout=30_000)


def box(page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] - 1 and b["x"] < a["x"] + a["width"] - 1
            and a["y"] < b["y"] + b["height"] - 1 and b["y"] < a["y"] + a["height"] - 1)


#: Every visible control or text of the app that overlaps the board shown (none on any tab).
OVER_THE_BOARD = """() => {
    const board = [...document.querySelectorAll('.muz-app .muz-board svg')]
        .find(el => el.getBoundingClientRect().width > 0);
    if (!board) return ['no board shown'];
    const b = board.getBoundingClientRect();
    return [...document.querySelectorAll('.muz-app button, .muz-app select, .muz-app input, '
                                         + '.muz-app .widget-html-content, .muz-app .widget-label')]
        .filter(el => el.offsetParent !== null && !el.closest('.muz-board'))
        .filter(el => { const r = el.getBoundingClientRect();
                        return r.width > 0 && r.left < b.right - 1 && b.left < r.right - 1
                               && r.top < b.bottom - 1 && b.top < r.bottom - 1; })
        .map(el => (el.innerText || el.className).trim().slice(0, 40));
}"""

#: Every visible button, tab, toggle and label whose text is wider than its box.
CUT_SHORT = """() => [...document.querySelectorAll(
        '.muz-app button, .muz-app .widget-label, .muz-app .lm-TabBar-tab-label, .muz-app .widget-upload')]
    .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
    .map(el => el.innerText.trim() || el.className)"""

#: The app's tables that make a box around them wider than it is: a table too wide for its room
#: scrolls sideways in its own widget, it neither is cut nor pushes the panel (and a scroll bar at the
#: panel's foot, out of sight) wider.
OUT_OF_REACH = """() => [...document.querySelectorAll('.muz-app table')]
    .filter(table => table.offsetParent !== null).filter(table => {
        const own = table.closest('.widget-html');
        for (let box = own ? own.parentElement : table.parentElement; box; box = box.parentElement)
            if (box.scrollWidth > box.clientWidth + 1) return true;
        return false;
    }).map(table => table.className || table.innerText.slice(0, 40))"""


def test_classroom_app_in_a_real_browser(served):
    from playwright.sync_api import expect, sync_playwright

    url, folder = served
    before = sorted(path.name for path in folder.iterdir())
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url)
        elsewhere = []  # the app must work offline: every request stays on this machine
        page.on("request", lambda request: None if request.url.startswith((url, "data:", "blob:"))
                else elsewhere.append(request.url))
        try:
            expect(page).to_have_title("Muzundrum, the dice game of music theory")  # (the app writes it)
            # No code: no input cells, and none of the notebook's source in the page.
            assert page.locator(".jp-InputArea, .jp-InputPrompt, .cm-editor, .CodeMirror").count() == 0
            assert "ClassroomApp" not in page.content()
            assert "import" not in page.inner_text("body")
            tabs = page.locator(".muz-app .lm-TabBar-tab, .muz-app .p-TabBar-tab").all_inner_texts()
            assert {"Play", "Explore", "Quiz"} <= {tab.strip() for tab in tabs}
            # the words the key's menu shows ('' for a blank box; ipywidgets writes spaces as no-break ones)
            shown = "s => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ')"
            assert page.locator(".muz-lesson-key select").evaluate(shown) == NO_KEY

            start_game(page)
            scores = page.locator(f"{PLAY} .muz-scores")
            assert "Ada" in scores.inner_text() and "Robo" in scores.inner_text()
            assert page.locator(f"{PLAY} .muz-layer [data-cell]").count() == 61

            # Ada plays until Robo has answered and some run has been completed and drawn on a staff.
            staff = f"{PLAY} .muz-staff svg"
            for _ in range(40):
                play_one_die(page)
                if "Robo" in page.inner_text(f"{PLAY} .muz-message") and page.locator(staff).count():
                    break
            page.wait_for_selector(staff, timeout=60_000)
            width = page.locator(staff).first.bounding_box()["width"]
            assert width > 200, f"the staff is {width} px wide"
            assert box(page, f"{PLAY} .muz-keyboard svg")["width"] > 100

            # Save: the browser downloads the record, which Game.from_json reads.
            with page.expect_download() as download:
                page.click(f"{PLAY} .muz-save button")
            saved = folder.parent / f"{folder.name}-download.json"
            download.value.save_as(saved)
            game = Game.from_json(saved.read_text())
            assert len(game.events) >= 2 and game.players == 2
            with page.expect_download() as sheet:
                page.click(f"{PLAY} .muz-save-sheet button")
            assert sheet.value.suggested_filename.endswith(".csv")

            # Load: a new game, then the record uploaded from the device brings the old one back.
            page.click(f"{PLAY} .muz-new")
            page.wait_for_function("() => document.querySelector('.muz-playboard .muz-message')"
                                   ".innerText.includes('New game')", timeout=30_000)
            with page.expect_file_chooser() as chooser:
                page.click(f"{PLAY} .muz-load")
            chooser.value.set_files(str(saved))
            page.wait_for_function("() => document.querySelector('.muz-playboard .muz-message')"
                                   f".innerText.includes('Loaded a game of {len(game.events)} events')",
                                   timeout=30_000)
            saved.write_bytes(b" " * 1_200_000)  # too big: the page refuses it without sending it
            with page.expect_file_chooser() as chooser:
                page.click(f"{PLAY} .muz-load")
            chooser.value.set_files(str(saved))
            page.wait_for_function("() => document.querySelector('.muz-playboard .muz-message')"
                                   ".innerText.includes('is 1,200,000 bytes; a game record is at most')",
                                   timeout=30_000)
            saved.unlink()
            # scrolled down to Load and back, the board still fits the window's height, the panel beside it
            board, roll = box(page, f"{PLAY} .muz-board svg"), box(page, f"{PLAY} .muz-roll")
            assert board["height"] <= 1100 and roll["x"] > board["x"] + board["width"]
            page.screenshot(path=str(SCREENSHOTS / "app-play.png"))  # the window, as the class sees it
            assert sorted(path.name for path in folder.iterdir()) == before  # nothing written there
            assert elsewhere == []
        finally:
            page.screenshot(path=str(SCREENSHOTS / "app.png"))
            browser.close()


def test_every_size_fits_every_window(served):
    from playwright.sync_api import sync_playwright

    url, _folder = served
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url, *WINDOWS[0])
        try:
            start_game(page, computer=False)
            play_one_die(page)
            act(page, lambda: page.click(f"{PLAY} .muz-roll"))  # a die in hand: Pass and Hint are live
            for width, height in WINDOWS:
                page.set_viewport_size({"width": width, "height": height})
                widths = []  # the board's width at each Size, in the order they are offered
                for label, size in SIZES:
                    page.locator(".muz-size", has_text=label).first.click()
                    page.wait_for_function("label => [...document.querySelectorAll('.muz-size')]"
                                           ".some(b => b.innerText.trim() === '✓ ' + label)", arg=label)
                    page.wait_for_function(DRAWN_AT, arg=size, timeout=30_000)
                    page.evaluate("window.scrollTo(0, 0)")
                    wait_steady(page)  # the board measures the room it has
                    where = f"{width}×{height} {label}"
                    board = box(page, f"{PLAY} .muz-board svg")
                    widths.append((label, round(board["width"])))
                    # a Size the window cannot hold says so under the board
                    capped = page.evaluate(CAPPED, size)
                    said = page.inner_text(f"{PLAY} .muz-tip").startswith("This window holds no larger board")
                    if capped != said:
                        problems.append(f"{where}: held back {capped}, but the line under the board "
                                        f"{'does not say' if capped else 'says'} so")
                    inside = {"x": 0, "y": 0, "width": width, "height": height}
                    for selector in (f"{PLAY} .muz-board svg", *(f"{PLAY} {s}" for s in IN_SIGHT)):
                        found = box(page, selector)
                        if (found["x"] < 0 or found["y"] < 0 or found["x"] + found["width"] > width
                                or found["y"] + found["height"] > height):
                            problems.append(f"{where}: {selector} at {found} is outside {inside}")
                        if selector != f"{PLAY} .muz-board svg" and overlaps(found, board):
                            problems.append(f"{where}: {selector} covers the board")
                    cut = page.evaluate(CUT_SHORT)
                    if cut:
                        problems.append(f"{where}: cut short: {cut}")
                    if label in ("fit", "back row"):
                        name = f"app-{width}x{height}-{label.replace(' ', '-')}.png"
                        page.screenshot(path=str(SCREENSHOTS / name))
                smaller = [(a, b) for a, b in zip(widths, widths[1:], strict=False) if b[1] < a[1]]
                if smaller:
                    problems.append(f"{width}×{height}: a larger Size drew the board smaller: {smaller}")
                print(f"{width}×{height}: board width by Size {widths}")
            # The other tabs at the largest Size on the smallest window: no label cut, nothing over the board.
            page.set_viewport_size({"width": WINDOWS[0][0], "height": WINDOWS[0][1]})
            for tab in ("Explore", "Quiz", "Ear training", "Review"):
                show_tab(page, tab)
                cut = page.evaluate(CUT_SHORT)
                if cut:
                    problems.append(f"{tab}: cut short: {cut}")
                out_of_reach = page.evaluate(OUT_OF_REACH)
                if out_of_reach:
                    problems.append(f"{tab}: tables cut at the right: {out_of_reach}")
                if tab != "Ear training":
                    covering = page.evaluate(OVER_THE_BOARD)
                    if covering:
                        problems.append(f"{tab}: over the board: {covering}")
                page.screenshot(path=str(SCREENSHOTS / f"app-tab-{tab.split()[0].lower()}.png"))
        finally:
            browser.close()
    assert problems == []


def arrow_to(page, target: str) -> None:
    """Move the board's focus ring to a cell with the arrow keys: at each step the arrow whose move
    comes nearest the target (each arrow key tried, as a person would)."""
    cells = f"{PLAY} .muz-layer .muz-cell"

    def where(cell: str) -> tuple[float, float]:
        found = page.locator(f"{cells}[data-cell='{cell}']")
        return float(found.get_attribute("data-x")), float(found.get_attribute("data-y"))

    gx, gy = where(target)
    for _ in range(60):
        focus = page.get_attribute(f"{PLAY} .muz-frame", "data-focus")
        if focus == target:
            return
        x, y = where(focus)
        keys = sorted(("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"), key=lambda key: -(
            {"ArrowRight": gx - x, "ArrowLeft": x - gx, "ArrowDown": gy - y, "ArrowUp": y - gy}[key]))
        page.keyboard.press(keys[0])
        if page.get_attribute(f"{PLAY} .muz-frame", "data-focus") == focus:  # no cell that way
            page.keyboard.press(keys[1])
    raise AssertionError(f"the arrow keys did not reach {target}")


def show_tab(page, tab: str) -> None:
    page.locator(".muz-app .lm-TabBar-tab", has_text=tab).click()
    if tab == "Ear training":
        page.locator(".muz-drill button", has_text="triad quality").click()
        page.wait_for_selector(".muz-ear button:has-text('major')", timeout=60_000)
    elif tab == "Review":
        page.click(".muz-review-start")
        page.wait_for_selector(".muz-review .muz-board svg", timeout=60_000)
    page.wait_for_function(TAB_SHOWN, arg=tab, timeout=30_000)
    wait_steady(page)


#: The rules axe-core checks: every rule of WCAG 2.0 and 2.1 at levels A and AA.
WCAG_21_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
              "resultTypes": ["violations"]}


def test_axe_finds_no_wcag_21_aa_violation_on_any_tab(served):
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    url, _folder = served
    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url, *WINDOWS[1])
        try:
            results = Axe().run(page, context=".muz-app", options=WCAG_21_AA)  # the seats' form
            found += [f"Setup: {violation['id']}" for violation in results.response["violations"]]
            start_game(page)
            play_one_die(page)
            for tab in ("Play", "Explore", "Quiz", "Ear training", "Review"):
                show_tab(page, tab)
                results = Axe().run(page, context=".muz-app", options=WCAG_21_AA)
                for violation in results.response["violations"]:
                    targets = [node["target"] for node in violation["nodes"]][:3]
                    found.append(f"{tab}: {violation['id']} ({violation['impact']}): "
                                 f"{violation['help']} {targets}")
        finally:
            browser.close()
    assert found == [], "\n".join(found)


def test_a_whole_game_with_the_keyboard_alone(served):
    from playwright.sync_api import sync_playwright

    url, _folder = served
    over = "document.querySelector('.muz-playboard .muz-status').innerText.includes('Game over')"
    ready = (f"() => {over} || !document.querySelector('{PLAY} .muz-roll').disabled"
             f" || !document.querySelector('{PLAY} .muz-pass').disabled")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url, *WINDOWS[0])

        def tab_to(selector: str) -> None:  # Tab through the page, as a person without a mouse does
            for _ in range(120):
                if page.evaluate(f"() => document.activeElement.matches('{selector}')"):
                    return
                page.keyboard.press("Tab")
            raise AssertionError(f"Tab never reached {selector}")

        try:
            tab_to(".muz-start")  # Player 1 a person, Player 2 the greedy computer: the form's defaults
            page.keyboard.press("Enter")
            page.wait_for_selector(f"{PLAY} [data-cell]", timeout=60_000)
            watch_board(page)
            tab_to(f"{PLAY} .muz-frame")
            page.wait_for_function(ready, timeout=60_000)
            for _ in range(300):
                if page.evaluate(f"() => {over}"):
                    break
                before = changes(page)
                if page.is_enabled(f"{PLAY} .muz-roll"):
                    page.keyboard.press("r")
                else:
                    lit = page.locator(f"{PLAY} .muz-layer .muz-legal")
                    if lit.count():
                        cell = lit.first.get_attribute("data-cell")
                        arrow_to(page, cell)
                        assert "scores" in page.inner_text(f"{PLAY} .muz-tip")  # the ring's cell is read out
                        page.keyboard.press("Enter")
                    else:
                        page.keyboard.press("p")
                answered(page, before)
            assert page.evaluate(f"() => {over}"), "the game did not end"
            assert page.evaluate("() => document.activeElement.matches('.muz-playboard .muz-frame')")
            page.screenshot(path=str(SCREENSHOTS / "app-keyboard-game.png"))
        finally:
            browser.close()


#: The smallest key name on the listen panel's keyboard and the message line's type, in px as shown:
#: a name's font size in SVG units times the picture's scale (its width shown over its viewBox's).
TYPE_SIZES = """() => {
    const svg = document.querySelector('.muz-playboard .muz-keyboard svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const names = [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * scale);
    const line = document.querySelector('.muz-playboard .muz-message .widget-html-content > div');
    return [Math.min(...names), parseFloat(getComputedStyle(line).fontSize)];
}"""


#: True once the keyboard shown is not the picture `before` (another run drawn, or none).
REDRAWN = """([selector, before]) => { const svg = document.querySelector(selector);
    return (svg ? svg.outerHTML : '') !== before; }"""
#: True when every element `selectors` name (the first match of each) is shown and wholly in the window.
ALL_IN_WINDOW = """selectors => selectors.every(selector => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const r = element.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
        && r.right <= window.innerWidth; })"""
#: Scrolls the page, and every box in it (Voilà scrolls one of its own), back to the top.
TO_THE_TOP = """() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0;
    window.scrollTo(0, 0); }"""


def hear_again(page, pictures: tuple[str, ...]) -> bool:
    """Choose runs from the Replay list until one is drawn with its staff and keyboard and the page has
    brought them into the window (as after a completion); False if none was."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    runs = page.locator(f"{PLAY} .muz-runs select")
    for index in range(1, min(runs.locator("option").count(), 8)):
        runs.select_option(index=0)
        runs.select_option(index=index)
        try:
            page.wait_for_function(ALL_IN_WINDOW, arg=list(pictures), timeout=10_000)
            return True
        except PlaywrightTimeout:
            continue
    return False


def test_a_completion_shows_its_staff_and_keyboard_in_view(served):
    """Item 16: after a completion, at every Size on every window (1280×720, 1366×768, 1920×1080 and the
    phones' 360×640 and 390×844), the staff and the keyboard are wholly in the window (on a desktop
    window without scrolling, with all a player needs, as above; on a phone, where they are under the
    board, the page scrolls them into view when they are drawn), and the keyboard's key names are at
    least as large (in CSS px) as the message's text."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    url, _folder = served
    problems = []
    keys, staff = f"{PLAY} .muz-keyboard svg", f"{PLAY} .muz-staff svg"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url, *WINDOWS[0])
        try:
            start_game(page)  # Robo the computer answers: the message line has its moves too
            for _ in range(60):
                play_one_die(page)
                if page.locator(keys).count():
                    break
            page.wait_for_selector(keys, timeout=60_000)
            page.wait_for_selector(staff, timeout=60_000)
            for width, height in (*WINDOWS, *PHONES):
                page.set_viewport_size({"width": width, "height": height})
                phone = (width, height) in PHONES
                for label, size in SIZES:
                    page.locator(".muz-size", has_text=label).first.click()
                    page.wait_for_function(DRAWN_AT, arg=size, timeout=30_000)
                    page.evaluate(TO_THE_TOP)
                    where = f"{width}×{height} {label}"
                    if phone and not hear_again(page, (staff, keys)):
                        problems.append(f"{where}: no run heard again was scrolled into view")
                    wait_steady(page, f"{PLAY} .muz-board svg, {PLAY} .muz-panel, {keys}")
                    for selector in (staff, keys, *(() if phone else (f"{PLAY} {s}" for s in IN_SIGHT))):
                        found = box(page, selector)
                        if (found["x"] < 0 or found["y"] < 0 or found["x"] + found["width"] > width
                                or found["y"] + found["height"] > height):
                            problems.append(f"{where}: {selector} at {found} is outside the window")
                    if not phone:  # the widest keyboard of a completion (8 white keys) fits by the staff
                        shown = page.locator(keys).evaluate("svg => (svg.viewBox.baseVal.width - 2) / 24")
                        need = box(page, staff)["width"] + box(page, keys)["width"] * 8 / round(shown) + 12
                        room = box(page, f"{PLAY} .muz-listen .muz-pictures")["width"]
                        if room < need:
                            problems.append(f"{where}: {room:.0f} px beside the die in hand, less than the "
                                            f"{need:.0f} px of a staff and an eight-white-key keyboard")
                    name, message = page.evaluate(TYPE_SIZES)
                    print(f"{where}: key names {name:.1f} px, message {message:.1f} px")
                    if name < message - 0.05:
                        problems.append(f"{where}: key names {name:.1f} px, smaller than the message's "
                                        f"{message:.1f} px")
                    if label in ("fit", "small"):
                        page.screenshot(path=str(SCREENSHOTS / f"app-{width}x{height}-{label}-heard.png"))
                if phone:  # a completion played on the phone, from the top of the page, is brought into view
                    page.evaluate(TO_THE_TOP)
                    for _ in range(60):
                        shown = page.evaluate("s => document.querySelector(s)?.outerHTML ?? ''", keys)
                        play_one_die(page)
                        if "completes" in page.inner_text(f"{PLAY} .muz-message"):
                            break
                    else:
                        problems.append(f"{width}×{height}: no completion in 60 dice")
                        continue
                    try:
                        page.wait_for_function(REDRAWN, arg=[keys, shown], timeout=30_000)
                        page.wait_for_function(ALL_IN_WINDOW, arg=[staff, keys], timeout=15_000)
                    except PlaywrightTimeout:
                        problems.append(f"{width}×{height}: the completion's staff and keyboard at "
                                        f"{box(page, staff)}, {box(page, keys)} are not in the window")
                    page.screenshot(path=str(SCREENSHOTS / f"app-{width}x{height}-completion.png"))
            # The widest keyboard (eight white keys, as F♯ major from F) fits at 1280×720 too.
            page.set_viewport_size({"width": WINDOWS[0][0], "height": WINDOWS[0][1]})
            page.evaluate(TO_THE_TOP)
            runs = page.locator(f"{PLAY} .muz-runs select")
            whites = []
            for index in range(1, min(runs.locator("option").count(), 16)):
                shown = page.evaluate("s => document.querySelector(s)?.outerHTML ?? ''", keys)
                runs.select_option(index=index)
                try:  # the same notes as the run shown (found twice on the board) draw the same picture
                    page.wait_for_function(REDRAWN, arg=[keys, shown], timeout=15_000)
                except PlaywrightTimeout:
                    continue
                if not page.locator(keys).count():  # a run wider than a keyboard shows
                    continue
                wait_steady(page, f"{PLAY} .muz-panel, {keys}")
                count = round((page.locator(keys).evaluate("svg => svg.viewBox.baseVal.width") - 2) / 24)
                whites.append(count)
                for selector in (staff, keys):
                    found = box(page, selector)
                    if max(found["x"] + found["width"] - WINDOWS[0][0],
                           found["y"] + found["height"] - WINDOWS[0][1]) > 0:
                        problems.append(f"replayed run {index}: {selector} at {found} is outside the window")
                if count > 7:
                    page.screenshot(path=str(SCREENSHOTS / "app-1280x720-eight-white-keys.png"))
                    break
            print(f"replayed runs' keyboards, in white keys: {whites}")
        finally:
            browser.close()
    assert problems == []


def test_the_replay_list_stays_in_the_window_after_a_completion(served):
    """Issue #52's seam: at 1280×720, after a completion, Save MIDI and Save braille under the die in
    hand pushed the Replay list half below the window. At every Size, after a completed run is drawn,
    the Replay list and the run's Save buttons are wholly in the window, without scrolling."""
    from playwright.sync_api import sync_playwright

    url, _folder = served
    width, height = WINDOWS[0]
    keys = f"{PLAY} .muz-keyboard svg"
    problems = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = open_app(browser, url, width, height)
        try:
            start_game(page)
            for _ in range(60):
                play_one_die(page)
                if page.locator(keys).count():
                    break
            page.wait_for_selector(keys, timeout=60_000)
            page.wait_for_selector(f"{PLAY} .muz-save-run-midi", state="visible", timeout=30_000)
            for label, size in SIZES:
                page.locator(".muz-size", has_text=label).first.click()
                page.wait_for_function(DRAWN_AT, arg=size, timeout=30_000)
                page.evaluate(TO_THE_TOP)
                wait_steady(page, f"{PLAY} .muz-board svg, {PLAY} .muz-panel, {keys}")
                for selector in (".muz-runs", ".muz-save-run-midi", ".muz-save-run-braille"):
                    found = box(page, f"{PLAY} {selector}")
                    if (found["x"] < 0 or found["y"] < 0 or found["x"] + found["width"] > width
                            or found["y"] + found["height"] > height):
                        problems.append(f"{label}: {selector} at {found} is outside the window")
                page.screenshot(path=str(SCREENSHOTS / f"app-{width}x{height}-{label}-replay-row.png"))
        finally:
            browser.close()
    assert problems == []
