"""The class server sends Solara's page files from memory, compressed once (`muzlab.app.packed_files`),
and its page fetches the widgets' scripts while Solara's bundle loads (`muzlab/templates/index.html.j2`)."""

from __future__ import annotations

import asyncio
import gzip
import os
import sys
from pathlib import Path

import pytest

from muzlab.app.packed_files import ASK, FOREVER, PackedFiles, page_files
from muzlab.app.warm_start import loaded_files

BUNDLE = "/_solara/cdn/@widgetti/solara-vuetify-app@10.1.1/dist/solara-vuetify-app8.min.js"
VUE = "/jupyter/nbextensions/jupyter-vue/nodeps.js"


class Files:
    """A stand-in for Solara's server: each file's bytes, and how many times each address was asked."""

    def __init__(self, files: dict[str, tuple[bytes, str]]):
        self.files, self.asked = files, {}

    async def __call__(self, scope, receive, send):
        path = scope["path"]
        self.asked[path] = self.asked.get(path, 0) + 1
        assert b"accept-encoding" not in dict(scope["headers"])  # (asked uncompressed)
        if path not in self.files:
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b"Not Found"})
            return
        body, kind = self.files[path]
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", kind.encode()), (b"etag", b'"e1"'),
            (b"content-length", str(len(body)).encode())]})
        half = len(body) // 2  # (in two parts, as a file is streamed)
        await send({"type": "http.response.body", "body": body[:half], "more_body": True})
        await send({"type": "http.response.body", "body": body[half:]})


def ask(app, path: str, headers: dict[str, str] | None = None, method: str = "GET"):
    """`app`'s answer to `path`: status, headers and the body as sent."""
    address, _, query = path.partition("?")
    scope = {"type": "http", "method": method, "path": address, "query_string": query.encode(),
             "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return (sent[0]["status"], {k.decode(): v.decode() for k, v in sent[0]["headers"]},
            b"".join(m.get("body", b"") for m in sent[1:]))


@pytest.fixture
def solara():
    script = b"var solara = {};\n" * 2000
    return Files({BUNDLE: (script, "text/javascript; charset=utf-8"), VUE: (script[:-1], "text/javascript"),
                  "/static/assets/favicon.png": (bytes(range(256)) * 8, "image/png")})


