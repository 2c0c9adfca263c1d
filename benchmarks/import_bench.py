"""How long a big import takes, and how long another process's answer waits while it runs.

    .venv/bin/python benchmarks/import_bench.py [--runs 3] [--sizes 10000 200000] [--dir DIR]

For each size, an export of that many answers on as many distinct items (the worst case: a review card
to rebuild per answer; 200,000 of them make a file of some 31 MB, just under the 32 MB an import takes) is
imported into a fresh progress file, ``--runs`` times, while a second process (the bystander) records an
answer of its own every 100 ms in the same file and times each write. Beside it, in the same run, the
floor: a plain Python loop inserting the same rows into a table of the same shape in one transaction (no
checking, no review cards, no other writer). Prints medians; asserts nothing. Targets: a 32 MB import
under 30 s; the bystander's longest wait under 1 s.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from _bystander import start

from tutor.progress.store import ProgressDB
from tutor.progress.transfer import FORMAT, import_progress

ROOT = Path(__file__).resolve().parent.parent
T0 = 1_700_000_000.0


def export(count: int) -> str:
    """``count`` answers on as many items, compact JSON (what fits 200,000 answers in 32 MB)."""
    answers = [
        {
            "uid": f"{n:016x}",
            "item": f"item-{n}",
            "kind": "trick",
            "given": {"winner": "N"},
            "correct": {"winner": n % 3 != 0},
            "at": round(T0 + 10.123 * n, 2),
            "seconds": 12.0,
        }
        for n in range(count)
    ]
    return json.dumps({"format": FORMAT, "version": 1, "learner": "Ann", "answers": answers, "reads": []})


def floor(folder: Path, text: str) -> float:
    """The same rows inserted by a plain loop, one transaction, no checks and no cards."""
    rows = json.loads(text)["answers"]
    conn = sqlite3.connect(folder / "floor.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, learner_id INTEGER, uid TEXT, item TEXT, kind TEXT,"
        " given TEXT, correct TEXT, all_correct INTEGER, answered_at REAL, seconds REAL, UNIQUE (learner_id, uid))"
    )
    began = time.perf_counter()
    conn.execute("BEGIN")
    for a in rows:
        conn.execute(
            "INSERT INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at, seconds)"
            " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)",
            (a["uid"], a["item"], a["kind"], json.dumps(a["given"]), json.dumps(a["correct"]),
             int(all(a["correct"].values())), a["at"], a["seconds"]),
        )  # fmt: skip
    conn.execute("COMMIT")
    elapsed = time.perf_counter() - began
    conn.close()
    return elapsed


def one_run(folder: Path, text: str) -> tuple[float, float, dict[str, Any]]:
    """Import ``text`` into a fresh file while the bystander writes: (seconds, CPU seconds of this process,
    the bystander's report). On a shared machine the CPU time says what the import costs; the wall time also
    counts the waits for a core."""
    path, ready, stop = folder / "progress.db", folder / "ready", folder / "stop"
    ProgressDB(path).close()
    bystander = start(path, ready, stop)
    try:
        while not ready.exists():
            time.sleep(0.02)
        time.sleep(0.3)  # a few writes alone first
        began, cpu = time.perf_counter(), time.process_time()
        with ProgressDB(path) as db:
            import_progress(db, text)
        elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    finally:
        stop.write_text("stop")
        out, _ = bystander.communicate(timeout=120)
    return elapsed, cpu, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 200_000])
    parser.add_argument("--dir", default=None, help="where the files go (default: a temporary folder)")
    args = parser.parse_args()
    for size in args.sizes:
        text = export(size)
        times, cpus, floors, longest, failed, writes = [], [], [], [], 0, 0
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(dir=args.dir) as name:
                elapsed, cpu, report = one_run(Path(name), text)
                times.append(elapsed)
                cpus.append(cpu)
                longest.append(report["longest"])
                failed += len(report["failed"])
                writes += int(report["written"]) + len(report["failed"])
                floors.append(floor(Path(name), text))
        print(
            f"{size:,} answers on distinct items ({len(text) / 2**20:.1f} MB): import {statistics.median(times):.2f} s"
            f" (runs {', '.join(f'{t:.2f}' for t in times)}; CPU {statistics.median(cpus):.2f} s);"
            " floor, a plain insert loop "
            f"{statistics.median(floors):.2f} s; bystander: longest wait {max(longest) * 1000:.0f} ms"
            f" (median of the runs' longest {statistics.median(longest) * 1000:.0f} ms), {writes} writes,"
            f" {failed} refused"
        )


if __name__ == "__main__":
    main()
