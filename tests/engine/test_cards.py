"""The cards (tutor/engine/cards.py, rules.md section 2): the 48 cards, their notations and their names.

Every expected value below is worked out by hand from rules.md, not taken from the engine.
"""

from __future__ import annotations

import pytest

import tutor.engine as engine
from tutor.engine import (
    NAMED_CARDS,
    PACK,
    Card,
    RuleViolation,
    Suit,
    card,
    cards,
    parse_card,
)

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


# --- names ---------------------------------------------------------------------------------------


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


# --- one notation everywhere: every name the engine prints for a card reads back as that card -----


@pytest.mark.parametrize("c", PACK, ids=str)
def test_printed_names_read_back(c: Card) -> None:
    assert parse_card(c.english) == c
    assert parse_card(c.spanish) == c
    assert parse_card(c.french) == c
    assert parse_card(c.code.upper()) == c


def test_worked_examples_of_foreign_names() -> None:
    # Spanish: sota = jack (10), caballo = cavalier (11), rey = king (12); oros coins, copas cups,
    # espadas swords, bastos clubs. French: deniers, coupes, épées, bâtons.
    assert str(parse_card("sota de oros")) == "J-coins"
    assert str(parse_card("caballo de copas")) == "C-cups"
    assert str(parse_card("rey de bastos")) == "K-clubs"
    assert str(parse_card("trois de deniers")) == "3-coins"
    assert str(parse_card("as d'épées")) == "A-swords"
    assert str(parse_card("valet de bâtons")) == "J-clubs"


# --- Card's repr evaluates back to the card -------------------------------------------------------


@pytest.mark.parametrize("c", PACK, ids=str)
def test_a_cards_repr_evaluates_to_the_same_card(c: Card) -> None:
    names = {name: getattr(engine, name) for name in engine.__all__}
    assert eval(repr(c), names) == c


def test_a_cards_repr_shows_its_code() -> None:
    assert repr(card("3-coins")) == "card('3-coins')"
    assert repr([card("A-swords"), Card("K", Suit.CUPS)]) == "[card('A-swords'), card('K-cups')]"
