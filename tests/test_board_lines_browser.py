"""The board in the page shows a new picture by its changed lines (svgboard.js): in Chromium, over a
seeded game's pictures, the board drawn that way is the picture drawn whole, keeps the elements whose
lines did not change, asks Python for a refusal once a picture, and never keeps a refusal it was told
into the next picture."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path

from muzlab.names.reader import Reader
from muzlab.play.game import Game
from muzlab.widgets.seatboard import seat_scene
from muzlab.widgets.svgboard import draw

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
BOARD_JS = ROOT / "muzlab" / "widgets" / "svgboard.js"

#: A stand-in for the widget's model (get, set with its change events, messages from Python), and the
#: board rendered with it into the page; `canon` writes a tree of elements without whitespace text.
PAGE_SCRIPT = """
const state = {svg: "", html: "", words: {}, scale: 1, fit: "none", shortcuts: "", revealing: ""};
const handlers = {};
window.sent = [];
window.model = {
  get: (name) => state[name],
  set: (name, value) => { state[name] = value; (handlers["change:" + name] || []).forEach((f) => f()); },
  on: (event, handler) => { (handlers[event] = handlers[event] || []).push(handler); },
  send: (message) => window.sent.push(message),
  tip: (message) => handlers["msg:custom"].forEach((f) => f(message)),
};
window.canon = (node) => node.nodeType === Node.TEXT_NODE ? node.data : `<${node.tagName} ${
  [...node.attributes].filter((a) => a.name !== "style").map((a) => `${a.name}=${a.value}`).sort().join(" ")
}>${[...node.childNodes].filter((c) => c.nodeType !== Node.TEXT_NODE || c.data.trim())
  .map(window.canon).join("")}</${node.tagName}>`;
window.whole = (text) => {
  const template = document.createElement("template");
  template.innerHTML = text;
  return window.canon(template.content.firstElementChild);
};
window.shown = () => window.canon(document.querySelector("#host svg"));
board.render({model: window.model, el: document.querySelector("#host")});
"""


GERMAN = Reader(convention="german", typeset=True, language="de")


def game_pictures(moves: int = 24, reader: Reader = GERMAN) -> list[str]:
    """The pictures of a seeded game as the seat to act sees them, in `reader`'s words: the die in hand
    (its legal cells lit, with their points) and then placed, or passed."""
    game, pictures = Game(seed=11), []
    while len(pictures) < moves and not game.over:
        if game.hand is None:  # (a passed die is held already)
            game.roll()
        legal = game.legal_placements()
        pictures.append(draw(game.board, seat_scene(game.position, game.hand, legal, None, True), reader).svg)
        if not legal:
            game.pass_die()
            continue
        cell = legal[len(pictures) % len(legal)]
        game.place(cell)
        pictures.append(draw(game.board, seat_scene(game.position, None, (), cell, False), reader).svg)
    return pictures


def board_page(browser, module: str | None = None):
    """A new page holding one board rendered by `module` (svgboard.js's text, by default the file's) with
    the stand-in model of `PAGE_SCRIPT`."""
    page = browser.new_page()
    page.set_content("<div id='host'></div>")
    module = (module or BOARD_JS.read_text(encoding="utf-8")).replace("export default { render };",
                                                                      "const board = { render };")
    page.add_script_tag(content=module + PAGE_SCRIPT, type="module")
    page.wait_for_function("() => window.model !== undefined")
    return page


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield board_page(browser)
        browser.close()


def test_each_picture_drawn_by_lines_is_the_picture_drawn_whole(page) -> None:
    pictures = game_pictures()
    pictures.append(game_pictures(reader=Reader())[-1])  # the last picture again, in English
    kept_shares = []
    for number, svg in enumerate(pictures):
        kept, total = page.evaluate("""svg => {
          const before = new Set(document.querySelectorAll("#host svg *"));
          window.model.set("svg", svg);
          const after = [...document.querySelectorAll("#host svg *")];
          return [after.filter((node) => before.has(node)).length, after.length];
        }""", svg)
        assert page.evaluate("svg => window.shown() === window.whole(svg)", svg), f"picture {number}"
        kept_shares.append(kept / total)
    kept_after_new_reader = kept_shares.pop()
    kept_shares.pop(0)  # (the first picture: nothing drawn before it)
    # a board changes a little from one picture to the next (drawn whole, no element would be kept):
    # the elements of the lines that did not change stay as they were, the layer's cells among them
    assert min(kept_shares) > 0.8
    assert statistics.median(kept_shares) > 0.9
    # the same board read in other words and note names: its names and tooltips are drawn anew
    assert kept_after_new_reader < min(kept_shares)
    assert page.evaluate("() => document.querySelector('#host svg title').textContent").startswith(
        "standard board")


def test_a_refusal_is_asked_once_a_picture_and_not_kept_into_the_next(page) -> None:
    first, second = game_pictures(2)  # the die in hand with its lit cells, then placed
    page.evaluate("svg => window.model.set('svg', svg)", first)
    lit = page.get_attribute(".muz-layer .muz-cell.muz-legal[data-own-tip]", "data-cell")
    cell = page.get_attribute(".muz-layer[data-ask] .muz-cell:not([data-own-tip])", "data-cell")
    title = f".muz-layer .muz-cell[data-cell='{cell}'] title"
    line_title = page.text_content(title)
    hover = """cell => {
      window.sent.length = 0;
      document.querySelector(`.muz-layer .muz-cell[data-cell='${cell}']`)
        .dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
      return window.sent.map((message) => `${message.event} ${message.cell}`);
    }"""
    assert page.evaluate(hover, lit) == []  # a lit cell's points are in the picture
    assert page.evaluate(hover, cell) == [f"tip {cell}"]
    page.evaluate("cell => window.model.tip({cell, tip: 'a refusal for this die only'})", cell)
    assert page.text_content(title) == "a refusal for this die only"
    assert page.evaluate(hover, cell) == []  # asked once
    page.evaluate("svg => window.model.set('svg', svg)", second)
    assert page.evaluate(hover, cell) == []  # no die in hand: nothing to refuse
    page.evaluate("svg => window.model.set('svg', svg)", first)
    assert page.text_content(title) == line_title
    assert page.evaluate("svg => window.shown() === window.whole(svg)", first)
    assert page.evaluate(hover, cell) == [f"tip {cell}"]  # asked again for this picture


def test_a_picture_not_written_one_element_to_a_line_is_drawn_whole(page) -> None:
    first = game_pictures(1)[0]
    page.evaluate("svg => window.model.set('svg', svg)", first)
    folded = first.replace("\n<polygon", "<polygon", 3)  # three elements joined onto one line
    page.evaluate("svg => window.model.set('svg', svg)", folded)
    assert page.evaluate("svg => window.shown() === window.whole(svg)", folded)
    page.evaluate("svg => window.model.set('svg', svg)", first)
    assert page.evaluate("svg => window.shown() === window.whole(svg)", first)
