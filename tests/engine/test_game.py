"""A game of five deals (tutor/engine/game.py, rules.md section 9): the deal passes left, equal points is a drawn
game, and the game's lines say why a deal's run is no mordienne."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_restated import MODEST, clockwise_from, seats

from tutor.content.scenario import load_scenario
from tutor.content.solve import solve
from tutor.engine import DealPoint, Explained, RuleViolation, Seat, Team, dealers, play_game, score_deal
from tutor.engine.steps import Step
from tutor.i18n.sentences import render, render_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
ROOT = Path(__file__).resolve().parents[2]
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


# --- a game says why a deal's run is no mordienne ---------------------------------------------------------


def solved(scenario_id: str) -> Explained:
    (path,) = (ROOT / "scenarios").rglob(f"{scenario_id}.yaml")
    return solve(load_scenario(path))


def test_a_game_says_the_spoiled_fifth_trick_broke_norths_run() -> None:
    # Deal 4 of game-run-broken-by-spoiled: tricks W, N, N, N, spoiled, N, N, N, N with mordienne on.
    # North has 7 tricks, the point; the first win is trick 2, the spoiled trick 5 breaks the run, so 1 point.
    game = solved("game-run-broken-by-spoiled")
    fourth = next(s for s in game.explanation if s.msg == "game.deal" and s.param("number") == 4)
    assert render(fourth) == (
        "Deal 4 (West deals): North won the most tricks (7), but no mordienne: after North's first win (trick 2), "
        "trick 5 was spoiled, which breaks the run, so NS scores 1. NS 2, EW 2."
    )
    why = fourth.param("why")
    assert isinstance(why, Step) and why.msg == "score.summary.no_mordienne"
    reason = why.param("reason")
    assert isinstance(reason, Step) and reason.msg == "mordienne.broken.spoiled" and reason.param("breaker") == 5


def test_a_game_names_the_player_whose_trick_broke_a_run() -> None:
    # South wins trick 3, then tricks 4-9 except trick 7, which East takes: 6 tricks, no mordienne.
    broken = score_deal([N, None, S, S, S, S, E, S, S], mordienne=True)
    game = play_game(Seat.N, [broken, *[DealPoint(None, 0)] * 4])
    assert render(game.explanation[1]) == (
        "Deal 1 (North deals): South won the most tricks (6), but no mordienne: after South's first win "
        "(trick 3), trick 7 went to East, which breaks the run, so NS scores 1. NS 1, EW 0."
    )


def test_a_game_without_the_mordienne_rule_says_nothing_of_it() -> None:
    plain = score_deal([N, None, S, S, S, S, E, S, S], mordienne=False)
    game = play_game(Seat.N, [plain, *[DealPoint(None, 0)] * 4])
    assert (
        render(game.explanation[1])
        == "Deal 1 (North deals): South won the most tricks (6), so NS scores 1. NS 1, EW 0."
    )


def test_a_game_does_not_dwell_on_a_mordienne_ruled_out_by_the_first_trick() -> None:
    # North wins trick 1 and five more: no run to speak of, so the game's line stays short.
    first = score_deal([N, E, N, N, None, N, E, N, W], mordienne=True)
    assert render(first.explanation[-2]) == "No mordienne: North won the first trick."
    game = play_game(Seat.N, [first, *[DealPoint(None, 0)] * 4])
    assert render(game.explanation[1]) == (
        "Deal 1 (North deals): North won the most tricks (5), so NS scores 1. NS 1, EW 0."
    )


# --- random games, against rules.md restated (tests/rules_restated.py) ------------------------------------


@MODEST
@given(
    first=seats,
    deals=st.lists(
        st.sampled_from([(None, 0), ("NS", 1), ("NS", 2), ("EW", 1), ("EW", 2)]),
        min_size=5,
        max_size=5,
    ),
)
def test_a_game_totals_five_deals(first: str, deals: list[tuple[str | None, int]]) -> None:
    game = play_game(Seat(first), [DealPoint(None if team is None else Team(team), points) for team, points in deals])
    outcome = game.outcome()
    assert outcome["dealers"] == [clockwise_from(first)[k % 4] for k in range(5)]
    assert outcome["dealers"][4] == first  # type: ignore[index]
    ns = sum(points for team, points in deals if team == "NS")
    ew = sum(points for team, points in deals if team == "EW")
    assert outcome["scores"] == {"NS": ns, "EW": ew}
    assert outcome["winner"] == (None if ns == ew else ("NS" if ns > ew else "EW"))
