"""Scoring a deal (rules.md section 8): the best individual scores for the partnership.

Ties for most tricks go to whoever reached that number first; a deal of nothing but spoiled tricks
scores nothing; the optional mordienne doubles the point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine.errors import RuleViolation
from tutor.engine.explained import Explained
from tutor.engine.frozen_map import freeze_fields
from tutor.engine.messages import step
from tutor.engine.seats import SEATS, Seat, Team
from tutor.engine.steps import Step

TRICKS_PER_DEAL = 9


@dataclass(frozen=True)
class DealScore(Explained):
    """The nine trick results of a deal and the point they earn."""

    trick_winners: tuple[Seat | None, ...]
    tricks_won: Mapping[Seat, int]  # a FrozenMap (a plain dict given is frozen)
    point_winner: Seat | None
    points: int
    mordienne: bool
    mordienne_run: bool  # the point winner's tricks form a mordienne, whether or not the rule is on
    summary: Step | None = None  # why the point went where it did, in one clause (for game explanations)

    def __post_init__(self) -> None:
        freeze_fields(self, "tricks_won")

    @property
    def scoring_team(self) -> Team | None:
        return self.point_winner.team if self.point_winner else None

    def outcome(self) -> dict[str, object]:
        return {
            "trick_winners": [s.value if s else None for s in self.trick_winners],
            "tricks_won": {s.value: self.tricks_won[s] for s in SEATS},
            "point_winner": self.point_winner.value if self.point_winner else None,
            "scoring_team": self.scoring_team.value if self.scoring_team else None,
            "points": self.points,
            "mordienne": self.mordienne,
        }


def reached_at(trick_winners: Sequence[Seat | None], seat: Seat, count: int) -> int:
    """The 0-based trick at which ``seat`` won its ``count``-th trick."""
    won = 0
    for number, winner in enumerate(trick_winners):
        if winner is seat:
            won += 1
            if won == count:
                return number
    raise RuleViolation(f"{seat.title} never won {count} tricks")


def is_mordienne_run(trick_winners: Sequence[Seat | None], seat: Seat) -> bool:
    """Did ``seat`` miss the first trick, then win every trick from its first win to the ninth?"""
    if seat not in trick_winners:
        return False
    first = trick_winners.index(seat)
    return first > 0 and all(winner is seat for winner in trick_winners[first:])


def score_deal(trick_winners: Sequence[Seat | None], mordienne: bool = False) -> DealScore:
    """Score the nine results of a deal (a seat, or ``None`` for a spoiled trick)."""
    if len(trick_winners) != TRICKS_PER_DEAL:
        raise RuleViolation(f"a deal has {TRICKS_PER_DEAL} tricks, not {len(trick_winners)}")
    for number, winner in enumerate(trick_winners):
        if winner is not None and not isinstance(winner, Seat):
            raise RuleViolation(f"trick {number + 1}'s result must be a seat or spoiled, not {winner!r}", (number,))
    tricks_won = {seat: sum(1 for w in trick_winners if w is seat) for seat in SEATS}
    spoiled = sum(1 for w in trick_winners if w is None)
    steps = [_tally(tricks_won, spoiled)]
    most = max(tricks_won.values())
    if most == 0:
        steps.append(step("score.all_spoiled"))
        summary = step("score.summary.all_spoiled")
        return DealScore(tuple(steps), tuple(trick_winners), tricks_won, None, 0, False, False, summary)
    leaders = tuple(seat for seat in SEATS if tricks_won[seat] == most)
    if len(leaders) == 1:
        winner = leaders[0]
        steps.append(step("score.most", winner=winner, most=most, team=winner.team))
        summary = step("score.summary.most", winner=winner, most=most)
    else:
        reached = {seat: reached_at(trick_winners, seat, most) for seat in leaders}
        winner = min(leaders, key=lambda seat: reached[seat])
        order = tuple(
            step("score.reached", seat=seat, number=reached[seat] + 1)
            for seat in sorted(leaders, key=lambda seat: reached[seat])
        )
        steps.append(step("score.tie", tied=leaders, most=most, reached=order, winner=winner, team=winner.team))
        summary = step("score.summary.tie", tied=leaders, most=most, winner=winner)
    run = is_mordienne_run(trick_winners, winner)
    points = 1
    if run:
        first = trick_winners.index(winner) + 1
        if first == TRICKS_PER_DEAL:
            shape = step("score.run.last", winner=winner, first=first)
        else:
            shape = step("score.run.from", winner=winner, first=first, last=TRICKS_PER_DEAL)
        if mordienne:
            points = 2
            steps.append(step("score.mordienne", run=shape))
            summary = step("score.summary.mordienne", base=summary)
        else:
            steps.append(step("score.mordienne_rule_off", run=shape))
            summary = step("score.summary.run_rule_off", base=summary)
    elif mordienne:
        reason = why_no_mordienne(trick_winners, winner)
        steps.append(step("score.no_mordienne", reason=reason))
        if trick_winners[0] is not winner:
            # A run that started like a mordienne and broke: worth saying in a game's summary too. (Winning
            # the first trick rules it out from the start; the deal's own explanation says so.)
            summary = step("score.summary.no_mordienne", base=summary, reason=reason)
    steps.append(step("score.points", team=winner.team, points=points))
    return DealScore(tuple(steps), tuple(trick_winners), tricks_won, winner, points, run and mordienne, run, summary)


def _tally(tricks_won: dict[Seat, int], spoiled: int) -> Step:
    counts = tuple(step("seat.count", seat=seat, count=tricks_won[seat]) for seat in SEATS)
    rest = step("score.tally.spoiled", count=spoiled) if spoiled else step("score.tally.none_spoiled")
    return step("score.tally", counts=counts, spoiled=rest)


def why_no_mordienne(trick_winners: Sequence[Seat | None], winner: Seat) -> Step:
    """Which condition of the mordienne the point winner missed, as a clause."""
    first = trick_winners.index(winner)
    if first == 0:
        return step("mordienne.first_trick", winner=winner)
    breaker = next(n for n in range(first, len(trick_winners)) if trick_winners[n] is not winner)
    who = trick_winners[breaker]
    if who is None:
        return step("mordienne.broken.spoiled", winner=winner, first=first + 1, breaker=breaker + 1)
    return step("mordienne.broken.other", winner=winner, first=first + 1, breaker=breaker + 1, other=who)
