"""The store on its two backends: recording an answer, and the Review page's queries, on a SQLite file and on
PostgreSQL, each beside a floor: the same rows written by a plain loop of INSERTs on the same engine.

    .venv/bin/python benchmarks/store_backends.py [--records 300] [--answers 3000] [--runs 7]

Starts its own throwaway PostgreSQL (deploy/local_postgres.py: initdb and pg_ctl in a temporary folder, on a
loopback port; Debian's ``postgresql`` package) and stops it at the end. That server runs with ``fsync=off``
and the SQLite file with ``synchronous=NORMAL``: neither pays for a disk flush per commit, so the figures
compare the engines' and the store's own work. Prints medians (of ``--runs`` runs for the page's queries,
of every answer for recording) and p95; asserts nothing.

* record: :meth:`SqliteProgress.record` (the learner's row bumped and locked, the answer, its card read and
  written, in one transaction); floor: one ``INSERT`` of the same answer row in a transaction of its own.
* review: what the Review page asks on a rerun with ``--answers`` answers kept (the summary, the next ten
  items: due cards, then new ones), on a store object whose summary is fresh; floor: the due cards' query alone,
  by hand.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from local_postgres import LocalPostgres  # noqa: E402
from progress_bench import fake_answer  # noqa: E402

from tutor.content.course import Course, load_course  # noqa: E402
from tutor.progress.records import Answer  # noqa: E402
from tutor.progress.review import next_items  # noqa: E402
from tutor.progress.store import ProgressDB  # noqa: E402

DAY = 86_400.0


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.2f} ms"


def figures(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) >= 20 else max(times)
    return f"median {ms(statistics.median(times))}  p95 {ms(p95)}"


def answer_row(answer: Answer) -> tuple[object, ...]:
    return (
        answer.uid, answer.item, answer.kind, json.dumps(answer.given), json.dumps(answer.correct),
        int(answer.all_correct), answer.at, answer.seconds,
    )  # fmt: skip


INSERT = (
    "INSERT INTO floor_answers (uid, item, kind, given, correct, all_correct, answered_at, seconds)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
FLOOR_TABLE = (
    "CREATE TABLE floor_answers (uid TEXT, item TEXT, kind TEXT, given TEXT, correct TEXT, all_correct INTEGER,"
    " answered_at DOUBLE PRECISION, seconds DOUBLE PRECISION)"
)


def floor_sqlite(path: Path, answers: list[Answer]) -> list[float]:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute(FLOOR_TABLE)
    times = []
    for a in answers:
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(INSERT, answer_row(a))
        conn.execute("COMMIT")
        times.append(time.perf_counter() - start)
    conn.close()
    return times


def floor_postgres(url: str, answers: list[Answer]) -> list[float]:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(FLOOR_TABLE)
        times = []
        insert = INSERT.replace("?", "%s")
        for a in answers:
            start = time.perf_counter()
            with conn.transaction():
                conn.execute(insert, answer_row(a))  # type: ignore[arg-type]
            times.append(time.perf_counter() - start)
        conn.execute("DROP TABLE floor_answers")
    return times


def bench_record(target: Path | str, course: Course, records: int) -> tuple[list[float], list[Answer]]:
    rng = random.Random(1)
    now = time.time()
    answers = [fake_answer(rng, course, now + n) for n in range(records)]
    with ProgressDB(target) as db:
        progress = db.progress("Bench")
        return [timed(lambda a=a: progress.record(a)) for a in answers], answers


def fill(target: Path | str, course: Course, answers: int) -> None:
    rng = random.Random(2)
    start = time.time() - 90 * DAY
    with ProgressDB(target) as db:
        progress, other = db.progress("Reviewer"), db.progress("Someone else")
        for n in range(answers):
            at = start + n * (90 * DAY / answers)
            progress.record(fake_answer(rng, course, at))
            if n % 10 == 0:
                other.record(fake_answer(rng, course, at))


def bench_review(target: Path | str, course: Course, runs: int) -> tuple[list[float], list[float]]:
    with ProgressDB(target) as db:
        progress = db.progress("Reviewer", create=False)
        progress.totals  # noqa: B018 - the summary loaded, as after the page's first run

        def page() -> None:
            _ = progress.totals, progress.answered("spoiled-aces")
            next_items(progress, course, limit=10)

        def floor() -> None:
            with db.using() as conn:
                conn.execute(
                    "SELECT item, due FROM cards WHERE learner_id = ? AND due <= ? ORDER BY due, item LIMIT 10",
                    (progress.id, time.time()),
                ).fetchall()

        page()  # warm: the drills' cache, the pool's connection
        return [timed(page) for _ in range(runs)], [timed(floor) for _ in range(runs)]


@contextmanager
def backends(folder: Path) -> Iterator[list[tuple[str, Path | str, Callable[[list[Answer]], list[float]]]]]:
    server = LocalPostgres().start()
    try:
        url = server.create_database("bench")
        yield [
            ("SQLite", folder / "bench.db", lambda answers: floor_sqlite(folder / "floor.db", answers)),
            ("PostgreSQL", url, lambda answers: floor_postgres(url, answers)),
        ]
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--answers", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])
    with tempfile.TemporaryDirectory() as tmp, backends(Path(tmp)) as engines:
        for name, target, floor in engines:
            recorded, answers = bench_record(target, course, args.records)
            plain = floor(answers)
            print(
                f"{name:<10} record an answer:  {figures(recorded)}   floor (one INSERT): {figures(plain)}"
                f"   ratio {statistics.median(recorded) / statistics.median(plain):.1f}x  ({args.records} answers)"
            )
            fill(target, course, args.answers)
            page, bare = bench_review(target, course, args.runs)
            print(
                f"{name:<10} Review page queries: {figures(page)}   floor (due cards alone): {figures(bare)}"
                f"   ({args.answers} answers kept, {args.runs} runs)"
            )


if __name__ == "__main__":
    main()
