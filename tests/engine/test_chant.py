"""The chant (tutor/engine/chant.py, rules.md section 6): everyone must agree; the talon alternates eldest,
dealer; keep the nine best."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import CLOCKWISE, MODEST, left_of, packs, rules_tier, seats, suit_position

from tutor.engine import Card, RuleViolation, Seat, cards, chant, keep_best
from tutor.i18n.sentences import render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# Talon cards 1..12. With North dealing, East (eldest) gets 1, 3, 5, 7, 9, 11 and North 2, 4, ..., 12.
TALON = "A-coins J-coins K-cups 5-coins 3-swords 6-coins J-clubs 7-coins 2-swords 8-coins 9-clubs 4-cups"
TO_ELDEST = ["A-coins", "K-cups", "3-swords", "J-clubs", "2-swords", "9-clubs"]
TO_DEALER = ["J-coins", "5-coins", "6-coins", "7-coins", "8-coins", "4-cups"]

# East's 15 cards: hand (tiers 17 16 15 14 9 10 11 19 18) + talon (9 10 19 12 8 13).
# Sorted: 8 | 9 9 | 10 10 | 11 | 12 | 13 | 14 || 15 16 17 18 19 19: the cut falls between tiers.
EAST_HAND = "5-cups 6-cups 7-cups 8-cups A-swords K-swords C-swords 3-clubs 4-swords"
EAST_KEEP = {"2-swords", "A-coins", "A-swords", "K-cups", "K-swords", "C-swords", "J-clubs", "9-clubs", "8-cups"}
EAST_TIERS = [8, 9, 9, 10, 10, 11, 12, 13, 14]

# North's 15 cards: hand (1 9 9 10 11 11 11 12 12) + talon (12 17 16 15 14 18).
# Sorted: 1 | 9 9 | 10 | 11 11 11 | 12 12 12 | ...: seven cards better than the jacks and three jacks,
# so two of the three jacks fit; suit order keeps J-coins and J-cups and discards J-swords.
NORTH_HAND = "3-coins A-clubs A-cups K-coins C-coins C-clubs C-cups J-swords J-cups"
NORTH_KEEP = {"3-coins", "A-cups", "A-clubs", "K-coins", "C-coins", "C-cups", "C-clubs", "J-coins", "J-cups"}
NORTH_TIERS = [1, 9, 9, 10, 11, 11, 11, 12, 12]


def codes(items: Sequence[Card]) -> list[str]:
    return [str(c) for c in items]


def listed(text: str) -> list[Card]:
    return list(cards(text))


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    return [s for s in steps if all(p in s for p in parts)]


def test_the_chant_happens_when_all_four_agree() -> None:
    result = chant(N, listed(TALON))
    outcome = result.outcome()
    assert outcome["happens"] is True
    assert outcome["eldest"] == "E"
    assert outcome["received"] == {"E": TO_ELDEST, "N": TO_DEALER}
    assert "keep" not in outcome


def test_explicit_agreement_of_all_four() -> None:
    result = chant(N, listed(TALON), agree={N: True, E: True, S: True, W: True})
    assert result.happens is True


@pytest.mark.parametrize("refuser", [N, E, S, W])
def test_one_refusal_cancels_the_chant(refuser: Seat) -> None:
    agree = {seat: seat is not refuser for seat in (N, E, S, W)}
    result = chant(N, listed(TALON), agree=agree, hands={E: listed(EAST_HAND)})
    outcome = result.outcome()
    assert outcome["happens"] is False
    assert outcome["received"] == {"E": [], "N": []}
    assert "keep" not in outcome
    assert steps_with(render_all(result.explanation), refuser.title, "refuse"), render_all(result.explanation)


def test_two_refusals_cancel_the_chant_too() -> None:
    result = chant(W, listed(TALON), agree={E: False, S: False})
    assert result.happens is False
    assert result.outcome()["received"] == {"N": [], "W": []}


@pytest.mark.parametrize(("dealer", "eldest"), [(N, "E"), (E, "S"), (S, "W"), (W, "N")])
def test_eldest_gets_the_odd_talon_cards_and_the_dealer_the_even_ones(dealer: Seat, eldest: str) -> None:
    outcome = chant(dealer, listed(TALON)).outcome()
    assert outcome["eldest"] == eldest
    assert outcome["received"] == {eldest: TO_ELDEST, dealer.value: TO_DEALER}


def test_keep_the_nine_best_when_the_cut_falls_between_tiers() -> None:
    outcome = chant(N, listed(TALON), hands={E: listed(EAST_HAND)}).outcome()
    assert set(outcome["keep"]["E"]) == EAST_KEEP  # type: ignore[index]
    assert outcome["keep_tiers"] == {"E": EAST_TIERS}


def test_keep_ties_across_the_cut_are_broken_by_suit_order() -> None:
    outcome = chant(N, listed(TALON), hands={N: listed(NORTH_HAND)}).outcome()
    assert set(outcome["keep"]["N"]) == NORTH_KEEP  # type: ignore[index]
    assert outcome["keep_tiers"] == {"N": NORTH_TIERS}


def test_keep_for_both_eldest_and_dealer() -> None:
    result = chant(N, listed(TALON), hands={E: listed(EAST_HAND), N: listed(NORTH_HAND)})
    outcome = result.outcome()
    assert {seat: set(kept) for seat, kept in outcome["keep"].items()} == {  # type: ignore[attr-defined]
        "E": EAST_KEEP,
        "N": NORTH_KEEP,
    }
    assert outcome["keep_tiers"] == {"E": EAST_TIERS, "N": NORTH_TIERS}
    assert set(codes(result.keeps[N].discarded)) == {"J-swords", "5-coins", "6-coins", "7-coins", "8-coins", "4-cups"}


def test_keep_explanation_mentions_the_straddled_tier_and_that_any_will_do() -> None:
    steps = render_all(chant(N, listed(TALON), hands={N: listed(NORTH_HAND)}).explanation)
    straddle = steps_with(steps, "tier 12", "J-coins", "J-cups")
    assert straddle, steps
    assert "any of them will do" in straddle[0]


def test_chant_explanation_says_who_receives_which_talon_cards() -> None:
    steps = render_all(chant(N, listed(TALON)).explanation)
    assert steps_with(steps, "East", "1, 3, 5, 7, 9, 11", "A-coins", "9-clubs")
    assert steps_with(steps, "North", "2, 4, 6, 8, 10, 12", "J-coins", "4-cups")


def test_keep_tiers_are_ascending() -> None:
    # the 8 named cards, two aces (cups, clubs) and five low cards: the cut falls inside the aces
    result = keep_best(
        E,
        listed(
            "4-coins 2-swords A-clubs 3-coins 4-cups 9-coins 2-cups 3-cups A-cups 5-swords "
            "2-clubs 9-cups 6-clubs 2-coins 7-coins"
        ),
    )
    tiers = result.outcome()["keep_tiers"]
    assert tiers == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert "A-cups" in result.outcome()["keep"]  # type: ignore[operator]
    assert "A-clubs" not in result.outcome()["keep"]  # type: ignore[operator]
    assert result.straddle_tier == 9


def test_only_the_eldest_and_the_dealer_may_be_given_hands() -> None:
    for outsider in (S, W):  # North deals, East is eldest
        with pytest.raises(RuleViolation) as caught:
            chant(N, listed(TALON), hands={outsider: listed(EAST_HAND)})
        assert caught.value.path == ("hands", outsider.value)


def test_a_card_twice_in_the_talon_is_rejected() -> None:
    talon = listed(TALON)
    talon[5] = talon[0]
    with pytest.raises(RuleViolation) as caught:
        chant(N, talon)
    assert caught.value.path == ("talon", 5)
    assert "A-coins" in caught.value.message


def test_a_hand_card_also_in_the_talon_is_rejected() -> None:
    hand = listed(EAST_HAND)
    hand[2] = listed("K-cups")[0]  # talon card 3
    with pytest.raises(RuleViolation) as caught:
        chant(N, listed(TALON), hands={E: hand})
    assert caught.value.path == ("hands", "E", 2)
    assert "K-cups" in caught.value.message


def test_a_card_in_both_chanters_hands_is_rejected() -> None:
    north = listed(NORTH_HAND)
    north[0] = listed("5-cups")[0]  # East's first card
    with pytest.raises(RuleViolation) as caught:
        chant(N, listed(TALON), hands={E: listed(EAST_HAND), N: north})
    assert "5-cups" in caught.value.message


def test_the_talon_has_twelve_cards() -> None:
    with pytest.raises(RuleViolation):
        chant(N, listed(TALON)[:11])


def test_a_chanters_hand_has_nine_cards() -> None:
    with pytest.raises(RuleViolation) as caught:
        chant(N, listed(TALON), hands={E: listed(EAST_HAND)[:8]})
    assert caught.value.path == ("hands", "E")


# --- random talons, against rules.md restated (tests/rules_restated.py) -----------------------------------


@MODEST
@given(pack=packs, dealer=seats, refuse=st.lists(st.sampled_from(CLOCKWISE), max_size=2, unique=True))
def test_the_chant_alternates_the_talon_and_keeps_the_nine_best(
    pack: list[Card], dealer: str, refuse: list[str]
) -> None:
    eldest = left_of(dealer)
    talon = pack[:12]
    hands = {Seat(eldest): pack[12:21], Seat(dealer): pack[21:30]}
    agree = {Seat(seat): seat not in refuse for seat in CLOCKWISE}
    result = chant(Seat(dealer), talon, agree=agree, hands=hands)
    outcome = result.outcome()
    assert outcome["eldest"] == eldest
    if refuse:
        assert outcome["happens"] is False
        assert outcome["received"] == {eldest: [], dealer: []}
        assert "keep" not in outcome
        return
    assert outcome["happens"] is True
    given_eldest = [str(talon[k]) for k in (0, 2, 4, 6, 8, 10)]
    given_dealer = [str(talon[k]) for k in (1, 3, 5, 7, 9, 11)]
    assert outcome["received"] == {eldest: given_eldest, dealer: given_dealer}
    keeps = outcome["keep"]
    keep_tiers = outcome["keep_tiers"]
    assert isinstance(keeps, dict)
    assert isinstance(keep_tiers, dict)
    for seat, extra in ((eldest, talon[0::2]), (dealer, talon[1::2])):
        fifteen = [*hands[Seat(seat)], *extra]
        best_nine = sorted(rules_tier(c) for c in fifteen)[:9]
        assert keep_tiers[seat] == best_nine
        kept = keeps[seat]
        assert len(set(kept)) == 9
        assert set(kept) <= {str(c) for c in fifteen}
        assert sorted(rules_tier(c) for c in fifteen if str(c) in kept) == best_nine
        # within the tier that the cut splits, suit order coins, cups, swords, clubs decides
        edge = best_nine[-1]
        equal = sorted((c for c in fifteen if rules_tier(c) == edge), key=suit_position)
        room = best_nine.count(edge)
        assert {str(c) for c in equal if str(c) in kept} == {str(c) for c in equal[:room]}
