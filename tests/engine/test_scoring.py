"""Scoring a deal (tutor/engine/scoring.py, rules.md section 8): the most tricks win the point, a tie goes to
whoever reached the count first, and the mordienne is worth two.

Every result below is worked out by hand from rules.md; the comments show the working.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import CLOCKWISE, MODEST, TITLES, expected_score, seats

from tutor.engine import RuleViolation, Seat, score_deal
from tutor.i18n.sentences import render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
X = None  # a spoiled trick


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    """The explanation steps that contain every one of ``parts``."""
    return [s for s in steps if all(p in s for p in parts)]


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


# --- random trick results, against rules.md restated (tests/rules_restated.py) ----------------------------

results = st.sampled_from([*CLOCKWISE, None])


@st.composite
def trick_results(draw: st.DrawFn) -> list[str | None]:
    """Nine trick results; half the time shaped like a mordienne so that that case is exercised."""
    if draw(st.booleans()):
        return draw(st.lists(results, min_size=9, max_size=9))
    seat = draw(seats)
    start = draw(st.integers(0, 8))
    before = draw(st.lists(results, min_size=start, max_size=start))
    return [*before, *([seat] * (9 - start))]


@MODEST
@given(winners=trick_results(), rule=st.booleans())
def test_scoring_follows_the_tie_break_and_the_mordienne(winners: list[str | None], rule: bool) -> None:
    score = score_deal([None if w is None else Seat(w) for w in winners], mordienne=rule)
    outcome = score.outcome()
    point_winner, points, mordienne = expected_score(winners, rule)
    assert outcome["point_winner"] == point_winner
    assert outcome["points"] == points
    assert outcome["mordienne"] is mordienne
    assert (outcome["points"] == 0) is all(w is None for w in winners)
    if point_winner is not None:
        counts = {seat: winners.count(seat) for seat in CLOCKWISE}
        tied = [seat for seat in CLOCKWISE if counts[seat] == counts[point_winner]]
        if len(tied) > 1:
            assert steps_with(render_all(score.explanation), f"{TITLES[point_winner]} was first")
