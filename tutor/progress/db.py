"""The progress database: one SQLite file, opened safely, its schema brought up to date.

The file is ``$ALUETTE_DB`` or ``~/.local/share/aluette-tutor/progress.db``. Opening it:

* first looks at the file without changing it (through a read-only connection, never a plain ``open()``,
  whose closing would drop SQLite's locks: :func:`inspect`): a file that is not SQLite, that a newer tutor
  wrote, or that is another program's database (tables that are not the tutor's) is refused as it is, with
  no byte changed and no ``-wal``/``-shm`` file made;
* then, on the connection that will write, checks it again and in full (``PRAGMA quick_check``), sets WAL
  (readers never block the writer, and one writer's commit is one append to the log),
  ``synchronous=NORMAL`` and ``foreign_keys=ON``, applies the pending migrations in one transaction each,
  and proves it can write (a header write in a transaction that is rolled back);
* waits at most :data:`OPEN_BUSY_MS` for a lock while opening (the first page of a session says "busy" at
  once rather than hang), and :data:`WRITE_BUSY_MS` afterwards (another tab's answer being written);
* and turns every way this can fail into :class:`ProgressUnavailable` with a one-line message naming
  the file, so the app can say so and carry on without saving.

A file deleted or replaced while it is open is noticed by :func:`file_identity` (the store compares it
before every write): SQLite itself would carry on writing to the deleted file, which nobody opens again.

Why ``synchronous=NORMAL``: in WAL mode a transaction is committed once its frames are appended to the
``-wal`` file; NORMAL skips the fsync on each commit (it syncs at checkpoints). A killed process
(SIGKILL, a crash) loses nothing committed: what was written sits in the operating system's cache and
reaches the disk anyway. Only a power cut or a kernel crash can drop the last few commits, and even then
the database stays consistent. FULL would add an fsync per answer for that case alone
(``benchmarks/progress_bench.py`` measures both).
"""

from __future__ import annotations

import errno
import os
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tutor.content.texts import Text, _
from tutor.i18n.ui import N_
from tutor.progress.records import ItemState
from tutor.progress.scheduling import replay, reviewable

ENV_VAR = "ALUETTE_DB"
OPEN_BUSY_MS = 250  # opening: a file another program holds locked is reported at once, not after seconds
WRITE_BUSY_MS = 2000  # once open: how long a write waits for another tab's transaction before giving up
SOURCE = "en"  # the language of ``message``


class Cursor(Protocol):
    """What the store reads of a statement's result (sqlite3's and psycopg's cursors both are one)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection the store writes its SQL to, with ``?`` placeholders."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any: ...

    def executemany(self, sql: str, parameters: Sequence[Sequence[Any]], /) -> Any:
        """The statement once per row of ``parameters``; its cursor's ``rowcount`` is the rows changed in all."""
        ...


class ProgressUnavailable(Exception):
    """The progress file cannot be used; ``message`` is one line naming the file, fit to show as is (English,
    for the command line and logs); :meth:`words` is that line in a learner's language.
    ``busy`` says the file was only locked by another program, ``full`` that the disk had no room: both pass
    (:attr:`temporary`), and a write that failed for them is kept and tried again (:mod:`tutor.progress.backlog`).

    Raised with a :class:`Text` (a ``ui`` message naming the file: ``_("{path} is damaged.", path=...)``),
    the line is "Progress is not saved: " and that reason, or "Progress is no longer saved: " for a file that
    was in use until now (``lost``, :meth:`no_longer`). A plain string is the whole line, in English only."""

    def __init__(
        self,
        reason: str | Text,
        path: Path | str | None = None,
        *,
        busy: bool = False,
        lost: bool = False,
        full: bool = False,
    ) -> None:
        self.reason = reason
        self.lost = lost
        self.message = self.words(SOURCE)
        super().__init__(self.message)
        self.path = None if path is None else str(path)
        self.busy = busy
        self.full = full

    @property
    def temporary(self) -> bool:
        """Whether the same write may well succeed later: the file was locked, or the disk full."""
        return self.busy or self.full

    def __str__(self) -> str:
        return self.message

    def words(self, lang: str) -> str:
        """The line in ``lang`` (the file's name and the system's own words in it as they are)."""
        if not isinstance(self.reason, Text):
            if self.lost and "no longer" not in self.reason:
                return self.reason.replace("Progress is not saved:", "Progress is no longer saved:", 1)
            return self.reason
        reason = self.reason.render(lang)
        if self.lost:
            # Translators: {reason} names the progress file and what went wrong with it while in use.
            return _("Progress is no longer saved: {reason}", reason=reason).render(lang)
        # Translators: {reason} names the progress file and why it cannot be used, e.g. "/home/ann/p.db is damaged."
        return _("Progress is not saved: {reason}", reason=reason).render(lang)

    def no_longer(self) -> ProgressUnavailable:
        """The same problem, said of a file that was saving progress until now."""
        return ProgressUnavailable(self.reason, self.path, busy=self.busy, lost=True, full=self.full)


