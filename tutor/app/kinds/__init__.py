"""Every kind of scenario as the app shows it, each in a module of its own: the registry the pages ask.

A module of this package defines ``KIND``, a :class:`tutor.app.kind.AppKind` for the content kind of the same
name (:mod:`tutor.content.kinds`): how its setup is drawn, how its questions read, its name. The modules are
found here, as files, and kept in the content kinds' order; the test suite checks that both layers register the
same kinds, each complete.
"""

from __future__ import annotations

import sys

from tutor.app.kind import AppKind, Shown
from tutor.content import kinds as content_kinds
from tutor.content.kind import registered


def _in_order(entries: tuple[Shown, ...]) -> tuple[Shown, ...]:
    """The app's kinds in the content kinds' order, each drawing its kind's setup."""
    for entry in entries:
        if entry.name not in content_kinds.KINDS:
            raise TypeError(f"the app shows a kind {entry.name!r} that the content layer does not have")
        if entry.setup_type is not content_kinds.kind(entry.name).setup_type:
            raise TypeError(f"the app's {entry.name} kind draws a {entry.setup_type.__name__}, not its kind's setup")
    by_name = {entry.name: entry for entry in entries}
    return tuple(by_name[name] for name in content_kinds.KINDS if name in by_name)


SHOWN: tuple[Shown, ...] = _in_order(registered(sys.modules[__name__], AppKind))
_BY_NAME: dict[str, Shown] = {k.name: k for k in SHOWN}


def shown(name: str) -> Shown:
    """How the app shows the kind called ``name``."""
    return _BY_NAME[name]


__all__ = ["SHOWN", "shown"]
