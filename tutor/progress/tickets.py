"""One-time tickets that carry a teacher's sign-in from the page to the server's cookie.

Streamlit's page script cannot set a cookie, so the page checks the password
(:func:`~tutor.progress.teachers.check_sign_in`), makes a ticket here (:func:`issue`) and sends the browser to the
server's route with it in the address; the route redeems it (:func:`redeem`) for a session token, which only
ever travels in the ``Set-Cookie`` header. A ticket is random (``secrets``), kept only as its sha256, bound to one
teacher, good for :data:`TICKET_SECONDS` and once: redeeming deletes it in the same transaction, so a ticket
read from a log or a browser's history afterwards signs nobody in.

>>> import tempfile
>>> from pathlib import Path
>>> from tutor.progress.teachers import create_teacher, teacher_of
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> ticket = issue(db, create_teacher(db, "Mme Roux", "correct horse"))
>>> teacher_of(db, redeem(db, ticket)).name
'Mme Roux'
>>> redeem(db, ticket) is None
True
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import secrets
import time

from tutor.progress.db import Connection
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import TOKEN_BYTES, Teacher, open_session, prune_expired_sessions, token_hash

TICKET_SECONDS = 60.0


def issue(db: ProgressDB, teacher: Teacher, *, now: float | None = None) -> str:
    """A new ticket for ``teacher``, good once within :data:`TICKET_SECONDS`."""
    at = time.time() if now is None else now
    ticket = secrets.token_urlsafe(TOKEN_BYTES)
    with db.using(write=True) as conn:
        _delete_stale(conn, at)  # anybody's
        conn.execute(
            "INSERT INTO teacher_tickets (ticket_hash, teacher_id, expires) VALUES (?, ?, ?)",
            (token_hash(ticket), teacher.id, at + TICKET_SECONDS),
        )
    return ticket


def redeem(db: ProgressDB, ticket: object, *, now: float | None = None) -> str | None:
    """A new session token for the ticket's teacher, the ticket spent; None for a ticket that is forged,
    spent already or expired."""
    if not isinstance(ticket, str) or not 0 < len(ticket) <= 2 * TOKEN_BYTES:
        return None
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        # Deleting is the check: of two requests with one ticket, only one deletes its row.
        row = conn.execute(
            "DELETE FROM teacher_tickets WHERE ticket_hash = ? RETURNING teacher_id, expires", (token_hash(ticket),)
        ).fetchone()
        if row is None or float(row[1]) <= at:
            return None
        found = conn.execute("SELECT id, name FROM teachers WHERE id = ?", (int(row[0]),)).fetchone()
    if found is None:
        return None
    return open_session(db, Teacher(int(found[0]), str(found[1])), now=at)


def prune_expired(db: ProgressDB, *, now: float | None = None) -> int:
    """Delete every expired ticket and teacher's session (the hourly upkeep: issuing a ticket prunes the
    stale tickets and opening a session its teacher's stale sessions, but a server nobody signs in to
    again would keep them); how many."""
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        tickets = _delete_stale(conn, at)
    return tickets + prune_expired_sessions(db, now=at)


def _delete_stale(conn: Connection, at: float) -> int:
    return int(conn.execute("DELETE FROM teacher_tickets WHERE expires <= ?", (at,)).rowcount)
