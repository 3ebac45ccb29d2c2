"""The board's legend in a real browser, in the four languages: every label ends before the next
swatch begins and inside the picture ("vollständiger Dreiklang" ran into "möglicher Dreiklang"'s line).
The picture is drawn as the pages draw it (`position_svg` at the class pages' cell size) and laid out
by Chromium, whose measured text boxes are compared with the lines' places."""

from __future__ import annotations

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path

from muzlab.names.language import LANGUAGES
from muzlab.names.reader import Reader
from muzlab.rules.position import Position
from muzlab.views.svg import legend_words, position_svg
from muzlab.widgets.svgboard import CELL_SIZE

pytestmark = [pytest.mark.browser, pytest.mark.slow]
#: A board with complete and potential triads and scales, and a run that can no longer be finished.
EVERY_RUN = ("standard A@-4,2 F#@-4,3 E@-3,3 A@-2,1 F@-2,2 D@-2,3 G@-1,1 Eb@-1,2 C@0,-1 A@0,0 F@0,1 "
             "Bb@1,-1 Eb@1,1 Ab@2,-1 E@2,0 A@3,-2 F#@3,-1 Eb@3,0 Ab@4,-2")
#: Each legend label's box and the swatch (line) that follows it on its row, if any.
LEGEND_BOXES = """() => {
    const svg = document.querySelector('svg');
    const lines = [...svg.querySelectorAll('.legend line')].map(l => l.getBoundingClientRect());
    const texts = [...svg.querySelectorAll('.legend text')];
    const whole = svg.getBoundingClientRect();
    return texts.map((text, i) => {
        const box = text.getBoundingClientRect();
        const next = lines.find(l => Math.abs(l.top + l.height / 2 - (box.top + box.height / 2)) < 2
                                     && l.left > box.left);
        return {words: text.textContent, right: box.right, next: next ? next.left : null,
                edge: whole.right};
    });
}"""


def test_no_legend_label_runs_into_the_next_swatch_in_any_language():
    from playwright.sync_api import sync_playwright

    position = Position.from_notation(EVERY_RUN)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        for language in LANGUAGES:
            svg = position_svg(position, size=CELL_SIZE, reader=Reader(language=language, typeset=True))
            page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
            boxes = page.evaluate(LEGEND_BOXES)
            assert sorted(box["words"] for box in boxes) == sorted(legend_words(language).values())
            for box in boxes:
                assert box["right"] <= box["edge"], (language, box)
                if box["next"] is not None:
                    assert box["right"] + 4 <= box["next"], (language, box)  # (at least 4 px apart)
        browser.close()
