"""The documentation stays inside the project: no file points outside it, every relative link resolves,
and what docs/rules.md states about cells and scores is what muzlab computes."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from muzlab import Board, Position, RuleSet

ROOT = Path(__file__).resolve().parent.parent
#: Paths outside the project that no file may point to (assembled, so this file does not name them).
FORBIDDEN = ("../" + "shared", "shared" + "/RULES", "RULES" + ".md")
#: Markdown links and images: [text](target) and ![alt](target).
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def tracked_files() -> list[Path]:
    """Every file git tracks in the project."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in listed.decode().split("\0") if name]


def test_no_tracked_file_refers_outside_the_project():
    this_file = Path(__file__).resolve()
    offenders = []
    for path in tracked_files():
        if path == this_file or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="ignore")
        offenders += [f"{path.relative_to(ROOT)}: {word}" for word in FORBIDDEN if word in text]
    assert offenders == []


def anchors(markdown: str) -> set[str]:
    """GitHub-style anchors of a Markdown file's headings."""
    found = set()
    for heading in re.findall(r"^#+\s+(.+)$", markdown, flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


#: README and the pages of docs/, with their translations (docs/de/rules.md, ...).
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "docs").glob("*/*.md"))]


def markdown_of(document: Path) -> str:
    """A Markdown file's text, or the markdown cells of a notebook."""
    if document.suffix == ".ipynb":
        cells = json.loads(document.read_text(encoding="utf-8"))["cells"]
        return "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return document.read_text(encoding="utf-8")


@pytest.mark.parametrize("document", DOCUMENTS + sorted((ROOT / "notebooks").glob("*.ipynb")),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(document):
    text = markdown_of(document)
    broken = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z]+:", target):  # http:, https:, mailto:
            continue
        path_part, _, anchor = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        missing_anchor = (linked.exists() and bool(anchor) and linked.suffix == ".md"
                          and anchor not in anchors(linked.read_text(encoding="utf-8")))
        if not linked.exists() or missing_anchor:
            broken.append(target)
    assert broken == []


def test_readme_links_the_rules_and_the_words():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme and "(docs/words.md)" in readme


def test_every_house_rule_is_documented_by_its_field():
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for field in ("opening_on_centre", "opening_scores", "one_extra_roll_per_placement", "rolls_add_up",
                  "end_on_locked_board"):
        assert f"[house: `{field}`]" in rules and f"| `{field}` | `{getattr(RuleSet(), field)}` |" in rules


def test_the_cell_names_in_the_rules_are_muzlabs():
    board = Board.standard()
    assert board.cell_name(board.centre) == "e5"
    names = {factor: sorted(board.cell_name(c) for c, f in board.honeypots.items() if f == factor)
             for factor in (2, 3)}
    rules = " ".join((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split())
    assert f"×2 honeypots are {', '.join(names[2][:-1])} and {names[2][-1]}" in rules
    assert f"×3 corners are {', '.join(names[3][:-1])} and {names[3][-1]}" in rules
    assert Board.master().cell_name((0, 0)) == "f6" and "centre f6" in rules


@pytest.mark.parametrize(
    ("dice", "note", "cell", "points"),
    [
        ({"f3": "F", "e4": "G", "d4": "Ab"}, "C", "d5", 2),
        ({"c3": "F", "d4": "G", "d5": "Bb"}, "Ab", "e5", 4),
        ({"e4": "F", "e6": "C", "d4": "G", "f5": "B", "f4": "G", "d5": "Bb"}, "A", "e5", 7),
        ({"e6": "F", "e8": "C", "d6": "G", "f7": "B", "f6": "G", "d7": "Bb"}, "A", "e7", 14),
    ],
)
def test_the_worked_scoring_examples_score_what_the_rules_page_says(dice, note, cell, points):
    assert Position(dice=dice).score(note, cell) == points
    rules = " ".join((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split())
    assert f"**{note} on {cell}**" in rules and f"**{points}**" in rules


def test_the_room_rule_example_is_refused_for_the_reason_given():
    edge = Position(dice={"e7": "C", "e6": "A", "e5": "F", "f7": "D", "f5": "G"})
    assert "could never be finished" in edge.explain("F", "f8")


def test_the_figures_of_the_rules_and_words_pages_exist():
    for page in ("rules.md", "words.md"):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        images = re.findall(r"!\[[^\]]*\]\((images/[^)]+)\)", text)
        assert images and all((ROOT / "docs" / image).is_file() for image in images)


LESSONS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name)
def test_lessons_mark_compared_cells_with_tags_not_comments(lesson):
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert not any("NBVAL" in "".join(cell["source"]) for cell in code)
    for cell in code:
        if "nbval-check-output" not in cell.get("metadata", {}).get("tags", []):
            assert not cell.get("outputs"), "".join(cell["source"])[:80]


def test_the_name_that_triad_activity_draws_fresh_and_stores_no_answer():
    notebook = json.loads((ROOT / "notebooks" / "2-hearing.ipynb").read_text(encoding="utf-8"))
    cells = {"".join(cell["source"]): cell for cell in notebook["cells"] if cell["cell_type"] == "code"}
    (draw,) = [source for source in cells if "mystery_root, mystery_quality =" in source]
    assert 'random.Random(7 if os.environ.get("MUZLAB_TEST") else None)' in draw
    (reveal,) = [cell for source, cell in cells.items() if "It was" in source]
    assert not reveal.get("outputs")
    assert "nbval-check-output" not in reveal.get("metadata", {}).get("tags", [])


def test_lesson_one_links_the_words_before_it_uses_them():
    notebook = json.loads((ROOT / "notebooks" / "1-rules.ipynb").read_text(encoding="utf-8"))
    first = "".join(notebook["cells"][0]["source"])
    link = first.index("(../docs/words.md)")
    for word in ("pitch class", "semitone", "third", "triad", "scale", "degree", "enharmonic"):
        assert link < first.index(word), word


def test_hear_the_whole_game_plays_sound():
    notebook = json.loads((ROOT / "notebooks" / "3-play.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"]]
    heading = next(i for i, source in enumerate(sources) if "## Hear the whole game" in source)
    assert "to_ipython_audio(" in sources[heading + 1] and "synthesize_structure(" in sources[heading + 1]


def test_the_readme_is_a_map_of_about_300_lines():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 320
    assert [number for number, line in enumerate(lines, 1) if len(line) > 300] == []


def test_the_readme_links_every_page_about_the_software():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pages = ["docs/architecture.md", "docs/positions.md", "docs/names.md", "docs/games.md", "docs/coach.md",
             "docs/pictures.md", "docs/classroom.md", "docs/class/server.md", "docs/lite/edition.md",
             "docs/lessons.md", "docs/limits.md", "docs/speed.md"]
    assert [page for page in pages if f"({page}" not in readme] == []


def test_the_architecture_page_names_every_folder_of_the_package():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    folders = sorted(path.name for path in (ROOT / "muzlab").iterdir()
                     if path.is_dir() and not path.name.startswith("__"))
    assert len(folders) >= 8
    assert [folder for folder in folders if f"`muzlab/{folder}/`" not in page] == []


def test_every_page_of_docs_is_in_the_book():
    """A page of docs/ left out of the book would break the links to it there (docs/book/build.py)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("book_build", ROOT / "docs" / "book" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    pages = {path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")
             if "book" not in path.parts}
    in_book = set(build.PAGES) | set(build.REFERENCE)
    assert sorted(pages - in_book) == []
    index = (ROOT / "docs" / "book" / "index.md").read_text(encoding="utf-8")
    assert [page for page in sorted(in_book) if f"docs/{page[:-3]}\n" not in index] == []
