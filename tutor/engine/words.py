"""Small helpers for plain-English messages of the command line (explanations are steps: see steps.py)."""

from __future__ import annotations

from collections.abc import Iterable


def join_and(items: Iterable[object]) -> str:
    """``['North', 'East', 'West']`` -> ``North, East and West``."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(count: int, singular: str, many: str | None = None) -> str:
    """``plural(2, 'trick')`` -> ``2 tricks``."""
    return f"{count} {singular if count == 1 else (many or singular + 's')}"
