"""A position part-way through a deal with every hand known (double dummy), checked against the rules.

The tricks already played are known only by their results (a seat, or spoiled): that is all the
scoring of section 8 needs. The trick under way is known card by card, from its leader. With K tricks
left, each seat holds K cards, one fewer once it has played to the trick under way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.scoring import TRICKS_PER_DEAL
from tutor.engine.seats import SEATS, Seat
from tutor.engine.words import plural


@dataclass(frozen=True)
class Position:
    """Tricks done (their results), the trick under way (leader and cards played) and the four hands."""

    tricks: tuple[Seat | None, ...]
    leader: Seat
    plays: tuple[Card, ...]
    hands: Mapping[Seat, tuple[Card, ...]]  # a FrozenMap (a plain dict given is frozen)
    mordienne: bool = False

    def __post_init__(self) -> None:
        freeze_fields(self, "hands")

    @classmethod
    def build(
        cls,
        tricks: Sequence[Seat | None],
        leader: Seat,
        plays: Sequence[Card],
        hands: Mapping[Seat, Sequence[Card]],
        mordienne: bool = False,
    ) -> Position:
        """Check a position and build it; a :class:`RuleViolation` is located at ``("hands", seat, i)`` etc."""
        tricks = tuple(tricks)
        plays = tuple(plays)
        if len(tricks) >= TRICKS_PER_DEAL:
            raise RuleViolation(
                f"{len(tricks)} tricks are listed, but at most {TRICKS_PER_DEAL - 1} can be done: "
                "a position needs a trick still to play",
                ("tricks",),
            )
        for number, result in enumerate(tricks):
            if result is not None and not isinstance(result, Seat):
                raise RuleViolation(f"trick {number + 1}'s result must be a seat or spoiled", ("tricks", number))
        if len(plays) > 3:
            raise RuleViolation(
                f"{len(plays)} cards are played to the trick under way, but at most 3 can be: a fourth ends the trick",
                ("plays",),
            )
        played_at: dict[Card, int] = {}
        for position, c in enumerate(plays):
            if c in played_at:
                raise RuleViolation(f"{c} is played twice to the trick under way", ("plays", position))
            played_at[c] = position
        checked: dict[Seat, tuple[Card, ...]] = {}
        holder: dict[Card, Seat] = {}
        for seat in SEATS:
            if seat not in hands:
                raise RuleViolation(f"{seat.title}'s hand is missing: give all four hands", ("hands",))
            hand = tuple(hands[seat])
            for position, c in enumerate(hand):
                where = ("hands", seat.value, position)
                if c in holder:
                    other = holder[c]
                    who = f"twice by {seat.title}" if other is seat else f"by {other.title} and by {seat.title}"
                    raise RuleViolation(f"{c} is held {who}", where)
                if c in played_at:
                    raise RuleViolation(f"{c} is held by {seat.title} but is also played to the trick under way", where)
                holder[c] = seat
            checked[seat] = hand
        built = cls(tricks, leader, plays, checked, mordienne)
        for seat in SEATS:
            expected = built.cards_due(seat)
            if len(checked[seat]) != expected:
                raise RuleViolation(built.count_message(seat, len(checked[seat])), ("hands", seat.value))
        return built

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the one under way included."""
        return TRICKS_PER_DEAL - len(self.tricks)

    @property
    def trick_number(self) -> int:
        """1-based number of the trick under way."""
        return len(self.tricks) + 1

    @property
    def to_play(self) -> Seat:
        return self.leader.clockwise_from()[len(self.plays)]

    @property
    def played(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards of the trick under way with who played them."""
        return tuple(zip(self.leader.clockwise_from(), self.plays, strict=False))

    def has_played(self, seat: Seat) -> bool:
        """Has ``seat`` already played to the trick under way?"""
        return seat in self.leader.clockwise_from()[: len(self.plays)]

    def cards_due(self, seat: Seat) -> int:
        """How many cards ``seat`` must still hold: one per trick left, one fewer once it has played to this one."""
        return self.tricks_left - (1 if self.has_played(seat) else 0)

    def count_message(self, seat: Seat, held: int) -> str:
        left = plural(self.tricks_left, "trick")
        due = self.cards_due(seat)
        if self.has_played(seat):
            why = f"with {left} left, the one under way included, and having played to it, {seat.title}"
        else:
            why = f"with {left} left, {seat.title}"
        return f"{seat.title} holds {plural(held, 'card')}, but {why} must hold {due}"
