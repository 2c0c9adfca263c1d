"""Who is signed in as a teacher on this browser: the ``aluette_teacher`` cookie's session token, looked up
(hashed) in the store. Every teacher's page asks :func:`signed_in` first and shows nothing else without it."""

from __future__ import annotations

from tutor.app import guest, state
from tutor.progress.teachers import Teacher, teacher_of

COOKIE = "aluette_teacher"  # HttpOnly, set by the server (tutor.app.cookie), never by page script


def token() -> str | None:
    """The teacher's session token this browser sent, if any."""
    return guest.cookies().get(COOKIE)


def signed_in() -> Teacher | None:
    """The teacher this browser is signed in as: None without a live session (no cookie, a forged, expired
    or revoked token, or no store to look it up in)."""
    sent = token()
    db = state.database()
    if sent is None or db is None:
        return None
    return teacher_of(db, sent)
