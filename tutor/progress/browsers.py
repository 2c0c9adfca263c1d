"""Which learner a browser chose, so a reload, a new tab or a deep link goes on as them.

The browser is named by its token, the value of the HttpOnly cookie the server sets (:mod:`tutor.app.cookie`),
the same one that names its guest. Choosing or adding a learner remembers them for that token; "Not you?"
forgets. A remembered learner is a convenience on one's own computer, not a login (the tutor has no
passwords): whoever holds the browser is that learner until they say otherwise.

>>> import tempfile
>>> from pathlib import Path
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> _ = db.create_learner("Maëlle")
>>> remember(db, "a" * 24, "Maëlle", at=100.0)
>>> remembered(db, "a" * 24), remembered(db, "b" * 24)
('Maëlle', None)
>>> forget(db, "a" * 24)
>>> remembered(db, "a" * 24) is None
True
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import time

from tutor.progress.store import GUEST_TOKEN, LearnerError, ProgressDB, folded, no_learner

SEEN_EVERY = 86_400.0  # ``seen`` is written again at most once a day: opening a session writes nothing else


def remember(db: ProgressDB, token: str, learner: str, at: float | None = None) -> None:
    """The browser holding ``token`` goes on as ``learner`` from now on (replacing whoever it remembered)."""
    if not GUEST_TOKEN.fullmatch(token):
        raise LearnerError("A browser's token is 16 to 64 letters, digits, '-' or '_'.")
    now = time.time() if at is None else at
    with db.using(write=True) as conn:
        row = conn.execute(
            "SELECT id FROM learners WHERE folded = ? AND id NOT IN (SELECT learner_id FROM guests)",
            (folded(learner),),
        ).fetchone()
        if row is None:
            raise LearnerError(no_learner(learner))
        conn.execute(
            "INSERT INTO browsers (token, learner_id, seen) VALUES (?, ?, ?)"
            " ON CONFLICT (token) DO UPDATE SET learner_id = excluded.learner_id, seen = excluded.seen",
            (token, int(row[0]), now),
        )


def remembered(db: ProgressDB, token: str, at: float | None = None) -> str | None:
    """The learner the browser holding ``token`` chose, if it still exists; marks the browser as seen (at most
    once a day), which keeps it from being pruned (:mod:`tutor.progress.pruning`)."""
    if not GUEST_TOKEN.fullmatch(token):
        return None
    with db.using() as conn:
        row = conn.execute(
            "SELECT learners.name, browsers.seen FROM browsers JOIN learners ON learners.id = browsers.learner_id"
            " WHERE browsers.token = ?",
            (token,),
        ).fetchone()
    if row is None:
        return None
    now = time.time() if at is None else at
    if now - float(row[1]) > SEEN_EVERY:
        with db.using(write=True) as conn:
            conn.execute("UPDATE browsers SET seen = ? WHERE token = ?", (now, token))
    return str(row[0])


def forget(db: ProgressDB, token: str) -> None:
    """The browser holding ``token`` remembers nobody ("Not you?")."""
    with db.using(write=True) as conn:
        conn.execute("DELETE FROM browsers WHERE token = ?", (token,))