def default_path() -> Path:
    """``$ALUETTE_DB`` if set (and a file), else ``~/.local/share/aluette-tutor/progress.db``."""
    chosen = default_target()
    return chosen if isinstance(chosen, Path) else Path.home() / ".local" / "share" / "aluette-tutor" / "progress.db"


def default_target() -> Path | str:
    """``$ALUETTE_DB``: a ``postgresql://`` URL as it is (a path would fold its ``//``), a file as a path; else
    ``~/.local/share/aluette-tutor/progress.db``."""
    chosen = os.environ.get(ENV_VAR)
    if chosen and chosen.startswith(("postgresql://", "postgres://")):
        return chosen
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

V3 = (
    # A guest's profile: a learner row (hidden from the list of learners) that a browser finds again by the
    # random token in its cookie, so a reload or a deep link continues the same guest. Naming yourself moves
    # the guest's rows to the named learner and removes the guest's learner row (and, by cascade, this one).
    """CREATE TABLE guests (
        token TEXT PRIMARY KEY,
        learner_id INTEGER NOT NULL UNIQUE REFERENCES learners(id) ON DELETE CASCADE,
        created REAL NOT NULL
    ) WITHOUT ROWID""",
)

V4 = (
    # One saved game of the Play page per owner (tutor.progress.games): ``owner`` is ``learner:<id>`` or
    # ``guest:<token>``; a learner's game goes with the learner.
    """CREATE TABLE games (
        owner TEXT PRIMARY KEY,
        learner_id INTEGER REFERENCES learners(id) ON DELETE CASCADE,
        data TEXT NOT NULL,
        saved_at REAL NOT NULL
    ) WITHOUT ROWID""",
)

V5 = (
    # A learner's own choices that outlive a session (tutor.progress.settings): the course's language so far.
    # They go with the learner.
    """CREATE TABLE settings (
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (learner_id, key)
    ) WITHOUT ROWID""",
)

V6 = (
    # The learner a browser chose (tutor.progress.browsers): ``token`` is the browser's HttpOnly cookie (the one
    # that names its guest), so a reload, a new tab or a deep link goes on as that learner until "Not you?".
    # ``seen`` is the last session opened with it; rows go with the learner.
    """CREATE TABLE browsers (
        token TEXT PRIMARY KEY,
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        seen REAL NOT NULL
    ) WITHOUT ROWID""",
    "CREATE INDEX games_by_learner ON games (learner_id)",  # pruning finds a guest's game by its profile
)

V7 = (
    # Counts the changes to a learner's answers, reading and cards. Every such write first bumps it, which
    # also locks the learner's row: two processes writing one learner's card take turns (PostgreSQL has no
    # single writer to do it), and a summary read elsewhere knows it is out of date.
    "ALTER TABLE learners ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
)

