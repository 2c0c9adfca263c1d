"""A problem found in a content file, printed as ``FILE:LINE: key.path: message``."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

# Characters that must never reach a terminal or a page as they are: they would break the one-line format
# (line and paragraph separators), hide text (bidirectional overrides) or garble a terminal (escapes).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_BAD_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def is_unprintable(char: str) -> bool:
    """True for a control character, a lone surrogate, a line or paragraph separator, or a bidi control."""
    return unicodedata.category(char) in _BAD_CATEGORIES or char in _BIDI_CONTROLS


def printable(text: str) -> str:
    """``text`` with every unprintable character written as an escape, so it stays one plain line."""
    if not any(is_unprintable(c) for c in text):
        return text
    return "".join(_escape(c) if is_unprintable(c) else c for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        # Any part may quote what someone typed (a file name, a key, a value): keep it to one printable line.
        return f"{printable(self.file)}:{self.line}: {printable(self.path)}: {printable(self.message)}"


class ContentError(Exception):
    """Raised with every problem found in one file, so that none is lost."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
