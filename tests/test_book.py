"""The lessons book (`python3 make.py book`), built here with two lessons to stay quick: the pages
exist, hold pictures and sound players that work offline, widgets became pictures, links resolve."""

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ["1-rules", "4-explore"]

pytestmark = pytest.mark.slow


class Page(HTMLParser):
    """The links, pictures, sound players, scripts and element ids of one HTML page."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path
        self.links: list[str] = []
        self.images: list[str] = []
        self.players = 0
        self.sounds: list[str] = []
        self.resources: list[str] = []
        self.ids: set[str] = set()
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs.get("src", ""))
        self.players += tag == "audio"
        if tag in ("audio", "source") and attrs.get("src"):
            self.sounds.append(attrs["src"])
        if tag in ("script", "img", "iframe", "audio", "source") and attrs.get("src"):
            self.resources.append(attrs["src"])
        if tag == "link" and attrs.get("href"):
            self.resources.append(attrs["href"])


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("book_build", ROOT / "docs" / "book" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    out = tmp_path_factory.mktemp("book").resolve() / "book"
    build.build(out, LESSONS)
    return out


@pytest.fixture(scope="module")
def pages(book):
    return {path: Page(path) for path in book.rglob("*.html")}


def test_the_pages_exist(book):
    translated = [f"docs/{code}/{page}.html" for code in ("de", "fr", "es") for page in ("rules", "words")]
    for page in ["index.html", "docs/rules.html", "docs/words.html", *translated,
                 *(f"notebooks/{lesson}.html" for lesson in LESSONS)]:
        assert (book / page).is_file(), page
    start = (book / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{page}"' in start for page in translated)
    # the chosen lessons in German, French and Spanish, in the contents, run in their language
    lessons = [f"notebooks/{code}/{lesson}.html" for code in ("de", "fr", "es") for lesson in LESSONS]
    assert all(f'href="{page}"' in start for page in lessons)
    page = book / "notebooks"
    assert "Die Wabe und die Regeln" in (page / "de" / "1-rules.html").read_text(encoding="utf-8")
    assert "61 cases" in (page / "fr" / "1-rules.html").read_text(encoding="utf-8")
    german = (book / "docs" / "de" / "rules.html").read_text(encoding="utf-8")
    assert "Dreiklänge in den Spalten" in german and 'src="../../_images/' in german


def test_the_pages_about_the_software_are_in_the_book_and_sphinx_warned_of_nothing(book):
    for page in ("architecture", "names", "speed", "class/server", "lite/edition", "languages/README"):
        assert (book / "docs" / f"{page}.html").is_file(), page
    assert (book.parent / f"{book.name}-warnings.txt").read_text(encoding="utf-8") == ""


def test_the_start_page_says_what_needs_a_live_kernel(book):
    text = (book / "index.html").read_text(encoding="utf-8")
    assert "needs a live kernel" in text
    for lesson in LESSONS:
        assert f'href="notebooks/{lesson}.html"' in text


def test_the_test_markers_are_not_shown(book):
    for lesson in LESSONS:
        assert "NBVAL" not in (book / "notebooks" / f"{lesson}.html").read_text(encoding="utf-8")


def test_a_lesson_holds_pictures_and_sound_that_need_no_internet(book, pages):
    lesson = pages[book / "notebooks" / "1-rules.html"]
    assert len(lesson.images) >= 3
    for src in lesson.images:
        assert src.startswith("data:image/") or (lesson.path.parent / unquote(src)).is_file(), src
    assert lesson.players >= 2 and len(lesson.sounds) >= lesson.players
    assert all(src.startswith("data:audio/wav;base64,") for src in lesson.sounds)


def test_no_page_loads_anything_from_the_internet(pages):
    for page in pages.values():
        remote = [src for src in page.resources if urlsplit(src).scheme in ("http", "https")]
        assert remote == [], page.path


def test_widgets_are_pictures_and_a_sentence(book):
    text = (book / "notebooks" / "4-explore.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-view+json" not in text
    pictures = re.findall(r"<figure class=.muz-static.*?</figure>", text, flags=re.S)
    assert len(pictures) >= 2  # the Explorer and the Quiz
    for picture in pictures:
        assert "<svg" in picture and "needs a running Python" in picture


def test_links_between_pages_resolve(book, pages):
    checked = 0
    for page in pages.values():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("mailto:"):
                continue
            target = (page.path.parent / unquote(parts.path)).resolve() if parts.path else page.path
            assert target.is_file(), f"{page.path.relative_to(book)} links to a missing {href}"
            if parts.fragment and target.suffix == ".html":
                assert parts.fragment in pages[target].ids, f"{page.path.relative_to(book)}: {href}"
            checked += 1
    assert checked > 20


def test_each_board_links_to_the_same_lesson_in_the_homework_edition(tmp_path):
    spec = importlib.util.spec_from_file_location("book_build", ROOT / "docs" / "book" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    lite, out = tmp_path / "lite", tmp_path / "book"
    assert build.link_the_live_site(out, lite) == 0 and not out.exists()  # no edition built: no links
    (lite / "api" / "contents").mkdir(parents=True)
    (lite / "index.html").write_text("the edition")
    (lite / "api" / "contents" / "all.json").write_text(
        '{"content": [{"name": "3-play.ipynb", "type": "notebook"}, {"name": "x.txt", "type": "file"}]}')
    (out / "notebooks").mkdir(parents=True)
    board = "<figure class='muz-static' style='margin:0'><svg></svg><figcaption>a board</figcaption></figure>"
    (out / "notebooks" / "3-play.html").write_text(f"<p>text</p>{board}<p>more</p>{board}")
    (out / "notebooks" / "5-statistics.html").write_text(board)  # not in the edition
    assert build.link_the_live_site(out, lite) == 1
    page = (out / "notebooks" / "3-play.html").read_text()
    link = '<a href="../lite/notebooks/index.html?path=3-play.ipynb">Try it here</a>'
    assert page.count(link) == 2 and page.index(link) > page.index("</figure>")
    assert "Try it here" not in (out / "notebooks" / "5-statistics.html").read_text()
    assert (out / "lite" / "index.html").read_text() == "the edition"  # the two are one site
