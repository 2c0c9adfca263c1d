"""The seam between the store and where it keeps its rows: one SQLite file, or a PostgreSQL database.

The store (:mod:`tutor.progress.store` and the modules built on it) writes one SQL that both engines read:
``?`` placeholders, ``INSERT ... ON CONFLICT``, ``RETURNING``. A :class:`Backend` gives it a connection
(:meth:`Backend.connection`: under a write transaction when asked) whose ``execute(sql, params)`` returns a
cursor with ``fetchone``, ``fetchall``, ``rowcount`` and iteration, turns every failure of its engine into
:class:`~tutor.progress.db.ProgressUnavailable`, and knows the few expressions the two spell differently
(:class:`Dialect`).

* :class:`SqliteBackend`: the file's one connection (:func:`tutor.progress.db.connect`: WAL, the file's
  checks, migrations), used by one thread at a time under its lock; a file deleted or replaced while open
  is noticed before every write.
* :class:`tutor.progress.postgres.PostgresBackend`: a connection from the process's pool for that database
  (one pool per process and database), in autocommit for reads and in a short transaction for writes.

:func:`open_backend` chooses by the target: a ``postgresql://`` (or ``postgres://``) URL, else a file path.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Protocol

from tutor.content.texts import _
from tutor.progress.db import (
    Connection,
    ProgressUnavailable,
    connect,
    default_target,
    file_identity,
    transaction,
    unavailable,
)
from tutor.progress.dialect import SQLITE, Dialect

URL_SCHEMES = ("postgresql://", "postgres://")


class Backend(Protocol):
    """Where the progress is kept: :attr:`where` names it in messages (a file, or a URL without password)."""

    dialect: Dialect

    @property
    def where(self) -> Path | str: ...

    def connection(self, write: bool = False) -> AbstractContextManager[Connection]:
        """A connection for one read, or for one write transaction (committed on leaving, rolled back on an
        error); the engine's errors come out as :class:`ProgressUnavailable`."""
        ...

    def check(self) -> None:
        """Raise :class:`ProgressUnavailable` if the store can no longer be written where it was opened."""
        ...

    def close(self) -> None: ...


def is_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def open_backend(target: Path | str | None = None, *, read_only: bool = False) -> Backend:
    """The backend for ``target`` (default: ``$ALUETTE_DB`` or the default file), opened, checked and migrated."""
    chosen = default_target() if target is None else target
    if is_url(chosen):
        from tutor.progress.postgres import PostgresBackend  # psycopg is loaded only for a PostgreSQL store

        return PostgresBackend(str(chosen), read_only=read_only)
    return SqliteBackend(Path(chosen), read_only=read_only)


class SqliteBackend:
    """The progress file: one connection, used from any thread one at a time (under :attr:`lock`)."""

    dialect = SQLITE

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        self.path = path.expanduser().absolute()
        self.conn = connect(self.path, read_only=read_only)
        self.identity = file_identity(self.path)  # the file this connection writes to
        self.lock = threading.RLock()
        # Holds no reference to self: the last session letting go of a shared store closes it.
        self._closer = weakref.finalize(
            self, _close, self.conn, self.path, self.identity, _side_identities(self.path), self.lock
        )

    @property
    def where(self) -> Path:
        return self.path

    @contextmanager
    def connection(self, write: bool = False) -> Iterator[Connection]:
        with self.lock:
            try:
                if write:
                    self.check()
                    with transaction(self.conn):
                        yield self.conn
                else:
                    yield self.conn
            except sqlite3.Error as error:
                raise unavailable(error, self.path) from error

    def check(self) -> None:
        """The file at :attr:`path` must still be the one this connection writes to (not deleted, moved away
        or replaced): SQLite would go on writing to the old file, which nobody opens again. Reading still
        works (the connection holds the old file), so what the session shows can still be copied to memory."""
        if file_identity(self.path) != self.identity:
            gone = _("{path} was deleted or replaced while the tutor was running.", path=str(self.path))
            raise ProgressUnavailable(gone, self.path, lost=True)

    def close(self) -> None:
        """Close the connection (once; later calls do nothing). If the file was deleted or replaced meanwhile,
        first empty its ``-wal`` (when the ``-wal`` and ``-shm`` by its name are still the ones this
        connection opened): SQLite leaves a moved file's side files behind on closing, and the next file of
        that name would read this one's last pages from them."""
        self._closer()


SideFiles = tuple[tuple[int, int] | None, tuple[int, int] | None]


def _side_identities(path: Path) -> SideFiles:
    """The identities of the ``-wal`` and ``-shm`` by ``path``'s name now."""
    return file_identity(path.with_name(path.name + "-wal")), file_identity(path.with_name(path.name + "-shm"))


def _close(
    conn: sqlite3.Connection,
    path: Path,
    identity: tuple[int, int] | None,
    side_files: SideFiles,
    lock: threading.RLock,
) -> None:
    """:meth:`SqliteBackend.close`'s work, also run when the store is dropped unclosed (and so given what it
    needs rather than the backend itself)."""
    with lock:
        if file_identity(path) != identity and _side_identities(path) == side_files:
            with suppress(sqlite3.Error):
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # into the old file, which is gone
        conn.close()
