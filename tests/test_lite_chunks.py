"""The homework edition leaves out JupyterLab's chunks that only mermaid's diagrams load
(muzlab/app/lite/chunks.py), with mermaid's plugins; what any page loads otherwise stays."""

import json
from pathlib import Path

import pytest

from muzlab.app.lite.chunks import MERMAID_PLUGINS, leave_out_mermaid, unreachable_without_mermaid

ROOT = Path(__file__).resolve().parent.parent


def build_folder(tmp_path: Path, files: dict[str, str]) -> Path:
    """A build/ folder of scripts with the given texts."""
    build = tmp_path / "build"
    for name, text in files.items():
        (build / name).parent.mkdir(parents=True, exist_ok=True)
        (build / name).write_text(text)
    return build


#: A small build: the page's bundle loads the core script's chunks; the core loads mermaid (10) when a
#: diagram is drawn and the ELK layout's loader (20); mermaid loads 11 and the shared 30; the ELK loader
#: loads 21; 30 is loaded by the notebook too (40); 50 is loaded by nothing.
SMALL = {
    "notebooks/bundle.js": "r.e(40).then(() => r(1))",
    "jlab_core.abc123.js": "Promise.all([o.e(10),o.e(30)]); o.e(20)",
    "10.aaaa.js": "mermaidAPI; r.e(11); r.e(30)",
    "11.bbbb.js": "katex",
    "20.cccc.js": 'name:"elk",algorithm:"elk.layered"; r.e(21)',
    "21.dddd.js": "elk",
    "30.eeee.js": "shared",
    "40.ffff.js": "notebook; r.e(30)",
    "50.9999.js": "nothing loads me",
}


def test_only_the_chunks_reached_through_mermaid_or_not_at_all_are_left_out(tmp_path):
    build = build_folder(tmp_path, SMALL)
    left_out = [path.name for path in unreachable_without_mermaid(build)]
    assert left_out == ["10.aaaa.js", "11.bbbb.js", "20.cccc.js", "21.dddd.js", "50.9999.js"]


def test_leaving_mermaid_out_deletes_its_chunks_and_turns_its_plugins_off(tmp_path):
    build = build_folder(tmp_path, SMALL)
    disabled = leave_out_mermaid(tmp_path, ["some:plugin"])
    assert disabled == sorted(["some:plugin", MERMAID_PLUGINS])
    kept = sorted(path.name for path in build.glob("*.js"))
    assert kept == ["30.eeee.js", "40.ffff.js", "jlab_core.abc123.js"]


def test_a_build_without_a_mermaid_chunk_stops_the_build(tmp_path):
    build = build_folder(tmp_path, {name: text for name, text in SMALL.items() if name != "10.aaaa.js"})
    with pytest.raises(ValueError, match="mermaidAPI"):
        unreachable_without_mermaid(build)
    assert (build / "11.bbbb.js").exists()  # nothing deleted


def test_the_built_site_has_no_mermaid_chunk_and_its_plugins_off():
    site = ROOT / "out" / "lite"
    if not (site / "jupyter-lite.json").exists():
        pytest.skip("no site built (python3 make.py lite)")
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert MERMAID_PLUGINS in config["disabledExtensions"]
    assert not [path.name for path in (site / "build").glob("*.js") if "mermaidAPI" in path.read_text()]
