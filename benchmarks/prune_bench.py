"""How long pruning takes, and how long a bystander's answer waits while it runs.

    .venv/bin/python benchmarks/prune_bench.py [--guests 10000] [--runs 3] [--dir DIR]

Each run makes a real SQLite file (WAL) with ``--guests`` guest profiles, half of them stale (a visitor who
looked two days ago, or answered 100 days ago) and half recent, each with an answer for those that answered,
then prunes it while another connection records an answer every 5 ms. Prints medians: the pruning's time,
the bystander's longest write during it, and, as the floor, the bystander's longest write with nothing else
running. Target: a bystander never waits more than a second. Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

from tutor.progress.pruning import prune
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB

DAY = 86_400.0


def build(path: Path, guests: int, now: float) -> None:
    with ProgressDB(path) as db, db.using(write=True) as conn:
        for n in range(guests):
            stale, answered = n % 2 == 0, n % 4 < 2
            made = now - (200 if answered else 2) * DAY if stale else now - 3600
            cursor = conn.execute(
                "INSERT INTO learners (name, folded, created) VALUES ('Guest', ?, ?)", (f"\x00guest:{n}", made)
            )
            conn.execute("INSERT INTO guests VALUES (?, ?, ?)", (f"bench-guest-token-{n:08d}", cursor.lastrowid, made))
            if answered:
                at = now - 100 * DAY if stale else now - 60
                conn.execute(
                    "INSERT INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at,"
                    " seconds) VALUES (?, ?, 'spoiled-aces', 'trick', '{}', '{}', 1, ?, 3)",
                    (cursor.lastrowid, f"u{n}", at),
                )


def bystander(path: Path, stop: threading.Event, waits: list[float]) -> None:
    with ProgressDB(path) as db:
        learner = db.progress("Bystander")
        n = 0
        while not stop.is_set():
            start = time.perf_counter()
            learner.record(Answer(f"item-{n}", "trick", {"winner": "N"}, {"winner": True}, 2.0))
            waits.append(time.perf_counter() - start)
            n += 1
            time.sleep(0.005)


def one_run(folder: Path, guests: int, run: int) -> tuple[float, float, float]:
    path = folder / f"prune-{run}.db"
    now = time.time()
    build(path, guests, now)
    floor: list[float] = []
    stop = threading.Event()
    worker = threading.Thread(target=bystander, args=(path, stop, floor))
    worker.start()
    time.sleep(1.0)
    stop.set()
    worker.join()
    during: list[float] = []
    stop = threading.Event()
    worker = threading.Thread(target=bystander, args=(path, stop, during))
    worker.start()
    time.sleep(0.2)
    with ProgressDB(path) as db:
        start = time.perf_counter()
        pruned = prune(db, now=now)
        took = time.perf_counter() - start
    stop.set()
    worker.join()
    assert pruned.empty_guests + pruned.idle_guests == guests // 2, pruned
    return took, max(during), max(floor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guests", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        results = [one_run(Path(name), args.guests, run) for run in range(args.runs)]
    took, during, floor = (statistics.median(r[i] for r in results) for i in range(3))
    print(f"prune {args.guests} guests (half stale): {took * 1000:.0f} ms (median of {args.runs})")
    print(f"bystander's longest write: {during * 1000:.1f} ms while pruning; floor {floor * 1000:.1f} ms idle")


if __name__ == "__main__":
    main()