V8 = (
    # Teachers (tutor.progress.teachers): a name found by its fold, as learners' are, and an Argon2id hash
    # of the password (never the password).
    """CREATE TABLE teachers (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created REAL NOT NULL
    )""",
    # A signed-in browser: the sha256 of its random token (a stolen copy of the table signs nobody in).
    """CREATE TABLE teacher_sessions (
        token_hash TEXT PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
        created REAL NOT NULL,
        expires REAL NOT NULL
    ) WITHOUT ROWID""",
    "CREATE INDEX teacher_sessions_by_teacher ON teacher_sessions (teacher_id)",
    # Failed sign-ins of the last minute, by the folded name tried (whether or not a teacher has it) and by
    # the client: what slows down guessing.
    """CREATE TABLE sign_in_failures (
        id INTEGER PRIMARY KEY,
        account TEXT NOT NULL,
        client TEXT NOT NULL,
        at REAL NOT NULL
    )""",
    "CREATE INDEX sign_in_failures_by_account ON sign_in_failures (account, at)",
    "CREATE INDEX sign_in_failures_by_client ON sign_in_failures (client, at)",
    # A teacher's classes (tutor.progress.classes); a join code is unique among the classes open to joiners.
    """CREATE TABLE classes (
        id INTEGER PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        language TEXT NOT NULL,
        code TEXT NOT NULL,
        joinable INTEGER NOT NULL,
        created REAL NOT NULL
    )""",
    "CREATE UNIQUE INDEX classes_by_open_code ON classes (code) WHERE joinable = 1",
    "CREATE INDEX classes_by_teacher ON classes (teacher_id)",
    """CREATE TABLE class_members (
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        joined REAL NOT NULL,
        PRIMARY KEY (class_id, learner_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX class_members_by_learner ON class_members (learner_id)",
)

V9 = (
    # A one-time ticket (tutor.progress.tickets): the page checked the password, the server's route redeems the
    # ticket for the session cookie. Only its sha256 is kept; it is used once and lives a minute.
    """CREATE TABLE teacher_tickets (
        ticket_hash TEXT PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
        expires REAL NOT NULL
    ) WITHOUT ROWID""",
    # Tries to join a class in the last minute, by client, wrong codes marked: what slows down guessing a
    # class's code and a script joining a class by the dozen.
    """CREATE TABLE join_tries (
        id INTEGER PRIMARY KEY,
        client TEXT NOT NULL,
        at REAL NOT NULL,
        wrong INTEGER NOT NULL
    )""",
    "CREATE INDEX join_tries_by_client ON join_tries (client, at)",
)

V10 = (
    # A learner's PIN on a shared server (tutor.progress.pins): an Argon2id hash of the digits (never the
    # digits); it goes with the learner.
    """CREATE TABLE pins (
        learner_id INTEGER PRIMARY KEY REFERENCES learners(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        set_at REAL NOT NULL
    )""",
    # Failed tries to come back with a PIN in the last minute, by the folded name tried (whether or not a
    # learner has it) and by the client, as sign_in_failures does for teachers: what slows down guessing.
    """CREATE TABLE pin_failures (
        id INTEGER PRIMARY KEY,
        account TEXT NOT NULL,
        client TEXT NOT NULL,
        at REAL NOT NULL
    )""",
    "CREATE INDEX pin_failures_by_account ON pin_failures (account, at)",
    "CREATE INDEX pin_failures_by_client ON pin_failures (client, at)",
)

V11 = (
    # A class's assignments (tutor.progress.assignments): a lesson or a topic (``target`` names it; its scenarios
    # are the course's when read) or hand-picked scenarios (``scenarios``, a JSON list of ids), with an optional
    # due date (ISO, the class's calendar day). They go with the class.
    """CREATE TABLE assignments (
        id INTEGER PRIMARY KEY,
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        what TEXT NOT NULL,
        target TEXT NOT NULL,
        scenarios TEXT NOT NULL,
        due TEXT,
        created REAL NOT NULL
    )""",
    "CREATE INDEX assignments_by_class ON assignments (class_id)",
)

V12 = (
    # A live round (tutor.progress.rounds): where it is (``phase``, ``position`` in its scenarios, ``step`` of
    # the explanation shown), all in the database so that the teacher and the phones may be served by different
    # instances. ``revision`` counts the teacher's acts (the phones redraw when it moves), ``activity`` the joins
    # and answers (the projector's counts). A code is unique among the rounds not ended.
    """CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
        class_id INTEGER REFERENCES classes(id) ON DELETE SET NULL,
        scenarios TEXT NOT NULL,
        phase TEXT NOT NULL,
        position INTEGER NOT NULL,
        step INTEGER NOT NULL,
        leaderboard INTEGER NOT NULL,
        revision INTEGER NOT NULL,
        activity INTEGER NOT NULL,
        started REAL NOT NULL,
        changed REAL NOT NULL,
        question_opened REAL
    )""",
    "CREATE UNIQUE INDEX rounds_by_live_code ON rounds (code) WHERE phase <> 'ended'",
    "CREATE INDEX rounds_by_teacher ON rounds (teacher_id, started)",
    """CREATE TABLE round_players (
        round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        joined REAL NOT NULL,
        PRIMARY KEY (round_id, learner_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX round_players_by_learner ON round_players (learner_id)",
    # One answer per person and scenario of a round: the primary key decides, whichever instance writes it.
    # ``uid`` is the same answer's row in ``answers``; ``choice`` the raw answer (JSON), which the split counts.
    """CREATE TABLE round_answers (
        round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        learner_id INTEGER NOT NULL REFERENCES learners(id) ON DELETE CASCADE,
        uid TEXT NOT NULL,
        choice TEXT NOT NULL,
        all_correct INTEGER NOT NULL,
        seconds REAL NOT NULL,
        answered_at REAL NOT NULL,
        PRIMARY KEY (round_id, position, learner_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX round_answers_by_learner ON round_answers (learner_id)",
)

CARD_COLUMNS = "item, kind, state, step, stability, difficulty, due, last_review, reps, wrong, last_correct"


def _backfill_cards(conn: Connection) -> None:
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


def _refold_names(conn: Connection) -> None:
    """v6: names are found by their NFKC fold (tutor.progress.names). A learner whose name now folds like
    another's (a fullwidth 'Ａｎｎ' beside 'Ann') is renamed 'Ann (2)': the two looked the same."""
    from tutor.progress.names import folded

    rows = conn.execute(
        "SELECT id, name, folded FROM learners WHERE id NOT IN (SELECT learner_id FROM guests) ORDER BY id"
    ).fetchall()
    taken = {str(key) for _, _, key in rows}
    for learner_id, name, old in rows:
        new = folded(str(name))
        if new == old:
            continue
        taken.discard(str(old))
        text, n = str(name), 1
        while new in taken:
            n += 1
            text = f"{name} ({n})"
            new = folded(text)
        taken.add(new)
        conn.execute("UPDATE learners SET name = ?, folded = ? WHERE id = ?", (text, new, learner_id))


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
    data: Callable[[Connection], None] | None = None  # on either backend's connection


# In order; never edit a released migration, add a new one.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, V1),
    Migration(2, V2, _backfill_cards),
    Migration(3, V3),
    Migration(4, V4),
    Migration(5, V5),
    Migration(6, V6, _refold_names),
    Migration(7, V7),
    Migration(8, V8),
    Migration(9, V9),
    Migration(10, V10),
    Migration(11, V11),
    Migration(12, V12),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def migrate(conn: sqlite3.Connection, path: Path | str = "the progress file") -> int:
    """Apply every pending migration, each in its own transaction (with its ``user_version``); returns the
    version before. A file from a newer tutor is refused rather than guessed at."""
    before: int = conn.execute("PRAGMA user_version").fetchone()[0]
    if before > SCHEMA_VERSION:
        raise newer(path, before)
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
    the schema up to date. Raises :class:`ProgressUnavailable` when it cannot be read and written, or is
    not the tutor's to use (see the module's docstring: a refused file is left exactly as it was).

    ``read_only`` opens the file read-only (``mode=ro``), which is refused like a read-only file: this is how
    tests check read-only handling when they run as root, for whom file permissions do not apply.
    The connection is in autocommit mode (use :func:`transaction`) and may be used from any thread, one at a
    time (Streamlit runs each rerun in a new thread; the caller holds a lock).
    """
    where = (Path(path).expanduser() if path is not None else default_path()).absolute()  # messages name it
    if where.is_dir():
        raise ProgressUnavailable(_("{path} is a folder, not a database file.", path=str(where)), where)
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or "cannot be created"
        # Translators: {detail} is the system's reason, in English (e.g. "permission denied").
        cannot = _("the folder {folder} cannot be created ({detail}).", folder=str(where.parent), detail=reason.lower())
        raise ProgressUnavailable(cannot, where) from error
    inspect(where)
    uri = where.resolve().as_uri() + ("?mode=ro" if read_only else "?mode=rwc")
    conn: sqlite3.Connection | None = None
    try:
        conn = sqlite3.connect(
            uri, uri=True, timeout=OPEN_BUSY_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.execute(f"PRAGMA busy_timeout = {OPEN_BUSY_MS}")
        # Again on this connection, before anything is written: the file may have been made meanwhile.
        check_owner(conn, where)
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            # Translators: {detail} is SQLite's own report, in English.
            damaged = _("{path} is damaged ({detail}).", path=str(where), detail=one_line(check))
            raise ProgressUnavailable(damaged, where)
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # e.g. a file system without shared memory
            # Translators: WAL is SQLite's write-ahead log; {mode} is the journal mode SQLite chose instead.
            unusable = _("{path} cannot be used in WAL mode ({mode}).", path=str(where), mode=str(mode))
            raise ProgressUnavailable(unusable, where)
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn, where)
        _prove_writable(conn)
        conn.execute(f"PRAGMA busy_timeout = {WRITE_BUSY_MS}")
    except ProgressUnavailable:
        if conn is not None:
            conn.close()
        raise
    except sqlite3.Error as error:
        if conn is not None:
            conn.close()
        raise unavailable(error, where) from error
    return conn


def inspect(where: Path) -> None:
    """Refuse, without changing it in any way, a file the tutor must not use: one that is not SQLite, was
    written by a newer tutor, or is another program's database. A missing or empty file is fine (it becomes
    a new progress file).

    The file is read through SQLite only, never with a plain ``open()``: closing any descriptor of a file
    drops every POSIX lock the process holds on it, SQLite's included, and the next program to open and
    close the file would then think nobody uses it and delete the ``-wal`` under the tutor's open
    connections. SQLite's own descriptors are safe: it keeps one open while another connection of the
    process holds a lock on the file.

    A read-only connection lists the tables. Reading a WAL-mode file would make its ``-wal`` and ``-shm``, so
    a file with neither a ``-wal`` nor a ``-journal`` (nobody is writing it) is read as ``immutable`` (no
    locks, no side files). A file with either is read normally, with locks: it may be in use.
    """
    try:
        size = where.stat().st_size
    except FileNotFoundError:
        return
    except OSError as error:
        raise _unreadable(where, error.strerror) from error
    if not size:
        return  # an empty file: SQLite makes a database of it
    if not os.access(where, os.R_OK):  # no descriptor opened: SQLite would only say "cannot be opened"
        raise _unreadable(where, os.strerror(errno.EACCES))
    in_use = any(where.with_name(where.name + side).exists() for side in ("-wal", "-journal"))
    uri = where.resolve().as_uri() + "?mode=ro" + ("" if in_use else "&immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=OPEN_BUSY_MS / 1000, isolation_level=None)
    except sqlite3.Error as error:
        raise unavailable(error, where) from error
    try:
        check_owner(conn, where)  # its first read refuses a file that is not SQLite (SQLITE_NOTADB)
    except sqlite3.Error as error:
        raise unavailable(error, where) from error
    finally:
        conn.close()


def _unreadable(where: Path, detail: str | None) -> ProgressUnavailable:
    # Translators: {detail} is the system's reason, in English (e.g. "permission denied").
    unread = _("{path} cannot be read ({detail}).", path=str(where), detail=(detail or "cannot be read").lower())
    return ProgressUnavailable(unread, where)


def tables_at(version: int) -> frozenset[str]:
    """The tables a progress file of schema ``version`` has, read from the migrations."""
    return frozenset(
        found.group(1)
        for migration in MIGRATIONS
        if migration.version <= version
        for statement in migration.statements
        if (found := re.match(r"\s*CREATE TABLE (\w+)", statement))
    )


def check_owner(conn: sqlite3.Connection, where: Path | str) -> None:
    """Refuse a database that is neither empty nor a progress file of this tutor (or an older one).

    The version and the tables are read in one read transaction: another process migrating the file between
    two autocommit reads would show an old version beside newer tables, which looks like another program's."""
    conn.execute("BEGIN")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])  # the first read: a non-database fails
        objects = conn.execute(
            "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"  # SQLite's own
        ).fetchall()
    finally:
        if conn.in_transaction:  # (a failed first read may have ended it already)
            conn.execute("ROLLBACK")  # nothing was written: only the snapshot is let go
    if version > SCHEMA_VERSION:
        raise newer(where, version)
    if version == 0 and not objects:
        return  # an empty database: the tutor's to fill
    tables = sorted(str(name) for kind, name in objects if kind == "table")
    if version >= 1 and set(tables) == tables_at(version):
        return
    raise not_ours(where, tables)


