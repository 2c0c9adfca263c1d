"""One trick (rules.md section 7): the best tier wins; a shared best tier spoils the trick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.messages import step
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat, Team
from tutor.engine.steps import Step, Tier


@dataclass(frozen=True)
class Trick(Explained):
    """Four cards played clockwise from ``leader``, and what became of them."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    best: tuple[Card, ...]
    winner: Seat | None

    @property
    def spoiled(self) -> bool:
        return self.winner is None

    @property
    def best_tier(self) -> int:
        return TIERS[self.best[0]]

    @property
    def next_leader(self) -> Seat:
        """The winner leads next; after a spoiled trick the same leader leads again."""
        return self.winner if self.winner is not None else self.leader

    @property
    def tied_seats(self) -> frozenset[Seat]:
        """The players whose equal best cards spoiled the trick (none when it was won)."""
        if not self.spoiled:
            return frozenset()
        return frozenset(seat for seat, c in self.plays if c in self.best)

    @property
    def play_order(self) -> dict[Seat, int]:
        """Each seat's place in the order of play, 1 for the leader."""
        return {seat: n for n, (seat, _) in enumerate(self.plays, start=1)}

    def card_of(self, seat: Seat) -> Card:
        return next(c for s, c in self.plays if s is seat)

    def outcome(self) -> dict[str, object]:
        return {
            "winner": self.winner.value if self.winner else None,
            "spoiled": self.spoiled,
            "next_leader": self.next_leader.value,
            "best": [str(c) for c in self.best],
        }


def resolve_trick(leader: Seat, cards: Sequence[Card]) -> Trick:
    """Resolve four cards played in order, the leader's first."""
    if len(cards) != 4:
        raise RuleViolation(f"a trick has 4 cards, one from each player, not {len(cards)}")
    seen: set[Card] = set()
    for position, c in enumerate(cards):
        if c in seen:
            raise RuleViolation(f"{c} is played twice in one trick", (position,))
        seen.add(c)
    plays = tuple(zip(leader.clockwise_from(), cards, strict=True))
    best_tier = min(TIERS[c] for c in cards)
    best = tuple(c for c in cards if TIERS[c] == best_tier)
    holders = [seat for seat, c in plays if TIERS[c] == best_tier]
    steps = [step("trick.led", leader=leader, card=cards[0])]
    steps += [step("trick.played", seat=seat, card=c) for seat, c in plays[1:]]
    if len(best) == 1:
        winner: Seat | None = holders[0]
        steps.append(step("trick.won", card=best[0], winner=holders[0]))
        steps.extend(_lower_ties(cards, best_tier))
    else:
        winner = None
        sharers = tuple(step("trick.sharer", seat=seat, card=c) for seat, c in plays if TIERS[c] == best_tier)
        steps.append(step("trick.spoiled", count=len(best), tier=Tier(best_tier), sharers=sharers, leader=leader))
        steps.extend(_partners_tied(plays, best_tier))
    return Trick(explanation=tuple(steps), leader=leader, plays=plays, best=best, winner=winner)


def _lower_ties(cards: Sequence[Card], best_tier: int) -> list[Step]:
    """Equal cards below the best one spoil nothing: say so, since it is a common mistake."""
    notes = []
    for tied_tier in sorted({TIERS[c] for c in cards}):
        tied = tuple(c for c in cards if TIERS[c] == tied_tier)
        if tied_tier != best_tier and len(tied) > 1:
            notes.append(step("trick.tie_below", cards=tied, tier=Tier(tied_tier)))
    return notes


def _partners_tied(plays: Sequence[tuple[Seat, Card]], best_tier: int) -> list[Step]:
    """Partners whose equal best cards spoiled the trick: the later one's card stopped the earlier one.

    With only the two partners tied, the later partner's card alone stopped the first from winning; with
    other tied cards too, it would have stopped them even without those.
    """
    tied = [(seat, c) for seat, c in plays if TIERS[c] == best_tier]
    notes = []
    for team in Team:
        pair = [seat for seat, _ in tied if seat.team is team]
        if len(pair) < 2:
            continue
        first, second = pair
        others = tuple(step("trick.sharer", seat=seat, card=c) for seat, c in tied if seat.team is not team)
        if others:
            notes.append(step("trick.partners_among_tied", first=first, second=second, others=others))
        else:
            notes.append(step("trick.partners_spoiled", first=first, second=second))
    return notes
