"""The progress file through ProgressDB (tutor/progress/store.py): schema and migrations, learners, recording,
and files it cannot use. Export and import: test_transfer.py.

Tests of what the store does take ``store`` and run on a fresh SQLite file and on a fresh PostgreSQL database
(tests/store_target.py); those about the file itself take ``path``. Times are given explicitly, never measured.
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from store_target import count, rows

from tutor.progress import db as dbmod
from tutor.progress import store as storemod
from tutor.progress.base import Progress
from tutor.progress.db import MIGRATIONS, SCHEMA_VERSION, V1, ProgressUnavailable, connect, default_path, integrity
from tutor.progress.memory import Answer, MemoryProgress
from tutor.progress.store import LearnerError, ProgressDB, SqliteProgress, open_progress
from tutor.progress.transfer import export_learner

T0 = datetime(2025, 3, 10, 12, 0).timestamp()  # local noon: no day boundary nearby
MINUTE, DAY = 60.0, 86_400.0


def answer(item: str, ok: bool = True, seconds: float = 30.0, at: float = T0, kind: str = "trick") -> Answer:
    return Answer(item, kind, {"winner": "N" if ok else "S"}, {"winner": ok}, seconds, at)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.db"


def raw(path: Path) -> sqlite3.Connection:
    """A plain connection, to look at the file behind the store's back."""
    return sqlite3.connect(path)


# --- Schema -------------------------------------------------------------------------------------------------


def test_a_fresh_file_is_created_at_the_latest_version_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "progress.db"  # the folders are made
    conn = connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"learners", "answers", "reads", "cards"} <= tables
    conn.close()
    with raw(path) as again:
        assert again.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # WAL is kept in the file


def test_migrations_are_numbered_from_one_in_order() -> None:
    versions = [m.version for m in MIGRATIONS]
    # Gaps are allowed (parallel branches take their own numbers); the order is strict and ends at the schema's.
    assert versions[0] == 1 and versions == sorted(set(versions)) and versions[-1] == SCHEMA_VERSION


def make_v1(path: Path) -> None:
    """A file as the first saving release left it: the v1 DDL, with an answer history and no cards."""
    conn = raw(path)
    for statement in V1:
        conn.execute(statement)
    conn.execute("INSERT INTO learners (id, name, folded, created) VALUES (1, 'Ann', 'ann', ?)", (T0,))
    conn.execute("INSERT INTO learners (id, name, folded, created) VALUES (2, 'Bob', 'bob', ?)", (T0,))
    rows = [
        (1, "a1", "spoiled-aces", "trick", 0, T0),
        (1, "a2", "spoiled-aces", "trick", 1, T0 + 2 * MINUTE),
        (1, "a3", "tier:9-swords", "drill-tier", 1, T0 + 3 * MINUTE),
        (1, "a4", "gen-trick-1-0", "trick", 1, T0 + 4 * MINUTE),
        (2, "b1", "spoiled-aces", "trick", 1, T0),
    ]
    for learner, uid, item, kind, ok, at in rows:
        conn.execute(
            "INSERT INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at, seconds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 30.0)",
            (learner, uid, item, kind, json.dumps({"k": "v"}), json.dumps({"k": bool(ok)}), ok, at),
        )
    conn.execute("INSERT INTO reads VALUES (1, 'the-pack', 0, ?)", (T0,))
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def test_a_version_1_file_is_migrated_with_its_data_kept_and_cards_derived(path: Path) -> None:
    make_v1(path)
    with ProgressDB(path) as db:
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        ann, bob = db.progress("Ann", create=False), db.progress("Bob", create=False)
        assert [a.uid for a in ann.history] == ["a1", "a2", "a3", "a4"]
        assert ann.read("the-pack", 0) and ann.solved("spoiled-aces") and ann.totals == (4, 3)
        assert [a.uid for a in bob.history] == ["b1"]
        # Cards re-derived by replaying the answers, as if they had been recorded with cards all along.
        memory = MemoryProgress()
        for a in ann.history:
            memory.record(a)
        assert {s.item: s for s in ann.item_states()} == memory.cards
        assert ann.item_state("gen-trick-1-0") is None  # one-off items get no card
        assert ann.item_state("spoiled-aces").reps == 2  # type: ignore[union-attr]
        assert bob.item_state("spoiled-aces").reps == 1  # type: ignore[union-attr]
    assert integrity(connect(path)) == "ok"


