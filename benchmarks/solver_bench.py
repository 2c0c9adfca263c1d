"""Time the double-dummy solver: ``solve_position`` on random positions with 4, 5, 6 ... tricks left.

    .venv/bin/python benchmarks/solver_bench.py [--positions 15] [--runs 3] [--seed 1] [--limit 10]

Positions come from random deals played with random cards (fixed seeds) up to the cut-off: K tricks left,
and 0 to 3 cards already played to the trick under way; every other position scores with the mordienne
rule on. With 4 and 5 tricks left each position is solved ``--runs`` times and its median kept (targets:
20 ms and 200 ms). Larger positions (6, 7, 8, 9 tricks left) are solved once each, with a budget of
``--limit`` seconds, and the sizes stop at the first one where a position runs over it.

A floor measured in the same run lets figures be compared across machines: a plain Python loop, and a
plain minimax over every card without any pruning on positions with 3 tricks left.
Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout, without installing the package
    sys.path.insert(0, str(ROOT))

from tutor.engine.cards import Card  # noqa: E402
from tutor.engine.cut_and_deal import shuffle_and_deal  # noqa: E402
from tutor.engine.deal_state import DealState  # noqa: E402
from tutor.engine.position import Position  # noqa: E402
from tutor.engine.ranking import TIERS  # noqa: E402
from tutor.engine.scoring import score_deal  # noqa: E402
from tutor.engine.seats import (  # noqa: E402
    SEATS,
    Seat,
    Team,
)
from tutor.engine.solver import MAX_TRICKS_LEFT, OutOfTime, solve_position  # noqa: E402

TARGETS_MS = {4: 20.0, 5: 200.0}
LOOP = 1_000_000


def positions(left: int, count: int, seed: int, in_trick: bool = True) -> list[Position]:
    """``count`` positions with ``left`` tricks left, from random deals played randomly (seeded per size),
    0 to 3 cards into the trick under way (none unless ``in_trick``)."""
    rng = random.Random(seed * 100 + left)
    found = []
    for k in range(count):
        dealer = rng.choice(SEATS)
        state = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        for _ in range((9 - left) * 4 + (rng.randint(0, 3) if in_trick else 0)):
            state = state.play(rng.choice(state.legal_cards()))
        tricks = [t.winner for t in state.tricks]
        found.append(Position.build(tricks, state.leader, state.current, state.hands, mordienne=k % 2 == 1))
    return found


def naive(
    tricks: tuple[Seat | None, ...], leader: Seat, plays: tuple[Card, ...], hands: dict[Seat, tuple[Card, ...]]
) -> int:
    """Plain minimax over every card (no pruning at all), each finished deal scored by ``score_deal``."""
    if len(plays) == 4:
        tiers = [TIERS[c] for c in plays]
        best = min(tiers)
        winner = None if tiers.count(best) > 1 else leader.clockwise_from()[tiers.index(best)]
        tricks = (*tricks, winner)
        if len(tricks) == 9:
            score = score_deal(tricks)
            return 0 if score.scoring_team is None else (1 if score.scoring_team is Team.NS else -1)
        return naive(tricks, winner or leader, (), hands)
    mover = leader.clockwise_from()[len(plays)]
    values = []
    for c in hands[mover]:
        rest = dict(hands)
        rest[mover] = tuple(x for x in hands[mover] if x != c)
        values.append(naive(tricks, leader, (*plays, c), rest))
    return max(values) if mover.team is Team.NS else min(values)


def floor(runs: int, seed: int) -> tuple[float, float]:
    """(ms for a plain loop of LOOP additions, median ms of the plain minimax on 3-trick positions)."""
    loop_times = []
    for _ in range(runs):
        start = time.perf_counter()
        total = 0
        for i in range(LOOP):
            total += i
        loop_times.append(time.perf_counter() - start)
    naive_times = []
    for position in positions(3, 3, seed, in_trick=False):
        start = time.perf_counter()
        naive(position.tricks, position.leader, (), position.hands)
        naive_times.append(time.perf_counter() - start)
    return statistics.median(loop_times) * 1000, statistics.median(naive_times) * 1000


def time_solve(position: Position, runs: int, limit: float) -> tuple[float | None, int]:
    """(median seconds over ``runs`` solves, or None past ``limit``; nodes searched)."""
    times = []
    nodes = 0
    for _ in range(runs):
        start = time.perf_counter()
        try:
            nodes = solve_position(position, budget=limit, max_left=9).nodes
        except OutOfTime:
            return None, 0
        times.append(time.perf_counter() - start)
    return statistics.median(times), nodes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=15, help="random positions per size (default 15)")
    parser.add_argument("--runs", type=int, default=3, help="timed solves per position, 4-5 tricks left (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random deals (default 1)")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds allowed per large position (default 10)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.runs < 1 or args.limit <= 0:
        parser.error("--positions and --runs must be 1 or more, --limit above 0")

    loop_ms, naive_ms = floor(args.runs, args.seed)
    print(f"floor: a plain loop of {LOOP:,} additions: {loop_ms:.1f} ms; a plain minimax over every card")
    print(f"       (no pruning), 3 tricks left from the start of a trick: {naive_ms:.1f} ms median")
    print(f"solve_position, {args.positions} positions per size (seed {args.seed}), half with the mordienne rule:")
    header = f"{'left':>4} {'in time':>8} {'median ms':>10} {'max ms':>10} {'nodes':>13}"
    print(f"{header}  target (nodes: median of the positions solved in time)")
    largest: tuple[int, float] | None = None  # (tricks left, seconds) of the largest position solved in time
    all_in_time = 0
    for left in range(4, 10):
        runs = args.runs if left in TARGETS_MS else 1
        times: list[float] = []
        nodes: list[int] = []
        over = 0
        for position in positions(left, args.positions, args.seed):
            seconds, searched = time_solve(position, runs, args.limit)
            if seconds is None:
                over += 1
                continue
            times.append(seconds)
            nodes.append(searched)
            if largest is None or left > largest[0] or (left == largest[0] and seconds > largest[1]):
                largest = (left, seconds)
        solved = f"{len(times)}/{args.positions}"
        if times:
            # Positions over the limit count in the median as slower than any solved one.
            ranked = sorted(times) + [float("inf")] * over
            median = statistics.median(ranked)
            median_ms = f"{median * 1000:.1f}" if median != float("inf") else f">{args.limit * 1000:.0f}"
            max_ms = f"{max(times) * 1000:.1f}" if not over else f">{args.limit * 1000:.0f}"
            target = TARGETS_MS.get(left)
            verdict = f"<= {target:.0f} ms: {'met' if median * 1000 <= target else 'MISSED'}" if target else ""
            line = f"{left:>4} {solved:>8} {median_ms:>10} {max_ms:>10} {statistics.median(nodes):>13,.0f}"
            beyond = f"over MAX_TRICKS_LEFT ({MAX_TRICKS_LEFT}): check refuses it" if left > MAX_TRICKS_LEFT else ""
            print(f"{line}  {verdict}{beyond}")
        else:
            print(f"{left:>4} {solved:>8}  every position ran over {args.limit:g} s")
        if over:
            print(f"     {over} position(s) with {left} tricks left ran over {args.limit:g} s: stopping here")
            break
        all_in_time = left
    if largest:
        print(
            f"largest position solved under {args.limit:g} s: {largest[0]} tricks left ({largest[1]:.1f} s); "
            f"every position solved in time up to {all_in_time} tricks left"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
