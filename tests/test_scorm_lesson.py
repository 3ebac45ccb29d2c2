"""The SCORM 1.2 package of a homework-edition lesson (muzlab.app.lite.scorm), built from a small
stand-in of the built site: every file of the site in the package and named by its manifest, the
runtime's modules under `.js` names with every reference to them rewritten, the WebAssembly loaded
whatever type it comes as, the launch page opening the lesson in the language asked for, the same site
giving the same bytes, and a clear refusal for a lesson or site that is not there. (The package played
in Chromium under scorm-again: tests/test_scorm_lesson_browser.py.)
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from muzlab.app.lessons import LessonsError
from muzlab.app.lite.scorm import WASM_ANY_TYPE, lesson_package
from muzlab.cli import main
from muzlab.names.reader import Reader
from muzlab.views.scorm import ADLCP_NS, CP_NS

GERMAN = Reader("german", typeset=True, language="de")
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"


def notebook(title: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "source": [f"# {title}\n"], "metadata": {}}],
                       "metadata": {"muzlab": {"lesson": "3-play.ipynb", "version": "1"}}})


@pytest.fixture
def site(tmp_path) -> Path:
    return stand_in_site(tmp_path / "lite")


def stand_in_site(site: Path) -> Path:
    """A stand-in of a built edition in `site`: what the package reads and rewrites, in its places
    (lessons 1 and 3, lesson 3 in German too)."""
    files = {
        "index.html": "<html><body>the site's first page</body></html>",
        "jupyter-lite.json": json.dumps({"jupyter-config-data": {"litePluginSettings": {KERNEL: {
            "pyodideUrl": "../pyodide/pyodide.mjs", "disablePyPIFallback": True}}}}),
        "notebooks/index.html": "<html><head></head><body><div id='main'></div></body></html>",
        "pyodide/pyodide.mjs": 'let t=`${e.indexURL}pyodide.asm.mjs`;WebAssembly.instantiateStreaming(n,s)',
        "pyodide/pyodide.asm.mjs": "export default function createPyodideModule() {}",
        "pyodide/pyodide.asm.wasm": "\0asm",
        "pyodide/pyodide.asm.wasm.gz": "the runtime gzipped, for the edition's service worker",
        "verovio/verovio.mjs": "export class VerovioToolkit {}",
        "files/1-rules.ipynb": notebook("Rules"),
        "files/3-play.ipynb": notebook("Play"),
        "files/de/3-play.ipynb": notebook("Spielen </title><script>x</script>"),
    }
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    return site


def unzipped(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_package_holds_the_site_its_manifest_names_every_file_and_the_launch_page_opens_the_lesson(site):
    files = unzipped(lesson_package(site, 3, GERMAN))
    root = ET.fromstring(files["imsmanifest.xml"])
    resource = root.find(f"{{{CP_NS}}}resources/{{{CP_NS}}}resource")
    assert resource.get("href") == "index.html" and resource.get(f"{{{ADLCP_NS}}}scormtype") == "sco"
    listed = {element.get("href") for element in resource.findall(f"{{{CP_NS}}}file")}
    assert listed == set(files) - {"imsmanifest.xml"}
    assert root.find(f".//{{{ADLCP_NS}}}masteryscore") is None  # a lesson has no pass mark
    assert root.find(f".//{{{CP_NS}}}item/{{{CP_NS}}}title").text == "Spielen </title><script>x</script>"
    launch = files["index.html"].decode()
    assert 'location.replace("notebooks/index.html?path=de/3-play.ipynb")' in launch
    assert "<title>Spielen &lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>" in launch
    assert "Öffne" in launch or "öffne" in launch.casefold(), launch
    page = files["notebooks/index.html"].decode()
    assert page.index("muz-scorm-words") < page.index("</body>") and "cmi.core.lesson_status" in page
    assert "Lernplattform" in page  # the words the page says, in German
    assert files["files/1-rules.ipynb"] and files["pyodide/pyodide.asm.wasm"] == b"\0asm"
    assert "pyodide/pyodide.asm.wasm.gz" not in files  # (the worker fetches the runtime itself)


def test_no_module_is_left_under_a_name_an_lms_may_not_send_as_javascript(site):
    files = unzipped(lesson_package(site, 3, GERMAN))
    assert not [name for name in files if name.startswith("pyodide/") and name.endswith(".mjs")]
    loader = files["pyodide/pyodide.module.js"].decode()
    assert loader.startswith(WASM_ANY_TYPE) and "pyodide.asm.js`" in loader and "asm.mjs" not in loader
    assert files["pyodide/pyodide.asm.js"].startswith(b"export default")
    settings = json.loads(files["jupyter-lite.json"])["jupyter-config-data"]["litePluginSettings"][KERNEL]
    assert settings == {"pyodideUrl": "../pyodide/pyodide.module.js", "disablePyPIFallback": True}


def test_the_runtimes_webassembly_loads_whatever_type_it_is_sent_as(tmp_path):
    """WASM_ANY_TYPE under node: a Response of type application/octet-stream, which
    instantiateStreaming refuses on its own, and one of application/wasm both give an instance."""
    script = tmp_path / "check.mjs"
    script.write_text("""
