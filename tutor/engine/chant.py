"""The chant (rules.md section 6): with everyone's agreement the talon goes to the eldest and the dealer.

The eldest takes talon cards 1, 3, 5, ... and the dealer 2, 4, 6, ...; each then keeps the nine best
of fifteen and discards six.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.errors import PathPart, RuleViolation, format_path
from tutor.engine.explained import Explained
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.messages import step
from tutor.engine.ranking import TIERS, ordered
from tutor.engine.seats import SEATS, Seat, eldest_of
from tutor.engine.steps import Tier

TALON_SIZE = 12
KEEP = 9


@dataclass(frozen=True)
class Keep(Explained):
    """The nine cards a chanter keeps out of fifteen, and the six discarded."""

    seat: Seat
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    straddle_tier: int | None  # the tier split by the cut, when equal cards fall on both sides

    def outcome(self) -> dict[str, object]:
        return {"keep": [str(c) for c in self.kept], "keep_tiers": [TIERS[c] for c in self.kept]}

    def accepts(self, cards: Collection[Card]) -> bool:
        """Any nine of the fifteen whose tiers are the nine best will do (rules.md section 6, Decision)."""
        available = {*self.kept, *self.discarded}
        return (
            len(cards) == KEEP
            and set(cards) <= available
            and sorted(TIERS[c] for c in cards) == sorted(TIERS[c] for c in self.kept)
        )


def keep_best(seat: Seat, cards: Sequence[Card]) -> Keep:
    """Keep the nine best of ``cards``; where equal cards straddle the cut, suit order breaks the tie."""
    if len(cards) <= KEEP:
        raise RuleViolation(f"a chanter holds 15 cards before discarding, not {len(cards)}")
    ranked = ordered(cards)
    kept, discarded = tuple(ranked[:KEEP]), tuple(ranked[KEEP:])
    edge = TIERS[kept[-1]]
    straddle = edge if TIERS[discarded[0]] == edge else None
    kept_tiers = tuple(step("chant.kept_card", card=c, tier=Tier(TIERS[c])) for c in kept)
    steps = [step("chant.keep", seat=seat, total=len(cards), kept=kept_tiers, discarded=discarded)]
    if straddle is not None:
        inside = tuple(c for c in kept if TIERS[c] == edge)
        outside = tuple(c for c in discarded if TIERS[c] == edge)
        steps.append(
            step(
                "chant.straddle",
                tier=Tier(edge),
                count=len(inside),
                total=len(inside) + len(outside),
                picked=inside,
            )
        )
    return Keep(tuple(steps), seat, kept, discarded, straddle)


@dataclass(frozen=True)
class Chant(Explained):
    dealer: Seat
    happens: bool
    received: Mapping[Seat, tuple[Card, ...]]  # FrozenMaps (plain dicts given are frozen)
    keeps: Mapping[Seat, Keep]

    def __post_init__(self) -> None:
        freeze_fields(self, "received", "keeps")

    @property
    def eldest(self) -> Seat:
        return eldest_of(self.dealer)

    def outcome(self) -> dict[str, object]:
        result: dict[str, object] = {
            "happens": self.happens,
            "eldest": self.eldest.value,
            "received": {seat.value: [str(c) for c in cards] for seat, cards in self.received.items()},
        }
        if self.keeps:
            result["keep"] = {seat.value: keep.outcome()["keep"] for seat, keep in self.keeps.items()}
            result["keep_tiers"] = {seat.value: keep.outcome()["keep_tiers"] for seat, keep in self.keeps.items()}
        return result


def chant(
    dealer: Seat,
    talon: Sequence[Card],
    agree: Mapping[Seat, bool] | None = None,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> Chant:
    """Run the chant for one deal. ``hands`` (optional) are the eldest's and/or dealer's nine cards."""
    eldest = eldest_of(dealer)
    if len(talon) != TALON_SIZE:
        raise RuleViolation(f"the talon has {TALON_SIZE} cards, not {len(talon)}", ("talon",))
    _check_distinct(talon, hands or {})
    agree = {seat: True for seat in SEATS} | dict(agree or {})
    hands = dict(hands or {})
    for seat in hands:
        if seat not in (eldest, dealer):
            raise RuleViolation(
                f"only the eldest ({eldest.title}) and the dealer ({dealer.title}) take part in the chant",
                ("hands", seat.value),
            )
        if len(hands[seat]) != KEEP:
            raise RuleViolation(f"a hand has {KEEP} cards, not {len(hands[seat])}", ("hands", seat.value))
    refusers = tuple(seat for seat in SEATS if not agree[seat])
    steps = [step("chant.eldest", dealer=dealer, eldest=eldest)]
    if refusers:
        steps.append(step("chant.refused", refusers=refusers, count=len(refusers)))
        return Chant(tuple(steps), dealer, False, {eldest: (), dealer: ()}, {})
    received = {eldest: tuple(talon[0::2]), dealer: tuple(talon[1::2])}
    steps.append(step("chant.agreed"))
    steps.append(
        step(
            "chant.talon",
            eldest=eldest,
            dealer=dealer,
            eldest_cards=received[eldest],
            dealer_cards=received[dealer],
        )
    )
    keeps: dict[Seat, Keep] = {}
    for seat in (eldest, dealer):
        if seat in hands:
            keeps[seat] = keep_best(seat, (*hands[seat], *received[seat]))
            steps.extend(keeps[seat].explanation)
    if not keeps:
        steps.append(step("chant.discard_advice"))
    return Chant(tuple(steps), dealer, True, received, keeps)


def _check_distinct(talon: Sequence[Card], hands: Mapping[Seat, Sequence[Card]]) -> None:
    seen: dict[Card, tuple[PathPart, ...]] = {}
    places: list[tuple[tuple[PathPart, ...], Card]] = [(("talon", i), c) for i, c in enumerate(talon)]
    for seat, hand in hands.items():
        places += [(("hands", seat.value, i), c) for i, c in enumerate(hand)]
    for path, c in places:
        if c in seen:
            raise RuleViolation(f"{c} appears twice (also at {format_path(seen[c])})", path)
        seen[c] = path
