"""A deal played card by card (tutor/engine/deal_state.py, rules.md section 7): who leads and wins each trick,
any card of the hand may be played, the trick under way, and a malformed deal as one located error.

Every deal below was worked out trick by trick by hand from rules.md; the comments show the working.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import (
    CLOCKWISE,
    MODEST,
    TITLES,
    clockwise_from,
    expected_score,
    expected_trick,
    left_of,
    packs,
    seat_letter,
    seats,
)

from tutor.engine import (
    PACK,
    Card,
    DealState,
    PlayedDeal,
    RuleViolation,
    Seat,
    card,
    cards,
    cut,
    deal,
    play_deal,
)
from tutor.i18n.sentences import render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    """The explanation steps that contain every one of ``parts``."""
    return [s for s in steps if all(p in s for p in parts)]


# --- a deal played out (section 7) ------------------------------------------------------------------

# Deal A. North deals, East (eldest) leads the first trick.
#  1 E leads: E 4-coins(18) S A-coins(9) W 5-coins(17) N 6-coins(16)         -> S wins
#  2 S leads: S K-coins(10) W K-cups(10) N 7-coins(15) E 8-coins(14)         -> spoiled, S again
#  3 S leads: S 4-cups(18) W 3-coins(1) N 5-cups(17) E 6-cups(16)            -> W wins
#  4 W leads: W 7-cups(15) N 8-cups(14) E 3-cups(2) S 9-swords(13)           -> E wins
#  5 E leads: E 2-coins(3) S 4-swords(18) W 5-swords(17) N 6-swords(16)      -> E wins
#  6 E leads: E 7-swords(15) S 8-swords(14) W J-coins(12) N C-coins(11)      -> N wins
#  7 N leads: N 2-cups(4) E 9-clubs(13) S 4-clubs(18) W 5-clubs(17)          -> N wins
#  8 N leads: N 6-clubs(16) E 7-clubs(15) S 8-clubs(14) W A-swords(9)        -> W wins
#  9 W leads: W 3-swords(19) N 3-clubs(19) E J-swords(12) S J-clubs(12)      -> spoiled (jacks)
# Tricks: N 2, E 2, S 1, W 2. N, E and W tie at 2; E reached 2 at trick 5, N at 7, W at 8: East.
DEAL_A_HANDS = {
    E: "4-coins 8-coins 6-cups 3-cups 2-coins 7-swords 9-clubs 7-clubs J-swords",
    S: "A-coins K-coins 4-cups 9-swords 4-swords 8-swords 4-clubs 8-clubs J-clubs",
    W: "5-coins K-cups 3-coins 7-cups 5-swords J-coins 5-clubs A-swords 3-swords",
    N: "6-coins 7-coins 5-cups 8-cups 6-swords C-coins 2-cups 6-clubs 3-clubs",
}
DEAL_A_PLAYS = [
    "4-coins A-coins 5-coins 6-coins",
    "K-coins K-cups 7-coins 8-coins",
    "4-cups 3-coins 5-cups 6-cups",
    "7-cups 8-cups 3-cups 9-swords",
    "2-coins 4-swords 5-swords 6-swords",
    "7-swords 8-swords J-coins C-coins",
    "2-cups 9-clubs 4-clubs 5-clubs",
    "6-clubs 7-clubs 8-clubs A-swords",
    "3-swords 3-clubs J-swords J-clubs",
]


def hands_of(texts: dict[Seat, str]) -> dict[Seat, list[Card]]:
    return {seat: list(cards(text)) for seat, text in texts.items()}


def plays_of(texts: Sequence[str]) -> list[list[Card]]:
    return [list(cards(text)) for text in texts]


def play_deal_a(mordienne: bool = False) -> PlayedDeal:
    return play_deal(N, hands_of(DEAL_A_HANDS), plays_of(DEAL_A_PLAYS), mordienne)


def test_deal_a_leaders_winners_and_point() -> None:
    outcome = play_deal_a().outcome()
    assert outcome == {
        "trick_winners": ["S", None, "W", "E", "E", "N", "N", "W", None],
        "tricks_won": {"N": 2, "E": 2, "S": 1, "W": 2},
        "point_winner": "E",
        "scoring_team": "EW",
        "points": 1,
        "mordienne": False,
        "leaders": ["E", "S", "S", "W", "E", "E", "N", "N", "W"],
    }


def test_deal_a_eldest_leads_first_and_spoiled_trick_keeps_the_leader() -> None:
    played = play_deal_a()
    assert played.leaders[0] is E  # dealer North's left
    assert played.tricks[1].spoiled
    assert played.leaders[1] is played.leaders[2] is S  # same leader after the spoiled trick 2
    # after every won trick the winner leads next
    for before, after in zip(played.tricks, played.leaders[1:], strict=False):
        assert after is (before.winner or before.leader)


def test_deal_a_explanation_spoiled_trick_and_tie_break() -> None:
    steps = render_all(play_deal_a().explanation)
    spoiled = steps_with(steps, "Trick 2", "K-coins", "K-cups", "spoiled")
    assert spoiled, steps
    assert "South leads again" in spoiled[0]
    tie = steps_with(steps, "tie", "first")
    assert tie, steps
    assert "East at trick 5" in tie[0]
    assert "North at trick 7" in tie[0]
    assert "West at trick 8" in tie[0]
    assert "East was first" in tie[0]
    assert steps_with(steps, "North deals", "East", "eldest")


def test_same_hands_with_another_dealer_change_who_leads() -> None:
    # With West dealing, North is eldest; North must lead, so playing East's 4-coins first fails.
    with pytest.raises(RuleViolation) as caught:
        play_deal(W, hands_of(DEAL_A_HANDS), plays_of(DEAL_A_PLAYS))
    assert caught.value.path == ("plays", 0, 0)


# Deal B: North loses the first four tricks, then wins the last five (the seeds' mordienne).
#  1 E leads: E A-coins(9) S 4-coins W 5-coins N 6-coins            -> E
#  2 E leads: E 7-coins S K-coins(10) W 8-coins N 4-cups            -> S
#  3 S leads: S 5-cups W J-coins(12) N 6-cups E 7-cups              -> W
#  4 W leads: W 4-swords(18) N 5-swords(17) E 6-swords(16) S 7-swords(15) -> S
#  5 S leads: S 8-swords W 8-cups N 3-coins(1) E 9-swords           -> N
#  6 N leads: N 3-cups(2) E 8-clubs S 7-clubs W 6-clubs             -> N
#  7 N leads: N 2-coins(3) E 5-clubs S 4-clubs W 3-swords           -> N
#  8 N leads: N 2-cups(4) E 3-clubs S J-cups(12) W J-swords(12)     -> N (the jacks' tie is not the best)
#  9 N leads: N 9-cups(5) E A-swords S A-cups W A-clubs             -> N (the aces' tie is not the best)
DEAL_B = [
    (E, "A-coins 4-coins 5-coins 6-coins"),
    (E, "7-coins K-coins 8-coins 4-cups"),
    (S, "5-cups J-coins 6-cups 7-cups"),
    (W, "4-swords 5-swords 6-swords 7-swords"),
    (S, "8-swords 8-cups 3-coins 9-swords"),
    (N, "3-cups 8-clubs 7-clubs 6-clubs"),
    (N, "2-coins 5-clubs 4-clubs 3-swords"),
    (N, "2-cups 3-clubs J-cups J-swords"),
    (N, "9-cups A-swords A-cups A-clubs"),
]


def hands_from(tricks: Sequence[tuple[Seat, str]]) -> dict[Seat, list[Card]]:
    """Give each card to the seat that plays it, clockwise from the hand-worked leader."""
    hands: dict[Seat, list[Card]] = {seat: [] for seat in (N, E, S, W)}
    for leader, text in tricks:
        for seat, c in zip(leader.clockwise_from(), cards(text), strict=True):
            hands[seat].append(c)
    return hands


def play_deal_b(mordienne: bool) -> PlayedDeal:
    return play_deal(N, hands_from(DEAL_B), [list(cards(text)) for _, text in DEAL_B], mordienne)


def test_deal_b_losing_four_then_winning_five_is_a_mordienne_worth_two() -> None:
    played = play_deal_b(mordienne=True)
    outcome = played.outcome()
    assert outcome["leaders"] == [seat.value for seat, _ in DEAL_B]
    assert outcome["trick_winners"] == ["E", "S", "W", "S", "N", "N", "N", "N", "N"]
    assert outcome["tricks_won"] == {"N": 5, "E": 1, "S": 2, "W": 1}
    assert outcome["point_winner"] == "N"
    assert outcome["scoring_team"] == "NS"
    assert outcome["points"] == 2
    assert outcome["mordienne"] is True
    assert steps_with(render_all(played.explanation), "mordienne", "2")


def test_deal_b_without_the_mordienne_rule_is_worth_one() -> None:
    played = play_deal_b(mordienne=False)
    outcome = played.outcome()
    assert outcome["point_winner"] == "N"
    assert outcome["points"] == 1
    assert outcome["mordienne"] is False
    # the explanation may point out the run, but must say the point stays at 1
    assert steps_with(render_all(played.explanation), "NS scores 1 point")


# --- validation errors carry a path ----------------------------------------------------------------


def violation(hands: dict[Seat, list[Card]], plays: list[list[Card]]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        play_deal(N, hands, plays)
    return caught.value


def test_a_card_nobody_holds_is_located_in_the_plays() -> None:
    plays = plays_of(DEAL_A_PLAYS)
    plays[2][1] = cards("2-swords")[0]  # West's card in trick 3; nobody holds 2-swords
    error = violation(hands_of(DEAL_A_HANDS), plays)
    assert error.path == ("plays", 2, 1)
    assert "2-swords" in error.message


def test_a_card_held_by_another_player_is_located_in_the_plays() -> None:
    plays = plays_of(DEAL_A_PLAYS)
    plays[0][1] = cards("8-coins")[0]  # South plays East's 8-coins in trick 1
    error = violation(hands_of(DEAL_A_HANDS), plays)
    assert error.path == ("plays", 0, 1)
    assert "8-coins" in error.message


def test_a_card_played_twice_is_located_in_the_plays() -> None:
    plays = plays_of(DEAL_A_PLAYS)
    plays[1][0] = cards("A-coins")[0]  # South already played A-coins in trick 1
    error = violation(hands_of(DEAL_A_HANDS), plays)
    assert error.path == ("plays", 1, 0)
    assert "A-coins" in error.message
    assert "already played" in error.message


def test_a_card_held_twice_in_one_hand_is_located_in_the_hands() -> None:
    hands = hands_of(DEAL_A_HANDS)
    hands[E][3] = hands[E][0]  # East holds 4-coins twice
    error = violation(hands, plays_of(DEAL_A_PLAYS))
    assert error.path == ("hands", "E", 3)
    assert "4-coins" in error.message


def test_a_card_held_by_two_players_is_located_in_the_hands() -> None:
    hands = hands_of(DEAL_A_HANDS)
    hands[E][3] = hands[N][0]  # 6-coins held by North and by East
    error = violation(hands, plays_of(DEAL_A_PLAYS))
    assert error.path in {("hands", "E", 3), ("hands", "N", 0)}
    assert "6-coins" in error.message


def test_a_hand_of_eight_cards_is_rejected() -> None:
    hands = hands_of(DEAL_A_HANDS)
    hands[E] = hands[E][:8]
    error = violation(hands, plays_of(DEAL_A_PLAYS))
    assert error.path == ("hands", "E")


def test_a_hand_of_ten_cards_is_rejected() -> None:
    hands = hands_of(DEAL_A_HANDS)
    hands[S] = [*hands[S], cards("2-swords")[0]]
    error = violation(hands, plays_of(DEAL_A_PLAYS))
    assert error.path == ("hands", "S")


def test_a_missing_hand_is_rejected() -> None:
    hands = hands_of(DEAL_A_HANDS)
    del hands[W]
    error = violation(hands, plays_of(DEAL_A_PLAYS))
    assert error.path[:1] == ("hands",)


def test_eight_tricks_are_rejected() -> None:
    error = violation(hands_of(DEAL_A_HANDS), plays_of(DEAL_A_PLAYS)[:8])
    assert error.path == ("plays",)


def test_a_trick_of_three_cards_is_rejected() -> None:
    plays = plays_of(DEAL_A_PLAYS)
    plays[4] = plays[4][:3]
    error = violation(hands_of(DEAL_A_HANDS), plays)
    assert error.path == ("plays", 4)


# --- any card may be played -----------------------------------------------------------------------

HANDS = {
    Seat.E: "4-coins 8-coins 6-cups 3-cups 2-coins 7-swords 9-clubs 7-clubs J-swords",
    Seat.S: "A-coins K-coins 4-cups 9-swords 4-swords 8-swords 4-clubs 8-clubs J-clubs",
    Seat.W: "5-coins K-cups 3-coins 7-cups 5-swords J-coins 5-clubs A-swords 3-swords",
    Seat.N: "6-coins 7-coins 5-cups 8-cups 6-swords C-coins 2-cups 6-clubs 3-clubs",
}


def start_state() -> DealState:
    return DealState.start(Seat.N, {seat: list(cards(text)) for seat, text in HANDS.items()})


def test_legal_cards_are_the_whole_hand_at_every_turn() -> None:
    state = start_state()
    assert state.to_play is Seat.E  # North deals, East is the eldest
    assert set(state.legal_cards()) == set(cards(HANDS[Seat.E]))
    # East leads a coin; South may play anything, including cards of other suits
    state = state.play(card("4-coins"))
    assert set(state.legal_cards()) == set(cards(HANDS[Seat.S]))
    # South plays a cup although holding coins: no duty to follow suit
    state = state.play(card("4-cups"))
    assert set(state.legal_cards()) == set(cards(HANDS[Seat.W]))
    # West plays a card that does not beat anything: no duty to beat either
    state = state.play(card("3-swords"))
    assert set(state.legal_cards()) == set(cards(HANDS[Seat.N]))
    state = state.play(card("3-clubs"))
    # 4-cups and 4-coins share tier 18 and nothing beats them: spoiled, East leads again
    assert state.tricks[-1].spoiled
    assert state.to_play is Seat.E
    assert set(state.legal_cards()) == set(cards(HANDS[Seat.E])) - {card("4-coins")}


def test_a_card_not_in_hand_cannot_be_played() -> None:
    state = start_state()
    with pytest.raises(RuleViolation) as caught:
        state.play(card("A-coins"))  # South's card, but East is to play
    assert "A-coins" in caught.value.message


# --- the trick under way ------------------------------------------------------------------------------


def test_current_plays_pairs_each_card_with_its_player_from_the_leader() -> None:
    hands = {seat: tuple(PACK[9 * n : 9 * n + 9]) for n, seat in enumerate(Seat)}
    state = DealState.start(Seat.S, hands)  # West is eldest and leads
    assert state.current_plays == ()
    state = state.play(hands[Seat.W][0]).play(hands[Seat.N][3])
    assert state.current_plays == ((Seat.W, hands[Seat.W][0]), (Seat.N, hands[Seat.N][3]))
    state = state.play(hands[Seat.E][0]).play(hands[Seat.S][0])
    assert state.current_plays == (), "a finished trick is no longer under way"


# --- random deals played to the end, against rules.md restated (tests/rules_restated.py) ------------------


@MODEST
@given(pack=packs, at=st.integers(1, 47), dealer=seats, chooser=st.randoms(use_true_random=False), rule=st.booleans())
def test_random_deal_played_to_the_end_follows_the_rules(
    pack: list[Card], at: int, dealer: str, chooser: random.Random, rule: bool
) -> None:
    # dealing: 3-3-3 from the eldest, 12 left in the talon
    cut_pack = cut(pack, at)
    assert list(cut_pack) == [*pack[at:], *pack[:at]]
    dealt = deal(cut_pack, Seat(dealer))
    eldest = left_of(dealer)
    order = clockwise_from(eldest)
    for k, seat in enumerate(order):
        rounds = (cut_pack[12 * r + 3 * k : 12 * r + 3 * k + 3] for r in range(3))
        expected_hand = [c for three in rounds for c in three]
        assert list(dealt.hands[Seat(seat)]) == expected_hand
    assert list(dealt.talon) == list(cut_pack[36:])
    every = [c for hand in dealt.hands.values() for c in hand] + list(dealt.talon)
    assert len(every) == 48
    assert set(every) == set(PACK)

    # play nine tricks with random choices, predicting every turn independently
    state = DealState.start(Seat(dealer), dealt.hands)
    remaining = {seat: set(dealt.hands[Seat(seat)]) for seat in CLOCKWISE}
    played: dict[str, list[Card]] = {seat: [] for seat in CLOCKWISE}
    plays: list[list[Card]] = []
    leaders: list[str] = []
    winners: list[str | None] = []
    leader = eldest
    for _ in range(9):
        leaders.append(leader)
        trick_cards: list[Card] = []
        for seat in clockwise_from(leader):
            assert state.to_play.value == seat
            assert set(state.legal_cards()) == remaining[seat]  # any card in hand may be played
            choice = chooser.choice(sorted(remaining[seat], key=str))
            state = state.play(choice)
            remaining[seat].remove(choice)
            played[seat].append(choice)
            trick_cards.append(choice)
        plays.append(trick_cards)
        winner, leader = expected_trick(leaders[-1], trick_cards)
        trick = state.tricks[-1]
        assert seat_letter(trick.winner) == winner
        assert trick.spoiled is (winner is None)
        assert trick.next_leader.value == leader
        winners.append(winner)

    assert state.finished
    assert len(state.tricks) == 9
    assert state.legal_cards() == ()
    for seat in CLOCKWISE:
        assert len(played[seat]) == 9
        assert sorted(played[seat], key=str) == sorted(dealt.hands[Seat(seat)], key=str)
        assert state.played_by(Seat(seat)) == played[seat]
        assert remaining[seat] == set()

    # replaying the same cards through play_deal gives the same deal, scored per section 8
    replay = play_deal(Seat(dealer), dealt.hands, plays, mordienne=rule)
    outcome = replay.outcome()
    assert outcome["leaders"] == leaders
    assert outcome["trick_winners"] == winners
    assert [seat_letter(t.winner) for t in replay.tricks] == [seat_letter(t.winner) for t in state.tricks]
    assert outcome["tricks_won"] == {seat: winners.count(seat) for seat in CLOCKWISE}
    point_winner, points, mordienne = expected_score(winners, rule)
    assert outcome["point_winner"] == point_winner
    assert outcome["points"] == points
    assert outcome["points"] in (0, 1, 2)
    assert outcome["mordienne"] is mordienne
    assert outcome["scoring_team"] == (None if point_winner is None else ("NS" if point_winner in "NS" else "EW"))

    # the explanation agrees with the outcome
    steps = render_all(replay.explanation)
    for number, winner in enumerate(winners, start=1):
        line = steps_with(steps, f"Trick {number}:")
        assert len(line) == 1
        assert ("spoiled" in line[0]) is (winner is None)
        if winner is not None:
            assert TITLES[winner] in line[0]
    if point_winner is None:
        assert steps_with(steps, "nobody scores")
    else:
        assert steps_with(steps, TITLES[point_winner], "point")
    if points == 2:
        assert steps_with(steps, "mordienne")
