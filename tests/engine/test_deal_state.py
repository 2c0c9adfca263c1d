"""rules.md sections 5, 7 and 8: dealing, playing a deal out and scoring it.

Every deal below was worked out trick by trick by hand from rules.md; the comments show the working.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tutor.engine import (
    PACK,
    Card,
    PlayedDeal,
    RuleViolation,
    Seat,
    cards,
    cut,
    deal,
    play_deal,
    score_deal,
    shuffle_and_deal,
)
from tutor.i18n.sentences import render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
X = None  # a spoiled trick


def codes(items: Sequence[Card]) -> list[str]:
    return [str(c) for c in items]


def words(text: str) -> list[str]:
    """Card codes written by hand, separated by spaces."""
    return text.split()


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    """The explanation steps that contain every one of ``parts``."""
    return [s for s in steps if all(p in s for p in parts)]


# --- dealing (section 5) --------------------------------------------------------------------------


def test_deal_three_at_a_time_starting_with_the_eldest() -> None:
    # PACK in canonical order is A..K of coins, then cups, swords, clubs (12 each).
    # North deals; East is the eldest; rounds go E, S, W, N, three cards at a time.
    dealt = deal(PACK, N)
    assert dealt.eldest is E
    assert codes(dealt.hands[E]) == words("A-coins 2-coins 3-coins A-cups 2-cups 3-cups A-swords 2-swords 3-swords")
    assert codes(dealt.hands[S]) == words("4-coins 5-coins 6-coins 4-cups 5-cups 6-cups 4-swords 5-swords 6-swords")
    assert codes(dealt.hands[W]) == words("7-coins 8-coins 9-coins 7-cups 8-cups 9-cups 7-swords 8-swords 9-swords")
    assert codes(dealt.hands[N]) == words("J-coins C-coins K-coins J-cups C-cups K-cups J-swords C-swords K-swords")
    # the talon is the twelve clubs
    assert codes(dealt.talon) == words(
        "A-clubs 2-clubs 3-clubs 4-clubs 5-clubs 6-clubs 7-clubs 8-clubs 9-clubs J-clubs C-clubs K-clubs"
    )
    assert dealt.outcome()["eldest"] == "E"


def test_deal_when_west_deals_north_is_eldest() -> None:
    dealt = deal(PACK, W)
    assert dealt.eldest is N
    assert codes(dealt.hands[N])[:3] == ["A-coins", "2-coins", "3-coins"]
    assert codes(dealt.hands[E])[:3] == ["4-coins", "5-coins", "6-coins"]
    assert codes(dealt.hands[W])[:3] == ["J-coins", "C-coins", "K-coins"]
    assert codes(dealt.hands[W])[3:6] == ["J-cups", "C-cups", "K-cups"]


def test_deal_explanation_names_the_eldest() -> None:
    steps = render_all(deal(PACK, S).explanation)
    assert steps_with(steps, "West", "eldest")
    assert steps_with(steps, "talon", "12")


@pytest.mark.parametrize("bad_pack", [PACK[:47], (*PACK[:47], PACK[0])])
def test_deal_needs_the_whole_pack(bad_pack: tuple[Card, ...]) -> None:
    with pytest.raises(RuleViolation):
        deal(bad_pack, N)


def test_cut_puts_the_lifted_cards_underneath() -> None:
    # lift five cards (A-5 of coins) off the top and put them underneath
    after = cut(PACK, 5)
    assert str(after[0]) == "6-coins"
    assert codes(after[-5:]) == ["A-coins", "2-coins", "3-coins", "4-coins", "5-coins"]
    assert sorted(codes(after)) == sorted(codes(PACK))


@pytest.mark.parametrize("at", [0, 48, -1])
def test_cut_must_lift_some_cards_and_leave_some(at: int) -> None:
    with pytest.raises(RuleViolation):
        cut(PACK, at)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_shuffle_and_deal_gives_nine_each_and_twelve_in_the_talon(seed: int) -> None:
    dealt = shuffle_and_deal(random.Random(seed), E)
    assert {seat: len(hand) for seat, hand in dealt.hands.items()} == {N: 9, E: 9, S: 9, W: 9}
    assert len(dealt.talon) == 12
    every = [c for hand in dealt.hands.values() for c in hand] + list(dealt.talon)
    assert sorted(codes(every)) == sorted(codes(PACK))


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


# --- scoring (section 8) ---------------------------------------------------------------------------


def test_most_tricks_wins_the_point() -> None:
    score = score_deal([N, N, E, S, N, W, N, E, S])  # N 4, E 2, S 2, W 1
    assert score.outcome() == {
        "trick_winners": ["N", "N", "E", "S", "N", "W", "N", "E", "S"],
        "tricks_won": {"N": 4, "E": 2, "S": 2, "W": 1},
        "point_winner": "N",
        "scoring_team": "NS",
        "points": 1,
        "mordienne": False,
    }


def test_partners_do_not_pool_their_tricks() -> None:
    # N 3 + S 3 = 6 for NS, but E alone has 3 and reached it first (trick 3); W has 0.
    score = score_deal([E, E, E, N, N, S, S, N, S])
    assert score.tricks_won == {N: 3, E: 3, S: 3, W: 0}
    assert score.point_winner is E
    assert score.scoring_team is not None and score.scoring_team.value == "EW"


def test_two_way_tie_goes_to_whoever_reached_the_count_first() -> None:
    # N wins tricks 1, 2, 6; E wins 3, 4, 5. Both have 3; E reached 3 at trick 5, N only at trick 6.
    score = score_deal([N, N, E, E, E, N, X, W, S])
    assert score.point_winner is E
    assert score.points == 1
    tie = steps_with(render_all(score.explanation), "first")
    assert tie, render_all(score.explanation)
    assert "East at trick 5" in tie[0]
    assert "North at trick 6" in tie[0]
    assert "East was first" in tie[0]


def test_three_way_tie_goes_to_whoever_reached_the_count_first() -> None:
    # S wins 1 and 6 (reaches 2 at trick 6), W wins 2 and 5 (trick 5), N wins 4 and 7 (trick 7).
    score = score_deal([S, W, X, N, W, S, N, X, X])
    assert score.tricks_won == {N: 2, E: 0, S: 2, W: 2}
    assert score.point_winner is W
    assert score.outcome()["scoring_team"] == "EW"
    tie = steps_with(render_all(score.explanation), "tie")
    assert tie and "West was first" in tie[0], render_all(score.explanation)


def test_four_way_tie_goes_to_whoever_reached_the_count_first() -> None:
    # E wins 1, 4; N wins 2, 3 (reaches 2 at trick 3); S wins 5, 6; W wins 7, 9.
    score = score_deal([E, N, N, E, S, S, W, X, W])
    assert score.tricks_won == {N: 2, E: 2, S: 2, W: 2}
    assert score.point_winner is N
    tie = steps_with(render_all(score.explanation), "first")
    assert tie and "North at trick 3" in tie[0] and "North was first" in tie[0], render_all(score.explanation)


def test_a_deal_of_nothing_but_spoiled_tricks_scores_nothing() -> None:
    for mordienne in (False, True):
        score = score_deal([X] * 9, mordienne)
        assert score.outcome() == {
            "trick_winners": [None] * 9,
            "tricks_won": {"N": 0, "E": 0, "S": 0, "W": 0},
            "point_winner": None,
            "scoring_team": None,
            "points": 0,
            "mordienne": False,
        }
        assert steps_with(render_all(score.explanation), "nobody scores")


def test_one_trick_won_among_spoiled_ones_wins_the_point() -> None:
    score = score_deal([X, X, X, E, X, X, X, X, X])
    assert score.point_winner is E
    assert score.points == 1


@pytest.mark.parametrize("count", [8, 10])
def test_a_deal_has_nine_tricks(count: int) -> None:
    with pytest.raises(RuleViolation):
        score_deal([N] * count)


# --- mordienne -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "winners",
    [
        [E, E, E, E, N, N, N, N, N],  # the seeds' example: lose four, win five
        [E, S, W, X, N, N, N, N, N],  # the first four went to three players and one was spoiled
        [X, X, E, N, N, N, N, N, N],  # spoiled tricks BEFORE the first win do not break it
        [X, N, N, N, N, N, N, N, N],  # the first trick was spoiled, so North did not win it
    ],
)
def test_mordienne_runs_are_worth_two_when_the_rule_is_on(winners: list[Seat | None]) -> None:
    on = score_deal(winners, mordienne=True)
    assert on.point_winner is N
    assert on.points == 2
    assert on.outcome()["mordienne"] is True
    assert steps_with(render_all(on.explanation), "mordienne", "2")
    off = score_deal(winners, mordienne=False)
    assert off.point_winner is N
    assert off.points == 1
    assert off.outcome()["mordienne"] is False


def test_a_lone_ninth_trick_after_eight_spoiled_ones_is_a_mordienne() -> None:
    # Literal reading of section 8: South did not win trick 1, won nothing before trick 9, then won
    # every remaining trick (just the ninth).
    score = score_deal([X, X, X, X, X, X, X, X, S], mordienne=True)
    assert score.point_winner is S
    assert score.points == 2


def test_winning_all_nine_from_the_first_trick_is_not_a_mordienne() -> None:
    score = score_deal([N] * 9, mordienne=True)
    assert score.point_winner is N
    assert score.points == 1
    assert score.mordienne is False
    assert steps_with(render_all(score.explanation), "No mordienne", "first trick")


def test_a_spoiled_trick_after_the_first_win_breaks_the_mordienne() -> None:
    score = score_deal([E, E, E, N, N, X, N, N, N], mordienne=True)  # N 5, E 3
    assert score.point_winner is N
    assert score.points == 1
    assert score.outcome()["mordienne"] is False
    assert steps_with(render_all(score.explanation), "No mordienne", "trick 6", "spoiled")


def test_another_players_trick_after_the_first_win_breaks_the_mordienne() -> None:
    score = score_deal([E, N, N, N, S, N, N, N, N], mordienne=True)  # N 7
    assert score.point_winner is N
    assert score.points == 1
    assert score.outcome()["mordienne"] is False
    assert steps_with(render_all(score.explanation), "No mordienne", "trick 5", "South")


def test_losing_the_ninth_trick_breaks_the_mordienne() -> None:
    score = score_deal([E, N, N, N, N, N, N, N, W], mordienne=True)
    assert score.point_winner is N
    assert score.points == 1


def test_the_run_counts_only_for_the_point_winner() -> None:
    # E wins 1-4, trick 5 is spoiled, N wins 6-9: both have 4; E reached 4 at trick 4, N at trick 9.
    # North's tricks have the mordienne shape, but East takes the point and East won trick 1.
    score = score_deal([E, E, E, E, X, N, N, N, N], mordienne=True)
    assert score.point_winner is E
    assert score.scoring_team is not None and score.scoring_team.value == "EW"
    assert score.points == 1
    assert score.outcome()["mordienne"] is False


def test_the_point_winner_with_the_run_is_the_one_who_scores_double() -> None:
    # W wins 1-3, N wins 5-9: N has 5, the most, and the run.
    score = score_deal([W, W, W, X, N, N, N, N, N], mordienne=True)
    assert score.point_winner is N
    assert score.points == 2
    assert score.outcome()["scoring_team"] == "NS"
