"""Dependencies between muzlab's modules go one way, checked on the source with `ast`.

Every import of a muzlab module counts, at the top of a file or inside a function (lazily), with
two exceptions:

- imports under `if TYPE_CHECKING:` only name types for annotations; nothing is imported when the
  code runs;
- display hooks: a `_repr_svg_` method may import muzlab.views.svg to draw its object in a notebook, as
  python-chess does; the drawing stays outside the rules and the rules never call it.

`from muzlab import Position` is an import of the package (muzlab/__init__.py), which imports nearly
everything: a module inside muzlab imports from the module that defines a name instead.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "muzlab"
DISPLAY_HOOKS = {("_repr_svg_", "muzlab.views.svg")}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(name: str, path: Path, known: set[str], type_only: bool = False) -> list[tuple[str, int]]:
    """(imported muzlab module, line) for every import in the file that counts (see the docstring);
    `type_only`: those made for type hints alone (under TYPE_CHECKING) count too."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test) and not type_only:
            for child in node.orelse:
                visit(child, function)
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # `from muzlab.widgets import play` imports the submodule; `from muzlab import Position`
            # imports the package that defines (or re-exports) the name.
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                       for alias in node.names]
        for target in targets:
            if target in known and target != name and (function, target) not in DISPLAY_HOOKS:
                found.append((target, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def import_graph(type_only: bool = False) -> dict[str, dict[str, int]]:
    """module -> {imported module: line of its first import} (`type_only`: type hints' imports too)."""
    found = modules()
    known = set(found)
    graph: dict[str, dict[str, int]] = {}
    for name, path in found.items():
        edges: dict[str, int] = {}
        for target, line in imports(name, path, known, type_only):
            edges.setdefault(target, line)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(groups)


def describe(group: list[str], graph: dict[str, dict[str, int]]) -> str:
    members = set(group)
    lines = [f"{source} imports {target} ({modules()[source].relative_to(PACKAGE.parent)}:{line})"
             for source in group for target, line in sorted(graph[source].items()) if target in members]
    return "cycle among " + ", ".join(group) + ":\n    " + "\n    ".join(lines)


def test_the_checker_sees_direct_lazy_relative_and_package_imports(tmp_path, monkeypatch):
    package = tmp_path / "muzlab"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from muzlab.low import low\n")
    (package / "low.py").write_text("def low():\n    from muzlab.high import high  # lazy\n")
    (package / "high.py").write_text("from .low import low\nfrom typing import TYPE_CHECKING\n"
                                     "if TYPE_CHECKING:\n    from muzlab.view import View\n")
    (package / "view.py").write_text("from muzlab import sub\nfrom muzlab.high import high\n")
    (package / "pure.py").write_text("from muzlab import low\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "leaf.py").write_text("from muzlab import pure\nfrom muzlab import low\n"
                                              "class A:\n    def _repr_svg_(self):\n"
                                              "        from muzlab.views.svg import draw\n")
    (package / "svg.py").write_text("from muzlab.sub.leaf import A\n")
    (package / "loop.py").write_text("from muzlab import low as _\nfrom muzlab.low import low\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    graph = import_graph()
    assert graph["muzlab.low"] == {"muzlab.high": 2}
    assert graph["muzlab.high"] == {"muzlab.low": 1}  # relative; the TYPE_CHECKING import is left out
    assert graph["muzlab.view"] == {"muzlab.sub": 1, "muzlab.high": 2}
    assert graph["muzlab.sub.leaf"] == {"muzlab.pure": 1, "muzlab.low": 2}  # the display hook is allowed
    assert graph["muzlab"] == {"muzlab.low": 1} and graph["muzlab.loop"] == {"muzlab.low": 1}
    assert cycles(graph) == [["muzlab.high", "muzlab.low"]]


def test_no_two_muzlab_modules_import_each_other_even_lazily():
    graph = import_graph()
    assert len(graph) > 20 and "muzlab.rules.ruleset" in graph["muzlab.rules.position"]
    found = cycles(graph)
    assert not found, "\n" + "\n".join(describe(group, graph) for group in found)


def test_the_naming_layer_has_no_import_cycle_even_for_type_hints():
    # the theory of spelling (names.letters) stands below the reader and the words made for it
    graph = import_graph(type_only=True)
    names = {module: {target: line for target, line in edges.items() if target.startswith("muzlab.names.")}
             for module, edges in graph.items() if module.startswith("muzlab.names.")}
    assert "muzlab.names.letters" in names["muzlab.names.spelling"]
    assert "muzlab.names.spelling" in names["muzlab.names.refusal_words"]
    assert not any(target.startswith("muzlab.names.") and target != "muzlab.names.letters"
                   for target in names["muzlab.names.letters"]), names["muzlab.names.letters"]
    found = cycles(names)
    assert not found, "\n" + "\n".join(describe(group, names) for group in found)


def test_importing_the_plots_does_not_pull_in_games_or_agents():
    code = ("import sys, muzlab.views.plot; "
            "print(sorted(m for m in ('muzlab.play.agents', 'muzlab.play.game', 'muzlab.sim.simulation') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


#: The layers from the ground up (README, "The layers"): a module may import its own layer and the
#: layers below it, never one above. Inside a layer the no-cycles test above keeps the arrows one way.
LAYERS = ("core", "names", "rules", "play", "sim", "views", "widgets", "app")
#: Above every layer: the package's front door (re-exports) and the command line.
FRONT_DOORS = ("muzlab", "muzlab.cli")
#: The notebook's default reader (note names, lesson key, typesetting chosen with
#: `muzlab.set_note_names` ...), beside the front door: the views, widgets and class server given no
#: reader ask it, and the front door's `muzlab.Position` and `muzlab.Game` (`muzlab.notebook`). The
#: core, names, rules, play and simulations never do: given no reader, they mean plain English.
DEFAULT_READER = "muzlab.reading"
#: The notebook's `Position` and `Game`, which apply the default reader (`muzlab.Position`): beside the
#: front door too, for the views, widgets and class server to make what a notebook person holds.
NOTEBOOK_CLASSES = ("muzlab.notebook", "muzlab.notebook_game")
#: The layers that may ask the default reader and make the notebook's classes (besides the front doors).
ASKS_DEFAULT = ("views", "widgets", "app")
#: Libraries the lower layers never import: the rules, play and naming work on numbers and facts
#: (pandas only inside the functions that return a frame, so `import muzlab` stays light).
VIEW_LIBRARIES = ("music21", "matplotlib", "ipywidgets", "anywidget", "verovio", "IPython", "solara")


def layer_of(module: str) -> int | None:
    """The layer's height (0 = core), len(LAYERS) for a front door, None for a module in no layer."""
    if module in FRONT_DOORS or module == DEFAULT_READER or module in NOTEBOOK_CLASSES:
        return len(LAYERS)
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_layer_of_reads_the_folder():
    assert layer_of("muzlab.core.pitch") == 0 and layer_of("muzlab.rules.position") == 2
    assert layer_of("muzlab.widgets") == LAYERS.index("widgets") and layer_of("muzlab.cli") == len(LAYERS)
    assert layer_of("muzlab.position") is None and layer_of("muzlab.elsewhere.thing") is None


def test_every_module_lives_in_a_layer():
    assert [name for name in modules() if layer_of(name) is None] == []


def test_imports_go_down_the_layers_never_up():
    graph = import_graph()
    upward = [f"{source} ({LAYERS[layer_of(source)]}) imports {target}, line {line}"
              for source, edges in graph.items()
              if source not in FRONT_DOORS and source != DEFAULT_READER and source not in NOTEBOOK_CLASSES
              for target, line in edges.items() if layer_of(target) > layer_of(source)
              and not ((target == DEFAULT_READER or target in NOTEBOOK_CLASSES)
                       and LAYERS[layer_of(source)] in ASKS_DEFAULT)]
    assert upward == []


def test_the_default_reader_stands_on_the_naming_layer_alone():
    graph = import_graph()
    assert set(graph[DEFAULT_READER]) <= {"muzlab.core.pitch", "muzlab.names.reader", "muzlab.names.language"}
    low = [name for name in graph if layer_of(name) is not None and layer_of(name) < len(LAYERS)
           and LAYERS[layer_of(name)] in ("core", "names")]
    assert len(low) > 5 and [name for name in low if DEFAULT_READER in graph[name]] == []


def test_only_the_views_widgets_class_server_and_front_door_read_the_notebooks_default():
    graph = import_graph()
    readers = {name for name, edges in graph.items()
               if DEFAULT_READER in edges or set(NOTEBOOK_CLASSES) & set(edges)}
    beside = set(FRONT_DOORS) | set(NOTEBOOK_CLASSES)
    below = sorted(name for name in readers
                   if name not in beside and LAYERS[layer_of(name)] not in ASKS_DEFAULT)
    assert below == [] and "muzlab.notebook" in readers and "muzlab" in readers
    assert {LAYERS[layer_of(name)] for name in readers if name not in beside} == set(ASKS_DEFAULT)


def test_no_ambient_reading_state_below_the_widgets():
    """core, names, rules and play hold no context variable: whoever reads is a value passed in."""
    found = []
    for name, path in modules().items():
        layer = layer_of(name)
        if layer is None or layer >= len(LAYERS) or LAYERS[layer] not in ("core", "names", "rules", "play"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            roots = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            found += [f"{name} imports {root}" for root in roots if root.split(".")[0] == "contextvars"]
    assert found == []


def test_the_lower_layers_load_no_view_library():
    lower = [name for name in modules() if layer_of(name) <= LAYERS.index("play")]
    found = []
    for name in lower:
        tree = ast.parse(modules()[name].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            roots = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            found += [f"{name} imports {root}" for root in roots if root.split(".")[0] in VIEW_LIBRARIES]
    assert len(lower) > 10 and found == []


def test_no_function_over_80_lines_and_no_class_over_450():
    too_long = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            limit = {ast.FunctionDef: 80, ast.AsyncFunctionDef: 80, ast.ClassDef: 450}.get(type(node))
            if limit and node.end_lineno - node.lineno + 1 > limit:
                too_long.append(f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert too_long == []
