"""How long a try to come back with a PIN takes (tutor.progress.pins.come_back), by outcome: the right PIN, a
wrong PIN, a learner with no PIN, a name nobody has. They should take alike (a hash is checked in every case),
so that timing tells a guesser nothing; the floor is one bare Argon2id check, measured in the same run.

    .venv/bin/python benchmarks/pin_bench.py [--runs 15]

On a fresh SQLite file in a temporary folder. Each run tries every outcome once, in turn (each from its own
client, under the limit); each figure is the median of the runs, in milliseconds. Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from contextlib import suppress
from pathlib import Path

from argon2 import PasswordHasher

from tutor.progress.pins import PinError, come_back, set_pin
from tutor.progress.store import ProgressDB

OUTCOMES = (("right PIN", "Ann", "2468"), ("wrong PIN", "Ann", "1357"), ("no PIN", "Bob", "2468"),
            ("unknown name", "Nobody", "2468"))  # fmt: skip


def one_try(db: ProgressDB, name: str, pin: str, client: str) -> float:
    start = time.perf_counter()
    with suppress(PinError):
        come_back(db, name, pin, client=client)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    hasher = PasswordHasher()
    stored = hasher.hash("2468")
    times: dict[str, list[float]] = {label: [] for label, _, _ in OUTCOMES}
    floors: list[float] = []
    with tempfile.TemporaryDirectory() as folder, ProgressDB(Path(folder) / "progress.db") as db:
        ann = db.learner_id(db.create_learner("Ann"))
        db.create_learner("Bob")
        assert ann is not None
        set_pin(db, ann, "2468")
        for run in range(runs):
            start = time.perf_counter()
            hasher.verify(stored, "2468")
            floors.append((time.perf_counter() - start) * 1000)
            for label, name, pin in OUTCOMES:
                # a client per try and a fresh name's window every 4 runs: no try is ever slowed down
                times[label].append(one_try(db, name, pin, client=f"{label} {run}"))
            if run % 4 == 3:
                with db.using(write=True) as conn:
                    conn.execute("DELETE FROM pin_failures")
    print(f"one Argon2id check (floor): {statistics.median(floors):7.1f} ms")
    for label, found in times.items():
        print(f"come_back, {label:<13} {statistics.median(found):7.1f} ms  (median of {runs})")


if __name__ == "__main__":
    main()
