"""No import cycles in the app and the progress packages: every ``import`` of the ``tutor`` package's modules
is read with ``ast`` (those inside functions and ``if TYPE_CHECKING:`` too, since an import moved into a
function to dodge a cycle is still one), and no module of ``tutor.app`` or ``tutor.progress`` may reach
itself again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "tutor"
WATCHED = ("tutor.app", "tutor.progress")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, one level up per extra dot
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                target = f"{base}.{alias.name}"  # ``from tutor.app import state`` imports a module
                found.add(target if target in known else base)
    return (found & known) - {name}


def graph(root: Path) -> dict[str, set[str]]:
    found = modules(root)
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


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


def test_the_app_and_progress_packages_have_no_import_cycle() -> None:
    edges = graph(PACKAGE)
    assert "tutor.progress.records" in edges and "tutor.app.sidebar" in edges  # the walk sees the package
    assert "tutor.progress.store" in edges["tutor.progress.transfer"]
    bad = [cycle for cycle in cycles(edges) if any(m.startswith(WATCHED) for m in cycle)]
    assert bad == []


def test_the_records_import_nothing_of_the_package() -> None:
    assert graph(PACKAGE)["tutor.progress.records"] == set()


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
