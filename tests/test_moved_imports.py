"""The flat module paths from before the layer folders still import for one release, each with a
DeprecationWarning that names the new path (issue 29, item 11)."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

import muzlab
from muzlab.core.moved import MOVED

#: The flat modules of muzlab before the folder move (commit 48e33d9's renames), written out here so
#: that a module left out of the table fails this test. rules.py and sim.py became packages.
OLD_FLAT_MODULES = (
    "agents appserver audio board board_spelling coach eartraining engine errors game hexgrid keyboard "
    "lessons music outputs perft pitch plot position puzzles quiz records register runner safe_json "
    "samples spelling stats statsplots svg table theory value worksheet").split()


def forget(monkeypatch, short: str) -> None:
    """As if this process had never imported the old path."""
    monkeypatch.delitem(sys.modules, f"muzlab.{short}", raising=False)
    if short in vars(muzlab):  # (hasattr would import it)
        monkeypatch.delattr(muzlab, short)


def test_the_table_holds_every_old_flat_module_and_each_new_path_exists():
    assert sorted(MOVED) == sorted(OLD_FLAT_MODULES)
    for short, new in MOVED.items():
        assert new.rpartition(".")[2] == short or (short, new) == ("rules", "muzlab.rules.ruleset")
        assert importlib.util.find_spec(new) is not None


@pytest.mark.parametrize("short", OLD_FLAT_MODULES)
def test_an_old_path_imports_the_moved_module_and_warns_at_the_import_line(monkeypatch, short):
    forget(monkeypatch, short)
    new = importlib.import_module(MOVED[short])
    with pytest.warns(DeprecationWarning, match=rf"muzlab\.{short} has moved to {MOVED[short]}\b") as caught:
        old = importlib.import_module(f"muzlab.{short}")
    assert old is new and len(caught) == 1 and caught[0].filename == __file__
    assert old.__name__ == old.__spec__.name == MOVED[short]  # the module keeps its own identity


def test_from_an_old_module_import_a_name_and_from_muzlab_import_an_old_module(monkeypatch):
    forget(monkeypatch, "agents")
    forget(monkeypatch, "plot")
    with pytest.warns(DeprecationWarning, match="muzlab.play.agents"):
        from muzlab.agents import make_agent
    with pytest.warns(DeprecationWarning, match="muzlab.views.plot"):
        from muzlab import plot
    from muzlab.play.agents import make_agent as moved_make_agent
    from muzlab.views import plot as moved_plot
    assert make_agent is moved_make_agent and plot is moved_plot
    assert make_agent("greedy").__class__.__module__ == "muzlab.play.agents"


@pytest.mark.parametrize(("package", "name", "new"), [("muzlab.rules", "RuleSet", "muzlab.rules.ruleset"),
                                                      ("muzlab.sim", "simulate", "muzlab.sim.simulation")])
def test_the_names_of_the_two_modules_that_became_packages_are_forwarded(monkeypatch, package, name, new):
    module = importlib.import_module(package)
    if name in vars(module):
        monkeypatch.delattr(module, name)
    with pytest.warns(DeprecationWarning, match=rf"{package}\.{name} has moved to {new}\.{name}"):
        value = getattr(module, name)
    assert value is getattr(importlib.import_module(new), name)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        module.nothing_here  # noqa: B018


def test_the_new_paths_and_plain_import_muzlab_warn_nothing():
    code = ("import warnings; warnings.simplefilter('error'); import muzlab, muzlab.play.agents, "
            "muzlab.views.svg, muzlab.rules.ruleset, muzlab.sim.simulation; "
            "from muzlab.rules import engine; from muzlab import Game, RuleSet; print('quiet')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "quiet", done.stderr


def test_an_unknown_module_is_still_not_found():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("muzlab.no_such_module")


def test_the_apps_widgets_renamed_from_widgets_classroom_import_with_a_warning(monkeypatch):
    from muzlab.core.moved import RENAMED

    monkeypatch.delitem(sys.modules, "muzlab.widgets.classroom", raising=False)
    new = importlib.import_module(RENAMED["muzlab.widgets.classroom"])
    with pytest.warns(DeprecationWarning, match=r"muzlab\.widgets\.classroom has moved to "
                                                r"muzlab\.widgets\.tabbed_app\b"):
        from muzlab.widgets.classroom import ClassroomApp
    assert ClassroomApp is new.ClassroomApp and sys.modules["muzlab.widgets.classroom"] is new


def test_the_theory_of_spelling_moved_to_letters_still_imports_from_spelling_with_a_warning(monkeypatch):
    from muzlab.names import letters, spelling

    moved = [name for name in ("triad_name", "written_scales", "spell_pair", "MINOR_KEY_SIGNATURES")
             if name not in vars(spelling)]
    assert len(moved) == 4  # (none of them is one spelling.py uses itself)
    for name in moved:
        with pytest.warns(DeprecationWarning, match=rf"muzlab\.names\.spelling\.{name} has moved to "
                                                    rf"muzlab\.names\.letters\.{name}\b") as caught:
            value = getattr(importlib.import_module("muzlab.names.spelling"), name)
        assert value is getattr(letters, name) and caught[0].filename == __file__
        monkeypatch.delattr(spelling, name)  # (forwarded once, then held: forgotten for the next test)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        spelling.nothing_here  # noqa: B018
