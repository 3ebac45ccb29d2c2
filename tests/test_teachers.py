"""The teacher's guide (docs/teachers/ and its translations docs/de/, fr/ and es/teachers/): one page per
lesson, each with a 45-minute plan whose minutes add up, a curriculum section naming both sources it
cites with their addresses, and links that resolve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_docs import LINK, anchors

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(path.stem for path in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
#: Each language's folder of the guide, and the headings of its plan and its curriculum section.
GUIDES = {"en": (ROOT / "docs" / "teachers", "## The 45-minute plan", "## In the curriculum"),
          "de": (ROOT / "docs" / "de" / "teachers", "## Der Plan für 45 Minuten", "## Im Lehrplan"),
          "fr": (ROOT / "docs" / "fr" / "teachers", "## Le plan de 45 minutes", "## Dans les programmes"),
          "es": (ROOT / "docs" / "es" / "teachers", "## El plan de 45 minutos", "## En el currículo")}
CASES = [(code, lesson) for code in GUIDES for lesson in LESSONS]


def section(markdown: str, heading: str) -> str:
    """The text under `heading`, up to the next heading of the same level."""
    assert heading in markdown, heading
    return markdown.split(heading + "\n", 1)[1].split("\n## ", 1)[0]


def plan_minutes(markdown: str, heading: str) -> list[int]:
    """The first column of the plan's table: the minutes of each step."""
    rows = [line for line in section(markdown, heading).splitlines() if line.startswith("|")]
    cells = [row.strip("|").split("|")[0].strip() for row in rows[2:]]  # past the header and its rule
    assert all(cell.isdigit() for cell in cells), cells
    return [int(cell) for cell in cells]


@pytest.mark.parametrize(("code", "lesson"), CASES)
def test_each_lesson_has_a_plan_of_45_minutes_in_steps(code, lesson):
    folder, plan, _ = GUIDES[code]
    minutes = plan_minutes((folder / f"{lesson}.md").read_text(encoding="utf-8"), plan)
    assert sum(minutes) == 45 and len(minutes) >= 4 and min(minutes) > 0


@pytest.mark.parametrize(("code", "lesson"), CASES)
def test_each_lesson_places_itself_in_a_german_and_an_english_curriculum_by_source(code, lesson):
    folder, _, curriculum = GUIDES[code]
    text = section((folder / f"{lesson}.md").read_text(encoding="utf-8"), curriculum)
    assert "LehrplanPLUS" in text and "https://www.lehrplanplus.bayern.de/" in text
    assert "National curriculum in England" in text and "key stage 3" in text
    assert "https://it.scribd.com/doc/252383292/National-Curriculum-Music-2014" in text


def test_the_plan_is_read_from_its_table():
    page = ("## The 45-minute plan\n\n| minutes | a |\n| --- | --- |\n| 5 | x |\n| 40 | y |\n\n"
            "## Next\n| 9 | z |\n")
    assert plan_minutes(page, "## The 45-minute plan") == [5, 40]
    with pytest.raises(AssertionError):
        plan_minutes(page.replace("| 40 |", "| forty |"), "## The 45-minute plan")


@pytest.mark.parametrize("code", GUIDES)
def test_the_first_page_lists_every_lesson_and_each_room(code):
    text = (GUIDES[code][0] / "setup.md").read_text(encoding="utf-8")
    assert all(f"({lesson}.md)" in text for lesson in LESSONS)
    rooms = [text.index(command) for command in
             ("make.py app", "muzlab class ", "--ip 0.0.0.0", "make.py lite")]
    assert rooms == sorted(rooms)  # in the order a teacher meets them


@pytest.mark.parametrize("page", sorted((ROOT / "docs").glob("**/teachers/*.md"))
                         + sorted((ROOT / "docs").glob("**/name-changes.md")),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_of_the_guide_and_the_name_changes_page_resolves(page):
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue
        path_part, _, anchor = target.partition("#")
        linked = (page.parent / path_part).resolve() if path_part else page
        if not linked.exists() or (anchor and linked.suffix == ".md"
                                   and anchor not in anchors(linked.read_text(encoding="utf-8"))):
            broken.append(target)
    assert broken == []
