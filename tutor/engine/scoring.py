"""Scoring a deal (rules.md section 8): the best individual scores for the partnership.

Ties for most tricks go to whoever reached that number first; a deal of nothing but spoiled tricks
scores nothing; the optional mordienne doubles the point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.errors import RuleViolation
from tutor.engine.explanation import Explained
from tutor.engine.seats import SEATS, Seat, Team
from tutor.engine.words import join_and, plural

TRICKS_PER_DEAL = 9


@dataclass(frozen=True)
class DealScore(Explained):
    """The nine trick results of a deal and the point they earn."""

    trick_winners: tuple[Seat | None, ...]
    tricks_won: dict[Seat, int]
    point_winner: Seat | None
    points: int
    mordienne: bool
    mordienne_run: bool  # the point winner's tricks form a mordienne, whether or not the rule is on
    summary: str = ""  # why the point went where it did, in one clause (for game explanations)

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
        steps.append(
            "Every trick was spoiled, so nobody won a trick and nobody scores this deal (the sources are silent "
            "on this case; nobody scoring is this tutor's decision)."
        )
        return DealScore(
            tuple(steps), tuple(trick_winners), tricks_won, None, 0, False, False, "every trick was spoiled"
        )
    leaders = [seat for seat in SEATS if tricks_won[seat] == most]
    if len(leaders) == 1:
        winner = leaders[0]
        steps.append(f"{winner.title} won the most tricks ({most}) and wins the point for {winner.team}.")
        summary = f"{winner.title} won the most tricks ({most})"
    else:
        reached = {seat: reached_at(trick_winners, seat, most) for seat in leaders}
        winner = min(leaders, key=reached.__getitem__)
        ties = ", ".join(f"{seat.title} at trick {reached[seat] + 1}" for seat in sorted(leaders, key=reached.get))
        steps.append(
            f"{join_and(s.title for s in leaders)} tie with {plural(most, 'trick')} each. "
            f"The point goes to whoever reached {most} first: {ties}. "
            f"{winner.title} was first and wins the point for {winner.team}."
        )
        summary = f"{join_and(s.title for s in leaders)} tied on {most}; {winner.title} reached {most} first"
    run = is_mordienne_run(trick_winners, winner)
    points = 1
    if run:
        first = trick_winners.index(winner) + 1
        tail = "the ninth and last trick" if first == TRICKS_PER_DEAL else f"every trick from {first} to 9"
        shape = f"{winner.title} won nothing before trick {first}, then {tail}"
        if mordienne:
            points = 2
            steps.append(f"{shape}: a mordienne, so the point is worth 2.")
            summary += ", with a mordienne worth 2"
        else:
            steps.append(
                f"{shape}: the shape of a mordienne, but the optional mordienne rule is off, so this is no "
                "mordienne and the point stays at 1."
            )
            summary += " (a mordienne run, but the rule is off)"
    elif mordienne:
        steps.append(_why_no_mordienne(trick_winners, winner))
    steps.append(f"{winner.team} scores {points} point{'s' if points > 1 else ''}.")
    return DealScore(tuple(steps), tuple(trick_winners), tricks_won, winner, points, run and mordienne, run, summary)


def _tally(tricks_won: dict[Seat, int], spoiled: int) -> str:
    counts = ", ".join(f"{seat.title} {tricks_won[seat]}" for seat in SEATS)
    if spoiled == 0:
        rest = "no trick was spoiled"
    elif spoiled == 1:
        rest = "the 1 spoiled trick counts for nobody"
    else:
        rest = f"the {spoiled} spoiled tricks count for nobody"
    return f"Each player counts only the tricks they won themselves: {counts}; {rest}."


def _why_no_mordienne(trick_winners: Sequence[Seat | None], winner: Seat) -> str:
    """Say which condition of the mordienne the point winner missed."""
    first = trick_winners.index(winner)
    if first == 0:
        return f"No mordienne: {winner.title} won the first trick."
    breaker = next(n for n in range(first, len(trick_winners)) if trick_winners[n] is not winner)
    who = trick_winners[breaker]
    what = "was spoiled" if who is None else f"went to {who.title}"
    return (
        f"No mordienne: after {winner.title}'s first win (trick {first + 1}), trick {breaker + 1} {what}, "
        "which breaks the run."
    )
