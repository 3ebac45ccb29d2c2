"""The class server's student page in Chromium, singing the die: on a plain-http address of the school
network (a name Chromium maps to 127.0.0.1, so not a secure page) the note input says at once why it
cannot listen and what the teacher does; on 127.0.0.1 (secure) it says nothing and may listen."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import pytest
from class_devices import ClassServer
from test_browser import CHROMIUM_ARGS, chromium_path

from muzlab.app.pages import class_listen_words
from muzlab.names.reader import Reader

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def joined_singing(browser, address: str, nickname: str):
    """A student's page at `address`, joined, with "sing the die" chosen."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(address)
    page.wait_for_selector(".muz-nickname input", timeout=60_000)
    page.fill(".muz-nickname input", nickname)
    page.click(".muz-join")
    expect(page.locator(".muz-who")).to_contain_text(nickname, timeout=30_000)
    page.select_option(".muz-by-ear select", label="sing the die")
    page.wait_for_selector(".muz-note-input", timeout=30_000)
    return page


def test_the_student_page_says_why_it_cannot_listen_without_https(tmp_path):
    from playwright.sync_api import sync_playwright

    server = ClassServer(tmp_path / "class")
    server.start()
    try:
        parts = urlsplit(server.students)
        insecure = urlunsplit(parts._replace(netloc=f"muzlab.test:{server.port}"))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(),
                args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP muzlab.test 127.0.0.1"])
            page = joined_singing(browser, insecure, "Anna")
            page.wait_for_selector(".muz-note-input[data-muz-why='insecure']", timeout=30_000)
            why = page.text_content(".muz-note-why")
            secure_page = joined_singing(browser, server.students, "Ben")
            secure = secure_page.evaluate("() => window.isSecureContext")
            secure_why = secure_page.get_attribute(".muz-note-input", "data-muz-why")
            browser.close()
    finally:
        server.kill()
    assert why == class_listen_words(Reader())["insecure"]
    assert secure is True and secure_why is None
