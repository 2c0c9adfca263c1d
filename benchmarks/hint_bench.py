"""Time the Hint button: wall time of ``hint(..., playouts=2000)`` on random positions of a deal.

    .venv/bin/python benchmarks/hint_bench.py [--positions 21] [--playouts 2000] [--repeats 3] [--seed 1]

Positions come from random deals played with random cards up to a point: a third in the first trick,
a third mid-deal (tricks 4-6), a third late (tricks 8-9). Each position's hint is timed ``--repeats``
times (the median is kept) after one warm-up call. The target is 2,000 playouts within 150 ms.
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

from tutor.engine.cut_and_deal import shuffle_and_deal  # noqa: E402
from tutor.engine.deal_state import DealState  # noqa: E402
from tutor.engine.seats import SEATS  # noqa: E402
from tutor.play.hint import HintRequest, hint  # noqa: E402

TARGET_MS = 150.0
PHASES = {"first trick": (0, 3), "middle": (12, 23), "late": (28, 35)}  # cards already played


def positions(count: int, seed: int) -> list[tuple[str, DealState]]:
    """``count`` positions, spread evenly over the three phases of a deal."""
    rng = random.Random(seed)
    found = []
    names = list(PHASES)
    for k in range(count):
        phase = names[k % len(names)]
        low, high = PHASES[phase]
        state = DealState.start(rng.choice(SEATS), shuffle_and_deal(rng, rng.choice(SEATS)).hands)
        for _ in range(rng.randint(low, high)):
            state = state.play(rng.choice(state.legal_cards()))
        found.append((phase, state))
    return found


def time_hint(state: DealState, playouts: int, repeats: int, seed: int) -> tuple[float, int]:
    """(median wall seconds of ``repeats`` calls, playouts run per call)."""
    request = HintRequest(state, state.to_play)
    times = []
    done = 0
    for run in range(repeats):
        start = time.perf_counter()
        result = hint(request, playouts=playouts, seed=seed + run)
        times.append(time.perf_counter() - start)
        done = result.playouts
    return statistics.median(times), done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=21, help="random positions (default 21)")
    parser.add_argument("--playouts", type=int, default=2000, help="playout budget per hint (default 2000)")
    parser.add_argument("--repeats", type=int, default=3, help="timed calls per position (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions and of the hints")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.repeats < 1 or args.playouts < 1:
        parser.error("--positions, --repeats and --playouts must be 1 or more")

    found = positions(args.positions, args.seed)
    hint(HintRequest(found[0][1], found[0][1].to_play), playouts=args.playouts)  # warm up numpy
    by_phase: dict[str, list[float]] = {phase: [] for phase in PHASES}
    rates = []
    print(f"hint(playouts={args.playouts}), {args.positions} positions, median of {args.repeats} calls each:")
    for number, (phase, state) in enumerate(found, start=1):
        seconds, done = time_hint(state, args.playouts, args.repeats, args.seed)
        by_phase[phase].append(seconds)
        rates.append(done / seconds)
        print(
            f"  {number:2d}. {phase:<11} trick {state.trick_number}, {len(state.current)} on the table, "
            f"{len(state.legal_cards())} in hand: {1000 * seconds:6.1f} ms for {done:,} playouts "
            f"({done / seconds:,.0f}/s)"
        )
    every = [s for times in by_phase.values() for s in times]
    for phase, times in by_phase.items():
        if times:
            print(f"  {phase:<11} median {1000 * statistics.median(times):6.1f} ms over {len(times)} positions")
    median_ms = 1000 * statistics.median(every)
    verdict = "within" if median_ms <= TARGET_MS else "OVER"
    print(
        f"  overall median {median_ms:.1f} ms (max {1000 * max(every):.1f} ms), "
        f"median {statistics.median(rates):,.0f} playouts/s: {verdict} the {TARGET_MS:.0f} ms target"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
