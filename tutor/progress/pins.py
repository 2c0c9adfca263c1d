"""Learners' PINs, for a shared server (``aluette-tutor app --shared``): coming back on another device.

* A learner sets a personal PIN of :data:`PIN_MIN` to :data:`PIN_MAX` digits (:func:`set_pin`); the store keeps
  only its Argon2id hash (``argon2-cffi``, as teachers' passwords: :mod:`tutor.progress.teachers`), never the
  digits, and no message repeats them.
* On another device the learner gives their name and PIN (:func:`come_back`) and that browser remembers them.
  Guessing is slowed down as teachers' sign-ins are: after :data:`TRIES_PER_MINUTE` failed tries in a minute for
  a name, or from a client, further tries are refused until the minute has passed. An unknown name, a learner
  with no PIN and a wrong PIN get the same line, take as long (a hash is checked in every case) and count the
  same, so nothing tells whether the name exists or has a PIN.
* A teacher can clear the PIN of a member of their own class (:func:`reset_pin`), who then sets a new one; a
  learner of another class is, to this teacher, a class that does not exist.

>>> import tempfile
>>> from pathlib import Path
>>> folder = tempfile.TemporaryDirectory()
>>> db = ProgressDB(Path(folder.name) / "progress.db")
>>> maelle = db.learner_id(db.create_learner("Maëlle"))
>>> set_pin(db, maelle, "2468")
>>> come_back(db, "maëlle", "2468", client="10.0.0.7")
'Maëlle'
>>> has_pin(db, maelle)
True
>>> db.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import re
import secrets
import time
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from tutor.content.texts import Text, _
from tutor.progress.classes import ClassError, no_such_class
from tutor.progress.names import LearnerError, folded
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher

PIN_MIN = 4
PIN_MAX = 6
TRIES_PER_MINUTE = 5
WINDOW = 60.0  # seconds over which failed tries are counted
CLIENT_LIMIT = 200  # a client key is the app's (an address): never a document
NAME_LIMIT = 200  # what of a typed name is kept as the key of its failed tries
_DIGITS = re.compile(rf"[0-9]{{{PIN_MIN},{PIN_MAX}}}")

_HASHER = PasswordHasher()  # argon2-cffi's defaults: Argon2id, RFC 9106's low-memory profile
# Checked against when the name is unknown or has no PIN, so that every failure costs as long.
_DUMMY = _HASHER.hash(secrets.token_urlsafe(16))


class PinError(LearnerError):
    """A PIN that cannot be used, or a refused try to come back: one line to show (:meth:`words`)."""


def wrong_pin() -> Text:
    """The one line for an unknown name, a learner without a PIN and a wrong PIN alike."""
    return _("This name and PIN do not match.")


def slowed_down() -> Text:
    return _("Too many tries: wait a minute, then try again.")


def typed_pin(pin: object) -> str | None:
    """The PIN someone typed, as checked (fullwidth digits made plain, spaces dropped); None if it cannot be one."""
    if not isinstance(pin, str) or len(pin) > 4 * PIN_MAX:
        return None
    text = "".join(unicodedata.normalize("NFKC", pin).split())
    return text if _DIGITS.fullmatch(text) else None


def check_pin(pin: object) -> str:
    """The PIN if it can be used, else :class:`PinError`; the line never repeats the PIN."""
    text = typed_pin(pin)
    if text is None:
        raise PinError(_("A PIN is {low} to {high} digits.", low=PIN_MIN, high=PIN_MAX))
    return text


def set_pin(db: ProgressDB, learner_id: int, pin: object, *, now: float | None = None) -> None:
    """Give the learner the PIN ``pin`` (replacing the one before); :class:`PinError` for a PIN that is not
    4 to 6 digits or a learner that does not exist (nothing stored)."""
    hashed = _HASHER.hash(check_pin(pin))
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        row = conn.execute(
            "INSERT INTO pins (learner_id, hash, set_at)"
            " SELECT id, ?, ? FROM learners WHERE id = ? AND id NOT IN (SELECT learner_id FROM guests)"
            " ON CONFLICT (learner_id) DO UPDATE SET hash = excluded.hash, set_at = excluded.set_at"
            " RETURNING learner_id",
            (hashed, at, int(learner_id)),
        ).fetchone()
    if row is None:
        raise PinError(_("This learner's profile no longer exists."))


def has_pin(db: ProgressDB, learner_id: int) -> bool:
    with db.using() as conn:
        return conn.execute("SELECT 1 FROM pins WHERE learner_id = ?", (int(learner_id),)).fetchone() is not None


def come_back(db: ProgressDB, name: object, pin: object, *, client: str, now: float | None = None) -> str:
    """The name (as stored) of the learner with this name and PIN; else :class:`PinError`: the same line for an
    unknown name, a learner with no PIN and a wrong PIN, another once :data:`TRIES_PER_MINUTE` tries failed
    in the last minute for the name or from ``client``."""
    at = time.time() if now is None else now
    client = str(client)[:CLIENT_LIMIT]
    try:
        account = folded(name) if isinstance(name, str) else ""
    except LearnerError:
        account = ""  # an empty or unprintable name: nobody has it; the client's tries still count
    account = account[:NAME_LIMIT]
    # The try counts as a failure from the start (one transaction with the count: tries made at the same time
    # cannot all pass it), and is struck off if the PIN is right.
    with db.using(write=True) as conn:
        conn.execute("DELETE FROM pin_failures WHERE at <= ?", (at - WINDOW,))
        by_name, by_client = conn.execute(
            "SELECT (SELECT count(*) FROM pin_failures WHERE account = ? AND at > ?),"
            " (SELECT count(*) FROM pin_failures WHERE client = ? AND at > ?)",
            (account, at - WINDOW, client, at - WINDOW),
        ).fetchone()
        slowed = int(by_name) >= TRIES_PER_MINUTE or int(by_client) >= TRIES_PER_MINUTE
        attempt = None
        if not slowed:
            attempt = conn.execute(
                "INSERT INTO pin_failures (account, client, at) VALUES (?, ?, ?) RETURNING id", (account, client, at)
            ).fetchone()[0]
    if slowed:
        raise PinError(slowed_down())
    with db.using() as conn:
        row = conn.execute(
            "SELECT l.name, p.hash FROM learners l LEFT JOIN pins p ON p.learner_id = l.id"
            " WHERE l.folded = ? AND l.id NOT IN (SELECT learner_id FROM guests)",
            (account,),
        ).fetchone()
    stored = _DUMMY if row is None or row[1] is None else str(row[1])
    digits = typed_pin(pin)
    matches = _verify(stored, digits if digits is not None else "")  # a malformed PIN costs a hash too
    if row is None or row[1] is None or digits is None or not matches:
        raise PinError(wrong_pin())
    with db.using(write=True) as conn:
        if _HASHER.check_needs_rehash(stored):  # the hasher's parameters were raised since: keep the stronger hash
            conn.execute(
                "UPDATE pins SET hash = ? WHERE learner_id = (SELECT id FROM learners WHERE folded = ?)",
                (_HASHER.hash(digits), account),
            )
        conn.execute("DELETE FROM pin_failures WHERE id = ?", (attempt,))
    return str(row[0])


def prune_pin_failures(db: ProgressDB, *, now: float | None = None) -> int:
    """Delete the failed PIN tries older than their :data:`WINDOW` (the hourly upkeep); how many."""
    at = time.time() if now is None else now
    with db.using(write=True) as conn:
        return int(conn.execute("DELETE FROM pin_failures WHERE at <= ?", (at - WINDOW,)).rowcount)


def _verify(stored: str, pin: str) -> bool:
    try:
        return bool(_HASHER.verify(stored, pin))
    except (VerificationError, InvalidHashError):
        return False


def reset_pin(db: ProgressDB, teacher: Teacher, class_id: int, learner_id: int) -> bool:
    """Clear the PIN of a member of ``teacher``'s class ``class_id`` (they set a new one); whether they had one.
    :class:`~tutor.progress.classes.ClassError` if the class is not the teacher's or the learner not its member
    (nothing changed)."""
    with db.using(write=True) as conn:
        member = conn.execute(
            "SELECT 1 FROM class_members m JOIN classes c ON c.id = m.class_id"
            " WHERE m.class_id = ? AND m.learner_id = ? AND c.teacher_id = ?",
            (int(class_id), int(learner_id), teacher.id),
        ).fetchone()
        if member is None:
            owned = conn.execute(
                "SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?", (int(class_id), teacher.id)
            ).fetchone()
            raise ClassError(not_a_member() if owned is not None else no_such_class())
        gone = conn.execute("DELETE FROM pins WHERE learner_id = ?", (int(learner_id),)).rowcount
    return bool(gone)


def not_a_member() -> Text:
    return _("This learner is not a member of this class.")
