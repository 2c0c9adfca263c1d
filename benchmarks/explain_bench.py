"""What explanations as data cost: building steps while a deal is played, and rendering them in English.

    .venv/bin/python benchmarks/explain_bench.py [--runs 5] [--deals 300]

Prints medians over ``--runs`` runs, side by side with a floor measured in the same run (a plain Python
loop of a million additions), so figures can be compared across machines; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from tutor.content.course import load_course
from tutor.content.solve import solve
from tutor.engine import Card, DealState, Seat, play_deal, shuffle_and_deal
from tutor.i18n.sentences import render_all

ROOT = Path(__file__).resolve().parent.parent


def floor() -> None:
    total = 0
    for n in range(1_000_000):
        total += n


Deal = tuple[Seat, dict[Seat, tuple[Card, ...]], list[list[Card]]]


def random_deals(count: int) -> list[Deal]:
    """Deals played with random legal cards: dealer, hands, and the nine tricks in play order."""
    rng = random.Random(1)
    deals = []
    for _ in range(count):
        dealer = rng.choice(list(Seat))
        state = DealState.start(dealer, shuffle_and_deal(rng, dealer).hands)
        start = state
        while not state.finished:
            state = state.play(rng.choice(state.legal_cards()))
        deals.append((dealer, start.hands, [[c for _, c in t.plays] for t in state.tricks]))
    return deals


def median_ms(job: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args()
    deals = random_deals(args.deals)
    played = [play_deal(dealer, hands, plays) for dealer, hands, plays in deals]
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")], verify=True)
    results = [solve(s) for s in course.scenarios.values()]
    steps = sum(len(p.explanation) for p in played)
    cases: dict[str, Callable[[], object]] = {
        "floor: 1e6 additions": floor,
        f"play {args.deals} deals card by card (steps built)": lambda: [
            play_deal(dealer, hands, plays) for dealer, hands, plays in deals
        ],
        f"render {steps} steps of those deals in English": lambda: [render_all(p.explanation) for p in played],
        f"solve {len(results)} course scenarios": lambda: [solve(s) for s in course.scenarios.values()],
        f"render the {len(results)} scenarios' explanations": lambda: [render_all(r.explanation) for r in results],
    }
    width = max(len(name) for name in cases)
    for name, job in cases.items():
        print(f"{name:<{width}}  {median_ms(job, args.runs):8.1f} ms (median of {args.runs})")


if __name__ == "__main__":
    main()
