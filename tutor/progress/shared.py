"""One open progress file per process, shared by every session of the app.

A connection costs descriptors (the file and its ``-wal``) and memory (SQLite's page cache): one per
browser session added up to hundreds and was never given back. Instead every session of a server process
uses the one :class:`~tutor.progress.store.ProgressDB` returned by :func:`store`, whose lock already makes
its calls one at a time (a transaction of one session never interleaves with another's).

The one held is replaced when it no longer fits:

* its file was deleted or replaced (:meth:`~tutor.progress.store.ProgressDB.replaced`): it is let go of
  (``let_go``: the app copies every session's progress to memory, then closes it) *before* a connection
  opens the new file, which would otherwise share the old one's ``-wal`` and ``-shm`` (they go by the
  file's name) and read the old file's last pages as its own;
* another path (a test, a changed ``$ALUETTE_DB``): the old one is closed when the last session still
  using it lets go (:class:`~tutor.progress.store.ProgressDB` closes itself when no longer referenced).

A file that cannot be opened is not remembered: the next call tries again (a busy file may be free by then).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from tutor.progress.backend import is_url
from tutor.progress.store import ProgressDB

Opener = Callable[[Path | str], ProgressDB]
LetGo = Callable[[ProgressDB], None]

_lock = threading.Lock()  # one opening or letting go at a time: no new connection while the old one closes
_held: tuple[Path | str, Opener, ProgressDB] | None = None


def store(path: Path | str, opener: Opener = ProgressDB, let_go: LetGo = ProgressDB.close) -> ProgressDB:
    """The process's open progress store at ``path`` (a file, or a ``postgresql://`` URL: then the store holds
    the process's pool of connections), opened by ``opener`` on the first call (or when the one held is for
    another path, or its file was deleted or replaced: that one is ``let_go`` first).
    Raises :class:`~tutor.progress.db.ProgressUnavailable` when it cannot be opened."""
    global _held
    where: Path | str = path if is_url(path) else Path(path).expanduser().absolute()
    with _lock:
        if _held is not None:
            held_path, held_opener, db = _held
            if held_path == where and held_opener is opener and not db.replaced():
                return db
            _held = None
            if held_path == where:
                let_go(db)
        db = opener(where)
        _held = (where, opener, db)
        return db


def release(db: ProgressDB, let_go: LetGo = ProgressDB.close) -> None:
    """``db``'s file went away under a session: ``let_go`` of it, and the next :func:`store` opens afresh."""
    global _held
    with _lock:
        if _held is not None and _held[2] is db:
            _held = None
        let_go(db)
