"""The explanation of a solved position, derived from the search's results and its line of best play.

Each kind of step is one small function of plain values (seats, cards, counts, results), so that turning
the steps into records later is mechanical. The line is replayed through the engine's own trick and
scoring rules (:func:`resolve_trick`, :func:`score_deal`): what the steps say is what those rules give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.engine.cards import Card
from tutor.engine.deal import trick_summary
from tutor.engine.game import DealPoint
from tutor.engine.position import Position
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import TRICKS_PER_DEAL, DealScore, score_deal
from tutor.engine.seats import SEATS, Seat
from tutor.engine.trick import Trick, resolve_trick
from tutor.engine.words import join_and, plural


def explain(
    position: Position,
    results: Mapping[Card, DealPoint],
    best: Sequence[Card],
    value: DealPoint,
    line: Sequence[Card],
) -> list[str]:
    """Where the deal stands, what each card leads to, and one line of best play trick by trick."""
    mover = position.to_play
    counts = {seat: sum(1 for w in position.tricks if w is seat) for seat in SEATS}
    spoiled = sum(1 for w in position.tricks if w is None)
    steps = [_standing_line(position.trick_number, position.tricks_left, counts, spoiled)]
    steps.append(_table_line(position.trick_number, position.leader, position.played, mover))
    groups: dict[int, list[Card]] = {}
    for c in results:
        groups.setdefault(TIERS[c], []).append(c)
    if len({results[c] for c in results}) == 1:
        steps.append(_all_equal_line(mover, len(results), value))
    else:
        for cards in groups.values():
            steps.append(_card_result_line(mover, cards, results[cards[0]], cards[0] in best))
        steps.append(_best_line(mover, best, value))
    tricks, score = _replay(position, line)
    for number, trick in enumerate(tricks, start=position.trick_number):
        if trick.winner is not None:
            counts[trick.winner] += 1
        won = counts[trick.winner] if trick.winner else 0
        steps.append(_line_trick(number, trick, number == TRICKS_PER_DEAL, trick.winner, won))
    if DealPoint.of(score) != value:  # the search and the scoring rules must agree; never expected
        raise AssertionError(f"the solver's line scores {DealPoint.of(score)}, not {value}")
    steps.extend(score.explanation)  # the scoring rules' own account of the finished deal
    return steps


def _replay(position: Position, line: Sequence[Card]) -> tuple[list[Trick], DealScore]:
    """The tricks of the line (the one under way first, with its cards already played) and the deal's score."""
    cards = [*position.plays, *line]
    leader = position.leader
    tricks = []
    for start in range(0, len(cards), 4):
        trick = resolve_trick(leader, cards[start : start + 4])
        tricks.append(trick)
        leader = trick.next_leader
    return tricks, score_deal([*position.tricks, *(t.winner for t in tricks)], position.mordienne)


def result_words(point: DealPoint) -> str:
    """``NS scores 1 point``, ``EW scores 2 points``, ``nobody scores``."""
    if point.team is None:
        return "nobody scores"
    return f"{point.team} scores {plural(point.points, 'point')}"


def _standing_line(number: int, left: int, counts: Mapping[Seat, int], spoiled: int) -> str:
    if number == 1:
        return f"Trick 1 is under way: all {TRICKS_PER_DEAL} tricks are still to play."
    tally = ", ".join(f"{seat.title} {counts[seat]}" for seat in SEATS)
    rest = "" if not spoiled else f", {spoiled} spoiled"
    verb = "is" if left == 1 else "are"
    return f"After {plural(number - 1, 'trick')} ({tally}{rest}), {plural(left, 'trick')} {verb} still to play."


def _table_line(number: int, leader: Seat, played: Sequence[tuple[Seat, Card]], mover: Seat) -> str:
    if not played:
        return f"{mover.title} leads to trick {number}."
    cards = ", ".join(f"{seat.title} {c}" for seat, c in played)
    return f"In trick {number}, led by {leader.title}: {cards}. {mover.title} is to play."


def _card_result_line(mover: Seat, cards: Sequence[Card], result: DealPoint, best: bool) -> str:
    which = join_and(str(c) for c in cards).replace(" and ", " or ")
    mark = " Best." if best else ""
    return f"If {mover.title} plays {which}: {result_words(result)}, with best play by all after it.{mark}"


def _all_equal_line(mover: Seat, count: int, value: DealPoint) -> str:
    if count == 1:
        return f"{mover.title} has one card left; with best play by all, {result_words(value)}."
    return f"Whichever card {mover.title} plays, {result_words(value)} with best play by all."


def _best_line(mover: Seat, best: Sequence[Card], value: DealPoint) -> str:
    which = join_and(str(c) for c in best).replace(" and ", " or ")
    return f"{mover.title}'s best: {which}, and then {result_words(value)}. One line of best play:"


def _line_trick(number: int, trick: Trick, last: bool, winner: Seat | None, count: int) -> str:
    after = "" if winner is None else f" {winner.title} has {plural(count, 'trick')}."
    return f"Trick {number}: {trick_summary(trick, last)}{after}"
