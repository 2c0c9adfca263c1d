"""Partners' signals (tutor/engine/signals.py, rules.md section 10): looked up both ways, the signals a hand
calls for, and why a signal the hand does not call for is false."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import MODEST, SIGNAL_ID, SIGNAL_ORDER

from tutor.engine import (
    PACK,
    SIGNAL_IDS,
    Card,
    RuleViolation,
    card,
    cards,
    find_by_gesture,
    hand_signals,
    look_up,
    signal,
    signal_for_card,
)
from tutor.engine.signalling import false_signal
from tutor.i18n.sentences import render, render_all

# rules.md section 10, copied from the table (Decision: little finger for Petit-neuf).
TABLE = [
    ("monsieur", "I hold Monsieur", "look upward without moving the head"),
    ("madame", "I hold Madame", "tilt the head to one side, or smile"),
    ("borgne", "I hold Le Borgne", "wink"),
    ("vache", "I hold La Vache", "pout, or purse the lips"),
    ("grand-neuf", "I hold Grand-neuf", "stick out the thumb"),
    ("petit-neuf", "I hold Petit-neuf", "stick out the little finger"),
    ("deux-de-chene", "I hold the Deux de chêne", "stick out the index or middle finger"),
    ("deux-d-ecrit", "I hold the Deux d'écrit", "stick out the ring finger, or mime writing"),
    ("aces", "I hold aces", "open the mouth once for each ace held"),
    ("useless-hand", "I have a useless hand", "shrug the shoulders"),
    ("mordienne", "I am going for mordienne", "bite the lip"),
]
ORDER = [row[0] for row in TABLE]


def signals_of(text: str) -> dict[str, object]:
    return hand_signals(list(cards(text))).outcome()


def found(text: str) -> list[str]:
    return [s.id for s in find_by_gesture(text)]


def test_signal_ids_are_those_of_the_table_in_order() -> None:
    assert list(SIGNAL_IDS) == ORDER


@pytest.mark.parametrize(("signal_id", "meaning", "gesture"), TABLE)
def test_look_up_by_id(signal_id: str, meaning: str, gesture: str) -> None:
    result = look_up(signal_id)
    assert result.outcome() == {"meaning": meaning, "gesture": gesture}
    assert any(gesture in step for step in render_all(result.explanation))


def test_petit_neuf_is_the_little_finger_not_the_thumb() -> None:
    gesture = look_up("petit-neuf").outcome()["gesture"]
    assert isinstance(gesture, str)
    assert "little finger" in gesture
    assert "thumb" not in gesture


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("wink", ["borgne"]),
        ("thumb", ["grand-neuf"]),
        ("little finger", ["petit-neuf"]),
        ("ring finger", ["deux-d-ecrit"]),
        ("bite the lip", ["mordienne"]),
        ("shrug", ["useless-hand"]),
        ("smile", ["madame"]),
        ("open the mouth", ["aces"]),
        ("pout", ["vache"]),
        ("look upward", ["monsieur"]),
    ],
)
def test_look_up_by_gesture(words: str, expected: list[str]) -> None:
    assert found(words) == expected


def test_a_gesture_shared_by_several_descriptions_finds_them_all() -> None:
    assert set(found("finger")) == {"petit-neuf", "deux-de-chene", "deux-d-ecrit"}


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("3-coins", "monsieur"),
        ("3-cups", "madame"),
        ("2-coins", "borgne"),
        ("2-cups", "vache"),
        ("9-cups", "grand-neuf"),
        ("9-coins", "petit-neuf"),
        ("2-clubs", "deux-de-chene"),
        ("2-swords", "deux-d-ecrit"),
        ("A-swords", "aces"),
        ("A-coins", "aces"),
    ],
)
def test_the_signal_for_a_card(code: str, expected: str) -> None:
    found_signal = signal_for_card(card(code))
    assert found_signal is not None
    assert found_signal.id == expected


@pytest.mark.parametrize("code", ["K-coins", "3-swords", "3-clubs", "9-swords", "9-clubs", "J-cups", "4-coins"])
def test_unimportant_cards_have_no_signal(code: str) -> None:
    assert signal_for_card(card(code)) is None


def test_an_unknown_signal_is_rejected_by_name() -> None:
    with pytest.raises(RuleViolation) as caught:
        look_up("thumbs-up")
    assert "thumbs-up" in caught.value.message


def test_a_hands_signals_follow_the_order_of_section_10_with_the_ace_count() -> None:
    # named: Monsieur, Grand-neuf, Deux de chêne, Deux d'écrit; aces: coins, clubs
    outcome = signals_of("2-swords A-coins 3-coins 9-cups A-clubs 7-cups K-swords 2-clubs 4-coins")
    assert outcome == {"signals": ["monsieur", "grand-neuf", "deux-de-chene", "deux-d-ecrit", "aces"], "aces": 2}


def test_vache_comes_before_grand_neuf_and_petit_neuf_before_deux_de_chene() -> None:
    outcome = signals_of("2-clubs 9-coins 9-cups 2-cups 3-cups 2-coins 5-swords 6-swords 7-swords")
    assert outcome == {
        "signals": ["madame", "borgne", "vache", "grand-neuf", "petit-neuf", "deux-de-chene"],
        "aces": 0,
    }


def test_a_hand_with_no_named_card_and_no_ace_is_useless() -> None:
    # the traps: plain nines and plain threes are not named
    outcome = signals_of("4-coins 5-cups K-swords C-clubs J-coins 9-swords 3-clubs 8-cups 7-swords")
    assert outcome == {"signals": ["useless-hand"], "aces": 0}
    steps = hand_signals(list(cards("4-coins 5-cups K-swords C-clubs J-coins 9-swords 3-clubs 8-cups 7-swords")))
    assert any("useless" in s for s in render_all(steps.explanation))


def test_a_hand_with_only_aces_signals_only_aces() -> None:
    outcome = signals_of("A-coins A-cups 4-swords 5-clubs K-cups C-swords J-clubs 8-coins 6-cups")
    assert outcome == {"signals": ["aces"], "aces": 2}
    steps = hand_signals(list(cards("A-coins A-cups 4-swords 5-clubs K-cups C-swords J-clubs 8-coins 6-cups")))
    assert any("aces" in s and "2" in s for s in render_all(steps.explanation))


def test_four_aces_are_one_signal_with_a_count_of_four() -> None:
    outcome = signals_of("A-coins A-cups A-swords A-clubs 4-swords 5-clubs K-cups C-swords J-clubs")
    assert outcome == {"signals": ["aces"], "aces": 4}


def test_a_single_named_card_is_not_useless() -> None:
    outcome = signals_of("2-swords 4-coins 5-cups K-swords C-clubs J-coins 9-swords 3-clubs 8-cups")
    assert outcome == {"signals": ["deux-d-ecrit"], "aces": 0}


def test_useless_hand_and_mordienne_are_never_called_for_by_cards() -> None:
    outcome = signals_of("3-coins 3-cups 2-coins 2-cups 9-cups 9-coins 2-clubs 2-swords A-coins")
    signals = outcome["signals"]
    assert isinstance(signals, list)
    assert signals == [*ORDER[:8], "aces"]
    assert "useless-hand" not in signals
    assert "mordienne" not in signals


def explanation_steps(text: str) -> Sequence[str]:
    return render_all(hand_signals(list(cards(text))).explanation)


def test_the_hand_explanation_names_each_signal_and_its_gesture() -> None:
    steps = explanation_steps("9-coins A-coins 4-cups 5-cups 6-cups 7-cups 8-cups J-cups C-cups")
    assert any("9-coins" in s and "'Petit-neuf'" in s and "little finger" in s for s in steps), steps
    assert any("1 ace" in s for s in steps), steps


# --- a false signal is the engine's to say ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("signal_id", "hand", "expected"),
    [
        (
            "monsieur",
            "A-coins 4-cups",
            "the 'Monsieur' signal says \"I hold Monsieur\", but you don't hold 3-coins (Monsieur)",
        ),
        ("aces", "3-coins 4-cups", "the 'aces' signal says \"I hold aces\", but you hold no ace"),
        (
            "useless-hand",
            "5-cups A-coins 2-cups",
            "your hand is not useless: 2-cups (La Vache) and A-coins are worth a signal",
        ),
        ("useless-hand", "5-cups A-coins", "your hand is not useless: A-coins is worth a signal"),
    ],
)
def test_a_false_signal_says_why(signal_id: str, hand: str, expected: str) -> None:
    found = false_signal(signal(signal_id), cards(hand))
    assert found is not None and render(found) == expected


@pytest.mark.parametrize(
    ("signal_id", "hand"),
    [
        ("monsieur", "3-coins 4-cups"),
        ("aces", "A-swords 4-cups"),
        ("useless-hand", "5-cups 4-swords 3-clubs"),
        ("mordienne", "5-cups 4-swords"),  # a plan, not a card: never false
    ],
)
def test_a_true_signal_is_not_false(signal_id: str, hand: str) -> None:
    assert false_signal(signal(signal_id), cards(hand)) is None


def test_every_signal_a_hand_calls_for_is_true_for_it() -> None:
    for n in range(0, 48, 3):
        hand = PACK[n : n + 9]
        assert all(false_signal(s, hand) is None for s in hand_signals(hand).signals)


# --- random hands, against rules.md restated (tests/rules_restated.py) ------------------------------------


@MODEST
@given(hand=st.lists(st.sampled_from(PACK), min_size=9, max_size=9, unique=True))
def test_a_hand_signals_its_named_cards_then_aces_or_else_uselessness(hand: list[Card]) -> None:
    codes = {str(c) for c in hand}
    aces = sum(1 for code in codes if code.startswith("A-"))
    expected = [SIGNAL_ID[code] for code in SIGNAL_ORDER if code in codes]
    if aces:
        expected.append("aces")
    if not expected:
        expected = ["useless-hand"]
    assert hand_signals(hand).outcome() == {"signals": expected, "aces": aces}
