"""Progress saved in the SQLite file: learners, and one learner's answers, reading and review cards.

>>> import tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> ann = db.progress("Ann")  # creates Ann, who is new
>>> ann.record(Answer("spoiled-aces", "trick", {"winner": "nobody"}, {"winner": True}, 12.5, uid="a1"))
'a1'
>>> ann.totals, ann.solved("spoiled-aces"), db.learners()
((1, 1), True, ['Ann'])
>>> db.close()
>>> folder.cleanup()

``record`` writes the answer and its item's FSRS card in one transaction. Every query of
:class:`SqliteProgress` is filtered by the learner's id, fixed when it is made: two tabs or two learners each
hold their own object (and connection), and one learner's rows never come back under another's name. Every
SQLite failure comes out as :class:`~tutor.progress.db.ProgressUnavailable`, and so does a write to a file
that was deleted or replaced since it was opened.

Export and import are :mod:`tutor.progress.transfer`'s, built on this module.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from tutor.content.texts import Text, _
from tutor.progress.base import Progress
from tutor.progress.db import (
    CARD_COLUMNS,
    ProgressUnavailable,
    card_row,
    connect,
    default_path,
    file_identity,
    transaction,
    unavailable,
)
from tutor.progress.memory import MemoryProgress

# Names are checked and folded there; re-exported, as every caller imports them from here.
from tutor.progress.names import NAME_LIMIT as NAME_LIMIT
from tutor.progress.names import LearnerError as LearnerError
from tutor.progress.names import clean_name as clean_name
from tutor.progress.names import folded as folded
from tutor.progress.names import normal
from tutor.progress.records import Answer, DayCount, ItemState
from tutor.progress.scheduling import replay, review, reviewable

GUEST_NAME = "Guest"  # how a guest profile names its learner (never listed, never looked up by name)
# A browser's guest token, as :func:`secrets.token_urlsafe` makes it; anything else in a cookie is ignored.
GUEST_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def taken_name(name: str) -> Text:
    # Translators: {name} is a learner's name as they typed it.
    return _("There is already a learner called '{name}'.", name=name)


def no_learner(name: str) -> Text:
    # Translators: {name} is a learner's name as they typed it.
    return _("No learner is called '{name}'.", name=normal(name))


class ProgressDB:
    """The open progress file (one connection, usable from any thread, one call at a time) and its learners."""

    def __init__(self, path: Path | str | None = None, *, read_only: bool = False) -> None:
        self.path = (Path(path).expanduser() if path is not None else default_path()).absolute()
        self.conn = connect(self.path, read_only=read_only)
        self.identity = file_identity(self.path)  # the file this connection writes to
        self._side_files = self._side_identities()  # its -wal and -shm, open from now on
        self.lock = threading.RLock()
        self.writes = 0  # commits through this connection (``PRAGMA data_version`` counts only the others')

    def close(self) -> None:
        """Close the connection. If the file was deleted or replaced meanwhile, first empty its ``-wal``
        (when the ``-wal`` and ``-shm`` by its name are still the ones this connection opened): SQLite leaves
        a moved file's side files behind on closing, and the next file of that name would read this one's
        last pages from them."""
        with self.lock:
            if file_identity(self.path) != self.identity and self._side_identities() == self._side_files:
                with suppress(sqlite3.Error):
                    self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # into the old file, which is gone
            self.conn.close()

    def _side_identities(self) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
        return file_identity(self.path.with_name(self.path.name + "-wal")), file_identity(
            self.path.with_name(self.path.name + "-shm")
        )

    def __enter__(self) -> ProgressDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check_file(self) -> None:
        """Raise :class:`ProgressUnavailable` if the file at :attr:`path` is no longer the one this connection
        writes to (deleted, moved away or replaced): SQLite would go on writing to the old file, which
        nobody opens again. Reading still works (the connection holds the old file), so what the session
        shows can still be copied to memory."""
        if file_identity(self.path) != self.identity:
            gone = _("{path} was deleted or replaced while the tutor was running.", path=str(self.path))
            raise ProgressUnavailable(gone, self.path, lost=True)

    @contextmanager
    def using(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """The connection under the lock (in one write transaction if ``write``, after checking the file is
        still there: :meth:`check_file`); SQLite errors come out as :class:`ProgressUnavailable`, which a
        caller can show and then carry on without saving."""
        with self.lock:
            try:
                if write:
                    self.check_file()
                    with transaction(self.conn):
                        yield self.conn
                    self.writes += 1
                else:
                    yield self.conn
            except sqlite3.Error as error:
                raise unavailable(error, self.path) from error

    # --- Learners ---------------------------------------------------------------------------------------

    def learners(self) -> list[str]:
        """Every learner's name, alphabetically (guest profiles are not learners one can choose)."""
        with self.using() as conn:
            return [
                row[0]
                for row in conn.execute(
                    "SELECT name FROM learners WHERE id NOT IN (SELECT learner_id FROM guests) ORDER BY folded"
                )
            ]

    def learner_id(self, name: str) -> int | None:
        with self.using() as conn:
            row = conn.execute("SELECT id FROM learners WHERE folded = ?", (folded(name),)).fetchone()
        return None if row is None else int(row[0])

    def create_learner(self, name: str) -> str:
        """Add a learner; returns the name as stored. Raises :class:`LearnerError` if the name is taken."""
        text = clean_name(name)
        with self.using(write=True) as conn:
            taken = conn.execute("SELECT name FROM learners WHERE folded = ?", (folded(text),)).fetchone()
            if taken:
                raise LearnerError(taken_name(taken[0]))
            conn.execute(
                "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?)", (text, folded(text), time.time())
            )
        return text

    def rename_learner(self, old: str, new: str) -> str:
        """Rename a learner (a change of case alone is allowed); returns the new name as stored."""
        text = clean_name(new)
        with self.using(write=True) as conn:
            row = conn.execute("SELECT id FROM learners WHERE folded = ?", (folded(old),)).fetchone()
            if row is None:
                raise LearnerError(no_learner(old))
            taken = conn.execute(
                "SELECT name FROM learners WHERE folded = ? AND id != ?", (folded(text), row[0])
            ).fetchone()
            if taken:
                raise LearnerError(taken_name(taken[0]))
            conn.execute("UPDATE learners SET name = ?, folded = ? WHERE id = ?", (text, folded(text), row[0]))
        return text

    def delete_learner(self, name: str) -> None:
        """Remove a learner with all their answers, reading and cards."""
        with self.using(write=True) as conn:
            found = conn.execute("DELETE FROM learners WHERE folded = ?", (folded(name),)).rowcount
        if not found:
            raise LearnerError(no_learner(name))

    def progress(self, name: str, *, create: bool = True) -> SqliteProgress:
        """The learner's progress on this connection (made if new and ``create``)."""
        return SqliteProgress(self, name, create=create)

    # --- Guests -----------------------------------------------------------------------------------------

    def guest(self, token: str, *, create: bool = True) -> SqliteProgress | None:
        """The progress of the guest whose browser holds ``token``: None if there is none yet and not
        ``create``. The guest's learner row is hidden from :meth:`learners`, and its ``folded`` key starts
        with a control character, which no learner's name can hold, so no name ever finds it."""
        if not GUEST_TOKEN.fullmatch(token):
            raise LearnerError("A guest's token is 16 to 64 letters, digits, '-' or '_'.")
        found = self._guest_id(token)
        if found is None and create:
            with self.using(write=True) as conn:
                found = guest_row(conn, token)
        return None if found is None else SqliteProgress.of_id(self, found)

    def _guest_id(self, token: str) -> int | None:
        with self.using() as conn:
            return _guest_row(conn, token)

    def adopt_guest(self, token: str, learner: str) -> int:
        """Give ``learner`` everything the guest holding ``token`` did (answers, reading, review cards), then
        forget the guest, in one transaction; returns how many answers moved (an answer the learner already
        holds, by uid, is not counted twice). A guest with no profile gives 0."""
        with self.using(write=True) as conn:
            guest = _guest_row(conn, token)
            row = conn.execute("SELECT id FROM learners WHERE folded = ?", (folded(learner),)).fetchone()
            if row is None:
                raise LearnerError(no_learner(learner))
            if guest is None:
                return 0
            into = int(row[0])
            items = [r[0] for r in conn.execute("SELECT DISTINCT item FROM answers WHERE learner_id = ?", (guest,))]
            moved = conn.execute(
                "UPDATE OR IGNORE answers SET learner_id = ? WHERE learner_id = ?", (into, guest)
            ).rowcount
            conn.execute(
                "INSERT OR IGNORE INTO reads (learner_id, lesson, section, read_at)"
                " SELECT ?, lesson, section, read_at FROM reads WHERE learner_id = ?",
                (into, guest),
            )
            # Each card is made again from all the learner's answers to its item, in time order, as if they
            # had all been given under one name.
            for item in filter(reviewable, items):
                answers = conn.execute(
                    "SELECT kind, all_correct, seconds, answered_at FROM answers"
                    " WHERE learner_id = ? AND item = ? ORDER BY answered_at, id",
                    (into, item),
                ).fetchall()
                card = replay(item, [(kind, bool(right), seconds, at) for kind, right, seconds, at in answers])
                if card is not None:
                    save_card(conn, into, card)
            # The guest's game of the Play page goes with it, unless the learner has one saved already.
            conn.execute(
                "UPDATE OR IGNORE games SET owner = ?, learner_id = ? WHERE learner_id = ?",
                (f"learner:{into}", into, guest),
            )
            conn.execute("DELETE FROM learners WHERE id = ?", (guest,))  # its answers left, cards, reads, guests row
        return int(moved)


