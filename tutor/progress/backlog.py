"""Writes a session made while the progress file could not take them, kept in order and written later.

A file another program holds locked, or on a full disk, refuses a write for a while, not for good
(:attr:`~tutor.progress.db.ProgressUnavailable.temporary`). Rather than give up saving, the session keeps
each refused write (an answer, a lesson section read, a setting, the Play page's game) in a
:class:`Backlog`, oldest first, and :meth:`Backlog.flush` writes all of them, in that order, in one
transaction: either every one is in the file afterwards, or none is and they all wait for the next try.
An answer is written at most once whatever happens (answers are merged by uid), and its review card is
worked out from the card in the file at the time of writing, as if it had been written when given.

>>> import tempfile
>>> from pathlib import Path
>>> from tutor.progress.records import Answer
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> ann = db.progress("Ann")
>>> backlog = Backlog()
>>> backlog.add(AnswerWrite(Whose(ann.id), Answer("spoiled-aces", "trick", {}, {"winner": True}, 5.0, uid="a1")))
>>> backlog.add(ReadWrite(Whose(ann.id), "the-pack", 0, 100.0))
>>> len(backlog), backlog.answers
(2, 1)
>>> backlog.flush(db), len(backlog), ann.totals
(1, 0, (1, 1))
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from tutor.progress.db import Connection
from tutor.progress.records import Answer
from tutor.progress.scheduling import review, reviewable
from tutor.progress.store import ProgressDB, bump, card_of, guest_row, insert_answer, save_card


class Write(Protocol):
    """One write a learner made, that can be made again later inside a write transaction."""

    @property
    def answers(self) -> int:
        """How many answers it holds (what the learner is told is waiting)."""
        ...

    @property
    def key(self) -> str | None:
        """Writes of one key replace each other (the latest game, a setting's latest value); None: kept."""
        ...

    def apply(self, conn: Connection) -> None:
        """Make the write on ``conn``, inside the caller's transaction."""
        ...


@dataclass(frozen=True)
class Whose:
    """The learner a write is for: a learner's row, or a guest by the token of their browser (whose
    profile may not be in the file yet: the write makes it)."""

    learner_id: int | None = None
    guest: str | None = None

    def row(self, conn: Connection) -> int:
        if self.guest is not None:
            return guest_row(conn, self.guest)
        assert self.learner_id is not None
        return self.learner_id


@dataclass(frozen=True)
class AnswerWrite:
    """An answer and its item's new review card, from the card in the file when it is written."""

    whose: Whose
    answer: Answer
    answers = 1
    key = None

    def apply(self, conn: Connection) -> None:
        learner_id = self.whose.row(conn)
        bump(conn, learner_id)  # the learner's row locked, and their summaries told
        if insert_answer(conn, learner_id, self.answer) and reviewable(self.answer.item):
            save_card(conn, learner_id, review(card_of(conn, learner_id, self.answer.item), self.answer))


@dataclass(frozen=True)
class ReadWrite:
    """A lesson section read (kept once: a section read again keeps its first time)."""

    whose: Whose
    lesson: str
    section: int
    at: float
    answers = 0
    key = None

    def apply(self, conn: Connection) -> None:
        learner_id = self.whose.row(conn)
        bump(conn, learner_id)
        conn.execute(
            "INSERT INTO reads (learner_id, lesson, section, read_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (learner_id, self.lesson, self.section, self.at),
        )


class Backlog:
    """A session's writes not yet in the file, oldest first."""

    def __init__(self) -> None:
        self._writes: list[Write] = []

    def __len__(self) -> int:
        return len(self._writes)

    def __repr__(self) -> str:
        return f"Backlog({len(self._writes)} writes, {self.answers} answers)"

    @property
    def answers(self) -> int:
        """How many answers are waiting."""
        return sum(write.answers for write in self._writes)

    def add(self, write: Write) -> None:
        """Keep ``write`` after the others; an earlier write of the same key is dropped (it would be
        overwritten anyway, and a game is some 100 kB)."""
        if write.key is not None:
            self._writes = [w for w in self._writes if w.key != write.key]
        self._writes.append(write)

    def clear(self) -> None:
        """Forget every write (the session gave up on the file, and keeps them in memory)."""
        self._writes.clear()

    def flush(self, db: ProgressDB, wait_ms: int | None = None) -> int:
        """Write everything waiting, in order, in one transaction; returns how many answers were written.
        Raises :class:`~tutor.progress.db.ProgressUnavailable` (and keeps every write) if the file still
        refuses. ``wait_ms`` waits that long for a lock instead of the connection's usual
        wait (a try that nobody clicked for should cost little)."""
        if not self._writes:
            return 0
        with patience(db, wait_ms), db.using(write=True) as conn:
            for write in self._writes:
                write.apply(conn)
        written = self.answers
        self._writes.clear()
        return written


@contextmanager
def patience(db: ProgressDB, wait_ms: int | None) -> Iterator[None]:
    """Within the block, ``db`` waits at most ``wait_ms`` for another program's lock (None: as usual). A
    PostgreSQL store has no file lock to wait for: each call waits for the rows it needs."""
    if wait_ms is None or db.dialect.name != "sqlite":
        yield
        return
    with db.lock:
        with db.using() as conn:
            usual = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
            conn.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
        try:
            yield
        finally:
            with db.using() as conn:
                conn.execute(f"PRAGMA busy_timeout = {usual}")
