"""Files the tutor must not use, and files that change under it: every refused file is left exactly as it
was (same bytes, no ``-wal``/``-shm`` made), a locked file is reported as busy, and a file deleted or replaced
while open is noticed before anything more is written to it.

Every file is made here, under ``tmp_path``, with the ``sqlite3`` module as another program would.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.progress.db import SCHEMA_VERSION, V1, ProgressUnavailable, tables_at
from tutor.progress.records import Answer
from tutor.progress.store import ProgressDB, SqliteProgress

T0 = 1_741_600_000.0


def answer(item: str, at: float = T0) -> Answer:
    return Answer(item, "trick", {"winner": "N"}, {"winner": True}, 30.0, at)


def side_files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name and p.name.startswith(path.name))


def fingerprint(path: Path) -> tuple[str, list[str]]:
    """The file's bytes (hashed) and the side files next to it."""
    return hashlib.sha256(path.read_bytes()).hexdigest(), side_files(path)


def another_programs_db(path: Path, *, wal: bool = False, user_version: int = 0) -> None:
    """A small database of some other program: its own tables, closed cleanly."""
    conn = sqlite3.connect(path)
    if wal:
        assert conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    conn.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)")
    conn.execute("CREATE TABLE ledger (account INTEGER, amount REAL)")
    conn.execute("INSERT INTO accounts (owner) VALUES ('Zoe')")
    conn.execute(f"PRAGMA user_version = {user_version}")
    conn.commit()
    conn.close()  # the last connection: a WAL file is checkpointed and its -wal removed


def assert_refused_untouched(path: Path, words: str) -> str:
    before = fingerprint(path)
    with pytest.raises(ProgressUnavailable) as caught:
        ProgressDB(path)
    message = caught.value.message
    assert str(path) in message and words in message and "\n" not in message, message
    assert fingerprint(path) == before, "a refused file is left exactly as it was"
    return message


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.db"


# --- refused, and left as they were ---------------------------------------------------------------------------


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal"])
def test_another_programs_database_is_refused_and_left_as_it_was(path: Path, wal: bool) -> None:
    another_programs_db(path, wal=wal)
    assert side_files(path) == []
    message = assert_refused_untouched(path, "is another program's database")
    assert "tables: accounts, ledger" in message
    with sqlite3.connect(path) as conn:  # still that program's, and still in its own journal mode
        assert conn.execute("SELECT owner FROM accounts").fetchall() == [("Zoe",)]
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert names == {"accounts", "ledger"}
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == ("wal" if wal else "delete")


def test_a_database_with_a_progress_version_but_other_tables_is_refused(path: Path) -> None:
    another_programs_db(path, user_version=1)  # the same user_version as a version 1 progress file
    assert_refused_untouched(path, "is another program's database")