@dataclass(frozen=True)
class _Summary:
    """What pages ask on every rerun, loaded in three queries and kept until the data changes."""

    answered: frozenset[str]
    solved: frozenset[str]
    reads: frozenset[tuple[str, int]]
    totals: tuple[int, int]


class SqliteProgress:
    """One learner's progress in the progress file; satisfies :class:`~tutor.progress.base.Progress`.

    ``db`` is an open :class:`ProgressDB` (shared, e.g. with the learner chooser) or a path (this object
    then opens, and :meth:`close` closes, its own connection).
    """

    saved = True

    def __init__(self, db: ProgressDB | Path | str | None, learner: str, *, create: bool = True) -> None:
        self._owns = not isinstance(db, ProgressDB)
        self.db = db if isinstance(db, ProgressDB) else ProgressDB(db)
        try:
            found = self.db.learner_id(learner)
            if found is None:
                if not create:
                    raise LearnerError(no_learner(learner))
                with suppress(LearnerError):  # created meanwhile by another tab: use theirs
                    self.db.create_learner(learner)
                found = self.db.learner_id(learner)
            assert found is not None
        except BaseException:
            if self._owns:
                self.db.close()
            raise
        self._bind(found)

    @classmethod
    def of_id(cls, db: ProgressDB, learner_id: int) -> SqliteProgress:
        """The progress of the learner row ``learner_id`` (a guest's, found by its token) on ``db``."""
        made = cls.__new__(cls)
        made._owns, made.db = False, db
        made._bind(learner_id)
        return made

    def _bind(self, learner_id: int) -> None:
        self.id = learner_id
        with self.db.using() as conn:
            self._name = str(conn.execute("SELECT name FROM learners WHERE id = ?", (self.id,)).fetchone()[0])
        self._summary: _Summary | None = None
        self._summary_key: tuple[int, int] | None = None

    def close(self) -> None:
        if self._owns:
            self.db.close()

    def __enter__(self) -> SqliteProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SqliteProgress({str(self.db.path)!r}, {self._name!r})"

    @property
    def learner(self) -> str:
        return self._name

    @property
    def path(self) -> Path:
        return self.db.path

    def rename(self, new: str) -> str:
        """Rename this learner; returns the name as stored."""
        self._name = self.db.rename_learner(self._name, new)
        return self._name

    # --- Answers ----------------------------------------------------------------------------------------

    def record(self, answer: Answer) -> str:
        """Keep ``answer`` and its item's new FSRS card in one transaction: a crash keeps both or neither.
        Recording the same answer (same uid) twice keeps it once. Returns the uid once committed."""
        try:
            with self.db.lock:  # the commit and the summary update, as one step for this process's threads
                with self.db.using(write=True) as conn:
                    # Under the write lock, so no other connection commits between this check and ours.
                    version, fresh = self._freshness(conn)
                    added = insert_answer(conn, self.id, answer)
                    if added and reviewable(answer.item):
                        save_card(conn, self.id, review(_card(conn, self.id, answer.item), answer))
                if fresh and added:
                    self._apply(version, answer=answer)
        except ProgressUnavailable as error:
            if "FOREIGN KEY" in str(error.__cause__ or ""):
                # Translators: {name} is the learner's name in quotes; {path} is the progress file.
                removed = _("the learner {name} was removed from {path}.", name=repr(self._name), path=str(self.path))
                raise ProgressUnavailable(removed, self.path) from error
            raise
        return answer.uid

    def answered(self, item: str) -> bool:
        return item in self._fresh().answered

    def solved(self, item: str) -> bool:
        """Answered entirely right at least once."""
        return item in self._fresh().solved

    @property
    def totals(self) -> tuple[int, int]:
        """(answers given, answers entirely right)."""
        return self._fresh().totals

    @property
    def history(self) -> list[Answer]:
        """Every answer, oldest first (all of them: for export and tests, not for every rerun)."""
        with self.db.using() as conn:
            rows = conn.execute(
                "SELECT item, kind, given, correct, seconds, answered_at, uid FROM answers"
                " WHERE learner_id = ? ORDER BY answered_at, id",
                (self.id,),
            ).fetchall()
        return [Answer(item, kind, json.loads(g), json.loads(c), s, at, uid) for item, kind, g, c, s, at, uid in rows]

    def answers_of(self, item: str) -> list[Answer]:
        """This learner's answers to one item, oldest first."""
        with self.db.using() as conn:
            rows = conn.execute(
                "SELECT kind, given, correct, seconds, answered_at, uid FROM answers"
                " WHERE learner_id = ? AND item = ? ORDER BY answered_at, id",
                (self.id, item),
            ).fetchall()
        return [Answer(item, kind, json.loads(g), json.loads(c), s, at, uid) for kind, g, c, s, at, uid in rows]

    # --- Reading ----------------------------------------------------------------------------------------

    def mark_read(self, lesson_id: str, section: int, at: float | None = None) -> None:
        """Keep that the section was read (``at``, epoch seconds, default now), unless it is kept already."""
        if (lesson_id, section) in self._fresh().reads:
            return  # pages mark the section shown on every rerun: no write when nothing changes
        with self.db.lock:
            with self.db.using(write=True) as conn:
                version, fresh = self._freshness(conn)
                conn.execute(
                    "INSERT OR IGNORE INTO reads (learner_id, lesson, section, read_at) VALUES (?, ?, ?, ?)",
                    (self.id, lesson_id, section, time.time() if at is None else at),
                )
            if fresh:
                self._apply(version, read=(lesson_id, section))

    def read(self, lesson_id: str, section: int) -> bool:
        return (lesson_id, section) in self._fresh().reads

    def sections(self) -> list[tuple[str, int, float]]:
        """Every lesson section read: (lesson id, section index, when), by lesson and section."""
        with self.db.using() as conn:
            rows = conn.execute(
                "SELECT lesson, section, read_at FROM reads WHERE learner_id = ? ORDER BY lesson, section", (self.id,)
            ).fetchall()
        return [(str(lesson), int(section), float(at)) for lesson, section, at in rows]

    # --- Review cards -----------------------------------------------------------------------------------

    def item_state(self, item: str) -> ItemState | None:
        with self.db.using() as conn:
            return _card(conn, self.id, item)

    def item_states(self) -> list[ItemState]:
        with self.db.using() as conn:
            rows = conn.execute(f"SELECT {CARD_COLUMNS} FROM cards WHERE learner_id = ?", (self.id,)).fetchall()
        return [state_from_row(row) for row in rows]

    def due_items(self, now: float | None = None, limit: int | None = None) -> list[ItemState]:
        """Cards due at ``now`` (epoch seconds), most overdue first; the first ``limit`` if given."""
        moment = time.time() if now is None else now
        with self.db.using() as conn:
            rows = conn.execute(
                f"SELECT {CARD_COLUMNS} FROM cards WHERE learner_id = ? AND due <= ? ORDER BY due, item LIMIT ?",
                (self.id, moment, -1 if limit is None else limit),
            ).fetchall()
        return [state_from_row(row) for row in rows]

    def due_count(self, until: float) -> int:
        """How many cards are due by ``until`` (epoch seconds), overdue ones included."""
        with self.db.using() as conn:
            return int(
                conn.execute(
                    "SELECT count(*) FROM cards WHERE learner_id = ? AND due <= ?", (self.id, until)
                ).fetchone()[0]
            )

    def days(self) -> list[DayCount]:
        """Answers per local calendar day (SQLite's ``localtime``: the server's time zone), oldest first."""
        with self.db.using() as conn:
            rows = conn.execute(
                "SELECT date(answered_at, 'unixepoch', 'localtime') AS day, count(*), sum(all_correct)"
                " FROM answers WHERE learner_id = ? GROUP BY day ORDER BY day",
                (self.id,),
            ).fetchall()
        return [DayCount(date.fromisoformat(day), n, right) for day, n, right in rows]

    # --- The cache --------------------------------------------------------------------------------------

    def _key(self, conn: sqlite3.Connection) -> tuple[int, int]:
        """Changes to the file: ``data_version`` counts other connections' commits, ``writes`` this one's."""
        return int(conn.execute("PRAGMA data_version").fetchone()[0]), self.db.writes

    def _freshness(self, conn: sqlite3.Connection) -> tuple[int, bool]:
        """(``data_version`` now, whether the summary is up to date)."""
        key = self._key(conn)
        return key[0], self._summary is not None and key == self._summary_key

    def _fresh(self) -> _Summary:
        """The summary, reloaded only when this or another connection has committed since it was loaded."""
        with self.db.using() as conn:
            key = self._key(conn)
            if self._summary is None or key != self._summary_key:
                self._summary = _load_summary(conn, self.id)
                self._summary_key = key
            return self._summary

    def _apply(self, version: int, answer: Answer | None = None, read: tuple[str, int] | None = None) -> None:
        """Apply this object's own write, just committed, to the summary that was up to date before it
        (rather than reloading it: with 10,000 answers a reload costs milliseconds on the next rerun).
        ``version`` is ``data_version`` read inside the write's transaction; the caller holds the lock."""
        old = self._summary
        assert old is not None
        if answer is not None:
            n, right = old.totals
            solved = old.solved | {answer.item} if answer.all_correct else old.solved
            old = _Summary(old.answered | {answer.item}, solved, old.reads, (n + 1, right + answer.all_correct))
        if read is not None:
            old = _Summary(old.answered, old.solved, old.reads | {read}, old.totals)
        self._summary = old
        self._summary_key = (version, self.db.writes)


