"""What an outcome value can be (its :class:`Shape`), and how an expected or predicted value is compared.

Each kind gives the shape of each of its outcome keys (:mod:`tutor.content.kinds`). Authors' ``expect``
values and learners' predictions go through the same :func:`canonical`, so "the answer is right" means the
same thing in ``check`` and in the app. Cards within one tier are equal, so lists of equal cards compare as
sets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import TypeVar

from tutor.engine.cards import parse_card
from tutor.engine.errors import RuleViolation, short
from tutor.engine.game import DealPoint
from tutor.engine.seats import Seat, Team
from tutor.engine.signals import signal


class Shape(Enum):
    """What kind of value an outcome key holds."""

    BOOL = "yes or no"
    INT = "a whole number"
    SEAT = "a seat, or null"
    TEAM = "a team (NS or EW), or null"
    NAME = "a player's name"
    TEXT = "text"
    CARD_SET = "a list of cards (order does not matter)"
    CARD_LIST = "a list of cards, in order"
    CARD_GROUPS = "a list of lists of cards, best tier first"
    TIER_MAP = "a mapping card -> tier"
    SEAT_LIST = "a list of seats (null for spoiled)"
    SEAT_COUNT_MAP = "a mapping seat -> number"
    TEAM_COUNT_MAP = "a mapping team -> points"
    NAME_MAP = "a mapping top card -> player"
    PAIRS = "two pairs of players"
    CARD_LIST_MAP = "a mapping player -> cards in order"
    CARD_SET_MAP = "a mapping seat -> cards"
    INT_LIST_MAP = "a mapping seat -> tiers"
    SIGNAL_LIST = "a list of signal ids, in the order of the rules"
    RESULT = "a deal's result: {team: NS, EW or null, points: 0, 1 or 2}"
    RESULT_MAP = "a mapping card -> a deal's result"


def _seat_or_none(value: object) -> str | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("spoiled", "null", "none", "")):
        return None
    return Seat.parse(value).value


def _team_or_none(value: object) -> str | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("null", "none", "")):
        return None
    return Team.parse(value).value


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise RuleViolation(f"expected a list, not {short(value)}")
    return value


def _mapping(value: object) -> dict[object, object]:
    if not isinstance(value, dict):
        raise RuleViolation(f"expected a mapping, not {short(value)}")
    return value


T = TypeVar("T")


def _each(values: list[object], read: Callable[[object], T]) -> list[T]:
    out: list[T] = []
    for position, item in enumerate(values):
        try:
            out.append(read(item))
        except RuleViolation as error:
            raise error.under(position) from None
    return out


def _each_value(
    mapping: dict[object, object], key: Callable[[object], object], read: Callable[[object], object]
) -> dict[object, object]:
    out = {}
    for name, item in mapping.items():
        try:
            out[key(name)] = read(item)
        except RuleViolation as error:
            raise error.under(str(name)) from None
    return out


def _bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise RuleViolation(f"expected true or false, not {short(value)}")


def _int(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise RuleViolation(f"expected a whole number, not {short(value)}")


def _text(value: object) -> str:
    if isinstance(value, str):
        return " ".join(value.split()).lower()
    raise RuleViolation(f"expected text, not {short(value)}")


def _card(value: object) -> str:
    return parse_card(value).code


def _name(value: object) -> str:
    if isinstance(value, str) and value.strip():
        return value.strip()
    raise RuleViolation(f"expected a player's name, not {short(value)}")


def _signal_id(value: object) -> str:
    return signal(str(value).strip().lower()).id


_RESULT_KEYS = ("team", "points")


def _result(value: object) -> DealPoint:
    """``{team: NS, points: 1}`` (``{team: null, points: 0}`` for nobody; its points may be left out)."""
    written = _mapping(value)
    for key in written:
        if key not in _RESULT_KEYS:
            raise RuleViolation(f"{short(key)} is not part of a result (write {{team: ..., points: ...}})", (str(key),))
    if "team" not in written:
        raise RuleViolation("a result needs its team: NS, EW, or null when nobody scores")
    try:
        team = _team_or_none(written["team"])
    except RuleViolation as error:
        raise RuleViolation(error.message + " or null", ("team",)) from None
    if "points" not in written and team is not None:
        raise RuleViolation(f"a result needs its points: how many {team} scores (1 or 2)")
    try:
        points = _int(written.get("points", 0))
    except RuleViolation as error:
        raise error.under("points") from None
    return DealPoint(Team.parse(team) if team else None, points)


def canonical(shape: Shape, value: object) -> object:
    """A written value of ``shape`` in a comparable canonical form; raise ``RuleViolation`` if it cannot be one."""
    match shape:
        case Shape.BOOL:
            return _bool(value)
        case Shape.INT:
            return _int(value)
        case Shape.SEAT:
            return _seat_or_none(value)
        case Shape.TEAM:
            return _team_or_none(value)
        case Shape.NAME:
            return _name(value)
        case Shape.TEXT:
            return _text(value)
        case Shape.CARD_SET:
            return frozenset(_each(_list(value), _card))
        case Shape.CARD_LIST:
            return tuple(_each(_list(value), _card))
        case Shape.CARD_GROUPS:
            return tuple(frozenset(_each(_list(group), _card)) for group in _list(value))
        case Shape.TIER_MAP:
            return _each_value(_mapping(value), _card, _int)
        case Shape.SEAT_LIST:
            return tuple(_each(_list(value), _seat_or_none))
        case Shape.SEAT_COUNT_MAP:
            return _each_value(_mapping(value), lambda s: Seat.parse(s).value, _int)
        case Shape.TEAM_COUNT_MAP:
            return _each_value(_mapping(value), lambda t: Team.parse(t).value, _int)
        case Shape.NAME_MAP:
            return _each_value(_mapping(value), _top_key, _name)
        case Shape.PAIRS:
            pairs = _list(value)
            return frozenset(frozenset(_each(_list(pair), _name)) for pair in pairs)
        case Shape.CARD_LIST_MAP:
            return _each_value(_mapping(value), _key_name, lambda v: tuple(_each(_list(v), _card)))
        case Shape.CARD_SET_MAP:
            return _each_value(
                _mapping(value), lambda s: Seat.parse(s).value, lambda v: frozenset(_each(_list(v), _card))
            )
        case Shape.INT_LIST_MAP:
            return _each_value(
                _mapping(value), lambda s: Seat.parse(s).value, lambda v: tuple(sorted(_each(_list(v), _int)))
            )
        case Shape.SIGNAL_LIST:
            return tuple(_each(_list(value), _signal_id))
        case Shape.RESULT:
            return _result(value)
        case Shape.RESULT_MAP:
            return _each_value(_mapping(value), _card, _result)
    raise AssertionError(shape)  # pragma: no cover


_TOP_KEYS = {
    "monsieur": "monsieur",
    "madame": "madame",
    "borgne": "borgne",
    "le borgne": "borgne",
    "vache": "vache",
    "la vache": "vache",
}


def _top_key(value: object) -> str:
    text = " ".join(str(value).lower().split())
    if text not in _TOP_KEYS:
        raise RuleViolation(f"{short(value)} is not a top card (monsieur, madame, borgne, vache)")
    return _TOP_KEYS[text]


def _key_name(value: object) -> str:
    """Mapping keys that are seats are written upper-case; player names are kept as written."""
    text = str(value).strip()
    return text.upper() if text.upper() in Seat.__members__ else text


def matches(expected: object, actual: object) -> bool:
    """Whether a normalized expectation agrees with the engine's (normalized) value.

    For mappings, the expectation may name only some of the entries; each one named must agree.
    """
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):  # an author's expect is a FrozenMap
        return all(k in actual and actual[k] == v for k, v in expected.items())
    return expected == actual


def show(value: object) -> str:
    """A compact, readable rendering of an outcome value for messages and answers."""
    if value is None:
        return "null"
    if isinstance(value, DealPoint):
        return f"{{team: {value.team.value if value.team else 'null'}, points: {value.points}}}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, frozenset):
        return "[" + ", ".join(sorted(show(v) for v in value)) + "]"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)
