"""The computer players' policy: simple, documented rules that a learner can read and predict.

Every decision is a pure function of what the bot may know: its own hand, the cards on the table, the
cards already played in the deal and, optionally, the cards its partner signalled. Suits never decide
who wins (rules.md section 3), so the policy works on tiers; tier 1 (Monsieur) is the best card and
tier 19 the worst. Two words are used throughout:

* the **lowest card** of a set is its card of the worst (highest-numbered) tier;
* the **cheapest card that beats** tier ``t`` is, among the cards of a tier better than ``t`` (a
  smaller number), the one of the worst tier.

Wherever several equal cards qualify, the first in suit order coins, cups, swords, clubs is chosen,
so the policy is deterministic.

Card play: the base policy (:func:`base_choice`)
-------------------------------------------------
When **following** (at least one card is on the table), let *best* be the best tier played so far in
the trick and its *holders* the players who played a card of that tier:

1. **Don't overtake a partner.** If the partner is the only holder of *best* (the partner is winning
   the trick alone), throw the lowest card.
2. **Win as cheaply as possible.** Otherwise, if some card in hand beats *best*, play the cheapest card
   that beats it.
3. **Spoil when last.** Otherwise, if the bot plays fourth, an opponent is the only holder of *best*,
   and the bot holds a card of tier *best*, play that card: the trick is spoiled instead of going to
   the opponent. (A trick whose best tier is already shared is spoiled already; rule 4 applies.)
4. **Throw the lowest.** Otherwise throw the lowest card.

When **leading** (the table is empty):

5. **Lead a sure winner.** A card is a *sure winner* when every other card of the pack whose tier is
   as good as or better than its own (better, or equal: an equal card would spoil the trick) is either
   in the bot's own hand or in ``played``. Nobody else can then beat or tie it. If the hand holds any
   sure winner, lead the cheapest one (the one of the worst tier): it wins just as surely and saves the
   better cards.
6. **Otherwise lead the lowest card.**

``played`` is the set of cards already played in this deal (earlier tricks; cards of the trick under
way may be included or not, it makes no difference). Cards never seen (the talon, other players'
discards) count as unseen, so they may still be out there: the bot does not know where they are.

Card play: the signal layer (:func:`choose_card`)
-------------------------------------------------
Partners tell each other which named cards they hold (rules.md section 10). ``partner_known`` holds
the cards the partner signalled; those already played (in ``played`` or on the table) are ignored.
The ``aces`` signal says how many aces, not which, so it adds no card. Two rules come before the base
policy:

S1. **Leading: count the partner's cards as friends.** When looking for a sure winner (rule 5), cards
    the partner is known to hold count like the bot's own: the opponents cannot hold them, and the
    partner will not overtake (rule 1). Then rules 5 and 6 apply as above.
S2. **Second to play: leave the trick to a partner who surely wins it.** When the bot plays second
    (so its partner plays last) and the partner is known to hold a card that beats *best* and that
    nobody else can beat or tie (every other card as good or better is played, on the table, in the
    bot's hand or known to be the partner's), throw the lowest card: the partner, playing last, will
    take the trick anyway, and the bot keeps its good cards.

Otherwise the base policy decides. :func:`base_choice` is the base policy alone (rules 1-6): the
Monte-Carlo hint replays deals with it, so it must stay exactly as documented here.

The chant (:func:`agree_to_chant`)
----------------------------------
The chant gives six talon cards each to the eldest and the dealer, who then keep their nine best
(rules.md section 6). The eldest sits to the dealer's left, so **the two chanters are always in
different partnerships**, and each partnership has exactly one chanter and one non-chanter. A chanter
only gains cards, but so does the opposing chanter; a non-chanter's hand does not change while an
opponent's gets better. The point goes to the best individual (section 8), so:

C1. The bot measures its hand's **strength** as the number of cards worth a signal: the eight named
    cards and the four aces (tiers 1-9). Nine cards hold 2.25 of them on average.
C2. A **chanter** (eldest or dealer) agrees unless its strength is 5 or more: with a hand that strong
    it is likely to take the point already, and the chant would mostly help the opposing chanter catch up.
C3. A **non-chanter** refuses when its strength is 4 or more: it is its partnership's likely best player,
    and the chant would only strengthen the opposing chanter against it. With a weaker hand it agrees,
    because its own partner, the other chanter, then has the better chance.

With these thresholds a bot refuses about 3% of the time as a chanter and 14% as a non-chanter.

Discards and signals
--------------------
D1. A bot that chants keeps the highest: its nine best cards by :func:`tutor.engine.keep_best` (ties at
    the cut broken by suit order), and discards the other six.
G1. A bot gives exactly the signals its hand calls for (:func:`tutor.engine.hand_signals`): one per
    named card, ``aces`` if it holds any, or ``useless-hand`` alone. It never signals mordienne.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from tutor.engine.cards import PACK, Card
from tutor.engine.chant import keep_best
from tutor.engine.errors import RuleViolation
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat, eldest_of
from tutor.engine.signals import HandSignals, hand_signals

#: C1: the tiers whose cards count towards a hand's strength (the named cards and the aces).
STRONG_TIER = 9
#: C2: a chanter refuses from this strength on.
CHANTER_REFUSES_AT = 5
#: C3: a non-chanter refuses from this strength on.
NON_CHANTER_REFUSES_AT = 4

Play = tuple[Seat, Card]


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
    """The base policy, rules 1-6 of the module docstring.

    ``hand``: the bot's cards (at least one); ``trick_so_far``: the ``(seat, card)`` plays of the trick
    under way, the leader's first (empty when the bot leads); ``seat``: the bot's seat; ``leader``: who
    led (or leads) this trick; ``played``: cards already played in this deal.
    """
    _check_turn(hand, trick_so_far, seat, leader)
    if not trick_so_far:
        return _lead(hand, {*hand, *played})
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


def choose_card(
    hand: Sequence[Card],
    trick_so_far: Sequence[Play],
    seat: Seat,
    leader: Seat,
    played: Collection[Card],
    partner_known: frozenset[Card] = frozenset(),
) -> Card:
    """The full policy: the signal layer (rules S1, S2), then the base policy (:func:`base_choice`).

    ``partner_known``: cards the partner signalled (named cards); played ones are ignored.
    """
    _check_turn(hand, trick_so_far, seat, leader)
    on_table = {c for _, c in trick_so_far}
    known = frozenset(partner_known) - set(played) - on_table - set(hand)
    if not known:
        return base_choice(hand, trick_so_far, seat, leader, played)
    accounted = {*hand, *played, *on_table, *known}
    if not trick_so_far:
        return _lead(hand, accounted)  # S1: the partner's known cards count as friends
    if len(trick_so_far) == 1:
        best = min(TIERS[c] for _, c in trick_so_far)
        if any(TIERS[k] < best and is_sure_winner(k, accounted) for k in known):
            return lowest(hand)  # S2: the partner, last to play, takes the trick anyway
    return base_choice(hand, trick_so_far, seat, leader, played)


def _lead(hand: Sequence[Card], accounted: Collection[Card]) -> Card:
    """Rules 5 and 6: the cheapest sure winner, else the lowest card."""
    sure = sure_winners(hand, accounted)
    return lowest(sure) if sure else lowest(hand)


def _check_turn(hand: Sequence[Card], trick_so_far: Sequence[Play], seat: Seat, leader: Seat) -> None:
    """A bot asked to play out of turn or with no cards is a caller's bug: say so plainly."""
    if not hand:
        raise RuleViolation(f"{seat.title} has no card left to play")
    if len(trick_so_far) >= 4:
        raise RuleViolation("the trick already has four cards")
    if leader.clockwise_from()[len(trick_so_far)] is not seat:
        raise RuleViolation(
            f"it is {leader.clockwise_from()[len(trick_so_far)].title}'s turn in this trick, not {seat.title}'s"
        )


