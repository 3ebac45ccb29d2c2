"""`muzlab lessons`, `muzlab app` and `muzlab lab`: the shipped lessons copied into a teacher's folder,
edited copies kept unless --force, and the servers' commands built for this folder."""

import json
import os
import socket
import subprocess
import sys
import threading
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from test_browser import wait_for_server

from muzlab.app import lessons
from muzlab.app.lessons import APP_NOTEBOOK, MANIFEST, LessonsError, app_command, copy_lessons, lab_command
from muzlab.cli import main
from muzlab.names.reader import Reader


def shipped_names() -> list[str]:
    return [path.name for path in lessons.shipped_notebooks()]


def test_the_lessons_and_the_app_notebook_are_shipped():
    names = shipped_names()
    assert APP_NOTEBOOK in names
    assert any(name.startswith("1-") for name in names)
    assert all(name.endswith(".ipynb") for name in names)


def test_copy_into_a_new_folder_copies_every_notebook(tmp_path):
    folder = tmp_path / "class" / "lessons"
    report = copy_lessons(folder)
    assert sorted(report.copied) == sorted(shipped_names())
    for name in shipped_names():
        assert (folder / name).read_bytes() == (lessons.lessons_source() / name).read_bytes()
    assert set(json.loads((folder / MANIFEST).read_text())) == set(shipped_names())


def test_a_second_copy_changes_nothing(tmp_path):
    copy_lessons(tmp_path)
    report = copy_lessons(tmp_path)
    assert report.copied == [] and report.kept == []
    assert sorted(report.unchanged) == sorted(shipped_names())


def test_an_edited_copy_is_kept_and_the_rest_are_restored(tmp_path):
    copy_lessons(tmp_path)
    first, second = shipped_names()[:2]
    (tmp_path / first).write_text("my own version", encoding="utf-8")
    (tmp_path / second).unlink()
    report = copy_lessons(tmp_path)
    assert report.kept == [first]
    assert report.copied == [second]
    assert (tmp_path / first).read_text(encoding="utf-8") == "my own version"
    assert any("--force" in line for line in report.lines())
    german = report.lines(Reader(language="de"))
    assert german[0] == f"1 kopiert: {second}" and german[1].endswith(" schon aktuell: " + ", ".join(
        report.unchanged))
    assert german[-1] == f"1 behalten: seit dem Kopieren geändert (--force ersetzt sie): {first}"


def test_force_replaces_an_edited_copy(tmp_path):
    copy_lessons(tmp_path)
    first = shipped_names()[0]
    (tmp_path / first).write_text("my own version", encoding="utf-8")
    report = copy_lessons(tmp_path, force=True)
    assert report.replaced == [first]
    assert (tmp_path / first).read_bytes() == (lessons.lessons_source() / first).read_bytes()


def test_an_untouched_copy_of_an_older_version_is_updated(tmp_path):
    """What the folder records as copied, and nobody changed since, is not a teacher's edit."""
    copy_lessons(tmp_path)
    first = shipped_names()[0]
    (tmp_path / first).write_text("an older muzlab's lesson", encoding="utf-8")
    manifest = json.loads((tmp_path / MANIFEST).read_text())
    manifest[first] = lessons._digest(tmp_path / first)
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    report = copy_lessons(tmp_path)
    assert report.updated == [first] and report.kept == []
    assert (tmp_path / first).read_bytes() == (lessons.lessons_source() / first).read_bytes()


def test_a_file_in_the_way_is_refused_naming_it(tmp_path):
    in_the_way = tmp_path / "lessons"
    in_the_way.write_text("not a folder")
    with pytest.raises(LessonsError, match="lessons is a file"):
        copy_lessons(in_the_way)
    assert in_the_way.read_text() == "not a folder"


def test_copying_a_checkout_onto_its_own_notebooks_does_nothing():
    report = copy_lessons(lessons.lessons_source())
    assert report.lines() == []


