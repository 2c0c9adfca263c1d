"""Reading typed values out of a YAML document, collecting every problem with its line."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TypeVar, cast

from tutor.content.problems import Problem, is_unprintable
from tutor.content.yamlsafe import Document, Path_
from tutor.engine.cards import Card, parse_card
from tutor.engine.errors import PathPart, RuleViolation, short
from tutor.engine.scoring import TRICKS_PER_DEAL
from tutor.engine.seats import Seat, Team


class Missing:
    """Marks a value that is absent or unusable; the problem has already been recorded."""

    def __bool__(self) -> bool:
        return False


MISSING = Missing()
T = TypeVar("T")


def every(values: Iterable[T | Missing]) -> tuple[T, ...] | Missing:
    """All of ``values``, or MISSING if one is (its problem is recorded already)."""
    found = tuple(values)
    present = tuple(v for v in found if not isinstance(v, Missing))
    return present if len(present) == len(found) else MISSING


SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Reader:
    """Helpers that check a value's type and record a located problem when it is wrong."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = []

    def add(self, path: Path_, message: str) -> Missing:
        self.problems.append(self.doc.problem(path, message))
        return MISSING

    def mapping(self, path: Path_, value: object, what: str = "a mapping") -> dict[object, object] | Missing:
        if isinstance(value, dict):
            return value
        return self.add(path, f"expected {what}, not {_kind_of(value)}")

    def keys(
        self, path: Path_, mapping: dict[object, object], required: Sequence[str], optional: Sequence[str] = ()
    ) -> None:
        for key in required:
            if key not in mapping:
                self.add(path, f"missing key '{key}'")
        allowed = (*required, *optional)
        for written in mapping:
            if written not in allowed:
                self.add((*path, str(written)), f"unknown key {short(written)} (keys here: {', '.join(allowed)})")

    def text(self, path: Path_, value: object, *, multiline: bool = False) -> str | Missing:
        """Non-blank text, stripped; only a ``multiline`` text may hold line breaks and tabs, and no text
        may hold any other control character."""
        if not isinstance(value, str) or not value.strip():
            return self.add(path, f"expected text, not {_kind_of(value)}")
        text = value.strip()
        for position, char in enumerate(text, start=1):
            if char in "\n\t" and not multiline:
                what = "a line break" if char == "\n" else "a tab"
                return self.add(path, f"this text is one line, but it holds {what} at character {position}")
            if is_unprintable(char) and char not in "\n\t":
                return self.add(
                    path, f"the control character U+{ord(char):04X} at character {position} is not allowed in text"
                )
        return text

    def slug(self, path: Path_, value: object, what: str = "a slug") -> str | Missing:
        """An id or a topic: lowercase letters, digits and single '-' between them."""
        if isinstance(value, str) and SLUG.match(value.strip()):
            return value.strip()
        if not isinstance(value, str):
            return self.add(path, f"expected {what}, not {_kind_of(value)}")
        return self.add(path, f"{short(value)} is not {what} (lowercase letters, digits and '-')")

    def choice(
        self, path: Path_, value: object, choices: Sequence[str], what: str, listed: str, fold: bool = False
    ) -> str | Missing:
        """One word out of ``choices`` (compared lowercased and stripped when ``fold``); a problem says
        "... is not ``what`` (``listed``: the choices)"."""
        word = (value.strip().lower() if fold else value) if isinstance(value, str) else None
        if word is not None and word in choices:
            return word
        return self.add(path, f"{short(value)} is not {what} ({listed}: {' '.join(choices)})")

    def name(self, path: Path_, value: object) -> str | Missing:
        """A player's name: one line of text; a number is read as its digits."""
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return self.text(path, value)

    def boolean(self, path: Path_, value: object) -> bool | Missing:
        if isinstance(value, bool):
            return value
        return self.add(path, f"expected true or false, not {short(value)}")

    def integer(self, path: Path_, value: object, low: int, high: int) -> int | Missing:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        return self.add(path, f"expected a whole number from {low} to {high}, not {short(value)}")

    def card(self, path: Path_, value: object) -> Card | Missing:
        try:
            return parse_card(value)
        except RuleViolation as error:
            return self.add(path, error.message)

    def seat(self, path: Path_, value: object) -> Seat | Missing:
        try:
            return Seat.parse(value)
        except RuleViolation as error:
            return self.add(path, error.message)

    def seat_or_spoiled(self, path: Path_, value: object) -> Seat | Missing | None:
        """The result of a trick: the seat that won it, or ``spoiled`` (or null) when nobody did."""
        if value is None or (isinstance(value, str) and value.strip().lower() == "spoiled"):
            return None
        try:
            return Seat.parse(value)
        except RuleViolation:
            return self.add(path, f"{short(value)} is not a seat or 'spoiled'")

    def team(self, path: Path_, value: object) -> Team | Missing | None:
        if value is None:
            return None
        try:
            return Team.parse(value)
        except RuleViolation as error:
            return self.add(path, error.message + " or null")

    def cards(
        self, path: Path_, value: object, low: int, high: int | None = None, distinct: bool = True
    ) -> tuple[Card, ...] | Missing:
        """A list of ``low`` to ``high`` cards (exactly ``low`` when ``high`` is None)."""
        if not isinstance(value, list):
            return self.add(path, f"expected a list of cards, not {_kind_of(value)}")
        high = low if high is None else high
        result: list[Card] = []
        ok = low <= len(value) <= high
        if not ok:
            wanted = str(low) if low == high else f"{low} to {high}"
            self.add(path, f"expected {wanted} cards, found {len(value)}")
        for position, item in enumerate(value[:48]):  # past 48 cards every further one is a duplicate
            c = self.card((*path, position), item)
            if isinstance(c, Missing):
                ok = False
                continue
            if distinct and c in result:
                self.add((*path, position), f"{c} appears twice (also item {result.index(c)})")
                ok = False
            result.append(c)
        return tuple(result) if ok else MISSING

    def sequence(
        self, path: Path_, value: object, length: int | None = None, what: str = "entries"
    ) -> list[object] | Missing:
        if not isinstance(value, list):
            return self.add(path, f"expected a list, not {_kind_of(value)}")
        if length is not None and len(value) != length:
            return self.add(path, f"expected {length} {what}, found {len(value)}")
        return value

    def seat_mapping(self, path: Path_, value: object) -> dict[Seat, tuple[Path_, object]] | Missing:
        """A mapping keyed by seats: seat -> (the entry's path as written, its value)."""
        mapping = self.mapping(path, value, "a mapping of seats (N, E, S, W)")
        if isinstance(mapping, Missing):
            return MISSING
        result: dict[Seat, tuple[Path_, object]] = {}
        for key, item in mapping.items():
            where = (*path, cast(PathPart, key))  # the key as written: a seat's code, or what stands for one
            seat = self.seat(where, key)
            if not isinstance(seat, Missing):
                if seat in result:
                    self.add(where, f"seat {seat} is given twice")
                result[seat] = (where, item)
        return result

    def trick_results(self, path: Path_, value: object) -> tuple[Seat | None, ...] | Missing:
        """A whole deal's nine trick results, each a seat or 'spoiled' (a deal's and a game's setups)."""
        items = self.sequence(path, value, TRICKS_PER_DEAL, "trick results (a seat or 'spoiled' each)")
        if isinstance(items, Missing):
            return MISSING
        results: list[Seat | None] = []
        for position, item in enumerate(items):
            seat = self.seat_or_spoiled((*path, position), item)
            if isinstance(seat, Missing):
                return MISSING
            results.append(seat)
        return tuple(results)

    def hands(self, path: Path_, value: object) -> dict[Seat, tuple[Card, ...]] | Missing:
        """Nine cards for each seat given (a deal's and a chant's setups)."""
        by_seat = self.seat_mapping(path, value)
        if isinstance(by_seat, Missing):
            return MISSING
        hands: dict[Seat, tuple[Card, ...]] = {}
        for seat, (where, cards) in by_seat.items():
            found = self.cards(where, cards, 9)
            if not isinstance(found, Missing):
                hands[seat] = found
        return hands if len(hands) == len(by_seat) else MISSING


def internal_error(doc: Document, error: Exception) -> Problem:
    """A bug met while reading ``doc`` (never the author's fault), as a one-line problem naming the file."""
    return doc.problem((), f"internal error while reading this file ({type(error).__name__}: {short(str(error), 80)})")


def _kind_of(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return short(value)
