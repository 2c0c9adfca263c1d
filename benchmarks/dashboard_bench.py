"""Time to read a class's dashboard (tutor/progress/dashboard.py) for 60 members who each answered 200 scenarios.

    .venv/bin/python benchmarks/dashboard_bench.py [--members 60] [--scenarios 200] [--per 1.5] [--runs 15]
        [--store postgresql://...]

Makes a store in a temporary folder (or uses the PostgreSQL database given, which must be empty), a teacher,
a class with ``--members`` members and two assignments (all the scenarios, and half of them), and about
``--per`` answers per member and scenario (70% right, spread over 60 days), written straight into the answers
table. Then times, as medians of ``--runs`` runs: the whole dashboard (members, assignments, every answer of
the class, the cells, first-time-right and wrong answers, the hardest), its last-7-days filter, and beside
them two floors through the same store: one ``SELECT count(*)`` of the class's answers, and fetching those
answers' rows as the dashboard's query does, without working on them. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tutor.progress.assignments import PICKED, assign
from tutor.progress.classes import create_class, join
from tutor.progress.dashboard import dashboard, since
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher

DAY = 86400.0


def fill(
    db: ProgressDB, members: int, scenarios: int, per: float, seed: int = 3
) -> tuple[Teacher, int, dict[int, list[str]]]:
    rng = random.Random(seed)
    teacher = create_teacher(db, "Bench teacher", "correct horse")
    club = create_class(db, teacher, "Bench class", "en")
    items = [f"bench-{n:03d}" for n in range(scenarios)]
    whole = assign(db, teacher, club.id, PICKED, "", items)
    half = assign(db, teacher, club.id, PICKED, "", items[::2])
    now = time.time()
    rows = []
    for m in range(members):
        learner = db.learner_id(db.create_learner(f"Member {m:02d}"))
        assert learner is not None
        join(db, club.code, learner)
        for item in items:
            for k in range(int(per) + (rng.random() < per % 1)):
                right = rng.random() < 0.7
                said = "nobody" if right else rng.choice(["North", "East", "South", "West"])
                given, correct = json.dumps({"winner": said}), json.dumps({"winner": right})
                at = now - rng.random() * 60 * DAY
                rows.append((learner, f"{learner}-{item}-{k}", item, "trick", given, correct, int(right), at, 8.0))
    with db.using(write=True) as conn:
        conn.executemany(
            "INSERT INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at, seconds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    return teacher, club.id, {whole.id: items, half.id: items[::2]}


def median_ms(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--scenarios", type=int, default=200)
    parser.add_argument("--per", type=float, default=1.5, help="answers per member and scenario")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--store", help="a PostgreSQL URL (an empty database) instead of a temporary file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        target: Path | str = args.store or Path(folder) / "progress.db"
        with ProgressDB(target) as db:
            teacher, class_id, items_of = fill(db, args.members, args.scenarios, args.per)
            with db.using() as conn:
                answers = int(conn.execute("SELECT count(*) FROM answers").fetchone()[0])

            def floor() -> object:
                with db.using() as conn:
                    return conn.execute(
                        "SELECT count(*) FROM answers a JOIN class_members m ON m.learner_id = a.learner_id"
                        " WHERE m.class_id = ?",
                        (class_id,),
                    ).fetchone()

            def rows() -> object:
                with db.using() as conn:
                    return conn.execute(
                        "SELECT a.learner_id, a.item, a.given, a.correct, a.all_correct, a.answered_at FROM answers a"
                        " JOIN class_members m ON m.learner_id = a.learner_id WHERE m.class_id = ?"
                        " ORDER BY m.learner_id, a.answered_at, a.id",
                        (class_id,),
                    ).fetchall()

            week = since(7, time.time())
            whole = median_ms(args.runs, lambda: dashboard(db, teacher, class_id, items_of))
            recent = median_ms(args.runs, lambda: dashboard(db, teacher, class_id, items_of, week))
            counted = median_ms(args.runs, floor)
            fetched = median_ms(args.runs, rows)
            kind = "PostgreSQL" if args.store else "SQLite"
    print(f"{kind}: {args.members} members x {args.scenarios} scenarios, {answers} answers, 2 assignments")
    print(f"dashboard, all time:      {whole:8.1f} ms (median of {args.runs})")
    print(f"dashboard, last 7 days:   {recent:8.1f} ms")
    print(f"floor, count the answers: {counted:8.1f} ms")
    print(f"floor, fetch the answers: {fetched:8.1f} ms (the dashboard's one big query, rows as tuples)")


if __name__ == "__main__":
    main()