def test_the_command_copies_then_refuses_then_forces(tmp_path, capsys):
    folder = tmp_path / "lessons"
    assert main(["lessons", str(folder)]) == 0
    assert "copied" in capsys.readouterr().out
    first = shipped_names()[0]
    (folder / first).write_text("edited", encoding="utf-8")
    assert main(["lessons", str(folder)]) == 1
    assert f"kept: edited since they were copied (--force replaces them): {first}" in capsys.readouterr().out
    assert (folder / first).read_text(encoding="utf-8") == "edited"
    assert main(["lessons", str(folder), "--force"]) == 0
    assert (folder / first).read_text(encoding="utf-8") != "edited"


def test_the_command_copies_the_lessons_in_its_language_and_says_which_are_still_english(tmp_path, capsys):
    folder = tmp_path / "Unterricht"
    assert main(["lessons", str(folder), "--language", "de"]) == 0
    out = capsys.readouterr().out
    german = sorted(path.name for path in (lessons.lessons_source() / "de").glob("*.ipynb"))
    assert "1-rules.ipynb" in german
    for name in german:
        assert (folder / name).read_bytes() == (lessons.lessons_source() / "de" / name).read_bytes()
        cells = json.loads((folder / name).read_text(encoding="utf-8"))["cells"]
        assert any('muzlab.set_language("de")' in "".join(cell["source"]) for cell in cells)
    english = lessons.untranslated("de")
    assert not set(english) & set(german) and APP_NOTEBOOK not in english
    assert sorted([*german, *english, APP_NOTEBOOK]) == sorted(shipped_names())
    if english:  # the lessons not translated yet come in English, and the teacher is told (in German)
        assert f"noch nicht übersetzt, auf Englisch kopiert: {', '.join(english)}" in out
    assert "kopiert" in out
    # the same folder asked for again in English: the untouched German copies become English
    report = copy_lessons(folder)
    assert sorted(report.updated) == german and report.kept == []


