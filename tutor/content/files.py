"""Finding content files: a path is a YAML file or a folder searched recursively."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tutor.content.problems import Problem

SUFFIXES = (".yaml", ".yml")


def find_yaml(paths: Iterable[str]) -> tuple[list[Path], list[Problem]]:
    """The YAML files under ``paths`` in a stable order, and a problem for each path that does not exist."""
    found: list[Path] = []
    problems: list[Problem] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            # Anything named *.yaml but a folder is read, so a pipe or a device is reported, not skipped.
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and not p.is_dir()))
        elif path.exists() or path.is_symlink():
            found.append(path)
        else:
            problems.append(Problem(text, 1, "(file)", "no such file or folder"))
    unique = list(dict.fromkeys(found))
    return unique, problems