def test_a_file_from_a_newer_tutor_is_refused(path: Path) -> None:
    ProgressDB(path).close()
    with raw(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(ProgressUnavailable, match="newer version") as caught:
        ProgressDB(path)
    assert str(path) in caught.value.message


def test_the_path_comes_from_aluette_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ALUETTE_DB", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"
    with ProgressDB() as db:
        assert db.path == tmp_path / "mine.db"
    assert (tmp_path / "mine.db").exists()
    monkeypatch.delenv("ALUETTE_DB")
    assert default_path() == Path.home() / ".local" / "share" / "aluette-tutor" / "progress.db"


# --- Learners -----------------------------------------------------------------------------------------------


def test_learner_names_are_unique_whatever_their_case(store: Path | str) -> None:
    with ProgressDB(store) as db:
        assert db.create_learner("  Élise   Martin ") == "Élise Martin"
        for taken in ("élise martin", "ÉLISE MARTIN", "Élise  Martin"):
            with pytest.raises(LearnerError, match="already a learner called 'Élise Martin'"):
                db.create_learner(taken)
        db.create_learner("ann")
        assert db.learners() == ["ann", "Élise Martin"]
        assert db.progress("ANN").learner == "ann"  # the same learner, not a new one
        assert db.learners() == ["ann", "Élise Martin"]
        for bad in ("", "   ", "x" * 41, "bell\x07"):
            with pytest.raises(LearnerError):
                db.create_learner(bad)


def test_a_refused_name_is_worded_in_the_learners_language(store: Path | str) -> None:
    # The sidebar shows why a name was refused in the learner's language; the English stays the error's text.
    with ProgressDB(store) as db:
        db.create_learner("Ann")
        with pytest.raises(LearnerError) as taken:
            db.create_learner("ann")
    assert str(taken.value) == "There is already a learner called 'Ann'."
    assert taken.value.words("fr") == "Il y a déjà un élève nommé « Ann »."
    assert taken.value.words("cs") == "Student se jménem „Ann“ už existuje."
    with pytest.raises(LearnerError) as empty:
        storemod.clean_name("   ")
    assert (str(empty.value), empty.value.words("fr")) == ("Give the learner a name.", "Donnez un nom à l'élève.")
    assert LearnerError("a plain message").words("fr") == "a plain message"  # no message of its own: as given


def test_learners_can_be_renamed_and_deleted(store: Path | str) -> None:
    with ProgressDB(store) as db:
        ann = db.progress("Ann")
        ann.record(answer("spoiled-aces"))
        ann.mark_read("the-pack", 0)
        db.create_learner("Bob")
        with pytest.raises(LearnerError, match="already a learner called 'Bob'"):
            ann.rename("bob")
        assert ann.rename("ANN") == "ANN"  # a change of case alone is fine
        assert db.rename_learner("ann", "Anne") == "Anne"
        assert db.progress("Anne").history[0].item == "spoiled-aces"
        db.delete_learner("Anne")
        assert db.learners() == ["Bob"]
        for table in ("answers", "reads", "cards"):  # everything of hers went with her
            assert count(db, table) == 0
        with pytest.raises(LearnerError, match="No learner"):
            db.delete_learner("Anne")
        with pytest.raises(ProgressUnavailable, match="removed"):  # a tab still open on her
            ann.record(answer("spoiled-aces"))
        with pytest.raises(LearnerError):
            db.progress("Nobody", create=False)


def test_one_learners_data_never_shows_under_another(store: Path | str) -> None:
    with ProgressDB(store) as db:
        ann, bob = db.progress("Ann"), db.progress("Bob")
        ann.record(answer("spoiled-aces", ok=True, at=T0))
        ann.record(answer("tier:9-swords", ok=False, kind="drill-tier", at=T0 + 1))
        ann.mark_read("the-pack", 0)
        bob.record(answer("tricks-lead", ok=False, at=T0 - 3 * DAY))
        bob.mark_read("scoring", 2)

        assert ann.answered("spoiled-aces") and not bob.answered("spoiled-aces")
        assert ann.solved("spoiled-aces") and not bob.solved("spoiled-aces")
        assert not ann.answered("tricks-lead") and bob.answered("tricks-lead")
        assert ann.totals == (2, 1) and bob.totals == (1, 0)
        assert {a.item for a in ann.history} == {"spoiled-aces", "tier:9-swords"}
        assert [a.item for a in bob.history] == ["tricks-lead"]
        assert ann.read("the-pack", 0) and not bob.read("the-pack", 0)
        assert bob.read("scoring", 2) and not ann.read("scoring", 2)
        assert {s.item for s in ann.item_states()} == {"spoiled-aces", "tier:9-swords"}
        assert [s.item for s in bob.item_states()] == ["tricks-lead"]
        assert bob.item_state("spoiled-aces") is None and ann.item_state("tricks-lead") is None
        later = T0 + 30 * DAY
        assert {s.item for s in ann.due_items(later)} == {"spoiled-aces", "tier:9-swords"}
        assert [s.item for s in bob.due_items(later)] == ["tricks-lead"]
        assert sum(d.answered for d in ann.days()) == 2 and sum(d.answered for d in bob.days()) == 1
        assert [a["item"] for a in export_learner(bob)["answers"]] == ["tricks-lead"]
        assert [(r["lesson"], r["section"]) for r in export_learner(bob)["reads"]] == [("scoring", 2)]


# --- Recording ----------------------------------------------------------------------------------------------


def test_an_answer_and_its_card_are_written_together(store: Path | str) -> None:
    with ProgressDB(store) as db, db.progress("Ann") as progress:
        uid = progress.record(answer("spoiled-aces", ok=False))
        assert rows(db, "SELECT uid, all_correct FROM answers") == [(uid, 0)]
        assert rows(db, "SELECT item, reps, wrong, last_correct FROM cards") == [("spoiled-aces", 1, 1, 0)]


def test_a_failure_while_scheduling_writes_no_answer_either(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    progress = SqliteProgress(path, "Ann")
    progress.record(answer("spoiled-aces", at=T0))

    def broken(*args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(storemod, "save_card", broken)
    with pytest.raises(ProgressUnavailable, match="cannot be used"):
        progress.record(answer("spoiled-aces", at=T0 + DAY))
    assert progress.totals == (1, 1) and len(progress.history) == 1
    assert progress.item_state("spoiled-aces").reps == 1  # type: ignore[union-attr]


def test_again_comes_back_within_minutes_good_later_easy_later_still(store: Path | str) -> None:
    with SqliteProgress(store, "Ann") as progress:
        progress.record(answer("wrong-one", ok=False, seconds=5, at=T0))
        progress.record(answer("slow-right", ok=True, seconds=40, at=T0))  # Good: slower than 25 s
        progress.record(answer("fast-right", ok=True, seconds=5, at=T0))  # Easy
        progress.record(answer("tier:9-swords", ok=True, seconds=12, at=T0, kind="drill-tier"))  # Good: > 8 s
        again, good, easy, drill = (
            progress.item_state(i) for i in ("wrong-one", "slow-right", "fast-right", "tier:9-swords")
        )
    assert again and good and easy and drill
    assert T0 < again.due <= T0 + 5 * MINUTE
    assert again.due < good.due <= T0 + 30 * MINUTE  # seen again later in the same sitting
    assert easy.due >= T0 + DAY  # graduates at once
    assert drill.due == good.due


def test_recording_the_same_answer_twice_keeps_it_once(store: Path | str) -> None:
    with SqliteProgress(store, "Ann") as progress:
        once = answer("spoiled-aces")
        progress.record(once)
        progress.record(once)
        assert progress.totals == (1, 1)
        assert progress.item_state("spoiled-aces").reps == 1  # type: ignore[union-attr]


def test_one_off_items_are_recorded_without_a_card(store: Path | str) -> None:
    with SqliteProgress(store, "Ann") as progress:
        progress.record(answer("gen-trick-3-1"))
        progress.record(answer("hand-signals:3-coins:A-cups", kind="drill-hand-signals"))
        assert progress.totals == (2, 2) and progress.item_states() == []


def test_saved_and_memory_progress_schedule_alike(store: Path | str) -> None:
    memory = MemoryProgress()
    with SqliteProgress(store, "Ann") as saved:
        for n, (ok, seconds) in enumerate([(False, 5), (True, 40), (True, 3), (False, 9), (True, 10)]):
            a = answer("spoiled-aces", ok=ok, seconds=seconds, at=T0 + n * 2 * DAY)
            saved.record(a)
            memory.record(a)
        assert saved.item_states() == memory.item_states()
        assert saved.history == memory.history
        assert saved.days() == memory.days()
        assert saved.due_items(T0 + 100 * DAY) == memory.due_items(T0 + 100 * DAY)


def test_both_kinds_of_progress_satisfy_the_protocol(store: Path | str) -> None:
    assert isinstance(MemoryProgress(), Progress)
    with SqliteProgress(store, "Ann") as saved:
        assert isinstance(saved, Progress)
        assert saved.saved and not MemoryProgress().saved


def test_a_learner_coming_back_finds_everything(store: Path | str) -> None:
    with SqliteProgress(store, "Ann") as progress:
        progress.record(answer("spoiled-aces", ok=False))
        progress.mark_read("the-pack", 1)
    with SqliteProgress(store, "ann") as tomorrow:
        assert tomorrow.answered("spoiled-aces") and not tomorrow.solved("spoiled-aces")
        assert tomorrow.read("the-pack", 1) and not tomorrow.read("the-pack", 0)
        assert tomorrow.item_state("spoiled-aces") is not None


def test_a_second_tab_sees_the_first_ones_answers(store: Path | str) -> None:
    with SqliteProgress(store, "Ann") as one, SqliteProgress(store, "Ann") as two:
        assert two.totals == (0, 0)  # its summary is now loaded
        one.record(answer("spoiled-aces"))
        one.mark_read("the-pack", 0)
        assert two.totals == (1, 1) and two.solved("spoiled-aces") and two.read("the-pack", 0)
        two.record(answer("tricks-lead", ok=False))
        assert one.totals == (2, 1) and one.answered("tricks-lead")
        # A tab whose summary is loaded records just after the other tab did: it must not miss that answer.
        assert one.totals == (2, 1)
        two.record(answer("scoring-1"))
        one.record(answer("scoring-2"))
        assert one.totals == two.totals == (4, 3)
        assert one.answered("scoring-1") and two.answered("scoring-2")
        # Two learners sharing one connection: each one's own writes reach the other's summary too.
        with ProgressDB(store) as db:
            ann, also_ann = db.progress("Ann"), db.progress("Ann")
            assert also_ann.totals == (4, 3)
            ann.record(answer("x"))
            assert also_ann.totals == (5, 4)


# --- A file that cannot be used -----------------------------------------------------------------------------


def assert_unavailable(path: Path, reason: str, **kwargs: object) -> None:
    with pytest.raises(ProgressUnavailable) as caught:
        ProgressDB(path, **kwargs)  # type: ignore[arg-type]
    message = caught.value.message
    assert str(path) in message and reason in message, message
    assert "\n" not in message


def test_a_file_of_random_bytes_is_refused(path: Path) -> None:
    path.write_bytes(os.urandom(8192))
    assert_unavailable(path, "is not a progress database")


def test_a_damaged_database_is_refused(path: Path) -> None:
    with SqliteProgress(path, "Ann") as progress:
        for n in range(300):
            progress.record(answer(f"item-{n}", at=T0 + n))
    with raw(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    data[3 * page : 6 * page] = os.urandom(3 * page)  # scribble over some pages, keep the header
    path.write_bytes(bytes(data))
    with pytest.raises(ProgressUnavailable) as caught:
        ProgressDB(path)
    assert str(path) in caught.value.message and "\n" not in caught.value.message


def test_a_folder_instead_of_a_file_is_refused(path: Path) -> None:
    path.mkdir()
    assert_unavailable(path, "is a folder")


def test_a_folder_that_cannot_be_made_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(ProgressUnavailable, match="cannot be created") as caught:
        ProgressDB(tmp_path / "a-file" / "progress.db")
    assert str(tmp_path / "a-file") in caught.value.message


def test_a_file_opened_read_only_is_refused(path: Path) -> None:
    """``mode=ro`` stands in for a read-only file when the tests run as root (who can write anything)."""
    ProgressDB(path).close()
    assert_unavailable(path, "is read-only", read_only=True)


def test_a_read_only_file_from_an_older_tutor_is_refused(path: Path) -> None:
    make_v1(path)
    assert_unavailable(path, "is read-only", read_only=True)
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1  # left as it was


needs_permissions = pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0,
    reason="running as root: file permissions do not stop root from writing (mode=ro is tested instead)",
)


@needs_permissions
def test_a_read_only_file_is_refused(path: Path) -> None:
    ProgressDB(path).close()
    path.chmod(0o444)
    try:
        assert_unavailable(path, "read-only")
    finally:
        path.chmod(0o644)


@needs_permissions
def test_a_file_in_a_read_only_folder_is_refused(path: Path) -> None:
    ProgressDB(path).close()
    for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        extra.unlink(missing_ok=True)
    path.parent.chmod(0o555)
    try:
        with pytest.raises(ProgressUnavailable) as caught:
            ProgressDB(path)
        assert str(path) in caught.value.message
    finally:
        path.parent.chmod(0o755)


def test_the_app_can_carry_on_without_saving(path: Path) -> None:
    path.write_bytes(b"definitely not sqlite" * 100)
    progress, message = open_progress("Ann", path)
    assert isinstance(progress, MemoryProgress) and progress.learner == "Ann"
    assert message is not None and str(path) in message
    progress.record(answer("spoiled-aces"))
    assert progress.solved("spoiled-aces")
    good, none = open_progress("Ann", path.with_name("good.db"))
    assert isinstance(good, SqliteProgress) and none is None


def test_sqlite_errors_read_as_plain_words() -> None:
    error = sqlite3.OperationalError("attempt to write a readonly database")
    error.sqlite_errorname = "SQLITE_READONLY_DBMOVED"  # type: ignore[attr-defined]
    assert dbmod.unavailable(error, "/x/p.db").message == "Progress is not saved: /x/p.db is read-only."
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"  # type: ignore[attr-defined]
    assert "input/output error" in dbmod.unavailable(error, "/x/p.db").message


# --- The examples in the docstrings -----------------------------------------------------------------------

WITH_EXAMPLES = [
    *("assignments", "backlog", "browsers", "classes", "names", "pins", "records", "rounds", "settings", "store"),
    *("teachers", "tickets", "transfer"),
]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_docstring_examples_run_and_hold(name: str) -> None:
    module = importlib.import_module(f"tutor.progress.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 2 and result.failed == 0


def test_every_docstring_example_of_the_package_is_run_above() -> None:
    package = Path(dbmod.__file__).parent
    with_examples = sorted(path.stem for path in package.glob("*.py") if ">>>" in path.read_text(encoding="utf-8"))
    assert with_examples == WITH_EXAMPLES
