"""The one door to Solara's internals (muzlab.app.solara_door): the installed Solara has every name it
lists, and a Solara that lacks one starts the class server unpatched, saying so in one line."""

from __future__ import annotations

import unittest.mock
from types import SimpleNamespace

import pytest
import solara.server.starlette as starlette_server
from solara.server.patch import FakeIPython

from muzlab.app import solara_door
from muzlab.app.inbox import read_ahead
from muzlab.app.outbox import queue_sends
from muzlab.app.quiet_shell import QUIET, quiet_events
from muzlab.app.warm_start import light_gzip
from muzlab.core.errors import MuzlabError
from muzlab.names.reader import PLAIN, Reader


def test_the_installed_solara_has_every_internal_the_door_names():
    assert solara_door.missing() == []
    assert len(solara_door.SPEED) >= 10 and len(solara_door.SESSIONS) >= 5
    # the same check finds what is not there: a method, a name its __init__ never sets, a module
    assert solara_door.missing([("solara.server.starlette", "WebsocketWrapper.receive_all"),
                                ("solara.server.patch", "FakeIPython.shell_events"),
                                ("solara.server.no_such_module", "app")]) == [
        "solara.server.starlette.WebsocketWrapper.receive_all",
        "solara.server.patch.FakeIPython.shell_events", "solara.server.no_such_module.app"]


def patches_and_calls() -> tuple[tuple, list[str]]:
    """The server's four speed-ups, and a fifth that records being applied."""
    calls: list[str] = []
    return (light_gzip, queue_sends, read_ahead, quiet_events, lambda: calls.append("patched")), calls


def test_a_renamed_internal_starts_the_server_unpatched_and_says_so_in_one_line(monkeypatch, capsys):
    wrapper = starlette_server.WebsocketWrapper
    monkeypatch.setattr(wrapper, "_send_text_in_order", wrapper._send_text_exc, raising=False)
    monkeypatch.delattr(wrapper, "_send_text_exc")  # (as if Solara had renamed it)
    receive, send_text, init = wrapper.receive, wrapper.send_text, FakeIPython.__init__
    patches, calls = patches_and_calls()
    assert solara_door.install(patches, Reader(language="de")) is False
    assert calls == [] and (wrapper.receive, wrapper.send_text, FakeIPython.__init__) == (receive, send_text,
                                                                                          init)
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and "solara.server.starlette.WebsocketWrapper._send_text_exc" in said
    assert "langsamer" in said  # (in the teacher's language)
    english = solara_door.unpatched_line(["x.y"], PLAIN)
    assert english.startswith("This Solara (1.58.2) lacks x.y") and "slower but correct" in english


def test_on_the_installed_solara_every_speed_up_is_applied_and_nothing_said(capsys):
    patches, calls = patches_and_calls()
    assert solara_door.install(patches, PLAIN) is True
    assert calls == ["patched"] and capsys.readouterr().out == ""
    assert starlette_server.WebsocketWrapper._muzlab_read_ahead and FakeIPython._muzlab_quiet


def test_a_solara_without_the_sessions_the_server_counts_is_refused_and_nothing_applied(monkeypatch):
    from solara.server import kernel_context

    monkeypatch.delattr(kernel_context, "contexts")
    patches, calls = patches_and_calls()
    with pytest.raises(MuzlabError, match="solara.server.kernel_context.contexts"):
        solara_door.install(patches, PLAIN)
    assert calls == []


def test_quiet_events_wraps_solaras_init_and_keeps_what_it_sets(monkeypatch):
    from solara.server import patch

    def solaras_init(self, context):  # (a newer Solara's __init__, setting one more attribute)
        self.context, self.events, self.added_by_solara = context, patch.mock.MagicMock(), 42

    monkeypatch.setattr(FakeIPython, "__init__", solaras_init)
    monkeypatch.setattr(FakeIPython, "_muzlab_quiet", False, raising=False)
    monkeypatch.setattr(patch, "mock", patch.mock)
    quiet_events()
    quiet_events()  # (once: Solara's runs once per shell)
    shell = FakeIPython(SimpleNamespace())
    assert shell.events is QUIET and shell.added_by_solara == 42
    assert FakeIPython.__init__.__wrapped__ is solaras_init
    assert isinstance(patch.mock.MagicMock(), unittest.mock.MagicMock)  # (outside a shell: Solara's own)


def test_solaras_own_shell_is_made_without_a_magicmock(monkeypatch):
    def no_mock(*_args, **_keys):
        raise AssertionError("a MagicMock was made")

    quiet_events()
    monkeypatch.setattr(unittest.mock, "MagicMock", no_mock)
    context = SimpleNamespace(kernel=SimpleNamespace(shell=SimpleNamespace(display_pub="pub")))
    shell = FakeIPython(context)
    assert shell.events is QUIET and (shell.kernel, shell.display_pub, shell.user_ns) == (context.kernel,
                                                                                        "pub", {})


#: A newer Solara, as the server's process sees it: its FakeIPython made by a subclass whose
#: `__init__` no longer names `events` (what the quiet shell changes), everything else working.
NEWER_SOLARA = """
import os
import sys
from muzlab.app.server import SOLARA_SETTINGS
os.environ.update(SOLARA_SETTINGS)  # (as the server does before Solara is imported)
import solara.server.app
import solara.server.patch as patch

class FakeIPython(patch.FakeIPython):
    def __init__(self, context):
        super().__init__(context)

patch.FakeIPython = FakeIPython
from muzlab.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_server_on_a_solara_whose_internals_differ_starts_unpatched_and_serves(tmp_path):
    import os
    import socket
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen([sys.executable, "-c", NEWER_SOLARA, "class", str(tmp_path / "c"),
                                "--no-browser", "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        said = process.stdout.readline()
        assert said.startswith("This Solara (1.58.2) lacks solara.server.patch.FakeIPython.events:"), said
        assert process.stdout.readline().startswith("students:")
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60).status == 200
    finally:
        process.terminate()
        process.wait(30)