def _guest_row(conn: sqlite3.Connection, token: str) -> int | None:
    row = conn.execute("SELECT learner_id FROM guests WHERE token = ?", (token,)).fetchone()
    return None if row is None else int(row[0])


def guest_row(conn: sqlite3.Connection, token: str) -> int:
    """The learner id of the guest holding ``token``, their profile made now if they have none (inside the
    caller's write transaction: another tab of the same browser may have just made it)."""
    found = _guest_row(conn, token)
    if found is not None:
        return found
    now = time.time()
    cursor = conn.execute(
        "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?)", (GUEST_NAME, f"\x00guest:{token}", now)
    )
    made = int(cursor.lastrowid or 0)
    conn.execute("INSERT INTO guests (token, learner_id, created) VALUES (?, ?, ?)", (token, made, now))
    return made


def _load_summary(conn: sqlite3.Connection, learner_id: int) -> _Summary:
    answered: set[str] = set()
    solved: set[str] = set()
    for item, ever_right in conn.execute(
        "SELECT item, max(all_correct) FROM answers WHERE learner_id = ? GROUP BY item", (learner_id,)
    ):
        answered.add(item)
        if ever_right:
            solved.add(item)
    reads = frozenset(conn.execute("SELECT lesson, section FROM reads WHERE learner_id = ?", (learner_id,)))
    n, right = conn.execute(
        "SELECT count(*), coalesce(sum(all_correct), 0) FROM answers WHERE learner_id = ?", (learner_id,)
    ).fetchone()
    return _Summary(frozenset(answered), frozenset(solved), reads, (int(n), int(right)))


