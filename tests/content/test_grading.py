"""Grading a learner's prediction, and the rule that any equal card will do across the chant's line."""

from __future__ import annotations

from pathlib import Path

from tutor.content.grading import asked, grade
from tutor.content.scenario import load_scenario, scenario_from_document
from tutor.content.solve import agrees, solve
from tutor.content.yamlsafe import parse_document

ROOT = Path(__file__).resolve().parents[2]

# Dealer N, so the eldest is E, who receives talon cards 1, 3, 5, 7, 9, 11.
# E's fifteen: K-coins K-cups K-swords K-clubs 8-coins 8-cups 8-swords 8-clubs 3-swords (hand)
# + 3-coins A-coins 4-coins 5-coins 6-coins 7-coins (talon). Nine best: 3-coins (1), A-coins (9),
# four kings (10), then three of the four equal eights (14): the line falls inside tier 14.
CHANT = """id: c
title: C
kind: chant
topic: chant
setup:
  dealer: N
  talon: [3-coins, 3-cups, A-coins, A-cups, 4-coins, 4-cups, 5-coins, 5-cups, 6-coins, 6-cups, 7-coins, 7-cups]
  hands:
    E: [K-coins, K-cups, K-swords, K-clubs, 8-coins, 8-cups, 8-swords, 8-clubs, 3-swords]
ask: [keep, happens]
"""
KINGS = ["K-coins", "K-cups", "K-swords", "K-clubs"]


def chant_scenario():  # type: ignore[no-untyped-def]
    return scenario_from_document(parse_document(CHANT.encode(), "c.yaml"))


def test_any_three_of_the_four_equal_eights_are_right() -> None:
    s = chant_scenario()
    result = solve(s)
    for eights in (
        ["8-coins", "8-cups", "8-swords"],
        ["8-cups", "8-swords", "8-clubs"],
        ["8-coins", "8-clubs", "8-cups"],
    ):
        answer = {"keep": {"E": ["3-coins", "A-coins", *KINGS, *eights]}, "happens": True}
        assert grade(s, result, answer).all_correct, eights


def test_a_lower_card_instead_of_an_eight_is_wrong() -> None:
    s = chant_scenario()
    result = solve(s)
    answer = {"keep": {"E": ["3-coins", "A-coins", *KINGS, "8-coins", "8-cups", "7-coins"]}, "happens": True}
    assert grade(s, result, answer).by_key() == {"keep": False, "happens": True}


def test_a_card_from_elsewhere_is_wrong_even_with_the_right_tier() -> None:
    s = chant_scenario()
    result = solve(s)
    # 8-clubs is E's; but a ninth card not among E's fifteen (the dealer's 7-cups) cannot be kept.
    answer = {"E": ["3-coins", "A-coins", *KINGS, "8-coins", "8-cups", "7-cups"]}
    assert not agrees(s, "keep", answer, result, partial=False)


def test_authors_may_name_a_different_equal_card_in_expect() -> None:
    s = chant_scenario()
    assert agrees(
        s, "keep", {"E": ["3-coins", "A-coins", *KINGS, "8-swords", "8-clubs", "8-cups"]}, solve(s), partial=True
    )


def test_missing_and_unreadable_answers_are_wrong_with_a_reason() -> None:
    s = load_scenario(ROOT / "scenarios" / "examples" / "spoiled-aces.yaml")  # ask: winner, next_leader
    result = solve(s)
    graded = grade(s, result, {"winner": "Q"})
    assert [(k.key, k.correct, k.problem) for k in graded.keys] == [
        ("winner", False, "'Q' is not a seat (seats: N E S W)"),
        ("next_leader", False, "no answer given"),
    ]


def test_right_and_wrong_answers_to_a_spoiled_trick() -> None:
    s = load_scenario(ROOT / "scenarios" / "examples" / "spoiled-aces.yaml")
    result = solve(s)
    # Two aces tie for the best tier: spoiled, nobody wins, North (the leader) leads again.
    assert grade(s, result, {"winner": "spoiled", "next_leader": "N"}).all_correct
    wrong = grade(s, result, {"winner": "S", "next_leader": "S"})
    assert wrong.right == 0
    assert [k.expected for k in wrong.keys] == ["null", "N"]


def test_a_learner_must_give_every_entry_of_a_mapping() -> None:
    s = load_scenario(ROOT / "scenarios" / "examples" / "late-run-mordienne.yaml")
    result = solve(s)
    # tricks [E, E, W, W, N, N, N, N, N]: N 5, E 2, S 0, W 2.
    assert agrees(s, "tricks_won", {"N": 5}, result, partial=True)
    assert not agrees(s, "tricks_won", {"N": 5}, result, partial=False)
    assert agrees(s, "tricks_won", {"N": 5, "E": 2, "S": 0, "W": 2}, result, partial=False)


PLAY = """id: p
title: P
kind: play
topic: play
setup:
  tricks: [E, N, S, W, E, N, spoiled]
  leader: N
  plays: []
  hands:
    N: [3-coins, K-coins]
    E: [3-cups, 4-cups]
    S: [5-swords, 6-swords]
    W: [7-clubs, 8-clubs]
ask: [to_play, best, results]
"""


def test_a_play_puzzle_asks_one_card_and_any_best_card_is_right() -> None:
    # North and East have 2 tricks each: Monsieur wins trick 8 at once and North is first to 3 (NS 1);
    # K-coins loses trick 8 to East's Madame, who is first to 3 (EW 1). Only Monsieur is best.
    s = scenario_from_document(parse_document(PLAY.encode(), "p.yaml"))
    assert asked(s) == ("best",), "who is to play is on the table; each card's result is the reveal's"
    result = solve(s)
    assert grade(s, result, {"best": ["3-coins"]}).all_correct
    assert grade(s, result, {"best": "3-coins"}).all_correct, "one card as a plain string"
    assert not grade(s, result, {"best": ["K-coins"]}).all_correct
    assert not grade(s, result, {"best": ["3-coins", "K-coins"]}).all_correct, "one card is played, not two"
