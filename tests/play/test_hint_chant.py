"""The chant-aware, signal-following hint (tutor/play/hint.py).

* After a chant, the hidden hands are sampled with each chanter holding cards it could have kept as its nine
  best of fifteen: none of its six discards (out of play, among the unseen cards) is better than a card it kept,
  those already played included.
* The playouts follow the bots' signal layer (rules S1 and S2 of ``tutor.play.bots``): the vectorized policy
  plays what ``bots.choose_card`` plays when the partner's named cards are known.
"""

from __future__ import annotations

import random

import numpy as np

from tutor.engine import PACK, SEATS, TIERS, Card, DealState, Seat, card, cards, resolve_trick, shuffle_and_deal
from tutor.play import bots
from tutor.play.hint import (
    NO_CARD,
    PACK_COUNTS,
    TIER_COUNT,
    HintRequest,
    hint,
    policy_choice,
    sample_hands,
    signal_choice,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def counts(hand: list[Card] | tuple[Card, ...]) -> np.ndarray:
    return np.bincount([TIERS[c] - 1 for c in hand], minlength=TIER_COUNT).astype(np.int8)


# --- the chant: sampled hands keep the chanters' nine best -------------------------------------------

# North deals, so East (the eldest) and North chanted. East, the learner, knows its own six discards.
# Trick 1: East led Monsieur, South 8-swords, West 8-clubs, North 7-coins (tier 15): East won and leads.
EAST = cards("2-coins 9-cups A-coins A-cups K-coins K-cups C-coins J-coins")
EAST_DISCARDS = frozenset(cards("5-coins 5-cups 6-coins 6-cups 4-coins 4-cups"))
TRICK = cards("3-coins 8-swords 8-clubs 7-coins")


def chant_position() -> DealState:
    """East to lead trick 2; only East's hand is real, the others are filled to the right sizes."""
    unseen = [c for c in PACK if c not in EAST and c not in TRICK and c not in EAST_DISCARDS]
    filler = iter(unseen)
    hands = {E: EAST, **{seat: tuple(next(filler) for _ in range(8)) for seat in (N, S, W)}}
    return DealState(N, hands, (resolve_trick(E, TRICK),), (), E)


def test_after_a_chant_the_chanters_discards_are_no_better_than_what_it_kept() -> None:
    """Hand-worked: East's discards are known, so the six cards out of play are North's discards. North has
    played the 7-coins (tier 15), so it discarded only cards of tier 15 or worse: 7s, 6s, 5s, 4s, plain 3s.
    Unseen, those are 7-cups 7-swords 7-clubs, 6-swords 6-clubs, 5-swords 5-clubs, 4-swords 4-clubs,
    3-swords 3-clubs (11 cards); all six out-of-play cards must be among them, and every card North still
    holds must be at least as good as each of them."""
    request = HintRequest(chant_position(), E, out_of_play=EAST_DISCARDS, chant=True)
    sampled = sample_hands(request, 3000, seed=1)
    known = counts([*TRICK, *EAST_DISCARDS]).astype(np.int64)  # East's own hand is in every sample
    out_of_play = PACK_COUNTS[None, :] - known[None, :] - sampled.sum(axis=1)
    assert (out_of_play.sum(axis=1) == 6).all()
    worst_out_ok = np.arange(TIER_COUNT) >= TIERS[card("7-coins")] - 1
    assert (out_of_play[:, ~worst_out_ok] == 0).all(), "North discarded a card better than the 7-coins it kept"
    north = sampled[:, N.index].astype(np.int64)
    worst_north = TIER_COUNT - 1 - np.argmax(north[:, ::-1] > 0, axis=1)
    best_out = np.argmax(out_of_play > 0, axis=1)
    assert (worst_north <= best_out).all(), "North kept a card worse than one it discarded"
    assert (sampled.sum(axis=2) == 8).all()
    # The non-chanters are not constrained: South and West still get cards of every kind between them.
    assert (sampled[:, [S.index, W.index]].sum(axis=1)[:, :8].sum(axis=0) > 0).any()


def test_without_the_chant_flag_the_discards_are_uniform() -> None:
    """The same position sampled as before (no chant): better cards often land out of play, which the chant
    makes impossible. This is what the test above would catch if the chant were ignored."""
    request = HintRequest(chant_position(), E, out_of_play=EAST_DISCARDS)
    sampled = sample_hands(request, 3000, seed=1)
    known = counts([*TRICK, *EAST_DISCARDS]).astype(np.int64)  # East's own hand is in every sample
    out_of_play = PACK_COUNTS[None, :] - known[None, :] - sampled.sum(axis=1)
    better = out_of_play[:, : TIERS[card("7-coins")] - 1].sum(axis=1) > 0
    assert better.mean() > 0.9


def test_a_partner_who_chanted_keeps_the_signalled_cards() -> None:
    """South learns, North (the partner, dealer) and East chanted; North signalled Madame and no aces. After
    the keep, North still holds Madame, no other named card and no ace in every sample."""
    rng = random.Random(3)
    dealt = shuffle_and_deal(rng, N)
    hands = dict(dealt.hands)
    madame = card("3-cups")
    holder = next(seat for seat in SEATS if madame in hands[seat])
    if holder is not N:  # give North Madame, and no other named card or ace
        swap = hands[N][0]
        hands[holder] = tuple(swap if c == madame else c for c in hands[holder])
        hands[N] = (madame, *hands[N][1:])
    plain = [c for c in PACK if TIERS[c] >= 10 and all(c not in hands[s] for s in (N, S))]
    high = [c for c in hands[N] if TIERS[c] <= 9 and c != madame]
    for c in high:
        other = next(seat for seat in SEATS if seat is not N and plain[0] in hands[seat])
        spare = plain.pop(0)
        hands[N] = tuple(spare if x == c else x for x in hands[N])
        hands[other] = tuple(c if x == spare else x for x in hands[other])
    state = DealState.start(N, hands)  # East, the eldest, leads
    state = state.play(state.hands[E][0])
    request = HintRequest(state, S, partner_holds=frozenset({madame}), partner_signalled=True, chant=True)
    sampled = sample_hands(request, 2000, seed=2)
    north = sampled[:, N.index]
    assert (north[:, TIERS[madame] - 1] == 1).all()
    assert (north[:, :9].sum(axis=1) == 1).all()
    assert (sampled.sum(axis=2) == np.array([len(state.hands[s]) for s in SEATS])[None, :]).all()


def test_the_chant_aware_hint_runs_and_says_the_same_kind_of_thing() -> None:
    request = HintRequest(chant_position(), E, out_of_play=EAST_DISCARDS, chant=True)
    result = hint(request, playouts=400, seed=0)
    assert set(result.chances) == set(EAST)
    assert result.best in EAST and all(0 <= p <= 1 for p in result.chances.values())


# --- the playouts follow the partner's signals -------------------------------------------------------


def one_row(state: DealState, partner_named: frozenset[Card]) -> int:
    seat = state.to_play
    best, best_count, best_seat = NO_CARD, 0, 0
    for who, c in state.current_plays:
        t = TIERS[c] - 1
        if t < best:
            best, best_count, best_seat = t, 1, who.index
        elif t == best:
            best_count += 1
    played = [c for t in state.tricks for _, c in t.plays] + list(state.current)
    args = (
        counts(state.hands[seat])[None, :],
        counts(played)[None, :],
        len(state.current),
        np.array([seat.index]),
        np.array([best]),
        np.array([best_count]),
        np.array([best_seat]),
    )
    return int(signal_choice(*args, counts(sorted(partner_named, key=PACK.index))[None, :])[0]) + 1


def test_second_to_play_leaves_the_trick_to_a_partner_holding_monsieur() -> None:
    """Hand-worked (rule S2): East leads a king; South holds an ace, which would win the trick for now,
    but North (last to play) holds Monsieur, signalled: South throws its lowest card and North takes the
    trick. Without the signal, South plays the ace (rule 2: win as cheaply as possible)."""
    hands = {
        N: cards("3-coins 4-swords"),
        E: cards("K-coins 5-swords"),
        S: cards("A-cups 6-clubs"),
        W: cards("J-cups 7-clubs"),
    }
    state = DealState(W, hands, (), (), E).play(card("K-coins"))
    assert one_row(state, frozenset({card("3-coins")})) == TIERS[card("6-clubs")]
    assert one_row(state, frozenset()) == TIERS[card("A-cups")]


def test_leading_counts_the_partners_named_cards_as_friends() -> None:
    """Hand-worked (rule S1): South leads holding Madame; Monsieur is unseen to the base policy, so Madame
    is not a sure winner and South leads its lowest. Knowing North holds Monsieur, Madame is sure: lead it."""
    hands = {
        N: cards("3-coins 4-swords"),
        E: cards("K-coins 5-swords"),
        S: cards("3-cups 6-clubs"),
        W: cards("J-cups 7-clubs"),
    }
    state = DealState(E, hands, (), (), S)
    assert one_row(state, frozenset({card("3-coins")})) == TIERS[card("3-cups")]
    assert one_row(state, frozenset()) == TIERS[card("6-clubs")]


def test_vectorized_signal_policy_is_choose_card() -> None:
    """On random deals with every player's partner signalling its named cards (rule G1), the vectorized
    choice is the tier of ``bots.choose_card``'s card at every turn."""
    rng = random.Random(11)
    checked = 0
    for _ in range(60):
        dealer = rng.choice(SEATS)
        start = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        named = {s: frozenset(c for c in start.hands[s] if TIERS[c] <= 8) for s in SEATS}
        state = start
        while not state.finished:
            seat = state.to_play
            played = [c for t in state.tricks for _, c in t.plays]
            known = named[seat.partner] - set(played) - set(state.current)
            chosen = bots.choose_card(
                state.hands[seat], state.current_plays, seat, state.leader, played, named[seat.partner]
            )
            assert one_row(state, known) == TIERS[chosen], (state, chosen)
            checked += 1
            state = state.play(chosen if rng.random() < 0.8 else rng.choice(state.hands[seat]))
    assert checked == 60 * 36


def test_without_known_cards_the_signal_policy_is_the_base_policy() -> None:
    rng = np.random.default_rng(4)
    hands = rng.integers(0, 2, size=(200, TIER_COUNT)).astype(np.int8)
    hands[:, 18] = 1
    played = np.zeros_like(hands)
    for position in (0, 1, 2, 3):
        best = rng.integers(0, TIER_COUNT, size=200) if position else np.full(200, NO_CARD)
        args = (
            hands,
            played,
            position,
            rng.integers(0, 4, 200),
            best,
            np.ones(200, dtype=np.int64),
            rng.integers(0, 4, 200),
        )
        assert (signal_choice(*args, np.zeros_like(hands)) == policy_choice(*args)).all()
