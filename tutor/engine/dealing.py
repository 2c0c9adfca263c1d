"""Shuffling, cutting and dealing nine cards each, three at a time (rules.md section 5)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import PACK, Card
from tutor.engine.errors import RuleViolation
from tutor.engine.explanation import Explained
from tutor.engine.seats import Seat, eldest_of

ROUNDS = 3
CARDS_PER_ROUND = 3
TALON_SIZE = 12


@dataclass(frozen=True)
class Dealt(Explained):
    dealer: Seat
    hands: dict[Seat, tuple[Card, ...]]
    talon: tuple[Card, ...]

    @property
    def eldest(self) -> Seat:
        return eldest_of(self.dealer)

    def outcome(self) -> dict[str, object]:
        return {
            "eldest": self.eldest.value,
            "hands": {seat.value: [str(c) for c in hand] for seat, hand in self.hands.items()},
            "talon": [str(c) for c in self.talon],
        }


def cut(pack: Sequence[Card], at: int) -> tuple[Card, ...]:
    """The player to the dealer's right lifts ``at`` cards off the top and puts them underneath."""
    if not 0 < at < len(pack):
        raise RuleViolation(f"a cut lifts between 1 and {len(pack) - 1} cards, not {at}")
    return (*pack[at:], *pack[:at])


def deal(pack: Sequence[Card], dealer: Seat) -> Dealt:
    """Deal 3-3-3 from the top of a 48-card pack, each round starting with the eldest, clockwise."""
    if len(pack) != len(PACK) or len(set(pack)) != len(PACK):
        raise RuleViolation("dealing needs the whole pack of 48 distinct cards")
    order = eldest_of(dealer).clockwise_from()
    hands: dict[Seat, list[Card]] = {seat: [] for seat in order}
    top = 0
    for _ in range(ROUNDS):
        for seat in order:
            hands[seat].extend(pack[top : top + CARDS_PER_ROUND])
            top += CARDS_PER_ROUND
    talon = tuple(pack[top:])
    steps = (
        f"{dealer.title} deals; {eldest_of(dealer).title}, to the dealer's left, is the eldest.",
        f"Three rounds of three cards each, every round starting with {order[0].title} and going clockwise "
        f"({', '.join(s.title for s in order)}): nine cards each.",
        f"The {len(talon)} cards left over form the talon; they are used only if everyone agrees to the chant.",
    )
    return Dealt(steps, dealer, {seat: tuple(hand) for seat, hand in hands.items()}, talon)


def shuffle_and_deal(rng: random.Random, dealer: Seat) -> Dealt:
    """A random deal: shuffle, the player to the dealer's right cuts at random, deal 3-3-3."""
    pack = list(PACK)
    rng.shuffle(pack)
    return deal(cut(pack, rng.randint(1, len(pack) - 1)), dealer)
