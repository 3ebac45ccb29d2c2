"""The class server and the devices that open it, as the browser tests drive them: `muzlab class` on a
free port, the teacher's page, a student's page joining, and the rule that no request leaves the
machine (one Chromium context a device)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_browser import free_port

ROOT = Path(__file__).resolve().parent.parent
#: How long a page is given to show what the server sent it (ms).
WAIT = 20_000
#: How long a page is given to load (ms): the first page of a fresh server loads Solara's scripts.
LOAD = 60_000


class ClassServer:
    """`muzlab class FOLDER` on a free port; `start()` again after `kill()` serves the same class."""

    def __init__(self, folder: Path, *options: str):
        self.folder = folder
        self.options = options
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.students = self.teacher = ""

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "muzlab.cli", "class", str(self.folder), "--no-browser",
             "--port", str(self.port), *self.options], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, env=env, cwd=self.folder.parent)
        first, second = self.process.stdout.readline().split(), self.process.stdout.readline().split()
        assert first[0] == "students:" and second[0] == "teacher:", (first, second)
        self.students, self.teacher = first[1], second[1]
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    pytest.fail("muzlab class did not start")
                time.sleep(0.3)

    def kill(self) -> None:
        """Kill the server at once, as a crash or a pulled plug would."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(15)


#: Added to every page of a context: notes each message the page sends its server (the Jupyter
#: protocol over a websocket, as JSON text) until the server says it is done with it (its "idle"
#: status), so that a test can wait until the server has taken in everything the page sent.
TRACK_MESSAGES = """(() => {
    const unanswered = window.__muzUnanswered = new Set();
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
        if (!this.__muzTracked) {
            this.__muzTracked = true;
            this.addEventListener("message", event => {
                if (typeof event.data !== "string") return;
                try {
                    const msg = JSON.parse(event.data);
                    const type = msg.msg_type || (msg.header && msg.header.msg_type);
                    if (type === "status" && msg.content.execution_state === "idle")
                        unanswered.delete(msg.parent_header.msg_id);
                } catch (error) { /* not a protocol message */ }
            });
        }
        if (typeof data === "string") {
            try { unanswered.add(JSON.parse(data).header.msg_id); } catch (error) { /* not one */ }
        }
        return send.call(this, data);
    };
})()"""


def server_caught_up(page) -> None:
    """Wait until the server has handled every message this page has sent (a setting typed in, a
    choice made), so that a click sent next is handled with it (the page's context has TRACK_MESSAGES)."""
    page.wait_for_function("() => window.__muzUnanswered.size === 0", timeout=WAIT)


def watch_requests(context, outside: list[str]) -> None:
    """Let requests to 127.0.0.1 through; record and refuse any other (the machine must not be left)."""
    def route(request_route):
        url = request_route.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    context.route("**/*", route)


def device(browser, outside: list[str] | None = None, scripts: tuple[str, ...] = (), **options):
    """A new device: a Chromium context (`options` as `browser.new_context` takes them), its requests
    watched into `outside` when given, `scripts` added to each of its pages; returns its page."""
    context = browser.new_context(**options)
    for script in scripts:
        context.add_init_script(script)
    if outside is not None:
        watch_requests(context, outside)
    return context.new_page()


def teacher_page(browser, url: str, outside: list[str] | None = None, tracked: bool = False):
    """The teacher's page (`url`) on a device of its own, 1300×1000, once it shows Deal; its messages to
    the server tracked (TRACK_MESSAGES, for `server_caught_up`) when `tracked`."""
    teacher = device(browser, outside, (TRACK_MESSAGES,) if tracked else (),
                     viewport={"width": 1300, "height": 1000})
    teacher.goto(url)
    teacher.wait_for_selector(".muz-deal", timeout=LOAD)
    return teacher


def student_page(browser, url: str, outside: list[str] | None = None, scripts: tuple[str, ...] = (),
                 **options):
    """The students' address (`url`) opened on a new device (1100×1000 unless `options` say otherwise),
    once its join form shows."""
    page = device(browser, outside, scripts, **{"viewport": {"width": 1100, "height": 1000}, **options})
    page.goto(url)
    page.wait_for_selector(".muz-nickname input", timeout=LOAD)
    return page


def sit_down(page, nickname: str, names: str | None = None):
    """Join on a student's page showing the join form (with the note names labelled `names`, if given),
    and wait until the page greets the student; returns the page."""
    from playwright.sync_api import expect

    if names:
        page.select_option(".muz-note-names select", label=names)
    page.fill(".muz-nickname input", nickname)
    page.click(".muz-join")
    expect(page.locator(".muz-who")).to_contain_text(nickname, timeout=WAIT)
    return page


def deal_and_roll(teacher, students: list) -> object:
    """Deal the students' pages (joined) to a table from the teacher's page, and have the student whose
    turn it is roll; returns that student's page, a die in hand and its lit cells listed."""
    from playwright.sync_api import expect

    teacher.click(".muz-deal")
    for page in students:
        expect(page.locator(".muz-who")).to_contain_text("table", timeout=WAIT)
    mover = next(page for page in students if page.locator(".muz-roll").is_visible())
    mover.click(".muz-roll")
    mover.wait_for_selector(".muz-legal-list li", timeout=WAIT)
    return mover


def join(browser, url: str, nickname: str, names: str | None = None, outside: list[str] | None = None):
    """A new device (its own context) opens the students' address and joins."""
    return sit_down(student_page(browser, url, outside), nickname, names)
