"""The bots' policy (tutor/play/bots.py): each numbered rule on a hand-worked case, then properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import PACK, Card, RuleViolation, Seat, cards, keep_best, tier
from tutor.engine import card as c
from tutor.engine.natural_card import base_choice, is_sure_winner
from tutor.play.bots import agree_to_chant, choose_card, choose_discards, signals_for, strength

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def trick(leader: Seat, text: str) -> list[tuple[Seat, Card]]:
    """The plays so far of a trick led by ``leader``: ``trick(N, "3-cups 4-coins")``."""
    return list(zip(leader.clockwise_from(), cards(text), strict=False))


# --- following: rules 1-4 ----------------------------------------------------------------------------


def test_rule1_partner_winning_with_madame_bot_throws_its_lowest() -> None:
    # North leads Madame, East plays low; South holds Monsieur but must not overtake its partner.
    hand = cards("3-coins A-swords 4-swords 8-cups")
    assert base_choice(hand, trick(N, "3-cups 4-coins"), S, N, set()) == c("4-swords")


def test_rule1_needs_the_partner_alone_a_shared_best_is_no_partner_win() -> None:
    # North's ace is tied by East's ace: the trick is spoiled so far, so South wins it cheaply (rule 2).
    hand = cards("K-coins 2-swords 4-swords")
    assert base_choice(hand, trick(N, "A-coins A-cups"), S, N, set()) == c("2-swords")


def test_rule2_plays_the_cheapest_card_that_beats_the_best() -> None:
    # A king is best so far: of Monsieur, an ace and a cavalier, the ace is the cheapest winner.
    hand = cards("3-coins A-clubs C-swords 5-clubs")
    assert base_choice(hand, trick(N, "K-coins"), E, N, set()) == c("A-clubs")


def test_rule2_equal_winners_go_by_suit_order() -> None:
    hand = cards("A-swords A-cups 5-clubs")
    assert base_choice(hand, trick(N, "K-coins"), E, N, set()) == c("A-cups")


def test_rule2_wins_even_when_the_partner_is_losing() -> None:
    # West (East's partner) led a jack, North overtook with a king: East takes it back with its ace.
    hand = cards("A-coins 4-cups")
    assert base_choice(hand, trick(W, "J-coins K-cups"), E, W, set()) == c("A-coins")


def test_rule3_last_player_spoils_an_opponents_ace_with_an_equal_ace() -> None:
    # East leads an ace; South and West play low; North, last, cannot beat an ace but holds one.
    hand = cards("A-swords 8-coins 3-clubs")
    assert base_choice(hand, trick(E, "A-coins 4-cups 7-clubs"), N, E, set()) == c("A-swords")


def test_rule3_only_when_last() -> None:
    # South, second to play, holds an equal ace and nothing better: rule 4, throw the lowest.
    hand = cards("A-swords 8-coins 3-clubs")
    assert base_choice(hand, trick(E, "A-coins"), S, E, set()) == c("3-clubs")


def test_rule3_not_when_the_trick_is_already_spoiled() -> None:
    # East and South tie with aces: the trick is spoiled already, so North throws its lowest.
    hand = cards("A-swords 8-coins 3-clubs")
    assert base_choice(hand, trick(E, "A-coins A-cups 7-clubs"), N, E, set()) == c("3-clubs")


def test_rule3_spoils_with_the_first_equal_card_in_suit_order() -> None:
    hand = cards("K-clubs K-cups 5-coins")
    assert base_choice(hand, trick(E, "K-coins 4-cups 7-clubs"), N, E, set()) == c("K-cups")


def test_rule4_cannot_win_or_spoil_throws_the_lowest() -> None:
    hand = cards("K-coins 9-swords 3-clubs 3-swords")
    # Two plain threes are equal and lowest: suit order picks swords before clubs.
    assert base_choice(hand, trick(E, "A-coins 4-cups 7-clubs"), N, E, set()) == c("3-swords")


# --- leading: rules 5-6 ------------------------------------------------------------------------------


def test_rule5_leads_the_cheapest_sure_winner() -> None:
    # Monsieur is played: Madame is sure, and so is Le Borgne (the only better cards are gone or ours).
    hand = cards("3-cups 2-coins 5-clubs")
    assert base_choice(hand, [], S, S, {c("3-coins")}) == c("2-coins")


def test_rule5_an_unseen_equal_card_is_no_sure_winner() -> None:
    # Every named card is played, two aces too; the ace of clubs is unseen and could spoil the ace of coins.
    played = {*(x for x in PACK if tier(x) < 9), c("A-cups")}
    hand = cards("A-coins A-swords 5-clubs")
    assert not is_sure_winner(c("A-coins"), {*played, *hand})
    assert base_choice(hand, [], S, S, played) == c("5-clubs")
    # Once the last ace is played, both aces are sure winners; coins goes first.
    assert base_choice(hand, [], S, S, {*played, c("A-clubs")}) == c("A-coins")


def test_rule5_monsieur_is_always_a_sure_winner() -> None:
    assert base_choice(cards("3-coins 4-cups"), [], W, W, set()) == c("3-coins")


def test_rule6_no_sure_winner_leads_the_lowest() -> None:
    assert base_choice(cards("3-cups A-coins 7-swords 7-coins"), [], E, E, set()) == c("7-coins")


# --- the signal layer ----------------------------------------------------------------------------------


def test_s1_leading_counts_the_partners_signalled_card_as_a_friend() -> None:
    hand = cards("3-cups 5-clubs")
    # Without signals Monsieur is unseen, so Madame is not sure: lead the lowest.
    assert choose_card(hand, [], N, N, set()) == c("5-clubs")
    # South signalled Monsieur: only the partner can beat Madame, and it won't overtake.
    assert choose_card(hand, [], N, N, set(), frozenset({c("3-coins")})) == c("3-cups")


def test_s2_second_to_play_leaves_the_trick_to_a_partner_who_surely_wins() -> None:
    hand = cards("A-coins 5-clubs")
    lead = trick(W, "K-coins")
    assert choose_card(hand, lead, N, W, set()) == c("A-coins")  # base rule 2
    assert choose_card(hand, lead, N, W, set(), frozenset({c("3-coins")})) == c("5-clubs")


def test_s2_not_when_an_opponent_could_still_beat_the_partners_card() -> None:
    # The partner signalled Madame, but Monsieur is unseen: East could hold it. Base policy.
    hand = cards("A-coins 5-clubs")
    assert choose_card(hand, trick(W, "K-coins"), N, W, set(), frozenset({c("3-cups")})) == c("A-coins")


def test_signals_already_played_are_ignored() -> None:
    hand = cards("3-cups 5-clubs")
    known = frozenset({c("3-coins")})
    assert choose_card(hand, [], N, N, {c("3-coins")}, known) == base_choice(hand, [], N, N, {c("3-coins")})


# --- chant, discards, signals ---------------------------------------------------------------------------


def test_strength_counts_named_cards_and_aces() -> None:
    assert strength(cards("3-coins 9-coins 2-swords A-clubs K-coins 9-swords 3-clubs")) == 4


def test_chanter_agrees_unless_very_strong() -> None:
    dealer = W  # eldest North; West and North chant
    four = cards("3-coins 9-coins 2-swords A-clubs K-coins 9-swords 3-clubs 4-cups 5-cups")
    five = cards("3-coins 9-coins 2-swords A-clubs A-coins 9-swords 3-clubs 4-cups 5-cups")
    assert agree_to_chant(four, N, dealer) and agree_to_chant(four, W, dealer)
    assert not agree_to_chant(five, N, dealer) and not agree_to_chant(five, W, dealer)


def test_non_chanter_refuses_when_strong() -> None:
    dealer = W  # East and South do not chant
    three = cards("3-coins 9-coins 2-swords K-clubs K-coins 9-swords 3-clubs 4-cups 5-cups")
    four = cards("3-coins 9-coins 2-swords A-clubs K-coins 9-swords 3-clubs 4-cups 5-cups")
    assert agree_to_chant(three, E, dealer) and agree_to_chant(three, S, dealer)
    assert not agree_to_chant(four, E, dealer) and not agree_to_chant(four, S, dealer)


def test_discards_are_the_six_keep_best_leaves_out() -> None:
    fifteen = PACK[:15]
    discards = choose_discards(fifteen)
    assert len(discards) == 6 and set(discards) <= set(fifteen)
    kept = [x for x in fifteen if x not in discards]
    assert keep_best(N, fifteen).accepts(kept)


def test_signals_are_the_engines() -> None:
    assert [s.id for s in signals_for(cards("3-coins A-cups A-clubs 5-swords")).signals] == ["monsieur", "aces"]
    assert [s.id for s in signals_for(cards("K-coins 5-swords")).signals] == ["useless-hand"]


def test_out_of_turn_or_empty_hand_is_refused() -> None:
    with pytest.raises(RuleViolation, match="East's turn"):
        base_choice(cards("A-coins"), trick(N, "K-coins"), W, N, set())
    with pytest.raises(RuleViolation, match="no card"):
        base_choice((), [], N, N, set())


# --- properties ------------------------------------------------------------------------------------------


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[Card], list[tuple[Seat, Card]], Seat, Seat, set[Card], frozenset[Card]]:
    """A legal moment of a deal: a hand, the trick so far, earlier plays and a partner's true signals."""
    pack = draw(st.permutations(PACK))
    leader = draw(st.sampled_from(Seat))
    position = draw(st.integers(0, 3))
    seat = leader.clockwise_from()[position]
    size = draw(st.integers(1, 9))
    hand = list(pack[:size])
    on_table = pack[size : size + position]
    played = set(pack[size + position : size + position + 4 * (9 - size)])
    partner_hand = pack[-9:]
    known = frozenset(x for x in partner_hand if tier(x) <= 8 and draw(st.booleans()))
    return hand, trick(leader, " ".join(map(str, on_table))), seat, leader, played, known


