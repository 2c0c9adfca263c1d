"""How fast the saved progress is: recording an answer, the Progress page's figures with 10,000 answers,
how soon a locked file is reported as busy, and what checking an import costs.

    .venv/bin/python benchmarks/progress_bench.py [--records 500] [--answers 10000] [--runs 7] [--dir DIR]

Everything runs on a real SQLite file (WAL) in a temporary folder (``--dir`` to choose the disk).
Prints medians, each beside a floor measured in the same run; asserts nothing. Targets:
recording under 5 ms (median), the Progress page's server time under 200 ms with 10,000 answers; (issue
#10) a locked file reported well under a second after the first page asks for it.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tutor.content import drills
from tutor.content.course import Course, load_course
from tutor.progress.db import ProgressUnavailable
from tutor.progress.records import Answer
from tutor.progress.review import next_items
from tutor.progress.stats import progress_stats
from tutor.progress.store import ProgressDB, SqliteProgress
from tutor.progress.transfer import ImportRejected, export_json, parse_export

ROOT = Path(__file__).resolve().parent.parent

DAY = 86_400.0


def fake_answer(rng: random.Random, course: Course, at: float) -> Answer:
    """A scenario (one answer in three) or a drill, right three times in four, as the app records them."""
    if rng.random() < 1 / 3:
        scenario = rng.choice(list(course.scenarios.values()))
        keys = ["winner", "points", "next"][: rng.randint(1, 3)]
        correct = {k: rng.random() < 0.85 for k in keys}
        return Answer(scenario.id, scenario.kind, {k: "some answer" for k in keys}, correct, rng.uniform(5, 60), at)
    kind = rng.choice(("beats", "tier", "name", "order"))
    drill = drills.make_drill(kind, rng)
    return Answer(drill.id, f"drill-{kind}", {"answer": "x"}, {"answer": rng.random() < 0.75}, rng.uniform(1, 15), at)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def bench_record(folder: Path, course: Course, records: int, synchronous: str) -> list[float]:
    rng = random.Random(1)
    with ProgressDB(folder / f"record-{synchronous.lower()}.db") as db:
        db.conn.execute(f"PRAGMA synchronous = {synchronous}")
        progress = db.progress("Bench")
        now = time.time()
        answers = [fake_answer(rng, course, now + n) for n in range(records)]
        return [timed(lambda a=a: progress.record(a)) for a in answers]


def fill(path: Path, course: Course, answers: int) -> None:
    """``answers`` answers over 90 days, in time order, as a learner would give them."""
    rng = random.Random(2)
    start = time.time() - 90 * DAY
    with ProgressDB(path) as db:
        progress = db.progress("Bench")
        other = db.progress("Someone else")  # another learner's rows, which every query must skip
        for n in range(answers):
            at = start + n * (90 * DAY / answers)
            progress.record(fake_answer(rng, course, at))
            if n % 10 == 0:
                other.record(fake_answer(rng, course, at))
        for lesson in course.lessons[:5]:
            for section in range(len(lesson.sections)):
                progress.mark_read(lesson.id, section)


def bench_busy(folder: Path, runs: int) -> tuple[list[float], list[float]]:
    """(opening a free file, opening one another program holds locked until it is reported busy)."""
    path = folder / "busy.db"
    ProgressDB(path).close()
    free = [timed(lambda: ProgressDB(path).close()) for _ in range(runs)]
    lock = sqlite3.connect(path, isolation_level=None)
    lock.execute("PRAGMA locking_mode = EXCLUSIVE")
    lock.execute("BEGIN EXCLUSIVE")
    lock.execute("INSERT INTO learners (name, folded, created) VALUES ('Lock', 'lock', 0)")

    def refused() -> None:
        try:
            ProgressDB(path).close()
        except ProgressUnavailable as error:
            assert error.busy, error.message
        else:
            raise AssertionError("the locked file was opened")

    busy = [timed(refused) for _ in range(runs)]
    lock.close()
    return free, busy


def bench_import_check(path: Path, runs: int) -> tuple[int, list[float], list[float], list[float]]:
    """(size, checking the export of ``path``'s learner, json.loads of it alone, refusing a 10 KB nesting bomb)."""
    with SqliteProgress(path, "Bench") as progress:
        text = export_json(progress)
    check = [timed(lambda: parse_export(text)) for _ in range(runs)]
    floor = [timed(lambda: json.loads(text)) for _ in range(runs)]
    bomb = '{"format": "aluette-tutor-progress", "version": 1, "cards": ' + "[" * 5000 + "]" * 5000 + "}"

    def refuse_bomb() -> None:
        try:
            parse_export(bomb)
        except ImportRejected:
            return
        raise AssertionError("the bomb was parsed")

    return len(text.encode()), check, floor, [timed(refuse_bomb) for _ in range(runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=500)
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database files (default: a temp dir)")
    args = parser.parse_args()
    course = load_course([str(ROOT / "lessons"), str(ROOT / "scenarios")])

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        print(f"SQLite files in {folder}")
        for mode in ("NORMAL", "FULL"):
            times = bench_record(folder, course, args.records, mode)
            cuts = statistics.quantiles(times, n=20)
            print(
                f"record an answer, synchronous={mode:<6}: median {ms(statistics.median(times))}"
                f"  p95 {ms(cuts[-1])}  max {ms(max(times))}  ({args.records} answers)"
            )

        path = folder / "page.db"
        started = time.perf_counter()
        fill(path, course, args.answers)
        size = path.stat().st_size // 1024
        print(f"filled {args.answers} answers in {time.perf_counter() - started:.1f} s ({size} KiB)")

        opening = [timed(lambda: SqliteProgress(path, "Bench").close()) for _ in range(args.runs)]
        print(f"open the file (checks, migrations, learner):  median {ms(statistics.median(opening))}")
        with SqliteProgress(path, "Bench") as progress:
            first = timed(lambda: progress_stats(progress, course))
            page = [timed(lambda: progress_stats(progress, course)) for _ in range(args.runs)]
            print(f"progress page stats, first call:              {ms(first)}")
            print(f"progress page stats ({args.runs} runs):               median {ms(statistics.median(page))}")
            summary = [timed(lambda: (progress.totals, progress.solved("x"))) for _ in range(args.runs)]
            print(f"summary (totals, solved) when unchanged:      median {ms(statistics.median(summary))}")
            reload = []
            for n in range(args.runs):
                progress.record(fake_answer(random.Random(n), course, time.time()))
                reload.append(timed(lambda: progress.totals))
            print(f"summary after recording an answer:          median {ms(statistics.median(reload))}")
            review = [timed(lambda: next_items(progress, course, limit=10)) for _ in range(args.runs)]
            print(f"next 10 review items:                         median {ms(statistics.median(review))}")

        size, check, floor, bomb = bench_import_check(path, args.runs)
        print(
            f"check an export of {args.answers} answers ({size // 1024} KiB): median {ms(statistics.median(check))}"
            f"  (json.loads alone {ms(statistics.median(floor))})"
        )
        print(f"refuse a 10 KB file nested 5,000 deep:        median {ms(statistics.median(bomb))}")

        free, busy = bench_busy(folder, args.runs)
        print(
            f"open a file another program holds locked, until 'busy': median {ms(statistics.median(busy))}"
            f"  (a free file opens in {ms(statistics.median(free))})"
        )


if __name__ == "__main__":
    main()
