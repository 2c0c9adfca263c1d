"""The ranking, naming and signal drills: hand-worked answers, the generators' mix, and answer checking."""

from __future__ import annotations

import random

import pytest

from tutor.content import drills
from tutor.engine import NAMED, PACK, SIGNAL_IDS, SIGNALS, RuleViolation, card, cards, hand_signals
from tutor.i18n.sentences import render_all


def beats(text: str) -> drills.BeatsDrill:
    return drills.beats_drill(list(cards(text)))


# --- which card wins ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shown", "winner"),
    [
        ("3-clubs 4-coins", "4-coins"),  # a plain three is the lowest card
        ("9-swords J-cups", "J-cups"),  # a plain nine is below the jacks
        ("9-coins K-coins", "9-coins"),  # Petit-neuf (tier 6) beats a king (tier 10)
        ("3-cups A-coins", "3-cups"),  # Madame
        ("2-clubs 2-swords", "2-clubs"),  # two named twos are not equal
        ("3-swords 3-coins", "3-coins"),
        ("K-swords 9-clubs 8-cups", "K-swords"),
    ],
)
def test_which_card_wins(shown: str, winner: str) -> None:
    drill = beats(shown)
    assert drill.answer == winner
    assert drills.check(drill, winner).correct
    for other in drill.choices:
        if other != winner:
            assert not drills.check(drill, other).correct


@pytest.mark.parametrize("shown", ["A-coins A-clubs", "K-cups K-swords", "3-swords 3-clubs", "A-cups A-swords 7-coins"])
def test_equal_cards_tie(shown: str) -> None:
    drill = beats(shown)
    assert drill.answer == drills.TIE
    assert drills.TIE in drill.choices
    assert drills.check(drill, drills.TIE).correct
    assert not drills.check(drill, str(drill.cards[0])).correct


def test_a_tie_below_the_winner_is_no_tie() -> None:
    drill = beats("5-coins 5-cups 6-swords")
    assert drill.answer == "6-swords"


def test_beats_id_and_explanation_come_from_the_engine() -> None:
    drill = beats("K-cups A-coins")
    assert drill.id == "beats:A-coins:K-cups"
    assert render_all(drill.explanation)[0] == "K-cups (a king, tier 10)."
    assert any("A-coins alone is the highest card" in step for step in render_all(drill.explanation))
    assert drill.highest == (card("A-coins"),)


def test_trap_explanations_warn_about_plain_threes_and_nines() -> None:
    assert any("plain three" in step for step in render_all(beats("3-clubs 4-coins").explanation))
    assert any("plain nine" in step for step in render_all(beats("9-swords J-cups").explanation))


def test_about_a_third_of_generated_drills_are_ties() -> None:
    rng = random.Random(7)
    generated = [drills.random_beats(rng) for _ in range(900)]
    share = sum(d.answer == drills.TIE for d in generated) / len(generated)
    assert 0.25 <= share <= 0.42
    assert {len(d.cards) for d in generated} == {2, 3}


def test_classic_traps_come_up_often() -> None:
    rng = random.Random(11)
    generated = [drills.random_beats(rng) for _ in range(600)]
    trap_cards = {card(code) for code in ("3-swords", "3-clubs", "9-swords", "9-clubs", "9-coins", "9-cups")}
    assert sum(bool(trap_cards & set(d.cards)) for d in generated) >= 150


def test_the_same_seed_gives_the_same_drills() -> None:
    first = [drills.make_drill(kind, random.Random(3)).id for kind in drills.DRILL_KINDS]
    again = [drills.make_drill(kind, random.Random(3)).id for kind in drills.DRILL_KINDS]
    assert first == again


# --- order ----------------------------------------------------------------------------------------------------


