"""The ``tutor`` package imports one way, and no module reaches itself again through its imports.

Every ``import`` of the package's modules is read with ``ast``: those inside functions and under
``if TYPE_CHECKING:`` too, and relative ones, since an import moved into a function to dodge a cycle or a
layer is still one. Two checks run on that graph:

* **layers**: the packages stand in the order engine <- i18n <- content <- play, progress <- app, and the
  command line and the authors' tools at the top (:data:`LAYERS`). A module may import its own package and
  those its package's row allows, nothing else; a failure lists each ``module -> module (file:line)``;
* **cycles**: no circle of modules anywhere in the package.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "tutor"
WATCHED = ("tutor.app", "tutor.progress")

_RULES = frozenset({"engine"})
_WORDS = _RULES | {"i18n"}
_COURSE = _WORDS | {"content"}
_SERVICES = _COURSE | {"play", "progress"}
# Each package (the second part of a module's name; "tutor" is the package root) and the packages it may
# import besides itself. play and progress are siblings: neither imports the other.
LAYERS: dict[str, frozenset[str]] = {
    "tutor": frozenset(),  # the root holds the version: it imports nothing, and only the command line reads it
    "engine": frozenset(),  # the rules: nothing of the tutor
    "i18n": _RULES,
    "content": _WORDS,
    "play": _COURSE,
    "progress": _COURSE,
    # the Streamlit app: everything but the command line and the authors' tools. Its printed sheets (tutor/app/printing)
    # are part of it: they draw with the app's pictures and kinds, and the pages offer them (see the test below)
    "app": _SERVICES,
    "authoring": _COURSE | {"play"},  # extraction and status read every layer with words a learner sees
    "cli": _SERVICES | {"app", "authoring", "tutor"},
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imports_in(name: str, path: Path, known: set[str]) -> list[tuple[str, int]]:
    """The package's modules that ``name`` imports, anywhere in its file, each with the line that does."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, one level up per extra dot
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                target = f"{base}.{alias.name}"  # ``from tutor.app import state`` imports a module
                found.append((target if target in known else base, node.lineno))
    return sorted({(target, line) for target, line in found if target in known and target != name})


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its file."""
    return {target for target, _ in imports_in(name, path, known)}


def graph(root: Path) -> dict[str, set[str]]:
    found = modules(root)
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def layer_of(module: str) -> str:
    """``tutor.engine.cards`` -> ``engine``; the root package is its own layer (``tutor``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def layer_violations(root: Path, layers: Mapping[str, frozenset[str]]) -> list[str]:
    """Every import that runs against ``layers``, as ``module -> module (file:line)``, in file order.

    A module of a package the table does not name is one too: a new package is placed deliberately.
    """
    found = modules(root)
    known = set(found)
    shown = root.parent
    bad: list[str] = []
    for name, path in found.items():
        layer = layer_of(name)
        if layer not in layers:
            bad.append(f"{name} is in no layer: give {layer!r} a row of LAYERS ({path.relative_to(shown)})")
            continue
        for target, line in imports_in(name, path, known):
            if layer_of(target) != layer and layer_of(target) not in layers[layer]:
                bad.append(f"{name} -> {target} ({path.relative_to(shown)}:{line})")
    return bad


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def cycle_report(root: Path, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Each circle of modules not within ``allowed``, with the imports that close it (``file:line``)."""
    found = modules(root)
    known = set(found)
    report: list[str] = []
    for component in cycles(graph(root)):
        if set(component) <= allowed:
            continue
        members = set(component)
        report.append(f"a circle of {len(component)} modules: {', '.join(component)}")
        for name in component:
            path = found[name]
            report.extend(
                f"  {name} -> {target} ({path.relative_to(root.parent)}:{line})"
                for target, line in imports_in(name, path, known)
                if target in members
            )
    return report


def test_the_app_and_progress_packages_have_no_import_cycle() -> None:
    edges = graph(PACKAGE)
    assert "tutor.progress.records" in edges and "tutor.app.sidebar" in edges  # the walk sees the package
    assert "tutor.progress.store" in edges["tutor.progress.transfer"]
    bad = [cycle for cycle in cycles(edges) if any(m.startswith(WATCHED) for m in cycle)]
    assert bad == []


def test_the_records_import_nothing_of_the_package() -> None:
    assert graph(PACKAGE)["tutor.progress.records"] == set()


def test_every_import_follows_the_layers() -> None:
    assert "tutor.engine.steps" in modules(PACKAGE)  # the walk sees the package
    bad = layer_violations(PACKAGE, LAYERS)
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_no_module_of_the_package_reaches_itself_again() -> None:
    bad = cycle_report(PACKAGE)
    assert not bad, "import cycles:\n" + "\n".join(bad)


def test_every_package_has_a_row_and_the_rows_point_down() -> None:
    packages = {layer_of(name) for name in modules(PACKAGE)}
    assert packages == set(LAYERS)
    # Following the allowed edges never leads back to where it started: the table itself has no circle.
    assert cycles({layer: set(allowed) for layer, allowed in LAYERS.items()}) == []
    assert "play" not in LAYERS["progress"] and "progress" not in LAYERS["play"]  # siblings


def test_the_printed_sheets_are_drawn_for_the_pages_and_the_command_line_and_import_no_page() -> None:
    edges = graph(PACKAGE)
    printing = {name for name in edges if name.startswith("tutor.app.printing")}
    assert {"tutor.app.printing.table_card", "tutor.app.printing.worksheet"} <= printing
    # what the sheets need of the app: its drawings, its questions and its words, never a page or a button
    reached = {target for name in printing for target in edges[name] if target.startswith("tutor.app.")}
    assert not {t for t in reached - printing if t.startswith(("tutor.app.screens", "tutor.app.print_buttons"))}
    users = {name for name, targets in edges.items() if targets & printing and name not in printing}
    assert users == {"tutor.app.print_buttons", "tutor.cli"}


# The checker itself, on small packages written here: it must see the kinds of cycle that were fixed.
CASES = {
    "a function-level import": {
        "state.py": "def sidebar():\n    from pkg import learners\n",
        "learners.py": "from pkg import state\n",
    },
    "a TYPE_CHECKING import": {
        "base.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.memory import Answer\n",
        "memory.py": "from pkg.scheduling import review\n",
        "scheduling.py": "from pkg.base import DayCount\n",
    },
    "a relative import": {
        "store.py": "from .transfer import export\n",
        "transfer.py": "from . import store\n",
    },
}


def write_package(root: Path, files: Mapping[str, str]) -> None:
    root.mkdir()
    (root / "__init__.py").write_text("")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


@pytest.mark.parametrize("files", CASES.values(), ids=CASES.keys())
def test_the_checker_finds_each_kind_of_cycle(tmp_path: Path, files: dict[str, str]) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "fine.py").write_text("import pkg.state\nfrom pkg import nothing_here\n")
    for name, text in files.items():
        (root / name).write_text(text)
    expected = sorted(f"pkg.{name.removesuffix('.py')}" for name in files)
    assert cycles(graph(root)) == [expected]


def test_the_checker_finds_no_cycle_in_a_chain(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("from pkg import b\n")
    (root / "b.py").write_text("from pkg.c import x\n")
    (root / "c.py").write_text("import json\n")
    assert graph(root) == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": set()}
    assert cycles(graph(root)) == []


def test_the_cycle_report_names_the_imports_and_keeps_to_the_allowance(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    write_package(root, {"a.py": "import json\nfrom pkg import b\n", "b.py": "def f():\n    from pkg.a import x\n"})
    assert cycle_report(root) == [
        "a circle of 2 modules: pkg.a, pkg.b",
        "  pkg.a -> pkg.b (pkg/a.py:2)",
        "  pkg.b -> pkg.a (pkg/b.py:2)",
    ]
    assert cycle_report(root, frozenset({"pkg.a", "pkg.b"})) == []
    assert cycle_report(root, frozenset({"pkg.a", "pkg.c"})) != []  # an allowance covers its own modules only


# Two layers, low <- high: each case imports upwards once, in a way an import can hide.
LAYER_CASES = {
    "a function-level import": ("import json\n\ndef explain():\n    from pkg.high import words\n", 4),
    "a TYPE_CHECKING import": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.high.words import W\n",
        3,
    ),
    "a relative import": ("from ..high import words\n", 1),
    "a plain import": ("import pkg.high.words\n", 1),
}
TWO_LAYERS = {"pkg": frozenset(), "low": frozenset(), "high": frozenset({"low"})}


@pytest.mark.parametrize(("text", "line"), LAYER_CASES.values(), ids=LAYER_CASES.keys())
def test_the_checker_finds_each_kind_of_import_against_the_layers(tmp_path: Path, text: str, line: int) -> None:
    root = tmp_path / "pkg"
    files = {
        "low/__init__.py": "",
        "low/rules.py": text,
        "low/fine.py": "from pkg.low import rules\nfrom . import rules as again\n",
        "high/__init__.py": "",
        "high/words.py": "from pkg.low.rules import x\n\ndef f():\n    from pkg.high import other\n",
        "high/other.py": "",
    }
    write_package(root, files)
    assert layer_violations(root, TWO_LAYERS) == [f"pkg.low.rules -> pkg.high.words (pkg/low/rules.py:{line})"]


def test_the_checker_places_every_package(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    write_package(root, {"low/__init__.py": "", "side/__init__.py": "", "side/tool.py": "from pkg.low import x\n"})
    assert layer_violations(root, TWO_LAYERS) == [
        "pkg.side is in no layer: give 'side' a row of LAYERS (pkg/side/__init__.py)",
        "pkg.side.tool is in no layer: give 'side' a row of LAYERS (pkg/side/tool.py)",
    ]
