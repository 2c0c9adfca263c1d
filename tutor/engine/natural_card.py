"""The natural card: the rule of thumb for which card to play in a trick, from what a player may know.

It is how a plain player plays Aluette: win as cheaply as possible, never overtake a partner, spoil when last
rather than let an opponent win, otherwise throw the lowest; lead a sure winner, else the lowest. The
computer players play by it (with their signal rules on top), the Monte-Carlo hint plays its playouts by it,
and generated deals are played by it with a careless card now and then, so it must stay exactly as
documented here.

Every choice is a pure function of what the player may know: its own hand, the cards on the table, the
cards already played in the deal. Suits never decide
who wins (rules.md section 3), so the rule works on tiers; tier 1 (Monsieur) is the best card and
tier 19 the worst. Two words are used throughout:

* the **lowest card** of a set is its card of the worst (highest-numbered) tier;
* the **cheapest card that beats** tier ``t`` is, among the cards of a tier better than ``t`` (a
  smaller number), the one of the worst tier.

Wherever several equal cards qualify, the first in suit order coins, cups, swords, clubs is chosen,
so the choice is deterministic.

When **following** (at least one card is on the table), let *best* be the best tier played so far in
the trick and its *holders* the players who played a card of that tier:

1. **Don't overtake a partner.** If the partner is the only holder of *best* (the partner is winning
   the trick alone), throw the lowest card.
2. **Win as cheaply as possible.** Otherwise, if some card in hand beats *best*, play the cheapest card
   that beats it.
3. **Spoil when last.** Otherwise, if the player plays fourth, an opponent is the only holder of *best*,
   and the player holds a card of tier *best*, play that card: the trick is spoiled instead of going to
   the opponent. (A trick whose best tier is already shared is spoiled already; rule 4 applies.)
4. **Throw the lowest.** Otherwise throw the lowest card.

When **leading** (the table is empty):

5. **Lead a sure winner.** A card is a *sure winner* when every other card of the pack whose tier is
   as good as or better than its own (better, or equal: an equal card would spoil the trick) is either
   in the player's own hand or in ``played``. Nobody else can then beat or tie it. If the hand holds any
   sure winner, lead the cheapest one (the one of the worst tier): it wins just as surely and saves the
   better cards.
6. **Otherwise lead the lowest card.**

``played`` is the set of cards already played in this deal (earlier tricks; cards of the trick under
way may be included or not, it makes no difference). Cards never seen (the talon, other players'
discards) count as unseen, so they may still be out there: the player does not know where they are.

>>> from tutor.engine.cards import card, cards
>>> hand = cards("3-coins A-swords 4-swords 8-cups")
>>> str(base_choice(hand, [(Seat.N, card("3-cups")), (Seat.E, card("4-coins"))], Seat.S, Seat.N, set()))
'4-swords'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from tutor.engine.cards import PACK, Card
from tutor.engine.errors import RuleViolation
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat

Play = tuple[Seat, Card]  # a card played to a trick, and who played it


# --- orderings -------------------------------------------------------------------------------------


def _worst_first(c: Card) -> tuple[int, int]:
    """Sort key: the worst tier first; among equal cards, suit order coins, cups, swords, clubs."""
    return (-TIERS[c], c.suit.order)


def lowest(cards: Iterable[Card]) -> Card:
    """The card of the worst tier; among equal cards the first in suit order."""
    return min(cards, key=_worst_first)


def cheapest_beating(cards: Iterable[Card], best_tier: int) -> Card | None:
    """The card of the worst tier still better than ``best_tier``, or ``None`` if no card beats it."""
    winners = [c for c in cards if TIERS[c] < best_tier]
    return lowest(winners) if winners else None


def equal_to(cards: Iterable[Card], best_tier: int) -> Card | None:
    """The first card (in suit order) of tier ``best_tier``, or ``None``."""
    equal = [c for c in cards if TIERS[c] == best_tier]
    return min(equal, key=lambda c: c.suit.order) if equal else None


def is_sure_winner(c: Card, accounted: Collection[Card]) -> bool:
    """Rule 5: every other card as good as ``c`` or better is ``accounted`` for (own, played, or friendly)."""
    return all(other == c or other in accounted for other in PACK if TIERS[other] <= TIERS[c])


def sure_winners(hand: Sequence[Card], accounted: Collection[Card]) -> list[Card]:
    """The cards of ``hand`` nobody outside ``accounted`` can beat or tie (``accounted`` includes the hand)."""
    return [c for c in hand if is_sure_winner(c, accounted)]


# --- card play -------------------------------------------------------------------------------------


def base_choice(
    hand: Sequence[Card],
    trick_so_far: Sequence[Play],
    seat: Seat,
    leader: Seat,
    played: Collection[Card],
) -> Card:
    """The natural card, rules 1-6 of the module docstring.

    ``hand``: the player's cards (at least one); ``trick_so_far``: the ``(seat, card)`` plays of the trick
    under way, the leader's first (empty when the player leads); ``seat``: the player's seat; ``leader``: who
    led (or leads) this trick; ``played``: cards already played in this deal.
    """
    check_turn(hand, trick_so_far, seat, leader)
    if not trick_so_far:
        return natural_lead(hand, {*hand, *played})
    best = min(TIERS[c] for _, c in trick_so_far)
    holders = [s for s, c in trick_so_far if TIERS[c] == best]
    if holders == [seat.partner]:
        return lowest(hand)  # rule 1: the partner is winning alone; don't overtake
    winner = cheapest_beating(hand, best)
    if winner is not None:
        return winner  # rule 2
    if len(trick_so_far) == 3 and len(holders) == 1:
        # rule 3: last to play, an opponent winning alone (rule 1 took the partner's case)
        spoiler = equal_to(hand, best)
        if spoiler is not None:
            return spoiler
    return lowest(hand)  # rule 4


def natural_lead(hand: Sequence[Card], accounted: Collection[Card]) -> Card:
    """Rules 5 and 6: the cheapest sure winner, else the lowest card."""
    sure = sure_winners(hand, accounted)
    return lowest(sure) if sure else lowest(hand)


def check_turn(hand: Sequence[Card], trick_so_far: Sequence[Play], seat: Seat, leader: Seat) -> None:
    """A player asked to play out of turn or with no cards is a caller's bug: say so plainly."""
    if not hand:
        raise RuleViolation(f"{seat.title} has no card left to play")
    if len(trick_so_far) >= 4:
        raise RuleViolation("the trick already has four cards")
    if leader.clockwise_from()[len(trick_so_far)] is not seat:
        raise RuleViolation(
            f"it is {leader.clockwise_from()[len(trick_so_far)].title}'s turn in this trick, not {seat.title}'s"
        )