def test_five_cards_in_order_with_a_shared_place() -> None:
    drill = drills.order_drill(list(cards("A-clubs 3-clubs 9-cups A-coins 4-swords")))
    assert drill.answer == (
        (card("9-cups"),),
        (card("A-coins"), card("A-clubs")),
        (card("4-swords"),),
        (card("3-clubs"),),
    )
    assert drill.places == {"9-cups": 1, "A-coins": 2, "A-clubs": 2, "4-swords": 4, "3-clubs": 5}
    assert drills.check(drill, drill.places).correct
    # Any numbering that keeps the order and the tie is right (1, 2, 2, 3, 4 as well as 1, 2, 2, 4, 5).
    dense = {"9-cups": 1, "A-coins": 2, "A-clubs": 2, "4-swords": 3, "3-clubs": 4}
    assert drills.check(drill, dense).correct
    # Breaking the tie, or swapping the three and the four, is wrong.
    split = {**drill.places, "A-clubs": 3}
    assert not drills.check(drill, split).correct
    swapped = {**drill.places, "4-swords": 5, "3-clubs": 4}
    verdict = drills.check(drill, swapped)
    assert not verdict.correct
    assert verdict.expected == "9-cups > A-coins = A-clubs > 4-swords > 3-clubs"
    assert not drills.check(drill, {"9-cups": 1}).correct


def test_random_orders_are_five_distinct_cards() -> None:
    rng = random.Random(5)
    for _ in range(200):
        drill = drills.random_order(rng)
        assert len(set(drill.cards)) == 5
        assert drill.id.startswith("order:")


# --- tiers --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "number"),
    [
        ("3-coins", 1),
        ("2-swords", 8),
        ("A-clubs", 9),
        ("9-swords", 13),
        ("9-coins", 6),
        ("3-clubs", 19),
        ("4-cups", 18),
    ],
)
def test_tier_drill(code: str, number: int) -> None:
    drill = drills.tier_drill(card(code))
    assert drill.id == f"tier:{code}"
    assert drill.answer == number
    assert drills.check(drill, number).correct
    assert drills.check(drill, str(number)).correct
    assert not drills.check(drill, number % 19 + 1).correct
    assert render_all(drill.explanation)[0].endswith(f"tier {number}).")


def test_the_plain_nine_tier_drill_warns() -> None:
    drill = drills.tier_drill(card("9-swords"))
    assert any("below the jacks" in step for step in render_all(drill.explanation))
    assert any(step.startswith("Tier 13") and "9-clubs" in step for step in render_all(drill.explanation))


# --- named cards --------------------------------------------------------------------------------------------

NAMES = {
    "3-coins": "Monsieur",
    "3-cups": "Madame",
    "2-coins": "Le Borgne",
    "2-cups": "La Vache",
    "9-cups": "Grand-neuf",
    "9-coins": "Petit-neuf",
    "2-clubs": "Deux de chêne",
    "2-swords": "Deux d'écrit",
}


@pytest.mark.parametrize(("code", "name"), NAMES.items())
def test_named_cards_both_ways(code: str, name: str) -> None:
    rng = random.Random(code)
    to_name = drills.name_drill(card(code), True, rng)
    assert to_name.id == f"name:{code}"
    assert to_name.answer == name
    assert name in to_name.choices and drills.NO_NAME in to_name.choices
    assert drills.check(to_name, name).correct
    assert not drills.check(to_name, drills.NO_NAME).correct
    to_card = drills.name_drill(card(code), False, rng)
    assert to_card.id == f"card-named:{code}"
    assert to_card.answer == code and code in to_card.choices
    assert name in to_card.question
    assert drills.check(to_card, code).correct
    assert len(set(to_card.choices)) == 4


def test_a_plain_three_has_no_name() -> None:
    drill = drills.name_drill(card("3-swords"), True, random.Random(1))
    assert drill.answer == drills.NO_NAME
    assert drills.check(drill, drills.NO_NAME).correct
    with pytest.raises(RuleViolation):
        drills.name_drill(card("3-swords"), False, random.Random(1))


def test_random_name_drills_cover_the_eight_both_ways() -> None:
    rng = random.Random(2)
    ids = {drills.random_name(rng).id for _ in range(400)}
    assert {f"name:{code}" for code in NAMES} <= ids
    assert {f"card-named:{code}" for code in NAMES} <= ids
    assert len(NAMED) == 8


# --- ids round-trip ------------------------------------------------------------------------------------------


def test_drills_rebuild_from_their_ids() -> None:
    rng = random.Random(9)
    for _ in range(100):
        for kind in drills.DRILL_KINDS:
            drill = drills.make_drill(kind, rng)
            again = drills.drill_from_id(drill.id)
            assert again.id == drill.id
            assert again.answer == drill.answer
    with pytest.raises(RuleViolation):
        drills.drill_from_id("tier:Z-coins")
    with pytest.raises(RuleViolation):
        drills.make_drill("poker", rng)


