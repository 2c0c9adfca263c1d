"""The progress file under stress: a process killed while answering, and several sessions writing at once.

Child processes run a small script (written to ``tmp_path``) that records answers in a loop and prints each
answer's uid once ``record`` has returned, i.e. once it is committed. Nothing here measures time.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tutor.progress.db import integrity
from tutor.progress.memory import Answer
from tutor.progress.store import ProgressDB, SqliteProgress

WRITER = """
import sys
from tutor.progress.memory import Answer
from tutor.progress.store import SqliteProgress

path, learner, tag, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
progress = SqliteProgress(path, learner)
print("ready", flush=True)
sys.stdin.readline()  # wait for "go", so that several writers start together
n = 0
while count < 0 or n < count:
    # A few items shared by every writer of the learner (the same card updated from several tabs),
    # and some drill facts; answers are right two times in three.
    item = ("spoiled-aces", "tricks-lead", "tier:9-swords", "beats:4-coins:3-clubs")[n % 4]
    kind = "drill-tier" if item.startswith("tier") else "drill-beats" if item.startswith("beats") else "trick"
    answer = Answer(item, kind, {"k": tag}, {"k": n % 3 != 0}, 4.0, 1_700_000_000 + n)
    progress.record(answer)
    print(answer.uid, flush=True)
    n += 1
"""


@pytest.fixture
def writer(tmp_path: Path) -> Path:
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    return script


def start(writer: Path, path: Path, learner: str, tag: str, count: int) -> subprocess.Popen[str]:
    """A writer, its file open and ready to record; :func:`go` sets it off."""
    process = subprocess.Popen(
        [sys.executable, str(writer), str(path), learner, tag, str(count)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready", process.stderr.read() if process.stderr else ""
    return process


def go(*processes: subprocess.Popen[str]) -> None:
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()


def uids_in(path: Path, learner: str) -> list[str]:
    with ProgressDB(path) as db:
        return [a.uid for a in db.progress(learner).history]


def assert_cards_match_answers(path: Path) -> None:
    """Every card counts exactly the answers given to its item: answer and card were always written together."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT c.learner_id, c.item, c.reps, c.wrong, count(a.id), sum(1 - a.all_correct)"
            " FROM cards c JOIN answers a ON a.learner_id = c.learner_id AND a.item = c.item"
            " GROUP BY c.learner_id, c.item"
        ).fetchall()
        assert rows
        for learner_id, item, reps, wrong, answers, wrong_answers in rows:
            assert (reps, wrong) == (answers, wrong_answers), (learner_id, item)
        orphans = conn.execute(
            "SELECT count(*) FROM answers a WHERE NOT EXISTS"
            " (SELECT 1 FROM cards c WHERE c.learner_id = a.learner_id AND c.item = a.item)"
        ).fetchone()[0]
        assert orphans == 0


@pytest.mark.parametrize("stop_after", [1, 37, 250])
def test_killing_the_app_mid_answer_loses_at_most_the_answer_in_flight(
    tmp_path: Path, writer: Path, stop_after: int
) -> None:
    path = tmp_path / "progress.db"
    acknowledged: list[str] = []
    for round_ in range(3):  # killed three times, restarting on the same file each time
        process = start(writer, path, "Ann", f"round{round_}", -1)
        go(process)
        assert process.stdout is not None
        while len(acknowledged) < stop_after * (round_ + 1):
            line = process.stdout.readline()
            assert line, process.stderr.read() if process.stderr else ""
            acknowledged.append(line.strip())
        os.kill(process.pid, signal.SIGKILL)  # very likely inside the next record()
        rest = process.stdout.read()  # lines printed before the kill are acknowledged too
        acknowledged.extend(line for line in rest.split() if line)
        process.wait()
        assert process.returncode == -signal.SIGKILL

        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        kept = uids_in(path, "Ann")
        assert set(acknowledged) <= set(kept)  # every acknowledged answer survived
        assert len(kept) - len(acknowledged) <= round_ + 1  # at most one unacknowledged answer per kill
        assert len(kept) == len(set(kept))
        assert_cards_match_answers(path)


def test_two_learners_and_two_tabs_writing_at_once_keep_their_own_answers(tmp_path: Path, writer: Path) -> None:
    path = tmp_path / "progress.db"
    SqliteProgress(path, "Ann").close()  # one learner exists, the other is created by its writers at once
    count = 1000
    jobs = {
        ("Ann", "tab1"): start(writer, path, "Ann", "tab1", count),
        ("Ann", "tab2"): start(writer, path, "ann", "tab2", count),  # the same learner, another tab
        ("Bob", "tab1"): start(writer, path, "Bob", "tab1", count),
        ("Bob", "tab2"): start(writer, path, "BOB", "tab2", count),
    }
    go(*jobs.values())
    printed: dict[tuple[str, str], list[str]] = {}
    for key, process in jobs.items():
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        printed[key] = out.split()
        assert len(printed[key]) == count
    with ProgressDB(path) as db:
        assert db.learners() == ["Ann", "Bob"]
        for learner in ("Ann", "Bob"):
            progress = db.progress(learner)
            history = progress.history
            mine = set(printed[(learner, "tab1")]) | set(printed[(learner, "tab2")])
            assert {a.uid for a in history} == mine and len(history) == 2 * count  # none lost, none foreign
            assert {a.given["k"] for a in history} == {"tab1", "tab2"}
            assert progress.totals[0] == 2 * count
        assert integrity(db.conn) == "ok"
    assert_cards_match_answers(path)


def test_threads_with_their_own_or_a_shared_connection_keep_their_own_answers(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    shared = ProgressDB(path)
    sessions = {
        "own-ann": SqliteProgress(path, "Ann"),
        "own-bob": SqliteProgress(path, "Bob"),
        "shared-ann": shared.progress("Ann"),
        "shared-cid": shared.progress("Cid"),
    }
    errors: list[BaseException] = []
    count = 100

    def work(tag: str, progress: SqliteProgress) -> None:
        try:
            for n in range(count):
                ok = n % 2 == 0
                progress.record(Answer(f"item-{n % 5}", "trick", {"tag": tag}, {"k": ok}, 3.0, 1_700_000_000 + n))
                progress.answered(f"item-{n % 5}")  # reads interleaved with the other threads' writes
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=item) for item in sessions.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    tags = {learner: {a.given["tag"] for a in shared.progress(learner).history} for learner in ("Ann", "Bob", "Cid")}
    assert tags == {"Ann": {"own-ann", "shared-ann"}, "Bob": {"own-bob"}, "Cid": {"shared-cid"}}
    assert shared.progress("Ann").totals == (2 * count, count)
    assert shared.progress("Bob").totals == (count, count // 2)
    for progress in sessions.values():
        progress.close()
    shared.close()
    assert_cards_match_answers(path)