def not_ours(where: Path | str, tables: list[str]) -> ProgressUnavailable:
    """The refusal of another program's database, naming its first tables."""
    listed = ", ".join(one_line(name)[:30] for name in tables[:4]) + (", ..." if len(tables) > 4 else "")
    if not listed:
        return ProgressUnavailable(
            _(
                "{path} is another program's database (tables: none), not a progress file; the tutor leaves it as "
                "it is.",
                path=str(where),
            ),
            where,
        )
    return ProgressUnavailable(
        # Translators: {tables} lists the database's table names as they are.
        _(
            "{path} is another program's database (tables: {tables}), not a progress file; the tutor leaves it as "
            "it is.",
            path=str(where),
            tables=listed,
        ),
        where,
    )


def newer(where: Path | str, version: int) -> ProgressUnavailable:
    newer = _(
        "{path} was written by a newer version of the tutor (schema {version}).", path=str(where), version=str(version)
    )
    return ProgressUnavailable(newer, where)


def file_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path`` now, or None if there is none. While a connection holds the
    file open its inode cannot be reused, so a different identity means the file was replaced."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _prove_writable(conn: sqlite3.Connection) -> None:
    """Write the header's user_version in a transaction, then roll back: read-only files fail here, on
    opening, rather than on the learner's first answer. (BEGIN IMMEDIATE alone succeeds on them.)"""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {int(version)}")
    finally:
        conn.execute("ROLLBACK")


