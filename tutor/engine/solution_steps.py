"""The explanation of a solved position, derived from the search's results and its line of best play.

Each step is a record (:mod:`tutor.engine.steps`) built from plain values (seats, cards, counts, results).
The line is replayed through the engine's own trick and scoring rules (:func:`resolve_trick`,
:func:`score_deal`): what the steps say is what those rules give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.engine.cards import Card
from tutor.engine.deal_state import trick_summary
from tutor.engine.game import DealPoint
from tutor.engine.messages import step
from tutor.engine.position import Position
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import TRICKS_PER_DEAL, DealScore, score_deal
from tutor.engine.seats import SEATS, Seat
from tutor.engine.steps import Step
from tutor.engine.trick import Trick, resolve_trick


def explain(
    position: Position,
    results: Mapping[Card, DealPoint],
    best: Sequence[Card],
    value: DealPoint,
    line: Sequence[Card],
) -> list[Step]:
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
        steps.append(step("solve.best", mover=mover, cards=tuple(best), result=result_step(value)))
    tricks, score = _replay(position, line)
    for number, trick in enumerate(tricks, start=position.trick_number):
        if trick.winner is not None:
            counts[trick.winner] += 1
        steps.append(_line_trick(number, trick, number == TRICKS_PER_DEAL, counts).about(trick=number))
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


def result_step(point: DealPoint) -> Step:
    """``NS scores 1 point``, ``EW scores 2 points``, ``nobody scores``: a clause."""
    if point.team is None:
        return step("solve.result.nobody")
    return step("solve.result.team", team=point.team, points=point.points)


def _standing_line(number: int, left: int, counts: Mapping[Seat, int], spoiled: int) -> Step:
    if number == 1:
        return step("solve.standing.first", left=TRICKS_PER_DEAL)
    tally = tuple(step("solve.tally", seat=seat, count=counts[seat]) for seat in SEATS)
    done = step("solve.done", count=number - 1)
    remaining = step("solve.left", count=left)
    if spoiled:
        return step("solve.standing.spoiled", done=done, tally=tally, spoiled=spoiled, left=remaining)
    return step("solve.standing", done=done, tally=tally, left=remaining)


def _table_line(number: int, leader: Seat, played: Sequence[tuple[Seat, Card]], mover: Seat) -> Step:
    if not played:
        return step("solve.leads", mover=mover, number=number).about(trick=number)
    plays = tuple(step("trick.play", seat=seat, card=c) for seat, c in played)
    return step("solve.table", number=number, leader=leader, plays=plays, mover=mover).about(trick=number)


def _card_result_line(mover: Seat, cards: Sequence[Card], result: DealPoint, best: bool) -> Step:
    msg = "solve.card_result.best" if best else "solve.card_result"
    return step(msg, mover=mover, cards=tuple(cards), result=result_step(result))


def _all_equal_line(mover: Seat, count: int, value: DealPoint) -> Step:
    if count == 1:
        return step("solve.one_card", mover=mover, result=result_step(value))
    return step("solve.all_equal", mover=mover, result=result_step(value))


def _line_trick(number: int, trick: Trick, last: bool, counts: Mapping[Seat, int]) -> Step:
    summary = trick_summary(trick, last)
    if trick.winner is None:
        return step("solve.line_trick", number=number, summary=summary)
    return step("solve.line_trick.won", number=number, summary=summary, winner=trick.winner, count=counts[trick.winner])
