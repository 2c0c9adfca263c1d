"""One trick (tutor/engine/trick.py, rules.md section 7): the best tier wins; a shared best tier spoils the trick.

Expected results are worked out by hand from the tier table of rules.md section 3.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import MODEST, TITLES, expected_trick, rules_tier, seats

from tutor.engine import PACK, Card, RuleViolation, Seat, Trick, cards, resolve_trick
from tutor.i18n.sentences import render_all


def trick(leader: str, plays: str) -> Trick:
    """Resolve a trick given as a seat letter and four card codes in play order."""
    return resolve_trick(Seat(leader), list(cards(plays)))


def steps_with(steps: tuple[str, ...], *words: str) -> list[str]:
    return [s for s in steps if all(w in s for w in words)]


@pytest.mark.parametrize(
    ("leader", "plays", "winner", "best"),
    [
        # N 7 (15), E A (9), S K (10), W 4 (18): East's ace
        ("N", "7-coins A-swords K-cups 4-clubs", "E", ["A-swords"]),
        # E plain three (19), S Monsieur (1), W plain nine (13), N jack (12)
        ("E", "3-swords 3-coins 9-clubs J-swords", "S", ["3-coins"]),
        # W ace (9), N king (10), E cavalier (11), S Grand-neuf (5): the last player wins
        ("W", "A-cups K-clubs C-coins 9-cups", "S", ["9-cups"]),
        # a jack (12) beats a plain nine (13)
        ("N", "9-swords J-coins 8-clubs 7-cups", "E", ["J-coins"]),
        # Petit-neuf (6) beats Deux de chêne (7) and the aces
        ("N", "2-clubs 9-coins A-coins K-coins", "E", ["9-coins"]),
        # Madame (2) beats La Vache (4), Le Borgne (3) and Monsieur is absent
        ("S", "2-cups 2-coins 3-cups 2-swords", "N", ["3-cups"]),
        # the leader wins with the best card
        ("W", "3-coins 3-cups 2-coins 2-cups", "W", ["3-coins"]),
    ],
)
def test_the_best_tier_wins_and_its_player_leads_next(leader: str, plays: str, winner: str, best: list[str]) -> None:
    result = trick(leader, plays)
    assert result.winner is Seat(winner)
    assert result.spoiled is False
    assert result.next_leader is Seat(winner)
    assert result.outcome() == {"winner": winner, "spoiled": False, "next_leader": winner, "best": best}


@pytest.mark.parametrize(
    ("leader", "plays", "best"),
    [
        # E ace, S king, W ace, N five: two aces share tier 9
        ("E", "A-coins K-swords A-clubs 5-cups", {"A-coins", "A-clubs"}),
        # three jacks
        ("S", "J-coins J-cups J-swords 8-clubs", {"J-coins", "J-cups", "J-swords"}),
        # four kings
        ("W", "K-coins K-cups K-swords K-clubs", {"K-coins", "K-cups", "K-swords", "K-clubs"}),
        # the two plain nines are equal although their suits differ
        ("N", "9-swords 9-clubs 8-coins 4-cups", {"9-swords", "9-clubs"}),
        # the last player spoils by matching the best card
        ("N", "C-cups 4-coins 5-swords C-clubs", {"C-cups", "C-clubs"}),
        # two fours (18) are the best when the others are plain threes (19)
        ("E", "4-coins 3-swords 4-clubs 3-clubs", {"4-coins", "4-clubs"}),
    ],
)
def test_a_shared_best_tier_spoils_and_the_same_leader_leads_again(leader: str, plays: str, best: set[str]) -> None:
    result = trick(leader, plays)
    outcome = result.outcome()
    assert result.winner is None
    assert result.spoiled is True
    assert result.next_leader is Seat(leader)
    assert outcome["winner"] is None
    assert outcome["spoiled"] is True
    assert outcome["next_leader"] == leader
    assert set(outcome["best"]) == best  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("leader", "plays", "winner"),
    [
        # three fives share tier 17, but Deux d'écrit (8) is best: South wins
        ("N", "5-coins 5-cups 2-swords 5-clubs", "S"),
        # two aces share tier 9, but Madame (2) is best
        ("N", "A-coins A-cups 3-cups 4-coins", "S"),
        # two plain threes share the lowest tier; the seven wins
        ("W", "3-swords 3-clubs 7-coins 6-cups", "E"),
    ],
)
def test_a_shared_tier_below_the_best_does_not_spoil(leader: str, plays: str, winner: str) -> None:
    result = trick(leader, plays)
    assert result.spoiled is False
    assert result.winner is Seat(winner)
    assert result.next_leader is Seat(winner)


def test_players_follow_clockwise_from_the_leader() -> None:
    result = trick("S", "4-coins 5-coins 6-coins 7-coins")
    assert [(seat.value, str(c)) for seat, c in result.plays] == [
        ("S", "4-coins"),
        ("W", "5-coins"),
        ("N", "6-coins"),
        ("E", "7-coins"),
    ]
    # the seven (15) is best: East, the fourth to play
    assert result.winner is Seat.E


def test_a_trick_needs_four_cards() -> None:
    with pytest.raises(RuleViolation):
        trick("N", "4-coins 5-coins 6-coins")
    with pytest.raises(RuleViolation):
        trick("N", "4-coins 5-coins 6-coins 7-coins 8-coins")


def test_a_card_cannot_be_played_twice_in_a_trick() -> None:
    with pytest.raises(RuleViolation) as caught:
        trick("N", "4-coins 5-coins 4-coins 7-coins")
    assert caught.value.path == (2,)
    assert "4-coins" in caught.value.message


# --- explanations ---------------------------------------------------------------------------------


def test_spoiled_explanation_names_both_tied_cards_and_says_the_leader_leads_again() -> None:
    steps = render_all(trick("E", "A-coins K-swords A-clubs 5-cups").explanation)
    spoiled = steps_with(steps, "A-coins", "A-clubs", "spoiled")
    assert spoiled, steps
    assert "East" in spoiled[0]
    assert "leads again" in spoiled[0]
    assert "tier 9" in spoiled[0]


def test_spoiled_explanation_names_three_tied_cards() -> None:
    steps = render_all(trick("S", "J-coins J-cups J-swords 8-clubs").explanation)
    spoiled = steps_with(steps, "J-coins", "J-cups", "J-swords", "spoiled")
    assert spoiled, steps
    assert "South" in spoiled[0]
    assert "leads again" in spoiled[0]


def test_explanation_names_every_card_with_its_tier() -> None:
    steps = render_all(trick("N", "7-coins A-swords K-cups 4-clubs").explanation)
    for code, number in (("7-coins", 15), ("A-swords", 9), ("K-cups", 10), ("4-clubs", 18)):
        assert steps_with(steps, code, f"tier {number}"), (code, steps)
    assert steps_with(steps, "North", "7-coins")
    assert steps_with(steps, "West", "4-clubs")


def test_won_explanation_names_the_winner_and_the_best_card() -> None:
    steps = render_all(trick("E", "3-swords 3-coins 9-clubs J-swords").explanation)
    won = steps_with(steps, "3-coins", "South", "wins")
    assert won, steps
    assert "Monsieur" in won[0]
    assert not any("spoiled" in s for s in steps)


def test_a_lower_shared_tier_is_not_called_spoiled() -> None:
    steps = render_all(trick("N", "5-coins 5-cups 2-swords 5-clubs").explanation)
    assert not any("spoiled" in s for s in steps), steps
    assert steps_with(steps, "2-swords", "South", "wins")


def test_tied_seats_and_play_order_worked_by_hand() -> None:
    # West leads 5-cups; North K-coins; East K-swords; South 7-clubs. The kings (tier 10) tie: spoiled by N and E.
    t = resolve_trick(Seat.W, cards("5-cups K-coins K-swords 7-clubs"))
    assert t.tied_seats == {Seat.N, Seat.E}
    assert t.play_order == {Seat.W: 1, Seat.N: 2, Seat.E: 3, Seat.S: 4}
    won = resolve_trick(Seat.W, cards("5-cups K-coins A-swords 7-clubs"))
    assert won.tied_seats == frozenset()


# --- random tricks, against rules.md restated (tests/rules_restated.py) -----------------------------------

four_cards = st.lists(st.sampled_from(PACK), min_size=4, max_size=4, unique=True)


@MODEST
@given(leader=seats, played=four_cards)
def test_a_trick_is_spoiled_exactly_when_the_best_tier_is_shared(leader: str, played: list[Card]) -> None:
    trick = resolve_trick(Seat(leader), played)
    winner, next_leader = expected_trick(leader, played)
    best = min(rules_tier(c) for c in played)
    assert trick.spoiled is (sum(1 for c in played if rules_tier(c) == best) > 1)
    assert trick.outcome()["winner"] == winner
    assert trick.outcome()["next_leader"] == next_leader
    assert set(trick.outcome()["best"]) == {str(c) for c in played if rules_tier(c) == best}  # type: ignore[arg-type]
    if trick.spoiled:
        spoiled = steps_with(render_all(trick.explanation), "spoiled", TITLES[leader], "leads again")
        assert spoiled
        assert all(str(c) in spoiled[0] for c in played if rules_tier(c) == best)
