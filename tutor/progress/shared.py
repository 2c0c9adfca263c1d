"""One open progress file per process, shared by every session of the app.

A connection costs descriptors (the file and its ``-wal``) and memory (SQLite's page cache): one per
browser session added up to hundreds and was never given back. Instead every session of a server process
uses the one :class:`~tutor.progress.store.ProgressDB` returned by :func:`store`, whose lock already makes
its calls one at a time (a transaction of one session never interleaves with another's).

The one held is replaced when it no longer fits: another path (a test, a changed ``$ALUETTE_DB``) or its
file deleted or replaced (:func:`~tutor.progress.db.file_identity`). Sessions still holding the old one
notice on their next write or run and carry on in memory; it is closed when the last of them lets go
(:class:`~tutor.progress.store.ProgressDB` closes itself when no longer referenced, and at exit).
A file that cannot be opened is not remembered: the next call tries again (a busy file may be free by then).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from tutor.progress.backend import is_url
from tutor.progress.db import file_identity
from tutor.progress.store import ProgressDB

Opener = Callable[[Path | str], ProgressDB]

_lock = threading.Lock()  # one opening at a time: two sessions arriving together share one connection
_held: tuple[Path | str, Opener, ProgressDB] | None = None


def store(path: Path | str, opener: Opener = ProgressDB) -> ProgressDB:
    """The process's open progress store at ``path`` (a file, or a ``postgresql://`` URL: then the store holds
    the process's pool of connections), opened by ``opener`` on the first call (or when the one held is for
    another path, or its file was deleted or replaced). Raises
    :class:`~tutor.progress.db.ProgressUnavailable` when it cannot be opened."""
    global _held
    where: Path | str = path if is_url(path) else Path(path).expanduser().absolute()
    with _lock:
        if _held is not None:
            held_path, held_opener, db = _held
            same_file = isinstance(where, str) or file_identity(where) == db.identity
            if held_path == where and held_opener is opener and same_file:
                return db
            _held = None  # its sessions keep it until they let go
        db = opener(where)
        _held = (where, opener, db)
        return db


def forget(db: ProgressDB) -> None:
    """Stop handing out ``db`` (its file went away under a session): the next :func:`store` opens afresh."""
    global _held
    with _lock:
        if _held is not None and _held[2] is db:
            _held = None
