"""The progress database: one SQLite file, opened safely, its schema brought up to date.

The file is ``$ALUETTE_DB`` or ``~/.local/share/aluette-tutor/progress.db``. Opening it:

* sets WAL (readers never block the writer, and one writer's commit is one append to the log),
  ``synchronous=NORMAL``, ``foreign_keys=ON`` and a busy timeout;
* checks the file (``PRAGMA quick_check``), applies the pending migrations in one transaction each,
  then proves it can write (a header write in a transaction that is rolled back);
* and turns every way this can fail into :class:`ProgressUnavailable` with a one-line message naming
  the file, so the app can say so and carry on without saving.

Why ``synchronous=NORMAL``: in WAL mode a transaction is committed once its frames are appended to the
``-wal`` file; NORMAL skips the fsync on each commit (it syncs at checkpoints). A killed process
(SIGKILL, a crash) loses nothing committed: what was written sits in the operating system's cache and
reaches the disk anyway. Only a power cut or a kernel crash can drop the last few commits, and even then
the database stays consistent. FULL would add an fsync per answer for that case alone
(``benchmarks/progress_bench.py`` measures both).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from tutor.progress.scheduling import ItemState, replay, reviewable

ENV_VAR = "ALUETTE_DB"
BUSY_TIMEOUT_MS = 5000  # how long a writer waits for another one before giving up


class ProgressUnavailable(Exception):
    """The progress file cannot be used; ``message`` is one line naming the file, fit to show as is."""

    def __init__(self, message: str, path: Path | str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = None if path is None else str(path)

    def __str__(self) -> str:
        return self.message


def default_path() -> Path:
    """``$ALUETTE_DB`` if set, else ``~/.local/share/aluette-tutor/progress.db``."""
    chosen = os.environ.get(ENV_VAR)
    if chosen:
        return Path(chosen).expanduser()
    return Path.home() / ".local" / "share" / "aluette-tutor" / "progress.db"


# --- Schema --------------------------------------------------------------------------------------------------

V1 = (
    # Names are unique case-insensitively, for every script: ``folded`` is ``name.casefold()``
    # (SQLite's NOCASE folds ASCII only, so 'Élise' and 'élise' would both pass it).
    """CREATE TABLE learners (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE,
        created REAL NOT NULL
    )""",
    # ``uid`` is unique per learner, not per file: a learner's export imported under another name on the
    # same install must still add every answer.
    """CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        uid TEXT NOT NULL,
        item TEXT NOT NULL,
        kind TEXT NOT NULL,
        given TEXT NOT NULL,
        correct TEXT NOT NULL,
        all_correct INTEGER NOT NULL,
        answered_at REAL NOT NULL,
        seconds REAL NOT NULL,
        UNIQUE (learner_id, uid)
    )""",
    "CREATE INDEX answers_by_item ON answers (learner_id, item, all_correct)",
    """CREATE TABLE reads (
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        lesson TEXT NOT NULL,
        section INTEGER NOT NULL,
        read_at REAL NOT NULL,
        PRIMARY KEY (learner_id, lesson, section)
    ) WITHOUT ROWID""",
)

V2 = (
    # One FSRS card per (learner, reviewable item), kept in step with ``answers`` by writing both in one
    # transaction. Columns rather than a JSON blob, so the Progress page can aggregate over them.
    """CREATE TABLE cards (
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        item TEXT NOT NULL,
        kind TEXT NOT NULL,
        state INTEGER NOT NULL,
        step INTEGER,
        stability REAL,
        difficulty REAL,
        due REAL NOT NULL,
        last_review REAL,
        reps INTEGER NOT NULL,
        wrong INTEGER NOT NULL,
        last_correct INTEGER NOT NULL,
        PRIMARY KEY (learner_id, item)
    ) WITHOUT ROWID""",
    "CREATE INDEX cards_by_due ON cards (learner_id, due)",
    # Accuracy per day and the streak read only this index.
    "CREATE INDEX answers_by_time ON answers (learner_id, answered_at, all_correct)",
)

CARD_COLUMNS = "item, kind, state, step, stability, difficulty, due, last_review, reps, wrong, last_correct"


def _backfill_cards(conn: sqlite3.Connection) -> None:
    """v2: give every reviewable item answered under v1 its card, by replaying its answers in time order."""
    rows = conn.execute(
        "SELECT learner_id, item, kind, all_correct, seconds, answered_at FROM answers"
        " ORDER BY learner_id, item, answered_at, id"
    ).fetchall()
    groups: dict[tuple[int, str], list[tuple[str, bool, float, float]]] = {}
    for learner_id, item, kind, all_correct, seconds, at in rows:
        if reviewable(item):
            groups.setdefault((learner_id, item), []).append((kind, bool(all_correct), seconds, at))
    for (learner_id, item), answers in groups.items():
        state = replay(item, answers)
        if state is not None:
            conn.execute(
                f"INSERT INTO cards (learner_id, {CARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (learner_id, *card_row(state)),
            )


def card_row(s: ItemState) -> tuple[object, ...]:
    """The ``CARD_COLUMNS`` values of a card."""
    return (
        s.item, s.kind, s.state, s.step, s.stability, s.difficulty, s.due, s.last_review, s.reps, s.wrong,
        int(s.last_correct),
    )  # fmt: skip


@dataclass(frozen=True)
class Migration:
    """Brings the schema from ``version - 1`` to ``version``: statements, then an optional data step."""

    version: int
    statements: tuple[str, ...]
    data: Callable[[sqlite3.Connection], None] | None = None


# In order; never edit a released migration, add a new one.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, V1),
    Migration(2, V2, _backfill_cards),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def migrate(conn: sqlite3.Connection, path: Path | str = "the progress file") -> int:
    """Apply every pending migration, each in its own transaction (with its ``user_version``); returns the
    version before. A file from a newer tutor is refused rather than guessed at."""
    before = conn.execute("PRAGMA user_version").fetchone()[0]
    if before > SCHEMA_VERSION:
        raise ProgressUnavailable(
            f"Progress is not saved: {path} was written by a newer version of the tutor (schema {before}).", path
        )
    if before == SCHEMA_VERSION:
        return before
    for migration in MIGRATIONS:
        with transaction(conn):
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            if current >= migration.version:
                continue  # done already, maybe by another process opening the file at the same time
            for statement in migration.statements:
                conn.execute(statement)
            if migration.data is not None:
                migration.data(conn)
            conn.execute(f"PRAGMA user_version = {migration.version}")
    return before


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error.

    IMMEDIATE takes the write lock up front: a transaction that reads and then writes (the card update)
    cannot fail half way on a lock another connection took meanwhile, and waits ``busy_timeout`` instead.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # also when COMMIT itself failed: never leave the connection mid-transaction
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


# --- Opening --------------------------------------------------------------------------------------------------


def connect(path: Path | str | None = None, *, read_only: bool = False) -> sqlite3.Connection:
    """Open the progress file (``default_path()`` if None), creating it and its folder if need be, with
    the schema up to date. Raises :class:`ProgressUnavailable` when it cannot be read and written.

    ``read_only`` opens the file read-only (``mode=ro``), which is refused like a read-only file: this is how
    tests check read-only handling when they run as root, for whom file permissions do not apply.
    The connection is in autocommit mode (use :func:`transaction`) and may be used from any thread, one at a
    time (Streamlit runs each rerun in a new thread; the caller holds a lock).
    """
    where = (Path(path).expanduser() if path is not None else default_path()).absolute()  # messages name it
    if where.is_dir():
        raise ProgressUnavailable(f"Progress is not saved: {where} is a folder, not a database file.", where)
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or "cannot be created"
        raise ProgressUnavailable(
            f"Progress is not saved: the folder {where.parent} cannot be created ({reason.lower()}).", where
        ) from error
    uri = where.resolve().as_uri() + ("?mode=ro" if read_only else "?mode=rwc")
    conn: sqlite3.Connection | None = None
    try:
        conn = sqlite3.connect(
            uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA user_version").fetchone()  # the first read: a non-database fails here
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        conn.execute("PRAGMA synchronous = NORMAL")
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise ProgressUnavailable(f"Progress is not saved: {where} is damaged ({check}).", where)
        if str(mode).lower() != "wal":  # e.g. a file system without shared memory
            raise ProgressUnavailable(f"Progress is not saved: {where} cannot be used in WAL mode ({mode}).", where)
        migrate(conn, where)
        _prove_writable(conn)
    except ProgressUnavailable:
        if conn is not None:
            conn.close()
        raise
    except sqlite3.Error as error:
        if conn is not None:
            conn.close()
        raise unavailable(error, where) from error
    return conn


def _prove_writable(conn: sqlite3.Connection) -> None:
    """Write the header's user_version in a transaction, then roll back: read-only files fail here, on
    opening, rather than on the learner's first answer. (BEGIN IMMEDIATE alone succeeds on them.)"""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {int(version)}")
    finally:
        conn.execute("ROLLBACK")


