"""A mapping that cannot change and can be hashed, for the frozen value types that hold one (a deal's hands,
a setup's seats): a ``dict`` in a frozen dataclass can still be changed in place, and makes the value
unhashable.

>>> hands = FrozenMap({"N": (1, 2), "S": (3,)})
>>> hands["N"], len(hands), hands == {"N": (1, 2), "S": (3,)}, hash(hands) == hash(FrozenMap(dict(hands)))
((1, 2), 2, True, True)
>>> hands["E"] = ()
Traceback (most recent call last):
TypeError: 'FrozenMap' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, NoReturn, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")


class FrozenMap(Mapping[K, V]):
    """A read-only mapping over its own copy of the entries given (a mapping or pairs), equal to any mapping
    with the same entries (a ``dict`` too), hashable when its values are.

    The copy sits in a slot that nothing writes after construction, and every way to read it gives either a
    value or a read-only view; reads go straight to the ``dict`` underneath (the engine reads hands in its
    playouts)."""

    __slots__ = ("_entries", "_hash")
    _entries: dict[K, V]
    _hash: int | None

    def __init__(self, entries: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_entries", dict(entries))
        object.__setattr__(self, "_hash", None)

    @classmethod
    def of(cls, entries: Mapping[K, V] | Iterable[tuple[K, V]]) -> FrozenMap[K, V]:
        """``entries`` as a FrozenMap: the same object when it is one already (no copy)."""
        return entries if isinstance(entries, FrozenMap) else cls(entries)

    @classmethod
    def _owning(cls, entries: dict[K, V]) -> FrozenMap[K, V]:
        # Over ``entries`` itself, not a copy: for a dict made for it and held by nobody else.
        made: FrozenMap[K, V] = object.__new__(cls)
        object.__setattr__(made, "_entries", entries)
        object.__setattr__(made, "_hash", None)
        return made

    def updated(self, key: K, value: V) -> FrozenMap[K, V]:
        """A copy with ``key`` set to ``value`` (the engine's next state: one hand changed)."""
        entries = self._entries.copy()
        entries[key] = value
        return FrozenMap._owning(entries)

    def __getitem__(self, key: K) -> V:
        return self._entries[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get(self, key: K, default: V | D, /) -> V | D: ...

    def get(self, key: K, default: object = None, /) -> object:
        return self._entries.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._entries.keys()

    def values(self) -> ValuesView[V]:
        return self._entries.values()

    def items(self) -> ItemsView[K, V]:
        return self._entries.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._entries == other._entries
        if isinstance(other, Mapping):
            return self._entries == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._entries.items())))
        assert self._hash is not None
        return self._hash

    def __or__(self, other: Mapping[K, V]) -> FrozenMap[K, V]:
        """The entries of both, ``other``'s winning (as ``dict | dict``)."""
        return FrozenMap._owning({**self._entries, **other})

    def __repr__(self) -> str:
        return f"FrozenMap({self._entries!r})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (type(self), (dict(self._entries),))  # pickled and copied through a plain dict

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"a FrozenMap cannot be changed ({name})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a FrozenMap cannot be changed ({name})")


def freeze_fields(value: object, *names: str) -> None:
    """For a frozen dataclass's ``__post_init__``: each named mapping field (given as a plain ``dict`` or any
    mapping) becomes a FrozenMap; a field that is None stays None."""
    for name in names:
        entries = getattr(value, name)
        if entries is not None and type(entries) is not FrozenMap:
            object.__setattr__(value, name, FrozenMap(entries))


__all__ = ["FrozenMap", "freeze_fields"]
