"""Dealing out (tutor/engine/cut_and_deal.py, rules.md section 5): the cut, three cards at a time from the
eldest, twelve left for the talon.

Every expected hand below is worked out by hand from rules.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tutor.engine import PACK, Card, RuleViolation, Seat, cut, deal, shuffle_and_deal
from tutor.i18n.sentences import render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def codes(items: Sequence[Card]) -> list[str]:
    return [str(c) for c in items]


def words(text: str) -> list[str]:
    """Card codes written by hand, separated by spaces."""
    return text.split()


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    """The explanation steps that contain every one of ``parts``."""
    return [s for s in steps if all(p in s for p in parts)]


# --- dealing (section 5) --------------------------------------------------------------------------


def test_deal_three_at_a_time_starting_with_the_eldest() -> None:
    # PACK in canonical order is A..K of coins, then cups, swords, clubs (12 each).
    # North deals; East is the eldest; rounds go E, S, W, N, three cards at a time.
    dealt = deal(PACK, N)
    assert dealt.eldest is E
    assert codes(dealt.hands[E]) == words("A-coins 2-coins 3-coins A-cups 2-cups 3-cups A-swords 2-swords 3-swords")
    assert codes(dealt.hands[S]) == words("4-coins 5-coins 6-coins 4-cups 5-cups 6-cups 4-swords 5-swords 6-swords")
    assert codes(dealt.hands[W]) == words("7-coins 8-coins 9-coins 7-cups 8-cups 9-cups 7-swords 8-swords 9-swords")
    assert codes(dealt.hands[N]) == words("J-coins C-coins K-coins J-cups C-cups K-cups J-swords C-swords K-swords")
    # the talon is the twelve clubs
    assert codes(dealt.talon) == words(
        "A-clubs 2-clubs 3-clubs 4-clubs 5-clubs 6-clubs 7-clubs 8-clubs 9-clubs J-clubs C-clubs K-clubs"
    )
    assert dealt.outcome()["eldest"] == "E"


def test_deal_when_west_deals_north_is_eldest() -> None:
    dealt = deal(PACK, W)
    assert dealt.eldest is N
    assert codes(dealt.hands[N])[:3] == ["A-coins", "2-coins", "3-coins"]
    assert codes(dealt.hands[E])[:3] == ["4-coins", "5-coins", "6-coins"]
    assert codes(dealt.hands[W])[:3] == ["J-coins", "C-coins", "K-coins"]
    assert codes(dealt.hands[W])[3:6] == ["J-cups", "C-cups", "K-cups"]


def test_deal_explanation_names_the_eldest() -> None:
    steps = render_all(deal(PACK, S).explanation)
    assert steps_with(steps, "West", "eldest")
    assert steps_with(steps, "talon", "12")


@pytest.mark.parametrize("bad_pack", [PACK[:47], (*PACK[:47], PACK[0])])
def test_deal_needs_the_whole_pack(bad_pack: tuple[Card, ...]) -> None:
    with pytest.raises(RuleViolation):
        deal(bad_pack, N)


def test_cut_puts_the_lifted_cards_underneath() -> None:
    # lift five cards (A-5 of coins) off the top and put them underneath
    after = cut(PACK, 5)
    assert str(after[0]) == "6-coins"
    assert codes(after[-5:]) == ["A-coins", "2-coins", "3-coins", "4-coins", "5-coins"]
    assert sorted(codes(after)) == sorted(codes(PACK))


@pytest.mark.parametrize("at", [0, 48, -1])
def test_cut_must_lift_some_cards_and_leave_some(at: int) -> None:
    with pytest.raises(RuleViolation):
        cut(PACK, at)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_shuffle_and_deal_gives_nine_each_and_twelve_in_the_talon(seed: int) -> None:
    dealt = shuffle_and_deal(random.Random(seed), E)
    assert {seat: len(hand) for seat, hand in dealt.hands.items()} == {N: 9, E: 9, S: 9, W: 9}
    assert len(dealt.talon) == 12
    every = [c for hand in dealt.hands.values() for c in hand] + list(dealt.talon)
    assert sorted(codes(every)) == sorted(codes(PACK))