_REASONS = {
    "SQLITE_NOTADB": "is not a progress database (damaged, or another kind of file)",
    "SQLITE_CORRUPT": "is damaged",
    "SQLITE_CANTOPEN": "cannot be opened (check that it and its folder can be read and written)",
    "SQLITE_PERM": "cannot be opened (permission denied)",
    "SQLITE_AUTH": "cannot be opened (permission denied)",
    "SQLITE_BUSY": "is busy: another program holds it locked",
    "SQLITE_LOCKED": "is busy: another program holds it locked",
    "SQLITE_FULL": "cannot grow: the disk is full",
    "SQLITE_IOERR": "cannot be read or written (input/output error)",
}


def unavailable(error: sqlite3.Error, path: Path | str) -> ProgressUnavailable:
    """A :class:`ProgressUnavailable` for an SQLite error on ``path``, in words rather than error codes."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_READONLY"):
        reason = "is read-only"
    else:
        base = name.split("_")[0:2]
        reason = _REASONS.get(name) or _REASONS.get("_".join(base)) or f"cannot be used ({_one_line(error)})"
    return ProgressUnavailable(f"Progress is not saved: {path} {reason}.", path)


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


def integrity(conn: sqlite3.Connection) -> str:
    """``PRAGMA integrity_check``'s verdict: ``ok``, or its first complaint."""
    return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
