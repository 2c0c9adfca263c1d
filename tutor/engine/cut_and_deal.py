"""Shuffling, cutting and dealing nine cards each, three at a time (rules.md section 5)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import PACK, Card
from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.messages import step
from tutor.engine.seats import Seat, eldest_of
from tutor.engine.steps import Step

ROUNDS = 3
CARDS_PER_ROUND = 3
TALON_SIZE = 12


@dataclass(frozen=True)
class Dealt(Explained):
    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]  # a FrozenMap (a plain dict given is frozen)
    talon: tuple[Card, ...]

    def __post_init__(self) -> None:
        freeze_fields(self, "hands")

    @property
    def eldest(self) -> Seat:
        return eldest_of(self.dealer)

    @property
    def cutter(self) -> Seat:
        """The player to the dealer's right cuts."""
        return self.dealer.previous

    def outcome(self) -> dict[str, object]:
        return {
            "eldest": self.eldest.value,
            "cutter": self.cutter.value,
            "hands": {seat.value: [str(c) for c in self.hands[seat]] for seat in self.eldest.clockwise_from()},
            "talon": [str(c) for c in self.talon],
        }


def cut(pack: Sequence[Card], at: int) -> tuple[Card, ...]:
    """The player to the dealer's right lifts ``at`` cards off the top and puts them underneath."""
    if not 0 < at < len(pack):
        raise RuleViolation(f"a cut lifts between 1 and {len(pack) - 1} cards, not {at}", ("cut",))
    return (*pack[at:], *pack[:at])


def deal(pack: Sequence[Card], dealer: Seat, cut_at: int | None = None) -> Dealt:
    """Deal 3-3-3 from the top of a 48-card pack (cut first if ``cut_at`` is given), eldest first, clockwise."""
    if len(pack) != len(PACK) or len(set(pack)) != len(PACK):
        raise RuleViolation("dealing needs the whole pack of 48 distinct cards", ("pack",))
    eldest = eldest_of(dealer)
    steps = [step("dealing.dealer", dealer=dealer, eldest=eldest)]
    if cut_at is not None:
        pack = cut(pack, cut_at)
        steps.append(step("dealing.cut", cutter=dealer.previous, count=cut_at, card=pack[0]))
    else:
        steps.append(step("dealing.cut_given", cutter=dealer.previous))
    order = eldest.clockwise_from()
    hands: dict[Seat, list[Card]] = {seat: [] for seat in order}
    positions: dict[Seat, list[Step]] = {seat: [] for seat in order}
    top = 0
    for _ in range(ROUNDS):
        for seat in order:
            hands[seat].extend(pack[top : top + CARDS_PER_ROUND])
            positions[seat].append(step("dealing.range", first=top + 1, last=top + CARDS_PER_ROUND))
            top += CARDS_PER_ROUND
    talon = tuple(pack[top:])
    rounds = "dealing.rounds_after_cut" if cut_at is not None else "dealing.rounds"
    steps.append(step(rounds, eldest=eldest, order=order))
    steps += [
        step("dealing.hand", seat=seat, positions=tuple(positions[seat]), cards=tuple(hands[seat])) for seat in order
    ]
    steps.append(step("dealing.talon", first=top + 1, last=len(pack), count=len(talon)))
    return Dealt(tuple(steps), dealer, {seat: tuple(hand) for seat, hand in hands.items()}, talon)


def shuffle_and_deal(rng: random.Random, dealer: Seat) -> Dealt:
    """A random deal: shuffle, the player to the dealer's right cuts at random, deal 3-3-3."""
    pack = list(PACK)
    rng.shuffle(pack)
    return deal(pack, dealer, rng.randint(1, len(pack) - 1))