# --- signals --------------------------------------------------------------------------------------------------


def test_signal_quiz_has_five_distinct_questions_with_the_answer_among_the_choices() -> None:
    quiz = drills.signal_quiz(random.Random(4))
    assert len(quiz) == 5
    assert len({q.signal.id for q in quiz}) == 5
    for q in quiz:
        assert q.answer in q.choices and len(set(q.choices)) == 4
        assert drills.check(q, q.answer).correct
        assert q.answer == (q.signal.meaning if q.to_meaning else q.signal.gesture)


def test_petit_neuf_quiz_answer_is_the_little_finger() -> None:
    drill = drills.signal_drill(SIGNALS[SIGNAL_IDS.index("petit-neuf")], False, random.Random(0))
    assert drill.answer == "stick out the little finger"
    assert drill.id == "signal-gesture:petit-neuf"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("wink", ["borgne"]),
        ("3-coins", ["monsieur"]),
        ("monsieur", ["monsieur"]),
        ("aces", ["aces"]),
        ("A-cups", ["aces"]),
        ("useless", ["useless-hand"]),
        ("mordienne", ["mordienne"]),
        ("thumb", ["grand-neuf"]),
        ("lip", ["vache", "mordienne"]),
        ("winks", ["borgne"]),
        ("5-cups", []),
        ("xyzzy", []),
    ],
)
def test_search_signals(text: str, expected: list[str]) -> None:
    assert [s.id for s in drills.search_signals(text).signals] == expected


def test_empty_search_lists_every_signal() -> None:
    assert drills.search_signals("  ").signals == SIGNALS
    assert drills.signal_cards(SIGNALS[SIGNAL_IDS.index("aces")]) == tuple(c for c in PACK if c.rank == "A")


def test_parse_hand() -> None:
    assert drills.parse_hand("3-coins, A of cups, deux de chene") == cards("3-coins A-cups 2-clubs")
    assert drills.parse_hand("3-coins A-cups") == cards("3-coins A-cups")
    for bad, says in [("3-coins, Z-cups", "'Z-cups' is not a card"), ("A-cups A-cups", "twice"), ("", "type")]:
        with pytest.raises(RuleViolation, match=says):
            drills.parse_hand(bad)
    with pytest.raises(RuleViolation, match="nine"):
        drills.parse_hand(" ".join(str(c) for c in PACK[:10]))


def test_a_typed_hand_is_refused_in_the_learners_language() -> None:
    # the Signals page says why it cannot read a hand in the page's language; codes stay notation
    with pytest.raises(RuleViolation) as bad:
        drills.parse_hand("3-coins, Z-cups", "fr")
    assert bad.value.message.startswith("« Z-cups » n'est pas une carte (écrivez VALEUR-COULEUR")
    with pytest.raises(RuleViolation) as twice:
        drills.parse_hand("A-cups A-cups", "cs")
    assert twice.value.message == "A-cups je tam dvakrát"


def test_hand_signals_check_against_the_engine() -> None:
    hand = cards("3-coins A-cups A-clubs 9-swords 2-clubs 5-cups 6-cups 7-cups 8-cups")
    assert drills.check_hand_signals(hand, ["monsieur", "deux-de-chene", "aces"], 2) == (True, True)
    assert drills.check_hand_signals(hand, ["monsieur", "aces"], 1) == (False, False)
    useless = cards("4-coins 5-cups 6-swords 7-clubs 8-coins J-cups C-swords K-clubs 9-swords")
    assert drills.check_hand_signals(useless, ["useless-hand"], 0) == (True, True)


def test_dealt_hands_are_nine_distinct_cards() -> None:
    rng = random.Random(8)
    for _ in range(50):
        hand = drills.deal_hand(rng)
        assert len(set(hand)) == 9
        hand_signals(hand)


def test_the_tier_chart() -> None:
    chart = drills.tier_chart()
    assert [row.number for row in chart] == list(range(1, 20))
    assert sum(len(row.cards) for row in chart) == 48
    assert [row.number for row in chart if row.traps] == [13, 19]
    assert chart[0].name == "Monsieur"
