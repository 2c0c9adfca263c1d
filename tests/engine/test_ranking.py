"""The ranking (tutor/engine/ranking.py, rules.md section 3): the 19 tiers, ``rank_cards`` and its explanation,
and the numbers of the court cards.

Every expected value below is worked out by hand from rules.md, not taken from the engine.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import MODEST
from rules_restated import rules_tier as table_tier  # a Card's tier (this file's rules_tier takes its code)

from tutor.content.scenario import load_scenario
from tutor.content.solve import solve
from tutor.engine import PACK, Card, Explained, RuleViolation, card, cards, cards_of_tier, rank_cards, tier
from tutor.engine.ranking import number_notes
from tutor.i18n.sentences import render_all

ROOT = Path(__file__).resolve().parents[2]

# rules.md section 2: ranks A 2-9 J C K, suits coins cups swords clubs.
RULE_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "C", "K")
RULE_SUITS = ("coins", "cups", "swords", "clubs")
ALL_CODES = tuple(f"{rank}-{suit}" for suit in RULE_SUITS for rank in RULE_RANKS)

# rules.md section 3, copied from the table.
NAMED_TIER = {
    "3-coins": 1,
    "3-cups": 2,
    "2-coins": 3,
    "2-cups": 4,
    "9-cups": 5,
    "9-coins": 6,
    "2-clubs": 7,
    "2-swords": 8,
}
RANK_TIER = {"A": 9, "K": 10, "C": 11, "J": 12, "9": 13, "8": 14, "7": 15, "6": 16, "5": 17, "4": 18, "3": 19}


def rules_tier(code: str) -> int:
    """The tier of a card per the table of rules.md section 3."""
    if code in NAMED_TIER:
        return NAMED_TIER[code]
    return RANK_TIER[code.split("-")[0]]


def codes(items: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in items]


# --- the 19 tiers -------------------------------------------------------------------------------


def test_tier_counts_follow_the_table() -> None:
    expected = {**dict.fromkeys(range(1, 9), 1), 9: 4, 10: 4, 11: 4, 12: 4, 13: 2}
    expected |= {14: 4, 15: 4, 16: 4, 17: 4, 18: 4, 19: 2}
    assert sum(expected.values()) == 48
    assert Counter(tier(c) for c in PACK) == Counter(expected)
    for number, count in expected.items():
        assert len(cards_of_tier(number)) == count


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_card_has_the_tier_of_the_table(code: str) -> None:
    assert tier(card(code)) == rules_tier(code)


@pytest.mark.parametrize(
    ("code", "expected_tier"),
    [
        ("3-coins", 1),
        ("3-cups", 2),
        ("2-coins", 3),
        ("2-cups", 4),
        ("9-cups", 5),
        ("9-coins", 6),
        ("2-clubs", 7),
        ("2-swords", 8),
    ],
)
def test_each_named_card_has_its_own_tier(code: str, expected_tier: int) -> None:
    assert tier(card(code)) == expected_tier
    assert codes(cards_of_tier(expected_tier)) == [code]


def test_cards_of_the_shared_tiers() -> None:
    assert set(codes(cards_of_tier(9))) == {"A-coins", "A-cups", "A-swords", "A-clubs"}
    assert set(codes(cards_of_tier(12))) == {"J-coins", "J-cups", "J-swords", "J-clubs"}
    assert set(codes(cards_of_tier(13))) == {"9-swords", "9-clubs"}
    assert set(codes(cards_of_tier(19))) == {"3-swords", "3-clubs"}


def test_plain_threes_are_the_lowest_cards_in_the_pack() -> None:
    assert tier(card("3-swords")) == tier(card("3-clubs")) == 19
    lowest = max(tier(c) for c in PACK)
    assert lowest == 19
    assert {str(c) for c in PACK if tier(c) == lowest} == {"3-swords", "3-clubs"}
    # below even the fours
    assert tier(card("3-clubs")) > tier(card("4-coins"))


def test_plain_nines_rank_just_below_the_jacks() -> None:
    assert tier(card("9-swords")) == tier(card("9-clubs")) == 13
    for suit in RULE_SUITS:
        assert tier(card(f"J-{suit}")) < tier(card("9-swords")) < tier(card(f"8-{suit}"))
    # and far below the named nines
    assert tier(card("9-cups")) < tier(card("9-coins")) < tier(card("A-coins")) < tier(card("9-swords"))


def test_suits_decide_nothing_outside_the_named_cards() -> None:
    assert tier(card("A-coins")) == tier(card("A-clubs"))
    assert tier(card("K-cups")) == tier(card("K-swords"))
    assert tier(card("4-coins")) == tier(card("4-clubs"))
    ranking = rank_cards([card("A-coins"), card("A-clubs")])
    assert ranking.tie is True
    assert set(ranking.outcome()["highest"]) == {"A-coins", "A-clubs"}  # type: ignore[arg-type]


def test_twos_are_all_named_and_above_the_aces() -> None:
    for suit in RULE_SUITS:
        assert tier(card(f"2-{suit}")) < tier(card("A-coins"))


# --- rank_cards ----------------------------------------------------------------------------------


def group_sets(order: object) -> list[set[str]]:
    assert isinstance(order, list)
    return [set(group) for group in order]


def test_rank_cards_single_best_card() -> None:
    # tiers: 3-clubs 19, 9-swords 13, J-cups 12, 2-swords 8 (Deux d'écrit), 4-coins 18
    ranking = rank_cards(list(cards("3-clubs 9-swords J-cups 2-swords 4-coins")))
    outcome = ranking.outcome()
    assert outcome["highest"] == ["2-swords"]
    assert outcome["tie"] is False
    assert outcome["order"] == [["2-swords"], ["J-cups"], ["9-swords"], ["4-coins"], ["3-clubs"]]
    assert outcome["tiers"] == {"3-clubs": 19, "9-swords": 13, "J-cups": 12, "2-swords": 8, "4-coins": 18}


def test_rank_cards_tie_at_the_top_groups_equal_cards() -> None:
    # two aces (9), two kings (10), a seven (15)
    ranking = rank_cards(list(cards("K-swords A-cups 7-coins A-clubs K-coins")))
    outcome = ranking.outcome()
    assert set(outcome["highest"]) == {"A-cups", "A-clubs"}  # type: ignore[arg-type]
    assert outcome["tie"] is True
    assert group_sets(outcome["order"]) == [{"A-cups", "A-clubs"}, {"K-swords", "K-coins"}, {"7-coins"}]
    assert outcome["tiers"] == {"K-swords": 10, "A-cups": 9, "7-coins": 15, "A-clubs": 9, "K-coins": 10}


def test_rank_cards_the_four_threes() -> None:
    outcome = rank_cards(list(cards("3-clubs 3-swords 3-cups 3-coins"))).outcome()
    assert outcome["highest"] == ["3-coins"]
    assert outcome["tie"] is False
    assert group_sets(outcome["order"]) == [{"3-coins"}, {"3-cups"}, {"3-swords", "3-clubs"}]


def test_rank_cards_the_four_nines_and_a_jack() -> None:
    outcome = rank_cards(list(cards("9-swords 9-coins J-clubs 9-clubs 9-cups"))).outcome()
    assert outcome["highest"] == ["9-cups"]
    assert group_sets(outcome["order"]) == [{"9-cups"}, {"9-coins"}, {"J-clubs"}, {"9-swords", "9-clubs"}]
    assert outcome["tiers"] == {"9-swords": 13, "9-coins": 6, "J-clubs": 12, "9-clubs": 13, "9-cups": 5}


def test_rank_cards_the_whole_pack_has_19_groups() -> None:
    outcome = rank_cards(PACK).outcome()
    order = outcome["order"]
    assert isinstance(order, list)
    assert len(order) == 19
    assert order[0] == ["3-coins"]
    assert set(order[-1]) == {"3-swords", "3-clubs"}


def test_rank_cards_four_equal_cards() -> None:
    outcome = rank_cards(list(cards("5-coins 5-cups 5-swords 5-clubs"))).outcome()
    assert outcome["tie"] is True
    assert set(outcome["highest"]) == {"5-coins", "5-cups", "5-swords", "5-clubs"}  # type: ignore[arg-type]
    assert len(outcome["order"]) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize("given", [[], ["3-coins"]])
def test_rank_cards_needs_at_least_two_cards(given: list[str]) -> None:
    with pytest.raises(RuleViolation):
        rank_cards([card(code) for code in given])


def test_rank_cards_rejects_a_duplicated_card() -> None:
    with pytest.raises(RuleViolation) as caught:
        rank_cards(list(cards("A-coins K-cups A-coins")))
    assert "A-coins" in caught.value.message


def test_rank_explanation_for_a_tie_names_both_cards_and_says_equal() -> None:
    steps = render_all(rank_cards(list(cards("A-coins A-clubs 7-cups"))).explanation)
    tie_steps = [s for s in steps if "A-coins" in s and "A-clubs" in s and "equal" in s]
    assert tie_steps, steps


def test_rank_explanation_names_the_single_highest_card() -> None:
    steps = render_all(rank_cards(list(cards("4-coins 3-cups A-swords"))).explanation)
    assert any("3-cups" in s and "Madame" in s and "highest" in s for s in steps), steps


def test_rank_explanation_warns_about_the_traps() -> None:
    steps = render_all(rank_cards(list(cards("3-swords 9-clubs 4-cups"))).explanation)
    assert any("3-swords" in s and "lowest" in s for s in steps), steps
    assert any("9-clubs" in s and "jacks" in s for s in steps), steps
    # every card is named with its tier
    assert any("3-swords" in s and "tier 19" in s for s in steps), steps
    assert any("9-clubs" in s and "tier 13" in s for s in steps), steps


def test_rank_explanation_does_not_call_a_named_three_a_trap() -> None:
    steps = render_all(rank_cards(list(cards("3-coins 3-cups"))).explanation)
    assert not any("plain three" in s for s in steps), steps


# --- the numbers of the court cards ---------------------------------------------------------------------------


def solved(scenario_id: str) -> Explained:
    (path,) = (ROOT / "scenarios").rglob(f"{scenario_id}.yaml")
    return solve(load_scenario(path))


def test_the_ten_eleven_and_twelve_are_the_jack_cavalier_and_king() -> None:
    # pack-ten-eleven-twelve ranks "10 of coins", "12 of swords", "11 of cups": J-coins, K-swords, C-cups.
    steps = render_all(solved("pack-ten-eleven-twelve").explanation)
    assert "J-coins is a jack: the jack carries the number 10." in steps
    assert "C-cups is a cavalier: the cavalier carries the number 11." in steps
    assert "K-swords is a king: the king carries the number 12." in steps


def test_several_court_cards_of_a_rank_share_one_note() -> None:
    notes = render_all(number_notes(cards("J-cups 5-coins J-clubs K-coins")))
    assert notes == [
        "J-cups and J-clubs are jacks: the jack carries the number 10.",
        "K-coins is a king: the king carries the number 12.",
    ]


def test_cards_that_are_not_court_cards_get_no_number_note() -> None:
    assert number_notes(cards("A-coins 9-cups 3-clubs 8-swords")) == []
    assert not any(s.msg.startswith("rank.number") for s in rank_cards(cards("A-coins 2-cups")).explanation)


# --- random cards, against rules.md restated (tests/rules_restated.py) ------------------------------------

some_cards = st.lists(st.sampled_from(PACK), min_size=2, max_size=48, unique=True)


@MODEST
@given(given_cards=some_cards)
def test_rank_cards_groups_exactly_the_equal_cards_best_first(given_cards: list[Card]) -> None:
    outcome = rank_cards(given_cards).outcome()
    order = outcome["order"]
    assert isinstance(order, list)
    flat = [code for group in order for code in group]
    assert sorted(flat) == sorted(str(c) for c in given_cards)
    by_code = {str(c): c for c in given_cards}
    group_tiers = []
    for group in order:
        tiers = {table_tier(by_code[code]) for code in group}
        assert len(tiers) == 1  # a group holds only equal cards
        group_tiers.append(tiers.pop())
    assert group_tiers == sorted(set(group_tiers))  # best first, one group per tier present
    assert len(group_tiers) == len({table_tier(c) for c in given_cards})  # all equal cards in one group
    best = min(table_tier(c) for c in given_cards)
    assert set(outcome["highest"]) == {str(c) for c in given_cards if table_tier(c) == best}  # type: ignore[arg-type]
    assert outcome["tie"] is (len(outcome["highest"]) > 1)  # type: ignore[arg-type]
    assert outcome["tiers"] == {str(c): table_tier(c) for c in given_cards}