const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);  // the smallest module
const made = [];
await WebAssembly.instantiateStreaming(Promise.resolve(new Response(bytes, {
  headers: { "Content-Type": "application/octet-stream" } })), {}).then(
  () => made.push("taken"), () => made.push("refused"));
""" + WASM_ANY_TYPE + """
for (const type of ["application/octet-stream", "application/wasm", "document/unknown"]) {
  const result = await WebAssembly.instantiateStreaming(
    Promise.resolve(new Response(bytes, { headers: { "Content-Type": type } })), {});
  made.push(result.instance instanceof WebAssembly.Instance);
}
console.log(JSON.stringify(made));
""")
    node = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    if node.returncode == 127 or "not found" in node.stderr:
        pytest.skip("node is not installed")
    assert node.stdout.strip() == '["refused",true,true,true]', node.stderr


def test_the_same_site_gives_the_same_bytes_and_english_takes_the_english_lesson(site):
    assert lesson_package(site, 3, GERMAN) == lesson_package(site, 3, GERMAN)
    files = unzipped(lesson_package(site, 1, Reader("english", typeset=True, language="en")))
    assert b"path=1-rules.ipynb" in files["index.html"]


def test_a_lesson_or_site_that_is_not_there_is_refused_by_name(site, tmp_path):
    with pytest.raises(LessonsError, match="lesson 5 is not in the homework edition; its lessons are 1, 3"):
        lesson_package(site, 5, GERMAN)
    with pytest.raises(LessonsError, match="lesson 1 is not translated into Deutsch; these are: 3"):
        lesson_package(site, 1, GERMAN)
    with pytest.raises(LessonsError, match="is not a built homework edition"):
        lesson_package(tmp_path / "nothing", 3, GERMAN)


def test_the_command_writes_the_lesson_package_and_says_its_size(site, tmp_path, capsys):
    out = tmp_path / "lektion.zip"
    assert main(["scorm", "--lesson", "3", "--site", str(site), "--language", "de", str(out)]) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(r"lektion\.zip geschrieben: ein SCORM-1\.2-Paket der Lektion 3, \d+ kB\n",
                        said.replace(str(tmp_path) + "/", "")), said
    assert zipfile.ZipFile(out).read("index.html").count(b"de/3-play.ipynb") == 2
    assert main(["scorm", "--lesson", "9", "--site", str(site), "--language", "de",
                 str(tmp_path / "neun.zip")]) != 0
    assert "Lektion 9" in capsys.readouterr().err and not (tmp_path / "neun.zip").exists()
    # a quiz task's settings with a lesson, and a site without one, are refused, not left unused
    assert main(["scorm", "--lesson", "3", "--count", "5", "--note-names", "english", "--site", str(site),
                 str(tmp_path / "fünf.zip")]) != 0
    assert "--count, --note-names" in capsys.readouterr().err and not (tmp_path / "fünf.zip").exists()
    assert main(["scorm", "--site", str(site), str(tmp_path / "quiz.zip")]) != 0
    assert "--site" in capsys.readouterr().err and not (tmp_path / "quiz.zip").exists()
