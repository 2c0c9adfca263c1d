"""Explanation steps as data: a message id and typed parameters (design.md, "Explanations are data").

A :class:`Step` is what the engine records when it explains a result: which message, with which seats,
cards, tiers, counts or nested steps. Turning it into a sentence is a separate job that takes a language
(:mod:`tutor.i18n.sentences`, a layer above the engine); code that needs a fact reads the step's fields,
never the sentence. The engine's messages, and :func:`tutor.engine.messages.step` that makes a checked step
of one, are :mod:`tutor.engine.messages`.

>>> from tutor.engine import Seat, card
>>> from tutor.engine.messages import step
>>> s = step("trick.led", leader=Seat.N, card=card("A-swords"))
>>> s.msg, s.param("leader"), sorted(map(str, s.cards))
('trick.led', <Seat.N: 'N'>, ['A-swords'])
>>> str(s)
'trick.led(leader=N, card=A-swords)'
>>> Step.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, TypeAlias

from tutor.engine.cards import Card, parse_card
from tutor.engine.errors import RuleViolation, short
from tutor.engine.seats import Seat, Team
from tutor.engine.signals import Signal, signal


@dataclass(frozen=True, slots=True)
class Tier:
    """A tier number (1..19) as a step parameter, so that a renderer can name it ("the aces")."""

    number: int

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or not 1 <= self.number <= 19:
            raise RuleViolation(f"{short(self.number)} is not a tier (tiers: 1-19)")

    def __str__(self) -> str:
        return str(self.number)


# What a step may carry: plain values of the game, numbers, text (player names), lists of these, and
# nested steps (a trick summary inside a deal, a clause inside a sentence).
Param: TypeAlias = "Seat | Team | Card | Tier | Signal | Step | bool | int | float | str | tuple[Param, ...] | None"
JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an explanation: message ``msg`` with named ``params``, plus facts for the pages.

    ``trick`` is the trick (1-9) the step is about and ``draw_card`` the card of the partnership draw
    (1-based) it is about, when it is about one; :attr:`cards` are the cards it names.
    """

    msg: str
    params: tuple[tuple[str, Param], ...] = ()
    trick: int | None = None
    draw_card: int | None = None

    def param(self, name: str) -> Param:
        """The value of parameter ``name`` (``KeyError`` if the step has none of that name)."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def cards(self) -> frozenset[Card]:
        """Every card the step names, in nested steps and lists too."""
        found: set[Card] = set()
        _collect_cards(tuple(value for _, value in self.params), found)
        return frozenset(found)

    def about(self, *, trick: int | None = None, draw_card: int | None = None) -> Step:
        """The same step marked as being about a trick or a card of the draw (other marks kept)."""
        return replace(
            self,
            trick=self.trick if trick is None else trick,
            draw_card=self.draw_card if draw_card is None else draw_card,
        )

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON (tagged values: ``{"seat": "N"}``, ``{"card": "3-coins"}`` ...); see :meth:`from_json`."""
        data: dict[str, JSON] = {"msg": self.msg, "params": {key: _encode(value) for key, value in self.params}}
        if self.trick is not None:
            data["trick"] = self.trick
        if self.draw_card is not None:
            data["draw_card"] = self.draw_card
        return data

    @classmethod
    def from_json(cls, data: object) -> Step:
        """The step :meth:`to_json` wrote; anything else raises :class:`RuleViolation` saying what is wrong."""
        if not isinstance(data, Mapping) or not isinstance(data.get("msg"), str):
            raise RuleViolation(f"{short(data)} is not an explanation step (no 'msg')")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise RuleViolation(f"the parameters of step {data['msg']!r} are not a mapping")
        trick, draw_card = data.get("trick"), data.get("draw_card")
        for name, value in (("trick", trick), ("draw_card", draw_card)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise RuleViolation(f"the {name} of step {data['msg']!r} is not a whole number: {short(value)}")
        decoded = tuple((str(key), _decode(value)) for key, value in params.items())
        return cls(str(data["msg"]), decoded, trick, draw_card)

    def __str__(self) -> str:
        """The step as data, for debugging: ``trick.led(leader=N, card=A-swords)``.

        The engine has no sentences of its own: wherever a sentence is meant, the caller renders the step in
        a language (:func:`tutor.i18n.sentences.render`).
        """
        return f"{self.msg}({', '.join(f'{key}={_shown(value)}' for key, value in self.params)})"


def _shown(value: Param) -> str:
    """A parameter in :meth:`Step.__str__`: its notation (a card's code, a seat's letter), text quoted."""
    if isinstance(value, tuple):
        return f"[{', '.join(map(_shown, value))}]"
    if isinstance(value, Signal):
        return value.id
    return repr(value) if isinstance(value, str) else str(value)


def _collect_cards(values: tuple[Param, ...], found: set[Card]) -> None:
    for value in values:
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, Step):
            found |= value.cards
        elif isinstance(value, tuple):
            _collect_cards(value, found)