# Why SQLite refused the file, by error code: a sentence naming it ({path}).
_REASONS = {
    "SQLITE_NOTADB": N_("{path} is not a progress database (damaged, or another kind of file)."),
    "SQLITE_CORRUPT": N_("{path} is damaged."),
    "SQLITE_CANTOPEN": N_("{path} cannot be opened (check that it and its folder can be read and written)."),
    "SQLITE_PERM": N_("{path} cannot be opened (permission denied)."),
    "SQLITE_AUTH": N_("{path} cannot be opened (permission denied)."),
    "SQLITE_BUSY": N_("{path} is busy: another program is using it and holds it locked."),
    "SQLITE_LOCKED": N_("{path} is busy: another program is using it and holds it locked."),
    "SQLITE_FULL": N_("{path} cannot grow: the disk is full."),
    "SQLITE_IOERR": N_("{path} cannot be read or written (input/output error)."),
}


def unavailable(error: sqlite3.Error, path: Path | str) -> ProgressUnavailable:
    """A :class:`ProgressUnavailable` for an SQLite error on ``path``, in words rather than error codes."""
    name = getattr(error, "sqlite_errorname", "") or ""
    base = "_".join(name.split("_")[0:2])
    busy = base in ("SQLITE_BUSY", "SQLITE_LOCKED")
    if base == "SQLITE_READONLY":
        return ProgressUnavailable(_("{path} is read-only.", path=str(path)), path)
    template = _REASONS.get(name) or _REASONS.get(base)
    if template is None:
        # Translators: {detail} is SQLite's own message, in English.
        unusable = _("{path} cannot be used ({detail}).", path=str(path), detail=one_line(error))
        return ProgressUnavailable(unusable, path)
    full = base == "SQLITE_FULL"
    return ProgressUnavailable(Text(template, (("path", str(path)),)), path, busy=busy, full=full)


def one_line(text: object) -> str:
    return " ".join(str(text).split()) or type(text).__name__


def integrity(conn: sqlite3.Connection) -> str:
    """``PRAGMA integrity_check``'s verdict: ``ok``, or its first complaint."""
    return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