def state_from_row(row: tuple[Any, ...]) -> ItemState:
    item, kind, state, step, stability, difficulty, due, last_review, reps, wrong, last_correct = row
    return ItemState(item, kind, state, step, stability, difficulty, due, last_review, reps, wrong, bool(last_correct))


def _card(conn: sqlite3.Connection, learner_id: int, item: str) -> ItemState | None:
    row = conn.execute(
        f"SELECT {CARD_COLUMNS} FROM cards WHERE learner_id = ? AND item = ?", (learner_id, item)
    ).fetchone()
    return None if row is None else state_from_row(row)


card_of = _card  # for writes made outside this module (tutor.progress.backlog)


INSERT_ANSWER = (
    "INSERT OR IGNORE INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at, seconds)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SAVE_CARD = f"INSERT OR REPLACE INTO cards (learner_id, {CARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"


# json.dumps with options makes an encoder on every call: an import of 200,000 answers makes 400,000 of them.
_GIVEN = json.JSONEncoder(ensure_ascii=False).encode
_CORRECT = json.JSONEncoder().encode


def answer_row(learner_id: int, answer: Answer) -> tuple[object, ...]:
    """The values of :data:`INSERT_ANSWER` for ``answer``."""
    return (
        learner_id,
        answer.uid,
        answer.item,
        answer.kind,
        _GIVEN({str(k): str(v) for k, v in answer.given.items()}),
        _CORRECT({str(k): bool(v) for k, v in answer.correct.items()}),
        int(answer.all_correct),
        answer.at,
        answer.seconds,
    )


def insert_answer(conn: sqlite3.Connection, learner_id: int, answer: Answer) -> bool:
    """Add ``answer`` to the learner's answers unless its uid is there already; whether it was added."""
    return bool(conn.execute(INSERT_ANSWER, answer_row(learner_id, answer)).rowcount)


def save_card(conn: sqlite3.Connection, learner_id: int, state: ItemState) -> None:
    conn.execute(SAVE_CARD, (learner_id, *card_row(state)))


def open_progress(learner: str, path: Path | str | None = None) -> tuple[Progress, str | None]:
    """The learner's saved progress, or, when the file cannot be used, an unsaved :class:`MemoryProgress`
    and the one-line reason to show (the app keeps working for practice)."""
    try:
        return SqliteProgress(path, learner), None
    except ProgressUnavailable as error:
        return MemoryProgress(learner=learner), error.message
