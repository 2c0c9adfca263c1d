"""Another process writing an answer of its own every 100 ms into a progress store until told to stop: what a
second learner does while a big import runs. Used by ``import_bench.py`` and tests/progress/test_import_lots.py.

    python benchmarks/_bystander.py STORE READY STOP

It creates the learner Bea, writes READY, records answers ``bea-1``, ``bea-2``... until STOP exists, then prints
one JSON line: ``written`` (answers the store took), ``failed`` (each refusal's message), ``longest`` and
``median`` (seconds one write took, waits for the store's lock included).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(store: str, ready: Path, stop: Path) -> None:
    from tutor.progress.db import ProgressUnavailable
    from tutor.progress.records import Answer
    from tutor.progress.store import ProgressDB

    waits: list[float] = []
    failed: list[str] = []
    n = 0
    with ProgressDB(store) as db:
        bea = db.progress("Bea")
        ready.write_text("ready")
        while not stop.exists():
            n += 1
            began = time.perf_counter()
            try:
                bea.record(Answer("spoiled-aces", "trick", {}, {"winner": True}, 9.0, uid=f"bea-{n}"))
            except ProgressUnavailable as error:
                failed.append(str(error))
            waits.append(time.perf_counter() - began)
            time.sleep(0.1)
    written = n - len(failed)
    print(json.dumps({"written": written, "failed": failed, "longest": max(waits), "median": statistics.median(waits)}))


def start(store: Path | str, ready: Path, stop: Path) -> subprocess.Popen[str]:
    """The bystander as a child process (its report on stdout), run from the project's root with it on the path."""
    return subprocess.Popen(
        [sys.executable, str(Path(__file__)), str(store), str(ready), str(stop)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))
