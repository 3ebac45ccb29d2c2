"""The SCORM 1.2 quiz task package (muzlab.views.scorm): its manifest by ADL's SCORM 1.2 names, one SCO
whose page holds everything it shows and asks for nothing, the same bytes from the same settings,
fuzzed titles escaped in the manifest and the page, bad settings refused, and the command that writes
it and states its size."""

from __future__ import annotations

import html.parser
import io
import json
import re
import xml.etree.ElementTree as ET
import zipfile

import pytest

from muzlab.cli import main
from muzlab.names.reader import Reader
from muzlab.views.bank import BankError, make_bank
from muzlab.views.scorm import ADLCP_NS, CP_NS, SCO_PAGE, scorm_zip
from muzlab.views.sealed import reply_hash
from tests.test_scorm_sealed import opened

GERMAN = Reader("german", typeset=True, language="de")
#: Titles a teacher (or a pasted spreadsheet cell) might give: a formula start, markup, a script's end,
#: right-to-left text, a CDATA end, 200 characters (the most a title takes).
FUZZED = ("=HYPERLINK(\"http://x\")", "<b>Dreiklänge</b> & \"Quinten\" 'Terzen'", "</script><script>alert(1)",
          "تمرين الثلاثيات שלום", "]]> --> <!--", "ü" * 200)


def unzipped(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


class Page(html.parser.HTMLParser):
    """What a browser would read of the page: its text, every address it would fetch, its JSON."""

    def __init__(self, text: str):
        super().__init__()
        self.text, self.addresses, self.scripts, self._in = [], [], [], None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self._in = tag
        for name, value in attrs:
            if name in ("src", "href", "action", "poster", "data") and value is not None:
                self.addresses.append(value)

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        (self.scripts if self._in == "script" else self.text).append(data)


def test_the_manifest_names_one_sco_by_the_scorm_12_schemas_and_the_page_fetches_nothing():
    files = unzipped(scorm_zip(("triad", "where", "triad quality"), 3, 4, GERMAN))
    assert sorted(files) == ["imsmanifest.xml", SCO_PAGE]
    raw = files["imsmanifest.xml"]
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(raw)  # well-formed
    ns = {"cp": CP_NS, "adlcp": ADLCP_NS}
    assert root.tag == f"{{{CP_NS}}}manifest" and CP_NS == "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    assert ADLCP_NS == "http://www.adlnet.org/xsd/adlcp_rootv1p2"
    assert root.findtext("cp:metadata/cp:schema", namespaces=ns) == "ADL SCORM"
    assert root.findtext("cp:metadata/cp:schemaversion", namespaces=ns) == "1.2"
    organizations = root.find("cp:organizations", ns)
    organization = organizations.find("cp:organization", ns)
    assert organizations.get("default") == organization.get("identifier")
    items = organization.findall("cp:item", ns)
    resources = root.findall("cp:resources/cp:resource", ns)
    assert len(items) == 1 and len(resources) == 1
    assert items[0].get("identifierref") == resources[0].get("identifier")
    assert items[0].findtext("adlcp:masteryscore", namespaces=ns) == "80"
    sco = resources[0]
    assert sco.get(f"{{{ADLCP_NS}}}scormtype") == "sco" and sco.get("type") == "webcontent"
    assert sco.get("href") == SCO_PAGE and [f.get("href") for f in sco.findall("cp:file", ns)] == [SCO_PAGE]
    ids = [element.get("identifier") for element in root.iter() if element.get("identifier")]
    assert len(ids) == len(set(ids))
    page = Page(files[SCO_PAGE].decode())
    assert page.addresses and all(address.startswith(("data:image/", "data:audio/"))
                                  for address in page.addresses), page.addresses
    text = files[SCO_PAGE].decode()
    assert "Content-Security-Policy" in text and "default-src 'none'" in text
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg\")", text)  # only the SVG namespace's name
    assert text.count("<svg ") == 2 and text.count("<audio ") == 1  # two boards inline, one sound
    assert "Welchen Dreiklang" in text and "Frage 1 von 3" in text and "Prüfen" in text


def test_the_same_settings_give_the_same_bytes_and_the_items_are_the_banks():
    data = scorm_zip("points", 2, 7, GERMAN)
    assert data == scorm_zip("points", 2, 7, GERMAN) and data != scorm_zip("points", 2, 8, GERMAN)
    page = unzipped(data)[SCO_PAGE].decode()
    bank = make_bank("points", 2, 7, GERMAN, picture="svg")
    script = re.search(r'<script type="application/json" id="muz-data">(.*?)</script>', page, re.S).group(1)
    items = json.loads(script)["items"]
    assert [item["answer"] for item in items] == [
        reply_hash(item["salt"], [n for n, c in enumerate(i.choices) if c.right])
        for item, i in zip(items, bank.items, strict=True)]
    assert [json.loads(opened(item["after"], item["salt"], "after"))["general"] for item in items] == \
        [i.feedback for i in bank.items]


@pytest.mark.parametrize("title", FUZZED)
def test_fuzzed_titles_stay_text_in_the_manifest_and_the_page(title):
    files = unzipped(scorm_zip("key signature", 1, 1, GERMAN, title=title, pass_mark=0))
    root = ET.fromstring(files["imsmanifest.xml"])
    titles = [element.text for element in root.iter(f"{{{CP_NS}}}title")]
    assert titles == [title, title]
    assert root.find(f".//{{{ADLCP_NS}}}masteryscore") is None  # no pass mark: the task is completed
    text = files[SCO_PAGE].decode()
    page = Page(text)
    assert page.text.count(title) == 2  # <title> and <h1>, as text
    assert len(page.scripts) == 2  # no script the title opened
    assert json.loads(page.scripts[0])["pass"] == 0
    assert "<script>alert" not in text and "<b>Dreiklänge" not in text


def test_bad_settings_are_refused_before_anything_is_made():
    for settings, words in ((dict(pass_mark=101), "pass mark"), (dict(pass_mark="80"), "pass mark"),
                            (dict(title="x" * 201), "title"), (dict(count=0), "1 to 100")):
        kinds, count = "triad", settings.pop("count", 2)
        with pytest.raises(BankError, match=words):
            scorm_zip(kinds, count, 1, GERMAN, **settings)
    with pytest.raises(BankError, match="unknown kind"):
        scorm_zip("game", 2, 1, GERMAN)


def test_the_command_writes_the_package_in_the_language_and_states_its_size(tmp_path, capsys):
    out = tmp_path / "aufgabe.zip"
    assert main(["scorm", "--task", "triad,signature", "--count", "2", "--seed", "3", "--language", "de",
                 str(out)]) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(r"aufgabe\.zip geschrieben: ein SCORM-1\.2-Paket mit 2 Fragen, \d+ kB\n",
                        said.replace(str(tmp_path) + "/", "")), said
    assert f"{round(out.stat().st_size / 1000)} kB" in said
    assert "Frage 2 von 2" in unzipped(out.read_bytes())[SCO_PAGE].decode()
    assert main(["scorm", "--count", "2", str(out)]) != 0  # not replaced without --force
