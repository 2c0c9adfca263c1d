"""rules.md section 9: a game of five deals. The deal passes left; equal points is a drawn game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tutor.engine import DealPoint, RuleViolation, Seat, Team, dealers, play_game, score_deal
from tutor.i18n.sentences import render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
X = None


def steps_with(steps: Sequence[str], *parts: str) -> list[str]:
    return [s for s in steps if all(p in s for p in parts)]


@pytest.mark.parametrize(
    ("first", "expected"),
    [(N, "NESWN"), (E, "ESWNE"), (S, "SWNES"), (W, "WNESW")],
)
def test_dealers_pass_left_and_the_first_dealer_deals_the_fifth(first: Seat, expected: str) -> None:
    assert [seat.value for seat in dealers(first)] == list(expected)


def test_scores_and_winner() -> None:
    game = play_game(E, [DealPoint(NS, 1), DealPoint(EW, 2), DealPoint(None, 0), DealPoint(NS, 1), DealPoint(EW, 1)])
    assert game.outcome() == {"dealers": ["E", "S", "W", "N", "E"], "scores": {"NS": 2, "EW": 3}, "winner": "EW"}
    assert steps_with(render_all(game.explanation), "EW", "wins")


def test_equal_points_is_a_drawn_game() -> None:
    game = play_game(N, [DealPoint(NS, 1), DealPoint(EW, 1), DealPoint(None, 0), DealPoint(NS, 2), DealPoint(EW, 2)])
    outcome = game.outcome()
    assert outcome["scores"] == {"NS": 3, "EW": 3}
    assert outcome["winner"] is None
    assert steps_with(render_all(game.explanation), "drawn")


def test_nobody_scoring_in_five_deals_is_a_drawn_game() -> None:
    game = play_game(S, [DealPoint(None, 0)] * 5)
    assert game.outcome() == {"dealers": ["S", "W", "N", "E", "S"], "scores": {"NS": 0, "EW": 0}, "winner": None}


def test_deals_given_as_scored_tricks() -> None:
    deals = [
        score_deal([N] * 9),  # NS 1
        score_deal([E, E, E, E, N, N, N, N, N], mordienne=True),  # N's mordienne: NS 2
        score_deal([X] * 9),  # nobody
        score_deal([W, W, E, E, E, W, X, X, X]),  # W and E tie at 3, E first: EW 1
        score_deal([S, E, W, W, X, X, X, X, X]),  # W 2: EW 1
    ]
    game = play_game(W, deals)
    assert game.outcome() == {"dealers": ["W", "N", "E", "S", "W"], "scores": {"NS": 3, "EW": 2}, "winner": "NS"}


def test_the_explanation_keeps_a_running_score() -> None:
    game = play_game(N, [DealPoint(EW, 2), DealPoint(NS, 1), DealPoint(None, 0), DealPoint(NS, 1), DealPoint(NS, 1)])
    assert steps_with(render_all(game.explanation), "Deal 1", "North", "EW scores 2")
    assert steps_with(render_all(game.explanation), "Deal 3", "South", "nobody scores")
    assert steps_with(render_all(game.explanation), "Deal 5", "North")
    assert game.winner is NS


@pytest.mark.parametrize("count", [4, 6])
def test_a_game_is_five_deals(count: int) -> None:
    with pytest.raises(RuleViolation):
        play_game(N, [DealPoint(NS, 1)] * count)


@pytest.mark.parametrize("points", [3, -1, 4])
def test_a_deal_is_worth_zero_one_or_two_points(points: int) -> None:
    with pytest.raises(RuleViolation):
        DealPoint(NS, points)


def test_points_without_a_team_are_rejected() -> None:
    with pytest.raises(RuleViolation):
        DealPoint(None, 1)


def test_a_scoring_team_with_zero_points_is_rejected() -> None:
    with pytest.raises(RuleViolation):
        DealPoint(EW, 0)


@pytest.mark.parametrize(("team", "points"), [(None, 0), (NS, 1), (EW, 2)])
def test_valid_deal_points(team: Team | None, points: int) -> None:
    point = DealPoint(team, points)
    assert (point.team, point.points) == (team, points)
