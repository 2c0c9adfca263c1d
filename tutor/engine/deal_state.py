"""A whole deal played card by card (rules.md section 7), as a state with legal plays.

``DealState`` is immutable: ``state.play(card)`` returns the next state, as OpenSpiel's games do, so
bots, the play page and random playouts all share one implementation of the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tutor.engine.cards import Card
from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.frozen_map import FrozenMap, freeze_fields
from tutor.engine.messages import step
from tutor.engine.scoring import TRICKS_PER_DEAL, DealScore, score_deal
from tutor.engine.seats import SEATS, Seat, eldest_of
from tutor.engine.steps import Step, Tier
from tutor.engine.trick import Trick, resolve_trick

HAND_SIZE = 9


@dataclass(frozen=True)
class DealState:
    """Where a deal stands: the cards still in each hand, the tricks done and the trick under way."""

    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]  # a FrozenMap (a plain dict given is frozen)
    tricks: tuple[Trick, ...] = ()
    current: tuple[Card, ...] = ()
    leader: Seat = field(default=Seat.N)

    def __post_init__(self) -> None:
        freeze_fields(self, "hands")

    @classmethod
    def start(cls, dealer: Seat, hands: Mapping[Seat, Sequence[Card]]) -> DealState:
        """A fresh deal: four hands of nine distinct cards; the eldest leads the first trick."""
        checked: dict[Seat, tuple[Card, ...]] = {}
        holder: dict[Card, tuple[Seat, int]] = {}
        for seat in SEATS:
            if seat not in hands:
                raise RuleViolation(f"{seat.title}'s hand is missing: a deal needs all four hands", ())
            hand = tuple(hands[seat])
            if len(hand) != HAND_SIZE:
                raise RuleViolation(f"{seat.title} must hold {HAND_SIZE} cards, not {len(hand)}", (seat.value,))
            for position, c in enumerate(hand):
                if c in holder:
                    other, _ = holder[c]
                    where = "twice by " + seat.title if other is seat else f"by {other.title} and by {seat.title}"
                    raise RuleViolation(f"{c} is held {where}", (seat.value, position))
                holder[c] = (seat, position)
            checked[seat] = hand
        return cls(dealer=dealer, hands=checked, leader=eldest_of(dealer))

    @property
    def to_play(self) -> Seat:
        return self.leader.clockwise_from()[len(self.current)]

    @property
    def current_plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick under way as (seat, card) pairs in play order, the leader's first."""
        return tuple(zip(self.leader.clockwise_from(), self.current, strict=False))

    @property
    def finished(self) -> bool:
        return len(self.tricks) == TRICKS_PER_DEAL

    @property
    def trick_number(self) -> int:
        """1-based number of the trick under way (or 10 once the deal is over)."""
        return len(self.tricks) + 1

    def legal_cards(self) -> tuple[Card, ...]:
        """Any card in hand may be played: there is no duty to follow suit or to beat anything."""
        return () if self.finished else self.hands[self.to_play]

    def played_by(self, seat: Seat) -> list[Card]:
        cards = [trick.card_of(seat) for trick in self.tricks]
        cards += [c for s, c in self.current_plays if s is seat]
        return cards

    def play(self, c: Card) -> DealState:
        """The next player plays ``c``; a fourth card resolves the trick."""
        if self.finished:
            raise RuleViolation(f"the deal is over: all {TRICKS_PER_DEAL} tricks have been played")
        seat = self.to_play
        if c not in self.hands[seat]:
            raise RuleViolation(self._not_held(seat, c))
        hands = FrozenMap.of(self.hands).updated(seat, tuple(x for x in self.hands[seat] if x != c))
        current = (*self.current, c)
        if len(current) < 4:
            return DealState(self.dealer, hands, self.tricks, current, self.leader)
        trick = resolve_trick(self.leader, current)
        return DealState(self.dealer, hands, (*self.tricks, trick), (), trick.next_leader)

    def _not_held(self, seat: Seat, c: Card) -> str:
        for number, trick in enumerate(self.tricks, start=1):
            for who, played in trick.plays:
                if played == c:
                    return f"{c} was already played by {who.title} in trick {number}"
        if c in self.current:
            return f"{c} was already played in this trick"
        owner = next((s for s in SEATS if c in self.hands[s]), None)
        if owner is not None:
            return f"{seat.title} plays {c}, which {owner.title} holds, not {seat.title}"
        return f"{seat.title} plays {c}, which nobody holds in this deal"


@dataclass(frozen=True)
class PlayedDeal(Explained):
    """A deal played out from the hands: the tricks, who led each, and the score."""

    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]  # a FrozenMap
    tricks: tuple[Trick, ...]
    score: DealScore

    def __post_init__(self) -> None:
        freeze_fields(self, "hands")

    @property
    def leaders(self) -> tuple[Seat, ...]:
        return tuple(trick.leader for trick in self.tricks)

    def outcome(self) -> dict[str, object]:
        return {**self.score.outcome(), "leaders": [s.value for s in self.leaders]}


def play_deal(
    dealer: Seat, hands: Mapping[Seat, Sequence[Card]], plays: Sequence[Sequence[Card]], mordienne: bool = False
) -> PlayedDeal:
    """Play nine tricks of four cards each, in play order from each trick's leader, and score the deal.

    Raises :class:`RuleViolation` located at ``("hands", seat, i)`` or ``("plays", trick, i)``.
    """
    try:
        start = DealState.start(dealer, hands)
    except RuleViolation as error:
        raise error.under("hands") from None
    state = start
    if len(plays) != TRICKS_PER_DEAL:
        raise RuleViolation(f"a deal has {TRICKS_PER_DEAL} tricks, not {len(plays)}", ("plays",))
    steps = [step("deal.start", dealer=dealer, eldest=eldest_of(dealer))]
    for number, trick_cards in enumerate(plays):
        if len(trick_cards) != 4:
            raise RuleViolation(f"a trick has 4 cards, not {len(trick_cards)}", ("plays", number))
        for position, c in enumerate(trick_cards):
            try:
                state = state.play(c)
            except RuleViolation as error:
                raise RuleViolation(error.message, ("plays", number, position)) from None
        summary = trick_summary(state.tricks[-1], last=number == len(plays) - 1)
        steps.append(step("deal.trick", number=number + 1, summary=summary).about(trick=number + 1))
    score = score_deal([trick.winner for trick in state.tricks], mordienne)
    return PlayedDeal((*steps, *score.explanation), dealer, start.hands, state.tricks, score)


def trick_summary(trick: Trick, last: bool = False) -> Step:
    """One clause for a trick inside a longer explanation; the ninth trick has no next leader to name."""
    plays = tuple(step("trick.play", seat=seat, card=c) for seat, c in trick.plays)
    if trick.winner is None:
        msg = "trick.summary.spoiled_last" if last else "trick.summary.spoiled"
        leader = {} if last else {"leader": trick.leader}
        return step(msg, plays=plays, best=trick.best, tier=Tier(trick.best_tier), **leader)
    msg = "trick.summary.won_last" if last else "trick.summary.won"
    return step(msg, plays=plays, card=trick.best[0], winner=trick.winner)
