"""The coach after a deal: each of the learner's decisions judged by the hint, the one-line why from the
trick's facts (hand-worked positions), and "Practise this position" as a solver-checked ``play`` puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content.course import load_course
from tutor.engine.cards import Card, parse_card
from tutor.engine.deal_state import DealState
from tutor.engine.errors import RuleViolation
from tutor.engine.seats import Seat
from tutor.i18n.sentences import render
from tutor.play import coach
from tutor.play.match import LEARNER, DealRecord, Match


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


def position(leader: Seat, current: str, south: str) -> tuple[DealState, DealRecord]:
    """South to play in the first trick, after ``current`` (from ``leader``); the other hands are fillers."""
    fillers = iter(cards("A-swords A-clubs K-swords K-clubs C-swords C-clubs J-swords J-clubs 8-swords 8-coins"))
    hands: dict[Seat, tuple[Card, ...]] = {seat: () for seat in Seat}
    hands[LEARNER] = cards(south)
    for seat, c in zip(leader.clockwise_from(), cards(current), strict=False):
        hands[seat] = (c, next(fillers))
    for seat in Seat:
        if not hands[seat]:
            hands[seat] = (next(fillers), next(fillers))
    played = cards(current)
    state = DealState(Seat.W, {s: tuple(c for c in h if c not in played) for s, h in hands.items()}, (), played, leader)
    assert state.to_play is LEARNER
    deal = DealRecord(1, Seat.W, {s: h for s, h in hands.items()}, ())
    return state, deal


def why(leader: Seat, current: str, south: str, played: str, best: str) -> str:
    state, deal = position(leader, current, south)
    return render(coach.why(state, parse_card(played), parse_card(best), deal))


def test_overtaking_a_partner_who_was_winning() -> None:
    # North (partner) leads A-coins (tier 9), East plays 5-cups (17): South's Madame (2) takes it over, 4-clubs doesn't.
    assert why(Seat.N, "A-coins 5-cups", "3-cups 4-clubs", "3-cups", "4-clubs") == (
        "Your partner's A-coins was already winning the trick: 3-cups (Madame) spends a higher card on it, "
        "4-clubs does not."
    )


def test_beating_the_opponent_s_card() -> None:
    # East leads K-coins (10): Madame (2) beats it, 5-clubs (17) does not.
    assert why(Seat.E, "K-coins", "3-cups 5-clubs", "5-clubs", "3-cups") == (
        "3-cups (Madame) beats K-coins, East's card that was winning the trick; 5-clubs does not."
    )


def test_a_tie_spoils_where_a_higher_card_wins() -> None:
    assert why(Seat.E, "K-coins", "3-cups K-cups", "K-cups", "3-cups") == (
        "K-cups only ties K-coins and spoils the trick; 3-cups (Madame) beats it."
    )


def test_a_cheaper_card_also_wins() -> None:
    # East leads 6-cups (16): 8-clubs (14) beats it as well as Petit-neuf (6) does.
    assert why(Seat.E, "6-cups", "9-coins 8-clubs", "9-coins", "8-clubs") == (
        "8-clubs also beats East's 6-cups and keeps 9-coins (Petit-neuf), the higher card, for later."
    )


def test_letting_a_trick_go_to_keep_a_high_card() -> None:
    # 4-clubs (18) does not beat 6-cups (16); Petit-neuf does: the estimate preferred to hold it.
    assert why(Seat.E, "6-cups", "9-coins 4-clubs", "9-coins", "4-clubs") == (
        "9-coins (Petit-neuf) takes this trick from East's 6-cups; 4-clubs lets it go and keeps 9-coins "
        "(Petit-neuf) for a later trick."
    )


def test_a_trick_lost_either_way_costs_the_lower_card() -> None:
    # East leads Monsieur: nothing beats it; Madame is wasted where 4-clubs does the same.
    assert why(Seat.E, "3-coins", "3-cups 4-clubs", "3-cups", "4-clubs") == (
        "3-cups (Madame) does not win this trick either, so 4-clubs, a lower card, does the same job and keeps "
        "3-cups (Madame) for later."
    )


def test_leading_a_sure_winner_or_a_low_card() -> None:
    # South leads and holds Monsieur, the highest card: sure; Petit-neuf can be beaten by unseen Madame.
    assert why(LEARNER, "", "3-coins 9-coins", "9-coins", "3-coins") == (
        "3-coins (Monsieur) is higher than every card you cannot see, a sure trick; 9-coins (Petit-neuf) can be beaten."
    )
    assert why(LEARNER, "", "K-coins 4-clubs", "K-coins", "4-clubs") == (
        "Leading 4-clubs keeps K-coins, the higher card, for a later trick."
    )


# --- a whole deal, fixed seed -------------------------------------------------------------------------------


def first_card_deal(seed: int) -> Match:
    """Deal 1 of game ``seed``, the learner refusing the chant, giving no signal, always playing the first card."""
    match = Match.start(seed=seed)
    match.next_deal()
    match.learner_agrees(False)
    match.learner_signals([])
    while match.phase == "play":
        match.learner_plays(match.legal_cards()[0])
    return match


def test_every_choice_of_the_learner_is_reviewed_in_order() -> None:
    match = first_card_deal(20)
    deal = match.deal
    assert deal is not None
    decisions = coach.review(match)
    state = DealState.start(deal.dealer, deal.hands)
    mine = []
    for c in deal.plays:
        if state.to_play is LEARNER:
            mine.append((len(state.tricks) + 1, c))
        state = state.play(c)
    # The last trick (one card left) is no choice, and nor is a hand of one tier.
    assert [(d.trick, d.played) for d in decisions] == [t for t in mine if t[0] < 9][: len(decisions)]
    assert len(decisions) >= 6
    for d in decisions:
        assert d.chances[d.best] == max(d.chances.values()) and d.played in d.chances
        assert (d.why is not None) == d.large
    # Trick 3: East led 6-cups and South played Petit-neuf; 8-clubs (tier 14) beat 6-cups (16) too.
    third = next(d for d in decisions if d.trick == 3)
    assert third.played == parse_card("9-coins") and third.large
    assert render(third.step).startswith("Trick 3: you played 9-coins (Petit-neuf): ")
    assert third.why is not None and third.why.msg == "coach.why.cheaper"


def test_a_position_is_saved_as_a_play_puzzle_the_solver_checks(tmp_path: Path) -> None:
    match = first_card_deal(20)
    decisions = coach.review(match)
    late = next(d for d in decisions if d.tricks_left <= 5)
    path = coach.save_puzzle(late, False, tmp_path)
    assert path.name.startswith("position-") and path.parent == tmp_path
    course = load_course([str(tmp_path)], verify=True)
    assert course.problems == ()
    (scenario,) = course.scenarios.values()
    assert scenario.kind == "play"
    hands = {seat: set(late.state.hands[seat]) for seat in Seat}
    assert {seat: set(h) for seat, h in scenario.setup.hands.items()} == hands  # type: ignore[union-attr]
    again = coach.save_puzzle(late, False, tmp_path)
    assert again != path  # never overwrites
    early = next(d for d in decisions if d.tricks_left > coach.PUZZLE_TRICKS)
    with pytest.raises(RuleViolation, match="tricks left"):
        coach.save_puzzle(early, False, tmp_path)