def test_the_command_answers_a_file_in_the_way_with_one_line(tmp_path, capsys):
    (tmp_path / "x").write_text("")
    assert main(["lessons", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file" in err


def test_app_is_voila_on_this_machine_without_code_and_without_a_token(tmp_path):
    command = app_command(tmp_path, port=8870, open_browser=False)
    assert command[:3] == [sys.executable, "-m", "muzlab.app.lessons"]  # Voilà with the app's template
    assert command[3] == str(tmp_path / APP_NOTEBOOK)
    assert "--Voila.ip=127.0.0.1" in command and "--strip_sources=True" in command
    assert "--template=muzlab" in command
    assert "--port=8870" in command and "--no-browser" in command
    assert "--token" not in command


@pytest.mark.parametrize("ip", ["0.0.0.0", "192.168.1.20", "::"])
def test_app_open_to_the_network_asks_for_a_token(tmp_path, ip):
    command = app_command(tmp_path, ip=ip)
    assert f"--Voila.ip={ip}" in command and "--token" in command


def test_lab_opens_the_folder(tmp_path):
    command = lab_command(tmp_path, port=8871)
    assert command[1:4] == ["-m", "jupyter", "lab"]
    assert f"--notebook-dir={tmp_path.resolve()}" in command and "--ip=127.0.0.1" in command


@pytest.mark.parametrize("command", ["app", "lab"])
def test_serving_copies_the_lessons_first_then_starts_the_server(tmp_path, monkeypatch, command):
    started = []
    monkeypatch.setattr(lessons.os, "execv", lambda path, args: started.append(args))
    main([command, str(tmp_path), "--no-browser", "--port", "8872"])
    assert (tmp_path / APP_NOTEBOOK).exists()
    assert len(started) == 1 and "--port=8872" in started[0] and "--no-browser" in started[0]
    assert ("--template=muzlab" in started[0]) == (command == "app")


def test_the_wheel_ships_the_lessons_and_the_app_template():
    """pip installs what `muzlab lessons` and `muzlab app` read (a checkout reads notebooks/ itself)."""
    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["force-include"]["notebooks"] == "muzlab/_lessons"
    assert (lessons.VOILA_DATA / "voila" / "templates" / "muzlab" / "index.html.j2").is_file()
    assert "voila" in " ".join(config["project"]["dependencies"])


def test_the_app_caps_its_kernels_culls_idle_ones_and_limits_messages(tmp_path):
    command = app_command(tmp_path, max_kernels=12, cull_idle_seconds=600)
    manager = "muzlab.app.appserver.CappedKernelManager"
    assert f"--VoilaConfiguration.multi_kernel_manager_class={manager}" in command
    assert "--CappedKernelManager.max_kernels=12" in command
    assert "--MappingKernelManager.cull_idle_timeout=600" in command
    assert "--MappingKernelManager.cull_connected=True" in command
    assert "--Voila.tornado_settings={'websocket_max_message_size': 2097152}" in command


def test_the_app_command_takes_the_cap_and_the_idle_minutes(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(lessons.os, "execv", lambda path, args: started.append(args))
    main(["app", str(tmp_path), "--no-browser", "--max-kernels", "25", "--idle-minutes", "10"])
    assert "--CappedKernelManager.max_kernels=25" in started[0]
    assert "--MappingKernelManager.cull_idle_timeout=600" in started[0]


def test_starting_the_app_as_root_for_the_room_warns(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(lessons.os, "execv", lambda path, args: None)
    monkeypatch.setattr(lessons.os, "geteuid", lambda: 0, raising=False)
    main(["app", str(tmp_path), "--no-browser", "--ip", "0.0.0.0"])
    assert "warning: running as root on 0.0.0.0" in capsys.readouterr().err
    main(["app", str(tmp_path), "--no-browser"])  # on this machine only: no warning
    assert "root" not in capsys.readouterr().err


def test_a_page_past_the_cap_gets_a_sentence_not_a_kernel():
    import asyncio

    from tornado import web

    from muzlab.app.appserver import CappedKernelManager

    manager = CappedKernelManager(max_kernels=2)
    manager._kernels = {"a": None, "b": None}  # two pages open already
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    assert refused.value.status_code == 503
    assert "The classroom app is full: this server runs at most 2 pages at once" in refused.value.log_message


def test_pages_opened_at_the_same_moment_meet_the_cap(monkeypatch):
    """Three pages ask at once against a cap of 1: kernels still starting count, so one kernel starts
    and the other two pages are told the app is full (all three used to get a kernel)."""
    import asyncio

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from tornado import web

    from muzlab.app.appserver import CappedKernelManager

    started = []

    async def slow_start(manager, *args, **kwargs):  # a kernel takes a while to start, as a real one does
        await asyncio.sleep(0.2)
        kernel_id = f"k{len(started)}"
        started.append(kernel_id)
        manager._kernels[kernel_id] = None
        return kernel_id

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", slow_start)
    manager = CappedKernelManager(max_kernels=1)

    async def three_pages():
        return await asyncio.gather(*(manager.start_kernel(kernel_name="python3") for _ in range(3)),
                                    return_exceptions=True)

    answers = asyncio.run(three_pages())
    assert started == ["k0"] and answers[0] == "k0"
    assert [a.status_code for a in answers[1:] if isinstance(a, web.HTTPError)] == [503, 503]
    assert all("The classroom app is full" in a.log_message for a in answers[1:])
    assert manager._starting == 0  # every place taken while starting is given back
    manager._kernels.clear()  # the page closed: the next page gets a kernel
    assert asyncio.run(manager.start_kernel(kernel_name="python3")) == "k1"


@pytest.mark.slow
def test_simultaneous_page_loads_against_a_running_app_meet_the_cap(tmp_path):
    """Item 8 with real requests: `muzlab app --max-kernels 1` running, three GETs of the app at the same
    moment. One page gets a kernel; the other two, answered while that kernel is still starting, get
    HTTP 503 and the sentence that the app is full, and the server starts one kernel only."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    log_path = tmp_path / "voila.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen([sys.executable, "-m", "muzlab.cli", "app", str(tmp_path / "app"),
                                   "--no-browser", "--max-kernels", "1", "--port", str(port)],
                                  stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
        try:
            wait_for_server(port, server, log_path, "muzlab app")
            together = threading.Barrier(3)
            answers: list[tuple[int, str]] = []

            def load() -> None:
                together.wait()
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=180) as response:
                        answer = (response.status, response.read().decode())
                except urllib.error.HTTPError as refused:
                    answer = (refused.code, refused.read().decode())
                answers.append(answer)

            pages = [threading.Thread(target=load) for _ in range(3)]
            for page in pages:
                page.start()
            for page in pages:
                page.join(200)
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
    assert sorted(status for status, _ in answers) == [200, 503, 503], log_path.read_text()
    (_, page), = [answer for answer in answers if answer[0] == 200]
    assert '"kernelId"' in page and "The classroom app is full" not in page
    for _status, refusal in (answer for answer in answers if answer[0] == 503):
        assert "The classroom app is full: this server runs at most 1 page at once" in refusal
        assert '"kernelId"' not in refusal
    said = log_path.read_text()
    assert said.count("Kernel started:") == 1
    # both refused while the one kernel was still starting: the loads overlapped
    assert said.rindex("Refused a kernel") < said.index("Kernel started:"), said


def test_the_command_line_loads_jupyters_server_only_to_serve_the_app():
    """`muzlab simulate` and the other commands do not carry Jupyter's server (about 45 MB a process,
    and again in every forked worker): `app_command` imports it when the app is served."""
    check = ("import sys, muzlab.cli; assert 'jupyter_server' not in sys.modules; "
             "from muzlab.app.lessons import app_command; app_command('folder'); "
             "assert 'jupyter_server' in sys.modules")
    subprocess.run([sys.executable, "-c", check], check=True)


def test_the_lab_muzlab_starts_has_jupyterlabs_announcements_off(tmp_path):
    command = lab_command(tmp_path)
    assert "--LabApp.news_url=None" in command  # nothing fetched
    environ = lessons.lab_environment({"JUPYTER_CONFIG_PATH": "/elsewhere"})
    assert environ["JUPYTER_CONFIG_PATH"].split(os.pathsep) == [str(lessons.LAB_CONFIG), "/elsewhere"]
    page_config = json.loads((lessons.LAB_CONFIG / "labconfig" / "page_config.json").read_text())
    assert page_config["disabledExtensions"] == {"@jupyterlab/apputils-extension:announcements": True}


@pytest.mark.slow
def test_muzlab_lab_serves_a_lab_without_the_news_prompt(tmp_path):
    """`muzlab lab` running: the page it serves names the announcements plugin (the "get notified about
    news?" prompt) among its disabled extensions, and its news as disabled."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "JUPYTER_TOKEN": "muzlab-test", "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path)}
    log_path = tmp_path / "lab.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen([sys.executable, "-m", "muzlab.cli", "lab", str(tmp_path / "lessons"),
                                   "--no-browser", "--port", str(port)],
                                  stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)
        try:
            wait_for_server(port, server, log_path, "muzlab lab")
            address = f"http://127.0.0.1:{port}/lab?token=muzlab-test"
            with urllib.request.urlopen(address, timeout=60) as response:
                page = response.read().decode()
        finally:
            server.terminate()
            server.wait(30)
    start = page.index('id="jupyter-config-data"')
    config = json.loads(page[page.index(">", start) + 1:page.index("</script>", start)])
    assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]
    assert config["news"] == {"disabled": True}