# --- messages ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def placeholders(template: str) -> frozenset[str]:
    """The parameter names a template uses: ``"{leader} led {card:described}."`` -> leader, card."""
    # Cached: asked for every message filled (some 300 a rerun), of a bounded set of catalog templates.
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


@dataclass(frozen=True)
class Message:
    """One message of the catalog: its id (the translator's context) and English template(s).

    ``one`` is the template; a message whose wording depends on a number also has ``other`` (the plural
    template) and ``count``, the name of the parameter whose value picks between them, exactly what
    gettext's ``npgettext(context, one, other, n)`` takes.
    """

    id: str
    one: str
    other: str | None = None
    count: str | None = None
    names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        if (self.other is None) != (self.count is None):
            raise ValueError(f"message {self.id}: a plural needs both 'other' and 'count'")
        names = placeholders(self.one) | placeholders(self.other or "")
        object.__setattr__(self, "names", names | ({self.count} if self.count else set()))

    def __call__(self, **params: Param) -> Step:
        """A step of this message; the parameters must be exactly the template's placeholders."""
        if set(params) != self.names:
            missing, extra = sorted(self.names - set(params)), sorted(set(params) - self.names)
            raise TypeError(f"message {self.id}: missing parameters {missing}, unexpected {extra}")
        for name, value in params.items():
            _check_param(self.id, name, value)
        if self.count is not None and not _is_int(params[self.count]):
            raise TypeError(f"message {self.id}: the count {self.count!r} must be a whole number")
        return Step(self.id, tuple(params.items()))


def catalog(*messages: Message) -> dict[str, Message]:
    """Messages by id; an id given twice is a mistake."""
    found: dict[str, Message] = {}
    for message in messages:
        if message.id in found:
            raise ValueError(f"message id {message.id!r} is defined twice")
        found[message.id] = message
    return found


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Exact types, not isinstance: a step is checked on every trick played, so this must be quick.
_PARAM_TYPES = frozenset({Seat, Team, Card, Tier, Signal, Step, bool, int, float, str, type(None)})


def _check_param(msg: str, name: str, value: object) -> None:
    kind = type(value)
    if kind in _PARAM_TYPES:
        return
    if kind is tuple and isinstance(value, tuple):  # a plain tuple (a named tuple would not round-trip)
        for item in value:
            _check_param(msg, name, item)
        return
    raise TypeError(f"message {msg}: parameter {name!r} is a {kind.__name__}, not a step parameter")


# --- JSON -------------------------------------------------------------------------------------------------


def _encode(value: Param) -> JSON:
    if isinstance(value, Seat):
        return {"seat": value.value}
    if isinstance(value, Team):
        return {"team": value.value}
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, Tier):
        return {"tier": value.number}
    if isinstance(value, Signal):
        return {"signal": value.id}
    if isinstance(value, Step):
        return {"step": value.to_json()}
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    return value


def _decode(value: object) -> Param:
    if isinstance(value, list):
        return tuple(_decode(item) for item in value)
    if isinstance(value, Mapping):
        if len(value) != 1:
            raise RuleViolation(f"{short(value)} is not a step parameter")
        ((tag, inner),) = value.items()
        # Each reader checks the value it is given (a tier number, a signal's id) and raises RuleViolation.
        readers: dict[str, Callable[[Any], Param]] = {
            "seat": Seat.parse,
            "team": Team.parse,
            "card": parse_card,
            "tier": Tier,
            "signal": signal,
            "step": Step.from_json,
        }
        if tag not in readers:
            raise RuleViolation(f"{short(tag)} is not a kind of step parameter ({' '.join(readers)})")
        return readers[tag](inner)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise RuleViolation(f"{short(value)} is not a step parameter")
