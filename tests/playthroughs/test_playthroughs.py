"""Golden playthroughs: each seeded game is played again and compared with its file, event by event."""

import difflib
from pathlib import Path

import pytest
from regenerate import AGENT_CASES, RECORD_CASES, golden_game, header, render

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", [*AGENT_CASES, *RECORD_CASES])
def test_a_seeded_game_plays_exactly_as_its_golden_file(name):
    expected = (HERE / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    got = (header(name) + "\n".join(render(golden_game(name)))).splitlines()
    if got != expected:
        pairs = enumerate(zip(expected, got, strict=False))
        first = next((i for i, (a, b) in pairs if a != b), min(len(expected), len(got)))
        diff = difflib.unified_diff(expected, got, f"{name}.txt (golden)", f"{name} (now)", n=2, lineterm="")
        shown = "\n".join(list(diff)[:40])
        pytest.fail(f"{name}: the game departs from its golden file at line {first + 1}:\n"
                    f"  golden: {expected[first] if first < len(expected) else '(end of file)'}\n"
                    f"  now:    {got[first] if first < len(got) else '(end of game)'}\n{shown}\n"
                    "If the change is deliberate, run `python tests/playthroughs/regenerate.py` "
                    "and review the diff.")


def test_the_golden_files_show_every_kind_of_event():
    names = [*AGENT_CASES, *RECORD_CASES]
    text = "\n".join((HERE / f"{name}.txt").read_text(encoding="utf-8") for name in names)
    for words in ("roll    0 opening", "roll   ", " extra ", "place", " passed ", "pass  ", "reroll",
                  " reroll ", "completed triad", "legal 0", "legal 1", "supply empty"):
        assert words in text, words
