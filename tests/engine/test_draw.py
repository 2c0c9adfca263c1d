"""The partnership draw (tutor/engine/draw.py, rules.md section 4): face-up cards go round, skipping holders of
a top card."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import MODEST, packs, simulate_draw

from tutor.engine import Card, RuleViolation, cards, partnership_draw
from tutor.i18n.sentences import render_all

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def listed(text: str) -> list[Card]:
    return list(cards(text))


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    return [s for s in steps if all(p in s for p in parts)]


def draw_error(players: Sequence[str], text: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        partnership_draw(players, listed(text))
    return caught.value


# Worked by hand:
#  1 4-coins -> Ann
#  2 3-cups (Madame) -> Bob, who is dealt no more
#  3 K-clubs -> Cat
#  4 2-coins (Le Borgne) -> Dan, dealt no more
#  5 5-cups -> Ann
#  6 3-coins (Monsieur) -> Bob is skipped -> Cat, dealt no more
#  7 7-swords -> Dan is skipped -> Ann
#  8 2-cups (La Vache) -> Bob, Cat, Dan skipped -> Ann. All four top cards are out.
SKIPPING = "4-coins 3-cups K-clubs 2-coins 5-cups 3-coins 7-swords 2-cups"


def test_the_cycle_skips_players_who_hold_a_top_card() -> None:
    outcome = partnership_draw(PLAYERS, listed(SKIPPING)).outcome()
    assert outcome == {
        "holders": {"monsieur": "Cat", "madame": "Bob", "borgne": "Dan", "vache": "Ann"},
        "partnerships": [["Cat", "Bob"], ["Dan", "Ann"]],
        "first_dealer": "Bob",
        "received": {
            "Ann": ["4-coins", "5-cups", "7-swords", "2-cups"],
            "Bob": ["3-cups"],
            "Cat": ["K-clubs", "3-coins"],
            "Dan": ["2-coins"],
        },
    }


def test_the_skipping_explanation_names_who_is_skipped() -> None:
    steps = render_all(partnership_draw(PLAYERS, listed(SKIPPING)).explanation)
    monsieur = steps_with(steps, "3-coins", "Cat")
    assert monsieur and "Bob" in monsieur[0] and "skipped" in monsieur[0], steps
    vache = steps_with(steps, "2-cups", "Ann")
    assert vache and all(name in vache[0] for name in ("Bob", "Cat", "Dan")), steps
    assert steps_with(steps, "Bob", "deals")


def test_four_top_cards_in_a_row_give_one_each() -> None:
    outcome = partnership_draw(PLAYERS, listed("2-cups 2-coins 3-cups 3-coins")).outcome()
    assert outcome["holders"] == {"monsieur": "Dan", "madame": "Cat", "borgne": "Bob", "vache": "Ann"}
    assert outcome["partnerships"] == [["Dan", "Cat"], ["Bob", "Ann"]]
    assert outcome["first_dealer"] == "Cat"


def test_the_order_of_players_decides_who_receives_first() -> None:
    # Same cards, players listed from Dan: Dan gets 2-cups, Ann 2-coins, Bob 3-cups, Cat 3-coins.
    outcome = partnership_draw(["Dan", "Ann", "Bob", "Cat"], listed("2-cups 2-coins 3-cups 3-coins")).outcome()
    assert outcome["holders"] == {"monsieur": "Cat", "madame": "Bob", "borgne": "Ann", "vache": "Dan"}
    assert outcome["first_dealer"] == "Bob"
    assert outcome["received"] == {"Dan": ["2-cups"], "Ann": ["2-coins"], "Bob": ["3-cups"], "Cat": ["3-coins"]}


def test_monsieur_and_madame_holders_are_partners_even_if_dealt_in_a_row() -> None:
    # 1 Ann 3-coins; 2 Bob 3-cups; 3 Cat A-coins; 4 Dan 9-cups (Grand-neuf is not a top card);
    # 5 2-cups: Ann and Bob are skipped, Cat gets it; 6 2-coins: Dan.
    outcome = partnership_draw(PLAYERS, listed("3-coins 3-cups A-coins 9-cups 2-cups 2-coins")).outcome()
    assert outcome["partnerships"] == [["Ann", "Bob"], ["Dan", "Cat"]]
    assert outcome["first_dealer"] == "Bob"
    assert outcome["received"] == {
        "Ann": ["3-coins"],
        "Bob": ["3-cups"],
        "Cat": ["A-coins", "2-cups"],
        "Dan": ["9-cups", "2-coins"],
    }


def test_the_cards_run_out_before_all_four_top_cards() -> None:
    error = draw_error(PLAYERS, "4-coins 3-cups K-clubs 2-coins 5-cups 3-coins")
    assert error.path == ("cards",)
    assert "2-cups" in error.message or "Vache" in error.message


def test_cards_after_the_last_top_card_are_an_error() -> None:
    error = draw_error(PLAYERS, "3-coins 3-cups 2-coins 2-cups 5-clubs")
    assert error.path == ("cards", 4)


def test_a_duplicated_player_name_is_an_error() -> None:
    error = draw_error(["Ann", "Bob", "Ann", "Dan"], "3-coins 3-cups 2-coins 2-cups")
    assert error.path == ("players", 2)
    assert "Ann" in error.message


def test_a_duplicated_card_is_an_error() -> None:
    error = draw_error(PLAYERS, "4-coins 4-coins 3-coins 3-cups 2-coins 2-cups")
    assert error.path == ("cards", 1)
    assert "4-coins" in error.message


@pytest.mark.parametrize("players", [["Ann", "Bob", "Cat"], ["Ann", "Bob", "Cat", "Dan", "Eve"]])
def test_the_draw_needs_four_players(players: list[str]) -> None:
    error = draw_error(players, "3-coins 3-cups 2-coins 2-cups")
    assert error.path == ("players",)


def test_an_empty_name_is_an_error() -> None:
    error = draw_error(["Ann", "", "Cat", "Dan"], "3-coins 3-cups 2-coins 2-cups")
    assert error.path == ("players", 1)


# --- random packs, against rules.md restated (tests/rules_restated.py) ------------------------------------


@MODEST
@given(pack=packs, players=st.permutations(["Ann", "Bob", "Cat", "Dan"]))
def test_the_draw_skips_top_card_holders_and_pairs_the_top_cards(pack: list[Card], players: list[str]) -> None:
    used, received, holders = simulate_draw(players, pack)
    outcome = partnership_draw(players, pack[:used]).outcome()
    assert outcome["holders"] == holders
    assert outcome["received"] == received
    assert outcome["partnerships"] == [[holders["monsieur"], holders["madame"]], [holders["borgne"], holders["vache"]]]
    assert outcome["first_dealer"] == holders["madame"]
    assert sorted(holders.values()) == sorted(players)  # one top card each
    if used < len(pack):  # the fourth top card may be the 48th card, with nothing after it
        try:
            partnership_draw(players, pack[: used + 1])
        except RuleViolation as error:
            assert error.path == ("cards", used)
        else:
            raise AssertionError("a card after the last top card must be an error")
    try:
        partnership_draw(players, pack[: used - 1])
    except RuleViolation as error:
        assert error.path == ("cards",)
    else:
        raise AssertionError("running out before the fourth top card must be an error")