@settings(max_examples=300, deadline=None)
@given(situations())
def test_policy_always_plays_a_card_from_hand(
    situation: tuple[list[Card], list[tuple[Seat, Card]], Seat, Seat, set[Card], frozenset[Card]],
) -> None:
    hand, so_far, seat, leader, played, known = situation
    assert base_choice(hand, so_far, seat, leader, played) in hand
    assert choose_card(hand, so_far, seat, leader, played, known) in hand
    # With nothing signalled, the full policy is the base policy.
    assert choose_card(hand, so_far, seat, leader, played) == base_choice(hand, so_far, seat, leader, played)


@settings(max_examples=200, deadline=None)
@given(situations())
def test_a_bot_that_can_beat_the_best_never_lets_an_opponent_keep_the_trick(
    situation: tuple[list[Card], list[tuple[Seat, Card]], Seat, Seat, set[Card], frozenset[Card]],
) -> None:
    hand, so_far, seat, leader, played, _ = situation
    if not so_far:
        return
    best = min(tier(x) for _, x in so_far)
    holders = [s for s, x in so_far if tier(x) == best]
    chosen = base_choice(hand, so_far, seat, leader, played)
    if holders == [seat.partner]:
        assert tier(chosen) == max(tier(x) for x in hand)  # rule 1
    elif any(tier(x) < best for x in hand):
        assert tier(chosen) == max(tier(x) for x in hand if tier(x) < best)  # rule 2
