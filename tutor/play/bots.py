"""The computer players' policy: simple, documented rules that a learner can read and predict.

Card play follows the natural card of the engine (:mod:`tutor.engine.natural_card`, rules 1-6: don't
overtake a partner, win as cheaply as possible, spoil when last, throw the lowest; lead a sure winner, else
the lowest), and the signal layer below comes first. Every decision is a pure function of what the bot may
know: its own hand, the cards on the table, the cards already played in the deal and, optionally, the cards
its partner signalled.

Card play: the signal layer (:func:`choose_card`)
-------------------------------------------------
Partners tell each other which named cards they hold (rules.md section 10). ``partner_known`` holds
the cards the partner signalled; those already played (in ``played`` or on the table) are ignored.
The ``aces`` signal says how many aces, not which, so it adds no card. Two rules come before the base
policy:

S1. **Leading: count the partner's cards as friends.** When looking for a sure winner (rule 5), cards
    the partner is known to hold count like the bot's own: the opponents cannot hold them, and the
    partner will not overtake (rule 1). Then rules 5 and 6 of the natural card apply.
S2. **Second to play: leave the trick to a partner who surely wins it.** When the bot plays second
    (so its partner plays last) and the partner is known to hold a card that beats *best* (the best tier
    played so far in the trick) and that
    nobody else can beat or tie (every other card as good or better is played, on the table, in the
    bot's hand or known to be the partner's), throw the lowest card: the partner, playing last, will
    take the trick anyway, and the bot keeps its good cards.

Otherwise the base policy decides: :func:`tutor.engine.natural_card.base_choice`, rules 1-6 alone.

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

from tutor.engine.cards import Card
from tutor.engine.chant import keep_best
from tutor.engine.natural_card import Play, base_choice, check_turn, is_sure_winner, lowest, natural_lead
from tutor.engine.ranking import TIERS
from tutor.engine.seats import Seat, eldest_of
from tutor.engine.signalling import HandSignals, hand_signals

#: C1: the tiers whose cards count towards a hand's strength (the named cards and the aces).
STRONG_TIER = 9
#: C2: a chanter refuses from this strength on.
CHANTER_REFUSES_AT = 5
#: C3: a non-chanter refuses from this strength on.
NON_CHANTER_REFUSES_AT = 4


def choose_card(
    hand: Sequence[Card],
    trick_so_far: Sequence[Play],
    seat: Seat,
    leader: Seat,
    played: Collection[Card],
    partner_known: frozenset[Card] = frozenset(),
) -> Card:
    """The full policy: the signal layer (rules S1, S2), then the natural card (:func:`base_choice`, rules 1-6).

    ``partner_known``: cards the partner signalled (named cards); played ones are ignored.
    """
    check_turn(hand, trick_so_far, seat, leader)
    on_table = {c for _, c in trick_so_far}
    known = frozenset(partner_known) - set(played) - on_table - set(hand)
    if not known:
        return base_choice(hand, trick_so_far, seat, leader, played)
    accounted = {*hand, *played, *on_table, *known}
    if not trick_so_far:
        return natural_lead(hand, accounted)  # S1: the partner's known cards count as friends
    if len(trick_so_far) == 1:
        best = min(TIERS[c] for _, c in trick_so_far)
        if any(TIERS[k] < best and is_sure_winner(k, accounted) for k in known):
            return lowest(hand)  # S2: the partner, last to play, takes the trick anyway
    return base_choice(hand, trick_so_far, seat, leader, played)


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
