"""A game of five deals (rules.md section 9): the dealer passes left; more points wins, equal is a draw."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.messages import step
from tutor.engine.scoring import DealScore
from tutor.engine.seats import Seat, Team

DEALS_PER_GAME = 5


@dataclass(frozen=True)
class DealPoint:
    """What one deal gave: a team and its points, or nobody and 0."""

    team: Team | None
    points: int

    def __post_init__(self) -> None:
        if self.points not in (0, 1, 2):
            raise RuleViolation(f"a deal is worth 0, 1 or 2 points, not {self.points}", ("points",))
        if self.team is None and self.points:
            raise RuleViolation(f"{self.points} point(s) but no team: give the team that scored", ("team",))
        if self.team is not None and not self.points:
            raise RuleViolation(
                f"{self.team} is named as scoring, but with 0 points: give 1 or 2, or team: null", ("points",)
            )

    @classmethod
    def of(cls, score: DealScore) -> DealPoint:
        return cls(score.scoring_team, score.points)


def dealers(first_dealer: Seat, deals: int = DEALS_PER_GAME) -> tuple[Seat, ...]:
    """The dealer of each deal: the deal passes to the left after every deal."""
    seats = first_dealer.clockwise_from()
    return tuple(seats[n % 4] for n in range(deals))


@dataclass(frozen=True)
class Game(Explained):
    first_dealer: Seat
    deals: tuple[DealPoint, ...]

    @property
    def dealers(self) -> tuple[Seat, ...]:
        return dealers(self.first_dealer, len(self.deals))

    @property
    def scores(self) -> dict[Team, int]:
        return {team: sum(d.points for d in self.deals if d.team is team) for team in Team}

    @property
    def winner(self) -> Team | None:
        ns, ew = self.scores[Team.NS], self.scores[Team.EW]
        return None if ns == ew else (Team.NS if ns > ew else Team.EW)

    def outcome(self) -> dict[str, object]:
        return {
            "dealers": [s.value for s in self.dealers],
            "scores": {team.value: points for team, points in self.scores.items()},
            "winner": self.winner.value if self.winner else None,
        }


def play_game(first_dealer: Seat, deals: Sequence[DealPoint | DealScore]) -> Game:
    """Total five deals. A deal is given either already scored (team, points) or as a scored deal."""
    if len(deals) != DEALS_PER_GAME:
        raise RuleViolation(f"a game is {DEALS_PER_GAME} deals, not {len(deals)}", ("deals",))
    points = tuple(d if isinstance(d, DealPoint) else DealPoint.of(d) for d in deals)
    game = Game((), first_dealer, points)
    steps = [step("game.dealers", first=first_dealer, dealers=game.dealers)]
    running = {Team.NS: 0, Team.EW: 0}
    for number, (dealer, deal, given) in enumerate(zip(game.dealers, points, deals, strict=True), start=1):
        if deal.team is None:
            what = step("game.nobody_scores")
        else:
            running[deal.team] += deal.points
            what = step("game.team_scores", team=deal.team, points=deal.points)
        totals = {"ns": running[Team.NS], "ew": running[Team.EW]}
        # A deal given as its nine results says why it scored; one given as a score is taken as read.
        if isinstance(given, DealScore) and given.summary is not None:
            steps.append(step("game.deal", number=number, dealer=dealer, why=given.summary, what=what, **totals))
        else:
            steps.append(step("game.deal.given", number=number, dealer=dealer, what=what, **totals))
    winner = game.winner
    if winner is None:
        steps.append(step("game.drawn", points=running[Team.NS]))
    else:
        steps.append(step("game.won", team=winner, points=running[winner], other_points=running[winner.other]))
    return Game(tuple(steps), first_dealer, points)
