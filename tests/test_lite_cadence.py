"""Lesson 4's cadence heard in the homework edition: German lesson 4 run in JupyterLite (test_lite's
site, built from this checkout), its cadence cell kept (it plays through `muzlab.widgets.note_player`,
not a WAV from numpy), its Play button in German; a click schedules the four chords T–S–D–T through
the page's Web Audio, and what reaches the audio output is not silent (an analyser on the page's output
measures it). Screenshot: out/screenshots/lite-de-4-cadence.png."""

import pytest
from test_browser import CHROMIUM_ARGS, chromium_path
from test_lite import SCREENSHOTS, lesson_run, only_the_site, site  # noqa: F401 - a fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Before the page's scripts: whatever is connected to an audio output is also measured by an analyser
#: (`window.muzMeter`), which passes it on to the output.
METER = """(() => {
    const connect = AudioNode.prototype.connect;
    AudioNode.prototype.connect = function (target, ...rest) {
        if (target instanceof AudioDestinationNode && this !== window.muzMeter) {
            if (!window.muzMeter) {
                window.muzMeter = target.context.createAnalyser();
                connect.call(window.muzMeter, target);
            }
            return connect.call(this, window.muzMeter, ...rest);
        }
        return connect.call(this, target, ...rest);
    };
})()"""
#: The loudest sample the analyser holds now (0 when nothing sounds or nothing was connected).
LOUDEST = """() => {
    const meter = window.muzMeter;
    if (!meter) return 0;
    const samples = new Float32Array(meter.fftSize);
    meter.getFloatTimeDomainData(samples);
    return Math.max(...samples.map(Math.abs));
}"""
#: The cadence's player: the last Web Audio player of the lesson.
PLAYER = ".jp-Notebook .muz-sound >> nth=-1"
#: T–S–D–T from middle C upward, each chord's notes as lesson 4 sends them (MIDI numbers).
CADENCE = "60 64 67 65 69 72 67 71 74 60 64 67"


def test_german_lesson_4s_cadence_sounds_in_the_homework_edition(site):  # noqa: F811
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1500, "height": 1100})
            outside = only_the_site(context, site)
            context.add_init_script(METER)
            page = context.new_page()
            page.goto(f"{site}/notebooks/index.html?path=de/4-explore.ipynb")
            errors = lesson_run(page, site, "de/4-explore.ipynb")
            player = page.locator(PLAYER)
            player.wait_for(state="attached", timeout=60_000)
            player.scroll_into_view_if_needed()
            player.locator("button").wait_for(state="visible", timeout=30_000)  # (drawn once scrolled to)
            # (a button is drawn at its full height before its words are written into it)
            page.wait_for_function("(button) => button.innerText.trim() !== ''",
                                   arg=player.locator("button").element_handle(), timeout=30_000)
            words = player.locator("button").inner_text()
            silent = page.evaluate(LOUDEST)
            player.locator("button").click()
            page.wait_for_function(f"() => ({LOUDEST})() > 0.01", timeout=10_000)
            loudest = page.evaluate(LOUDEST)
            scheduled = player.get_attribute("data-muz-sound")
            cell = page.locator(".jp-CodeCell").filter(has=page.locator(".muz-sound")).last.inner_text()
            page.screenshot(path=str(SCREENSHOTS / "lite-de-4-cadence.png"))
        finally:
            browser.close()
    assert errors == []
    assert "die Kadenz T–S–D–T" in cell and "hear(events)" in cell  # the lesson's own cell, kept
    assert words == "▶ Abspielen" and silent == 0
    assert scheduled == CADENCE and loudest > 0.01, (scheduled, loudest)
    assert outside == [], f"requests left the site: {outside[:5]}"
