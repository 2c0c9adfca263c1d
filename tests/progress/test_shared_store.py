"""One progress connection shared by every session of a process (tutor.progress.shared): the sessions'
transactions never mix, a replaced file is still noticed, and a store nobody uses any more is closed."""

from __future__ import annotations

import gc
import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tutor.progress import shared
from tutor.progress.db import ProgressUnavailable
from tutor.progress.memory import Answer
from tutor.progress.store import ProgressDB


def answer(uid: str) -> Answer:
    return Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 5.0, uid=uid)


def test_every_session_of_the_process_gets_the_same_connection(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    first, second = shared.store(path), shared.store(str(path))
    assert first is second and first.conn is second.conn
    other = shared.store(tmp_path / "other.db")  # another file (a test's, a changed $ALUETTE_DB): its own
    assert other is not first and other.path == tmp_path / "other.db"


class Failed(Exception):
    pass


def test_a_sessions_transaction_is_its_own_while_another_session_writes(tmp_path: Path) -> None:
    db = shared.store(tmp_path / "progress.db")
    inside, outcome = threading.Event(), []

    def first_session() -> None:
        with pytest.raises(Failed), db.using(write=True) as conn:
            conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Ann', 'ann', 0)")
            inside.set()
            time.sleep(0.3)  # the other session tries meanwhile (waiting for the lock, nothing asserted on time)
            raise Failed  # this session's transaction is rolled back

    def second_session() -> None:
        inside.wait()
        outcome.append(db.create_learner("Bea"))  # its own transaction, after the first's

    threads = [threading.Thread(target=first_session), threading.Thread(target=second_session)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    # Had the second session's write gone into the first's transaction, it would have been rolled back
    # with it (or refused: "cannot start a transaction within a transaction").
    assert outcome == ["Bea"]
    assert db.learners() == ["Bea"]
    check = sqlite3.connect(tmp_path / "progress.db")
    assert check.execute("SELECT name FROM learners").fetchall() == [("Bea",)]
    check.close()


def test_many_sessions_recording_at_once_keep_every_answer_and_their_own_totals(tmp_path: Path) -> None:
    db = shared.store(tmp_path / "progress.db")
    learners = ["Ann", "Bea", "Cid", "Dan"]

    def session(name: str) -> None:
        progress = db.progress(name)
        for n in range(25):
            progress.record(answer(f"{name}-{n}"))

    threads = [threading.Thread(target=session, args=(name,)) for name in learners]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for name in learners:
        progress = db.progress(name, create=False)
        assert progress.totals == (25, 25)
        assert [a.uid for a in progress.history] == [f"{name}-{n}" for n in range(25)]


def test_a_replaced_file_is_noticed_and_let_go_before_the_next_session_opens_the_new_one(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    old = shared.store(path)
    ann = old.progress("Ann")
    ann.record(answer("a1"))
    replacement = tmp_path / "restored.db"
    with ProgressDB(replacement) as other:
        other.create_learner("Zoe")
    os.replace(replacement, path)  # a backup restored over the file while the app runs

    with pytest.raises(ProgressUnavailable, match="was deleted or replaced"):
        ann.record(answer("a2"))
    assert [a.uid for a in ann.history] == ["a1"]  # still readable: a session copies it to memory
    let_go: list[ProgressDB] = []

    def copied_then_closed(db: ProgressDB) -> None:
        let_go.append(db)
        db.close()

    new = shared.store(path, let_go=copied_then_closed)  # the next session
    assert new is not old and let_go == [old]
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):  # closed before the new file was opened
        old.conn.execute("SELECT 1")
    # The new file's own connection: not the old file's -wal and -shm, which went by the same name.
    assert new.learners() == ["Zoe"]
    new.create_learner("Yan")
    assert new.learners() == ["Yan", "Zoe"]
    check = sqlite3.connect(path)
    assert check.execute("SELECT name FROM learners ORDER BY name").fetchall() == [("Yan",), ("Zoe",)]
    check.close()


def test_a_store_nobody_uses_any_more_closes_itself(tmp_path: Path) -> None:
    first = shared.store(tmp_path / "first.db")
    first.create_learner("Ann")
    conn = first.conn
    shared.store(tmp_path / "second.db")  # another file: the first is no longer handed out
    del first
    gc.collect()
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        conn.execute("SELECT 1")
    assert not (tmp_path / "first.db-wal").exists()  # closed as SQLite closes its last connection


def test_a_file_that_cannot_be_opened_is_tried_again_by_the_next_session(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    path.write_bytes(b"not a database at all" * 10)
    with pytest.raises(ProgressUnavailable, match="not a progress database"):
        shared.store(path)
    path.unlink()
    assert shared.store(path).learners() == []  # the file is fine now: opened
