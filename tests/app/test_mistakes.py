"""What a wrong answer got wrong: each line checked against a hand-worked reading of rules.md's tier table
(tier 1 is the best; kings are tier 10, cavaliers 11, aces 9, 9-swords 13)."""

from __future__ import annotations

from helpers import ROOT

from tutor.app.mistakes import mistake
from tutor.content.course import load_course
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import solve
from tutor.content.yamlsafe import parse_document


def scenario(text: str) -> Scenario:
    return scenario_from_document(parse_document(text.encode(), "s.yaml"))


def trick(plays: str, ask: str = "[winner, next_leader]") -> Scenario:
    return scenario(f"id: t\ntitle: T\nkind: trick\ntopic: tricks\nsetup:\n  leader: N\n  plays: {plays}\nask: {ask}\n")


def rank(cards: str, ask: str) -> Scenario:
    return scenario(f"id: r\ntitle: R\nkind: rank\ntopic: ranking\nsetup:\n  cards: {cards}\nask: {ask}\n")


def test_a_winner_named_wrongly_is_told_which_card_beats_which() -> None:
    # North C-cups (tier 11), East K-clubs (10), South 5-swords (17), West 4-coins (18): East wins.
    s = trick("[C-cups, K-clubs, 5-swords, 4-coins]")
    line = mistake(s, solve(s), "winner", "N")
    assert line == (
        "You said North wins, but East's K-clubs is tier 10, better than North's C-cups (tier 11), so East wins."
    )
    assert mistake(s, solve(s), "winner", "E") is None, "a right answer has no mistake line"


def test_a_winner_named_in_a_spoiled_trick_is_told_the_tie() -> None:
    # North K-coins and South K-cups are both kings, tier 10, the best played: spoiled.
    s = trick("[K-coins, 7-cups, K-cups, 5-coins]")
    assert mistake(s, solve(s), "winner", "N") == (
        "You said North wins, but K-coins and K-cups tie for the best tier (10), so the trick is spoiled."
    )
    # After a spoiled trick the same leader (North) leads again.
    assert mistake(s, solve(s), "next_leader", "S") == (
        "You said South leads next, but the trick is spoiled, so its leader, North, leads again."
    )


def test_spoiled_said_of_a_won_trick_names_the_lone_best_card() -> None:
    # The two 7s tie, but below East's king: East wins.
    s = trick("[7-coins, K-clubs, 7-cups, 5-coins]")
    assert mistake(s, solve(s), "winner", "spoiled") == (
        "You said the trick is spoiled, but K-clubs is alone in the best tier (10), so East wins; "
        "equal cards below the best spoil nothing."
    )


def test_a_worse_card_chosen_as_highest_is_compared_with_the_best() -> None:
    s = rank("[C-cups, K-clubs, 7-coins]", "[highest]")
    assert (
        mistake(s, solve(s), "highest", ["C-cups"]) == "You chose C-cups, tier 11; K-clubs is tier 10, so it is better."
    )


def test_an_equal_card_left_out_of_the_highest_is_named() -> None:
    s = rank("[A-cups, 9-swords, A-coins]", "[highest]")
    assert mistake(s, solve(s), "highest", ["A-cups"]) == (
        "You left out A-coins: it is tier 9, the same as A-cups, so it ties for best."
    )


def test_an_order_slip_is_the_first_one_found() -> None:
    s = rank("[A-cups, 9-swords, A-coins]", "[order]")
    result = solve(s)
    assert mistake(s, result, "order", [["9-swords"], ["A-cups", "A-coins"]]) == (
        "You put 9-swords (tier 13) above A-cups (tier 9): the lower the tier, the better the card."
    )
    assert mistake(s, result, "order", [["A-cups"], ["A-coins"], ["9-swords"]]) == (
        "You gave A-cups and A-coins different places, but both are tier 9: equal cards share one."
    )
    assert mistake(s, result, "order", [["A-cups", "A-coins"], ["9-swords"]]) is None


def test_a_play_puzzle_card_is_compared_with_the_best_card_by_result() -> None:
    # play-first-to-reach: North and East have 2 tricks each with two to play. Monsieur first wins trick 8, so
    # North reaches 3 first (NS 1); K-coins loses trick 8 to Madame and East reaches 3 first (EW 1).
    course = load_course([str(ROOT / "scenarios" / "play")], verify=False)
    s = course.scenarios["play-first-to-reach"]
    result = solve(s)
    assert mistake(s, result, "best", ["K-coins"]) == (
        "You chose K-coins: with best play by all after it, EW scores 1. With 3-coins (Monsieur), NS scores 1."
    )
    assert mistake(s, result, "best", ["3-coins"]) is None


def test_an_unreadable_answer_has_no_line() -> None:
    s = trick("[C-cups, K-clubs, 5-swords, 4-coins]")
    assert mistake(s, solve(s), "winner", "the cat") is None


def test_a_wrong_result_for_a_play_puzzle_names_the_value_and_the_best_card() -> None:
    # play-keep-the-run (mordienne on): South won tricks 3 to 7 and leads K-cups; North's 4-coins lets South win
    # tricks 8 and 9 (with Monsieur), a run worth 2 points.
    course = load_course([str(ROOT / "scenarios" / "play")], verify=False)
    s = course.scenarios["play-keep-the-run"]
    result = solve(s)
    assert mistake(s, result, "value", {"team": "NS", "points": 1}) == (
        "You said NS scores 1, but with best play by all NS scores 2: 4-coins is North's best."
    )
    assert mistake(s, result, "value", {"team": "NS", "points": 2}) is None
