"""Every kind of scenario, each in a module of its own: the registry the rest of the content layer asks.

A module of this package is a kind: it defines ``KIND``, a :class:`tutor.content.kind.ContentKind` (its setup
type, how a file's setup is read, how the engine solves it, its outcome keys' shapes, its generator). The
modules are found here, as files, so adding a kind is adding its module: the loader's list of kinds, the
generator's, the command line's and the app's follow, in each entry's ``order``.

>>> KINDS[:4]
('rank', 'draw', 'trick', 'deal')
>>> shape_of("trick", "winner")
<Shape.SEAT: 'a seat, or null'>
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from tutor.content.kind import ContentKind, Kind, registered
from tutor.content.outcomes import Shape, canonical


def _in_order(kinds: tuple[Kind, ...]) -> tuple[Kind, ...]:
    orders = [k.order for k in kinds]
    if len(set(orders)) != len(orders):
        raise TypeError(f"two kinds have the same order: {sorted(orders)}")
    return tuple(sorted(kinds, key=lambda k: k.order))


REGISTERED: tuple[Kind, ...] = _in_order(registered(sys.modules[__name__], ContentKind))
KINDS: tuple[str, ...] = tuple(k.name for k in REGISTERED)
_BY_NAME: dict[str, Kind] = {k.name: k for k in REGISTERED}
# The outcome keys of each kind and their shapes, in the engine's order.
OUTCOME_SHAPES: Mapping[str, Mapping[str, Shape]] = {k.name: k.outcomes for k in REGISTERED}


def kind(name: str) -> Kind:
    """The kind called ``name`` (one of :data:`KINDS`)."""
    return _BY_NAME[name]


def shape_of(kind_name: str, key: str) -> Shape:
    return _BY_NAME[kind_name].outcomes[key]


def normalize(kind_name: str, key: str, value: object) -> object:
    """A written value of one of a kind's outcome keys in comparable form; raise ``RuleViolation`` if it is not one."""
    return canonical(shape_of(kind_name, key), value)


__all__ = ["KINDS", "OUTCOME_SHAPES", "REGISTERED", "kind", "normalize", "shape_of"]