# --- the chant, discards, signals ------------------------------------------------------------------


def strength(hand: Iterable[Card]) -> int:
    """Rule C1: how many of the hand's cards are worth a signal (named cards and aces, tiers 1-9)."""
    return sum(1 for c in hand if TIERS[c] <= STRONG_TIER)


def is_chanter(seat: Seat, dealer: Seat) -> bool:
    """The eldest and the dealer receive the talon if the chant happens."""
    return seat in (dealer, eldest_of(dealer))


def agree_to_chant(hand: Sequence[Card], seat: Seat, dealer: Seat) -> bool:
    """Rules C2 and C3: a chanter agrees unless very strong; a non-chanter refuses when strong."""
    if is_chanter(seat, dealer):
        return strength(hand) < CHANTER_REFUSES_AT
    return strength(hand) < NON_CHANTER_REFUSES_AT


def choose_discards(fifteen: Sequence[Card]) -> tuple[Card, ...]:
    """Rule D1: the six cards left after keeping the nine best (``keep_best``)."""
    return keep_best(Seat.N, fifteen).discarded  # the seat only names the player in the explanation


def signals_for(hand: Sequence[Card]) -> HandSignals:
    """Rule G1: the signals the hand calls for, with the engine's explanation."""
    return hand_signals(hand)
