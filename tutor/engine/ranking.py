"""The 19-tier ranking (rules.md section 3): suits decide nothing but which cards are named.

>>> tier(card("3-coins")), tier(card("A-swords")), tier(card("3-clubs"))
(1, 9, 19)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tutor.engine.cards import COURT_RANKS, PACK, RANK_NUMBERS, Card, card
from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.messages import step
from tutor.engine.steps import Step, Tier
from tutor.engine.tier_names import ONE_OF_TIER

# Tiers 1-8 are single named cards; from 9 on, every card of a rank shares the tier, except that
# the threes and nines of coins and cups are named and so sit higher.
_NAMED_TIERS: dict[str, int] = {
    "3-coins": 1,
    "3-cups": 2,
    "2-coins": 3,
    "2-cups": 4,
    "9-cups": 5,
    "9-coins": 6,
    "2-clubs": 7,
    "2-swords": 8,
}
_RANK_TIERS: dict[str, int] = {
    "A": 9,
    "K": 10,
    "C": 11,
    "J": 12,
    "9": 13,
    "8": 14,
    "7": 15,
    "6": 16,
    "5": 17,
    "4": 18,
    "3": 19,
}

TIERS: dict[Card, int] = {c: _NAMED_TIERS.get(c.code) or _RANK_TIERS[c.rank] for c in PACK}
TIER_COUNT = 19

TOP_CARDS: tuple[Card, ...] = (card("3-coins"), card("3-cups"), card("2-coins"), card("2-cups"))
NAMED: tuple[Card, ...] = tuple(sorted((card(code) for code in _NAMED_TIERS), key=lambda c: _NAMED_TIERS[c.code]))


def tier(c: Card) -> int:
    """The card's tier, 1 (Monsieur) to 19 (the plain threes)."""
    return TIERS[c]


def cards_of_tier(number: int) -> tuple[Card, ...]:
    """The cards of one tier, in suit order."""
    return tuple(c for c in PACK if TIERS[c] == number)


def describe(c: Card) -> str:
    """A card with what makes it rank where it does: ``A-swords (an ace, tier 9)``."""
    t = TIERS[c]
    what = c.name if c.name else ONE_OF_TIER[t]
    return f"{c.code} ({what}, tier {t})"


def sort_key(c: Card) -> tuple[int, int]:
    """Best first; within a tier, suit order coins, cups, swords, clubs."""
    return (TIERS[c], c.suit.order)


def ordered(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)


def distinct(cards: Sequence[Card], what: str = "card") -> None:
    """Raise if a card appears twice, naming the second occurrence."""
    seen: dict[Card, int] = {}
    for position, c in enumerate(cards):
        if c in seen:
            raise RuleViolation(f"{c} appears twice (also {what} {seen[c] + 1})", (position,))
        seen[c] = position


@dataclass(frozen=True)
class Ranking(Explained):
    """The given cards grouped by tier, best first."""

    cards: tuple[Card, ...]
    order: tuple[tuple[Card, ...], ...]

    @property
    def highest(self) -> tuple[Card, ...]:
        return self.order[0]

    @property
    def tie(self) -> bool:
        return len(self.highest) > 1

    def outcome(self) -> dict[str, object]:
        return {
            "highest": [str(c) for c in self.highest],
            "tie": self.tie,
            "order": [[str(c) for c in group] for group in self.order],
            "tiers": {str(c): TIERS[c] for c in self.cards},
        }


def rank_cards(cards: Sequence[Card]) -> Ranking:
    """Group 2 to 48 distinct cards by tier and explain which is highest."""
    if not 2 <= len(cards) <= 48:
        raise RuleViolation(f"give 2 to 48 cards to rank, not {len(cards)}")
    distinct(cards)
    groups: dict[int, list[Card]] = {}
    for c in ordered(cards):
        groups.setdefault(TIERS[c], []).append(c)
    order = tuple(tuple(group) for _, group in sorted(groups.items()))
    steps = [card_step(c) for c in cards]
    best = Tier(TIERS[order[0][0]])
    if len(order[0]) == 1:
        steps.append(step("rank.best.alone", tier=best, card=order[0][0]))
    else:
        steps.append(step("rank.best.shared", tier=best, cards=order[0]))
    steps.extend(trap_notes(cards))
    steps.extend(number_notes(cards))
    if len(order) > 1:
        listing = tuple(step("rank.group", tier=Tier(TIERS[group[0]]), cards=group) for group in order)
        steps.append(step("rank.order", groups=listing))
    return Ranking(explanation=tuple(steps), cards=tuple(cards), order=order)


def card_step(c: Card) -> Step:
    """One card with what makes it rank where it does: ``A-swords (an ace, tier 9).``"""
    return step("rank.card", card=c)


def tier_step(number: int) -> Step:
    """A tier with its name and cards: ``Tier 13 (the plain nines of swords and clubs): 9-swords, 9-clubs.``"""
    return step("rank.tier", tier=Tier(number), cards=cards_of_tier(number))


def trap_notes(cards: Sequence[Card]) -> list[Step]:
    """Remarks on the cards whose rank misleads a newcomer, one per trap, derived from their tiers."""
    notes = []
    lowest = max(TIERS.values())
    threes = tuple(c for c in cards if c.rank == "3" and TIERS[c] == lowest)
    plain_nine = _RANK_TIERS["9"]
    nines = tuple(c for c in cards if c.rank == "9" and TIERS[c] == plain_nine)
    if threes:
        notes.append(step("rank.trap.threes", cards=threes, count=len(threes), tier=Tier(lowest)))
    if nines:
        named = tuple(Tier(TIERS[c]) for c in ordered(c for c in PACK if c.rank == "9" and c.name))
        notes.append(
            step(
                "rank.trap.nines",
                cards=nines,
                count=len(nines),
                tier=Tier(plain_nine),
                jacks=Tier(_RANK_TIERS["J"]),
                named=named,
            )
        )
    return notes


def number_notes(cards: Sequence[Card]) -> list[Step]:
    """The number each court card carries (rules.md section 2: jack 10, cavalier 11, king 12), when ranked.

    A newcomer reading "the 10 of coins" needs to hear that the 10 is the jack.
    """
    notes = []
    for rank in COURT_RANKS:
        court = tuple(c for c in cards if c.rank == rank)
        if court:
            notes.append(step(f"rank.number.{rank}", cards=court, count=len(court), number=RANK_NUMBERS[rank]))
    return notes
