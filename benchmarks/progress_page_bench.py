"""Server time of the Progress page for a learner with 10,000 recorded answers in a real progress file.

    .venv/bin/python benchmarks/progress_page_bench.py [--answers 10000] [--runs 15] [--days 120]

Makes a progress file in a temporary folder with one learner whose answers are spread over ``--days``
days across the course's scenarios and the ranking facts (about 70% right), imported in one transaction
(the cards are replayed from the answers, as on import). Then, with Streamlit's AppTest (the script runs in
this process, as on a server, without a browser), a session chooses that learner and opens the Progress
page. Timed: a rerun of the Progress page (any click there), and opening it from another page; then, for
comparison, reruns of Home and Review for the same learner. The wall
time of ``AppTest.run()`` includes AppTest's own bookkeeping, so it is an upper bound on the server's
work. Prints medians; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.app import state
from tutor.progress.review import ranking_facts
from tutor.progress.store import ProgressDB
from tutor.progress.transfer import FORMAT, VERSION, import_progress

MAIN = str(Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py")
LEARNER = "Bench"


def make_history(path: Path, answers: int, days: int, seed: int = 5) -> float:
    """Write ``answers`` answers for :data:`LEARNER`; returns the seconds it took."""
    rng = random.Random(seed)
    course = state.course()
    items = [(s.id, s.kind) for s in course.scenarios.values()]
    items += [(fact, f"drill-{fact.split(':')[0]}") for fact in ranking_facts()]
    now = time.time()
    entries = []
    for n in range(answers):
        item, kind = rng.choice(items)
        right = rng.random() < 0.7
        at = now - rng.random() * days * 86400
        entries.append(
            {
                "uid": f"bench{n:06d}",
                "item": item,
                "kind": kind,
                "given": {"answer": "x"},
                "correct": {"answer": right},
                "at": at,
                "seconds": round(rng.uniform(2, 40), 1),
            }
        )
    entries.sort(key=lambda e: e["at"])
    document = {"format": FORMAT, "version": VERSION, "learner": LEARNER, "answers": entries}
    start = time.perf_counter()
    with ProgressDB(path) as db:
        result = import_progress(db, document, LEARNER)
    assert result.added == answers
    return time.perf_counter() - start


def timed(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    elapsed = (time.perf_counter() - start) * 1000
    if at.exception:
        raise SystemExit(f"the page failed: {at.exception[0].value}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--days", type=int, default=120)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.db"
        os.environ["ALUETTE_DB"] = str(path)
        took = make_history(path, args.answers, args.days)
        size = sum(p.stat().st_size for p in Path(folder).iterdir())
        print(f"{args.answers} answers over {args.days} days imported in {took:.1f} s ({size / 1e6:.1f} MB on disk)")

        at = AppTest.from_file(MAIN, default_timeout=120)
        at.run()
        at.selectbox(key="learner.choice").set_value(LEARNER).run()
        at.switch_page("screens/progress.py")
        first = timed(at)
        assert at.title[0].value == f"{LEARNER}'s progress", at.title[0].value
        shown = {m.label: m.value for m in at.metric}
        print(f"page shows: {shown}")
        print(f"first visit in the session: {first:.0f} ms")

        reruns = [timed(at) for _ in range(args.runs)]
        opens = []
        for _ in range(args.runs):
            at.switch_page("screens/home.py")
            at.run()
            at.switch_page("screens/progress.py")
            opens.append(timed(at))
        # For comparison, the other pages that read the progress, for the same learner (reruns).
        others = {}
        for page in ("home", "review"):
            at.switch_page(f"screens/{page}.py")
            at.run()
            others[page] = [timed(at) for _ in range(args.runs)]
        print(f"{'Progress page':<30} {'median':>8} {'min':>7} {'max':>7}   (ms, {args.runs} runs)")
        rows = (
            ("rerun (a click on the page)", reruns),
            ("opened from Home", opens),
            ("(Home page rerun)", others["home"]),
            ("(Review page rerun)", others["review"]),
        )
        for name, values in rows:
            print(f"{name:<30} {statistics.median(values):>8.1f} {min(values):>7.1f} {max(values):>7.1f}")


if __name__ == "__main__":
    main()
