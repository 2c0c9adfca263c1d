"""Progress saved in the store (the SQLite file, or a PostgreSQL database): learners, and one learner's
answers, reading and review cards.

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

``record`` writes the answer and its item's FSRS card in one transaction, after bumping the learner's
``revision`` (which locks the learner's row until the commit: another process or instance writing for the same
learner waits its turn, and every summary of the learner elsewhere knows it is out of date). Every query of
:class:`SqliteProgress` (named for the file it first kept; it keeps a learner on either backend) is filtered by
the learner's id, fixed when it is made: two tabs or two learners each hold their own object (on one shared
store), and one learner's rows never come back under another's name. Every failure of either engine comes out
as :class:`~tutor.progress.db.ProgressUnavailable`, and so does a write to a file that was deleted or replaced
since it was opened. The SQL is the one both engines read (:mod:`tutor.progress.backend`).

Export and import are :mod:`tutor.progress.transfer`'s, built on this module.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from tutor.content.texts import Text, _
from tutor.progress.backend import Backend, SqliteBackend, open_backend
from tutor.progress.base import Progress
from tutor.progress.db import CARD_COLUMNS, Connection, ProgressUnavailable, card_row, file_identity
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


# The view of the store the current block reads (see :func:`one_view`); None: every read checks afresh.
_VIEW: ContextVar[object | None] = ContextVar("progress_view", default=None)


@contextmanager
def one_view() -> Iterator[None]:
    """Within the block (one run of a page), a learner's figures are checked against the store once, at their
    first read, not at every read: a page asks whether each of the course's scenarios was answered, hundreds of
    reads that would each look the learner's ``revision`` up (a round trip to a PostgreSQL server). What another
    session writes meanwhile shows on the next run; a write through the same object is read back at once.
    Nothing is shared between objects, so between learners or sessions."""
    token = _VIEW.set(object())
    try:
        yield
    finally:
        _VIEW.reset(token)


def taken_name(name: str) -> Text:
    # Translators: {name} is a learner's name as they typed it.
    return _("There is already a learner called '{name}'.", name=name)


def no_learner(name: str) -> Text:
    # Translators: {name} is a learner's name as they typed it.
    return _("No learner is called '{name}'.", name=normal(name))


class ProgressDB:
    """The open progress store (a file or a PostgreSQL database: :mod:`tutor.progress.backend`) and its learners.

    :attr:`path` names it in messages: the file, or the database's URL without its password. :attr:`lock`
    makes one object's write and the summary it updates one step for this process's threads."""

    def __init__(self, path: Path | str | None = None, *, read_only: bool = False) -> None:
        self.backend: Backend = open_backend(path, read_only=read_only)
        self.path: Path | str = self.backend.where
        self.dialect = self.backend.dialect
        self.lock = threading.RLock()

    @property
    def identity(self) -> tuple[int, int] | None:
        """The file's (device, inode) when it was opened (:func:`~tutor.progress.db.file_identity`); None for a
        PostgreSQL store, which no file stands for."""
        return self.backend.identity if isinstance(self.backend, SqliteBackend) else None

    @property
    def conn(self) -> sqlite3.Connection:
        """The SQLite file's one connection (tests and tools that look at the file itself)."""
        if not isinstance(self.backend, SqliteBackend):
            raise AttributeError("a PostgreSQL store has a pool of connections, not one: use using()")
        return self.backend.conn

    def close(self) -> None:
        """Let go of the store (the file's connection, or this object's share of the process's pool), once;
        later calls do nothing. The app shares one store among all its sessions (:mod:`tutor.progress.shared`):
        the backend also closes itself once nothing refers to it any more, or at exit."""
        self.backend.close()

    def __enter__(self) -> ProgressDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check_file(self) -> None:
        """Raise :class:`ProgressUnavailable` if the store can no longer be written where it was opened (a file
        deleted, moved away or replaced: SQLite would go on writing to the old file, which nobody opens again).
        Reading still works, so what the session shows can still be copied to memory."""
        self.backend.check()

    def replaced(self) -> bool:
        """Whether the file at :attr:`path` is no longer the one this connection writes to (never, for a
        PostgreSQL store)."""
        backend = self.backend
        return isinstance(backend, SqliteBackend) and file_identity(backend.path) != backend.identity

    def problem(self) -> ProgressUnavailable | None:
        """What :meth:`check_file` would raise, or None."""
        try:
            self.check_file()
        except ProgressUnavailable as error:
            return error
        return None

    def using(self, write: bool = False) -> AbstractContextManager[Connection]:
        """A connection (in one write transaction if ``write``, after :meth:`check_file`); the backend's
        errors come out as :class:`ProgressUnavailable`, which a caller can show and then carry on without
        saving."""
        return self.backend.connection(write)

    def changes(self) -> tuple[int, int] | None:
        """A key that changes when the list of learners may have (SQLite's ``data_version``, and this
        connection's own commits); None where there is none to be had cheaply (PostgreSQL): read it again."""
        backend = self.backend
        if not isinstance(backend, SqliteBackend):
            return None
        with backend.connection() as conn:
            return int(conn.execute("PRAGMA data_version").fetchone()[0]), backend.conn.total_changes

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
            made = conn.execute(
                "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?) ON CONFLICT (folded) DO NOTHING"
                " RETURNING id",
                (text, folded(text), time.time()),
            ).fetchone()
            if made is None:  # made by another process since the look-up (PostgreSQL: none waits for another)
                raise LearnerError(taken_name(text))
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
        with a control character, which no learner's name can hold, so no name ever finds it
        (:func:`guest_key`)."""
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
            # Both rows locked, in id order (two adoptions at once never wait for each other in a circle); a
            # guest adopted meanwhile by another instance is gone once the lock is had, and gives nothing.
            for learner_id in sorted((guest, into)):
                bump(conn, learner_id)
            if _guest_row(conn, token) != guest:
                return 0
            items = [r[0] for r in conn.execute("SELECT DISTINCT item FROM answers WHERE learner_id = ?", (guest,))]
            # An answer the learner holds already (same uid) stays with the guest, and goes with it below.
            conn.execute(
                "DELETE FROM answers WHERE learner_id = ? AND uid IN (SELECT uid FROM answers WHERE learner_id = ?)",
                (guest, into),
            )
            moved = conn.execute("UPDATE answers SET learner_id = ? WHERE learner_id = ?", (into, guest)).rowcount
            conn.execute(
                "INSERT INTO reads (learner_id, lesson, section, read_at)"
                " SELECT ?, lesson, section, read_at FROM reads WHERE learner_id = ? ON CONFLICT DO NOTHING",
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
                "UPDATE games SET owner = ?, learner_id = ? WHERE learner_id = ?"
                " AND NOT EXISTS (SELECT 1 FROM games WHERE owner = ?)",
                (f"learner:{into}", into, guest, f"learner:{into}"),
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
        self._summary_key: int | None = None  # the learner's revision it was loaded at
        self._viewed: object | None = None  # the view (:func:`one_view`) it was last checked in
        # This object's own: the store is shared by every session of the process, which must not wait for
        # each other here (SQLite's one connection has a lock of its own; PostgreSQL's pool needs none).
        self._lock = threading.RLock()

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
    def path(self) -> Path | str:
        return self.db.path

    def rename(self, new: str) -> str:
        """Rename this learner; returns the name as stored."""
        self._name = self.db.rename_learner(self._name, new)
        return self._name

    # --- Answers ----------------------------------------------------------------------------------------

    def record(self, answer: Answer) -> str:
        """Keep ``answer`` and its item's new FSRS card in one transaction: a crash keeps both or neither.
        Recording the same answer (same uid) twice keeps it once. Returns the uid once committed."""
        with self._lock:  # the commit and the summary update, as one step for this object's threads
            with self.db.using(write=True) as conn:
                # The learner's row locked first: no other writer changes this learner until we commit.
                revision = bump(conn, self.id)
                if revision is None:
                    # Translators: {name} is the learner's name in quotes; {path} is the progress file.
                    name = repr(self._name)
                    removed = _("the learner {name} was removed from {path}.", name=name, path=str(self.path))
                    raise ProgressUnavailable(removed, self.path)
                added = insert_answer(conn, self.id, answer)
                if added and reviewable(answer.item):
                    save_card(conn, self.id, review(_card(conn, self.id, answer.item), answer))
            self._apply(revision, answer=answer if added else None)
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
        with self._lock:
            with self.db.using(write=True) as conn:
                revision = bump(conn, self.id)
                conn.execute(
                    "INSERT INTO reads (learner_id, lesson, section, read_at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (self.id, lesson_id, section, time.time() if at is None else at),
                )
            if revision is not None:
                self._apply(revision, read=(lesson_id, section))

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
        bounded = "" if limit is None else f" LIMIT {max(0, int(limit))}"
        with self.db.using() as conn:
            rows = conn.execute(
                f"SELECT {CARD_COLUMNS} FROM cards WHERE learner_id = ? AND due <= ? ORDER BY due, item{bounded}",
                (self.id, moment),
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
        """Answers per local calendar day (this process's time zone), oldest first.

        The database counts them per quarter hour and this process gives each quarter its day: every time
        zone's offset, and every change of it, falls on a quarter hour, and neither engine need know the
        tutor's zone (a PostgreSQL server has its own)."""
        quarter = self.db.dialect.quarter_hour
        with self.db.using() as conn:
            rows = conn.execute(
                f"SELECT {quarter} AS q, count(*), sum(all_correct) FROM answers WHERE learner_id = ? GROUP BY q",
                (self.id,),
            ).fetchall()
        counts: dict[date, list[int]] = {}
        for q, n, right in rows:
            tally = counts.setdefault(date.fromtimestamp(int(q) * 900), [0, 0])
            tally[0] += int(n)
            tally[1] += int(right)
        return [DayCount(day, n, right) for day, (n, right) in sorted(counts.items())]

    # --- The cache --------------------------------------------------------------------------------------

    def _fresh(self) -> _Summary:
        """The summary, reloaded only when the learner's ``revision`` moved since it was loaded: a write by
        another session, process or instance bumps it."""
        view = _VIEW.get()
        with self._lock:
            if view is not None and view is self._viewed and self._summary is not None:
                return self._summary  # checked already in this view
            with self.db.using() as conn:
                row = conn.execute("SELECT revision FROM learners WHERE id = ?", (self.id,)).fetchone()
                revision = None if row is None else int(row[0])
                if self._summary is None or revision is None or revision != self._summary_key:
                    self._summary = _load_summary(conn, self.id)
                    self._summary_key = revision
            self._viewed = view
            return self._summary

    def _apply(self, revision: int, answer: Answer | None = None, read: tuple[str, int] | None = None) -> None:
        """Apply this object's own write, just committed as ``revision``, to the summary if it was up to date
        just before (``revision - 1``: nobody else wrote in between), rather than reloading it: with 10,000
        answers a reload costs milliseconds on the next rerun. The caller holds the lock."""
        self._viewed = None  # the next read checks the revision again, in any view
        old = self._summary
        if old is None or self._summary_key != revision - 1:
            return  # out of date anyway: the next read reloads it
        if answer is not None:
            n, right = old.totals
            solved = old.solved | {answer.item} if answer.all_correct else old.solved
            old = _Summary(old.answered | {answer.item}, solved, old.reads, (n + 1, right + answer.all_correct))
        if read is not None:
            old = _Summary(old.answered, old.solved, old.reads | {read}, old.totals)
        self._summary = old
        self._summary_key = revision


def bump(conn: Connection, learner_id: int) -> int | None:
    """Count a change to the learner's rows, locking the learner's row until the transaction ends; the new
    ``revision``, or None if there is no such learner (any more)."""
    row = conn.execute(
        "UPDATE learners SET revision = revision + 1 WHERE id = ? RETURNING revision", (learner_id,)
    ).fetchone()
    return None if row is None else int(row[0])


def guest_key(token: str) -> str:
    """A guest's ``folded`` key: it starts with a control character, which no learner's name can hold (and
    not NUL, which PostgreSQL's text cannot hold; files from before keep theirs)."""
    return f"\x01guest:{token}"


def _guest_row(conn: Connection, token: str) -> int | None:
    row = conn.execute("SELECT learner_id FROM guests WHERE token = ?", (token,)).fetchone()
    return None if row is None else int(row[0])


def guest_row(conn: Connection, token: str) -> int:
    """The learner id of the guest holding ``token``, their profile made now if they have none (inside the
    caller's write transaction: another tab of the same browser may have just made it)."""
    found = _guest_row(conn, token)
    if found is not None:
        return found
    now = time.time()
    # Another instance may be making the same guest: its row wins (PostgreSQL waits for its commit), and is
    # read after.
    made = conn.execute(
        "INSERT INTO learners (name, folded, created) VALUES (?, ?, ?) ON CONFLICT (folded) DO NOTHING RETURNING id",
        (GUEST_NAME, guest_key(token), now),
    ).fetchone()
    if made is None:
        theirs = _guest_row(conn, token)
        assert theirs is not None, "a guest's learner row is made with its guests row, in one transaction"
        return theirs
    conn.execute("INSERT INTO guests (token, learner_id, created) VALUES (?, ?, ?)", (token, int(made[0]), now))
    return int(made[0])


def _load_summary(conn: Connection, learner_id: int) -> _Summary:
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


def _card(conn: Connection, learner_id: int, item: str) -> ItemState | None:
    row = conn.execute(
        f"SELECT {CARD_COLUMNS} FROM cards WHERE learner_id = ? AND item = ?", (learner_id, item)
    ).fetchone()
    return None if row is None else state_from_row(row)


card_of = _card  # for writes made outside this module (tutor.progress.backlog)


# The database's unique keys decide, so two writers of one uid (or one card) at once keep it once.
INSERT_ANSWER = (
    "INSERT INTO answers (learner_id, uid, item, kind, given, correct, all_correct, answered_at, seconds)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (learner_id, uid) DO NOTHING"
)
_CARD_UPDATE = ", ".join(f"{c} = excluded.{c}" for c in CARD_COLUMNS.split(", ")[1:])
SAVE_CARD = (
    f"INSERT INTO cards (learner_id, {CARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    f" ON CONFLICT (learner_id, item) DO UPDATE SET {_CARD_UPDATE}"
)


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


def insert_answer(conn: Connection, learner_id: int, answer: Answer) -> bool:
    """Add ``answer`` to the learner's answers unless its uid is there already; whether it was added."""
    return bool(conn.execute(INSERT_ANSWER, answer_row(learner_id, answer)).rowcount)


def save_card(conn: Connection, learner_id: int, state: ItemState) -> None:
    conn.execute(SAVE_CARD, (learner_id, *card_row(state)))


def open_progress(learner: str, path: Path | str | None = None) -> tuple[Progress, str | None]:
    """The learner's saved progress, or, when the file cannot be used, an unsaved :class:`MemoryProgress`
    and the one-line reason to show (the app keeps working for practice)."""
    try:
        return SqliteProgress(path, learner), None
    except ProgressUnavailable as error:
        return MemoryProgress(learner=learner), error.message