def test_a_progress_file_with_an_extra_table_is_refused(path: Path) -> None:
    ProgressDB(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    assert_refused_untouched(path, "is another program's database")


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal"])
def test_a_file_from_a_newer_tutor_is_refused_and_left_as_it_was(path: Path, wal: bool) -> None:
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    for statement in V1:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    assert_refused_untouched(path, "newer version of the tutor (schema 99)")


def test_a_file_of_random_bytes_is_refused_and_left_as_it_was(path: Path) -> None:
    path.write_bytes(os.urandom(8192))
    assert_refused_untouched(path, "is not a progress database")


def test_a_short_file_with_the_sqlite_header_is_refused(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20)
    assert_refused_untouched(path, "is not a progress database")


# --- adopted ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["zero bytes", "empty database"])
def test_an_empty_file_becomes_a_progress_file(path: Path, kind: str) -> None:
    if kind == "zero bytes":
        path.write_bytes(b"")
    else:
        sqlite3.connect(path).execute("VACUUM").connection.close()  # a database with nothing in it
        assert path.stat().st_size > 0
    with SqliteProgress(path, "Ann") as ann:
        ann.record(answer("spoiled-aces"))
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        everything = {"learners", "answers", "reads", "cards", "guests", "games", "settings", "browsers"} | {
            "teachers",
            "teacher_sessions",
            "sign_in_failures",
            "classes",
            "class_members",  # schema 8's
        }
        everything |= {"pins", "pin_failures"}  # schema 10's
        everything |= {"assignments", "rounds", "round_players", "round_answers"}  # schemas 11's and 12's
        assert names == tables_at(SCHEMA_VERSION) == everything
    conn.close()


def test_the_tables_of_each_version_come_from_the_migrations() -> None:
    assert tables_at(0) == frozenset()
    assert tables_at(1) == {"learners", "answers", "reads"}
    assert tables_at(2) == {"learners", "answers", "reads", "cards"}
    assert tables_at(3) == {"learners", "answers", "reads", "cards", "guests"}
    assert tables_at(4) == {"learners", "answers", "reads", "cards", "guests", "games"}
    assert tables_at(5) == {"learners", "answers", "reads", "cards", "guests", "games", "settings"}


def test_an_older_progress_file_is_still_opened_and_migrated(path: Path) -> None:
    conn = sqlite3.connect(path)  # as the first saving release left it, in rollback-journal mode
    for statement in V1:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with ProgressDB(path) as db:
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# --- busy ---------------------------------------------------------------------------------------------------


@pytest.fixture
def locked(path: Path) -> Iterator[sqlite3.Connection]:
    """The progress file held locked by another program (exclusive locking mode, a write in progress)."""
    ProgressDB(path).close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("INSERT INTO learners (name, folded, created) VALUES ('Other', 'other', 0)")
    yield conn
    conn.close()


def test_a_locked_file_is_reported_as_busy_and_can_be_opened_once_free(path: Path, locked: sqlite3.Connection) -> None:
    with pytest.raises(ProgressUnavailable) as caught:
        ProgressDB(path)
    assert caught.value.busy
    assert caught.value.message == (
        f"Progress is not saved: {path} is busy: another program is using it and holds it locked."
    )
    locked.execute("COMMIT")
    locked.close()  # exclusive locking mode keeps the lock until the connection closes
    with ProgressDB(path) as db:
        assert db.learners() == ["Other"]


def test_a_file_that_cannot_be_used_is_not_called_busy(path: Path) -> None:
    path.write_bytes(os.urandom(4096))
    with pytest.raises(ProgressUnavailable) as caught:
        ProgressDB(path)
    assert not caught.value.busy


# --- deleted or replaced while open -------------------------------------------------------------------------


def remove(path: Path) -> None:
    for name in (path.name, path.name + "-wal", path.name + "-shm"):
        (path.parent / name).unlink(missing_ok=True)


def test_a_write_after_the_file_was_deleted_is_refused_and_reads_still_work(path: Path) -> None:
    with SqliteProgress(path, "Ann") as ann:
        ann.record(answer("spoiled-aces", T0))
        ann.mark_read("the-pack", 0)
        remove(path)
        with pytest.raises(ProgressUnavailable) as caught:
            ann.record(answer("tricks-lead", T0 + 60))
        assert caught.value.message == (
            f"Progress is no longer saved: {path} was deleted or replaced while the tutor was running."
        )
        with pytest.raises(ProgressUnavailable, match="deleted or replaced"):
            ann.mark_read("the-pack", 1)
        # What the session saved so far can still be read, to carry on in memory.
        assert [a.item for a in ann.history] == ["spoiled-aces"]
        assert [(lesson, section) for lesson, section, _ in ann.sections()] == [("the-pack", 0)]
    assert not path.exists(), "nothing wrote the file back"


def test_a_file_replaced_while_open_is_noticed(path: Path, tmp_path: Path) -> None:
    db = ProgressDB(path)
    ann = db.progress("Ann")
    ann.record(answer("spoiled-aces"))
    db.check_file()  # the same file: fine
    other = tmp_path / "other.db"
    ProgressDB(other).close()
    os.replace(other, path)  # e.g. a backup restored over it
    with pytest.raises(ProgressUnavailable, match="deleted or replaced"):
        db.check_file()
    with pytest.raises(ProgressUnavailable, match="deleted or replaced"):
        ann.record(answer("tricks-lead"))
    db.close()
    with ProgressDB(path) as restored:
        assert restored.learners() == [], "the replacing file got nothing of this session's"


def test_a_new_file_after_only_the_database_was_deleted_starts_clean(path: Path) -> None:
    db = ProgressDB(path)
    ann = db.progress("Ann")
    ann.record(answer("spoiled-aces"))  # in the -wal, not yet in the file
    path.unlink()  # as a file manager would: the -wal and -shm stay
    assert side_files(path) == ["progress.db-shm", "progress.db-wal"]
    with pytest.raises(ProgressUnavailable, match="deleted or replaced"):
        ann.record(answer("tricks-lead"))
    db.close()
    with ProgressDB(path) as fresh:
        assert fresh.learners() == []
        assert fresh.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
