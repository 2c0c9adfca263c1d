"""The solver against a plain minimax, and against itself with its speed-ups switched off.

The brute force below is written independently of the solver: every card of every hand is tried (no
grouping, no table, no bounds), each trick is resolved here from the tiers, and the finished deal is scored
by :func:`score_deal` on the full list of nine trick results.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.cards import PACK, Card, cards
from tutor.engine.game import DealPoint
from tutor.engine.position import Position
from tutor.engine.ranking import TIERS
from tutor.engine.scoring import score_deal
from tutor.engine.seats import SEATS, Seat, Team
from tutor.engine.solver import card_values, solve_position
from tutor.engine.trick import resolve_trick

# Histories drawn from a few seats make ties, runs and all-spoiled deals common.
HISTORY_POOLS: tuple[tuple[Seat | None, ...], ...] = (
    (None,),
    (Seat.N, Seat.E),
    (Seat.N, None),
    (Seat.E, Seat.S, None),
    (Seat.N, Seat.E, Seat.S, Seat.W, None),
)


@st.composite
def positions(draw: st.DrawFn, min_left: int = 1, max_left: int = 3) -> Position:
    left = draw(st.integers(min_left, max_left))
    played = draw(st.integers(0, 3))
    leader = draw(st.sampled_from(SEATS))
    deck = draw(st.randoms(use_true_random=False)).sample(PACK, 4 * left)  # varied hands, not pack order
    shape = draw(st.sampled_from(("pool", "pool", "run", "spoiled")))
    if shape == "pool":
        pool = draw(st.sampled_from(HISTORY_POOLS))
        history = draw(st.lists(st.sampled_from(pool), min_size=9 - left, max_size=9 - left))
    elif shape == "run":  # a seat has won every trick since missing the first: a live mordienne run
        runner = draw(st.sampled_from(SEATS))
        history = [draw(st.sampled_from([s for s in (*SEATS, None) if s is not runner]))] + [runner] * (8 - left)
    else:
        history = [None] * (9 - left)
    mordienne = draw(st.booleans())
    order = leader.clockwise_from()
    plays, rest = deck[:played], deck[played:]
    hands: dict[Seat, list[Card]] = {}
    for seat in SEATS:
        due = left - (1 if seat in order[:played] else 0)
        hands[seat], rest = rest[:due], rest[due:]
    return Position.build(history, leader, plays, hands, mordienne)


@cache
def scored(winners: tuple[Seat | None, ...], mordienne: bool) -> int:
    score = score_deal(winners, mordienne)
    if score.scoring_team is None:
        return 0
    return score.points if score.scoring_team is Team.NS else -score.points


def trick_winner(leader: Seat, plays: Sequence[Card]) -> Seat | None:
    tiers = [TIERS[c] for c in plays]
    best = min(tiers)
    if tiers.count(best) > 1:
        return None
    return leader.clockwise_from()[tiers.index(best)]


def brute(
    tricks: tuple[Seat | None, ...], leader: Seat, plays: tuple[Card, ...], hands: dict[Seat, tuple[Card, ...]], m: bool
) -> int:
    """Plain minimax over every legal card: NS take the largest value for NS, EW the smallest."""
    if len(plays) == 4:
        winner = trick_winner(leader, plays)
        tricks = (*tricks, winner)
        if len(tricks) == 9:
            return scored(tricks, m)
        return brute(tricks, winner or leader, (), hands, m)
    mover = leader.clockwise_from()[len(plays)]
    values = []
    for c in hands[mover]:
        rest = dict(hands)
        rest[mover] = tuple(x for x in hands[mover] if x != c)
        values.append(brute(tricks, leader, (*plays, c), rest, m))
    return max(values) if mover.team is Team.NS else min(values)


def brute_values(p: Position) -> dict[Card, int]:
    mover = p.to_play
    out = {}
    for c in p.hands[mover]:
        rest = dict(p.hands)
        rest[mover] = tuple(x for x in p.hands[mover] if x != c)
        out[c] = brute(p.tricks, p.leader, (*p.plays, c), rest, p.mordienne)
    return out


def signed(point: DealPoint) -> int:
    return 0 if point.team is None else (point.points if point.team is Team.NS else -point.points)


@settings(max_examples=600)
@given(positions(1, 3))
def test_solver_agrees_with_brute_force_on_every_card(p: Position) -> None:
    assert card_values(p)[0] == brute_values(p)


@settings(max_examples=200)
@given(positions(1, 3))
def test_solution_is_consistent_with_its_results(p: Position) -> None:
    solution = solve_position(p)
    values = {c: signed(point) for c, point in solution.results.items()}
    assert list(solution.results) == sorted(p.hands[p.to_play], key=lambda c: (TIERS[c], c.suit.order))
    best_value = max(values.values()) if p.to_play.team is Team.NS else min(values.values())
    assert signed(solution.value) == best_value
    assert solution.best == tuple(c for c in solution.results if values[c] == best_value)
    # The line is one line of best play: replayed by the engine's trick rules and scored, it gives the value.
    played = [*p.plays, *solution.line]
    leader, winners = p.leader, list(p.tricks)
    for start in range(0, len(played), 4):
        trick = resolve_trick(leader, played[start : start + 4])
        winners.append(trick.winner)
        leader = trick.next_leader
    assert DealPoint.of(score_deal(winners, p.mordienne)) == solution.value


@settings(max_examples=40)
@given(positions(3, 3))
def test_table_grouping_and_bounds_never_change_a_value_on_three_tricks(p: Position) -> None:
    full = card_values(p)[0]
    assert card_values(p, transpositions=False, group=False, bounds=False)[0] == full


@settings(max_examples=40)
@given(positions(4, 4))
def test_each_speed_up_alone_never_changes_a_value_on_four_tricks(p: Position) -> None:
    full = card_values(p)[0]
    assert card_values(p, transpositions=False)[0] == full
    assert card_values(p, group=False)[0] == full
    assert card_values(p, bounds=False)[0] == full


def rotate(p: Position, turn: int) -> Position:
    """The same position with every seat moved ``turn`` places clockwise."""

    def moved(seat: Seat) -> Seat:
        return SEATS[(seat.index + turn) % 4]

    return Position.build(
        [None if w is None else moved(w) for w in p.tricks],
        moved(p.leader),
        p.plays,
        {moved(seat): hand for seat, hand in p.hands.items()},
        p.mordienne,
    )


@settings(max_examples=40)
@given(positions(2, 4))
def test_turning_the_table_one_seat_swaps_the_partnerships(p: Position) -> None:
    values = card_values(p)[0]
    assert card_values(rotate(p, 1))[0] == {c: -v for c, v in values.items()}
    assert card_values(rotate(p, 2))[0] == values


def test_the_table_tells_apart_who_reached_the_top_count_first() -> None:
    # Found by searching for a position where a table keyed without "who reached the highest count first"
    # gives wrong values: North and East can win the same tricks in either order, reaching the same hands,
    # leader and counts with a different seat first to the shared top count (rules.md 8: first to reach).
    hands = {
        Seat.N: "6-swords 7-coins A-swords 6-clubs C-swords",
        Seat.E: "J-cups 6-cups C-coins C-cups A-coins",
        Seat.S: "6-coins J-coins K-swords 5-cups K-coins",
        Seat.W: "5-clubs 4-swords A-cups 8-swords 4-coins",
    }
    p = Position.build(
        [Seat.N, Seat.E, None, Seat.S], Seat.N, [], {seat: cards(text) for seat, text in hands.items()}, False
    )
    assert card_values(p)[0] == card_values(p, transpositions=False)[0]


def test_the_table_tells_apart_whose_mordienne_run_is_alive() -> None:
    # Found the same way: keyed without the live run, the table confuses a state where a seat's run since
    # its first win is unbroken with one where it was broken (rules.md 8: mordienne), with the rule on.
    hands = {
        Seat.N: "8-cups 7-clubs A-swords 3-clubs",
        Seat.E: "8-swords 9-swords 4-cups A-coins",
        Seat.S: "4-coins J-clubs 7-swords 7-cups A-cups",
        Seat.W: "J-cups J-coins K-cups 2-coins 2-swords",
    }
    p = Position.build(
        [Seat.N, Seat.E, None, Seat.S],
        Seat.N,
        cards("3-coins 5-clubs"),
        {seat: cards(text) for seat, text in hands.items()},
        True,
    )
    assert card_values(p)[0] == card_values(p, transpositions=False)[0]


def test_bounds_never_change_a_value_on_five_tricks_with_the_mordienne_rule() -> None:
    # Deals played at random to five tricks left, histories that keep runs alive or leave seats without a
    # trick: where the mordienne bounds (a run must take the ninth trick) come into play.
    rng = random.Random(2024)
    for _ in range(8):
        deck = rng.sample(PACK, 20)
        hands = {seat: deck[5 * n : 5 * n + 5] for n, seat in enumerate(SEATS)}
        history = rng.choice([[None, Seat.E, Seat.E, Seat.E], [Seat.W, None, Seat.N, Seat.N], [None] * 4])
        p = Position.build(history, rng.choice(SEATS), [], hands, True)
        assert card_values(p, bounds=False)[0] == card_values(p)[0]
