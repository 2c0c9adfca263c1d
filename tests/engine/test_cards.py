"""rules.md sections 2-3: the 48 cards, their notations and the 19-tier ranking.

Every expected value below is worked out by hand from rules.md, not taken from the engine.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.engine import (
    NAMED_CARDS,
    PACK,
    Card,
    RuleViolation,
    Suit,
    card,
    cards,
    cards_of_tier,
    parse_card,
    rank_cards,
    tier,
)
from tutor.i18n.sentences import render_all

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


def violation_message(value: object) -> str:
    with pytest.raises(RuleViolation) as caught:
        parse_card(value)
    return caught.value.message


# --- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3-coins", "3-coins"),
        ("3-COINS", "3-coins"),
        ("3-Coins", "3-coins"),
        ("  3-coins  ", "3-coins"),
        ("3 of coins", "3-coins"),
        ("3 OF COINS", "3-coins"),
        ("3 coins", "3-coins"),
        ("a-swords", "A-swords"),
        ("A of swords", "A-swords"),
        ("1 of swords", "A-swords"),
        ("1-swords", "A-swords"),
        ("10 cups", "J-cups"),
        ("10-cups", "J-cups"),
        ("j-cups", "J-cups"),
        ("11 of clubs", "C-clubs"),
        ("c-clubs", "C-clubs"),
        ("12 coins", "K-coins"),
        ("k-coins", "K-coins"),
        ("9 of Cups", "9-cups"),
        ("7 swords", "7-swords"),
    ],
)
def test_parse_card_accepts_the_rank_and_suit_notations(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("monsieur", "3-coins"),
        ("Monsieur", "3-coins"),
        ("MONSIEUR", "3-coins"),
        ("madame", "3-cups"),
        ("Madame", "3-cups"),
        ("borgne", "2-coins"),
        ("le borgne", "2-coins"),
        ("Le Borgne", "2-coins"),
        ("le-borgne", "2-coins"),
        ("vache", "2-cups"),
        ("la vache", "2-cups"),
        ("La Vache", "2-cups"),
        ("grand-neuf", "9-cups"),
        ("Grand-neuf", "9-cups"),
        ("grand neuf", "9-cups"),
        ("petit-neuf", "9-coins"),
        ("Petit-Neuf", "9-coins"),
        ("deux-de-chene", "2-clubs"),
        ("deux de chêne", "2-clubs"),
        ("Deux de Chêne", "2-clubs"),
        ("deux-d-ecrit", "2-swords"),
        ("deux d'écrit", "2-swords"),
        ("Deux d'Écrit", "2-swords"),
        ("deux d’écrit", "2-swords"),
    ],
)
def test_parse_card_accepts_the_eight_names(name: str, expected: str) -> None:
    assert str(parse_card(name)) == expected


def test_the_pack_is_the_48_cards_of_rules_section_2() -> None:
    assert len(ALL_CODES) == 48
    assert sorted(codes(PACK)) == sorted(ALL_CODES)
    assert len(set(PACK)) == 48


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_card_round_trips_through_str(code: str) -> None:
    parsed = parse_card(code)
    assert str(parsed) == code
    assert parse_card(str(parsed)) == parsed
    rank, suit = code.split("-")
    # the other notations of the same card land on the same canonical code
    assert str(parse_card(f"{rank} of {suit}")) == code
    assert str(parse_card(f"{rank.lower()} {suit.upper()}")) == code


def test_numbers_1_10_11_12_are_ace_jack_cavalier_king() -> None:
    for number, rank in (("1", "A"), ("10", "J"), ("11", "C"), ("12", "K")):
        for suit in RULE_SUITS:
            assert str(parse_card(f"{number} of {suit}")) == f"{rank}-{suit}"


def test_a_card_object_passes_through_parse_card_unchanged() -> None:
    c = parse_card("3-coins")
    assert parse_card(c) is c


def test_cards_helper_reads_several_codes() -> None:
    assert codes(list(cards("3-coins, A-swords  monsieur"))) == ["3-coins", "A-swords", "3-coins"]


def test_unknown_rank_is_rejected_with_the_exact_message() -> None:
    assert violation_message("Q-cups") == "'Q-cups' is not a card (ranks: A 2-9 J C K)"


@pytest.mark.parametrize("bad", ["13-coins", "0 of cups", "Z-clubs", "queen of swords"])
def test_bad_ranks_are_rejected_naming_the_value_and_the_ranks(bad: str) -> None:
    message = violation_message(bad)
    assert f"'{bad}'" in message
    assert "ranks" in message


@pytest.mark.parametrize("bad", ["3-stars", "A of hearts", "K-diamonds"])
def test_bad_suits_are_rejected_naming_the_value_and_the_suits(bad: str) -> None:
    message = violation_message(bad)
    assert f"'{bad}'" in message
    assert "coins cups swords clubs" in message


@pytest.mark.parametrize("bad", ["", "3", "coins", "3-coins-cups", "monsieur-madame", "le roi"])
def test_malformed_cards_are_rejected_naming_the_value(bad: str) -> None:
    message = violation_message(bad)
    assert f"'{bad}'" in message


@pytest.mark.parametrize("bad", [3, None, 3.5, ["3-coins"]])
def test_non_text_is_rejected_as_a_card(bad: object) -> None:
    message = violation_message(bad)
    assert "not a card" in message


def test_rule_violation_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("Q-cups")


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


def test_card_names() -> None:
    assert {code: NAMED_CARDS[code] for code in NAMED_TIER} == {
        "3-coins": "Monsieur",
        "3-cups": "Madame",
        "2-coins": "Le Borgne",
        "2-cups": "La Vache",
        "9-cups": "Grand-neuf",
        "9-coins": "Petit-neuf",
        "2-clubs": "Deux de chêne",
        "2-swords": "Deux d'écrit",
    }
    assert card("3-coins").name == "Monsieur"
    assert card("2-swords").name == "Deux d'écrit"
    assert card("3-swords").name is None
    assert card("9-clubs").name is None
    assert card("A-coins").name is None


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


# --- names in three languages --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "english", "spanish", "french"),
    [
        ("3-coins", "three of coins", "tres de oros", "trois de deniers"),
        ("A-swords", "ace of swords", "as de espadas", "as d'épées"),
        ("C-cups", "cavalier of cups", "caballo de copas", "cavalier de coupes"),
        ("K-clubs", "king of clubs", "rey de bastos", "roi de bâtons"),
        ("J-coins", "jack of coins", "sota de oros", "valet de deniers"),
    ],
)
def test_names_in_three_languages(code: str, english: str, spanish: str, french: str) -> None:
    c = card(code)
    assert c.english == english
    assert c.spanish == spanish
    assert c.french == french


def test_suit_names_in_spanish_and_french() -> None:
    assert [(s.spanish, s.french) for s in Suit] == [
        ("oros", "deniers"),
        ("copas", "coupes"),
        ("espadas", "épées"),
        ("bastos", "bâtons"),
    ]
