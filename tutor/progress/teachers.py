"""Teachers' accounts: a name and a password, and the browsers they are signed in on.

* A teacher's name is folded as a learner's is (:mod:`tutor.progress.names`): "Mme Roux" and "MME ROUX" are
  one teacher, and the second to ask for it is told, in one line, that it is taken.
* The password (at least :data:`PASSWORD_MIN` characters) is kept only as an Argon2id hash (``argon2-cffi``),
  never in clear, and no message or log shows it.
* Signing in (:func:`sign_in`) gives a random session token (``secrets``) for the browser's cookie; the store
  keeps only its sha256 (a random 256-bit token needs no slow hash), for :data:`SESSION_DAYS` days, and
  signing out deletes it. A forged, expired or revoked token finds nobody (:func:`teacher_of`).
* Guessing is slowed down: after :data:`TRIES_PER_MINUTE` failed sign-ins in a minute for a name, or from a
  client (a key the app passes in, such as the address it sees), further tries are refused until the minute
  has passed. An unknown name and a wrong password get the same line, take as long (a hash is checked
  either way) and count the same, so nothing tells whether the name exists.
* Creating accounts is slowed down the same way when the app passes the client (``create_teacher(...,
  client=)``, as /teach does): every try counts, made or refused (a taken name tells that a teacher has it),
  and after :data:`TRIES_PER_MINUTE` in a minute from a client further tries are refused until the minute has
  passed. They are kept with the failed sign-ins (under :data:`CREATING`) but counted apart from them.

>>> import tempfile
>>> from pathlib import Path
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> create_teacher(db, "Mme Roux", "correct horse").name
'Mme Roux'
>>> token = sign_in(db, "mme roux", "correct horse", client="10.0.0.7")
>>> teacher_of(db, token).name
'Mme Roux'
>>> sign_out(db, token)
>>> teacher_of(db, token) is None
True
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from tutor.content.texts import Text, _
from tutor.progress.names import NAME_LIMIT, LearnerError, clean_name, folded
from tutor.progress.store import ProgressDB

PASSWORD_MIN = 8
PASSWORD_MAX = 1024  # long passphrases are welcome; a megabyte "password" is only work for the server
SESSION_DAYS = 30
SESSION_SECONDS = SESSION_DAYS * 24 * 3600
TRIES_PER_MINUTE = 5
WINDOW = 60.0  # seconds over which failed sign-ins are counted
CLIENT_LIMIT = 200  # a client key is the app's (an address, a hash of one): never a document
TOKEN_BYTES = 32
CREATING = "\x1fcreate"  # sign_in_failures' account for a try to create an account: no name holds a control character

_HASHER = PasswordHasher()  # argon2-cffi's defaults: Argon2id, RFC 9106's low-memory profile
# Checked against when the name is unknown, so that a wrong name costs as long as a wrong password.
_DUMMY = _HASHER.hash(secrets.token_urlsafe(16))


class TeacherError(LearnerError):
    """A teacher's name or password that cannot be used, or a refused sign-in: one line to show
    (:meth:`words` in the teacher's language)."""


@dataclass(frozen=True)
class Teacher:
    """A teacher's account as the pages use it: its id (what every class query is filtered by) and name."""

    id: int
    name: str


# What names.clean_name says of a learner's name, said of a teacher's (the same checks, other words).
_NAME_LINES = {
    "A learner's name must be text.": _("A teacher's name must be text."),
    "Give the learner a name.": _("Give the teacher a name."),
    "A learner's name cannot hold control characters.": _("A teacher's name cannot hold control characters."),
    "A learner's name cannot hold invisible characters.": _("A teacher's name cannot hold invisible characters."),
    "A learner's name cannot mix alphabets whose letters look alike (such as Latin and Cyrillic).": _(
        "A teacher's name cannot mix alphabets whose letters look alike (such as Latin and Cyrillic)."
    ),
}


def teacher_name(name: object) -> str:
    """A new teacher's name as stored (NFKC, spaces collapsed, the learners' checks), or :class:`TeacherError`."""
    try:
        return clean_name(name)
    except LearnerError as error:
        message = error.text.message if error.text is not None else str(error)
        if message.startswith("A learner's name has at most"):
            raise TeacherError(_("A teacher's name has at most {limit} characters.", limit=NAME_LIMIT)) from None
        raise TeacherError(_NAME_LINES.get(message, _("This name cannot be used."))) from None


def check_password(password: object) -> str:
    """The password if it can be used (text of :data:`PASSWORD_MIN` to :data:`PASSWORD_MAX` characters), else
    :class:`TeacherError`; the line never repeats the password."""
    if not isinstance(password, str):
        raise TeacherError(_("A password must be text."))
    if len(password) < PASSWORD_MIN:
        raise TeacherError(_("A password has at least {limit} characters.", limit=PASSWORD_MIN))
    if len(password) > PASSWORD_MAX:
        raise TeacherError(_("A password has at most {limit} characters.", limit=PASSWORD_MAX))
    return password


def create_teacher(
    db: ProgressDB, name: object, password: object, *, client: str | None = None, now: float | None = None
) -> Teacher:
    """A new teacher account; :class:`TeacherError` (nothing stored) for a name that is taken or unusable or a
    password that is too short. With ``client`` the try is counted for it first, and refused
    (:func:`too_many_accounts`) once the client made :data:`TRIES_PER_MINUTE` in the last minute."""
    at = time.time() if now is None else now
    if client is not None:
        _count_creation(db, str(client)[:CLIENT_LIMIT], at)  # before the slow hash: a flood costs nothing
    text = teacher_name(name)
    hashed = _HASHER.hash(check_password(password))
    with db.using(write=True) as conn:
        row = conn.execute(
            "INSERT INTO teachers (name, folded, password, created) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (folded) DO NOTHING RETURNING id",
            (text, folded(text), hashed, at),
        ).fetchone()
    if row is None:
        raise TeacherError(taken_teacher(text))
    return Teacher(int(row[0]), text)


def too_many_accounts() -> Text:
    return _("Too many tries to create an account from here: wait a minute, then try again.")


def _count_creation(db: ProgressDB, client: str, at: float) -> None:
    """Count a try to create an account for ``client``, or refuse it when the client is over the limit; the
    count and the try in one transaction (tries made at the same time cannot all pass it)."""
    with db.using(write=True) as conn:
        conn.execute("DELETE FROM sign_in_failures WHERE at <= ?", (at - WINDOW,))
        (tries,) = conn.execute(
            "SELECT count(*) FROM sign_in_failures WHERE client = ? AND account = ? AND at > ?",
            (client, CREATING, at - WINDOW),
        ).fetchone()
        if int(tries) >= TRIES_PER_MINUTE:
            raise TeacherError(too_many_accounts())
        conn.execute("INSERT INTO sign_in_failures (account, client, at) VALUES (?, ?, ?)", (CREATING, client, at))


def taken_teacher(name: str) -> Text:
    # Translators: {name} is the teacher's name as typed.
    return _("A teacher is already called {name}: choose another name.", name=name)


def wrong_sign_in() -> Text:
    """The one line for an unknown name and for a wrong password alike."""
    return _("This name and password do not match an account.")


def slowed_down() -> Text:
    return _("Too many tries to sign in: wait a minute, then try again.")


def sign_in(db: ProgressDB, name: object, password: object, *, client: str, now: float | None = None) -> str:
    """A new session token for the teacher with this name and password (to keep in the browser's cookie); else
    :class:`TeacherError`: the same line for an unknown name and a wrong password, another once
    :data:`TRIES_PER_MINUTE` tries failed in the last minute for the name or from ``client``."""
    at = time.time() if now is None else now
    return open_session(db, check_sign_in(db, name, password, client=client, now=at), now=at)


def check_sign_in(db: ProgressDB, name: object, password: object, *, client: str, now: float | None = None) -> Teacher:
    """The teacher with this name and password, counted and slowed down as :func:`sign_in` says, without a
    session yet (the app's page checks the password; the server's route opens the session:
    :mod:`tutor.progress.tickets`)."""
    at = time.time() if now is None else now
    client = str(client)[:CLIENT_LIMIT]
    try:
        account = folded(name) if isinstance(name, str) else ""
    except LearnerError:
        account = ""  # an empty or unprintable name: no account has it; the client's tries still count
    account = account[:CLIENT_LIMIT]
    # The try counts as a failure from the start (one transaction with the count: tries made at the same time
    # cannot all pass it), and is struck off if the password is right.
    with db.using(write=True) as conn:
        conn.execute("DELETE FROM sign_in_failures WHERE at <= ?", (at - WINDOW,))
        by_account, by_client = conn.execute(
            "SELECT (SELECT count(*) FROM sign_in_failures WHERE account = ? AND at > ?),"
            " (SELECT count(*) FROM sign_in_failures WHERE client = ? AND at > ? AND account <> ?)",
            (account, at - WINDOW, client, at - WINDOW, CREATING),  # accounts created are counted apart
        ).fetchone()
        slowed = int(by_account) >= TRIES_PER_MINUTE or int(by_client) >= TRIES_PER_MINUTE
        attempt = None
        if not slowed:
            attempt = conn.execute(
                "INSERT INTO sign_in_failures (account, client, at) VALUES (?, ?, ?) RETURNING id",
                (account, client, at),
            ).fetchone()[0]
    if slowed:
        raise TeacherError(slowed_down())
    with db.using() as conn:
        row = conn.execute("SELECT id, name, password FROM teachers WHERE folded = ?", (account,)).fetchone()
    stored = _DUMMY if row is None else str(row[2])
    matches = isinstance(password, str) and len(password) <= PASSWORD_MAX and _verify(stored, password)
    if row is None or not matches:
        raise TeacherError(wrong_sign_in())
    teacher_id = int(row[0])
    with db.using(write=True) as conn:
        if _HASHER.check_needs_rehash(stored):  # the hasher's parameters were raised since: keep the stronger hash
            conn.execute("UPDATE teachers SET password = ? WHERE id = ?", (_HASHER.hash(str(password)), teacher_id))
        conn.execute("DELETE FROM sign_in_failures WHERE id = ?", (attempt,))
    return Teacher(teacher_id, str(row[1]))


def prune_sign_in_failures(db: ProgressDB, *, now: float | None = None) -> int:
    """Delete the failed sign-ins older than their :data:`WINDOW` (the hourly upkeep: a client or a name tried
    once leaves nothing behind); how many."""
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        return int(conn.execute("DELETE FROM sign_in_failures WHERE at <= ?", (at - WINDOW,)).rowcount)


def prune_expired_sessions(db: ProgressDB, *, now: float | None = None) -> int:
    """Delete every teacher's expired sessions (the hourly upkeep: :func:`open_session` prunes only its own
    teacher's); how many."""
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        return int(conn.execute("DELETE FROM teacher_sessions WHERE expires <= ?", (at,)).rowcount)


def open_session(db: ProgressDB, teacher: Teacher, *, now: float | None = None) -> str:
    """A new session token for ``teacher`` (whose password was checked), kept hashed for :data:`SESSION_DAYS`."""
    at = time.time() if now is None else now
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with db.using(write=True) as conn:
        conn.execute("DELETE FROM teacher_sessions WHERE teacher_id = ? AND expires <= ?", (teacher.id, at))
        conn.execute(
            "INSERT INTO teacher_sessions (token_hash, teacher_id, created, expires) VALUES (?, ?, ?, ?)",
            (token_hash(token), teacher.id, at, at + SESSION_SECONDS),
        )
    return token


def teachers(db: ProgressDB) -> list[tuple[Teacher, float]]:
    """Every teacher account and when it was made, by name (for the administrator's ``teacher list``)."""
    with db.using() as conn:
        found = conn.execute("SELECT id, name, created FROM teachers ORDER BY folded, id").fetchall()
    return [(Teacher(int(id_), str(name)), float(created)) for id_, name, created in found]


def _verify(stored: str, password: str) -> bool:
    try:
        return bool(_HASHER.verify(stored, password))
    except (VerificationError, InvalidHashError):
        return False


def token_hash(token: str) -> str:
    """What the store keeps of a session token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _plausible(token: object) -> bool:
    return isinstance(token, str) and 0 < len(token) <= 2 * TOKEN_BYTES


def teacher_of(db: ProgressDB, token: object, *, now: float | None = None) -> Teacher | None:
    """The teacher signed in with ``token``; None for a token that is forged, expired or signed out."""
    if not _plausible(token):
        return None
    at = time.time() if now is None else now
    with db.using() as conn:
        row = conn.execute(
            "SELECT t.id, t.name FROM teacher_sessions s JOIN teachers t ON t.id = s.teacher_id"
            " WHERE s.token_hash = ? AND s.expires > ?",
            (token_hash(str(token)), at),
        ).fetchone()
    return None if row is None else Teacher(int(row[0]), str(row[1]))


def sign_out(db: ProgressDB, token: object) -> None:
    """Revoke ``token`` (nothing happens for one that signs nobody in)."""
    if not _plausible(token):
        return
    with db.using(write=True) as conn:
        conn.execute("DELETE FROM teacher_sessions WHERE token_hash = ?", (token_hash(str(token)),))


def sign_out_everywhere(db: ProgressDB, teacher: Teacher) -> int:
    """Revoke every session of ``teacher`` (after a password change, a lost phone); how many there were."""
    with db.using(write=True) as conn:
        return int(conn.execute("DELETE FROM teacher_sessions WHERE teacher_id = ?", (teacher.id,)).rowcount)


def change_password(db: ProgressDB, teacher: Teacher, old: object, new: object) -> None:
    """Replace ``teacher``'s password when ``old`` is theirs; every session is signed out (whoever knew the
    old password is no longer signed in; the teacher signs in again). :class:`TeacherError` otherwise, nothing
    changed."""
    hashed = _HASHER.hash(check_password(new))
    with db.using() as conn:
        row = conn.execute("SELECT password FROM teachers WHERE id = ?", (teacher.id,)).fetchone()
    if row is None or not isinstance(old, str) or not _verify(str(row[0]), old):
        raise TeacherError(_("The current password is not this one."))
    with db.using(write=True) as conn:
        conn.execute("UPDATE teachers SET password = ? WHERE id = ?", (hashed, teacher.id))
        conn.execute("DELETE FROM teacher_sessions WHERE teacher_id = ?", (teacher.id,))
