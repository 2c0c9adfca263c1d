"""The engine's exceptions: a rule of the game broken, or text that is not a card, seat, team or signal."""

from __future__ import annotations

from collections.abc import Sequence

PathPart = str | int


class RuleViolation(ValueError):
    """A situation the rules do not allow, e.g. a card played by someone who does not hold it.

    ``path`` locates the offending value inside the input the caller gave (``("plays", 2, 1)`` is the
    second card of the third trick), so that a file loader can point at the right line.
    """

    def __init__(self, message: str, path: Sequence[PathPart] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path: tuple[PathPart, ...] = tuple(path)

    def under(self, *prefix: PathPart) -> RuleViolation:
        """The same violation (of the same class), located under ``prefix``."""
        return type(self)(self.message, (*prefix, *self.path))


class NotationError(RuleViolation):
    """Text that is not a card, seat, team or signal in the tutor's notation, e.g. ``"3-spades"``.

    A subclass of :class:`RuleViolation`, so callers that catch every bad input keep working, while a
    caller that cares can tell a typing mistake from a situation the rules forbid.
    """


def short(value: object, limit: int = 40) -> str:
    """``repr`` of a value cut to ``limit`` characters, so an error never prints a huge value."""
    text = repr(value) if not isinstance(value, str) else "'" + value + "'"
    text = text.replace("\n", "\\n")
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def format_path(path: Sequence[PathPart]) -> str:
    """``("setup", "plays", 1)`` -> ``setup.plays[1]``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text
