"""Packaging: every third-party module the package imports is a declared dependency, and every dependency is used.

The imports are read from the source with ``ast`` (anywhere in a module, so a lazy import counts too); the
module-to-distribution map comes from the installed packages' metadata, so ``yaml`` is found as PyYAML.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tutor"


def normalized(name: str) -> str:
    """A distribution name as PEP 503 compares them: ``PyYAML`` and ``pyyaml`` are one project."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """``"numpy>=1.24"`` -> ``"numpy"`` (PEP 508: the name comes first)."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert match, f"pyproject.toml: cannot read the requirement {requirement!r}"
    return normalized(match.group(1))


def declared(group: str | None = None) -> set[str]:
    """The runtime dependencies, or those of an optional group, from pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] if group is None else project["optional-dependencies"][group]
    return {requirement_name(r) for r in requirements}


def imports(path: Path) -> Iterator[tuple[str, int]]:
    """The top-level name of every absolute import in ``path``, with its line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.partition(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.partition(".")[0], node.lineno


def third_party(root: Path) -> dict[str, list[str]]:
    """Third-party top-level modules imported under ``root`` -> where (``path:line``)."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for module, line in imports(path):
            if module in sys.stdlib_module_names or module == "__future__" or module == "tutor":
                continue
            found.setdefault(module, []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_every_third_party_import_is_a_declared_dependency() -> None:
    runtime = declared()
    distributions = packages_distributions()
    missing = []
    for module, where in sorted(third_party(PACKAGE).items()):
        providers = {normalized(d) for d in distributions.get(module, [])}
        if not providers & runtime:
            missing.append(f"{module} ({', '.join(sorted(providers)) or 'not installed'}), imported at {where[0]}")
    assert not missing, "imported by tutor/ but not in [project] dependencies: " + "; ".join(missing)


# Declared ahead of the code that imports them, with what will: a dependency stays here only until it is imported.
AWAITING_IMPORTER: dict[str, str] = {}


def test_every_declared_dependency_is_imported() -> None:
    distributions = packages_distributions()
    provided = {normalized(d) for module in third_party(PACKAGE) for d in distributions.get(module, [])}
    assert declared() - provided - set(AWAITING_IMPORTER) == set(), "declared in pyproject.toml but never imported"
    arrived = sorted(set(AWAITING_IMPORTER) & provided)
    assert arrived == [], f"now imported by tutor/: remove {arrived} from AWAITING_IMPORTER in {Path(__file__).name}"
    assert set(AWAITING_IMPORTER) <= declared(), "AWAITING_IMPORTER names only declared dependencies"


def test_the_import_scan_sees_third_party_modules_and_skips_the_rest(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        "from __future__ import annotations\nimport os.path\nimport numpy as np\nfrom yaml import safe_load\n"
        "from . import sibling\nfrom tutor.engine import card\n\ndef later():\n    import fsrs.scheduler\n",
        encoding="utf-8",
    )
    assert list(imports(module)) == [
        ("__future__", 1),
        ("os", 2),
        ("numpy", 3),
        ("yaml", 4),
        ("tutor", 6),
        ("fsrs", 9),
    ]
    assert requirement_name("PyYAML >= 6.0 ; python_version >= '3.11'") == "pyyaml"
    assert normalized("typing_extensions") == normalized("Typing.Extensions") == "typing-extensions"