def test_a_file_is_compressed_once_and_sent_from_memory(solara):
    files = PackedFiles(solara)
    status, headers, body = ask(files, BUNDLE, {"Accept-Encoding": "gzip, deflate"})
    again = ask(files, BUNDLE, {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip" and again[2] == body
    assert gzip.decompress(body) == solara.files[BUNDLE][0] and int(headers["content-length"]) == len(body)
    assert solara.asked == {BUNDLE: 1}
    status, headers, body = ask(files, BUNDLE)  # (a client that takes no gzip gets the bytes as they are)
    assert "content-encoding" not in headers and body == solara.files[BUNDLE][0]
    assert ask(files, BUNDLE, method="HEAD")[2] == b"" and solara.asked == {BUNDLE: 1}


def test_versioned_addresses_are_kept_a_year_and_the_others_asked_again(solara):
    files = PackedFiles(solara)
    assert ask(files, BUNDLE)[1]["cache-control"] == FOREVER.decode()
    assert ask(files, "/static/assets/favicon.png?v=ab12")[1]["cache-control"] == FOREVER.decode()
    status, headers, _ = ask(files, VUE)
    assert headers["cache-control"] == ASK.decode() == "no-cache" and headers["etag"] == '"e1"'
    status, headers, body = ask(files, VUE, {"If-None-Match": '"e1"'})
    assert status == 304 and body == b"" and solara.asked[VUE] == 1
    assert ask(files, VUE, {"If-None-Match": '"old"'})[0] == 200
    favicon = ask(files, "/static/assets/favicon.png", {"Accept-Encoding": "gzip"})[1]
    assert "content-encoding" not in favicon  # (a picture is not compressed again)


def test_other_answers_are_solaras_own(solara):
    files = PackedFiles(solara)
    assert ask(files, "/static/missing.js")[0] == 404
    assert ask(files, "/static/missing.js")[2] == b"Not Found"
    assert solara.asked["/static/missing.js"] == 2 and files.files == {}  # (a 404 is not kept)
    assert ask(files, "/teacher")[0] == 404 and "/teacher" not in files.files  # (not a static file)
    assert ask(files, BUNDLE, {"Range": "bytes=0-9"})[0] == 200 and solara.asked[BUNDLE] == 1
    assert BUNDLE not in files.files  # (a range is Solara's to answer)


def test_a_full_store_keeps_no_more(solara):
    files = PackedFiles(solara, limit=40_000)
    ask(files, BUNDLE), ask(files, VUE)
    assert list(files.files) == [BUNDLE] and ask(files, VUE)[2] == solara.files[VUE][0]
    assert solara.asked[VUE] == 2


def test_pack_asks_before_any_page(solara):
    files = PackedFiles(solara)
    files.pack([BUNDLE, VUE, "/static/missing.js"])
    assert set(files.files) == {BUNDLE, VUE} and ask(files, BUNDLE, {"Accept-Encoding": "gzip"})[0] == 200
    assert solara.asked[BUNDLE] == 1


def test_the_class_page_fetches_the_widgets_scripts_with_solaras_bundle(tmp_path):
    """Solara's real server, in a child process (its settings are read at import): the class page's
    HTML preloads jupyter-vue's and jupyter-vuetify's nodeps.js, and the files packed at the warm start
    are the page's, sent as they are on disk."""
    pytest.importorskip("solara.server.starlette")
    import subprocess

    root = Path(__file__).resolve().parent.parent
    code = f"""
import asyncio, gzip, os, sys
sys.path.insert(0, {str(root / 'tests')!r})
from muzlab.app.server import SOLARA_SETTINGS
os.environ.update(SOLARA_SETTINGS)
from solara.server import server, settings
from solara.server.starlette import app
from muzlab.app.packed_files import PackedFiles, page_files
from muzlab.app.warm_start import loaded_files
from test_packed_files import ask
html = server.read_root("/teacher")
preloaded = [line.split('href="')[1].split('"')[0] for line in html.splitlines() if 'rel="preload"' in line]
assert preloaded == ["/jupyter/nbextensions/jupyter-vue/nodeps.js",
                     "/jupyter/nbextensions/jupyter-vuetify/nodeps.js"], preloaded
assert 'requirejs(["jupyter-vue","jupyter-vuetify"])' in html
files = PackedFiles(app)
wanted = sorted({{*page_files(html), *loaded_files(server.get_nbextensions()[0])}})
files.pack(wanted)
assert set(preloaded) <= set(files.files) and "{BUNDLE}" in files.files, sorted(files.files)
status, headers, body = ask(files, "{BUNDLE}", {{"Accept-Encoding": "gzip"}})
on_disk = (settings.assets.proxy_cache_dir / "{BUNDLE[len('/_solara/cdn/'):]}").read_bytes()
assert status == 200 and gzip.decompress(body) == on_disk
print("ok", len(files.files))
"""
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "MUZLAB_CLASS_FOLDER": str(tmp_path / "class")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stderr[-2000:]


def test_page_files_are_the_local_static_ones():
    html = ('<link href="/_solara/cdn/a@1/b.css" rel="stylesheet"><script src="/static/x.js?v=1"></script>'
            '<script src="https://example.org/y.js"></script><a href="/teacher">')
    assert page_files(html) == ["/_solara/cdn/a@1/b.css", "/static/x.js?v=1"]
    assert loaded_files(["jupyter-vue/extension", "anywidget/extension"])[:2] == [
        VUE, "/jupyter/nbextensions/anywidget/extension.js"]


def test_local_cdn_answers_the_cdn_from_the_folder_and_never_asks_solara(tmp_path):
    from starlette.responses import PlainTextResponse
    from starlette.testclient import TestClient

    from muzlab.app.packed_files import LocalCdn

    (tmp_path / "pkg@1" / "dist").mkdir(parents=True)
    (tmp_path / "pkg@1" / "dist" / "a.js").write_text("local")
    (tmp_path / "bare").mkdir()
    (tmp_path / "bare" / "__main.js").write_text("main")
    asked = []

    async def solara(scope, receive, send):
        asked.append(scope["path"])
        await PlainTextResponse("solara")(scope, receive, send)

    client = TestClient(LocalCdn(solara, tmp_path))
    assert client.get("/_solara/cdn/pkg@1/dist/a.js").text == "local"
    assert client.get("/_solara/cdn/bare").text == "main"
    assert client.get("/_solara/cdn/pkg@1/missing.js").status_code == 404
    assert asked == []
    assert client.get("/static/x.js").text == "solara" and asked == ["/static/x.js"]
